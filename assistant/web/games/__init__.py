"""The table's game: set-up (and tonight's deck), the hub, each phone's city, the ages, the
scoreboard and printing, one module each, on one blueprint (``games``). Every view reads or
writes the game format and asks the rules core for scores; none computes a point itself."""

from __future__ import annotations

from . import ages, board, city, deck, entry, hub, printing, setup
from .blueprint import bp

__all__ = ["ages", "board", "bp", "city", "deck", "entry", "hub", "printing", "setup"]
