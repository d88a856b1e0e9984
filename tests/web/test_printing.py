"""The score sheet and pads as the app serves them."""

from __future__ import annotations

import io
import json
import re

from pypdf import PdfReader

from tests.web.worked_games import THREE_TOTALS, three


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_scoreboard_downloads_the_score_sheet_of_the_game(nocsrf_client):
    token = (
        nocsrf_client.post("/import", data={"text": json.dumps(three())})
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    response = nocsrf_client.get(f"/g/{token}/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    for name, total in THREE_TOTALS.items():
        assert name in text and str(total) in text
    assert "Ana" in text.split("Winner")[1][:40]


def test_the_read_only_link_can_download_the_sheet_too(nocsrf_app, nocsrf_client):
    token = (
        nocsrf_client.post("/import", data={"text": json.dumps(three())})
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    with nocsrf_app.app_context():
        from assistant.store import games as store
        from assistant.web.db import get_session

        view = store.by_edit_token(get_session(), token).view_token
    assert nocsrf_client.get(f"/g/{view}/sheet.pdf").status_code == 200


def test_a_bad_paper_size_is_refused(nocsrf_client):
    token = (
        nocsrf_client.post("/import", data={"text": json.dumps(three())})
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    assert nocsrf_client.get(f"/g/{token}/sheet.pdf?paper=a5").status_code == 400


def test_the_pads_page_downloads_pads_for_the_chosen_table(client):
    assert "Print score pads" in client.get("/pads").get_data(as_text=True)
    response = client.get("/pads?paper=letter&players=5&per_page=2&qr=y&submit=1")
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert abs(float(reader.pages[0].mediabox.height) - 612) < 1  # two per page: landscape Letter
    assert "Military" in reader.pages[0].extract_text()


def _import(client) -> str:
    return client.post("/import", data={"text": json.dumps(three())}).headers["Location"].rsplit("/", 1)[-1]


def test_the_sheet_prints_in_the_readers_language_not_the_games(nocsrf_client):
    token = _import(nocsrf_client)  # imported in English
    response = nocsrf_client.get(f"/g/{token}/sheet.pdf", headers={"Accept-Language": "ko"})
    text = pdf_text(response.data)
    assert "합계" in text and "Total" not in text
    reader = PdfReader(io.BytesIO(response.data))
    assert reader.trailer["/Root"]["/Lang"] == "ko"


def test_the_reader_can_choose_the_sheets_language_and_paper(nocsrf_client):
    token = _import(nocsrf_client)
    page = nocsrf_client.get(f"/g/{token}/print", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert re.search(r'<option selected value="es">|<option value="es" selected>', page), page
    assert "한국어" in page and f"/g/{token}/sheet.pdf" in page
    response = nocsrf_client.get(
        f"/g/{token}/sheet.pdf?paper=letter&lang=pl", headers={"Accept-Language": "es"}
    )
    reader = PdfReader(io.BytesIO(response.data))
    assert reader.trailer["/Root"]["/Lang"] == "pl"
    assert abs(float(reader.pages[0].mediabox.width) - 612) < 1
    assert "Konflikty" in pdf_text(response.data)


def test_an_unknown_sheet_language_is_refused(nocsrf_client):
    token = _import(nocsrf_client)
    assert nocsrf_client.get(f"/g/{token}/sheet.pdf?lang=xx").status_code == 400


def test_the_game_and_scoreboard_link_to_the_print_page(nocsrf_client):
    token = _import(nocsrf_client)
    assert f"/g/{token}/print" in nocsrf_client.get(f"/g/{token}").get_data(as_text=True)
    assert f"/g/{token}/print" in nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)


def test_the_print_pages_warn_when_qr_codes_would_lead_to_this_computer_only(nocsrf_app, nocsrf_client):
    token = _import(nocsrf_client)
    for page in (f"/g/{token}/print", "/pads"):
        assert 'id="dead-qr"' not in nocsrf_client.get(page).get_data(as_text=True)
    nocsrf_app.config["PUBLIC_URL"] = "http://127.0.0.1:5000"  # what a server started as-is gives
    for page in (f"/g/{token}/print", "/pads"):
        html = nocsrf_client.get(page).get_data(as_text=True)
        assert 'id="dead-qr"' in html and "ASSISTANT_PUBLIC_URL" in html and "http://127.0.0.1:5000/" in html


def test_with_a_public_url_the_pads_qr_code_opens_a_new_game_and_nothing_warns(nocsrf_app, nocsrf_client):
    nocsrf_app.config["PUBLIC_URL"] = "https://wonders.example.org"
    html = nocsrf_client.get("/pads").get_data(as_text=True)
    assert 'id="dead-qr"' not in html
    response = nocsrf_client.get("/pads?paper=a4&players=4&per_page=1&order=pad&lang=en&qr=y&submit=1")
    text = pdf_text(response.data).replace("\n", "")
    assert "https://wonders.example.org/new" in text


def test_the_pads_page_prints_in_the_chosen_language_and_order(client):
    response = client.get("/pads?paper=a4&players=4&per_page=1&order=rulebook&lang=tr&submit=1")
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert reader.trailer["/Root"]["/Lang"] == "tr"
    lines = reader.pages[0].extract_text().splitlines()
    assert "Askeri" in lines


def test_bad_pad_options_are_refused_on_the_page(client):
    response = client.get("/pads?paper=a5&players=9&per_page=3&lang=xx&submit=1")
    assert response.mimetype == "text/html"
    assert "Not a valid choice" in response.get_data(as_text=True)


def test_a_request_that_states_no_language_gets_the_sheet_in_the_games(nocsrf_client):
    token = _import(nocsrf_client)
    with nocsrf_client.application.app_context():
        from assistant.store import games as store
        from assistant.web.db import get_session

        session = get_session()
        store.by_edit_token(session, token).language = "tr"
        session.commit()
    response = nocsrf_client.get(f"/g/{token}/sheet.pdf")
    assert "Askeri" in pdf_text(response.data)
    english = nocsrf_client.get(f"/g/{token}/sheet.pdf", headers={"Accept-Language": "en"})
    assert "Military" in pdf_text(english.data)


def test_the_pads_page_says_each_editions_own_pad_order_never_science_last_for_all(client):
    """Before, the page said "science last" for every edition; the 2020 pad ends with the guilds."""
    from assistant.rules.catalog import available_editions, catalog_for

    html = client.get("/pads").get_data(as_text=True)
    assert "science last" not in html
    for edition in available_editions():
        rules = catalog_for(edition).rules
        rows = ", ".join(rules.category_name(c).render() for c in rules.score_pad)
        assert f"The {rules.name} pad: {rows}" in html.replace("&#39;", "'")
    assert "Commercial, Science, Guilds" in html  # the 2020 pad
    assert "Commercial, Guilds, Science" in html  # the 2010 pad
    spanish = client.get("/pads", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Comercial, Ciencia, Gremios" in spanish and "Comercial, Gremios, Ciencia" in spanish
    assert "ciencia al final" not in spanish


def test_an_edition_2_pad_in_the_pads_order_ends_with_the_guilds(client):
    response = client.get("/pads?edition=2&paper=a4&players=4&per_page=1&order=pad&lang=en&submit=1")
    lines = [line.strip() for line in pdf_text(response.data).splitlines()]
    rows = [
        lines.index(name) for name in ("Wonder", "Treasury", "Military", "Commercial", "Science", "Guilds")
    ]
    assert rows == sorted(rows)
    assert "7 Wonders · second edition" in lines
