"""One entry point for programs: what assistant.rules exports, one error hierarchy, named codes."""

from __future__ import annotations

import pytest

import assistant.rules as rules
from assistant.rules import (
    CatalogError,
    GameFormatError,
    ProblemCode,
    QuestionError,
    RulesError,
    WhyNot,
    can_build,
    parse_game,
)


def test_every_exported_name_is_there_and_nothing_private_is_exported():
    for name in rules.__all__:
        assert hasattr(rules, name), name
        assert not name.startswith("_")
    assert len(set(rules.__all__)) == len(rules.__all__)


def test_every_refusal_is_a_rules_error_and_input_errors_stay_value_errors():
    assert issubclass(CatalogError, RulesError)
    assert issubclass(GameFormatError, RulesError) and issubclass(GameFormatError, ValueError)
    assert issubclass(QuestionError, RulesError) and issubclass(QuestionError, ValueError)
    with pytest.raises(GameFormatError) as exc:
        parse_game({"cities": "no"})
    assert exc.value.field == "cities"
    game = parse_game(
        {
            "cities": [
                {"player": n, "wonder": w} for n, w in (("A", "giza"), ("B", "rhodes"), ("C", "babylon"))
            ]
        }
    )
    with pytest.raises(QuestionError):
        can_build(game, 7, "baths")
    with pytest.raises(QuestionError):
        can_build(game, 0, "not-a-card")


def test_problem_and_refusal_codes_are_named_values_equal_to_the_formats_strings():
    assert ProblemCode.DUPLICATE_CARD == "duplicate-card"
    assert {c.value for c in ProblemCode} >= {
        "duplicate-card", "card-not-in-deck", "too-many-copies", "too-many-guilds",
        "duplicate-wonder", "too-many-cards", "bad-military",
    }  # fmt: skip
    assert {w.value for w in WhyNot} >= {"duplicate", "resources", "coins", "no-stage"}
