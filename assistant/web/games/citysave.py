"""Saving one phone's city: versioned, and merged over what another phone saved meanwhile.

:func:`submit` turns a submitted city form into one of four outcomes, which the view only
has to show: :class:`Saved`, :class:`Conflict` (another phone changed the same field),
:class:`Refused` (the errors are on the form) or :class:`Locked`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ...rules.errors import GameFormatError
from ...rules.gameio import parse_game
from ...rules.names import refuse_same_names
from ...store import games as store
from ...store.merge import merge_city
from .. import gamestate
from ..cityform import CityForm, attach_error, city_of
from ..db import get_session


@dataclass
class Saved:
    version: int
    city: dict[str, Any]
    merged: list[str] = field(default_factory=list)
    """The fields another phone had changed meanwhile, kept in the merge."""


@dataclass
class Conflict:
    version: int
    stored: dict[str, Any]
    fields: list[str]


@dataclass
class Refused:
    """The form's errors say why (each beside its field)."""


@dataclass
class Locked:
    """The game was locked: nothing can change any more."""


Outcome = Saved | Conflict | Refused | Locked


def submit(loaded: gamestate.Loaded, seat: int, form: CityForm) -> Outcome:
    """Check a submitted city form and save it."""
    if loaded.row.locked:
        return Locked()
    if not form.validate():
        return Refused()
    try:
        return _save(loaded, seat, form)
    except store.GameLocked:
        return Locked()


def _read_base(form: CityForm) -> dict[str, Any] | None:
    try:
        base = json.loads(form.base.data or "")
    except ValueError:
        return None
    return base if isinstance(base, dict) else None


def _refusal(data: dict[str, Any], seat: int) -> GameFormatError | None:
    """Why the game with this city cannot be stored (a field of the format, two equal names)."""
    try:
        refuse_same_names(parse_game(data), seat)
    except GameFormatError as exc:
        return exc
    return None


def _save(loaded: gamestate.Loaded, seat: int, form: CityForm) -> Outcome:
    row_city = loaded.row.cities[seat]
    current, current_version = dict(row_city.data), row_city.version
    try:
        fresh_form = int(form.version.data or "") == current_version
    except ValueError:
        fresh_form = False
    # The city this phone edited: the stored one when nothing changed since, else the one
    # the page carried (without it, every field that differs counts as a conflict).
    base = current if fresh_form else (_read_base(form) or {})
    mine = city_of(form, base, gamestate.is_pad(current))
    data = loaded.data
    data["cities"][seat] = mine
    if (refused := _refusal(data, seat)) is not None:
        attach_error(form, refused, seat)
        return Refused()
    if fresh_form:
        try:
            return Saved(store.replace_city(get_session(), loaded.row, seat, mine, current_version), mine)
        except store.StaleCity:
            pass
    return _merge(loaded.token, seat, base, mine)


def _merge(token: str, seat: int, base: dict[str, Any], mine: dict[str, Any]) -> Saved | Conflict:
    """Save ``mine`` over what another phone saved since ``base``, when their changes touch
    other fields; a conflict otherwise."""
    for _attempt in range(3):
        fresh = gamestate.load(token, edit=True)
        if fresh.row.locked:
            raise store.GameLocked()
        theirs, version = dict(fresh.row.cities[seat].data), fresh.row.cities[seat].version
        merged, conflicts = merge_city(base, mine, theirs)
        if conflicts:
            return Conflict(version, theirs, conflicts)
        data = fresh.data
        data["cities"][seat] = merged
        if _refusal(data, seat) is not None:
            return Conflict(version, theirs, [f for f in mine if mine.get(f) != theirs.get(f)])
        changed = [f for f in dict.fromkeys([*base, *theirs]) if base.get(f) != theirs.get(f)]
        try:
            saved = store.replace_city(get_session(), fresh.row, seat, merged, version)
        except store.StaleCity:
            continue
        return Saved(saved, merged, changed)
    fresh = gamestate.load(token, edit=True)
    return Conflict(fresh.row.cities[seat].version, dict(fresh.row.cities[seat].data), ["cards"])
