"""Validation of the military entries: conflict tokens a city can hold and that pair up
round the table (across diplomacy, teams and Tomyris too), diplomacy within the tokens the
city had, shields by age that never go down and agree with the city's cards, and the last
age's conflicts that the cities' own shields decide."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import repeat

from .catalog import Catalog
from .counters import _lookups
from .describe import AGE_NUMERALS, age_numeral, join, players_text
from .during import built_stages
from .military import (
    built_stage_shields,
    city_signature,
    defeat_givers,
    defeats_as_shields,
    ended_ages,
    resolve_city,
    shield_bounds,
    shield_counts,
    shield_sources,
    shields_admitted,
    signature_pairs_up,
    table_shields,
    token_signature,
    tokens_pair_up_across,
)
from .model import City, Game, Problem, ProblemCode
from .text import N_, Nn_, Signed, Text, verbatim


def _check_diplomacy(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """A city plays no more diplomacy tokens than its cards and built stages gave it (one
    each: Residence, Consulate, Embassy, Byzantium's stages)."""
    for seat, city in enumerate(game.cities):
        if not city.diplomacy or city.cards is None:
            continue
        effects = [e for card in catalog.held_with(city.cards, "diplomacy_tokens") for e in card.effects]
        effects += [e for stage in built_stages(city, catalog) for e in stage.effects]
        had = sum(e.diplomacy_tokens() for e in effects)
        if len(city.diplomacy) <= had:
            continue
        problems.append(
            Problem(
                "error",
                ProblemCode.BAD_MILITARY,
                Nn_(
                    "{player} played diplomacy in {count} ages, but the city's cards and stages give it "
                    "{n} diplomacy token.",
                    "{player} played diplomacy in {count} ages, but the city's cards and stages give it "
                    "{n} diplomacy tokens.",
                    had,
                    player=city.player,
                    count=len(city.diplomacy),
                ),
                city=seat,
                field=f"cities[{seat}].diplomacy",
            )
        )


def _check_military(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """Each city's tokens must exist and fit two neighbours; all of them must pair up round the table."""
    rules = catalog.rules
    victory = rules.victory_tokens
    defeat = rules.defeat_token
    signature: list[tuple[int, int, int]] = []
    complete = True
    # A city beside Tomyris may hold a defeat token beside the victory it won from her, a
    # city on diplomacy fights fewer conflicts, its neighbours others than usual, and in the
    # team game a city fights one neighbour twice: the fixed ring follows none of them, so
    # such a table is checked by tokens_pair_up_across.
    givers = defeat_givers(game, catalog)
    takers = {s for g in givers for age in range(1, rules.ages + 1) for s in game.opponents(g, age)}
    teams = bool(game.teams)
    across = bool(givers) or teams or game.has_diplomacy
    for seat, city in enumerate(game.cities):
        tokens = city.military
        if tokens is None:
            complete = False
            continue
        found = city_signature(tokens, victory, defeat)
        if found is None:
            _check_tokens(seat, city, catalog, problems, seat in takers, teams)  # says what is wrong
            complete = False
            continue
        if city.diplomacy:
            before = len(problems)
            _check_tokens(seat, city, catalog, problems, seat in takers, teams)
            if len(problems) > before:
                complete = False  # one fact, one problem: the city's own tokens say it
        signature.append(found)
    if not complete:
        return
    if across:
        if tokens_pair_up_across(game, [city.military or () for city in game.cities], rules, givers):
            return
    elif signature_pairs_up(tuple(signature)):
        return
    won = sum(one.bit_count() + two.bit_count() for one, two, _ in signature)
    lost = sum(d for _, _, d in signature)
    message = (
        N_(
            "The conflict tokens across the table cannot pair up: each victory needs a neighbour's "
            "defeat, but the table holds {won} and {lost}.",
            won=Nn_("{n} victory", "{n} victories", won),
            lost=Nn_("{n} defeat", "{n} defeats", lost),
        )
        if won != lost
        else N_(
            "The conflict tokens across the table cannot pair up: no outcome of the conflicts "
            "between neighbours gives every city the tokens it holds."
        )
    )
    problems.append(Problem("error", ProblemCode.BAD_MILITARY, message, field="cities"))


def _check_tokens(
    seat: int,
    city: City,
    catalog: Catalog,
    problems: list[Problem],
    beside_giver: bool = False,
    team_game: bool = False,
) -> None:
    """One city's tokens: each must exist, and two neighbours must be able to give them all
    (``beside_giver``: a neighbour hands over its defeats, Tomyris: one defeat a conflict;
    ``team_game``: a city on diplomacy still fights its other neighbour once)."""
    rules = catalog.rules
    victory = rules.victory_tokens
    allowed = (*victory, rules.defeat_token)
    tokens = city.military or ()
    for token in dict.fromkeys(t for t in tokens if t not in allowed):
        problems.append(_token_does_not_exist(seat, city, token, allowed))
    wins = 0
    for age, value in enumerate(victory, 1):
        count = tokens.count(value)
        wins += min(count, 2)
        if count > 2:
            problems.append(_too_many_victories(seat, city, count, age))
    defeats = tokens.count(rules.defeat_token)
    away = city.diplomacy or ()
    for age in away:
        if age > len(victory) or tokens.count(victory[age - 1]) <= (1 if team_game else 0):
            continue
        problems.append(_victory_on_diplomacy(seat, city, tokens.count(victory[age - 1]), age, team_game))
    fought = 2 * len(victory) - (1 if team_game else 2) * len(away)
    most = fought - (0 if beside_giver else wins)
    if defeats > most:
        problems.append(_too_many_defeats(seat, city, defeats, most))


def _token_does_not_exist(seat: int, city: City, token: int, allowed: tuple[int, ...]) -> Problem:
    """The ``bad-military`` problem of a token worth none of the edition's ``allowed`` values."""
    return Problem(
        "error",
        ProblemCode.BAD_MILITARY,
        N_(
            "{player}'s conflict token {token} does not exist: tokens are worth {values}.",
            player=city.player,
            token=token,
            values=Signed(", ".join(f"{t:+d}" for t in allowed)),
        ),
        city=seat,
        field=f"cities[{seat}].military",
    )


def _too_many_victories(seat: int, city: City, count: int, age: int) -> Problem:
    """The ``bad-military`` problem of more victory tokens of one age than two neighbours give."""
    return Problem(
        "error",
        ProblemCode.BAD_MILITARY,
        N_(
            "{player} holds {count} victory tokens of Age {age}, but two neighbours can give at most 2.",
            player=city.player,
            count=count,
            age=AGE_NUMERALS[age - 1],
        ),
        city=seat,
        field=f"cities[{seat}].military",
    )


def _victory_on_diplomacy(seat: int, city: City, count: int, age: int, team_game: bool) -> Problem:
    """The ``bad-military`` problem of ``count`` victory tokens of an age the city spent on
    diplomacy: none, or in the team game more than its one conflict gives."""
    message = (
        N_(
            "{player} holds {count} victory tokens of Age {age}, but played a diplomacy token in "
            "that age: in the team game it fought one conflict.",
            player=city.player,
            count=count,
            age=age_numeral(age),
        )
        if team_game
        else N_(
            "{player} holds a victory token of Age {age}, but played a diplomacy token in that "
            "age and fought no conflict.",
            player=city.player,
            age=age_numeral(age),
        )
    )
    return Problem("error", ProblemCode.BAD_MILITARY, message, city=seat, field=f"cities[{seat}].military")


def _too_many_defeats(seat: int, city: City, defeats: int, most: int) -> Problem:
    """The ``bad-military`` problem of more defeat tokens than the neighbours can give: ``most``."""
    return Problem(
        "error",
        ProblemCode.BAD_MILITARY,
        Nn_(
            "{player} holds {n} defeat token, but besides its victories its two "
            "neighbours can give it at most {most}.",
            "{player} holds {n} defeat tokens, but besides its victories its two "
            "neighbours can give it at most {most}.",
            defeats,
            player=city.player,
            most=most,
        ),
        city=seat,
        field=f"cities[{seat}].military",
    )


def _check_shields(game: Game, catalog: Catalog, problems: list[Problem], clean: bool = False) -> None:
    """Typed shields never go down, and agree with the city's own cards and stages
    (Rulebook: shields come from red cards and some wonder stages, and a structure stays
    built; ruling stage-ages). Only the ended ages count in a game in progress."""
    ages = ended_ages(game, catalog.rules)
    for seat, city in enumerate(game.cities):
        typed = city.shields_by_age
        if typed is None:
            continue
        at = f"cities[{seat}].shields_by_age"
        for age in ages[1:]:
            if typed[age] < typed[age - 1]:
                problems.append(_shields_go_down(seat, city, typed, age))
                break
        cards = city.cards
        if cards is None or not (cards or city.stages) or (city.wonder is None and city.stages):
            # A pad entry, a city with nothing entered yet, or stages of an unknown wonder:
            # what gives the city shields is not all known.
            continue
        if shields_admitted(
            typed, len(ages), cards, city.wonder, city.side, city.stages, catalog, city.stage_ages, clean
        ):
            continue
        bounds = shield_bounds(cards, city.wonder, city.side, city.stages, catalog, city.stage_ages, clean)
        for age in ages:
            fewer = typed[age] < bounds.least[age]
            more = typed[age] > bounds.most[age]
            if not (fewer or more):
                continue
            problems.append(
                Problem(
                    "error",
                    ProblemCode.SHIELDS_MISMATCH,
                    _mismatch(
                        game,
                        seat,
                        catalog,
                        typed[age],
                        age + 1,
                        shield_sources(cards, city.wonder, city.side, city.stages, catalog),
                        fewer,
                        bounds.least[age] if fewer else bounds.most[age],
                    ),
                    city=seat,
                    field=at,
                )
            )
            break


def _shields_go_down(seat: int, city: City, typed: Sequence[int], age: int) -> Problem:
    """The ``shields-go-down`` problem: the ``typed`` shields are fewer at the end of the age
    after index ``age`` than at the end of the one before."""
    return Problem(
        "error",
        ProblemCode.SHIELDS_GO_DOWN,
        N_(
            "{player}'s shields by age go down from {before} at the end of Age {first} to "
            "{after} at the end of Age {second}, but a city never loses shields: its red "
            "cards stay built.",
            player=city.player,
            before=typed[age - 1],
            first=age_numeral(age),
            after=typed[age],
            second=age_numeral(age + 1),
        ),
        city=seat,
        field=f"cities[{seat}].shields_by_age",
    )


def _mismatch(
    game: Game,
    seat: int,
    catalog: Catalog,
    typed: int,
    age: int,
    sources: Sequence[tuple[str, int]],
    fewer: bool,
    bound: int,
) -> Text:
    """The ``shields-mismatch`` sentence: what was typed, what the city's cards give, which is used."""
    city = game.cities[seat]
    names = _source_names(city, catalog, sources)
    # The typed shields stay the table's word; they are used wherever a conflict is worked out.
    neighbours = (game.left(seat), game.right(seat))
    used = (
        N_("the shields typed are used for the conflicts")
        if city.military is None or any(game.cities[s].military is None for s in neighbours)
        else N_("the conflict tokens given are used, not these shields")
    )
    if fewer:
        return N_(
            "{player}'s shields by age say {typed} at the end of Age {age}, but the city's own {sources} "
            "give at least {bound} by then; {used}.",
            player=city.player,
            typed=typed,
            age=age_numeral(age),
            sources=join(names),
            bound=bound,
            used=used,
        )
    if not names:
        return N_(
            "{player}'s shields by age say {typed} at the end of Age {age}, but nothing in the city gives "
            "shields; {used}.",
            player=city.player,
            typed=typed,
            age=age_numeral(age),
            used=used,
        )
    return N_(
        "{player}'s shields by age say {typed} at the end of Age {age}, but all that gives the city "
        "shields, {sources}, makes at most {bound} by then; {used}.",
        player=city.player,
        typed=typed,
        age=age_numeral(age),
        sources=join(names),
        bound=bound,
        used=used,
    )


def _source_names(city: City, catalog: Catalog, sources: Sequence[tuple[str, int]]) -> list[Text]:
    """The names of what gives a city shields: its structures, and its wonder's stages."""
    names: list[Text] = []
    for source, _shields in sources:
        if source.startswith("stage-") and city.wonder is not None:
            names.append(
                N_(
                    "{wonder} stage {stage}",
                    wonder=catalog.wonder(city.wonder).short_name,
                    stage=int(source.split("-", 1)[1]),
                )
            )
        else:
            names.append(verbatim(catalog.structure(source).name))
    return names


def _check_mixed_military(game: Game, catalog: Catalog, problems: list[Problem]) -> None:
    """Tokens given by some cities and worked out from shields for the others must pair up
    round the table, as given tokens must among themselves (Rulebook: End of an age; each
    victory is a neighbour's defeat in the same conflict).

    Not checked when a city's tokens cannot be worked out (a pad entry without shields
    beside it) or rest on a stage dated by assumption (the ``military-assumed`` warning
    already asks the table to compare).
    """
    cities = game.cities
    given = [city.military is not None for city in cities]
    if all(given) or not any(given):
        return  # all given: checked above; none given: worked out from one set of shields
    rules = catalog.rules
    givers = defeat_givers(game, catalog)
    across = bool(givers) or bool(game.teams) or game.has_diplomacy
    found = table_shields(game, catalog)
    ages = ended_ages(game, rules)
    shields = defeats_as_shields(game, catalog, [f.shields for f in found], ages, givers)
    tokens: list[Sequence[int]] = []
    worked: list[int] = []
    for seat, city in enumerate(cities):
        if city.military is not None:
            if city_signature(city.military, rules.victory_tokens, rules.defeat_token) is None:
                return  # tokens no city can hold: reported with the city
            tokens.append(city.military)
            continue
        if shields[seat] is None:
            return
        around = {seat, *(s for age in ages for s in game.opponents(seat, age + 1))}
        if any(found[s].guessed for s in around):
            return
        by_age, unknown = resolve_city(game, seat, shields, ages, rules, givers)
        if unknown:
            return
        tokens.append([t for taken in by_age for t in taken])
        worked.append(seat)
    signature = token_signature(tokens, rules)
    if signature is None:
        return  # an impossible given token is reported with its city
    if tokens_pair_up_across(game, tokens, rules, givers) if across else signature_pairs_up(signature):
        return
    problems.append(_mixed_cannot_pair_up(game, given, worked, signature))


def _mixed_cannot_pair_up(
    game: Game, given: list[bool], worked: list[int], signature: Sequence[tuple[int, int, int]]
) -> Problem:
    """The ``bad-military`` problem of tokens given for some cities (``given``) and worked out
    from the shields of the others (``worked``) that cannot pair up round the table."""
    won = sum(one.bit_count() + two.bit_count() for one, two, _ in signature)
    lost = sum(d for _, _, d in signature)
    holders = players_text(game, [s for s, g in enumerate(given) if g])
    others = players_text(game, worked)
    message = (
        N_(
            "The conflict tokens given for {given} and those worked out from the shields of {worked} cannot "
            "pair up: each victory needs a neighbour's defeat, but together they hold {won} and {lost}; "
            "check the tokens and the shields.",
            given=holders,
            worked=others,
            won=Nn_("{n} victory", "{n} victories", won),
            lost=Nn_("{n} defeat", "{n} defeats", lost),
        )
        if won != lost
        else N_(
            "The conflict tokens given for {given} and those worked out from the shields of {worked} cannot "
            "pair up: no outcome of the conflicts between neighbours gives every city these tokens; check "
            "the tokens and the shields.",
            given=holders,
            worked=others,
        )
    )
    return Problem("error", ProblemCode.BAD_MILITARY, message, field="cities")


def _shown_shields(game: Game, catalog: Catalog, counters: list[int | None] | None) -> list[int | None]:
    """Each city's shields at the end of the last age, as its face-up structures and built
    stages show them, every one counting by then (where the shield bounds meet); None where
    they are not all known (a pad entry, nothing entered yet, stages of a wonder not known or
    not known stage by stage) or the city's typed shields say otherwise.

    ``counters``: each city's counters from :func:`_fast_cards_ok` (no card twice), whose
    top field is its structures' shields; None: the cards are added up here, each once."""
    counts = shield_counts(catalog).get
    lookups = _lookups(catalog)
    shift, mask = lookups.shield_shift, lookups.shield_mask
    out: list[int | None] = []
    for seat, city in enumerate(game.cities):
        cards = city.cards
        if cards is None or not (cards or city.stages):
            out.append(None)
            continue
        held = counters[seat] if counters is not None else None
        total = (
            held >> shift & mask if held is not None else sum(map(counts, dict.fromkeys(cards), repeat(0)))
        )
        if city.stages:
            stages = _shown_stage_shields(catalog, city.wonder, city.side, city.stages)
            if stages is None:
                out.append(None)
                continue
            total += stages
        typed = city.shields_by_age
        # Typed shields the city does not show are said once (shields-mismatch): which is
        # wrong, the shields or the cards, only the table knows.
        out.append(total if typed is None or typed[-1] == total else None)
    return out


@lru_cache(maxsize=1024)
def _shown_stage_shields(catalog: Catalog, wonder: str | None, side: str, stages: int) -> int | None:
    """The shields of a wonder's built stages, None when they are not known stage by stage."""
    if wonder is None or not catalog.has_wonder(wonder) or catalog.wonder(wonder).typed:
        return None
    return built_stage_shields(catalog, wonder, side, stages)


def _check_last_conflicts(
    game: Game, catalog: Catalog, problems: list[Problem], counters: list[int | None] | None = None
) -> None:
    """Given tokens must hold the outcome of the last age's conflicts, which the cities decide
    (Rulebook: shields come from red cards and wonder stages, all face up, and at the end of
    each age a city takes a victory token from each neighbour with fewer shields and a defeat
    token from each with more). At the end of the game a card-entered city's shields are what
    it shows, so its victory tokens of the last age are the neighbours it beat, and it holds
    at least a defeat for each neighbour that beat it (defeats carry no age).

    Only what is certain is said: a neighbour whose shields are not known (a pad entry, a city
    with nothing entered yet) may have had any number. Called for the base game of an edition
    only, with the last age ended: every expansion adds shields a city may not show or changes
    who fights or what a token is worth (docs/decisions.md).
    """
    rules = catalog.rules
    last = len(rules.victory_tokens)
    victory = rules.victory_tokens[-1]
    defeat = rules.defeat_token
    cities = game.cities
    n = len(cities)
    if n < 3 or game.teams or game.has_diplomacy:
        return
    shown = _shown_shields(game, catalog, counters)
    for seat, city in enumerate(cities):
        tokens = city.military
        mine = shown[seat]
        if tokens is None or mine is None:
            continue
        beat = beaten = unknown = 0
        for theirs in (shown[(seat + 1) % n], shown[seat - 1]):  # left, right; two distinct: n >= 3
            if theirs is None:
                unknown += 1
            elif mine > theirs:
                beat += 1
            elif theirs > mine:
                beaten += 1
        # A neighbour whose shields are not known: beaten only if the city has any shields.
        most = beat + (unknown if mine else 0)
        won, lost = tokens.count(victory), tokens.count(defeat)
        if beat <= won <= most and lost >= beaten:
            continue
        if city_signature(tokens, rules.victory_tokens, defeat) is None:
            continue  # impossible whatever the shields: said with the city
        problems.extend(_last_conflicts_missed(game, seat, shown, last, beat, most, won, beaten, lost))


def _last_conflicts_missed(
    game: Game,
    seat: int,
    shown: Sequence[int | None],
    last: int,
    beat: int,
    most: int,
    won: int,
    beaten: int,
    lost: int,
) -> list[Problem]:
    """The ``bad-military`` problems of a city whose tokens miss the ``last`` age's conflicts
    its ``shown`` shields decide: ``won`` victories where it beat ``beat`` to ``most``
    neighbours, ``lost`` defeats where ``beaten`` neighbours beat it."""
    city = game.cities[seat]
    known = [o for o in game.neighbours(seat) if shown[o] is not None]
    age = age_numeral(last)
    seen = join([N_("{player} {n}", player=game.cities[s].player, n=shown[s]) for s in (seat, *known)])
    at = f"cities[{seat}].military"
    said: list[Text] = []
    if not beat <= won <= most:
        said.append(
            N_(
                "{player} holds {held} of Age {age}, but the Age {age} conflicts follow from the "
                "shields the cities show ({shields}): {player} won {won}.",
                player=city.player,
                held=N_("no victory token")
                if won == 0
                else Nn_("{n} victory token", "{n} victory tokens", won),
                age=age,
                shields=seen,
                won=_conflicts(beat, most, won),
            )
        )
    if lost < beaten:
        said.append(
            N_(
                "{player} holds {held}, but the Age {age} conflicts follow from the shields the "
                "cities show ({shields}): {player} lost {lost} in that age alone.",
                player=city.player,
                held=N_("no defeat token")
                if lost == 0
                else Nn_("{n} defeat token", "{n} defeat tokens", lost),
                age=age,
                shields=seen,
                lost=Nn_("{n} conflict", "{n} conflicts", beaten),
            )
        )
    return [Problem("error", ProblemCode.BAD_MILITARY, m, city=seat, field=at) for m in said]


def _conflicts(least: int, most: int, held: int) -> Text:
    """The conflicts a city won in an age, as far as the shields say: exactly, at least or at
    most (the bound ``held`` lies beyond)."""
    if least == most or (held > most and most == 0):
        return N_("no conflict") if most == 0 else Nn_("{n} conflict", "{n} conflicts", most)
    if held < least:
        return N_("at least {won}", won=Nn_("{n} conflict", "{n} conflicts", least))
    return N_("at most {won}", won=Nn_("{n} conflict", "{n} conflicts", most))
