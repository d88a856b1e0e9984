"""Hand-worked games (scored by hand, the working in comments) shared by the web, browser,
store, PDF and command-line tests."""

from __future__ import annotations

import copy
import re
from typing import Any

# Three players, hand-scored:
#  Ana    Giza A, 2 stages (3+5), 7 coins (2), Baths 3 + Altar 2 + Temple 3, two compasses (4),
#         tokens +1 +3 -1 (3)                                                     = 25
#  Bartek Rhodes A, 1 stage (3), 4 coins (1), Theater 2 + Statue 4, one gear (1),
#         tokens +1 +3 +5 (9)                                                     = 20
#  Şule   Babylon A, 2 stages (3 and a wildcard), 2 coins (0), three tablets and the
#         wildcard as a fourth tablet (16), tokens -1 x4 (-4)                        = 15
# The tokens are scored as given, though the red cards (Ana 1 shield, Bartek 4, Şule 0)
# decide Age III otherwise: the score lists two bad-military problems (issue 29), for Ana
# (no +5 for beating Şule) and Bartek (one +5 for beating both).
THREE = {
    "edition": 1,
    "cities": [
        {"player": "Ana", "wonder": "giza", "side": "A", "stages": 2, "coins": 7,
         "cards": ["lumber-yard", "baths", "altar", "temple", "stockade", "apothecary", "dispensary"],
         "military": [1, 3, -1]},
        {"player": "Bartek", "wonder": "rhodes", "side": "A", "stages": 1, "coins": 4,
         "cards": ["ore-vein", "clay-pool", "barracks", "guard-tower", "walls", "workshop", "theater", "statue"],
         "military": [1, 3, 5]},
        {"player": "Şule", "wonder": "babylon", "side": "A", "stages": 2, "coins": 2,
         "cards": ["scriptorium", "library", "school", "press", "loom", "marketplace"],
         "military": [-1, -1, -1, -1]},
    ],
}  # fmt: skip
THREE_TOTALS = {"Ana": 25, "Bartek": 20, "Şule": 15}

FIRST_EDITION_CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
"""The first edition's scoring categories as the game format writes their keys, in its score
pad's order."""


def three() -> dict[str, Any]:
    return copy.deepcopy(THREE)


def board_coins(board: bytes) -> dict[int, int]:
    """Each entered seat's coins, as the scoreboard shows them beside its wonder."""
    rows = re.findall(
        rb'data-seat="(\d+)"(?:(?!data-seat=).)*?class="coins-note".*?(\d+)</span>', board, re.S
    )
    return {int(seat): int(coins) for seat, coins in rows}


# The Cities team game (issue 43): four players in two teams of two sitting side by side,
# entered on the pad (the first edition's rows, then the Cities row; each treasury is its
# coins // 3), each city on a wonder, side A.
#  seat player team wonder   coins  mil trs wnd civ sci com gld cities   total
#  0    Ana    Sun  giza     6        3   2   5  10   4   2   0    4   =  30
#  1    Ben    Sun  rhodes   9        6   3  10  12   8   3   3    0   =  45
#  2    Cy     Moon babylon  3        5   1   7  15   5   2   5    0   =  40
#  3    Di     Moon ephesus  0       -2   0   8  14  10   0   2    0   =  32
# The players' own ranks: Ben 1 (45), Cy 2 (40), Di 3 (32), Ana 4 (30).
# The teams: Sun 30 + 45 = 75 (coins 15), Moon 40 + 32 = 72 (coins 3): Sun wins by 3 points,
# so Ana and Ben both win, though Ana is last of the four; Cy, second, loses.
# The second night, the same pairs under the set-up's names, Cy and Di first:
#  0    Cy     1    -        4        5   1  10  20  10   3   3    0   =  52
#  1    Di     1    -        0       -1   0   3   6   2   2   0    0   =  12
#  2    Ana    2    -        7        4   2   8  12   5   2   2    0   =  35
#  3    Ben    2    -        5        3   1   9  10   6   2   2    0   =  33
# Own ranks: Cy 1, Ana 2, Ben 3, Di 4. Teams: 1 = 52 + 12 = 64, 2 = 35 + 33 = 68: team 2
# (Ana and Ben) wins by 4; Cy, first of the four, loses.
TEAM_PLAYERS = ("Ana", "Ben", "Cy", "Di")


def _team_pad(name: str, team: str, wonder: str | None, coins: int, *points: int) -> dict[str, Any]:
    *base, cities = points
    city: dict[str, Any] = {
        "player": name,
        "team": team,
        "coins": coins,
        "categories": {**dict(zip(FIRST_EDITION_CATEGORIES, base, strict=True)), "cities": cities},
    }
    if wonder is not None:
        city |= {"wonder": wonder, "side": "A"}
    return city


TEAM_GAME = {"edition": 1, "expansions": ["cities"], "cities": [
    _team_pad("Ana", "Sun", "giza", 6, 3, 2, 5, 10, 4, 2, 0, 4),
    _team_pad("Ben", "Sun", "rhodes", 9, 6, 3, 10, 12, 8, 3, 3, 0),
    _team_pad("Cy", "Moon", "babylon", 3, 5, 1, 7, 15, 5, 2, 5, 0),
    _team_pad("Di", "Moon", "ephesus", 0, -2, 0, 8, 14, 10, 0, 2, 0),
]}  # fmt: skip
TEAM_TOTALS = {"Ana": 30, "Ben": 45, "Cy": 40, "Di": 32}
TEAM_RANKS = {"Ben": 1, "Cy": 2, "Di": 3, "Ana": 4}
TEAM_GAME_2 = {"edition": 1, "expansions": ["cities"], "cities": [
    _team_pad("Cy", "1", None, 4, 5, 1, 10, 20, 10, 3, 3, 0),
    _team_pad("Di", "1", None, 0, -1, 0, 3, 6, 2, 2, 0, 0),
    _team_pad("Ana", "2", None, 7, 4, 2, 8, 12, 5, 2, 2, 0),
    _team_pad("Ben", "2", None, 5, 3, 1, 9, 10, 6, 2, 2, 0),
]}  # fmt: skip
TEAM_TOTALS_2 = {"Cy": 52, "Di": 12, "Ana": 35, "Ben": 33}


def team_game(second: bool = False) -> dict[str, Any]:
    return copy.deepcopy(TEAM_GAME_2 if second else TEAM_GAME)
