"""What a player does with their thumb, as reusable steps for the browser tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect


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
) -> str:
    """Set up a game from the home page; return the game hub's URL."""
    page.goto(base + "/")
    page.locator("main a[href='/new?mode=pad']" if pad else "main a[href='/new']").first.click()
    for i, name in enumerate(names):
        page.fill(f"input[name='seats-{i}-player']", name)
        if wonders and i < len(wonders):
            wonder, side = wonders[i]
            page.select_option(f"select[name='seats-{i}-wonder']", wonder)
            page.select_option(f"select[name='seats-{i}-side']", side)
    page.locator("button[name=submit]").click()
    expect(page.locator(".cities li").first).to_be_visible()
    return page.url


def open_city(page: Page, hub: str, seat: int) -> None:
    page.goto(hub)
    page.locator(".cities li").nth(seat).locator("a").click()
    expect(page.locator("#city-form")).to_be_visible()


def set_stepper(page: Page, field: str, value: int) -> None:
    """Reach a value with the − and + buttons, as a thumb would."""
    current = int(page.input_value(f"input[name='{field}']") or 0)
    button = "+" if value > current else "−"
    target = page.locator(f"button[data-target='{field}']", has_text=button)
    for _ in range(abs(value - current)):
        target.click()
    expect(page.locator(f"input[name='{field}']")).to_have_value(str(value))


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
) -> None:
    """Enter a city on its phone and save it."""
    open_city(page, hub, seat)
    if wonder:
        page.select_option("select[name=wonder]", wonder[0])
        page.click(f"label[for=side-{0 if wonder[1] == 'A' else 1}]")
    page.click(f"label[for=stages-{stages}]")
    set_stepper(page, "coins", coins)
    for token in tokens or []:
        page.click(f"button[data-token='{token}']")
    for card in cards or []:
        page.fill("#card-filter", card.replace("-", " "))
        page.check(f"input[name=cards][value='{card}']")
    if cards:
        page.fill("#card-filter", "")
    for name, value in (pad or {}).items():
        page.fill(f"input[name='pad_{name}']", str(value))
    for name, value in (symbols or {}).items():
        set_stepper(page, name, value)
    if screenshot:
        shot(page, *screenshot)
    page.click("#save")
    expect(page.locator(".flash-ok")).to_be_visible()


def totals(page: Page) -> dict[str, int]:
    """The totals row of the scoreboard, by player."""
    names = page.locator("#pad thead th").all_inner_texts()[1:]
    values = page.locator("#pad td[data-total]").all_inner_texts()
    return {name.split("\n")[0].strip(): int(v) for name, v in zip(names, values, strict=True)}


def ranks(page: Page) -> dict[str, str]:
    names = page.locator("#pad thead th").all_inner_texts()[1:]
    row = page.locator("#pad tr.rank-row td").all_inner_texts()
    return {name.split("\n")[0].strip(): r.strip() for name, r in zip(names, row, strict=True)}


def end_age(page: Page, hub: str, age: int, shields: list[int]) -> Any:
    page.goto(hub)
    page.locator("a[href$='/age']").click()
    page.click(f"label[for=age-{age - 1}]")
    for i, value in enumerate(shields):
        page.fill(f"input[name='shields-{i}']", str(value))
    page.locator("button[name=submit]").click()
    expect(page.locator("#age-result")).to_be_visible()
    return page.locator("#age-result")
