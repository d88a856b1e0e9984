"""What every part of the OpenAPI document (assistant/web/openapi.py) builds on: references,
answers and bodies, the editions the app knows, and the rules an edition or an expansion
lays on a game."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..rules.catalog import Catalog, available_expansions, catalog_for
from ..rules.cityformat import city_schema
from ..rules.model import Resource

RESOURCES = [r.value for r in Resource]
MAX_VERSION = 2**31 - 1


def city_schema_name(edition: int) -> str:
    """The component describing a city of one edition: ``City`` for the first (the default),
    ``CityEdition2`` and so on for the others."""
    return "City" if edition == 1 else f"CityEdition{edition}"


def ref(name: str) -> dict[str, str]:
    """A reference to the component schema ``name``."""
    return {"$ref": f"#/components/schemas/{name}"}


def response(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """An answer of JSON fitting ``schema``."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def request_body(name: str) -> dict[str, Any]:
    """A required JSON body fitting the component schema ``name``."""
    return {"required": True, "content": {"application/json": {"schema": ref(name)}}}


ERROR = response(ref("Error"), "The input cannot be used: one sentence naming the field.")


def error_schema() -> dict[str, Any]:
    """``Error``: every refusal's body."""
    return {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {"type": "string"},
            "field": {"type": "string"},
            "current_version": {"type": "integer"},
            "locked": {"type": "boolean"},
            "status": {"type": "integer"},
        },
    }


def resource_count_schema() -> dict[str, Any]:
    """``ResourceCount``: a cost, or the resources bought from a neighbour."""
    return {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": 1},
        "propertyNames": {"enum": [*RESOURCES, "coins"]},
    }


def card_ids(catalog: Catalog) -> list[str]:
    """The ids of every card of a catalog."""
    return sorted({c.id for c in catalog.cards})


def cards_of(edition: int, expansion: str) -> list[str]:
    """The ids of the cards an expansion adds."""
    return sorted({c.id for c in catalog_for(edition, [expansion]).cards if c.expansion == expansion})


@cache
def full(edition: int) -> Catalog:
    """An edition with every one of its expansions: what a city of any of its games may hold."""
    return catalog_for(edition, available_expansions(edition))


def fewest_cities(catalog: Catalog) -> int:
    """The smallest table: the least players, or two players and the Free City."""
    rules = catalog.rules
    return (
        min(rules.min_players, rules.free_city_players + 1) if rules.free_city_players else rules.min_players
    )


@dataclass(frozen=True)
class Editions:
    """The editions the app knows, each with all its expansions, and what the schemas need to
    know of them all together."""

    numbers: tuple[int, ...]
    catalogs: tuple[Catalog, ...]  # each edition with all its expansions
    categories: list[str]  # every category of any of them
    fewest_categories: int  # the categories of the edition that has fewest (no expansion)
    cities: dict[str, dict[str, Any]]  # each edition's city component, by its name
    most: int  # the most cities a game seats
    least: int  # the fewest cities a game seats
    most_ages: int
    all_cards: list[str]

    @classmethod
    def of(cls, numbers: tuple[int, ...]) -> Editions:
        catalogs = tuple(full(e) for e in numbers)
        return cls(
            numbers=numbers,
            catalogs=catalogs,
            categories=sorted({c.value for cat in catalogs for c in cat.rules.categories}),
            fewest_categories=min(len(catalog_for(e).rules.categories) for e in numbers),
            cities={city_schema_name(cat.edition): city_schema(cat) for cat in catalogs},
            most=max(cat.rules.max_players for cat in catalogs),
            least=min(fewest_cities(cat) for cat in catalogs),
            most_ages=max(cat.rules.ages for cat in catalogs),
            all_cards=sorted({c.id for cat in catalogs for c in cat.cards}),
        )


def edition_of_game(edition: int) -> dict[str, Any]:
    """A game (or a body naming its edition) of ``edition``; the first is the default."""
    if edition == 1:
        return {"anyOf": [{"not": {"required": ["edition"]}}, {"properties": {"edition": {"const": 1}}}]}
    return {"required": ["edition"], "properties": {"edition": {"const": edition}}}


def without(edition: int, expansion: str) -> dict[str, Any]:
    """A game of ``edition`` that does not play ``expansion``."""
    return {
        "allOf": [
            edition_of_game(edition),
            {
                "not": {
                    "required": ["expansions"],
                    "properties": {"expansions": {"contains": {"const": expansion}}},
                }
            },
        ]
    }


def seat_limits(edition: int, listing: str) -> list[dict[str, Any]]:
    """A body of the edition lists (under ``listing``) at most as many cities as its edition
    seats, more only with an expansion that allows them."""
    checks: list[dict[str, Any]] = []
    limits = sorted({catalog_for(edition, [e]).rules.max_players for e in available_expansions(edition)})
    for most in [catalog_for(edition).rules.max_players, *limits]:
        larger = [
            e for e in available_expansions(edition) if catalog_for(edition, [e]).rules.max_players > most
        ]
        if larger:  # without every expansion that seats more, the table seats at most ``most``
            checks.append(
                {
                    "if": {"allOf": [without(edition, e) for e in larger]},
                    "then": {"properties": {listing: {"maxItems": most}}},
                }
            )
    return checks


def edition_and_expansions(edition: str, expansions: str) -> list[dict[str, Any]]:
    """The ``edition`` and ``expansions`` query parameters, each description ending with what
    the operation says of it (its refusal, or what the expansions add)."""
    return [
        {
            "name": "edition",
            "in": "query",
            "required": False,
            "schema": {"type": "integer", "default": 1},
            "description": "The edition (1, the default, or 2 for the 2020 game)" + edition,
        },
        {
            "name": "expansions",
            "in": "query",
            "required": False,
            "schema": {"type": "string"},
            "description": (
                "The expansions played, as ids of the edition's expansions separated by commas"
                " (absent: none)" + expansions
            ),
        },
    ]
