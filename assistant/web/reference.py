"""The rules corner: card reference, wonders, rulings (searchable), and "Can I build it?"."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _

from assistant.rules import records

from ..rules.catalog import Catalog, available_editions, available_expansions, catalog_for
from ..rules.catalog import fold as _fold
from ..rules.components import Card, Ruling
from ..rules.describe import describe_effects
from ..rules.model import Game
from . import gamestate
from .forms import BuildQueryForm, choice_list
from .i18n import render_text

bp = Blueprint("reference", __name__)


def _matches(query: str, *texts: str) -> bool:
    folded = _fold(query)
    return not folded or any(folded in _fold(t) for t in texts)


def edition_catalog() -> Catalog:
    """The catalog a reference page asks for: an edition (``?edition=2``; the first by
    default) with the expansions named (``&expansions=leaders,cities``; unknown ones aside)."""
    value = request.args.get("edition", "1")
    editions = available_editions()
    edition = int(value) if value.isdigit() and int(value) in editions else editions[0]
    asked = set((request.args.get("expansions") or "").split(","))
    return catalog_for(edition, [x for x in available_expansions(edition) if x in asked])


def _card_text(card: Card) -> str:
    return render_text(describe_effects(card.effects))


@bp.get("/rules")
def corner() -> str:
    """The rules corner: search cards, wonders and rulings at once."""
    catalog = edition_catalog()
    q = (request.args.get("q") or "").strip()[:60]
    cards: list[Card] = []
    rulings: list[Ruling] = []
    wonders = []
    if q:
        seen: set[str] = set()
        for card in catalog.cards:
            if card.id not in seen and _matches(q, card.name, *card.aliases, _card_text(card)):
                cards.append(card)
                seen.add(card.id)
        rulings = [r for r in catalog.rulings if _matches(q, _(r.title), _(r.text), r.topic)]
        wonders = [w for w in catalog.wonders if _matches(q, w.name, w.short_name, *w.aliases)]
    return render_template(
        "reference/corner.html", q=q, cards=cards, rulings=rulings, wonders=wonders, catalog=catalog
    )


@bp.get("/cards")
def cards() -> str:
    """Every card by age and colour, with cost, effect, player counts and chains."""
    catalog = edition_catalog()
    q = (request.args.get("q") or "").strip()[:60]
    groups = []
    for age in (*range(1, catalog.rules.ages + 1), None):  # None: the cards dealt apart, of no age
        for color in catalog.colors:
            shown = [
                c for c in catalog.cards
                if c.age == age and c.color is color and _matches(q, c.name, *c.aliases, _card_text(c))
            ]  # fmt: skip
            if shown:
                groups.append((age, color, shown))
    return render_template(
        "reference/cards.html",
        q=q,
        groups=groups,
        catalog=catalog,
    )


@bp.get("/cards/<card_id>")
def card(card_id: str) -> str:
    """One card: every age it appears in, its copies, and its chains both ways."""
    catalog = edition_catalog()
    resolved = catalog.resolve_card(card_id)
    if resolved is None:
        abort(404)
    entries = catalog.entries(resolved)
    return render_template(
        "reference/card.html",
        card=entries[0],
        entries=entries,
        catalog=catalog,
        counts={
            n: catalog.copies(resolved, n)
            for n in range(catalog.rules.min_players, catalog.rules.max_players + 1)
        },
    )


@bp.get("/wonders")
def wonders() -> str:
    """Every wonder, sides A and B, stage by stage."""
    return render_template("reference/wonders.html", catalog=edition_catalog())


@bp.get("/rulings")
def rulings() -> str:
    """The rulings the assistant applies, with their sources; searchable."""
    catalog = edition_catalog()
    q = (request.args.get("q") or "").strip()[:60]
    shown = [r for r in catalog.rulings if _matches(q, _(r.title), _(r.text), r.topic, _(r.source))]
    topics: dict[str, list[Ruling]] = {}
    for ruling in shown:
        topics.setdefault(ruling.topic, []).append(ruling)
    return render_template("reference/rulings.html", q=q, topics=topics, catalog=catalog)


# --- can I build it? ------------------------------------------------------------------------------


def verdicts_for(
    game: Any, seat: int, hand: list[str], stage: bool, catalog: Catalog, via: str | None = None
) -> list[dict[str, Any]]:
    """Each card of the hand (and the next stage) with its verdict, for the templates."""
    from ..rules.trade import can_build

    out = []
    for card_id in dict.fromkeys(hand):
        if not catalog.has_card(card_id):
            continue
        verdict = can_build(game, seat, card_id, via=via, catalog=catalog)
        out.append({"card": catalog.structure(card_id), "verdict": verdict})
    if stage:
        out.append({"card": None, "verdict": can_build(game, seat, stage=True, catalog=catalog)})
    return out


def _age_arg(default: int, catalog: Catalog) -> int:
    """The age asked for (``?age=2``) when the edition has it, else ``default``."""
    value = request.args.get("age", "")
    ages = {str(age): age for age in range(1, catalog.rules.ages + 1)}
    return ages.get(value, default)


def current_age(data: dict[str, Any], held: set[str], catalog: Catalog) -> int:
    """The age a table is most likely playing: after the last age handed out, and no earlier
    than the latest card the city holds."""
    resolved = [int(a) for a in (data.get("conflicts") or {}) if str(a).isdigit()]
    from_tokens = max(resolved, default=0) + 1
    from_cards = max((catalog.card_ages(cid)[0] for cid in held if catalog.has_card(cid)), default=1)
    return max(1, min(catalog.rules.ages, max(from_tokens, from_cards)))


def _hand_groups(catalog: Catalog, players: int, age: int, built: set[str]) -> list[Any]:
    """The picker's tiles of one age (what a hand of that age can hold), and the cards dealt
    apart, which print no age (the leaders: a hand of their own, played in every age)."""
    groups = gamestate.picker(catalog, players, built)
    return [
        gamestate.ColourGroup(g.color, tiles)
        for g in groups
        if (tiles := tuple(t for t in g.tiles if age in t.ages or not t.ages))
    ]


def _build_page(template: str, game: Any, at: int, catalog: Catalog, **context: Any) -> tuple[str, int] | str:
    """Render a can-I-build-it page; with ``?partial=1`` only the verdicts (for the script)."""
    from ..rules.production import describe_market, markets

    markets_text = [describe_market(m) for m in markets(game, at, catalog)] if game is not None else []
    left = game.cities[game.left(at)].player if game is not None else None
    right = game.cities[game.right(at)].player if game is not None else None
    status = context.pop("status", 200)
    shown = {t.card.id for g in context.get("groups", ()) for t in g.tiles}
    context.update(
        catalog=catalog,
        markets=markets_text,
        left_name=left,
        right_name=right,
        other_ages_hand=[c for c in context.get("hand", ()) if c not in shown],
    )
    if request.args.get("partial"):
        return render_template("reference/_verdicts.html", **context)
    return render_template(template, **context), status


@bp.get("/g/<token>/city/<int:seat>/build")
def city_build(token: str, seat: int) -> tuple[str, int] | str:
    """From a city's page: the verdict for each card in hand and the next stage."""
    loaded = gamestate.load(token)
    if loaded.game is None or seat < 0 or seat >= len(loaded.game.cities):
        abort(404)
    catalog, city = loaded.catalog, loaded.game.cities[seat]
    held = set(city.cards or ())
    playing = loaded.game.age  # the table says the age: the hand holds only its cards
    age = playing or _age_arg(current_age(_with_conflicts(loaded), held, catalog), catalog)
    ways = _ways(city, catalog)
    via = request.args.get("via") if request.args.get("via") in ways else None
    form = _build_form(catalog, city.coins)
    game = _with_coins(loaded.game, seat, form.coins.data)
    hand = [c for c in form.hand.data or [] if c not in held]
    stage = bool(form.stage.data) and via is None
    results = verdicts_for(game, seat, hand, stage, catalog, via) if hand or form.stage.data else None
    if via == "discard":
        groups = _pile_groups(game, catalog, held)
    else:
        groups = _hand_groups(catalog, len(game.cities), age, held)
    context = {"loaded": loaded, "seat": seat, "form": form, "results": results, "ways": ways, "via": via}
    return _build_page(
        "reference/city_build.html", game, seat, catalog, **context,
        age=age, fixed_age=playing, groups=groups, hand=set(hand), held=held,
    )  # fmt: skip


def _build_form(catalog: Catalog, coins: int) -> BuildQueryForm:
    """The hand asked about (any structure of the catalog) and the coins the city has now
    (the stored coins unless a valid number is given)."""
    form = BuildQueryForm(request.args)
    form.hand.choices = choice_list([(cid, catalog.structure(cid).name) for cid in catalog.structure_ids])
    if form.coins.data is None or not form.coins.validate(form):
        form.coins.data = coins
    return form


def _with_conflicts(loaded: gamestate.Loaded) -> dict[str, Any]:
    """A stored game's data with the conflicts its ages handed out (they tell the age)."""
    return {**loaded.data, "conflicts": loaded.row.conflicts or {}}


def _with_coins(game: Game, seat: int, coins: int) -> Game:
    """The game with the city at ``seat`` holding ``coins`` (the coins a player says it has now)."""
    cities = list(game.cities)
    cities[seat] = records.replace(cities[seat], coins=coins)
    return records.replace(game, cities=tuple(cities))


def _pile_groups(game: Game, catalog: Catalog, held: set[str]) -> list[Any]:
    """The discard pile's cards, of every age, by colour (the hand of a build from the discard)."""
    pile = set(game.discard)
    return [
        gamestate.ColourGroup(g.color, tiles)
        for g in gamestate.picker(catalog, len(game.cities), held | pile)
        if (tiles := tuple(t for t in g.tiles if t.card.id in pile))
    ]


def _ways(city: Any, catalog: Catalog) -> dict[str, Any]:
    """The powers this city's wonder side or cards can build through (``via``), with their names."""
    effects = (
        [e for stage in catalog.wonder(city.wonder).side(city.side).stages for e in stage.effects]
        if city.wonder is not None
        else []
    )
    ways: dict[str, Any] = {}
    cards = catalog.held_with(city.cards, "free_power")
    if any(e.free_power() for e in effects):
        ways["free-build"] = _("With the wonder's free build")
    elif cards:
        ways["free-build"] = _("With %(card)s's free build", card=cards[0].name)
    if any(e.builds_from_discard() for e in effects):
        ways["discard"] = _("From the discard pile")
    return ways


@bp.get("/g/<token>/free-city")
def free_city(token: str) -> tuple[str, int] | str:
    """The two-player variant: which card its holder gives the Free City, and what it does with it."""
    loaded = gamestate.load(token)
    game = loaded.game
    seat = next((i for i, c in enumerate(game.cities) if c.free_city), None) if game else None
    if game is None or seat is None:
        abort(404)
    catalog = loaded.catalog
    held = set(game.cities[seat].cards or ())
    age = _age_arg(current_age(_with_conflicts(loaded), held, catalog), catalog)
    hand = [c for c in request.args.getlist("hand") if catalog.has_card(c)]
    play, refused = _free_city_play(game, hand, catalog)
    groups = _hand_groups(catalog, len(game.cities), age, held)
    shown = {t.card.id for g in groups for t in g.tiles}
    partial = request.args.get("partial")
    return render_template(
        "reference/_free_city_answer.html" if partial else "reference/free_city.html",
        loaded=loaded, seat=seat, catalog=catalog, play=play, refused=refused, age=age, groups=groups,
        hand=set(hand), held=held, stage=False, show_stage=False,
        other_ages_hand=[c for c in hand if c not in shown],
    )  # fmt: skip


def _free_city_play(game: Game, hand: list[str], catalog: Catalog) -> tuple[Any, Exception | None]:
    """What the Free City plays from ``hand`` (None for no hand), or why the hand cannot be
    its (a card that cannot have been dealt to it)."""
    from ..rules.errors import HandError
    from ..rules.freecity import free_city_play

    try:
        return (free_city_play(game, hand, catalog) if hand else None), None
    except HandError as exc:
        return None, exc


SCRATCH_SEATS = ("me", "left", "right")


@bp.get("/can-build")
def can_build() -> tuple[str, int] | str:
    """The adjudicator without a game: your city and your two neighbours, then your hand."""
    catalog = edition_catalog()
    cities = _scratch_cities(request.args, catalog)
    # Seating: me, then my left neighbour (next clockwise), then my right neighbour.
    game, error = gamestate.read({"edition": catalog.edition, "cities": cities})
    held = set(cities[0]["cards"])
    age = _age_arg(current_age({}, held, catalog), catalog)
    hand = [c for c in request.args.getlist("hand") if c and c not in held]
    stage = bool(request.args.get("stage"))
    most = catalog.rules.max_players  # every card a table of the edition can hold
    return _build_page(
        "reference/can_build.html",
        game,
        0,
        catalog,
        cities=cities,
        seats=SCRATCH_SEATS,
        error=render_text(error.message) if error else None,
        error_field=error.field if error else None,
        results=verdicts_for(game, 0, hand, stage, catalog) if game is not None and (hand or stage) else None,
        hand=set(hand),
        held=held,
        stage=stage,
        age=age,
        all_groups=gamestate.picker(catalog, most, set()),
        groups=_hand_groups(catalog, most, age, held),
        status=400 if error else 200,
    )


def _scratch_cities(args: Any, catalog: Catalog) -> list[dict[str, Any]]:
    """The three cities the scratch adjudicator's form describes, as the game format has them
    (three distinct boards of the edition to start from; the first edition's: Rhodes,
    Alexandria, Giza)."""
    ids = [w.id for w in catalog.wonders]
    boards = dict(
        zip(SCRATCH_SEATS, ("rhodes", "alexandria", "giza") if "giza" in ids else ids, strict=False)
    )
    names = {"me": _("You"), "left": _("Left neighbour"), "right": _("Right neighbour")}
    return [
        {
            "player": names[key],
            "wonder": args.get(f"{key}_wonder") or boards[key],
            "side": args.get(f"{key}_side") or "A",
            "stages": _int(args.get(f"{key}_stages"), 0),
            "coins": _int(args.get(f"{key}_coins"), catalog.rules.starting_coins),
            "cards": [c for c in args.getlist(f"{key}_cards") if c],
        }
        for key in SCRATCH_SEATS
    ]


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value not in (None, "") else default
    except ValueError:
        return -1  # the parser names the field
