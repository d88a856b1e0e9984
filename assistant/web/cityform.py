"""One phone's city as a form, built from WTForms' own parts and named after the game
format's keys: ``CityForm(data=city)`` shows a stored city, ``city_of(form)`` is the city a
submitted form says, and an error of the game format lands beside the field its path names.

The form is per catalog (:func:`city_form_for`): a victories count for each age of the
edition, an age for each stage of its largest board, a pad number for each of its
categories and a field for each token field its expansions declare.

Field names on the page are the format's: ``coins``, ``military-win1``, ``military-defeats``,
``categories-science``, ``science_symbols-compass``, ``stage_ages-0``, ``garlands``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from typing import Any

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    StringField,
    SubmitField,
)
from wtforms import Form as PlainForm
from wtforms.fields.choices import SelectChoice
from wtforms.utils import unset_value
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..rules.catalog import Catalog
from ..rules.cityfields import CITY_FIELDS, Entry
from ..rules.describe import age_numeral
from ..rules.edition import EditionRules
from ..rules.errors import GameFormatError
from ..rules.expansion_fields import fields_of
from ..rules.limits import MAX_COINS, MAX_NAME_LENGTH, MAX_SYMBOLS, MAX_TOKENS
from ..rules.text import Text, squeeze
from .forms import MultiCheckboxField, age_choices, choice_list
from .i18n import render_text

__all__ = [
    "CityForm",
    "attach_error",
    "city_form_for",
    "city_of",
    "compact",
    "field_names",
    "flat_errors",
    "form_for",
    "whole",
]


class ConflictTokensField(FormField):
    """The conflict tokens as a player counts them on the table: how many victories of each
    age and how many defeats. Its data is the game format's list of tokens."""

    victories: tuple[int, ...] = ()
    defeat: int = -1

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        if isinstance(data, list | tuple):
            counts = {f"win{age}": data.count(value) for age, value in enumerate(self.victories, 1)}
            data = {**counts, "defeats": data.count(self.defeat)}
        super().process(formdata, data, extra_filters)

    @property
    def data(self) -> list[int]:
        counts = self.form.data
        tokens: list[int] = []
        for age, value in enumerate(self.victories, 1):
            tokens += [value] * (counts[f"win{age}"] or 0)
        return tokens + [self.defeat] * (counts["defeats"] or 0)


class NumbersField(FormField):
    """A pad's numbers: its data leaves out the categories not typed."""

    @property
    def data(self) -> dict[str, int]:
        return {key: value for key, value in self.form.data.items() if value is not None}


class SymbolsField(FormField):
    """Science symbols counted by hand: every count (0 when not typed), or None when none is given."""

    @property
    def data(self) -> dict[str, int] | None:
        counts = {key: value or 0 for key, value in self.form.data.items()}
        return counts if any(counts.values()) else None


class StageAgesField(FieldList):
    """The age each stage was built in, one select per stage (``""``: not said)."""

    @property
    def data(self) -> list[int | None]:
        return [int(entry.data) if entry.data else None for entry in self.entries]


class CityForm(FlaskForm):
    """One phone's city, entered card by card (or, on a quick pad, as the pad's numbers).

    ``base`` carries the city as this phone read it (the game format, as JSON), so that a
    save arriving after another change can be merged into it instead of refused. The fields
    that depend on the edition are added by :func:`city_form_for`.
    """

    version = HiddenField()
    base = HiddenField()
    player = StringField(_l("Name"), validators=[InputRequired(), Length(max=MAX_NAME_LENGTH)])
    wonder = SelectField(_l("Wonder"), validate_choice=False)
    side = RadioField(_l("Side"), choices=choice_list([("A", "A"), ("B", "B")]), default="A")
    coins = IntegerField(
        _l("Coins"),
        default=3,
        validators=[InputRequired(_l("Enter the coins (0 or more).")), NumberRange(0, MAX_COINS)],
    )
    cards = MultiCheckboxField(_l("Structures"))
    free_build_used = BooleanField(_l("The once-per-age free build is used this age"))
    copied_guild = SelectField(_l("Guild copied by the wonder"), default="", validate_choice=False)
    save = SubmitField(_l("Save my city"))

    catalog: Catalog
    DEFEATS_MOST = 0
    """The most defeats a city can count: one per neighbour per age."""
    ENTRIES: tuple[tuple[str, Entry], ...] = ()
    """The fields the game's expansions add, by key, with how the form asks for each."""


class SymbolsForm(PlainForm):
    compass = IntegerField(_l("Compass"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])
    gear = IntegerField(_l("Gear"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])
    tablet = IntegerField(_l("Tablet"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])
    wild = IntegerField(_l("Wildcards"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])


def _military(catalog: Catalog) -> ConflictTokensField:
    rules = catalog.rules
    counts: dict[str, Any] = {
        f"win{age}": IntegerField(
            _l("Victories of Age %(age)s", age=age_numeral(age)),
            validators=[Optional(), NumberRange(0, MAX_TOKENS)],
        )
        for age in range(1, rules.ages + 1)
    }
    counts["defeats"] = IntegerField(_l("Defeats"), validators=[Optional(), NumberRange(0, MAX_TOKENS)])
    field_class = type(
        "ConflictTokens",
        (ConflictTokensField,),
        {"victories": rules.victory_tokens, "defeat": rules.defeat_token},
    )
    field: ConflictTokensField = field_class(
        type("MilitaryForm", (PlainForm,), counts), _l("Conflict tokens")
    )
    return field


def _categories(catalog: Catalog) -> NumbersField:
    rules = catalog.rules
    numbers = {
        category.value: IntegerField(
            _l(rules.category_name(category).msgid),
            validators=[Optional(), NumberRange(*rules.category_range(category))],
        )
        for category in rules.categories
    }
    return NumbersField(type("CategoriesForm", (PlainForm,), numbers), _l("The pad's numbers"))


@cache
def city_form_for(catalog: Catalog) -> type[CityForm]:
    """The city form of a catalog: its edition's ages, stages and categories, and its
    expansions' token fields, with the limits the game format's parser applies."""
    rules = catalog.rules
    most_stages = max(len(side.stages) for wonder in catalog.wonders for side in wonder.sides)
    said = choice_list([("", _l("Age not said"))]) + [
        SelectChoice(c.value, _l("Age %(age)s", age=c.label)) for c in age_choices(rules)
    ]
    fields: dict[str, Any] = {
        "stages": RadioField(
            _l("Wonder stages built"),
            choices=choice_list((n, str(n)) for n in range(most_stages + 1)),
            default="0",
        ),
        "military": _military(catalog),
        "categories": _categories(catalog),
        "science_symbols": SymbolsField(SymbolsForm, _l("Science symbols")),
        "stage_ages": StageAgesField(
            SelectField(_l("Stage built in"), choices=said, default=""),
            min_entries=most_stages,
            max_entries=most_stages,
        ),
    }
    entries = tuple((f.key, f.entry) for f in fields_of(catalog) if f.entry is not None)
    fields.update((key, _entry_field(entry, rules)) for key, entry in entries)
    form: type[CityForm] = type(
        f"CityForm{catalog.edition}{''.join(catalog.expansions)}", (CityForm,), fields
    )
    form.catalog = catalog
    form.DEFEATS_MOST = 2 * rules.ages
    form.ENTRIES = entries
    return form


def _entry_field(entry: Entry, rules: EditionRules) -> Field:
    """The form's input for a field an expansion adds, in the shape its entry says."""
    label = LazyString(render_text, entry.label)
    if entry.shape == "count":
        return IntegerField(label, default=0, validators=[Optional(), NumberRange(0, entry.most)])
    if entry.shape == "per-age":
        number = IntegerField(label, validators=[Optional(), NumberRange(0, entry.most)])
        return FieldList(number, label, min_entries=rules.ages, max_entries=rules.ages)
    if entry.shape == "ages":
        return MultiCheckboxField(label, choices=age_choices(rules), coerce=int)
    return StringField(label, validators=[Optional(), Length(max=entry.most)])


def _entry_value(entry: Entry, data: Any) -> Any:
    """A field's value in the game format from its input (None: not given)."""
    if entry.shape == "per-age":  # a blank age is 0 once one is given
        return [0 if v is None else v for v in data] if any(v is not None for v in data or ()) else None
    if entry.shape == "ages":
        return sorted(set(data or ())) or None
    if entry.shape == "name":
        return squeeze(data or "") or None
    return data or None


def form_for(catalog: Catalog, city: dict[str, Any], version: int) -> CityForm:
    """The form showing a stored city (``version``: the one this phone read)."""
    data = {**city, "version": str(version), "base": compact(city), "stages": str(city.get("stages", 0))}
    data.setdefault("military", [])
    return city_form_for(catalog)(formdata=None, data=data)


def compact(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def whole(value: Any) -> Any:
    """A whole number when the text is one; otherwise the text, for the parser to refuse by name."""
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return value


def city_of(form: CityForm, base: dict[str, Any], pad: bool) -> dict[str, Any]:
    """The city in the game format that a submitted form says (``base``: the city as the
    phone read it: a pad keeps its conflict tokens, every city its shields and Free City,
    and tokens of a value the edition does not have, from an imported file, stay for the
    table's check to name)."""
    data = form.data
    city: dict[str, Any] = {
        "player": squeeze(data["player"] or ""),
        "stages": whole(data["stages"]),
        "coins": data["coins"] if data["coins"] is not None else 0,
    }
    if data["wonder"]:
        city["wonder"] = data["wonder"]
        city["side"] = data["side"] or "A"
    if pad:
        city["categories"] = data["categories"]
        if data["science_symbols"] is not None:
            city["science_symbols"] = data["science_symbols"]
            city["categories"].pop("science", None)
    else:
        city["cards"] = list(dict.fromkeys(data["cards"] or []))
        rules = form.catalog.rules
        typed = {c.value for c in rules.typed_categories}
        board = data["wonder"]
        if board and form.catalog.has_wonder(board) and form.catalog.wonder(board).typed:
            typed.add("wonder")  # a board not known stage by stage: its wonder points typed
        rows = {key: value for key, value in data["categories"].items() if key in typed}
        if rows:  # the expansions' rows typed beside the cards
            city["categories"] = rows
        known = {*rules.victory_tokens, rules.defeat_token}
        tokens = data["military"] + [t for t in base.get("military") or [] if t not in known]
        if tokens or base.get("military") is not None:
            city["military"] = tokens
    kept = ("shields_by_age", "free_city", "military") if pad else ("shields_by_age", "free_city")
    city.update({key: base[key] for key in kept if key in base})
    built = city["stages"] if isinstance(city["stages"], int) else 0
    said = data["stage_ages"][:built]
    if any(age is not None for age in said):  # one said and another not: the parser names the one missing
        city["stage_ages"] = said
    if data["free_build_used"]:
        city["free_build_used"] = True
    if data["copied_guild"]:
        city["copied_guild"] = data["copied_guild"]
    for key, entry in form.ENTRIES:
        value = _entry_value(entry, data[key])
        if value is not None:
            city[key] = value
    return city


# --- errors -----------------------------------------------------------------------------------


def _leaf(node: Any) -> Field:
    """The input that shows a container's error: a count's first field, a list's first entry."""
    while isinstance(node, FormField | FieldList):
        node = node.entries[0] if isinstance(node, FieldList) else next(iter(node.form))
    return node


def field_at(form: CityForm, path: tuple[str | int, ...]) -> Field:
    """The form field a game-format path inside a city names (``("categories", "science")``);
    the name field when the form has none for it (a Free City flag, a shield count)."""
    node: Any = form
    for step in path:
        if isinstance(node, FieldList):
            if not isinstance(step, int) or step >= len(node.entries):
                break
            node = node.entries[step]
        else:
            fields = node.form._fields if isinstance(node, FormField) else node._fields
            if not isinstance(step, str) or step not in fields:
                break
            node = fields[step]
        if not isinstance(node, FormField | FieldList):
            break
    if node is form:
        return form.player
    if isinstance(node, ConflictTokensField):  # tokens that cannot be: beside the defeats
        return node.form.defeats
    return _leaf(node)


def attach_error(form: CityForm, exc: GameFormatError, seat: int) -> None:
    """Put a game-format error about the city at ``seat`` beside the form field it names."""
    path = exc.path[2:] if exc.path[:2] == ("cities", seat) else ()
    field = field_at(form, path)
    field.errors = [*list(field.errors or []), render_text(exc.message)]


def _inputs(fields: Any) -> Iterator[Field]:
    for field in fields:
        if isinstance(field, FormField):
            yield from _inputs(field.form)
        elif isinstance(field, FieldList):
            yield from _inputs(field.entries)
        else:
            yield field


def flat_errors(form: CityForm) -> dict[str, list[str]]:
    """Every error on the form by the name of the input it is beside (for the script)."""
    return {field.name: [str(e) for e in field.errors] for field in _inputs(form) if field.errors}


_LABELS: dict[str, Text] = {field.key: field.label for field in CITY_FIELDS}


def field_names(fields: list[str], catalog: Catalog) -> str:
    """The fields of a city in a player's words: ``the coins, the structures``."""
    labels = {**_LABELS, **{f.key: f.label for f in fields_of(catalog)}}
    names = dict.fromkeys(render_text(labels.get(f.split(".", 1)[0]) or Text(f)) for f in fields)
    return ", ".join(names)
