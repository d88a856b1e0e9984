"""The plain city reader (:func:`~assistant.rules.cityformat.plain_city`) answers as the
field readers do, or not at all.

``parse_city`` reads a base game's finished city at once when it is plain (the common
``score --jsonl`` line); anything else goes through each field's reader. These tests
prove the shortcut changes nothing: on every input, plain or not, valid or not, it gives
the City :func:`~assistant.rules.cityformat.read_city` gives, or None; it never accepts
what the readers refuse or note; and a whole game scores to the same bytes with it and
without it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.rules import cityformat
from assistant.rules.catalog import catalog_for
from assistant.rules.cityformat import parse_city, plain_city, read_city
from assistant.rules.errors import GameFormatError
from assistant.rules.gameio import game_to_dict, parse_game
from assistant.rules.limits import MAX_CARDS, MAX_COINS, MAX_NAME_LENGTH, MAX_SHIELDS, MAX_TOKEN
from assistant.rules.scoring import score_game
from assistant.sheetjson import sheet_json
from tests.rules.strategies import build_legal_game, legal_games, tables_with_pad_entries

FIRST, SECOND = catalog_for(1), catalog_for(2)
LEADERS = catalog_for(1, ["leaders"])


def _near(catalog: Any) -> dict[str, st.SearchStrategy[Any]]:
    """For each field: values the readers keep, values they rewrite, and values they refuse."""
    wonders = [w.id for w in catalog.wonders]
    cards = sorted(catalog.card_ids_set)
    names = [catalog.structure(c).name for c in cards[:20]]
    junk = st.one_of(
        st.none(), st.booleans(), st.floats(allow_nan=False), st.just({}), st.just([[]]), st.just("")
    )
    ints = st.one_of(st.integers(-3, 60), st.integers(), st.booleans(), st.floats(0, 9))
    return {
        "player": st.one_of(
            st.text(max_size=MAX_NAME_LENGTH + 3),
            st.sampled_from(["Ana", " Ana ", "Ana  Bo", "Ana\tBo", "A\x00", "\u200bAna", "\ud800", "x" * 41]),
            junk,
        ),
        "wonder": st.one_of(
            st.sampled_from(wonders),
            st.sampled_from(["Rhodos", "GIZA", "the colossus", "atlantis", " giza"]),
            junk,
        ),
        "side": st.one_of(
            st.sampled_from(["A", "B", "a", " B", "Night", "day", "C"]), junk, st.integers(0, 2)
        ),
        "stages": st.one_of(st.integers(0, 5), ints, junk),
        "coins": st.one_of(st.integers(0, MAX_COINS + 1), ints, junk),
        "cards": st.one_of(
            st.lists(st.sampled_from(cards), max_size=22),
            st.lists(st.sampled_from(cards + names + ["nothing"]), max_size=6),
            st.lists(st.sampled_from(cards), min_size=MAX_CARDS + 1, max_size=MAX_CARDS + 1),
            st.lists(st.one_of(st.sampled_from(cards), st.just([]), st.integers()), max_size=3),
            junk,
        ),
        "military": st.one_of(
            st.lists(st.sampled_from([-1, 1, 3, 5]), max_size=8),
            st.lists(st.integers(-MAX_TOKEN - 1, MAX_TOKEN + 1), max_size=14),
            st.lists(st.one_of(st.booleans(), st.floats(), st.integers(-2, 2)), max_size=3),
            junk,
        ),
        "shields_by_age": st.one_of(
            st.lists(st.integers(0, MAX_SHIELDS), min_size=3, max_size=3),
            st.lists(st.integers(-1, MAX_SHIELDS + 1), min_size=2, max_size=4),
            st.lists(st.one_of(st.booleans(), st.floats(0, 3), st.integers(0, 3)), min_size=3, max_size=3),
            junk,
        ),
        # Fields of a city that is not plain: the readers take these.
        "categories": st.just({"civilian": 3}),
        "free_city": st.booleans(),
        "copied_guild": st.just("scientists-guild"),
        "bogus": st.integers(),
    }


def cities(catalog: Any) -> st.SearchStrategy[dict[str, Any]]:
    """Raw cities: a city as the format writes it, then one or two of its fields changed
    (to a value the readers keep, rewrite or refuse), dropped, or one field added."""
    near = _near(catalog)
    wonders = [w.id for w in catalog.wonders]
    cards = sorted(catalog.card_ids_set)
    valid = st.fixed_dictionaries(
        {
            "player": st.sampled_from(["Ana", "Bartek", "Cem", "Gosia Nowak"]),
            "wonder": st.sampled_from(wonders),
        },
        optional={
            "side": st.sampled_from(["A", "B"]),
            "stages": st.integers(0, 2),
            "coins": st.integers(0, 30),
            "cards": st.lists(st.sampled_from(cards), max_size=18, unique=True),
            "military": st.lists(st.sampled_from([-1, 1, 3, 5]), max_size=6),
            "shields_by_age": st.lists(st.integers(0, 9), min_size=3, max_size=3),
        },
    )

    @st.composite
    def changed(draw: st.DrawFn) -> dict[str, Any]:
        raw = draw(valid)
        for key in draw(st.lists(st.sampled_from(sorted(near)), max_size=2, unique=True)):
            if draw(st.booleans()) or key not in raw:
                raw[key] = draw(near[key])
            else:
                del raw[key]
        return raw

    return changed()


def _read(reader: Any, raw: Any, catalog: Any) -> tuple[Any, list[Any]]:
    """What a reader answers: the City and notes, or the error's field and message."""
    notes: list[Any] = []
    try:
        return reader(raw, 2, catalog, notes), notes
    except GameFormatError as exc:
        return ("refused", exc.field, exc.message), notes


@pytest.mark.parametrize("catalog", [FIRST, SECOND, LEADERS], ids=["first", "second", "leaders"])
@settings(max_examples=400)
@given(data=st.data())
def test_the_plain_reader_gives_what_the_field_readers_give_or_nothing(catalog: Any, data: Any) -> None:
    raw = data.draw(cities(catalog))
    full, notes = _read(read_city, raw, catalog)
    if cityformat._PLAIN_KEYS.issuperset(raw):
        quick = plain_city(raw, catalog)
        if quick is not None:
            assert quick == full, raw
            assert notes == [], raw
    # And parse_city, whichever way it goes, answers as the readers do.
    assert _read(parse_city, raw, catalog) == (full, notes)


EDGES: dict[str, list[Any]] = {
    "player": ["Ana", " Ana ", "Ana  Bo", "Ana\tBo", "Ana\nBo", "A\x00", "A\x7f", "\u200bAna", "\u00a0Ana",
               "\ud800", "x" * 40, "x" * 41, " " + "x" * 40, "", " ", None, 3, ["Ana"]],
    "wonder": ["giza", "Giza", "GIZA", "gizah", "rhodos", " giza", "atlantis", "", None, 1, ["giza"]],
    "side": ["A", "B", "a", "b", " B", "Night", "Day", "C", "", None, 0, True, ["A"]],
    "stages": [0, 1, 2, 3, 4, 5, -1, True, False, 1.0, "1", None, [1]],
    "coins": [0, 1, MAX_COINS, MAX_COINS + 1, -1, True, 2.0, "3", None, 10**30],
    "cards": [[], ["baths"], ["Baths"], ["baths", "baths"], ["nothing"], [None], [[]], [1], "baths", None,
              {"baths": 1}, ["baths"] * (MAX_CARDS + 1), ["baths"] * MAX_CARDS],
    "military": [[], [1], [5, -1], [MAX_TOKEN], [MAX_TOKEN + 1], [-MAX_TOKEN - 1], [True], [1.0], ["1"],
                 [0], [2], [1] * 20, None, 1, {}, [[1]]],
    "shields_by_age": [[0, 0, 0], [1, 2, 3], [MAX_SHIELDS] * 3, [0, 0, MAX_SHIELDS + 1], [-1, 0, 0],
                       [0, 0], [0, 0, 0, 0], [True, 0, 0], [0.0, 0, 0], ["1", 0, 0], None, 3, {}],
}  # fmt: skip
"""Values at and past each plain field's edges: kept, rewritten or refused by its reader."""


@pytest.mark.parametrize("catalog", [FIRST, SECOND], ids=["first", "second"])
@pytest.mark.parametrize("key", sorted(EDGES))
def test_every_edge_of_a_plain_field(catalog: Any, key: str) -> None:
    """Each edge value on a plain city of each wonder side: the plain reader gives the
    readers' City or nothing; parse_city answers as the readers do."""
    bases = [
        {"player": "Ana", "wonder": w.id, "side": side.side, "stages": len(side.stages), "coins": 4,
         "cards": ["baths", "lumber-yard"], "military": [1, -1], "shields_by_age": [0, 1, 2]}
        for w in catalog.wonders for side in w.sides
    ]  # fmt: skip
    for base in bases:
        for value in EDGES[key]:
            raw = {**base, key: value}
            full, notes = _read(read_city, raw, catalog)
            quick = plain_city(raw, catalog)
            assert quick is None or (quick == full and not notes), raw
            assert _read(parse_city, raw, catalog) == (full, notes), raw
            if value == base.get(key):
                assert quick is not None, raw


@pytest.mark.parametrize("catalog", [FIRST, SECOND], ids=["first", "second"])
def test_a_finished_base_game_s_cities_are_read_the_plain_way(catalog: Any) -> None:
    """Not a test that cannot fail: the shortcut is taken on the cities it is for (a finished
    game's, as the format writes them), and gives what the readers give."""
    rng = random.Random(29)
    taken = 0
    for _ in range(60):
        for raw in game_to_dict(
            build_legal_game(
                rng, rng.randint(3, 7), rng.choice(("tokens", "shields", "both")), catalog=catalog
            )
        )["cities"]:
            if not cityformat._PLAIN_KEYS.issuperset(raw):
                continue
            quick = plain_city(raw, catalog)
            assert quick is not None, raw
            assert quick == read_city(raw, 0, catalog, [])
            taken += 1
    assert taken > 200


def test_a_game_with_expansions_never_takes_the_plain_way(monkeypatch: pytest.MonkeyPatch) -> None:
    called = []
    monkeypatch.setattr(cityformat, "plain_city", lambda *a: called.append(a))
    raw = {"player": "Ana", "wonder": "giza", "cards": ["baths"], "military": [1]}
    assert parse_city(raw, 0, LEADERS, []) == read_city(raw, 0, LEADERS, [])
    assert called == []
    parse_city(raw, 0, FIRST, [])
    assert len(called) == 1


@settings(max_examples=150)
@given(st.one_of(legal_games(), tables_with_pad_entries(), legal_games(catalog=SECOND)))
def test_a_game_scores_to_the_same_bytes_with_and_without_the_plain_reader(game: Any) -> None:
    data = game_to_dict(game)
    quick = sheet_json(score_game(parse_game(data)))
    original = cityformat._PLAIN_KEYS
    cityformat._PLAIN_KEYS = frozenset()  # every city through the field readers
    try:
        slow = sheet_json(score_game(parse_game(data)))
    finally:
        cityformat._PLAIN_KEYS = original
    assert quick == slow


@pytest.mark.parametrize(
    ("tokens", "kept"),
    [
        ([MAX_TOKEN, -MAX_TOKEN, 0, 1, -1], True),
        ([MAX_TOKEN + 1], False),
        ([-MAX_TOKEN - 1], False),
        ([1, True], False),
        ([1.0], False),
        (["1"], False),
        ([[1]], False),
    ],
)
def test_conflict_tokens_are_kept_only_as_whole_numbers_in_range(tokens: list[Any], kept: bool) -> None:
    """The tokens' own rule, which the reader and the plain way share (so the edge tests
    above, comparing the two, cannot see it): whole numbers from -MAX_TOKEN to MAX_TOKEN,
    never true, false or a float; anything else is refused naming the field."""
    raw = {"player": "Ana", "wonder": "giza", "cards": ["baths"], "military": tokens}
    city, _notes = _read(read_city, raw, FIRST)
    if kept:
        assert city.military == tuple(tokens)
        assert plain_city(raw, FIRST) == city
    else:
        assert city[0] == "refused" and city[1] == "cities[2].military"
        assert plain_city(raw, FIRST) is None
