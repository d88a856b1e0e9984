"""A colour is one change, in the rules data: the stylesheet, the picker, the card reference
and the script follow the data, and a colour of the data missing anywhere fails here."""

from __future__ import annotations

import re

import pytest

from assistant.rules import available_editions, available_expansions, catalog_for
from assistant.rules.catalog import Catalog, CatalogError
from assistant.rules.records import replace
from assistant.web.palette import palette_css
from tests.conftest import ROOT, TOY_EDITION


def every_catalog() -> list[Catalog]:
    return [catalog_for(e, available_expansions(e)) for e in available_editions()]


def palette(client) -> str:
    page = client.get("/cards").get_data(as_text=True)
    link = re.search(r'href="(/palette\.css\?v=[0-9a-f]+)"', page)
    assert link, "every page links the palette"
    response = client.get(link.group(1))
    assert response.status_code == 200 and response.mimetype == "text/css"
    assert "immutable" in response.headers["Cache-Control"]
    return response.get_data(as_text=True)


def test_every_colour_and_category_of_the_data_has_its_custom_property(client):
    css = palette(client)
    for catalog in every_catalog():
        for info in catalog.rules.colors:
            key = info.color.value
            assert f"--{key}: {info.swatch};" in css and f".{key} {{ --card: var(--{key}); }}" in css, key
        for category, swatch in catalog.rules.category_swatches:
            assert f".cat-{category.value} {{ --cat: {swatch}; }}" in css, category


def test_the_page_stylesheet_and_the_script_name_no_colour_of_the_data():
    names = {info.color.value for catalog in every_catalog() for info in catalog.rules.colors}
    categories = {c.value for catalog in every_catalog() for c in catalog.rules.categories}
    script = (ROOT / "static" / "app.js").read_text()
    styles = (ROOT / "static" / "app.css").read_text()
    for name in names:
        assert not re.search(rf'["\']{name}["\']', script), f"app.js names the colour {name}"
        assert not re.search(rf"\.{name}\b|--{name}\b", styles), f"app.css names the colour {name}"
    for category in categories:
        assert f".cat-{category}" not in styles, f"app.css names the category {category}"


def test_a_colour_an_expansion_adds_is_shown_in_the_reference_from_its_data(client):
    page = client.get(f"/cards?edition={TOY_EDITION}&expansions=festival").get_data(as_text=True)
    assert '<span class="color-dot silver"></span> Festival acts' in page
    assert 'class="c silver"' in page and "Toy Juggler" in page
    assert "Played in any age" in page  # the silver cards print no age
    base = client.get(f"/cards?edition={TOY_EDITION}").get_data(as_text=True)
    assert "Toy Juggler" not in base and "Festival acts" not in base


def test_one_colour_id_is_one_swatch_whatever_the_data():
    catalog = catalog_for(TOY_EDITION)
    brown = catalog.rules.color(catalog.colors[0])
    other = replace(catalog.rules, colors=(replace(brown, swatch="#000000"), *catalog.rules.colors[1:]))
    clashing = Catalog(other, catalog.cards, catalog.wonders, catalog.rulings)
    with pytest.raises(CatalogError, match="brown is #8d5a2f in one edition and #000000 in another"):
        palette_css([catalog, clashing])
