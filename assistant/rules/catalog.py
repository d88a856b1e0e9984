"""Read ``rules_data/`` into a :class:`Catalog` of frozen, typed objects.

Loading is strict: an unknown key, a wrong type, an effect kind the engine does not
know, or a chain to a card that does not exist stops loading with a
:class:`CatalogError` naming the file and the entry. Shape is checked first, entry by
entry, then references across the whole edition.

An edition (or later an expansion) is one folder with an ``edition.toml``; adding one
is adding data, not code.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from ..resources import resource_dir
from .describe import CATEGORY_NAMES
from .effects import KINDS, Effect, Fields
from .errors import CatalogError as CatalogError
from .model import (
    CATEGORIES,
    Card,
    Category,
    Color,
    Cost,
    Resource,
    Ruling,
    Stage,
    Wonder,
    WonderSide,
)
from .text import Text


def card_id(name: str) -> str:
    """The game format's id for an English card name: lower case, other runs -> ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def fold(text: str) -> str:
    """A lenient key for matching typed names: case, accents, apostrophes and spacing ignored."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"[\W_]+", "", stripped)


_fold = fold


def _kept(text: str) -> bool:
    """False for text holding a control character (NUL...) or a lone surrogate.

    Matching folds away whatever is not a letter or digit, so ``"bath\\x00s"`` would
    otherwise be read as Baths: such text is refused as an unknown name instead, as a
    player name holding one is refused, never cleaned and stored.
    """
    return text.isprintable() or not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


@dataclass(frozen=True, slots=True)
class EditionRules:
    """The numbers and lists an edition's rules use, read from its ``edition.toml``.

    Nothing an edition (or later an expansion) may change is a Python constant elsewhere:
    the score categories and their order, where a card's points go, what neighbours may
    buy, the players, the ages, the coins and the conflict tokens are all here.
    """

    edition: int
    name: str
    min_players: int
    max_players: int
    free_city_players: int
    """Players who add the neutral Free City (0: the edition has no such variant)."""
    ages: int
    turns_per_age: int
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
    """English names of categories the engine does not already name (for an expansion)."""
    side_names: tuple[tuple[str, str], ...] = (("A", "A"), ("B", "B"))
    """What the edition calls the two sides of a wonder board (the second edition: Day, Night)."""

    def side_name(self, side: str) -> Text:
        """A wonder side's name for a player (translated)."""
        return Text(dict(self.side_names).get(side, side))

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

    def category_of(self, color: Color) -> Category | None:
        """Where the points of a card of ``color`` are counted (None: it scores none by colour)."""
        for c, category in self.color_categories:
            if c is color:
                return category
        return None


class Catalog:
    """Every card, wonder and ruling of one edition, with the indices the engine needs."""

    def __init__(
        self,
        rules: EditionRules,
        cards: tuple[Card, ...],
        wonders: tuple[Wonder, ...],
        rulings: tuple[Ruling, ...],
    ) -> None:
        self.rules = rules
        self.cards = cards
        self.wonders = wonders
        self.rulings = rulings
        entries: dict[str, list[Card]] = {}
        for card in cards:
            entries.setdefault(card.id, []).append(card)
        self._entries = {k: tuple(v) for k, v in entries.items()}
        self._card_ids_set = frozenset(self._entries)
        unlocks: dict[str, list[str]] = {k: [] for k in entries}
        for card in cards:
            for parent in card.chain_from:
                if card.id not in unlocks[parent]:
                    unlocks[parent].append(card.id)
        self._unlocks = {k: tuple(v) for k, v in unlocks.items()}
        self._wonders = {w.id: w for w in wonders}
        self._rulings = {r.id: r for r in rulings}
        self._card_names: dict[str, str] = {}
        for card in cards:
            for spelling in (card.id, card.name, *card.aliases):
                self._card_names.setdefault(_fold(spelling), card.id)
        self._wonder_names: dict[str, str] = {}
        for wonder in wonders:
            for spelling in (wonder.id, wonder.name, wonder.short_name, *wonder.aliases):
                self._wonder_names.setdefault(_fold(spelling), wonder.id)

    @property
    def edition(self) -> int:
        return self.rules.edition

    @property
    def structure_ids(self) -> tuple[str, ...]:
        """Every structure id once, in data order."""
        return tuple(self._entries)

    @property
    def card_ids_set(self) -> frozenset[str]:
        """Every structure id, as a set (for checking a whole city's cards at once)."""
        return self._card_ids_set

    def has_card(self, card_id: str) -> bool:
        return card_id in self._entries

    def structure(self, card_id: str) -> Card:
        """The card for an id (for Loom, Glassworks and Press: the Age I entry)."""
        return self._entries[card_id][0]

    def entries(self, card_id: str) -> tuple[Card, ...]:
        """Every age's entry for an id (two for Loom, Glassworks and Press)."""
        return self._entries[card_id]

    def unlocks(self, card_id: str) -> tuple[str, ...]:
        """The cards this structure builds for free (derived from ``chain_from``)."""
        return self._unlocks[card_id]

    def copies(self, card_id: str, players: int) -> int:
        """Physical copies of a structure in the decks at this player count (all ages)."""
        return sum(c.copies(players) for c in self._entries[card_id])

    def guilds(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.is_guild)

    def deck(self, age: int, players: int) -> list[tuple[Card, int]]:
        """The non-guild designs of an age and their copies at this player count."""
        return [
            (c, c.copies(players))
            for c in self.cards
            if c.age == age and not c.is_guild and c.copies(players)
        ]

    def wonder(self, wonder_id: str) -> Wonder:
        return self._wonders[wonder_id]

    def has_wonder(self, wonder_id: str) -> bool:
        return wonder_id in self._wonders

    def ruling(self, ruling_id: str) -> Ruling:
        return self._rulings[ruling_id]

    def resolve_card(self, text: str) -> str | None:
        """The id for a typed card id, English name or known variant; None when unknown
        (and for text holding a control character or a lone surrogate: see :func:`_kept`)."""
        if text in self._entries:
            return text
        return self._card_names.get(_fold(text)) if _kept(text) else None

    def resolve_wonder(self, text: str) -> str | None:
        """The id for a typed wonder id, name or variant (``rhodos``, ``gizah``...); None when
        unknown or not :func:`_kept`."""
        if text in self._wonders:
            return text
        return self._wonder_names.get(_fold(text)) if _kept(text) else None


# --- loading ------------------------------------------------------------------------------

T = TypeVar("T")


class _Where:
    """Names the file and entry being read, for error messages."""

    def __init__(self, path: Path, entry: str) -> None:
        self.path = path
        self.entry = entry

    def fail(self, message: str) -> CatalogError:
        return CatalogError(f"{self.path.name}: {self.entry}: {message}")


def _keys(where: _Where, table: Mapping[str, Any], required: set[str], optional: set[str]) -> None:
    unknown = set(table) - required - optional
    if unknown:
        raise where.fail(f"unknown key(s) {', '.join(sorted(unknown))}")
    missing = required - set(table)
    if missing:
        raise where.fail(f"missing key(s) {', '.join(sorted(missing))}")


def _typed(where: _Where, value: Any, kind: type[T], what: str) -> T:
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise where.fail(f"{what} must be a whole number, not {value!r}")
    if not isinstance(value, kind):
        raise where.fail(f"{what} must be a {kind.__name__}, not {value!r}")
    return value


def _enum(where: _Where, value: Any, enum: Callable[[str], T], what: str) -> T:
    try:
        return enum(_typed(where, value, str, what))
    except ValueError:
        raise where.fail(f"{what}: unknown value {value!r}") from None


def _enum_list(where: _Where, value: Any, enum: Callable[[str], T], what: str) -> tuple[T, ...]:
    items = _typed(where, value, list, what)
    return tuple(_enum(where, v, enum, what) for v in items)


def _cost(where: _Where, raw: Any) -> Cost:
    table = _typed(where, raw, dict, "cost")
    coins = 0
    resources: dict[Resource, int] = {}
    for key, value in table.items():
        n = _typed(where, value, int, f"cost.{key}")
        if n <= 0:
            raise where.fail(f"cost.{key} must be positive")
        if key == "coins":
            coins = n
        else:
            resources[_enum(where, key, Resource, "cost")] = n
    ordered = tuple((r, resources[r]) for r in Resource if r in resources)
    return Cost(coins=coins, resources=ordered)


def _effect(where: _Where, raw: Any, rules: EditionRules) -> Effect:
    """One effect, read by its kind's own class (the vocabulary is :data:`effects.KINDS`)."""
    table = _typed(where, raw, dict, "effect")
    kind = table.get("kind")
    if kind not in KINDS:
        raise where.fail(f"unknown effect kind {kind!r}")
    cls = KINDS[kind]
    _keys(where, table, set(cls.REQUIRED) | {"kind"}, set(cls.OPTIONAL))
    return cls.parse(Fields(table, where.fail, rules))


def _effects(where: _Where, raw: Any, rules: EditionRules) -> tuple[Effect, ...]:
    items = _typed(where, raw, list, "effects")
    if not items:
        raise where.fail("effects is empty")
    return tuple(_effect(where, e, rules) for e in items)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CatalogError(f"{path.name}: file missing in {path.parent}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path.name}: not valid TOML: {exc}") from None


_EDITION_NUMBERS = (
    "edition", "min_players", "max_players", "free_city_players", "ages", "turns_per_age", "hand_size",
    "starting_coins", "guilds_beyond_players", "trade_price", "discounted_price", "defeat_token",
    "coins_per_point", "discard_coins",
)  # fmt: skip
_EDITION_LISTS = ("victory_tokens", "categories", "score_pad", "sellable_colors")


def _read_edition(path: Path) -> EditionRules:
    data = _read_toml(path)
    where = _Where(path, "edition")
    _keys(
        where,
        data,
        {"name", "color_categories", "chains", *_EDITION_NUMBERS, *_EDITION_LISTS},
        {"category_names", "side_names"},
    )
    ints = {k: _typed(where, data[k], int, k) for k in _EDITION_NUMBERS}
    tokens = tuple(
        _typed(where, v, int, "victory_tokens")
        for v in _typed(where, data["victory_tokens"], list, "victory_tokens")
    )
    if ints["coins_per_point"] < 1:
        raise where.fail("coins_per_point is 1 or more (the coins worth one victory point)")
    if len(tokens) != ints["ages"]:
        raise where.fail("victory_tokens needs one value per age")
    names = {
        Category(_typed(where, k, str, "category_names")): _typed(where, v, str, f"category_names.{k}")
        for k, v in _typed(where, data.get("category_names", {}), dict, "category_names").items()
    }
    categories = tuple(
        Category(_typed(where, c, str, "categories"))
        for c in _typed(where, data["categories"], list, "categories")
    )
    if not categories or len(set(categories)) != len(categories):
        raise where.fail("categories lists each score category once")
    for category in categories:
        if category not in CATEGORY_NAMES and category not in names:
            raise where.fail(f"category {category!r} needs a name in category_names")
    pad = tuple(
        Category(_typed(where, c, str, "score_pad"))
        for c in _typed(where, data["score_pad"], list, "score_pad")
    )
    if sorted(pad) != sorted(categories):
        raise where.fail("score_pad lists the same categories as categories, in the pad's order")
    color_table = _typed(where, data["color_categories"], dict, "color_categories")
    color_categories = []
    for color_name, category_name in color_table.items():
        color = _enum(where, color_name, Color, "color_categories")
        category = Category(_typed(where, category_name, str, f"color_categories.{color_name}"))
        if category not in categories:
            raise where.fail(f"color_categories.{color_name}: {category!r} is not one of the categories")
        color_categories.append((color, category))
    sides = _typed(where, data.get("side_names", {"A": "A", "B": "B"}), dict, "side_names")
    if set(sides) != {"A", "B"} or not all(isinstance(v, str) and v for v in sides.values()):
        raise where.fail("side_names names the sides A and B")
    chains = _typed(where, data["chains"], str, "chains")
    if chains not in ("names", "symbols"):
        raise where.fail("chains is names (cards name their chains) or symbols")
    return EditionRules(
        name=_typed(where, data["name"], str, "name"),
        victory_tokens=tokens,
        categories=categories,
        score_pad=pad,
        color_categories=tuple(color_categories),
        sellable_colors=_enum_list(where, data["sellable_colors"], Color, "sellable_colors"),
        chains=chains,
        category_names=tuple(names.items()),
        side_names=(("A", sides["A"]), ("B", sides["B"])),
        **ints,
    )


def _read_cards(path: Path, rules: EditionRules) -> list[Card]:
    data = _read_toml(path)
    _keys(_Where(path, "file"), data, {"age", "card"}, set())
    age = _typed(_Where(path, "age"), data["age"], int, "age")
    cards = []
    for index, raw in enumerate(_typed(_Where(path, "card"), data["card"], list, "card")):
        label = raw.get("id") if isinstance(raw, dict) else None
        where = _Where(path, f"card {label or index + 1}")
        table = _typed(where, raw, dict, "card")
        by_symbol = rules.chains == "symbols"
        _keys(
            where,
            table,
            {"id", "name", "color", "players", "effects"},
            {"cost", "aliases", *(("chain_symbol", "gives_chains") if by_symbol else ("chain_from",))},
        )
        cid = _typed(where, table["id"], str, "id")
        name = _typed(where, table["name"], str, "name")
        if cid != card_id(name):
            raise where.fail(f"id {cid!r} does not match its name (expected {card_id(name)!r})")
        players = tuple(
            _typed(where, p, int, "players") for p in _typed(where, table["players"], list, "players")
        )
        color = _enum(where, table["color"], Color, "color")
        if (color is Color.PURPLE) == bool(players):
            raise where.fail("guilds print no player count, every other card does")
        chain_from = tuple(
            _typed(where, c, str, "chain_from")
            for c in _typed(where, table.get("chain_from", []), list, "chain_from")
        )
        aliases = tuple(
            _typed(where, a, str, "aliases") for a in _typed(where, table.get("aliases", []), list, "aliases")
        )
        symbol = (
            _typed(where, table["chain_symbol"], str, "chain_symbol") if "chain_symbol" in table else None
        )
        gives = tuple(
            _typed(where, g, str, "gives_chains")
            for g in _typed(where, table.get("gives_chains", []), list, "gives_chains")
        )
        cards.append(
            Card(
                id=cid,
                name=name,
                age=age,
                color=color,
                cost=_cost(where, table.get("cost", {})),
                players=players,
                chain_from=chain_from,
                effects=_effects(where, table["effects"], rules),
                aliases=aliases,
                chain_symbol=symbol,
                gives_chains=gives,
            )
        )
    return cards


def _read_wonders(path: Path, rules: EditionRules) -> list[Wonder]:
    data = _read_toml(path)
    _keys(_Where(path, "file"), data, {"wonder"}, set())
    wonders = []
    for index, raw in enumerate(_typed(_Where(path, "wonder"), data["wonder"], list, "wonder")):
        label = raw.get("id") if isinstance(raw, dict) else None
        where = _Where(path, f"wonder {label or index + 1}")
        table = _typed(where, raw, dict, "wonder")
        _keys(where, table, {"id", "name", "short_name", "sides"}, {"aliases"})
        wid = _typed(where, table["id"], str, "id")
        sides_table = _typed(where, table["sides"], dict, "sides")
        if set(sides_table) != {"A", "B"}:
            raise where.fail("a wonder has sides A and B")
        sides = []
        for side_name in ("A", "B"):
            swhere = _Where(path, f"wonder {wid} side {side_name}")
            side = _typed(swhere, sides_table[side_name], dict, "side")
            _keys(swhere, side, {"resource", "stages"}, set())
            stages = []
            for number, raw_stage in enumerate(_typed(swhere, side["stages"], list, "stages"), 1):
                stwhere = _Where(path, f"wonder {wid} side {side_name} stage {number}")
                stage = _typed(stwhere, raw_stage, dict, "stage")
                _keys(stwhere, stage, {"cost", "effects"}, set())
                stages.append(
                    Stage(number, _cost(stwhere, stage["cost"]), _effects(stwhere, stage["effects"], rules))
                )
            if not stages:
                raise swhere.fail("a side has at least one stage")
            sides.append(
                WonderSide(
                    wonder=wid,
                    side=side_name,
                    resource=_enum(swhere, side["resource"], Resource, "resource"),
                    stages=tuple(stages),
                )
            )
        aliases = tuple(_typed(where, a, str, "aliases") for a in table.get("aliases", []))
        wonders.append(
            Wonder(
                id=wid,
                name=_typed(where, table["name"], str, "name"),
                short_name=_typed(where, table["short_name"], str, "short_name"),
                sides=tuple(sides),
                aliases=aliases,
            )
        )
    return wonders


def _read_rulings(path: Path) -> list[Ruling]:
    data = _read_toml(path)
    _keys(_Where(path, "file"), data, {"ruling"}, set())
    rulings = []
    for index, raw in enumerate(_typed(_Where(path, "ruling"), data["ruling"], list, "ruling")):
        label = raw.get("id") if isinstance(raw, dict) else None
        where = _Where(path, f"ruling {label or index + 1}")
        table = _typed(where, raw, dict, "ruling")
        fields = {"id", "topic", "title", "text", "source"}
        _keys(where, table, fields, set())
        values = {k: _typed(where, table[k], str, k) for k in fields}
        if not values["source"].strip():
            raise where.fail("every ruling names its source")
        rulings.append(Ruling(**values))
    return rulings


def _check_references(
    folder: Path, rules: EditionRules, cards: list[Card], wonders: list[Wonder], rulings: list[Ruling]
) -> None:
    by_id: dict[str, list[Card]] = {}
    for card in cards:
        by_id.setdefault(card.id, []).append(card)
    for cid, same in by_id.items():
        first = same[0]
        for other in same[1:]:
            if (other.name, other.color, other.effects, other.cost) != (
                first.name, first.color, first.effects, first.cost,
            ):  # fmt: skip
                raise CatalogError(
                    f"{folder.name}: card {cid}: its Age {first.age} and Age {other.age} "
                    "entries differ, but one id is one structure"
                )
            if other.age == first.age:
                raise CatalogError(f"{folder.name}: card {cid}: listed twice in Age {first.age}")
    for card in cards:
        where = _Where(folder / f"age{card.age}.toml", f"card {card.id}")
        for parent in card.chain_from:
            if parent not in by_id:
                raise where.fail(f"chains from {parent!r}, which is no card")
            if rules.chains == "names" and all(p.age != card.age - 1 for p in by_id[parent]):
                raise where.fail(f"chains from {parent!r}, which is not a card of the previous age")
        for effect in card.effects:
            problem = effect.check(card.color, rules)
            if problem:
                raise where.fail(problem)
    seen_wonders: set[str] = set()
    for wonder in wonders:
        if wonder.id in seen_wonders:
            raise CatalogError(f"wonders.toml: wonder {wonder.id}: listed twice")
        seen_wonders.add(wonder.id)
        for side in wonder.sides:
            for stage in side.stages:
                for stage_effect in stage.effects:
                    problem = stage_effect.check(None, rules)
                    if problem:
                        raise CatalogError(
                            f"wonders.toml: wonder {wonder.id} side {side.side} stage {stage.number}: {problem}"
                        )
    seen_rulings: set[str] = set()
    for ruling in rulings:
        if ruling.id in seen_rulings:
            raise CatalogError(f"rulings.toml: ruling {ruling.id}: listed twice")
        seen_rulings.add(ruling.id)


def _chains_from_symbols(folder: Path, cards: list[Card]) -> list[Card]:
    """In an edition that chains by symbol, each card's ``chain_from``: every card of an
    earlier age that prints the symbol beside its cost (a chain may skip an age)."""
    givers: dict[str, list[Card]] = {}
    for card in cards:
        for symbol in card.gives_chains:
            givers.setdefault(symbol, []).append(card)
    used = {card.chain_symbol for card in cards if card.chain_symbol}
    out = []
    for card in cards:
        where = _Where(folder / f"age{card.age}.toml", f"card {card.id}")
        parents: tuple[str, ...] = ()
        if card.chain_symbol:
            parents = tuple(
                dict.fromkeys(g.id for g in givers.get(card.chain_symbol, []) if g.age < card.age)
            )
            if not parents:
                raise where.fail(
                    f"chain symbol {card.chain_symbol!r} is printed on no card of an earlier age"
                )
        for symbol in card.gives_chains:
            if symbol not in used:
                raise where.fail(f"gives the chain symbol {symbol!r}, which no card needs")
        out.append(replace(card, chain_from=parents))
    return out


def load_catalog(folder: Path) -> Catalog:
    """Read and check one edition folder of ``rules_data``."""
    rules = _read_edition(folder / "edition.toml")
    cards: list[Card] = []
    for age in range(1, rules.ages + 1):
        cards.extend(_read_cards(folder / f"age{age}.toml", rules))
    for card in cards:
        if card.age < 1 or card.age > rules.ages:
            raise CatalogError(f"{folder.name}: card {card.id}: age {card.age} out of range")
    if rules.chains == "symbols":
        cards = _chains_from_symbols(folder, cards)
    wonders = _read_wonders(folder / "wonders.toml", rules)
    rulings = _read_rulings(folder / "rulings.toml")
    _check_references(folder, rules, cards, wonders, rulings)
    return Catalog(rules, tuple(cards), tuple(wonders), tuple(rulings))


_EXTRA_ROOTS: list[Path] = []


def register_rules_folder(root: Path) -> None:
    """Load editions from ``root`` too (a folder of edition folders, like ``rules_data``).

    For data kept outside the package, and for the tests' own toy edition.
    """
    root = Path(root)
    if root not in _EXTRA_ROOTS:
        _EXTRA_ROOTS.append(root)
        catalog_for.cache_clear()


def edition_folders(root: Path | None = None) -> dict[int, Path]:
    """Every edition folder by edition number: under ``rules_data`` (or ``root``), and
    under every folder given to :func:`register_rules_folder`."""
    found = dict(_edition_folders(root or resource_dir("rules_data")))
    if root is None:
        for extra in _EXTRA_ROOTS:
            for number, folder in _edition_folders(extra):
                if number in found and found[number] != folder:
                    raise CatalogError(f"edition {number} is defined twice: {found[number]} and {folder}")
                found[number] = folder
    return found


@cache
def _edition_folders(base: Path) -> tuple[tuple[int, Path], ...]:
    found: dict[int, Path] = {}
    for edition_file in sorted(base.glob("*/edition.toml")):
        number = _read_edition(edition_file).edition
        if number in found:
            raise CatalogError(
                f"edition {number} is defined twice: {found[number]} and {edition_file.parent}"
            )
        found[number] = edition_file.parent
    return tuple(found.items())


@cache
def catalog_for(edition: int = 1) -> Catalog:
    """The checked catalog of an edition, loaded once per process."""
    folders = edition_folders()
    if edition not in folders:
        raise KeyError(edition)
    return load_catalog(folders[edition])


def available_editions() -> tuple[int, ...]:
    return tuple(sorted(edition_folders()))


def iter_effects(cards: Iterable[Card]) -> Iterable[Effect]:
    for card in cards:
        yield from card.effects
