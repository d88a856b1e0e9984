"""Tonight's deck on the web (issue 45): ``GET /api/v1/deck`` as the OpenAPI document
describes it, with 400s naming the field; the page ``/deck``, one tap from the home page and
the new-game page, a checklist without any script, in every language; its PDF."""

from __future__ import annotations

import gzip
import re

import pytest
from babel.support import Translations

from assistant.pdf.layout import TRANSLATIONS_DIR
from assistant.web.openapi import document
from tests.test_i18n import LANGUAGES, visible_text
from tests.web.test_openapi import fits, schema_for

ENGLISH = [
    "What goes into each age's deck",
    "cards once drawn",
    "Put in ",
    "Shuffle these guilds",
    "in no age's deck",
    "Download the deck list",
    "Tick each card as you find it",
    "Dealt apart",
    "Show the deck",
    "players: hands of",
    "and put ",
]
"""Pieces of the page's English sentences: none may show on a page in another language."""


# --- the API ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "players=4",
        "players=2",
        "players=7&expansions=leaders,cities,armada,babel,edifice,wonder-pack",
        "players=8&expansions=cities,armada",
        "players=3&edition=2&expansions=leaders,cities,armada,edifice",
        "players=5&edition=99&expansions=festival,parade",
    ],
)
def test_the_deck_fits_the_documented_schema(client, query):
    response = client.get(f"/api/v1/deck?{query}")
    assert response.status_code == 200
    body = response.get_json()
    fits(body, schema_for("/api/v1/deck", "get", 200))
    for age in body["ages"]:  # the total is what is put in and what is drawn
        assert age["total"] == len(age["cards"]) + sum(d["count"] for d in age["draw"])


def test_the_deck_answers_as_the_command_line_does(client, capsys):
    import json

    from assistant.cli import main

    main(["deck", "--players", "6", "--edition", "1", "--expansions", "leaders,cities"])
    printed = json.loads(capsys.readouterr().out)
    assert client.get("/api/v1/deck?players=6&edition=1&expansions=cities,leaders").get_json() == printed


@pytest.mark.parametrize(
    ("query", "field", "words"),
    [
        ("players=9", "players", "2 to 7"),
        ("players=8", "players", "2 to 7"),
        ("players=8&expansions=leaders", "players", "2 to 7"),
        ("", "players", "Give the number of players"),
        ("players=four", "players", "Give the number of players"),
        ("players=-3", "players", "Give the number of players"),
        ("players=" + "9" * 5000, "players", "Give the number of players"),
        ("players=²", "players", "Give the number of players"),
        ("players=2&edition=2", "players", "3 to 7"),
        ("players=4&expansions=catan", "expansions", "catan"),
        ("players=4&edition=2&expansions=babel", "expansions", "babel"),
        ("players=4&edition=3", "edition", "Unknown edition"),
        ("players=4&edition=true", "edition", "Unknown edition"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(client, query, field, words):
    response = client.get(f"/api/v1/deck?{query}")
    assert response.status_code == 400
    body = response.get_json()
    assert body["field"] == field and words in body["error"], body
    fits(body, schema_for("/api/v1/deck", "get", 400))


def test_the_refusal_speaks_the_language_asked_for(client):
    body = client.get("/api/v1/deck?players=9", headers={"Accept-Language": "es"}).get_json()
    assert body["field"] == "players" and body["error"].startswith("Indica el número de jugadores: de 2 a 7")


def test_the_document_describes_the_deck():
    operation = document()["paths"]["/api/v1/deck"]["get"]
    assert operation["operationId"] == "deck"
    assert {p["name"]: p["required"] for p in operation["parameters"]} == {
        "players": True,
        "edition": False,
        "expansions": False,
    }
    assert "TableDeck" in document()["components"]["schemas"]


# --- the page --------------------------------------------------------------------------------


def test_the_home_page_and_the_new_game_page_lead_to_tonights_deck_in_one_tap(client):
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'<a href="/deck" id="tonights-deck">.*?Tonight(&#39;|\')s deck', home, re.S)
    new = client.get("/new?edition=2&expansions=cities").get_data(as_text=True)
    link = re.search(r'<p class="small" id="deck-link"><a href="([^"]+)"', new)
    assert link and link.group(1).replace("&amp;", "&") in ("/deck?edition=2&expansions=cities",)


def test_the_page_shows_the_four_player_deck_without_any_choice(client):
    response = client.get("/deck")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and len(re.findall(r"<h1[\s>]", html)) == 1
    text = visible_text(html)
    assert "4 players: hands of 7." in text
    assert "Age I: 28 cards once drawn Put in 28 cards: Raw materials Lumber Yard ×2 Stone Pit" in text
    assert "Age III: 28 cards once drawn Put in 22 cards:" in text
    assert "Shuffle these guilds and put 6 of them in, unseen (4 players + 2)." in text
    assert html.count('type="checkbox" id="deck-') == len(set(re.findall(r'id="(deck-\d-[a-z-]+)"', html)))
    assert "<script" not in html.split("<main", 1)[-1].split("</main>", 1)[0]  # nothing needs the script


def test_the_page_takes_the_edition_expansions_and_players_as_a_form_sends_them(client):
    query = "edition=1&expansions=leaders&expansions=cities&expansions=armada&players=8&paper=letter&submit=1"
    html = client.get(f"/deck?{query}").get_data(as_text=True)
    text = visible_text(html)
    assert "8 players: the 7-player decks, shared out in hands of 8." in text
    assert "Shuffle these black cards of Cities and put 7 of them in, unseen. Pigeon Loft" in text
    assert "Shuffle the Armada cards of Age I and put 7 of them in, unseen" in text
    assert (
        "The white cards are in no age's deck: shuffle these and deal 4 to each player before Age I." in text
    )
    assert "42 cards" in text and "Cleopatra" in text
    pdf = re.search(r'id="deck-pdf" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert pdf.startswith("/deck.pdf?") and "paper=letter" in pdf and "players=8" in pdf and "lang=en" in pdf
    assert pdf.count("expansions=") == 3


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("players=8", "Give the number of players: 2 to 7 with this edition and these expansions"),
        ("players=2&edition=2", "Give the number of players: 3 to 7 with this edition and these expansions."),
        ("players=4&expansions=catan", "This edition has no expansion “catan”."),
    ],
)
def test_a_table_that_cannot_be_seated_is_refused_beside_its_field(client, query, words):
    response = client.get(f"/deck?{query}")
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and words in visible_text(html) and 'id="deck"' not in html
    assert 'role="alert"' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_speaks_every_language_but_the_card_names_stay_english(client, lang):
    html = client.get(
        "/deck?players=7&expansions=leaders&expansions=cities&expansions=armada",
        headers={"Accept-Language": lang},
    ).get_data(as_text=True)
    text = visible_text(html)
    assert f'<html lang="{lang}">' in html and "Lumber Yard" in text and "Pigeon Loft" in text
    left = [piece for piece in ENGLISH if piece in text]
    assert not left, f"{lang}: English left: {left}"
    title = Translations.load(str(TRANSLATIONS_DIR), [lang]).gettext("Tonight's deck")
    assert title != "Tonight's deck" and title in text


def test_the_biggest_deck_page_stays_under_the_page_budget(nocsrf_client):
    from tests.web.test_budget import BUDGET, transferred

    path = "/deck?players=8&expansions=leaders&expansions=cities&expansions=armada"
    assert transferred(nocsrf_client, path) < BUDGET
    body = nocsrf_client.get(path, headers={"Accept-Encoding": "gzip"}).data
    assert len(gzip.decompress(body)) > 20_000  # the whole checklist, compressed well


def test_the_pdf_is_served_in_the_language_asked_for(client):
    response = client.get("/deck.pdf?players=5&expansions=leaders&lang=pl")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    assert "tonights-deck" in response.headers["Content-Disposition"]
    assert client.get("/deck.pdf?players=5&lang=xx").status_code == 400
    assert client.get("/deck.pdf?players=9").status_code == 400
