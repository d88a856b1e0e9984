"""Every language covers everything a player sees: complete catalogues, placeholders kept,
every page rendered without an English sentence left, and the language follows the phone."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from assistant.web.i18n import LANGUAGE_NAMES
from tests.conftest import ROOT
from tests.web.worked_games import three

TRANSLATIONS = ROOT / "assistant" / "translations"
LANGUAGES = [code for code in LANGUAGE_NAMES if code != "en"]
BRACE = re.compile(r"\{[a-z_]+\}")
PERCENT = re.compile(r"%\([a-z_]+\)[sd]")


def catalogue(lang: str):
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh)


def template_ids(path: Path) -> set[str]:
    with path.open("rb") as fh:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}


def test_the_message_template_holds_every_message_of_the_source(tmp_path: Path):
    fresh = tmp_path / "fresh.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-k", "_l", "-k", "N_",
         "-k", "Nn_:1,2", "-k", "_vp:1,2", "--no-location", "-o", str(fresh), "."],
        cwd=ROOT, check=True, capture_output=True,
    )  # fmt: skip
    assert template_ids(fresh) == template_ids(TRANSLATIONS / "messages.pot"), (
        "messages.pot is stale: run pybabel extract (see babel.cfg) and pybabel update, then translate"
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated_with_no_fuzzy_entry(lang: str):
    pot = template_ids(TRANSLATIONS / "messages.pot")
    po = catalogue(lang)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in po if m.id}
    assert pot <= ids, f"{lang}: missing {sorted(pot - ids)[:5]}"
    for message in po:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"{lang}: untranslated {message.id!r}"
        assert not message.fuzzy, f"{lang}: fuzzy {message.id!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_every_placeholder(lang: str):
    for message in catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(BRACE.findall(i) + PERCENT.findall(i) for i in ids)) - {"{n}", "%(num)d"}
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            found = set(BRACE.findall(s) + PERCENT.findall(s))
            assert wanted <= found | {"{n}", "%(num)d"} and found <= wanted | {"{n}", "%(num)d"}, (
                lang,
                message.id,
                s,
            )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_passes_babels_own_checks(lang: str):
    """What ``pybabel compile`` reports as an error (a placeholder the English lacks in the
    form that serves a count, a wrong number of plural forms) fails here, not in a build log."""
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalogue(lang).check()]
    assert problems == []


class _Text(HTMLParser):
    """The text a player reads: body text, titles, placeholders and labels; not scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "svg"):
            self._skip += 1
        for name, value in attrs:
            if name in ("placeholder", "aria-label", "title", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "svg") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def english_chunks() -> list[str]:
    """Long literal pieces of the English messages: none may show on a translated page."""
    chunks = set()
    for message in read_po((TRANSLATIONS / "messages.pot").open("rb")):
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in re.split(r"\{[a-z_]+\}|%\([a-z_]+\)[sd]", text):
                piece = piece.strip(" .,:;")
                if len(piece) >= 14 and " " in piece:
                    chunks.add(piece)
    return sorted(chunks)


@pytest.fixture(scope="module")
def i18n_client(tmp_path_factory):
    from tests.conftest import make_test_app

    app = make_test_app(tmp_path_factory.mktemp("i18n"), WTF_CSRF_ENABLED=False)
    client = app.test_client()
    token = client.post("/import", data={"text": json.dumps(three())}).headers["Location"].rsplit("/", 1)[-1]
    pad = (
        client.post("/new", data={"mode": "pad", "seats-0-player": "Ana", "seats-1-player": "Bo"})
        .headers["Location"]
        .rsplit("/", 1)[-1]
    )
    return client, token, pad


PAGES = [
    "/", "/new", "/new?mode=pad", "/rules", "/rules?q=guild", "/cards", "/cards/forum", "/cards/scientists-guild",
    "/wonders", "/rulings", "/can-build", "/can-build?hand=palace&hand=temple&hand=baths&stage=1", "/pads", "/import",
    "/g/{t}", "/g/{t}/city/0", "/g/{t}/city/1/build?hand=temple&hand=forum&hand=loom&hand=pantheon&stage=1",
    "/g/{t}/age", "/g/{t}/scoreboard", "/g/{p}", "/g/{p}/city/0", "/g/{p}/city/2", "/g/{p}/scoreboard", "/no-such-page",
]  # fmt: skip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_renders_in_every_language_with_no_english_sentence_left(i18n_client, lang):
    client, token, pad = i18n_client
    chunks = english_chunks()
    for path in PAGES:
        response = client.get(path.format(t=token, p=pad), headers={"Accept-Language": lang})
        html = response.get_data(as_text=True)
        assert f'<html lang="{lang}">' in html, path
        text = visible_text(html)
        left = [c for c in chunks if c in text]
        assert not left, f"{lang} {path}: English left: {left[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_api_speaks_the_language_asked_for(client, lang):
    body = client.post("/api/v1/score", json=three(), headers={"Accept-Language": lang}).get_json()
    english = client.post("/api/v1/score", json=three()).get_json()
    assert body["explanation"] != english["explanation"]
    assert body["cities"][0]["details"][0]["reason"] != english["cities"][0]["details"][0]["reason"]


def test_the_language_follows_the_browser_then_the_phone_s_choice(client):
    assert '<html lang="pl">' in client.get("/", headers={"Accept-Language": "pl-PL,pl;q=0.9"}).get_data(
        as_text=True
    )
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    response = client.get("/language?lang=ko&next=/cards")
    assert response.status_code == 302 and response.headers["Location"].endswith("/cards")
    assert '<html lang="ko">' in client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)


def test_the_language_switch_only_redirects_inside_the_app(client):
    response = client.get("/language?lang=tr&next=https://evil.example/")
    assert response.headers["Location"].endswith("/") and "evil" not in response.headers["Location"]


def test_every_page_offers_every_language(client):
    html = client.get("/").get_data(as_text=True)
    for code, name in LANGUAGE_NAMES.items():
        assert f'value="{code}"' in html and name in html


def test_no_translation_of_a_tie_between_two_players_assumes_they_are_men():
    """Issue 40: "both have {points}" of two players was "obaj" (Polish), "ambos" (Spanish),
    "tots dos" (Catalan), masculine forms; the players may be anyone."""
    msgid = "{ahead} is ahead of {behind} on coins, {more} to {fewer}: both have {points}."
    for lang, masculine in (("pl", "obaj"), ("es", "ambos"), ("ca", "tots dos")):
        said = catalogue(lang).get(msgid)
        assert said is not None and said.string and masculine not in said.string, lang
