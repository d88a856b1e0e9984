"""The JSON game format (``design/game-format.md``): parse with field-precise errors, and dump.

``parse_game`` turns decoded JSON into a :class:`~assistant.rules.model.Game` or raises
:class:`GameFormatError` naming the first field that cannot be read, in one sentence a
player understands. What is readable but wrong about the table (two Baths in a city,
tokens that cannot pair up) is not refused here: :mod:`~assistant.rules.validate`
reports every such problem and the table is still scored.

``sheet_to_dict``, ``verdict_to_dict`` and ``game_to_dict`` produce the format's output.
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Callable, Mapping
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from .catalog import Catalog, available_editions, catalog_for
from .describe import age_numeral
from .errors import GameFormatError as GameFormatError
from .model import (
    CATEGORIES,
    Card,
    Category,
    City,
    Detail,
    Game,
    Payment,
    Problem,
    ProblemCode,
    ScienceSymbols,
    ScoreSheet,
    Verdict,
)
from .text import N_, Nn_, Text

if TYPE_CHECKING:  # the Free City's helper (and the build adjudicator it uses) only when asked
    from .freecity import FreeCityPlay

MAX_NAME_LENGTH = 40
MAX_COINS = 999
MAX_CARDS = 60
MAX_SHIELDS = 99
MAX_TOKEN = 99
"""The largest conflict token value read (larger ones are not numbers a table writes)."""
MAX_TOKENS = 18
"""Conflict tokens a city can list (more than a game ever hands out)."""
MAX_POINTS = 999
"""The most a pad's category may hold."""
MIN_MILITARY = -18
"""The least a pad's military may hold (defeats are negative)."""
MAX_SYMBOLS = 20
"""Science symbols of one kind a pad may give."""
MAX_DISCARD = 160
"""Cards the discard pile may list (more than a box holds)."""
MAX_HAND = 20
"""Cards a question about a hand may list (the Free City's: more than a hand ever holds)."""


def category_range(category: Category) -> tuple[int, int]:
    """The points a pad may give a category: ``(least, most)``; the forms and the OpenAPI
    document take their limits from here."""
    return (MIN_MILITARY if category is Category.MILITARY else 0), MAX_POINTS


CITY_FIELDS = frozenset(
    {
        "player", "wonder", "side", "stages", "coins", "cards", "military",
        "shields_by_age", "free_city", "categories", "science_symbols",
        "free_build_used", "stage_ages", "copied_guild",
    }
)  # fmt: skip
PLAY_FIELDS = frozenset({"free_build_used", "stage_ages", "copied_guild"})
"""A city's fields of a game in progress (the game format's "During play")."""
GAME_FIELDS = frozenset({"edition", "cities", "age", "discard"})
SYMBOL_FIELDS = ("compass", "gear", "tablet", "wild")
_BY_KEY: dict[tuple[Category, ...], dict[str, Category]] = {}
"""Each edition's categories by their key (looked up once)."""
_UNSAFE_CATEGORIES = frozenset({"Cc", "Cs"})  # control characters, lone surrogates
_EDITIONS_SEEN: set[int] = set()
"""Editions a game has named that :func:`available_editions` knows (looked up once)."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def unsafe_text(text: str) -> bool:
    """True when ``text`` holds a control character (NUL...) or a lone surrogate.

    Neither can be shown on a UTF-8 page or kept by every database (PostgreSQL refuses NUL
    in text; nothing encodes ``"\\ud800"`` as UTF-8), so names and titles holding one are
    refused instead of stored.
    """
    if text.isprintable():  # the common case, in C: letters, digits, ASCII spaces
        return False
    return any(unicodedata.category(ch) in _UNSAFE_CATEGORIES for ch in text)


def clean_text(text: str) -> str:
    """``text`` with control characters and lone surrogates written as escapes (to show them)."""
    if not unsafe_text(text):
        return text
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in _UNSAFE_CATEGORIES else ch
        for ch in text
    )


def _show_int(value: int) -> str:
    if value.bit_length() <= 64:
        return str(value)
    # Python refuses str() of numbers past 4,300 digits; show the size instead.
    return ("-" if value < 0 else "") + f"~10^{int(value.bit_length() * 0.30103)}"


class _Short(reprlib.Repr):
    """A short, safe picture of any decoded JSON value (deep nesting and huge numbers too)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxlist = self.maxdict = 4
        self.maxstring = self.maxother = 36

    def repr_int(self, x: int, level: int) -> str:
        return _show_int(x)

    def repr_str(self, x: str, level: int) -> str:
        return '"' + clean_text(x[:36]) + ('..."' if len(x) > 36 else '"')


_SHORT = _Short()


def _show(value: Any) -> str:
    if isinstance(value, str):
        text = '"' + clean_text(value[:60]) + '"'
    elif _is_int(value):
        text = _show_int(value)
    else:
        text = _SHORT.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _not_whole(field: str, value: Any, what: Text) -> GameFormatError:
    return GameFormatError(
        field, N_("{what} must be a whole number, not {value}.", what=what, value=_show(value))
    )


def _out_of_range(field: str, value: Any, low: int, high: int, what: Text) -> GameFormatError:
    return GameFormatError(
        field,
        N_(
            "{what} must be between {low} and {high}, not {value}.",
            what=what,
            low=low,
            high=high,
            value=_show(value),
        ),
    )


def _whole(value: Any, field: str, low: int, high: int, what: Text) -> int:
    if not _is_int(value):
        raise _not_whole(field, value, what)
    if value < low or value > high:
        raise _out_of_range(field, value, low, high, what)
    return int(value)


def _city_label(raw: Mapping[str, Any], index: int) -> Text:
    player = raw.get("player")
    if isinstance(player, str) and player.strip():
        return N_("{player}'s city", player=clean_text(player.strip()[:MAX_NAME_LENGTH]))
    return N_("city {n}", n=index + 1)


def _check_edition(edition: Any) -> None:
    """Refuse an edition the assistant does not know; remember one it does."""
    if not _is_int(edition) or edition not in available_editions():
        editions = ", ".join(str(e) for e in available_editions())
        raise GameFormatError(
            "edition",
            N_(
                "Unknown edition {value}: the assistant knows edition {editions}.",
                value=_show(edition),
                editions=editions,
            ),
        )
    _EDITIONS_SEEN.add(edition)  # editions are only ever added, never taken away


def parse_game(data: Any, catalog: Catalog | None = None) -> Game:
    """Read a game in the JSON game format (already decoded from JSON)."""
    if not isinstance(data, dict):
        raise GameFormatError("game", N_("A game is a JSON object with a list of cities."))
    notes: list[Problem] = []
    if not GAME_FIELDS.issuperset(data):
        for key in sorted(set(data) - GAME_FIELDS, key=str):
            key = clean_text(str(key))
            notes.append(
                Problem(
                    "warning",
                    ProblemCode.UNKNOWN_FIELD,
                    N_("The field {field} is not part of the game format and was ignored.", field=key),
                    field=key,
                )
            )
    edition = data.get("edition", 1)
    if type(edition) is not int or edition not in _EDITIONS_SEEN:
        _check_edition(edition)
    catalog = catalog or catalog_for(edition)
    rules = catalog.rules
    raw_cities = data.get("cities")
    if not isinstance(raw_cities, list):
        raise GameFormatError("cities", N_("A game needs its cities: a list, in clockwise seating order."))
    if len(raw_cities) < rules.min_players or len(raw_cities) > rules.max_players:
        raise GameFormatError(
            "cities",
            N_(
                "A table has {low} to {high} cities (two players add the Free City), not {n}.",
                low=rules.min_players,
                high=rules.max_players,
                n=len(raw_cities),
            )
            if rules.free_city_players
            else N_(
                "A table of this edition has {low} to {high} cities, not {n}.",
                low=rules.min_players,
                high=rules.max_players,
                n=len(raw_cities),
            ),
        )
    cities = tuple([_parse_city(raw, i, catalog, notes) for i, raw in enumerate(raw_cities)])
    free = [i for i, c in enumerate(cities) if c.free_city]
    if free:
        players = len(cities) - len(free)
        if not rules.free_city_players:
            raise GameFormatError(
                f"cities[{free[0]}].free_city",
                N_(
                    "This edition has no Free City: it is played by {low} to {high} players.",
                    low=rules.min_players,
                    high=rules.max_players,
                ),
            )
        if players != rules.free_city_players:
            raise GameFormatError(
                f"cities[{free[0]}].free_city",
                N_("The Free City is only for two-player games; this table has {n} players.", n=players),
            )
        if len(free) > 1:
            raise GameFormatError(f"cities[{free[1]}].free_city", N_("A table has only one Free City."))
    if "age" not in data and "discard" not in data:
        return Game(cities=cities, edition=edition, notes=tuple(notes))
    age, discard = _parse_play(data, cities, catalog)
    return Game(cities=cities, edition=edition, notes=tuple(notes), age=age, discard=discard)


def _parse_play(
    data: Mapping[str, Any], cities: tuple[City, ...], catalog: Catalog
) -> tuple[int | None, tuple[str, ...]]:
    """The game's ``age`` and ``discard`` (During play), checked against its cities."""
    ages = catalog.rules.ages
    age = data.get("age")
    if age is not None:
        if not _is_int(age) or not 1 <= age <= ages:
            raise GameFormatError(
                "age",
                N_(
                    "The age being played is a whole number from 1 to {n}, not {value}.",
                    n=ages,
                    value=_show(age),
                ),
            )
        for index, city in enumerate(cities):
            for k, built in enumerate(city.stage_ages or ()):
                if built > age:
                    raise GameFormatError(
                        f"cities[{index}].stage_ages[{k}]",
                        N_(
                            "{player}: stage {stage} cannot have been built in Age {built} while the table "
                            "plays Age {age}.",
                            player=city.player,
                            stage=k + 1,
                            built=age_numeral(built),
                            age=age_numeral(age),
                        ),
                    )
    raw = data.get("discard", [])
    if not isinstance(raw, list):
        raise GameFormatError("discard", N_("The discard pile is a list of card ids."))
    if len(raw) > MAX_DISCARD:
        raise GameFormatError("discard", N_("The discard pile lists more than {n} cards.", n=MAX_DISCARD))
    discard = []
    for j, name in enumerate(raw):
        card = catalog.resolve_card(name) if isinstance(name, str) else None
        if card is None:
            raise GameFormatError(
                f"discard[{j}]", N_("The discard pile holds an unknown card: {value}.", value=_show(name))
            )
        discard.append(card)
    return age, tuple(discard)


@lru_cache(maxsize=16)
def _stage_counts(catalog: Catalog) -> dict[tuple[str, str], int]:
    """How many stages each wonder side has."""
    return {(w.id, side.side): len(side.stages) for w in catalog.wonders for side in w.sides}


def _parse_city(raw: Any, index: int, catalog: Catalog, notes: list[Problem]) -> City:
    # The happy path builds no message: every Text and field path below is made only
    # when something is refused (or, for unknown fields, noted).
    if not isinstance(raw, dict):
        raise GameFormatError(f"cities[{index}]", N_("City {n} must be a JSON object.", n=index + 1))
    if not CITY_FIELDS.issuperset(raw):
        at = f"cities[{index}]"
        label = _city_label(raw, index)
        for key in sorted(set(raw) - CITY_FIELDS, key=str):
            key = clean_text(str(key))
            notes.append(
                Problem(
                    "warning", ProblemCode.UNKNOWN_FIELD,
                    N_("{city}: the field {field} is not part of the game format and was ignored.", city=label, field=key),
                    city=index, field=f"{at}.{key}",
                )
            )  # fmt: skip
    player = raw.get("player")
    if not isinstance(player, str) or not player.strip():
        raise GameFormatError(f"cities[{index}].player", N_("City {n} needs a player name.", n=index + 1))
    player = " ".join(player.split())
    if len(player) > MAX_NAME_LENGTH:
        raise GameFormatError(
            f"cities[{index}].player", N_("A player name has at most {n} characters.", n=MAX_NAME_LENGTH)
        )
    if unsafe_text(player):
        raise GameFormatError(
            f"cities[{index}].player",
            N_(
                "City {n}: the player name holds a character that cannot be kept ({value}).",
                n=index + 1,
                value=_show(player),
            ),
        )
    free_city = raw.get("free_city", False)
    if free_city is not False and free_city is not True:
        raise GameFormatError(
            f"cities[{index}].free_city",
            N_("{city}: free_city must be true or false.", city=_city_label(raw, index)),
        )

    pad = "categories" in raw
    if pad and "cards" in raw:
        raise GameFormatError(
            f"cities[{index}].categories",
            N_(
                "{city} gives both cards and categories: give the cards, or the pad's numbers, not both.",
                city=_city_label(raw, index),
            ),
        )

    wonder: str | None = None
    side = "A"
    stages_max = 4
    raw_wonder = raw.get("wonder")
    if raw_wonder is None:
        if not pad:
            raise GameFormatError(
                f"cities[{index}].wonder", N_("{city} needs its wonder.", city=_city_label(raw, index))
            )
    else:
        wonder = catalog.resolve_wonder(raw_wonder) if isinstance(raw_wonder, str) else None
        if wonder is None:
            names = ", ".join(w.id for w in catalog.wonders)
            raise GameFormatError(
                f"cities[{index}].wonder",
                N_(
                    "{city}: unknown wonder {value} (the wonders are {names}).",
                    city=_city_label(raw, index),
                    value=_show(raw_wonder),
                    names=names,
                ),
            )
        raw_side = raw.get("side", "A")
        side = raw_side if raw_side in ("A", "B") else _side(raw_side, raw, index, catalog)
        stages_max = _stage_counts(catalog)[(wonder, side)]
    stages = raw.get("stages", 0)
    if type(stages) is not int or not 0 <= stages <= stages_max:
        _whole(
            stages,
            f"cities[{index}].stages",
            0,
            stages_max,
            N_("{city}: the number of wonder stages built", city=_city_label(raw, index)),
        )
    coins = raw.get("coins", 0)
    if type(coins) is not int or not 0 <= coins <= MAX_COINS:
        _whole(
            coins,
            f"cities[{index}].coins",
            0,
            MAX_COINS,
            N_("{city}: the coins", city=_city_label(raw, index)),
        )

    cards: tuple[str, ...] | None = None
    categories: tuple[tuple[Category, int], ...] | None = None
    if pad:
        categories = _parse_categories(
            raw["categories"], f"cities[{index}].categories", raw, index, catalog.rules.categories
        )
    else:
        raw_cards = raw.get("cards", [])
        if not isinstance(raw_cards, list):
            raise GameFormatError(
                f"cities[{index}].cards",
                N_("{city}: cards must be a list of card ids.", city=_city_label(raw, index)),
            )
        if len(raw_cards) > MAX_CARDS:
            raise GameFormatError(
                f"cities[{index}].cards",
                N_("{city}: more than {n} cards.", city=_city_label(raw, index), n=MAX_CARDS),
            )
        try:  # the fast path: every card given by its id (unhashable values go the slow way)
            by_id = catalog.card_ids_set.issuperset(raw_cards)
        except TypeError:
            by_id = False
        resolve = catalog.resolve_card
        resolved = (
            raw_cards if by_id else [resolve(name) if isinstance(name, str) else None for name in raw_cards]
        )
        if not by_id and None in resolved:
            j = resolved.index(None)
            raise GameFormatError(
                f"cities[{index}].cards[{j}]",
                N_("{city}: unknown card {value}.", city=_city_label(raw, index), value=_show(raw_cards[j])),
            )
        cards = tuple(resolved)  # type: ignore[arg-type]  # no None left

    military: tuple[int, ...] | None = None
    raw_military = raw.get("military")
    if raw_military is not None:
        if (
            not isinstance(raw_military, list)
            or len(raw_military) > MAX_TOKENS
            or (
                raw_military
                and (
                    not {int}.issuperset(map(type, raw_military))  # whole numbers (not true/false)
                    or min(raw_military) < -MAX_TOKEN
                    or max(raw_military) > MAX_TOKEN
                )
            )
        ):
            label = _city_label(raw, index)
            if isinstance(raw_military, list) and len(raw_military) > MAX_TOKENS:
                message = N_("{city}: more conflict tokens than a game hands out.", city=label)
            else:
                message = N_("{city}: military lists conflict tokens as numbers (1, 3, 5 or -1).", city=label)
            raise GameFormatError(f"cities[{index}].military", message)
        military = tuple(raw_military)
    shields: tuple[int, int, int] | None = None
    raw_shields = raw.get("shields_by_age")
    if raw_shields is not None:
        if not isinstance(raw_shields, list) or len(raw_shields) != 3:
            raise GameFormatError(
                f"cities[{index}].shields_by_age",
                N_(
                    "{city}: shields_by_age lists the shields at the end of Ages I, II and III.",
                    city=_city_label(raw, index),
                ),
            )
        for k, v in enumerate(raw_shields):
            if not _is_int(v) or not 0 <= v <= MAX_SHIELDS:
                _whole(
                    v,
                    f"cities[{index}].shields_by_age[{k}]",
                    0,
                    MAX_SHIELDS,
                    N_("{city}: the shields", city=_city_label(raw, index)),
                )
        shields = (raw_shields[0], raw_shields[1], raw_shields[2])

    symbols: ScienceSymbols | None = None
    if raw.get("science_symbols") is not None:
        at = f"cities[{index}].science_symbols"
        if not pad:
            raise GameFormatError(
                at,
                N_(
                    "{city}: science symbols are counted from the cards; give them only with a pad's categories.",
                    city=_city_label(raw, index),
                ),
            )
        symbols = _parse_symbols(raw["science_symbols"], at, _city_label(raw, index))
    used, stage_ages, copied = (
        (None, None, None) if PLAY_FIELDS.isdisjoint(raw) else _parse_city_play(raw, index, stages, catalog)
    )
    return City(
        player=player,
        wonder=wonder,
        side=side,
        stages=stages,
        coins=coins,
        cards=cards,
        military=military,
        shields_by_age=shields,
        free_city=free_city,
        categories=categories,
        science_symbols=symbols,
        free_build_used=used,
        stage_ages=stage_ages,
        copied_guild=copied,
    )


def _parse_city_play(
    raw: Mapping[str, Any], index: int, stages: int, catalog: Catalog
) -> tuple[bool | None, tuple[int, ...] | None, str | None]:
    """A city's ``free_build_used``, ``stage_ages`` and ``copied_guild`` (During play)."""
    label = _city_label(raw, index)
    used = raw.get("free_build_used")
    if used is not None and used is not True and used is not False:
        raise GameFormatError(
            f"cities[{index}].free_build_used",
            N_("{city}: free_build_used must be true or false.", city=label),
        )
    stage_ages: tuple[int, ...] | None = None
    raw_ages = raw.get("stage_ages")
    if raw_ages is not None:
        at = f"cities[{index}].stage_ages"
        if not isinstance(raw_ages, list) or len(raw_ages) != stages:
            raise GameFormatError(
                at,
                Nn_(
                    "{city}: stage_ages gives the age in which each built stage was built: {n} age, "
                    "for the {n} stage built.",
                    "{city}: stage_ages gives the age in which each built stage was built: {n} ages, "
                    "for the {n} stages built.",
                    stages,
                    city=label,
                ),
            )
        ages = catalog.rules.ages
        for k, value in enumerate(raw_ages):
            if not _is_int(value) or not 1 <= value <= ages:
                _whole(value, f"{at}[{k}]", 1, ages, N_("{city}: the age of stage {n}", city=label, n=k + 1))
            if k and value < raw_ages[k - 1]:
                raise GameFormatError(
                    f"{at}[{k}]",
                    N_(
                        "{city}: stages are built in order, so stage {n} cannot date from an earlier age "
                        "than stage {previous}.",
                        city=label,
                        n=k + 1,
                        previous=k,
                    ),
                )
        stage_ages = tuple(raw_ages)
    copied: str | None = None
    raw_copied = raw.get("copied_guild")
    if raw_copied is not None:
        copied = catalog.resolve_card(raw_copied) if isinstance(raw_copied, str) else None
        if copied is None or not catalog.structure(copied).is_guild:
            raise GameFormatError(
                f"cities[{index}].copied_guild",
                N_("{city}: copied_guild names a guild, not {value}.", city=label, value=_show(raw_copied)),
            )
    return used, stage_ages, copied


def _side(raw_side: Any, raw: Mapping[str, Any], index: int, catalog: Catalog) -> str:
    """A side given other than exactly ``A`` or ``B``: any case and spacing, or the edition's
    name for it (``day``, ``Night``)."""
    names = dict(catalog.rules.side_names)
    if isinstance(raw_side, str):
        key = raw_side.strip()
        if key.upper() in ("A", "B"):
            return key.upper()
        for side, name in names.items():
            if key.casefold() == name.casefold():
                return side
    label = _city_label(raw, index)
    raise GameFormatError(
        f"cities[{index}].side",
        N_("{city}: the side is A or B, not {value}.", city=label, value=_show(raw_side))
        if names["A"] == "A"
        else N_(
            "{city}: the side is A ({a}) or B ({b}), not {value}.",
            city=label,
            a=names["A"],
            b=names["B"],
            value=_show(raw_side),
        ),
    )


def _parse_categories(
    raw: Any, at: str, city: Mapping[str, Any], index: int, known: tuple[Category, ...] = CATEGORIES
) -> tuple[tuple[Category, int], ...]:
    """A pad's numbers: any of the edition's categories (``known``), in the edition's order."""
    if not isinstance(raw, dict):
        raise GameFormatError(
            at, N_("{city}: categories map each category to its points.", city=_city_label(city, index))
        )
    by_key = _BY_KEY.get(known) or _BY_KEY.setdefault(known, {c.value: c for c in known})
    out = []
    for key, value in raw.items():
        category = by_key.get(key) if isinstance(key, str) else None
        if category is None:
            names = ", ".join(known)
            raise GameFormatError(
                f"{at}.{clean_text(str(key))}",
                N_(
                    "{city}: unknown category {value} (the categories are {names}).",
                    city=_city_label(city, index),
                    value=_show(key),
                    names=names,
                ),
            )
        low, high = category_range(category)
        if not _is_int(value) or not low <= value <= high:
            _whole(
                value,
                f"{at}.{key}",
                low,
                high,
                N_("{city}: the {category} points", city=_city_label(city, index), category=key),
            )
        out.append((category, value))
    order = {c: i for i, c in enumerate(known)}
    return tuple(sorted(out, key=lambda kv: order[kv[0]]))


def _parse_symbols(raw: Any, at: str, label: Text) -> ScienceSymbols:
    if not isinstance(raw, dict):
        raise GameFormatError(
            at, N_("{city}: science_symbols counts compass, gear, tablet and wild.", city=label)
        )
    unknown = set(raw) - set(SYMBOL_FIELDS)
    if unknown:
        key = sorted(unknown, key=str)[0]
        raise GameFormatError(
            f"{at}.{clean_text(str(key))}",
            N_("{city}: unknown science symbol {value}.", city=label, value=_show(key)),
        )
    counts = {
        key: _whole(
            raw.get(key, 0),
            f"{at}.{key}",
            0,
            MAX_SYMBOLS,
            N_("{city}: the number of {symbol} symbols", city=label, symbol=key),
        )
        for key in SYMBOL_FIELDS
    }
    return ScienceSymbols(**counts)


# --- output ---------------------------------------------------------------------------------

Render = Callable[[Text], str]


_ENGLISH: dict[int, tuple[Text, str]] = {}
_ENGLISH_MAX = 16384


def _english(text: Text) -> str:
    """English rendering, memoised by identity: the scorer shares one Text per constant
    detail, so the same objects recur from game to game. (Keyed by value, every lookup
    hashed the Text and its parameters recursively, some 80 hash calls per game.) The
    cache holds the Text itself, so its id cannot be reused while the entry lives."""
    entry = _ENGLISH.get(id(text))
    if entry is not None and entry[0] is text:
        return entry[1]
    rendered = _english_by_value(text)
    if len(_ENGLISH) >= _ENGLISH_MAX:
        _ENGLISH.clear()
    _ENGLISH[id(text)] = (text, rendered)
    return rendered


render_english: Render = _english
"""English rendering of a Text, memoised (the default ``render`` of the functions below)."""


@lru_cache(maxsize=16384)
def _english_by_value(text: Text) -> str:
    """Equal Texts built afresh (count-dependent details) still render once."""
    return text.render()


def city_to_dict(city: City) -> dict[str, Any]:
    """One city in the game format (fields with their default value left out)."""
    out: dict[str, Any] = {"player": city.player}
    if city.wonder is not None:
        out["wonder"] = city.wonder
        out["side"] = city.side
    out["stages"] = city.stages
    out["coins"] = city.coins
    if city.cards is not None:
        out["cards"] = list(city.cards)
    if city.categories is not None:
        out["categories"] = {c.value: n for c, n in city.categories}
    if city.science_symbols is not None:
        s = city.science_symbols
        out["science_symbols"] = {
            "compass": s.compass,
            "gear": s.gear,
            "tablet": s.tablet,
            "wild": s.wild,
        }
    if city.military is not None:
        out["military"] = list(city.military)
    if city.shields_by_age is not None:
        out["shields_by_age"] = list(city.shields_by_age)
    if city.free_city:
        out["free_city"] = True
    if city.free_build_used is not None:
        out["free_build_used"] = city.free_build_used
    if city.stage_ages is not None:
        out["stage_ages"] = list(city.stage_ages)
    if city.copied_guild is not None:
        out["copied_guild"] = city.copied_guild
    return out


def game_to_dict(game: Game) -> dict[str, Any]:
    """A game in the JSON game format (During play fields only when given)."""
    out: dict[str, Any] = {"edition": game.edition, "cities": [city_to_dict(c) for c in game.cities]}
    if game.age is not None:
        out["age"] = game.age
    if game.discard:
        out["discard"] = list(game.discard)
    return out


def problem_to_dict(problem: Problem, render: Render = _english) -> dict[str, Any]:
    out: dict[str, Any] = {
        "severity": problem.severity,
        "code": problem.code,
        "city": problem.city,
        "message": render(problem.message),
    }
    if problem.card is not None:
        out["card"] = problem.card
    if problem.field is not None:
        out["field"] = problem.field
    return out


_KEY_OF: dict[Category, str] = {c: c.value for c in CATEGORIES}
"""A category's key as a plain string, looked up rather than built each time."""


def _key(category: Category) -> str:
    return _KEY_OF.get(category) or _KEY_OF.setdefault(category, category.value)


def detail_to_dict(detail: Detail, render: Render = _english) -> dict[str, Any]:
    """One line of a city's explanation, as the format's scoring output gives it."""
    return {
        "category": _key(detail.category),
        "points": detail.points,
        "source": detail.source,
        "reason": render(detail.reason),
    }


def sheet_to_dict(
    sheet: ScoreSheet, render: Render = _english, detail: Callable[[Detail], dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A score sheet as the format's scoring output.

    ``detail`` writes each line of the explanations (by default :func:`detail_to_dict` with
    ``render``); ``score --jsonl`` passes one that shares the dictionaries of details it
    met before (see ``assistant/sheetjson.py``).
    """
    write = detail or partial(detail_to_dict, render=render)
    return {
        "edition": sheet.edition,
        "cities": [
            {
                "player": c.player,
                "categories": {_key(cat): points for cat, points in c.categories.items()},
                "total": c.total,
                "coins": c.coins,
                "rank": c.rank,
                "free_city": c.free_city,
                "wonder": c.wonder,
                "side": c.side,
                "details": [write(d) for d in c.details],
            }
            for c in sheet.cities
        ],
        "winners": list(sheet.winners),
        "decided_by": sheet.decided_by,
        "explanation": render(sheet.explanation),
        "problems": [problem_to_dict(p, render) for p in sheet.problems],
    }


def payment_to_dict(payment: Payment) -> dict[str, Any]:
    buy: dict[str, dict[str, int]] = {}
    if payment.buy_left:
        buy["left"] = {r.value: n for r, n in payment.buy_left}
    if payment.buy_right:
        buy["right"] = {r.value: n for r, n in payment.buy_right}
    return {
        "bank": payment.bank,
        "left": payment.left,
        "right": payment.right,
        "total": payment.total,
        "buy": buy,
    }


def verdict_to_dict(verdict: Verdict, render: Render = _english) -> dict[str, Any]:
    """A build verdict as the format's ``can-build`` output."""
    if not verdict.buildable:
        out: dict[str, Any] = {
            "buildable": False,
            "why": verdict.why,
            "reason": render(verdict.reason),
        }
        if verdict.cheapest is not None:
            out["cheapest"] = payment_to_dict(verdict.cheapest)
    else:
        out = {
            "buildable": True,
            "how": verdict.how,
            "cheapest": payment_to_dict(verdict.cheapest) if verdict.cheapest else None,
            "options": [payment_to_dict(p) for p in verdict.options],
            "reason": render(verdict.reason),
        }
    if verdict.notes:
        out["notes"] = [render(n) for n in verdict.notes]
    return out


def catalog_to_dict(catalog: Catalog, render: Render = _english) -> dict[str, Any]:
    """The catalog output: one entry per card per age, and every wonder side with its stages."""
    from .describe import describe_effects

    def chains(card: Card) -> dict[str, Any]:
        """An edition that chains by symbol says which symbol a card needs and which it prints."""
        if catalog.rules.chains != "symbols":
            return {}
        return {"chain_symbol": card.chain_symbol, "gives_chains": list(card.gives_chains)}

    return {
        "edition": catalog.edition,
        "cards": [
            {
                "id": card.id,
                "name": card.name,
                "age": card.age,
                "color": card.color.value,
                "cost": card.cost.as_dict(),
                "players": list(card.players),
                "chain_from": list(card.chain_from),
                "chain_to": list(catalog.unlocks(card.id)),
                **chains(card),
                "effect": render(describe_effects(card.effects)),
            }
            for card in catalog.cards
        ],
        "wonders": [
            {
                "id": wonder.id,
                "name": wonder.name,
                "sides": {
                    side.side: {
                        "resource": side.resource.value,
                        "stages": [
                            {
                                "cost": stage.cost.as_dict(),
                                "points": stage.points,
                                "effect": render(describe_effects(stage.effects)),
                            }
                            for stage in side.stages
                        ],
                    }
                    for side in wonder.sides
                },
            }
            for wonder in catalog.wonders
        ],
    }


def free_city_to_dict(play: FreeCityPlay, render: Render = _english) -> dict[str, Any]:
    """The Free City helper's answer: the card, what the Free City does with it, and why."""
    return {
        "card": play.card,
        "action": play.action,
        "reason": render(play.reason),
        "alternatives": list(play.alternatives),
    }
