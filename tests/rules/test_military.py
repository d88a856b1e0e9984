"""Military conflicts: tokens from shields, shields from cards, and tokens that pair up."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from assistant.rules.catalog import Catalog, EditionRules, catalog_for
from assistant.rules.military import (
    conflict_tokens,
    hand_out,
    has_stage_shields,
    shields_by_age_from_cards,
    signature_pairs_up,
    token_signature,
    tokens_by_age,
    tokens_from_shields_by_age,
    tokens_pair_up,
    tokens_pair_up_across,
)
from assistant.rules.model import City, Game, ProblemCode
from assistant.rules.validate import check_game
from tests.conftest import TOY_EDITION, examples
from tests.rules.strategies import RULES, random_shields


def test_each_city_fights_its_left_then_its_right_neighbour() -> None:
    # Seats 0..3 with 3, 1, 4, 4 shields: left is the next seat, right the previous one.
    assert conflict_tokens(1, [3, 1, 4, 4], RULES) == [[1, -1], [-1, -1], [1], [1]]


def test_victory_tokens_grow_with_the_age_and_defeats_stay_minus_one() -> None:
    assert conflict_tokens(2, [3, 1, 4, 4], RULES) == [[3, -1], [-1, -1], [3], [3]]
    assert conflict_tokens(3, [3, 1, 4, 4], RULES) == [[5, -1], [-1, -1], [5], [5]]


def test_equal_shields_take_no_token() -> None:
    assert conflict_tokens(1, [2, 2, 2, 2, 2], RULES) == [[]] * 5


def test_with_three_cities_everyone_fights_both_others() -> None:
    assert conflict_tokens(3, [0, 1, 2], RULES) == [[-1, -1], [-1, 5], [5, 5]]


def test_an_age_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError):
        conflict_tokens(4, [1, 2, 3], RULES)


def test_tokens_over_three_ages_add_up_for_each_city() -> None:
    shields = [(1, 1, 6), (0, 3, 3), (1, 2, 4)]
    assert tokens_from_shields_by_age(shields, RULES) == [
        [1, -1, -1, 5, 5],
        [-1, -1, 3, 3, -1, -1],
        [1, 3, -1, -1, 5],
    ]
    assert tokens_by_age(shields, RULES)[0] == [[1], [-1, -1], [5, 5]]


def test_red_cards_count_from_their_own_age(catalog: Catalog) -> None:
    cards = ("stockade", "walls", "arsenal", "baths")
    assert shields_by_age_from_cards(cards, "giza", "A", 3, catalog) == (1, 3, 6)


def test_a_rhodes_shield_stage_is_assumed_built_in_the_age_of_its_number(catalog: Catalog) -> None:
    # Rhodes A stage 2 gives 2 shields: counted from Age II on.
    assert shields_by_age_from_cards((), "rhodes", "A", 2, catalog) == (0, 2, 2)
    assert shields_by_age_from_cards((), "rhodes", "A", 1, catalog) == (0, 0, 0)
    # Rhodes B: one shield on each of its two stages.
    assert shields_by_age_from_cards(("barracks",), "rhodes", "B", 2, catalog) == (2, 3, 3)
    assert has_stage_shields(catalog, "rhodes", "B", 1)
    assert not has_stage_shields(catalog, "rhodes", "A", 1)
    assert not has_stage_shields(catalog, "giza", "B", 4)


def test_a_city_holding_an_impossible_token_has_no_signature() -> None:
    assert token_signature([[1, 2]], RULES) is None
    assert token_signature([[3, 3, 3]], RULES) is None
    assert token_signature([[1, 1, 3, -1]], RULES) == ((0b011, 0b001, 1),)
    # Two victories of Age III leave four conflicts to lose: five defeats cannot all be this city's.
    assert token_signature([[5, 5, -1, -1, -1, -1]], RULES) == ((0b100, 0b100, 4),)
    assert token_signature([[5, 5, -1, -1, -1, -1, -1]], RULES) is None


def test_tokens_resolved_from_any_shields_always_pair_up() -> None:
    rng = random.Random(2010)
    for players in range(3, 8):
        for _ in range(200):
            shields = [random_shields(rng) for _ in range(players)]
            assert tokens_pair_up(tokens_from_shields_by_age(shields, RULES), RULES)


def test_a_victory_without_the_matching_defeat_does_not_pair_up() -> None:
    assert not tokens_pair_up([[1], [], []], RULES)
    assert not tokens_pair_up([[5], [-1], [-1], []], RULES)


def test_totals_that_match_can_still_fail_to_pair_up() -> None:
    # Four cities: seat 0 beat both neighbours in Age I; the defeats sit with seat 2,
    # which is no neighbour of seat 0. Two victories and two defeats, but no way to pair.
    assert not tokens_pair_up([[1, 1], [], [-1, -1], []], RULES)
    assert tokens_pair_up([[1, 1], [-1], [], [-1]], RULES)


def _rules(ages: int) -> EditionRules:
    return EditionRules(
        edition=0, name="test", min_players=3, max_players=7, free_city_players=2, ages=ages,
        turns_per_age=6, hand_size=7, starting_coins=3, guilds_beyond_players=2, trade_price=2,
        discounted_price=1, victory_tokens=(1, 3, 5)[:ages], defeat_token=-1, coins_per_point=3,
        discard_coins=3,
    )  # fmt: skip


@cache
def _reachable(cities: int, ages: int) -> frozenset[tuple[tuple[int, int, int], ...]]:
    """Every signature that some outcome of all conflicts produces, by brute force."""
    edges = [(i, (i + 1) % cities) for i in range(cities)]
    found = set()
    for outcome in itertools.product(range(3), repeat=cities * ages):
        wins = [[0] * ages for _ in range(cities)]
        lost = [0] * cities
        for index, result in enumerate(outcome):
            age, edge = divmod(index, cities)
            a, b = edges[edge]
            if result == 1:
                wins[a][age] += 1
                lost[b] += 1
            elif result == 2:
                wins[b][age] += 1
                lost[a] += 1
        found.add(
            tuple(
                (
                    sum(1 << k for k in range(ages) if wins[c][k] >= 1),
                    sum(1 << k for k in range(ages) if wins[c][k] == 2),
                    lost[c],
                )
                for c in range(cities)
            )
        )
    return frozenset(found)


def _all_city_signatures(ages: int) -> list[tuple[int, int, int]]:
    masks = range(1 << ages)
    return [(one, two, d) for one in masks for two in masks if two & ~one == 0 for d in range(2 * ages + 1)]


@pytest.mark.parametrize(("cities", "ages"), [(3, 3), (4, 2), (5, 2)])
def test_the_pairing_check_agrees_with_brute_force(cities: int, ages: int) -> None:
    reachable = _reachable(cities, ages)
    assert all(signature_pairs_up(s) for s in reachable)
    singles = _all_city_signatures(ages)
    rng = random.Random(cities * 10 + ages)
    for _ in range(20_000):
        signature = tuple(rng.choice(singles) for _ in range(cities))
        assert signature_pairs_up(signature) == (signature in reachable), signature
    # Near misses: a legal table with one city's defeats or victories moved by one.
    for signature in rng.sample(sorted(reachable), 2000):
        seat = rng.randrange(cities)
        one, two, lost = signature[seat]
        for changed in ((one, two, lost + 1), (one, two, max(lost - 1, 0)), (one ^ 1, two & ~1, lost)):
            trial = (*signature[:seat], changed, *signature[seat + 1 :])
            assert signature_pairs_up(trial) == (trial in reachable), trial


def test_the_pairing_check_agrees_with_brute_force_for_every_three_city_table_of_one_age() -> None:
    reachable = _reachable(3, 1)
    singles = _all_city_signatures(1)
    for signature in itertools.product(singles, repeat=3):
        assert signature_pairs_up(signature) == (signature in reachable)


@cache
def _reachable_by_one_or_two(cities: int, ages: int) -> frozenset[tuple[tuple[int, int, int], ...]]:
    """Every signature some outcome gives at a table of one city (no conflict) or two (they
    are each other's left and right neighbour, and fight once an age: :func:`conflict_tokens`)."""
    found = set()
    for outcome in itertools.product(range(3), repeat=ages if cities == 2 else 0):
        wins = [[0] * ages for _ in range(cities)]
        lost = [0] * cities
        for age, result in enumerate(outcome):
            if result:
                winner = result - 1
                wins[winner][age] += 1
                lost[1 - winner] += 1
        found.add(tuple((sum(1 << k for k in range(ages) if wins[c][k]), 0, lost[c]) for c in range(cities)))
    return frozenset(found)


@pytest.mark.parametrize("ages", [1, 2, 3])
def test_two_cities_fight_once_an_age_and_their_tokens_pair_up_exactly_when_an_outcome_gives_them(ages):
    """A table of two cities (only the Python API builds one: a game read from the format
    has three cities or more, the Free City making two players three): each is the other's
    left and right neighbour and they fight once an age (:func:`conflict_tokens`). The
    tokens pair up exactly when some outcome of those conflicts gives them; one city alone
    fights nobody. Every pair of signatures is tried."""
    singles = _all_city_signatures(ages)
    for cities in (1, 2):
        reachable = _reachable_by_one_or_two(cities, ages)
        for signature in itertools.product(singles, repeat=cities):
            assert signature_pairs_up(signature) == (signature in reachable), signature
    # The same through conflict_tokens and check_game: shields give tokens that pair up, and
    # a victory whose defeat the other city does not hold is flagged.
    rules = _rules(ages)
    for shields in itertools.product(range(3), repeat=2 * ages):
        per_city = [shields[:ages], shields[ages:]]
        assert tokens_pair_up(tokens_from_shields_by_age(per_city, rules), rules), per_city
    game = Game(cities=(City("Ana", military=(1, 3)), City("Bo", military=(-1, -1))))
    assert not [p for p in check_game(game) if p.code is ProblemCode.BAD_MILITARY]
    lone = Game(cities=(City("Ana", military=(1, 3)), City("Bo", military=(-1,))))
    assert [p.code for p in check_game(lone)] == [ProblemCode.BAD_MILITARY]


@settings(max_examples=examples(150), deadline=None)
@given(
    st.integers(6, 8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.integers(0, 2), min_size=3 * n, max_size=3 * n),
            st.integers(0, n - 1),
            st.sampled_from(("as dealt", "one more defeat", "one defeat less", "a victory moved on")),
        )
    )
)
def test_the_pairing_check_agrees_with_a_brute_force_over_each_age_for_large_tables(
    table: tuple[int, list[int], int, str],
) -> None:
    """Six to eight cities, too many for the brute force over every conflict at once: the
    check agrees with the brute force that tries every outcome of each age in turn
    (:func:`tokens_pair_up_across`, written for rings that change), on tokens that real
    conflicts give and on the same tokens with one of them changed."""
    n, outcome, seat, change = table
    tokens: list[list[int]] = [[] for _ in range(n)]
    for index, result in enumerate(outcome):
        age, a = divmod(index, n)
        b = (a + 1) % n
        if result:
            winner, loser = (a, b) if result == 1 else (b, a)
            tokens[winner].append(RULES.victory_tokens[age])
            tokens[loser].append(RULES.defeat_token)
    held = tokens[seat]
    if change == "one more defeat":
        held.append(RULES.defeat_token)
    elif change == "one defeat less" and RULES.defeat_token in held:
        held.remove(RULES.defeat_token)
    elif change == "a victory moved on":
        won = [t for t in held if t != RULES.defeat_token]
        if won:
            held.remove(won[0])
            tokens[(seat + 2) % n].append(won[0])
    game = Game(cities=tuple(City(player=f"P{i}") for i in range(n)))
    signature = token_signature(tokens, RULES)
    exact = tokens_pair_up_across(game, tokens, RULES)
    assert (signature is not None and signature_pairs_up(signature)) == exact
    if change == "as dealt":
        assert exact


EDITION_RULES = {edition: catalog_for(edition).rules for edition in (1, 2, TOY_EDITION)}


@given(
    st.sampled_from(sorted(EDITION_RULES)).flatmap(
        lambda edition: st.tuples(
            st.just(edition),
            st.lists(
                st.lists(
                    st.integers(0, 6),
                    min_size=EDITION_RULES[edition].ages,
                    max_size=EDITION_RULES[edition].ages,
                ),
                min_size=2,
                max_size=8,
            ),
        )
    )
)
def test_any_shields_give_tokens_that_pair_up(table: tuple[int, list[list[int]]]) -> None:
    """Two to eight cities (two: only through the Python API), in both editions and the toy
    one (four ages, defeats of -2): the tokens any shields give pair up."""
    edition, gained = table
    rules = EDITION_RULES[edition]
    shields = [tuple(itertools.accumulate(more)) for more in gained]
    event(f"edition {edition}, {len(shields)} cities" if len(shields) in (2, 8) else f"edition {edition}")
    assert tokens_pair_up(tokens_from_shields_by_age(shields, rules), rules)


def test_an_edition_with_fewer_ages_is_handled() -> None:
    rules = _rules(2)
    assert conflict_tokens(2, [0, 2, 1], rules) == [[-1, -1], [3, 3], [3, -1]]
    assert tokens_pair_up([[-1, -1], [3, 3], [3, -1]], rules)
    assert not tokens_pair_up([[5], [-1], []], rules)


# --- the end of an age over tokens typed in by hand ---------------------------------------------


def test_handing_out_age_one_replaces_its_victories_typed_in_by_hand() -> None:
    """Rulebook: one token per neighbour and age; the age's own tokens are never doubled."""
    out = hand_out(1, [1, 1], [1, -1], {}, RULES)
    assert sorted(out.tokens) == [-1, 1] and out.replaced == (1, 1) and out.unsure == 0


def test_a_defeat_typed_in_by_hand_is_kept_when_another_age_may_have_given_it() -> None:
    out = hand_out(2, [1, -1], [3, -1], {}, RULES)
    assert sorted(out.tokens) == [-1, -1, 1, 3]
    assert out.replaced == () and out.unsure == 1


def test_defeats_no_other_age_can_hold_are_this_ages_and_replaced() -> None:
    # Ages I and II were handed out; the two defeats typed in by hand can only be Age III's.
    handed = {1: [1, -1], 2: [3, 3]}
    out = hand_out(3, [1, -1, 3, 3, -1, -1], [5, -1], handed, RULES)
    assert sorted(out.tokens) == [-1, -1, 1, 3, 3, 5]
    assert out.replaced == (-1, -1) and out.unsure == 0


def test_handing_out_an_age_again_takes_back_what_it_gave_before() -> None:
    first = hand_out(2, [1], [3, 3], {}, RULES)
    again = hand_out(2, first.tokens, [3, -1], {2: [3, 3]}, RULES)
    assert sorted(again.tokens) == [-1, 1, 3]


tokens_strategy = st.lists(st.sampled_from([1, 3, 5, -1]), max_size=6)
age_tokens = st.lists(st.sampled_from([1, 3, 5, -1]), max_size=2)


@given(
    st.integers(1, 3), tokens_strategy, age_tokens, st.dictionaries(st.integers(1, 3), age_tokens, max_size=3)
)
def test_a_hand_out_gives_its_tokens_keeps_other_ages_and_is_the_same_when_repeated(
    age, by_hand, new, earlier
):
    earlier = {a: t for a, t in earlier.items() if a != age}
    held = list(by_hand) + [t for gave in earlier.values() for t in gave]
    out = hand_out(age, held, new, earlier, RULES)
    rest = list(out.tokens)
    for token in new:
        rest.remove(token)  # the age's tokens are all there
    for gave in earlier.values():
        for token in gave:
            rest.remove(token)  # so are the other hand-outs'
    assert RULES.victory_tokens[age - 1] not in rest  # no victory of this age typed in by hand remains
    again = hand_out(age, out.tokens, new, {**earlier, age: new}, RULES)
    assert sorted(again.tokens) == sorted(out.tokens)
