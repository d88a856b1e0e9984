"""Science points: identical symbols squared plus 7 per complete set, with optimal wildcards.

Rulebook (2010), End of the game, scientific structures: each symbol scores its count
squared, and each complete set of the three symbols scores 7 more. A wildcard (Babylon's
science stage, the Scientists Guild, Olympia B copying a Scientists Guild) is chosen at
the end of the game. Completing a set is not always best, nor is piling onto the largest
count, so every assignment is tried; there are at most a handful of wildcards, and the
result is cached.
"""

from __future__ import annotations

from functools import lru_cache

from .records import record

SET_BONUS = 7
"""Points for each complete set of compass, gear and tablet."""


@record
class ScienceResult:
    """The best science score for some symbols and wildcards, and where the wildcards went."""

    points: int
    compass: int
    """Compass symbols counted, wildcards included."""
    gear: int
    tablet: int
    wild_compass: int = 0
    """How many wildcards were played as a compass."""
    wild_gear: int = 0
    wild_tablet: int = 0

    @property
    def sets(self) -> int:
        """Complete sets of the three symbols."""
        return min(self.compass, self.gear, self.tablet)

    @property
    def identical(self) -> int:
        """Points from identical symbols (the squares)."""
        return self.compass**2 + self.gear**2 + self.tablet**2

    @property
    def wild(self) -> int:
        """How many wildcards were assigned."""
        return self.wild_compass + self.wild_gear + self.wild_tablet


def science_score(compass: int, gear: int, tablet: int, set_bonus: int = SET_BONUS) -> int:
    """Points for fixed symbol counts: c² + g² + t² + 7 x min(c, g, t) (``set_bonus`` a set:
    10 with Aristotle's 3 more)."""
    return compass * compass + gear * gear + tablet * tablet + set_bonus * min(compass, gear, tablet)


@lru_cache(maxsize=4096)
def science_points(
    compass: int, gear: int, tablet: int, wild: int = 0, set_bonus: int = SET_BONUS
) -> ScienceResult:
    """The best score over every way to assign ``wild`` wildcards, and that assignment
    (each complete set worth ``set_bonus``: a leader may make sets worth more, and the
    best assignment may then change).

    On equal scores the first assignment found wins, in the order compass, gear, tablet
    (so the result is deterministic).
    """
    if min(compass, gear, tablet, wild) < 0:
        raise ValueError("symbol counts are never negative")
    best = (-1, 0, 0, 0)
    for to_compass in range(wild, -1, -1):
        for to_gear in range(wild - to_compass, -1, -1):
            to_tablet = wild - to_compass - to_gear
            points = science_score(compass + to_compass, gear + to_gear, tablet + to_tablet, set_bonus)
            if points > best[0]:
                best = (points, to_compass, to_gear, to_tablet)
    points, wc, wg, wt = best
    return ScienceResult(points, compass + wc, gear + wg, tablet + wt, wc, wg, wt)
