"""The API says what the core explains: the same English sentences, and in the language
asked for the same translations, with no English left (the cases of
tests/rules/test_explanations.py)."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.rules import can_build, parse_game, score_game
from assistant.rules.text import Text
from tests.rules.test_explanations import (
    CHECKED_LANGUAGES,
    DETAILS,
    PROBLEMS,
    VERDICTS,
    detail,
    english_left,
    translate,
)


def _post(client: Any, path: str, body: dict[str, Any], lang: str | None = None) -> Any:
    headers = {"Accept-Language": lang} if lang else {}
    return client.post(path, json=body, headers=headers).get_json()


def _translated(shown: str, text: Text, lang: str) -> None:
    assert shown == translate(text, lang) != str(text), lang
    assert english_left(text, lang) == [], lang


@pytest.mark.parametrize(("cities", "player", "source", "english"), DETAILS)
def test_the_score_api_gives_each_detail_its_explanation(
    client: Any, cities: list[dict[str, Any]], player: str, source: str, english: str
) -> None:
    game = {"edition": 1, "cities": cities}
    expected = detail(score_game(parse_game(game)), player, source)
    for lang in (None, *CHECKED_LANGUAGES):
        body = _post(client, "/api/v1/score", game, lang)
        [reason] = [
            d["reason"]
            for c in body["cities"]
            if c["player"] == player
            for d in c["details"]
            if d["source"] == source
        ]
        if lang is None:
            assert reason == english
        else:
            _translated(reason, expected, lang)


@pytest.mark.parametrize(("cities", "code", "seat", "english"), PROBLEMS)
def test_the_score_api_says_a_table_problem_once(
    client: Any, cities: list[dict[str, Any]], code: str, seat: int | None, english: str
) -> None:
    game = {"edition": 1, "cities": cities}
    [core] = [p for p in score_game(parse_game(game)).problems if p.code == code]
    for lang in (None, *CHECKED_LANGUAGES):
        body = _post(client, "/api/v1/score", game, lang)
        [problem] = [p for p in body["problems"] if p["code"] == code]
        assert problem["city"] == seat
        if lang is None:
            assert problem["message"] == english
        else:
            _translated(problem["message"], core.message, lang)


@pytest.mark.parametrize(("cities", "card", "english", "notes"), VERDICTS)
def test_the_can_build_api_gives_the_verdicts_reason_and_notes(
    client: Any, cities: list[dict[str, Any]], card: str, english: str, notes: list[str]
) -> None:
    game = {"edition": 1, "cities": cities}
    verdict = can_build(parse_game(game), 0, card)
    for lang in (None, *CHECKED_LANGUAGES):
        body = _post(client, "/api/v1/can-build", {"game": game, "city": 0, "card": card}, lang)
        if lang is None:
            assert (body["reason"], body.get("notes", [])) == (english, notes)
        else:
            _translated(body["reason"], verdict.reason, lang)
            assert len(body.get("notes", [])) == len(verdict.notes)
            for shown, note in zip(body.get("notes", []), verdict.notes, strict=True):
                _translated(shown, note, lang)
