"""The web forms (Flask-WTF, CSRF-protected). Views turn them into the game format."""

from __future__ import annotations

from functools import cache
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

from ..rules.catalog import EditionRules
from ..rules.gameio import MAX_COINS, MAX_NAME_LENGTH, MAX_SYMBOLS, MAX_TOKENS, category_range
from ..rules.validate import same_names

MAX_PLAYERS = 7


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
    """One seat at the table: a name, the wonder board in front of it and its side."""

    player = StringField(_l("Name"), validators=[Optional(), Length(max=MAX_NAME_LENGTH)])
    wonder = SelectField(_l("Wonder"), default="")
    side = RadioField(_l("Side"), choices=choice_list([("A", "A"), ("B", "B")]), default="A")


class NewGameForm(FlaskForm):
    """The host's set-up: players in seating order with the wonders in front of them.

    Wonders are picked, as they lie on the table; dealing them at random is a choice.
    """

    title = StringField(_l("Name of the game (optional)"), validators=[Optional(), Length(max=80)])
    edition = SelectField(_l("Edition"), default="1")
    mode = HiddenField(default="cards")
    table = HiddenField()
    deal = BooleanField(_l("Deal the wonders nobody picked at random"), default=False)
    random_sides = BooleanField(_l("Deal their sides at random too"), default=False)
    seats = FieldList(FormField(SeatForm), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    free_city = FormField(SeatForm)
    submit = SubmitField(_l("Start the game"))

    def named_seats(self) -> list[SeatForm]:
        return [s.form for s in self.seats.entries if (s.form.player.data or "").strip()]

    rules: EditionRules | None = None
    """The chosen edition's rules (set by the view): how few players it allows."""

    def uses_free_city(self) -> bool:
        """Whether this table adds the Free City (the edition's two-player variant)."""
        rules = self.rules
        return bool(rules and rules.free_city_players and len(self.named_seats()) == rules.free_city_players)

    def validate_seats(self, field: FieldList) -> None:
        seats = self.named_seats()
        rules = self.rules
        fewest = 2 if rules is None or rules.free_city_players else rules.min_players
        if len(seats) < fewest:
            raise ValidationError(
                _l("Enter at least %(n)d players, in seating order.", n=fewest)
                if fewest != 2
                else _l("Enter at least two players, in seating order.")
            )
        if same_names([s.player.data for s in seats]):  # the rules core's comparison
            raise ValidationError(_l("Two players have the same name: add an initial to tell them apart."))
        if self.mode.data == "pad":
            return
        boards = [s.wonder for s in seats]
        if self.uses_free_city():
            boards.append(self.free_city.form.wonder)
        chosen = [w.data for w in boards if w.data]
        if len(set(chosen)) != len(chosen):
            raise ValidationError(_l("Two players picked the same wonder: each wonder is in play once."))
        if not self.deal.data:
            missing = [w for w in boards if not w.data]
            for wonder in missing:
                wonder.errors = [*wonder.errors, _l("Pick this wonder, or deal the wonders at random.")]
            if missing:
                raise ValidationError(
                    _l(
                        "Pick the wonder in front of each player, or tick “Deal the wonders nobody picked at random”."
                    )
                )


STAGE_AGE_CHOICES = choice_list(
    [("", _l("Age not said")), ("1", _l("Age I")), ("2", _l("Age II")), ("3", _l("Age III"))]
)


class CityForm(FlaskForm):
    """One phone's city, entered card by card (or, on a quick pad, as the pad's numbers).

    ``base`` carries the city as this phone read it (the game format, as JSON), so that a
    save arriving after another change can be merged into it instead of refused.
    """

    version = HiddenField()
    base = HiddenField()
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
    # Conflict tokens as a player counts them on the table: how many of each kind.
    win1 = IntegerField(_l("Victories of Age I"), validators=[Optional(), NumberRange(0, MAX_TOKENS)])
    win2 = IntegerField(_l("Victories of Age II"), validators=[Optional(), NumberRange(0, MAX_TOKENS)])
    win3 = IntegerField(_l("Victories of Age III"), validators=[Optional(), NumberRange(0, MAX_TOKENS)])
    defeats = IntegerField(_l("Defeats"), validators=[Optional(), NumberRange(0, MAX_TOKENS)])
    cards = MultiCheckboxField(_l("Structures"))
    # Quick pad: science from the symbols (the categories' numbers: see city_form_for).
    compass = IntegerField(_l("Compass"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])
    gear = IntegerField(_l("Gear"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])
    tablet = IntegerField(_l("Tablet"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])
    wild = IntegerField(_l("Wildcards"), default=0, validators=[Optional(), NumberRange(0, MAX_SYMBOLS)])
    # During play (optional): the age of each stage, Olympia's free build and copied guild.
    stage_age_1 = SelectField(_l("Stage 1 built in"), choices=STAGE_AGE_CHOICES, default="")
    stage_age_2 = SelectField(_l("Stage 2 built in"), choices=STAGE_AGE_CHOICES, default="")
    stage_age_3 = SelectField(_l("Stage 3 built in"), choices=STAGE_AGE_CHOICES, default="")
    stage_age_4 = SelectField(_l("Stage 4 built in"), choices=STAGE_AGE_CHOICES, default="")
    free_build_used = BooleanField(_l("The once-per-age free build is used this age"))
    copied_guild = SelectField(_l("Guild copied by the wonder"), default="", validate_choice=False)
    save = SubmitField(_l("Save my city"))

    STAGE_AGE_FIELDS = ("stage_age_1", "stage_age_2", "stage_age_3", "stage_age_4")

    PAD_FIELDS: tuple[str, ...] = ()
    TOKEN_FIELDS = ("win1", "win2", "win3")


@cache
def city_form_for(rules: EditionRules) -> type[CityForm]:
    """The city form of an edition: a pad field for each of its score categories, in order,
    with the limits the game format's parser applies."""
    fields: dict[str, Any] = {}
    for category in rules.categories:
        low, high = category_range(category)
        fields[f"pad_{category.value}"] = IntegerField(
            _l(rules.category_name(category).msgid), validators=[Optional(), NumberRange(low, high)]
        )
    form: type[CityForm] = type(f"CityFormEdition{rules.edition}", (CityForm,), fields)
    form.PAD_FIELDS = tuple(fields)
    return form


class AgeForm(FlaskForm):
    """End of an age: each city's shields; the app hands out the conflict tokens."""

    age = RadioField(_l("Age"), choices=choice_list([("1", "I"), ("2", "II"), ("3", "III")]), default="1")
    shields = FieldList(
        IntegerField(validators=[InputRequired(_l("Enter the shields (0 or more).")), NumberRange(0, 99)]),
        min_entries=0,
        max_entries=MAX_PLAYERS,
    )
    submit = SubmitField(_l("Hand out the conflict tokens"))


class PlayForm(FlaskForm):
    """A game in progress: the age being played and the discard pile (Halicarnassus)."""

    play_version = HiddenField()
    age = RadioField(
        _l("Age being played"),
        choices=choice_list([("", _l("None: the game is over")), ("1", "I"), ("2", "II"), ("3", "III")]),
        default="",
        validate_choice=True,
    )
    discard = MultiCheckboxField(_l("Discard pile"))
    submit = SubmitField(_l("Save"))


class GroupForm(FlaskForm):
    """Start a table (a group that plays together), or give it a name."""

    name = StringField(_l("Name of the table (optional)"), validators=[Optional(), Length(max=80)])
    submit = SubmitField(_l("Start a table"))


class MoveGameForm(FlaskForm):
    """Put a game in a table (its link), or take it out."""

    table = StringField(_l("The table's link"), validators=[Optional(), Length(max=300)])
    leave = BooleanField(_l("Take the game out of its table"))
    submit = SubmitField(_l("Put the game in the table"))


class NamesForm(FlaskForm):
    """A table's players: rename one, or merge two spellings of one player's name."""

    action = RadioField(
        _l("What to do"),
        choices=choice_list([("rename", _l("Rename")), ("merge", _l("Merge into another player"))]),
        default="rename",
    )
    player = SelectField(_l("Player"), default="", validate_choice=True)
    name = StringField(_l("New name"), validators=[Optional(), Length(max=MAX_NAME_LENGTH)])
    into = SelectField(_l("The same player as"), default="", validate_choice=True)
    submit = SubmitField(_l("Save"))


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

    edition = SelectField(_l("Edition"), default="1")
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
    coins = IntegerField(
        _l("Coins at the start of the turn"), validators=[Optional(), NumberRange(0, MAX_COINS)]
    )
    submit = SubmitField(_l("Can I build them?"))
