"""Military conflicts: conflict tokens from shields, and shields from a city's cards.

Rulebook (2010), End of an age, military conflicts: at the end of each age every city
compares its shields with each neighbour separately. More shields take a victory token
(``rules.victory_tokens[age - 1]``: 1, 3, 5), fewer take a defeat token
(``rules.defeat_token``: -1), equal take nothing. With three cities the left and right
neighbours are the two others, so everyone fights everyone.

Seating follows the game format: city ``i``'s left neighbour is ``i + 1``, its right
neighbour ``i - 1`` (both modulo the table).

When a table gives neither tokens nor shields by age, :func:`shields_by_age_from_cards`
derives them. A red card counts from its own age on. A wonder stage's age is not
recorded, so the assistant assumes **stage ``k`` was built in Age ``k``** (the last
stages in Age III): one stage per age, the common pace, and the only guess that needs
no other knowledge of the game. Rhodes is the only first-edition wonder with shields
on its stages.

:func:`tokens_pair_up` checks, exactly, that the tokens every city holds can come from
some outcome of the conflicts round the table (validation's ``bad-military``).

:func:`hand_out` gives a city an age's tokens over what it already holds, replacing the
ones typed in by hand for that age instead of adding to them (the end-of-age screen).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from itertools import repeat, zip_longest
from operator import attrgetter, itemgetter

from .catalog import Catalog, EditionRules
from .model import Game, seat_opponents
from .records import record

_CARDS = attrgetter("cards")


def _resolve_pair(mine: int, theirs: int, victory: int, defeat: int) -> int | None:
    """The token a city takes from one neighbour: more shields win, fewer lose, equal take nothing."""
    if mine > theirs:
        return victory
    if mine < theirs:
        return defeat
    return None


def defeat_givers(game: Game, catalog: Catalog) -> frozenset[int]:
    """The seats of the cities whose defeat tokens go to the neighbour that beat them (a
    recruited Tomyris): that neighbour takes the defeat token beside its victory token."""
    return frozenset(catalog.seats_with(map(_CARDS, game.cities), "gives_defeats"))


def defeats_as_shields(
    game: Game,
    catalog: Catalog,
    shields: Sequence[tuple[int, ...] | None],
    ages: range,
    gives: frozenset[int] = frozenset(),
) -> list[tuple[int, ...] | None]:
    """Every city's shields by age, where a city's defeat tokens count as shields (Semiramis):
    at each age's conflicts, the defeats it took in the ages before (from Age I on: the format
    does not date a leader), those it lost and those a beaten Tomyris (``gives``) handed it.
    The table is resolved age by age, so two such cities side by side see each other's
    shields as they stood at that age's conflicts. Other cities' shields as given."""
    counted = [
        seat
        for seat in catalog.seats_with(map(_CARDS, game.cities), "defeats_are_shields")
        if shields[seat] is not None
    ]
    if not counted:
        return list(shields)
    out = list(shields)
    held = dict.fromkeys(counted, 0)
    last = len(next(s for s in shields if s is not None))
    for age in range(last):
        for seat in counted:
            mine, before = shields[seat], out[seat]
            assert mine is not None and before is not None
            out[seat] = (*before[:age], *(mine[a] + held[seat] for a in range(age, last)))
        if age not in ages:
            continue  # an age not yet fought: what the city holds by now counts
        for seat in counted:
            mine = out[seat]
            assert mine is not None
            for other in game.opponents(seat, age + 1):
                theirs = out[other]
                if theirs is None:
                    continue
                lost = mine[age] < theirs[age] and seat not in gives
                won_theirs = mine[age] > theirs[age] and other in gives
                held[seat] += lost or won_theirs
    return out


def conflict_tokens(
    age: int,
    shields: Sequence[int],
    rules: EditionRules,
    gives: frozenset[int] = frozenset(),
    away: frozenset[int] = frozenset(),
    teams: Sequence[str] = (),
) -> list[list[int]]:
    """The tokens each city takes at the end of ``age``, in seating order (left fight first);
    the cities at the seats ``gives`` hand their defeat tokens to the neighbour that beat
    them (Tomyris); those at the seats ``away`` played diplomacy: they fight no conflict and
    their neighbours fight each other across them (Cities); ``teams`` (each seat's team):
    the team game, where teammates do not fight (:func:`~.model.seat_opponents`)."""
    if not 1 <= age <= len(rules.victory_tokens):
        raise ValueError(f"age must be between 1 and {len(rules.victory_tokens)}, not {age}")
    victory = rules.victory_tokens[age - 1]
    defeat = rules.defeat_token
    n = len(shields)
    out: list[list[int]] = []
    for seat in range(n):
        tokens: list[int] = []
        for other in seat_opponents(n, seat, away, teams):
            token = _resolve_pair(shields[seat], shields[other], victory, defeat)
            if token == defeat and seat in gives:
                continue
            if token is not None:
                tokens.append(token)
            if token == victory and other in gives:
                tokens.append(defeat)
        out.append(tokens)
    return out


def tokens_from_shields_by_age(
    shields_by_age: Sequence[Sequence[int]], rules: EditionRules
) -> list[list[int]]:
    """Every city's tokens over all ages, from each city's shields at the end of each age."""
    out: list[list[int]] = [[] for _ in shields_by_age]
    for age in range(1, len(rules.victory_tokens) + 1):
        taken = conflict_tokens(age, [s[age - 1] for s in shields_by_age], rules)
        for seat, tokens in enumerate(taken):
            out[seat].extend(tokens)
    return out


def tokens_by_age(shields_by_age: Sequence[Sequence[int]], rules: EditionRules) -> list[list[list[int]]]:
    """Like :func:`tokens_from_shields_by_age`, but kept apart by age: ``[city][age - 1]``."""
    ages = len(rules.victory_tokens)
    out: list[list[list[int]]] = [[] for _ in shields_by_age]
    for age in range(1, ages + 1):
        taken = conflict_tokens(age, [s[age - 1] for s in shields_by_age], rules)
        for seat, tokens in enumerate(taken):
            out[seat].append(tokens)
    return out


_AGE_BITS = 16
"""Shields per age packed in one int: a card's shields sit in the field of its age."""


@cache
def _card_shields(catalog: Catalog) -> dict[str, int]:
    """Every structure's shields, packed by the first age it appears in (0 for most cards)."""
    out: dict[str, int] = {}
    for cid in catalog.structure_ids:
        age = catalog.card_ages(cid)[0]  # a card of no age: from Age I on
        shields = sum(e.shield_count() for e in catalog.structure(cid).effects)
        out[cid] = shields << (_AGE_BITS * (age - 1))
    return out


@cache
def _stage_shields(catalog: Catalog, wonder: str, side: str) -> tuple[int, ...]:
    return tuple(
        sum(e.shield_count() for e in stage.effects) for stage in catalog.wonder(wonder).side(side).stages
    )


def stage_age(stage: int, ages: int = 3) -> int:
    """The age a built stage is assumed to date from: stage ``k`` in Age ``k`` (at most the last)."""
    return min(stage, ages)


def shields_by_age_from_cards(
    cards: Sequence[str],
    wonder: str | None,
    side: str,
    stages: int,
    catalog: Catalog,
    stage_ages: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """A city's shields at the end of each age: red cards from their age on, each built stage
    from the age ``stage_ages`` gives for it (not given: stage ``k`` from Age ``k``)."""
    ages = catalog.rules.ages
    table = _card_shields(catalog)
    packed = sum(map(table.get, cards, repeat(0)))
    if wonder is not None and stages:
        for number, shields in enumerate(_stage_shields(catalog, wonder, side)[:stages], 1):
            built = stage_ages[number - 1] if stage_ages else stage_age(number, ages)
            packed += shields << (_AGE_BITS * (built - 1))
    mask = (1 << _AGE_BITS) - 1
    running = 0
    out = []
    for age in range(ages):
        running += packed >> (_AGE_BITS * age) & mask
        out.append(running)
    return tuple(out)


def has_stage_shields(
    catalog: Catalog, wonder: str | None, side: str, stages: int, stage_ages: Sequence[int] | None = None
) -> bool:
    """True when some built stage gives shields and ``stage_ages`` does not date it (so the
    derivation had to guess its age)."""
    return wonder is not None and not stage_ages and any(_stage_shields(catalog, wonder, side)[:stages])


@record
class ShieldBounds:
    """The fewest and the most shields a card-entered city can have had at the end of each age.

    ``least``: every red card counts from the last age it belongs to (less the strongest
    cards a Halicarnassus discard build may have built in a later age, never after the
    last), a stage dated by ``stage_ages`` from its age, an undated stage only at the end of
    the last age (it may be built on the game's last turns). ``most``: every card from the
    first age it belongs to, an undated stage from Age I. At the end of the last age both are
    what the city shows.
    """

    least_packed: int
    most_packed: int
    ages: int

    @property
    def least(self) -> tuple[int, ...]:
        return _unpack(self.least_packed, self.ages)

    @property
    def most(self) -> tuple[int, ...]:
        return _unpack(self.most_packed, self.ages)

    def admits(self, shields: Sequence[int], checked: int) -> bool:
        """Whether the first ``checked`` ages of ``shields`` lie within the bounds (compared
        packed, as the bounds are kept)."""
        if checked <= 0:
            return True
        typed = _pack(tuple(shields[:checked]))
        if typed < 0:  # a value the packed fields cannot hold: compare one by one
            return all(
                low <= value <= high
                for low, value, high in zip(
                    self.least[:checked], shields[:checked], self.most[:checked], strict=True
                )
            )
        return _within(typed, self.least_packed, self.most_packed, checked)


def shields_admitted(
    shields: Sequence[int],
    checked: int,
    cards: Sequence[str],
    wonder: str | None,
    side: str,
    stages: int,
    catalog: Catalog,
    stage_ages: Sequence[int] | None = None,
    unique: bool = False,
) -> bool:
    """``shield_bounds(...).admits(shields, checked)``, without building the bounds: the
    common case of a table whose shields agree with its cities, packed all the way."""
    if checked <= 0:
        return True
    typed = _pack(tuple(shields[:checked]))
    both = 0
    discard: tuple[int | None, ...] = ()
    if wonder is not None and stages:
        add_least, add_most, discard = _stage_shields_packed(
            catalog, wonder, side, stages, tuple(stage_ages) if stage_ages else None
        )
        both = add_least + (add_most << _BOTH_SHIFT)
    if discard or typed < 0:  # a Halicarnassus discard build, or a value no field can hold
        return shield_bounds(cards, wonder, side, stages, catalog, stage_ages, unique).admits(
            shields, checked
        )
    table = _shield_table(catalog)
    both += sum(map(table.both.get, cards if unique else dict.fromkeys(cards), repeat(0)))
    return _within(typed, both, both >> _BOTH_SHIFT, checked)


def _within(typed: int, least: int, most: int, checked: int) -> bool:
    """Whether each of the first ``checked`` packed fields of ``typed`` lies between the same
    fields of ``least`` and ``most`` (fields beyond them are ignored).

    A guard bit above each field survives a subtraction exactly when that field did not go
    below zero.
    """
    guard = _GUARDS[checked]
    mask = _MASKS[checked]
    return ((typed | guard) - (least & mask)) & guard == guard and (
        ((most & mask) | guard) - typed
    ) & guard == guard


@lru_cache(maxsize=4096)
def _pack(values: tuple[int, ...]) -> int:
    """Shields by age packed in one int (-1 when a value does not fit a field)."""
    if not all(0 <= value < _GUARD for value in values):
        return -1
    return sum(value << (_AGE_BITS * k) for k, value in enumerate(values))


_BOTH_SHIFT = 128
"""Where a card's ``most`` sits above its ``least`` in :attr:`_CardShields.both` (up to 8 ages of 16 bits)."""
_GUARD = 1 << (_AGE_BITS - 1)
_GUARDS = tuple(sum(_GUARD << (_AGE_BITS * k) for k in range(n)) for n in range(8))
_MASKS = tuple(sum(((1 << _AGE_BITS) - 1) << (_AGE_BITS * k) for k in range(n)) for n in range(8))


@record
class _CardShields:
    """A catalog's shield-giving structures, packed by age (see :func:`_shield_table`)."""

    both: dict[str, int]
    """Every structure's shields in every age field from its last age on (the fewest it can
    have given by then), and above :data:`_BOTH_SHIFT` from its first age on (the most); 0
    for most cards."""
    shields: dict[str, int]
    """Each shield-giving structure's shields."""
    last: dict[str, int]
    """The last age each shield-giving structure belongs to."""


@cache
def _shield_table(catalog: Catalog) -> _CardShields:
    ages = catalog.rules.ages
    both = dict.fromkeys(catalog.structure_ids, 0)
    shields: dict[str, int] = {}
    last: dict[str, int] = {}
    for cid in catalog.structure_ids:
        entries = catalog.entries(cid)
        count = max(sum(e.shield_count() for e in entry.effects) for entry in entries)
        if not count:
            continue
        ages_played = catalog.card_ages(cid)  # a card of no age: at most from Age I, at least in the last
        first, final = ages_played[0], ages_played[-1]
        most = sum(count << (_AGE_BITS * (age - 1)) for age in range(first, ages + 1))
        least = sum(count << (_AGE_BITS * (age - 1)) for age in range(final, ages + 1))
        both[cid] = least + (most << _BOTH_SHIFT)
        shields[cid] = count
        last[cid] = final
    return _CardShields(both, shields, last)


def _unpack(packed: int, ages: int) -> tuple[int, ...]:
    mask = (1 << _AGE_BITS) - 1
    return tuple(packed >> (_AGE_BITS * age) & mask for age in range(ages))


def shield_bounds(
    cards: Sequence[str],
    wonder: str | None,
    side: str,
    stages: int,
    catalog: Catalog,
    stage_ages: Sequence[int] | None = None,
    unique: bool = False,
) -> ShieldBounds:
    """What a city's own cards and built stages allow its shields to be at the end of each age
    (see :class:`ShieldBounds`). Unknown cards give none; an unknown wonder's stages none.
    ``unique`` promises no card is listed twice (validation's clean tables)."""
    ages = catalog.rules.ages
    table = _shield_table(catalog)
    held = cards if unique else dict.fromkeys(cards)
    both = sum(map(table.both.get, held, repeat(0)))
    least = both & ((1 << _BOTH_SHIFT) - 1)
    most = both >> _BOTH_SHIFT
    discard_ages: tuple[int | None, ...] = ()
    if wonder is not None and stages:
        add_least, add_most, discard_ages = _stage_shields_packed(
            catalog, wonder, side, stages, tuple(stage_ages) if stage_ages else None
        )
        least += add_least
        most += add_most
    red = [cid for cid in held if cid in table.shields] if discard_ages else []
    if red:
        # Halicarnassus may have built a red card of an earlier age from the discard pile in
        # the age of its stage: that card may count only from then (ruling halicarnassus-discard).
        # An undated stage may be of the last age, but no later: by the end of the last age
        # every card the city shows counts.
        floor = list(_unpack(least, ages))
        for age in range(1, ages + 1):
            late = sum(1 for built in discard_ages if (built or ages) > age)
            counted = sorted((table.shields[c] for c in red if table.last[c] <= age), reverse=True)
            floor[age - 1] -= sum(counted[:late])
        least = sum(value << (_AGE_BITS * k) for k, value in enumerate(floor))
    return ShieldBounds(least, most, ages)


def shield_counts(catalog: Catalog) -> Mapping[str, int]:
    """Each shield-giving structure's shields (the others are not listed)."""
    return _shield_table(catalog).shields


@lru_cache(maxsize=1024)
def built_stage_shields(catalog: Catalog, wonder: str, side: str, stages: int) -> int:
    """The shields of the first ``stages`` stages of a wonder side (none for an unknown wonder)."""
    if not catalog.has_wonder(wonder):
        return 0
    return sum(_stage_shields(catalog, wonder, side)[:stages])


@lru_cache(maxsize=1024)
def _stage_shields_packed(
    catalog: Catalog, wonder: str, side: str, stages: int, stage_ages: tuple[int, ...] | None
) -> tuple[int, int, tuple[int | None, ...]]:
    """The built stages' shields packed for ``least`` and ``most`` (see :class:`ShieldBounds`),
    and the age of each stage with a discard build (None: not dated)."""
    if not catalog.has_wonder(wonder):
        return 0, 0, ()
    ages = catalog.rules.ages
    least = most = 0
    discard: list[int | None] = []
    for k, stage in enumerate(catalog.wonder(wonder).side(side).stages[:stages]):
        dated = stage_ages[k] if stage_ages else None
        if any(e.builds_from_discard() for e in stage.effects):
            discard.append(dated)
        count = sum(e.shield_count() for e in stage.effects)
        if count:
            most += sum(count << (_AGE_BITS * (age - 1)) for age in range(dated or 1, ages + 1))
            least += sum(count << (_AGE_BITS * (age - 1)) for age in range(dated or ages, ages + 1))
    return least, most, tuple(discard)


def shield_sources(
    cards: Sequence[str], wonder: str | None, side: str, stages: int, catalog: Catalog
) -> list[tuple[str, int]]:
    """What gives the city shields, with how many: cards by id, built stages as ``stage-N``."""
    table = _shield_table(catalog)
    out = [(cid, table.shields[cid]) for cid in dict.fromkeys(cards) if cid in table.shields]
    if wonder is not None and stages and catalog.has_wonder(wonder):
        for number, count in enumerate(_stage_shields(catalog, wonder, side)[:stages], 1):
            if count:
                out.append((f"stage-{number}", count))
    return out


# --- the shields and conflicts of a whole table --------------------------------------------------


@record
class CityShields:
    """A city's shields at the end of each age as the assistant uses them, and where they
    come from: ``typed`` (the city's ``shields_by_age``) or worked out from its cards
    (``guessed`` when a built stage's shields had to be dated, stage k in Age k). ``shields``
    is None for a pad entry without ``shields_by_age``."""

    shields: tuple[int, ...] | None
    typed: bool = False
    guessed: bool = False


def table_shields(game: Game, catalog: Catalog) -> list[CityShields]:
    """Every city's shields: typed when given, else from its cards, else unknown."""
    out: list[CityShields] = []
    for city in game.cities:
        if city.shields_by_age is not None:
            out.append(CityShields(city.shields_by_age, typed=True))
        elif city.cards is not None:
            out.append(
                CityShields(
                    shields_by_age_from_cards(
                        city.cards, city.wonder, city.side, city.stages, catalog, city.stage_ages
                    ),
                    guessed=has_stage_shields(catalog, city.wonder, city.side, city.stages, city.stage_ages),
                )
            )
        else:
            out.append(CityShields(None))
    return out


def ended_ages(game: Game, rules: EditionRules) -> range:
    """The ages whose conflicts are resolved (0-based): all, or those before the age being played."""
    return range(len(rules.victory_tokens) if game.age is None else game.age - 1)


def resolve_city(
    game: Game,
    seat: int,
    shields: Sequence[tuple[int, ...] | None],
    ages: range,
    rules: EditionRules,
    gives: frozenset[int] = frozenset(),
) -> tuple[list[list[int]], list[int]]:
    """The tokens a city takes against each neighbour whose shields are known, by age, and the
    neighbours whose shields are not (their conflicts with it stay unresolved). The cities at
    the seats ``gives`` hand their defeat tokens to the neighbour that beat them (Tomyris)."""
    victory = rules.victory_tokens
    defeat = rules.defeat_token
    mine = shields[seat]
    assert mine is not None
    by_age: list[list[int]] = [[] for _ in ages]
    unknown: list[int] = []
    for age in ages:
        for other in game.opponents(seat, age + 1):
            theirs = shields[other]
            if theirs is None:
                if other not in unknown:
                    unknown.append(other)
                continue
            if mine[age] > theirs[age]:
                by_age[age].append(victory[age])
                if other in gives:
                    by_age[age].append(defeat)
            elif mine[age] < theirs[age] and seat not in gives:
                by_age[age].append(defeat)
    return by_age, unknown


# --- can the tokens on the table pair up? ---------------------------------------------------

Signature = tuple[tuple[int, int, int], ...]
"""Per city: ages with at least one victory (bit mask), ages with two victories, defeats."""


def token_signature(tokens: Sequence[Sequence[int]], rules: EditionRules) -> Signature | None:
    """Each city's :func:`city_signature`; None if one city's tokens are impossible."""
    out = []
    for held in tokens:
        found = city_signature(tuple(held), rules.victory_tokens, rules.defeat_token)
        if found is None:
            return None
        out.append(found)
    return tuple(out)


@lru_cache(maxsize=4096)
def city_signature(
    tokens: tuple[int, ...], victory: tuple[int, ...], defeat: int
) -> tuple[int, int, int] | None:
    """A city's victories by age as bit masks (ages with one or more, ages with two) and its
    defeats; None when a token does not exist, or two neighbours cannot give them all (more
    than two victories of an age, or more defeats than the conflicts its victories leave)."""
    wins = [tokens.count(v) for v in victory]
    defeats = tokens.count(defeat)
    won = sum(wins)
    if won + defeats != len(tokens) or max(wins, default=0) > 2 or defeats > 2 * len(victory) - won:
        return None
    one = two = 0
    for age, count in enumerate(wins):
        if count:
            one |= 1 << age
            if count == 2:
                two |= 1 << age
    return one, two, defeats


def tokens_pair_up(tokens: Sequence[Sequence[int]], rules: EditionRules) -> bool:
    """True when some outcome of every conflict (each age, each neighbour pair) gives exactly these tokens.

    Exact, not a count: around the ring, each age, each pair of neighbours has a winner,
    a loser or a tie. A defeat is -1 whatever its age, so only victories are tied to an age.
    """
    signature = token_signature(tokens, rules)
    return signature is not None and signature_pairs_up(signature)


def tokens_pair_up_across(
    game: Game, tokens: Sequence[Sequence[int]], rules: EditionRules, gives: frozenset[int] = frozenset()
) -> bool:
    """Whether every city's tokens can come from real conflicts at a table where the ring
    changes from age to age (cities on diplomacy sit out and their neighbours fight across
    them), where a city hands its defeats to its victor (Tomyris, the seats ``gives``) or
    where teammates do not fight and a city fights its other neighbour twice (the team
    game), which :func:`signature_pairs_up` does not follow.

    Exact, as :func:`signature_pairs_up` is: the ages are independent but for the defeats,
    which carry no age. So each age's conflicts (:func:`fights`) give the ways they can hand
    out defeats when every city takes its victories of that age (:func:`_handed_out`), and
    the tokens pair up when one way of each age adds up to the defeats every city holds.
    Defeats are added as packed integers, one byte a city: an age gives a city at most two,
    so no byte carries."""
    n = len(game.cities)
    age_of = {v: age for age, v in enumerate(rules.victory_tokens)}
    wins = [[0] * n for _ in age_of]
    held = 0
    for seat, mine in enumerate(tokens):
        lost = 0
        for token in mine:
            if token == rules.defeat_token:
                lost += 1
            elif token in age_of:
                wins[age_of[token]][seat] += 1
            else:
                return False  # a token no city can hold
        if lost > 2 * len(wins):
            return False
        held |= lost << 8 * seat
    ways = [_handed_out(n, fights(game, age), gives, tuple(won)) for age, won in enumerate(wins, 1)]
    last = ways.pop()
    sums = {0}
    for handed in ways:
        sums = {before + more for before in sums for more in handed}
    return any(held - more in sums for more in last)


@lru_cache(maxsize=8192)
def _handed_out(
    n: int, conflicts: tuple[tuple[int, int, int], ...], gives: frozenset[int], wins: tuple[int, ...]
) -> tuple[int, ...]:
    """Every way one age's ``conflicts`` (:func:`fights`) can hand out defeats at a table of
    ``n`` when city ``i`` takes ``wins[i]`` victories, each as one byte a city (city i's
    defeats at bit 8 i).

    A conflict ``(a, b, times)`` ends in a tie, a win of ``a`` or a win of ``b``, counted
    ``times``; the loser takes the defeats, or its victor when the loser gives them away (the
    seats ``gives``: Tomyris). The outcomes are chosen one conflict at a time, never giving a
    city more victories than it holds nor fewer than the conflicts left to it can still
    bring: few outcomes survive."""
    need = list(wins)
    room = [0] * n  # the victories a city's conflicts not yet decided can still bring it
    for a, b, times in conflicts:
        room[a] += times
        room[b] += times
    if any(w > r for w, r in zip(need, room, strict=True)):
        return ()
    out: set[int] = set()

    def decide(k: int, defeats: int) -> None:
        if k == len(conflicts):
            out.add(defeats)
            return
        a, b, times = conflicts[k]
        room[a] -= times
        room[b] -= times
        if need[a] <= room[a] and need[b] <= room[b]:  # a tie
            decide(k + 1, defeats)
        for winner, loser in ((a, b), (b, a)):
            if times <= need[winner] <= room[winner] + times and need[loser] <= room[loser]:
                need[winner] -= times
                decide(k + 1, defeats + (times << 8 * (winner if loser in gives else loser)))
                need[winner] += times
        room[a] += times
        room[b] += times

    decide(0, 0)
    return tuple(out)


def fights(game: Game, age: int) -> tuple[tuple[int, int, int], ...]:
    """The pairs of cities that fight at the end of Age ``age`` and how many times: ``(a, b, times)``, a < b."""
    return _fights(len(game.cities), game.away(age), game.teams)


@lru_cache(maxsize=1024)
def _fights(n: int, away: frozenset[int], teams: tuple[str, ...]) -> tuple[tuple[int, int, int], ...]:
    """:func:`fights` at a table of ``n`` with these cities on diplomacy and these teams: a
    few seatings occur, each worked out once from whom each seat fights
    (:func:`~.model.seat_opponents`)."""
    out: list[tuple[int, int, int]] = []
    for seat in range(n):
        opponents = seat_opponents(n, seat, away, teams)
        out += [(seat, other, opponents.count(other)) for other in dict.fromkeys(opponents) if other > seat]
    return tuple(out)


def signature_pairs_up(signature: Signature) -> bool:
    """Whether cities with these signatures (see :func:`token_signature`) can come from real conflicts.

    The ages are independent: each age, each pair of neighbours has a winner, a loser or a
    tie, and only victories carry their age. So the tokens pair up exactly when, for each
    age, some outcome gives every city its victories of that age, and the defeats those
    outcomes hand out add up to the defeats every city holds. :func:`_age_defeats` lists
    the possible defeats of one age; the ages are added up as packed integers (one byte a
    city; no city takes more than two defeats an age, so no byte ever carries).
    """
    n = len(signature)
    wins = [one.bit_count() + two.bit_count() for one, two, _ in signature]
    if sum(wins) != sum(d for _, _, d in signature):
        return False
    if n < 3:
        # Two cities fight once an age: one city's victories are the other's defeats.
        if n < 2:
            return wins == [0]
        (one_a, two_a, lost_a), (one_b, two_b, lost_b) = signature
        return two_a == two_b == 0 and one_a & one_b == 0 and lost_a == wins[1] and lost_b == wins[0]
    held = int.from_bytes(bytes(map(_defeats_held, signature)), "little")
    ages = list(zip_longest(*map(_AGE_WINS.__getitem__, signature), fillvalue=0))
    if not ages:
        return not held
    last = ages.pop()
    sums = {0}
    for age in ages:
        defeats = _age_defeats(age)
        sums = {before + more for before in sums for more in defeats}
    return any(held - more in sums for more in _age_defeats(last))


_defeats_held = itemgetter(2)


class _AgeWins(dict[tuple[int, int, int], tuple[int, ...]]):
    """A city's signature to its victories in each age, Age I first (0, 1 or 2 each)."""

    def __missing__(self, key: tuple[int, int, int]) -> tuple[int, ...]:
        one, two, _ = key
        value = self[key] = tuple((one >> age & 1) + (two >> age & 1) for age in range(one.bit_length()))
        return value


_AGE_WINS = _AgeWins()


def _spread(mask: int) -> int:
    """The bits of ``mask`` one byte apart: bit i becomes bit 8 i."""
    return int.from_bytes(bytes(mask >> i & 1 for i in range(mask.bit_length())), "little")


@lru_cache(maxsize=8192)
def _age_defeats(wins: tuple[int, ...]) -> tuple[int, ...]:
    """Every way one age's conflicts round a ring of three or more cities can hand out defeats
    when city i takes ``wins[i]`` victories: each as one byte a city (city i's defeats at bit 8 i).

    A city with one victory beat either its left or its right neighbour; one with two beat
    both; two neighbours cannot both beat each other. City i loses to i + 1 when i + 1 beat
    its right neighbour, and to i - 1 when i - 1 beat its left one.
    """
    n = len(wins)
    if max(wins) > 2:
        return ()
    ones = sum(1 << i for i, w in enumerate(wins) if w == 1)
    twos = sum(1 << i for i, w in enumerate(wins) if w == 2)
    top, full = n - 1, (1 << n) - 1
    out = set()
    beat_left = ones
    while True:
        left = twos | beat_left  # cities that beat their left neighbour, i + 1
        right = twos | (ones & ~beat_left)  # cities that beat their right neighbour, i - 1
        lost_to_left = (right >> 1) | ((right & 1) << top)  # i + 1 beat i
        if not left & lost_to_left:
            lost_to_right = ((left << 1) & full) | (left >> top)  # i - 1 beat i
            out.add(_spread(lost_to_left) + _spread(lost_to_right))
        if not beat_left:
            return tuple(out)
        beat_left = (beat_left - 1) & ones


# --- handing out an age's tokens over what a city already holds -----------------------------


@record
class HandOut:
    """One city's tokens after an age was handed out, and what happened to the ones it had.

    ``replaced`` lists tokens typed in by hand that the hand-out stands for now (victories of
    that age's value, and defeats beyond what the other ages can account for); ``unsure``
    counts defeats typed in by hand that were kept although they may be this age's: a defeat
    token carries no age, so only the table knows.
    """

    tokens: tuple[int, ...]
    replaced: tuple[int, ...]
    unsure: int


def _without(held: list[int], taken: Sequence[int]) -> list[int]:
    """``held`` less one occurrence of each token of ``taken`` that it holds."""
    rest = list(held)
    for token in taken:
        if token in rest:
            rest.remove(token)
    return rest


def hand_out(
    age: int,
    held: Sequence[int],
    tokens: Sequence[int],
    handed_out: Mapping[int, Sequence[int]],
    rules: EditionRules,
) -> HandOut:
    """A city's tokens once ``age`` hands it ``tokens``, replacing instead of adding.

    ``held`` is what the city holds now; ``handed_out`` the tokens earlier hand-outs gave it,
    by age (an age handed out again first takes back what it gave). What remains of ``held``
    was typed in by hand. Of those, victories worth this age's token are this age's by their
    value, so the hand-out replaces them. Defeats carry no age: each age can give at most two
    (one per neighbour), so defeats beyond what the ages not handed out can hold are this
    age's and are replaced too; the others are kept and counted as ``unsure``.
    """
    if not 1 <= age <= len(rules.victory_tokens):
        raise ValueError(f"age must be between 1 and {len(rules.victory_tokens)}, not {age}")
    rest = _without(list(held), handed_out.get(age, ()))
    by_hand = rest
    for other, given in handed_out.items():
        if other != age:
            by_hand = _without(by_hand, given)
    victory = rules.victory_tokens[age - 1]
    replaced = [t for t in by_hand if t == victory]
    hand_defeats = sum(1 for t in by_hand if t == rules.defeat_token)
    open_ages = sum(1 for a in range(1, len(rules.victory_tokens) + 1) if a != age and a not in handed_out)
    room = 2 * open_ages  # at most one defeat per neighbour and age
    extra = max(0, hand_defeats - room)
    replaced += [rules.defeat_token] * extra
    return HandOut(
        tokens=tuple(_without(rest, replaced)) + tuple(tokens),
        replaced=tuple(replaced),
        unsure=hand_defeats - extra,
    )
