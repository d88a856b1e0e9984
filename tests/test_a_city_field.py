"""A city field that carries a rule is its field-table entry and its rule, and nothing else:
the toy Parade's ``floats_by_age`` (tests/toy_field.py) is read, refused by name, written back,
in the JSON Schema, scored by its rule, asked on the city page in the shape its entry says,
saved from that page, and merged, with no line of the app's own naming it."""

from __future__ import annotations

import re
import subprocess

import pytest

from assistant.rules import parse_game, score_game
from assistant.rules.catalog import catalog_for
from assistant.rules.cityformat import city_schema
from assistant.rules.errors import GameFormatError
from assistant.rules.expansion_fields import fields_of
from assistant.rules.gameio import game_to_dict
from tests.conftest import ROOT, TOY_EDITION
from tests.web.test_games import city_form, stored

SEATS = {f"seats-{i}-player": name for i, name in enumerate(["Ana", "Bo", "Cy"])}


def _game(floats: list[list[int] | None], expansions: tuple[str, ...] = ("parade",)) -> dict:
    cities = []
    for name, given in zip(["Ana", "Bo", "Cy"], floats, strict=True):
        city = {"player": name, "wonder": "toy-spire", "cards": []}
        if given is not None:
            city["floats_by_age"] = given
        cities.append(city)
    return {"edition": TOY_EDITION, "expansions": list(expansions), "cities": cities}


def test_the_field_is_a_field_of_the_games_that_play_its_expansion_only():
    assert "floats_by_age" in [f.key for f in fields_of(catalog_for(TOY_EDITION, ["parade"]))]
    assert "floats_by_age" not in [f.key for f in fields_of(catalog_for(TOY_EDITION))]
    schema = city_schema(catalog_for(TOY_EDITION, ["parade"]))["properties"]["floats_by_age"]
    assert schema["maxItems"] == 4 and schema["items"]["maximum"] == 9
    with pytest.raises(GameFormatError) as refused:
        parse_game(_game([[1, 0, 0, 0], None, None], expansions=()))
    assert refused.value.path == ("cities", 0, "floats_by_age")
    assert "a field of Parade (tests): add parade" in refused.value.message.render()


def test_the_field_is_read_into_the_city_and_written_back_as_given():
    game = parse_game(_game([[3, 0, 2, 0], None, [1, 1, 1, 1]]))
    assert game.cities[0].added("floats_by_age") == (3, 0, 2, 0)
    assert game.cities[1].added("floats_by_age") is None
    written = game_to_dict(game)["cities"]
    assert [c.get("floats_by_age") for c in written] == [[3, 0, 2, 0], None, [1, 1, 1, 1]]
    with pytest.raises(GameFormatError) as refused:
        parse_game(_game([[3, 0, 2], None, None]))
    assert refused.value.path == ("cities", 0, "floats_by_age")


def test_its_rule_scores_the_table_after_the_cards():
    """Age 1: Ana alone has the most (3); age 2: Bo and Cy tie (none); age 3: Ana (2);
    age 4: Cy (1). Ana 4 points, Bo 0, Cy 2, all in the Parade row."""
    sheet = score_game(parse_game(_game([[3, 0, 2, 0], [0, 1, 0, 0], [1, 1, 1, 1]])))
    assert [c.categories["parade"] for c in sheet.cities] == [4, 0, 2]
    ana = [d for d in sheet.cities[0].details if d.source == "floats_by_age"]
    assert [d.reason.render() for d in ana] == ["The most floats in age 1: 2", "The most floats in age 3: 2"]


def test_the_city_page_asks_for_it_as_its_entry_says_and_saves_it(nocsrf_app, nocsrf_client):
    response = nocsrf_client.post(
        "/new", data={"edition": str(TOY_EDITION), "expansions": "parade", "deal": "y", **SEATS}
    )
    token = response.headers["Location"].rsplit("/", 1)[-1]
    page = nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert re.findall(r'name="(floats_by_age-\d)"', page) == [f"floats_by_age-{age}" for age in range(4)]
    assert "Floats at the end of each age" in page and 'max="9"' in page
    row = stored(nocsrf_app, token)
    city = dict(row.cities[0].data)
    typed = {"floats_by_age-0": "3", "floats_by_age-1": "", "floats_by_age-2": "2", "floats_by_age-3": ""}
    form = city_form(city, row.cities[0].version, **typed)  # as a browser sends it: a blank age too
    assert nocsrf_client.post(f"/g/{token}/city/0", data=form).status_code == 302
    assert stored(nocsrf_app, token).cities[0].data["floats_by_age"] == [3, 0, 2, 0]
    board = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    assert "The most floats in age 1: 2" in board
    form = city_form(city, row.cities[0].version, **{**typed, "floats_by_age-1": "10"})  # over its most
    refused = nocsrf_client.post(f"/g/{token}/city/0", data=form)
    assert refused.status_code == 400 and 'class="field per-age has-error"' in refused.get_data(as_text=True)
    assert stored(nocsrf_app, token).cities[0].data["floats_by_age"] == [3, 0, 2, 0]  # nothing lost


def test_the_api_refuses_a_bad_value_naming_the_field(nocsrf_client):
    refused = nocsrf_client.post("/api/v1/score", json=_game([[3, 0, 2, 10], None, None]))
    assert refused.status_code == 400 and refused.get_json()["field"] == "cities[0].floats_by_age"


def test_no_line_of_the_app_names_the_field():
    """The field is its entry and its rule (tests/toy_field.py): the app's code, templates
    and script know it only through the field table."""
    found = subprocess.run(
        ["grep", "-rl", "floats", "assistant", "templates", "static", "rules_data"],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert found.stdout == ""
