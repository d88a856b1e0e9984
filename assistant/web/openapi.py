"""The OpenAPI 3.1 description of ``/api/v1`` (kept true by tests/web/test_openapi.py).

The document is built in parts, each in its own module:

- :mod:`.openapi_common`: what every part builds on (references, answers, the editions the
  app knows, the rules an edition or an expansion lays on a game), ``Error`` and
  ``ResourceCount``;
- :mod:`.openapi_games`: games and cities (``Game``, ``StoredGame``, ``ReplaceCity``...);
- :mod:`.openapi_scores`: scores and verdicts (``ScoreSheet``, ``Verdict``, ``MilitaryRequest``...);
- :mod:`.openapi_catalog`: the catalog (``Catalog``);
- :mod:`.openapi_deck`: the deck for a table (``TableDeck``, and its path);
- :mod:`.openapi_tables`: tables and their statistics (``TableRead``, ``TableStats``...);
- :mod:`.openapi_paths`: every path and operation (``PATHS``).

:func:`_schemas` below lists every component schema by name, in the document's order, with
the function that builds it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..rules.catalog import available_editions
from . import openapi_games as games
from . import openapi_scores as scores
from . import openapi_tables as tables
from .openapi_catalog import catalog_schema
from .openapi_common import Editions, city_schema_name, error_schema, resource_count_schema
from .openapi_deck import deck_schema
from .openapi_paths import PATHS

__all__ = ["PATHS", "city_schema_name", "document"]


@cache
def _schemas(numbers: tuple[int, ...]) -> dict[str, Any]:
    """Every component schema, for the editions the app knows."""
    editions = Editions.of(numbers)
    return {
        "Error": error_schema(),
        "ResourceCount": resource_count_schema(),
        **editions.cities,  # City, CityEdition2...: the game format's own
        "Game": games.game_schema(editions),
        "Problem": scores.problem_schema(),
        "Detail": scores.detail_schema(editions),
        "CityScore": scores.city_score_schema(editions),
        "ScoreSheet": scores.score_sheet_schema(editions),
        "Payment": scores.payment_schema(),
        "Verdict": scores.verdict_schema(),
        "CanBuildRequest": scores.can_build_request_schema(editions),
        "FreeCityRequest": scores.free_city_request_schema(),
        "FreeCityPlay": scores.free_city_play_schema(),
        "MilitaryRequest": scores.military_request_schema(editions),
        "MilitaryResult": scores.military_result_schema(),
        "Catalog": catalog_schema(editions),
        "TableDeck": deck_schema(editions),
        "StoredGame": games.stored_game_schema(),
        "CreateGame": games.create_game_schema(),
        "ReplaceCity": games.replace_city_schema(editions),
        "ReplacePlay": games.replace_play_schema(editions),
        "Lock": games.lock_schema(),
        "Table": tables.table_schema(),
        "CreateTable": tables.create_table_schema(),
        "RenameTable": tables.rename_table_schema(),
        "WonderRecord": tables.wonder_record_schema(),
        "TableStats": tables.table_stats_schema(),
        "TableRead": tables.table_read_schema(),
        "TableNames": tables.table_names_schema(),
        "TableExport": tables.table_export_schema(),
        "Imported": tables.imported_schema(),
    }


def document() -> dict[str, Any]:
    """The whole OpenAPI document, for every edition the app knows."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "7 Wonders table assistant API",
            "version": "1",
            "description": "Score games, adjudicate builds and keep games in the JSON game format.",
        },
        "paths": PATHS,
        "components": {"schemas": _schemas(available_editions())},
    }
