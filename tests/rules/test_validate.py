"""Validation: every problem at once, each with its fixed code and a sentence naming player and card."""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.counters import _make_lookups, structure_limit, table_lookups
from assistant.rules.gameio import parse_game
from assistant.rules.military import shield_counts
from assistant.rules.model import Category, City, Game, Problem
from assistant.rules.text import N_
from assistant.rules.validate import _fast_cards_ok, check_game
from tests.conftest import examples
from tests.rules.strategies import legal_games
from tests.rules.test_cities_tables import CATALOG as CITIES
from tests.rules.test_cities_tables import _table as cities_table

NAMES = ("Ana", "Bartek", "Cem", "Dilek", "Ewa", "Ferran", "Gosia")
WONDERS = ("rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza")


def table(*cards: tuple[str, ...], **changes: Any) -> Game:
    """A table of ``len(cards)`` cities holding these cards; ``changes`` maps seat -> City fields."""
    cities = []
    for seat, held in enumerate(cards):
        fields: dict[str, Any] = {"player": NAMES[seat], "wonder": WONDERS[seat], "cards": held}
        fields.update(changes.get(f"seat{seat}", {}))
        cities.append(City(**fields))
    return Game(cities=tuple(cities))


def errors(game: Game, catalog: Catalog) -> list[Problem]:
    return [p for p in check_game(game, catalog) if p.severity == "error"]


def codes(game: Game, catalog: Catalog) -> list[str]:
    return [p.code for p in errors(game, catalog)]


# Distinct structures that all exist at 3 players (one copy each or more), never more than
# six of one age among the first 21: Loom, Glassworks and Press (of Ages I and II) first, then
# one card of each age in turn.
THREE_PLAYER_CARDS = (
    "loom", "glassworks", "press",
    "lumber-yard", "sawmill", "pantheon", "stone-pit", "quarry", "gardens",
    "clay-pool", "brickyard", "town-hall", "ore-vein", "foundry", "palace",
    "baths", "aqueduct", "senate", "altar", "temple", "haven", "theater", "statue", "lighthouse",
)  # fmt: skip


def test_a_legal_table_raises_no_problem(catalog: Catalog) -> None:
    game = table(
        ("lumber-yard", "baths", "stockade", "workers-guild"),
        ("stone-pit", "altar", "loom", "scientists-guild"),
        ("clay-pool", "theater", "apothecary"),
        # Ana's Stockade beats both neighbours' no shield every age (issue 29: the tokens given
        # must hold what the cities show; this table once gave tokens they could not).
        seat0={"military": (1, 1, 3, 3, 5, 5)},
        seat1={"military": (-1, -1, -1)},
        seat2={"military": (-1, -1, -1)},
    )
    assert check_game(game, catalog) == []


def test_two_structures_of_one_name_in_a_city_are_a_duplicate(catalog: Catalog) -> None:
    game = table(("baths", "stockade", "baths"), (), ())
    [problem] = errors(game, catalog)
    assert problem.code == "duplicate-card"
    assert problem.city == 0 and problem.card == "baths"
    assert str(problem.message) == (
        "Ana's city holds Baths 2 times; a city can hold only one structure of each name."
    )


def test_the_age_one_and_age_two_loom_are_one_structure(catalog: Catalog) -> None:
    game = parse_game(
        {
            "cities": [
                {"player": "Ana", "wonder": "rhodes", "cards": ["Loom", "loom"]},
                {"player": "Bartek", "wonder": "giza", "cards": []},
                {"player": "Cem", "wonder": "babylon", "cards": []},
            ]
        },
        catalog,
    )
    assert codes(game, catalog) == ["duplicate-card"]


def test_a_card_whose_copies_all_need_more_players_is_not_in_the_deck(catalog: Catalog) -> None:
    game = table(("tree-farm", "baths"), (), ())
    [problem] = errors(game, catalog)
    assert problem.code == "card-not-in-deck"
    assert problem.card == "tree-farm" and problem.field == "cities[0].cards[0]"
    assert "Tree Farm" in str(problem.message) and "6 players" in str(problem.message)


def test_two_players_and_the_free_city_use_the_three_player_deck(catalog: Catalog) -> None:
    game = table(("pawnshop",), (), (), seat2={"free_city": True})
    assert codes(game, catalog) == ["card-not-in-deck"]
    assert codes(table(("baths",), (), (), seat2={"free_city": True}), catalog) == []


def test_guilds_print_no_player_count_and_are_always_possible(catalog: Catalog) -> None:
    game = table(("builders-guild",), ("spies-guild",), ("magistrates-guild",))
    assert codes(game, catalog) == []


def test_more_copies_on_the_table_than_in_the_deck_is_an_error(catalog: Catalog) -> None:
    # Baths: one copy from 3 players, a second from 7.
    game = table(("baths",), ("baths",), ())
    [problem] = errors(game, catalog)
    assert problem.code == "too-many-copies" and problem.card == "baths"
    assert str(problem.message) == (
        "Baths is in the cities of Ana and Bartek, but the 3-player deck has only 1 copy."
    )
    seven = table(("baths",), ("baths",), (), (), (), (), ())
    assert codes(seven, catalog) == []
    assert codes(table(("baths",), ("baths",), ("baths",), (), (), (), ()), catalog) == ["too-many-copies"]


def test_more_guilds_than_players_plus_two_is_an_error(catalog: Catalog) -> None:
    guilds = [g.id for g in catalog.guilds()]
    five = table(tuple(guilds[:2]), tuple(guilds[2:4]), (guilds[4],))
    assert codes(five, catalog) == []
    six = table(tuple(guilds[:2]), tuple(guilds[2:4]), tuple(guilds[4:6]))
    [problem] = errors(six, catalog)
    assert problem.code == "too-many-guilds"
    assert "6 different guilds" in str(problem.message) and "only 5" in str(problem.message)


def test_the_free_city_game_deals_five_guilds(catalog: Catalog) -> None:
    guilds = [g.id for g in catalog.guilds()]
    game = table(tuple(guilds[:2]), tuple(guilds[2:4]), tuple(guilds[4:6]), seat1={"free_city": True})
    assert codes(game, catalog) == ["too-many-guilds"]


def test_one_guild_in_two_cities_is_an_error(catalog: Catalog) -> None:
    game = table(("spies-guild",), ("spies-guild",), ())
    [problem] = errors(game, catalog)
    assert problem.code == "too-many-guilds" and problem.card == "spies-guild"
    assert "Spies Guild" in str(problem.message) and "Ana and Bartek" in str(problem.message)


def test_two_cities_on_one_wonder_is_an_error(catalog: Catalog) -> None:
    game = table((), (), (), seat2={"wonder": "rhodes"})
    [problem] = errors(game, catalog)
    assert problem.code == "duplicate-wonder" and problem.city == 2
    assert (
        str(problem.message)
        == "Ana and Cem all play Colossus of Rhodes, but each wonder is at the table once."
    )


def test_eighteen_builds_fit_and_nineteen_do_not(catalog: Catalog) -> None:
    cards = THREE_PLAYER_CARDS
    assert codes(table(cards[:18], (), ()), catalog) == []
    assert codes(table(cards[:15], (), (), seat0={"stages": 3}), catalog) == []
    [problem] = errors(table(cards[:19], (), ()), catalog)
    assert problem.code == "too-many-cards" and problem.city == 0
    assert "19 in all" in str(problem.message) and "at most 18" in str(problem.message)
    assert codes(table(cards[:16], (), (), seat0={"stages": 3}), catalog) == ["too-many-cards"]


@pytest.mark.parametrize(("stages", "limit"), [(0, 18), (1, 19), (2, 20), (3, 21)])
def test_halicarnassus_b_builds_one_more_card_per_stage_built(
    catalog: Catalog, stages: int, limit: int
) -> None:
    fits = THREE_PLAYER_CARDS[: limit - stages]
    over = THREE_PLAYER_CARDS[: limit - stages + 1]
    side = {"wonder": "halicarnassus", "side": "B", "stages": stages}
    assert codes(table(fits, (), (), seat0=side), catalog) == []
    assert codes(table(over, (), (), seat0=side), catalog) == ["too-many-cards"]


def test_halicarnassus_a_builds_one_more_card_once_its_second_stage_is_built(catalog: Catalog) -> None:
    side = {"wonder": "halicarnassus", "side": "A", "stages": 2}
    assert codes(table(THREE_PLAYER_CARDS[:17], (), (), seat0=side), catalog) == []
    assert codes(table(THREE_PLAYER_CARDS[:18], (), (), seat0=side), catalog) == ["too-many-cards"]
    first = {"wonder": "halicarnassus", "side": "A", "stages": 1}
    assert codes(table(THREE_PLAYER_CARDS[:18], (), (), seat0=first), catalog) == ["too-many-cards"]


@pytest.mark.parametrize(("stages", "limit"), [(1, 18), (2, 21), (3, 21)])
def test_babylon_b_plays_the_seventh_card_of_each_age_once_stage_two_is_built(
    catalog: Catalog, stages: int, limit: int
) -> None:
    side = {"wonder": "babylon", "side": "B", "stages": stages}
    assert codes(table(THREE_PLAYER_CARDS[: limit - stages], (), (), seat0=side), catalog) == []
    over = THREE_PLAYER_CARDS[: limit - stages + 1]
    assert codes(table(over, (), (), seat0=side), catalog) == ["too-many-cards"]


def test_a_token_that_does_not_exist_is_bad_military(catalog: Catalog) -> None:
    game = table((), (), (), seat0={"military": (1, 2)})
    [problem] = errors(game, catalog)
    assert problem.code == "bad-military" and problem.field == "cities[0].military"
    assert str(problem.message) == "Ana's conflict token 2 does not exist: tokens are worth +1, +3, +5, -1."


def test_more_victories_of_an_age_than_two_neighbours_can_give_is_bad_military(catalog: Catalog) -> None:
    [problem] = errors(table((), (), (), seat1={"military": (3, 3, 3)}), catalog)
    assert problem.code == "bad-military" and "3 victory tokens of Age II" in str(problem.message)


def test_more_defeats_than_the_conflicts_left_is_bad_military(catalog: Catalog) -> None:
    tokens = (1, 1, -1, -1, -1, -1, -1)
    [problem] = errors(table((), (), (), seat2={"military": tokens}), catalog)
    assert problem.code == "bad-military" and "5 defeat tokens" in str(problem.message)


def test_victories_and_defeats_that_do_not_balance_across_the_table_are_bad_military(
    catalog: Catalog,
) -> None:
    game = table((), (), (), seat0={"military": (1, 3)}, seat1={"military": (-1,)}, seat2={"military": ()})
    [problem] = errors(game, catalog)
    assert problem.code == "bad-military"
    assert "2 victories and 1 defeat." in str(problem.message)


def test_balanced_tokens_that_cannot_pair_between_neighbours_are_bad_military(catalog: Catalog) -> None:
    # Seat 0 beat both neighbours in Age I, but the two defeats sit with seat 2, opposite.
    game = table(
        (), (), (), (),
        seat0={"military": (1, 1)}, seat1={"military": ()}, seat2={"military": (-1, -1)}, seat3={"military": ()},
    )  # fmt: skip
    [problem] = errors(game, catalog)
    assert problem.code == "bad-military" and "no outcome of the conflicts" in str(problem.message)


def test_given_tokens_must_pair_up_with_the_tokens_worked_out_for_the_other_cities(catalog: Catalog) -> None:
    """Rulebook (2010), End of an age: each victory token is a neighbour's defeat in the same
    conflict. Cem gives no tokens: they are worked out from its cards (no shields, so no
    conflict won or lost), and Ana's two victories against Bartek's one defeat cannot pair up."""
    game = table((), (), (), seat0={"military": (1, 3)}, seat1={"military": (-1,)})
    [problem] = errors(game, catalog)
    assert (problem.code, problem.city, problem.field) == ("bad-military", None, "cities")
    assert str(problem.message) == (
        "The conflict tokens given for Ana and Bartek and those worked out from the shields of Cem cannot "
        "pair up: each victory needs a neighbour's defeat, but together they hold 2 victories and 1 defeat; "
        "check the tokens and the shields."
    )
    # Cem's Stockade beats both in every age: every defeat given has its victory.
    fits = table((), (), ("stockade",), seat0={"military": (-1, -1, -1)}, seat1={"military": (-1, -1, -1)})
    assert codes(fits, catalog) == []


def test_every_problem_is_reported_at_once(catalog: Catalog) -> None:
    game = table(
        ("baths", "baths", "tree-farm", *THREE_PLAYER_CARDS[:17]),
        ("stockade", "spies-guild"),
        ("stockade", "spies-guild"),
        seat1={"wonder": "rhodes", "military": (7,)},
    )
    found = codes(game, catalog)
    assert sorted(set(found)) == [
        "bad-military",
        "card-not-in-deck",
        "duplicate-card",
        "duplicate-wonder",
        "too-many-cards",
        "too-many-copies",
        "too-many-guilds",
    ]
    assert [p.card for p in errors(game, catalog) if p.code == "too-many-copies"] == ["stockade"]


def test_a_pad_entry_has_no_cards_to_check_but_its_wonder_counts(catalog: Catalog) -> None:
    pad = {"cards": None, "categories": ((Category.CIVILIAN, 12),), "wonder": "rhodes"}
    game = table(("baths",), ("baths",), (), seat1=pad)
    assert codes(game, catalog) == ["duplicate-wonder"]


def test_the_parse_notes_come_first(catalog: Catalog) -> None:
    note = Problem("warning", "unknown-field", N_("The field {field} was ignored.", field="colour"))
    game = Game(cities=table((), (), ()).cities, notes=(note,))
    assert check_game(game, catalog)[0] is note


def test_a_card_unknown_to_the_edition_is_reported(catalog: Catalog) -> None:
    game = table(("baths", "colosseum"), (), ())
    [problem] = errors(game, catalog)
    assert problem.code == "unknown-card" and problem.card == "colosseum"


def test_the_catalog_defaults_to_the_games_edition(catalog: Catalog) -> None:
    game = table(("baths",), ("baths",), ())
    assert [p.code for p in check_game(game)] == ["too-many-copies"]


@pytest.mark.parametrize(
    ("wonder", "side", "stages", "limit"),
    [
        ("giza", "A", 0, 18), ("giza", "B", 4, 14), ("rhodes", "B", 2, 16),
        ("babylon", "B", 1, 17), ("babylon", "B", 2, 19), ("babylon", "B", 3, 18),
        ("halicarnassus", "A", 2, 17), ("halicarnassus", "B", 3, 18),
    ],
)  # fmt: skip
def test_the_structure_limit_counts_tucked_cards_and_extra_builds(
    catalog: Catalog, wonder, side, stages, limit
):
    assert structure_limit(catalog, wonder, side, stages) == limit


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data(), edition=st.sampled_from((1, 2)))
def test_the_card_counters_hold_each_citys_shields(data: st.DataObject, edition: int) -> None:
    """The sum of a city's card counters, which validation makes anyway, carries the shields
    of its structures in its top field (the Age III check reads them there): equal to the
    shields added up card by card, on legal tables of both editions."""
    catalog = catalog_for(edition)
    game = data.draw(legal_games(military=("tokens",), catalog=catalog))
    lookups = table_lookups(catalog)
    deck = min(game.deck_players, len(lookups.copies) - 1)
    counters = _fast_cards_ok(game, lookups, deck, catalog.rules.guilds_dealt(deck))
    assert counters is not None
    shields = shield_counts(catalog)
    for city, held in zip(game.cities, counters, strict=True):
        if city.cards is None:
            assert held is None
        else:
            assert held is not None
            assert held >> lookups.shield_shift & lookups.shield_mask == sum(
                shields.get(c, 0) for c in city.cards
            )


def _checked_both_ways(data: dict[str, Any], catalog: Catalog) -> list[Problem]:
    """The problems validation finds in the game ``data``, asserted the same when the
    counters' quick check is skipped and every check counts card by card."""
    game = parse_game(data)
    quick = check_game(game, catalog)
    with mock.patch("assistant.rules.validate._fast_cards_ok", return_value=None):
        assert check_game(game, catalog) == quick
    return quick


@settings(max_examples=examples(80), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(6, 8), extra=st.integers(0, 5))
def test_the_quick_card_check_says_what_the_card_by_card_checks_say(seed: int, n: int, extra: int) -> None:
    """The counters' quick check (``_fast_cards_ok``) promises no age beyond its turns, fewer
    at a table of 8 (ruling eight-players): on Cities tables of 6 to 8 where a city is given
    ``extra`` more cards of one age, validation says exactly what it says when every card
    check runs card by card, and a city beyond an age's turns is told so."""
    data = cities_table(seed, n)
    rng = random.Random(seed)
    city = rng.choice(data["cities"])
    age = rng.randint(1, 3)
    # Cards of that age the city does not hold (another may: then a copy too many as well).
    spare = sorted({c.id for c in CITIES.cards if c.age == age and c.expansion is None} - set(city["cards"]))
    city["cards"] += rng.sample(spare, min(extra, len(spare)))
    quick = _checked_both_ways(data, CITIES)
    of_age = sum(CITIES.card_ages(c)[0] == age for c in city["cards"] if len(CITIES.card_ages(c)) == 1)
    if of_age > CITIES.rules.turns(n) + 3:  # beyond any wonder's extra plays (Halicarnassus B: 3)
        assert any(p.code == "too-many-cards" for p in quick), (of_age, quick)


LEADERS_CITIES = catalog_for(1, ["leaders", "cities"])


@settings(max_examples=examples(80), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(3, 8),
    kind=st.sampled_from(("apart", "drawn")),
    extra=st.integers(0, 6),
)
def test_the_counted_leaders_and_black_cards_say_what_the_cards_say(
    seed: int, n: int, kind: str, extra: int
) -> None:
    """The counters carry each city's leaders and the table's black cards by age, and the
    leader and black-card checks trust them within the limits: on Leaders and Cities tables of
    3 to 8 where a city is given ``extra`` more leaders, or black cards of one age no city
    holds, validation says exactly what it says when every check counts card by card, and a
    city beyond its leader turns, or a table beyond an age's black cards, is told so."""
    data = {**cities_table(seed, n), "expansions": ["leaders", "cities"]}
    rng = random.Random(seed)
    city = rng.choice(data["cities"])
    held = {c for other in data["cities"] for c in other["cards"]}
    age = rng.randint(1, 3)
    pool = sorted(
        c
        for c in LEADERS_CITIES.dealt(kind) - held
        if kind == "apart" or LEADERS_CITIES.card_ages(c)[0] == age
    )
    city["cards"] += rng.sample(pool, min(extra, len(pool)))
    quick = _checked_both_ways(data, LEADERS_CITIES)
    if kind == "apart" and len(LEADERS_CITIES.dealt("apart").intersection(city["cards"])) > 4:
        assert any(p.code == "too-many-cards" and p.city == data["cities"].index(city) for p in quick)
    cards = {c for other in data["cities"] for c in other["cards"]}
    black = [c for c in LEADERS_CITIES.dealt("drawn") & cards if LEADERS_CITIES.card_ages(c)[0] == age]
    if kind == "drawn" and len(black) > LEADERS_CITIES.rules.deck_players(n):
        assert any(p.code == "too-many-copies" for p in quick), quick


def test_drawn_cards_too_many_for_their_counter_are_refused_when_the_catalog_is_read() -> None:
    """The table's drawn cards of an age share one 8-bit field of the counters: a catalog whose
    drawn cards' copies could fill it (here, 10 copies of each of Cities' 27 black cards) is
    refused, rather than letting one age's count carry into the next."""
    with (
        mock.patch.object(LEADERS_CITIES, "copies", return_value=10),
        pytest.raises(ValueError, match="copies of drawn cards"),
    ):
        _make_lookups(LEADERS_CITIES)
