"""Tables that cannot happen (issue 13, finding 2), and the copied guild's pad warning (finding 3).

Each case is named after the rule it pins (``rules_data/first_edition/rulings.toml`` and the
Rulebook (2010)), gives a real table, the problem's code, city and English sentence, and
checks that every language (es, ca, pl, tr, ko) says it without an English phrase left.
A table with such problems is still scored: nothing here is ever a refusal or a crash.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.rules import ProblemCode, parse_game, score_game
from assistant.rules.catalog import catalog_for
from assistant.rules.military import shield_bounds, shields_admitted
from assistant.rules.model import Game, Problem
from assistant.rules.names import name_key
from assistant.rules.validate import check_game
from tests.rules.strategies import legal_games, tables_with_pad_entries
from tests.rules.test_explanations import english_left, translate

LANGUAGES = ("es", "ca", "pl", "tr", "ko")
FIRST = catalog_for(1)
SECOND = catalog_for(2)

NEW_CODES = {
    ProblemCode.TOO_MANY_CARDS,
    ProblemCode.TOO_MANY_GUILDS,
    ProblemCode.SHIELDS_GO_DOWN,
    ProblemCode.SHIELDS_MISMATCH,
    ProblemCode.BAD_MILITARY,
    ProblemCode.TOO_MANY_WILDCARDS,
    ProblemCode.DUPLICATE_PLAYER,
    ProblemCode.PAD_ENTRY_NEIGHBOUR,
}


def single_age(catalog: Any, age: int, count: int) -> list[str]:
    """``count`` structures of one age only (not Loom, Glassworks, Press), all in the 3-player deck."""
    found = [
        c.id
        for c in catalog.cards
        if c.age == age and not c.is_guild and c.copies(3) and len(catalog.entries(c.id)) == 1
    ]
    assert len(found) >= count
    return found[:count]


AGE_I = single_age(FIRST, 1, 8)
GUILDS = [g.id for g in FIRST.guilds()]
SEVEN = ("Ana", "Bo", "Cy", "Di", "Ed", "Fa", "Go")
WONDERS = ("giza", "rhodes", "ephesus", "alexandria", "olympia", "halicarnassus", "babylon")


def city(player: str, wonder: str, cards: list[str] | None = None, **fields: Any) -> dict[str, Any]:
    return {"player": player, "wonder": wonder, "cards": list(cards or []), **fields}


def three(first: dict[str, Any], edition: int = 1, **game: Any) -> dict[str, Any]:
    """``first`` and two empty cities of other wonders."""
    others = [w for w in ("giza", "rhodes", "ephesus") if w != first["wonder"]][:2]
    return {"edition": edition, "cities": [first, city("Bo", others[0]), city("Cy", others[1])], **game}


def problems(data: dict[str, Any], code: str) -> list[Problem]:
    return [p for p in score_game(parse_game(data)).problems if p.code == code]


def assert_said(problem: Problem, english: str) -> None:
    """The English sentence, and every language's without an English phrase of it left."""
    assert str(problem.message) == english
    for lang in LANGUAGES:
        assert translate(problem.message, lang) != english, lang
        assert english_left(problem.message, lang) == [], lang


# --- six turns an age (rulings six-turns, babylon-b-seventh-card, halicarnassus-discard) ----------

TURNS = [
    pytest.param(
        three(city("Ana", "giza", AGE_I[:7])),
        "too-many-cards",
        0,
        "Ana's city has 7 structures of Age I, but an age has only 6 turns.",
        id="six-turns: seven structures of Age I cannot be built in six turns",
    ),
    pytest.param(
        three(city("Ana", "giza", AGE_I[:6], stages=1, stage_ages=[1])),
        "too-many-cards",
        0,
        "Ana's city has 6 structures and 1 wonder stage of Age I, but an age has only 6 turns.",
        id="three-actions: a stage the table dates in Age I took one of its six turns",
    ),
    pytest.param(
        three(city("Ana", "babylon", AGE_I[:8], side="B", stages=2)),
        "too-many-cards",
        0,
        "Ana's city has 8 structures of Age I, but an age has 6 turns and the city's wonder plays at most "
        "7 cards of it.",
        id="babylon-b-seventh-card: the seventh card of each age is one more, not two",
    ),
    pytest.param(
        three(city("Ana", "babylon", AGE_I[:6], side="B", stages=2, stage_ages=[1, 3])),
        "too-many-cards",
        0,
        "Ana's city has 6 structures and 1 wonder stage of Age I, but an age has only 6 turns.",
        id="babylon-b-seventh-card: a stage built in Age III plays no seventh card of Age I",
    ),
    pytest.param(
        three(city("Ana", "halicarnassus", AGE_I[:8], stages=2)),
        "too-many-cards",
        0,
        "Ana's city has 8 structures of Age I, but an age has 6 turns and the city's wonder plays at most "
        "7 cards of it.",
        id="halicarnassus-discard: one discard build adds one card, of any age the pile holds",
    ),
    pytest.param(
        {
            "cities": [
                city(name, wonder, GUILDS[:7] if name == "Ana" else [])
                for name, wonder in zip(SEVEN, WONDERS, strict=True)
            ]
        },
        "too-many-guilds",
        0,
        "Ana's city holds 7 guilds, but guilds are cards of Age III and an age has only 6 turns.",
        id="deck-composition: nine guilds dealt at 7 players, but one city builds six of Age III",
    ),
]


@pytest.mark.parametrize(("data", "code", "seat", "english"), TURNS)
def test_a_city_plays_at_most_the_turns_of_each_age(data: dict[str, Any], code: str, seat: int, english: str):
    """Rulebook (2010), Game turn: an age is six turns, one card each; the wonder powers that
    add a card are derived from the edition's effects (``extra_in_age``), not wonder ids."""
    [problem] = problems(data, code)
    assert (problem.city, problem.field) == (seat, f"cities[{seat}].cards")
    assert_said(problem, english)
    assert problem.severity == "error"


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(three(city("Ana", "giza", AGE_I[:6])), id="six-turns: six of Age I fit"),
        pytest.param(
            three(city("Ana", "babylon", AGE_I[:7], side="B", stages=2)),
            id="babylon-b-seventh-card: the seventh card of Age I",
        ),
        pytest.param(
            three(city("Ana", "babylon", AGE_I[:5], side="B", stages=2, stage_ages=[1, 1])),
            id="babylon-b-seventh-card: built in Age I, it plays that age's seventh card",
        ),
        pytest.param(
            three(city("Ana", "halicarnassus", AGE_I[:7], stages=2, stage_ages=[2, 3])),
            id="halicarnassus-discard: a stage of Age III builds an Age I card from the pile",
        ),
        pytest.param(
            three(city("Ana", "giza", [*AGE_I[:6], "loom", "glassworks", "press"])),
            id="no-identical-structures: Loom, Glassworks and Press may be of Age II",
        ),
        pytest.param(
            {
                "cities": [
                    city(name, wonder, GUILDS[:7] if name == "Ana" else [], **({"side": "B", "stages": 2} if name == "Ana" else {}))
                    for name, wonder in zip(SEVEN, ("babylon", *WONDERS[:6]), strict=True)
                ]
            },
            id="babylon-b-seventh-card: seven guilds in Age III",
        ),
        pytest.param(
            three(city("Ana", "babylon", single_age(SECOND, 1, 7), side="B", stages=1), edition=2),
            id="2020 Babylon Night plays the last card of each age from its first stage",
        ),
    ],
)  # fmt: skip
def test_the_wonder_powers_that_add_a_card_to_an_age_are_counted(data: dict[str, Any]):
    found = {p.code for p in check_game(parse_game(data))}
    assert not found & {ProblemCode.TOO_MANY_CARDS, ProblemCode.TOO_MANY_GUILDS}


def test_2020_babylon_night_without_its_stage_plays_six_cards_of_an_age():
    data = three(city("Ana", "babylon", single_age(SECOND, 1, 7), side="B"), edition=2)
    assert [p.code for p in check_game(parse_game(data))] == ["too-many-cards"]


def test_with_the_age_being_played_a_city_over_an_age_is_told_once():
    """Ruling during-play: the "more than the ages so far allow" problem is the same fact."""
    data = three(city("Ana", "giza", AGE_I[:7]), age=1)
    assert [p.code for p in check_game(parse_game(data))] == ["too-many-cards"]


# --- shields by age (rulings military, stage-ages; Rulebook: shields come from red cards) --------

SHIELDS = [
    pytest.param(
        three(city("Ana", "giza", ["stockade"], shields_by_age=[3, 1, 0])),
        "shields-go-down",
        "Ana's shields by age go down from 3 at the end of Age I to 1 at the end of Age II, but a city never "
        "loses shields: its red cards stay built.",
        id="military: shields never go away between ages",
    ),
    pytest.param(
        three(city("Ana", "giza", ["stockade", "barracks"], shields_by_age=[1, 1, 1])),
        "shields-mismatch",
        "Ana's shields by age say 1 at the end of Age I, but the city's own Stockade and Barracks give at "
        "least 2 by then; the shields typed are used for the conflicts.",
        id="military: fewer shields typed than the city's own red cards give",
    ),
    pytest.param(
        three(city("Ana", "giza", ["stockade"], shields_by_age=[1, 1, 4])),
        "shields-mismatch",
        "Ana's shields by age say 4 at the end of Age III, but all that gives the city shields, Stockade, "
        "makes at most 1 by then; the shields typed are used for the conflicts.",
        id="military: more shields typed than everything the city holds could give",
    ),
    pytest.param(
        three(city("Ana", "giza", ["baths"], shields_by_age=[0, 2, 2])),
        "shields-mismatch",
        "Ana's shields by age say 2 at the end of Age II, but nothing in the city gives shields; the shields "
        "typed are used for the conflicts.",
        id="military: shields typed for a city with no shield source",
    ),
    pytest.param(
        three(city("Ana", "rhodes", [], stages=2, shields_by_age=[0, 0, 0])),
        "shields-mismatch",
        "Ana's shields by age say 0 at the end of Age III, but the city's own Rhodes stage 2 give at least 2 "
        "by then; the shields typed are used for the conflicts.",
        id="stage-ages: an undated stage's shields count by the end of the game at the latest",
    ),
    pytest.param(
        three(city("Ana", "rhodes", [], stages=2, stage_ages=[1, 1], shields_by_age=[0, 2, 2])),
        "shields-mismatch",
        "Ana's shields by age say 0 at the end of Age I, but the city's own Rhodes stage 2 give at least 2 "
        "by then; the shields typed are used for the conflicts.",
        id="stage-ages: a stage dated in Age I counts from the end of Age I",
    ),
    pytest.param(
        {
            "cities": [
                city("Ana", "giza", ["stockade"], military=[1, 3, 5], shields_by_age=[0, 0, 0]),
                city("Bo", "rhodes", military=[-1]),
                city("Cy", "ephesus", military=[-1, -1]),
            ]
        },
        "shields-mismatch",
        "Ana's shields by age say 0 at the end of Age I, but the city's own Stockade give at least 1 by "
        "then; the conflict tokens given are used, not these shields.",
        id="military: where every neighbour's tokens are given, the tokens are used",
    ),
]


@pytest.mark.parametrize(("data", "code", "english"), SHIELDS)
def test_shields_by_age_agree_with_the_city_and_never_go_down(data: dict[str, Any], code: str, english: str):
    [problem] = problems(data, code)
    assert (problem.city, problem.field, problem.severity) == (0, "cities[0].shields_by_age", "error")
    assert_said(problem, english)


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(three(city("Ana", "giza", ["stockade", "walls"], shields_by_age=[1, 3, 3])), id="exact"),
        pytest.param(
            three(city("Ana", "rhodes", [], stages=2, shields_by_age=[2, 2, 2])),
            id="stage-ages: an undated stage may be of Age I",
        ),
        pytest.param(
            three(city("Ana", "halicarnassus", ["stockade"], stages=2, shields_by_age=[0, 1, 1])),
            id="halicarnassus-discard: an Age I red card built from the pile in Age II",
        ),
        pytest.param(three(city("Ana", "giza", [], shields_by_age=[2, 2, 2])), id="nothing entered yet"),
        pytest.param(
            three(city("Ana", "giza", ["stockade", "walls"], shields_by_age=[1, 0, 0]), age=2),
            id="during-play: the ages not ended are not compared",
        ),
    ],
)
def test_shields_that_can_be_are_not_questioned(data: dict[str, Any]):
    found = {p.code for p in check_game(parse_game(data))}
    assert not found & {ProblemCode.SHIELDS_GO_DOWN, ProblemCode.SHIELDS_MISMATCH}


def test_given_tokens_and_tokens_worked_out_from_typed_shields_must_pair_up():
    """Rulebook (2010), End of an age: Bo's typed 3 shields beat both neighbours every age, so the
    others hold six defeats between them, and Ana's three given victories have no defeat to pair with."""
    data = {
        "cities": [
            city("Ana", "rhodes", ["stockade"], military=[1, 3, 5]),
            {"player": "Bo", "wonder": "giza", "cards": ["stockade", "barracks", "guard-tower"], "shields_by_age": [3, 3, 3]},
            {"player": "Cy", "wonder": "babylon", "cards": [], "shields_by_age": [0, 0, 0]},
        ]
    }  # fmt: skip
    found = problems(data, "bad-military")
    [problem] = [p for p in found if p.city is None]
    assert (problem.city, problem.field) == (None, "cities")
    # Issue 29: Ana's own tokens say it too: Bo's three shields beat her one in Age III.
    assert [(p.city, p.field) for p in found if p.city is not None] == [(0, "cities[0].military")]
    assert_said(
        problem,
        "The conflict tokens given for Ana and those worked out from the shields of Bo and Cy cannot pair up: "
        "each victory needs a neighbour's defeat, but together they hold 9 victories and 6 defeats; check the "
        "tokens and the shields.",
    )
    [assumed] = problems(data, "military-assumed")
    assert_said(
        assumed,
        "The conflict tokens of Bo and Cy were not given: they were worked out from the shields typed for Bo "
        "and Cy and from the red cards of Ana, each counted from its own age on; compare them with the tokens "
        "on the table.",
    )


# --- a pad's wildcards (ruling science-wildcards) ------------------------------------------------


def pad(player: str, wild: int, **fields: Any) -> dict[str, Any]:
    return {
        "player": player,
        "categories": {"civilian": 3},
        "science_symbols": {"compass": 1, "wild": wild},
        **fields,
    }


@pytest.mark.parametrize(
    ("edition", "wonder", "wild", "english"),
    [
        pytest.param(
            1, None, 3,
            "Cy's score pad gives 3 science wildcards, but a city can have at most 2: one from the Scientists "
            "Guild and one from a stage of Babylon.",
            id="science-wildcards: the Scientists Guild and Babylon's stage, two at most",
        ),
        pytest.param(
            1, "rhodes", 2,
            "Cy's score pad gives 2 science wildcards, but a city can have at most 1: one from the Scientists "
            "Guild.",
            id="science-wildcards: a city on another wonder has only the guild's",
        ),
        pytest.param(
            2, None, 3,
            "Cy's score pad gives 3 science wildcards, but a city can have at most 2: one from the Scientists "
            "Guild and one from a stage of Babylon.",
            id="science-wildcards: the 2020 edition's sources, from its data",
        ),
    ],
)  # fmt: skip
def test_a_pad_gives_no_more_wildcards_than_the_edition_has_sources(edition, wonder, wild, english):
    extra = {"wonder": wonder} if wonder else {}
    data = {
        "edition": edition,
        "cities": [city("Ana", "giza"), city("Bo", "ephesus"), pad("Cy", wild, **extra)],
    }
    [problem] = problems(data, "too-many-wildcards")
    assert (problem.city, problem.field) == (2, "cities[2].science_symbols.wild")
    assert_said(problem, english)


@pytest.mark.parametrize(("wonder", "wild"), [(None, 2), ("babylon", 2), ("olympia", 1)])
def test_wildcards_the_edition_allows_are_not_questioned(wonder, wild):
    extra = {"wonder": wonder, "side": "B"} if wonder else {}
    data = {"cities": [city("Ana", "giza"), city("Bo", "ephesus"), pad("Cy", wild, **extra)]}
    assert not problems(data, "too-many-wildcards")


# --- two players of one name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "seats", "english"),
    [
        pytest.param(
            ("Ana", "Bo", "ana"), (0, 2),
            "2 cities have the player name Ana, at seats 1 and 3: give each player a name of their own, or the "
            "ranking and the winners cannot tell them apart.",
            id="case is no difference",
        ),
        pytest.param(
            ("José", " JOSE ", "Bo"), (0, 1),
            "2 cities have the player name José, at seats 1 and 2: give each player a name of their own, or the "
            "ranking and the winners cannot tell them apart.",
            id="nor accents and spacing",
        ),
        pytest.param(
            ("김민수", "\u1100\u1175\u11b7민수", "Bo"), (0, 1),
            "2 cities have the player name 김민수, at seats 1 and 2: give each player a name of their own, or the "
            "ranking and the winners cannot tell them apart.",
            id="nor Unicode composition (NFC)",
        ),
    ],
)  # fmt: skip
def test_two_cities_with_one_player_name_are_named_with_both_seats(names, seats, english):
    data = {"cities": [city(n, w) for n, w in zip(names, ("giza", "rhodes", "ephesus"), strict=True)]}
    sheet = score_game(parse_game(data))
    [problem] = [p for p in sheet.problems if p.code == "duplicate-player"]
    assert (problem.city, problem.field) == (seats[1], f"cities[{seats[1]}].player")
    assert_said(problem, english)
    assert len(sheet.winners) == 3  # still scored: everyone ties on 0


@pytest.mark.parametrize(
    ("a", "b"), [("Ana", "Anna"), ("Ana", "Ana B."), ("अजय", "अजया"), ("Łukasz", "Lukasz")]
)
def test_different_names_are_not_one(a, b):
    """Only Latin, Greek and Cyrillic accents fold: Ł is a letter of its own, and a
    Devanagari vowel sign is part of the name."""
    data = {"cities": [city(a, "giza"), city(b, "rhodes"), city("Cy", "ephesus")]}
    assert (name_key(a) == name_key(b)) is False
    assert not problems(data, "duplicate-player")


# --- Olympia B's copy of a guild counting a pad-entered neighbour (finding 3) ---------------------


def test_a_copied_guild_counting_a_pad_neighbour_is_warned_as_the_guild_held_directly():
    """Ruling olympia-b-copy-guild: the copy counts Olympia's own neighbours, here Cy, entered
    from the score pad without cards, so it counts nothing there: the same warning as the Spies
    Guild gets when a city holds it (scoring.py used to count Cy as 0 silently)."""
    data = {
        "cities": [
            city("Ana", "olympia", ["stockade"], side="B", stages=3),
            city("Bo", "rhodes", ["spies-guild", "barracks"]),
            {"player": "Cy", "wonder": "giza", "categories": {"civilian": 5}},
        ]
    }
    found = problems(data, "pad-entry-neighbour")
    copy = [p for p in found if p.city == 0 and "copies the Spies Guild" in str(p.message)]
    assert len(copy) == 1
    assert_said(
        copy[0],
        "Ana's Olympia stage 3 copies the Spies Guild of Bo, which counts the city of Cy, entered from the "
        "score pad without its cards or tokens, so it cannot be scored exactly: it counts nothing there.",
    )
    held = dict(data, cities=[city("Ana", "olympia", ["stockade", "spies-guild"]), *data["cities"][1:]])
    held["cities"][1] = city("Bo", "rhodes", ["barracks"])
    [direct] = [p for p in problems(held, "pad-entry-neighbour") if p.city == 0 and "Guild" in str(p.message)]
    assert str(direct.message).startswith("Ana's Spies Guild counts the city of Cy")


# --- legal tables never raise any of them (Hypothesis) --------------------------------------------

relaxed = settings(suppress_health_check=[HealthCheck.too_slow])


@relaxed
@given(st.one_of(legal_games(), tables_with_pad_entries(), legal_games(catalog=SECOND)))
def test_a_legal_table_never_raises_any_of_these_problems(game: Game):
    found = [p for p in check_game(game) if p.code in NEW_CODES - {ProblemCode.PAD_ENTRY_NEIGHBOUR}]
    assert found == []


@relaxed
@given(
    legal_games(catalog=FIRST),
    st.data(),
)
def test_the_packed_shield_check_agrees_with_the_bounds_age_by_age(game: Game, data: st.DataObject):
    """The fast path (every age packed in one integer) says what comparing each age says."""
    for city in game.cities:
        typed = data.draw(st.tuples(*[st.integers(0, 40)] * 3).map(sorted).map(tuple))
        checked = data.draw(st.integers(0, 3))
        bounds = shield_bounds(city.cards or (), city.wonder, city.side, city.stages, FIRST)
        by_age = all(
            low <= value <= high
            for low, value, high in zip(
                bounds.least[:checked], typed[:checked], bounds.most[:checked], strict=True
            )
        )
        fast = shields_admitted(typed, checked, city.cards or (), city.wonder, city.side, city.stages, FIRST)
        assert fast == by_age == bounds.admits(typed, checked)


_MARKS = st.sampled_from(
    [
        *map(chr, (0x300, 0x36F, 0x1AB0, 0x1AFF, 0x1DC0, 0x1DFF, 0x20D0, 0x20FF, 0xFE20, 0xFE2F)),
        "\u0301",
        "\u093f",
    ]
)


@given(st.lists(st.text(max_size=3) | _MARKS, max_size=8).map("".join))
def test_a_names_accents_are_the_marks_of_the_five_ranges_and_only_those(name):
    """The accents left out of a name (a table for ``str.translate``) are exactly the
    characters of the five blocks of combining marks, as a character class of them says."""
    import re
    import unicodedata

    from assistant.rules.text import squeeze

    accents = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
    bare = accents.sub("", unicodedata.normalize("NFD", name))
    assert name_key(name) == squeeze(unicodedata.normalize("NFC", bare.casefold()))
