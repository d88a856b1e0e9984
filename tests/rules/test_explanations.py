"""Explanations a player reads: exact, short and natural, in English and in translation.

Each case is named after the rule (``rules_data/first_edition/rulings.toml``) whose
explanation it pins, gives a real table, the English text expected, and checks that the
Spanish and Korean renderings leave no English phrase of the message behind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from babel.support import Translations
from hypothesis import given
from hypothesis import strategies as st

from assistant.pdf.layout import TRANSLATIONS_DIR
from assistant.rules import can_build, parse_game, score_game
from assistant.rules.catalog import Catalog, catalog_for
from assistant.rules.model import Game, Problem, ScoreSheet, Verdict
from assistant.rules.production import describe_market, markets
from assistant.rules.scoring import tie_notes
from assistant.rules.text import Text
from tests.rules.strategies import legal_games, tables_with_pad_entries

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
CHECKED_LANGUAGES = ("es", "ko")


def translate(text: Text, lang: str) -> str:
    translations = _translator(lang)
    return text.render(translations.gettext, translations.ngettext)


def _templates(text: Text) -> Iterator[str]:
    """Every English template a message is made of, its parameters' included."""
    yield text.msgid
    if text.plural is not None:
        yield text.plural
    for _, value in text.params:
        if isinstance(value, Text):
            yield from _templates(value)


def english_left(text: Text, lang: str) -> list[str]:
    """The English phrases of ``text``'s templates (two words or more) still in its rendering."""
    rendered = translate(text, lang)
    phrases = {
        piece.strip(" .,:;")
        for template in _templates(text)
        for piece in PLACEHOLDER.split(template)
        if len(piece.strip(" .,:;").split()) >= 2
    }
    return sorted(p for p in phrases if p in rendered)


def assert_explained(text: Text, english: str) -> None:
    """The English text, and translations that leave no English behind."""
    assert str(text) == english
    for lang in CHECKED_LANGUAGES:
        assert translate(text, lang) != english, lang
        assert english_left(text, lang) == [], lang


def city(player: str, wonder: str, cards: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    return {"player": player, "wonder": wonder, "cards": list(cards), "military": [], **fields}


OLYMPIA_B3 = {"side": "B", "stages": 3}
SHIPOWNERS = [
    city("Ana", "olympia", ("lumber-yard", "glassworks"), **OLYMPIA_B3),
    city("Bo", "rhodes", ("shipowners-guild", "ore-vein")),
    city("Cy", "giza", ("clay-pool",)),
]
"""Olympia B copies Bo's Shipowners Guild: Ana's Lumber Yard and Glassworks, and the copy."""


# --- scoring details --------------------------------------------------------------------------

DETAILS = [
    pytest.param(
        [
            city("Cy", "babylon", ("apothecary", "lodge"), side="A", stages=2),
            city("Bo", "rhodes"),
            city("Di", "giza"),
        ],
        "Cy",
        "science",
        "3 compasses: 9 for identical symbols, with the wildcard as a compass: 9 victory points",
        id="science-wildcards: a wildcard says what it became, never the symbols it did not become",
    ),
    pytest.param(
        [
            city(
                "Ana",
                "babylon",
                ("workshop", "scriptorium", "library", "university", "scientists-guild"),
                side="A",
                stages=2,
            ),
            city("Bo", "rhodes"),
            city("Cy", "giza"),
        ],
        "Ana",
        "science",
        "1 gear and 5 tablets: 26 for identical symbols, with the wildcards as 2 tablets: 26 victory points",
        id="science-wildcards: two wildcards on the same symbol",
    ),
    pytest.param(
        [
            city("Ana", "babylon", ("apothecary", "workshop", "scientists-guild"), side="A", stages=2),
            city("Bo", "rhodes"),
            city("Cy", "giza"),
        ],
        "Ana",
        "science",
        "2 compasses, 1 gear and 1 tablet: 6 for identical symbols and 7 for 1 complete set, with the "
        "wildcards as 1 compass and 1 tablet: 13 victory points",
        id="science-wildcards: two wildcards on two symbols, the third left out",
    ),
    pytest.param(
        [
            city(
                "Ana",
                "olympia",
                ("apothecary", "workshop", "scriptorium", "library", "laboratory"),
                **OLYMPIA_B3,
            ),
            city("Bo", "rhodes", ("scientists-guild", "school")),
            city("Cy", "giza"),
        ],
        "Ana",
        "stage-3",
        "Olympia stage 3 copies the Scientists Guild of Bo: one more science wildcard makes 2 compasses, "
        "2 gears and 2 tablets, with the wildcard as a compass, 26 for science in all: 10 more victory points",
        id="olympia-b-copy-guild: a copied Scientists Guild says the final symbols and what its wildcard became",
    ),
    pytest.param(
        [
            city("Ana", "olympia", ("apothecary",), **OLYMPIA_B3),
            city("Bo", "rhodes", ("scientists-guild",)),
            city("Cy", "giza"),
        ],
        "Ana",
        "stage-3",
        "Olympia stage 3 copies the Scientists Guild of Bo: one more science wildcard makes 2 compasses, with "
        "the wildcard as a compass, 4 for science in all: 3 more victory points",
        id="olympia-b-copy-guild: a copied wildcard that completes no set names only the symbol it became",
    ),
    pytest.param(
        SHIPOWNERS,
        "Ana",
        "stage-3",
        "Olympia stage 3 copies the Shipowners Guild of Bo: 1 per brown, grey or purple card in the city of "
        "Ana, the copied guild included, 3 in all: 3 victory points",
        id="olympia-b-copy-counts-itself: a copied Shipowners Guild says the copy is counted",
    ),
    pytest.param(
        SHIPOWNERS,
        "Bo",
        "shipowners-guild",
        "Shipowners Guild: 1 per brown, grey or purple card in its own city, itself included, 2 in all: "
        "2 victory points",
        id="guild-scoring: the Shipowners Guild counts itself",
    ),
    pytest.param(
        [
            city("Ana", "olympia", (), **OLYMPIA_B3),
            city("Bo", "rhodes", ("builders-guild",), stages=1),
            city("Cy", "giza", (), stages=2),
        ],
        "Ana",
        "stage-3",
        "Olympia stage 3 copies the Builders Guild of Bo: 1 per built wonder stage in the cities of Ana, Bo "
        "and Cy, 6 in all: 6 victory points",
        id="olympia-b-copy-guild: a copied guild that counts Olympia's own city names it",
    ),
]


def detail(sheet: ScoreSheet, player: str, source: str) -> Text:
    [found] = [d for c in sheet.cities if c.player == player for d in c.details if d.source == source]
    return found.reason


@pytest.mark.parametrize(("cities", "player", "source", "english"), DETAILS)
def test_a_score_detail_explains_its_points(
    cities: list[dict[str, Any]], player: str, source: str, english: str
) -> None:
    sheet = score_game(parse_game({"edition": 1, "cities": cities}))
    assert_explained(detail(sheet, player, source), english)


# --- table problems ---------------------------------------------------------------------------

PROBLEMS = [
    pytest.param(
        [
            {"player": "Ana", "wonder": "rhodes", "side": "A", "stages": 2, "cards": ["stockade"]},
            {"player": "Bo", "wonder": "giza", "cards": ["guard-tower"]},
            {"player": "Cy", "wonder": "babylon", "cards": []},
        ],
        "military-assumed",
        None,
        "The conflict tokens of Ana, Bo and Cy were not given: they were worked out from the shields of the "
        "red cards, each counted from its own age on, and of the wonder stages of Ana, stage k counted from "
        "Age k on; compare them with the tokens on the table.",
        id="military: tokens worked out from the cards are said once for the table, naming the dated stages",
    ),
    pytest.param(
        [
            {"player": "Ana", "wonder": "rhodes", "stages": 2, "cards": ["stockade"], "military": []},
            {"player": "Bo", "wonder": "giza", "cards": ["guard-tower"]},
            {"player": "Cy", "wonder": "babylon", "cards": [], "military": []},
        ],
        "military-assumed",
        1,
        "Bo's conflict tokens were not given: they were worked out from the shields of the red cards, each "
        "counted from its own age on, and of the wonder stages of Ana, stage k counted from Age k on; compare "
        "them with the tokens on the table.",
        id="military: tokens worked out for one city name it, and the neighbour whose stages were dated",
    ),
    pytest.param(
        [
            {"player": "Ana", "wonder": "rhodes", "cards": ["stockade"], "shields_by_age": [1, 1, 1]},
            {"player": "Bo", "wonder": "giza", "cards": ["guard-tower"], "shields_by_age": [1, 1, 1]},
            {"player": "Cy", "wonder": "babylon", "cards": [], "shields_by_age": [0, 0, 0]},
            {"player": "Di", "wonder": "ephesus", "categories": {"civilian": 5}},
        ],
        "military-unknown",
        None,
        "The conflicts of Ana and Cy with Di, entered from the score pad without shields, could not be "
        "resolved and count nothing.",
        id="military: a neighbour entered without shields is said once, naming every city it leaves unresolved",
    ),
]


@pytest.mark.parametrize(("cities", "code", "seat", "english"), PROBLEMS)
def test_a_table_problem_is_said_once_naming_every_city_it_concerns(
    cities: list[dict[str, Any]], code: str, seat: int | None, english: str
) -> None:
    sheet = score_game(parse_game({"edition": 1, "cities": cities}))
    found: list[Problem] = [p for p in sheet.problems if p.code == code]
    assert len(found) == 1
    assert found[0].city == seat
    assert_explained(found[0].message, english)


# --- can I build it? --------------------------------------------------------------------------

SALE = [
    city("Ana", "giza", ("lumber-yard",), coins=5),
    city("Bo", "alexandria", ("caravansery", "ore-vein"), side="B", stages=2),
    city("Cy", "babylon", ("forum", "glassworks"), side="A"),
]


def statue_table(coins: int) -> list[dict[str, Any]]:
    """Ana (Giza) wants a Statue (2 ore, 1 wood): Bo sells 2 ore, Cy 1 wood."""
    return [
        city("Ana", "giza", coins=coins),
        city("Bo", "rhodes", ("ore-vein",)),
        city("Cy", "babylon", ("lumber-yard",)),
    ]


VERDICTS = [
    pytest.param(
        [city("Ana", "giza", coins=0), city("Bo", "rhodes"), city("Cy", "babylon")],
        "clay-pit",
        "Ana cannot build the Clay Pit: it costs 1 coin, paid to the bank, and the city has no coins.",
        [],
        id="trade-start-of-turn-coins: a city without coins is told it has none",
    ),
    pytest.param(
        statue_table(coins=1),
        "statue",
        "Ana cannot build the Statue: the city has only 1 coin, and the cheapest way costs 6 coins: 2 ore "
        "from Bo (4 coins) and 1 wood from Cy (2 coins).",
        [],
        id="trade-neighbours: the cheapest way follows a colon, never nested in parentheses",
    ),
    pytest.param(
        statue_table(coins=0),
        "statue",
        "Ana cannot build the Statue: the city has no coins, and the cheapest way costs 6 coins: 2 ore from "
        "Bo (4 coins) and 1 wood from Cy (2 coins).",
        [],
        id="trade-start-of-turn-coins: no coins for the cheapest trade",
    ),
    pytest.param(
        SALE,
        "aqueduct",
        "Ana cannot build the Aqueduct: the city and what its neighbours sell give too little stone.",
        [
            "Bo's Caravansery can give stone, but only to Bo: neighbours never buy what yellow cards produce.",
            "Bo's Alexandria stage 1 can give stone, but only to Bo: neighbours never buy what wonder stages "
            "produce.",
        ],
        id="not-for-sale: a neighbour's yellow card and wonder stage are named",
    ),
    pytest.param(
        [
            city("Ana", "giza", coins=3),
            city("Bo", "rhodes", ("clay-pool",)),
            city("Cy", "babylon", ("forum",), side="A"),
        ],
        "scriptorium",
        "Ana cannot build the Scriptorium: the city and what its neighbours sell give too little papyrus.",
        ["Cy's Forum can give papyrus, but only to Cy: neighbours never buy what yellow cards produce."],
        id="not-for-sale: an either/or yellow card sells none of its resources",
    ),
    pytest.param(
        [
            city("Ana", "giza", coins=9),
            city("Bo", "alexandria", ("ore-vein",), stages=2),
            city("Cy", "babylon", ("ore-vein", "lumber-yard")),
        ],
        "statue",
        "Ana can build the Statue for 6 coins: 1 ore from Bo (2 coins) and 1 wood and 1 ore from Cy (4 coins).",
        [
            "Bo's Alexandria stage 2 can give wood or ore, but only to Bo: neighbours never buy what wonder "
            "stages produce."
        ],
        id="not-for-sale: a neighbour selling fewer units than the city lacks has its stage named",
    ),
    pytest.param(
        [
            city("Ana", "giza", coins=9),
            city("Bo", "alexandria", ("ore-vein",), stages=2),
            city("Cy", "babylon", ("lumber-yard",)),
        ],
        "statue",
        "Ana cannot build the Statue: the city and what its neighbours sell give too little ore.",
        [
            "Bo's Alexandria stage 2 can give ore, but only to Bo: neighbours never buy what wonder stages "
            "produce."
        ],
        id="not-for-sale: a resource short at the table has the neighbour's stage named",
    ),
]


def verdict_of(cities: list[dict[str, Any]], card: str) -> Verdict:
    return can_build(parse_game({"edition": 1, "cities": cities}), 0, card)


@pytest.mark.parametrize(("cities", "card", "english", "notes"), VERDICTS)
def test_a_verdict_explains_itself(
    cities: list[dict[str, Any]], card: str, english: str, notes: list[str]
) -> None:
    verdict = verdict_of(cities, card)
    assert_explained(verdict.reason, english)
    assert [str(n) for n in verdict.notes] == notes
    for note, text in zip(verdict.notes, notes, strict=True):
        assert_explained(note, text)


def test_not_for_sale_what_a_neighbour_makes_for_itself_is_listed_with_what_it_sells() -> None:
    """Rulebook (2010), Commerce: yellow cards' and wonder stages' resources are never for sale."""
    left, right = markets(parse_game({"edition": 1, "cities": SALE}), 0)
    assert_explained(
        describe_market(left),
        "Bo sells 1 ore and 1 glass (2 coins each). What Bo's Caravansery, Alexandria stage 1 and "
        "Alexandria stage 2 produce is not for sale.",
    )
    assert_explained(
        describe_market(right),
        "Cy sells 1 clay and 1 glass (2 coins each). What Cy's Forum produces is not for sale.",
    )
    # A verdict names them only where the neighbour sells fewer units than the city lacks:
    # Bo's Ore Vein is enough for a Barracks, so its stage goes unmentioned.
    enough = [
        city("Ana", "giza", coins=3),
        city("Bo", "alexandria", ("ore-vein",), stages=2),
        city("Cy", "babylon"),
    ]
    assert "What Bo's Alexandria stage 2 produces is not for sale." in str(
        describe_market(markets(parse_game({"edition": 1, "cities": enough}), 0)[0])
    )
    assert verdict_of(enough, "barracks").notes == ()


def test_not_for_sale_follows_the_editions_sellable_colours() -> None:
    """The toy edition sells only brown cards' resources: its grey Kiln is named as not for sale."""
    from tests.test_toy_edition import TOY_GAME

    verdict = can_build(parse_game(TOY_GAME), 0, "toy-scroll")
    assert [str(n) for n in verdict.notes] == [
        "Cy's Toy Kiln can give glass, but only to Cy: neighbours never buy what grey cards produce."
    ]


# --- over generated tables ----------------------------------------------------------------------

ALL_LANGUAGES = ("en", "es", "ca", "pl", "tr", "ko")
ZERO = re.compile(r"\b0 (compass|gear|tablet)|\bonly 0\b")


@cache
def _translator(lang: str) -> Translations:
    return Translations.load(str(TRANSLATIONS_DIR), [lang])


def rendered(text: Text) -> Iterator[tuple[str, str]]:
    """``text`` in every language of the app, as (language, text)."""
    yield "en", str(text)
    for lang in ALL_LANGUAGES[1:]:
        translations = _translator(lang)
        yield lang, text.render(translations.gettext, translations.ngettext)


def nests_parentheses(text: str) -> bool:
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
            if depth > 1:
                return True
        elif char == ")":
            depth = max(0, depth - 1)
    return False


def every_explanation(game: Game, seat: int, card: str, catalog: Catalog) -> Iterator[Text]:
    """Every detail, problem and sentence of the sheet, and one city's verdicts and markets."""
    sheet = score_game(game, catalog)
    for city_score in sheet.cities:
        for found in city_score.details:
            yield found.reason
    for problem in sheet.problems:
        yield problem.message
    yield sheet.explanation
    yield from tie_notes(sheet)
    for verdict in (
        can_build(game, seat, card, catalog=catalog),
        can_build(game, seat, stage=True, catalog=catalog),
    ):
        yield verdict.reason
        yield from verdict.notes
    for market in markets(game, seat, catalog):
        yield describe_market(market)


def _check(game: Game, seat: int, card: str, catalog: Catalog) -> None:
    for text in every_explanation(game, seat % len(game.cities), card, catalog):
        for lang, shown in rendered(text):
            assert not nests_parentheses(shown), (lang, shown)
            if lang == "en":
                assert not ZERO.search(shown), shown


EDITION_1 = catalog_for(1)
EDITION_2 = catalog_for(2)


@given(
    st.one_of(legal_games(), tables_with_pad_entries()),
    st.integers(0, 6),
    st.sampled_from(EDITION_1.structure_ids),
)
def test_no_explanation_nests_parentheses_or_counts_zero_symbols_or_only_0_coins(
    game: Game, seat: int, card: str
) -> None:
    _check(game, seat, card, EDITION_1)


@given(legal_games(catalog=EDITION_2), st.integers(0, 6), st.sampled_from(EDITION_2.structure_ids))
def test_no_second_edition_explanation_nests_parentheses_or_counts_zero_symbols(
    game: Game, seat: int, card: str
) -> None:
    _check(game, seat, card, EDITION_2)


def test_a_printout_asks_for_a_real_minus_sign_and_everyone_else_keeps_the_hyphen():
    """The JSON API's and the command line's reasons keep "-1"; a printout renders the same
    Text with U+2212 before negative numbers and in the core's signed lists (tokens), never in
    a name."""
    from assistant.rules.text import MINUS_SIGN, N_, Signed

    game = parse_game({"cities": [
        {"player": "Ana-1", "wonder": "giza", "coins": 0, "military": [1, -1, -1], "cards": []},
        {"player": "Bo", "coins": 0, "categories": {"military": -3}},
        {"player": "Cy", "wonder": "rhodes", "coins": 0, "military": [-1], "cards": []},
    ]})  # fmt: skip
    sheet = score_game(game)
    tokens = next(d.reason for d in sheet.cities[0].details if d.source == "conflict-tokens")
    pad = next(d.reason for d in sheet.cities[1].details if d.source == "score-pad")
    assert tokens.render() == "Conflict tokens +1 -1 -1: -1 victory point"
    assert tokens.render(minus=MINUS_SIGN) == "Conflict tokens +1 \u22121 \u22121: \u22121 victory point"
    assert pad.render() == "Military from the score pad: -3 victory points"
    assert pad.render(minus=MINUS_SIGN) == "Military from the score pad: \u22123 victory points"
    nested = N_("{player}: {reason} ({n})", player="Ana-1", reason=tokens, n=-2)
    assert nested.render(minus=MINUS_SIGN) == (
        "Ana-1: Conflict tokens +1 \u22121 \u22121: \u22121 victory point (\u22122)"
    )
    assert N_("{x}", x=Signed("I: -1, II: +3")).render(minus=MINUS_SIGN) == "I: \u22121, II: +3"
    assert N_("{x}", x=True).render(minus=MINUS_SIGN) == "True"
