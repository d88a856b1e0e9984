"""The Free City's turn in the two-player variant: which of the cards its holder may give it
the Free City plays, and how.

The rule (the two-player variant; seeds, "2인용": the Free City's extra turn): the player
holding the Free City card picks a card for the Free City from the cards offered. A card the
Free City can build must be played, and one it builds for free by chain comes first.
Otherwise the card may go under the Free City's wonder, when its next stage can be built;
otherwise it is discarded, and the Free City takes the coins a discard earns (the edition's
``discard_coins``: 3).

Where several cards qualify at the same step, the holder chooses; the answer names the first
in the order offered and lists the others it could have been.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .catalog import Catalog, catalog_for
from .describe import join
from .errors import QuestionError
from .model import Game, Verdict
from .text import N_, Text, verbatim
from .trade import can_build

__all__ = ["FreeCityPlay", "free_city_play"]

Action = Literal["chain", "build", "stage", "discard"]


@dataclass(frozen=True, slots=True)
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
    catalog = catalog or catalog_for(game.edition)
    seat = next((i for i, c in enumerate(game.cities) if c.free_city), None)
    if seat is None:
        raise QuestionError("this game has no Free City")
    if not hand:
        raise QuestionError("the hand is empty")
    ids: list[str] = []
    for card in hand:
        cid = catalog.resolve_card(card)
        if cid is None:
            raise QuestionError(f"unknown card {card!r}")
        if cid not in ids:
            ids.append(cid)
    city = game.cities[seat]
    verdicts = {cid: can_build(game, seat, cid, catalog=catalog) for cid in ids}

    def names(found: Sequence[str]) -> Text:
        return join([verbatim(catalog.structure(c).name) for c in found])

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
