"""What the table's deck can have given a city: the copies of a card dealt at its player
count (and, while an age is played, dealt so far), the guilds dealt, the drawn cards of an
age (Cities' black cards), and the verdict's refusal when none is left for the city.

Rulebook (2010 and 2020), Setup: the decks hold the copies marked with the player count or
fewer (two players use the 3-player deck, eight the 7-player one) and players + 2 guilds; a
card built in a city or lying in the discard pile is in no one's hand.
"""

from __future__ import annotations

from .catalog import Catalog
from .components import Card
from .describe import AGE_NUMERALS, join
from .model import Game, Verdict, WhyNot
from .text import N_, Nn_, Text, verbatim


def copies_dealt(game: Game, card_id: str, catalog: Catalog) -> int:
    """The copies of a structure the decks of this table can have dealt so far.

    At the table's player count (two players use the 3-player deck): every age's copies of
    a finished game; while an age is played (the game's ``age``), only that age's and the
    earlier ones', since a later age's copy is not dealt yet (during Age I, the Age II Loom
    is in no hand; ruling ``during-play``). None when the age being played deals none of it
    at this count. A guild or a card dealt apart is one card.
    """
    entries = catalog.entries(card_id)
    players = game.deck_players
    age = game.age
    if (
        age is not None
        and all(e.age is not None for e in entries)
        and not any(e.copies(players) for e in entries if e.age == age)
    ):
        return 0
    return copies_by_age(game, card_id, catalog)


def copies_by_age(game: Game, card_id: str, catalog: Catalog) -> int:
    """The copies of a structure that can be in the table's cities and discard pile: every
    age's at the table's player count, or while an age is played only that age's and the
    earlier ones' (in Age I, one Loom at three players: the Age II copy is not dealt yet).
    A guild or a card dealt apart is one card."""
    players = game.deck_players
    age = game.age
    return sum(
        e.copies(players) for e in catalog.entries(card_id) if age is None or e.age is None or e.age <= age
    )


def guilds_taken(game: Game, card_id: str, catalog: Catalog) -> tuple[str, ...]:
    """The guilds in the table's cities and discard pile when they are every guild dealt and
    ``card_id`` is another guild, in the data's order; empty otherwise.

    Rulebook (2010 and 2020), Setup: only players + 2 guilds, drawn at random, enter the last
    age (the edition's ``guilds_dealt``, which no expansion in the data changes); once each
    of them is built or discarded, no other guild can be in anyone's hand.
    """
    if not catalog.structure(card_id).is_guild:
        return ()
    held = (c for city in game.cities for c in city.cards or ())
    taken = {c for c in (*held, *game.discard) if catalog.has_card(c) and catalog.structure(c).is_guild}
    if card_id in taken or len(taken) < catalog.rules.guilds_dealt(game.deck_players):
        return ()
    return tuple(g.id for g in catalog.guilds() if g.id in taken)


def deck_refusal(game: Game, seat: int, card_id: str, catalog: Catalog, what: Text) -> Verdict | None:
    """A card the table's deck cannot give this city: not dealt at this player count, every
    copy dealt so far already built elsewhere or discarded (while an age is played, a later
    age's copy is not dealt yet: :func:`copies_dealt`), or a guild when the table
    already holds every guild dealt (Rulebook: the deck holds the copies marked with the
    number of players or fewer, and players + 2 guilds; two players use the 3-player deck)."""
    structure = catalog.structure(card_id)
    copies = 1 if structure.is_guild else catalog.copies(card_id, game.deck_players)
    dealt = copies_dealt(game, card_id, catalog) if copies else 0
    if dealt == 0:
        return _not_in_deck(game, seat, card_id, catalog, what, copies)
    elsewhere = [c.player for i, c in enumerate(game.cities) if i != seat and card_id in (c.cards or ())]
    if structure.deck == "drawn" and not elsewhere:
        refused = drawn_refusal(game, seat, structure, catalog, what)
        if refused is not None:
            return refused
    discarded = game.discard.count(card_id)
    if discarded and len(elsewhere) + discarded >= dealt:
        return _taken_refusal(game, seat, what, elsewhere, dealt, copies)
    if elsewhere and structure.deck == "apart":  # one card of its kind, dealt apart (a leader)
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: there is one such card, and it is in the city of {cities}.",
                player=game.cities[seat].player,
                what=what,
                cities=join([verbatim(name) for name in elsewhere]),
            ),
            why=WhyNot.NO_COPY_LEFT,
        )
    if len(elsewhere) >= dealt:
        return _built_refusal(game, seat, what, elsewhere, dealt, copies)
    taken = guilds_taken(game, card_id, catalog)
    if taken:
        return _guilds_refusal(game, seat, catalog, what, taken)
    return None


def _not_in_deck(game: Game, seat: int, card_id: str, catalog: Catalog, what: Text, copies: int) -> Verdict:
    """The refusal of a card not in the deck at this player count (``copies`` 0), or not in
    the age being played's when the game gives its age: the player counts its copies are
    marked with."""
    entries = [e for e in catalog.entries(card_id) if copies == 0 or e.age == game.age]
    numbers = sorted({p for entry in entries for p in entry.players})
    return Verdict(
        False,
        N_(
            "{player} cannot build {what}: it is not in the deck for {n} cities "
            "(its copies are marked {marks}).",
            player=game.cities[seat].player,
            what=what,
            n=game.deck_players,
            marks=", ".join(f"{m}+" for m in numbers),
        ),
        why=WhyNot.NOT_IN_DECK,
    )


def _taken_refusal(
    game: Game, seat: int, what: Text, elsewhere: list[str], dealt: int, copies: int
) -> Verdict:
    """The refusal of a card whose ``dealt`` copies are all in the discard pile or built in
    the cities of ``elsewhere``. While an age is played, only the copies dealt so far count
    (fewer than the game's ``copies``), and the refusal says up to which age."""
    player = game.cities[seat].player
    players = game.deck_players
    where = join([*(N_("the city of {player}", player=name) for name in elsewhere), N_("the discard pile")])
    if dealt < copies and game.age is not None:
        return Verdict(
            False,
            Nn_(
                "{player} cannot build {what}: a table of {players} cities deals {n} copy of it up to "
                "Age {age}, and it is already taken: {where}.",
                "{player} cannot build {what}: a table of {players} cities deals {n} copies of it up to "
                "Age {age}, and they are already taken: {where}.",
                dealt,
                player=player,
                what=what,
                players=players,
                age=AGE_NUMERALS[game.age - 1],
                where=where,
            ),
            why=WhyNot.NO_COPY_LEFT,
        )
    return Verdict(
        False,
        Nn_(
            "{player} cannot build {what}: the deck for {players} cities has {n} copy, "
            "and it is already taken: {where}.",
            "{player} cannot build {what}: the deck for {players} cities has {n} copies, "
            "and they are already taken: {where}.",
            copies,
            player=player,
            what=what,
            players=players,
            where=where,
        ),
        why=WhyNot.NO_COPY_LEFT,
    )


def _built_refusal(
    game: Game, seat: int, what: Text, elsewhere: list[str], dealt: int, copies: int
) -> Verdict:
    """The refusal of a card whose ``dealt`` copies are all built in the cities of
    ``elsewhere``, said up to the age being played as :func:`_taken_refusal` does."""
    player = game.cities[seat].player
    players = game.deck_players
    cities = join([verbatim(name) for name in elsewhere])
    if dealt < copies and game.age is not None:
        return Verdict(
            False,
            Nn_(
                "{player} cannot build {what}: a table of {players} cities deals {n} copy of it up to "
                "Age {age}, and it is built in the city of {cities}.",
                "{player} cannot build {what}: a table of {players} cities deals {n} copies of it up to "
                "Age {age}, and they are built in the cities of {cities}.",
                dealt,
                player=player,
                what=what,
                players=players,
                age=AGE_NUMERALS[game.age - 1],
                cities=cities,
            ),
            why=WhyNot.NO_COPY_LEFT,
        )
    return Verdict(
        False,
        Nn_(
            "{player} cannot build {what}: the deck for {players} cities has {n} copy, "
            "and it is built in the city of {cities}.",
            "{player} cannot build {what}: the deck for {players} cities has {n} copies, "
            "and they are built in the cities of {cities}.",
            copies,
            player=player,
            what=what,
            players=players,
            cities=cities,
        ),
        why=WhyNot.NO_COPY_LEFT,
    )


def _guilds_refusal(game: Game, seat: int, catalog: Catalog, what: Text, taken: tuple[str, ...]) -> Verdict:
    """The refusal of a guild when the guilds ``taken`` are every guild the game deals
    (:func:`guilds_taken`)."""
    players = game.deck_players
    return Verdict(
        False,
        Nn_(
            "{player} cannot build {what}: a game of {players} cities deals only {n} guild, and it "
            "is already taken: {guilds}.",
            "{player} cannot build {what}: a game of {players} cities deals only {n} guilds, and all "
            "of them are already taken: {guilds}.",
            catalog.rules.guilds_dealt(players),
            player=game.cities[seat].player,
            what=what,
            players=players,
            guilds=join([verbatim(catalog.structure(g).name) for g in taken]),
        ),
        why=WhyNot.NO_COPY_LEFT,
    )


def drawn_refusal(game: Game, seat: int, structure: Card, catalog: Catalog, what: Text) -> Verdict | None:
    """A card of a drawn colour (Cities' black cards) when the table already holds as many
    different ones of its age as entered the deck (as many as players): it was not drawn."""
    age = catalog.card_ages(structure.id)[0]
    drawn = catalog.drawn_by_age(city.cards for city in game.cities)
    taken = [c for c in drawn.get(age, []) if c != structure.id]
    players = game.deck_players
    if len(taken) < catalog.rules.deck_players(players):
        return None
    return Verdict(
        False,
        N_(
            "{player} cannot build {what}: only {n} {cards} of Age {age} enter the deck for {cities} cities, "
            "and the table already holds them: {names}.",
            player=game.cities[seat].player,
            what=what,
            n=catalog.rules.deck_players(players),
            cities=players,
            cards=catalog.rules.color(structure.color).cards,
            age=AGE_NUMERALS[age - 1],
            names=join([verbatim(catalog.structure(c).name) for c in taken]),
        ),
        why=WhyNot.NO_COPY_LEFT,
    )
