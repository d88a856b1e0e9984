"""N visits of a city's page, for counting a visit's instructions (docs/benchmarks.md):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/city_visits.py 2 leaders,cities
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/city_visits.py 12 leaders,cities

A visit is (the second count - the first) / 10: the app's start and the first visits (templates
compiled, tiles rendered) are in both and cancel out.
"""

from __future__ import annotations

import gc
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from bench_scoring import realistic_table  # noqa: E402
from bench_tables import scratch_app  # noqa: E402

from assistant.rules.gameio import game_to_dict  # noqa: E402

n = int(sys.argv[1])
exp = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] else []
with tempfile.TemporaryDirectory() as folder:
    app = scratch_app(folder, None, WTF_CSRF_ENABLED=False)
    client = app.test_client()
    game = game_to_dict(realistic_table(random.Random(15), "tokens"))
    if exp:
        game["expansions"] = exp
    created = client.post("/api/v1/games", json={"game": game}).get_json()
    page = f"/g/{created['token']}/city/0"
    for _ in range(3):
        client.get(page)
    gc.collect()
    for _ in range(n):
        client.get(page)
