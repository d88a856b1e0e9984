"""Blank pads a pen can write in, over the whole grid (issue 24): every edition and
combination of expansions, every player count, paper, language and number of pads a page
gives every player a column of at least 15 mm and every row (the board row, the lowest) at
least 7 mm, taking fewer pads a page where it must; and more room never narrows the
columns. The layout is computed as the PDF draws it (``pad_plan``), with each language's
own labels."""

from __future__ import annotations

from functools import cache

import pytest
from babel.support import NullTranslations, Translations
from reportlab.lib.units import mm

from assistant.pdf import pad_plan
from assistant.resources import resource_dir
from assistant.rules.catalog import available_editions, available_expansions, catalog_for
from tests.conftest import TOY_EDITION

LANGUAGES = ("en", "es", "ca", "pl", "tr", "ko")


@cache
def _translations(lang: str) -> NullTranslations:
    if lang == "en":
        return NullTranslations()
    return Translations.load(str(resource_dir("translations")), [lang])


def _combinations() -> list[tuple[int, tuple[str, ...]]]:
    """Each edition alone and with each of its expansions, and with all of them."""
    out = []
    for edition in (*available_editions(), TOY_EDITION):
        expansions = available_expansions(edition)
        out += [(edition, ()), *((edition, (x,)) for x in expansions)]
        if len(expansions) > 1:
            out.append((edition, expansions))
    return out


@pytest.mark.parametrize(("edition", "expansions"), _combinations())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_pad_has_columns_of_15_mm_and_rows_of_7_mm(edition, expansions, lang):
    t = _translations(lang)
    rules = catalog_for(edition, expansions).rules
    for paper in ("A4", "letter"):
        for players in rules.player_counts:
            widths = []
            for per_page in (1, 2, 4):
                plan = pad_plan(
                    players, paper=paper, per_page=per_page, gettext=t.gettext, ngettext=t.ngettext,
                    edition=edition, expansions=expansions,
                )  # fmt: skip
                where = (paper, players, per_page)
                assert plan.column_width >= 15 * mm - 0.01, where
                assert plan.row_height >= 7 * mm - 0.01, where
                assert plan.per_page <= per_page, where
                widths.append(plan.column_width)
            # More room never means narrower columns: two a page at least as wide as four, and
            # one a page as two but for its larger type (at most 1.5 mm; it was 4.6 mm).
            assert widths[0] >= widths[1] - 1.5 * mm and widths[1] >= widths[2] - 0.01, (paper, players)
