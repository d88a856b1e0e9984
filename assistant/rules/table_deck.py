"""The deck for tonight's table: what goes into each age's deck before the first hand is
dealt, for an edition, its expansions and a number of players, and what is dealt apart.

The most common mistake before scoring starts is a wrong deck. The rules data knows every
card's player counts and every expansion's set-up, so the deck is worked out from it, as
the checks of a table (:mod:`.deck`, :mod:`.validate`) count it:

* the cards dealt by their printed counts, every copy marked with the deck's player count
  or fewer (two players use the 3-player decks with the Free City; a table larger than the
  printed decks, 8 with Cities or Armada, the 7-player ones: ruling ``cities-eight-players``);
* in the last age, ``guilds_dealt`` guilds (the players + 2) drawn at random from every
  guild of the edition and the expansions;
* a colour drawn at random (Cities' black cards): as many of the age's cards as the deck's
  players;
* an expansion that makes the hands larger (``extra_hand_size``) adds that many cards an
  age for each of the deck's players: its drawn colour's, and where the data does not list
  its cards yet (Armada's, the 2020 Cities' black cards) a draw of cards it names only;
* a colour dealt apart (Leaders' white cards) is in no age's deck: each player is dealt
  ``per_player`` of them before the first age.

Once drawn, each age holds the cities times the hand size; at 8 players with Cities the
7-player decks and 7 black cards make 56 cards, hands of 7 (ruling ``cities-eight-players``).
"""

from __future__ import annotations

from .catalog import Catalog, expansion_rules
from .describe import AGE_NUMERALS
from .errors import GameFormatError
from .model import Color
from .records import record
from .text import N_, Nn_, Text, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["AgeDeck", "ApartDeal", "Draw", "TableDeck", "deck_to_dict", "table_deck"]


@record
class Draw:
    """Cards drawn at random into an age's deck: ``count`` of the ``pool`` (each id one card).
    An empty pool: cards of ``expansion`` the rules data does not list one by one yet."""

    pool: tuple[str, ...]
    count: int
    color: Color | None = None
    """The colour of the pool (purple: the guilds; black: Cities' cards)."""
    expansion: str | None = None
    """The expansion whose set-up draws them (None: the edition's own, the guilds)."""
    guilds: bool = False


@record
class AgeDeck:
    """One age's deck: every card put in by its printed counts, and the draws."""

    age: int
    cards: tuple[str, ...]
    """One id a physical copy (twice for a card with two copies at this count), data order."""
    draws: tuple[Draw, ...] = ()

    @property
    def total(self) -> int:
        """The cards of the deck once the draws are made."""
        return len(self.cards) + sum(d.count for d in self.draws)


@record
class ApartDeal:
    """A colour dealt apart, never in an age's deck (Leaders' white cards)."""

    color: Color
    pool: tuple[str, ...]
    """Its cards in the data (empty: not listed one by one yet)."""
    per_player: int
    """How many each player is dealt before the first age (0: the data does not say)."""
    expansion: str | None = None


@record
class TableDeck:
    """The decks of a table: ``players`` players (the Free City adds a city: ``cities``)."""

    edition: int
    expansions: tuple[str, ...]
    players: int
    cities: int
    deck_players: int
    """The player count the decks are built for (3 with the Free City, 7 at a table of 8)."""
    hand: int
    """The cards of a hand at the start of an age (where they do not share evenly, the larger)."""
    ages: tuple[AgeDeck, ...]
    apart: tuple[ApartDeal, ...] = ()


def table_deck(catalog: Catalog, players: object) -> TableDeck:
    """The decks for ``players`` players of ``catalog``'s edition and expansions.

    GameFormatError naming ``players``: not a number of players the edition and its
    expansions seat (two, where the edition has the Free City variant, up to the largest
    table an expansion allows)."""
    rules = catalog.rules
    counts = rules.player_counts
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise GameFormatError(("players",), players_refusal(catalog))
    cities = players + 1 if players < rules.min_players else players  # the Free City
    deck = rules.deck_players(cities)
    ages = tuple(
        AgeDeck(
            age,
            tuple(card.id for card, copies in catalog.deck(age, deck) for _ in range(copies)),
            tuple(_draws(catalog, age, cities)),
        )
        for age in range(1, rules.ages + 1)
    )
    apart = tuple(
        ApartDeal(info.color, _ids(catalog, info.color), info.per_player, info.expansion)
        for info in rules.colors
        if info.deck == "apart"
    )
    return TableDeck(
        catalog.edition, catalog.expansions, players, cities, deck, rules.hand(cities), ages, apart
    )


def players_refusal(catalog: Catalog) -> Text:
    """The sentence refusing a number of players the edition and expansions do not seat."""
    counts = catalog.rules.player_counts
    if counts.start < catalog.rules.min_players:
        return N_(
            "Give the number of players: {least} to {most} with this edition and these expansions "
            "({least} play with the Free City).",
            least=counts.start,
            most=counts.stop - 1,
        )
    return N_(
        "Give the number of players: {least} to {most} with this edition and these expansions.",
        least=counts.start,
        most=counts.stop - 1,
    )


def _ids(catalog: Catalog, color: Color, age: int | None = None) -> tuple[str, ...]:
    """The ids of a colour's cards (of one age), each once, in data order."""
    return tuple(
        dict.fromkeys(c.id for c in catalog.cards if c.color is color and (age is None or c.age == age))
    )


def _draws(catalog: Catalog, age: int, cities: int) -> list[Draw]:
    """An age's draws: the guilds (the last age's), then each expansion's drawn cards."""
    rules = catalog.rules
    deck = rules.deck_players(cities)
    draws: list[Draw] = []
    guilds = [c for c in catalog.cards if c.age == age and c.is_guild]
    if guilds:
        pool = tuple(dict.fromkeys(c.id for c in guilds))
        draws.append(Draw(pool, rules.guilds_dealt(cities), guilds[0].color, guilds=True))
    for owner in (None, *catalog.expansions):  # the edition's drawn colours, then each expansion's
        listed = 0
        for info in rules.colors:
            if info.expansion != owner or info.deck != "drawn":
                continue
            pool = _ids(catalog, info.color, age)
            if pool or not _ids(catalog, info.color):  # none of this age, though listed: none drawn
                draws.append(Draw(pool, deck, info.color, owner))
                listed += deck
        rest = expansion_rules(catalog.edition, owner).extra_hand_size * deck - listed if owner else 0
        if rest > 0:  # the expansion's cards of the age, not in the data yet (Armada's)
            draws.append(Draw((), rest, None, owner))
    return draws


def deck_to_dict(deck: TableDeck) -> dict[str, Any]:
    """The decks as the command line and the API give them (docs/command-line.md)."""
    return {
        "edition": deck.edition,
        "expansions": list(deck.expansions),
        "players": deck.players,
        "cities": deck.cities,
        "deck_players": deck.deck_players,
        "hand": deck.hand,
        "ages": [
            {
                "age": age.age,
                "cards": list(age.cards),
                "draw": [_draw_to_dict(d) for d in age.draws],
                "total": age.total,
            }
            for age in deck.ages
        ],
        "apart": [
            {
                "color": deal.color.value,
                "from": list(deal.pool),
                "per_player": deal.per_player or None,
                **({"expansion": deal.expansion} if deal.expansion else {}),
            }
            for deal in deck.apart
        ],
    }


def _draw_to_dict(draw: Draw) -> dict[str, Any]:
    out: dict[str, Any] = {"from": list(draw.pool), "count": draw.count}
    if draw.color is not None:
        out["color"] = draw.color.value
    if draw.expansion is not None:
        out["expansion"] = draw.expansion
    return out


# --- in words: the page and the printout ------------------------------------------------------


@record
class Line:
    """One card of a checklist: its name (English, as printed) and its copies."""

    card: str
    name: str
    copies: int


@record
class Group:
    """The cards of one colour put in an age's deck, as a checklist."""

    color: Color
    heading: Text
    lines: tuple[Line, ...]


def checklist(age: AgeDeck, catalog: Catalog) -> tuple[Group, ...]:
    """An age's cards by colour (in the colours' order), each card once with its copies."""
    copies: dict[str, int] = {}
    for card_id in age.cards:
        copies[card_id] = copies.get(card_id, 0) + 1
    groups = []
    for info in catalog.rules.colors:
        lines = tuple(
            Line(card_id, catalog.structure(card_id).name, n)
            for card_id, n in copies.items()
            if catalog.structure(card_id).color is info.color
        )
        if lines:
            groups.append(Group(info.color, info.kind, lines))
    return tuple(groups)


def table_line(deck: TableDeck) -> Text:
    """Who the decks are for: the players, and the decks they use when not their own."""
    if deck.cities > deck.players:
        return N_(
            "{players} players and the Free City: the {deck}-player decks, in hands of {hand}.",
            players=deck.players,
            deck=deck.deck_players,
            hand=deck.hand,
        )
    if deck.deck_players < deck.cities:
        return N_(
            "{players} players: the {deck}-player decks, shared out in hands of {hand}.",
            players=deck.players,
            deck=deck.deck_players,
            hand=deck.hand,
        )
    return Nn_("{n} player: hands of {hand}.", "{n} players: hands of {hand}.", deck.players, hand=deck.hand)


def age_heading(age: AgeDeck) -> Text:
    """``Age II: 28 cards once drawn``."""
    return Nn_(
        "Age {age}: {n} card once drawn",
        "Age {age}: {n} cards once drawn",
        age.total,
        age=AGE_NUMERALS[age.age - 1],
    )


def put_in(age: AgeDeck) -> Text:
    """The heading of the cards put in by their printed counts."""
    return Nn_("Put in {n} card:", "Put in {n} cards:", len(age.cards))


def draw_line(draw: Draw, age: AgeDeck, deck: TableDeck, catalog: Catalog) -> Text:
    """What to draw, in words."""
    if draw.guilds:
        return Nn_(
            "Shuffle these guilds and put {n} of them in, unseen ({deck} players + {beyond}).",
            "Shuffle these guilds and put {n} of them in, unseen ({deck} players + {beyond}).",
            draw.count,
            deck=deck.deck_players,
            beyond=catalog.rules.guilds_beyond_players,
        )
    name = verbatim(expansion_rules(deck.edition, draw.expansion).name if draw.expansion else "")
    if draw.pool and draw.color is not None:
        return Nn_(
            "Shuffle these {cards} of {expansion} and put {n} of them in, unseen.",
            "Shuffle these {cards} of {expansion} and put {n} of them in, unseen.",
            draw.count,
            cards=catalog.rules.color(draw.color).cards,
            expansion=name,
        )
    return Nn_(
        "Shuffle the {expansion} cards of Age {age} and put {n} of them in, unseen (the assistant "
        "does not list them one by one yet).",
        "Shuffle the {expansion} cards of Age {age} and put {n} of them in, unseen (the assistant "
        "does not list them one by one yet).",
        draw.count,
        expansion=name,
        age=AGE_NUMERALS[age.age - 1],
    )


def apart_line(deal: ApartDeal, deck: TableDeck, catalog: Catalog) -> Text:
    """A colour dealt apart, in words."""
    cards = catalog.rules.color(deal.color).cards
    if not deal.per_player:
        return N_(
            "The {cards} are in no age's deck: deal them apart, as the expansion's rules say.", cards=cards
        )
    if not deal.pool:
        return Nn_(
            "The {cards} are in no age's deck: deal {n} to each player before Age I (the assistant "
            "does not list them one by one yet).",
            "The {cards} are in no age's deck: deal {n} to each player before Age I (the assistant "
            "does not list them one by one yet).",
            deal.per_player,
            cards=cards,
        )
    return Nn_(
        "The {cards} are in no age's deck: shuffle these and deal {n} to each player before Age I.",
        "The {cards} are in no age's deck: shuffle these and deal {n} to each player before Age I.",
        deal.per_player,
        cards=cards,
    )


def pool_size(pool: tuple[str, ...]) -> Text:
    """How many cards a pool holds, in words."""
    return Nn_("{n} card", "{n} cards", len(pool))


def names(pool: tuple[str, ...], catalog: Catalog) -> tuple[str, ...]:
    """The English names of a pool's cards, in its order."""
    return tuple(catalog.structure(card_id).name for card_id in pool)
