"""The form fields written from kept parts (assistant/web/fieldhtml.py, issue 29) are WTForms'
own HTML to the byte: every field of every edition's city form, in every state a page shows
(a stored city, a refused save with typed values and errors, each option chosen), in
several languages one after the other on one app, first written and then from the parts
kept."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict
from wtforms import RadioField, SelectField, SelectMultipleField
from wtforms.widgets import ListWidget

from assistant.rules.catalog import available_expansions, catalog_for
from assistant.web.cityform import _inputs, city_form_for, form_for
from assistant.web.fieldhtml import control, field_label, field_options, label_text
from assistant.web.games.city import _set_choices
from tests.conftest import TOY_EDITION, make_test_app

LANGUAGES = ("ca", "en", "ko", "ca")  # Catalan again: the parts kept in another language are not taken
CATALOGS = [
    (edition, expansions)
    for edition in (1, 2, TOY_EDITION)
    for expansions in {(), tuple(available_expansions(edition))}
] + [(1, ("leaders", "cities"))]


def _stored_city(catalog: Any) -> dict[str, Any]:
    wonder = catalog.wonders[-1]
    return {
        "player": 'Ana "<l\'Àvia & co>"',
        "wonder": wonder.id,
        "side": "B",
        "stages": 1,
        "coins": 7,
        "cards": list(catalog.structure_ids[:5]),
        "military": [catalog.rules.victory_tokens[0], catalog.rules.defeat_token],
        "stage_ages": [1],
        "copied_guild": catalog.guilds()[0].id if catalog.guilds() else None,
    }


def _refused_form(catalog: Any) -> Any:
    """A save without the script that the form refuses: typed values kept, errors beside them."""
    data = MultiDict(
        {
            "player": "",
            "wonder": "nowhere",
            "side": "C",
            "stages": "9",
            "coins": "lots",
            "military-win1": "-2",
            "military-defeats": "x",
            "stage_ages-0": "7",
            "copied_guild": "nothing",
            "categories-science": "12a",
            "science_symbols-gear": "99",
        }
    )
    data.setlist("cards", ["no-such-card", catalog.structure_ids[0]])
    data.setlist("diplomacy", ["1", "3"])
    form = city_form_for(catalog)(formdata=data)
    form.validate()
    return form


def _same(fast: Any, wtforms: Any) -> None:
    assert type(fast) is Markup
    assert str(fast) == str(wtforms)


def _check_field(field: Any) -> None:
    if isinstance(field, RadioField | SelectMultipleField):
        for _ in range(2):  # written, then from the parts kept
            fast = [(o.input, o.label, o.id) for o in field_options(field)]
            assert fast == [(sub(), sub.label(), sub.id) for sub in field]
        if isinstance(field.widget, ListWidget):  # a group the page writes option by option
            return
    for _ in range(2):
        _same(control(field), field())
        _same(
            control(field, **{"aria-describedby": f"{field.id}-err"}),
            field(**{"aria-describedby": f"{field.id}-err"}),
        )
        _same(control(field, inputmode="numeric", min=-3, max=9), field(inputmode="numeric", min=-3, max=9))
        _same(field_label(field), field.label())
        for text in ("Stage 1 built in", "L'edat <I>", Markup("L'edat <b>I</b>")):
            _same(field_label(field, text), field.label(text))
        assert escape(label_text(field)) == escape(field.label.text)


def _check_each_choice(field: Any) -> None:
    """Options chosen in turn (and none): the fast field marks the same one as WTForms."""
    if not isinstance(field, SelectField | SelectMultipleField) or not field.choices:
        return
    kept = field.data
    values = [field.coerce(choice.value) for choice in field.choices]
    multiple = isinstance(field, SelectMultipleField)
    if len(values) > 20:  # the structures (151 with the expansions): the first, the last, none
        values = [values[0], values[-1]]
    for value in [*values, None]:
        field.data = ([value] if value is not None else []) if multiple else value
        _check_field(field)
    field.data = kept


@pytest.mark.parametrize(("edition", "expansions"), CATALOGS)
def test_every_field_of_a_city_form_is_written_as_wtforms_writes_it(nocsrf_app, edition, expansions):
    catalog = catalog_for(edition, expansions)
    for language in LANGUAGES if (edition, expansions) == (1, ("leaders", "cities")) else ("en", "ko"):
        with nocsrf_app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
            for pad in (False, True):
                stored = form_for(catalog, _stored_city(catalog), 3)
                refused = _refused_form(catalog)
                for form in (stored, refused):
                    _set_choices(form, catalog, pad)
                    for field in _inputs(form):
                        _check_field(field)
                        _check_each_choice(field)
                assert refused.errors  # the refused form did carry errors and typed values


def test_a_lazy_label_follows_the_page_language(nocsrf_app):
    catalog = catalog_for(1, ("leaders", "cities"))
    seen = {}
    for language in ("en", "es", "en", "es"):
        with nocsrf_app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
            form = form_for(catalog, _stored_city(catalog), 1)
            seen.setdefault(language, str(field_label(form.stages)))
            assert str(field_label(form.stages)) == seen[language] == str(form.stages.label())
    assert seen["en"] != seen["es"]


@pytest.fixture(scope="module")
def one_app(tmp_path_factory):
    """One app for every example (Hypothesis runs a test's examples with one fixture)."""
    return make_test_app(tmp_path_factory.mktemp("fields"), WTF_CSRF_ENABLED=False)


@given(value=st.text(max_size=30))
def test_any_typed_value_is_written_as_wtforms_writes_it(one_app, value):
    with one_app.test_request_context("/"):
        form = city_form_for(catalog_for(1))(
            formdata=MultiDict({"player": value, "coins": value, "base": value})
        )
        form.validate()
        for field in (form.player, form.coins, form.base):
            _same(control(field), field())
            _same(control(field, maxlength=40), field(maxlength=40))
