"""Icons are memoised (a scoreboard asks for about a hundred): the label, translated text
from a catalogue, is still escaped, and each label keeps its own icon."""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from assistant.web.icons import icon


def test_a_labelled_icon_escapes_its_label_and_names_it_for_screen_readers():
    out = icon("coin", 'Coins "<b>" & co', 14)
    assert isinstance(out, Markup)
    assert out == (
        '<svg class="icon" width="14" height="14" role="img" aria-label="Coins &#34;&lt;b&gt;&#34; &amp; co">'
        '<title>Coins &#34;&lt;b&gt;&#34; &amp; co</title><use href="#i-coin"/></svg>'
    )


def test_an_unlabelled_icon_is_hidden_and_an_unknown_one_is_nothing():
    assert (
        icon("lock")
        == '<svg class="icon" width="20" height="20" aria-hidden="true"><use href="#i-lock"/></svg>'
    )
    assert icon("no-such-icon", "x") == ""


def test_each_label_and_language_has_its_own_icon():
    assert icon("coin", "Coins", 14) is icon("coin", "Coins", 14)
    assert 'aria-label="Monedas"' in icon("coin", "Monedas", 14)
    assert 'aria-label="Coins"' in icon("coin", "Coins", 14)


def test_a_category_without_an_icon_of_its_own_gets_a_disc_in_its_colour():
    from assistant.web.icons import category_icon, sprite

    assert category_icon("military", "Military", 14) == icon("military", "Military", 14)
    assert category_icon("festival", "Festival", 14) == icon("category", "Festival", 14) != ""
    assert (
        '<symbol id="i-category" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8.5" class="cat-fill"/>'
        in sprite()
    )
    stylesheet = (Path(__file__).parents[2] / "static" / "app.css").read_text()
    assert ".cat-fill { fill: var(--cat, currentColor); }" in stylesheet


def test_no_icon_carries_a_style_attribute_the_content_security_policy_would_refuse():
    from assistant.web.icons import sprite

    assert "style=" not in sprite()


def test_every_category_chip_on_a_festival_scoreboard_is_drawn(nocsrf_client):
    import re

    from tests.conftest import TOY_EDITION

    data = {"edition": str(TOY_EDITION), "expansions": "festival", "deal": "y"}
    data |= {f"seats-{i}-player": name for i, name in enumerate(["Ana", "Bo", "Cy"])}
    token = nocsrf_client.post("/new", data=data).headers["Location"].rsplit("/", 1)[-1]
    board = nocsrf_client.get(f"/g/{token}/scoreboard").get_data(as_text=True)
    festival = re.search(r'<div class="detail-block cat-festival" id="d-0-festival">\s*<h3>(.*?)</h3>', board)
    assert festival and '<use href="#i-category"/>' in festival.group(1)
