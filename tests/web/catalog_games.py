"""Games the API takes, of every edition and every combination of its expansions, built from
the catalog (:func:`assistant.rules.catalog.catalog_for`) so that the deep code runs: cities
on the combination's boards holding its cards (Leaders' white cards, Cities' black ones),
with its city fields (a team, the ages on diplomacy, debt and the other typed rows, naval
strengths, Babel tiles...), some entered as a paper pad's numbers, some games in play.

A game drawn here is not always a legal table (a card may be held twice round the table, the
tokens may not pair up): the score's ``problems`` say so, and the API still answers it. Each
expansion field's value is drawn from the city's schema in the served OpenAPI document
(:class:`tests.web.schema_values.Schemas`), the team (a rule of the whole table) excepted.
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Any

from hypothesis import strategies as st

from assistant.rules.catalog import Catalog, available_editions, available_expansions, catalog_for
from assistant.rules.cityfields import CITY_FIELDS
from assistant.rules.expansion_fields import fields_of
from assistant.web.openapi import city_schema_name
from tests.web.schema_values import Schemas

__all__ = ["COMBINATIONS", "combinations_played", "games"]

NAMES = ("Ana", "Bartek", "Şule", "Dilek", "Ewa", "Ferran", "Gosia", "Hyun-woo")
BASE_FIELDS = frozenset(f.key for f in CITY_FIELDS)

COMBINATIONS: tuple[tuple[int, tuple[str, ...]], ...] = tuple(
    (edition, combo)
    for edition in available_editions()
    for k in range(len(available_expansions(edition)) + 1)
    for combo in combinations(available_expansions(edition), k)
)
"""Every edition the app knows with every set of its expansions (the base game too)."""

PLAYED = [
    (1, ("leaders", "cities", "armada", "babel", "edifice", "wonder-pack")),
    (1, ("leaders", "cities")),
    (1, ("armada",)),
    (1, ("cities", "armada")),
    (1, ("babel",)),
]
"""Combinations of the first edition tables play (the issue's among them), every expansion
at once first: Hypothesis draws the first of a list most often."""
SECOND_EDITION = [
    (2, ("leaders", "cities", "armada", "edifice")),
    (2, ("leaders", "cities")),
    (2, ("cities", "armada")),
]


def combinations_played() -> st.SearchStrategy[tuple[int, tuple[str, ...]]]:
    """An edition and expansions: a third of the time a first-edition combination tables
    play, a third the second edition's, else any combination of any edition."""
    return st.one_of(
        st.sampled_from([c for c in PLAYED if c in COMBINATIONS]),
        st.sampled_from([c for c in SECOND_EDITION if c in COMBINATIONS]),
        st.sampled_from(COMBINATIONS),
    )


@functools.cache
def _cards_by_kind(catalog: Catalog) -> list[tuple[list[str], bool]]:
    """The catalog's card ids in groups (age cards, guilds, cards dealt apart as leaders,
    cards drawn as the black ones...), so each kind turns up in a city; each group with
    whether an expansion adds it."""
    groups: dict[tuple[str, str], set[str]] = {}
    added: set[tuple[str, str]] = set()
    for card in catalog.cards:
        groups.setdefault((card.deck, card.color.value), set()).add(card.id)
        if card.expansion is not None:
            added.add((card.deck, card.color.value))
    return [(sorted(ids), key in added) for key, ids in sorted(groups.items())]


@st.composite
def _cards(draw: st.DrawFn, catalog: Catalog) -> list[str]:
    """Cards of every kind, an expansion's at least one of each (a city of a Leaders game
    holds leaders, one of a Cities game black cards), each card once."""
    held: list[str] = []
    for group, added in _cards_by_kind(catalog):
        most = 4 if len(group) > 8 else 2
        kept = [c for c in group if c not in held]  # a colour may span an expansion's and the base cards
        if kept:
            held += draw(st.lists(st.sampled_from(kept), min_size=int(added), max_size=most, unique=True))
    return held


def _teams(n: int, shift: int) -> list[str]:
    """Teams of two side by side round a table of ``n`` (even), the first pair at ``shift``."""
    names = ["Red", "Blue", "Green", "Gold"]
    out = [""] * n
    for pair in range(n // 2):
        for k in (0, 1):
            out[(shift + 2 * pair + k) % n] = names[pair]
    return out


@st.composite
def _city(
    draw: st.DrawFn, schemas: Schemas, catalog: Catalog, player: str, wonder: str, pad: bool
) -> dict[str, Any]:
    side = draw(st.sampled_from([s.side for s in catalog.wonder(wonder).sides]))
    stages = draw(st.integers(0, len(catalog.wonder(wonder).side(side).stages)))
    city: dict[str, Any] = {"player": player, "wonder": wonder, "side": side, "stages": stages}
    city["coins"] = draw(st.integers(0, 40) | st.integers(0, 999))
    rules = catalog.rules
    rows = rules.categories if pad else rules.typed_categories
    typed = draw(st.lists(st.sampled_from(rows), unique=True, max_size=4)) if rows else []
    if pad:
        city["categories"] = {}
    else:
        city["cards"] = draw(_cards(catalog))
        if typed:
            city["categories"] = {}
    for row in typed:
        low, high = rules.category_range(row)
        city["categories"][row.value] = draw(st.integers(max(low, -20), min(high, 30)))
    military = draw(st.sampled_from(["tokens", "shields", "none"]))
    if military == "tokens":
        city["military"] = draw(
            st.lists(st.sampled_from([*rules.victory_tokens, rules.defeat_token]), max_size=8)
        )
    properties = schemas.component(city_schema_name(catalog.edition))["properties"]
    ages = properties["shields_by_age"]["minItems"]
    # The reader takes three ages' shields whatever the edition (the toy edition's four
    # ages too, where the document asks for four): none there, as the API would refuse them.
    if military == "shields" and ages == 3:  # never fewer than the age before
        steps = draw(st.lists(st.integers(0, 6), min_size=ages, max_size=ages))
        city["shields_by_age"] = [sum(steps[: k + 1]) for k in range(ages)]
    for field in fields_of(catalog):
        if field.key not in BASE_FIELDS and field.key != "team" and draw(st.integers(0, 3)) < 3:
            city[field.key] = draw(schemas.valid(properties[field.key]))
    return city


@st.composite
def _in_play(draw: st.DrawFn, game: dict[str, Any], catalog: Catalog) -> None:
    """The game during play: the age being played, a discard pile, the ages stages were built
    in, a free build used."""
    age = draw(st.integers(1, catalog.rules.ages))
    game["age"] = age
    game["discard"] = draw(st.lists(st.sampled_from(sorted(catalog.card_ids_set)), max_size=5))
    for city in game["cities"]:
        if draw(st.booleans()):
            city["stage_ages"] = sorted(draw(st.integers(1, age)) for _ in range(city.get("stages", 0)))
        if draw(st.booleans()):
            city["free_build_used"] = draw(st.booleans())


@st.composite
def games(draw: st.DrawFn, schemas: Schemas, edition: int, expansions: tuple[str, ...]) -> dict[str, Any]:
    """A game of ``edition`` with ``expansions`` that the API takes: 200 from the score, 201
    when stored."""
    catalog = catalog_for(edition, expansions)
    rules = catalog.rules
    least = rules.min_players
    n = rules.max_players - draw(st.integers(0, rules.max_players - least))  # the fullest table first
    wonders = draw(st.permutations([w.id for w in catalog.wonders]))[:n]
    while len(wonders) < n:  # more seats than boards: the same board twice is a problem, not a refusal
        wonders.append(draw(st.sampled_from([w.id for w in catalog.wonders])))
    pads = draw(st.sampled_from([0, 0, 1, n]))
    cities = [draw(_city(schemas, catalog, NAMES[seat], wonders[seat], pad=seat < pads)) for seat in range(n)]
    free = rules.free_city_players and n == rules.free_city_players + 1 and draw(st.integers(0, 3)) == 3
    if free:
        cities[draw(st.integers(0, n - 1))]["free_city"] = True
    elif rules.team_size == 2 and n % 2 == 0 and not draw(st.booleans()):
        for city, team in zip(cities, _teams(n, draw(st.integers(0, 1))), strict=True):
            city["team"] = team
    game: dict[str, Any] = {"cities": cities}
    if edition != 1 or draw(st.booleans()):
        game["edition"] = edition
    if expansions or draw(st.booleans()):
        game["expansions"] = list(draw(st.permutations(expansions)))
    if draw(st.integers(0, 3)) == 3:
        draw(_in_play(game, catalog))
    return game
