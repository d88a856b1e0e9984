"""Science points: squares plus 7 per set, and wildcards assigned to score the most."""

from __future__ import annotations

import pytest

from assistant.rules.science import science_points, science_score


def _greedy_complete_sets(compass: int, gear: int, tablet: int, wild: int) -> int:
    """The classic slip: every wildcard on the smallest count, to complete sets."""
    counts = [compass, gear, tablet]
    for _ in range(wild):
        counts[counts.index(min(counts))] += 1
    return science_score(*counts)


def _greedy_best_step(compass: int, gear: int, tablet: int, wild: int) -> int:
    """Another slip: each wildcard, one at a time, where it adds the most right now."""
    counts = [compass, gear, tablet]
    for _ in range(wild):
        gains = []
        for i in range(3):
            trial = counts[:]
            trial[i] += 1
            gains.append(science_score(*trial))
        counts[gains.index(max(gains))] += 1
    return science_score(*counts)


def _greedy_largest(compass: int, gear: int, tablet: int, wild: int) -> int:
    """A third slip: every wildcard on the largest count."""
    counts = [compass, gear, tablet]
    for _ in range(wild):
        counts[counts.index(max(counts))] += 1
    return science_score(*counts)


def test_each_symbol_scores_its_count_squared() -> None:
    assert [science_score(n, 0, 0) for n in range(7)] == [0, 1, 4, 9, 16, 25, 36]


def test_a_complete_set_adds_seven_on_top_of_the_squares() -> None:
    assert science_score(1, 1, 1) == 1 + 1 + 1 + 7


def test_two_compass_two_gear_one_tablet_score_sixteen_as_in_the_turkish_seed() -> None:
    assert science_score(2, 2, 1) == 4 + 4 + 1 + 7 == 16


def test_three_compass_two_gear_two_tablet_make_two_sets_and_score_31_not_the_seeds_24() -> None:
    # The Turkish seed says 9 + 4 + 4 + 7 = 24, "only one complete set". The rule counts
    # a set for each compass-gear-tablet trio: min(3, 2, 2) = 2 sets, so 17 + 14 = 31.
    # The rule wins over the seed's example.
    assert science_score(3, 2, 2) == 9 + 4 + 4 + 2 * 7 == 31


def test_three_of_each_symbol_score_48_as_in_the_korean_seed() -> None:
    assert science_score(3, 3, 3) == 27 + 21 == 48


def test_no_symbols_score_nothing() -> None:
    assert science_points(0, 0, 0).points == 0


def test_without_wildcards_the_points_are_the_plain_score() -> None:
    result = science_points(4, 1, 2)
    assert result.points == science_score(4, 1, 2)
    assert (result.compass, result.gear, result.tablet, result.wild) == (4, 1, 2, 0)


def test_the_result_says_where_each_wildcard_went() -> None:
    result = science_points(1, 1, 4, 1)
    assert (result.wild_compass, result.wild_gear, result.wild_tablet) == (0, 0, 1)
    assert (result.compass, result.gear, result.tablet) == (1, 1, 5)
    assert result.points == 1 + 1 + 25 + 7 == 34
    assert result.identical == 27 and result.sets == 1


@pytest.mark.parametrize(
    ("symbols", "best", "assignment"),
    [
        # Completing a set is not always best: a fifth tablet beats a second compass.
        ((1, 1, 4, 1), 34, (0, 0, 1)),
        ((0, 0, 4, 1), 25, (0, 0, 1)),
        ((2, 2, 4, 1), 47, (0, 0, 1)),
        ((0, 0, 2, 2), 16, (0, 0, 2)),
    ],
)
def test_completing_a_set_is_not_always_best(
    symbols: tuple[int, int, int, int], best: int, assignment: tuple[int, int, int]
) -> None:
    result = science_points(*symbols)
    assert result.points == best
    assert (result.wild_compass, result.wild_gear, result.wild_tablet) == assignment
    assert _greedy_complete_sets(*symbols) < best


@pytest.mark.parametrize(
    ("symbols", "best"),
    [
        # A gear, three tablets, Babylon and the Scientists Guild: one wildcard at a time
        # goes to a compass first (+9, completing a set), then to a tablet: 25. Both on
        # tablets score 1 + 25 = 26.
        ((0, 1, 3, 2), 26),
        ((0, 1, 2, 3), 26),
        ((0, 1, 3, 3), 37),
        ((0, 0, 0, 3), 10),
    ],
)
def test_placing_wildcards_one_at_a_time_can_lose(symbols: tuple[int, int, int, int], best: int) -> None:
    assert science_points(*symbols).points == best
    assert _greedy_best_step(*symbols) < best


@pytest.mark.parametrize(
    ("symbols", "best"),
    [((0, 0, 0, 3), 10), ((0, 1, 1, 1), 10), ((0, 1, 1, 2), 13), ((0, 1, 2, 1), 13)],
)
def test_piling_wildcards_on_the_largest_count_can_lose(
    symbols: tuple[int, int, int, int], best: int
) -> None:
    assert science_points(*symbols).points == best
    assert _greedy_largest(*symbols) < best


def test_negative_counts_are_refused() -> None:
    with pytest.raises(ValueError):
        science_points(-1, 0, 0)
