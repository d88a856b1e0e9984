"""The fields of a city in the JSON game format, one :class:`CityField` each: its key (the
game format's, and the :class:`~.model.City` attribute's), how it is read (with a message
naming the field when it cannot be), how it is written back, its JSON Schema for the OpenAPI
document, its name in a player's words, how two phones' edits of it merge, and its value
when a city does not give it. A field an expansion adds also says when a game has it, how
the city form asks for it (:class:`Entry`) and, when it carries a rule of its own, the rule
that scores it. These are the game format's own; :mod:`.expansion_fields` has those the
expansions add and :func:`~.expansion_fields.fields_of`, every field of a catalog's cities.
:mod:`.cityformat` reads and writes a city through them; the OpenAPI document, the city form
and the store's merge are built from them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache

from .catalog import Catalog, available_expansions, catalog_for, expansion_rules
from .cityschema import (
    categories_schema,
    military_schema,
    most_stages,
    side_schema,
    stage_ages_schema,
)
from .describe import join
from .errors import GameFormatError, Path
from .inputs import _is_int, clean_text, show, unsafe_text, whole
from .limits import (
    MAX_CARDS,
    MAX_COINS,
    MAX_NAME_LENGTH,
    MAX_SHIELDS,
    MAX_SYMBOLS,
    MAX_TOKEN,
    MAX_TOKENS,
    PRINTABLE,
    SYMBOL_FIELDS,
)
from .model import Category, City, Problem, ScienceSymbols
from .records import record
from .text import N_, Nn_, Text, squeeze, verbatim

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, Literal

    from .model import Detail, Game

    Merge = Literal["value", "set", "multiset", "keys"]
    Shape = Literal["count", "per-age", "ages", "name"]
    Rows = Sequence[tuple[list[int], list[Detail]]]
    Rule = Callable[[Game, Catalog, Mapping[Category, int], Rows, list[Problem]], None]

__all__ = [
    "CITY_FIELDS",
    "MISSING",
    "OMIT",
    "CityField",
    "CityReader",
    "Entry",
    "clean_text",
    "show",
    "unsafe_text",
]


MISSING: Any = object()
"""What a reader is given for a field the city does not have."""


class CityReader:
    """One city being read: its raw JSON, its seat, the catalog, and what is read so far.

    The happy path builds no message: a label and a path are made only when something is
    refused (or, for unknown fields, noted).
    """

    __slots__ = ("catalog", "got", "index", "notes", "pad", "raw")

    def __init__(self, raw: Mapping[str, Any], index: int, catalog: Catalog, notes: list[Problem]) -> None:
        self.raw = raw
        self.index = index
        self.catalog = catalog
        self.notes = notes
        self.pad = "categories" in raw and "cards" not in raw
        """The city is a paper pad's numbers (``categories`` without ``cards``), not card by
        card (a city with cards may type its expansions' rows in ``categories``)."""
        self.got: dict[str, Any] = {}
        """The fields read so far, by key (a field read later may depend on them)."""

    def at(self, *path: str | int) -> Path:
        """The path of something inside this city: ``at("coins")`` -> ``cities[i].coins``."""
        return ("cities", self.index, *path)

    @property
    def label(self) -> Text:
        """The city in a message: ``Ana's city`` (or ``city 3`` before a name is readable)."""
        player = self.raw.get("player")
        if isinstance(player, str) and player.strip():
            return N_("{player}'s city", player=clean_text(player.strip()[:MAX_NAME_LENGTH]))
        return N_("city {n}", n=self.index + 1)


OMIT: Any = object()
"""What a writer returns for a field the city's JSON leaves out (its default)."""


@record
class Entry:
    """How the city form asks for a field an expansion adds, in one of four shapes the form
    and its one template piece (``templates/games/_city_field.html``) know: a ``count`` (a
    number with − and + buttons), a number ``per-age`` (one box an age), the ``ages`` it
    happened in (a checkbox an age), or a ``name`` (a line of text)."""

    shape: Shape
    label: Text
    """What the form asks (``Naval strength at the end of each age``)."""
    most: int
    """The largest number (``count``, ``per-age``) or the longest name (``name``)."""
    hint: Text | None = None
    """A sentence under the input: what the field is for."""
    set_up: bool = False
    """Asked only in a game where some city already gives it (chosen when the game is set
    up, as the team game is)."""


@record
class CityField:
    """One field of a city in the game format (see the module's description)."""

    key: str
    label: Text
    """The field in a player's words (``the coins``): a save conflict names it so."""
    read: Callable[[CityReader, Any], Any]
    """Its value for :class:`~.model.City` from the raw value (:data:`MISSING` when absent)."""
    write: Callable[[City], Any]
    """Its JSON value from a city (:data:`OMIT`: left out)."""
    schema: Callable[[Catalog], dict[str, Any]]
    """Its JSON Schema for a city of this catalog (the OpenAPI document)."""
    merge: Merge = "value"
    """How a phone's edit merges into a change made meanwhile: as one value, as a set (each
    item once), as a multiset (items repeat) or key by key (an object)."""
    during_play: bool = False
    """A field of a game in progress (the game format's "During play")."""
    extra: bool = False
    """Kept in :attr:`~.model.City.extra` by its key (False: the City attribute of its name),
    given only when its value is not empty."""
    absent: Any = MISSING
    """Its value when the city does not give it, where that needs nothing else the city gives
    (:data:`MISSING`: ``read`` decides): the reader is not called for an absent field."""
    applies: Callable[[Catalog], bool] | None = None
    """Whether a game of this catalog has the field (None: every game, the format's own)."""
    entry: Entry | None = None
    """How the city form asks for it (None: the form asks in its own way, or not at all)."""
    rule: Rule | None = None
    """What it does when the table is scored, after every city's cards and tokens: given the
    game, the catalog, each category's row, each city's rows and details, and the problems."""


def _read_player(r: CityReader, raw: Any) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise GameFormatError(r.at("player"), N_("City {n} needs a player name.", n=r.index + 1))
    player = squeeze(raw)
    if len(player) > MAX_NAME_LENGTH:
        raise GameFormatError(
            r.at("player"), N_("A player name has at most {n} characters.", n=MAX_NAME_LENGTH)
        )
    if unsafe_text(player):
        raise GameFormatError(
            r.at("player"),
            N_(
                "City {n}: the player name holds a character that cannot be kept ({value}).",
                n=r.index + 1,
                value=show(player),
            ),
        )
    return player


def _read_wonder(r: CityReader, raw_wonder: Any) -> str | None:
    if raw_wonder is MISSING or raw_wonder is None:
        if not r.pad:
            raise GameFormatError(r.at("wonder"), N_("{city} needs its wonder.", city=r.label))
        return None
    catalog = r.catalog
    wonder = catalog.resolve_wonder(raw_wonder) if isinstance(raw_wonder, str) else None
    if wonder is None:
        names = ", ".join(w.id for w in catalog.wonders)
        raise GameFormatError(
            r.at("wonder"),
            N_(
                "{city}: unknown wonder {value} (the wonders are {names}).",
                city=r.label,
                value=show(raw_wonder),
                names=names,
            ),
        )
    return wonder


def _read_side(r: CityReader, raw_side: Any) -> str:
    if r.got["wonder"] is None:
        return "A"
    if raw_side is MISSING or raw_side in ("A", "B"):
        return "A" if raw_side is MISSING else str(raw_side)
    names = dict(r.catalog.rules.side_names)
    if isinstance(raw_side, str):  # any case and spacing, or the edition's name for it (day, Night)
        key = raw_side.strip()
        if key.upper() in ("A", "B"):
            return key.upper()
        for side, name in names.items():
            if key.casefold() == name.casefold():
                return side
    raise GameFormatError(
        r.at("side"),
        N_("{city}: the side is A or B, not {value}.", city=r.label, value=show(raw_side))
        if names["A"] == "A"
        else N_(
            "{city}: the side is A ({a}) or B ({b}), not {value}.",
            city=r.label,
            a=names["A"],
            b=names["B"],
            value=show(raw_side),
        ),
    )


@lru_cache(maxsize=16)
def _stage_counts(catalog: Catalog) -> dict[tuple[str, str], int]:
    """How many stages each wonder side has."""
    return {(w.id, side.side): len(side.stages) for w in catalog.wonders for side in w.sides}


def _plain_count(value: Any, most: int) -> bool:
    """A count its reader keeps as given: a whole number (not true or false) from 0 to ``most``."""
    return type(value) is int and 0 <= value <= most


def _read_stages(r: CityReader, stages: Any) -> int:
    wonder = r.got["wonder"]
    most = 4 if wonder is None else _stage_counts(r.catalog)[(wonder, r.got["side"])]
    if stages is MISSING:
        return 0
    if not _plain_count(stages, most):
        whole(stages, r.at("stages"), 0, most, N_("{city}: the number of wonder stages built", city=r.label))
    return int(stages)


def _read_coins(r: CityReader, coins: Any) -> int:
    if coins is MISSING:
        return 0
    if not _plain_count(coins, MAX_COINS):
        whole(coins, r.at("coins"), 0, MAX_COINS, N_("{city}: the coins", city=r.label))
    return int(coins)


def _read_cards(r: CityReader, raw_cards: Any) -> tuple[str, ...] | None:
    if r.pad:
        return None
    wonder = r.got.get("wonder")
    typed_board = wonder is not None and r.catalog.wonder(wonder).typed
    if "categories" in r.raw and not r.catalog.rules.typed_categories and not typed_board:
        raise GameFormatError(
            r.at("categories"),
            N_(
                "{city} gives both cards and categories: give the cards, or the pad's numbers, not both.",
                city=r.label,
            ),
        )
    if raw_cards is MISSING:
        return ()
    if not isinstance(raw_cards, list):
        raise GameFormatError(r.at("cards"), N_("{city}: cards must be a list of card ids.", city=r.label))
    if len(raw_cards) > MAX_CARDS:
        raise GameFormatError(r.at("cards"), N_("{city}: more than {n} cards.", city=r.label, n=MAX_CARDS))
    catalog = r.catalog
    try:  # the fast path: every card given by its id (unhashable values go the slow way)
        if catalog.card_ids_set.issuperset(raw_cards):
            return tuple(raw_cards)
    except TypeError:
        pass
    resolve = catalog.resolve_card
    resolved = [resolve(name) if isinstance(name, str) else None for name in raw_cards]
    if None in resolved:
        j = resolved.index(None)
        owner = _card_owner(catalog, raw_cards[j]) if isinstance(raw_cards[j], str) else None
        if owner is not None:
            # Every card of that expansion the city lists, named at once (a table that forgot
            # to tick Leaders lists several leaders).
            theirs = [
                found[2]
                for k, name in enumerate(raw_cards)
                if resolved[k] is None and isinstance(name, str)
                and (found := _card_owner(catalog, name)) is not None and found[0] == owner[0]
            ]  # fmt: skip
            raise GameFormatError(
                r.at("cards", j),
                Nn_(
                    "{city}: {cards} is a card of {expansion}: add {id} to the game's expansions, or "
                    "leave the card out.",
                    "{city}: {cards} are cards of {expansion}: add {id} to the game's expansions, or "
                    "leave the cards out.",
                    len(theirs),
                    city=r.label, cards=join([verbatim(t) for t in theirs]), expansion=owner[1], id=owner[0],
                ),
            )  # fmt: skip
        raise GameFormatError(
            r.at("cards", j), N_("{city}: unknown card {value}.", city=r.label, value=show(raw_cards[j]))
        )
    return tuple(card for card in resolved if card is not None)


def _card_owner(catalog: Catalog, name: str) -> tuple[str, str, str] | None:
    """The expansion (id, name) adding the card ``name`` (an id or a name) when the game does
    not play it, with the card's name: a Leaders card at a table that forgot to tick Leaders."""
    for expansion in available_expansions(catalog.edition):
        if expansion in catalog.expansions:
            continue
        alone = catalog_for(catalog.edition, [expansion])
        card = alone.resolve_card(name)
        if card is not None:
            return expansion, expansion_rules(catalog.edition, expansion).name, alone.structure(card).name
    return None


_BY_KEY: dict[tuple[Category, ...], dict[str, Category]] = {}
"""Each edition's categories by their key (looked up once)."""


def _read_categories(r: CityReader, raw: Any) -> tuple[tuple[Category, int], ...] | None:
    """A pad's numbers: any of the edition's categories, in the edition's order."""
    if raw is MISSING:
        return None
    known = r.catalog.rules.categories if r.pad else r.catalog.rules.typed_categories
    wonder = r.got.get("wonder")
    if not r.pad and wonder is not None and r.catalog.wonder(wonder).typed:
        known = (Category.WONDER, *known)  # a typed board: its wonder points are typed too
    if not isinstance(raw, dict):
        raise GameFormatError(
            r.at("categories"), N_("{city}: categories map each category to its points.", city=r.label)
        )
    by_key = _BY_KEY.get(known) or _BY_KEY.setdefault(known, {c.value: c for c in known})
    out = []
    for key, value in raw.items():
        category = by_key.get(key) if isinstance(key, str) else None
        if category is None and not r.pad and isinstance(key, str) and key in r.catalog.rules.categories:
            raise GameFormatError(
                r.at("categories", key),
                N_(
                    "{city} gives its cards: {value} is counted from them. Beside its cards a city "
                    "types only its expansions' rows ({names}), or gives the pad's numbers alone.",
                    city=r.label,
                    value=show(key),
                    names=", ".join(known) or "none",
                ),
            )
        if category is None:
            raise GameFormatError(
                r.at("categories", clean_text(str(key))),
                N_(
                    "{city}: unknown category {value} (the categories are {names}).",
                    city=r.label,
                    value=show(key),
                    names=", ".join(known),
                ),
            )
        low, high = r.catalog.rules.category_range(category)
        if not _is_int(value) or not low <= value <= high:
            whole(
                value,
                r.at("categories", key),
                low,
                high,
                N_("{city}: the {category} points", city=r.label, category=key),
            )
        out.append((category, value))
    order = {c: i for i, c in enumerate(known)}
    return tuple(sorted(out, key=lambda kv: order[kv[0]]))


def _read_symbols(r: CityReader, raw: Any) -> ScienceSymbols | None:
    if raw is MISSING or raw is None:
        return None
    at = r.at("science_symbols")
    if not r.pad:
        raise GameFormatError(
            at,
            N_(
                "{city}: science symbols are counted from the cards; give them only with a pad's categories.",
                city=r.label,
            ),
        )
    if not isinstance(raw, dict):
        raise GameFormatError(
            at, N_("{city}: science_symbols counts compass, gear, tablet and wild.", city=r.label)
        )
    unknown = set(raw) - set(SYMBOL_FIELDS)
    if unknown:
        key = sorted(unknown, key=str)[0]
        raise GameFormatError(
            (*at, clean_text(str(key))),
            N_("{city}: unknown science symbol {value}.", city=r.label, value=show(key)),
        )
    counts = {
        key: whole(
            raw.get(key, 0),
            (*at, key),
            0,
            MAX_SYMBOLS,
            N_("{city}: the number of {symbol} symbols", city=r.label, symbol=key),
        )
        for key in SYMBOL_FIELDS
    }
    return ScienceSymbols(**counts)


def _read_military(r: CityReader, raw: Any) -> tuple[int, ...] | None:
    if raw is MISSING or raw is None:
        return None
    if not _plain_tokens(raw):
        if isinstance(raw, list) and len(raw) > MAX_TOKENS:
            message = N_("{city}: more conflict tokens than a game hands out.", city=r.label)
        else:
            message = N_("{city}: military lists conflict tokens as numbers (1, 3, 5 or -1).", city=r.label)
        raise GameFormatError(r.at("military"), message)
    return tuple(raw)


def _read_shields(r: CityReader, raw: Any) -> tuple[int, int, int] | None:
    if raw is MISSING or raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != 3:
        raise GameFormatError(
            r.at("shields_by_age"),
            N_("{city}: shields_by_age lists the shields at the end of Ages I, II and III.", city=r.label),
        )
    if not _plain_shields(raw):
        for k, v in enumerate(raw):
            if not _is_int(v) or not 0 <= v <= MAX_SHIELDS:
                whole(v, r.at("shields_by_age", k), 0, MAX_SHIELDS, N_("{city}: the shields", city=r.label))
    return (raw[0], raw[1], raw[2])


def _plain_shields(raw: Any) -> bool:
    """Shields by age :func:`_read_shields` keeps: three whole numbers within the shields' range."""
    return (
        type(raw) is list
        and len(raw) == 3
        and {int}.issuperset(map(type, raw))
        and min(raw) >= 0
        and max(raw) <= MAX_SHIELDS
    )


def _read_free_city(r: CityReader, free_city: Any) -> bool:
    if free_city is MISSING or free_city is False:
        return False
    if free_city is not True:
        raise GameFormatError(r.at("free_city"), N_("{city}: free_city must be true or false.", city=r.label))
    return True


def _read_free_build_used(r: CityReader, used: Any) -> bool | None:
    if used is MISSING or used is None:
        return None
    if used is not True and used is not False:
        raise GameFormatError(
            r.at("free_build_used"), N_("{city}: free_build_used must be true or false.", city=r.label)
        )
    return bool(used)


def _read_stage_ages(r: CityReader, raw_ages: Any) -> tuple[int, ...] | None:
    if raw_ages is MISSING or raw_ages is None:
        return None
    stages = r.got["stages"]
    at = r.at("stage_ages")
    if not isinstance(raw_ages, list) or len(raw_ages) != stages:
        raise GameFormatError(
            at,
            Nn_(
                "{city}: stage_ages gives the age in which each built stage was built: {n} age, "
                "for the {n} stage built.",
                "{city}: stage_ages gives the age in which each built stage was built: {n} ages, "
                "for the {n} stages built.",
                stages,
                city=r.label,
            ),
        )
    ages = r.catalog.rules.ages
    for k, value in enumerate(raw_ages):
        if not _is_int(value) or not 1 <= value <= ages:
            whole(value, (*at, k), 1, ages, N_("{city}: the age of stage {n}", city=r.label, n=k + 1))
        if k and value < raw_ages[k - 1]:
            raise GameFormatError(
                (*at, k),
                N_(
                    "{city}: stages are built in order, so stage {n} cannot date from an earlier age "
                    "than stage {previous}.",
                    city=r.label,
                    n=k + 1,
                    previous=k,
                ),
            )
    return tuple(raw_ages)


def _read_copied_guild(r: CityReader, raw: Any) -> str | None:
    if raw is MISSING or raw is None:
        return None
    catalog = r.catalog
    copied = catalog.resolve_card(raw) if isinstance(raw, str) else None
    if copied is None or not catalog.structure(copied).is_guild:
        raise GameFormatError(
            r.at("copied_guild"),
            N_("{city}: copied_guild names a guild, not {value}.", city=r.label, value=show(raw)),
        )
    return copied


def _or_omit(value: Any) -> Any:
    return OMIT if value is None else value


def _listed(value: tuple[Any, ...] | None) -> Any:
    return OMIT if value is None else list(value)


def _write_symbols(city: City) -> Any:
    s = city.science_symbols
    if s is None:
        return OMIT
    return {"compass": s.compass, "gear": s.gear, "tablet": s.tablet, "wild": s.wild}


CITY_FIELDS: tuple[CityField, ...] = (
    CityField(
        "player",
        N_("the name"),
        _read_player,
        lambda city: city.player,
        lambda catalog: {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_NAME_LENGTH,
            "pattern": "\\S",
            "allOf": [{"pattern": PRINTABLE}],
            "description": "Runs of white space count as one space; no control characters.",
        },
    ),
    CityField(
        "wonder",
        N_("the wonder"),
        _read_wonder,
        lambda city: _or_omit(city.wonder),
        lambda catalog: {
            "type": "string",
            "enum": sorted(
                {*(w.id for w in catalog.wonders), *(a for w in catalog.wonders for a in w.aliases)}
            ),
            "description": "A wonder id (input also accepts the variants listed and any case of the names).",
        },
    ),
    CityField(
        "side",
        N_("the side"),
        _read_side,
        lambda city: OMIT if city.wonder is None else city.side,
        side_schema,
        absent="A",
    ),
    CityField(
        "stages",
        N_("the wonder stages"),
        _read_stages,
        lambda city: city.stages,
        lambda catalog: {
            "type": "integer",
            "minimum": 0,
            "maximum": most_stages(catalog),
            "description": "At most the number of stages of the wonder's side.",
        },
        absent=0,
    ),
    CityField(
        "coins",
        N_("the coins"),
        _read_coins,
        lambda city: city.coins,
        lambda catalog: {"type": "integer", "minimum": 0, "maximum": MAX_COINS},
        absent=0,
    ),
    CityField(
        "cards",
        N_("the structures"),
        _read_cards,
        lambda city: _listed(city.cards),
        lambda catalog: {
            "type": "array",
            "maxItems": MAX_CARDS,
            "items": {"type": "string", "enum": sorted({c.id for c in catalog.cards})},
            "description": "Card ids (input also accepts the English names in any case, and common variants).",
        },
        merge="set",
    ),
    CityField(
        "categories",
        N_("the pad's numbers"),
        _read_categories,
        lambda city: OMIT if city.categories is None else {c.value: n for c, n in city.categories},
        categories_schema,
        merge="keys",
        absent=None,
    ),
    CityField(
        "science_symbols",
        N_("the science symbols"),
        _read_symbols,
        _write_symbols,
        lambda catalog: {
            "type": "object",
            "properties": {
                k: {"type": "integer", "minimum": 0, "maximum": MAX_SYMBOLS} for k in SYMBOL_FIELDS
            },
            "additionalProperties": False,
        },
        merge="keys",
        absent=None,
    ),
    CityField(
        "military",
        N_("the conflict tokens"),
        _read_military,
        lambda city: _listed(city.military),
        military_schema,
        merge="multiset",
        absent=None,
    ),
    CityField(
        "shields_by_age",
        N_("the shields"),
        _read_shields,
        lambda city: _listed(city.shields_by_age),
        lambda catalog: {
            "type": "array",
            "items": {"type": "integer", "minimum": 0, "maximum": MAX_SHIELDS},
            "minItems": catalog.rules.ages,
            "maxItems": catalog.rules.ages,
        },
        absent=None,
    ),
    CityField(
        "free_city",
        N_("the Free City"),
        _read_free_city,
        lambda city: True if city.free_city else OMIT,
        lambda catalog: (
            {"type": "boolean"}
            if catalog.rules.free_city_players
            else {"type": "boolean", "const": False, "description": "This edition has no Free City."}
        ),
        absent=False,
    ),
    CityField(
        "free_build_used",
        N_("the free build"),
        _read_free_build_used,
        lambda city: _or_omit(city.free_build_used),
        lambda catalog: {
            "type": "boolean",
            "description": "During play: the city's once-per-age free build was used this age.",
        },
        during_play=True,
        absent=None,
    ),
    CityField(
        "stage_ages",
        N_("the ages of the stages"),
        _read_stage_ages,
        lambda city: _listed(city.stage_ages),
        stage_ages_schema,
        during_play=True,
        absent=None,
    ),
    CityField(
        "copied_guild",
        N_("the guild copied"),
        _read_copied_guild,
        lambda city: _or_omit(city.copied_guild),
        lambda catalog: {
            "type": "string",
            "enum": sorted(c.id for c in catalog.guilds()),
            "description": "During play: the guild the table says Olympia copied (a neighbour's).",
        },
        during_play=True,
        absent=None,
    ),
)
"""Every field of a city the game format has, in the order a city is written."""


def _plain_tokens(raw: Any) -> bool:
    """Conflict tokens :func:`_read_military` keeps: a list of whole numbers (not true or
    false) within the tokens' range."""
    return (
        type(raw) is list
        and len(raw) <= MAX_TOKENS
        and (not raw or ({int}.issuperset(map(type, raw)) and _TOKEN_VALUES.issuperset(raw)))
    )


_TOKEN_VALUES = frozenset(range(-MAX_TOKEN, MAX_TOKEN + 1))
"""The whole numbers a conflict token may be (once each item is known to be an ``int``)."""
