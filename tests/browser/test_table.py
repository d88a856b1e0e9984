"""Whole games played through the real UI on phones (Chromium, 390x844): from "new game"
to the locked scoreboard, with the totals the table should see."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.flows import (
    THREE_TAPPED,
    ask_about,
    create_game,
    end_age,
    enter_cities,
    enter_city,
    lock,
    open_city,
    ranks,
    shot,
    totals,
)

pytestmark = pytest.mark.browser


def test_a_three_player_game_from_new_game_to_the_locked_scoreboard(live_server, phone, screenshots):
    host = phone()
    create_game(
        host, live_server, ["Ana", "Bartek", "Şule"], [("giza", "A"), ("rhodes", "A"), ("babylon", "A")]
    )
    expect(host.locator("img.qr")).to_be_visible()
    assert host.locator("img.qr").evaluate("img => img.naturalWidth") > 0
    join = host.locator("#join-link").inner_text().strip()
    shot(host, screenshots, "01-game-hub")

    # Each phone joins through the link the host shows and enters its own city (the
    # hand-worked game of tests/web/worked_games.py).
    ana, bartek, sule = host, phone(), phone()
    enter_city(ana, join, 0, **THREE_TAPPED[0], screenshot=(screenshots, "02-my-city"))
    expect(ana.locator("#live-total .live-points")).to_have_attribute("data-total", "25")

    board = phone()
    board.goto(join + "/scoreboard")
    expect(board.locator("#waiting")).to_contain_text("waiting for Bartek, Şule")
    expect(board.locator("#winner")).to_have_count(0)

    enter_cities([bartek, sule], join, THREE_TAPPED[1:], first=1)

    # The scoreboard that was already open follows without a reload.
    expect(board.locator("#winner")).to_contain_text("Ana wins", timeout=10_000)
    assert totals(board) == {"Ana": 25, "Bartek": 20, "Şule": 15}
    assert ranks(board) == {"Ana": "1", "Bartek": "2", "Şule": "3"}
    shot(board, screenshots, "03-scoreboard")

    # Tap a player: where the points come from.
    board.locator("#row-2 summary").click()
    expect(board.locator("#d-2-science")).to_contain_text("16")
    expect(board.locator("#d-2-science")).to_contain_text("tablet")
    shot(board, screenshots, "04-score-details")

    # Can I build it? from Ana's city: Age II (she holds Age II cards), her coins, her neighbours.
    open_city(ana, join, 0)
    ana.get_by_role("link", name="Can I build it?").click()
    expect(ana.locator(".age-tabs button.current")).to_have_text("Age II")
    expect(ana.locator("#markets")).to_contain_text("Bartek sells")
    expect(ana.locator(".tile.built input[value=temple]")).to_be_disabled()
    ask_about(ana, ["aqueduct", "forum"])
    ana.check("input[name=stage]")
    expect(ana.locator("#verdicts li[data-card=aqueduct]")).to_contain_text("free by chain")
    expect(ana.locator("#verdicts li[data-card=forum]")).to_contain_text("from Bartek")
    expect(ana.locator("#verdicts li[data-card=stage]")).to_be_visible()
    # The thumb is low in the hand, the answers above it: the sticky head shows them, one chip each.
    ask_about(ana, ["archery-range"])
    chip = ana.locator("#answer-strip a", has_text="Archery Range")
    expect(chip).to_be_in_viewport()
    expect(ana.locator("#answer-strip a", has_text="Aqueduct")).to_contain_text("free by chain")
    chip.click()
    expect(ana.locator("#verdicts li[data-card=archery-range]")).to_be_in_viewport()
    assert ana.locator("#ask").is_hidden()  # the answers follow the taps: nothing to press
    shot(ana, screenshots, "05-can-i-build-it")

    # Someone locks the game (after a confirmation): the scoreboard says so and no city can change.
    lock(host, join)
    expect(host.locator(".flash")).to_contain_text("locked")
    open_city(sule, join, 2)
    expect(sule.locator(".flash-warning")).to_contain_text("locked")
    assert sule.locator("#save").count() == 0
    shot(host, screenshots, "06-locked-scoreboard")


# Seven players, tokens handed out by the end-of-age screen. Hand-scored:
#   Ana     Rhodes A 1 stage (3), 3 coins (1), Baths 3 + Altar 2; tokens +1 +1 -1 (1)       = 10
#   Bartek  Alexandria A 1 stage (3), 6 coins (2), Theater 2 + Pawnshop 3; -1               = 9
#   Şule    Ephesus A, 9 coins (3), Aqueduct 5                                                = 8
#   Łukasz  Babylon A 1 stage (3), 0 coins, Temple 3                                           = 6
#   Núria   Olympia A 2 stages (3), 4 coins (1), Statue 4                                      = 8
#   김민준   Halicarnassus A 1 stage (3), 5 coins (1), Courthouse 4; -1                         = 7
#   Begoña  Giza A 3 stages (15), 2 coins (0); tokens -1 +5 +5 (9)                            = 24
# Şule and Núria tie on 8: Şule has more coins (9 against 4), so ranks 4 and 5.
SEVEN = [
    ("Ana", ("rhodes", "A"), 1, 3, ["baths", "altar"]),
    ("Bartek", ("alexandria", "A"), 1, 6, ["theater", "pawnshop"]),
    ("Şule", ("ephesus", "A"), 0, 9, ["aqueduct"]),
    ("Łukasz", ("babylon", "A"), 1, 0, ["temple"]),
    ("Núria", ("olympia", "A"), 2, 4, ["statue"]),
    ("김민준", ("halicarnassus", "A"), 1, 5, ["courthouse"]),
    ("Begoña", ("giza", "A"), 3, 2, []),
]


def test_a_seven_player_game_with_the_end_of_each_age(live_server, phone, screenshots):
    host = phone()
    hub = create_game(host, live_server, [s[0] for s in SEVEN], [s[1] for s in SEVEN])
    shot(host, screenshots, "10-seven-player-hub")
    phones = [host] + [phone() for _ in range(6)]
    enter_cities(
        phones,
        hub,
        [{"stages": stages, "coins": coins, "cards": cards} for *_, stages, coins, cards in SEVEN],
    )

    result = end_age(host, hub, 1, [1, 0, 0, 0, 0, 0, 0])
    expect(result).to_contain_text("Ana beats Bartek (1 shield against 0)")
    expect(result).to_contain_text("Ana beats Begoña")
    shot(host, screenshots, "11-end-of-age")
    end_age(host, hub, 2, [0, 0, 0, 0, 0, 0, 0])
    # A wrong entry of Age III, then the right one: entering an age again replaces its tokens.
    end_age(host, hub, 3, [0, 0, 0, 0, 0, 0, 9])
    end_age(host, hub, 3, [0, 0, 0, 0, 0, 0, 3])

    host.goto(hub + "/scoreboard")
    assert totals(host) == {
        "Ana": 10,
        "Bartek": 9,
        "Şule": 8,
        "Łukasz": 6,
        "Núria": 8,
        "김민준": 7,
        "Begoña": 24,
    }
    assert ranks(host) == {
        "Ana": "2",
        "Bartek": "3",
        "Şule": "4",
        "Łukasz": "7",
        "Núria": "5",
        "김민준": "6",
        "Begoña": "1",
    }
    expect(host.locator("#winner")).to_contain_text("Begoña wins")
    expect(host.locator(".tie-note")).to_have_text(
        ["Şule is ahead of Núria on coins, 9 to 4: both have 8 victory points."]
    )
    shot(host, screenshots, "12-seven-player-scoreboard")
    lock(host, hub)
    expect(host.locator("#winner")).to_be_visible()
    assert host.locator("#lock").count() == 0


def test_a_two_player_game_with_the_free_city(live_server, phone, screenshots):
    host = phone()
    hub = create_game(
        host, live_server, ["Ana", "Bo"], [("giza", "A"), ("rhodes", "A")], free_city=("babylon", "A")
    )
    expect(host.locator(".cities li")).to_have_count(3)
    expect(host.locator(".cities li").nth(2)).to_contain_text("Free City")
    expect(host.locator(".cities li").nth(2)).to_contain_text("Babylon A")
    enter_city(host, hub, 0, stages=1, coins=3, cards=["baths"])
    enter_city(phone(), hub, 1, stages=0, coins=6, cards=["altar"])
    # Either player enters the Free City: the strongest city at the table, but not a player.
    # Babylon A, 3 stages (3 + 7, and the wildcard: 1 science), 3 coins (1), Theater 2 = 14.
    enter_city(host, hub, 2, stages=3, coins=3, cards=["theater"])
    host.goto(hub + "/scoreboard")
    assert totals(host) == {"Ana": 7, "Bo": 4, "Free City": 14}
    assert ranks(host) == {"Ana": "1", "Bo": "2", "Free City": "—"}
    expect(host.locator("#winner")).to_contain_text("Ana wins")
    shot(host, screenshots, "20-free-city-scoreboard")


def test_the_quick_pad_adds_the_numbers_does_the_science_and_breaks_the_tie(live_server, phone, screenshots):
    host = phone()
    hub = create_game(host, live_server, ["Ana", "Bo", "Cy"], pad=True)
    enter_city(
        host, hub, 0, coins=6, pad={"military": 3, "wonder": 10, "civilian": 12, "commercial": 2, "guilds": 4},
        symbols={"compass": 2, "gear": 2, "tablet": 1}, screenshot=(screenshots, "30-quick-pad-city"),
    )  # fmt: skip
    expect(host.locator("#live-total .live-points")).to_have_attribute("data-total", "49")
    enter_city(
        phone(), hub, 1, coins=3, pad={"military": 5, "wonder": 7, "civilian": 20, "science": 10, "guilds": 6}
    )
    enter_city(phone(), hub, 2, coins=0, pad={"military": -2, "wonder": 5, "civilian": 8})
    host.goto(hub + "/scoreboard")
    assert totals(host) == {"Ana": 49, "Bo": 49, "Cy": 11}
    assert ranks(host) == {"Ana": "1", "Bo": "2", "Cy": "3"}
    expect(host.locator("#winner")).to_contain_text("Ana")
    expect(host.locator("#winner")).to_contain_text("coins")
    expect(host.locator(".tie-note")).to_contain_text("Ana is ahead of Bo on coins, 6 to 3")
    host.locator("#row-0 summary").click()
    expect(host.locator("#d-0-science")).to_contain_text("16")
    shot(host, screenshots, "31-quick-pad-scoreboard")
