"""What a player does with their thumb, as reusable steps for the browser tests."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from tests.web.worked_games import THREE


def shot(page: Page, folder: Path, name: str) -> None:
    """Keep a screenshot of the screen for a reviewer."""
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def create_game(
    page: Page,
    base: str,
    names: list[str],
    wonders: list[tuple[str, str]] | None = None,
    *,
    pad: bool = False,
    free_city: tuple[str, str] | None = None,
) -> str:
    """Set up a game from the home page; return the game hub's URL.

    Without ``wonders`` the wonders are dealt at random (the explicit choice on the form).
    """
    page.goto(base + "/")
    page.locator("main a[href='/new?mode=pad']" if pad else "main a[href='/new']").first.click()
    for i, name in enumerate(names):
        fill_seat(page, i, name, *(wonders[i] if wonders and i < len(wonders) else (None, "A")))
    if free_city:
        page.select_option("select[name='free_city-wonder']", free_city[0])
        page.click(f"label[for='free_city-side-{0 if free_city[1] == 'A' else 1}']")
    if not pad and not wonders:
        page.check("input[name=deal]")
    page.locator("button[name=submit]").click()
    expect(page.locator(".cities li").first).to_be_visible()
    return page.url


def fill_names(page: Page, names: Iterable[str], first: int = 0) -> None:
    """The players' names on the new-game form, seat by seat from seat ``first``."""
    for seat, name in enumerate(names, first):
        page.fill(f"input[name='seats-{seat}-player']", name)


def tick_expansions(page: Page, ids: Iterable[str], *, script: bool) -> None:
    """Tick expansions on the new-game form, one tap each (without the script, then the form's
    button that sets the game up for them)."""
    for expansion in ids:
        page.locator(f"#expansions input[value='{expansion}'] + label").click()
        if script:
            expect(page.locator(f"#expansions input[value='{expansion}']")).to_be_checked()
    if not script:
        page.click("#expansions .apply")


def fill_seat(page: Page, seat: int, name: str, wonder: str | None, side: str) -> None:
    """One seat of the new-game form: the player's name, and the wonder and side when given."""
    page.fill(f"input[name='seats-{seat}-player']", name)
    if wonder is not None:
        page.select_option(f"select[name='seats-{seat}-wonder']", wonder)
        page.click(f"label[for='seats-{seat}-side-{0 if side == 'A' else 1}']")


def create_second_edition_game(page: Page, base: str, seats: list[tuple[str, str, str]]) -> str:
    """Set up a 2020 game through the new-game page's edition button (no script needed),
    each seat a (name, wonder, side) with side "A" for Day and "B" for Night; return the hub's
    URL. The form names the sides Day and Night and offers no Free City (2020 has no
    two-player variant)."""
    page.goto(base + "/new")
    page.get_by_role("button", name="7 Wonders (2020)").click()
    expect(page.locator("label[for='seats-0-side-1']")).to_have_text("Night")
    for i, seat in enumerate(seats):
        fill_seat(page, i, *seat)
    expect(page.locator("#free-city-row")).to_have_count(0)
    page.locator("button[name=submit]").click()
    expect(page.locator(".cities li").first).to_be_visible()
    return page.url


def open_city(page: Page, hub: str, seat: int) -> None:
    page.goto(hub)
    page.locator(".cities li").nth(seat).locator(f"a[href$='/city/{seat}']").click()
    expect(page.locator("#city-form")).to_be_visible()


def set_stepper(page: Page, field: str, value: int) -> None:
    """Reach a value with the − and + buttons, as a thumb would."""
    current = int(page.input_value(f"input[name='{field}']") or 0)
    button = "+" if value > current else "−"
    target = page.locator(f"button[data-target='{field}']", has_text=button)
    for _ in range(abs(value - current)):
        target.click()
    expect(page.locator(f"input[name='{field}']")).to_have_value(str(value))


def tap_card(page: Page, card: str) -> None:
    """Tap a card's tile in the picker (it takes the card, or gives it back), opening its
    expansion's family first when the card is one of its leaders or black cards."""
    tile = page.locator(f".tile label[for='cards-{card}']")
    if not tile.is_visible():
        family = page.locator(f".tile:has(#cards-{card})").get_attribute("data-color")
        page.locator(f"button[data-family='{family}']").click()
    tile.click()


def tap_cards(page: Page, cards: Iterable[str]) -> None:
    """Tap each card's tile in the picker, in this order (see ``tap_card``)."""
    for card in cards:
        tap_card(page, card)


def count_tokens(page: Page, tokens: list[int]) -> None:
    """Tap how many of each token the city holds."""
    for field, value in (
        ("military-win1", 1),
        ("military-win2", 3),
        ("military-win3", 5),
        ("military-defeats", -1),
    ):
        count = tokens.count(value)
        if count:
            page.click(f"label[for='{field}-{count}']")


def wait_saved(page: Page) -> None:
    """The city saved itself: the bar beside the live score says so."""
    expect(page.locator("#save-state")).to_have_attribute("data-state", "saved", timeout=10_000)


def save_city(page: Page, *, script: bool) -> None:
    """Save the city as its phone does: with the script it saves itself (wait until the page
    says so); without it, tap the form's Save button."""
    if script:
        wait_saved(page)
    else:
        page.locator("#city-form button[type=submit]").first.click()


def enter_city(
    page: Page,
    hub: str,
    seat: int,
    *,
    wonder: tuple[str, str] | None = None,
    stages: int = 0,
    coins: int = 3,
    tokens: list[int] | None = None,
    cards: list[str] | None = None,
    pad: dict[str, int] | None = None,
    symbols: dict[str, int] | None = None,
    screenshot: tuple[Path, str] | None = None,
    script: bool = True,
) -> None:
    """Enter a city on its phone; it saves itself as it goes (without the script, ``script=False``,
    the numbers are typed, as the steppers need the script, and the Save button saves)."""
    open_city(page, hub, seat)
    if wonder:
        page.locator("details.more summary").first.click()
        page.select_option("select[name=wonder]", wonder[0])
        page.click(f"label[for=side-{0 if wonder[1] == 'A' else 1}]")
    if pad is None:
        page.click(f"label[for=stages-{stages}]")
    _set_number(page, "coins", coins, script)
    count_tokens(page, tokens or [])
    tap_cards(page, cards or [])
    for name, value in (pad or {}).items():
        page.fill(f"input[name='categories-{name}']", str(value))
    for name, value in (symbols or {}).items():
        _set_number(page, f"science_symbols-{name}", value, script)
    save_city(page, script=script)
    if not script:
        wait_saved(page)  # the page the Save button loads says the city was saved
    if screenshot:
        shot(page, *screenshot)


def _set_number(page: Page, field: str, value: int, script: bool) -> None:
    if script:
        set_stepper(page, field, value)
    else:
        page.fill(f"input[name='{field}']", str(value))


def enter_cities(
    phones: Sequence[Page],
    hub: str,
    cities: Sequence[Mapping[str, Any]],
    *,
    first: int = 0,
    script: bool = True,
) -> None:
    """Enter a game's cities seat by seat from seat ``first``, as the players of a table do:
    ``phones[i]`` enters ``cities[i]`` (``enter_city``'s keywords)."""
    for seat, (page, city) in enumerate(zip(phones, cities, strict=True), first):
        enter_city(page, hub, seat, script=script, **city)


# The hand-worked game of tests/web/worked_games.py (Giza, Rhodes and Babylon, all side A:
# 25, 20 and 15 points) as its players tap their cities in: ``enter_city``'s keywords, by seat.
THREE_TAPPED: list[dict[str, Any]] = [
    {"stages": city["stages"], "coins": city["coins"], "tokens": city["military"], "cards": city["cards"]}
    for city in THREE["cities"]
]


def ask_about(page: Page, cards: Iterable[str], *, script: bool = True) -> None:
    """Tap each card of the hand on "Can I build it?" or the Free City's turn; the answers
    follow the taps, and without the script the Ask button gives them."""
    for card in cards:
        page.locator(f".hand .tile label[for=hand-{card}]").click()
    if not script:
        page.locator("#ask").click()


def totals(page: Page) -> dict[str, int]:
    """Each entered player's total on the scoreboard."""
    rows = page.locator("#ranking .rank-row")
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        name = row.locator(".rank-who b").inner_text().strip()
        total = row.get_attribute("data-total")
        if total:
            out[name] = int(total)
    return out


def ranks(page: Page) -> dict[str, str]:
    """Each player's place on the scoreboard (the Free City has none: "—")."""
    rows = page.locator("#ranking .rank-row")
    return {
        rows.nth(i).locator(".rank-who b").inner_text().strip(): rows.nth(i)
        .locator(".rank-num")
        .inner_text()
        .replace("★", "")
        .strip()
        for i in range(rows.count())
    }


def end_age(page: Page, hub: str, age: int, shields: list[int]) -> Locator:
    """The end of an age, from the game's page: its tokens handed out; the result."""
    page.goto(hub)
    page.locator("a[href$='/age']").click()
    return hand_out_tokens(page, shields, age)


def hand_out_tokens(page: Page, shields: list[int], age: int | None = None) -> Locator:
    """On the end-of-age page: the age (unless the one the page chose stands), each seat's
    shields, and the tokens handed out; the result."""
    if age is not None:
        page.click(f"label[for=age-{age - 1}]")
    for seat, value in enumerate(shields):
        page.fill(f"input[name='shields-{seat}']", str(value))
    page.locator("button[name=submit]").click()
    expect(page.locator("#age-result")).to_be_visible()
    return page.locator("#age-result")


def lock(page: Page, base_url: str) -> None:
    """Lock the game from the scoreboard, confirming."""
    page.goto(base_url + "/scoreboard")
    page.click("#lock")
    page.click("#lock-confirm")
    expect(page.locator(".flash")).to_be_visible()


def scrolls_sideways(page: Page) -> list[str]:
    """The page, and every element in it, that is wider than the screen or scrolls sideways;
    the city page's strips of chips (its cards, what chains free) scroll sideways by design,
    one row each so that the picker above never moves, and are left out with their chips."""
    return page.evaluate(
        """() => {
            const out = [];
            const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth > width) out.push("page " + document.documentElement.scrollWidth);
            for (const el of document.querySelectorAll("body *")) {
                if (el.closest("#held-strip, #chain-strip")) continue;
                const box = el.getBoundingClientRect();
                if (box.width === 0 && box.height === 0) continue;
                if (getComputedStyle(el).position === "absolute" && box.width <= 1) continue;
                if (box.right > width + 0.5 || box.left < -0.5) out.push(el.tagName + "." + el.className + " " + box.left + "-" + box.right);
                if (el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
                    out.push("scrolls: " + el.tagName + "." + el.className);
            }
            return out;
        }"""
    )


def api(base: str, method: str, path: str, body: dict | None = None) -> dict:
    """A call to the JSON API (the other phones of a table, entered elsewhere)."""
    request = urllib.request.Request(
        base + path,
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def store_game(base: str, game: dict[str, Any]) -> str:
    """Store a game through the JSON API (the other phones entered it elsewhere); return the
    hub's URL, as the table's edit link opens it."""
    token = api(base, "POST", "/api/v1/games", {"game": game})["edit_url"].split("/g/", 1)[1]
    return f"{base}/g/{token}"


def store_locked_game(base: str, game: dict[str, Any], table: str, **fields: Any) -> str:
    """Store a game at a table through the JSON API (``fields``: its title...) and lock it, as
    a table's statistics count only locked games; return its token."""
    made = api(base, "POST", "/api/v1/games", {"game": game, "table": table, **fields})
    api(base, "POST", f"/api/v1/games/{made['token']}/lock", {})
    return str(made["token"])


def put_cities(
    base: str, token: str, seats: Iterable[int], change: Callable[[int, dict[str, Any]], dict[str, Any]]
) -> dict[str, Any]:
    """The other phones of a table, entered elsewhere: each seat's city, as ``change(seat,
    the stored city)`` makes it, put through the JSON API at the version last read; return
    the game (and its scores) as the last answer has it."""
    game = api(base, "GET", f"/api/v1/games/{token}")
    for seat in seats:
        city = change(seat, dict(game["game"]["cities"][seat]))
        game = api(
            base,
            "PUT",
            f"/api/v1/games/{token}/cities/{seat}",
            {"version": game["versions"][seat], "city": city},
        )
    return game


def wait_for_the_worker(page: Page) -> None:
    """The app's service worker is ready and controls the page (it claims the page once active)."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    for _ in range(50):
        if page.evaluate("() => navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(100)


def axe_now(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now (a dialog open, a
    detail unfolded); empty when axe-core is not installed (see conftest)."""
    return page.evaluate("() => window.__axeCheck ? window.__axeCheck() : []")
