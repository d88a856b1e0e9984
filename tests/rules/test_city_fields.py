"""The city reader's field table: a field whose value when absent needs nothing else the city
gives says so (``CityField.absent``), and the reader is not called for it. That value is the
one its reader gives for an absent field, on a card-level city and on a pad entry, in every
edition and expansion."""

from __future__ import annotations

import pytest

from assistant.rules.catalog import available_editions, available_expansions, catalog_for
from assistant.rules.cityfields import MISSING, CityReader
from assistant.rules.expansion_fields import fields_of


def _catalogs():
    for edition in available_editions():
        yield catalog_for(edition)
        yield catalog_for(edition, list(available_expansions(edition)))


@pytest.mark.parametrize(
    "catalog", list(_catalogs()), ids=lambda c: f"{c.edition}:{'+'.join(c.expansions) or 'base'}"
)
@pytest.mark.parametrize(
    "raw",
    [
        {"player": "Ana", "wonder": "giza", "side": "A"},
        {"player": "Ana", "categories": {"military": 3}},
    ],
    ids=["card-level", "pad entry"],
)
def test_an_absent_fields_value_is_what_its_reader_gives(catalog, raw):
    wonder = next(w.id for w in catalog.wonders if not w.typed)
    raw = {**raw, "wonder": wonder} if "wonder" in raw else raw
    reader = CityReader(raw, 0, catalog, [])
    for field in fields_of(catalog):
        value = field.read(reader, raw.get(field.key, MISSING))
        reader.got[field.key] = value
        if field.key not in raw and field.absent is not MISSING:
            assert field.read(reader, MISSING) == field.absent, field.key
