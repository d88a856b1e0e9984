"""Tests for the rules the mutation run (docs/mutation.md) found unguarded: each kills one or
more surviving mutants of ``military``, ``trade``, ``validate`` or ``scoring``, and is named
after the rule it guards. The worked examples are counted by hand from the printed cards."""

from __future__ import annotations

import pytest

from assistant.rules import can_build, check_game, parse_game
from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.errors import GameFormatError, QuestionError
from assistant.rules.military import (
    conflict_tokens,
    shield_sources,
    shields_admitted,
    shields_by_age_from_cards,
    tokens_pair_up,
)
from assistant.rules.model import City, Game
from assistant.rules.scoring import score_game, tie_notes
from tests.rules.strategies import RULES
from tests.rules.test_explanations import translate

# --- military -------------------------------------------------------------------------------


def test_a_card_the_edition_does_not_know_gives_no_shields(catalog: Catalog) -> None:
    # Barracks (Age I, 1 shield) and Stables (Age II, 2 shields): 1, 3, 3; a card id no
    # edition prints adds nothing in any age (and does not stop the count).
    assert shields_by_age_from_cards(("barracks", "stables"), None, "A", 0, catalog) == (1, 3, 3)
    assert shields_by_age_from_cards(("barracks", "no-such-card", "stables"), None, "A", 0, catalog) == (
        1,
        3,
        3,
    )


def test_an_unknown_wonders_stages_are_no_shield_source(catalog: Catalog) -> None:
    # Rhodes A's second stage gives 2 shields; a wonder the edition does not know gives none,
    # whatever its stages, and its city's cards still count.
    assert shield_sources(("barracks",), "rhodes", "A", 2, catalog) == [("barracks", 1), ("stage-2", 2)]
    assert shield_sources(("barracks",), "no-such-wonder", "A", 2, catalog) == [("barracks", 1)]
    assert shield_sources(("barracks",), None, "A", 2, catalog) == [("barracks", 1)]


def test_a_red_card_halicarnassus_may_have_built_from_the_discard_counts_from_that_stages_age(
    catalog: Catalog,
) -> None:
    # Stockade: Age I, 1 shield. Halicarnassus A's second stage builds a card from the
    # discard pile; dated Age II, it may have built the Stockade then, so the city may have
    # had 0 shields at the end of Age I (or 1, built in its own age), and 1 from Age II on.
    def admitted(shields: tuple[int, ...], stage_ages: tuple[int, ...] | None) -> bool:
        return shields_admitted(shields, 3, ("stockade",), "halicarnassus", "A", 2, catalog, stage_ages)

    assert admitted((0, 1, 1), (1, 2))
    assert admitted((1, 1, 1), (1, 2))
    assert not admitted((0, 0, 1), (1, 2))  # by the end of Age II the Stockade is built
    # Undated, the stage may be of the last age: the Stockade may count from Age III only.
    assert admitted((0, 0, 1), None)
    assert not admitted((0, 0, 0), None)  # at the end of the last age every card counts


def test_tomyris_hands_her_defeat_to_the_neighbour_that_beats_her_and_only_to_it() -> None:
    # Age I (victory 1, defeat -1), seat 1 holds Tomyris. Each city fights its left (next
    # seat) then its right (previous seat) neighbour.
    # 3, 1, 2 shields: seats 0 and 2 both beat her, so each takes a victory and her defeat;
    # she takes none of her two defeats.
    assert conflict_tokens(1, [3, 1, 2], RULES, frozenset({1})) == [[1, -1, 1], [], [-1, 1, -1]]
    # 2, 2, 1 shields: seat 0 ties her and takes nothing from that conflict; she beats seat 2,
    # which keeps its own defeat.
    assert conflict_tokens(1, [2, 2, 1], RULES, frozenset({1})) == [[1], [1], [-1, -1]]


def test_two_cities_fight_once_an_age_and_cannot_both_win_it() -> None:
    # Two cities: one conflict an age, so one city's victories are the other's defeats.
    assert tokens_pair_up([[1], [-1]], RULES)
    assert tokens_pair_up([[1, -1], [-1, 3]], RULES)  # A won Age I, B won Age II
    assert not tokens_pair_up([[1, -1], [1, -1]], RULES)  # both won the one Age I conflict
    assert not tokens_pair_up([[1], [-1, -1]], RULES)


def test_a_city_alone_fights_no_conflict() -> None:
    assert tokens_pair_up([[]], RULES)
    assert not tokens_pair_up([[1]], RULES)


# --- trade ----------------------------------------------------------------------------------

PAD_NOTE = (
    "Ana's cards are not known (the city was entered as score-pad numbers): only its board's "
    "resource is counted, and chains and duplicates cannot be checked."
)


def _docks_table(dock: str) -> Game:
    # Ana (Rhodes: ore) holds a Clandestine Dock; Bo on her left and Cy on her right each
    # sell clay at the printed 2 coins.
    city = {"wonder": "babylon", "side": "A", "stages": 0, "coins": 3, "cards": ["clay-pool"]}
    return parse_game(
        {
            "edition": 1,
            "expansions": ["cities"],
            "cities": [
                {"player": "Ana", "wonder": "rhodes", "side": "A", "stages": 0, "coins": 10, "cards": [dock]},
                {**city, "player": "Bo"},
                {**city, "player": "Cy", "wonder": "giza"},
            ],
        }
    )


def test_a_clandestine_dock_note_names_the_neighbour_its_coin_comes_off() -> None:
    # The Guard Tower costs 1 clay. The West dock takes a coin off what Ana buys on her left
    # (Bo): 1 coin there, 2 on the right, so she buys from Bo and the note names Bo.
    west = can_build(_docks_table("clandestine-dock-west"), 0, "guard-tower")
    assert west.cheapest is not None and west.cheapest.total == 1 and west.cheapest.left == 1
    assert [str(n) for n in west.notes] == [
        "The Clandestine Dock West takes 1 coin off a resource bought from Bo."
    ]
    # The East dock: the same on her right (Cy).
    east = can_build(_docks_table("clandestine-dock-east"), 0, "guard-tower")
    assert east.cheapest is not None and east.cheapest.total == 1 and east.cheapest.right == 1
    assert [str(n) for n in east.notes] == [
        "The Clandestine Dock East takes 1 coin off a resource bought from Cy."
    ]


def test_a_free_build_by_a_wonder_power_still_says_a_pad_entered_citys_cards_are_unknown() -> None:
    # Second edition, Olympia A with two stages: its second stage builds the first card of each
    # colour for free. Ana's city was entered as pad numbers: the verdict says what that hides.
    second = catalog_for(2)
    game = Game(
        (
            City("Ana", "olympia", "A", 2, 10, None),
            City("Bo", "babylon", "A", 0, 3, ("clay-pit",)),
            City("Cy", "giza", "A", 0, 3, ("clay-pit",)),
        )
    )
    verdict = can_build(game, 0, "baths", catalog=second)
    assert verdict.buildable and verdict.how == "free-build"
    assert [str(n) for n in verdict.notes] == [PAD_NOTE]


def test_the_refusal_names_only_the_resources_no_source_has_enough_of() -> None:
    # The Stables cost wood, clay and ore. Ana (Rhodes: ore) holds a Clay Pool; Bo (Ephesus:
    # papyrus) and Cy (Halicarnassus: loom) sell none of the three: only wood is missing.
    game = Game(
        (
            City("Ana", "rhodes", "A", 0, 10, ("clay-pool",)),
            City("Bo", "ephesus", "A", 0, 3, ()),
            City("Cy", "halicarnassus", "A", 0, 3, ()),
        )
    )
    verdict = can_build(game, 0, "stables", catalog=catalog_for(1))
    assert not verdict.buildable
    assert str(verdict.reason) == (
        "Ana cannot build the Stables: the city and what its neighbours sell give too little wood."
    )


def test_hammurabi_saves_the_unit_the_city_cannot_make_itself() -> None:
    # The Temple costs wood, clay and glass. Ana makes wood and clay; no neighbour sells glass;
    # Hammurabi (blue cards cost one resource less) leaves out the glass, and the note says so.
    game = Game(
        (
            City("Ana", "rhodes", "A", 0, 10, ("lumber-yard", "clay-pool", "hammurabi")),
            City("Bo", "ephesus", "A", 0, 3, ()),
            City("Cy", "halicarnassus", "A", 0, 3, ()),
        )
    )
    verdict = can_build(game, 0, "temple", catalog=catalog_for(1, ["leaders"]))
    assert verdict.buildable and verdict.cheapest is not None and verdict.cheapest.total == 0
    assert [str(n) for n in verdict.notes] == ["Hammurabi saves 1 glass."]


def _plain_table(ana: City, bo: City | None = None) -> Game:
    # Bo (Ephesus: papyrus) on Ana's left, Cy (Halicarnassus: loom) on her right.
    return Game(
        (
            ana,
            bo or City("Bo", "ephesus", "A", 0, 3, ()),
            City("Cy", "halicarnassus", "A", 0, 3, ()),
        )
    )


def test_coins_to_the_bank_are_said_when_the_city_makes_the_resources_itself() -> None:
    # The Pigeon Loft (Cities) costs 1 coin and 1 ore; Ana's Rhodes makes the ore.
    game = _plain_table(City("Ana", "rhodes", "A", 0, 10, ()))
    verdict = can_build(game, 0, "pigeon-loft", catalog=catalog_for(1, ["cities"]))
    assert verdict.buildable and verdict.how == "own"
    assert str(verdict.reason) == (
        "Ana can build the Pigeon Loft with the city's own resources and 1 coin to the bank."
    )


def test_a_pad_entered_neighbour_sells_only_its_boards_resource_and_the_note_says_which() -> None:
    # Bo's city was entered as pad numbers on Babylon A (clay): only that clay is for sale.
    game = _plain_table(City("Ana", "rhodes", "A", 0, 10, ()), City("Bo", "babylon", "A", 0, 3, None))
    verdict = can_build(game, 0, "guard-tower", catalog=catalog_for(1))  # 1 clay
    assert verdict.buildable and verdict.cheapest is not None and verdict.cheapest.left == 2
    assert [str(n) for n in verdict.notes] == [
        "Bo's cards are not known (score-pad numbers): only the clay of its board is counted as for sale."
    ]


def test_a_stage_of_an_unknown_wonder_cannot_be_checked() -> None:
    game = _plain_table(City("Ana", None, "A", 0, 10, ()))
    verdict = can_build(game, 0, stage=True, catalog=catalog_for(1))
    assert not verdict.buildable
    assert str(verdict.reason) == "Ana's wonder is not known, so its next stage cannot be checked."


def test_a_build_through_a_power_is_asked_for_a_card_not_a_stage() -> None:
    game = _plain_table(City("Ana", "rhodes", "A", 0, 10, ()))
    with pytest.raises(QuestionError, match=r"^via is one of discard, free-build, for a card$"):
        can_build(game, 0, stage=True, via="discard", catalog=catalog_for(1))


def test_a_build_beside_a_typed_board_is_refused_naming_that_board() -> None:
    # Second edition with Cities: Petra is typed (its stages are not in the data yet). Bo, on
    # Ana's left, sits beside her: his build cannot be priced either.
    second = catalog_for(2, ["cities"])
    game = Game(
        (
            City("Ana", "petra", "A", 0, 10, ()),
            City("Bo", "ephesus", "A", 0, 3, ()),
            City("Cy", "halicarnassus", "A", 0, 3, ()),
        ),
        edition=2,
        expansions=("cities",),
    )
    with pytest.raises(GameFormatError) as refused:
        can_build(game, 1, "baths", catalog=second)
    assert str(refused.value) == (
        "Ana's board, Al-Khazneh of Petra, is not known stage by stage yet (its resource and stages "
        "are typed): the assistant cannot price a build in that city or beside it."
    )


# --- validate -------------------------------------------------------------------------------


def _leaders_table(age: int, leaders: list[str]) -> Game:
    blank = {"side": "A", "stages": 0, "coins": 3, "cards": []}
    return parse_game(
        {
            "edition": 1,
            "expansions": ["leaders"],
            "age": age,
            "cities": [
                {**blank, "player": "Ana", "wonder": "rhodes", "cards": leaders},
                {**blank, "player": "Bo", "wonder": "babylon"},
                {**blank, "player": "Cy", "wonder": "giza"},
            ],
        }
    )


def test_a_game_in_progress_has_recruited_one_leader_for_each_age_begun() -> None:
    # Leaders: one leader is recruited at the start of each age (no stage of Rhodes A adds one).
    def errors(age: int, leaders: list[str]) -> list[str]:
        return [str(p.message) for p in check_game(_leaders_table(age, leaders)) if p.severity == "error"]

    assert errors(1, ["hammurabi"]) == []
    assert errors(1, ["hammurabi", "archimedes"]) == [
        "Ana's city lists 2 leaders (Hammurabi and Archimedes), but by Age I a city has recruited "
        "at most 1 leader."
    ]
    assert errors(2, ["hammurabi", "archimedes"]) == []
    assert errors(2, ["hammurabi", "archimedes", "leonidas"]) == [
        "Ana's city lists 3 leaders (Hammurabi, Archimedes and Leonidas), but by Age II a city has "
        "recruited at most 2 leaders."
    ]


def test_a_finished_game_has_recruited_one_leader_an_age_in_every_language() -> None:
    # Three ages, one leader each (Rhodes A adds none): a fourth is one too many. The message
    # is translated as one plural entry (looked up by its singular), so Polish says it in Polish.
    blank = {"side": "A", "stages": 0, "coins": 3, "cards": []}
    game = parse_game(
        {
            "edition": 1,
            "expansions": ["leaders"],
            "cities": [
                {
                    **blank,
                    "player": "Ana",
                    "wonder": "rhodes",
                    "cards": ["hammurabi", "archimedes", "leonidas", "nero"],
                },
                {**blank, "player": "Bo", "wonder": "babylon"},
                {**blank, "player": "Cy", "wonder": "giza"},
            ],
        }
    )
    [problem] = [p for p in check_game(game) if p.severity == "error"]
    english = (
        "Ana's city lists 4 leaders (Hammurabi, Archimedes, Leonidas and Nero), but a city recruits at "
        "most 3 leaders: one at the start of each age, and one more for each wonder stage that says so."
    )
    assert str(problem.message) == english
    assert translate(problem.message, "pl").startswith("Miasto gracza Ana ma 4 liderów")


def test_babylon_bs_seventh_card_lets_a_city_hold_seven_guilds_not_eight() -> None:
    # Guilds are Age III cards; an age has 6 turns, and Babylon B's second stage plays the
    # seventh card of each age: 7 guilds at most.
    catalog = catalog_for(1)
    guilds = [c for c in catalog.structure_ids if catalog.structure(c).color.value == "purple"]

    def own_guild_errors(held: list[str]) -> list[str]:
        blank = {"side": "A", "stages": 0, "coins": 3, "cards": []}
        game = parse_game(
            {
                "edition": 1,
                "cities": [
                    {**blank, "player": "Ana", "wonder": "babylon", "side": "B", "stages": 2, "cards": held},
                    {**blank, "player": "Bo", "wonder": "ephesus"},
                    {**blank, "player": "Cy", "wonder": "giza"},
                ],
            }
        )
        return [str(p.message) for p in check_game(game) if str(p.message).startswith("Ana's city holds")]

    assert own_guild_errors(guilds[:7]) == []
    assert own_guild_errors(guilds[:8]) == [
        "Ana's city holds 8 guilds, but guilds are cards of Age III: an age has 6 turns and the city's "
        "wonder plays at most 7 cards of it."
    ]


def test_a_table_holding_more_different_guilds_than_were_dealt_names_them() -> None:
    # A game of 3 cities deals 3 + 2 = 5 guilds; Ana holds 8 different ones.
    catalog = catalog_for(1)
    guilds = [c for c in catalog.structure_ids if catalog.structure(c).color.value == "purple"][:8]
    blank = {"side": "A", "stages": 0, "coins": 3, "cards": []}
    game = parse_game(
        {
            "edition": 1,
            "cities": [
                {**blank, "player": "Ana", "wonder": "babylon", "side": "B", "stages": 2, "cards": guilds},
                {**blank, "player": "Bo", "wonder": "ephesus"},
                {**blank, "player": "Cy", "wonder": "giza"},
            ],
        }
    )
    names = (
        ", ".join(catalog.structure(g).name for g in guilds[:7]) + " and " + catalog.structure(guilds[7]).name
    )
    assert f"The table holds 8 different guilds ({names}), but a game of 3 cities deals only 5." in [
        str(p.message) for p in check_game(game)
    ]


# --- scoring --------------------------------------------------------------------------------


def test_ties_on_points_are_read_in_ranking_order_not_by_name() -> None:
    # Bo: Palace 8 + 1 for 3 coins = 9, first. Cem: Baths 3 + 1 for 5 coins = 4; Ana: Baths 3
    # + 1 for 3 coins = 4. Cem and Ana tie on points, Cem ahead on coins; Bo ties no one.
    game = Game(
        cities=(
            City(player="Bo", wonder="giza", cards=("palace",), military=(), coins=3),
            City(player="Cem", wonder="rhodes", cards=("baths",), military=(), coins=5),
            City(player="Ana", wonder="ephesus", cards=("baths",), military=(), coins=3),
        )
    )
    sheet = score_game(game, catalog_for(1))
    assert [(c.player, c.total, c.rank) for c in sheet.cities] == [("Bo", 9, 1), ("Cem", 4, 2), ("Ana", 4, 3)]
    assert [str(t) for t in tie_notes(sheet)] == [
        "Cem is ahead of Ana on coins, 5 to 3: both have 4 victory points."
    ]


def test_an_empty_table_has_no_player_to_rank() -> None:
    sheet = score_game(Game(cities=()), catalog_for(1))
    assert sheet.cities == ()
    assert str(sheet.explanation) == "No player to rank."
