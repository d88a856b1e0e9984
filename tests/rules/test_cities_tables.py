"""Random legal Cities tables (3 to 8 players, teams side by side, debt, diplomacy, black
cards drawn as many an age as players, 7 at 8 players, the Cities guilds) scored against a reference written
from the printed cards, by brute force where the rules leave a choice (what the masks copy,
where the wildcards fall), and never flagged: a legal table gets no error.

The reference scores the base game through the engine on the same table with the black cards
and the Cities guilds taken out (the base game is checked elsewhere, card by card and by an
independent audit), less its science, and adds what the Cities cards say, counted here."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.rules import Category, catalog_for, parse_game, score_game
from assistant.rules.model import Symbol
from assistant.rules.science import science_score
from tests.conftest import examples

CATALOG = catalog_for(1, ["cities"])
BLACK = {c for c in CATALOG.structure_ids if CATALOG.structure(c).color.value == "black"}
CITY_GUILDS = {"counterfeiters-guild", "guild-of-shadows", "mourners-guild"}
BASE_GUILDS = sorted(g.id for g in CATALOG.guilds() if g.expansion is None and g.id != "shipowners-guild")
BOARDS = [
    "rhodes",
    "alexandria",
    "ephesus",
    "babylon",
    "olympia",
    "halicarnassus",
    "giza",
    "petra",
    "byzantium",
]
FLAT = {"hideout": 2, "residence": 1, "gates-of-the-city": 4, "lair": 3, "consulate": 2, "sepulcher": 4,
        "architect-cabinet": 2, "tabularium": 6, "builders-union": 4, "brotherhood": 4, "embassy": 3,
        "cenotaph": 5, "capitol": 8}  # fmt: skip
MASKS = {"pigeon-loft", "spy-ring", "torture-chamber"}
DIPLOMACY_CARDS = {"residence", "consulate", "embassy"}
KINDS = (Symbol.COMPASS, Symbol.GEAR, Symbol.TABLET)


def _green(card: str) -> int | None:
    """The science symbol of a green card (its index in compass, gear, tablet), from the data."""
    found = CATALOG.structure(card)
    if found.color.value != "green":
        return None
    return next(KINDS.index(s) for e in found.effects if (s := e.science_symbol()) is not None)


def _wild(city: dict[str, Any]) -> int:
    stages = CATALOG.wonder(city["wonder"]).side(city["side"]).stages[: city["stages"]]
    held = sum(e.wildcards() for c in city["cards"] for e in CATALOG.structure(c).effects)
    return held + sum(e.wildcards() for stage in stages for e in stage.effects)


def _science(city: dict[str, Any], left: dict[str, Any], right: dict[str, Any]) -> int:
    """Brute force: every symbol each mask may copy from the neighbours' green cards, every way
    the wildcards fall."""
    have = [0, 0, 0]
    for card in city["cards"]:
        if (kind := _green(card)) is not None:
            have[kind] += 1
    offered = sorted({k for c in left["cards"] + right["cards"] if (k := _green(c)) is not None})
    masks = sum(1 for c in city["cards"] if c in MASKS)
    wild = _wild(city)
    best = 0
    for picks in combinations_with_replacement(offered, masks) if offered else [()]:
        counts = [have[k] + picks.count(k) for k in range(3)]
        for a in range(wild + 1):
            for b in range(wild + 1 - a):
                best = max(best, science_score(counts[0] + a, counts[1] + b, counts[2] + wild - a - b))
    return best


def _reference(game: dict[str, Any], seat: int, base: Any) -> int:
    cities = game["cities"]
    n = len(cities)
    city, left, right = cities[seat], cities[(seat + 1) % n], cities[(seat - 1) % n]
    cards = city["cards"]
    victories = sum(1 for t in city["military"] if t > 0)
    total = base.total - base.categories[Category.SCIENCE] + _science(city, left, right)
    total += sum(FLAT.get(c, 0) for c in cards)
    if "secret-society" in cards:
        total += sum(1 for c in cards if c in BLACK)
    if "slave-market" in cards:
        total += victories
    if "counterfeiters-guild" in cards:
        total += 5
    if "guild-of-shadows" in cards:
        total += sum(1 for c in left["cards"] + right["cards"] if c in BLACK)
    if "mourners-guild" in cards:
        total += sum(1 for other in (left, right) for t in other["military"] if t > 0)
    return total


def _diplomacy_tokens(city: dict[str, Any]) -> int:
    stages = CATALOG.wonder(city["wonder"]).side(city["side"]).stages[: city["stages"]]
    return sum(1 for c in city["cards"] if c in DIPLOMACY_CARDS) + sum(
        e.diplomacy_tokens() for stage in stages for e in stage.effects
    )


def _table(seed: int, n: int) -> dict[str, Any]:
    rng = random.Random(seed)
    cities: list[dict[str, Any]] = []
    for board in rng.sample(BOARDS, n):
        side = "A" if board == "olympia" else rng.choice("AB")  # Olympia B's copy: see the Leaders tables
        stages = rng.randint(0, len(CATALOG.wonder(board).side(side).stages))
        cities.append({"player": f"P{len(cities)}", "wonder": board, "side": side, "stages": stages,
                       "coins": rng.randint(0, 20), "cards": []})  # fmt: skip
    for age in (1, 2, 3):
        # Eight players are dealt the 7-player game: 7 black cards an age, hands of 7
        # (ruling cities-eight-players).
        deck = CATALOG.rules.deck_players(n)
        physical = [
            c.id for c, copies in CATALOG.deck(age, deck) if c.expansion is None for _ in range(copies)
        ]
        drawn = rng.sample(sorted(c for c in BLACK if CATALOG.structure(c).age == age), deck)
        physical += drawn
        rng.shuffle(physical)
        size = CATALOG.rules.hand(n)
        for seat, city in enumerate(cities):
            hand = physical[seat * size : seat * size + size]
            city["cards"] += list(dict.fromkeys(c for c in hand if c not in city["cards"]))[
                : rng.randint(0, 5)
            ]
    for guild in rng.sample([*BASE_GUILDS, *sorted(CITY_GUILDS)], CATALOG.rules.guilds_dealt(n)):
        holder = rng.choice(cities)
        if (
            rng.random() < 0.6
            and sum(CATALOG.structure(c).age == 3 for c in holder["cards"]) < CATALOG.rules.turns(n) - 1
        ):
            holder["cards"].append(guild)
    for city in cities:  # a city plays no more cards and stages than the ages' turns
        while len(city["cards"]) + city["stages"] > CATALOG.rules.ages * CATALOG.rules.turns(n):
            city["cards"].pop(rng.randrange(len(city["cards"])))
    for city in cities:
        had = _diplomacy_tokens(city)
        city["diplomacy"] = sorted(rng.sample([1, 2, 3], rng.randint(0, min(had, 3))))
        city["military"] = []
        if rng.random() < 0.5:
            city["categories"] = {"debt": -rng.randint(0, 6)}
    teams = n % 2 == 0 and rng.random() < 0.5  # the team game: neighbours two by two
    start = rng.randint(0, 1)
    team = [((seat - start) % n) // 2 for seat in range(n)]
    for age, victory in enumerate((1, 3, 5), 1):
        away = {s for s, c in enumerate(cities) if age in c["diplomacy"]}
        ring = [s for s in range(n) if s not in away]
        if teams:  # teammates do not fight: twice the other neighbour, once less per diplomat
            pairs = [(s, (s + 1) % n, 2 - (s in away) - ((s + 1) % n in away))
                     for s in range(n) if team[s] != team[(s + 1) % n]]  # fmt: skip
        else:
            pairs = (
                [(ring[0], ring[1], 1)]
                if len(ring) == 2
                else [(ring[i], ring[(i + 1) % len(ring)], 1) for i in range(len(ring))]
                if len(ring) > 2
                else []
            )
        for a, b, times in pairs:
            outcome = rng.choice(("a", "b", "tie"))
            if outcome != "tie":
                winner, loser = (a, b) if outcome == "a" else (b, a)
                cities[winner]["military"] += [victory] * times
                cities[loser]["military"] += [-1] * times
    for city in cities:
        if not city["diplomacy"]:
            del city["diplomacy"]
    if teams:
        for seat, city in enumerate(cities):
            city["team"] = f"T{team[seat]}"
    return {"edition": 1, "expansions": ["cities"], "cities": cities}


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 8))
def test_random_cities_tables_score_as_the_printed_cards_say_and_are_never_flagged(seed, n):
    game = _table(seed, n)
    sheet = score_game(parse_game(game))
    assert not [p for p in sheet.problems if p.severity == "error"], [str(p.message) for p in sheet.problems]
    stripped = {
        **game,
        "cities": [
            {**c, "cards": [x for x in c["cards"] if x not in BLACK and x not in CITY_GUILDS]}
            for c in game["cities"]
        ],
    }
    base = score_game(parse_game(stripped))
    for seat, city in enumerate(sheet.cities):
        assert city.total == _reference(game, seat, base.cities[seat]), (seat, game["cities"][seat])
    for team in sheet.teams:
        assert team.total == sum(c.total for c in sheet.cities if c.player in team.players)
