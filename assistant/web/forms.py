"""The web forms (Flask-WTF, CSRF-protected). Views turn them into the game format."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileAllowed, FileField
from wtforms import (
    BooleanField,
    FieldList,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    SubmitField,
    TextAreaField,
)
from wtforms import Form as PlainForm
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..rules.gameio import MAX_COINS, MAX_NAME_LENGTH
from ..rules.model import CATEGORIES

MAX_PLAYERS = 7
RANDOM = "random"


def choice_list(pairs: Any) -> list[SelectChoice]:
    """WTForms choices from (value, label) pairs."""
    return [SelectChoice(str(value), label) for value, label in pairs]


class MultiCheckboxField(SelectMultipleField):
    """A list of checkboxes: big tap targets, no typing."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form: Any) -> None:
        # Unknown card ids are reported by the game format's parser, naming the card.
        pass


class SeatForm(PlainForm):
    """One seat at the table: a name, and optionally a chosen wonder and side."""

    player = StringField(_l("Name"), validators=[Optional(), Length(max=MAX_NAME_LENGTH)])
    wonder = SelectField(_l("Wonder"), default=RANDOM, validate_choice=False)
    side = SelectField(_l("Side"), default=RANDOM, validate_choice=False)


class NewGameForm(FlaskForm):
    """The host's set-up: players in seating order, wonders dealt or picked."""

    title = StringField(_l("Name of the game (optional)"), validators=[Optional(), Length(max=80)])
    edition = SelectField(
        _l("Edition"), choices=choice_list([("1", _l("First edition (2010)"))]), default="1"
    )
    mode = HiddenField(default="cards")
    seats = FieldList(FormField(SeatForm), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    submit = SubmitField(_l("Start the game"))

    def validate_seats(self, field: FieldList) -> None:
        names = [(s.form.player.data or "").strip() for s in field.entries]
        filled = [n for n in names if n]
        if len(filled) < 2:
            raise ValidationError(_l("Enter at least two players, in seating order."))
        folded = [n.casefold() for n in filled]
        if len(set(folded)) != len(folded):
            raise ValidationError(_l("Two players have the same name: add an initial to tell them apart."))
        chosen = [
            s.form.wonder.data
            for s in field.entries
            if (s.form.player.data or "").strip() and s.form.wonder.data not in (None, "", RANDOM)
        ]
        if len(set(chosen)) != len(chosen):
            raise ValidationError(_l("Two players picked the same wonder: each wonder is in play once."))


class CityForm(FlaskForm):
    """One phone's city, entered card by card (or, on a quick pad, as the pad's numbers)."""

    version = HiddenField()
    player = StringField(_l("Name"), validators=[InputRequired(), Length(max=MAX_NAME_LENGTH)])
    wonder = SelectField(_l("Wonder"), validate_choice=False)
    side = RadioField(_l("Side"), choices=choice_list([("A", "A"), ("B", "B")]), default="A")
    stages = RadioField(
        _l("Wonder stages built"), choices=choice_list([(str(n), str(n)) for n in range(5)]), default="0"
    )
    coins = IntegerField(
        _l("Coins"),
        default=3,
        validators=[InputRequired(_l("Enter the coins (0 or more).")), NumberRange(0, MAX_COINS)],
    )
    military = HiddenField(default="")
    cards = MultiCheckboxField(_l("Structures"))
    # Quick pad: the seven numbers, and science from the symbols.
    pad_military = IntegerField(_l("Military"), validators=[Optional(), NumberRange(-18, 99)])
    pad_treasury = IntegerField(_l("Treasury"), validators=[Optional(), NumberRange(0, 333)])
    pad_wonder = IntegerField(_l("Wonder"), validators=[Optional(), NumberRange(0, 99)])
    pad_civilian = IntegerField(_l("Civilian"), validators=[Optional(), NumberRange(0, 199)])
    pad_science = IntegerField(_l("Science"), validators=[Optional(), NumberRange(0, 299)])
    pad_commercial = IntegerField(_l("Commercial"), validators=[Optional(), NumberRange(0, 99)])
    pad_guilds = IntegerField(_l("Guilds"), validators=[Optional(), NumberRange(0, 199)])
    compass = IntegerField(_l("Compass"), default=0, validators=[Optional(), NumberRange(0, 20)])
    gear = IntegerField(_l("Gear"), default=0, validators=[Optional(), NumberRange(0, 20)])
    tablet = IntegerField(_l("Tablet"), default=0, validators=[Optional(), NumberRange(0, 20)])
    wild = IntegerField(_l("Wildcards"), default=0, validators=[Optional(), NumberRange(0, 5)])
    add_token = SubmitField()
    remove_token = SubmitField()
    save = SubmitField(_l("Save my city"))

    PAD_FIELDS = tuple(f"pad_{c.value}" for c in CATEGORIES)


class AgeForm(FlaskForm):
    """End of an age: each city's shields; the app hands out the conflict tokens."""

    age = RadioField(_l("Age"), choices=choice_list([("1", "I"), ("2", "II"), ("3", "III")]), default="1")
    versions = HiddenField()
    shields = FieldList(
        IntegerField(validators=[InputRequired(_l("Enter the shields (0 or more).")), NumberRange(0, 99)]),
        min_entries=0,
        max_entries=MAX_PLAYERS,
    )
    submit = SubmitField(_l("Hand out the conflict tokens"))


class LockForm(FlaskForm):
    """The host ends the game: no phone can change it any more."""

    locked = HiddenField(default="1")
    submit = SubmitField(_l("Lock the game"))


class ImportForm(FlaskForm):
    """Import a game exported as the JSON game format."""

    file = FileField(
        _l("Game file (.json)"), validators=[FileAllowed(["json", "txt"], _l("Choose a .json file."))]
    )
    text = TextAreaField(_l("Or paste the game's JSON"), validators=[Optional(), Length(max=200_000)])
    submit = SubmitField(_l("Import the game"))


class PadsForm(FlaskForm):
    """Blank score pads to print."""

    class Meta:
        csrf = False  # a GET form that only downloads a PDF

    paper = RadioField(_l("Paper"), choices=choice_list([("a4", "A4"), ("letter", "Letter")]), default="a4")
    players = SelectField(
        _l("Players"), choices=choice_list([(str(n), str(n)) for n in range(2, 8)]), default="4"
    )
    per_page = RadioField(
        _l("Pads per page"), choices=choice_list([("1", "1"), ("2", "2"), ("4", "4")]), default="1"
    )
    order = RadioField(
        _l("Rows"),
        choices=choice_list(
            [
                ("pad", _l("As on the game's pad (science last)")),
                ("rulebook", _l("In the rulebook's counting order")),
            ]
        ),
        default="pad",
    )
    lang = SelectField(_l("Language"), choices=[], validate_choice=True)
    qr = BooleanField(_l("Print a QR code to a new game in this app"), default=False)
    submit = SubmitField(_l("Download the pads (PDF)"))


class SheetForm(FlaskForm):
    """A game's score sheet to print: paper and language."""

    class Meta:
        csrf = False  # a GET form that only downloads a PDF

    paper = RadioField(_l("Paper"), choices=choice_list([("a4", "A4"), ("letter", "Letter")]), default="a4")
    lang = SelectField(_l("Language"), choices=[], validate_choice=True)
    submit = SubmitField(_l("Download the score sheet (PDF)"))


class BuildQueryForm(FlaskForm):
    """Can I build it? The cards in hand (and/or the next stage)."""

    class Meta:
        csrf = False  # read-only question

    hand = MultiCheckboxField(_l("Cards in my hand"))
    stage = BooleanField(_l("The next wonder stage"))
    submit = SubmitField(_l("Can I build them?"))
