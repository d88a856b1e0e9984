"""An edition's rules as numbers and lists, and how an expansion layers onto them.

:class:`EditionRules` is read from an edition's ``edition.toml``; an expansion's
``expansion.toml`` is an :class:`ExpansionRules`, and :meth:`EditionRules.with_expansion`
lays it over the edition. Expansions compose in any combination: each one's additions
(colours, categories, pad rows, city fields) are appended in the edition's expansion
order, and its set-up changes add up (coins, turns, hand size) or take the largest
(players), so Leaders + Cities is the same game whichever is named first.
"""

from __future__ import annotations

from .describe import CATEGORY_NAMES
from .limits import category_range
from .model import CATEGORIES, Category, Color
from .records import record, replace
from .text import Text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import Deck

__all__ = ["ColorInfo", "EditionRules", "ExpansionRules", "NavalRule", "TokenField"]


@record
class ColorInfo:
    """A card colour as the rules data defines it: its words, swatch and how it is dealt."""

    color: Color
    name: Text
    """The colour in a sentence (``brown``)."""
    cards: Text
    """Its cards as the subject of a rule (``brown cards``)."""
    kind: Text
    """What its cards are, as a heading (``Raw materials``)."""
    swatch: str
    """Its colour on a page, ``#rrggbb``."""
    deck: Deck
    """How its cards come into a game (see :data:`~.model.Deck`)."""
    expansion: str | None = None
    """The expansion that adds it (None: the edition's own)."""
    per_player: int = 0
    """A colour dealt apart: how many of its cards each player is dealt before the first age
    (Leaders: 4, drafted); 0: the data does not say."""


@record
class TokenField:
    """A city field an expansion's data declares: tokens a table counts by hand, each worth
    ``points`` (may be negative) in ``category``. The game format's key is ``key``."""

    key: str
    label: str
    """Its name on the city's page, in English (translated like every message)."""
    category: Category
    points: int
    most: int
    """The most tokens a city may hold."""
    expansion: str
    table: tuple[int, ...] = ()
    """Points by how many a city holds (``table[n]``), where they are not ``n × points``
    (the Tower of Babel: 1 tile 2, 2 tiles 5, 3 tiles 10)."""

    def worth(self, count: int) -> int:
        """The points ``count`` tokens are worth."""
        return self.table[count] if self.table else count * self.points


@record
class NavalRule:
    """Naval conflicts (Armada): at the end of each age every city's naval strength is
    compared with every other city's; the weakest take the age's defeat token, the
    strongest the age's victory tokens by rank (ties step down a rank). Read from the
    expansion's ``[naval]`` table; the rule itself is :mod:`~.naval`."""

    category: Category
    victory: tuple[tuple[int, ...], ...]
    """Each age's victory tokens by rank: ``victory[age - 1][rank - 1]``."""
    defeat: tuple[int, ...]
    """Each age's defeat token (negative)."""
    expansion: str


@record
class ExpansionRules:
    """What an expansion's ``expansion.toml`` adds to its edition (see :class:`EditionRules`)."""

    id: str
    name: str
    order: int
    """Where it stands among its edition's expansions: additions compose in this order."""
    extra_starting_coins: int = 0
    extra_turns_per_age: int = 0
    leader_turns_per_age: int = 0
    """Turns of each age that play only a card dealt apart (a leader): recruit it, tuck it
    under the next wonder stage, or discard it; never an age card."""
    extra_hand_size: int = 0
    max_players: int = 0
    """The most players the expansion seats (0: the edition's limit stands)."""
    categories: tuple[Category, ...] = ()
    """Its score categories, counted after the edition's (in this order)."""
    score_pad_after: tuple[tuple[Category, Category | None], ...] = ()
    """Where each category's row stands on the printed pad: after this row (None: last)."""
    category_names: tuple[tuple[Category, str], ...] = ()
    category_swatches: tuple[tuple[Category, str], ...] = ()
    colors: tuple[ColorInfo, ...] = ()
    color_categories: tuple[tuple[Color, Category], ...] = ()
    city_fields: tuple[TokenField, ...] = ()
    category_limits: tuple[tuple[Category, int, int], ...] = ()
    """The points a row of its may hold, least and most, where not 0 to the usual most
    (Cities' debt: 0 or less)."""
    naval: NavalRule | None = None
    """Its naval conflicts, worked out from each city's naval strength by age."""
    team_size: int = 0
    """Players per team in its team game (0: it has none)."""


@record
class EditionRules:
    """The numbers and lists an edition's rules use, read from its ``edition.toml``, with
    the expansions being played laid over them (:meth:`with_expansion`).

    Nothing an edition or an expansion may change is a Python constant elsewhere: the score
    categories and their order, the colours and where a card's points go, what neighbours
    may buy, the players, the ages, the coins and the conflict tokens are all here.
    """

    edition: int
    name: str
    min_players: int
    max_players: int
    free_city_players: int
    """Players who add the neutral Free City (0: the edition has no such variant)."""
    ages: int
    turns_per_age: int
    """Turns of each age that play a card of the age's hand (build, stage or discard)."""
    hand_size: int
    starting_coins: int
    guilds_beyond_players: int
    trade_price: int
    discounted_price: int
    victory_tokens: tuple[int, ...]
    defeat_token: int
    coins_per_point: int
    """Coins in the treasury worth one victory point at the end (Treasury: 1 per 3 coins)."""
    discard_coins: int
    """Coins a card discarded from the hand earns (the Free City's discard)."""
    categories: tuple[Category, ...] = CATEGORIES
    """The score categories in the rulebook's counting order (a score's keys, in order)."""
    score_pad: tuple[Category, ...] = CATEGORIES
    """The rows of the edition's printed score pad, top to bottom."""
    color_categories: tuple[tuple[Color, Category], ...] = ()
    """Where a card's victory points are counted, by the card's colour."""
    sellable_colors: tuple[Color, ...] = (Color.BROWN, Color.GREY)
    """The colours of the cards whose resources neighbours may buy (with a board's own)."""
    chains: str = "names"
    """How a card is built free: ``names`` (it names the earlier cards) or ``symbols``."""
    category_names: tuple[tuple[Category, str], ...] = ()
    """English names of categories the engine does not already name (an expansion's row)."""
    side_names: tuple[tuple[str, str], ...] = (("A", "A"), ("B", "B"))
    """What the edition calls the two sides of a wonder board (the second edition: Day, Night)."""
    colors: tuple[ColorInfo, ...] = ()
    """The card colours, in the order cards are shown (the card picker, the reference)."""
    category_swatches: tuple[tuple[Category, str], ...] = ()
    """Each category's colour on a page (its row on the pad, its share in a chart)."""
    expansions: tuple[str, ...] = ()
    """The expansions laid over the edition, in its order (empty: the base game)."""
    city_fields: tuple[TokenField, ...] = ()
    """City fields the expansions' data declares (tokens counted by hand)."""
    typed_categories: tuple[Category, ...] = ()
    """The rows a city entered card by card may type beside its cards: its expansions'
    categories (the game format's typed rows). Where the city's cards or tokens decide such
    a row, the computed number counts."""
    category_limits: tuple[tuple[Category, int, int], ...] = ()
    """Rows whose points the expansions' data bounds otherwise than the usual (see
    :meth:`category_range`)."""
    naval: NavalRule | None = None
    """Naval conflicts, when an expansion being played has them (Armada)."""
    leader_turns_per_age: int = 0
    """Turns of each age that play only a card dealt apart (a leader), never an age card."""
    team_size: int = 0
    """Players per team when an expansion being played has a team game (Cities: 2); 0: none.
    Whether a table plays in teams is the table's choice (each city's ``team``)."""
    printed_players: int = 0
    """The most players the edition's decks are printed for (its own ``max_players``, 7);
    0: as many as the table has."""

    def deck_players(self, cities: int) -> int:
        """The player count a table of ``cities`` cities builds its decks for: its own, or at
        a table larger than the printed decks (8, with Cities or Armada) the largest printed
        one, 7: the 7-player cards, guilds and drawn cards (ruling ``eight-players``)."""
        return min(cities, self.printed_players or cities)

    def hand(self, cities: int) -> int:
        """The cards of a hand at the start of an age at a table of ``cities`` cities: the
        edition's with its expansions' cards, or at a table larger than the printed decks
        those decks shared out (56 cards for 8 with Cities: hands of 7). Where they do not
        share evenly, the larger hand (Cities and Armada at 8: 63 cards, 8)."""
        printed = self.deck_players(cities)
        if printed == cities:
            return self.hand_size
        return -(-printed * self.hand_size // cities)

    def turns(self, cities: int) -> int:
        """Turns of each age that play a card of the age's hand at a table of ``cities``
        cities: one fewer than the hand holds (the last card is discarded)."""
        return self.turns_per_age - (self.hand_size - self.hand(cities))

    def category_range(self, category: Category) -> tuple[int, int]:
        """The points a pad may give ``category``: ``(least, most)``, as the data bounds it,
        else as :func:`~.limits.category_range` does for every row."""
        for known, least, most in self.category_limits:
            if known is category:
                return least, most
        return category_range(category)

    def side_name(self, side: str) -> Text:
        """A wonder side's name for a player (translated)."""
        return Text(dict(self.side_names).get(side, side))

    def guilds_dealt(self, players: int) -> int:
        """The guilds that enter the last age's deck at a table of ``players`` cities (the
        deck's player count): players + ``guilds_beyond_players``, drawn from all of them (at
        a table larger than the printed decks, as at the largest: 9 at 8 players)."""
        return self.deck_players(players) + self.guilds_beyond_players

    @property
    def player_counts(self) -> range:
        """Every number of players a table of this edition seats (two with the Free City)."""
        low = min(self.min_players, self.free_city_players) if self.free_city_players else self.min_players
        return range(low, self.max_players + 1)

    @property
    def players(self) -> range:
        """Every number of cities a table of this edition can have."""
        low = (
            min(self.min_players, self.free_city_players + 1) if self.free_city_players else self.min_players
        )
        return range(low, self.max_players + 1)

    def category_name(self, category: Category) -> Text:
        """A category's name for a player (translated like every message)."""
        for known, name in self.category_names:
            if known is category:
                return Text(name)
        return CATEGORY_NAMES.get(category) or Text(category.value)

    def category_swatch(self, category: Category) -> str | None:
        """A category's colour on a page, ``#rrggbb`` (None: the data gives none)."""
        return dict(self.category_swatches).get(category)

    def category_of(self, color: Color) -> Category | None:
        """Where the points of a card of ``color`` are counted (None: it scores none by colour)."""
        for c, category in self.color_categories:
            if c is color:
                return category
        return None

    def color(self, color: Color) -> ColorInfo:
        """What the data says of a colour of this edition (KeyError: not one of its colours)."""
        for info in self.colors:
            if info.color is color:
                return info
        raise KeyError(color)

    def with_expansion(self, expansion: ExpansionRules) -> EditionRules:
        """These rules with ``expansion`` laid over them (lay expansions in their order)."""
        pad = list(self.score_pad)
        for category, after in expansion.score_pad_after:
            pad.insert(pad.index(after) + 1 if after is not None else len(pad), category)
        return replace(
            self,
            max_players=max(self.max_players, expansion.max_players),
            turns_per_age=self.turns_per_age + expansion.extra_turns_per_age,
            leader_turns_per_age=self.leader_turns_per_age + expansion.leader_turns_per_age,
            hand_size=self.hand_size + expansion.extra_hand_size,
            starting_coins=self.starting_coins + expansion.extra_starting_coins,
            categories=(*self.categories, *expansion.categories),
            score_pad=tuple(pad),
            color_categories=(*self.color_categories, *expansion.color_categories),
            category_names=(*self.category_names, *expansion.category_names),
            colors=(*self.colors, *expansion.colors),
            category_swatches=(*self.category_swatches, *expansion.category_swatches),
            expansions=(*self.expansions, expansion.id),
            city_fields=(*self.city_fields, *expansion.city_fields),
            typed_categories=(*self.typed_categories, *expansion.categories),
            category_limits=(*self.category_limits, *expansion.category_limits),
            naval=expansion.naval or self.naval,
            team_size=max(self.team_size, expansion.team_size),
        )
