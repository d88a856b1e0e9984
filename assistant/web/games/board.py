"""The score pad of a game as a table: the page, and the live part each phone polls."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, current_app, render_template, request
from flask_babel import get_locale

from ...store import games as store
from .. import gamestate
from ..boards import BoardCache
from ..db import get_session
from ..forms import LockForm
from .blueprint import bp


def _scoreboard_context(loaded: gamestate.Loaded) -> dict[str, Any]:
    from ...rules.scoring import tie_notes

    standing = loaded.standing
    sheet = standing.sheet
    order: list[int] = []
    if sheet:
        # Ranked players best first, then the Free City; cities nobody entered yet last.
        order = sorted(
            range(len(sheet.cities)),
            key=lambda s: (
                not standing.entered[s],
                sheet.cities[s].rank is None,
                -sheet.cities[s].total,
                -sheet.cities[s].coins,
                s,
            ),
        )
    return {
        "loaded": loaded,
        "standing": standing,
        "sheet": sheet,
        "order": order,
        "ties": tie_notes(sheet) if sheet and standing.complete else (),
        "waiting": [loaded.row.cities[s].data.get("player", "") for s in standing.waiting],
        "categories": loaded.catalog.rules.categories,
        "state": store.state_version(loaded.row),
        "poll_seconds": current_app.config["POLL_SECONDS"],
        "record_differs": _record_differs(loaded),
    }


def _record_differs(loaded: gamestate.Loaded) -> dict[str, str] | None:
    """A locked game whose record (kept at the lock, and shown) is not what today's scoring
    makes of it (the rules data changed): today's totals, to show beside the record's."""
    kept = loaded.kept
    if kept is None:
        return None
    if kept.today is None:
        return {"today": ""}
    return {"today": ", ".join(f"{c.player} {c.total}" for c in kept.today.cities)}


@bp.get("/g/<token>/scoreboard")
def scoreboard(token: str) -> Response | str:
    """The score pad as a table; with ``?partial=1`` only the live part (for polling)."""
    if request.args.get("partial"):
        return _live_board(token)
    loaded = gamestate.load(token)
    return render_template("games/scoreboard.html", lock_form=LockForm(), **_scoreboard_context(loaded))


def _live_board(token: str) -> Response:
    """The poll: 304 from one indexed row when nothing changed, else the shared rendering."""
    found = store.state_of(get_session(), token)
    if found is None:
        abort(404)
    game_id, state, _editable = found
    language = str(get_locale() or "en")
    etag = f"{state}-{language}"
    if etag in request.if_none_match:
        return Response(status=304, headers={"ETag": f'"{etag}"'})

    def render() -> tuple[str, str]:
        loaded = gamestate.load(token)
        return store.state_version(loaded.row), render_template(
            "games/_scoreboard.html", **_scoreboard_context(loaded)
        )

    boards: BoardCache = current_app.extensions.setdefault("boards", BoardCache())  # one per app (database)
    board = boards.get_or_render(game_id, state, language, render)
    gzipped = "gzip" in request.headers.get("Accept-Encoding", "").lower()
    response = Response(board.gzipped if gzipped else board.html, mimetype="text/html")
    if gzipped:
        response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    response.headers["ETag"] = f'"{board.state}-{language}"'
    return response
