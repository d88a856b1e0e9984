"""The tables' pictures: totals over time, where the points come from, wonders' and teams'
win rates, for a table's page and a player's page (SVG from :mod:`assistant.web.charts`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import lru_cache
from typing import Any

from flask_babel import format_percent, ngettext
from flask_babel import gettext as _

from ..rules.catalog import Catalog, available_editions, available_expansions, catalog_for
from ..stats import PlayerStats, TableStats, TeamStats, WonderStats, most_played
from . import charts
from .i18n import format_day, render_text

__all__ = ["percent", "player_charts", "table_charts", "team_label"]


def percent(value: float) -> str:
    return str(format_percent(value, "#,##0%"))


def _totals_chart(series: list[charts.Series], days: list[date]) -> dict[str, Any]:
    """Totals over time (``days``: the games' dates, in the series' order): the chart, and
    what a point stands for when the chart averages spans of games (else nothing)."""
    lines, span = charts.averaged(series)
    return {
        "totals": charts.line_chart(
            lines,
            title=_("Totals over time"),
            first=format_day(days[0]) if days else "",
            last=format_day(days[-1]) if days else "",
        ),
        "totals_span": ngettext(
            "Each point is the average of %(num)d game.", "Each point is the average of %(num)d games.", span
        )
        if span > 1
        else "",
    }


def table_charts(stats: TableStats) -> dict[str, Any]:
    """The table page's pictures: totals over time (the most regular players), wonders' win rates."""
    players = stats.players[: charts.SERIES]
    games = sorted({(d, g) for p in players for d, g, _t in p.history})
    index = {g: i for i, (_d, g) in enumerate(games)}
    series = []
    for p in players:
        values: list[int | None] = [None] * len(games)
        for _d, game_id, total in p.history:
            values[index[game_id]] = total
        series.append(charts.Series(p.name, values))
    shares = _shares(stats.categories, stats.category_average)
    return {
        "shares": charts.share_bar(shares, title=_("Where the points come from")),
        "share_rows": shares,
        **_totals_chart(series, [d for d, _g in games]),
        "legend": [(n % charts.SERIES, p.name) for n, p in enumerate(players)],
        "wonders": _wonder_chart(stats.wonder_totals),
        "wonder_rows": _wonder_rows(stats.wonder_totals, stats.wonders),
        "teams": _team_chart(stats.teams),
    }


def team_label(team: TeamStats) -> str:
    """A team as the statistics name it: its players (its name changes from game to game)."""
    return ", ".join(team.players)


def _team_chart(teams: list[TeamStats]) -> Any:
    """Each team's win rate (a team game's win is each of its players'), most games first."""
    return charts.bar_chart(
        [
            charts.Bar(team_label(t), t.win_rate, _("%(wins)d/%(games)d", wins=t.wins, games=t.games))
            for t in teams[:14]
        ],
        title=_("Win rate by team"),
    )


def _wonder_chart(totals: list[WonderStats]) -> Any:
    """Each wonder's win rate, whichever its side (the sides are in the table below it)."""
    return charts.bar_chart(
        [
            charts.Bar(
                _wonder_label(w.wonder, None),
                w.win_rate,
                _("%(wins)d/%(games)d", wins=w.wins, games=w.games),
            )
            for w in totals[:14]
        ],
        title=_("Win rate by wonder"),
    )


def _wonder_rows(totals: list[WonderStats], sides: Iterable[WonderStats]) -> list[dict[str, Any]]:
    """The wonders' table: each wonder (most played first), then each of its sides."""
    by_wonder: dict[str, list[WonderStats]] = {}
    for side in sides:
        by_wonder.setdefault(side.wonder, []).append(side)
    return [
        {
            "label": _wonder_label(w.wonder, None),
            "stats": w,
            "sides": [
                (_side_label(w.wonder, s.side), s)
                for s in sorted(by_wonder.get(w.wonder, []), key=lambda s: s.side or "")
            ],
        }
        for w in totals
    ]


def _shares(categories: tuple[str, ...], average: Any) -> list[charts.Share]:
    """Each category's average points, named in the page's language, coloured as on the pad."""
    from ..rules.model import Category
    from .templating import category_name

    return [charts.Share(render_text(category_name(Category(c))), average(c), f"cat-{c}") for c in categories]


def player_charts(p: PlayerStats, stats: TableStats) -> dict[str, Any]:
    shares = _shares(stats.categories, p.category_average)
    totals = sorted(p.wonder_totals.values(), key=most_played)
    return {
        **_totals_chart(
            [charts.Series(p.name, [t for _d, _g, t in p.history])], [d for d, _g, _t in p.history]
        ),
        "shares": charts.share_bar(shares, title=_("Where the points come from")),
        "share_rows": shares,
        "wonders": _wonder_chart(totals),
        "wonder_rows": _wonder_rows(totals, p.wonders.values()),
    }


def _wonder_label(wonder: str, side: str | None) -> str:
    """A wonder side's short name (or the wonder's, side None), as the reference pages write
    it (first edition's names; a wonder only a later edition, or an expansion, has is named
    from it)."""
    catalog = _catalog_of(wonder)
    if catalog is None:
        return f"{wonder} {side}" if side else wonder
    name = catalog.wonder(wonder).short_name
    return f"{name} {render_text(catalog.rules.side_name(side))}" if side else name


@lru_cache(maxsize=256)
def _catalog_of(wonder: str) -> Catalog | None:
    """The first catalog that has the wonder: each edition's, then each of its expansions'."""
    for edition in available_editions():
        for expansions in ((), *((x,) for x in available_expansions(edition))):
            catalog = catalog_for(edition, expansions)
            if catalog.has_wonder(wonder):
                return catalog
    return None


def _side_label(wonder: str, side: str | None) -> str:
    """A side's name alone, as the edition of the wonder names it ("A", "B")."""
    if side is None:
        return "—"
    catalog = _catalog_of(wonder)
    return str(_("Side %(side)s", side=render_text(catalog.rules.side_name(side)) if catalog else side))
