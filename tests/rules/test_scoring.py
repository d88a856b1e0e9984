"""Scoring: every category, every point explained, the ranking, Olympia's copy, pad entries."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.gameio import parse_game, sheet_to_dict
from assistant.rules.model import CATEGORIES, Category, City, CityScore, Game, ScienceSymbols, ScoreSheet
from assistant.rules.scoring import score_game, tie_notes

NAMES = ("Ana", "Bartek", "Cem", "Dilek", "Ewa", "Ferran", "Gosia")
# Wonders without any points, shields or wildcards on side A's first stage are easiest to
# reason about: the defaults give every seat a different wonder and build no stage.
WONDERS = ("giza", "ephesus", "alexandria", "rhodes", "halicarnassus", "babylon", "olympia")


def table(*cards: tuple[str, ...] | None, **changes: Any) -> Game:
    """A table of ``len(cards)`` cities holding these cards, no tokens; ``seatN=`` changes City fields."""
    cities = []
    for seat, held in enumerate(cards):
        fields: dict[str, Any] = {
            "player": NAMES[seat],
            "wonder": WONDERS[seat],
            "cards": held,
            "military": (),
        }
        fields.update(changes.get(f"seat{seat}", {}))
        cities.append(City(**fields))
    return Game(cities=tuple(cities))


def score(game: Game, catalog: Catalog) -> ScoreSheet:
    """Score, checking the invariants every sheet keeps."""
    sheet = score_game(game, catalog)
    for city in sheet.cities:
        assert list(city.categories) == list(CATEGORIES)
        assert city.total == sum(city.categories.values())
        for category in CATEGORIES:
            assert sum(d.points for d in city.details if d.category is category) == city.categories[category]
    return sheet


def points(city: CityScore, category: Category) -> int:
    return city.categories[category]


def sources(city: CityScore, category: Category) -> dict[str, int]:
    return {d.source: d.points for d in city.details if d.category is category}


def codes(sheet: ScoreSheet) -> list[str]:
    return [p.code for p in sheet.problems]


# --- the simple categories -------------------------------------------------------------------


def test_the_score_pad_example_adds_up_category_by_category(catalog: Catalog) -> None:
    game = parse_game(
        {
            "cities": [
                {"player": "Ana", "wonder": "rhodes", "side": "A", "stages": 2, "coins": 7,
                 "cards": ["lumber-yard", "baths", "stockade"], "military": [1, 3, -1]},
                {"player": "Bartek", "wonder": "giza", "side": "B", "stages": 4, "coins": 0,
                 "cards": ["ore-vein"], "military": [-1, -1]},
                {"player": "Cem", "wonder": "ephesus", "side": "A", "stages": 0, "coins": 2,
                 "cards": [], "military": [3, -1]},
            ]
        },
        catalog,
    )  # fmt: skip
    sheet = score(game, catalog)
    ana = sheet.cities[0]
    assert dict(ana.categories) == {
        Category.MILITARY: 3, Category.TREASURY: 2, Category.WONDER: 3, Category.CIVILIAN: 3,
        Category.SCIENCE: 0, Category.COMMERCIAL: 0, Category.GUILDS: 0,
    }  # fmt: skip
    assert ana.total == 11
    assert sheet.cities[1].categories[Category.WONDER] == 3 + 5 + 5 + 7
    reasons = {d.source: str(d.reason) for d in ana.details}
    assert reasons["baths"] == "Baths: 3 victory points"
    assert reasons["coins"] == "7 coins: 2 victory points, 1 for each full 3 coins"
    assert reasons["stage-1"] == "Rhodes stage 1: 3 victory points"
    assert reasons["conflict-tokens"] == "Conflict tokens +1 +3 -1: 3 victory points"
    out = sheet_to_dict(sheet)
    assert out["cities"][0]["categories"]["military"] == 3
    assert out["winners"] == ["Bartek"]


def test_treasury_scores_one_point_for_each_full_three_coins(catalog: Catalog) -> None:
    sheet = score(table((), (), (), seat0={"coins": 2}, seat1={"coins": 3}, seat2={"coins": 17}), catalog)
    assert [points(c, Category.TREASURY) for c in sheet.cities] == [0, 1, 5]


def test_only_built_stages_score_wonder_points(catalog: Catalog) -> None:
    sheet = score(table((), (), (), seat0={"side": "B", "stages": 2}, seat1={"stages": 3}), catalog)
    assert sources(sheet.cities[0], Category.WONDER) == {"stage-1": 3, "stage-2": 5}
    assert points(sheet.cities[1], Category.WONDER) == 3 + 7  # Ephesus A's stage 2 gives coins
    assert points(sheet.cities[2], Category.WONDER) == 0


def test_blue_cards_score_their_printed_points(catalog: Catalog) -> None:
    sheet = score(table(("baths", "altar", "pantheon", "palace", "lumber-yard"), (), ()), catalog)
    assert sources(sheet.cities[0], Category.CIVILIAN) == {"baths": 3, "altar": 2, "pantheon": 7, "palace": 8}


# --- science ---------------------------------------------------------------------------------


def test_green_cards_score_science(catalog: Catalog) -> None:
    cards = ("apothecary", "dispensary", "lodge", "workshop", "laboratory", "scriptorium", "library")
    sheet = score(table(cards, (), ()), catalog)
    assert points(sheet.cities[0], Category.SCIENCE) == 31  # 3 compass, 2 gear, 2 tablet: two sets
    [detail] = [d for d in sheet.cities[0].details if d.category is Category.SCIENCE]
    assert str(detail.reason) == (
        "3 compasses, 2 gears and 2 tablets: 17 for identical symbols and 14 for 2 complete sets: "
        "31 victory points"
    )


def test_babylon_a_stage_two_is_a_science_wildcard(catalog: Catalog) -> None:
    cards = ("apothecary", "workshop", "scriptorium", "library")
    babylon = {"wonder": "babylon", "side": "A"}
    built = score(table(cards, (), (), seat0={**babylon, "stages": 2}), catalog).cities[0]
    assert points(built, Category.SCIENCE) == 1 + 1 + 9 + 7  # the wildcard makes a third tablet
    before = score(table(cards, (), (), seat0={**babylon, "stages": 1}), catalog).cities[0]
    assert points(before, Category.SCIENCE) == 1 + 1 + 4 + 7


def test_babylon_b_stage_three_is_a_science_wildcard_only_once_built(catalog: Catalog) -> None:
    cards = ("apothecary", "dispensary", "workshop")
    babylon = {"wonder": "babylon", "side": "B"}
    two = score(table(cards, (), (), seat0={**babylon, "stages": 2}), catalog).cities[0]
    three = score(table(cards, (), (), seat0={**babylon, "stages": 3}), catalog).cities[0]
    assert points(two, Category.SCIENCE) == 4 + 1
    assert points(three, Category.SCIENCE) == 4 + 1 + 1 + 7


def test_the_scientists_guild_is_a_wildcard_placed_optimally(catalog: Catalog) -> None:
    # One gear, three tablets, Babylon A and the Scientists Guild: both wildcards on
    # tablets (1 + 25 = 26) beat a compass then a tablet (1 + 1 + 16 + 7 = 25).
    cards = ("workshop", "scriptorium", "library", "university", "scientists-guild")
    sheet = score(table(cards, (), (), seat0={"wonder": "babylon", "side": "A", "stages": 2}), catalog)
    ana = sheet.cities[0]
    assert points(ana, Category.SCIENCE) == 26
    assert points(ana, Category.GUILDS) == 0
    [detail] = [d for d in ana.details if d.category is Category.SCIENCE]
    assert str(detail.reason) == (
        "1 gear and 5 tablets: 26 for identical symbols, with the wildcards as 2 tablets: 26 victory points"
    )


# --- commercial ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "cards", "stages", "expected"),
    [
        # Haven: 1 per own brown card; the board's starting resource is no card.
        ("haven", ("lumber-yard", "ore-vein", "sawmill", "loom"), 0, 3),
        # Lighthouse: 1 per own yellow card, itself included (not grey).
        ("lighthouse", ("tavern", "forum", "loom", "glassworks"), 0, 3),
        # Chamber of Commerce: 2 per own grey card.
        ("chamber-of-commerce", ("loom", "glassworks", "press", "lumber-yard"), 0, 6),
        # Arena: 1 per own built stage.
        ("arena", ("loom",), 2, 2),
        # Vineyard and Bazar give coins when built, never points.
        ("vineyard", ("lumber-yard", "ore-vein"), 0, 0),
        ("bazar", ("loom", "press"), 0, 0),
    ],
)
def test_commercial_cards_score_their_own_city(
    catalog: Catalog, card: str, cards: tuple[str, ...], stages: int, expected: int
) -> None:
    neighbours = ("stone-pit", "clay-pool", "glassworks", "caravansery", "marketplace")
    game = table((card, *cards), neighbours, neighbours, seat0={"stages": stages, "side": "B"})
    ana = score(game, catalog).cities[0]
    assert points(ana, Category.COMMERCIAL) == expected
    if expected:
        assert sources(ana, Category.COMMERCIAL) == {card: expected}


def test_the_lighthouse_counts_yellow_cards_including_itself(catalog: Catalog) -> None:
    ana = score(table(("lighthouse",), ("tavern",), ("forum",)), catalog).cities[0]
    [detail] = [d for d in ana.details if d.source == "lighthouse"]
    assert detail.points == 1
    assert str(detail.reason) == "Lighthouse: 1 per yellow card in its own city, 1 in all: 1 victory point"


# --- guilds ----------------------------------------------------------------------------------

# Four cities: Ana (seat 0) holds the guild, Bartek (1) is her left neighbour, Dilek (3)
# her right one, Cem (2) sits opposite and never counts.
LEFT = ("lumber-yard", "ore-vein", "loom", "tavern", "stockade", "walls", "apothecary", "baths")
OPPOSITE = ("stone-pit", "clay-pool", "sawmill", "press", "glassworks", "forum", "vineyard", "barracks",
            "workshop", "library", "altar", "theater")  # fmt: skip
RIGHT = ("clay-pit", "glassworks", "press", "marketplace", "guard-tower", "scriptorium", "school", "pawnshop",
         "aqueduct", "temple")  # fmt: skip


@pytest.mark.parametrize(
    ("guild", "expected"),
    [
        ("workers-guild", 2 + 1),  # brown: Bartek 2, Dilek 1
        ("craftsmens-guild", 2 * (1 + 2)),  # grey, 2 each: Bartek 1, Dilek 2
        ("traders-guild", 1 + 1),  # yellow
        ("philosophers-guild", 1 + 2),  # green
        ("spies-guild", 2 + 1),  # red
        ("magistrates-guild", 1 + 3),  # blue
        ("strategists-guild", 2 + 1),  # the neighbours' defeat tokens
        ("builders-guild", 1 + 2 + 3),  # stages: Ana 1, Bartek 2, Dilek 3
        ("shipowners-guild", 2 + 1 + 2),  # Ana's brown, grey and purple, itself included
    ],
)
def test_each_guild_counts_the_right_cities(catalog: Catalog, guild: str, expected: int) -> None:
    own = (guild, "timber-yard", "mine", "loom", "forum")
    if guild == "shipowners-guild":
        own = (guild, "timber-yard", "mine", "loom", "spies-guild")
    game = table(
        own,
        LEFT,
        OPPOSITE,
        RIGHT,
        seat0={"stages": 1, "military": (-1, -1, -1)},
        seat1={"stages": 2, "military": (1, -1, -1)},
        seat2={"stages": 3, "military": (-1, -1, -1, -1)},
        seat3={"stages": 3, "military": (-1, 3)},
    )
    sheet = score(game, catalog)
    ana = sheet.cities[0]
    assert sources(ana, Category.GUILDS)[guild] == expected


def test_a_guild_reason_names_the_neighbours_it_counted(catalog: Catalog) -> None:
    sheet = score(table(("workers-guild",), LEFT, OPPOSITE, RIGHT), catalog)
    [detail] = [d for d in sheet.cities[0].details if d.source == "workers-guild"]
    assert str(detail.reason) == (
        "Workers Guild: 1 per brown card in the cities of Bartek and Dilek, 3 in all: 3 victory points"
    )


def test_the_scientists_guild_scores_as_science_not_as_a_guild(catalog: Catalog) -> None:
    ana = score(table(("scientists-guild", "workshop"), (), ()), catalog).cities[0]
    assert points(ana, Category.GUILDS) == 0
    assert points(ana, Category.SCIENCE) == 4  # the wildcard makes a second gear


# --- Olympia B copies a neighbour's guild ------------------------------------------------------

OLYMPIA_B3 = {"wonder": "olympia", "side": "B", "stages": 3}


def test_olympia_b_copies_the_guild_that_scores_it_the_most(catalog: Catalog) -> None:
    # Olympia (Ana, seat 0) sits between Bartek (left) and Dilek (right).
    game = table(
        ("lumber-yard",),
        ("workers-guild", "ore-vein", "loom"),
        ("stone-pit", "clay-pool", "sawmill", "pawnshop"),
        ("magistrates-guild", "baths", "altar", "theater", "stone-pit"),
        seat0=OLYMPIA_B3,
    )
    sheet = score(game, catalog)
    ana = sheet.cities[0]
    # Workers for Ana: brown of Bartek (1) and Dilek (1) = 2. Magistrates: blue of
    # Bartek (0) and Dilek (3) = 3. Magistrates wins.
    assert sources(ana, Category.GUILDS) == {"stage-3": 3}
    [detail] = [d for d in ana.details if d.source == "stage-3" and d.category is Category.GUILDS]
    assert str(detail.reason) == (
        "Olympia stage 3 copies the Magistrates Guild of Dilek: 1 per blue card in the cities of "
        "Bartek and Dilek, 3 in all: 3 victory points"
    )
    assert points(ana, Category.WONDER) == 5  # the copy is not counted again under wonder
    # Dilek keeps her own guild's points (Cem's Pawnshop; Ana has no blue card).
    assert sources(sheet.cities[3], Category.GUILDS) == {"magistrates-guild": 1}


@pytest.mark.parametrize(
    ("guild", "expected"),
    [
        ("workers-guild", 1 + 2),
        ("craftsmens-guild", 2 * (1 + 0)),
        ("traders-guild", 1 + 1),
        ("philosophers-guild", 1 + 2),
        ("spies-guild", 1 + 0),
        ("magistrates-guild", 1 + 0),
        ("strategists-guild", 1 + 2),
        ("builders-guild", 3 + 2 + 1),
        # As if Olympia had built it: Olympia's brown and grey, and the copy itself.
        ("shipowners-guild", 2 + 1 + 1),
    ],
)
def test_olympia_b_evaluates_each_kind_of_guild_as_if_it_had_built_it(
    catalog: Catalog, guild: str, expected: int
) -> None:
    game = table(
        ("ore-vein", "clay-pool", "press"),
        (guild, "lumber-yard", "loom", "tavern", "stockade", "apothecary", "baths"),
        ("stone-pit", "forum", "workshop"),
        ("timber-yard", "sawmill", "marketplace", "library", "scriptorium"),
        seat0=OLYMPIA_B3,
        seat1={"stages": 2, "military": (-1,)},
        seat3={"stages": 1, "military": (-1, -1, 1)},
    )
    ana = score(game, catalog).cities[0]
    assert sources(ana, Category.GUILDS) == {"stage-3": expected}
    assert points(ana, Category.GUILDS) == expected


def test_olympia_b_copying_the_scientists_guild_gains_a_science_wildcard(catalog: Catalog) -> None:
    game = table(
        ("apothecary", "workshop"),
        ("scientists-guild",),
        ("stone-pit",),
        ("workers-guild", "lumber-yard"),
        seat0=OLYMPIA_B3,
    )
    ana = score(game, catalog).cities[0]
    # Compass + gear: a tablet makes a set, 1 + 1 + 1 + 7 = 10 instead of 2: +8, better
    # than the Workers Guild (1 brown card at Dilek).
    assert points(ana, Category.SCIENCE) == 10
    assert sources(ana, Category.SCIENCE) == {"science": 2, "stage-3": 8}
    assert points(ana, Category.GUILDS) == 0
    [detail] = [d for d in ana.details if d.source == "stage-3"]
    assert str(detail.reason) == (
        "Olympia stage 3 copies the Scientists Guild of Bartek: one more science wildcard makes 1 compass, "
        "1 gear and 1 tablet, with the wildcard as a tablet, 10 for science in all: 8 more victory points"
    )


def test_olympia_b_prefers_guild_points_when_they_beat_the_science_gain(catalog: Catalog) -> None:
    game = table(
        (),
        ("scientists-guild", "lumber-yard", "ore-vein"),
        (),
        ("workers-guild", "stone-pit", "clay-pool", "timber-yard"),
        seat0=OLYMPIA_B3,
    )
    ana = score(game, catalog).cities[0]
    # A lone wildcard scores 1; Workers counts 2 + 3 = 5 brown cards.
    assert sources(ana, Category.GUILDS) == {"stage-3": 5}
    assert points(ana, Category.SCIENCE) == 0


def test_olympia_b_cannot_copy_a_guild_it_already_holds(catalog: Catalog) -> None:
    game = table(
        ("workers-guild",),
        ("workers-guild", "lumber-yard", "ore-vein"),
        (),
        ("spies-guild", "stockade"),
        seat0=OLYMPIA_B3,
    )
    ana = score(game, catalog).cities[0]
    assert sources(ana, Category.GUILDS) == {"workers-guild": 2, "stage-3": 1}


def test_olympia_b_copies_nothing_before_its_third_stage(catalog: Catalog) -> None:
    game = table((), ("workers-guild", "lumber-yard"), (), seat0={**OLYMPIA_B3, "stages": 2})
    assert points(score(game, catalog).cities[0], Category.GUILDS) == 0


def test_olympia_b_with_no_guild_next_door_copies_nothing(catalog: Catalog) -> None:
    game = table((), ("lumber-yard",), ("workers-guild",), ("ore-vein",), seat0=OLYMPIA_B3)
    ana = score(game, catalog).cities[0]
    assert points(ana, Category.GUILDS) == 0
    assert "stage-3" not in {d.source for d in ana.details if d.category is not Category.WONDER}


# --- ranking ---------------------------------------------------------------------------------


def test_the_most_points_wins(catalog: Catalog) -> None:
    sheet = score(table(("palace",), ("baths",), ()), catalog)
    assert [c.rank for c in sheet.cities] == [1, 2, 3]
    assert sheet.winners == ("Ana",) and sheet.decided_by == "points"
    assert str(sheet.explanation) == "Ana wins with 8 victory points, 5 ahead of the next player."


def test_a_tie_on_points_goes_to_the_most_coins(catalog: Catalog) -> None:
    game = table(("palace",), ("palace",), (), seat0={"coins": 4}, seat1={"coins": 5})
    sheet = score(game, catalog)
    assert [c.total for c in sheet.cities] == [9, 9, 0]
    assert [c.rank for c in sheet.cities] == [2, 1, 3]
    assert sheet.winners == ("Bartek",) and sheet.decided_by == "coins"
    assert str(sheet.explanation) == "Bartek wins on a tie of 9 victory points with more coins (5 against 4)."


def test_a_tie_on_points_and_coins_is_shared_and_the_next_rank_skips(catalog: Catalog) -> None:
    game = table(("palace",), ("palace",), ("baths",), seat0={"coins": 4}, seat1={"coins": 4})
    sheet = score(game, catalog)
    assert [c.rank for c in sheet.cities] == [1, 1, 3]
    assert sheet.winners == ("Ana", "Bartek") and sheet.decided_by == "shared"
    assert (
        str(sheet.explanation) == "Ana and Bartek share the victory with 9 victory points and 4 coins each."
    )


def test_every_tie_on_points_is_explained_not_only_the_winners(catalog: Catalog) -> None:
    """Rulebook, end of the game: equal points are decided by coins; equal coins share the place."""
    game = table(
        ("palace",), ("baths",), ("baths",), ("baths",), ("altar",),
        seat1={"coins": 5}, seat2={"coins": 3}, seat3={"coins": 3},
    )  # fmt: skip
    sheet = score(game, catalog)
    assert [c.rank for c in sheet.cities] == [1, 2, 3, 3, 5]
    assert [str(t) for t in tie_notes(sheet)] == [
        "Bartek is ahead of Cem on coins, 5 to 3: both have 4 victory points.",
        "Cem and Dilek share place 3: the same points and the same coins (3).",
    ]
    assert tie_notes(score(table(("palace",), ("baths",), ()), catalog)) == ()


# --- the Free City ---------------------------------------------------------------------------


def test_the_free_city_is_scored_but_never_ranked_and_never_wins(catalog: Catalog) -> None:
    game = table(
        ("baths",), ("palace", "pantheon"), ("altar",), seat1={"free_city": True, "player": "Free City"}
    )
    sheet = score(game, catalog)
    free = sheet.cities[1]
    assert free.total == 15 and free.rank is None and free.free_city
    assert [c.rank for c in sheet.cities] == [1, None, 2]
    assert sheet.winners == ("Ana",)


def test_the_free_city_is_still_a_neighbour(catalog: Catalog) -> None:
    game = table(("workers-guild",), ("lumber-yard", "ore-vein"), ("stone-pit",), seat1={"free_city": True})
    assert points(score(game, catalog).cities[0], Category.GUILDS) == 3


# --- military --------------------------------------------------------------------------------


def test_shields_by_age_from_every_city_are_resolved_without_a_warning(catalog: Catalog) -> None:
    game = table(
        (), (), (),
        seat0={"military": None, "shields_by_age": (1, 1, 6)},
        seat1={"military": None, "shields_by_age": (0, 3, 3)},
        seat2={"military": None, "shields_by_age": (1, 2, 4)},
    )  # fmt: skip
    sheet = score(game, catalog)
    assert [points(c, Category.MILITARY) for c in sheet.cities] == [
        1 - 1 - 1 + 5 + 5,
        -1 - 1 + 3 + 3 - 1 - 1,
        7,
    ]
    assert codes(sheet) == []
    ana = sheet.cities[0]
    [detail] = [d for d in ana.details if d.category is Category.MILITARY]
    assert detail.source == "conflicts"
    assert str(detail.reason) == (
        "Shields by age 1/1/6 against Bartek 0/3/3 and Cem 1/2/4; tokens I: +1, II: -1 -1, III: +5 +5: "
        "9 victory points"
    )


def test_without_tokens_or_shields_the_military_is_derived_from_the_cards_with_a_warning(
    catalog: Catalog,
) -> None:
    game = table(
        ("stockade", "walls"),
        ("barracks",),
        (),
        seat0={"military": None},
        seat1={"military": None},
        seat2={"military": None},
    )
    sheet = score(game, catalog)
    # Shields by age: Ana 1, 3, 3; Bartek 1, 1, 1; Cem 0, 0, 0.
    assert [points(c, Category.MILITARY) for c in sheet.cities] == [1 + 3 + 3 + 5 + 5, 1 - 1 + 3 - 1 + 5, -6]
    # One fact about the whole table, said once, naming every city it concerns.
    assert codes(sheet) == ["military-assumed"]
    assert str(sheet.problems[0].message) == (
        "The conflict tokens of Ana, Bartek and Cem were not given: they were worked out from the shields "
        "of the red cards, each counted from its own age on; compare them with the tokens on the table."
    )
    assert (sheet.problems[0].city, sheet.problems[0].field) == (None, "cities")


def test_a_derived_rhodes_shield_stage_says_what_was_assumed(catalog: Catalog) -> None:
    game = table(
        (), (), (), seat0={"military": None, "wonder": "rhodes", "stages": 2}, seat1={"military": None}
    )
    sheet = score(game, catalog)
    assert points(sheet.cities[0], Category.MILITARY) == 3 + 3 + 5 + 5  # 2 shields from Age II
    assert "stage k counted from Age k on" in str(sheet.problems[0].message)


def test_a_mixed_table_uses_tokens_where_given_and_resolves_the_rest(catalog: Catalog) -> None:
    game = table(
        ("stockade",),
        ("barracks", "guard-tower"),
        (),
        seat0={"military": (1, -1, 3, -1, 5, -1)},
        seat1={"military": None, "shields_by_age": (2, 2, 2)},
        seat2={"military": None},
    )
    sheet = score(game, catalog)
    # Ana's tokens as given. Bartek (2 shields typed) against Ana (1, from her Stockade) and
    # Cem (0): always wins. Cem, derived from no cards: loses everything. The given tokens and
    # the worked-out ones pair up; both resolutions rest on shields derived from cards.
    assert [points(c, Category.MILITARY) for c in sheet.cities] == [6, 18, -6]
    assert codes(sheet) == ["military-assumed"]
    # The warning names where each city's shields came from: typed, or the red cards.
    assert str(sheet.problems[0].message) == (
        "The conflict tokens of Bartek and Cem were not given: they were worked out from the shields typed "
        "for Bartek and from the red cards of Ana and Cem, each counted from its own age on; compare them "
        "with the tokens on the table."
    )


def test_strategists_count_defeats_resolved_from_shields(catalog: Catalog) -> None:
    game = table(
        ("strategists-guild",),
        (),
        (),
        seat0={"military": None, "shields_by_age": (5, 5, 5)},
        seat1={"military": None, "shields_by_age": (0, 0, 0)},
        seat2={"military": None, "shields_by_age": (1, 1, 1)},
    )
    ana = score(game, catalog).cities[0]
    assert points(ana, Category.GUILDS) == 6 + 3  # Bartek lost 6 times, Cem 3 times


# --- pad entries -----------------------------------------------------------------------------


def pad(**categories: int) -> dict[str, Any]:
    return {
        "cards": None,
        "military": None,
        "categories": tuple((Category(k), v) for k, v in categories.items()),
    }


def test_a_pad_entry_scores_the_numbers_written_on_the_pad(catalog: Catalog) -> None:
    game = table(None, (), (), seat0={**pad(civilian=20, wonder=10, guilds=6), "coins": 8})
    ana = score(game, catalog).cities[0]
    assert ana.pad_entry
    assert [ana.categories[c] for c in CATEGORIES] == [0, 2, 10, 20, 0, 0, 6]
    assert sources(ana, Category.CIVILIAN) == {"score-pad": 20}
    assert sources(ana, Category.TREASURY) == {"coins": 2}


def test_a_pad_entry_keeps_its_written_treasury(catalog: Catalog) -> None:
    game = table(None, (), (), seat0={**pad(treasury=4), "coins": 8})
    assert points(score(game, catalog).cities[0], Category.TREASURY) == 4


def test_a_pad_entry_with_science_symbols_has_its_science_computed(catalog: Catalog) -> None:
    symbols = ScienceSymbols(compass=3, gear=2, tablet=2, wild=1)
    game = table(None, (), (), seat0={**pad(civilian=3), "science_symbols": symbols})
    sheet = score(game, catalog)
    assert points(sheet.cities[0], Category.SCIENCE) == science_best(3, 2, 2, 1)
    assert codes(sheet) == []


def science_best(compass: int, gear: int, tablet: int, wild: int) -> int:
    from assistant.rules.science import science_points

    return science_points(compass, gear, tablet, wild).points


def test_a_written_science_that_differs_from_the_symbols_is_replaced_with_a_warning(catalog: Catalog) -> None:
    symbols = ScienceSymbols(compass=3, gear=2, tablet=2)
    game = table(None, (), (), seat0={**pad(science=24), "science_symbols": symbols})
    sheet = score(game, catalog)
    assert points(sheet.cities[0], Category.SCIENCE) == 31
    [problem] = sheet.problems
    assert problem.code == "science-mismatch" and problem.severity == "warning"
    assert str(problem.message) == (
        "Ana's score pad says 24 for science, but the symbols given score 31; the computed 31 is counted."
    )


def test_a_pad_entry_uses_its_tokens_when_the_pad_has_no_military(catalog: Catalog) -> None:
    game = table(None, (), (), seat0={**pad(civilian=3), "military": (1, 3)})
    assert points(score(game, catalog).cities[0], Category.MILITARY) == 4


def test_a_guild_counting_a_pad_entry_neighbour_warns_it_cannot_be_exact(catalog: Catalog) -> None:
    game = table(("workers-guild",), None, ("lumber-yard",), seat1=pad(civilian=5))
    sheet = score(game, catalog)
    assert points(sheet.cities[0], Category.GUILDS) == 1
    [problem] = sheet.problems
    assert problem.code == "pad-entry-neighbour" and problem.city == 0
    assert "Workers Guild" in str(problem.message) and "Bartek" in str(problem.message)


def test_strategists_next_to_a_pad_entry_without_tokens_warn(catalog: Catalog) -> None:
    game = table(("strategists-guild",), None, (), seat1=pad(military=-3), seat2={"military": (-1, -1)})
    sheet = score(game, catalog)
    assert points(sheet.cities[0], Category.GUILDS) == 2
    assert codes(sheet) == ["pad-entry-neighbour"]


def test_olympia_b_next_to_a_pad_entry_warns_it_could_not_see_its_guilds(catalog: Catalog) -> None:
    game = table((), None, ("workers-guild",), ("lumber-yard",), seat0=OLYMPIA_B3, seat1=pad(guilds=7))
    sheet = score(game, catalog)
    assert points(sheet.cities[0], Category.GUILDS) == 0
    # Cem's own Workers Guild, which counts Bartek, is flagged as well.
    assert [(p.code, p.city) for p in sheet.problems] == [
        ("pad-entry-neighbour", 0),
        ("pad-entry-neighbour", 2),
    ]
    assert str(sheet.problems[0].message) == (
        "Ana's Olympia stage 3 copies a neighbour's guild, but Bartek was entered from the score pad "
        "without cards, so its guilds could not be considered."
    )


def test_a_mixed_table_of_pad_and_card_entries_is_ranked_together(catalog: Catalog) -> None:
    game = table(("palace",), None, ("baths",), seat1=pad(civilian=30, military=-2))
    sheet = score(game, catalog)
    assert [c.total for c in sheet.cities] == [8, 28, 3]
    assert sheet.winners == ("Bartek",)


# --- problems --------------------------------------------------------------------------------


def test_a_table_with_problems_is_still_scored_and_lists_them_all(catalog: Catalog) -> None:
    game = table(("baths", "baths"), ("baths",), (), seat2={"wonder": "giza"})
    sheet = score(game, catalog)
    assert sorted(codes(sheet)) == ["duplicate-card", "duplicate-wonder", "too-many-copies"]
    assert points(sheet.cities[0], Category.CIVILIAN) == 3  # the duplicate is scored once
    assert points(sheet.cities[1], Category.CIVILIAN) == 3


def test_a_legal_table_has_no_problem(catalog: Catalog) -> None:
    # Ana's Stockade beats both neighbours every age: the tokens follow (issue 29).
    game = table(
        ("baths", "stockade"),
        ("altar",),
        ("theater",),
        seat0={"military": (1, 1, 3, 3, 5, 5)},
        seat1={"military": (-1, -1, -1)},
        seat2={"military": (-1, -1, -1)},
    )
    assert score(game, catalog).problems == ()


@pytest.mark.parametrize("expansions", [(), ("leaders", "cities")])
def test_the_packed_points_field_holds_the_most_cards_of_the_most_valuable_card(expansions):
    """The constant points of a category are summed in a field of the packed counts; its
    width comes from the catalog: MAX_CARDS cards of its most valuable card never spill into
    the next field (issue 42: the bit widths derived from the limits, not guessed)."""
    from assistant.rules.limits import MAX_CARDS
    from assistant.rules.tallies import _lookups

    catalog = catalog_for(1, list(expansions))
    lookups = _lookups(catalog)
    best = max(lookups.constant.values(), key=lambda d: d.points)
    slot = lookups.index[best.category]
    packed = lookups.packed[best.source] * MAX_CARDS
    assert packed >> lookups.points_shifts[slot] & lookups.points_mask == MAX_CARDS * best.points
    for other, shift in enumerate(lookups.points_shifts):
        if other != slot:
            assert packed >> shift & lookups.points_mask == 0
