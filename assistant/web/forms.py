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
from wtforms.validators import AnyOf, InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from ..rules.catalog import EditionRules
from ..rules.describe import age_numeral
from ..rules.gameio import MAX_COINS, MAX_NAME_LENGTH, MAX_SHIELDS
from ..rules.names import same_names


def choice_list(pairs: Any) -> list[SelectChoice]:
    """WTForms choices from (value, label) pairs."""
    return [SelectChoice(str(value), label) for value, label in pairs]


def age_choices(rules: EditionRules) -> list[SelectChoice]:
    """Each age of the edition, as the rulebook writes it (``1`` -> ``I``)."""
    return choice_list((age, age_numeral(age)) for age in range(1, rules.ages + 1))


class MultiCheckboxField(SelectMultipleField):
    """A list of checkboxes: big tap targets, no typing."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form: Any) -> None:
        # Unknown card ids are reported by the game format's parser, naming the card.
        pass


class ExpansionsField(MultiCheckboxField):
    """The expansions a table plays: each box one of the edition's expansions; an id the
    edition lacks (a hand-made link or form) is refused, named."""

    def pre_validate(self, form: Any) -> None:
        known = {choice.value for choice in self.choices or []}
        for value in self.data or []:
            if value not in known:
                raise ValidationError(_l("This edition has no expansion “%(id)s”.", id=value[:40]))


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
    expansions = ExpansionsField(_l("Expansions"))
    mode = HiddenField(default="cards")
    table = HiddenField()
    deal = BooleanField(_l("Deal the wonders nobody picked at random"), default=False)
    random_sides = BooleanField(_l("Deal their sides at random too"), default=False)
    teams = BooleanField(_l("Team game: teams of two sitting side by side"), default=False)
    seats = FieldList(FormField(SeatForm))  # one seat per player the edition allows: new_game_form_for
    free_city = FormField(SeatForm)
    submit = SubmitField(_l("Start the game"))

    def named_seats(self) -> list[SeatForm]:
        return [s.form for s in self.seats.entries if (s.form.player.data or "").strip()]

    rules: EditionRules | None = None
    """The chosen edition's rules: how few and how many players it allows."""

    def uses_free_city(self) -> bool:
        """Whether this table adds the Free City (the edition's two-player variant)."""
        rules = self.rules
        return bool(rules and rules.free_city_players and len(self.named_seats()) == rules.free_city_players)

    def validate_seats(self, field: FieldList) -> None:
        seats = self.named_seats()
        rules = self.rules
        fewest = rules.player_counts.start if rules is not None else 2
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


@cache
def new_game_form_for(rules: EditionRules) -> type[NewGameForm]:
    """The new-game form of an edition: a seat for each player it allows."""
    seats = FieldList(FormField(SeatForm), min_entries=rules.max_players, max_entries=rules.max_players)
    return type(f"NewGameFormEdition{rules.edition}", (NewGameForm,), {"seats": seats, "rules": rules})


class AgeForm(FlaskForm):
    """End of an age: each city's shields; the app hands out the conflict tokens.

    Its ages and how many cities it takes are the edition's: :func:`age_form_for`."""

    age = RadioField(_l("Age"), default="1")
    shields = FieldList(
        IntegerField(
            validators=[InputRequired(_l("Enter the shields (0 or more).")), NumberRange(0, MAX_SHIELDS)]
        ),
        min_entries=0,
    )
    submit = SubmitField(_l("Hand out the conflict tokens"))

    MAX_SHIELDS = MAX_SHIELDS


@cache
def age_form_for(rules: EditionRules) -> type[AgeForm]:
    """The end-of-an-age form of an edition: its ages, and shields for up to its largest table."""
    fields = {
        "age": RadioField(_l("Age"), choices=age_choices(rules), default="1"),
        "shields": FieldList(
            IntegerField(
                validators=[InputRequired(_l("Enter the shields (0 or more).")), NumberRange(0, MAX_SHIELDS)]
            ),
            min_entries=0,
            max_entries=rules.players.stop - 1,
        ),
    }
    return type(f"AgeFormEdition{rules.edition}", (AgeForm,), fields)


class PlayForm(FlaskForm):
    """A game in progress: the age being played (one of the edition's: :func:`play_form_for`)
    and the discard pile (Halicarnassus)."""

    play_version = HiddenField()
    age = RadioField(_l("Age being played"), default="", validate_choice=True)
    discard = MultiCheckboxField(_l("Discard pile"))
    submit = SubmitField(_l("Save"))


@cache
def play_form_for(rules: EditionRules) -> type[PlayForm]:
    """The During play form of an edition: none (the game is over) or one of its ages."""
    ages = [SelectChoice(c.value, _l("Age %(age)s", age=c.label)) for c in age_choices(rules)]
    age = RadioField(
        _l("Age being played"),
        choices=choice_list([("", _l("None: the game is over"))]) + ages,
        default="",
        validate_choice=True,
    )
    return type(f"PlayFormEdition{rules.edition}", (PlayForm,), {"age": age})


class TableForm(FlaskForm):
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


class EntryForm(FlaskForm):
    """Switch one city to the other way of entering it: card by card, or the pad's numbers."""

    version = HiddenField()
    to = HiddenField(validators=[AnyOf(["cards", "pad"])])


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
    expansions = ExpansionsField(_l("Expansions"))
    paper = RadioField(_l("Paper"), choices=choice_list([("a4", "A4"), ("letter", "Letter")]), default="a4")
    # The choices are the edition's player counts (set by the view with ``rules``); a count
    # the edition does not allow is refused beside the field, never a server error.
    players = SelectField(_l("Players"), default="4", validate_choice=False)
    per_page = RadioField(
        _l("Pads per page"), choices=choice_list([("1", "1"), ("2", "2"), ("4", "4")]), default="1"
    )
    order = RadioField(
        _l("Rows"),
        choices=choice_list(
            [
                ("pad", _l("As on the edition's own pad")),
                ("rulebook", _l("In the rulebook's counting order")),
            ]
        ),
        default="pad",
    )
    lang = SelectField(_l("Language"), choices=[], validate_choice=True)
    qr = BooleanField(_l("Print a QR code to a new game in this app"), default=False)
    submit = SubmitField(_l("Download the pads (PDF)"))

    rules: EditionRules | None = None
    """The chosen edition's rules (None while the edition asked for is unknown)."""

    def set_edition(self, rules: EditionRules | None, shown: EditionRules) -> None:
        """Offer the player counts of ``shown`` (the chosen edition, else the default one)."""
        self.rules = rules
        self.players.choices = choice_list((n, str(n)) for n in shown.player_counts)
        if not self.players.raw_data and self.players.data not in {c.value for c in self.players.choices}:
            self.players.data = str(min(shown.player_counts.stop - 1, 4))

    def validate_players(self, field: SelectField) -> None:
        rules = self.rules
        if rules is None:
            return  # an unknown edition is refused beside its own field
        counts = rules.player_counts
        value = field.data or ""
        if value not in {str(n) for n in counts}:
            raise ValidationError(
                _l(
                    "Pads of this edition are for %(least)d to %(most)d players.",
                    least=counts.start,
                    most=counts.stop - 1,
                )
            )


class DeckForm(FlaskForm):
    """Tonight's deck: the table it is for (edition, expansions, players) and the PDF's paper."""

    class Meta:
        csrf = False  # a GET form that only shows a page or downloads a PDF

    edition = SelectField(_l("Edition"), default="1")
    expansions = ExpansionsField(_l("Expansions"))
    # The choices are the players the edition and its expansions seat (set by the view, with
    # ``refusal``); a count they do not seat is refused beside the field, never a server error.
    players = SelectField(_l("Players"), default="4", validate_choice=False)
    paper = RadioField(_l("Paper"), choices=choice_list([("a4", "A4"), ("letter", "Letter")]), default="a4")
    submit = SubmitField(_l("Show the deck"))

    refusal = ""
    """The sentence refusing a number of players the table cannot have (empty: the edition
    asked for is unknown, refused beside its own field)."""

    def validate_players(self, field: SelectField) -> None:
        if self.refusal and field.data not in {choice.value for choice in field.choices or ()}:
            raise ValidationError(self.refusal)


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
