"""Issue 44, item 7: the API fuzzed from its own OpenAPI document (``/api/v1/openapi.json``),
every operation of it, with every expansion field, on SQLite and on PostgreSQL.

Whole bodies drawn from the document's schemas are nearly always refused at their first
field (its ``Game`` holds the rules between fields, which no generator follows: see
tests/web/schema_values.py), so the deep code never runs. Here each body starts valid, built
from the catalog for an edition and a set of its expansions (tests/web/catalog_games.py:
Leaders' and Cities' cards, teams, diplomacy, debt, naval strengths, Babel tiles...), and
often has one field replaced by a value drawn from that field's schema in the document,
valid or breaking one of its keywords, or left out. Every request goes to the operation's
method and path as the document gives them.

Whatever arrives: never a 5xx, and every 4xx is the JSON error naming its field
(docs: game-format.md). Each test counts its operations' answers by class and checks that
the operations taking games mostly answer 2xx (the deep code ran), printing the counts
(``pytest -s``). ``test_every_operation_of_the_document_is_fuzzed`` keeps the three
scenarios covering the whole document.
"""

from __future__ import annotations

import copy
import functools
import json
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from assistant.rules.catalog import catalog_for
from assistant.web.openapi import city_schema_name
from tests.conftest import make_test_app
from tests.web import test_api_fuzz_stored as stored
from tests.web.catalog_games import COMBINATIONS, combinations_played, games
from tests.web.schema_values import Schemas
from tests.web.worked_games import three


def _same(one: Any, other: Any) -> bool:
    """The same JSON: ``True`` is not ``1`` here, as it is to Python's ``==``."""
    return json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True)


fuzz = stored.fuzz  # one app per database (SQLite, PostgreSQL) for the module's examples

RULES_OPERATIONS = {"score", "canBuild", "freeCity", "military", "catalog", "deck", "openapi"}
GAME_OPERATIONS = {"createGame", "readGame", "replaceCity", "replacePlay", "lockGame"}
TABLE_OPERATIONS = {
    "createTable",
    "readTable",
    "renameTable",
    "addToTable",
    "removeFromTable",
    "tableNames",
    "exportTable",
    "importTable",
    "createGame",
    "lockGame",
}
HEALTHY = 0.4
"""The least share of 2xx answers of each operation that takes a game (or a city): most
bodies are valid, and reach the scoring, the store and the statistics, not only the first
field's check. Each scenario's bodies are built to be valid about two times in three."""

EXPANSION_KEYS = ("team", "diplomacy", "naval_by_age", "babel_tiles")
REACHED = {
    *(f"expansion {x}" for x in ("leaders", "cities", "armada", "babel", "edifice", "wonder-pack")),
    "edition 2 with an expansion",
    *EXPANSION_KEYS,
    "categories.debt",
    "white cards",
    "black cards",
}
"""What games answered 2xx must have held, each in some game: every expansion, each of their
city fields, debt, Leaders' and Cities' cards."""


def features(game: dict[str, Any]) -> set[str]:
    """The expansions and expansion fields a game (valid: it was answered 2xx) holds."""
    edition, expansions = game.get("edition", 1), tuple(game.get("expansions", ()))
    catalog = catalog_for(edition, expansions)
    found = {f"expansion {x}" for x in expansions}
    if edition == 2 and expansions:
        found.add("edition 2 with an expansion")
    for city in game["cities"]:
        found.update(k for k in EXPANSION_KEYS if k in city)
        found.update(f"categories.{row}" for row in city.get("categories", {}))
        # A card given by its name in any case ("TOYACADEMY") is read as the card it names.
        held = (catalog.resolve_card(card) for card in city.get("cards", []))
        colours = {catalog.structure(card).color.value for card in held if card is not None}
        found.update(f"{colour} cards" for colour in colours)
    return found


@functools.cache
def _rules_client() -> Any:
    """The app of the stateless operations (and of the document): no database involved."""
    return make_test_app(Path(tempfile.mkdtemp(prefix="fuzz-openapi-"))).test_client()


@functools.cache
def _schemas() -> Schemas:
    """The document as the API serves it."""
    response = _rules_client().get("/api/v1/openapi.json")
    assert response.status_code == 200
    return Schemas(response.get_json())


class Tally:
    """Sends each request to its operation's method and path (the document's), checks the
    answer, and counts the answers by operation and class."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.operations = _schemas().operations()
        self.counts: Counter[tuple[str, int]] = Counter()
        self.reached: dict[str, Counter[str]] = {}

    def call(
        self,
        operation: str,
        params: dict[str, Any] | None = None,
        query: dict[str, Any] | None = None,
        body: Any = None,
        counted: bool = True,
    ) -> tuple[int, Any]:
        method, path, _op = self.operations[operation]
        for name, value in (params or {}).items():
            path = path.replace("{" + name + "}", quote(str(value), safe=""))
        extra = {"json": body} if body is not None else {}
        if query:  # each value as a client would write it in a query string
            query = {k: v if isinstance(v, str) else json.dumps(v) for k, v in query.items()}
        response = self.client.open(path, method=method, query_string=query, **extra)
        answer = stored.answered(response)  # < 500, no traceback, strict JSON, an error sentence
        status = response.status_code
        if 400 <= status < 500:
            field = answer.get("field")
            assert isinstance(field, str) and field, (operation, status, answer)
        if counted:
            self.counts[operation, status // 100] += 1
        return status, answer

    def reach(self, operation: str, game: dict[str, Any]) -> None:
        """Note what the game an operation answered 2xx held."""
        self.reached.setdefault(operation, Counter()).update(features(game))

    def share(self, operation: str) -> float:
        total = sum(n for (op, _), n in self.counts.items() if op == operation)
        return self.counts[operation, 2] / total if total else 0.0

    def check(self, operations: set[str], healthy: set[str], title: str) -> None:
        """Every operation was called, and those in ``healthy`` mostly answered 2xx."""
        lines = [f"{title}: answers by operation (2xx / 4xx)"]
        for op in sorted(operations):
            lines.append(f"  {op:16} {self.counts[op, 2]:5} / {self.counts[op, 4]:5}")
        print("\n".join(lines))
        for op in operations:
            assert self.counts[op, 2] + self.counts[op, 4] > 0, f"{op} was never called"
        for op, reached in sorted(self.reached.items()):
            print(f"  {op} answered 2xx with: " + ", ".join(f"{k} {n}" for k, n in sorted(reached.items())))
            if op in ("score", "createGame"):  # whole games: each holds many of them
                assert set(reached) >= REACHED, (op, REACHED - set(reached))
        for op in healthy:
            assert self.share(op) >= HEALTHY, (op, self.share(op), lines)


# --- one field of a body, replaced by a value from its schema ---------------------------------


def mostly_valid(schemas: Schemas, schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """A body its schema accepts two times in three, else one breaking one of its keywords."""
    return st.one_of(schemas.valid(schema), schemas.valid(schema), schemas.invalid(schema))


def _city_properties(schemas: Schemas, edition: Any) -> dict[str, Any]:
    name = city_schema_name(edition if isinstance(edition, int) else 1)
    return schemas.component(name if name in schemas.components else "City")["properties"]


@st.composite
def _city_slot(draw: st.DrawFn, schemas: Schemas, edition: Any) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """A place in a city and its schema: a field of the edition's city, most often one an
    expansion adds (a row of categories, a card of cards included)."""
    properties = _city_properties(schemas, edition)
    if not draw(st.booleans()):
        key = draw(st.sampled_from(sorted(properties)))
        return (key,), properties[key]
    kinds = [k for k in EXPANSION_KEYS if k in properties] + ["categories", "cards"]
    key = draw(st.sampled_from(kinds))
    if key == "categories":
        rows = properties["categories"]["properties"]
        row = draw(st.sampled_from(sorted(rows)))
        return ("categories", row), rows[row]
    if key == "cards":
        return ("cards", draw(st.integers(0, 3))), properties["cards"]["items"]
    return (key,), properties[key]


def _lay(target: dict[str, Any], path: tuple[Any, ...], value: Any, remove: bool) -> None:
    """Put ``value`` at ``path`` in ``target`` (or take what is there away)."""
    *parents, last = path
    for step in parents:  # a city's categories or cards, made when it has none
        if not isinstance(target.get(step), dict | list):
            target[step] = {} if isinstance(last, str) else []
        target = target[step]
    if isinstance(target, list):
        if remove:
            del target[last : last + 1]
        elif last < len(target):
            target[last] = value
        else:
            target.append(value)
    elif remove:
        target.pop(last, None)
    else:
        target[last] = value


@st.composite
def _replaced(
    draw: st.DrawFn, schemas: Schemas, target: Any, path: tuple[Any, ...], schema: dict[str, Any], where: str
) -> Any:
    """A copy of ``target`` with the value at ``path`` replaced by one of ``schema`` (valid
    or breaking one of its keywords), or now and then left out."""
    target = copy.deepcopy(target)
    remove = draw(st.integers(0, 5)) == 5
    value = None if remove else draw(schemas.values(schema))
    note(f"{where}.{'.'.join(map(str, path))} = {'(left out)' if remove else repr(value)}")
    _lay(target, path, value, remove)
    return target


def changed_cities(schemas: Schemas, city: dict[str, Any], edition: Any) -> st.SearchStrategy[dict[str, Any]]:
    """A copy of ``city`` with one field changed (most often one an expansion adds)."""
    return _city_slot(schemas, edition).flatmap(lambda slot: _replaced(schemas, city, *slot, "city"))


@st.composite
def changed_games(draw: st.DrawFn, schemas: Schemas, game: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``game`` with one field changed: one of its cities' mostly, else its own
    (edition, expansions, age, discard, cities)."""
    if draw(st.integers(0, 3)) == 3:
        properties = schemas.component("Game")["properties"]
        key = draw(st.sampled_from(sorted(properties)))
        return draw(_replaced(schemas, game, (key,), properties[key], "game"))
    game = copy.deepcopy(game)
    seat = draw(st.integers(0, len(game["cities"]) - 1))
    game["cities"][seat] = draw(changed_cities(schemas, game["cities"][seat], game.get("edition", 1)))
    return game


def mutated_games(schemas: Schemas, game: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """``game`` itself half the time, else a copy with one field changed."""
    return st.just(game) | changed_games(schemas, game)


@st.composite
def changed_bodies(draw: st.DrawFn, schemas: Schemas, body: dict[str, Any], component: str) -> dict[str, Any]:
    """A copy of a request's body with one of its own fields (``component``'s properties but
    the game) changed."""
    properties = schemas.component(component)["properties"]
    key = draw(st.sampled_from(sorted(k for k in properties if k != "game")))
    return draw(_replaced(schemas, body, (key,), properties[key], component))


def mutated_bodies(
    schemas: Schemas, body: dict[str, Any], component: str
) -> st.SearchStrategy[dict[str, Any]]:
    """A request's body itself two times in three, else a copy with one of its fields changed."""
    return st.one_of(st.just(body), st.just(body), changed_bodies(schemas, body, component))


# --- the rules: score, can-build, the Free City, military, the catalog, the document ----------


def _on_known_boards(cities: list[dict[str, Any]], catalog: Any, boards: list[str]) -> None:
    """Move the cities on a typed board (known only by its points: a build in it or beside it
    cannot be priced) to boards known stage by stage, from ``boards``, while some are free."""
    free = [b for b in boards if b not in {c.get("wonder") for c in cities}]
    for city in cities:
        wonder = city.get("wonder")
        if wonder is None or not catalog.wonder(wonder).typed or not free:
            continue
        board = free.pop()
        stages = min(city.get("stages", 0), len(catalog.wonder(board).side(city.get("side", "A")).stages))
        city.update(wonder=board, stages=stages)
        if "stage_ages" in city:
            city["stage_ages"] = city["stage_ages"][:stages]


def _known_boards(draw: st.DrawFn, catalog: Any) -> list[str]:
    return draw(st.permutations(sorted(w.id for w in catalog.wonders if not w.typed)))


@st.composite
def can_build_requests(draw: st.DrawFn, schemas: Schemas, game: dict[str, Any]) -> dict[str, Any]:
    """Whether a city can build a card of the game's catalog (its leaders and black cards
    too), or its next stage, or a card through a power; mostly on boards known stage by
    stage."""
    catalog = catalog_for(game.get("edition", 1), game.get("expansions", ()))
    if draw(st.integers(0, 3)) < 3:
        game = copy.deepcopy(game)
        _on_known_boards(game["cities"], catalog, _known_boards(draw, catalog))
    body: dict[str, Any] = {"game": game, "city": draw(st.integers(0, len(game["cities"]) - 1))}
    if draw(st.integers(0, 3)) == 3:
        body["stage"] = True
    else:
        body["card"] = draw(st.sampled_from(sorted(catalog.card_ids_set)))
        if draw(st.integers(0, 3)) == 3:
            body["via"] = draw(st.sampled_from(["discard", "free-build"]))
    body = draw(mutated_bodies(schemas, body, "CanBuildRequest"))
    return {**body, "game": draw(mutated_games(schemas, game))} if draw(st.integers(0, 3)) == 3 else body


FREE_CITY_COMBINATIONS = [c for c in COMBINATIONS if catalog_for(*c).rules.free_city_players]


@st.composite
def free_city_requests(draw: st.DrawFn, schemas: Schemas) -> dict[str, Any]:
    """A game with the Free City (two players and the neutral city, on boards known stage by
    stage), and a hand of cards that can have been dealt to it."""
    edition, expansions = draw(st.sampled_from(FREE_CITY_COMBINATIONS))
    game = draw(games(schemas, edition, expansions))
    catalog = catalog_for(edition, expansions)
    cities = [{k: v for k, v in c.items() if k not in ("team", "free_city")} for c in game["cities"][:3]]
    _on_known_boards(cities, catalog, _known_boards(draw, catalog))
    cities[draw(st.integers(0, 2))]["free_city"] = True
    game["cities"] = cities
    held = {card for city in cities for card in city.get("cards", [])}
    dealt = sorted(
        c.id
        for c in catalog.cards
        if c.age == game.get("age", c.age) and c.copies(3) and not c.is_guild and c.id not in held
    )
    hand = draw(st.lists(st.sampled_from(dealt), min_size=1, max_size=7))
    body = draw(mutated_bodies(schemas, {"game": game, "hand": hand}, "FreeCityRequest"))
    return {**body, "game": draw(mutated_games(schemas, game))} if draw(st.integers(0, 3)) == 3 else body


@st.composite
def military_requests(
    draw: st.DrawFn, schemas: Schemas, edition: int, expansions: tuple[str, ...]
) -> dict[str, Any]:
    rules = catalog_for(edition, expansions).rules
    n = draw(st.integers(rules.min_players, rules.max_players))
    body: dict[str, Any] = {
        "edition": edition,
        "expansions": list(expansions),
        "age": draw(st.integers(1, rules.ages)),
        "shields": draw(st.lists(st.integers(0, 20), min_size=n, max_size=n)),
    }
    if "cities" in expansions and draw(st.booleans()):
        body["diplomacy"] = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=2))
    if rules.team_size == 2 and n % 2 == 0 and draw(st.booleans()):
        shift = draw(st.integers(0, 1))
        body["teams"] = [f"T{((seat - shift) % n) // 2}" for seat in range(n)]
    return draw(mutated_bodies(schemas, body, "MilitaryRequest"))


@st.composite
def catalog_queries(
    draw: st.DrawFn, schemas: Schemas, edition: int, expansions: tuple[str, ...]
) -> dict[str, Any]:
    query: dict[str, Any] = {"edition": edition, "expansions": ",".join(expansions)}
    if draw(st.integers(0, 3)) == 3:
        name = draw(st.sampled_from(["edition", "expansions"]))
        query[name] = draw(schemas.values(schemas.parameter("catalog", name)))
    return {k: v for k, v in query.items() if v is not None}


@st.composite
def deck_queries(
    draw: st.DrawFn, schemas: Schemas, edition: int, expansions: tuple[str, ...]
) -> dict[str, Any]:
    """The decks of a table of the combination: as many players as it seats (two with the Free
    City where the edition has it), or one parameter any value its schema gives."""
    rules = catalog_for(edition, expansions).rules
    least = 2 if rules.free_city_players else rules.min_players
    players = draw(st.integers(least, rules.max_players))
    query: dict[str, Any] = {"players": players, "edition": edition, "expansions": ",".join(expansions)}
    if draw(st.integers(0, 3)) == 3:
        name = draw(st.sampled_from(sorted(query)))
        query[name] = draw(schemas.values(schemas.parameter("deck", name)))
    return {k: v for k, v in query.items() if v is not None}


SETTINGS = settings(suppress_health_check=list(HealthCheck))
"""The profile's examples (150 in CI): the rules' scenario and the stored games' take about
a tenth of a second of CPU an example on each database."""
TABLES = settings(
    max_examples=settings.default.max_examples * 2 // 5, suppress_health_check=list(HealthCheck)
)
"""Two fifths of the profile's (60 in CI), as the other fuzzers that store every example in
two databases: each example of the tables' scenario stores two tables and up to three games
and reads a table's statistics (about half a second of CPU)."""


@pytest.mark.slow  # about 13 s of CPU under the ci profile: every example makes six requests
def test_the_rules_operations_take_every_expansion_field_without_a_5xx():
    """Scores, builds, the Free City's play, conflicts and the catalog, for every edition and
    combination of expansions. The stateless operations touch no database: one app."""
    schemas, tally = _schemas(), Tally(_rules_client())

    @SETTINGS
    @given(data=st.data())
    def one(data: st.DataObject) -> None:
        edition, expansions = data.draw(combinations_played(), label="combination")
        game = data.draw(games(schemas, edition, expansions), label="game")
        body = data.draw(mutated_games(schemas, game), label="score")
        status, _ = tally.call("score", body=body)
        assert status == 200 or body is not game  # a valid game is scored
        if status == 200:
            tally.reach("score", body)
        tally.call("canBuild", body=data.draw(can_build_requests(schemas, game), label="can-build"))
        tally.call("freeCity", body=data.draw(free_city_requests(schemas), label="free-city"))
        body = data.draw(military_requests(schemas, edition, expansions), label="military")
        tally.call("military", body=body)
        tally.call("catalog", query=data.draw(catalog_queries(schemas, edition, expansions)))
        if "deck" in tally.operations:  # (the deck's operation is new)
            tally.call("deck", query=data.draw(deck_queries(schemas, edition, expansions), label="deck"))
        tally.call("openapi")

    one()
    tally.check(RULES_OPERATIONS & set(tally.operations), {"score", "canBuild", "freeCity"}, "the rules")


# --- stored games: create, read, replace a city, replace the play, lock ------------------------


@st.composite
def tokens(draw: st.DrawFn, schemas: Schemas, *known: str) -> str:
    """A token: the first of ``known`` mostly, another now and then, else any the document's
    pattern allows (no game's)."""
    pick = draw(st.integers(0, 9))
    if pick < 8 or (pick == 8 and len(known) > 1):
        return known[0] if pick < 8 else draw(st.sampled_from(known[1:]))
    return draw(schemas.valid(schemas.parameter("readGame", "token")))


@st.composite
def play_bodies(draw: st.DrawFn, schemas: Schemas, stored: dict[str, Any]) -> dict[str, Any]:
    """The age being played and a discard pile of the game's catalog, at the version read."""
    game = stored["game"]
    catalog = catalog_for(game.get("edition", 1), game.get("expansions", ()))
    body: dict[str, Any] = {"version": stored["play_version"]}
    if draw(st.booleans()):
        built = [a for c in game["cities"] for a in c.get("stage_ages", [])]
        body["age"] = draw(st.integers(max(built, default=1), catalog.rules.ages))
        body["discard"] = draw(st.lists(st.sampled_from(sorted(catalog.card_ids_set)), max_size=6))
    return draw(mutated_bodies(schemas, body, "ReplacePlay"))


@st.composite
def create_bodies(draw: st.DrawFn, schemas: Schemas, game: dict[str, Any]) -> dict[str, Any]:
    """A game to store: as built, or with one of its fields changed, or one of the body's."""
    fault = draw(st.sampled_from(("none",) * 3 + ("game",) * 2 + ("body",)))
    if fault == "game":
        return {"game": draw(changed_games(schemas, game))}
    if fault == "body":
        return draw(changed_bodies(schemas, {"game": game}, "CreateGame"))
    return {"game": game}


CITY_FAULTS = ("none",) * 6 + ("field",) * 3 + ("body", "version", "seat", "token")
"""What is wrong with a city replaced: nothing, one of its fields (a value of its schema,
valid or not), one of the body's own, the version (another phone saved first), the seat (past
the table), the token (read-only, or no game's); each request wrong in one way at most."""


@st.composite
def city_changes(
    draw: st.DrawFn, schemas: Schemas, stored: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The path parameters and body of a city replaced in the stored game."""
    game, versions = stored["game"], stored["versions"]
    seat = draw(st.integers(0, len(versions) - 1))
    params = {"token": stored["token"], "seat": seat}
    body = {"city": game["cities"][seat], "version": versions[seat]}
    fault = draw(st.sampled_from(CITY_FAULTS))
    if fault == "field":
        body["city"] = draw(changed_cities(schemas, body["city"], game.get("edition", 1)))
    elif fault == "body":
        body = draw(changed_bodies(schemas, body, "ReplaceCity"))
    elif fault == "version":
        body["version"] += 1
    elif fault == "seat":
        seat_schema = schemas.parameter("replaceCity", "seat")
        params["seat"] = draw(schemas.valid(seat_schema) | st.integers(len(versions), 2**40))
    elif fault == "token":
        params["token"] = draw(tokens(schemas, stored["view_token"]))
    return params, body


@pytest.mark.slow  # stores every example's games, on two databases
def test_stored_games_take_every_expansion_field_without_a_5xx(fuzz):
    """Games of every combination stored, read, changed city by city and in play, locked,
    on SQLite and on PostgreSQL."""
    schemas, tally = _schemas(), Tally(fuzz)

    @SETTINGS
    @given(data=st.data())
    def one(data: st.DataObject) -> None:
        edition, expansions = data.draw(combinations_played(), label="combination")
        game = data.draw(games(schemas, edition, expansions), label="game")
        body = data.draw(create_bodies(schemas, game), label="create")
        status, stored = tally.call("createGame", body=body)
        if _same(body, {"game": game}):
            assert status == 201, stored  # a valid game is stored
        if status != 201:
            status, stored = tally.call("createGame", body={"game": game})
            assert status == 201, stored
        tally.reach("createGame", stored["game"])
        token, view = stored["token"], stored["view_token"]
        tally.call("readGame", params={"token": data.draw(tokens(schemas, token, view), label="read")})
        params, body = data.draw(city_changes(schemas, {**stored, "token": token}), label="city")
        status, changed = tally.call("replaceCity", params=params, body=body)
        if status == 200:
            tally.reach("replaceCity", {**changed["game"], "cities": [body["city"]]})
        stored = changed if status == 200 else tally.call("readGame", params={"token": token})[1]
        body = data.draw(play_bodies(schemas, stored), label="play")
        edit = data.draw(tokens(schemas, token, view), label="token")
        tally.call("replacePlay", params={"token": edit}, body=body)
        lock = data.draw(st.none() | mostly_valid(schemas, schemas.component("Lock")), label="lock")
        status, locked = tally.call("lockGame", params={"token": token}, body=lock)
        if status == 200 and locked["locked"]:  # a locked game refuses a change, naming it
            again = {"city": locked["game"]["cities"][0], "version": locked["versions"][0]}
            answer = tally.call("replaceCity", params={"token": token, "seat": 0}, body=again, counted=False)
            assert answer[0] == 409, answer

    one()
    tally.check(GAME_OPERATIONS, {"createGame", "replaceCity"}, "stored games")


# --- tables: their games, statistics, names, export and import ---------------------------------


@st.composite
def table_queries(draw: st.DrawFn, schemas: Schemas, expansions: tuple[str, ...]) -> dict[str, Any]:
    """Filters of a table's games and statistics: some of the document's parameters, each
    valid (an expansion of the game mostly) or not."""
    query: dict[str, Any] = {}
    for parameter in schemas.operations()["readTable"][2]["parameters"]:
        name = parameter["name"]
        if parameter["in"] != "query" or draw(st.integers(0, 3)) < 3:
            continue
        if name == "expansion" and expansions and draw(st.booleans()):
            query[name] = draw(
                st.sampled_from(["base", *(f"{w}:{x}" for w in ("with", "without") for x in expansions)])
            )
        else:
            query[name] = draw(schemas.values(parameter["schema"]))
    return {k: v for k, v in query.items() if v is not None}


@st.composite
def name_changes(draw: st.DrawFn, schemas: Schemas, players: list[str]) -> dict[str, Any]:
    """Rename a player of the table, or merge one into another (mostly valid)."""
    player = draw(st.sampled_from(players))
    if len(players) > 1 and draw(st.booleans()):
        body = {"player": player, "merge_into": draw(st.sampled_from([p for p in players if p != player]))}
    else:
        body = {"player": player, "rename": draw(st.sampled_from(["Ana María", "Bartek K.", "Zoë"]))}
    return draw(mutated_bodies(schemas, body, "TableNames"))


@st.composite
def imports(draw: st.DrawFn, schemas: Schemas, export: dict[str, Any]) -> dict[str, Any]:
    """A table's export to import into another table: as exported, or with one of its games
    changed as a stored game's can be (or its own fields)."""
    body = copy.deepcopy(export)
    if body["games"] and draw(st.integers(0, 2)) == 2:
        entry = draw(st.sampled_from(body["games"]))
        entry["game"] = draw(mutated_games(schemas, entry["game"]))
    return draw(mutated_bodies(schemas, body, "TableExport"))


@pytest.mark.slow  # stores every example's tables and games, on two databases
def test_tables_take_expansion_games_without_a_5xx(fuzz):
    """Tables holding games of every combination (teams and all): their statistics with the
    filters, renames and merges of players, a game moved in and out, the export imported
    into another table, on SQLite and on PostgreSQL."""
    schemas, tally = _schemas(), Tally(fuzz)

    @TABLES
    @given(data=st.data())
    def one(data: st.DataObject) -> None:
        body = data.draw(st.none() | mostly_valid(schemas, schemas.component("CreateTable")), label="table")
        status, table = tally.call("createTable", body=body)
        if status != 201:
            status, table = tally.call("createTable", body={"name": "Thursday"})
            assert status == 201, table
        token = table["token"]
        edition, expansions = data.draw(combinations_played(), label="combination")
        kept = []
        for _ in range(data.draw(st.integers(1, 2))):
            game = data.draw(games(schemas, edition, expansions), label="game")
            status, stored = tally.call("createGame", body={"game": game, "table": token})
            assert status == 201, stored
            kept.append(stored)
        tally.call("lockGame", params={"token": kept[0]["token"]})  # only locked games count
        query = data.draw(table_queries(schemas, expansions), label="filters")
        tally.call("readTable", params={"table": token}, query=query)
        rename = data.draw(mostly_valid(schemas, schemas.component("RenameTable")), label="rename")
        tally.call("renameTable", params={"table": token}, body=rename)
        loose = _created(tally, {"game": game})  # the last game again, at no table
        moved = data.draw(
            tokens(schemas, loose["token"], kept[0]["token"], loose["view_token"]), label="move"
        )
        tally.call("addToTable", params={"table": token, "token": moved})
        moved = data.draw(tokens(schemas, moved, kept[-1]["token"], kept[0]["token"]), label="take out")
        tally.call("removeFromTable", params={"table": token, "token": moved})
        players = [c["player"] for c in kept[0]["game"]["cities"]]
        tally.call("tableNames", params={"table": token}, body=data.draw(name_changes(schemas, players)))
        status, export = tally.call("exportTable", params={"table": data.draw(tokens(schemas, token))})
        if status == 200:
            status, other = tally.call("createTable", body={})
            body = data.draw(imports(schemas, export), label="import")
            tally.call("importTable", params={"table": other["token"]}, body=body)

    one()
    tally.check(TABLE_OPERATIONS, {"createGame", "importTable"}, "tables")


def _created(tally: Tally, body: dict[str, Any]) -> dict[str, Any]:
    """A game stored that must be (valid, built from the catalog)."""
    status, stored = tally.call("createGame", body=body)
    assert status == 201, (stored, body)
    return stored


def test_every_operation_of_the_document_is_fuzzed():
    """The three scenarios above call every operation the document describes."""
    every = set(_schemas().operations())
    fuzzed = RULES_OPERATIONS | GAME_OPERATIONS | TABLE_OPERATIONS
    assert every <= fuzzed, f"no scenario calls {every - fuzzed}: add it to one"
    assert fuzzed - every <= {"deck"}, f"{fuzzed - every} is no operation of the document"


# --- what the fuzzer found ---------------------------------------------------------------------


def _on_a_typed_board(seat: int) -> dict[str, Any]:
    """Three cities with the Wonder Pack, the one at ``seat`` on a board known only by its
    points (Stonehenge: no resource, no stage in the data yet)."""
    game = three()
    game["expansions"] = ["wonder-pack"]
    game["cities"][seat]["wonder"] = "stonehenge"
    return game


@pytest.mark.parametrize(
    "question", [{"card": "temple"}, {"stage": True}, {"card": "altar", "via": "free-build"}]
)
@pytest.mark.parametrize("seat", [0, 1])
def test_can_build_beside_a_typed_board_is_refused_naming_the_board_not_a_500(client, question, seat):
    body = {"game": _on_a_typed_board(1), "city": seat, **question}
    response = client.post("/api/v1/can-build", json=body)
    assert response.status_code == 400, response.get_json()
    answer = response.get_json()
    assert answer["field"] == "game.cities[1].wonder" and "Stonehenge" in answer["error"]


def test_the_free_city_beside_a_typed_board_is_refused_naming_the_board_not_a_500(client):
    game = _on_a_typed_board(1)
    game["cities"][2]["free_city"] = True
    response = client.post(
        "/api/v1/free-city", json={"game": game, "hand": ["east-trading-post", "timber-yard"]}
    )
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["field"] == "game.cities[1].wonder"
