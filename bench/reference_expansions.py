"""A plain reference scorer for Leaders and Cities tables, the yardstick of ``score --jsonl``
on them: ``python bench/reference_expansions.py FILE``.

``bench/reference_scorer.py`` made to read the 2010 Leaders and Cities cards as well (from
``rules_data/first_edition/expansions``, with ``tomllib``), for end-of-game tables whose
cities give their conflict tokens: the leaders' and the black cards' points in the Leaders
and Cities rows, ``points-per`` over their new subjects (victory tokens, coins by threes,
sets of colours, white and black cards), the leaders' science symbols, Aristotle's bonus for
each set (in the Leaders row), the masks copying a symbol of the neighbours' green cards,
the Courtesans Guild copying the neighbour's leader that gains most, and Olympia B copying
a guild of any box. It checks nothing and explains nothing; ``bench_expansions.py`` checks
its categories and totals against the assistant's on every line it times.
"""

from __future__ import annotations

import json
import sys
import tomllib
from itertools import combinations_with_replacement
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "rules_data" / "first_edition"
BASE = ["military", "treasury", "wonder", "civilian", "science", "commercial", "guilds"]
CATEGORIES = [*BASE, "leaders", "cities", "debt"]
ROW_OF_COLOR = {
    "blue": "civilian",
    "yellow": "commercial",
    "purple": "guilds",
    "white": "leaders",
    "black": "cities",
}
SYMBOLS = ("compass", "gear", "tablet")


class Rules:
    """The cards and wonders of the 2010 edition with Leaders and Cities, as plain dictionaries."""

    def __init__(self) -> None:
        edition = tomllib.loads((DATA / "edition.toml").read_text())
        self.victory = edition["victory_tokens"]
        self.defeat = edition["defeat_token"]
        self.color: dict[str, str] = {}
        self.effects: dict[str, list[dict]] = {}
        files = [DATA / f"age{age}.toml" for age in (1, 2, 3)]
        for folder in ("leaders", "cities"):
            files += sorted(
                p
                for p in (DATA / "expansions" / folder).glob("*.toml")
                if p.name.startswith(("age", "cards", "with-"))
            )
        for path in files:
            for card in tomllib.loads(path.read_text()).get("card", []):
                self.color[card["id"]] = card["color"]
                known = self.effects.setdefault(card["id"], [])
                known += [e for e in card.get("effects", []) if e not in known]  # two-age cards: once
        self.stages: dict[tuple[str, str], list[list[dict]]] = {}
        for path in (
            DATA / "wonders.toml",
            *(DATA / "expansions" / f / "wonders.toml" for f in ("leaders", "cities")),
        ):
            for wonder in tomllib.loads(path.read_text())["wonder"]:
                for side, data in wonder["sides"].items():
                    self.stages[(wonder["id"], side)] = [stage["effects"] for stage in data["stages"]]


def science(counts: list[int], wild: int, bonus: int) -> tuple[int, int]:
    """The best (science points, sets) over every way the wildcards fall, the bonus a set
    counted in the choice: identical symbols squared plus 7 per set. On equal totals the
    first found wins, wildcards tried as compasses first, then gears (the rulebook leaves the
    choice to the player; the assistant's order, so that the rows split alike)."""
    best = (-1, 0, 0)
    for c in range(wild, -1, -1):
        for g in range(wild - c, -1, -1):
            a, b, d = counts[0] + c, counts[1] + g, counts[2] + wild - c - g
            sets = min(a, b, d)
            points = a * a + b * b + d * d + 7 * sets
            if points + bonus * sets > best[0]:
                best = (points + bonus * sets, points, sets)
    return best[1], best[2]


def count(effect: dict, i: int, cities: list[dict], rules: Rules, extra: tuple[str, ...] = ()) -> int:
    """What a ``points-per`` effect counts for the city in seat ``i`` (``extra``: cards it
    holds by a copy, counted as its own)."""
    n = len(cities)
    seats = {"self": i, "left": (i + 1) % n, "right": (i - 1) % n}
    counted = effect["counted"]
    total = 0
    for whose in effect["cities"]:
        city = cities[seats[whose]]
        cards = list(city.get("cards", [])) + (list(extra) if whose == "self" else [])
        tokens = city.get("military", [])
        if counted == "stages":
            total += city.get("stages", 0)
        elif counted == "defeats":
            total += tokens.count(rules.defeat)
        elif counted == "victories":
            total += sum(1 for t in tokens if t > 0)
        elif counted == "coins":
            total += city.get("coins", 0) // effect.get("every", 1)
        elif counted == "sets":
            total += min(sum(1 for c in cards if rules.color[c] == color) for color in effect["colors"])
        else:
            total += sum(1 for c in cards if rules.color[c] in effect["colors"])
    return total


def score_city(i: int, game: dict, rules: Rules) -> dict:
    cities = game["cities"]
    city = cities[i]
    cards = city.get("cards", [])
    cats = dict.fromkeys(CATEGORIES, 0)
    cats["military"] = sum(city["military"])
    cats["treasury"] = city.get("coins", 0) // 3
    cats["debt"] = city.get("categories", {}).get("debt", 0)
    built = rules.stages[(city["wonder"], city.get("side", "A"))][: city.get("stages", 0)]
    effects = [(None, e) for stage in built for e in stage] + [
        (c, e) for c in cards for e in rules.effects[c]
    ]
    counts, wild, bonus, masks = [0, 0, 0], 0, 0, 0
    for card, effect in effects:
        kind = effect["kind"]
        row = "wonder" if card is None else ROW_OF_COLOR.get(rules.color[card])
        if kind == "points" and row:
            cats[row] += effect["points"]
        elif kind == "points-per" and row:
            cats[row] += effect["points"] * count(effect, i, cities, rules)
        elif kind == "science":
            counts[SYMBOLS.index(effect["symbol"])] += 1
        elif kind == "science-wild":
            wild += 1
        elif kind == "science-set-bonus":
            bonus += effect["points"]
        elif kind == "copy-science":
            masks += 1
    offered = sorted(
        {SYMBOLS.index(e["symbol"]) for j in ((i + 1) % len(cities), (i - 1) % len(cities))
         for c in cities[j].get("cards", []) for e in rules.effects[c] if e["kind"] == "science"
         and rules.color[c] == "green"}
    )  # fmt: skip
    cats["science"], sets = _masked(counts, wild, bonus, offered, masks)
    cats["leaders"] += bonus * sets
    olympia = any(e["kind"] == "copy-guild" for stage in built for e in stage)
    state = (counts, wild, bonus, offered, masks)
    if any(e["kind"] == "copy-leader" for _, e in effects):
        state = _courtesans(i, game, rules, cats, state, sets, olympia)
    if olympia:
        for row, points in _olympia(i, game, rules, state)[1].items():
            cats[row] += points
    return cats


def _masked(counts: list[int], wild: int, bonus: int, offered: list[int], masks: int) -> tuple[int, int]:
    """Science with the masks each copying one of the symbols ``offered``: the best choice."""
    best = (-1, 0, 0)
    for picks in combinations_with_replacement(offered, masks) if offered and masks else [()]:
        more = [counts[k] + picks.count(k) for k in range(3)]
        points, sets = science(more, wild, bonus)
        if points + bonus * sets > best[0]:
            best = (points + bonus * sets, points, sets)
    return best[1], best[2]


def _courtesans(
    i: int, game: dict, rules: Rules, cats: dict, science_now: tuple, sets: int, olympia: bool
) -> tuple:
    """The Courtesans Guild: the neighbour's leader that gains the city most, as if recruited,
    with Olympia B's copy after it when the city has one (the two chosen together: a copied
    symbol and a copied wildcard add up). ``science_now``: the city's symbols, wildcards, set
    bonus, symbols offered and masks; returns them with the chosen leader's."""
    counts, wild, bonus, offered, masks = science_now
    cities = game["cities"]
    n = len(cities)
    best: tuple[int, dict[str, int], tuple] | None = None
    for j in {(i + 1) % n, (i - 1) % n}:
        for leader in (c for c in cities[j].get("cards", []) if rules.color[c] == "white"):
            gain = dict.fromkeys(CATEGORIES, 0)
            more, extra = list(counts), bonus
            for effect in rules.effects[leader]:
                if effect["kind"] == "points":
                    gain["leaders"] += effect["points"]
                elif effect["kind"] == "points-per":
                    gain["leaders"] += effect["points"] * count(effect, i, cities, rules, (leader,))
                elif effect["kind"] == "science":
                    more[SYMBOLS.index(effect["symbol"])] += 1
                elif effect["kind"] == "science-set-bonus":
                    extra += effect["points"]
            points, new_sets = _masked(more, wild, extra, offered, masks)
            gain["science"] = points - cats["science"]
            gain["leaders"] += extra * new_sets - bonus * sets
            state = (more, wild, extra, offered, masks)
            total = sum(gain.values()) + (_olympia(i, game, rules, state)[0] if olympia else 0)
            if best is None or total > best[0]:
                best = (total, gain, state)
    if best is None:
        return science_now
    if sum(best[1].values()) > 0:
        for row, points in best[1].items():
            cats[row] += points
    return best[2]


def _olympia(i: int, game: dict, rules: Rules, science_now: tuple) -> tuple[int, dict[str, int]]:
    """Olympia B: the neighbour's guild that gains the city most (or the one named), as its
    gain and the rows it adds to: its points in the Guilds row, or a wildcard's gain (the
    Scientists Guild) in the Science row, and in the Leaders row what Aristotle adds for the
    sets it completes. ``science_now``: the city's symbols, wildcards, set bonus, symbols
    offered and masks."""
    counts, wild, bonus, offered, masks = science_now
    cities = game["cities"]
    n = len(cities)
    own = cities[i].get("cards", [])
    choices = [
        c for j in ((i + 1) % n, (i - 1) % n) for c in cities[j].get("cards", [])
        if rules.color[c] == "purple" and c not in own
    ]  # fmt: skip
    named = cities[i].get("copied_guild")
    if named in choices:
        choices = [named]
    best: tuple[int, dict[str, int]] = (0, {})
    for guild in choices:
        rows = {"guilds": 0}
        for effect in rules.effects[guild]:
            if effect["kind"] == "points":
                rows["guilds"] += effect["points"]
            elif effect["kind"] == "points-per":
                rows["guilds"] += effect["points"] * count(effect, i, cities, rules, (guild,))
            elif effect["kind"] == "science-wild":
                before, sets = _masked(counts, wild, bonus, offered, masks)
                after, more = _masked(counts, wild + 1, bonus, offered, masks)
                rows = {"science": after - before, "leaders": bonus * (more - sets)}
        if sum(rows.values()) > best[0]:
            best = (sum(rows.values()), rows)
    return best


def score_game(game: dict, rules: Rules) -> list[dict]:
    out = []
    for i, city in enumerate(game["cities"]):
        cats = score_city(i, game, rules)
        out.append({"player": city["player"], "categories": cats, "total": sum(cats.values())})
    return out


def main() -> None:
    rules = Rules()
    out = []
    with open(sys.argv[1], encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                out.append(json.dumps(score_game(json.loads(line), rules), ensure_ascii=False))
    sys.stdout.write("\n".join(out) + "\n" if out else "")


if __name__ == "__main__":
    main()
