"""Every card, wonder and ruling of an edition and the expansions being played: the
:class:`Catalog` the engine reads, and where the rules data is found.

An edition is a folder of ``rules_data`` with an ``edition.toml``; an expansion is a
folder under its edition's ``expansions/`` with an ``expansion.toml``, laid over the
edition without copying it (:mod:`.loader` reads both, :mod:`.edition` composes the
rules). Adding either is adding data, not code. :func:`catalog_for` loads a combination
once per process.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from functools import cache

from ..resources import resource_path
from .caches import clear_caches
from .compiled import fingerprint, remembered
from .components import Card, Ruling, Wonder
from .edition import EditionRules as EditionRules
from .edition import ExpansionRules
from .errors import CatalogError as CatalogError
from .model import Color

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, TypeVar

    from .loader import card_id as card_id

    T = TypeVar("T")

__all__ = [
    "Catalog",
    "CatalogError",
    "EditionRules",
    "available_editions",
    "available_expansions",
    "card_id",
    "catalog_for",
    "expansion_rules",
    "fold",
    "load_catalog",
    "register_rules_folder",
]


def __getattr__(name: str) -> object:
    # The rules data's reader is imported only when a catalog is read from the data (a
    # process finding it compiled never needs it: :mod:`.compiled`).
    if name == "card_id":
        from .loader import card_id

        return card_id
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def fold(text: str) -> str:
    """A lenient key for matching typed names: case, accents, apostrophes and spacing ignored."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return re.sub(r"[\W_]+", "", stripped)


_fold = fold


def _kept(text: str) -> bool:
    """False for text holding a control character (NUL...) or a lone surrogate.

    Matching folds away whatever is not a letter or digit, so ``"bath\\x00s"`` would
    otherwise be read as Baths: such text is refused as an unknown name instead, as a
    player name holding one is refused, never cleaned and stored.
    """
    return text.isprintable() or not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


class Catalog:
    """Every card, wonder and ruling of one edition with the expansions being played, and
    the indices the engine needs."""

    def __init__(
        self,
        rules: EditionRules,
        cards: tuple[Card, ...],
        wonders: tuple[Wonder, ...],
        rulings: tuple[Ruling, ...],
    ) -> None:
        self.rules = rules
        self.cards = cards
        self.wonders = wonders
        self.rulings = rulings
        self._with_power: dict[str, frozenset[str]] = {}
        self.derived: dict[str, Any] = {}
        """Tables the core derives from the catalog, by module (:func:`derived`): made with
        a compiled catalog and kept with it, so a process that reads it back makes none."""
        entries: dict[str, list[Card]] = {}
        for card in cards:
            entries.setdefault(card.id, []).append(card)
        self._entries = {k: tuple(v) for k, v in entries.items()}
        self._card_ids_set = frozenset(self._entries)
        self._by_deck: dict[str, frozenset[str]] = {}
        for card in cards:
            self._by_deck[card.deck] = self._by_deck.get(card.deck, frozenset()) | {card.id}
        every_age = tuple(range(1, rules.ages + 1))
        self._ages = {
            k: tuple(sorted({c.age for c in v if c.age is not None})) or every_age
            for k, v in self._entries.items()
        }
        unlocks: dict[str, list[str]] = {k: [] for k in entries}
        for card in cards:
            for parent in card.chain_from:
                if card.id not in unlocks[parent]:
                    unlocks[parent].append(card.id)
        self._unlocks = {k: tuple(v) for k, v in unlocks.items()}
        self._wonders = {w.id: w for w in wonders}
        self._rulings = {r.id: r for r in rulings}
        self.unconfirmed = frozenset(r.id for r in rulings if not r.confirmed)
        """The rulings the rulebook does not confirm yet (none in the base games)."""
        self._card_names: dict[str, str] = {}
        for card in cards:
            for spelling in (card.id, card.name, *card.aliases):
                self._card_names.setdefault(_fold(spelling), card.id)
        self._wonder_names: dict[str, str] = {}
        for wonder in wonders:
            for spelling in (wonder.id, wonder.name, wonder.short_name, *wonder.aliases):
                self._wonder_names.setdefault(_fold(spelling), wonder.id)

    @property
    def edition(self) -> int:
        return self.rules.edition

    @property
    def expansions(self) -> tuple[str, ...]:
        """The expansions laid over the edition, in the edition's order (empty: the base game)."""
        return self.rules.expansions

    @property
    def colors(self) -> tuple[Color, ...]:
        """The card colours, in the order cards are shown."""
        return tuple(info.color for info in self.rules.colors)

    @property
    def structure_ids(self) -> tuple[str, ...]:
        """Every structure id once, in data order."""
        return tuple(self._entries)

    @property
    def card_ids_set(self) -> frozenset[str]:
        """Every structure id, as a set (for checking a whole city's cards at once)."""
        return self._card_ids_set

    def has_card(self, card_id: str) -> bool:
        return card_id in self._entries

    def structure(self, card_id: str) -> Card:
        """The card for an id (for Loom, Glassworks and Press: the Age I entry)."""
        return self._entries[card_id][0]

    def held(self, card_ids: Iterable[str] | None) -> Iterator[Card]:
        """The structures of this catalog among ``card_ids`` (a city's cards), in their order;
        an id it does not know (an error validation reports) is left out."""
        for held_id in card_ids or ():
            entries = self._entries.get(held_id)
            if entries is not None:
                yield entries[0]

    def held_with(self, card_ids: Collection[str] | None, hook: str) -> list[Card]:
        """The structures among ``card_ids`` (a city's cards) with an effect whose hook
        ``hook`` (an :class:`~.effects.Effect` method: ``"gives_defeats"``) answers something:
        a power the engines ask about by name. The cards having it are found once per
        catalog, so a game whose cards have none (the base games) asks nothing more."""
        having = self.with_power(hook)
        if not having or not card_ids or having.isdisjoint(card_ids):
            return []  # the common case, answered in C
        return [self.structure(c) for c in card_ids if c in having]

    def seats_with(self, hands: Iterable[Collection[str] | None], hook: str) -> list[int]:
        """The seats of the cities whose cards (``hands``, in the table's order) have a power
        (see :meth:`held_with`): none at once in the base games."""
        having = self.with_power(hook)
        if not having:
            return []
        return [seat for seat, cards in enumerate(hands) if cards and not having.isdisjoint(cards)]

    def with_power(self, hook: str) -> frozenset[str]:
        """The ids of the structures with an effect whose hook ``hook`` answers something
        (see :meth:`held_with`), found once per catalog: empty in the base games."""
        having = self._with_power.get(hook)
        if having is None:
            having = frozenset(
                card.id for card in self.cards if any(getattr(e, hook)() for e in card.effects)
            )
            self._with_power[hook] = having
        return having

    def dealt(self, deck: str) -> frozenset[str]:
        """The ids of the structures that come into a game as ``deck`` says (``"apart"``:
        the leaders; ``"drawn"``: Cities' black cards; see :data:`~.model.DECKS`)."""
        return self._by_deck.get(deck, frozenset())

    def drawn_by_age(self, hands: Iterable[Sequence[str] | None]) -> dict[int, list[str]]:
        """The different cards of a drawn colour (Cities' black cards) among ``hands`` (each
        city's cards, in the table's order), by their age, in the order the table lists
        them: as many of an age as players enter its deck."""
        drawn = self.dealt("drawn")
        out: dict[int, list[str]] = {}
        for cards in hands if drawn else ():
            if not cards or drawn.isdisjoint(cards):
                continue
            for card_id in filter(drawn.__contains__, cards):  # a few
                listed = out.setdefault(self._ages[card_id][0], [])
                if card_id not in listed:
                    listed.append(card_id)
        return out

    def entries(self, card_id: str) -> tuple[Card, ...]:
        """Every age's entry for an id (two for Loom, Glassworks and Press)."""
        return self._entries[card_id]

    def card_ages(self, card_id: str) -> tuple[int, ...]:
        """The ages in which a structure can be played: its entries' (two for Loom, Glassworks
        and Press), or every age for a card of no age, dealt apart (Leaders)."""
        return self._ages[card_id]

    def unlocks(self, card_id: str) -> tuple[str, ...]:
        """The cards this structure builds for free (derived from ``chain_from``)."""
        return self._unlocks[card_id]

    def copies(self, card_id: str, players: int) -> int:
        """Physical copies of a structure in the decks at this player count (all ages)."""
        return sum(c.copies(players) for c in self._entries[card_id])

    def guilds(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.is_guild)

    def deck(self, age: int, players: int) -> list[tuple[Card, int]]:
        """The designs of an age dealt by their printed counts, and their copies at this
        player count (guilds and cards drawn at random or dealt apart are not listed)."""
        return [
            (c, c.copies(players))
            for c in self.cards
            if c.age == age and c.deck == "printed" and c.copies(players)
        ]

    def wonder(self, wonder_id: str) -> Wonder:
        return self._wonders[wonder_id]

    def has_wonder(self, wonder_id: str) -> bool:
        return wonder_id in self._wonders

    def ruling(self, ruling_id: str) -> Ruling:
        return self._rulings[ruling_id]

    def find_ruling(self, ruling_id: str) -> Ruling | None:
        """The ruling with this id, or None when the edition and expansions have none."""
        return self._rulings.get(ruling_id)

    def resolve_card(self, text: str) -> str | None:
        """The id for a typed card id, English name or known variant; None when unknown
        (and for text holding a control character or a lone surrogate: see :func:`_kept`)."""
        if text in self._entries:
            return text
        return self._card_names.get(_fold(text)) if _kept(text) else None

    def resolve_wonder(self, text: str) -> str | None:
        """The id for a typed wonder id, name or variant (``rhodos``, ``gizah``...); None when
        unknown or not :func:`_kept`."""
        if text in self._wonders:
            return text
        return self._wonder_names.get(_fold(text)) if _kept(text) else None


# --- where the rules data is ------------------------------------------------------------------


def load_catalog(folder: Path, expansions: Iterable[Path] = ()) -> Catalog:
    """Read and check one edition folder of ``rules_data``, with the expansion folders given
    laid over it (in the order given: :func:`catalog_for` gives the edition's order)."""
    from .loader import chains_from_symbols, check_references, read_edition, read_expansion, read_parts

    rules = read_edition(folder / "edition.toml")
    parts = [read_parts(folder, rules)]
    for expansion_folder in expansions:
        expansion = read_expansion(expansion_folder / "expansion.toml", rules)
        rules = rules.with_expansion(expansion)
        parts.append(read_parts(expansion_folder, rules, expansion.id))
    if rules.chains == "symbols":
        parts = chains_from_symbols(parts)
    check_references(rules, parts)
    return Catalog(
        rules,
        tuple(card for part in parts for card in part.cards),
        tuple(wonder for part in parts for wonder in part.wonders),
        tuple(ruling for part in parts for ruling in part.rulings),
    )


# The folders below are kept as strings, and made ``Path`` objects only to read the data:
# a command that reads a compiled catalog imports no ``pathlib`` (a tenth of its start).
_EXTRA_ROOTS: list[str] = []


def register_rules_folder(root: str | os.PathLike[str]) -> None:
    """Load editions from ``root`` too (a folder of edition folders, like ``rules_data``).

    For data kept outside the package, and for the tests' own toy edition.
    """
    root = os.path.normpath(os.fspath(root))
    if root not in _EXTRA_ROOTS:
        _EXTRA_ROOTS.append(root)
        clear_caches()


def _roots() -> list[str]:
    """Every folder of editions: ``rules_data``, then those registered."""
    return [resource_path("rules_data"), *_EXTRA_ROOTS]


@cache
def _key() -> str:
    """What every rules data folder holds now, for :func:`.compiled.remembered`."""
    return fingerprint(_roots())


def edition_folders(root: str | os.PathLike[str] | None = None) -> dict[int, Path]:
    """Every edition folder by edition number: under ``rules_data`` (or ``root``), and
    under every folder given to :func:`register_rules_folder`."""
    from pathlib import Path

    found = _every_edition_folder() if root is None else dict(_edition_folders(os.fspath(root)))
    return {number: Path(folder) for number, folder in found.items()}


@cache
def _every_edition_folder() -> dict[int, str]:
    return remembered(f"{_key()}-editions", _edition_folders_now)


def _edition_folders_now() -> dict[int, str]:
    found = dict(_edition_folders(resource_path("rules_data")))
    for extra in _EXTRA_ROOTS:
        for number, folder in _edition_folders(extra):
            if number in found and found[number] != folder:
                raise CatalogError(f"edition {number} is defined twice: {found[number]} and {folder}")
            found[number] = folder
    return found


@cache
def _edition_folders(base: str) -> tuple[tuple[int, str], ...]:
    from pathlib import Path

    from .loader import read_edition

    found: dict[int, str] = {}
    for edition_file in sorted(Path(base).glob("*/edition.toml")):
        number = read_edition(edition_file).edition
        if number in found:
            raise CatalogError(
                f"edition {number} is defined twice: {found[number]} and {edition_file.parent}"
            )
        found[number] = str(edition_file.parent)
    return tuple(found.items())


@cache
def _expansion_folders(edition: int) -> dict[str, tuple[int, str]]:
    """An edition's expansion folders by id, with each one's order."""
    if edition not in _every_edition_folder():
        raise KeyError(edition)
    return remembered(f"{_key()}-{edition}-expansions", lambda: _expansion_folders_now(edition))


def _expansion_folders_now(edition: int) -> dict[str, tuple[int, str]]:
    from .loader import read_edition, read_expansion

    folder = edition_folders()[edition]
    rules = read_edition(folder / "edition.toml")
    found: dict[str, tuple[int, str]] = {}
    for path in sorted(folder.glob("expansions/*/expansion.toml")):
        expansion = read_expansion(path, rules)
        if expansion.id in found:
            raise CatalogError(f"expansion {expansion.id} is defined twice in {folder}")
        found[expansion.id] = (expansion.order, str(path.parent))
    return found


def available_editions() -> tuple[int, ...]:
    return tuple(sorted(_every_edition_folder()))


@cache  # read for every game: its folders are found once, so is their order
def available_expansions(edition: int) -> tuple[str, ...]:
    """The ids of an edition's expansions, in the edition's order (KeyError: no such edition)."""
    found = _expansion_folders(edition)
    return tuple(sorted(found, key=lambda e: (found[e][0], e)))


@cache
def expansion_rules(edition: int, expansion: str) -> ExpansionRules:
    """What one expansion of an edition adds (KeyError: no such edition or expansion)."""
    from pathlib import Path

    from .loader import read_edition, read_expansion

    folder = edition_folders()[edition]
    return read_expansion(
        Path(_expansion_folders(edition)[expansion][1], "expansion.toml"),
        read_edition(folder / "edition.toml"),
    )


def catalog_for(edition: int = 1, expansions: Iterable[str] = ()) -> Catalog:
    """The checked catalog of an edition with these expansions (any order), loaded once per
    process. KeyError: an edition, or an expansion of it, the assistant does not know."""
    return _catalog_named(edition, tuple(expansions))


@cache
def _catalog_named(edition: int, expansions: tuple[str, ...]) -> Catalog:
    """:func:`catalog_for` of the expansions in the order given: a game asks for its catalog
    when it is read and when it is scored, and a dictionary lookup answers the second time."""
    wanted = set(expansions)
    if not wanted:
        return _catalog(edition, ())
    known = available_expansions(edition)
    unknown = wanted.difference(known)
    if unknown:
        raise KeyError(sorted(unknown)[0])
    return _catalog(edition, tuple(e for e in known if e in wanted))


@cache
def _catalog(edition: int, expansions: tuple[str, ...]) -> Catalog:
    folders = _every_edition_folder()
    if edition not in folders:
        raise KeyError(edition)
    found = _expansion_folders(edition) if expansions else {}
    return remembered(
        f"{_key()}-{edition}-{'+'.join(expansions) or 'base'}",
        lambda: _compile(folders[edition], [found[e][1] for e in expansions]),
    )


def _compile(folder: str, expansions: list[str]) -> Catalog:
    """A catalog read from its data, with the tables the loaded modules derive from it
    (:func:`derives`: validation's and scoring's, when the process scores)."""
    from pathlib import Path

    catalog = load_catalog(Path(folder), [Path(e) for e in expansions])
    for name, make in _DERIVERS.items():
        derived(catalog, name, make)
    return catalog


_DERIVERS: dict[str, Callable[[Catalog], object]] = {}


def derives(name: str, make: Callable[[Catalog], object]) -> None:
    """Have every catalog compiled from now on carry ``make(catalog)`` under ``name`` (a
    module of the core registers its per-catalog tables when it is imported)."""
    _DERIVERS[name] = make


def derived(catalog: Catalog, name: str, make: Callable[[Catalog], T]) -> T:
    """What ``make(catalog)`` returns, made once per catalog and kept in ``catalog.derived``
    under ``name`` (a compiled catalog carries it: :mod:`.compiled`)."""
    try:
        found: T = catalog.derived[name]
    except KeyError:
        found = catalog.derived[name] = make(catalog)
    return found
