"""The city fields an expansion adds, and :func:`fields_of`, every field a city of a catalog
may give. A field of tokens worth points is data (``[[city_field]]``: :func:`_token_field`
makes its entry); a field with Python of its own is one :class:`~.cityfields.CityField` in
:data:`EXPANSION_FIELDS` (or :func:`register_field`), which says which games have it, how the
city form asks for it and the rule that scores it: Armada's naval strengths (the rule in
:mod:`.naval`), the team game's team and Cities' diplomacy (their rules in :mod:`.military`).
docs/adding-an-edition.md says what a new one takes."""

from __future__ import annotations

from functools import lru_cache

from .catalog import Catalog
from .cityfields import CITY_FIELDS, MISSING, OMIT, CityField, CityReader, Entry, _listed, _or_omit
from .edition import TokenField
from .errors import GameFormatError
from .inputs import _is_int, show, unsafe_text, whole
from .limits import MAX_SHIELDS
from .model import City
from .naval import naval_conflicts
from .text import N_, Text, squeeze

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["EXPANSION_FIELDS", "MAX_TEAM_NAME", "fields_of", "register_field"]


def _token_field(declared: TokenField) -> CityField:
    """A city field an expansion's data declares: a count of tokens worth points each."""
    key = declared.key

    def read(r: CityReader, raw: Any) -> int:
        if raw is MISSING:
            return 0
        if type(raw) is not int or not 0 <= raw <= declared.most:
            whole(
                raw,
                r.at(key),
                0,
                declared.most,
                N_("{city}: {field}", city=r.label, field=Text(declared.label)),
            )
        return int(raw)

    def write(city: City) -> Any:
        return city.added(key) or OMIT

    return CityField(
        key,
        Text(declared.label),
        read,
        write,
        lambda catalog: {
            "type": "integer",
            "minimum": 0,
            "maximum": declared.most,
            "description": f"{declared.label} ({declared.expansion}): {declared.points} points each in {declared.category}.",
        },
        extra=True,
        absent=0,
        entry=Entry("count", Text(declared.label), declared.most),
    )


def _read_naval(r: CityReader, raw: Any) -> tuple[int, ...] | None:
    if raw is MISSING or raw is None:
        return None
    ages = r.catalog.rules.ages
    if not isinstance(raw, list) or len(raw) != ages:
        raise GameFormatError(
            r.at("naval_by_age"),
            N_("{city}: naval_by_age lists the naval strength at the end of each of the {n} ages.",
               city=r.label, n=ages),
        )  # fmt: skip
    for k, v in enumerate(raw):
        if not _is_int(v) or not 0 <= v <= MAX_SHIELDS:
            whole(v, r.at("naval_by_age", k), 0, MAX_SHIELDS, N_("{city}: the naval strength", city=r.label))
    return tuple(int(v) for v in raw)


_NAVAL = CityField(
    "naval_by_age",
    N_("the naval strength"),
    _read_naval,
    lambda city: _listed(city.added("naval_by_age")),
    lambda catalog: {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": MAX_SHIELDS},
        "minItems": catalog.rules.ages,
        "maxItems": catalog.rules.ages,
        "description": "Armada: the city's naval strength at the end of each age; when every city "
        "gives it, the naval conflicts are worked out and fill the naval row.",
    },
    extra=True,
    absent=None,
    applies=lambda catalog: catalog.rules.naval is not None,
    entry=Entry(
        "per-age",
        N_("Naval strength at the end of each age"),
        MAX_SHIELDS,
        N_("Give it for every city and the naval conflicts are worked out."),
    ),
    rule=naval_conflicts,
)


MAX_TEAM_NAME = 40
"""The longest team name, in characters."""


def _read_team(r: CityReader, raw: Any) -> str | None:
    if raw is MISSING or raw is None:
        return None
    team = squeeze(raw) if isinstance(raw, str) else ""
    if not team or len(team) > MAX_TEAM_NAME or unsafe_text(team):
        raise GameFormatError(
            r.at("team"),
            N_("{city}: the team is a name of 1 to {n} characters, not {value}.",
               city=r.label, n=MAX_TEAM_NAME, value=show(raw)),
        )  # fmt: skip
    return team


_TEAM = CityField(
    "team",
    N_("the team"),
    _read_team,
    lambda city: _or_omit(city.team),
    lambda catalog: {
        "type": "string",
        "minLength": 1,
        "maxLength": MAX_TEAM_NAME,
        "description": f"The team game: the team's name; teams of {catalog.rules.team_size} "
        "players sitting side by side (every city names its team, or none does).",
    },
    absent=None,
    applies=lambda catalog: bool(catalog.rules.team_size),
    entry=Entry(
        "name",
        N_("Team"),
        MAX_TEAM_NAME,
        N_("The team game: teammates sit side by side and give the same team name."),
        set_up=True,
    ),
)


@lru_cache(maxsize=64)
def _has_diplomacy(catalog: Catalog) -> bool:
    """Whether the catalog's cards or boards give diplomacy tokens (Cities)."""
    effects = [e for c in catalog.cards for e in c.effects]
    effects += [e for w in catalog.wonders for side in w.sides for st in side.stages for e in st.effects]
    return any(e.diplomacy_tokens() for e in effects)


def _read_diplomacy(r: CityReader, raw: Any) -> tuple[int, ...] | None:
    if raw is MISSING or raw is None:
        return None
    ages = r.catalog.rules.ages
    if (
        not isinstance(raw, list)
        or any(not _is_int(v) or not 1 <= v <= ages for v in raw)
        or len(set(raw)) < len(raw)
    ):
        raise GameFormatError(
            r.at("diplomacy"),
            N_("{city}: diplomacy lists the ages (1 to {n}, each once) in which the city played a "
               "diplomacy token, not {value}.", city=r.label, n=ages, value=show(raw)),
        )  # fmt: skip
    return tuple(sorted(int(v) for v in raw))


_DIPLOMACY = CityField(
    "diplomacy",
    N_("the ages on diplomacy"),
    _read_diplomacy,
    lambda city: _listed(city.diplomacy),
    lambda catalog: {
        "type": "array",
        "items": {"type": "integer", "minimum": 1, "maximum": catalog.rules.ages},
        "uniqueItems": True,
        "description": "Cities: the ages in which the city played a diplomacy token: it fought no "
        "conflict at their end, and its neighbours fought each other across it.",
    },
    merge="set",
    absent=None,
    applies=lambda catalog: _has_diplomacy(catalog),
    entry=Entry(
        "ages",
        N_("Diplomacy played in"),
        0,
        N_(
            "An age in which the city played a diplomacy token: it fought no conflict, and its neighbours fought each other."
        ),
    ),
)


EXPANSION_FIELDS: list[CityField] = [_NAVAL, _TEAM, _DIPLOMACY]
"""The fields an expansion adds with Python of their own (a reader, a rule), each in the
games its :attr:`~CityField.applies` says, in the order a city is written."""


def register_field(field: CityField) -> CityField:
    """Add a field to :data:`EXPANSION_FIELDS` (an expansion kept outside this package, the
    tests' toy one): call it when the module that defines the field is imported, before any
    game of its catalog is read."""
    if field.applies is None or any(f.key == field.key for f in (*CITY_FIELDS, *EXPANSION_FIELDS)):
        raise ValueError(f"{field.key}: a new field that says when a game has it")
    EXPANSION_FIELDS.append(field)
    fields_of.cache_clear()
    return field


@lru_cache(maxsize=64)
def fields_of(catalog: Catalog) -> tuple[CityField, ...]:
    """Every field a city of this catalog may give: the game format's, then the token fields
    its expansions' data declares, then :data:`EXPANSION_FIELDS` that apply to it."""
    return (
        *CITY_FIELDS,
        *(_token_field(f) for f in catalog.rules.city_fields),
        *(f for f in EXPANSION_FIELDS if f.applies is not None and f.applies(catalog)),
    )
