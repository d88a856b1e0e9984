"""The Free City's turn (the two-player variant, seeds "2인용"): a card it can build must be
played, a free chain first; otherwise a card goes under its wonder, or is discarded for 3 coins."""

from __future__ import annotations

import json

import pytest

from assistant.cli import main
from assistant.rules import City, Game, QuestionError
from assistant.rules.freecity import free_city_play
from assistant.rules.gameio import game_to_dict


def table(free_cards: tuple[str, ...] = (), coins: int = 3, stages: int = 0, wonder: str = "babylon") -> Game:
    return Game(
        cities=(
            City("Ana", "giza", cards=("lumber-yard",), military=()),
            City("Bo", "rhodes", cards=("ore-vein",), military=()),
            City(
                "Free City", wonder, stages=stages, coins=coins, cards=free_cards, military=(), free_city=True
            ),
        )
    )


def test_a_card_the_free_city_builds_by_chain_comes_first():
    play = free_city_play(table(("baths",)), ["altar", "aqueduct"])  # the Altar is free, the Aqueduct chains
    assert (play.card, play.action) == ("aqueduct", "chain")
    assert play.alternatives == ()
    assert "by chain" in str(play.reason)


def test_a_card_the_free_city_can_build_must_be_played():
    play = free_city_play(table(), ["palace", "altar", "baths"])  # the Palace it cannot afford
    assert (play.card, play.action) == ("altar", "build")
    assert play.alternatives == ("baths",)
    assert play.verdict is not None and play.verdict.buildable


def test_a_card_it_already_holds_is_never_built_twice():
    play = free_city_play(table(("altar",)), ["altar", "baths"])
    assert (play.card, play.action) == ("baths", "build")


def test_otherwise_a_card_builds_its_next_wonder_stage():
    # Babylon A stage 1 costs 2 clay: its board's clay and a Clay Pool (its neighbours sell none).
    play = free_city_play(table(("clay-pool",), coins=0), ["palace", "senate"])
    assert (play.card, play.action) == ("palace", "stage")
    assert play.alternatives == ("senate",)
    assert "under its wonder" in str(play.reason)


def test_otherwise_the_card_is_discarded_for_three_coins():
    play = free_city_play(table(coins=0), ["palace", "senate"])
    assert (play.card, play.action) == ("palace", "discard")
    assert "takes 3 coins" in str(play.reason)


def test_a_discard_earns_the_coins_the_edition_says():
    """The coins a discard earns are the edition's rule (``discard_coins``), not a constant."""
    from dataclasses import replace

    from assistant.rules.catalog import Catalog, catalog_for

    first = catalog_for(1)
    assert first.rules.discard_coins == 3
    other = Catalog(replace(first.rules, discard_coins=4), first.cards, first.wonders, first.rulings)
    play = free_city_play(table(coins=0), ["palace", "senate"], other)
    assert play.action == "discard" and "takes 4 coins" in str(play.reason)


def test_only_a_game_with_a_free_city_and_known_cards_can_ask():
    with pytest.raises(QuestionError):
        free_city_play(Game(cities=(*table().cities[:2], City("Cy", "olympia"))), ["altar"])
    with pytest.raises(QuestionError):
        free_city_play(table(), ["not-a-card"])
    with pytest.raises(QuestionError):
        free_city_play(table(), [])


# --- the command line, the API and the page -------------------------------------------------------


def test_the_free_city_helper_answers_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game_to_dict(table(("baths",)))), encoding="utf-8")
    assert main(["free-city", str(path), "--hand", "altar,aqueduct"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["card"], answer["action"]) == ("aqueduct", "chain")
    assert main(["free-city", str(path), "--hand", "altar,unicorn"]) == 2
    assert "unknown card 'unicorn'" in capsys.readouterr().err


def test_the_free_city_helper_answers_through_the_api_and_on_its_page(tmp_path):
    from tests.conftest import make_test_app

    client = make_test_app(tmp_path, WTF_CSRF_ENABLED=False).test_client()
    game = game_to_dict(table())
    answer = client.post("/api/v1/free-city", json={"game": game, "hand": ["palace", "altar"]})
    assert answer.status_code == 200 and answer.get_json()["action"] == "build"
    refused = client.post("/api/v1/free-city", json={"game": game, "hand": ["unicorn"]})
    assert refused.status_code == 400 and refused.get_json()["field"] == "hand[0]"
    token = client.post("/api/v1/games", json={"game": game}).get_json()["token"]
    hub = client.get(f"/g/{token}").get_data(as_text=True)
    assert f"/g/{token}/free-city" in hub
    page = client.get(f"/g/{token}/free-city?hand=palace&hand=altar").get_data(as_text=True)
    assert 'data-action="build"' in page and 'data-card="altar"' in page
