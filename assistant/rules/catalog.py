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
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from ..resources import resource_dir
from .model import (
    BuildFromDiscard,
    Card,
    Coins,
    CoinsPer,
    Color,
    CopyGuild,
    Cost,
    Counted,
    Discount,
    Effect,
    FreeBuildPerAge,
    Goods,
    PlayLastCard,
    Points,
    PointsPer,
    Produce,
    Resource,
    Ruling,
    Science,
    ScienceWild,
    Shields,
    Stage,
    Symbol,
    Whose,
    Wonder,
    WonderSide,
)


class CatalogError(Exception):
    """The rules data is malformed; the message names the file and the entry."""


def card_id(name: str) -> str:
    """The game format's id for an English card name: lower case, other runs -> ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def fold(text: str) -> str:
    """A lenient key for matching typed names: case, accents, apostrophes and spacing ignored."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"[\W_]+", "", stripped)


_fold = fold


@dataclass(frozen=True, slots=True)
class EditionRules:
    """The numbers an edition's rules use."""

    edition: int
    name: str
    min_players: int
    max_players: int
    free_city_players: int
    ages: int
    turns_per_age: int
    hand_size: int
    starting_coins: int
    guilds_beyond_players: int
    trade_price: int
    discounted_price: int
    victory_tokens: tuple[int, ...]
    defeat_token: int


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
        """The id for a typed card id, English name or known variant; None when unknown."""
        if text in self._entries:
            return text
        return self._card_names.get(_fold(text))

    def resolve_wonder(self, text: str) -> str | None:
        """The id for a typed wonder id, name or variant (``rhodos``, ``gizah``...)."""
        if text in self._wonders:
            return text
        return self._wonder_names.get(_fold(text))


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


_EFFECT_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "produce": ({"resources"}, {"count", "sellable"}),
    "points": ({"points"}, set()),
    "shields": ({"shields"}, set()),
    "science": ({"symbol"}, set()),
    "science-wild": (set(), set()),
    "coins": ({"coins"}, set()),
    "coins-per": ({"coins", "counted", "cities"}, {"colors"}),
    "points-per": ({"points", "counted", "cities"}, {"colors"}),
    "discount": ({"goods", "neighbours"}, set()),
    "free-build-per-age": (set(), set()),
    "play-last-card": (set(), set()),
    "build-from-discard": (set(), set()),
    "copy-guild": (set(), set()),
}


def _effect(where: _Where, raw: Any) -> Effect:
    table = _typed(where, raw, dict, "effect")
    kind = table.get("kind")
    if kind not in _EFFECT_FIELDS:
        raise where.fail(f"unknown effect kind {kind!r}")
    required, optional = _EFFECT_FIELDS[kind]
    _keys(where, table, required | {"kind"}, optional)
    if kind == "produce":
        resources = _enum_list(where, table["resources"], Resource, "produce.resources")
        if not resources:
            raise where.fail("produce.resources is empty")
        count = _typed(where, table.get("count", 1), int, "produce.count")
        sellable = _typed(where, table.get("sellable", True), bool, "produce.sellable")
        return Produce(resources, count, sellable)
    if kind == "points":
        return Points(_typed(where, table["points"], int, "points"))
    if kind == "shields":
        return Shields(_typed(where, table["shields"], int, "shields"))
    if kind == "science":
        return Science(_enum(where, table["symbol"], Symbol, "symbol"))
    if kind == "science-wild":
        return ScienceWild()
    if kind == "coins":
        return Coins(_typed(where, table["coins"], int, "coins"))
    if kind in ("coins-per", "points-per"):
        amount_key = "coins" if kind == "coins-per" else "points"
        amount = _typed(where, table[amount_key], int, f"{kind}.{amount_key}")
        counted = _enum(where, table["counted"], Counted, f"{kind}.counted")
        cities = _enum_list(where, table["cities"], Whose, f"{kind}.cities")
        colors = _enum_list(where, table.get("colors", []), Color, f"{kind}.colors")
        if (counted is Counted.CARDS) != bool(colors):
            raise where.fail(f"{kind}: colors are given exactly when cards are counted")
        if kind == "coins-per":
            return CoinsPer(amount, counted, cities, colors)
        return PointsPer(amount, counted, cities, colors)
    if kind == "discount":
        goods = _enum(where, table["goods"], Goods, "discount.goods")
        neighbours = _enum_list(where, table["neighbours"], Whose, "discount.neighbours")
        if not neighbours or Whose.SELF in neighbours:
            raise where.fail("discount.neighbours lists left and/or right")
        return Discount(goods, neighbours)
    if kind == "free-build-per-age":
        return FreeBuildPerAge()
    if kind == "play-last-card":
        return PlayLastCard()
    if kind == "build-from-discard":
        return BuildFromDiscard()
    return CopyGuild()


def _effects(where: _Where, raw: Any) -> tuple[Effect, ...]:
    items = _typed(where, raw, list, "effects")
    if not items:
        raise where.fail("effects is empty")
    return tuple(_effect(where, e) for e in items)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CatalogError(f"{path.name}: file missing in {path.parent}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path.name}: not valid TOML: {exc}") from None


def _read_edition(path: Path) -> EditionRules:
    data = _read_toml(path)
    where = _Where(path, "edition")
    fields = {
        "edition", "name", "min_players", "max_players", "free_city_players", "ages",
        "turns_per_age", "hand_size", "starting_coins", "guilds_beyond_players",
        "trade_price", "discounted_price", "victory_tokens", "defeat_token",
    }  # fmt: skip
    _keys(where, data, fields, set())
    ints = {k: _typed(where, data[k], int, k) for k in fields - {"name", "victory_tokens"}}
    tokens = tuple(_typed(where, v, int, "victory_tokens") for v in data["victory_tokens"])
    if len(tokens) != ints["ages"]:
        raise where.fail("victory_tokens needs one value per age")
    return EditionRules(name=_typed(where, data["name"], str, "name"), victory_tokens=tokens, **ints)


def _read_cards(path: Path) -> list[Card]:
    data = _read_toml(path)
    _keys(_Where(path, "file"), data, {"age", "card"}, set())
    age = _typed(_Where(path, "age"), data["age"], int, "age")
    cards = []
    for index, raw in enumerate(_typed(_Where(path, "card"), data["card"], list, "card")):
        label = raw.get("id") if isinstance(raw, dict) else None
        where = _Where(path, f"card {label or index + 1}")
        table = _typed(where, raw, dict, "card")
        _keys(
            where,
            table,
            {"id", "name", "color", "players", "effects"},
            {"cost", "chain_from", "aliases"},
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
        cards.append(
            Card(
                id=cid,
                name=name,
                age=age,
                color=color,
                cost=_cost(where, table.get("cost", {})),
                players=players,
                chain_from=chain_from,
                effects=_effects(where, table["effects"]),
                aliases=aliases,
            )
        )
    return cards


def _read_wonders(path: Path) -> list[Wonder]:
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
                    Stage(number, _cost(stwhere, stage["cost"]), _effects(stwhere, stage["effects"]))
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


def _check_references(folder: Path, cards: list[Card], wonders: list[Wonder], rulings: list[Ruling]) -> None:
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
            if all(p.age != card.age - 1 for p in by_id[parent]):
                raise where.fail(f"chains from {parent!r}, which is not a card of the previous age")
        produce = [e for e in card.effects if isinstance(e, Produce)]
        for effect in produce:
            if effect.sellable != (card.color in (Color.BROWN, Color.GREY)):
                raise where.fail("only brown and grey cards' resources are for sale")
    seen_wonders: set[str] = set()
    for wonder in wonders:
        if wonder.id in seen_wonders:
            raise CatalogError(f"wonders.toml: wonder {wonder.id}: listed twice")
        seen_wonders.add(wonder.id)
        for side in wonder.sides:
            for stage in side.stages:
                for stage_effect in stage.effects:
                    if isinstance(stage_effect, Produce) and stage_effect.sellable:
                        raise CatalogError(
                            f"wonders.toml: wonder {wonder.id} side {side.side} stage "
                            f"{stage.number}: a wonder stage's resources are never for sale"
                        )
    seen_rulings: set[str] = set()
    for ruling in rulings:
        if ruling.id in seen_rulings:
            raise CatalogError(f"rulings.toml: ruling {ruling.id}: listed twice")
        seen_rulings.add(ruling.id)


def load_catalog(folder: Path) -> Catalog:
    """Read and check one edition folder of ``rules_data``."""
    rules = _read_edition(folder / "edition.toml")
    cards: list[Card] = []
    for age in range(1, rules.ages + 1):
        cards.extend(_read_cards(folder / f"age{age}.toml"))
    for card in cards:
        if card.age < 1 or card.age > rules.ages:
            raise CatalogError(f"{folder.name}: card {card.id}: age {card.age} out of range")
    wonders = _read_wonders(folder / "wonders.toml")
    rulings = _read_rulings(folder / "rulings.toml")
    _check_references(folder, cards, wonders, rulings)
    return Catalog(rules, tuple(cards), tuple(wonders), tuple(rulings))


def edition_folders(root: Path | None = None) -> dict[int, Path]:
    """Every edition folder under ``rules_data`` by edition number."""
    return dict(_edition_folders(root or resource_dir("rules_data")))


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
