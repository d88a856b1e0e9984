"""Issue 29, start-up: a catalog compiled by one process is read back by the next, and is the
same catalog; a change to the rules data or the core makes it again; a file that is not
ours, or not a catalog, is never trusted."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.rules import compiled
from assistant.rules.catalog import available_expansions, catalog_for, clear_caches, load_catalog
from assistant.rules.scoring import score_game
from tests.conftest import ROOT


def _same(a, b) -> None:
    assert a.rules == b.rules
    assert a.cards == b.cards and a.wonders == b.wonders and a.rulings == b.rulings
    assert vars(a).keys() == vars(b).keys()
    for name in vars(a):
        if name not in ("_with_power", "derived"):  # filled as questions are asked
            assert getattr(a, name) == getattr(b, name), name


@pytest.mark.parametrize("edition", [1, 2])
def test_a_catalog_read_back_is_the_catalog_read_from_the_data(edition):
    expansions = available_expansions(edition)
    for chosen in ((), expansions):
        made = catalog_for(edition, chosen)
        _same(pickle.loads(pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL)), made)


def test_the_next_process_reads_the_compiled_catalog_without_the_data_reader(tmp_path):
    env = dict(os.environ, ASSISTANT_CACHE_DIR=str(tmp_path / "cache"))
    probe = (
        "import sys; from assistant.rules.catalog import catalog_for; c = catalog_for(1, ('leaders', 'cities'));"
        "print(len(c.cards), 'assistant.rules.loader' in sys.modules, 'tomllib' in sys.modules)"
    )
    first = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run(
        [sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True
    )
    cards = first.stdout.split()[0]
    assert first.stdout.split()[1:] == ["True", "True"]  # made from the data, and kept
    assert second.stdout.split() == [cards, "False", "False"]  # read back: no TOML read at all
    kept = sorted(p.name.split("-", 1)[1] for p in (tmp_path / "cache").glob("*.pickle"))
    assert kept == ["1-expansions.pickle", "1-leaders+cities.pickle", "editions.pickle"]
    assert oct((tmp_path / "cache").stat().st_mode & 0o777) == "0o700"


def test_a_change_to_the_rules_data_or_the_core_changes_the_key(tmp_path):
    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data" / "first_edition", data / "first_edition")
    before = compiled.fingerprint([data])
    card_file = next((data / "first_edition").glob("*.toml"))
    card_file.write_bytes(card_file.read_bytes() + b"\n# one more line\n")
    assert compiled.fingerprint([data]) != before
    assert compiled.fingerprint([data]) == compiled.fingerprint([data])  # stable
    # The core's sources are part of the key (their size and time, as this process found them
    # when it first asked: the code it runs).
    core = Path(compiled.__file__)
    stat = core.stat()
    unchanged = compiled.fingerprint([data])
    try:
        os.utime(core, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
        assert compiled.fingerprint([data]) == unchanged
        compiled.core_key.cache_clear()
        changed = compiled.fingerprint([data])
    finally:
        os.utime(core, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        compiled.core_key.cache_clear()
    assert changed != unchanged


def test_a_torn_or_foreign_file_is_made_again_and_a_file_others_may_write_is_never_read(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path))
    calls: list[int] = []

    def make() -> list[int]:
        calls.append(1)
        return [1, 2, 3]

    assert compiled.remembered("k", make) == [1, 2, 3] and len(calls) == 1
    assert compiled.remembered("k", make) == [1, 2, 3] and len(calls) == 1  # read back
    (tmp_path / "k.pickle").write_bytes(b"not a pickle")
    assert compiled.remembered("k", make) == [1, 2, 3] and len(calls) == 2  # made again, kept again
    assert compiled.remembered("k", make) == [1, 2, 3] and len(calls) == 2
    # A pickle others may change is not read (reading a pickle runs what it says).
    (tmp_path / "k.pickle").write_bytes(pickle.dumps(["planted"]))
    os.chmod(tmp_path / "k.pickle", 0o666)
    assert compiled.remembered("k", make) == [1, 2, 3] and len(calls) == 3


def test_off_and_an_unwritable_folder_read_the_data_each_time(tmp_path, monkeypatch):
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", "off")
    assert compiled.cache_folder() is None
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "file"))
    (tmp_path / "file").write_text("a file, not a folder")
    assert compiled.remembered("k", lambda: 7) == 7  # nothing kept, nothing raised


def test_a_game_scores_the_same_from_a_compiled_catalog(monkeypatch, tmp_path):
    from assistant.rules.gameio import parse_game
    from tests.web.worked_games import three

    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path))
    clear_caches()
    fresh = score_game(parse_game(three()))
    clear_caches()  # the next catalog is the one kept on disk
    again = score_game(parse_game(three()))
    assert again == fresh
    assert load_catalog  # the reader stays importable for data kept elsewhere


def test_a_compiled_catalog_carries_the_tables_scoring_and_validation_derive(monkeypatch, tmp_path):
    from assistant.rules.catalog import catalog_for
    from assistant.rules.gameio import parse_game
    from tests.web.worked_games import three

    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path))
    clear_caches()
    made = catalog_for(1)
    assert {"assistant.rules.counters", "assistant.rules.tallies"} <= set(made.derived)
    clear_caches()
    read = catalog_for(1)  # from the file
    assert read is not made and set(read.derived) == set(made.derived)
    score_game(parse_game(three()))
    assert catalog_for(1).derived["assistant.rules.tallies"] is read.derived["assistant.rules.tallies"]
