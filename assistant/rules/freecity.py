"""The Free City's turn in the two-player variant: which of the cards its holder may give it
the Free City plays, and how.

The rule (the two-player variant; seeds, "2인용": the Free City's extra turn): the player
holding the Free City card picks a card for the Free City from the cards offered. A card the
Free City can build must be played, and one it builds for free by chain comes first.
Otherwise the card may go under the Free City's wonder, when its next stage can be built;
otherwise it is discarded, and the Free City takes the coins a discard earns (the edition's
``discard_coins``: 3).

Where several cards qualify at the same step, the holder chooses; the answer names the first
in the order offered and lists the others it could have been. "Can build" is the ordinary
verdict of :func:`~.trade.can_build`, trading with the neighbours included, paid from the Free
City's own coins (ruling ``free-city-turn``).

A hand holding a card that cannot have been dealt to it is refused (:class:`~.errors.HandError`,
naming the card and its place in the hand): a card not in the deck at this player count, one
whose every copy dealt so far is already in a city or the discard pile, a guild when every
guild dealt is, or, when the game gives its ``age``, a card of another age.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .catalog import Catalog, catalog_for
from .deck import copies_dealt, guilds_taken
from .describe import age_numeral, join
from .errors import HandError, QuestionError
from .model import Game, Verdict
from .records import record
from .text import N_, Nn_, Text, verbatim
from .trade import can_build

__all__ = ["FreeCityPlay", "free_city_play", "hand_refusal"]

Action = Literal["chain", "build", "stage", "discard"]


@record
class FreeCityPlay:
    """The card the Free City plays, what it does with it, why, and the other cards that qualified."""

    card: str
    action: Action
    reason: Text
    verdict: Verdict | None = None
    """The build's verdict (chain or build), or the next stage's (stage)."""
    alternatives: tuple[str, ...] = ()


def free_city_play(game: Game, hand: Sequence[str], catalog: Catalog | None = None) -> FreeCityPlay:
    """What the Free City of ``game`` does with the cards ``hand`` its holder may give it.

    Raises :class:`~.errors.QuestionError` when the game has no Free City, the hand is empty
    or names a card the edition does not have.
    """
    catalog = catalog or catalog_for(game.edition, game.expansions)
    seat = next((i for i, c in enumerate(game.cities) if c.free_city), None)
    if seat is None:
        raise QuestionError("this game has no Free City")
    if not hand:
        raise QuestionError("the hand is empty")
    ids = _hand_ids(game, hand, catalog)
    verdicts = {cid: can_build(game, seat, cid, catalog=catalog) for cid in ids}
    chains = [c for c in ids if verdicts[c].buildable and verdicts[c].how == "chain"]
    if chains:
        card = chains[0]
        return FreeCityPlay(
            card,
            "chain",
            N_(
                "The Free City must play a card it can build, and one it builds for free by chain first: "
                "it builds the {card} by chain. {why}",
                card=catalog.structure(card).name,
                why=verdicts[card].reason,
            ),
            verdicts[card],
            tuple(chains[1:]),
        )
    builds = [c for c in ids if verdicts[c].buildable]
    if builds:
        card = builds[0]
        return FreeCityPlay(
            card,
            "build",
            N_(
                "The Free City must play a card it can build: it builds the {card}. {why}",
                card=catalog.structure(card).name,
                why=verdicts[card].reason,
            ),
            verdicts[card],
            tuple(builds[1:]),
        )
    return _stage_or_discard(game, seat, ids, catalog)


def _hand_ids(game: Game, hand: Sequence[str], catalog: Catalog) -> list[str]:
    """The ids of the hand's cards, each once, in the order offered.

    Raises :class:`~.errors.QuestionError` for a card the edition does not have, and
    :class:`~.errors.HandError` for one that cannot be in the hand (:func:`hand_refusal`).
    """
    ids: list[str] = []
    for index, card in enumerate(hand):
        cid = catalog.resolve_card(card)
        if cid is None:
            raise QuestionError(f"unknown card {card!r}")
        refusal = hand_refusal(game, cid, catalog)
        if refusal is not None:
            raise HandError(("hand", index), cid, refusal)
        if cid not in ids:
            ids.append(cid)
    return ids


def _stage_or_discard(game: Game, seat: int, ids: list[str], catalog: Catalog) -> FreeCityPlay:
    """The Free City's play when it can build none of the cards ``ids``: the first goes under
    its wonder when the next stage can be built, else it is discarded for coins."""
    city = game.cities[seat]

    def names(found: Sequence[str]) -> Text:
        return join([verbatim(catalog.structure(c).name) for c in found])

    stage = can_build(game, seat, stage=True, catalog=catalog)
    card = ids[0]
    if stage.buildable:
        return FreeCityPlay(
            card,
            "stage",
            N_(
                "The Free City can build none of {cards}, so a card goes under its wonder: the {card} "
                "builds its next stage. {why}",
                cards=names(ids),
                card=catalog.structure(card).name,
                why=stage.reason,
            ),
            stage,
            tuple(ids[1:]),
        )
    return FreeCityPlay(
        card,
        "discard",
        N_(
            "The Free City can build none of {cards}, nor its next wonder stage, so the {card} is "
            "discarded and the Free City takes {coins} coins (it has {now}).",
            cards=names(ids),
            card=catalog.structure(card).name,
            coins=catalog.rules.discard_coins,
            now=city.coins,
        ),
        None,
        tuple(ids[1:]),
    )


def hand_refusal(game: Game, card_id: str, catalog: Catalog) -> Text | None:
    """Why ``card_id`` cannot be in a hand at this table, or None when it can be.

    Rulebook (2010), Setup and Two-player variant: the decks hold the copies marked with the
    player count or fewer (two players use the 3-player deck) and players + 2 guilds; a card
    built in a city or lying in the discard pile is no longer in anyone's hand, nor another
    guild once every guild dealt is; during an age the hands hold only that age's cards, and
    of a card of two ages only the copies dealt so far (ruling ``during-play``).
    """
    structure = catalog.structure(card_id)
    players = game.deck_players
    copies = 1 if structure.is_guild else catalog.copies(card_id, players)
    if copies and game.age is not None:
        ages = catalog.card_ages(card_id)
        if game.age not in ages:
            return N_(
                "The {card} cannot be in the Free City's hand: it is a card of Age {card_age}, and the "
                "table is playing Age {age}.",
                card=structure.name,
                card_age=join([verbatim(age_numeral(a)) for a in ages]),
                age=age_numeral(game.age),
            )
    dealt = copies_dealt(game, card_id, catalog) if copies else 0
    if not dealt:  # not in the deck at this player count (of the age being played, when given)
        entries = [e for e in catalog.entries(card_id) if not copies or e.age == game.age]
        marks = sorted({p for entry in entries for p in entry.players})
        return N_(
            "The {card} cannot be in the Free City's hand: it is not in the deck for {n} cities "
            "(its copies are marked {marks}).",
            card=structure.name,
            n=players,
            marks=", ".join(f"{m}+" for m in marks),
        )
    holders = [city.player for city in game.cities if card_id in (city.cards or ())]
    discarded = game.discard.count(card_id)
    if len(holders) + discarded >= dealt:
        return _copies_taken(game, structure.name, holders, discarded, dealt, copies)
    taken = guilds_taken(game, card_id, catalog)
    if taken:
        return Nn_(
            "The {card} cannot be in the Free City's hand: a game of {players} cities deals only {n} guild, "
            "and it is already taken: {guilds}.",
            "The {card} cannot be in the Free City's hand: a game of {players} cities deals only {n} guilds, "
            "and all of them are already taken: {guilds}.",
            catalog.rules.guilds_dealt(players),
            card=structure.name,
            players=players,
            guilds=join([verbatim(catalog.structure(g).name) for g in taken]),
        )
    return None


def _copies_taken(game: Game, card: str, holders: list[str], discarded: int, dealt: int, copies: int) -> Text:
    """Why a card is in no hand when its ``dealt`` copies are all built by ``holders`` or in
    the discard pile (``discarded`` of them); while an age is played, only the copies dealt
    so far count (fewer than the game's ``copies``)."""
    players = game.deck_players
    places = [N_("the city of {player}", player=name) for name in holders]
    if discarded:
        places.append(N_("the discard pile"))
    if dealt < copies and game.age is not None:  # a later age's copies are not dealt yet
        return Nn_(
            "The {card} cannot be in the Free City's hand: a table of {players} cities deals {n} copy "
            "of it up to Age {age}, and it is already taken: {where}.",
            "The {card} cannot be in the Free City's hand: a table of {players} cities deals {n} copies "
            "of it up to Age {age}, and they are already taken: {where}.",
            dealt,
            card=card,
            players=players,
            age=age_numeral(game.age),
            where=join(places),
        )
    return Nn_(
        "The {card} cannot be in the Free City's hand: the deck for {players} cities has {n} "
        "copy, and it is already taken: {where}.",
        "The {card} cannot be in the Free City's hand: the deck for {players} cities has {n} "
        "copies, and they are already taken: {where}.",
        copies,
        card=card,
        players=players,
        where=join(places),
    )
