"""Template globals: icons, the core's words for effects and costs, wonder names."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from flask import Flask
from markupsafe import Markup

from ..rules.catalog import Catalog, available_editions, available_expansions, catalog_for, expansion_rules
from ..rules.describe import (
    CATEGORY_NAMES,
    RESOURCE_NAMES,
    age_numeral,
    describe_cost,
    describe_effects,
)
from ..rules.model import Category, Color, Payment
from ..rules.payment_notes import describe_payment
from ..rules.text import Nn_, Text
from . import icons
from .i18n import format_day, page_language
from .urls import bgstats_url


class AgeNames(dict[int, str]):
    """How the rulebooks write any age (``age_names[2]`` is ``II``): which ages a game has is
    its edition's ``ages``, not this table's."""

    def __missing__(self, age: int) -> str:
        return age_numeral(age)


AGE_NAMES = AgeNames()


def _names_of(edition: int) -> Catalog:
    """Where names are looked up: the edition with every expansion (a game's boards and rows
    are among them, whichever expansions it plays). KeyError: an edition the app does not know."""
    return catalog_for(edition, available_expansions(edition))


def wonder_name(wonder_id: str | None, edition: int = 1) -> str:
    """A wonder's short name for a stored id in an edition (empty when unknown)."""
    try:
        catalog = _names_of(edition)
    except KeyError:
        return ""
    if wonder_id and catalog.has_wonder(wonder_id):
        return catalog.wonder(wonder_id).short_name
    return ""


def side_label(side: str | None, edition: int = 1) -> Text:
    """A wonder side as the edition calls it (``A``; ``Day`` in the second edition)."""
    if not side:
        return Text("")
    try:
        return _names_of(edition).rules.side_name(side)
    except KeyError:
        return Text(side)


def category_name(category: Category, edition: int = 1) -> Text:
    """A score category's name (an edition or an expansion may name categories the engine does not)."""
    try:
        return _names_of(edition).rules.category_name(category)
    except KeyError:
        return CATEGORY_NAMES.get(category) or Text(category.value)


def color_kind(catalog: Catalog, color: Color) -> Text:
    """What the cards of a colour are, as a heading (``Raw materials``), from the rules data."""
    return catalog.rules.color(color).kind


def payment_text(payment: Payment, left: str, right: str) -> Text:
    """One way to pay, with its total: ``3 coins: 1 ore from Bartek (2 coins) and ...``
    (``left`` and ``right``: the neighbours' names)."""
    parts = describe_payment(payment, left, right)
    return Nn_("{n} coin: {parts}.", "{n} coins: {parts}.", payment.total, parts=parts)


def stage_counts(catalog: Catalog) -> str:
    """Stages per wonder side of an edition, for the city page's script."""
    return _stage_counts(catalog)


@cache
def _stage_counts(catalog: Catalog) -> str:
    return json.dumps({w.id: {s.side: len(s.stages) for s in w.sides} for w in catalog.wonders})


def signed(value: int) -> str:
    """A token or a points change with its sign, and a true minus sign: ``+3``, ``−1``."""
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


SOFT_HYPHEN = "\u00ad"


def syllables(name: str) -> str:
    """A card's English name with soft hyphens where its words may break (Pyphen's English
    patterns, at least three letters either side): a tile too narrow for "Marketplace" shows
    "Market-" over "place", never "Marketplac" over "e". The name is as printed, so English
    whatever the page's language. Not cached itself: a tile is rendered once and kept
    (:func:`cached_tile`)."""
    return " ".join(_english().inserted(word, hyphen=SOFT_HYPHEN) for word in name.split(" "))


@cache
def _english() -> Any:
    import pyphen  # only where a picker is drawn

    return pyphen.Pyphen(lang="en_US", left=3, right=3)


def minus(value: int) -> str:
    """A number with a true minus sign when negative: ``−1``."""
    return str(value).replace("-", "\u2212")


TILES_LIMIT = 8192
"""The most rendered tiles an app keeps (``app.extensions["tiles"]``) before starting over."""


def cached_tile(
    tile: Any, catalog: Any, name: str, checked: bool, built: bool, light: bool = False
) -> Markup:
    """A card picker's tile, rendered once per language and state and then reused (``light``:
    the city page's tile, only what a tap needs; see the ``tile`` macro).

    A city page draws some 75 tiles; rendering each (cost icons, the effect in words) was
    most of the page's server time, and a tile depends only on these few things. The tiles
    are kept on the app (``app.extensions["tiles"]``, made by :func:`init_app`).
    """
    from flask import current_app

    key = (
        page_language(),
        catalog.edition,
        catalog.expansions,
        name,
        tile.card.id,
        tile.ages,
        tile.chain_parent is not None,
        tile.gone,
        checked,
        built,
        light,
    )
    tiles: dict[tuple[object, ...], Markup] = current_app.extensions["tiles"]
    html = tiles.get(key)
    if html is None:
        if len(tiles) >= TILES_LIMIT:
            tiles.clear()
        macros = current_app.jinja_env.get_template("_macros.html").module
        html = tiles[key] = Markup(macros.tile(tile, catalog, name, checked, built, light))  # type: ignore[attr-defined]
    return html


PICKERS_LIMIT = 64
"""The most rendered pickers an app keeps (``app.extensions["pickers"]``, some 100 KB each with
the expansions' cards) before starting over."""


def cached_picker(
    picker: Any, name: str, checked: frozenset[str], built: frozenset[str] = frozenset()
) -> Markup:
    """A city page's whole card picker (:func:`gamestate.city_picker`), rendered once per
    language, picker and tiles ticked and built, and then reused.

    Even from rendered tiles (:func:`cached_tile`), a picker of the expansions' 151 cards
    was some 150 calls a page; a page seen again is now one look-up. A city whose cards
    changed renders its picker again from the tiles. Its tiles are light ones (issue 43: a
    name to tap, the rest as text shown on demand)."""
    from flask import current_app

    key = (page_language(), picker.key, name, checked, built)
    pickers: dict[tuple[object, ...], Markup] = current_app.extensions["pickers"]
    html = pickers.get(key)
    if html is None:
        macros = current_app.jinja_env.get_template("_macros.html").module
        html = Markup(macros.tile_groups(picker.groups, picker.catalog, name, checked, built, light=True))  # type: ignore[attr-defined]
        if len(pickers) >= PICKERS_LIMIT:
            pickers.clear()
        pickers[key] = html
    return html


def field_messages(errors: Any) -> list[Any]:
    """A field's own messages: a list of fields (the seats) also carries each entry's errors,
    as dicts or lists, which show beside that entry's own fields instead."""
    return [e for e in errors or () if not isinstance(e, dict | list | tuple)]


def family_group(group: Any) -> bool:
    """Whether a picker's colour group is an expansion's own family of cards (its leaders, its
    black cards): every card in it comes from an expansion. The city page opens such a group
    over the page instead of lengthening the picker."""
    return bool(group.tiles) and all(t.card.expansion is not None for t in group.tiles)


def expansion_choices(catalog: Catalog) -> list[tuple[str, str, bool, str]]:
    """Each expansion of the catalog's edition: its id, name, whether the catalog has it, and
    the ``expansions`` value of a link that toggles it."""
    shown = set(catalog.expansions)
    out = []
    for expansion in available_expansions(catalog.edition):
        toggled = shown ^ {expansion}
        value = ",".join(x for x in available_expansions(catalog.edition) if x in toggled)
        out.append((expansion, expansion_rules(catalog.edition, expansion).name, expansion in shown, value))
    return out


def catalog_args(catalog: Catalog) -> dict[str, object]:
    """The query of a reference link to this catalog: its edition and its expansions."""
    if catalog.expansions:
        return {"edition": catalog.edition, "expansions": ",".join(catalog.expansions)}
    return {"edition": catalog.edition}


def editions() -> list[tuple[int, str]]:
    """Every edition the app knows, as (number, name)."""
    return [(number, catalog_for(number).rules.name) for number in available_editions()]


def init_app(app: Flask) -> None:
    app.extensions["tiles"] = {}  # the card pickers' rendered tiles (see cached_tile)
    app.extensions["pickers"] = {}  # the city pages' rendered pickers (see cached_picker)
    app.jinja_env.tests["family_group"] = family_group
    app.jinja_env.filters["field_messages"] = field_messages
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["minus"] = minus
    app.jinja_env.filters["syllables"] = syllables
    app.jinja_env.filters["format_day"] = format_day
    app.jinja_env.globals.update(
        icon=icons.icon,
        category_icon=icons.category_icon,
        icon_sprite=icons.sprite,
        seating=icons.seating,
        describe_effects=describe_effects,
        describe_cost=describe_cost,
        payment_text=payment_text,
        cached_tile=cached_tile,
        cached_picker=cached_picker,
        resource_names=RESOURCE_NAMES,
        category_name=category_name,
        editions=editions,
        expansion_choices=expansion_choices,
        catalog_args=catalog_args,
        side_label=side_label,
        color_kind=color_kind,
        catalog_wonder_name=wonder_name,
        stage_counts=stage_counts,
        age_names=AGE_NAMES,
        bgstats_url=bgstats_url,
    )
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
