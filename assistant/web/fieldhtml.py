"""Form fields' HTML as WTForms writes it, from parts WTForms wrote once (issue 29).

WTForms writes a field anew on every call: it sorts and escapes each attribute (through
``Markup.format``), builds a field for each option of a radio group, and translates the
label again. Yet a field's HTML differs from one page to the next only in its value and in
which of its options are chosen: on the city page, with the expansions' cards, its ~70
fields were a third of the template's time. Here WTForms writes each part once (the input
with a placeholder for its value, each option both chosen and not, each label) and a page
only puts the value in and picks the options, so the HTML stays WTForms' own to the byte
(``tests/web/test_field_html.py`` compares the two).

The parts are kept on the app (``app.extensions["field_html"]``) under everything their
HTML depends on: the widget, the field's name, id and flags, the attributes asked for, the
options' values and words, and the page's language for a label still to translate. A field
of another kind (a file, a checkbox, one with ``render_kw``) is written by WTForms itself.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from flask import Flask, current_app
from flask_babel.speaklater import LazyString
from markupsafe import Markup, escape
from wtforms import Field, SelectField, SelectMultipleField
from wtforms.fields.choices import Choice, SelectChoice, SelectFieldBase
from wtforms.widgets import CheckboxInput, HiddenInput, NumberInput, RadioInput, Select, TextInput

from .i18n import page_language

PARTS_LIMIT = 4096
"""The most parts an app keeps before starting over (a page of ~70 fields keeps ~100)."""

_VALUE = "\ue000"
"""Where an input's value goes: a character no escaped value contains (a private one)."""

_INPUTS = (TextInput, NumberInput, HiddenInput)
_OPTION_INPUTS = (RadioInput, CheckboxInput)
_CHOOSING = (SelectField.iter_choices, SelectMultipleField.iter_choices)


class Option(NamedTuple):
    """One option of a radio or checkbox group as the page writes it: its input (chosen or
    not, as the field's data says), its label, and the label's id and words."""

    input: Markup
    label: Markup
    id: str
    text: str


def _keep(key: tuple[Any, ...], value: Any) -> Any:
    parts: dict[tuple[Any, ...], Any] = current_app.extensions["field_html"]
    if len(parts) >= PARTS_LIMIT:
        parts.clear()
    parts[key] = value
    return value


def _flags(field: Field) -> tuple[tuple[str, Any], ...]:
    """The field's flags (``required``, ``maxlength``, ``min``...): the attributes its
    validators add."""
    return tuple(vars(field.flags).items())


def _attribute(value: str) -> str:
    """A value as WTForms' ``html_params`` writes it between double quotes."""
    escaped = escape(value)
    return escaped.replace('"', "&quot;") if '"' in escaped else escaped


def _words(text: Any) -> str:
    """Words as WTForms puts them in a label or an option (through ``escape``): a lazy text
    (``lazy_gettext``) goes in as it translates, unescaped, as its ``__html__`` says; it is
    translated once per language and kept under its identity (checked, so that a lost text's
    id, reused by another, is never taken for it)."""
    if type(text) is str:
        return text
    if not isinstance(text, LazyString):
        return Markup(text.__html__()) if hasattr(text, "__html__") else str(text)
    parts = current_app.extensions["field_html"]
    key = ("words", page_language(), id(text))
    kept = parts.get(key)
    if kept is None or kept[0] is not text:
        kept = _keep(key, (text, Markup(text.__html__())))
    words: str = kept[1]
    return words


def _choices_key(field: SelectFieldBase) -> tuple[tuple[str, str, bool], ...] | None:
    """The field's options as (value, words, whether the words are markup), or None when
    WTForms must write them (groups, options' own attributes, choices not
    :class:`SelectChoice`)."""
    choices = field.choices
    if not isinstance(choices, list | tuple):
        return None
    key = []
    for choice in choices:
        if type(choice) is not SelectChoice or choice.render_kw or choice.optgroup is not None:
            return None
        words = _words(choice.label)
        key.append((choice.value, words, isinstance(words, Markup)))
    return tuple(key)


def control(field: Field, **attrs: Any) -> Markup:
    """``field(**attrs)``: the field's input or select, as WTForms writes it."""
    widget = type(field.widget)
    if field.render_kw is not None or "value" in attrs:
        return Markup(field(**attrs))
    if widget is Select:
        return _select(field, attrs)
    if widget not in _INPUTS:
        return Markup(field(**attrs))
    parts = current_app.extensions["field_html"]
    key = ("input", widget, field.name, field.id, _flags(field), tuple(attrs.items()))
    kept = parts.get(key)
    if kept is None:
        pieces = str(field(**attrs, value=_VALUE)).split(_VALUE)
        if len(pieces) != 2:  # the placeholder in an attribute asked for: no parts to keep
            return Markup(field(**attrs))
        kept = _keep(key, tuple(pieces))
    return Markup(f"{kept[0]}{_attribute(field._value())}{kept[1]}")


def _select(field: Any, attrs: dict[str, Any]) -> Markup:
    choices = _choices_key(field) if type(field).iter_choices is SelectField.iter_choices else None
    if choices is None or field.widget.multiple:
        return Markup(field(**attrs))
    parts = current_app.extensions["field_html"]
    key = ("select", field.name, field.id, _flags(field), tuple(attrs.items()))
    start = parts.get(key)
    if start is None:
        html = str(field(**attrs))
        start = _keep(key, html[: html.index(">") + 1])  # attributes are escaped: no ">" in them
    options_key = ("options", field.coerce, choices)
    options = parts.get(options_key)
    if options is None:
        render = Select.render_option
        options = _keep(
            options_key,
            tuple(
                (
                    field.coerce(value),
                    str(render(Choice(value, words, False, {}))),
                    str(render(Choice(value, words, True, {}))),
                )
                for value, words, _markup in choices
            ),
        )
    data = field.data
    chosen = "".join(on if value == data else off for value, off, on in options)
    return Markup(f"{start}{chosen}</select>")


def field_options(field: Any) -> list[Option]:
    """``[(sub(), sub.label()) for sub in field]``: a radio or checkbox group's options, each
    chosen as the field's data says."""
    iter_choices = type(field).iter_choices
    key_choices = (
        _choices_key(field)
        if iter_choices in _CHOOSING
        and type(field).__iter__ is SelectFieldBase.__iter__
        and type(field.option_widget) in _OPTION_INPUTS
        and field.render_kw is None
        else None
    )
    if key_choices is None:
        return [Option(Markup(sub()), Markup(sub.label()), sub.id, _words(sub.label.text)) for sub in field]
    parts = current_app.extensions["field_html"]
    key = (
        "choices",
        type(field.option_widget),
        field.name,
        field.id,
        _flags(field),
        field.coerce,
        key_choices,
    )
    options = parts.get(key)
    if options is None:
        options = _keep(
            key,
            tuple(
                (
                    field.coerce(sub.data),
                    Markup(sub(checked=False)),
                    Markup(sub(checked=True)),
                    Markup(sub.label()),
                    sub.id,
                    _words(sub.label.text),
                )
                for sub in field
            ),
        )
    if iter_choices is SelectMultipleField.iter_choices:
        data = field.data or ()
        return [
            Option(on if value in data else off, label, id_, text)
            for value, off, on, label, id_, text in options
        ]
    data = field.data
    return [
        Option(on if value == data else off, label, id_, text) for value, off, on, label, id_, text in options
    ]


def label_text(field: Field) -> str:
    """``field.label.text`` in the page's language."""
    return _words(field.label.text)


def field_label(field: Field, text: str | None = None) -> Markup:
    """``field.label(text)``: the field's label (its own words unless ``text`` is given)."""
    words = _words(field.label.text) if text is None else text
    if not words or not isinstance(words, str):
        return Markup(field.label(text))
    parts = current_app.extensions["field_html"]
    key = ("label", field.label.field_id, words, isinstance(words, Markup))
    kept = parts.get(key)
    if kept is None:
        kept = _keep(key, Markup(field.label(words)))
    html: Markup = kept
    return html


def init_app(app: Flask) -> None:
    app.extensions["field_html"] = {}
    app.jinja_env.globals.update(
        control=control, field_options=field_options, field_label=field_label, label_text=label_text
    )
