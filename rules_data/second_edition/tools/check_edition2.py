"""Throwaway check of the 2020 data in rules_data/second_edition (standard library only).

Run from anywhere:  python3 rules_data/second_edition/tools/check_edition2.py

It checks what the current strict loader cannot yet (new keys, new effect kinds):
- every age deals 7 cards a player for 3..7 players; Age III counts players + 2 guilds;
- there are 10 guilds, one copy each;
- every chain_symbol is given by a card of an EARLIER age, every given symbol is used;
- ids follow the game format (lower case, runs of other characters -> "-");
- the player numbers match the photographs of the printed cards, whose file names in
  tools/photo-index.txt read age<N>_<P>p_<name> (one photo per physical card).
Exit status 0 when everything holds, 1 otherwise (each problem printed).
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = HERE.parent
PROBLEMS: list[str] = []


def fail(message: str) -> None:
    PROBLEMS.append(message)


def card_id(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def load() -> dict[int, list[dict]]:
    ages = {}
    for age in (1, 2, 3):
        with (FOLDER / f"age{age}.toml").open("rb") as fh:
            data = tomllib.load(fh)
        if data.get("age") != age:
            fail(f"age{age}.toml: age = {data.get('age')!r}")
        ages[age] = data["card"]
    return ages


def check_ids(ages: dict[int, list[dict]]) -> None:
    for age, cards in ages.items():
        for card in cards:
            if card["id"] != card_id(card["name"]):
                fail(f"age {age}: id {card['id']!r} does not match name {card['name']!r}")
            if "chain_from" in card:
                fail(f"age {age}: {card['id']}: chain_from must not be written (symbols only)")


def check_counts(ages: dict[int, list[dict]], guilds_beyond: int) -> None:
    guilds = [c for c in ages[3] if c["color"] == "purple"]
    if len(guilds) != 10:
        fail(f"{len(guilds)} guilds, expected 10")
    for g in guilds:
        if g["players"] != []:
            fail(f"guild {g['id']} has players {g['players']}")
    for players in range(3, 8):
        for age, cards in ages.items():
            copies = sum(1 for c in cards if c["color"] != "purple" for p in c["players"] if p <= players)
            dealt = copies + (players + guilds_beyond if age == 3 else 0)
            if dealt != 7 * players:
                fail(f"age {age}, {players} players: {dealt} cards dealt, expected {7 * players}")
            print(
                f"age {age}, {players} players: {copies} cards"
                + (f" + {players + guilds_beyond} guilds" if age == 3 else "")
                + f" = {dealt}"
            )


def check_chains(ages: dict[int, list[dict]]) -> None:
    given: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for age, cards in ages.items():
        for card in cards:
            for symbol in card.get("gives_chains", []):
                given[symbol].append((age, card["id"]))
    used = set()
    for age, cards in ages.items():
        for card in cards:
            symbol = card.get("chain_symbol")
            if symbol is None:
                continue
            used.add(symbol)
            earlier = [cid for (a, cid) in given.get(symbol, []) if a < age]
            if not earlier:
                fail(f"age {age}: {card['id']} needs {symbol!r}, no earlier card gives it")
            else:
                print(f"chain {symbol:10} {', '.join(sorted(set(earlier)))} -> {card['id']}")
    for symbol, givers in given.items():
        if symbol not in used:
            fail(f"symbol {symbol!r} given by {givers} is never used")


def check_photos(ages: dict[int, list[dict]]) -> None:
    photos: dict[tuple[int, str], list[int]] = defaultdict(list)
    for line in (HERE / "photo-index.txt").read_text().split():
        m = re.fullmatch(r"age(\d)_(\d)p_(.+)", line)
        if not m:
            fail(f"photo-index: cannot read {line!r}")
            continue
        name = m.group(3).replace("obsersvatory", "observatory")  # a typo in one file name
        photos[(int(m.group(1)), name.replace("_", "-"))].append(int(m.group(2)))
    data: dict[tuple[int, str], list[int]] = {}
    for age, cards in ages.items():
        for card in cards:
            # guilds are photographed once each, printed "3+"
            data[(age, card["id"])] = [3] if card["color"] == "purple" else list(card["players"])
    for key in sorted(set(photos) | set(data)):
        if sorted(photos.get(key, [])) != sorted(data.get(key, [])):
            fail(f"photos {key}: printed {sorted(photos.get(key, []))}, data {data.get(key)}")
    print(f"photos: {sum(len(v) for v in photos.values())} physical cards compared")


def main() -> int:
    with (FOLDER / "edition.toml").open("rb") as fh:
        edition = tomllib.load(fh)
    ages = load()
    check_ids(ages)
    check_counts(ages, edition["guilds_beyond_players"])
    check_chains(ages)
    check_photos(ages)
    with (FOLDER / "wonders.toml").open("rb") as fh:
        wonders = tomllib.load(fh)["wonder"]
    stages = Counter()
    for w in wonders:
        for side in ("A", "B"):
            stages[(w["id"], side)] = len(w["sides"][side]["stages"])
    print("stages:", dict(stages))
    if len(wonders) != 7:
        fail(f"{len(wonders)} wonders")
    for p in PROBLEMS:
        print("PROBLEM:", p)
    print("OK" if not PROBLEMS else f"{len(PROBLEMS)} problem(s)")
    return 1 if PROBLEMS else 0


if __name__ == "__main__":
    sys.exit(main())
