"""Icons are memoised (a scoreboard asks for about a hundred): the label, translated text
from a catalogue, is still escaped, and each label keeps its own icon."""

from __future__ import annotations

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
