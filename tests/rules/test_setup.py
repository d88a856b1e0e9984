"""A new game as the edition and its expansions set it up: the boards picked or dealt, the
starting coins, the pad's empty page, the Free City last."""

from __future__ import annotations

import random

import pytest

from assistant.rules import GameFormatError, catalog_for, parse_game
from assistant.rules.setup import Seat, new_game
from tests.conftest import TOY_EDITION


def test_a_card_by_card_game_keeps_the_boards_picked_and_deals_the_rest():
    catalog = catalog_for(1)
    seats = [Seat("Ana", "giza", "B"), Seat(" Bo  Li ", None, None), Seat("Cy", None, "A")]
    game = new_game(catalog, seats, rng=random.Random(7))
    cities = game["cities"]
    assert [c["player"] for c in cities] == ["Ana", "Bo Li", "Cy"]
    assert (cities[0]["wonder"], cities[0]["side"]) == ("giza", "B")
    assert len({c["wonder"] for c in cities}) == 3 and cities[2]["side"] == "A"
    assert all(c["coins"] == 3 and c["cards"] == [] and c["stages"] == 0 for c in cities)
    assert "expansions" not in game and parse_game(game).edition == 1


def test_an_expansions_coins_and_boards_are_part_of_the_set_up():
    catalog = catalog_for(TOY_EDITION, ["festival", "parade"])
    seats = [Seat(name) for name in ("Ana", "Bo", "Cy", "Di", "Ed")]
    game = new_game(catalog, seats, rng=random.Random(1))
    assert game["expansions"] == ["festival", "parade"]
    assert {c["coins"] for c in game["cities"]} == {5 + 2 + 1}
    dealt = {c["wonder"] for c in game["cities"]}
    assert (
        len(dealt) == 5 and "toy-carousel" in dealt
    )  # every board dealt: the toy edition's four and Festival's
    assert len(parse_game(game).cities) == 5


def test_a_seat_left_without_a_board_is_refused_naming_it():
    catalog = catalog_for(TOY_EDITION, ["festival", "parade"])  # six seats, five boards
    with pytest.raises(GameFormatError) as caught:
        new_game(catalog, [Seat(name) for name in "ABCDEF"], rng=random.Random(1))
    assert caught.value.field == "cities[5].wonder" and "this game has 5 boards" in str(caught.value)
    assert len(new_game(catalog, [Seat(name) for name in "ABCDEF"], pad=True)["cities"]) == 6


def test_a_quick_pad_has_empty_pages_and_the_free_city_sits_last():
    catalog = catalog_for(1)
    game = new_game(catalog, [Seat("Ana"), Seat("Bo")], pad=True, free_city=Seat("Free City"))
    assert game["cities"] == [
        {"player": "Ana", "coins": 3, "categories": {}},
        {"player": "Bo", "coins": 3, "categories": {}},
        {"player": "Free City", "coins": 3, "categories": {}, "free_city": True},
    ]
    assert parse_game(game).cities[2].free_city
