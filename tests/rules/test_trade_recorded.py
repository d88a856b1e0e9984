""" "Can I build it?" with every trade power, against the answers the assistant gave before
issue 41 bounded its search (``recorded/trade_powers.jsonl``: 400 random Leaders and Cities
cities of 3 to 5 players holding one to six of Bilkis, the Clandestine Docks, the Secret
Warehouse, the Black Market and the "one resource less" leaders, each asked for a costly
card or its next stage; recorded with the code of commit 8565e08).

The verdict, the reason it is refused and the least cost are the same on every line. The
alternatives buying from one neighbour alone are the same wherever the old search offered
one; where it offered none, the new one may: it looks at every unit Bilkis may buy, not
only at the one that gave the cheapest way (7 of the 400; the brute force of
test_cities_cards checks them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.rules import can_build, catalog_for, parse_game

CATALOG = catalog_for(1, ["leaders", "cities"])
RECORDED = [json.loads(line) for line in (Path(__file__).parent / "recorded" / "trade_powers.jsonl").open()]


@pytest.mark.parametrize("line", range(0, len(RECORDED), 40), ids=lambda k: f"lines {k + 1}-{k + 40}")
def test_trade_power_verdicts_are_the_recorded_ones(line):
    for row in RECORDED[line : line + 40]:
        game = parse_game(row["game"])
        card = row["card"]
        verdict = (
            can_build(game, 0, card, catalog=CATALOG)
            if card
            else can_build(game, 0, stage=True, catalog=CATALOG)
        )
        was = row["answer"]
        assert (verdict.buildable, verdict.why, verdict.cheapest.total if verdict.cheapest else None) == (
            was["buildable"], was["why"], was["total"]
        ), row  # fmt: skip
        left_only = min((o.total for o in verdict.options if not o.buy_right), default=None)
        right_only = min((o.total for o in verdict.options if not o.buy_left), default=None)
        assert was["left_only"] is None or left_only == was["left_only"], row
        assert was["right_only"] is None or right_only == was["right_only"], row
