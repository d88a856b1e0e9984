"""``score --jsonl`` writes each sheet through :func:`assistant.sheetjson.sheet_json`: the
same bytes as ``orjson.dumps(sheet_to_dict(sheet))``, for any table, name or edition."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from assistant import jsonio
from assistant.rules import records
from assistant.rules.catalog import catalog_for
from assistant.rules.gameio import parse_game, sheet_to_dict
from assistant.rules.model import City, Game
from assistant.rules.scoring import score_game
from assistant.sheetjson import sheet_json
from tests.rules.strategies import legal_games, tables_with_pad_entries

names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).filter(
    lambda s: s.strip() and s == " ".join(s.split())
)


def _plain(sheet) -> bytes:
    return jsonio.dumps_bytes(sheet_to_dict(sheet))


@given(
    st.one_of(
        legal_games(),
        tables_with_pad_entries(),
        legal_games(catalog=catalog_for(2)),
    ),
    st.lists(names, min_size=7, max_size=7, unique=True),
)
def test_the_fast_sheet_is_byte_for_byte_the_plain_one(game: Game, players: list[str]) -> None:
    game = records.replace(
        game,
        cities=tuple(records.replace(c, player=p) for c, p in zip(game.cities, players, strict=False)),
    )
    sheet = score_game(game)
    assert sheet_json(sheet) == _plain(sheet)
    assert sheet_json(sheet) == _plain(sheet)  # again, from the details kept


def test_a_sheet_with_problems_and_quotes_in_names():
    game = {
        "cities": [
            {"player": 'Ana "the" \\ one', "wonder": "giza", "cards": ["baths", "baths"], "military": [1, 9]},
            {"player": "Bartek 🏛", "wonder": "rhodes", "side": "B", "stages": 2, "coins": 7},
            {"player": "Cem", "categories": {"civilian": 12}, "coins": 4, "bogus": 1},
        ],
        "note": "x",
    }
    sheet = score_game(parse_game(game))
    assert sheet.problems
    assert sheet_json(sheet) == _plain(sheet)


def test_numbers_orjson_cannot_write_take_the_plain_way():
    sheet = score_game(
        parse_game(
            {
                "cities": [
                    {"player": n, "wonder": w} for n, w in (("A", "giza"), ("B", "rhodes"), ("C", "babylon"))
                ]
            }
        )
    )
    city = sheet.cities[0]
    huge = records.replace(sheet, cities=(city._replace(total=1 << 70), *sheet.cities[1:]))
    assert sheet_json(huge) == _plain(huge)
    assert b"1180591620717411303424" in sheet_json(huge)


def test_a_city_is_made_as_the_dataclass_makes_it():
    game = parse_game(
        {
            "cities": [
                {"player": n, "wonder": w, "cards": ["baths"]}
                for n, w in (("A", "giza"), ("B", "rhodes"), ("C", "babylon"))
            ]
        }
    )
    made = game.cities[0]
    assert made == City(player="A", wonder="giza", cards=("baths",)) and type(made) is City
    assert hash(made) == hash(City(player="A", wonder="giza", cards=("baths",)))


def test_an_edition_with_categories_of_its_own():
    from tests.test_toy_edition import TOY_GAME

    sheet = score_game(parse_game(TOY_GAME))
    assert b'"bonus":' in sheet_json(sheet) and sheet_json(sheet) == _plain(sheet)


@given(st.lists(legal_games(), min_size=2, max_size=4))
def test_the_kept_details_cleared_midway_write_the_same_bytes(games: list[Game]) -> None:
    """With room for three details only, the kept JSON is cleared in the middle of cities."""
    from assistant import sheetjson

    original = sheetjson._FRAGMENTS_MAX
    sheetjson._FRAGMENTS_MAX = 3
    sheetjson._FRAGMENTS.clear()
    sheetjson._KEPT.clear()
    try:
        for game in games:
            sheet = score_game(game)
            assert sheet_json(sheet) == _plain(sheet)
            assert len(sheetjson._FRAGMENTS) == len(sheetjson._KEPT) <= 3
    finally:
        sheetjson._FRAGMENTS_MAX = original
