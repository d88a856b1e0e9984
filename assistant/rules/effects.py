"""Every effect a card or a wonder stage can print: one class per kind, one home per kind.

An effect kind is defined once, in the module of its family (:mod:`.effects_points`,
:mod:`.effects_trade`, :mod:`.effects_powers`; the base and the registry in
:mod:`.effect_base`), which this module gathers: its fields, how it is read from ``rules_data``
(:meth:`Effect.parse`), how it is told to a player (:meth:`Effect.describe`), and the
hooks the engines call instead of asking which class it is:

* the catalog loader calls :meth:`Effect.check` (a cross-check with the card it is on);
* scoring calls :meth:`Effect.victory_points`, :meth:`Effect.science_symbol`,
  :meth:`Effect.wildcards`, :meth:`Effect.scorer` (points counted at the end of the
  game) and :meth:`Effect.copies_guild`;
* military calls :meth:`Effect.shield_count`;
* trading calls :meth:`Effect.produced`, :meth:`Effect.discount` and
  :meth:`Effect.frees`; a game in progress (:mod:`.during`) also
  :meth:`Effect.free_power`, :meth:`Effect.once_per_age`, :meth:`Effect.from_next_age`
  and :meth:`Effect.builds_from_discard`;
* validation calls :meth:`Effect.extra_structures` (builds beyond the turns of the ages)
  and :meth:`Effect.extra_in_age` (cards beyond one age's turns).

A new kind is one new class registered with :func:`kind`; the vocabulary stays closed
(the loader refuses a kind not registered here), so the engines are checked to know
every kind the data uses.
"""

from __future__ import annotations

from .effect_base import KINDS, Effect, Fields, kind
from .effects_points import (
    Coins,
    CoinsPer,
    Income,
    Points,
    PointsIfWonderComplete,
    PointsPer,
    Science,
    ScienceSetBonus,
    ScienceWild,
    Shields,
)
from .effects_powers import (
    BuildFromDiscard,
    CopyGuild,
    CopyLeader,
    CopyScience,
    DefeatsAsShields,
    DefeatsToVictor,
    Diplomacy,
    DrawLeaders,
    FreeBuildPerAge,
    FreeColor,
    FreeColorPerAge,
    FreeFirstCardOfAge,
    FreeFirstOfColor,
    FreeLastCardOfAge,
    NeighboursCoins,
    OthersLose,
    PlayLastCard,
    RecruitLeader,
)
from .effects_trade import (
    BankTrade,
    Cheaper,
    CheaperCoins,
    Discount,
    ExtraUnit,
    FreeStageResources,
    Produce,
    Rebate,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass

__all__ = [
    "KINDS",
    "BankTrade",
    "BuildFromDiscard",
    "Cheaper",
    "CheaperCoins",
    "Coins",
    "CoinsPer",
    "CopyGuild",
    "CopyLeader",
    "CopyScience",
    "DefeatsAsShields",
    "DefeatsToVictor",
    "Diplomacy",
    "Discount",
    "DrawLeaders",
    "Effect",
    "ExtraUnit",
    "Fields",
    "FreeBuildPerAge",
    "FreeColor",
    "FreeColorPerAge",
    "FreeFirstCardOfAge",
    "FreeFirstOfColor",
    "FreeLastCardOfAge",
    "FreeStageResources",
    "Income",
    "NeighboursCoins",
    "OthersLose",
    "PlayLastCard",
    "Points",
    "PointsIfWonderComplete",
    "PointsPer",
    "Produce",
    "Rebate",
    "RecruitLeader",
    "Science",
    "ScienceSetBonus",
    "ScienceWild",
    "Shields",
    "kind",
]
