"""Military at random legal tables of both editions, 3 to 8 players (8 with Cities or
Armada), with the expansions that fight: Leaders (Tomyris, Caesar, Hannibal), Cities
(diplomacy, the team game) and both (Semiramis, often beside Tomyris); Armada's boards.
Against a reference written here from the rules, age by age:

* a city's shields at each age's conflicts are its red cards' (by their age) and its shield
  leaders' (Caesar 2, Hannibal 1) from the age it recruited them, plus, with Semiramis,
  every defeat token it holds by then (those it lost, and those a beaten Tomyris handed it);
* on the ordinary ring each pair of neighbours fights once; a city on diplomacy fights nobody
  and its neighbours fight across it (ruling ``cities-diplomacy``); in the team game
  teammates do not fight and a city fights its other neighbour twice, once less for each of
  the two on diplomacy (ruling ``cities-team-conflicts``);
* more shields take the age's victory token, fewer a defeat token, which a city with Tomyris
  hands to the neighbour that beat it (ruling ``tomyris-every-age``).

Each table is scored as entered: military worked out from the cards (a leader then counts
from Age I, as the assistant assumes: the game format does not date a leader), the
reference's tokens given (the leaders recruited in any age), given for some cities beside
the cards of the others, or shields by age typed (the leaders recruited in any age). The
engine's military equals the reference, and no legal table is flagged.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

from assistant.rules import Category, catalog_for, parse_game, score_game
from assistant.rules.catalog import Catalog
from assistant.rules.military import defeat_givers, fights, tokens_pair_up_across

VICTORY = (1, 3, 5)
DIPLOMATS = {1: "residence", 2: "consulate", 3: "embassy"}  # a diplomacy token, of its age
SHIELD_LEADERS = ("caesar", "hannibal")
SETUPS = (
    (1, ()),
    (1, ("leaders",)),
    (1, ("cities",)),
    (1, ("leaders", "cities")),
    (1, ("leaders", "cities", "armada")),
    (1, ("armada",)),
    (2, ()),
    (2, ("cities",)),
    (2, ("armada",)),
    (2, ("leaders", "cities", "armada")),
)
"""Editions and expansions: in the second edition the expansions bring boards (typed) and
Cities its team game and eighth player, no card."""


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, tuple[str, ...], int]:
    """An edition, its expansions, and a player count they seat (3 to 7, or 8)."""
    edition, expansions = draw(st.sampled_from(SETUPS))
    return edition, expansions, draw(st.integers(3, catalog_for(edition, expansions).rules.max_players))


def _shields(catalog: Catalog, card: str) -> int:
    return sum(e.shield_count() for e in catalog.structure(card).effects)


def _red_by_age(catalog: Catalog, age: int, players: int) -> list[str]:
    """Every copy of the age's shield cards in the deck of a table of ``players``."""
    deck = catalog.rules.deck_players(players)
    return [c.id for c, copies in catalog.deck(age, deck) if _shields(catalog, c.id) for _ in range(copies)]


def _table(
    seed: int, n: int, mode: str, edition: int = 1, expansions: tuple[str, ...] = ("leaders", "cities")
) -> tuple[dict[str, Any], list[list[int]]]:
    """A legal table and the reference's tokens of each city. ``mode``: ``"cards"``,
    ``"tokens"``, ``"mixed"`` (tokens for some cities, cards for the others) or ``"shields"``
    (shields by age typed for every city)."""
    catalog = catalog_for(edition, expansions)
    rng = random.Random(seed)
    boards = [w.id for w in catalog.wonders]
    cities: list[dict[str, Any]] = [
        {"player": f"P{s}", "wonder": board, "coins": rng.randint(0, 9), "cards": []}
        for s, board in enumerate(rng.sample(boards, n))
    ]
    red_age: dict[str, int] = {}
    for age in (1, 2, 3):
        pool = _red_by_age(catalog, age, n)
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
    semiramis = rng.randrange(n) if catalog.has_card("semiramis") and rng.random() < 0.8 else None
    tomyris = None
    if catalog.has_card("tomyris") and rng.random() < 0.8:
        beside = semiramis is not None and rng.random() < 0.6
        tomyris = (semiramis + rng.choice((1, -1))) % n if beside else rng.randrange(n)
    if semiramis is not None:
        cities[semiramis]["cards"].append("semiramis")
    if tomyris is not None:
        cities[tomyris]["cards"].append("tomyris")  # beside Semiramis, or with her in one city
    # Caesar and Hannibal, each recruited at the start of an age of its own in its city (the
    # tokens and typed shields count them from then; the cards, from Age I).
    recruited: dict[tuple[int, str], int] = {}
    for leader in SHIELD_LEADERS if catalog.has_card("caesar") else ():
        if rng.random() < 0.6:
            seat = rng.randrange(n)
            held = cities[seat]["cards"]
            taken = {1} if {"semiramis", "tomyris"} & set(held) else set()  # from the start: Age I
            taken |= {recruited[seat, x] for x in SHIELD_LEADERS if (seat, x) in recruited}
            free = [age for age in (1, 2, 3) if age not in taken]
            leaders = sum(catalog.structure(c).deck == "apart" for c in held)
            if free and leaders < 3:  # one leader an age
                held.append(leader)
                recruited[seat, leader] = rng.choice(free) if mode in ("tokens", "shields") else 1
    # Diplomacy: a diplomacy card of an age no later than the one sat out.
    for card_age, card in DIPLOMATS.items() if catalog.has_card("residence") else ():
        if rng.random() < 0.4:
            city = rng.choice(cities)
            sat = sorted(set(city.get("diplomacy", [])) | {rng.randint(card_age, 3)})
            if len(sat) <= sum(1 for c in city["cards"] if c in DIPLOMATS.values()) + 1:
                city["cards"].append(card)
                city["diplomacy"] = sat
    teams = n % 2 == 0 and catalog.rules.team_size == 2 and rng.random() < 0.5
    if teams:
        start = rng.randint(0, 1)
        for seat, city in enumerate(cities):
            city["team"] = f"T{((seat - start) % n) // 2}"
    own = [
        [
            sum(_shields(catalog, c) for c in city["cards"] if c in red_age and red_age[c] <= age)
            + sum(_shields(catalog, x) for x in SHIELD_LEADERS if recruited.get((seat, x), 4) <= age)
            for age in (1, 2, 3)
        ]
        for seat, city in enumerate(cities)
    ]
    tokens = _reference(cities, own, teams)
    for seat, city in enumerate(cities):
        if mode == "shields":
            city["shields_by_age"] = own[seat]
        elif mode == "tokens" or (mode == "mixed" and rng.random() < 0.5):
            city["military"] = tokens[seat]
    return {"edition": edition, "expansions": list(expansions), "cities": cities}, tokens


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


def _reference(cities: list[dict[str, Any]], own: list[list[int]], teams: bool) -> list[list[int]]:
    """Every city's tokens, age by age, from its own shields (``own``: by age)."""
    tokens: list[list[int]] = [[] for _ in cities]
    for age, victory in enumerate(VICTORY, 1):
        shields = []
        for seat, city in enumerate(cities):
            mine = own[seat][age - 1]
            if "semiramis" in city["cards"]:
                mine += tokens[seat].count(-1)  # every defeat token held before this age's conflicts
            shields.append(mine)
        for a, b, times in _fights(cities, age, teams):
            if shields[a] == shields[b]:
                continue
            winner, loser = (a, b) if shields[a] > shields[b] else (b, a)
            for _ in range(times):
                tokens[winner].append(victory)
                tokens[winner if "tomyris" in cities[loser]["cards"] else loser].append(-1)
    return tokens


@settings(max_examples=2 * settings.default.max_examples, deadline=None)
@given(setups(), st.integers(0, 2**32 - 1), st.sampled_from(("cards", "tokens", "mixed", "shields")))
def test_military_at_leaders_and_cities_tables_follows_the_rules_and_is_never_flagged(setup, seed, mode):
    edition, expansions, n = setup
    game, tokens = _table(seed, n, mode, edition, expansions)
    event(f"edition {edition}")
    if n in (3, 8):
        event(f"{n} players")
    held = [set(c["cards"]) for c in game["cities"]]
    if any(x in h for h in held for x in SHIELD_LEADERS):
        event(f"Caesar or Hannibal, {mode}")
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
@given(setups(), st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_the_pairing_check_answers_as_the_brute_force_it_replaced(setup, seed, change):
    """Issue 41: the age-by-age check gives the brute force's verdict, on legal tokens
    and on tokens with one taken away or added (``change``)."""
    edition, expansions, n = setup
    catalog = catalog_for(edition, expansions)
    game, tokens = _table(seed, n, "tokens", edition, expansions)
    rng = random.Random(seed)
    seat = rng.randrange(n)
    if change == 1 and tokens[seat]:
        tokens[seat].pop(rng.randrange(len(tokens[seat])))
    elif change == 2:
        tokens[seat].append(-1)
    elif change == 3:
        tokens[seat].append(rng.choice(VICTORY))
    parsed = parse_game(game)
    gives = defeat_givers(parsed, catalog)
    expected = _brute_pairs_up(parsed, tokens, gives)
    event("tokens pair up" if expected else "tokens do not pair up")
    assert tokens_pair_up_across(parsed, tokens, catalog.rules, gives) == expected


def test_a_leaders_shields_count_from_whichever_age_it_was_recruited_in():
    """Leaders, set-up: a leader is recruited at the start of any age, and the game format
    does not date it. Caesar (2 shields) and Hannibal (1) may count from Age I, II or III:
    shields by age that count them only from Age III agree with the city's cards, as do
    those counting them from Age I; at the end of Age III the city shows them all, never
    fewer nor more (shields-mismatch)."""

    def problems(shields: list[int]) -> list[str]:
        table = {
            "edition": 1,
            "expansions": ["leaders"],
            "cities": [
                {
                    "player": "Ana",
                    "wonder": "giza",
                    "cards": ["caesar", "hannibal"],
                    "shields_by_age": shields,
                },
                {"player": "Bo", "wonder": "rhodes", "cards": [], "shields_by_age": [0, 0, 0]},
                {"player": "Cy", "wonder": "babylon", "cards": [], "shields_by_age": [0, 0, 0]},
            ],
        }
        return [p.code for p in score_game(parse_game(table)).problems if p.city == 0]

    for recruited in ([0, 0, 3], [0, 2, 3], [1, 1, 3], [0, 1, 3], [3, 3, 3]):
        assert problems(recruited) == [], recruited
    for wrong in ([0, 0, 2], [0, 0, 4], [4, 4, 4]):
        assert "shields-mismatch" in problems(wrong), wrong
