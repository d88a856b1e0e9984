"""Three-way merge of one city's edits, for a save that arrives after another change.

A phone saves a city with the version it read (the *base*); when the stored city moved on
meanwhile (another phone, or the end of an age handing out tokens), the phone's changes
are merged into the stored city field by field. Lists of cards and of conflict tokens
merge element by element (what the phone added is added, what it removed is removed), and
objects (a pad's numbers) key by key, so two changes to different parts of a city never
collide. Only a field both sides changed, to different values, is a conflict: the caller
shows it and keeps the phone's edits.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..rules.cityfields import CITY_FIELDS

__all__ = ["merge_city"]

# Fields merged as sets (each card at most once) and as multisets (tokens repeat), as the
# city format's field table says.
SET_FIELDS = frozenset(f.key for f in CITY_FIELDS if f.merge == "set")
MULTISET_FIELDS = frozenset(f.key for f in CITY_FIELDS if f.merge == "multiset")


def _merge_counts(base: Counter[Any], mine: Counter[Any], theirs: Counter[Any]) -> Counter[Any]:
    merged = Counter(theirs)
    merged.update(mine - base)  # what this phone added
    merged.subtract(base - mine)  # what this phone removed
    return +merged  # drop zero and negative counts


def _merge_list(field: str, base: list[Any], mine: list[Any], theirs: list[Any]) -> list[Any]:
    if field in SET_FIELDS:
        added = [x for x in mine if x not in base]
        removed = set(base) - set(mine)
        return [x for x in theirs if x not in removed] + [x for x in added if x not in theirs]
    counts = _merge_counts(Counter(base), Counter(mine), Counter(theirs))
    ordered = [x for x in theirs + mine if x in counts]  # keep a familiar order
    out: list[Any] = []
    for value in dict.fromkeys(ordered):
        out.extend([value] * counts[value])
    return out


def merge_city(
    base: dict[str, Any], mine: dict[str, Any], theirs: dict[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """Merge ``mine`` (edited from ``base``) into ``theirs`` (stored now).

    Returns the merged city and the fields in conflict (empty when the merge is clean).
    In a conflicting field the merged city keeps the phone's value.
    """
    merged = dict(theirs)
    conflicts: list[str] = []
    for field in dict.fromkeys([*base, *mine, *theirs]):
        b, m, t = base.get(field), mine.get(field), theirs.get(field)
        if m == b:  # this phone did not touch the field: the stored value stands
            continue
        if t in (b, m):  # only this phone changed it (or both alike)
            if m is None:
                merged.pop(field, None)
            else:
                merged[field] = m
            continue
        lists = field in SET_FIELDS | MULTISET_FIELDS
        if lists and all(isinstance(v, list) or v is None for v in (b, m, t)):
            merged[field] = _merge_list(field, b or [], m or [], t or [])
            continue
        if isinstance(b, dict) and isinstance(m, dict) and isinstance(t, dict):  # a pad's numbers
            merged[field], inner = merge_city(b, m, t)
            conflicts.extend(f"{field}.{key}" for key in inner)
            continue
        conflicts.append(field)
        if m is None:
            merged.pop(field, None)
        else:
            merged[field] = m
    return merged, conflicts
