"""A power that makes a kind of build one resource cheaper, of the owner's choice (the
Leaders' Archimedes, Leonidas, Hammurabi and Imhotep; the toy Festival's Mason for blue
cards): the least-cost search tries every unit it could leave out and names the saving."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant.rules import can_build, parse_game
from tests.conftest import TOY_EDITION


def _game(ana_cards: list[str], coins: int = 10, bo: list[str] | None = None) -> object:
    return parse_game(
        {
            "edition": TOY_EDITION,
            "expansions": ["festival"],
            "cities": [
                {"player": "Ana", "wonder": "toy-spire", "coins": coins, "cards": ana_cards},  # stone
                {"player": "Bo", "wonder": "toy-garden", "cards": bo or []},  # ore, for sale
                {"player": "Cy", "wonder": "toy-harbor", "cards": []},  # wood, for sale
            ],
        }
    )


def test_the_saving_is_named_and_the_build_becomes_free():
    # The Toy Shrine costs 1 wood; Ana has none: 3 coins to Cy (the toy edition's price), or
    # free with the Mason.
    without = can_build(_game([]), 0, "toy-shrine")
    assert without.buildable and without.cheapest.total == 3
    verdict = can_build(_game(["toy-mason"]), 0, "toy-shrine")
    assert verdict.buildable and verdict.how == "free" and verdict.cheapest.total == 0
    assert [str(n) for n in verdict.notes] == ["Toy Mason saves 1 wood."]


def test_the_unit_left_out_is_the_one_that_would_cost_coins():
    # The Toy Hall costs 2 stone; Ana's board gives 1: without the Mason she cannot buy the
    # other (nobody sells stone); with it she builds it with her own stone.
    assert not can_build(_game([]), 0, "toy-hall").buildable
    verdict = can_build(_game(["toy-mason"]), 0, "toy-hall")
    assert verdict.buildable and verdict.how == "own"
    assert [str(n) for n in verdict.notes] == ["Toy Mason saves 1 stone."]


def test_a_card_of_another_colour_is_not_cheaper():
    verdict = can_build(_game(["toy-mason"]), 0, "toy-fort")  # red: 1 stone, her own
    assert verdict.buildable and not any("saves" in str(n) for n in verdict.notes)


@given(st.integers(0, 6), st.sampled_from(["toy-shrine", "toy-hall", "toy-palace"]))
def test_never_dearer_with_the_power_and_as_cheap_as_the_best_unit_left_out(coins, card):
    """Against the plain search on every cost the power can leave: the verdict is the best."""
    from assistant.rules.catalog import catalog_for
    from assistant.rules.model import Cost
    from assistant.rules.trade import _adjudicate

    game = _game(["toy-mason"], coins)
    plain = can_build(_game([], coins), 0, card)
    verdict = can_build(game, 0, card)
    if plain.buildable:
        assert verdict.buildable and verdict.cheapest.total <= plain.cheapest.total
    catalog = catalog_for(TOY_EDITION, ["festival"])
    cost = catalog.structure(card).cost
    units = [r for r, n in cost.resources for _ in range(n)]
    best = None
    for i in range(len(units)):
        rest = units[:i] + units[i + 1 :]
        reduced = Cost(cost.coins, tuple((r, rest.count(r)) for r in dict.fromkeys(rest)))
        found = _adjudicate(game, 0, catalog, card, reduced, ())
        if found.buildable and (best is None or found.cheapest.total < best):
            best = found.cheapest.total
    assert verdict.buildable == (best is not None or plain.buildable)
    if best is not None:
        assert verdict.cheapest.total == best


def test_a_card_that_builds_a_colour_for_free():
    """The toy Patron builds blue cards for free (as Ramses builds guilds): the Toy Hall's
    2 stone are not needed, and a red card still costs what it costs."""
    game = _game(["toy-patron"], coins=0)
    verdict = can_build(game, 0, "toy-hall")
    assert verdict.buildable and verdict.how == "free" and verdict.cheapest.total == 0
    assert (
        str(verdict.reason) == "Ana can build the Toy Hall for free: Toy Patron builds blue cards for free."
    )
    assert can_build(game, 0, "toy-fort").how == "own"  # red: her own stone
    assert str(__import__("assistant.rules.catalog", fromlist=["x"]).catalog_for(TOY_EDITION, ["festival"])
               .structure("toy-patron").effects[0].describe()) == "Builds blue cards for free."  # fmt: skip
