"""The yardstick of ``score --jsonl`` (bench/reference_scorer.py) scores as the assistant does.

The bench compares the two on every line it times; this keeps the reference honest in
the suite too, on tables that exercise every rule it follows (wildcards, yellow cards and
guilds counting neighbours, Olympia B's copy, shields by age, pad-entered cities).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from types import ModuleType

from assistant.rules.gameio import parse_game
from assistant.rules.scoring import score_game
from tests.conftest import ROOT


def _bench(name: str) -> ModuleType:
    if str(ROOT / "bench") not in sys.path:
        sys.path.insert(0, str(ROOT / "bench"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_reference_scorer_agrees_with_the_assistant_on_every_category():
    reference = _bench("reference_scorer")
    mixed_game = _bench("bench_jsonl").mixed_game
    rules = reference.Rules()
    rng = random.Random(15)
    for _ in range(120):
        game = mixed_game(rng)
        ours = [
            {
                "player": c.player,
                "categories": {k.value: v for k, v in c.categories.items()},
                "total": c.total,
            }
            for c in score_game(parse_game(game)).cities
        ]
        assert reference.score_game(game, rules) == ours, game
