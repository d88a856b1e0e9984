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
