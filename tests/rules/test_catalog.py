"""The first-edition rules data: deck composition, chains, card and stage spot checks, and a
loader that refuses malformed data naming the file and the entry."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from assistant.resources import resource_dir
from assistant.rules.catalog import Catalog, CatalogError, card_id, load_catalog
from assistant.rules.effects import (
    BuildFromDiscard,
    Coins,
    CoinsPer,
    CopyGuild,
    Discount,
    FreeBuildPerAge,
    PlayLastCard,
    Points,
    PointsPer,
    Produce,
    Science,
    ScienceWild,
    Shields,
)
from assistant.rules.model import Color, Counted, Goods, Resource, Symbol, Whose

W, S, C, O = Resource.WOOD, Resource.STONE, Resource.CLAY, Resource.ORE  # noqa: E741 - resource initials
G, L, P = Resource.GLASS, Resource.LOOM, Resource.PAPYRUS


# --- deck composition ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_ages_one_and_two_hold_seven_cards_per_player(catalog: Catalog, players: int):
    for age in (1, 2):
        assert sum(n for _, n in catalog.deck(age, players)) == 7 * players


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_age_three_holds_its_other_cards_plus_players_plus_two_guilds(catalog: Catalog, players: int):
    non_guild = sum(n for _, n in catalog.deck(3, players))
    guilds_dealt = players + catalog.rules.guilds_beyond_players
    assert non_guild + guilds_dealt == 7 * players


def test_the_box_holds_49_49_and_50_cards_and_ten_guilds(catalog: Catalog):
    physical = Counter()
    for card in catalog.cards:
        physical[card.age] += len(card.players) if not card.is_guild else 1
    assert physical == {1: 49, 2: 49, 3: 50}
    assert len(catalog.guilds()) == 10
    designs = Counter(card.age for card in catalog.cards)
    assert designs == {1: 27, 2: 23, 3: 28}


def test_each_science_symbol_is_on_four_card_designs(catalog: Catalog):
    symbols = Counter(e.symbol for card in catalog.cards for e in card.effects if isinstance(e, Science))
    assert symbols == {Symbol.COMPASS: 4, Symbol.GEAR: 4, Symbol.TABLET: 4}


def test_loom_glassworks_and_press_are_one_structure_in_two_ages(catalog: Catalog):
    for cid in ("loom", "glassworks", "press"):
        assert [c.age for c in catalog.entries(cid)] == [1, 2]
        assert catalog.copies(cid, 3) == 2 and catalog.copies(cid, 7) == 4
    assert len(catalog.structure_ids) == 75


def test_every_id_is_the_english_name_in_the_game_format(catalog: Catalog):
    for card in catalog.cards:
        assert card.id == card_id(card.name)
    assert card_id("Craftsmens Guild") == "craftsmens-guild"
    assert card_id("East Trading Post") == "east-trading-post"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Bazaar", "bazar"), ("Caravanserai", "caravansery"), ("Craftsmen's Guild", "craftsmens-guild"),
        ("Theatre", "theater"), ("LUMBER YARD", "lumber-yard"), ("lumber-yard", "lumber-yard"), ("Unobtainium", None),
    ],
)  # fmt: skip
def test_typed_names_and_common_variants_resolve_to_ids(catalog: Catalog, typed: str, expected: str | None):
    assert catalog.resolve_card(typed) == expected


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("rhodos", "rhodes"),
        ("ephesos", "ephesus"),
        ("halikarnassos", "halicarnassus"),
        ("gizah", "giza"),
        ("Giza", "giza"),
    ],
)
def test_wonder_variants_resolve(catalog: Catalog, typed: str, expected: str):
    assert catalog.resolve_wonder(typed) == expected


# --- chains -------------------------------------------------------------------------------------


def test_every_chain_resolves_and_points_one_age_forward(catalog: Catalog):
    for card in catalog.cards:
        for parent in card.chain_from:
            assert catalog.has_card(parent), (card.id, parent)
            assert any(p.age == card.age - 1 for p in catalog.entries(parent)), (card.id, parent)


def test_reverse_links_are_derived_from_the_forward_ones(catalog: Catalog):
    forward = {(parent, card.id) for card in catalog.cards for parent in card.chain_from}
    reverse = {(cid, child) for cid in catalog.structure_ids for child in catalog.unlocks(cid)}
    assert forward == reverse


@pytest.mark.parametrize(
    ("card", "parents"),
    [
        ("forum", {"east-trading-post", "west-trading-post"}), ("caravansery", {"marketplace"}),
        ("aqueduct", {"baths"}), ("temple", {"altar"}), ("statue", {"theater"}), ("courthouse", {"scriptorium"}),
        ("stables", {"apothecary"}), ("archery-range", {"workshop"}), ("dispensary", {"apothecary"}),
        ("laboratory", {"workshop"}), ("library", {"scriptorium"}), ("pantheon", {"temple"}), ("gardens", {"statue"}),
        ("senate", {"library"}), ("haven", {"forum"}), ("lighthouse", {"caravansery"}), ("arena", {"dispensary"}),
        ("fortifications", {"walls"}), ("circus", {"training-ground"}), ("siege-workshop", {"laboratory"}),
        ("lodge", {"dispensary"}), ("observatory", {"laboratory"}), ("university", {"library"}),
        ("academy", {"school"}), ("study", {"school"}),
    ],
)  # fmt: skip
def test_chains_match_the_printed_cards(catalog: Catalog, card: str, parents: set[str]):
    assert set(catalog.structure(card).chain_from) == parents


def test_there_are_exactly_the_printed_chains(catalog: Catalog):
    assert sum(len(card.chain_from) for card in catalog.cards) == 26


# --- card spot checks, table-driven ------------------------------------------------------------


@pytest.mark.parametrize(
    ("cid", "age", "color", "coins", "resources", "players", "effects"),
    [
        ("lumber-yard", 1, Color.BROWN, 0, {}, (3, 4), (Produce((W,)),)),
        ("tree-farm", 1, Color.BROWN, 1, {}, (6,), (Produce((W, C)),)),
        ("timber-yard", 1, Color.BROWN, 1, {}, (3,), (Produce((S, W)),)),
        ("excavation", 1, Color.BROWN, 1, {}, (4,), (Produce((S, C)),)),
        ("pawnshop", 1, Color.BLUE, 0, {}, (4, 7), (Points(3),)),
        ("baths", 1, Color.BLUE, 0, {S: 1}, (3, 7), (Points(3),)),
        ("tavern", 1, Color.YELLOW, 0, {}, (4, 5, 7), (Coins(5),)),
        ("west-trading-post", 1, Color.YELLOW, 0, {}, (3, 7), (Discount(Goods.RAW, (Whose.LEFT,)),)),
        ("east-trading-post", 1, Color.YELLOW, 0, {}, (3, 7), (Discount(Goods.RAW, (Whose.RIGHT,)),)),
        ("marketplace", 1, Color.YELLOW, 0, {}, (3, 6), (Discount(Goods.MANUFACTURED, (Whose.LEFT, Whose.RIGHT)),)),
        ("guard-tower", 1, Color.RED, 0, {C: 1}, (3, 4), (Shields(1),)),
        ("apothecary", 1, Color.GREEN, 0, {L: 1}, (3, 5), (Science(Symbol.COMPASS),)),
        ("sawmill", 2, Color.BROWN, 1, {}, (3, 4), (Produce((W,), 2),)),
        ("foundry", 2, Color.BROWN, 1, {}, (3, 4), (Produce((O,), 2),)),
        ("aqueduct", 2, Color.BLUE, 0, {S: 3}, (3, 7), (Points(5),)),
        ("temple", 2, Color.BLUE, 0, {W: 1, C: 1, G: 1}, (3, 6), (Points(3),)),
        ("forum", 2, Color.YELLOW, 0, {C: 2}, (3, 6, 7), (Produce((G, L, P), 1, False),)),
        ("caravansery", 2, Color.YELLOW, 0, {W: 2}, (3, 5, 6), (Produce((W, S, C, O), 1, False),)),
        ("vineyard", 2, Color.YELLOW, 0, {}, (3, 6), (CoinsPer(1, Counted.CARDS, (Whose.LEFT, Whose.SELF, Whose.RIGHT), (Color.BROWN,)),)),
        ("bazar", 2, Color.YELLOW, 0, {}, (4, 7), (CoinsPer(2, Counted.CARDS, (Whose.LEFT, Whose.SELF, Whose.RIGHT), (Color.GREY,)),)),
        ("training-ground", 2, Color.RED, 0, {W: 1, O: 2}, (4, 6, 7), (Shields(2),)),
        ("school", 2, Color.GREEN, 0, {W: 1, P: 1}, (3, 7), (Science(Symbol.TABLET),)),
        ("palace", 3, Color.BLUE, 0, {W: 1, S: 1, C: 1, O: 1, G: 1, L: 1, P: 1}, (3, 7), (Points(8),)),
        ("town-hall", 3, Color.BLUE, 0, {S: 2, O: 1, G: 1}, (3, 5, 6), (Points(6),)),
        ("pantheon", 3, Color.BLUE, 0, {C: 2, O: 1, G: 1, L: 1, P: 1}, (3, 6), (Points(7),)),
        ("lighthouse", 3, Color.YELLOW, 0, {S: 1, G: 1}, (3, 6),
         (CoinsPer(1, Counted.CARDS, (Whose.SELF,), (Color.YELLOW,)), PointsPer(1, Counted.CARDS, (Whose.SELF,), (Color.YELLOW,)))),
        ("chamber-of-commerce", 3, Color.YELLOW, 0, {C: 2, P: 1}, (4, 6),
         (CoinsPer(2, Counted.CARDS, (Whose.SELF,), (Color.GREY,)), PointsPer(2, Counted.CARDS, (Whose.SELF,), (Color.GREY,)))),
        ("arena", 3, Color.YELLOW, 0, {S: 2, O: 1}, (3, 5, 7),
         (CoinsPer(3, Counted.STAGES, (Whose.SELF,)), PointsPer(1, Counted.STAGES, (Whose.SELF,)))),
        ("circus", 3, Color.RED, 0, {S: 3, O: 1}, (4, 5, 6), (Shields(3),)),
        ("arsenal", 3, Color.RED, 0, {W: 2, O: 1, L: 1}, (3, 4, 7), (Shields(3),)),
        ("study", 3, Color.GREEN, 0, {W: 1, P: 1, L: 1}, (3, 5), (Science(Symbol.GEAR),)),
        ("academy", 3, Color.GREEN, 0, {S: 3, G: 1}, (3, 7), (Science(Symbol.COMPASS),)),
        ("workers-guild", 3, Color.PURPLE, 0, {W: 1, S: 1, C: 1, O: 2}, (), (PointsPer(1, Counted.CARDS, (Whose.LEFT, Whose.RIGHT), (Color.BROWN,)),)),
        ("craftsmens-guild", 3, Color.PURPLE, 0, {S: 2, O: 2}, (), (PointsPer(2, Counted.CARDS, (Whose.LEFT, Whose.RIGHT), (Color.GREY,)),)),
        ("strategists-guild", 3, Color.PURPLE, 0, {S: 1, O: 2, L: 1}, (), (PointsPer(1, Counted.DEFEATS, (Whose.LEFT, Whose.RIGHT)),)),
        ("shipowners-guild", 3, Color.PURPLE, 0, {W: 3, G: 1, P: 1}, (), (PointsPer(1, Counted.CARDS, (Whose.SELF,), (Color.BROWN, Color.GREY, Color.PURPLE)),)),
        ("builders-guild", 3, Color.PURPLE, 0, {S: 2, C: 2, G: 1}, (), (PointsPer(1, Counted.STAGES, (Whose.LEFT, Whose.SELF, Whose.RIGHT)),)),
        ("scientists-guild", 3, Color.PURPLE, 0, {W: 2, O: 2, P: 1}, (), (ScienceWild(),)),
        ("magistrates-guild", 3, Color.PURPLE, 0, {W: 3, S: 1, L: 1}, (), (PointsPer(1, Counted.CARDS, (Whose.LEFT, Whose.RIGHT), (Color.BLUE,)),)),
    ],
)  # fmt: skip
def test_cards_match_the_printed_cards(catalog: Catalog, cid, age, color, coins, resources, players, effects):
    card = next(c for c in catalog.entries(cid) if c.age == age)
    assert card.color is color
    assert card.cost.coins == coins and card.cost.resource_map() == resources
    assert card.players == players
    assert card.effects == effects


def test_only_brown_and_grey_cards_sell_their_resources(catalog: Catalog):
    for card in catalog.cards:
        for effect in card.effects:
            if isinstance(effect, Produce):
                assert effect.sellable == (card.color in (Color.BROWN, Color.GREY)), card.id


# --- wonders, stage by stage ---------------------------------------------------------------------

STAGES = {
    ("rhodes", "A"): (O, [({W: 2}, 3, [Points(3)]), ({C: 3}, 0, [Shields(2)]), ({O: 4}, 7, [Points(7)])]),
    ("rhodes", "B"): (O, [({S: 3}, 3, [Shields(1), Points(3), Coins(3)]), ({O: 4}, 4, [Shields(1), Points(4), Coins(4)])]),
    ("alexandria", "A"): (G, [({S: 2}, 3, [Points(3)]), ({O: 2}, 0, [Produce((W, S, C, O), 1, False)]), ({G: 2}, 7, [Points(7)])]),
    ("alexandria", "B"): (G, [({C: 2}, 0, [Produce((W, S, C, O), 1, False)]), ({W: 2}, 0, [Produce((G, L, P), 1, False)]), ({S: 3}, 7, [Points(7)])]),
    ("ephesus", "A"): (P, [({S: 2}, 3, [Points(3)]), ({W: 2}, 0, [Coins(9)]), ({P: 2}, 7, [Points(7)])]),
    ("ephesus", "B"): (P, [({S: 2}, 2, [Points(2), Coins(4)]), ({W: 2}, 3, [Points(3), Coins(4)]), ({G: 1, L: 1, P: 1}, 5, [Points(5), Coins(4)])]),
    ("babylon", "A"): (C, [({C: 2}, 3, [Points(3)]), ({W: 3}, 0, [ScienceWild()]), ({C: 4}, 7, [Points(7)])]),
    ("babylon", "B"): (C, [({C: 1, L: 1}, 3, [Points(3)]), ({W: 2, G: 1}, 0, [PlayLastCard()]), ({C: 3, P: 1}, 0, [ScienceWild()])]),
    ("olympia", "A"): (W, [({W: 2}, 3, [Points(3)]), ({S: 2}, 0, [FreeBuildPerAge()]), ({O: 2}, 7, [Points(7)])]),
    ("olympia", "B"): (W, [({W: 2}, 0, [Discount(Goods.RAW, (Whose.LEFT, Whose.RIGHT))]), ({S: 2}, 5, [Points(5)]), ({O: 2, L: 1}, 0, [CopyGuild()])]),
    ("halicarnassus", "A"): (L, [({C: 2}, 3, [Points(3)]), ({O: 3}, 0, [BuildFromDiscard()]), ({L: 2}, 7, [Points(7)])]),
    ("halicarnassus", "B"): (L, [({O: 2}, 2, [Points(2), BuildFromDiscard()]), ({C: 3}, 1, [Points(1), BuildFromDiscard()]), ({G: 1, P: 1, L: 1}, 0, [BuildFromDiscard()])]),
    ("giza", "A"): (S, [({S: 2}, 3, [Points(3)]), ({W: 3}, 5, [Points(5)]), ({S: 4}, 7, [Points(7)])]),
    ("giza", "B"): (S, [({W: 2}, 3, [Points(3)]), ({S: 3}, 5, [Points(5)]), ({C: 3}, 5, [Points(5)]), ({S: 4, P: 1}, 7, [Points(7)])]),
}  # fmt: skip


@pytest.mark.parametrize(("key", "expected"), STAGES.items(), ids=[f"{w}-{s}" for w, s in STAGES])
def test_wonder_sides_match_the_boards_stage_by_stage(catalog: Catalog, key, expected):
    resource, stages = expected
    side = catalog.wonder(key[0]).side(key[1])
    assert side.resource is resource
    assert [(s.cost.resource_map(), s.points, list(s.effects)) for s in side.stages] == stages
    assert [s.number for s in side.stages] == list(range(1, len(stages) + 1))


def test_every_ruling_names_its_source(catalog: Catalog):
    assert len(catalog.rulings) >= 25
    assert all(r.source.strip() and r.title and r.text for r in catalog.rulings)


# --- the loader refuses malformed data ------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "first_edition"
    shutil.copytree(resource_dir("rules_data") / "first_edition", target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("age2.toml", 'chain_from = ["baths"]', 'chain_from = ["bath"]', "age2.toml: card aqueduct: chains from 'bath', which is no card"),
        ("age3.toml", 'chain_from = ["temple"]', 'chain_from = ["altar"]', "card pantheon: chains from 'altar', which is not a card of the previous age"),
        ("age1.toml", 'effects = [{ kind = "points", points = 3 }]\n\n[[card]]\nid = "baths"',
         'effects = [{ kind = "victory", points = 3 }]\n\n[[card]]\nid = "baths"', "age1.toml: card pawnshop: unknown effect kind 'victory'"),
        ("age1.toml", 'name = "Altar"', 'name = "Altar"\nflavour = "old"', "age1.toml: card altar: unknown key(s) flavour"),
        ("age1.toml", 'players = [3, 5]\neffects = [{ kind = "points", points = 2 }]', 'players = "3+"\neffects = [{ kind = "points", points = 2 }]',
         "age1.toml: card altar: players must be a list"),
        ("age1.toml", 'id = "stone-pit"', 'id = "stonepit"', "id 'stonepit' does not match its name"),
        ("age1.toml", 'cost = { stone = 1 }', 'cost = { marble = 1 }', "age1.toml: card baths: cost: unknown value 'marble'"),
        ("wonders.toml", 'resource = "ore"', 'resource = "gold"', "wonders.toml: wonder rhodes side A: resource: unknown value 'gold'"),
        ("wonders.toml", 'cost = { wood = 2 }\neffects = [{ kind = "points", points = 3 }]',
         'cost = { wood = 2 }\neffects = [{ kind = "points", points = "three" }]', "wonders.toml: wonder rhodes side A stage 1: points must be a whole number"),
        ("age2.toml", 'effects = [{ kind = "produce", resources = ["glass", "loom", "papyrus"], sellable = false }]',
         'effects = [{ kind = "produce", resources = ["glass", "loom", "papyrus"] }]', "card forum: only brown and grey cards' resources are for sale"),
        ("rulings.toml", 'source = "Rulebook (2010), Setup"', 'source = ""', "rulings.toml: ruling deck-composition: every ruling names its source"),
        ("edition.toml", "trade_price = 2", "trade_price = 2\nsurprise = 1", "edition.toml: edition: unknown key(s) surprise"),
    ],
)  # fmt: skip
def test_malformed_data_stops_loading_naming_the_file_and_entry(data_copy: Path, file, old, new, message):
    _edit(data_copy / file, old, new)
    with pytest.raises(CatalogError) as exc:
        load_catalog(data_copy)
    assert message in str(exc.value)


def test_broken_toml_is_refused_naming_the_file(data_copy: Path):
    (data_copy / "age1.toml").write_text("[[card]\nid = ")
    with pytest.raises(CatalogError, match=r"age1\.toml: not valid TOML"):
        load_catalog(data_copy)


def test_the_shipped_data_loads_without_complaint(data_copy: Path):
    assert len(load_catalog(data_copy).cards) == 78
