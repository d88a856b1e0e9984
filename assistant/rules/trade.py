"""Can a city build a card or its next wonder stage, and what is the least it costs?

:func:`can_build` adjudicates one build and returns a :class:`~.model.Verdict`: whether
the build is possible, how (chain, free, coins, own resources, trade), the cheapest way
to pay and a few alternatives (buying only from the left, only from the right).

It asks, in order: can the card be in the city's hand at all (:mod:`.deck`, the age being
played, the leader turns), does a power build it (a chain, a card that builds a colour
free, a free build: :mod:`.during`), and else what it costs: the coins the boards take off,
the units the "one resource less" powers leave out, and the least-cost purchase
(:mod:`.purchase`, over what :mod:`.production` says each city makes and sells).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

from .catalog import Catalog, catalog_for
from .components import Card
from .deck import deck_refusal
from .describe import RESOURCE_NAMES, describe_cost, join
from .during import (
    VIAS,
    age_refusal,
    free_build,
    free_powers,
    from_discard,
    leader_refusal,
    once_per_age_powers,
    power_is_spent,
    unused,
)
from .effects import Cheaper, Produce
from .errors import GameFormatError, QuestionError
from .model import (
    City,
    Color,
    Cost,
    Game,
    Payment,
    Resource,
    Verdict,
    Whose,
    WhyNot,
)
from .payment_notes import (
    _bought,
    _citycoins_text,
    _discount_notes,
    _extra_unit_notes,
    _free_notes,
    _order,
    _payment,
    _rebate_notes,
    _rebates,
    _savings,
    _withheld_notes,
    describe_payment,
)
from .production import (
    RESOURCE_COUNT,
    RESOURCE_INDEX,
    RESOURCES,
    Production,
    coins_text,
    extra_units,
    production,
    trade_prices,
)
from .purchase import purchases
from .records import replace
from .text import N_, Nn_, Text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import How


# --- what the neighbours sell -----------------------------------------------------------------


def _shortfall(need: Sequence[int], sources: Iterable[Production]) -> list[Resource]:
    """Resources of which even every unit the city and its neighbours could give is too few."""
    most = [0] * RESOURCE_COUNT
    for source in sources:
        for i in range(RESOURCE_COUNT):
            most[i] += source.fixed[i]
        for effect in source.choices:
            for i in {RESOURCE_INDEX[r] for r in effect.resources}:
                most[i] += effect.count
    return [r for i, r in enumerate(RESOURCES) if need[i] > most[i]]


def _pad_notes(game: Game, seat: int, catalog: Catalog, with_neighbours: bool) -> list[Text]:
    """Say what is assumed about cities whose cards are unknown (entered as pad numbers)."""
    notes: list[Text] = []
    city = game.cities[seat]
    if city.is_pad_entry:
        notes.append(
            N_(
                "{player}'s cards are not known (the city was entered as score-pad numbers): "
                "only its board's resource is counted, and chains and duplicates cannot be checked.",
                player=city.player,
            )
        )
    if not with_neighbours:
        return notes
    for neighbour_seat in dict.fromkeys((game.left(seat), game.right(seat))):
        neighbour = game.cities[neighbour_seat]
        if neighbour_seat == seat or not neighbour.is_pad_entry:
            continue
        board = catalog.wonder(neighbour.wonder).side(neighbour.side) if neighbour.wonder else None
        if board is None or board.resource is None:
            notes.append(
                N_(
                    "{player}'s cards and wonder are not known (score-pad numbers): "
                    "nothing is counted as for sale there.",
                    player=neighbour.player,
                )
            )
        else:
            resource = board.resource
            notes.append(
                N_(
                    "{player}'s cards are not known (score-pad numbers): only the {resource} "
                    "of its board is counted as for sale.",
                    player=neighbour.player,
                    resource=RESOURCE_NAMES[resource],
                )
            )
    return notes


def _refuse_typed_boards(game: Game, seat: int, catalog: Catalog) -> None:
    """A city on a typed board, or beside one, cannot be priced: the board's starting
    resource and stages are not in the data yet (refused naming the board's city)."""
    for other in dict.fromkeys((seat, game.left(seat), game.right(seat))):
        city = game.cities[other]
        if city.wonder is not None and catalog.wonder(city.wonder).typed:
            raise GameFormatError(
                ("cities", other, "wonder"),
                N_(
                    "{player}'s board, {wonder}, is not known stage by stage yet (its resource and "
                    "stages are typed): the assistant cannot price a build in that city or beside it.",
                    player=city.player,
                    wonder=catalog.wonder(city.wonder).name,
                ),
            )


def can_build(
    game: Game,
    seat: int,
    card: str | None = None,
    *,
    stage: bool = False,
    via: str | None = None,
    catalog: Catalog | None = None,
) -> Verdict:
    """Whether the city at ``seat`` can build ``card`` (an id or name) or, with
    ``stage=True``, its next wonder stage; how, and the exact least cost.

    ``via`` builds the card through a power instead (see :mod:`.during`): ``"discard"``
    (from the discard pile) or ``"free-build"``. When the game gives the age being played,
    a card of another age is refused (not for a discard build).

    Only the coins held at the start of the turn (``city.coins``) can be spent. Raises
    :class:`~.errors.QuestionError` (a ``ValueError``) for a seat out of range, an unknown
    card, not exactly one of ``card`` and ``stage``, or an unknown ``via`` (or one asked for
    a stage).
    """
    if (card is None) == (not stage):
        raise QuestionError("can_build takes a card or stage=True, exactly one of them")
    if via is not None and (via not in VIAS or card is None):
        raise QuestionError(f"via is one of {', '.join(VIAS)}, for a card")
    if not 0 <= seat < len(game.cities):
        raise QuestionError(f"seat {seat} is not at this table of {len(game.cities)} cities")
    catalog = catalog or catalog_for(game.edition, game.expansions)
    city = game.cities[seat]
    notes: list[Text] = []
    may: list[Text] = []  # a power that may build the card free (the table knows if it can)
    _refuse_typed_boards(game, seat, catalog)

    if card is None:
        found = _next_stage(city, catalog, notes)
    else:
        found = _card_to_pay(game, seat, catalog, card, via, notes, may)
    if isinstance(found, Verdict):
        return found
    what, cost = found
    pad = tuple(_pad_notes(game, seat, catalog, bool(cost.resources)))
    color = None if card is None else catalog.structure(catalog.resolve_card(card) or "").color
    verdict = _cheapest_verdict(game, seat, catalog, what, cost, (*notes, *may, *pad), color)
    if verdict.buildable or not may:
        return verdict
    # A power may build it free where paying cannot: the verdict says yes, on the condition
    # the table knows (its use this age, the turn), and why paying does not do: never a
    # refusal beside a sentence saying the card can be built.
    free = Payment(0, 0, 0)
    return Verdict(
        True,
        may[0],
        how="free-build",
        cheapest=free,
        options=(free,),
        notes=(*may[1:], N_("Otherwise, {reason}", reason=verdict.reason), *notes, *pad),
    )


def _next_stage(city: City, catalog: Catalog, notes: list[Text]) -> Verdict | tuple[Text, Cost]:
    """The city's next wonder stage, named, and its cost (without its resources when a card
    of the city waives them), adding to ``notes`` the waiver and what the stage gives; or the
    refusal when there is no stage to check: the wonder is not known, or every stage is built."""
    player = city.player
    if city.wonder is None:
        return Verdict(
            False,
            N_("{player}'s wonder is not known, so its next stage cannot be checked.", player=player),
            why=WhyNot.NO_STAGE,
        )
    wonder = catalog.wonder(city.wonder)
    stages = wonder.side(city.side).stages
    if city.stages >= len(stages):
        return Verdict(
            False,
            N_(
                "{player} has already built every stage of the {wonder}.",
                player=player,
                wonder=wonder.name,
            ),
            why=WhyNot.NO_STAGE,
        )
    next_stage = stages[city.stages]
    what = N_("stage {number} of the {wonder}", number=next_stage.number, wonder=wonder.name)
    cost = next_stage.cost
    waiver = _stage_resources_waived(city, catalog) if cost.resources else None
    if waiver is not None:
        cost = Cost(cost.coins)
        notes.append(N_("The {card} builds wonder stages without their resources.", card=waiver))
    # A power the stage gives at once or from now on (a discard build, the seventh card).
    for effect in next_stage.effects:
        said = effect.stage_note(player, wonder.name, next_stage.number)
        if said is not None:
            notes.append(said)
    return what, cost


def _card_to_pay(
    game: Game,
    seat: int,
    catalog: Catalog,
    card: str,
    via: str | None,
    notes: list[Text],
    may: list[Text],
) -> Verdict | tuple[Text, Cost]:
    """The card (an id or name), named, and the cost left to pay once the boards at the table
    took coins off it (their sentences added to ``notes``); or the verdict when no payment
    is asked: the card is refused, built from the discard pile or as a free build, by chain,
    or free by a card or power of the city (a power that may adds its sentence to ``may``).
    Raises :class:`~.errors.QuestionError` for an unknown card."""
    card_id = catalog.resolve_card(card)
    if card_id is None:
        raise QuestionError(f"unknown card {card!r}")
    structure = catalog.structure(card_id)
    # A leader is a person, named without an article ("Cleopatra", not "the Cleopatra").
    apart = catalog.rules.color(structure.color).deck == "apart"
    what = N_("{card}", card=structure.name) if apart else N_("the {card}", card=structure.name)
    refused = _card_refusal(game, seat, card_id, catalog, what, via)
    if refused is not None:
        return refused
    if via == "discard":
        return from_discard(game, seat, card_id, catalog, what)
    if via == "free-build":
        return free_build(game, seat, card_id, catalog, what, tuple(_pad_notes(game, seat, catalog, False)))
    freed = _free_by_cards(game, seat, catalog, structure, what)
    if freed is not None:
        return freed
    cost, saved = _coin_discounts(game, seat, catalog, structure.color, structure.cost)
    notes.extend(saved)
    if not cost.is_free:
        freed = _free_by_powers(game, seat, catalog, structure, what, may)
        if freed is not None:
            return freed
    return what, cost


def _card_refusal(
    game: Game, seat: int, card_id: str, catalog: Catalog, what: Text, via: str | None
) -> Verdict | None:
    """Why the city cannot build the card whatever it pays: it holds one; the game gives its
    age and the card is of another; the table's deck cannot give it; a leader beyond the
    city's leader turns. A build from the discard pile is not asked about the deck or the age."""
    city = game.cities[seat]
    if card_id in (city.cards or ()):
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: the city already has one, and a city never "
                "holds two structures of the same name.",
                player=city.player,
                what=what,
            ),
            why=WhyNot.DUPLICATE,
        )
    if via == "discard":
        return None
    refused = age_refusal(game, seat, card_id, catalog, what) or deck_refusal(
        game, seat, card_id, catalog, what
    )
    if refused is None and catalog.structure(card_id).deck == "apart" and catalog.rules.leader_turns_per_age:
        refused = leader_refusal(game, seat, catalog, what)
    return refused


def _stage_resources_waived(city: City, catalog: Catalog) -> str | None:
    """The name of a card of the city that builds wonder stages without their resource cost
    (Cities' Architect Cabinet), or None."""
    found = catalog.held_with(city.cards, "frees_stage_resources")
    return found[0].name if found else None


def _free_by_powers(
    game: Game, seat: int, catalog: Catalog, structure: Card, what: Text, may: list[Text]
) -> Verdict | None:
    """A structure a power of the city builds for free now (a built stage's: Olympia; a
    card's: Caligula), or None; a power that may, depending on the turn or on whether it
    was used this age, adds its sentence to ``may``."""
    city = game.cities[seat]
    powers = free_powers(city, catalog)
    if not powers:
        return None
    colors = frozenset(catalog.structure(c).color for c in city.cards or () if catalog.has_card(c))
    marked = once_per_age_powers(powers)
    for power in powers:
        effect = power.effect
        frees = effect.frees(structure.color, colors)
        if frees is None and power_is_spent(game, city, power, marked):
            continue  # the table says it is used this age (or acts from the next)
        if frees is None:  # it may: the table knows the turn, or whether it was used
            may.append(effect.free_note(city.player, power.source, what, unused(city, power)))
        elif frees:
            free = Payment(0, 0, 0)
            return Verdict(
                True,
                effect.free_note(city.player, power.source, what),
                how="free-build",
                cheapest=free,
                options=(free,),
                notes=tuple(_pad_notes(game, seat, catalog, False)),
            )
    return None


def _free_by_cards(game: Game, seat: int, catalog: Catalog, structure: Card, what: Text) -> Verdict | None:
    """A structure the city's cards build for free: by chain from one of them, or by a card
    that builds its colour for free (Ramses); None when neither does."""
    city = game.cities[seat]
    player = city.player
    free = Payment(0, 0, 0)
    notes = tuple(_pad_notes(game, seat, catalog, False))
    parent = next((p for p in structure.chain_from if p in (city.cards or ())), None)
    if parent is not None:
        reason = N_(
            "{player} can build {what} for free by chain from the {parent}.",
            player=player, what=what, parent=catalog.structure(parent).name,
        )  # fmt: skip
        return Verdict(True, reason, how="chain", cheapest=free, options=(free,), notes=notes)
    freed_by = _frees_always(city, catalog, color=structure.color) if not structure.cost.is_free else None
    if freed_by is None:
        return None
    name, structure_named = freed_by
    reason = (
        N_(
            "{player} can build {what} for free: the {card} builds {cards} for free.",
            player=player, what=what, card=name, cards=catalog.rules.color(structure.color).cards,
        )
        if structure_named
        else N_(
            "{player} can build {what} for free: {card} builds {cards} for free.",
            player=player, what=what, card=name, cards=catalog.rules.color(structure.color).cards,
        )
    )  # fmt: skip
    return Verdict(True, reason, how="free", cheapest=free, options=(free,), notes=notes)


def _frees_always(city: City, catalog: Catalog, color: Color) -> tuple[str, bool] | None:
    """What in the city builds every card of ``color`` for free, by name, and whether it is a
    structure named with an article ("the Toy Patron"), not a leader or a board ("Ramses",
    "Rome"): a card of the city (Ramses, Maecenas) or its board's own power (Rome A)."""
    for card in catalog.held(city.cards):
        if any(color in effect.free_colors() for effect in card.effects):
            return card.name, catalog.rules.color(card.color).deck != "apart"
    if city.wonder is not None and catalog.has_wonder(city.wonder):
        wonder = catalog.wonder(city.wonder)
        if any(color in effect.free_colors() for effect in wonder.side(city.side).effects):
            return wonder.short_name, False
    return None


def _coin_discounts(
    game: Game, seat: int, catalog: Catalog, color: Color, cost: Cost
) -> tuple[Cost, list[Text]]:
    """The coin cost of a card of ``color`` less what the boards at the table take off it for
    this city (Rome B: its own leaders 2 coins less, its neighbours' 1), never below nothing,
    with a note naming each saving."""
    notes: list[Text] = []
    coins = cost.coins
    if not coins:
        return cost, notes
    # The city's own board, then each neighbour's, which sees this city as its left (the
    # neighbour on the right) or its right.
    looks = [(seat, Whose.SELF)] + [
        (other, Whose.LEFT if other == game.right(seat) else Whose.RIGHT) for other in game.neighbours(seat)
    ]
    for owner, whose in looks:
        city = game.cities[owner]
        if city.wonder is None or not catalog.has_wonder(city.wonder):
            continue
        wonder = catalog.wonder(city.wonder)
        for effect in wonder.side(city.side).effects:
            discount = effect.coin_discount()
            if discount is None or color not in discount.colors or whose not in discount.cities or not coins:
                continue
            saved = min(coins, discount.coins)
            coins -= saved
            notes.append(
                Nn_("{wonder} saves {n} coin.", "{wonder} saves {n} coins.", saved, wonder=wonder.short_name)
                if owner == seat
                else Nn_(
                    "{player}'s {wonder} saves {n} coin.",
                    "{player}'s {wonder} saves {n} coins.",
                    saved,
                    wonder=wonder.short_name,
                    player=city.player,
                )
            )
    return Cost(coins, cost.resources), notes


def _powers_for(city: City, catalog: Catalog, color: Color | None) -> list[tuple[str, Cheaper]]:
    """The city's "one resource less" powers that concern a build of ``color`` (None: a
    wonder stage), with the name of the card that has each."""
    found: list[tuple[str, Cheaper]] = []
    for card in catalog.held(city.cards):
        for effect in card.effects:
            cheaper = effect.cheaper()
            if cheaper is not None and cheaper.applies(color):
                found.append((card.name, cheaper))
    return found


def _free_units(city: City, catalog: Catalog, color: Color | None) -> tuple[tuple[str, int], ...]:
    """The units of a build's cost the city's free "one resource less" powers leave out
    (Archimedes, Hammurabi, Leonidas, Imhotep), each with its card's name: to the search, a
    source of one unit of any resource of the cost, free."""
    if not city.cards:
        return ()
    return tuple(
        (name, cheaper.resources) for name, cheaper in _powers_for(city, catalog, color) if not cheaper.price
    )


def _cheaper_costs(
    city: City, catalog: Catalog, color: Color | None, cost: Cost
) -> list[tuple[Cost, tuple[Text, ...]]]:
    """The costs a city's priced "one resource less" powers (Bilkis: a unit from the bank for
    a coin) leave for a build of ``color`` (None: a wonder stage), each with the sentence
    naming the purchase: every choice of units left out."""
    if not cost.resources or not city.cards:
        return []
    # Every priced power that applies, each leaving out its units from what the others left,
    # each named in the notes. (The free ones are sources of the search: _free_units.)
    found: list[tuple[Cost, tuple[Text, ...]]] = [(cost, ())]
    for name, cheaper in _powers_for(city, catalog, color):
        if cheaper.price:
            found += [
                (reduced, (*notes, saving))
                for before, notes in found
                for reduced, saving in _left_out(before, cheaper, name)
            ]
    return found[1:]


def _left_out(cost: Cost, cheaper: Cheaper, name: str) -> list[tuple[Cost, Text]]:
    """The costs one "one resource less" power leaves, each choice of units left out, with the
    sentence naming the saving (or the purchase from the bank, when the power charges coins)."""
    units = [r for r, n in cost.resources for _ in range(n)]
    out: list[tuple[Cost, Text]] = []
    for left_out in sorted(set(combinations(units, min(cheaper.resources, len(units))))):
        remaining = Counter(units)
        remaining.subtract(left_out)
        kept = tuple((r, remaining[r]) for r, _ in cost.resources if remaining[r] > 0)
        price = cheaper.price * len(left_out)
        saved = join(
            [N_("{n} {resource}", n=k, resource=RESOURCE_NAMES[r]) for r, k in Counter(left_out).items()]
        )
        note = (
            Nn_(
                "{card} buys {saved} from the bank for {n} coin.",
                "{card} buys {saved} from the bank for {n} coins.",
                price,
                card=name,
                saved=saved,
            )
            if cheaper.price
            else N_("{card} saves {saved}.", card=name, saved=saved)
        )
        out.append((Cost(cost.coins + price, kept), note))
    return out


def _cheapest_verdict(
    game: Game,
    seat: int,
    catalog: Catalog,
    what: Text,
    cost: Cost,
    notes: tuple[Text, ...],
    color: Color | None,
) -> Verdict:
    """The verdict at the printed cost, or at the best cost a "one resource less" power
    leaves (buildable first, then the fewest coins), naming the saving: a free power is a
    source of the search, a priced one (Bilkis) a cost of its own."""
    city = game.cities[seat]
    free = _free_units(city, catalog, color)
    best = _adjudicate(game, seat, catalog, what, cost, notes, free)
    ways = list(best.options)
    for reduced, savings in _cheaper_costs(city, catalog, color, cost):
        verdict = _adjudicate(game, seat, catalog, what, reduced, (*notes, *savings), free)
        ways += verdict.options
        if _better(verdict, best):
            best = verdict
    if not best.buildable or best.cheapest is None or len(ways) == len(best.options):
        return best
    # The alternatives are the cheapest ways of every cost a power leaves, not only of the
    # cost that gave the cheapest (Bilkis may buy another unit to spare one neighbour).
    affordable = [w for w in ways if w.total <= city.coins]
    left_only = min((w for w in affordable if not w.buy_right), key=_order, default=None)
    right_only = min((w for w in affordable if not w.buy_left), key=_order, default=None)
    options = tuple(dict.fromkeys(w for w in (best.cheapest, left_only, right_only) if w is not None))
    return replace(best, options=tuple(sorted(options, key=_order)))


def _better(a: Verdict, b: Verdict) -> bool:
    """Whether verdict ``a`` is a better way to build than ``b``."""
    if a.buildable != b.buildable:
        return a.buildable
    if a.cheapest is None or b.cheapest is None:
        return a.cheapest is not None
    return _order(a.cheapest) < _order(b.cheapest)


def _adjudicate(
    game: Game,
    seat: int,
    catalog: Catalog,
    what: Text,
    cost: Cost,
    notes: tuple[Text, ...],
    free: tuple[tuple[str, int], ...] = (),
) -> Verdict:
    """The verdict for a cost that no chain pays: free, coins, own resources or trade.
    ``free``: units of any resource of the cost the city's powers leave out (their cards'
    names), sources of the search; each one used is named."""
    city = game.cities[seat]
    units = [r for r, n in cost.resources for _ in range(n)]
    if free and len(units) <= sum(count for _, count in free):
        # The powers leave out every unit: what is left is the coins.
        notes += _savings(free, units)
        cost = Cost(cost.coins)
    if not cost.resources:
        return _coins_verdict(city, what, cost, notes)

    need = [0] * RESOURCE_COUNT
    for resource, count in cost.resources:
        need[RESOURCE_INDEX[resource]] += count
    left_city, right_city = game.cities[game.left(seat)], game.cities[game.right(seat)]
    names = left_city.player, right_city.player
    plain = production(city, catalog)
    own = plain
    if free:
        kinds = tuple(r for r, _ in cost.resources)
        own = Production(
            plain.fixed, (*plain.choices, *(Produce(kinds, count, sellable=False) for _, count in free))
        )
    sells_left = production(left_city, catalog, True)
    sells_right = production(right_city, catalog, True)
    sells = sells_left, sells_right
    left_prices, right_prices = trade_prices(city, catalog)
    rebates = _rebates(city, catalog)
    found = purchases(need, own, sells_left, sells_right, left_prices, right_prices, rebates != (0, 0))
    payments = sorted(
        {_payment(cost.coins, b, left_prices, right_prices, rebates) for b in found if b is not None},
        key=_order,
    )
    if not payments:
        return _unobtainable_verdict(game, seat, catalog, what, cost, need, own, sells, notes)

    cheapest = payments[0]
    if free:
        notes += _free_notes(need, plain, cheapest, free)
    extras = extra_units(city, catalog)
    if extras:
        base = production(city, catalog, extras=False)
        base = Production(base.fixed, (*base.choices, *own.choices[len(plain.choices) :]))  # the free powers'
        notes += _extra_unit_notes(need, base, cheapest, extras)
    notes += tuple(_discount_notes(city, catalog, cheapest, names))
    notes += _withheld_notes(game, seat, catalog, need, own, sells, _bought(cheapest))
    notes += tuple(_rebate_notes(city, catalog, cheapest, names))
    return _priced_verdict(city, what, payments, notes, names)


def _coins_verdict(city: City, what: Text, cost: Cost, notes: tuple[Text, ...]) -> Verdict:
    """The verdict for a cost of coins only, paid to the bank (or of nothing at all): free,
    paid, or refused when the city has too few coins."""
    player = city.player
    if cost.is_free:
        nothing = Payment(0, 0, 0)
        return Verdict(
            True,
            N_("{player} can build {what} for free: it costs nothing.", player=player, what=what),
            how="free",
            cheapest=nothing,
            options=(nothing,),
            notes=notes,
        )
    pay = Payment(cost.coins, 0, 0)
    if city.coins < cost.coins:
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: it costs {cost}, paid to the bank, and {has}.",
                player=player,
                what=what,
                cost=coins_text(cost.coins),
                has=_citycoins_text(city.coins),
            ),
            why=WhyNot.COINS,
            cheapest=pay,
            options=(pay,),
            notes=notes,
        )
    return Verdict(
        True,
        N_(
            "{player} can build {what} for {cost}, paid to the bank.",
            player=player,
            what=what,
            cost=coins_text(cost.coins),
        ),
        how="coins",
        cheapest=pay,
        options=(pay,),
        notes=notes,
    )


def _unobtainable_verdict(
    game: Game,
    seat: int,
    catalog: Catalog,
    what: Text,
    cost: Cost,
    need: Sequence[int],
    own: Production,
    sells: tuple[Production, Production],
    notes: tuple[Text, ...],
) -> Verdict:
    """The refusal when no purchase gives the resources ``need`` counts: of some resource the
    city and what its neighbours sell give too few units, or they cannot give them all at
    once; with the neighbours' cards that make a missing resource but cannot sell it."""
    player = game.cities[seat].player
    short = _shortfall(need, (own, *sells))
    notes += _withheld_notes(game, seat, catalog, need, own, sells, short or RESOURCES)
    if short:
        reason = N_(
            "{player} cannot build {what}: the city and what its neighbours sell give too little {short}.",
            player=player,
            what=what,
            short=join([RESOURCE_NAMES[r] for r in short]),
        )
    else:
        reason = N_(
            "{player} cannot build {what}: the city and what its neighbours sell cannot give {cost} at once.",
            player=player,
            what=what,
            cost=describe_cost(Cost(resources=cost.resources)),
        )
    return Verdict(False, reason, why=WhyNot.RESOURCES, notes=notes)


def _priced_verdict(
    city: City, what: Text, payments: Sequence[Payment], notes: tuple[Text, ...], names: tuple[str, str]
) -> Verdict:
    """The verdict for a cost the city can get, ``payments`` its ways to pay, cheapest first:
    refused when the cheapest costs more coins than the city has, else built by trade or
    with its own resources, offering only the ways it can afford. ``names``: the left and
    the right neighbour's players."""
    player = city.player
    cheapest = payments[0]
    if cheapest.total > city.coins:
        return Verdict(
            False,
            N_(
                "{player} cannot build {what}: {has}, and the cheapest way costs {total}: {how}.",
                player=player,
                what=what,
                has=_citycoins_text(city.coins),
                total=coins_text(cheapest.total),
                how=describe_payment(cheapest, *names),
            ),
            why=WhyNot.COINS,
            cheapest=cheapest,
            options=tuple(payments),
            notes=notes,
        )
    # Only ways the player can afford are offered.
    options = tuple(p for p in payments if p.total <= city.coins)
    how: How
    if cheapest.buy_left or cheapest.buy_right:
        how = "trade"
        reason = N_(
            "{player} can build {what} for {total}: {how}.",
            player=player,
            what=what,
            total=coins_text(cheapest.total),
            how=describe_payment(cheapest, *names),
        )
    else:
        how = "own"
        if cheapest.bank:
            reason = N_(
                "{player} can build {what} with the city's own resources and {coins} to the bank.",
                player=player,
                what=what,
                coins=coins_text(cheapest.bank),
            )
        else:
            reason = N_("{player} can build {what} with the city's own resources.", player=player, what=what)
    return Verdict(True, reason, how=how, cheapest=cheapest, options=options, notes=notes)
