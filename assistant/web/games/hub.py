"""The game's hub (join link, QR code, each city), locking a game, and its export."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response as WerkzeugResponse

from ... import jsonio
from ...netaddr import is_unreachable_url
from ...store import games as store
from ...tables import record_of
from .. import gamestate, recent, tables
from ..db import get_session
from ..forms import LockForm, MoveGameForm
from ..urls import absolute
from .blueprint import bp


@bp.get("/g/<token>")
def game(token: str) -> str | WerkzeugResponse:
    """The game's hub: join link and QR code, each city, the score so far."""
    loaded = gamestate.load(token)
    if not loaded.editable:
        return redirect(url_for("games.scoreboard", token=token))
    recent.remember(token)
    join_url = absolute("games.game", token=loaded.row.edit_token)
    return render_template(
        "games/game.html",
        loaded=loaded,
        scored=loaded.standing,
        join_url=join_url,
        join_unreachable=is_unreachable_url(join_url),
        join_host=urlsplit(join_url).netloc,
        view_url=absolute("games.scoreboard", token=loaded.row.view_token),
        lock_form=LockForm(),
        table=_table_of(loaded.row),
        my_tables=tables.recent_tables(),
        move_form=MoveGameForm(),
    )


def _table_of(row: Any) -> Any:
    """The table a game is kept at, if any."""
    from ...store.models import TableRow

    return get_session().get(TableRow, row.table_id) if row.table_id is not None else None


@bp.get("/g/<token>/qr.svg")
def qr(token: str) -> Response:
    """A QR code of the join link (or, with ``?view=1``, of the read-only link)."""
    loaded = gamestate.load(token, edit=True)
    if request.args.get("view"):
        target = absolute("games.scoreboard", token=loaded.row.view_token)
    else:
        target = absolute("games.game", token=loaded.row.edit_token)
    image = qrcode.make(target, image_factory=qrcode.image.svg.SvgPathFillImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return Response(buffer.getvalue(), mimetype="image/svg+xml")


@bp.post("/g/<token>/lock")
def lock(token: str) -> str | WerkzeugResponse:
    """Lock the game (after a confirmation page), or open it again."""
    loaded = gamestate.load(token, edit=True)
    form = LockForm()
    if form.validate_on_submit():
        locking = form.locked.data == "1"
        if locking and request.form.get("confirm") != "1":
            return render_template("games/lock.html", loaded=loaded, lock_form=form)
        record = record_of(loaded.game) if locking and loaded.game else None
        store.set_locked(get_session(), loaded.row, locking, record=record)
        flash(_("The game is locked.") if locking else _("The game is open again."), "ok")
    return redirect(url_for("games.scoreboard", token=token))


@bp.get("/g/<token>/export.json")
def export(token: str) -> Response:
    """The game in the JSON game format, as a file."""
    loaded = gamestate.load(token)
    body = jsonio.dumps_bytes(loaded.data, indent=True)
    response = Response(body, mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="7wonders-game.json"'
    return response
