"""The JSON game format (``design/game-format.md``): parse with field-precise errors, and dump.

``parse_game`` turns decoded JSON into a :class:`~assistant.rules.model.Game` or raises
:class:`GameFormatError` naming the first field that cannot be read, in one sentence a
player understands. What is readable but wrong about the table (two Baths in a city,
tokens that cannot pair up) is not refused here: :mod:`~assistant.rules.validate`
reports every such problem and the table is still scored.

``sheet_to_dict``, ``verdict_to_dict`` and ``game_to_dict`` produce the format's output.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache, partial

from .catalog import Catalog, available_editions, available_expansions, catalog_for
from .cityfields import CITY_FIELDS
from .cityformat import city_to_dict, parse_city
from .components import Card, Wonder
from .describe import age_numeral
from .errors import GameFormatError as GameFormatError
from .inputs import clean_text, show, unsafe_text
from .limits import (
    MAX_CARDS,
    MAX_COINS,
    MAX_DISCARD,
    MAX_HAND,
    MAX_NAME_LENGTH,
    MAX_POINTS,
    MAX_SHIELDS,
    MAX_SYMBOLS,
    MAX_TOKEN,
    MAX_TOKENS,
    MIN_MILITARY,
    SYMBOL_FIELDS,
    category_range,
)
from .model import (
    CATEGORIES,
    Category,
    City,
    Detail,
    Game,
    Payment,
    Problem,
    ProblemCode,
    ScoreSheet,
    Verdict,
)
from .teams import check_teams
from .text import N_, Text

TYPE_CHECKING = False
if TYPE_CHECKING:  # the Free City's helper (and the build adjudicator it uses) only when asked
    from typing import Any

    from .freecity import FreeCityPlay

__all__ = [
    "MAX_CARDS", "MAX_COINS", "MAX_DISCARD", "MAX_HAND", "MAX_NAME_LENGTH", "MAX_POINTS", "MAX_SHIELDS",
    "MAX_SYMBOLS", "MAX_TOKEN", "MAX_TOKENS", "MIN_MILITARY", "SYMBOL_FIELDS", "GameFormatError",
    "catalog_to_dict", "category_range", "city_to_dict", "clean_text", "detail_to_dict", "free_city_to_dict",
    "game_to_dict", "parse_expansions", "parse_game", "payment_to_dict", "problem_to_dict", "render_english", "sheet_to_dict",
    "unsafe_text", "verdict_to_dict",
]  # fmt: skip

GAME_FIELDS = frozenset({"edition", "expansions", "cities", "age", "discard"})
PLAY_FIELDS = frozenset(f.key for f in CITY_FIELDS if f.during_play)
"""A city's fields of a game in progress (the game format's "During play")."""
_EDITIONS_SEEN: set[int] = set()
"""Editions a game has named that :func:`available_editions` knows (looked up once)."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_edition(edition: Any) -> None:
    """Refuse an edition the assistant does not know; remember one it does."""
    if not _is_int(edition) or edition not in available_editions():
        editions = ", ".join(str(e) for e in available_editions())
        raise GameFormatError(
            ("edition",),
            N_(
                "Unknown edition {value}: the assistant knows edition {editions}.",
                value=show(edition),
                editions=editions,
            ),
        )
    _EDITIONS_SEEN.add(edition)  # editions are only ever added, never taken away


def parse_expansions(raw: Any, edition: int) -> tuple[str, ...]:
    """A game's ``expansions``: ids of the edition's expansions, in the edition's order
    (GameFormatError naming ``expansions`` or the id refused)."""
    known = available_expansions(edition)
    if not isinstance(raw, list):
        raise GameFormatError(
            ("expansions",),
            N_("The expansions are a list of ids ({ids}).", ids=", ".join(known))
            if known
            else N_("The expansions are a list of ids; edition {edition} has none yet.", edition=edition),
        )
    for j, value in enumerate(raw):
        if value not in known or raw.index(value) != j:
            raise GameFormatError(
                ("expansions", j),
                N_(
                    "Edition {edition} has no expansion {value}: its expansions are {ids}.",
                    edition=edition,
                    value=show(value),
                    ids=", ".join(known),
                )
                if value not in known and known
                else N_("Edition {edition} has no expansion {value}.", edition=edition, value=show(value))
                if value not in known
                else N_("The expansion {value} is listed twice.", value=show(value)),
            )
    return tuple(e for e in known if e in raw)


def _table_size(cities: list[Any], catalog: Catalog) -> None:
    """Refuse a table of fewer or more cities than the edition (and its expansions) seat."""
    rules = catalog.rules
    if rules.min_players <= len(cities) <= rules.max_players:
        return
    raise GameFormatError(
        ("cities",),
        N_(
            "A table has {low} to {high} cities (two players add the Free City), not {n}.",
            low=rules.min_players,
            high=rules.max_players,
            n=len(cities),
        )
        if rules.free_city_players
        else N_(
            "A table of this edition has {low} to {high} cities, not {n}.",
            low=rules.min_players,
            high=rules.max_players,
            n=len(cities),
        ),
    )


def _free_city(cities: tuple[City, ...], catalog: Catalog) -> None:
    """Refuse a Free City the edition does not have, beside other than two players, or twice."""
    free = [i for i, c in enumerate(cities) if c.free_city]
    if not free:
        return
    rules = catalog.rules
    players = len(cities) - len(free)
    if not rules.free_city_players:
        raise GameFormatError(
            ("cities", free[0], "free_city"),
            N_(
                "This edition has no Free City: it is played by {low} to {high} players.",
                low=rules.min_players,
                high=rules.max_players,
            ),
        )
    if players != rules.free_city_players:
        raise GameFormatError(
            ("cities", free[0], "free_city"),
            N_("The Free City is only for two-player games; this table has {n} players.", n=players),
        )
    if len(free) > 1:
        raise GameFormatError(("cities", free[1], "free_city"), N_("A table has only one Free City."))


def _unknown_fields(data: Mapping[str, Any]) -> list[Problem]:
    return [
        Problem(
            "warning",
            ProblemCode.UNKNOWN_FIELD,
            N_("The field {field} is not part of the game format and was ignored.", field=key),
            field=key,
        )
        for key in (clean_text(str(k)) for k in sorted(set(data) - GAME_FIELDS, key=str))
    ]


def parse_game(data: Any, catalog: Catalog | None = None) -> Game:
    """Read a game in the JSON game format (already decoded from JSON)."""
    if not isinstance(data, dict):
        raise GameFormatError(("game",), N_("A game is a JSON object with a list of cities."))
    notes = [] if GAME_FIELDS.issuperset(data) else _unknown_fields(data)
    edition = data.get("edition", 1)
    if type(edition) is not int or edition not in _EDITIONS_SEEN:
        _check_edition(edition)
    expansions = parse_expansions(data["expansions"], edition) if "expansions" in data else ()
    catalog = catalog or catalog_for(edition, expansions)
    raw_cities = data.get("cities")
    if not isinstance(raw_cities, list):
        raise GameFormatError(("cities",), N_("A game needs its cities: a list, in clockwise seating order."))
    _table_size(raw_cities, catalog)
    cities = tuple([parse_city(raw, i, catalog, notes) for i, raw in enumerate(raw_cities)])
    _free_city(cities, catalog)
    if catalog.rules.team_size:
        check_teams(cities, catalog.rules)
    if "age" not in data and "discard" not in data:
        return Game(cities=cities, edition=edition, notes=tuple(notes), expansions=expansions)
    age, discard = _parse_play(data, cities, catalog)
    return Game(
        cities=cities, edition=edition, notes=tuple(notes), age=age, discard=discard, expansions=expansions
    )


def _parse_play(
    data: Mapping[str, Any], cities: tuple[City, ...], catalog: Catalog
) -> tuple[int | None, tuple[str, ...]]:
    """The game's ``age`` and ``discard`` (During play), checked against its cities."""
    ages = catalog.rules.ages
    age = data.get("age")
    if age is not None:
        if not _is_int(age) or not 1 <= age <= ages:
            raise GameFormatError(
                ("age",),
                N_(
                    "The age being played is a whole number from 1 to {n}, not {value}.",
                    n=ages,
                    value=show(age),
                ),
            )
        for index, city in enumerate(cities):
            for k, built in enumerate(city.stage_ages or ()):
                if built > age:
                    raise GameFormatError(
                        ("cities", index, "stage_ages", k),
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
        raise GameFormatError(("discard",), N_("The discard pile is a list of card ids."))
    if len(raw) > MAX_DISCARD:
        raise GameFormatError(("discard",), N_("The discard pile lists more than {n} cards.", n=MAX_DISCARD))
    discard = []
    for j, name in enumerate(raw):
        card = catalog.resolve_card(name) if isinstance(name, str) else None
        if card is None:
            raise GameFormatError(
                ("discard", j), N_("The discard pile holds an unknown card: {value}.", value=show(name))
            )
        discard.append(card)
    return age, tuple(discard)


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


def game_to_dict(game: Game) -> dict[str, Any]:
    """A game in the JSON game format (During play fields only when given)."""
    catalog = catalog_for(game.edition, game.expansions) if game.expansions else None
    out: dict[str, Any] = {"edition": game.edition}
    if game.expansions:
        out["expansions"] = list(game.expansions)
    out["cities"] = [city_to_dict(c, catalog) for c in game.cities]
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


class _Keys(dict[Category, str]):
    """Each category's key as a plain string, looked up rather than built each time (an
    expansion's category is added the first time it is met)."""

    def __missing__(self, category: Category) -> str:
        key = self[category] = category.value
        return key


_KEY_OF = _Keys({c: c.value for c in CATEGORIES})
_key = _KEY_OF.__getitem__


def detail_to_dict(detail: Detail, render: Render = _english) -> dict[str, Any]:
    """One line of a city's explanation, as the format's scoring output gives it."""
    out = {
        "category": _key(detail.category),
        "points": detail.points,
        "source": detail.source,
        "reason": render(detail.reason),
    }
    if detail.ruling is not None:
        out["ruling"] = detail.ruling
    return out


def sheet_to_dict(
    sheet: ScoreSheet,
    render: Render = _english,
    details: Callable[[tuple[Detail, ...]], list[Any]] | None = None,
    category_keys: bool = True,
) -> dict[str, Any]:
    """A score sheet as the format's scoring output.

    ``details`` writes a city's explanation, its lines in order (by default each with
    :func:`detail_to_dict` and ``render``); ``score --jsonl`` passes one that gives the JSON
    of details it met before, written once (see ``assistant/sheetjson.py``).
    ``category_keys=False`` keeps each city's categories as the sheet holds them, keyed by
    :class:`Category` (a ``str``) rather than by plain strings: for a writer that takes
    ``str`` subclasses as keys (orjson's ``OPT_NON_STR_KEYS``), the same bytes.
    """
    one = partial(detail_to_dict, render=render)
    write = details or (lambda lines: list(map(one, lines)))
    out: dict[str, Any] = {"edition": sheet.edition}
    if sheet.expansions:
        out["expansions"] = list(sheet.expansions)
    out |= {
        "cities": [
            {
                "player": c.player,
                "categories": dict(zip(map(_key, c.categories), c.categories.values(), strict=True))
                if category_keys
                else c.categories,
                "total": c.total,
                "coins": c.coins,
                "rank": c.rank,
                "free_city": c.free_city,
                "wonder": c.wonder,
                "side": c.side,
                "details": write(c.details),
            }
            for c in sheet.cities
        ],
        **(
            {
                "teams": [
                    {
                        "team": t.team,
                        "players": list(t.players),
                        "total": t.total,
                        "coins": t.coins,
                        "rank": t.rank,
                    }
                    for t in sheet.teams
                ]
            }
            if sheet.teams
            else {}
        ),
        "winners": list(sheet.winners),
        "decided_by": sheet.decided_by,
        "explanation": render(sheet.explanation),
        "problems": [problem_to_dict(p, render) for p in sheet.problems],
    }
    return out


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

    def added_by(part: Card | Wonder) -> dict[str, Any]:
        """A card or board an expansion adds says which."""
        return {} if part.expansion is None else {"expansion": part.expansion}

    out: dict[str, Any] = {"edition": catalog.edition}
    if catalog.expansions:
        out["expansions"] = list(catalog.expansions)
    return out | {
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
                **added_by(card),
            }
            for card in catalog.cards
        ],
        "wonders": [
            {
                "id": wonder.id,
                "name": wonder.name,
                "sides": {
                    side.side: {
                        "resource": side.resource.value if side.resource is not None else None,
                        **({"power": render(describe_effects(side.effects))} if side.effects else {}),
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
                **({"typed": True} if wonder.typed else {}),
                **added_by(wonder),
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
