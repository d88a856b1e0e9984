"""A made-up edition (tests/rules_data/toy, edition 99) through the core, the web pages, the
API, the command line and the PDF: its own categories and their order, a category the base
game lacks, its own prices, tokens, starting coins, sides and what is for sale. Nothing the
app does may be pinned to the first edition."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from assistant.cli import main
from assistant.rules import Category, can_build, catalog_for, parse_game, score_game
from tests.conftest import TOY_EDITION

BONUS = Category("bonus")

# Hand-scored in the toy edition's rules (victories 2/4/6, defeats -2, red cards' points
# are "bonus", the treasury 1 point for each full 2 coins):
#  Ana  Spire B, 2 stages (shield, 4), 7 coins (3); Shrine 2 + Hall 4; Fort 1 (bonus);
#       Market Hall: 1 per brown card of her own (Grove): 1; tokens +2 +4 (6)        = 21
#  Bo   Harbor A, 1 stage (coins, 0), 5 coins (2); Guild of Stones: 2 per brown card of
#       Ana and Cy (Grove): 2; Lab: a gear (1); tokens +6 -2 -2 (2)                   = 7
#  Cy   Garden A, 0 stages, 3 coins (1); Guild of Scholars' wildcard + Academy: the
#       wildcard as a second compass (4); tokens -2 (-2)                               = 3
TOY_GAME = {
    "edition": TOY_EDITION,
    "cities": [
        {"player": "Ana", "wonder": "toy-spire", "side": "B", "stages": 2, "coins": 7, "military": [2, 4],
         "cards": ["toy-grove", "toy-fort", "toy-shrine", "toy-hall", "toy-market-hall"]},
        {"player": "Bo", "wonder": "toy-harbor", "stages": 1, "coins": 5, "military": [6, -2, -2],
         "cards": ["toy-quarry", "toy-guild-of-stones", "toy-lab"]},
        {"player": "Cy", "wonder": "toy-garden", "coins": 3, "military": [-2],
         "cards": ["toy-kiln", "toy-guild-of-scholars", "toy-academy"]},
    ],
}  # fmt: skip
TOTALS = {"Ana": 21, "Bo": 7, "Cy": 3}


def test_the_toy_edition_scores_in_its_own_categories_and_order():
    sheet = score_game(parse_game(TOY_GAME))
    assert {c.player: c.total for c in sheet.cities} == TOTALS
    rules = catalog_for(TOY_EDITION).rules
    ana = sheet.cities[0]
    assert tuple(ana.categories) == rules.categories and ana.categories[BONUS] == 1
    assert ana.categories[Category.COMMERCIAL] == 1 and ana.categories[Category.MILITARY] == 6
    assert sheet.cities[2].categories[Category.SCIENCE] == 4


def test_the_toy_editions_prices_and_what_it_sells_decide_a_build():
    game = parse_game(TOY_GAME)
    # Cy's grey Kiln is not for sale in the toy edition: Ana cannot get glass.
    assert can_build(game, 0, "toy-scroll").why == "resources"
    # Stone bought at the toy edition's price, 3 coins a unit (Bo sells a Quarry's stone).
    fresh = parse_game({"edition": TOY_EDITION, "cities": [
        {"player": "Ana", "wonder": "toy-harbor", "coins": 5},
        {"player": "Bo", "wonder": "toy-garden", "cards": ["toy-quarry"]},
        {"player": "Cy", "wonder": "toy-tower-of-dice"},
    ]})  # fmt: skip
    verdict = can_build(fresh, 0, "toy-fort")
    assert verdict.buildable and verdict.cheapest is not None and verdict.cheapest.total == 3


@pytest.fixture
def client(tmp_path):
    from tests.conftest import make_test_app

    return make_test_app(tmp_path, WTF_CSRF_ENABLED=False).test_client()


def test_a_new_game_in_the_toy_edition_uses_its_boards_sides_players_and_coins(client):
    page = client.get(f"/new?edition={TOY_EDITION}").get_data(as_text=True)
    assert "Spire" in page and "Colossus" not in page and "Rhodes" not in page
    assert ">Sun<" in page and ">Moon<" in page
    assert "seats-3-player" in page and "seats-4-player" not in page  # four players at most
    assert "free_city-wonder" not in page  # no two-player variant
    data = {"edition": str(TOY_EDITION), "seats-0-player": "Ana", "seats-1-player": "Bo", "seats-2-player": "Cy",
            "seats-0-wonder": "toy-spire", "seats-0-side": "B", "deal": "y"}  # fmt: skip
    token = client.post("/new", data=data).headers["Location"].rsplit("/", 1)[-1]
    game = client.get(f"/api/v1/games/{token}").get_json()["game"]
    assert game["edition"] == TOY_EDITION
    assert {c["wonder"] for c in game["cities"]} <= {w.id for w in catalog_for(TOY_EDITION).wonders}
    assert all(c["coins"] == 5 for c in game["cities"])
    assert (game["cities"][0]["wonder"], game["cities"][0]["side"]) == ("toy-spire", "B")
    hub = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Spire Moon" in hub


def test_two_players_are_refused_where_the_edition_has_no_free_city(client):
    data = {"edition": str(TOY_EDITION), "seats-0-player": "Ana", "seats-1-player": "Bo", "deal": "y"}
    response = client.post("/new", data=data)
    assert response.status_code == 400 and "at least 3 players" in response.get_data(as_text=True)


def test_the_toy_editions_city_page_scoreboard_and_pad_follow_its_categories(client):
    response = client.post("/api/v1/games", json={"game": TOY_GAME})
    token = response.get_json()["token"]
    city = client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert 'value="toy-palace"' in city and 'value="baths"' not in city
    assert '"toy-spire": {"A": 2, "B": 3}' in city.replace("&#34;", '"')
    board = client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    chips = re.findall(r'<li class="cat-([a-z]+)">', board.split('id="row-0"')[1])[:8]
    assert chips == [c.value for c in catalog_for(TOY_EDITION).rules.categories]
    assert "Bonus: 1" in board
    for name, total in TOTALS.items():
        assert f'data-total="{total}"' in board and name in board
    pad_game = {
        "edition": TOY_EDITION,
        "cities": [{"player": p, "coins": 5, "categories": {}} for p in "ABC"],
    }
    pad_token = client.post("/api/v1/games", json={"game": pad_game}).get_json()["token"]
    pad = client.get(f"/g/{pad_token}/city/0").get_data(as_text=True)
    fields = re.findall(r'name="categories-([a-z]+)"', pad)
    assert fields == [c.value for c in catalog_for(TOY_EDITION).rules.categories]


def test_the_reference_pages_show_the_toy_edition_when_asked(client):
    cards = client.get(f"/cards?edition={TOY_EDITION}").get_data(as_text=True)
    assert "Toy Guild of Stones" in cards and "Lumber Yard" not in cards
    assert "Buys raw materials from both neighbours for 2 coins instead of 3." in cards
    assert "Spire of Toys" in client.get(f"/wonders?edition={TOY_EDITION}").get_data(as_text=True)
    assert "Grey goods stay home" in client.get(f"/rulings?edition={TOY_EDITION}").get_data(as_text=True)
    assert "Toy Hall" in client.get(f"/cards/toy-shrine?edition={TOY_EDITION}").get_data(as_text=True)


def test_the_api_answers_in_the_toy_edition(client):
    catalog = client.get(f"/api/v1/catalog?edition={TOY_EDITION}").get_json()
    assert catalog["edition"] == TOY_EDITION and {c["id"] for c in catalog["cards"]} >= {
        "toy-quarry",
        "toy-palace",
    }
    scored = client.post("/api/v1/score", json=TOY_GAME).get_json()
    assert {c["player"]: c["total"] for c in scored["cities"]} == TOTALS
    assert list(scored["cities"][0]["categories"]) == [
        c.value for c in catalog_for(TOY_EDITION).rules.categories
    ]
    tokens = client.post(
        "/api/v1/military", json={"age": 2, "shields": [3, 1, 1], "edition": TOY_EDITION}
    ).get_json()
    assert tokens["tokens"] == [[4, 4], [-2], [-2]]
    assert client.get("/api/v1/catalog?edition=5").status_code == 400


def test_the_command_line_speaks_the_toy_edition(capsys, tmp_path: Path):
    assert main(["catalog", "--edition", str(TOY_EDITION)]) == 0
    assert json.loads(capsys.readouterr().out)["edition"] == TOY_EDITION
    game = tmp_path / "toy.json"
    game.write_text(json.dumps(TOY_GAME), encoding="utf-8")
    assert main(["score", str(game)]) == 0
    assert {c["player"]: c["total"] for c in json.loads(capsys.readouterr().out)["cities"]} == TOTALS
    assert main(["military", "--age", "3", "--shields", "2,0,0", "--edition", str(TOY_EDITION)]) == 0
    assert json.loads(capsys.readouterr().out)["tokens"] == [[6, 6], [-2], [-2]]
    pads = tmp_path / "pads.pdf"
    assert main(["pad", "--players", "4", "--edition", str(TOY_EDITION), "-o", str(pads)]) == 0
    text = PdfReader(str(pads)).pages[0].extract_text()
    assert text.index("Bonus") < text.index("Military") < text.index("Science")  # the toy pad's rows
    assert main(["pad", "--players", "5", "--edition", str(TOY_EDITION), "-o", str(pads)]) == 2
    assert "--players: 3 to 4" in capsys.readouterr().err


def test_the_toy_editions_score_sheet_prints_its_categories_and_sides():
    """The table has a row for each of the edition's categories (its Bonus too), in its
    counting order, and each player's rows add up to the total printed under them.
    (Before, the sheet printed the first edition's seven rows: Ana's added up to 19 under a
    total of 20, and "Bonus" appeared only on the details page.)"""
    from assistant.pdf import score_sheet_pdf
    from tests.pdf.test_sheet import line_starting

    sheet = score_game(parse_game(TOY_GAME))
    pdf = score_sheet_pdf(sheet, invariant=True)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]
    front = pages[0]
    rules = catalog_for(TOY_EDITION).rules
    names = [rules.category_name(c).render() for c in rules.categories]
    assert "Bonus" in names
    lines = front.splitlines()
    rows = [next(i for i, line in enumerate(lines) if line.startswith(name + " ")) for name in names]
    assert rows == sorted(rows)  # the edition's counting order
    table = {name: [int(v.replace("\u2212", "-")) for v in line_starting(front, name)] for name in names}
    totals = [int(v) for v in line_starting(front, "Total")]
    assert totals == [TOTALS[c.player] for c in sheet.cities]
    assert [sum(column) for column in zip(*table.values(), strict=True)] == totals
    assert table["Bonus"] == [1, 0, 0]
    assert "Toy Market Hall" in "\n".join(pages[1:])
    assert "Spire Moon" in front


# --- every limit a shell shows or checks is the edition's (issue 12's audit) -----------------
# The toy edition has four ages (victories 2/4/6/8), three or four players, no Free City,
# wonder sides of at most three stages and a treasury of 1 point per 2 coins.


def _stored_toy(client, game: dict | None = None) -> str:
    return client.post("/api/v1/games", json={"game": game or TOY_GAME}).get_json()["token"]


def _players_offered(page: str) -> list[str]:
    select = page.split('name="players"')[1].split("</select>")[0]
    return re.findall(r'value="(\d+)"', select)


def test_the_pads_page_offers_only_the_editions_player_counts(client):
    assert _players_offered(client.get(f"/pads?edition={TOY_EDITION}").get_data(as_text=True)) == ["3", "4"]
    assert _players_offered(client.get("/pads?edition=2").get_data(as_text=True)) == [
        str(n) for n in range(3, 8)
    ]
    assert _players_offered(client.get("/pads").get_data(as_text=True)) == [str(n) for n in range(2, 8)]


@pytest.mark.parametrize(
    ("edition", "players", "words"),
    [
        (TOY_EDITION, 7, "Pads of this edition are for 3 to 4 players."),
        (TOY_EDITION, 2, "Pads of this edition are for 3 to 4 players."),
        (2, 2, "Pads of this edition are for 3 to 7 players."),  # no Free City in 2020
        (1, 8, "Pads of this edition are for 2 to 7 players."),
        (1, "x", "Pads of this edition are for 2 to 7 players."),
    ],
)
def test_a_player_count_the_edition_does_not_allow_is_refused_beside_the_field(
    client, edition, players, words
):
    response = client.get(f"/pads?edition={edition}&players={players}&submit=1")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    field = page.split('name="players"')[0].rsplit('<div class="field', 1)[1]
    assert "has-error" in field and words in page.split('name="players"')[1].split("</div>")[0]


def test_pads_of_a_count_the_edition_allows_are_printed(client):
    for edition, players in ((TOY_EDITION, 3), (TOY_EDITION, 4), (1, 2), (2, 7)):
        response = client.get(f"/pads?edition={edition}&players={players}&submit=1")
        assert response.mimetype == "application/pdf", (edition, players)


def test_the_end_of_an_age_offers_and_hands_out_the_editions_fourth_age(client):
    token = _stored_toy(client)
    page = client.get(f"/g/{token}/age?age=4").get_data(as_text=True)
    assert re.search(r'<input[^>]*checked[^>]*value="4"|<input[^>]*value="4"[^>]*checked', page)
    assert 'for="age-3">IV</label>' in page
    page = client.post(
        f"/g/{token}/age", data={"age": "4", "shields-0": "2", "shields-1": "0", "shields-2": "0"}
    ).get_data(as_text=True)
    assert "Age IV: conflicts" in page and "Next age" not in page
    game = client.get(f"/api/v1/games/{token}").get_json()["game"]
    assert [sorted(c["military"]) for c in game["cities"]] == [[2, 4, 8, 8], [-2, -2, -2, 6], [-2, -2]]
    page = client.post(
        f"/g/{token}/age", data={"age": "3", "shields-0": "0", "shields-1": "0", "shields-2": "0"}
    ).get_data(as_text=True)
    assert "Age III: conflicts" in page and "Next age" in page  # the fourth age is still to come


def test_the_during_play_page_offers_the_editions_ages(client):
    token = _stored_toy(client)
    page = client.get(f"/g/{token}/play").get_data(as_text=True)
    assert ">Age IV</label>" in page
    version = client.get(f"/api/v1/games/{token}").get_json()["play_version"]
    response = client.post(f"/g/{token}/play", data={"age": "4", "play_version": str(version)})
    assert response.status_code == 302
    assert client.get(f"/api/v1/games/{token}").get_json()["game"]["age"] == 4


def test_the_city_page_counts_the_editions_tokens_stages_and_pad_limits(client):
    token = _stored_toy(client)
    page = client.get(f"/g/{token}/city/0").get_data(as_text=True)
    assert re.findall(r'name="(military-win\d)" id="military-win\d-0"', page) == [
        "military-win1",
        "military-win2",
        "military-win3",
        "military-win4",
    ]
    assert (
        ">+8</span>" in page and 'id="military-defeats-8"' in page and 'id="military-defeats-9"' not in page
    )
    assert 'id="stages-3"' in page and 'id="stages-4"' not in page  # no toy side has four stages
    assert re.findall(r'name="(stage_ages-\d)"', page) == ["stage_ages-0", "stage_ages-1", "stage_ages-2"]
    assert '<option value="4">Age IV</option>' in page
    city = client.get(f"/api/v1/games/{token}").get_json()["game"]["cities"][0]
    form = {"player": "Ana", "wonder": "toy-spire", "side": "B", "stages": "2", "coins": "7",
            "military-win1": "1", "military-win4": "2", "military-defeats": "1", "cards": city["cards"], "version": "1"}  # fmt: skip
    assert client.post(f"/g/{token}/city/0", data=form).status_code == 302
    stored = client.get(f"/api/v1/games/{token}").get_json()["game"]["cities"][0]
    assert sorted(stored["military"]) == [-2, 2, 8, 8]
    pad_game = {
        "edition": TOY_EDITION,
        "cities": [{"player": p, "coins": 5, "categories": {}} for p in "ABC"],
    }
    pad = client.get(f"/g/{_stored_toy(client, pad_game)}/city/0").get_data(as_text=True)
    from assistant.rules.gameio import category_range

    for category in catalog_for(TOY_EDITION).rules.categories:
        low, high = category_range(category)
        field = re.search(rf'<input[^>]*name="categories-{category.value}"[^>]*>', pad)
        assert field and f'min="{low}"' in field.group(0) and f'max="{high}"' in field.group(0)


def test_the_treasury_counts_the_editions_coins_per_point():
    ana = score_game(parse_game(TOY_GAME)).cities[0]
    [detail] = [d for d in ana.details if d.category is Category.TREASURY]
    assert detail.points == 3 and str(detail.reason) == "7 coins: 3 victory points, 1 for each full 2 coins"


def test_the_api_military_takes_the_editions_ages_and_table_sizes(client):
    def ask(**body):
        return client.post("/api/v1/military", json={"edition": TOY_EDITION, **body})

    tokens = ask(age=4, shields=[2, 0, 0, 1]).get_json()["tokens"]
    assert [sorted(t) for t in tokens] == [[8, 8], [-2], [-2], [-2, 8]]
    five = ask(age=1, shields=[1, 2, 3, 4, 5])
    assert five.status_code == 400 and five.get_json()["field"] == "shields"
    assert "3 to 4 cities" in five.get_json()["error"]
    assert ask(age=5, shields=[1, 2, 3]).get_json()["field"] == "age"
    first = client.post("/api/v1/military", json={"age": 4, "shields": [1, 2, 3]})
    assert first.status_code == 400 and first.get_json()["field"] == "age"  # edition 1 has three ages
    assert (
        client.post("/api/v1/military", json={"age": 1, "shields": [0] * 8}).get_json()["field"] == "shields"
    )
    assert client.post("/api/v1/military", json={"age": 1, "shields": [0] * 7}).status_code == 200


def test_the_reference_pages_list_every_age_of_the_edition(client):
    cards = client.get(f"/cards?edition={TOY_EDITION}").get_data(as_text=True)
    assert "Age IV" in cards and "Toy Lighthouse" in cards
    assert client.get(f"/can-build?edition={TOY_EDITION}").status_code == 200


def test_the_fewest_players_follow_the_editions_free_city_variant(tmp_path: Path, monkeypatch, capsys):
    """A made-up edition whose Free City joins three players: the new-game form and the command
    line's pads ask for three players at least (the edition's ``free_city_players``, no literal 2)."""
    from types import SimpleNamespace

    from assistant.rules import records
    from tests.conftest import make_test_app

    variant = records.replace(catalog_for(1).rules, free_city_players=3, min_players=4)
    assert variant.player_counts == range(3, 8) and variant.players == range(4, 8)
    from wtforms.validators import ValidationError

    from assistant.web.forms import new_game_form_for

    app = make_test_app(tmp_path, WTF_CSRF_ENABLED=False)
    data = {"seats-0-player": "Ana", "seats-1-player": "Bo", "mode": "pad"}
    with app.test_request_context("/new", method="POST", data=data):
        form = new_game_form_for(variant)()
        with pytest.raises(ValidationError) as refused:
            form.validate_seats(form.seats)
        assert str(refused.value) == "Enter at least 3 players, in seating order."
    monkeypatch.setattr(
        "assistant.cli.catalog_for", lambda edition, expansions=(): SimpleNamespace(rules=variant)
    )
    assert main(["pad", "--players", "2", "-o", str(tmp_path / "pads.pdf")]) == 2
    assert "--players: 3 to 7" in capsys.readouterr().err


@pytest.mark.parametrize("per_page", [1, 2, 4])
@pytest.mark.parametrize("url", ["https://wonders.example.org/new", "https://x.example/new"])
def test_the_toy_editions_eight_row_pads_stay_inside_the_printable_area(per_page, url, tmp_path: Path):
    """Eight categories: before, the pad was sized for seven rows and its QR caption or link
    ran within 6.4 mm of the paper's edge."""
    from reportlab.lib.units import mm

    from assistant.pdf import score_pad_pdf
    from tests.pdf.conftest import require_tool
    from tests.pdf.test_sheet import word_boxes

    if not require_tool("pdftotext", "poppler-utils"):
        pytest.skip("pdftotext is not installed (Debian package poppler-utils)")
    path = tmp_path / "toy-pads.pdf"
    path.write_bytes(score_pad_pdf(4, per_page=per_page, url=url, edition=TOY_EDITION))
    edge = 6.4 * mm
    for width, height, words in word_boxes(path):
        assert "Bonus" in {w[4] for w in words}
        outside = [
            w[4] for w in words if w[0] < edge or w[1] < edge or w[2] > width - edge or w[3] > height - edge
        ]
        assert not outside, outside
