"""Tonight's deck (issue 45): what goes into each age's deck for an edition, its expansions
and a number of players, worked out from the rules data (assistant/rules/table_deck.py).

The rule every table's deck keeps (Rulebook, Setup, 2010 and 2020; Cities and Armada: as
many of their cards as players join each age; ruling ``eight-players``): once the draws are
made, each age holds the hand size times the players, and the last age players + 2 guilds.
Checked for every edition shipped, every combination of its expansions and every number of
players they seat."""

from __future__ import annotations

import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from assistant.rules.catalog import (
    CatalogError,
    available_editions,
    available_expansions,
    catalog_for,
    load_catalog,
)
from assistant.rules.errors import GameFormatError
from assistant.rules.model import Color
from assistant.rules.table_deck import (
    age_heading,
    apart_line,
    checklist,
    deck_to_dict,
    draw_line,
    put_in,
    table_deck,
    table_line,
)
from tests.conftest import TOY_EDITION

BLACK, WHITE = Color("black"), Color("white")
SHIPPED = tuple(e for e in available_editions() if e != TOY_EDITION)
"""The editions of rules_data (the toy edition's decks are a few cards an age, not a game's)."""


def every_combination(edition: int) -> list[tuple[str, ...]]:
    known = available_expansions(edition)
    return [combo for size in range(len(known) + 1) for combo in combinations(known, size)]


TABLES = [(edition, combo) for edition in SHIPPED for combo in every_combination(edition)]


@pytest.mark.parametrize(
    ("edition", "expansions"), TABLES, ids=lambda v: "+".join(v) if isinstance(v, tuple) else str(v)
)
def test_every_age_holds_the_hand_size_times_the_players_once_drawn_with_players_plus_two_guilds(
    edition, expansions
):
    catalog = catalog_for(edition, expansions)
    rules = catalog.rules
    assert rules.player_counts.stop - 1 == (8 if {"cities", "armada"} & set(expansions) else 7)
    for players in rules.player_counts:
        deck = table_deck(catalog, players)
        cities = players + 1 if players == 2 else players  # two players add the Free City
        printed = min(cities, 7)  # eight players are dealt the 7-player game
        assert (deck.players, deck.cities, deck.deck_players) == (players, cities, printed)
        assert len(deck.ages) == rules.ages == 3
        for age in deck.ages:
            # Once drawn: the players times the hand size (at 8, the 7-player decks).
            assert age.total == printed * rules.hand_size, (players, age.age)
            if printed == cities:
                assert age.total == deck.hand * cities
            else:  # shared out: hands of ``hand``, the last one short when they do not divide
                assert 0 <= deck.hand * cities - age.total < cities
            guilds = [d for d in age.draws if d.guilds]
            if age.age == rules.ages:
                (draw,) = guilds
                assert draw.count == printed + 2 == rules.guilds_dealt(cities)
                assert set(draw.pool) == {g.id for g in catalog.guilds()} and len(draw.pool) == len(
                    set(draw.pool)
                )
            else:
                assert not guilds
            for draw in age.draws:
                assert draw.count >= 1
                if draw.pool:  # enough cards to draw from, each of this age
                    assert draw.count <= len(draw.pool)
                    assert all(age.age in catalog.card_ages(c) for c in draw.pool)
                    assert not set(draw.pool) & set(age.cards)
                if not draw.guilds:  # an expansion's cards: as many as the deck's players
                    assert draw.expansion in expansions and draw.count == printed


@pytest.mark.parametrize(("edition", "expansions"), TABLES[:: max(1, len(TABLES) // 12)])
def test_each_card_is_put_in_once_a_copy_printed_for_the_decks_player_count(edition, expansions):
    catalog = catalog_for(edition, expansions)
    for players in catalog.rules.player_counts:
        deck = table_deck(catalog, players)
        for age in deck.ages:
            expected = Counter(
                {
                    c.id: c.copies(deck.deck_players)
                    for c in catalog.cards
                    if c.age == age.age and c.deck == "printed"
                }
            )
            assert Counter(age.cards) == +expected


def test_four_players_of_the_first_edition_put_two_lumber_yards_in_age_one_and_draw_six_guilds():
    deck = table_deck(catalog_for(1), 4)
    first, _, last = deck.ages
    assert first.cards.count("lumber-yard") == 2 and first.cards.count("stone-pit") == 1
    assert "tree-farm" not in first.cards  # marked 6+
    assert len(first.cards) == 28 and len(last.cards) == 22 and [d.count for d in last.draws] == [6]
    assert deck.apart == ()


def test_two_players_use_the_three_player_decks_with_the_free_city_and_five_guilds():
    deck = table_deck(catalog_for(1), 2)
    assert (deck.cities, deck.deck_players, deck.hand) == (3, 3, 7)
    assert [a.total for a in deck.ages] == [21, 21, 21] and deck.ages[2].draws[0].count == 5


def test_eight_players_with_cities_are_dealt_the_seven_player_game():
    """docs/decisions.md, "Eight players are dealt the 7-player game": 49 age cards and 7
    black cards an age, hands of 7; with Armada too, 63 cards in hands of 8."""
    deck = table_deck(catalog_for(1, ["cities"]), 8)
    assert (deck.deck_players, deck.hand) == (7, 7)
    for age in deck.ages:
        black = [d for d in age.draws if d.color == BLACK]
        assert [d.count for d in black] == [7] and len(black[0].pool) == 9
        assert age.total == 56 == 8 * 7
    assert [d.count for d in deck.ages[2].draws if d.guilds] == [9]
    both = table_deck(catalog_for(1, ["cities", "armada"]), 8)
    assert both.hand == 8 and [a.total for a in both.ages] == [63, 63, 63]


def test_armadas_cards_not_in_the_data_are_a_draw_naming_the_expansion():
    deck = table_deck(catalog_for(2, ["armada"]), 5)
    for age in deck.ages:
        (armada,) = [d for d in age.draws if not d.guilds]
        assert (armada.pool, armada.count, armada.expansion, armada.color) == ((), 5, "armada", None)
        assert age.total == 5 * 8


def test_the_2020_cities_black_cards_not_in_the_data_are_drawn_by_colour():
    deck = table_deck(catalog_for(2, ["cities"]), 4)
    (black,) = [d for d in deck.ages[0].draws]
    assert (black.pool, black.count, black.color, black.expansion) == ((), 4, BLACK, "cities")


def test_the_leaders_are_dealt_apart_four_to_each_player_never_in_an_age():
    catalog = catalog_for(1, ["leaders", "cities"])
    deck = table_deck(catalog, 5)
    (leaders,) = deck.apart
    white = {c.id for c in catalog.cards if c.color == WHITE}
    assert (leaders.color, leaders.per_player, leaders.expansion) == (WHITE, 4, "leaders")
    assert set(leaders.pool) == white and len(white) == 42  # 36 leaders and Cities' 6
    for age in deck.ages:
        assert not white & {*age.cards, *(c for d in age.draws for c in d.pool)}
    assert table_deck(catalog_for(2, ["leaders"]), 3).apart[0].per_player == 4  # not listed yet


def test_the_toy_expansions_deal_from_their_data():
    """The toy Festival deals its silver cards apart, one each; Parade draws its bronze cards
    into Age I only (its only age), as many as players; the toy's guilds are players + 1."""
    catalog = catalog_for(TOY_EDITION, ["festival", "parade"])
    deck = table_deck(catalog, 5)
    assert (deck.deck_players, len(deck.ages)) == (4, 4)
    (silver,) = deck.apart
    assert (silver.color.value, silver.per_player) == ("silver", 1)
    bronze = [d for a in deck.ages for d in a.draws if d.color is not None and d.color.value == "bronze"]
    assert [(d.pool, d.count) for d in bronze] == [(("toy-float",), 4)]
    guilds = [d for a in deck.ages for d in a.draws if d.guilds]
    assert [d.count for d in guilds] == [5]
    festival = [d for a in deck.ages for d in a.draws if d.expansion == "festival"]
    assert [d.count for d in festival] == [4] * 4 and all(not d.pool for d in festival)


@pytest.mark.parametrize(
    ("edition", "expansions", "players"),
    [(1, (), 9), (1, (), 8), (1, (), 1), (1, (), 0), (2, (), 2), (1, (), True), (1, (), "4"), (1, (), 4.0)],
)
def test_a_number_of_players_the_table_cannot_have_is_refused_naming_the_field(edition, expansions, players):
    with pytest.raises(GameFormatError) as refused:
        table_deck(catalog_for(edition, expansions), players)
    assert refused.value.field == "players"
    least = 2 if edition == 1 else 3
    assert f"{least} to 7" in str(refused.value.message)


def test_the_json_gives_each_copy_the_draws_and_what_is_dealt_apart():
    data = deck_to_dict(table_deck(catalog_for(1, ["leaders", "cities"]), 4))
    assert {k: data[k] for k in ("edition", "expansions", "players", "cities", "deck_players", "hand")} == {
        "edition": 1,
        "expansions": ["leaders", "cities"],
        "players": 4,
        "cities": 4,
        "deck_players": 4,
        "hand": 8,
    }
    first = data["ages"][0]
    assert first["age"] == 1 and first["cards"].count("lumber-yard") == 2 and first["total"] == 32
    assert first["draw"] == [
        {"from": first["draw"][0]["from"], "count": 4, "color": "black", "expansion": "cities"}
    ]
    last = data["ages"][2]["draw"]
    assert last[0]["count"] == 6 and "expansion" not in last[0] and last[0]["color"] == "purple"
    assert data["apart"][0]["per_player"] == 4 and data["apart"][0]["expansion"] == "leaders"
    assert deck_to_dict(table_deck(catalog_for(1), 3))["expansions"] == []


def test_the_deck_in_words():
    catalog = catalog_for(1, ["leaders", "cities", "armada"])
    deck = table_deck(catalog, 8)
    assert str(table_line(deck)) == "8 players: the 7-player decks, shared out in hands of 8."
    assert str(table_line(table_deck(catalog_for(1), 2))) == (
        "2 players and the Free City: the 3-player decks, in hands of 7."
    )
    assert str(table_line(table_deck(catalog_for(1), 5))) == "5 players: hands of 7."
    first, _, last = deck.ages
    assert str(age_heading(first)) == "Age I: 63 cards once drawn"
    assert str(put_in(first)) == "Put in 49 cards:"
    groups = checklist(first, catalog)
    assert str(groups[0].heading) == "Raw materials" and groups[0].lines[0].name == "Lumber Yard"
    assert groups[0].lines[0].copies == 2
    said = [str(draw_line(d, last, deck, catalog)) for d in last.draws]
    assert said == [
        "Shuffle these guilds and put 9 of them in, unseen (7 players + 2).",
        "Shuffle these black cards of Cities and put 7 of them in, unseen.",
        "Shuffle the Armada cards of Age III and put 7 of them in, unseen (the assistant does not list "
        "them one by one yet).",
    ]
    assert str(apart_line(deck.apart[0], deck, catalog)) == (
        "The white cards are in no age's deck: shuffle these and deal 4 to each player before Age I."
    )


def test_a_per_player_count_is_only_for_a_colour_dealt_apart(tmp_path: Path):
    toy = Path(__file__).parent.parent / "rules_data" / "toy"
    shutil.copytree(toy, tmp_path / "toy")
    festival = tmp_path / "toy" / "expansions" / "festival"
    text = (festival / "expansion.toml").read_text()
    assert load_catalog(tmp_path / "toy", [festival]).rules.color(Color("silver")).per_player == 1
    (festival / "expansion.toml").write_text(text.replace("per_player = 1\n", "per_player = 0\n"))
    with pytest.raises(CatalogError, match="per_player"):
        load_catalog(tmp_path / "toy", [festival])
    edition = (tmp_path / "toy" / "edition.toml").read_text()
    (festival / "expansion.toml").write_text(text)
    (tmp_path / "toy" / "edition.toml").write_text(
        edition.replace('deck = "guilds"', 'deck = "guilds"\nper_player = 2')
    )
    with pytest.raises(CatalogError, match="per_player"):
        load_catalog(tmp_path / "toy")
