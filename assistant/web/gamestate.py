"""What the game pages share: loading a stored game, reading it as the core's Game, scoring
it, dealing wonders, and the card picker's model. Views never compute points themselves."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from flask import abort

from ..rules.catalog import Catalog, catalog_for

__all__ = ["Loaded", "catalog_for", "deal", "load", "picker", "read", "score"]
from ..rules.gameio import GameFormatError, parse_game
from ..rules.model import Card, Color, Game, ScoreSheet
from ..store import games as store
from ..store.models import GameRow
from .db import get_session

COLOR_ORDER = (Color.BROWN, Color.GREY, Color.BLUE, Color.YELLOW, Color.RED, Color.GREEN, Color.PURPLE)
AGE_NAMES = {1: "I", 2: "II", 3: "III"}


@dataclass
class Loaded:
    """A stored game, whether this link may change it, and the game as the core reads it."""

    row: GameRow
    editable: bool
    token: str
    game: Game | None
    error: GameFormatError | None

    @property
    def data(self) -> dict[str, Any]:
        return store.game_dict(self.row)

    @property
    def catalog(self) -> Catalog:
        return catalog_for(self.row.edition)

    @property
    def can_edit(self) -> bool:
        return self.editable and not self.row.locked


def load(token: str, *, edit: bool = False) -> Loaded:
    """The game behind a link, or 404; ``edit`` requires the edit link."""
    row, editable = store.by_any_token(get_session(), token)
    if row is None or (edit and not editable):
        abort(404)
    game, error = read(store.game_dict(row))
    return Loaded(row, editable, token, game, error)


def read(data: dict[str, Any]) -> tuple[Game | None, GameFormatError | None]:
    try:
        return parse_game(data), None
    except GameFormatError as exc:
        return None, exc


def score(game: Game) -> ScoreSheet:
    from ..rules.scoring import score_game

    return score_game(game)


def deal(
    catalog: Catalog, picks: list[tuple[str | None, str | None]], rng: random.Random | None = None
) -> list[tuple[str, str]]:
    """Wonders and sides for each seat: a pick is kept, the rest dealt like the wonder cards."""
    rng = rng or random.SystemRandom()
    taken = {w for w, _ in picks if w}
    pool = [w.id for w in catalog.wonders if w.id not in taken]
    rng.shuffle(pool)
    out = []
    for wonder, side in picks:
        chosen = wonder or pool.pop()
        out.append((chosen, side if side in ("A", "B") else rng.choice("AB")))
    return out


@dataclass(frozen=True)
class PickerGroup:
    age: int
    color: Color
    cards: tuple[Card, ...]


def picker(catalog: Catalog, deck_players: int, held: set[str]) -> list[PickerGroup]:
    """The card picker: by age, then colour; only cards in this table's deck (and any held).

    Loom, Glassworks and Press are listed once, under Age I (they are one structure).
    """
    groups = []
    seen: set[str] = set()
    for age in (1, 2, 3):
        for color in COLOR_ORDER:
            cards = []
            for card in catalog.cards:
                if card.age != age or card.color is not color or card.id in seen:
                    continue
                in_deck = card.is_guild or catalog.copies(card.id, deck_players) > 0
                if in_deck or card.id in held:
                    cards.append(card)
                    seen.add(card.id)
            if cards:
                groups.append(PickerGroup(age, color, tuple(cards)))
    return groups
