"""Expansions layered on an edition, as data: the toy edition's two made-up expansions
(tests/rules_data/toy/expansions: Festival, with a colour dealt apart whose cards print no
age, a category, a pad row, a city field of tokens, a board, a guild and set-up changes;
Parade, with a colour drawn at random whose cards print no player count) through the
loader, the game format, validation and scoring."""

from __future__ import annotations

import shutil
from itertools import permutations
from pathlib import Path

import pytest

from assistant.rules import (
    Category,
    Color,
    GameFormatError,
    available_expansions,
    can_build,
    catalog_for,
    catalog_to_dict,
    game_to_dict,
    parse_game,
    score_game,
    sheet_to_dict,
)
from assistant.rules.catalog import CatalogError, load_catalog
from tests.conftest import TOY_EDITION

TOY = Path(__file__).parent.parent / "rules_data" / "toy"
FESTIVAL, PARADE = Category("festival"), Category("parade")


def toy_game(cities: list[dict], expansions: tuple[str, ...] = ("festival",)) -> dict:
    return {"edition": TOY_EDITION, "expansions": list(expansions), "cities": cities}


# Hand-scored with the toy edition and Festival (treasury 1 per full 2 coins; silver cards'
# points and garlands, 2 each, go to the Festival row):
#  Ana  Carousel A, 1 stage (3), 8 coins (4), Shrine 2 (civilian); Juggler 3 + Bard 1 (one
#       blue card of her own) + 3 garlands (6) = Festival 10; token +2 (2)          = 21
#  Bo   Spire A, Guild of Revellers: 2 per silver card of Cy and Ana (Ana's two): 4;
#       Drummer (a shield); token -2 (-2)                                            = 2
#  Cy   Harbor A, no cards, 1 coin (0), 1 garland (2)                                 = 2
HAND_SCORED = toy_game(
    [
        {"player": "Ana", "wonder": "toy-carousel", "stages": 1, "coins": 8, "military": [2],
         "cards": ["toy-juggler", "toy-bard", "toy-shrine"], "garlands": 3},
        {"player": "Bo", "wonder": "toy-spire", "military": [-2], "cards": ["toy-guild-of-revellers", "toy-drummer"]},
        {"player": "Cy", "wonder": "toy-harbor", "coins": 1, "military": [], "cards": [], "garlands": 1},
    ]
)  # fmt: skip


def test_an_edition_lists_its_expansions_in_its_own_order():
    assert available_expansions(TOY_EDITION) == ("festival", "parade")
    assert available_expansions(1) == ("leaders", "cities", "armada", "babel", "edifice", "wonder-pack")
    assert available_expansions(2) == ("leaders", "cities", "armada", "edifice")


@pytest.mark.parametrize("order", list(permutations(["festival", "parade"])))
def test_expansions_compose_the_same_whichever_is_named_first(order):
    catalog = catalog_for(TOY_EDITION, order)
    assert catalog is catalog_for(TOY_EDITION, ["festival", "parade"])
    rules = catalog.rules
    assert rules.expansions == ("festival", "parade")
    base = catalog_for(TOY_EDITION).rules
    # The base categories first, then each expansion's in the edition's order.
    assert rules.categories == (*base.categories, FESTIVAL, PARADE)
    # Each pad row where its expansion puts it: Festival after Bonus, Parade after Military.
    assert rules.score_pad[:4] == (Category("bonus"), FESTIVAL, Category.MILITARY, PARADE)
    # Set-up changes add up (coins, turns, hand) or take the largest (players).
    assert (rules.starting_coins, rules.turns_per_age, rules.hand_size) == (5 + 2 + 1, 3 + 1, 4 + 1)
    assert rules.max_players == 6
    assert catalog.colors[-2:] == (Color("silver"), Color("bronze"))


def test_an_expansion_adds_to_its_edition_without_touching_it():
    base, festival = catalog_for(TOY_EDITION), catalog_for(TOY_EDITION, ["festival"])
    assert not base.has_card("toy-juggler") and festival.has_card("toy-juggler")
    assert set(base.structure_ids) < set(festival.structure_ids)
    assert festival.has_wonder("toy-carousel") and not base.has_wonder("toy-carousel")
    assert base.rules.max_players == 4 and festival.rules.max_players == 5
    assert festival.ruling("toy-festival-garlands").topic == "scoring"


def test_a_card_dealt_apart_prints_no_age_and_is_played_in_any_age():
    catalog = catalog_for(TOY_EDITION, ["festival"])
    juggler = catalog.structure("toy-juggler")
    assert juggler.age is None and juggler.deck == "apart" and juggler.expansion == "festival"
    assert catalog.card_ages("toy-juggler") == (1, 2, 3, 4)
    assert all(card.id != "toy-juggler" for age in range(1, 5) for card, _ in catalog.deck(age, 4))
    for age in (1, 4):
        game = parse_game(
            {**toy_game([{"player": p, "wonder": w, "coins": 3} for p, w in
                         (("Ana", "toy-spire"), ("Bo", "toy-harbor"), ("Cy", "toy-garden"))]), "age": age}
        )  # fmt: skip
        verdict = can_build(game, 0, "toy-juggler")
        assert verdict.buildable and verdict.how == "coins", verdict.reason


def test_a_card_drawn_at_random_prints_no_player_count_and_has_one_copy():
    catalog = catalog_for(TOY_EDITION, ["parade"])
    card = catalog.structure("toy-float")
    assert card.players == () and card.deck == "drawn" and card.age == 1
    assert [catalog.copies("toy-float", n) for n in (3, 4, 6)] == [1, 1, 1]
    game = parse_game(
        toy_game(
            [
                {"player": p, "wonder": w, "cards": ["toy-float"]}
                for p, w in (("Ana", "toy-spire"), ("Bo", "toy-harbor"))
            ]
            + [{"player": "Cy", "wonder": "toy-garden"}],
            ("parade",),
        )
    )
    assert "too-many-copies" in {p.code for p in score_game(game).problems}


def test_the_hand_scored_game_with_festival():
    sheet = score_game(parse_game(HAND_SCORED))
    assert [c.total for c in sheet.cities] == [21, 2, 2]
    ana = sheet.cities[0]
    assert ana.categories[FESTIVAL] == 10 and ana.categories[Category.TREASURY] == 4
    assert tuple(ana.categories) == catalog_for(TOY_EDITION, ["festival"]).rules.categories
    reasons = {d.source: str(d.reason) for d in ana.details}
    assert reasons["garlands"] == "Garlands: 3 × 2: 6 victory points"
    assert reasons["toy-bard"] == "Toy Bard: 1 per blue card in its own city, 1 in all: 1 victory point"
    revellers = next(d for d in sheet.cities[1].details if d.source == "toy-guild-of-revellers")
    assert str(revellers.reason).startswith("Toy Guild of Revellers: 2 per silver card in the cities of")
    out = sheet_to_dict(sheet)
    assert out["expansions"] == ["festival"] and list(out["cities"][0]["categories"])[-1] == "festival"


def test_a_pad_that_writes_a_row_its_tokens_also_give_keeps_the_computed_number():
    data = toy_game(
        [
            {"player": "Ana", "categories": {"festival": 5}, "garlands": 2},
            {"player": "Bo", "categories": {"festival": 4}, "garlands": 2},
            {"player": "Cy", "categories": {}},
        ]
    )
    sheet = score_game(parse_game(data))
    assert [c.categories[FESTIVAL] for c in sheet.cities] == [4, 4, 0]
    differs = [p for p in sheet.problems if p.code == "typed-differs"]
    assert [p.city for p in differs] == [0] and differs[0].field == "cities[0].categories.festival"
    assert "says 5 for Festival, but the Garlands given score 4" in str(differs[0].message)


def test_the_game_format_reads_and_writes_an_expansions_game():
    game = parse_game({**HAND_SCORED, "expansions": ["festival"]})
    assert game.expansions == ("festival",) and dict(game.cities[0].extra) == {"garlands": 3}
    again = game_to_dict(game)
    assert again["expansions"] == ["festival"] and again["cities"][0]["garlands"] == 3
    assert "garlands" not in again["cities"][1]
    assert parse_game(again) == game
    both = parse_game({**HAND_SCORED, "expansions": ["parade", "festival"]})
    assert both.expansions == ("festival", "parade")  # the edition's order


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        ({"expansions": "festival"}, ("expansions",), "a list of ids (festival, parade)"),
        (
            {"expansions": ["fiesta"]},
            ("expansions", 0),
            'has no expansion "fiesta": its expansions are festival',
        ),
        ({"expansions": ["festival", "festival"]}, ("expansions", 1), "listed twice"),
        ({"expansions": []}, ("cities", 0, "wonder"), 'unknown wonder "toy-carousel"'),
        (
            {"edition": 2, "expansions": ["babel"]},
            ("expansions", 0),
            'Edition 2 has no expansion "babel"',
        ),
    ],
)
def test_an_expansion_the_edition_does_not_have_or_does_not_play_is_refused_naming_the_field(
    change, path, words
):
    with pytest.raises(GameFormatError) as caught:
        parse_game({**HAND_SCORED, **change})
    assert caught.value.path == path and words in str(caught.value), str(caught.value)


def test_an_expansions_card_in_a_game_without_it_names_the_expansion():
    ana = {**HAND_SCORED["cities"][0], "wonder": "toy-spire"}
    with pytest.raises(GameFormatError) as caught:
        parse_game({**HAND_SCORED, "expansions": [], "cities": [ana, *HAND_SCORED["cities"][1:]]})
    assert caught.value.path == ("cities", 0, "cards", 0) and caught.value.field == "cities[0].cards[0]"
    assert str(caught.value).endswith(
        "Toy Juggler and Toy Bard are cards of Festival (tests): add festival to the game's expansions, or leave "
        "the cards out."
    )


def test_a_token_field_is_the_expansions_and_is_bounded_by_its_data():
    cities = HAND_SCORED["cities"]
    with pytest.raises(GameFormatError) as caught:
        parse_game(toy_game([{**cities[0], "garlands": 10}, *cities[1:]]))
    assert caught.value.field == "cities[0].garlands" and "between 0 and 9" in str(caught.value)
    # In a game without the expansion its field is refused, naming it and the expansion: its
    # tokens are never dropped silently (issue 24).
    with pytest.raises(GameFormatError) as caught:
        parse_game(
            {"edition": TOY_EDITION, "cities": [{"player": p, "wonder": w, "garlands": 2} for p, w in
                                                (("Ana", "toy-spire"), ("Bo", "toy-harbor"), ("Cy", "toy-garden"))]}
        )  # fmt: skip
    assert caught.value.field == "cities[0].garlands" and "add festival to the game's expansions" in str(
        caught.value
    )


def test_an_expansion_seats_more_players_only_when_played():
    five = [{"player": f"P{i}", "categories": {}} for i in range(5)]
    with pytest.raises(GameFormatError, match="3 to 4 cities"):
        parse_game({"edition": TOY_EDITION, "cities": five})
    assert len(parse_game(toy_game(five)).cities) == 5
    six = [*five, {"player": "P5", "categories": {}}]
    with pytest.raises(GameFormatError, match="3 to 5 cities"):
        parse_game(toy_game(six))
    assert len(parse_game(toy_game(six, ("festival", "parade"))).cities) == 6


def test_the_catalog_says_what_each_expansion_adds():
    out = catalog_to_dict(catalog_for(TOY_EDITION, ["festival"]))
    assert out["expansions"] == ["festival"]
    cards = {c["id"]: c for c in out["cards"]}
    assert cards["toy-juggler"]["age"] is None and cards["toy-juggler"]["expansion"] == "festival"
    assert cards["toy-juggler"]["players"] == [] and cards["toy-juggler"]["color"] == "silver"
    assert "expansion" not in cards["toy-shrine"]
    wonders = {w["id"]: w for w in out["wonders"]}
    assert wonders["toy-carousel"]["expansion"] == "festival" and "expansion" not in wonders["toy-spire"]
    assert "expansions" not in catalog_to_dict(catalog_for(TOY_EDITION))


def test_the_edition_and_its_expansions_name_every_colour_in_data():
    catalog = catalog_for(TOY_EDITION, ["festival", "parade"])
    words = {
        info.color.value: (str(info.name), str(info.cards), str(info.kind)) for info in catalog.rules.colors
    }
    assert words["silver"] == ("silver", "silver cards", "Festival acts")
    assert words["brown"] == ("brown", "brown cards", "Raw materials")
    assert catalog.rules.category_swatch(FESTIVAL) == "#c2185b"


# --- the loader refuses malformed expansions, naming the file and entry ----------------------


def _broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    folder = tmp_path / "toy"
    shutil.copytree(TOY, folder)
    path = folder / "expansions" / name
    target = next(p for p in path.glob("*.toml") if old in p.read_text())
    target.write_text(target.read_text().replace(old, new, 1))
    return folder


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        ("festival", 'name = "Toy Juggler"\ncolor = "silver"', 'name = "Toy Juggler"\ncolor = "blue"',
         "cards.toml: card toy-juggler: each copy prints its player count"),
        ("festival", 'deck = "apart"\nper_player = 1', 'deck = "printed"', "cards.toml: card toy-juggler: each copy prints"),
        ("festival", 'per_player = 1', 'per_player = 0', "per_player (1 or more) is for a colour dealt apart"),
        ("festival", 'deck = "apart"\nper_player = 1', 'deck = "drawn"\nper_player = 1', "is for a colour dealt apart"),
        ("parade", 'color = "bronze"', 'color = "bronze"\nplayers = [3]', "bronze cards print no player count"),
        ("parade", 'color = "bronze"', 'color = "gold"', "'gold' is not a colour of this edition"),
        ("festival", 'festival = "#c2185b"', 'festival = "pink"', "needs a swatch (#rrggbb)"),
        ("festival", 'deck = "apart"', 'deck = "shuffled"', "deck is one of printed, guilds, drawn, apart"),
        ("festival", "edition = 99", "edition = 1", "is not the edition of the folder"),
        ("festival", 'category = "festival"', 'category = "military"', "is not one of the expansion's categories"),
        ("festival", 'kind = "tokens"', 'kind = "dice"', "kind is tokens"),
        ("parade", 'id = "bronze"', 'id = "brown"', "adds colours the edition does not have"),
        ("parade", "parade = [-20, 20]", "parade = [5, 1]", "category_limits.parade: [least, most]"),
        ("parade", "parade = [-20, 20]", "parade = [0]", "category_limits.parade: [least, most]"),
        ("parade", "parade = [-20, 20]", "civilian = [0, 5]", "not one of the expansion's categories"),
    ],
)  # fmt: skip
def test_a_malformed_expansion_stops_loading_naming_the_file_and_entry(tmp_path, name, old, new, message):
    folder = _broken(tmp_path, name, old, new)
    with pytest.raises(CatalogError, match=None) as caught:
        load_catalog(folder, [folder / "expansions" / name])
    assert message in str(caught.value), str(caught.value)


def test_an_unknown_expansion_is_not_in_the_catalog():
    with pytest.raises(KeyError):
        catalog_for(TOY_EDITION, ["fiesta"])
    with pytest.raises(KeyError):
        catalog_for(1, ["festival"])


# Typed rows (the game format's "Typed rows"): a city entered card by card types its
# expansions' rows beside its cards; where its cards or tokens decide a row, they count.
def _typed(ana: dict) -> dict:
    others = [{"player": "Bo", "wonder": "toy-spire", "cards": []}, {"player": "Cy", "wonder": "toy-harbor"}]
    return toy_game([{"player": "Ana", "wonder": "toy-garden", "cards": ["toy-shrine"], **ana}, *others])


def test_a_city_entered_card_by_card_types_its_expansion_row_beside_its_cards():
    game = parse_game(_typed({"categories": {"festival": 4}}))
    ana = score_game(game).cities[0]
    assert ana.categories[FESTIVAL] == 4 and ana.categories[Category.CIVILIAN] == 2 and not ana.pad_entry
    typed = [d for d in ana.details if d.source == "score-pad"]
    assert [(d.category, d.points) for d in typed] == [(FESTIVAL, 4)]
    assert str(typed[0].reason) == "Festival from the score pad: 4 victory points"
    again = game_to_dict(game)["cities"][0]
    assert again["cards"] == ["toy-shrine"] and again["categories"] == {"festival": 4}
    assert parse_game(game_to_dict(game)) == game


@pytest.mark.parametrize(
    ("ana", "computed"),
    [
        ({"garlands": 2, "categories": {"festival": 5}}, 4),  # tokens decide the row
        ({"cards": ["toy-shrine", "toy-juggler"], "categories": {"festival": 1}}, 3),  # a silver card does
    ],
)
def test_where_the_cards_or_tokens_decide_a_typed_row_the_computed_number_counts(ana, computed):
    sheet = score_game(parse_game(_typed(ana)))
    assert sheet.cities[0].categories[FESTIVAL] == computed
    differs = [p for p in sheet.problems if p.code == "typed-differs"]
    assert [(p.city, p.field) for p in differs] == [(0, "cities[0].categories.festival")]
    written = ana["categories"]["festival"]
    assert f"says {written} for Festival, but the cards give {computed}" in str(differs[0].message)


def test_a_city_with_cards_cannot_type_a_row_its_cards_give():
    with pytest.raises(GameFormatError) as refused:
        parse_game(_typed({"categories": {"civilian": 5}}))
    assert refused.value.path == ("cities", 0, "categories", "civilian")
    assert "types only its expansions' rows (festival)" in str(refused.value.message)
    with pytest.raises(GameFormatError) as base:
        parse_game({**_typed({}), "expansions": [], "cities": [{"player": "A", "wonder": "toy-garden",
                    "cards": [], "categories": {"festival": 1}}, {"player": "B", "wonder": "toy-spire"},
                    {"player": "C", "wonder": "toy-harbor"}]})  # fmt: skip
    assert base.value.path == ("cities", 0, "categories")  # the base game has no typed rows
    assert "gives both cards and categories" in str(base.value.message)


# Category limits as data: an expansion's row may be bounded otherwise than 0 to the usual
# most (Cities' debt is 0 or less); the toy Parade's row is -20 to 20.
def test_an_expansions_row_takes_the_limits_its_data_gives():
    rules = catalog_for(TOY_EDITION, ["parade"]).rules
    assert rules.category_range(PARADE) == (-20, 20)
    assert rules.category_range(FESTIVAL) == rules.category_range(Category.CIVILIAN)  # the usual
    pad = [{"player": "Ana", "categories": {"parade": -5}}, {"player": "Bo", "categories": {}},
           {"player": "Cy", "categories": {}}]  # fmt: skip
    assert score_game(parse_game(toy_game(pad, ("parade",)))).cities[0].categories[PARADE] == -5
    pad[0]["categories"]["parade"] = -25
    with pytest.raises(GameFormatError) as refused:
        parse_game(toy_game(pad, ("parade",)))
    assert refused.value.path == ("cities", 0, "categories", "parade")
    assert "must be between -20 and 20, not -25" in str(refused.value.message)
