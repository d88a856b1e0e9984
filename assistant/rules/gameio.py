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
from functools import lru_cache
from typing import Any

from .catalog import Catalog, available_editions, catalog_for
from .errors import GameFormatError as GameFormatError
from .freecity import FreeCityPlay
from .model import (
    Card,
    Category,
    City,
    Game,
    Payment,
    Problem,
    ProblemCode,
    ScienceSymbols,
    ScoreSheet,
    Verdict,
)
from .text import N_, Text

MAX_NAME_LENGTH = 40
MAX_COINS = 999
MAX_CARDS = 60
MAX_SHIELDS = 99
MAX_TOKENS = 18
"""Conflict tokens a city can list (more than a game ever hands out)."""
MAX_POINTS = 999
"""The most a pad's category may hold."""
MIN_MILITARY = -18
"""The least a pad's military may hold (defeats are negative)."""
MAX_SYMBOLS = 20
"""Science symbols of one kind a pad may give."""


def category_range(category: Category) -> tuple[int, int]:
    """The points a pad may give a category: ``(least, most)``; the forms and the OpenAPI
    document take their limits from here."""
    return (MIN_MILITARY if category is Category.MILITARY else 0), MAX_POINTS


CITY_FIELDS = frozenset(
    {
        "player", "wonder", "side", "stages", "coins", "cards", "military",
        "shields_by_age", "free_city", "categories", "science_symbols",
    }
)  # fmt: skip
GAME_FIELDS = frozenset({"edition", "cities"})
SYMBOL_FIELDS = ("compass", "gear", "tablet", "wild")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(value: Any, field: str, low: int, high: int, what: Text) -> int:
    if not _is_int(value):
        raise GameFormatError(
            field, N_("{what} must be a whole number, not {value}.", what=what, value=_show(value))
        )
    if value < low or value > high:
        raise GameFormatError(
            field,
            N_(
                "{what} must be between {low} and {high}, not {value}.",
                what=what,
                low=low,
                high=high,
                value=value,
            ),
        )
    return int(value)


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 40 else text[:37] + "..."


def _city_label(raw: Mapping[str, Any], index: int) -> Text:
    player = raw.get("player")
    if isinstance(player, str) and player.strip():
        return N_("{player}'s city", player=player.strip()[:MAX_NAME_LENGTH])
    return N_("city {n}", n=index + 1)


def parse_game(data: Any, catalog: Catalog | None = None) -> Game:
    """Read a game in the JSON game format (already decoded from JSON)."""
    if not isinstance(data, dict):
        raise GameFormatError("game", N_("A game is a JSON object with a list of cities."))
    notes: list[Problem] = []
    for key in sorted(set(data) - GAME_FIELDS):
        notes.append(
            Problem(
                "warning",
                ProblemCode.UNKNOWN_FIELD,
                N_("The field {field} is not part of the game format and was ignored.", field=key),
                field=key,
            )
        )
    edition = data.get("edition", 1)
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
    cities = tuple(_parse_city(raw, i, catalog, notes) for i, raw in enumerate(raw_cities))
    free = [i for i, c in enumerate(cities) if c.free_city]
    players = len(cities) - len(free)
    if free and not rules.free_city_players:
        raise GameFormatError(
            f"cities[{free[0]}].free_city",
            N_("This edition has no Free City: it is played by 3 to 7 players."),
        )
    if free and players != rules.free_city_players:
        raise GameFormatError(
            f"cities[{free[0]}].free_city",
            N_("The Free City is only for two-player games; this table has {n} players.", n=players),
        )
    if len(free) > 1:
        raise GameFormatError(f"cities[{free[1]}].free_city", N_("A table has only one Free City."))
    return Game(cities=cities, edition=edition, notes=tuple(notes))


def _parse_city(raw: Any, index: int, catalog: Catalog, notes: list[Problem]) -> City:
    at = f"cities[{index}]"
    if not isinstance(raw, dict):
        raise GameFormatError(at, N_("City {n} must be a JSON object.", n=index + 1))
    label = _city_label(raw, index)
    for key in sorted(set(raw) - CITY_FIELDS):
        notes.append(
            Problem(
                "warning", ProblemCode.UNKNOWN_FIELD,
                N_("{city}: the field {field} is not part of the game format and was ignored.", city=label, field=key),
                city=index, field=f"{at}.{key}",
            )
        )  # fmt: skip
    player = raw.get("player")
    if not isinstance(player, str) or not player.strip():
        raise GameFormatError(f"{at}.player", N_("City {n} needs a player name.", n=index + 1))
    player = " ".join(player.split())
    if len(player) > MAX_NAME_LENGTH:
        raise GameFormatError(
            f"{at}.player", N_("A player name has at most {n} characters.", n=MAX_NAME_LENGTH)
        )
    free_city = raw.get("free_city", False)
    if not isinstance(free_city, bool):
        raise GameFormatError(f"{at}.free_city", N_("{city}: free_city must be true or false.", city=label))

    pad = "categories" in raw
    if pad and "cards" in raw:
        raise GameFormatError(
            f"{at}.categories",
            N_(
                "{city} gives both cards and categories: give the cards, or the pad's numbers, not both.",
                city=label,
            ),
        )

    wonder: str | None = None
    side = "A"
    stages_max = 4
    raw_wonder = raw.get("wonder")
    if raw_wonder is None:
        if not pad:
            raise GameFormatError(f"{at}.wonder", N_("{city} needs its wonder.", city=label))
    else:
        if not isinstance(raw_wonder, str) or catalog.resolve_wonder(raw_wonder) is None:
            names = ", ".join(w.id for w in catalog.wonders)
            raise GameFormatError(
                f"{at}.wonder",
                N_(
                    "{city}: unknown wonder {value} (the wonders are {names}).",
                    city=label,
                    value=_show(raw_wonder),
                    names=names,
                ),
            )
        wonder = catalog.resolve_wonder(raw_wonder)
        raw_side = raw.get("side", "A")
        sides = {**{s: s for s in ("A", "B")}, **{name.casefold(): s for s, name in catalog.rules.side_names}}
        side_key = raw_side.strip() if isinstance(raw_side, str) else None
        found = (sides.get(side_key.upper()) or sides.get(side_key.casefold())) if side_key else None
        if found is None:
            side_names = dict(catalog.rules.side_names)
            raise GameFormatError(
                f"{at}.side",
                N_("{city}: the side is A or B, not {value}.", city=label, value=_show(raw_side))
                if side_names["A"] == "A"
                else N_(
                    "{city}: the side is A ({a}) or B ({b}), not {value}.",
                    city=label,
                    a=side_names["A"],
                    b=side_names["B"],
                    value=_show(raw_side),
                ),
            )
        side = found
        assert wonder is not None
        stages_max = len(catalog.wonder(wonder).side(side).stages)
    stages = _whole(
        raw.get("stages", 0),
        f"{at}.stages",
        0,
        stages_max,
        N_("{city}: the number of wonder stages built", city=label),
    )
    coins = _whole(raw.get("coins", 0), f"{at}.coins", 0, MAX_COINS, N_("{city}: the coins", city=label))

    cards: tuple[str, ...] | None = None
    categories: tuple[tuple[Category, int], ...] | None = None
    if pad:
        categories = _parse_categories(raw["categories"], f"{at}.categories", label, catalog.rules.categories)
    else:
        raw_cards = raw.get("cards", [])
        if not isinstance(raw_cards, list):
            raise GameFormatError(f"{at}.cards", N_("{city}: cards must be a list of card ids.", city=label))
        if len(raw_cards) > MAX_CARDS:
            raise GameFormatError(f"{at}.cards", N_("{city}: more than {n} cards.", city=label, n=MAX_CARDS))
        resolved = []
        for j, name in enumerate(raw_cards):
            cid = catalog.resolve_card(name) if isinstance(name, str) else None
            if cid is None:
                raise GameFormatError(
                    f"{at}.cards[{j}]",
                    N_("{city}: unknown card {value}.", city=label, value=_show(name)),
                )
            resolved.append(cid)
        cards = tuple(resolved)

    military: tuple[int, ...] | None = None
    if raw.get("military") is not None:
        raw_military = raw["military"]
        if not isinstance(raw_military, list) or not all(_is_int(t) for t in raw_military):
            raise GameFormatError(
                f"{at}.military",
                N_("{city}: military lists conflict tokens as numbers (1, 3, 5 or -1).", city=label),
            )
        if len(raw_military) > MAX_TOKENS:
            raise GameFormatError(
                f"{at}.military",
                N_("{city}: more conflict tokens than a game hands out.", city=label),
            )
        military = tuple(int(t) for t in raw_military)
    shields: tuple[int, int, int] | None = None
    if raw.get("shields_by_age") is not None:
        raw_shields = raw["shields_by_age"]
        if not isinstance(raw_shields, list) or len(raw_shields) != 3:
            raise GameFormatError(
                f"{at}.shields_by_age",
                N_(
                    "{city}: shields_by_age lists the shields at the end of Ages I, II and III.",
                    city=label,
                ),
            )
        values = [
            _whole(
                v,
                f"{at}.shields_by_age[{k}]",
                0,
                MAX_SHIELDS,
                N_("{city}: the shields", city=label),
            )
            for k, v in enumerate(raw_shields)
        ]
        shields = (values[0], values[1], values[2])

    symbols: ScienceSymbols | None = None
    if raw.get("science_symbols") is not None:
        if not pad:
            raise GameFormatError(
                f"{at}.science_symbols",
                N_(
                    "{city}: science symbols are counted from the cards; give them only with a pad's categories.",
                    city=label,
                ),
            )
        symbols = _parse_symbols(raw["science_symbols"], f"{at}.science_symbols", label)
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
    )


def _parse_categories(
    raw: Any, at: str, label: Text, known: tuple[Category, ...]
) -> tuple[tuple[Category, int], ...]:
    """A pad's numbers: any of the edition's categories (``known``), in the edition's order."""
    if not isinstance(raw, dict):
        raise GameFormatError(at, N_("{city}: categories map each category to its points.", city=label))
    by_id = {c.value: c for c in known}
    out = []
    for key, value in raw.items():
        category = by_id.get(key) if isinstance(key, str) else None
        if category is None:
            names = ", ".join(known)
            raise GameFormatError(
                f"{at}.{key}",
                N_(
                    "{city}: unknown category {value} (the categories are {names}).",
                    city=label,
                    value=_show(key),
                    names=names,
                ),
            )
        low, high = category_range(category)
        out.append(
            (
                category,
                _whole(
                    value,
                    f"{at}.{key}",
                    low,
                    high,
                    N_("{city}: the {category} points", city=label, category=key),
                ),
            )
        )
    order = {c: i for i, c in enumerate(known)}
    return tuple(sorted(out, key=lambda kv: order[kv[0]]))


def _parse_symbols(raw: Any, at: str, label: Text) -> ScienceSymbols:
    if not isinstance(raw, dict):
        raise GameFormatError(
            at, N_("{city}: science_symbols counts compass, gear, tablet and wild.", city=label)
        )
    unknown = set(raw) - set(SYMBOL_FIELDS)
    if unknown:
        key = sorted(unknown)[0]
        raise GameFormatError(
            f"{at}.{key}",
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


@lru_cache(maxsize=16384)
def _english(text: Text) -> str:
    """English rendering, memoised: the same details recur from game to game."""
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
    return out


def game_to_dict(game: Game) -> dict[str, Any]:
    """A game in the JSON game format."""
    return {"edition": game.edition, "cities": [city_to_dict(c) for c in game.cities]}


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


def sheet_to_dict(sheet: ScoreSheet, render: Render = _english) -> dict[str, Any]:
    """A score sheet as the format's scoring output."""
    return {
        "edition": sheet.edition,
        "cities": [
            {
                "player": c.player,
                "categories": {cat.value: points for cat, points in c.categories.items()},
                "total": c.total,
                "coins": c.coins,
                "rank": c.rank,
                "free_city": c.free_city,
                "wonder": c.wonder,
                "side": c.side,
                "details": [
                    {
                        "category": d.category.value,
                        "points": d.points,
                        "source": d.source,
                        "reason": render(d.reason),
                    }
                    for d in c.details
                ],
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
