"""The JSON API (``/api/v1``): score, can-build, military, catalog, deck, and stored games.

Bad input answers 400 with ``{"error": "...", "field": "..."}``; a stale city version
answers 409 and changes nothing. The whole API is described at ``/api/v1/openapi.json``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for
from flask_babel import gettext as _
from werkzeug.exceptions import BadRequest

from .. import tables as service
from ..rules.catalog import Catalog, available_editions, catalog_for
from ..rules.gameio import (
    MAX_HAND,
    MAX_SHIELDS,
    GameFormatError,
    catalog_to_dict,
    city_to_dict,
    game_to_dict,
    parse_expansions,
    parse_game,
    sheet_to_dict,
    unsafe_text,
    verdict_to_dict,
)
from ..rules.names import refuse_same_names
from ..rules.text import squeeze
from ..stats import EXPANSION_FILTER, Chosen
from ..store import games as store
from ..store import tables as repo
from . import gamestate, tables
from .db import get_session
from .i18n import render_text
from .urls import absolute

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class ApiError(Exception):
    def __init__(self, status: int, message: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field
        self.extra = extra


@bp.errorhandler(ApiError)
def _api_error(exc: ApiError) -> tuple[Response, int]:
    body: dict[str, Any] = {"error": exc.message}
    if exc.field is not None:
        body["field"] = exc.field
    body.update(exc.extra)
    return jsonify(body), exc.status


# The store's refusals of a write, each answered one way wherever it is raised: 409, the
# field named (the one the request was changing), the version to read again.


@bp.errorhandler(store.StaleCity)
def _stale_city(exc: store.StaleCity) -> tuple[Response, int]:
    message = _("This city changed since you read it: read the game again and re-apply your change.")
    return _api_error(ApiError(409, message, "version", current_version=exc.current_version))


@bp.errorhandler(store.StalePlay)
def _stale_play(exc: store.StalePlay) -> tuple[Response, int]:
    message = _("The age or the discard pile changed since you read them: read the game again.")
    return _api_error(ApiError(409, message, "version", current_version=exc.current_version))


@bp.errorhandler(store.GameLocked)
def _locked(_exc: store.GameLocked) -> tuple[Response, int]:
    field = "city" if request.view_args and "seat" in request.view_args else "age"
    return _api_error(
        ApiError(409, _("The game is locked: nothing can change any more."), field, locked=True)
    )


def _body() -> dict[str, Any]:
    if not request.is_json:
        raise ApiError(400, _("Send a JSON body with Content-Type: application/json."), "body")
    try:
        data = request.get_json(force=False, silent=False)
    except BadRequest:
        raise ApiError(400, _("The body is not valid JSON."), "body") from None
    if not isinstance(data, dict):
        raise ApiError(400, _("The body must be a JSON object."), "body")
    return data


def _game(data: Any, prefix: str = "") -> Any:
    """Parse a game; a refusal names the field as the caller's body spells it."""
    try:
        return parse_game(data)
    except GameFormatError as exc:
        field = exc.field if exc.field != "game" or not prefix else prefix.rstrip(".")
        if field != prefix.rstrip("."):
            field = prefix + field
        raise ApiError(400, render_text(exc.message), field) from None


def _distinct_names(game: Any, prefix: str) -> None:
    """A game to store names each player once (as the set-up page asks): 400 naming the city."""
    try:
        refuse_same_names(game)
    except GameFormatError as exc:
        raise ApiError(400, render_text(exc.message), prefix + exc.field) from None


def _edition(value: Any) -> int:
    """An edition number the app knows (``?edition=2``), or a 400 naming the field."""
    editions = available_editions()
    try:
        number = -1 if isinstance(value, bool | float) else int(value)
    except (TypeError, ValueError):
        number = -1
    if number not in editions:
        raise ApiError(
            400,
            _("Unknown edition: the editions are %(editions)s.", editions=", ".join(map(str, editions))),
            "edition",
        )
    return number


def _expansions(value: Any, edition: int) -> tuple[str, ...]:
    """The expansions asked for: a list, or ids separated by commas (``leaders,cities``); a
    400 naming ``expansions`` for one the edition does not have."""
    asked = [x for x in value.replace(" ", "").split(",") if x] if isinstance(value, str) else value
    try:
        return parse_expansions(asked if asked is not None else [], edition)
    except GameFormatError as exc:
        raise ApiError(400, render_text(exc.message), "expansions") from None


@bp.get("/catalog")
def catalog() -> Response:
    """Every card and wonder of an edition (``?edition=N``, the first by default) with the
    expansions named (``&expansions=leaders,cities``)."""
    edition = _edition(request.args.get("edition", "1"))
    expansions = _expansions(request.args.get("expansions", ""), edition)
    return jsonify(catalog_to_dict(catalog_for(edition, expansions), render_text))


@bp.get("/deck")
def deck() -> Response:
    """What to put in each age's deck for a table (``?players=4``, with ``&edition=N`` and
    ``&expansions=leaders,cities``): the cards, the draws and the cards dealt apart."""
    from ..rules.table_deck import deck_to_dict, table_deck

    edition = _edition(request.args.get("edition", "1"))
    catalog = catalog_for(edition, _expansions(request.args.get("expansions", ""), edition))
    players = request.args.get("players", "").strip()
    try:  # a number of a few digits, else refused as not one the table can have
        found = table_deck(catalog, int(players) if players.isdecimal() and len(players) < 4 else players)
    except GameFormatError as exc:
        raise ApiError(400, render_text(exc.message), "players") from None
    return jsonify(deck_to_dict(found))


@bp.post("/score")
def score() -> Response:
    """Score a game given in the game format."""
    from ..rules.scoring import score_game

    game = _game(_body())
    return jsonify(sheet_to_dict(score_game(game), render_text))


@bp.post("/can-build")
def can_build() -> Response:
    """Can this city build this card (or its next stage), and at what least cost?"""
    from ..rules.trade import can_build as adjudicate

    data = _body()
    if "game" not in data:
        raise ApiError(400, _('Give the game in the game format under "game".'), "game")
    game = _game(data["game"], "game.")
    seat = data.get("city")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(game.cities):
        raise ApiError(
            400, _('"city" is the index of a city, 0 to %(last)d.', last=len(game.cities) - 1), "city"
        )
    stage, via = _build_question(data)
    cid = None
    if not stage:
        card = data.get("card")
        if not isinstance(card, str):
            raise ApiError(400, _('Give the card id under "card", or "stage": true.'), "card")
        cid = catalog_for(game.edition, game.expansions).resolve_card(card)
        if cid is None:
            raise ApiError(400, _('Unknown card "%(card)s".', card=card[:40]), "card")
    try:
        verdict = adjudicate(game, seat, cid, stage=stage, via=via)
    except GameFormatError as exc:  # a city that cannot be priced (on a typed board, or beside one)
        raise ApiError(400, render_text(exc.message), "game." + exc.field) from None
    return jsonify(verdict_to_dict(verdict, render_text))


def _build_question(data: dict[str, Any]) -> tuple[bool, str | None]:
    """Whether a can-build request asks about the next stage, and through which power."""
    stage = data.get("stage", False)
    if stage is not True and stage is not False:
        raise ApiError(400, _('"stage" is true or false.'), "stage")
    if stage and data.get("card") is not None:
        raise ApiError(400, _("Ask about a card or the next stage, not both."), "card")
    via = data.get("via")
    if via is not None and via not in ("discard", "free-build"):
        raise ApiError(400, _('"via" is "discard" or "free-build" (or absent).'), "via")
    if via is not None and stage:
        raise ApiError(400, _('"via" builds a card through a power: ask about a card, not a stage.'), "via")
    return stage, via


@bp.post("/free-city")
def free_city() -> Response:
    """The two-player variant: which card of ``hand`` the Free City plays, and how."""
    from ..rules.errors import HandError, QuestionError
    from ..rules.freecity import free_city_play
    from ..rules.gameio import free_city_to_dict

    data = _body()
    if "game" not in data:
        raise ApiError(400, _('Give the game in the game format under "game".'), "game")
    game = _game(data["game"], "game.")
    if not any(c.free_city for c in game.cities):
        raise ApiError(400, _("This game has no Free City."), "game.cities")
    catalog = catalog_for(game.edition, game.expansions)
    hand = _hand(data.get("hand"), catalog)
    try:
        play = free_city_play(game, hand, catalog)
    except HandError as exc:  # a card that cannot have been dealt to the Free City
        raise ApiError(400, render_text(exc.message), exc.field) from None
    except GameFormatError as exc:  # a city that cannot be priced (on a typed board, or beside one)
        raise ApiError(400, render_text(exc.message), "game." + exc.field) from None
    except QuestionError as exc:  # pragma: no cover - every case is checked above
        raise ApiError(400, str(exc), "hand") from None
    return jsonify(free_city_to_dict(play, render_text))


def _hand(hand: Any, catalog: Catalog) -> list[str]:
    """The Free City question's ``hand``: a short list of card ids the catalog knows."""
    if (
        not isinstance(hand, list)
        or not hand
        or not all(isinstance(c, str) for c in hand)
        or len(hand) > MAX_HAND
    ):
        raise ApiError(400, _('"hand" lists the ids of the cards its holder may give the Free City.'), "hand")
    for index, card in enumerate(hand):
        if catalog.resolve_card(card) is None:
            raise ApiError(400, _('Unknown card "%(card)s".', card=card[:40]), f"hand[{index}]")
    return hand


@bp.post("/military")
def military() -> Response:
    """Conflict tokens for one age from the shields in seating order."""
    from ..rules.military import conflict_tokens

    data = _body()
    edition = _edition(data.get("edition", 1))
    rules = catalog_for(edition, _expansions(data.get("expansions"), edition)).rules  # its ages, table sizes
    age = data.get("age")
    shields = data.get("shields")
    if not isinstance(age, int) or isinstance(age, bool) or not 1 <= age <= rules.ages:
        raise ApiError(400, _('"age" is an age of the edition, 1 to %(ages)d.', ages=rules.ages), "age")
    cities = rules.players
    if (
        not isinstance(shields, list)
        or len(shields) not in cities
        or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_SHIELDS for s in shields)
    ):
        raise ApiError(
            400,
            _(
                '"shields" lists the shields of %(least)d to %(most)d cities (0 to %(max)d) in seating order.',
                least=cities.start,
                most=cities.stop - 1,
                max=MAX_SHIELDS,
            ),
            "shields",
        )
    away = _away(data.get("diplomacy", []), len(shields))
    teams = _teams(data.get("teams"), len(shields), rules.team_size)
    return jsonify({"age": age, "tokens": conflict_tokens(age, shields, rules, away=away, teams=teams)})


def _away(value: Any, cities: int) -> frozenset[int]:
    """The seats on diplomacy this age (Cities), as the ``military`` call gives them."""
    if not isinstance(value, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < cities for s in value
    ):
        raise ApiError(
            400, _('"diplomacy" lists the seats (from 0) of the cities on diplomacy this age.'), "diplomacy"
        )
    return frozenset(value)


def _teams(value: Any, cities: int, size: int) -> tuple[str, ...]:
    """Each seat's team in the team game (Cities), as the ``military`` call gives them."""
    from ..rules.teams import seated_teams

    if value is None:
        return ()
    found = (
        seated_teams(value, size)
        if isinstance(value, list) and len(value) == cities and all(isinstance(t, str) for t in value)
        else None
    )
    if found is None:
        raise ApiError(
            400,
            _(
                '"teams" names each city\'s team in seating order, in a game with the team game '
                "(Cities): teams of two, side by side."
            ),
            "teams",
        )
    return found


# --- stored games --------------------------------------------------------------------------------


def _public(row: Any, *, editable: bool = True) -> dict[str, Any]:
    """A stored game's answer. A locked game's ``scores`` are its record (kept at the lock);
    when today's scoring differs from it, ``scored_today`` says what it makes of the game.
    ``table`` is the table the game is kept at: its name for anyone, its token and link only
    to the game's edit token (a read-only link is shared widely: the printed sheet's QR
    code; the table's token would let its holder add games, rename and import)."""
    from ..rules.scoring import score_game

    data = store.game_dict(row)
    game, _error = gamestate.read(data)
    kept = gamestate.kept_record(row, game)
    # A game that does not read (and has no record to show) answers 400, naming the field.
    sheet = kept.sheet if kept is not None else score_game(game if game is not None else _game(data))
    link = absolute

    body = {
        "game": data,
        "scores": sheet_to_dict(sheet, render_text),
        "versions": [c.version for c in row.cities],
        "locked": row.locked,
        "mode": row.mode,
        "title": row.title,
        "state": store.state_version(row),
        "play_version": row.play_version,
        "view_url": link("games.scoreboard", token=row.view_token),
        "view_token": row.view_token,
        "table": _table_of(row, editable),
    }
    if row.imported_at is not None:
        body["imported_at"] = service.utc_moment(row.imported_at)
    if kept is not None:
        body["scored_today"] = sheet_to_dict(kept.today, render_text) if kept.today is not None else None
    return body


def _table_of(row: Any, editable: bool) -> dict[str, Any] | None:
    from ..store.models import TableRow

    table = get_session().get(TableRow, row.table_id) if row.table_id is not None else None
    if table is None:
        return None
    if not editable:
        return {"name": table.name}
    return {"name": table.name, "token": table.token, "url": absolute("tables.table", token=table.token)}


@bp.post("/games")
def create_game() -> tuple[Response, int]:
    """Store a new game; answer its edit token, links, and the game with its scores."""
    data = _body()
    if "game" not in data:
        raise ApiError(400, _('Give the game in the game format under "game".'), "game")
    game = _game(data["game"], "game.")
    _distinct_names(game, "game.")
    title = data.get("title")
    if title is not None and (not isinstance(title, str) or len(title) > 80 or unsafe_text(title)):
        raise ApiError(
            400, _('"title" is a text of at most 80 characters, without control characters.'), "title"
        )
    pad = any(c.is_pad_entry for c in game.cities)
    table = _table(data["table"]) if isinstance(data.get("table"), str) else None
    if "table" in data and table is None:
        raise ApiError(400, _('"table" is the token of a table.'), "table")
    row = store.create_game(
        get_session(),
        game_to_dict(game),
        mode="pad" if pad else "cards",
        title=title,
        table_id=table.id if table is not None else None,
    )
    body = _public(row)
    body["token"] = row.edit_token
    body["edit_url"] = absolute("games.game", token=row.edit_token)
    response = jsonify(body)
    response.headers["Location"] = url_for("api.read_game", token=row.edit_token)
    return response, 201


@bp.get("/games/<token>")
def read_game(token: str) -> Response:
    """A stored game (edit or read-only token): the game format, its scores and city versions."""
    row, editable = store.by_any_token(get_session(), token)
    if row is None:
        raise ApiError(404, _("No game at this token."), "token")
    response = jsonify(_public(row, editable=editable))
    response.headers["ETag"] = f'"{store.state_version(row)}"'
    return response


def _editable(token: str) -> Any:
    """The stored game of an edit token: 403 for a read-only token, 404 for none."""
    row = store.by_edit_token(get_session(), token)
    if row is None:
        if store.by_view_token(get_session(), token) is not None:
            raise ApiError(
                403, _("This is a read-only link: use the game's edit token to change it."), "token"
            )
        raise ApiError(404, _("No game at this token."), "token")
    return row


@bp.put("/games/<token>/play")
def replace_play(token: str) -> Response:
    """Replace the game's age being played and discard pile (During play), given the
    ``play_version`` they were read at; a stale version answers 409."""
    row = _editable(token)
    data = _body()
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= store.MAX_VERSION:
        raise ApiError(400, _('Give the "version" of the game\'s play you read ("play_version").'), "version")
    play = {k: data[k] for k in store.PLAY_KEYS if data.get(k) is not None}
    game_data = {k: v for k, v in store.game_dict(row).items() if k not in store.PLAY_KEYS}
    game = _game({**game_data, **play})
    store.set_play(get_session(), row, store.play_of(game_to_dict(game)), version)
    response = jsonify(_public(row))
    response.headers["ETag"] = f'"{store.state_version(row)}"'
    return response


@bp.put("/games/<token>/cities/<int:seat>")
def replace_city(token: str, seat: int) -> Response:
    """Replace one city, given the version it was read at; a stale version answers 409."""
    row = _editable(token)
    if not 0 <= seat < len(row.cities):
        raise ApiError(404, _("The game has cities 0 to %(last)d.", last=len(row.cities) - 1), "city")
    data = _body()
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= store.MAX_VERSION:
        raise ApiError(400, _('Give the "version" of the city you read (from "versions").'), "version")
    city = data.get("city")
    if not isinstance(city, dict):
        raise ApiError(400, _('Give the new city under "city", in the game format.'), "city")
    normalised = _city_replacing(row, seat, city)
    store.replace_city(get_session(), row, seat, normalised, version)
    # ``row`` now holds the state this save produced: every city's version and the lock.
    response = jsonify(_public(row))
    response.headers["ETag"] = f'"{store.state_version(row)}"'
    return response


def _city_replacing(row: Any, seat: int, city: dict[str, Any]) -> dict[str, Any]:
    """The city as stored once it replaces the one at ``seat``, read with the game around
    it (400 naming the field: ``city.coins`` for one of its own, ``cities[j]...`` else)."""
    game_data = store.game_dict(row)
    game_data["cities"][seat] = city
    try:
        game = parse_game(game_data)
        refuse_same_names(game, seat)
    except GameFormatError as exc:
        own = exc.path[:2] == ("cities", seat)
        field = exc.field.replace(f"cities[{seat}]", "city", 1) if own else exc.field
        raise ApiError(400, render_text(exc.message), field) from None
    return city_to_dict(game.cities[seat], catalog_for(game.edition, game.expansions))


@bp.post("/games/<token>/lock")
def lock_game(token: str) -> Response:
    """Lock the game (``{"locked": false}`` opens it again)."""
    row = store.by_edit_token(get_session(), token)
    if row is None:
        raise ApiError(404, _("No game at this token (locking needs the edit token)."), "token")
    locked = True
    if request.content_length:
        locked = _body().get("locked", True)
        if not isinstance(locked, bool):
            raise ApiError(400, _('"locked" is true or false.'), "locked")
    game, _error = gamestate.read(store.game_dict(row))
    record = service.record_of(game) if locked and game is not None else None
    store.set_locked(get_session(), row, locked, record=record)
    return jsonify(_public(row))


# --- tables (the people who play together) ---------------------------------------------------------


def _table(token: str) -> Any:
    table = repo.by_token(get_session(), token)
    if table is None:
        raise ApiError(404, _("No table at this token."), "table")
    return table


def _public_table(table: Any) -> dict[str, Any]:
    return {
        "token": table.token,
        "name": table.name,
        "version": table.version,
        "url": absolute("tables.table", token=table.token),
    }


def _table_name(data: dict[str, Any]) -> str | None:
    name = data.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > 80 or unsafe_text(name)):
        raise ApiError(
            400, _('"name" is a text of at most 80 characters, without control characters.'), "name"
        )
    return name


@bp.post("/tables")
def create_table() -> tuple[Response, int]:
    """Start a table: the people who play together, keeping their games' history."""
    table = repo.create_table(get_session(), _table_name(_body() if request.content_length else {}))
    response = jsonify(_public_table(table))
    response.headers["Location"] = url_for("api.read_table", table=table.token)
    return response, 201


def _api_day(name: str) -> Any:
    from datetime import date

    value = request.args.get(name)
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ApiError(400, _('"%(name)s" is a date, as 2026-12-01.', name=name), name) from None


def _query() -> str:
    q = request.args.get("q", "")
    if len(q) > tables.MAX_QUERY or unsafe_text(q):
        raise ApiError(
            400,
            _('"q" is a text of at most %(n)d characters, without control characters.', n=tables.MAX_QUERY),
            "q",
        )
    return q.strip()


@bp.get("/tables/<table>")
def read_table(table: str) -> Response:
    """A table: its games (newest first) and its statistics. ``?since=&until=&edition=``,
    ``?expansion=`` (``base``, ``with:ID``, ``without:ID``) and ``?players=`` choose the games
    of both; ``?q=`` finds games by a player's name or a title (the games only: the
    statistics are the chosen games', whoever played)."""
    from ..stats import stats_to_dict

    found = _table(table)
    chosen = _chosen()
    q = _query()
    past = tables.history(found)
    stats = tables.stats_of(past, chosen)
    board = absolute("games.scoreboard", token="TOKEN")  # one URL built, the others from it
    lines = tables.matching(past, q, chosen)
    items = tables.game_items(found, lines, past.names, when=False)
    games = [_listed(line, item, board) for line, item in zip(lines, items, strict=True)]
    return jsonify({"table": _public_table(found), "games": games, "stats": stats_to_dict(stats)})


def _chosen() -> Chosen:
    """The games a table's answer is asked for (``since``, ``until``, ``edition``,
    ``expansion``, ``players``), each refused by name when it cannot be one."""
    edition = _edition(request.args["edition"]) if "edition" in request.args else None
    expansion = request.args.get("expansion", "")
    if expansion and not EXPANSION_FILTER.fullmatch(expansion):
        raise ApiError(
            400, _('"expansion" is base, with:ID or without:ID (an expansion\'s id).'), "expansion"
        )
    players = request.args.get("players")
    if players is not None and not (players.isdigit() and 0 < int(players) < 100):
        raise ApiError(400, _('"players" is a number of players, such as 4.'), "players")
    size = int(players) if players is not None else None
    return Chosen(_api_day("since"), _api_day("until"), edition, expansion, size)


def _listed(line: Any, item: dict[str, Any], board: str) -> dict[str, Any]:
    """A game as a table's answer lists it (``item``: as the table's page lists it; ``board``:
    a scoreboard's URL, ``TOKEN`` in it)."""
    return {
        "played_on": line.created_at.date().isoformat(),
        "title": line.title,
        "edition": line.edition,
        **({"expansions": list(line.expansions)} if line.expansions else {}),
        "locked": line.locked,
        **({"imported_at": service.utc_moment(line.imported_at)} if line.imported_at is not None else {}),
        "view_token": line.view_token,
        "view_url": board.replace("TOKEN", line.view_token),
        "winners": item["winners"],
        "cities": [
            {
                "player": c["player"],
                "total": c["total"],
                "rank": c["rank"],
                **({"team": c["team"]} if c.get("team") else {}),
            }
            for c in item["cities"]
        ],
    }


@bp.patch("/tables/<table>")
def rename_table(table: str) -> Response:
    """Rename the table (``{"name": "Thursday club"}``; null or "" takes its name away)."""
    found = _table(table)
    data = _body()
    if "name" not in data:
        raise ApiError(400, _('Give the table\'s new "name" (null takes its name away).'), "name")
    repo.rename_table(get_session(), found, _table_name(data))
    return jsonify(_public_table(found))


@bp.put("/tables/<table>/games/<token>")
def add_to_table(table: str, token: str) -> Response:
    """Put a game (by its edit token) in the table."""
    found = _table(table)
    row = _editable(token)
    if row.locked and row.table_id is not None and row.table_id != found.id:
        raise ApiError(
            409, _("A locked game stays at its table: its record is part of the table's history."), "token"
        )
    repo.move_game(get_session(), row, found)
    return jsonify(_public(row))


@bp.delete("/tables/<table>/games/<token>")
def remove_from_table(table: str, token: str) -> Response:
    """Take a game (by its edit token) out of the table."""
    found = _table(table)
    row = _editable(token)
    if row.table_id != found.id:
        raise ApiError(404, _("This game is not in this table."), "token")
    if row.locked:
        raise ApiError(
            409, _("A locked game stays at its table: its record is part of the table's history."), "token"
        )
    repo.move_game(get_session(), row, None)
    return jsonify(_public(row))


@bp.post("/tables/<table>/names")
def table_names(table: str) -> Response:
    """Rename a player (``{"player": "Ana", "rename": "Ana María"}``) or merge two spellings
    (``{"player": "Anna", "merge_into": "Ana"}``)."""
    found = _table(table)
    data = _body()
    player = data.get("player")
    if not isinstance(player, str) or not player.strip():
        raise ApiError(400, _('"player" names a player of the table.'), "player")
    past = tables.history(found)
    stats = tables.stats_of(past)
    who = service.find_player(stats, past.names, player)
    if who is None:
        raise ApiError(404, _("No player of this table is called %(name)s.", name=player[:40]), "player")
    target, into = _new_name(data, stats, past, who)
    try:
        service.name_player(get_session(), past, who.key, target, into=into)
    except service.NamesChanged as exc:  # another client changed these names first
        raise ApiError(409, render_text(exc.message), "player") from None
    return read_table(table)


def _new_name(data: dict[str, Any], stats: Any, past: Any, who: Any) -> tuple[str, str | None]:
    """The name a player's spellings take: a new one, or another player's (a merge: that
    player's key too)."""
    rename, into = data.get("rename"), data.get("merge_into")
    if (rename is None) == (into is None):
        raise ApiError(
            400, _('Give "rename" (a new name) or "merge_into" (another player), one of them.'), "rename"
        )
    if rename is not None:
        if not isinstance(rename, str) or not rename.strip() or len(rename) > 40 or unsafe_text(rename):
            raise ApiError(400, _('"rename" is a name of at most 40 characters.'), "rename")
        return squeeze(rename), None
    other = service.find_player(stats, past.names, into) if isinstance(into, str) else None
    if other is None or other.key == who.key:
        raise ApiError(400, _('"merge_into" names another player of the table.'), "merge_into")
    return str(other.name), other.key


@bp.get("/tables/<table>/export")
def export_table(table: str) -> Response:
    """Every game of the table in the game format, with its date, title, lock and record."""
    return jsonify(service.export_of(get_session(), _table(table), tables.caches(), tables.board_link))


@bp.post("/tables/<table>/import")
def import_table(table: str) -> tuple[Response, int]:
    """Import games into the table (its export, a list of games, or one game); a game the
    table already has is not imported again (``already_here``). 201 when some game was
    stored, 200 when every one was already here."""
    found = _table(table)
    try:
        done = service.import_into(get_session(), found, _body())
    except service.ImportRefused as exc:
        raise ApiError(400, render_text(exc.message), "games") from None
    body = {"imported": done.imported, "already_here": done.already_here, "table": _public_table(found)}
    return jsonify(body), 201 if done.imported else 200


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI description of this API."""
    from .openapi import document

    return jsonify(document())


__all__ = ["bp", "gamestate"]
