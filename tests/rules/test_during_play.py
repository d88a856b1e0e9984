"""Issue 13: a game in progress (the game format's "During play"): the age being played,
the discard pile, Olympia's free build, the age of each stage and Olympia B's guild.

Each case is named after the rule it pins (rules_data/*/rulings.toml: during-play,
halicarnassus-discard, olympia-a-free-build, stage-ages, olympia-b-table-choice, and the
2020 Olympia powers).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.rules import GameFormatError, ProblemCode, WhyNot, can_build, parse_game, score_game
from assistant.rules.catalog import catalog_for
from assistant.rules.gameio import game_to_dict
from assistant.rules.model import Category
from tests.rules.strategies import legal_games


def table(*cities: dict[str, Any], **game: Any) -> dict[str, Any]:
    return {"cities": list(cities), **game}


ANA = {"player": "Ana", "wonder": "halicarnassus", "stages": 2, "cards": ["altar"], "coins": 2}
BO = {"player": "Bo", "wonder": "olympia", "stages": 2, "cards": ["baths", "ore-vein"]}
CY = {"player": "Cy", "wonder": "giza", "cards": ["stockade"]}


def verdict(game: dict[str, Any], seat: int, card: str, via: str | None = None):
    return can_build(parse_game(game), seat, card, via=via)


# --- the format ---------------------------------------------------------------------------------


def test_every_during_play_field_reads_and_writes_back():
    game = table(
        {**ANA, "stage_ages": [1, 2]},
        {**BO, "free_build_used": True},
        {**CY, "wonder": "rhodes", "stages": 0},
        age=2,
        discard=["Baths", "lumber-yard"],
    )
    parsed = parse_game(game)
    assert parsed.age == 2 and parsed.discard == ("baths", "lumber-yard")
    assert parsed.cities[0].stage_ages == (1, 2) and parsed.cities[1].free_build_used is True
    out = game_to_dict(parsed)
    assert out["age"] == 2 and out["discard"] == ["baths", "lumber-yard"]
    assert out["cities"][0]["stage_ages"] == [1, 2] and out["cities"][1]["free_build_used"] is True
    assert parse_game(out) == parsed
    assert "age" not in game_to_dict(parse_game(table(ANA, BO, CY)))  # absent: the game is over


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda g: g.update(age=4), "age", "1 to 3"),
        (lambda g: g.update(age="2"), "age", "1 to 3"),
        (lambda g: g.update(discard="baths"), "discard", "list"),
        (lambda g: g.update(discard=["baths", "unobtainium"]), "discard[1]", "unknown card"),
        (lambda g: g["cities"][0].update(stage_ages=[1]), "cities[0].stage_ages", "2 stages"),
        (lambda g: g["cities"][0].update(stage_ages=[2, 1]), "cities[0].stage_ages[1]", "in order"),
        (lambda g: g["cities"][0].update(stage_ages=[1, 4]), "cities[0].stage_ages[1]", "Ana"),
        (
            lambda g: g.update(age=1) or g["cities"][0].update(stage_ages=[1, 2]),
            "cities[0].stage_ages[1]",
            "Age II",
        ),
        (lambda g: g["cities"][1].update(copied_guild="baths"), "cities[1].copied_guild", "guild"),
        (
            lambda g: g["cities"][1].update(free_build_used="yes"),
            "cities[1].free_build_used",
            "true or false",
        ),
    ],
)
def test_a_during_play_field_that_cannot_be_read_is_refused_by_name(change, field, words):
    game = copy.deepcopy(table(ANA, BO, CY))
    change(game)
    with pytest.raises(GameFormatError) as caught:
        parse_game(game)
    assert caught.value.field == field
    assert words in str(caught.value)


# --- the age being played (ruling during-play) ---------------------------------------------------


def test_during_play_a_card_of_another_age_is_not_in_hand():
    game = table(ANA, BO, CY, age=2)
    refused = verdict(game, 0, "lumber-yard")
    assert not refused.buildable and refused.why is WhyNot.NOT_THIS_AGE
    assert "Age I" in str(refused.reason) and "Age II" in str(refused.reason)
    assert verdict(game, 0, "palace").why is WhyNot.NOT_THIS_AGE  # Age III
    assert verdict(game, 0, "sawmill").why is not WhyNot.NOT_THIS_AGE  # Age II
    assert verdict(table(ANA, BO, CY), 0, "lumber-yard").buildable  # the age not given: any


def test_during_play_a_2020_card_of_two_ages_is_in_hand_in_both():
    cities = [
        {"player": "Ana", "wonder": "giza", "coins": 5},
        {"player": "Bo", "wonder": "rhodes"},
        {"player": "Cy", "wonder": "babylon"},
    ]
    for age in (1, 2):
        assert verdict(table(*cities, edition=2, age=age), 0, "loom").buildable
    assert verdict(table(*cities, edition=2, age=3), 0, "loom").why is WhyNot.NOT_THIS_AGE


def test_during_play_only_the_ages_already_ended_have_conflicts():
    red = {"player": "Ana", "wonder": "giza", "cards": ["stockade", "barracks"]}
    cities = [red, {"player": "Bo", "wonder": "rhodes"}, {"player": "Cy", "wonder": "babylon"}]
    ended = score_game(parse_game(table(*cities)))
    assert ended.cities[0].categories[Category.MILITARY] == 1 + 1 + 3 + 3 + 5 + 5
    in_age_two = score_game(parse_game(table(*cities, age=2)))
    assert in_age_two.cities[0].categories[Category.MILITARY] == 1 + 1  # Age I only
    assert score_game(parse_game(table(*cities, age=1))).cities[0].categories[Category.MILITARY] == 0


def test_during_play_a_city_cannot_hold_a_card_of_a_later_age():
    game = table({**ANA, "cards": ["altar", "palace"]}, BO, CY, age=2, discard=["senate"])
    problems = [p for p in score_game(parse_game(game)).problems if p.code is ProblemCode.LATER_AGE_CARD]
    assert len(problems) == 2
    assert "Ana" in str(problems[0].message) and "Palace" in str(problems[0].message)
    assert "discard pile" in str(problems[1].message) and "Senate" in str(problems[1].message)


def test_during_play_a_city_has_played_at_most_six_cards_an_age():
    six = ["lumber-yard", "stone-pit", "baths", "altar", "theater", "stockade"]
    seven = {**ANA, "stages": 1, "cards": six, "wonder": "giza"}
    found = score_game(parse_game(table(seven, BO, CY, age=1))).problems
    assert any(p.code is ProblemCode.TOO_MANY_CARDS and p.city == 0 for p in found)
    assert not any(
        p.code is ProblemCode.TOO_MANY_CARDS
        for p in score_game(parse_game(table(seven, BO, CY, age=2))).problems
    )


# --- the discard pile (ruling halicarnassus-discard) --------------------------------------------


def test_halicarnassus_builds_a_card_of_the_discard_pile_for_free_right_after_its_stage():
    game = table({**ANA, "stage_ages": [1, 2]}, BO, CY, age=2, discard=["baths", "lumber-yard"])
    built = verdict(game, 0, "lumber-yard", "discard")  # an Age I card in Age II: from the discard
    assert built.buildable and built.how == "discard" and built.cheapest.total == 0
    assert "stage 2" in str(built.reason) and built.notes == ()


@pytest.mark.parametrize(
    ("city", "game", "card", "why", "words"),
    [
        (ANA, {"discard": ["baths"]}, "temple", WhyNot.NOT_IN_DISCARD, "not in the discard pile"),
        ({**ANA, "stages": 1}, {"discard": ["baths"]}, "baths", WhyNot.NO_POWER, "stage 2"),
        ({**ANA, "stages": 3}, {"discard": ["baths"]}, "baths", WhyNot.NO_POWER, "stage 3"),
        ({**ANA, "stages": 0}, {"discard": ["baths"]}, "baths", WhyNot.NO_POWER, "no stage is built"),
        ({**ANA, "wonder": "giza"}, {"discard": ["baths"]}, "baths", WhyNot.NO_POWER, "no power"),
        ({**ANA, "stage_ages": [1, 1]}, {"discard": ["baths"], "age": 2}, "baths", WhyNot.NO_POWER, "Age I"),
        ({**ANA, "cards": ["baths"]}, {"discard": ["baths"]}, "baths", WhyNot.DUPLICATE, "already has one"),
    ],
)
def test_halicarnassus_cannot_build_from_the_discard_pile(city, game, card, why, words):
    refused = verdict(table(city, BO, CY, **game), 0, card, "discard")
    assert not refused.buildable and refused.why is why
    assert words in str(refused.reason)


@pytest.mark.parametrize("stages", [1, 2, 3])
def test_halicarnassus_b_builds_from_the_discard_pile_after_each_of_its_stages(stages):
    city = {**ANA, "side": "B", "stages": stages}
    assert verdict(table(city, BO, CY, discard=["baths"]), 0, "baths", "discard").how == "discard"


def test_without_the_stages_ages_the_discard_build_says_when_it_happens():
    built = verdict(table(ANA, BO, CY, discard=["baths"]), 0, "baths", "discard")
    assert built.buildable and "end of the turn" in str(built.notes[0])


def test_no_copy_is_left_when_the_discard_pile_holds_the_last_one():
    # Baths: one copy at 3 players; Bo built it... and the pile holds the Stone Pit's copy.
    game = table(ANA, BO, CY, discard=["stone-pit"])
    refused = verdict(game, 2, "stone-pit")
    assert refused.why is WhyNot.NO_COPY_LEFT and "discard pile" in str(refused.reason)
    problems = score_game(parse_game(table(ANA, BO, CY, discard=["baths"]))).problems
    assert any(p.code is ProblemCode.TOO_MANY_COPIES and p.field == "discard" for p in problems)


# --- Olympia's free builds (rulings olympia-a-free-build, olympia-day/night-*) ---------------------


def test_olympia_a_builds_once_per_age_for_free_until_used():
    free = verdict(table(ANA, BO, CY), 1, "temple", "free-build")
    assert free.buildable and free.how == "free-build" and free.cheapest.total == 0
    used = verdict(table(ANA, {**BO, "free_build_used": True}, CY), 1, "temple", "free-build")
    assert not used.buildable and used.why is WhyNot.NO_POWER and "already used" in str(used.reason)
    # Asked without via, a used power is not offered as a note any more.
    notes = verdict(table(ANA, {**BO, "free_build_used": True}, CY), 1, "temple").notes
    assert not any("once-per-age" in str(n) for n in notes)
    said = verdict(table(ANA, BO, CY), 1, "temple")  # Bo cannot pay: the power is the answer
    assert said.buildable and said.how == "free-build" and "once-per-age" in str(said.reason)


@pytest.mark.parametrize(
    ("used", "words"),
    [
        pytest.param(
            None,
            "If the once-per-age free build of the Statue of Zeus in Olympia has not been used this age, "
            "Bo can build the Temple with it for free.",
            id="not given: the verdict says on what it depends",
        ),
        pytest.param(
            False,
            "Bo can build the Temple for free with the once-per-age free build of the Statue of Zeus in "
            "Olympia: it has not been used this age.",
            id="given false: the verdict says it plainly",
        ),
    ],
)
def test_olympia_a_free_build_is_said_plainly_when_the_table_says_it_is_unused(used, words):
    """Ruling olympia-a-free-build; game format, During play: ``free_build_used``. When the
    table says the power is unused, there is nothing to hedge."""
    bo = BO if used is None else {**BO, "free_build_used": used}
    assert str(verdict(table(ANA, bo, CY), 1, "temple", "free-build").reason) == words
    assert str(verdict(table(ANA, bo, CY), 1, "temple").reason) == words  # Bo cannot pay otherwise
    parsed = parse_game(table(ANA, bo, CY))
    assert parsed.cities[1].free_build_used is used
    assert game_to_dict(parsed)["cities"][1].get("free_build_used") is used  # written back as given


@pytest.mark.parametrize(
    ("city", "card", "why"),
    [
        ({**BO, "stages": 1}, "temple", WhyNot.NO_POWER),  # stage 2 not built
        ({**BO, "side": "B"}, "temple", WhyNot.NO_POWER),  # side B has no free build
        ({**BO, "wonder": "giza"}, "temple", WhyNot.NO_POWER),
        (BO, "baths", WhyNot.DUPLICATE),
        (BO, "chamber-of-commerce", WhyNot.NOT_IN_DECK),  # the deck still rules
    ],
)
def test_olympia_a_free_build_refusals(city, card, why):
    assert verdict(table(ANA, city, CY), 1, card, "free-build").why is why


def test_the_free_build_is_for_the_age_being_played():
    assert verdict(table(ANA, BO, CY, age=1), 1, "temple", "free-build").why is WhyNot.NOT_THIS_AGE


def test_marking_a_free_build_used_on_a_city_without_it_is_questioned():
    problems = score_game(parse_game(table(ANA, BO, {**CY, "free_build_used": True}))).problems
    assert any(p.code is ProblemCode.NO_POWER and p.city == 2 for p in problems)


def _olympia_2020(side: str, stages: int, **fields: Any) -> dict[str, Any]:
    return {"player": "Bo", "wonder": "olympia", "side": side, "stages": stages, **fields}


def test_olympia_day_builds_the_first_card_of_each_colour_for_free_2020():
    others = [{"player": "Ana", "wonder": "giza"}, {"player": "Cy", "wonder": "babylon"}]
    first = table(others[0], _olympia_2020("A", 2, cards=["baths"]), others[1], edition=2)
    assert verdict(first, 1, "temple", "free-build").why is WhyNot.NO_POWER  # blue already held
    assert verdict(first, 1, "stockade", "free-build").how == "free-build"  # first red


def test_olympia_night_first_card_acts_from_the_age_after_its_stage_2020():
    others = [{"player": "Ana", "wonder": "giza"}, {"player": "Cy", "wonder": "babylon"}]
    this_age = table(others[0], _olympia_2020("B", 1, stage_ages=[2]), others[1], edition=2, age=2)
    refused = verdict(this_age, 1, "sawmill", "free-build")
    assert refused.why is WhyNot.NO_POWER and "next age" in str(refused.reason)
    earlier = table(others[0], _olympia_2020("B", 1, stage_ages=[1]), others[1], edition=2, age=2)
    assert verdict(earlier, 1, "sawmill", "free-build").how == "free-build"


# --- the age of each stage (ruling stage-ages) ---------------------------------------------------


def test_a_stage_s_shields_count_from_the_age_it_was_built_in():
    rhodes = {"player": "Ana", "wonder": "rhodes", "stages": 2}  # stage 2: 2 shields
    cities = [rhodes, {"player": "Bo", "wonder": "giza"}, {"player": "Cy", "wonder": "babylon"}]
    assumed = score_game(parse_game(table(*cities)))  # stage 2 taken as built in Age II
    assert assumed.cities[0].categories[Category.MILITARY] == 3 + 3 + 5 + 5
    dated = score_game(parse_game(table({**rhodes, "stage_ages": [1, 3]}, *cities[1:])))
    assert dated.cities[0].categories[Category.MILITARY] == 5 + 5
    assert not any(
        "stage" in str(p.message) for p in dated.problems if p.code is ProblemCode.MILITARY_ASSUMED
    )


# --- Olympia B's guild (ruling olympia-b-table-choice) ---------------------------------------------


OLYMPIA_B = {"player": "Bo", "wonder": "olympia", "side": "B", "stages": 3, "cards": ["lumber-yard"]}
RICH = {
    "player": "Ana",
    "wonder": "giza",
    "cards": ["workers-guild", "spies-guild", "stone-pit", "clay-pool"],
}
POOR = {"player": "Cy", "wonder": "babylon", "cards": ["ore-vein", "stockade", "barracks"]}


def _guild_detail(game: dict[str, Any]):
    sheet = score_game(parse_game(game))
    return sheet, [
        d for d in sheet.cities[1].details if d.source.startswith("stage-3") or "stage 3" in str(d.reason)
    ]


def test_olympia_b_counts_the_guild_the_table_names_even_when_another_scores_more():
    best, _ = _guild_detail(table(RICH, OLYMPIA_B, POOR))
    named, _ = _guild_detail(table(RICH, {**OLYMPIA_B, "copied_guild": "spies-guild"}, POOR))
    # Workers: Ana 2 + Cy 1 brown = 3; Spies: Cy's 2 red = 2.
    assert best.cities[1].categories[Category.GUILDS] == 3
    assert named.cities[1].categories[Category.GUILDS] == 2
    assert not any(p.code is ProblemCode.BAD_COPIED_GUILD for p in named.problems)


@pytest.mark.parametrize(
    ("copied", "cards", "words"),
    [
        ("builders-guild", ["lumber-yard"], "neither neighbour"),
        ("workers-guild", ["lumber-yard", "workers-guild"], "holds it itself"),
    ],
)
def test_olympia_b_cannot_copy_a_guild_no_neighbour_holds_or_it_holds(copied, cards, words):
    rich = {**RICH, "cards": ["workers-guild", "spies-guild", "stone-pit"]}
    if "workers-guild" in cards:
        rich = {**RICH, "cards": ["spies-guild", "stone-pit"]}
    sheet = score_game(parse_game(table(rich, {**OLYMPIA_B, "cards": cards, "copied_guild": copied}, POOR)))
    bad = [p for p in sheet.problems if p.code is ProblemCode.BAD_COPIED_GUILD]
    assert len(bad) == 1 and bad[0].severity == "error" and words in str(bad[0].message)
    assert bad[0].field == "cities[1].copied_guild"


def test_a_copied_guild_without_the_stage_is_questioned():
    sheet = score_game(
        parse_game(table(RICH, {**OLYMPIA_B, "stages": 2, "copied_guild": "spies-guild"}, POOR))
    )
    assert any(p.code is ProblemCode.BAD_COPIED_GUILD and p.severity == "warning" for p in sheet.problems)


def test_olympia_b_takes_a_pad_neighbour_s_guild_at_the_table_s_word():
    pad = {"player": "Ana", "wonder": "giza", "categories": {"guilds": 5}}
    sheet = score_game(parse_game(table(pad, {**OLYMPIA_B, "copied_guild": "spies-guild"}, POOR)))
    assert sheet.cities[1].categories[Category.GUILDS] == 2  # Cy's two red cards
    assert not any(p.code is ProblemCode.BAD_COPIED_GUILD for p in sheet.problems)


# --- properties ----------------------------------------------------------------------------------


@given(game=legal_games(), age=st.integers(1, 3), data=st.data())
def test_during_an_age_no_card_of_another_age_is_buildable_but_from_the_discard(game, age, data):
    catalog = catalog_for(game.edition)
    card = data.draw(st.sampled_from(sorted(catalog.structure_ids)))
    seat = data.draw(st.integers(0, len(game.cities) - 1))
    raw = game_to_dict(game)
    raw["age"] = age
    in_progress = parse_game(raw)
    verdict_now = can_build(in_progress, seat, card)
    ages = {entry.age for entry in catalog.entries(card)}
    if age not in ages:
        assert not verdict_now.buildable
    discard = can_build(in_progress, seat, card, via="discard")
    assert not discard.buildable or card in in_progress.discard
