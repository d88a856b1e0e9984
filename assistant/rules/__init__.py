"""The rules core of the 7 Wonders table assistant: standard library only, typed, and the
one entry point a program needs.

Read a game in the game format, score it, and ask whether a city can build a card::

    >>> from assistant.rules import can_build, parse_game, score_game
    >>> game = parse_game({"cities": [
    ...     {"player": "Ana", "wonder": "giza", "coins": 4, "cards": ["baths", "altar"]},
    ...     {"player": "Bo", "wonder": "rhodes", "cards": ["ore-vein"]},
    ...     {"player": "Cy", "wonder": "babylon", "cards": ["lumber-yard"]},
    ... ]})
    >>> sheet = score_game(game)
    >>> sheet.winners, sheet.cities[0].total
    (('Ana',), 6)
    >>> str(can_build(game, 0, "stockade").reason)
    'Ana can build the Stockade for 2 coins: 1 wood from Cy (2 coins).'

Everything the core refuses is a :class:`RulesError` (:class:`GameFormatError` names the
field, :class:`CatalogError` the data file, :class:`QuestionError` a question that cannot
be answered). Problems found at a table carry a :class:`ProblemCode`; a refused build a
:class:`WhyNot`. An edition's cards, wonders and rules are a :class:`Catalog`
(:func:`catalog_for`); its numbers and lists are :class:`EditionRules`.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .caches import clear_caches
    from .catalog import Catalog, EditionRules, available_editions, available_expansions, catalog_for
    from .components import Card, Wonder
    from .effects import KINDS as EFFECT_KINDS
    from .effects import Effect
    from .errors import CatalogError, GameFormatError, HandError, QuestionError, RulesError
    from .gameio import catalog_to_dict, game_to_dict, parse_game, sheet_to_dict, verdict_to_dict
    from .military import conflict_tokens, hand_out
    from .model import (
        CATEGORIES,
        Category,
        City,
        CityScore,
        Color,
        Detail,
        Game,
        Payment,
        Problem,
        ProblemCode,
        Resource,
        ScoreSheet,
        Verdict,
        WhyNot,
    )
    from .production import describe_market, markets
    from .scoring import score_game, tie_notes
    from .text import Text
    from .trade import can_build
    from .validate import check_game

# Each name is imported from its module when first asked for, so that a program that
# needs only part of the core (the command line scoring one game never adjudicates a
# build) does not pay for importing the rest.
_MODULES = {
    "caches": "clear_caches",
    "catalog": "Catalog EditionRules available_editions available_expansions catalog_for",
    "effects": "EFFECT_KINDS Effect",
    "errors": "CatalogError GameFormatError HandError QuestionError RulesError",
    "gameio": "catalog_to_dict game_to_dict parse_game sheet_to_dict verdict_to_dict",
    "military": "conflict_tokens hand_out",
    "components": "Card Wonder",
    "model": "CATEGORIES Category City CityScore Color Detail Game Payment Problem ProblemCode "
    "Resource ScoreSheet Verdict WhyNot",
    "scoring": "score_game tie_notes",
    "text": "Text",
    "production": "describe_market markets",
    "trade": "can_build",
    "validate": "check_game",
}
_WHERE = {name: module for module, names in _MODULES.items() for name in names.split()}
_RENAMED = {"EFFECT_KINDS": "KINDS"}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), _RENAMED.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "CATEGORIES",
    "EFFECT_KINDS",
    "Card",
    "Catalog",
    "CatalogError",
    "Category",
    "City",
    "CityScore",
    "Color",
    "Detail",
    "EditionRules",
    "Effect",
    "Game",
    "GameFormatError",
    "HandError",
    "Payment",
    "Problem",
    "ProblemCode",
    "QuestionError",
    "Resource",
    "RulesError",
    "ScoreSheet",
    "Text",
    "Verdict",
    "WhyNot",
    "Wonder",
    "available_editions",
    "available_expansions",
    "can_build",
    "catalog_for",
    "catalog_to_dict",
    "check_game",
    "clear_caches",
    "conflict_tokens",
    "describe_market",
    "game_to_dict",
    "hand_out",
    "markets",
    "parse_game",
    "score_game",
    "sheet_to_dict",
    "tie_notes",
    "verdict_to_dict",
]
