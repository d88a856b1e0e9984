"""The line chart of totals over time stays light at any number of games: every game is a
point of its line, and dots mark the games only while they can be told apart."""

from __future__ import annotations

import re

from assistant.web.charts import MARKER_SPACING, MOST_POINTS, Series, averaged, line_chart


def _points(svg: str) -> list[list[str]]:
    return [p.split() for p in re.findall(r'<polyline points="([^"]*)"', svg)]


def test_a_few_games_are_each_marked_with_a_dot_on_the_line():
    svg = line_chart([Series("Ana", [40, 52, None, 47]), Series("Ben", [38, 41, 50, 44])], title="Totals")
    assert svg.count("<circle") == 7
    assert [len(p) for p in _points(svg)] == [3, 4]


def test_a_thousand_games_are_lines_without_dots_and_every_game_stays_on_its_line():
    values = [30 + (n * 7) % 41 for n in range(1000)]
    svg = line_chart([Series("Ana", values), Series("Ben", values[::-1])], title="Totals")
    assert "<circle" not in svg
    assert [len(p) for p in _points(svg)] == [1000, 1000]
    assert len(svg) < 30_000  # with a dot for each game: 97,627 characters


def test_dots_stop_where_games_come_closer_than_the_spacing():
    plot = 340 - 30 - 8  # the default width less the chart's margins
    widest = plot // MARKER_SPACING + 1  # games exactly MARKER_SPACING pixels apart (or more)
    assert line_chart([Series("Ana", [40] * widest)], title="T").count("<circle") == widest
    assert "<circle" not in line_chart([Series("Ana", [40] * (widest + 1))], title="T")


def test_a_single_game_is_still_a_dot():
    assert line_chart([Series("Ana", [None, 40, None])], title="T").count("<circle") == 1


def test_up_to_the_most_points_the_lines_are_drawn_game_by_game():
    lines = [Series("Ana", [40, None, 47]), Series("Ben", [38, 41, 50])]
    assert averaged(lines, most=3) == (lines, 1)


def test_more_games_than_points_are_averaged_span_by_span():
    ana = Series("Ana", [40, 41, None, None, 50, 53, 60])
    ben = Series("Ben", [30, None, 35, None, None, None, 31])
    lines, span = averaged([ana, ben], most=3)
    assert span == 3  # 7 games in at most 3 points: spans of 3, 3 and 1
    assert lines == [
        Series("Ana", [40, 52, 60]),
        Series("Ben", [32, None, 31]),
    ]  # 40.5 -> 40 and 51.5 -> 52 (half to even)


def test_a_thousand_games_are_at_most_the_most_points():
    lines, span = averaged([Series("Ana", list(range(1000)))])
    assert span == 14 and len(lines[0].values) == 72 <= MOST_POINTS
    # 0..13, 14..27, ..., 994..999 (996.5: Python rounds half to even)
    assert lines[0].values[:2] == [6, 20] and lines[0].values[-1] == 996
