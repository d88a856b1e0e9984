"""A game in progress: what the game format's "During play" fields change.

A table may give the age being played (``Game.age``), the discard pile
(``Game.discard``) and, for a city, whether its once-per-age free build was used
(``City.free_build_used``), the age each stage was built in (``City.stage_ages``) and the
guild Olympia copied (``City.copied_guild``). With them, :func:`~.trade.can_build`
answers for the age being played and builds ``via`` a power:

* ``via="discard"``: Halicarnassus builds a card of the discard pile for free, at the end
  of the turn in which a stage granting it was built (Rulebook, Halicarnassus; rulings
  ``halicarnassus-discard``);
* ``via="free-build"``: a power that builds a structure for free (Olympia A's once per
  age; the 2020 Olympia's first card of each colour, and first and last card of each age).

:func:`check_play` reports what those fields say that cannot be right.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from .catalog import Catalog
from .components import Stage, Wonder
from .deck import copies_by_age
from .describe import age_numeral, join
from .effects import Effect
from .model import City, Game, Payment, Problem, ProblemCode, Verdict, WhyNot
from .records import record
from .text import N_, Nn_, Text, verbatim

VIAS = ("discard", "free-build")
"""The powers ``can_build`` may be asked to build through."""

_FREE = Payment(0, 0, 0)


def built_stages(city: City, catalog: Catalog) -> tuple[Stage, ...]:
    """The stages the city has built, in order (none when its wonder is not known)."""
    if city.wonder is None:
        return ()
    return catalog.wonder(city.wonder).side(city.side).stages[: city.stages]


@record
class FreePower:
    """A power of the city that builds a structure for free: a built stage's (``stage``, its
    number; ``source``, the wonder's name) or a held card's (Caligula: ``stage`` None,
    ``source`` the card's name)."""

    source: str
    stage: int | None
    effect: Effect


def free_powers(city: City, catalog: Catalog) -> list[FreePower]:
    """The city's powers that build a structure for free: its built stages' (Olympia), then
    its cards' (Caligula's black card an age)."""
    out: list[FreePower] = []
    if city.wonder is not None:
        name = catalog.wonder(city.wonder).name
        for stage in built_stages(city, catalog):
            out += [FreePower(name, stage.number, e) for e in stage.effects if e.free_power()]
    for card in catalog.held_with(city.cards, "free_power"):
        out += [FreePower(card.name, None, e) for e in card.effects if e.free_power()]
    return out


def power_is_spent(game: Game, city: City, power: FreePower, powers: int = 1) -> bool:
    """True when the table says a free-build power cannot act now: used this age, or built
    this age while it acts only from the next (``powers``: the city's once-per-age powers)."""
    return _spent(game, city, power, powers) is not None


def _spent(game: Game, city: City, power: FreePower, powers: int = 1) -> str | None:
    """Why the table says a free-build power cannot act now: ``"used"`` this age (the city's
    ``free_build_used``), ``"recent"`` (built this age, it acts from the next), or None.

    ``free_build_used`` is one mark for the city: with two once-per-age powers (Olympia A
    and Caligula) a mark does not say which was used, so neither is taken as spent (ruling
    ``free-build-used``)."""
    effect = power.effect
    if effect.once_per_age() and city.free_build_used and powers < 2:
        return "used"
    if (
        effect.from_next_age()
        and power.stage is not None
        and city.stage_ages is not None
        and game.age is not None
    ):
        return "recent" if city.stage_ages[power.stage - 1] >= game.age else None
    return None


def once_per_age_powers(powers: list[FreePower]) -> int:
    """How many of ``powers`` a ``free_build_used`` mark may speak for."""
    return sum(1 for p in powers if p.effect.once_per_age())


def unused(city: City, power: FreePower) -> bool:
    """Whether the table says the once-per-age power is not used this age (``free_build_used``
    false: no such power of the city was), so that its verdict is said plainly."""
    return city.free_build_used is False and power.effect.once_per_age()


def leaders_recruited(city: City, catalog: Catalog) -> list[str]:
    """The leaders (cards dealt apart) the city lists, in its order."""
    return list(filter(catalog.dealt("apart").__contains__, city.cards or ()))


def leader_turns(game: Game, catalog: Catalog) -> int:
    """The leader turns a city has had: one at the start of each age (of the ages begun, in
    a game in progress); rulings ``leaders-one-an-age`` and ``leaders-one-more-play``."""
    rules = catalog.rules
    return (rules.ages if game.age is None else game.age) * rules.leader_turns_per_age


def leader_limit(game: Game, city: City, catalog: Catalog) -> int:
    """The most leaders the city can have recruited: one each leader turn
    (:func:`leader_turns`), and one more for each built stage that says so (Rome B)."""
    return leader_turns(game, catalog) + sum(
        e.extra_leaders() for stage in built_stages(city, catalog) for e in stage.effects
    )


def leader_refusal(game: Game, seat: int, catalog: Catalog, what: Text) -> Verdict | None:
    """A leader the city cannot recruit: it has recruited as many as its leader turns so far
    allow (its leader turn of this age played; Rome B's stages add one each)."""
    city = game.cities[seat]
    held = leaders_recruited(city, catalog)
    most = leader_limit(game, city, catalog)
    if len(held) < most:
        return None
    names = join([verbatim(catalog.structure(c).name) for c in held])
    return Verdict(
        False,
        N_(
            "{player} cannot recruit {what}: the city has recruited {names}, as many leaders as a game "
            "allows (one at the start of each age, and one more for each wonder stage that says so).",
            player=city.player,
            what=what,
            names=names,
        )
        if game.age is None
        else N_(
            "{player} cannot recruit {what} now: the city has recruited {names}, as many leaders as the "
            "leader turns up to Age {age} allow (one at the start of each age, and one more for each wonder "
            "stage that says so).",
            player=city.player,
            what=what,
            names=names,
            age=age_numeral(game.age),
        ),
        why=WhyNot.NO_LEADER_TURN,
    )


def age_refusal(game: Game, seat: int, card_id: str, catalog: Catalog, what: Text) -> Verdict | None:
    """A card of another age than the one being played (only when the game gives its age)."""
    if game.age is None:
        return None
    ages = catalog.card_ages(card_id)
    if game.age in ages:
        return None
    return Verdict(
        False,
        N_(
            "{player} cannot build {what} now: it is a card of Age {card_age}, and the table is "
            "playing Age {age}.",
            player=game.cities[seat].player,
            what=what,
            card_age=join([verbatim(age_numeral(a)) for a in ages]),
            age=age_numeral(game.age),
        ),
        why=WhyNot.NOT_THIS_AGE,
    )


def from_discard(game: Game, seat: int, card_id: str, catalog: Catalog, what: Text) -> Verdict:
    """``via="discard"``: the card must be in the discard pile, and the stage the city built
    last must grant a discard build (it acts at the end of that turn only)."""
    city = game.cities[seat]
    player = city.player
    if card_id not in game.discard:
        return Verdict(
            False,
            N_(
                "{player} cannot build {what} from the discard pile: it is not in the discard pile.",
                player=player,
                what=what,
            ),
            why=WhyNot.NOT_IN_DISCARD,
        )
    if city.wonder is None:
        return Verdict(
            False,
            N_("{player}'s wonder is not known, so no power to build from the discard pile.", player=player),
            why=WhyNot.NO_POWER,
        )
    wonder = catalog.wonder(city.wonder)
    refused = _discard_stage_refusal(game, city, wonder)
    if refused is not None:
        return refused
    notes: tuple[Text, ...] = ()
    if city.stage_ages is None or game.age is None:
        notes = (
            N_(
                "Only at the end of the turn in which stage {last} was built: the power does not wait.",
                last=city.stages,
            ),
        )
    return Verdict(
        True,
        N_(
            "{player} can build {what} from the discard pile for free: stage {last} of the {wonder} "
            "grants it.",
            player=player,
            what=what,
            last=city.stages,
            wonder=wonder.name,
        ),
        how="discard",
        cheapest=_FREE,
        options=(_FREE,),
        notes=notes,
    )


def _discard_stage_refusal(game: Game, city: City, wonder: Wonder) -> Verdict | None:
    """Why the city's wonder cannot build from the discard pile now, or None: no stage of its
    side grants it, the stage built last is not one that does, or (when the table gives the
    ages stages were built in) that stage was built in an earlier age, whose turn is over."""
    player = city.player
    stages = wonder.side(city.side).stages
    granting = [s.number for s in stages if any(e.builds_from_discard() for e in s.effects)]
    if not granting:
        return Verdict(
            False,
            N_(
                "{player} cannot build from the discard pile: the {wonder} has no power to do so.",
                player=player,
                wonder=wonder.name,
            ),
            why=WhyNot.NO_POWER,
        )
    if city.stages not in granting:
        return _not_granting_stage(city, wonder, granting)
    if city.stage_ages is not None and game.age is not None and city.stage_ages[-1] != game.age:
        return Verdict(
            False,
            N_(
                "{player} cannot build from the discard pile now: stage {last} of the {wonder} was "
                "built in Age {built}, and its discard build came at the end of that turn.",
                player=player,
                last=city.stages,
                wonder=wonder.name,
                built=age_numeral(city.stage_ages[-1]),
            ),
            why=WhyNot.NO_POWER,
        )
    return None


def _not_granting_stage(city: City, wonder: Wonder, granting: list[int]) -> Verdict:
    """The refusal when the stage the city built last (or none) is not one of the stages
    ``granting`` a discard build: the power acts only at the end of their turn."""
    numbers = join([verbatim(str(n)) for n in granting])
    return Verdict(
        False,
        N_(
            "{player} cannot build from the discard pile now: the {wonder} does so only at the end "
            "of the turn in which stage {numbers} is built, and the last stage built is stage {last}.",
            player=city.player,
            wonder=wonder.name,
            numbers=numbers,
            last=city.stages,
        )
        if city.stages
        else N_(
            "{player} cannot build from the discard pile yet: the {wonder} does so at the end of "
            "the turn in which stage {numbers} is built, and no stage is built.",
            player=city.player,
            wonder=wonder.name,
            numbers=numbers,
        ),
        why=WhyNot.NO_POWER,
    )


def free_build(
    game: Game, seat: int, card_id: str, catalog: Catalog, what: Text, notes: tuple[Text, ...]
) -> Verdict:
    """``via="free-build"``: a power of the city (a built stage's, or a card's such as
    Caligula's) that builds the card for free now."""
    city = game.cities[seat]
    player = city.player
    powers = free_powers(city, catalog)
    if not powers:
        return Verdict(
            False,
            N_("{player}'s city has no power that builds a structure for free.", player=player),
            why=WhyNot.NO_POWER,
        )
    color = catalog.structure(card_id).color
    colors = frozenset(catalog.structure(c).color for c in city.cards or () if catalog.has_card(c))
    marked = once_per_age_powers(powers)
    refusals: list[Text] = []
    grants: list[Text] = []
    for power in powers:
        effect = power.effect
        spent = _spent(game, city, power, marked)
        if spent == "recent" or effect.frees(color, colors) is False:
            refusals.append(effect.used_note(player, power.source))
        elif spent == "used":
            refusals.append(effect.spent_note(player, power.source))
        else:
            grants.append(effect.free_note(player, power.source, what, unused(city, power)))
    if not grants:
        return Verdict(False, refusals[0], why=WhyNot.NO_POWER, notes=tuple(refusals[1:]))
    # Every power that may build it is said (Olympia Night: the first and the sixth card of
    # an age), and why the others cannot.
    return Verdict(
        True,
        grants[0],
        how="free-build",
        cheapest=_FREE,
        options=(_FREE,),
        notes=(*grants[1:], *refusals, *notes),
    )


# --- checks -------------------------------------------------------------------------------------


_PLAY_FIELDS = attrgetter("free_build_used", "stage_ages", "copied_guild")
_NO_PLAY_FIELDS = (None, None, None)


def has_play_fields(game: Game) -> bool:
    """Whether the game gives any During play field (else :func:`check_play` has nothing to do)."""
    return (
        game.age is not None
        or bool(game.discard)
        or any(map(_NO_PLAY_FIELDS.__ne__, map(_PLAY_FIELDS, game.cities)))
    )


def check_play(game: Game, catalog: Catalog) -> list[Problem]:
    """What the During play fields say that cannot be right: cards of a later age, more
    structures than the turns played so far allow, a discard pile holding more copies than
    the deck, a power used that the city does not have, a guild copied without the power."""
    problems: list[Problem] = []
    age = game.age
    for seat, city in enumerate(game.cities):
        if age is not None and city.cards:
            problems.extend(_check_later_cards(game, seat, catalog, age))
            problems.extend(_check_turns(game, seat, catalog, age))
        problems.extend(_check_power_marks(game, seat, catalog))
    problems.extend(_check_discard(game, catalog))
    if age is not None:
        problems.extend(_check_copies_so_far(game, catalog))
    return problems


def _check_later_cards(game: Game, seat: int, catalog: Catalog, age: int) -> list[Problem]:
    """The cards of the city that belong to an age after the one being played."""
    city = game.cities[seat]
    later = [c for c in city.cards or () if catalog.has_card(c) and _first_age(catalog, c) > age]
    return [
        Problem(
            "error",
            ProblemCode.LATER_AGE_CARD,
            N_(
                "{player}'s city holds the {card}, a card of Age {card_age}, but the table "
                "is playing Age {age}.",
                player=city.player,
                card=catalog.structure(card).name,
                card_age=age_numeral(_first_age(catalog, card)),
                age=age_numeral(age),
            ),
            city=seat,
            card=card,
            field=f"cities[{seat}].cards",
        )
        for card in later
    ]


def _check_turns(game: Game, seat: int, catalog: Catalog, age: int) -> list[Problem]:
    """More structures and stages in the city than the turns up to the age being played
    allow (each age's turns and leader turns, and the extra builds its stages grant)."""
    city = game.cities[seat]
    turns = age * (catalog.rules.turns(len(game.cities)) + catalog.rules.leader_turns_per_age)
    built = len(city.cards or ()) + city.stages
    if built <= turns + _extra_builds(city, catalog):
        return []
    return [
        Problem(
            "error",
            ProblemCode.TOO_MANY_CARDS,
            N_(
                "{player}'s city has {built} structures and stages, but by the end of Age "
                "{age} a city has played at most {turns} cards.",
                player=city.player,
                built=built,
                age=age_numeral(age),
                turns=turns + _extra_builds(city, catalog),
            ),
            city=seat,
            field=f"cities[{seat}].cards",
        )
    ]


def _check_power_marks(game: Game, seat: int, catalog: Catalog) -> list[Problem]:
    """The city's marks of a power it does not have: a once-per-age free build used, or a
    guild copied with no built stage that copies one. Both are ignored, with a warning."""
    city = game.cities[seat]
    problems: list[Problem] = []
    if city.free_build_used and not once_per_age_powers(free_powers(city, catalog)):
        problems.append(
            Problem(
                "warning",
                ProblemCode.NO_POWER,
                N_(
                    "{player}'s city is marked as having used its once-per-age free build, but it "
                    "has no such power (a built wonder stage or a card that gives one); the mark is ignored.",
                    player=city.player,
                ),
                city=seat,
                field=f"cities[{seat}].free_build_used",
            )
        )
    if city.copied_guild is not None and not any(
        e.copies_guild() for s in built_stages(city, catalog) for e in s.effects
    ):
        problems.append(
            Problem(
                "warning",
                ProblemCode.BAD_COPIED_GUILD,
                N_(
                    "{player}'s city names a copied guild ({card}), but it has no built stage that "
                    "copies a guild; it is ignored.",
                    player=city.player,
                    card=catalog.structure(city.copied_guild).name,
                ),
                city=seat,
                field=f"cities[{seat}].copied_guild",
            )
        )
    return problems


def _check_copies_so_far(game: Game, catalog: Catalog) -> list[Problem]:
    """Cards the cities hold more copies of than the ages played so far have dealt, though the
    whole game's deck has enough (two Looms in Age I at three players). More than the whole
    deck is the validator's ``too-many-copies``; with the discard pile, :func:`_check_discard`'s;
    a card of a later age is ``later-age-card``."""
    problems: list[Problem] = []
    held = Counter(c for city in game.cities for c in set(city.cards or ()) if catalog.has_card(c))
    discarded = set(game.discard)
    for card, count in sorted(held.items()):
        if count < 2 or card in discarded:
            continue
        dealt = copies_by_age(game, card, catalog)
        if 0 < dealt < count <= catalog.copies(card, game.deck_players):
            seats = [s for s, c in enumerate(game.cities) if card in (c.cards or ())]
            problems.append(
                Problem(
                    "error",
                    ProblemCode.TOO_MANY_COPIES,
                    Nn_(
                        "{card} is in the cities of {players}, but a table of {cities} cities deals only {n} "
                        "copy of it up to Age {age}.",
                        "{card} is in the cities of {players}, but a table of {cities} cities deals only {n} "
                        "copies of it up to Age {age}.",
                        dealt,
                        card=catalog.structure(card).name,
                        players=join([verbatim(game.cities[s].player) for s in seats]),
                        cities=game.deck_players,
                        age=age_numeral(game.age or 0),
                    ),
                    card=card,
                )
            )
    return problems


def _first_age(catalog: Catalog, card_id: str) -> int:
    return catalog.card_ages(card_id)[0]


def _extra_builds(city: City, catalog: Catalog) -> int:
    return sum(e.extra_structures(catalog.rules) for s in built_stages(city, catalog) for e in s.effects)


def _check_discard(game: Game, catalog: Catalog) -> list[Problem]:
    """The discard pile's cards: in the deck, of an age played, no more copies than the deck."""
    problems: list[Problem] = []
    players = game.deck_players
    held = Counter(c for city in game.cities for c in set(city.cards or ()))
    for card, count in sorted(Counter(game.discard).items()):
        structure = catalog.structure(card)
        copies = 1 if structure.is_guild else catalog.copies(card, players)
        if game.age is not None and _first_age(catalog, card) > game.age:
            problems.append(_discarded_later(catalog, card, game.age))
        if count + held[card] > copies:
            problems.append(_discarded_beyond_deck(catalog, card, count + held[card], copies, players))
        elif game.age is not None and not structure.is_guild:
            dealt = copies_by_age(game, card, catalog)
            if 0 < dealt < count + held[card]:
                problems.append(_discarded_beyond_dealt(catalog, card, count + held[card], dealt, game))
    return problems


def _discarded_later(catalog: Catalog, card: str, age: int) -> Problem:
    """A card in the discard pile of an age after the one being played."""
    return Problem(
        "error",
        ProblemCode.LATER_AGE_CARD,
        N_(
            "The discard pile holds the {card}, a card of Age {card_age}, but the table is "
            "playing Age {age}.",
            card=catalog.structure(card).name,
            card_age=age_numeral(_first_age(catalog, card)),
            age=age_numeral(age),
        ),
        card=card,
        field="discard",
    )


def _discarded_beyond_deck(catalog: Catalog, card: str, count: int, copies: int, players: int) -> Problem:
    """A card the discard pile and the cities hold ``count`` copies of, more than the deck's
    ``copies`` at this player count (none: it is not in the deck)."""
    return Problem(
        "error",
        ProblemCode.TOO_MANY_COPIES if copies else ProblemCode.CARD_NOT_IN_DECK,
        N_(
            "The discard pile holds the {card}, which is not in the deck for {n} cities.",
            card=catalog.structure(card).name,
            n=players,
        )
        if not copies
        else N_(
            "The discard pile and the cities hold {count} copies of the {card}, but the deck "
            "for {n} cities has {copies}.",
            count=count,
            card=catalog.structure(card).name,
            n=players,
            copies=copies,
        ),
        card=card,
        field="discard",
    )


def _discarded_beyond_dealt(catalog: Catalog, card: str, count: int, dealt: int, game: Game) -> Problem:
    """A card the discard pile and the cities hold ``count`` copies of, more than the ages
    played so far have ``dealt``, though the whole game's deck has enough."""
    return Problem(
        "error",
        ProblemCode.TOO_MANY_COPIES,
        Nn_(
            "The discard pile and the cities hold {count} copies of the {card}, but a table "
            "of {cities} cities deals only {n} copy of it up to Age {age}.",
            "The discard pile and the cities hold {count} copies of the {card}, but a table "
            "of {cities} cities deals only {n} copies of it up to Age {age}.",
            dealt,
            count=count,
            card=catalog.structure(card).name,
            cities=game.deck_players,
            age=age_numeral(game.age or 0),
        ),
        card=card,
        field="discard",
    )
