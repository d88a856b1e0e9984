"""The Wonder Pack (issue 45): the Great Wall, Stonehenge, Abu Simbel and Manneken Pis, read
stage by stage from the printed boards (rules_data/first_edition/expansions/wonder-pack/SOURCES.md).

All four boards stay typed (SOURCES.md, "Why the boards stay typed"): a city on one types its
wonder points, and a build in or beside it is refused naming the board. Tested here:

- the boards as the catalog offers them today, a hand-worked table on all four scored end to
  end, and can-build's refusal on each board;
- one record per printed stage (its cost and effect as printed), checked against the sources'
  table so that the two cannot drift apart: the day a board is read into the data, its stages
  are entered from these records and tested by their printed text.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest

from assistant.rules import (
    Game,
    GameFormatError,
    can_build,
    catalog_for,
    catalog_to_dict,
    parse_game,
    score_game,
)

SOURCES = Path(__file__).parents[2] / "rules_data/first_edition/expansions/wonder-pack/SOURCES.md"
BOARDS = {
    "great-wall": "The Great Wall",
    "stonehenge": "Stonehenge",
    "abu-simbel": "Abu Simbel",
    "manneken-pis": "Manneken Pis",
}
PRINTED_STAGES = {"great-wall": (4, 4), "stonehenge": (3, 2), "abu-simbel": (3, 2), "manneken-pis": (3, 1)}

# The neighbours of the city on the board in the per-stage tables: Giza A on its left (seat 1,
# whose stages Manneken Pis A copies at 1 and 3) and Rhodes A on its right (seat 2, stage 2).
# Neither holds a card and the city holds no coins: nothing can be bought.
LEFT, RIGHT = "giza", "rhodes"


class Printed(NamedTuple):
    """One printed stage: its cost and effect as SOURCES.md tables them, the cards that give
    exactly its cost beside the board's own resource, and the wonder row once it is built
    (stages built left to right; None where the game format cannot say it)."""

    board: str
    side: str
    number: int
    cost: str
    effect: str
    resources: dict[str, int]
    cards: tuple[str, ...]
    wonder_row: int | None

    @property
    def name(self) -> str:
        return f"{BOARDS[self.board]} {self.side} {self.number}: {self.cost} -> {self.effect}"


_GW_A1 = "8 coins from the bank"
_GW_A2 = "a science symbol of the player's choice at the end of the game"
_GW_A3 = "2 shields in every conflict"
_GW_A4 = "at the end of the turn, build a card from the discard pile for free"
_GW_B1 = "8 coins from the bank; each neighbour takes 2 from the bank"
_GW_B2 = "a mask: at the end of the game, copy the science symbol of a green card in a neighbouring city"
_GW_B3 = (
    "a diplomacy token (the city sits out the conflicts at the end of the age); every other player pays 2 coins "
    "to the bank"
)
_GW_B4 = "each turn, one unit of a resource the city's brown and grey cards and board do not produce"
_ENTOMB = (
    "entomb a leader beside the board: its power ends, and at the end of the game it is worth twice its cost "
    "in victory points"
)
_COLOUR = "1 victory point for each card in both neighbouring cities of the colour of the card tucked under this stage"

STAGES = (
    # The Great Wall: starts with loom; no stage prints points.
    Printed("great-wall", "A", 1, "2 wood", _GW_A1, {"wood": 2}, ("sawmill",), 0),
    Printed("great-wall", "A", 2, "papyrus, glass, clay", _GW_A2, {"papyrus": 1, "glass": 1, "clay": 1},
            ("press", "glassworks", "clay-pool"), 0),
    Printed("great-wall", "A", 3, "3 stone", _GW_A3, {"stone": 3}, ("quarry", "stone-pit"), 0),
    Printed("great-wall", "A", 4, "3 ore", _GW_A4, {"ore": 3}, ("foundry", "ore-vein"), 0),
    Printed("great-wall", "B", 1, "papyrus, wood", _GW_B1, {"papyrus": 1, "wood": 1}, ("press", "lumber-yard"), 0),
    Printed("great-wall", "B", 2, "ore, 2 clay", _GW_B2, {"ore": 1, "clay": 2}, ("ore-vein", "brickyard"), 0),
    Printed("great-wall", "B", 3, "papyrus, 2 wood", _GW_B3, {"papyrus": 1, "wood": 2}, ("press", "sawmill"), 0),
    Printed("great-wall", "B", 4, "2 stone", _GW_B4, {"stone": 2}, ("quarry",), 0),
    # Stonehenge: starts with wood (so "3 wood" takes a Sawmill). None of these cities holds
    # stone and their neighbours hold no cards, so the per-stone and per-colour stages add 0
    # whatever the fine print.
    Printed("stonehenge", "A", 1, "ore, clay", "3 victory points", {"ore": 1, "clay": 1}, ("ore-vein", "clay-pool"), 3),
    Printed("stonehenge", "A", 2, "papyrus, 2 clay", "5 victory points", {"papyrus": 1, "clay": 2},
            ("press", "brickyard"), 8),
    Printed("stonehenge", "A", 3, "3 wood, loom", "2 victory points for each stone", {"wood": 3, "loom": 1},
            ("sawmill", "loom"), 8),
    Printed("stonehenge", "B", 1, "3 ore", "1 coin and 1 victory point for each stone", {"ore": 3},
            ("foundry", "ore-vein"), 0),
    Printed("stonehenge", "B", 2, "3 clay, papyrus", _COLOUR, {"clay": 3, "papyrus": 1},
            ("brickyard", "clay-pool", "press"), 0),
    # Abu Simbel: starts with papyrus; an entombed leader's points need the leader (not in the
    # game format).
    Printed("abu-simbel", "A", 1, "stone, clay", "3 victory points", {"stone": 1, "clay": 1}, ("stone-pit", "clay-pool"), 3),
    Printed("abu-simbel", "A", 2, "wood, ore", "5 victory points", {"wood": 1, "ore": 1}, ("lumber-yard", "ore-vein"), 8),
    Printed("abu-simbel", "A", 3, "2 stone, glass, loom", _ENTOMB, {"stone": 2, "glass": 1, "loom": 1},
            ("quarry", "glassworks", "loom"), None),
    Printed("abu-simbel", "B", 1, "loom, 2 clay", "entomb a leader (as A 3)", {"loom": 1, "clay": 2},
            ("loom", "brickyard"), None),
    Printed("abu-simbel", "B", 2, "glass, 2 wood", "entomb a leader (as A 3)", {"glass": 1, "wood": 2},
            ("glassworks", "sawmill"), None),
    # Manneken Pis: no resource; side A copies Giza A's stages 1 and 3 (2 stone: 3 points; 4
    # stone: 7 points) and Rhodes A's stage 2 (3 clay: 2 shields).
    Printed("manneken-pis", "A", 1, "the cost of the left neighbour's stage 1",
            "the left neighbour's stage 1: its effect, as if built on its board", {"stone": 2}, ("quarry",), 3),
    Printed("manneken-pis", "A", 2, "the cost of the right neighbour's stage 2", "the right neighbour's stage 2",
            {"clay": 3}, ("brickyard", "clay-pool"), 3),
    Printed("manneken-pis", "A", 3, "the cost of the left neighbour's stage 3", "the left neighbour's stage 3",
            {"stone": 4}, ("quarry", "stone-pit", "excavation"), 10),
    Printed("manneken-pis", "B", 1, "wood, stone, clay, ore, glass, loom, papyrus",
            "7 coins, 7 victory points and 1 shield",
            {"wood": 1, "stone": 1, "clay": 1, "ore": 1, "glass": 1, "loom": 1, "papyrus": 1},
            ("lumber-yard", "stone-pit", "clay-pool", "ore-vein", "glassworks", "loom", "press"), 7),
)  # fmt: skip
STARTS = {"great-wall": "loom", "stonehenge": "wood", "abu-simbel": "papyrus", "manneken-pis": None}
_COPIED = re.compile(r"the cost of the (left|right) neighbour's stage (\d)")


def _printed_cost(text: str) -> dict[str, int]:
    """``"3 wood, loom"`` as resources (a copied cost: the neighbour's stage, read from the catalog)."""
    copied = _COPIED.fullmatch(text)
    if copied:
        wonder = LEFT if copied.group(1) == "left" else RIGHT
        stage = catalog_for(1).wonder(wonder).side("A").stages[int(copied.group(2)) - 1]
        return {r.value: n for r, n in stage.cost.resources}
    out: dict[str, int] = {}
    for item in text.split(", "):
        count, _, resource = item.rpartition(" ")
        out[resource] = int(count or 1)
    return out


def _sources_rows() -> dict[tuple[str, str, int], tuple[str, str]]:
    """The stage tables of SOURCES.md: (board, side, stage) -> (cost, effect)."""
    names = {name: board for board, name in BOARDS.items()}
    rows = {}
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and cells[0] in names and len(cells) == 7:
            rows[(names[cells[0]], cells[1], int(cells[2]))] = (cells[3], cells[4])
    return rows


def _table(stage: Printed, cards: tuple[str, ...], built: int) -> Game:
    city = {"player": "Ana", "wonder": stage.board, "side": stage.side, "stages": built, "coins": 0}
    return parse_game(
        {
            "expansions": ["wonder-pack"],
            "cities": [
                {**city, "cards": list(cards)},
                {"player": "Bo", "wonder": LEFT, "side": "A", "cards": []},
                {"player": "Cy", "wonder": RIGHT, "side": "A", "cards": []},
            ],
        }
    )


# --- the boards today -------------------------------------------------------------------------


def test_the_wonder_pack_offers_its_four_boards_typed_until_the_core_can_count_them():
    catalog = catalog_for(1, ["wonder-pack"])
    wonders = {w["id"]: w for w in catalog_to_dict(catalog)["wonders"]}
    for board, name in BOARDS.items():
        assert wonders[board]["name"] == name and wonders[board]["expansion"] == "wonder-pack"
        assert wonders[board]["typed"] is True and catalog.wonder(board).typed
    assert not any(catalog_for(1).has_wonder(board) for board in BOARDS)


def test_a_table_on_the_four_boards_scores_end_to_end_with_their_wonder_points_typed():
    # Four players, seated Ana, Bo, Cy, Di (Ana's left is Bo, her right Di). Worked by hand from
    # the printed stages (SOURCES.md):
    # - Ana, the Great Wall B, stages 1 and 4 built: no stage prints points, wonder 0; 11 coins
    #   (3); Baths 3; tokens +1 (Age I, over Bo) and +3 (Age II, over Di): 4 + 3 + 0 + 3 = 10.
    # - Bo, Stonehenge A, all three: 3 + 5 + 2 a stone for 3 stone (Quarry 2, Stone Pit 1, as the
    #   table counted them) = 14; 4 coins (1); Altar 2; tokens -1, -1: -2 + 1 + 14 + 2 = 15.
    # - Cy, Abu Simbel A, stages 1 and 2: 3 + 5 = 8; 2 coins (0); Pawnshop 3; the Builders Guild
    #   counts the stages of Cy (2), Di (1) and Bo (3): 6; tokens +5, +5 (Age III, over Bo and
    #   Di): 10 + 0 + 8 + 3 + 6 = 27.
    # - Di, Manneken Pis B, its one stage: 7 points (its 7 coins are in the 9 counted: 3);
    #   Theater 2; tokens -1, -1: -2 + 3 + 7 + 2 = 10.
    # Ana and Di tie on 10: Ana's 11 coins beat Di's 9.
    game = parse_game(
        {
            "expansions": ["wonder-pack"],
            "cities": [
                {"player": "Ana", "wonder": "great-wall", "side": "B", "stages": 2, "coins": 11,
                 "cards": ["loom", "baths"], "military": [1, 3], "categories": {"wonder": 0}},
                {"player": "Bo", "wonder": "stonehenge", "side": "A", "stages": 3, "coins": 4,
                 "cards": ["stone-pit", "quarry", "altar"], "military": [-1, -1], "categories": {"wonder": 14}},
                {"player": "Cy", "wonder": "abu-simbel", "side": "A", "stages": 2, "coins": 2,
                 "cards": ["pawnshop", "builders-guild"], "military": [5, 5], "categories": {"wonder": 8}},
                {"player": "Di", "wonder": "manneken-pis", "side": "B", "stages": 1, "coins": 9,
                 "cards": ["theater"], "military": [-1, -1], "categories": {"wonder": 7}},
            ],
        }
    )  # fmt: skip
    sheet = score_game(game)
    rows = {c.player: {k.value: v for k, v in c.categories.items() if v} for c in sheet.cities}
    assert rows == {
        "Ana": {"military": 4, "treasury": 3, "civilian": 3},
        "Bo": {"military": -2, "treasury": 1, "wonder": 14, "civilian": 2},
        "Cy": {"military": 10, "wonder": 8, "civilian": 3, "guilds": 6},
        "Di": {"military": -2, "treasury": 3, "wonder": 7, "civilian": 2},
    }
    assert [(c.player, c.total, c.rank) for c in sheet.cities] == [
        ("Ana", 10, 3), ("Bo", 15, 2), ("Cy", 27, 1), ("Di", 10, 4)
    ]  # fmt: skip
    assert sheet.winners == ("Cy",)
    # Each board says that its wonder points are typed; nothing else is found at the table.
    assert [(p.code, p.city) for p in sheet.problems] == [("typed-board", seat) for seat in range(4)]
    note = str(sheet.problems[0].message)
    assert "The Great Wall, is not known stage by stage" in note


@pytest.mark.parametrize("board", BOARDS)
def test_a_stage_or_a_card_in_or_beside_a_wonder_pack_board_is_refused_naming_the_board(board):
    stage = next(s for s in STAGES if s.board == board)
    game = _table(stage, stage.cards, 0)
    for ask in ({"stage": True}, {"card": "baths"}):
        with pytest.raises(GameFormatError) as refused:
            can_build(game, 0, **ask)
        assert refused.value.path == ("cities", 0, "wonder") and BOARDS[board] in str(refused.value.message)
    with pytest.raises(GameFormatError) as beside:
        can_build(game, 1, "baths")
    assert beside.value.path == ("cities", 0, "wonder")


# --- the printed stages, as recorded ---------------------------------------------------------------


def test_the_sources_table_every_printed_stage_of_the_four_boards_and_nothing_else():
    assert set(_sources_rows()) == {(s.board, s.side, s.number) for s in STAGES}
    for board, (a, b) in PRINTED_STAGES.items():
        assert [sum(s.board == board and s.side == side for s in STAGES) for side in "AB"] == [a, b]


@pytest.mark.parametrize("stage", STAGES, ids=lambda s: s.name)
def test_a_printed_stage_is_recorded_as_printed(stage):
    assert _sources_rows()[(stage.board, stage.side, stage.number)] == (stage.cost, stage.effect)
    assert _printed_cost(stage.cost) == stage.resources
    # The cards the tests hold give exactly that cost beside the board's own resource (an
    # either/or card giving the resource the stage wants).
    catalog = catalog_for(1)
    start = STARTS[stage.board]
    given: dict[str, int] = {start: 1} if start else {}
    for card in stage.cards:
        (produce,) = [p for e in catalog.structure(card).effects if (p := e.produced()) is not None]
        (resource,) = [r.value for r in produce.resources if r.value in stage.resources][:1]
        given[resource] = given.get(resource, 0) + produce.count
    assert {r: n for r, n in given.items() if r in stage.resources} == stage.resources
    assert set(given) <= {*stage.resources, start}
