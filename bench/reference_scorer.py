"""A plain reference scorer, the yardstick for ``score --jsonl``: ``python bench/reference_scorer.py FILE``.

Reads one game per line with the standard library's ``json``, and for each city only adds
points: conflict tokens, coins // 3, the points printed on its wonder stages and blue
cards, and science from the green symbols (no wildcards, no trading, no guilds, no
checks, no explanations). Prints one ``{"player": ..., "total": ...}`` list per line.
What a careful person would write in an afternoon; the assistant's scorer does far more
per line, and bench_jsonl.py compares the two per line.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "rules_data" / "first_edition"


def tables() -> tuple[dict[str, int], dict[str, str], dict[tuple[str, str], list[int]]]:
    points: dict[str, int] = {}
    science: dict[str, str] = {}
    for age in (1, 2, 3):
        for card in tomllib.loads((DATA / f"age{age}.toml").read_text())["card"]:
            for effect in card.get("effects", []):
                if effect["kind"] == "points":
                    points[card["id"]] = effect["points"]
                elif effect["kind"] == "science":
                    science[card["id"]] = effect["symbol"]
    stages: dict[tuple[str, str], list[int]] = {}
    for wonder in tomllib.loads((DATA / "wonders.toml").read_text())["wonder"]:
        for side, data in wonder["sides"].items():
            stages[(wonder["id"], side)] = [
                sum(e.get("points", 0) for e in stage["effects"] if e["kind"] == "points")
                for stage in data["stages"]
            ]
    return points, science, stages


def main() -> None:
    points, science, stages = tables()
    out = []
    for line in Path(sys.argv[1]).read_text().splitlines():
        if not line.strip():
            continue
        game = json.loads(line)
        result = []
        for city in game["cities"]:
            cards = city.get("cards", [])
            symbols = {"compass": 0, "gear": 0, "tablet": 0}
            for card in cards:
                if card in science:
                    symbols[science[card]] += 1
            total = sum(city.get("military", []))
            total += city.get("coins", 0) // 3
            total += sum(stages[(city["wonder"], city.get("side", "A"))][: city.get("stages", 0)])
            total += sum(points.get(card, 0) for card in cards)
            total += sum(n * n for n in symbols.values()) + 7 * min(symbols.values())
            result.append({"player": city["player"], "total": total})
        out.append(json.dumps(result, ensure_ascii=False))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
