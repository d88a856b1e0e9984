"""One input per number (issue 43): where the assistant works a row out from a field of the
city (Babel's tiles built, Armada's naval strengths), the page offers the row typed only while
that field is not given; once it is, the row says where it comes from, and no second box."""

from __future__ import annotations

import re

import pytest

NAVAL = [1, 2, 3]


def _game(client, expansions: list[str], given: dict, pad: bool = False) -> str:
    cities = []
    for seat, (name, wonder) in enumerate((("Ana", "giza"), ("Bo", "rhodes"), ("Cy", "babylon"))):
        city = {"player": name, "wonder": wonder, **({"categories": {}} if pad else {"cards": []})}
        if seat == 0:
            city.update(given)
        cities.append(city)
    game = {"edition": 1, "expansions": expansions, "cities": cities}
    return client.post("/api/v1/games", json={"game": game}).get_json()["token"]


def _row(page: str, category: str) -> str:
    found = re.search(rf'<div class="field[^"]*" data-computed-by="[a-z_]+">(?:(?!</div>\s*</div>).)*?name="categories-{category}".*?</div>\s*</div>', page, re.S)  # fmt: skip
    assert found, f"no row {category} that a field works out"
    return found.group(0)


@pytest.mark.parametrize("pad", [False, True], ids=["cards", "pad"])
@pytest.mark.parametrize(
    ("expansions", "category", "field", "value", "words"),
    [
        (["babel"], "babel", "babel_tiles", 2, "Worked out from “Babel tiles built” above."),
        (["armada"], "naval", "naval_by_age", NAVAL, "Worked out from “Naval strength at the end of each age” above."),
    ],
    ids=["babel", "armada"],
)  # fmt: skip
def test_a_row_a_field_works_out_is_typed_only_while_the_field_is_not_given(
    nocsrf_client, expansions, category, field, value, words, pad
):
    token = _game(nocsrf_client, expansions, {}, pad=pad)
    row = _row(nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True), category)
    assert '<p class="computed-note" hidden>' in row and "disabled" not in row  # typed: nothing gives it

    token = _game(nocsrf_client, expansions, {field: value}, pad=pad)
    row = _row(nocsrf_client.get(f"/g/{token}/city/0").get_data(as_text=True), category)
    assert words in row and '<div class="typed-input" hidden>' in row and "disabled" in row
    if field == "babel_tiles":  # 2 tiles: 5 points, the one number of the row
        scores = nocsrf_client.get(f"/api/v1/games/{token}").get_json()["scores"]["cities"][0]
        assert scores["categories"][category] == 5
