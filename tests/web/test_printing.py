"""The score sheet and pads as the app serves them."""

from __future__ import annotations

import io
import json

from pypdf import PdfReader

from tests.web.games import THREE_TOTALS, three


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
    response = client.get("/pads?paper=letter&players=6&per_page=2&qr=y&submit=1")
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert abs(float(reader.pages[0].mediabox.height) - 612) < 1  # two per page: landscape Letter
    assert "Military" in reader.pages[0].extract_text()


def test_bad_pad_options_are_refused_on_the_page(client):
    response = client.get("/pads?paper=a5&players=9&per_page=3&submit=1")
    assert response.mimetype == "text/html"
    assert "Not a valid choice" in response.get_data(as_text=True)
