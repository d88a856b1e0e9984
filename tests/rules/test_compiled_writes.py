"""Issue 44: the cache folder written safely. Whoever may write in the folder could plant a
symbolic link where the cache writes: the temporary file has a random name created with
``O_CREAT | O_EXCL | O_NOFOLLOW`` (never an existing file, never through a link), the rename
replaces a link planted at the final name instead of writing through it, and a folder that is
not this user's own (another owner, writable by group or others, a link) is not used at all."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest

from assistant.rules import compiled

pytestmark = pytest.mark.skipif(os.name != "posix", reason="owners, modes and symbolic links (POSIX)")

VALUE = {"cards": [1, 2, 3]}


class Outside:
    """Files outside the cache folder, and a way to tell whether any of them changed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir()
        self.victim = root / "precious"
        self.victim.write_bytes(b"the user's own file\n")
        self.victim.chmod(0o600)
        self.before = self._state()

    def _state(self) -> dict[str, tuple[bytes, int, int]]:
        return {
            p.name: (p.read_bytes(), p.stat().st_mtime_ns, p.stat().st_mode)
            for p in sorted(self.root.iterdir())
        }

    def unchanged(self) -> bool:
        return self._state() == self.before


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(folder))
    return folder


def _remember(key: str = "k") -> tuple[object, int]:
    """What the cache answers for ``key``, and how many times it had to make it."""
    made: list[int] = []

    def make() -> dict[str, list[int]]:
        made.append(1)
        return VALUE

    return compiled.remembered(key, make), len(made)


def test_links_planted_at_the_old_temporary_name_and_at_the_cache_file_change_nothing_outside(
    cache: Path, tmp_path: Path
):
    outside = Outside(tmp_path / "outside")
    # The name the writer used to take (``.NAME.PID.partial``), pointing at the user's file,
    # and at a file that does not exist yet (the old writer made it, outside the folder).
    (cache / f".k.pickle.{os.getpid()}.partial").symlink_to(outside.victim)
    (cache / f".j.pickle.{os.getpid()}.partial").symlink_to(outside.root / "made-outside")
    # The cache file itself, a link to the user's file.
    (cache / "k.pickle").symlink_to(outside.victim)
    assert _remember("k") == (VALUE, 1)
    assert _remember("j") == (VALUE, 1)
    assert outside.unchanged()
    # The links at the final names were replaced by the cache's own files, read back next time.
    assert not (cache / "k.pickle").is_symlink() and not (cache / "j.pickle").is_symlink()
    assert _remember("k") == (VALUE, 0)
    assert outside.unchanged()


def test_every_temporary_name_the_writer_tries_is_created_new_and_never_followed(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """Someone who guesses each name the writer is about to use, and plants a link there
    first: the writer never opens the link, and takes another name."""
    outside = Outside(tmp_path / "outside")
    real_open = os.open
    tried: list[tuple[str, int]] = []

    def planting_open(path, flags, *args, **kwargs):
        path = os.fsdecode(path)
        if os.path.dirname(path) == str(cache) and flags & os.O_CREAT:
            tried.append((path, flags))
            if len(tried) <= 5:  # planted just before the writer opens it
                os.symlink(outside.victim if len(tried) % 2 else outside.root / f"new{len(tried)}", path)
        return real_open(path, flags, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(os, "open", planting_open)
        assert _remember() == (VALUE, 1)
    assert len(tried) == 6, tried  # five planted names refused, the sixth taken
    for path, flags in tried:
        assert flags & os.O_EXCL and flags & os.O_NOFOLLOW, (path, flags)
    assert len({path for path, _flags in tried}) == 6  # a new name each time
    assert all(os.path.basename(path) != f".k.pickle.{os.getpid()}.partial" for path, _ in tried)
    assert outside.unchanged()
    assert _remember() == (VALUE, 0)


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702, 0o720], ids=oct)
def test_a_folder_others_may_write_in_is_not_used(cache: Path, mode: int):
    cache.chmod(mode)
    # A pickle in it, even one of this user's own and closed to others, is never read...
    (cache / "k.pickle").write_bytes(pickle.dumps(["planted"]))
    (cache / "k.pickle").chmod(0o600)
    assert _remember("k") == (VALUE, 1)
    assert _remember("k") == (VALUE, 1)  # ...nor kept: made each time
    assert sorted(p.name for p in cache.iterdir()) == ["k.pickle"]
    assert pickle.loads((cache / "k.pickle").read_bytes()) == ["planted"]
    assert cache.stat().st_mode & 0o777 == mode  # and left as it was


def test_a_folder_that_is_a_symbolic_link_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (real / "k.pickle").write_bytes(pickle.dumps(["planted"]))
    (real / "k.pickle").chmod(0o600)
    (tmp_path / "cache").symlink_to(real, target_is_directory=True)
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(tmp_path / "cache"))
    assert _remember("k") == (VALUE, 1)
    assert _remember("other") == (VALUE, 1)
    assert sorted(p.name for p in real.iterdir()) == ["k.pickle"]


def test_a_folder_of_ones_own_readable_by_others_is_tightened_and_used(cache: Path):
    cache.chmod(0o755)
    assert _remember() == (VALUE, 1)
    assert _remember() == (VALUE, 0)
    assert cache.stat().st_mode & 0o777 == 0o700


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a folder away"
)
def test_a_folder_another_user_owns_is_not_used(cache: Path, tmp_path: Path):
    """Root, with a cache folder another user owns: that user could plant links where root
    writes, or pickles where root reads."""
    outside = Outside(tmp_path / "outside")
    outside.victim.chmod(0o600)  # a root-only file
    nobody = 65534
    (cache / f".k.pickle.{os.getpid()}.partial").symlink_to(outside.victim)
    (cache / "planted.pickle").write_bytes(pickle.dumps(["planted"]))
    os.chown(cache / "planted.pickle", 0, 0)
    os.chmod(cache / "planted.pickle", 0o600)
    os.chown(cache, nobody, nobody)
    assert _remember("k") == (VALUE, 1)
    assert _remember("planted") == (VALUE, 1)  # root's own pickle, in the other user's folder
    assert outside.unchanged()
    assert sorted(p.name for p in cache.iterdir()) == [f".k.pickle.{os.getpid()}.partial", "planted.pickle"]


def test_a_folder_not_made_yet_is_made_for_its_owner_and_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    folder = tmp_path / "a" / "b" / "cache"
    monkeypatch.setenv("ASSISTANT_CACHE_DIR", str(folder))
    assert _remember() == (VALUE, 1)
    assert _remember() == (VALUE, 0)
    assert folder.stat().st_mode & 0o777 == 0o700
    assert [p.name for p in folder.iterdir()] == ["k.pickle"]  # no temporary file left behind
    assert (folder / "k.pickle").stat().st_mode & 0o777 == 0o600
