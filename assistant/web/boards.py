"""Rendered live scoreboards, kept per game state and shared by every phone polling it.

A game's state (:func:`assistant.store.games.state_version`) changes with every write, in
the same transaction, so ``(game, state, language)`` names one rendering for good: it is
made once per process when the state is first asked for, and every poller of that state
gets the same bytes (and the same gzip), with no database read of the cities, no parse
and no scoring. Nothing here is needed by another process: each renders its own copy of
the same state, so any number of processes and hosts serve the same board.

While one request renders a state, the others asking for it wait for that rendering
instead of making their own (a save sends every phone of the table at once).
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Callable
from dataclasses import dataclass

from ..lru import Lru

MAX_BOARDS = 512  # about 15 KB each, gzip included


@dataclass(frozen=True)
class Board:
    state: str
    html: bytes
    gzipped: bytes


class BoardCache:
    def __init__(self, size: int = MAX_BOARDS) -> None:
        self._boards: Lru[tuple[int, str, str], Board] = Lru(size)
        self._lock = threading.Lock()
        self._rendering: dict[tuple[int, str, str], threading.Lock] = {}

    def get(self, key: tuple[int, str, str]) -> Board | None:
        return self._boards.get(key)

    def get_or_render(
        self, game_id: int, state: str, language: str, render: Callable[[], tuple[str, str]]
    ) -> Board:
        """The board of this state; ``render`` gives ``(state it rendered, html)`` on a miss."""
        key = (game_id, state, language)
        board = self.get(key)
        if board is not None:
            return board
        with self._lock:
            gate = self._rendering.setdefault(key, threading.Lock())
        try:
            with gate:
                board = self.get(key)
                if board is None:
                    rendered_state, html = render()
                    data = html.encode()
                    board = Board(rendered_state, data, gzip.compress(data, compresslevel=6, mtime=0))
                    # A write may have landed between the state's read and the rendering:
                    # the board is filed under the state it shows, never under a newer one.
                    self._boards.put((game_id, rendered_state, language), board)
        finally:
            with self._lock:
                self._rendering.pop(key, None)
        return board

    def clear(self) -> None:
        self._boards.clear()
