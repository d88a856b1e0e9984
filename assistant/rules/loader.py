"""Read ``rules_data/`` into the components of a :class:`~.catalog.Catalog`.

Loading is strict: an unknown key, a wrong type, an effect kind the engine does not
know, or a chain to a card that does not exist stops loading with a
:class:`CatalogError` naming the file and the entry. Shape is checked first, entry by
entry, then references across the whole composition.

An edition is one folder with an ``edition.toml``; an expansion is a folder under its
edition's ``expansions/`` with an ``expansion.toml``. Both hold the same kinds of files:

* ``age1.toml`` ... one per age (an expansion's are each optional): the cards of that age;
* ``cards.toml`` (an expansion's, optional): cards of no age, dealt apart (Leaders);
* ``wonders.toml`` (optional for an expansion): wonder boards, both sides, stage by stage;
* ``rulings.toml`` (optional for an expansion): the rulings the engine relies on.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, TypeVar

from .components import TYPED_STAGES, Card, Ruling, Stage, Wonder, WonderSide
from .describe import CATEGORY_NAMES
from .edition import ColorInfo, EditionRules, ExpansionRules, NavalRule, TokenField
from .effects import KINDS, Effect, Fields
from .errors import CatalogError
from .limits import MAX_POINTS
from .model import DECKS, Category, Color, Cost, Resource
from .records import record, replace
from .text import Text

__all__ = ["Parts", "card_id", "read_edition", "read_expansion", "read_parts"]

T = TypeVar("T")
_SWATCH = re.compile(r"#[0-9a-f]{6}")
_FIELD_KEY = re.compile(r"[a-z][a-z0-9_]*")


def card_id(name: str) -> str:
    """The game format's id for an English card name: lower case, other runs -> ``-``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


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


def _strings(where: _Where, table: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """An optional list of strings (``aliases``, ``gives_chains``...)."""
    return tuple(_typed(where, v, str, key) for v in _typed(where, table.get(key, []), list, key))


def _color(where: _Where, value: Any, rules: EditionRules, what: str) -> Color:
    """One of the colours the rules being read know (the edition's and its expansions')."""
    color = _enum(where, value, Color, what)
    if all(info.color is not color for info in rules.colors):
        raise where.fail(f"{what}: {value!r} is not a colour of this edition (its [[color]] list)")
    return color


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


def _entries(path: Path, items: Any, key: str, label: str = "id") -> Iterator[tuple[_Where, dict[str, Any]]]:
    """Each table of a list of tables (``[[card]]``...), with where it is for messages: the
    entry is named by its ``label`` key when it has one, else by its number."""
    for index, raw in enumerate(_typed(_Where(path, key), items, list, key)):
        name = raw.get(label) if isinstance(raw, dict) else None
        where = _Where(path, f"{key} {name or index + 1}")
        yield where, _typed(where, raw, dict, key)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise CatalogError(f"{path.name}: file missing in {path.parent}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{path.name}: not valid TOML: {exc}") from None


# --- edition.toml and expansion.toml ---------------------------------------------------------

_EDITION_NUMBERS = (
    "edition", "min_players", "max_players", "free_city_players", "ages", "turns_per_age", "hand_size",
    "starting_coins", "guilds_beyond_players", "trade_price", "discounted_price", "defeat_token",
    "coins_per_point", "discard_coins",
)  # fmt: skip
_EDITION_LISTS = ("victory_tokens", "categories", "score_pad", "sellable_colors")
_EDITION_KEYS = {
    "name",
    "color_categories",
    "chains",
    "color",
    "category_swatches",
    *_EDITION_NUMBERS,
    *_EDITION_LISTS,
}
"""The keys every ``edition.toml`` has."""
_EXPANSION_NUMBERS = (
    "extra_starting_coins", "extra_turns_per_age", "leader_turns_per_age", "extra_hand_size", "max_players", "team_size",
)  # fmt: skip


def _categories(where: _Where, raw: Any, what: str) -> tuple[Category, ...]:
    return tuple(Category(_typed(where, c, str, what)) for c in _typed(where, raw, list, what))


def _names(where: _Where, data: Mapping[str, Any], key: str) -> dict[Category, str]:
    """A table of strings by category (``category_names``, ``category_swatches``)."""
    return {
        Category(_typed(where, k, str, key)): _typed(where, v, str, f"{key}.{k}")
        for k, v in _typed(where, data.get(key, {}), dict, key).items()
    }


def _read_colors(where: _Where, raw: Any, expansion: str | None) -> tuple[ColorInfo, ...]:
    """The ``[[color]]`` list: each colour's words, swatch and deck."""
    colors = []
    for at, table in _entries(where.path, raw, "color"):
        _keys(at, table, {"id", "name", "cards", "kind", "swatch", "deck"}, {"per_player"})
        words = {k: _typed(at, table[k], str, k) for k in ("name", "cards", "kind", "swatch", "deck")}
        if not _SWATCH.fullmatch(words["swatch"]):
            raise at.fail(f"swatch is a colour written #rrggbb in lower case, not {words['swatch']!r}")
        if words["deck"] not in DECKS:
            raise at.fail(f"deck is one of {', '.join(DECKS)}, not {words['deck']!r}")
        per_player = _typed(at, table.get("per_player", 0), int, "per_player")
        if "per_player" in table and (words["deck"] != "apart" or per_player < 1):
            raise at.fail(
                "per_player (1 or more) is for a colour dealt apart: its cards each player is dealt"
            )
        colors.append(
            ColorInfo(
                color=_enum(at, table["id"], Color, "id"),
                name=Text(words["name"]),
                cards=Text(words["cards"]),
                kind=Text(words["kind"]),
                swatch=words["swatch"],
                deck=words["deck"],  # checked against DECKS above
                expansion=expansion,
                per_player=per_player,
            )
        )
    if len({c.color for c in colors}) != len(colors):
        raise where.fail("a colour is listed twice")
    return tuple(colors)


def _color_categories(
    where: _Where, raw: Any, colors: tuple[ColorInfo, ...], categories: tuple[Category, ...]
) -> tuple[tuple[Color, Category], ...]:
    out = []
    for color_name, category_name in _typed(where, raw, dict, "color_categories").items():
        color = _enum(where, color_name, Color, "color_categories")
        if all(info.color is not color for info in colors):
            raise where.fail(f"color_categories.{color_name}: not one of the colours listed")
        category = Category(_typed(where, category_name, str, f"color_categories.{color_name}"))
        if category not in categories:
            raise where.fail(f"color_categories.{color_name}: {category!r} is not one of the categories")
        out.append((color, category))
    return tuple(out)


def _check_category_words(
    where: _Where,
    categories: tuple[Category, ...],
    names: Mapping[Category, str],
    swatches: Mapping[Category, str],
) -> None:
    if len(set(categories)) != len(categories):
        raise where.fail("categories lists each score category once")
    for category in categories:
        if category not in CATEGORY_NAMES and category not in names:
            raise where.fail(f"category {category!r} needs a name in category_names")
        swatch = swatches.get(category)
        if swatch is None or not _SWATCH.fullmatch(swatch):
            raise where.fail(f"category {category!r} needs a swatch (#rrggbb) in category_swatches")
    for category in {*names, *swatches} - set(categories):
        raise where.fail(f"{category!r} is named or coloured but is not one of the categories")


def read_edition(path: Path) -> EditionRules:
    """An edition's ``edition.toml``."""
    data = _read_toml(path)
    where = _Where(path, "edition")
    _keys(where, data, _EDITION_KEYS, {"category_names", "side_names"})
    ints = {k: _typed(where, data[k], int, k) for k in _EDITION_NUMBERS}
    tokens = tuple(
        _typed(where, v, int, "victory_tokens")
        for v in _typed(where, data["victory_tokens"], list, "victory_tokens")
    )
    if ints["coins_per_point"] < 1:
        raise where.fail("coins_per_point is 1 or more (the coins worth one victory point)")
    if len(tokens) != ints["ages"]:
        raise where.fail("victory_tokens needs one value per age")
    names = _names(where, data, "category_names")
    swatches = _names(where, data, "category_swatches")
    categories = _categories(where, data["categories"], "categories")
    if not categories:
        raise where.fail("categories lists each score category once")
    _check_category_words(where, categories, names, swatches)
    pad = _categories(where, data["score_pad"], "score_pad")
    if sorted(pad) != sorted(categories):
        raise where.fail("score_pad lists the same categories as categories, in the pad's order")
    colors = _read_colors(where, data["color"], None)
    sides = _read_side_names(where, data.get("side_names", {"A": "A", "B": "B"}))
    chains = _typed(where, data["chains"], str, "chains")
    if chains not in ("names", "symbols"):
        raise where.fail("chains is names (cards name their chains) or symbols")
    sellable = _read_sellable(where, data["sellable_colors"], colors)
    return EditionRules(
        name=_typed(where, data["name"], str, "name"),
        victory_tokens=tokens,
        categories=categories,
        score_pad=pad,
        color_categories=_color_categories(where, data["color_categories"], colors, categories),
        sellable_colors=sellable,
        chains=chains,
        category_names=tuple(names.items()),
        side_names=(("A", sides["A"]), ("B", sides["B"])),
        colors=colors,
        category_swatches=tuple((c, swatches[c]) for c in categories),
        expansions=(),
        city_fields=(),
        typed_categories=(),
        category_limits=(),
        naval=None,
        printed_players=ints["max_players"],
        **ints,
    )


def _read_side_names(where: _Where, raw: Any) -> dict[str, str]:
    """``side_names``: what the edition calls the two sides of a wonder board, A and B (the
    second edition: Day, Night)."""
    sides = _typed(where, raw, dict, "side_names")
    if set(sides) != {"A", "B"} or not all(isinstance(v, str) and v for v in sides.values()):
        raise where.fail("side_names names the sides A and B")
    return sides


def _read_sellable(where: _Where, raw: Any, colors: tuple[ColorInfo, ...]) -> tuple[Color, ...]:
    """``sellable_colors``: the colours of the cards whose resources neighbours may buy, each
    one of the ``colors`` listed."""
    sellable = tuple(
        _enum(where, c, Color, "sellable_colors") for c in _typed(where, raw, list, "sellable_colors")
    )
    if any(all(info.color is not c for info in colors) for c in sellable):
        raise where.fail("sellable_colors: not one of the colours listed")
    return sellable


def _read_token_fields(
    where: _Where, raw: Any, expansion: str, categories: tuple[Category, ...]
) -> tuple[TokenField, ...]:
    """The ``[[city_field]]`` list: tokens a table counts by hand, each worth points."""
    fields = []
    for at, table in _entries(where.path, raw, "city_field", "key"):
        _keys(at, table, {"key", "label", "kind", "category", "most"}, {"points", "table"})
        key = _typed(at, table["key"], str, "key")
        if not _FIELD_KEY.fullmatch(key):
            raise at.fail("key is a game format key: lower case letters, digits and _")
        if _typed(at, table["kind"], str, "kind") != "tokens":
            raise at.fail("kind is tokens (a count worth points each); other kinds are code")
        category = Category(_typed(at, table["category"], str, "category"))
        if category not in categories:
            raise at.fail(f"category {category!r} is not one of the expansion's categories")
        most = _typed(at, table["most"], int, "most")
        if most < 1:
            raise at.fail("most is 1 or more")
        if ("points" in table) == ("table" in table):
            raise at.fail("give points (each token's) or table (the points by count), one of them")
        by_count = table.get("table", [])
        if "table" in table and not (
            isinstance(by_count, list)
            and len(by_count) == most + 1
            and all(type(v) is int and abs(v) <= MAX_POINTS for v in by_count)
            and by_count[0] == 0
        ):
            raise at.fail("table gives the points for 0, 1 ... most tokens (0 for none)")
        fields.append(
            TokenField(
                key=key,
                label=_typed(at, table["label"], str, "label"),
                category=category,
                points=_typed(at, table.get("points", 0), int, "points"),
                most=most,
                expansion=expansion,
                table=tuple(by_count),
            )
        )
    return tuple(fields)


def read_expansion(path: Path, rules: EditionRules) -> ExpansionRules:
    """An expansion's ``expansion.toml``, checked against the edition it is laid over."""
    data = _read_toml(path)
    where = _Where(path, "expansion")
    _keys(
        where,
        data,
        {"id", "name", "edition", "order"},
        {"categories", "category_names", "category_swatches", "score_pad_after", "color",
         "color_categories", "city_field", "category_limits", "naval", *_EXPANSION_NUMBERS},
    )  # fmt: skip
    expansion = _typed(where, data["id"], str, "id")
    if expansion != card_id(expansion) or not expansion:
        raise where.fail(f"id {expansion!r} is lower case letters, digits and -")
    if _typed(where, data["edition"], int, "edition") != rules.edition:
        raise where.fail(f"edition {data['edition']} is not the edition of the folder ({rules.edition})")
    ints = {k: _typed(where, data.get(k, 0), int, k) for k in _EXPANSION_NUMBERS}
    if any(v < 0 for v in ints.values()):
        raise where.fail("set-up changes are 0 or more")
    categories = _categories(where, data.get("categories", []), "categories")
    if set(categories) & set(rules.categories):
        raise where.fail("categories adds categories the edition does not have")
    names = _names(where, data, "category_names")
    swatches = _names(where, data, "category_swatches")
    _check_category_words(where, categories, names, swatches)
    pad_after: list[tuple[Category, Category | None]] = []
    for category, after in _names(where, data, "score_pad_after").items():
        if category not in categories:
            raise where.fail(f"score_pad_after.{category}: not one of the expansion's categories")
        if after not in rules.categories and after not in categories:
            raise where.fail(f"score_pad_after.{category}: {after!r} is no row of the pad")
        pad_after.append((category, Category(after)))
    pad_after += [(c, None) for c in categories if c not in dict(pad_after)]
    colors = _read_colors(where, data.get("color", []), expansion)
    if {c.color for c in colors} & {c.color for c in rules.colors}:
        raise where.fail("color adds colours the edition does not have")
    return ExpansionRules(
        id=expansion,
        name=_typed(where, data["name"], str, "name"),
        order=_typed(where, data["order"], int, "order"),
        categories=categories,
        score_pad_after=tuple(pad_after),
        category_names=tuple(names.items()),
        category_swatches=tuple((c, swatches[c]) for c in categories),
        colors=colors,
        color_categories=_color_categories(
            where,
            data.get("color_categories", {}),
            (*rules.colors, *colors),
            (*rules.categories, *categories),
        ),
        city_fields=_read_token_fields(where, data.get("city_field", []), expansion, categories),
        category_limits=_read_limits(where, data.get("category_limits", {}), categories),
        naval=_read_naval(where, data.get("naval"), expansion, categories, rules.ages),
        **ints,
    )


def _read_naval(
    where: _Where, raw: Any, expansion: str, categories: tuple[Category, ...], ages: int
) -> NavalRule | None:
    """``[naval]``: the row naval conflicts fill, each age's victory tokens by rank and its
    defeat token (Armada)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise where.fail("naval is a table: category, victory, defeat")
    _keys(where, raw, {"category", "victory", "defeat"}, set())
    category = Category(_typed(where, raw["category"], str, "naval.category"))
    if category not in categories:
        raise where.fail(f"naval.category {category!r} is not one of the expansion's categories")
    victory, defeat = raw["victory"], raw["defeat"]
    if not (
        isinstance(victory, list)
        and len(victory) == ages
        and all(
            isinstance(row, list)
            and row
            and all(type(v) is int and 0 < v <= MAX_POINTS for v in row)
            and row == sorted(row, reverse=True)
            for row in victory
        )
    ):
        raise where.fail(
            f"naval.victory: for each of the {ages} ages, its victory tokens from the first rank down"
        )
    if not (
        isinstance(defeat, list)
        and len(defeat) == ages
        and all(type(v) is int and -MAX_POINTS <= v < 0 for v in defeat)
    ):
        raise where.fail(f"naval.defeat: for each of the {ages} ages, its defeat token (below 0)")
    return NavalRule(
        category=category,
        victory=tuple(tuple(row) for row in victory),
        defeat=tuple(defeat),
        expansion=expansion,
    )


def _read_limits(
    where: _Where, raw: Any, categories: tuple[Category, ...]
) -> tuple[tuple[Category, int, int], ...]:
    """``[category_limits]``: ``row = [least, most]`` for a row of the expansion's whose
    points are not 0 to the usual most (a debt is 0 or less)."""
    if not isinstance(raw, dict):
        raise where.fail("category_limits maps a category to [least, most]")
    out = []
    for key, value in raw.items():
        if key not in categories:
            raise where.fail(f"category_limits.{key}: not one of the expansion's categories")
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(type(v) is int for v in value)
            and -MAX_POINTS <= value[0] <= value[1] <= MAX_POINTS
        ):
            raise where.fail(f"category_limits.{key}: [least, most], whole numbers within ±{MAX_POINTS}")
        out.append((Category(key), value[0], value[1]))
    return tuple(out)


# --- cards, wonders, rulings ----------------------------------------------------------------


def _read_card(
    where: _Where, table: dict[str, Any], age: int | None, rules: EditionRules, expansion: str | None
) -> Card:
    by_symbol = rules.chains == "symbols"
    _keys(
        where,
        table,
        {"id", "name", "color", "effects"},
        {"cost", "aliases", "players", *(("chain_symbol", "gives_chains") if by_symbol else ("chain_from",))},
    )
    cid = _typed(where, table["id"], str, "id")
    name = _typed(where, table["name"], str, "name")
    if cid != card_id(name):
        raise where.fail(f"id {cid!r} does not match its name (expected {card_id(name)!r})")
    players = tuple(
        _typed(where, p, int, "players") for p in _typed(where, table.get("players", []), list, "players")
    )
    color = _color(where, table["color"], rules, "color")
    deck = rules.color(color).deck
    if (deck == "printed") != bool(players):
        raise where.fail(
            "each copy prints its player count"
            if deck == "printed"
            else f"{color.value} cards print no player count (their deck is {deck})"
        )
    if (deck == "apart") != (age is None):
        raise where.fail(
            f"{color.value} cards are dealt apart and print no age: list them in cards.toml"
            if deck == "apart"
            else "a card without an age is of a colour dealt apart"
        )
    symbol = _typed(where, table["chain_symbol"], str, "chain_symbol") if "chain_symbol" in table else None
    return Card(
        id=cid,
        name=name,
        age=age,
        color=color,
        cost=_cost(where, table.get("cost", {})),
        players=players,
        chain_from=_strings(where, table, "chain_from"),
        effects=_effects(where, table["effects"], rules),
        aliases=_strings(where, table, "aliases"),
        chain_symbol=symbol,
        gives_chains=_strings(where, table, "gives_chains"),
        deck=deck,
        expansion=expansion,
    )


def _read_cards(path: Path, rules: EditionRules, age: int | None, expansion: str | None) -> list[Card]:
    """The cards of one file: of ``age`` (its ``age = N``), or of no age (``cards.toml``)."""
    data = _read_toml(path)
    _keys(_Where(path, "file"), data, {"card"} | ({"age"} if age is not None else set()), set())
    if age is not None and _typed(_Where(path, "age"), data["age"], int, "age") != age:
        raise CatalogError(f"{path.name}: age: the file of Age {age} says age = {data['age']}")
    return [
        _read_card(where, table, age, rules, expansion)
        for where, table in _entries(path, data["card"], "card")
    ]


def _read_side(path: Path, wid: str, side_name: str, raw: Any, rules: EditionRules) -> WonderSide:
    where = _Where(path, f"wonder {wid} side {side_name}")
    side = _typed(where, raw, dict, "side")
    _keys(where, side, {"stages"}, {"resource", "effects"})
    stages = []
    for number, raw_stage in enumerate(_typed(where, side["stages"], list, "stages"), 1):
        at = _Where(path, f"wonder {wid} side {side_name} stage {number}")
        stage = _typed(at, raw_stage, dict, "stage")
        _keys(at, stage, {"cost", "effects"}, set())
        stages.append(Stage(number, _cost(at, stage["cost"]), _effects(at, stage["effects"], rules)))
    if not stages:
        raise where.fail("a side has at least one stage")
    # A board prints a resource or a power of its own (Rome: leaders cost less), or both.
    if "resource" not in side and "effects" not in side:
        raise where.fail("a side prints a resource or a power (effects)")
    resource = _enum(where, side["resource"], Resource, "resource") if "resource" in side else None
    power = _effects(where, side["effects"], rules) if "effects" in side else ()
    return WonderSide(wonder=wid, side=side_name, resource=resource, stages=tuple(stages), effects=power)


def _read_wonders(path: Path, rules: EditionRules, expansion: str | None) -> list[Wonder]:
    data = _read_toml(path)
    _keys(_Where(path, "file"), data, {"wonder"}, set())
    wonders = []
    for where, table in _entries(path, data["wonder"], "wonder"):
        typed = table.get("typed", False) is True
        if typed:  # a board not yet known stage by stage: a city on it types its wonder points
            _keys(where, table, {"id", "name", "short_name", "typed"}, {"aliases"})
        else:
            _keys(where, table, {"id", "name", "short_name", "sides"}, {"aliases"})
        wid = _typed(where, table["id"], str, "id")
        if typed:
            blank = tuple(Stage(n, Cost(), ()) for n in range(1, TYPED_STAGES + 1))
            sides = tuple(WonderSide(wonder=wid, side=s, resource=None, stages=blank) for s in ("A", "B"))
        else:
            sides_table = _typed(where, table["sides"], dict, "sides")
            if set(sides_table) != {"A", "B"}:
                raise where.fail("a wonder has sides A and B")
            sides = tuple(_read_side(path, wid, s, sides_table[s], rules) for s in ("A", "B"))
        wonders.append(
            Wonder(
                id=wid,
                name=_typed(where, table["name"], str, "name"),
                short_name=_typed(where, table["short_name"], str, "short_name"),
                sides=sides,
                aliases=_strings(where, table, "aliases"),
                expansion=expansion,
                typed=typed,
            )
        )
    return wonders


def _read_rulings(path: Path) -> list[Ruling]:
    data = _read_toml(path)
    _keys(_Where(path, "file"), data, {"ruling"}, set())
    rulings = []
    for where, table in _entries(path, data["ruling"], "ruling"):
        fields = {"id", "topic", "title", "text", "source"}
        _keys(where, table, fields, {"confirmed"})
        values = {k: _typed(where, table[k], str, k) for k in fields}
        if not values["source"].strip():
            raise where.fail("every ruling names its source")
        confirmed = _typed(where, table.get("confirmed", True), bool, "confirmed")
        rulings.append(Ruling(**values, confirmed=confirmed))
    return rulings


@record
class Parts:
    """What one folder (an edition's or an expansion's) holds, read and shape-checked."""

    folder: Path
    cards: tuple[Card, ...]
    wonders: tuple[Wonder, ...]
    rulings: tuple[Ruling, ...]


def read_parts(folder: Path, rules: EditionRules, expansion: str | None = None) -> Parts:
    """The cards, wonders and rulings of an edition's folder (every file required) or of an
    expansion's (every file optional), read with ``rules`` (the edition with the expansion)."""

    def present(name: str) -> Path | None:
        path = folder / name
        return path if expansion is None or path.exists() else None

    cards: list[Card] = []
    for age in range(1, rules.ages + 1):
        if (path := present(f"age{age}.toml")) is not None:
            cards.extend(_read_cards(path, rules, age, expansion))
    if expansion is not None and (folder / "cards.toml").exists():
        cards.extend(_read_cards(folder / "cards.toml", rules, None, expansion))
    if expansion is not None:
        # ``with-OTHER.toml``: cards of no age that come into play only beside the expansion
        # OTHER, laid before this one (the Cities leaders need Leaders' white cards).
        for extra in sorted(folder.glob("with-*.toml")):
            if extra.stem.removeprefix("with-") in rules.expansions:
                cards.extend(_read_cards(extra, rules, None, expansion))
    wonders = _read_wonders(path, rules, expansion) if (path := present("wonders.toml")) else []
    rulings = _read_rulings(path) if (path := present("rulings.toml")) else []
    return Parts(folder, tuple(cards), tuple(wonders), tuple(rulings))


# --- references across the whole composition ------------------------------------------------


def _file_of(card: Card) -> str:
    return f"age{card.age}.toml" if card.age is not None else "cards.toml"


def check_references(rules: EditionRules, parts: list[Parts]) -> None:
    """Cross-checks once every part is read: one id is one structure, chains resolve, every
    effect suits its card, no wonder or ruling is listed twice."""
    by_id: dict[str, list[Card]] = {}
    for part in parts:
        for card in part.cards:
            by_id.setdefault(card.id, []).append(card)
    for cid, same in by_id.items():
        first = same[0]
        for other in same[1:]:
            if (other.name, other.color, other.effects, other.cost, other.expansion) != (
                first.name, first.color, first.effects, first.cost, first.expansion,
            ):  # fmt: skip
                raise CatalogError(
                    f"card {cid}: its Age {first.age} and Age {other.age} entries differ, but one id is one structure"
                )
            if other.age == first.age:
                raise CatalogError(f"card {cid}: listed twice in Age {first.age}")
    for part in parts:
        for card in part.cards:
            where = _Where(part.folder / _file_of(card), f"card {card.id}")
            for parent in card.chain_from:
                if parent not in by_id:
                    raise where.fail(f"chains from {parent!r}, which is no card")
                if rules.chains == "names" and all(
                    p.age is None or card.age is None or p.age != card.age - 1 for p in by_id[parent]
                ):
                    raise where.fail(f"chains from {parent!r}, which is not a card of the previous age")
            for effect in card.effects:
                problem = effect.check(card.color, rules)
                if problem:
                    raise where.fail(problem)
    _check_wonders_and_rulings(rules, parts)


def _check_wonders_and_rulings(rules: EditionRules, parts: list[Parts]) -> None:
    seen_wonders: set[str] = set()
    seen_rulings: set[str] = set()
    for part in parts:
        for wonder in part.wonders:
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
        for ruling in part.rulings:
            if ruling.id in seen_rulings:
                raise CatalogError(f"rulings.toml: ruling {ruling.id}: listed twice")
            seen_rulings.add(ruling.id)


def chains_from_symbols(parts: list[Parts]) -> list[Parts]:
    """In an edition that chains by symbol, each card's ``chain_from``: every card of an
    earlier age that prints the symbol beside its cost (a chain may skip an age)."""
    cards = [card for part in parts for card in part.cards]
    givers: dict[str, list[Card]] = {}
    for card in cards:
        for symbol in card.gives_chains:
            givers.setdefault(symbol, []).append(card)
    used = {card.chain_symbol for card in cards if card.chain_symbol}
    out = []
    for part in parts:
        chained = []
        for card in part.cards:
            where = _Where(part.folder / _file_of(card), f"card {card.id}")
            parents: tuple[str, ...] = ()
            if card.chain_symbol:
                parents = tuple(
                    dict.fromkeys(
                        g.id
                        for g in givers.get(card.chain_symbol, [])
                        if g.age is not None and card.age is not None and g.age < card.age
                    )
                )
                if not parents:
                    raise where.fail(
                        f"chain symbol {card.chain_symbol!r} is printed on no card of an earlier age"
                    )
            for symbol in card.gives_chains:
                if symbol not in used:
                    raise where.fail(f"gives the chain symbol {symbol!r}, which no card needs")
            chained.append(replace(card, chain_from=parents))
        out.append(replace(part, cards=tuple(chained)))
    return out
