"""Military at random legal Leaders and Cities tables (3 to 8 players; teams side by side,
diplomacy, Tomyris, Semiramis, often Semiramis beside Tomyris), against a reference written
here from the rules, age by age:

* a city's shields at each age's conflicts are its red cards' (by their age), plus, with
  Semiramis, every defeat token it holds by then (those it lost, and those a beaten Tomyris
  handed it);
* on the ordinary ring each pair of neighbours fights once; a city on diplomacy fights nobody
  and its neighbours fight across it (ruling ``cities-diplomacy``); in the team game
  teammates do not fight and a city fights its other neighbour twice, once less for each of
  the two on diplomacy (ruling ``cities-team-conflicts``);
* more shields take the age's victory token, fewer a defeat token, which a city with Tomyris
  hands to the neighbour that beat it (ruling ``tomyris-every-age``).

Each table is scored three ways: military worked out from the cards, the reference's tokens
given, and given for some cities beside the cards of the others. The engine's military
equals the reference, and no legal table is flagged.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from assistant.rules import Category, catalog_for, parse_game, score_game
from assistant.rules.military import defeat_givers, fights, tokens_pair_up_across

CATALOG = catalog_for(1, ["leaders", "cities"])
BOARDS = ["rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "giza", "petra"]
VICTORY = (1, 3, 5)
DIPLOMATS = {1: "residence", 2: "consulate", 3: "embassy"}  # a diplomacy token, of its age


def _shields(card: str) -> int:
    return sum(e.shield_count() for e in CATALOG.structure(card).effects)


def _red_by_age(age: int, players: int) -> list[str]:
    """Every copy of the age's shield cards in the deck of a table of ``players``."""
    deck = CATALOG.rules.deck_players(players)
    return [c.id for c, copies in CATALOG.deck(age, deck) if _shields(c.id) for _ in range(copies)]


def _table(seed: int, n: int, mode: str) -> tuple[dict[str, Any], list[list[int]]]:
    """A legal table and the reference's tokens of each city."""
    rng = random.Random(seed)
    cities: list[dict[str, Any]] = [
        {"player": f"P{s}", "wonder": board, "coins": rng.randint(0, 9), "cards": []}
        for s, board in enumerate(rng.sample(BOARDS, n))
    ]
    red_age: dict[str, int] = {}
    for age in (1, 2, 3):
        pool = _red_by_age(age, n)
        rng.shuffle(pool)
        for card in pool:
            takers = [
                c
                for c in cities
                if card not in c["cards"] and sum(red_age.get(x) == age for x in c["cards"]) < 2
            ]
            if takers and rng.random() < 0.7:
                rng.choice(takers)["cards"].append(card)
                red_age.setdefault(card, age)
    # Semiramis and Tomyris, often side by side.
    semiramis = rng.randrange(n) if rng.random() < 0.8 else None
    tomyris = None
    if rng.random() < 0.8:
        beside = semiramis is not None and rng.random() < 0.6
        tomyris = (semiramis + rng.choice((1, -1))) % n if beside else rng.randrange(n)
    if semiramis is not None:
        cities[semiramis]["cards"].append("semiramis")
    if tomyris is not None and tomyris != semiramis:
        cities[tomyris]["cards"].append("tomyris")
    elif tomyris == semiramis and tomyris is not None:
        cities[tomyris]["cards"].append("tomyris")  # one city with both leaders
    # Diplomacy: a diplomacy card of an age no later than the one sat out.
    for card_age, card in DIPLOMATS.items():
        if rng.random() < 0.4:
            city = rng.choice(cities)
            sat = sorted(set(city.get("diplomacy", [])) | {rng.randint(card_age, 3)})
            if len(sat) <= sum(1 for c in city["cards"] if c in DIPLOMATS.values()) + 1:
                city["cards"].append(card)
                city["diplomacy"] = sat
    teams = n % 2 == 0 and rng.random() < 0.5
    if teams:
        start = rng.randint(0, 1)
        for seat, city in enumerate(cities):
            city["team"] = f"T{((seat - start) % n) // 2}"
    tokens = _reference(cities, red_age, teams)
    for seat, city in enumerate(cities):
        given_here = mode == "tokens" or (mode == "mixed" and rng.random() < 0.5)
        if given_here:
            city["military"] = tokens[seat]
    return {"edition": 1, "expansions": ["leaders", "cities"], "cities": cities}, tokens


def _fights(cities: list[dict[str, Any]], age: int, teams: bool) -> list[tuple[int, int, int]]:
    """The pairs that fight at the end of ``age`` and how many times."""
    n = len(cities)
    away = {s for s, c in enumerate(cities) if age in c.get("diplomacy", [])}
    if teams:
        return [
            (s, (s + 1) % n, 2 - (s in away) - ((s + 1) % n in away))
            for s in range(n)
            if cities[s]["team"] != cities[(s + 1) % n]["team"]
        ]
    ring = [s for s in range(n) if s not in away]
    if len(ring) < 2:
        return []
    if len(ring) == 2:
        return [(ring[0], ring[1], 1)]
    return [(ring[i], ring[(i + 1) % len(ring)], 1) for i in range(len(ring))]


def _reference(cities: list[dict[str, Any]], red_age: dict[str, int], teams: bool) -> list[list[int]]:
    tokens: list[list[int]] = [[] for _ in cities]
    for age, victory in enumerate(VICTORY, 1):
        shields = []
        for seat, city in enumerate(cities):
            own = sum(_shields(c) for c in city["cards"] if c in red_age and red_age[c] <= age)
            if "semiramis" in city["cards"]:
                own += tokens[seat].count(-1)  # every defeat token held before this age's conflicts
            shields.append(own)
        for a, b, times in _fights(cities, age, teams):
            if shields[a] == shields[b]:
                continue
            winner, loser = (a, b) if shields[a] > shields[b] else (b, a)
            for _ in range(times):
                tokens[winner].append(victory)
                tokens[winner if "tomyris" in cities[loser]["cards"] else loser].append(-1)
    return tokens


@settings(max_examples=2 * settings.default.max_examples, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 8), st.sampled_from(("cards", "tokens", "mixed")))
def test_military_at_leaders_and_cities_tables_follows_the_rules_and_is_never_flagged(seed, n, mode):
    game, tokens = _table(seed, n, mode)
    held = [set(c["cards"]) for c in game["cities"]]
    if any(
        "semiramis" in h and ("tomyris" in held[s - 1] or "tomyris" in held[(s + 1) % n])
        for s, h in enumerate(held)
    ):
        event("Semiramis beside Tomyris")
    if "team" in game["cities"][0]:
        event("team game")
    if any("diplomacy" in c for c in game["cities"]):
        event("diplomacy")
    sheet = score_game(parse_game(game))
    errors = [str(p.message) for p in sheet.problems if p.severity == "error"]
    assert not errors, errors
    assert [c.categories[Category.MILITARY] for c in sheet.cities] == [sum(t) for t in tokens]


def _brute_pairs_up(game: Any, tokens: list[list[int]], gives: frozenset[int]) -> bool:
    """The pairing check by brute force, as the assistant made it before issue 41: every
    outcome of every age's conflicts (3 to the number of conflicts) giving each city its
    victories of the age, the defeats handed out summed over the ages."""
    n = len(game.cities)
    held = tuple(t.count(-1) for t in tokens)
    partial: set[tuple[int, ...]] = {(0,) * n}
    for age, victory in enumerate(VICTORY, 1):
        wins = [t.count(victory) for t in tokens]
        edges = fights(game, age)
        handed: set[tuple[int, ...]] = set()
        for outcome in product((0, 1, 2), repeat=len(edges)):
            won, lost = [0] * n, [0] * n
            for (a, b, times), result in zip(edges, outcome, strict=True):
                if result:
                    winner, loser = (a, b) if result == 1 else (b, a)
                    won[winner] += times
                    lost[winner if loser in gives else loser] += times
            if won == wins:
                handed.add(tuple(lost))
        sums = {
            tuple(x + y for x, y in zip(before, more, strict=True)) for before in partial for more in handed
        }
        partial = {total for total in sums if all(x <= h for x, h in zip(total, held, strict=True))}
    return held in partial


@settings(max_examples=3 * settings.default.max_examples, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 8), st.integers(0, 3))
def test_the_pairing_check_answers_as_the_brute_force_it_replaced(seed, n, change):
    """Issue 41: the sweep round the table gives the brute force's verdict, on legal tokens
    and on tokens with one taken away or added (``change``)."""
    game, tokens = _table(seed, n, "tokens")
    rng = random.Random(seed)
    seat = rng.randrange(n)
    if change == 1 and tokens[seat]:
        tokens[seat].pop(rng.randrange(len(tokens[seat])))
    elif change == 2:
        tokens[seat].append(-1)
    elif change == 3:
        tokens[seat].append(rng.choice(VICTORY))
    parsed = parse_game(game)
    gives = defeat_givers(parsed, CATALOG)
    expected = _brute_pairs_up(parsed, tokens, gives)
    event("tokens pair up" if expected else "tokens do not pair up")
    assert tokens_pair_up_across(parsed, tokens, CATALOG.rules, gives) == expected
