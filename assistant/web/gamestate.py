"""What the game pages share: loading a stored game, reading it as the core's Game, scoring
it, dealing wonders, and the card picker's model. Views never compute points themselves."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from flask import abort, current_app

from ..rules.catalog import Catalog, catalog_for

__all__ = [
    "CityPicker",
    "Kept",
    "Loaded",
    "Standing",
    "catalog_for",
    "city_picker",
    "deal",
    "is_entered",
    "is_pad",
    "kept_record",
    "load",
    "picker",
    "read",
    "score",
    "score_entered",
    "sheet_of_record",
]
from ..rules.components import Card
from ..rules.gameio import GameFormatError, parse_game, sheet_to_dict
from ..rules.model import Color, Game, Problem, ScoreSheet
from ..rules.text import Text
from ..store import games as store
from ..store.models import GameRow
from .db import get_session


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
        """The game's edition with the expansions it is played with."""
        return catalog_for(self.row.edition, self.row.expansions or ())

    @property
    def can_edit(self) -> bool:
        return self.editable and not self.row.locked

    @cached_property
    def kept(self) -> Kept | None:
        """A locked game's record, when today's scoring no longer gives it (see :func:`kept_record`)."""
        return kept_record(self.row, self.game)

    @cached_property
    def standing(self) -> Standing:
        """The game's score as far as its cities are entered; a locked game's record when today's
        scoring differs from it."""
        if self.kept is not None:
            return Standing(self.kept.sheet, None, tuple(is_entered(c) for c in self.data["cities"]))
        return score_entered(self.data)

    @cached_property
    def sheet(self) -> ScoreSheet | None:
        """The game's whole sheet (the hub's, the PDF's): a locked game's record when today's
        scoring differs from it, else today's."""
        if self.kept is not None:
            return self.kept.sheet
        return score(self.game) if self.game is not None else None


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


# --- a locked game's record ----------------------------------------------------------------


@dataclass(frozen=True)
class Kept:
    """A locked game's record that today's scoring no longer gives (the rules data changed
    since it was locked): the sheet kept then, and today's (None: the game no longer reads)."""

    sheet: ScoreSheet
    today: ScoreSheet | None


def kept_record(row: GameRow, game: Game | None) -> Kept | None:
    """The record of a locked game when today's scoring of it differs in any number (a
    city's name, total, rank, coins, category, wonder or side, or the winners), else None:
    then today's sheet gives the same numbers, with today's explanations in the reader's
    language. An open game, a game locked before records were kept, or a record that cannot
    be read has none."""
    snapshot = row.snapshot if row.locked else None
    if not isinstance(snapshot, dict):
        return None
    today = score(game) if game is not None else None
    try:
        if today is not None and _numbers_of_record(snapshot) == _numbers_of_record(sheet_to_dict(today)):
            return None
        pads = [isinstance(c, dict) and is_pad(c) for c in (c.data for c in row.cities)]
        return Kept(sheet_of_record(snapshot, pads), today)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None  # a record this version cannot read: today's scoring, as before records


def _numbers_of_record(snapshot: dict[str, Any]) -> tuple[Any, ...]:
    """The numbers of a sheet in the game format's scoring output (a kept record, or today's
    sheet written as one): each city's name, total, rank, coins, categories, wonder and side,
    and the winners."""
    return (
        [
            (
                c["player"],
                c["total"],
                c.get("rank"),
                c.get("coins", 0),
                dict(c.get("categories", {})),
                c.get("wonder"),
                c.get("side"),
            )
            for c in snapshot["cities"]
        ],
        list(snapshot.get("winners", [])),
    )


def _words(text: Any) -> Text:
    """A kept explanation: the words written at the lock (in English), as a text of its own,
    so one that is still a message of the app is shown in the reader's language."""
    return Text(text if isinstance(text, str) else "")


def sheet_of_record(snapshot: dict[str, Any], pads: list[bool] | None = None) -> ScoreSheet:
    """The sheet kept when a game was locked (the game format's score output) as the sheet
    the pages and the PDF show; ``pads``: which seats were entered as pad totals."""
    from ..rules.model import Category, CityScore, Detail, Problem, TeamScore

    cities = []
    for seat, c in enumerate(snapshot["cities"]):
        cities.append(
            CityScore(
                player=str(c["player"]),
                seat=seat,
                categories={Category(k): int(v) for k, v in c["categories"].items()},
                total=int(c["total"]),
                coins=int(c.get("coins", 0)),
                rank=c.get("rank"),
                details=tuple(
                    Detail(
                        Category(d["category"]),
                        int(d["points"]),
                        str(d.get("source", "")),
                        _words(d.get("reason")),
                        d.get("ruling") if isinstance(d.get("ruling"), str) else None,
                    )
                    for d in c.get("details", ())
                ),
                free_city=bool(c.get("free_city")),
                wonder=c.get("wonder"),
                side=c.get("side"),
                pad_entry=bool(pads[seat]) if pads and seat < len(pads) else False,
            )
        )
    return ScoreSheet(
        edition=int(snapshot.get("edition", 1)),
        cities=tuple(cities),
        winners=tuple(str(w) for w in snapshot.get("winners", ())),
        problems=tuple(
            Problem(
                p["severity"],
                p["code"],
                _words(p.get("message")),
                p.get("city"),
                p.get("card"),
                p.get("field"),
            )
            for p in snapshot.get("problems", ())
        ),
        decided_by=snapshot.get("decided_by", "points"),
        explanation=_words(snapshot.get("explanation")),
        expansions=tuple(str(x) for x in snapshot.get("expansions") or ()),
        teams=tuple(
            TeamScore(
                str(t["team"]),
                tuple(map(str, t["players"])),
                int(t["total"]),
                int(t["coins"]),
                int(t["rank"]),
            )
            for t in snapshot.get("teams") or ()
        ),
    )


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


# --- a table being entered -------------------------------------------------------------------


def is_pad(city: dict[str, Any]) -> bool:
    """A stored city entered as a paper pad's numbers (its categories, no cards); a city
    entered card by card may type its expansions' rows in ``categories`` too."""
    return "categories" in city and "cards" not in city


def is_entered(city: dict[str, Any]) -> bool:
    """Whether anyone has entered this city yet (its cards, stages or the pad's numbers).

    Conflict tokens alone do not count: the end of an age hands them to every city.
    """
    return bool(
        city.get("cards") or city.get("stages") or city.get("science_symbols")
        or any(v is not None for v in (city.get("categories") or {}).values())
    )  # fmt: skip


@dataclass(frozen=True)
class Standing:
    """The standing of a game whose cities may still be being entered.

    While some cities are not entered, no conflict tokens are worked out from the shields
    (a city nobody entered has no shields yet, so every neighbour would seem to beat it):
    cities without tokens count none, and the page says the game is incomplete.
    """

    sheet: ScoreSheet | None
    error: GameFormatError | None
    entered: tuple[bool, ...]

    @property
    def complete(self) -> bool:
        return all(self.entered)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats nobody has entered yet."""
        return tuple(seat for seat, done in enumerate(self.entered) if not done)

    @property
    def problems(self) -> tuple[Problem, ...]:
        """The sheet's problems; while cities are missing, not whether the tokens pair up
        round the table (the missing cities' tokens are not known yet)."""
        if self.sheet is None:
            return ()
        if self.complete:
            return self.sheet.problems
        return tuple(p for p in self.sheet.problems if not (p.code == "bad-military" and p.city is None))

    def city_problems(self, seat: int) -> tuple[Problem, ...]:
        """The problems a city's phone shows: its own and the table's."""
        return tuple(p for p in self.problems if p.city in (seat, None))


def score_entered(data: dict[str, Any]) -> Standing:
    """Score a stored game as far as it is entered (see :class:`Standing`)."""
    cities = data.get("cities") or []
    entered = tuple(is_entered(c) for c in cities)
    if not all(entered):
        cities = [
            c if c.get("military") is not None or c.get("shields_by_age") is not None or is_pad(c)
            else {**c, "military": []}
            for c in cities
        ]  # fmt: skip
        data = {**data, "cities": cities}
    game, error = read(data)
    return Standing(score(game) if game else None, error, entered)


# --- the card picker ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """One structure in the picker: the card (its first age), every age it is in, and the
    held card that builds it for free, if any."""

    card: Card
    ages: tuple[int, ...]
    chain_parent: Card | None
    gone: bool = False
    """Every copy of the card the table's deck has is in other cities: it cannot be built here
    (no chain badge then)."""


@dataclass(frozen=True)
class ColourGroup:
    color: Color
    tiles: tuple[Tile, ...]


def gone_elsewhere(catalog: Catalog, cities: list[dict[str, Any]], seat: int) -> frozenset[str]:
    """The cards no copy of which is left for the city at ``seat``: the other cities hold every
    copy the table's deck has (one, for a guild, a leader or a black card)."""
    held = Counter(c for i, city in enumerate(cities) if i != seat for c in set(city.get("cards") or ()))
    return frozenset(
        cid
        for cid, k in held.items()
        if catalog.has_card(cid) and k >= max(1, catalog.copies(cid, len(cities)))
    )


def picker(
    catalog: Catalog, deck_players: int, held: set[str] | frozenset[str], gone: frozenset[str] = frozenset()
) -> list[ColourGroup]:
    """The card picker: one tile per structure, grouped by colour in the order a city lies
    on the table, by age within a colour; only cards of this table's deck (and any held).

    Loom, Glassworks and Press are one tile that says both its ages (I and II).
    """
    groups = []
    for color in catalog.colors:
        tiles = []
        for cid in catalog.structure_ids:
            entries = catalog.entries(cid)
            card = entries[0]
            if card.color is not color:
                continue
            if not (card.is_guild or catalog.copies(cid, deck_players) > 0 or cid in held):
                continue
            parent = (
                None
                if cid in gone
                else next((catalog.structure(p) for p in card.chain_from if p in held), None)
            )
            ages = tuple(sorted({e.age for e in entries if e.age is not None}))
            tiles.append(Tile(card, ages, parent, cid in gone))
        tiles.sort(key=lambda t: t.ages[0] if t.ages else 0)
        if tiles:
            groups.append(ColourGroup(color, tuple(tiles)))
    return groups


CITY_PICKERS_LIMIT = 256
"""The most city pickers an app keeps (``app.extensions["city_pickers"]``) before starting over."""


@dataclass(frozen=True)
class CityPicker:
    """A city page's card picker and the strips under it: the held cards' tiles and those free
    by a chain the city holds, in the picker's order."""

    catalog: Catalog
    groups: tuple[ColourGroup, ...]
    held: tuple[Tile, ...]
    chains: tuple[Tile, ...]
    key: tuple[Any, ...]
    """What the picker is made of (the catalog, the table's size, the held cards, the cards
    gone elsewhere): what its rendered tiles are kept under."""


def city_picker(
    catalog: Catalog, deck_players: int, held: frozenset[str], gone: frozenset[str]
) -> CityPicker:
    """The picker of a city page (:func:`picker`), made once per catalog, table size, held
    cards and cards gone elsewhere, and kept on the app (``app.extensions["city_pickers"]``):
    a page seen again, or by another phone, does not sort the catalog's cards again."""
    kept: dict[tuple[Any, ...], CityPicker] = current_app.extensions.setdefault("city_pickers", {})
    key = (catalog, deck_players, held, gone)
    made = kept.get(key)
    if made is None:
        groups = tuple(picker(catalog, deck_players, held, gone))
        tiles = [t for group in groups for t in group.tiles]
        made = CityPicker(
            catalog,
            groups,
            held=tuple(t for t in tiles if t.card.id in held),
            chains=tuple(t for t in tiles if t.chain_parent is not None and t.card.id not in held),
            key=key,
        )
        if len(kept) >= CITY_PICKERS_LIMIT:
            kept.clear()
        kept[key] = made
    return made
