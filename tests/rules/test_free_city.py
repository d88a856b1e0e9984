"""The Free City's turn (the two-player variant, seeds "2인용"): a card it can build must be
played, a free chain first; otherwise a card goes under its wonder, or is discarded for 3 coins."""

from __future__ import annotations

import json

import pytest

from assistant.cli import main
from assistant.rules import City, Game, HandError, QuestionError
from assistant.rules.freecity import free_city_play
from assistant.rules.gameio import game_to_dict


def table(
    free_cards: tuple[str, ...] = (),
    coins: int = 3,
    stages: int = 0,
    wonder: str = "babylon",
    age: int | None = None,
    discard: tuple[str, ...] = (),
) -> Game:
    return Game(
        cities=(
            City("Ana", "giza", cards=("lumber-yard",), military=()),
            City("Bo", "rhodes", cards=("ore-vein",), military=()),
            City(
                "Free City", wonder, stages=stages, coins=coins, cards=free_cards, military=(), free_city=True
            ),
        ),
        age=age,
        discard=discard,
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
    # Two Looms are dealt at 3 players (Age I and Age II): the Free City holds one.
    play = free_city_play(table(("loom",)), ["loom", "baths"])
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
    from assistant.rules.catalog import Catalog, catalog_for
    from assistant.rules.records import replace

    first = catalog_for(1)
    assert first.rules.discard_coins == 3
    other = Catalog(replace(first.rules, discard_coins=4), first.cards, first.wonders, first.rulings)
    play = free_city_play(table(coins=0), ["palace", "senate"], other)
    assert play.action == "discard" and "takes 4 coins" in str(play.reason)


def test_of_several_cards_it_builds_by_chain_the_first_offered_is_played_and_the_others_named():
    """Ruling free-city-turn: a free chain comes first; among several, its holder chooses, so
    the helper plays the first offered and names the others it could have been."""
    play = free_city_play(table(("altar", "baths", "theater")), ["stone-pit", "temple", "statue", "aqueduct"])
    assert (play.card, play.action) == ("temple", "chain")
    assert play.alternatives == ("statue", "aqueduct")  # in the order offered; the Stone Pit is no chain
    assert str(play.reason).startswith(
        "The Free City must play a card it can build, and one it builds for free by chain first: it builds "
        "the Temple by chain."
    )


def test_a_card_bought_from_the_neighbours_counts_as_one_it_can_build():
    """Ruling free-city-turn: "can build" includes trading, paid from the Free City's coins."""
    play = free_city_play(table(coins=2), ["stockade", "palace"])  # the Stockade's wood, from Ana
    assert (play.card, play.action) == ("stockade", "build")
    assert play.verdict is not None and play.verdict.how == "trade" and play.verdict.cheapest.total == 2
    assert free_city_play(table(coins=1), ["stockade", "palace"]).action != "build"


def test_with_every_wonder_stage_built_the_card_is_discarded():
    """Ruling free-city-turn: no card to build and no stage left to build: the card is
    discarded for 3 coins (Rulebook (2010), Game turn: discard the card)."""
    play = free_city_play(table(("loom",), coins=10, stages=3), ["loom", "palace"])  # it holds a Loom
    assert (play.card, play.action) == ("loom", "discard")
    assert play.alternatives == ("palace",)
    assert str(play.reason) == (
        "The Free City can build none of Loom and Palace, nor its next wonder stage, so the Loom is "
        "discarded and the Free City takes 3 coins (it has 10)."
    )


@pytest.mark.parametrize(
    ("game", "hand", "field", "card", "words"),
    [
        pytest.param(
            table(), ["altar", "chamber-of-commerce"], "hand[1]", "chamber-of-commerce",
            "The Chamber of Commerce cannot be in the Free City's hand: it is not in the deck for 3 "
            "cities (its copies are marked 4+, 6+).",
            id="not in the 3-player deck",
        ),
        pytest.param(
            table(), ["lumber-yard"], "hand[0]", "lumber-yard",
            "The Lumber Yard cannot be in the Free City's hand: the deck for 3 cities has 1 copy, and it "
            "is already taken: the city of Ana.",
            id="its only copy is built in a city",
        ),
        pytest.param(
            table(discard=("altar",)), ["baths", "Altar"], "hand[1]", "altar",
            "The Altar cannot be in the Free City's hand: the deck for 3 cities has 1 copy, and it is "
            "already taken: the discard pile.",
            id="its only copy is in the discard pile",
        ),
        pytest.param(
            table(age=1), ["altar", "temple"], "hand[1]", "temple",
            "The Temple cannot be in the Free City's hand: it is a card of Age II, and the table is playing "
            "Age I.",
            id="a card of another age than the one being played",
        ),
    ],
)  # fmt: skip
def test_a_card_that_cannot_have_been_dealt_to_the_free_city_is_refused_by_name(
    game, hand, field, card, words
):
    """Rulebook (2010), Setup and Two-player variant: the 3-player deck; a card built or
    discarded is in no hand; during an age the hands hold its cards only (ruling during-play)."""
    with pytest.raises(HandError) as refused:
        free_city_play(game, hand)
    assert (refused.value.field, refused.value.card) == (field, card)
    assert str(refused.value) == words


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
    assert main(["free-city", str(path), "--hand", "altar,chamber-of-commerce"]) == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith(
            "--hand: The Chamber of Commerce cannot be in the Free City's hand: it is not in the deck for "
            "3 cities (its copies are marked 4+, 6+)."
        )
    )


def test_the_free_city_helper_answers_through_the_api_and_on_its_page(tmp_path):
    from tests.conftest import make_test_app

    client = make_test_app(tmp_path, WTF_CSRF_ENABLED=False).test_client()
    game = game_to_dict(table())
    answer = client.post("/api/v1/free-city", json={"game": game, "hand": ["palace", "altar"]})
    assert answer.status_code == 200 and answer.get_json()["action"] == "build"
    refused = client.post("/api/v1/free-city", json={"game": game, "hand": ["unicorn"]})
    assert refused.status_code == 400 and refused.get_json()["field"] == "hand[0]"
    undealt = client.post("/api/v1/free-city", json={"game": game, "hand": ["altar", "lumber-yard"]})
    assert undealt.status_code == 400 and undealt.get_json()["field"] == "hand[1]"
    assert "Lumber Yard cannot be in the Free City's hand" in undealt.get_json()["error"]
    several = client.post("/api/v1/free-city", json={"game": game, "hand": ["altar", "baths"]}).get_json()
    assert (several["card"], several["alternatives"]) == ("altar", ["baths"])
    token = client.post("/api/v1/games", json={"game": game}).get_json()["token"]
    hub = client.get(f"/g/{token}").get_data(as_text=True)
    assert f"/g/{token}/free-city" in hub
    page = client.get(f"/g/{token}/free-city?hand=palace&hand=altar").get_data(as_text=True)
    assert 'data-action="build"' in page and 'data-card="altar"' in page
    page = client.get(f"/g/{token}/free-city?hand=altar&hand=lumber-yard").get_data(as_text=True)
    assert 'data-refused="hand[1]"' in page and "cannot be in the Free City&#39;s hand" in page
