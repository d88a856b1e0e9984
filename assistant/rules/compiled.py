"""The checked catalogs, kept on disk between processes.

Reading an edition's TOML files and checking every card costs a command-line call more
than everything else it does (``score ONE.json`` spent a sixth of its instructions there,
and importing ``tomllib`` another tenth). A process that finds a catalog already compiled
reads it back with :mod:`pickle` in about a millisecond, without importing the reader.

It is safe because the key says everything the catalog was made from: the assistant's
version, the interpreter, the size and time of every source file of the core (the classes
the catalog is made of) and of every file of the rules data read (every root's TOML
files, with their paths: size, modification and change times, and inode, as Python itself
keys its bytecode by a source's size and time; reading every file's bytes to hash them was
a tenth of a start). Change any of them and the key changes: the old file is never read
again. (The change time cannot be set back by a program that restores a modification
time, and a file saved by renaming a new one over it has a new inode.) A file that cannot be read back (torn, written by another version, not a
pickle) is made again; a folder that cannot be written (read-only) leaves every process to
read the data itself, as before.

The folder is ``ASSISTANT_CACHE_DIR``, else the user's cache folder (``XDG_CACHE_HOME``,
``~/.cache``) under ``wonders-assistant``; it is made readable by its owner only, because
reading a pickle runs what it says: only files this user's processes wrote are read. The
folder is used only while it is a real folder of this user's that nobody else may write in
(checked with ``lstat`` before reading and writing); files are written under a random
temporary name made with ``O_EXCL | O_NOFOLLOW`` and renamed into place.
``ASSISTANT_CACHE_DIR=off`` turns the cache off.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterable
from functools import cache
from stat import S_ISDIR

TYPE_CHECKING = False
if TYPE_CHECKING:
    from os import PathLike
    from typing import BinaryIO, TypeVar

    T = TypeVar("T")

try:  # the digest alone, without OpenSSL's library behind hashlib (a tenth of a start)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter built without it
    from hashlib import blake2b

__all__ = ["cache_folder", "core_key", "fingerprint", "keep", "ours", "remembered"]


CACHE_ENV = "ASSISTANT_CACHE_DIR"


def cache_folder() -> str | None:
    """Where compiled catalogs are kept (None: nowhere, the cache is off). Paths here are
    strings: ``pathlib`` (with ``urllib.parse`` and ``ipaddress``) is a tenth of a start."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return None if explicit.strip().lower() == "off" else os.path.expanduser(explicit)
    home = os.path.expanduser("~")
    if os.name == "nt":  # pragma: no cover - developers' machines only
        base = os.environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(home, ".cache")
    return os.path.join(base, "wonders-assistant")


@cache
def core_key() -> str:
    """A key for the core's own code: the assistant's version, the interpreter, and the size
    and time of every source file of the core (what :mod:`.records` compiles from)."""
    from .. import __version__

    parts = [__version__, sys.version, str(sys.implementation.cache_tag)]
    core = os.path.dirname(__file__)
    for name in sorted(os.listdir(core)):
        if name.endswith(".py"):
            stat = os.stat(os.path.join(core, name))
            parts.append(f"{name}\0{stat.st_size}\0{stat.st_mtime_ns}")
    return blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()


def fingerprint(roots: Iterable[str | PathLike[str]]) -> str:
    """A key for everything a catalog is made from (see the module's docstring)."""
    parts = [core_key()]
    for root in roots:
        parts.append(str(root))
        for folder, dirs, files in os.walk(root):
            dirs.sort()
            where = os.path.relpath(folder, root)  # once a folder, not once a file (relpath is slow)
            for name in sorted(files):
                if name.endswith(".toml"):
                    stat = os.stat(os.path.join(folder, name))
                    parts.append(
                        f"{where}/{name}\0{stat.st_size}\0{stat.st_mtime_ns}\0{stat.st_ctime_ns}\0{stat.st_ino}"
                    )
    return blake2b("\0".join(parts).encode(), digest_size=16).hexdigest()


def remembered(key: str, make: Callable[[], T]) -> T:
    """What ``make()`` returns, read back from the cache folder when a process of this user
    already made it under ``key`` (a :func:`fingerprint` and a name), else made and kept."""
    folder = cache_folder()
    if folder is None or folder in _REFUSED:
        return make()
    try:  # pickle's C reader alone: the module around it imports more than it reads
        from _pickle import load
    except ImportError:  # pragma: no cover - an interpreter without the accelerator
        from pickle import load

    found: T = _read_or_make(os.path.join(folder, f"{key}.pickle"), load, make, _pickled)
    return found


def _pickled(value: object) -> bytes:
    import pickle

    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _read_or_make(
    path: str, read: Callable[[BinaryIO], T], make: Callable[[], T], dump: Callable[[T], bytes]
) -> T:
    """What ``read`` reads from the file at ``path`` when this user wrote it and nobody else
    may change it (reading a pickle runs what it says), in a folder that is this user's own
    and nobody else may write in (:func:`trusted_folder`); else ``make()``, kept there as
    ``dump`` writes it (a torn file, or one another version wrote, is made again)."""
    folder = os.path.dirname(path)
    trusted = trusted_folder(folder)
    if trusted:
        try:
            with open(path, "rb", opener=_no_symlink) as fh:
                if ours(os.fstat(fh.fileno())):
                    return read(fh)
        except Exception:  # none yet; or torn, or written by another interpreter: made again below
            pass
    value = make()
    if trusted is not False:  # ours, or not made yet: :func:`keep` makes it and looks again
        keep(folder, path, dump(value))
    return value


def _no_symlink(path: str, flags: int) -> int:
    """``open``'s opener: never through a symbolic link (only a real file of ours is read)."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0))


def ours(stat: os.stat_result) -> bool:
    """A file this user wrote and nobody else may change (others' pickles are never read)."""
    if os.name != "posix":  # pragma: no cover - the user's own profile folder
        return True
    return stat.st_uid == os.getuid() and not stat.st_mode & 0o022


_REFUSED: set[str] = set()
"""Cache folders this process found not its user's own, or open to others' writes: the cache
is off for them until the process ends (:func:`remembered` makes everything itself)."""


def trusted_folder(folder: str) -> bool | None:
    """Whether the cache ``folder`` is a real folder (not a symbolic link: :func:`os.lstat`)
    that this user owns and nobody else may write in; None when it does not exist yet. A
    folder found untrusted is refused for the rest of the process: another user who may write
    in it could plant a link where the cache writes, or a pickle where it reads."""
    try:
        stat = os.lstat(folder)
    except FileNotFoundError:
        return None
    except OSError:
        stat = None
    if stat is not None and S_ISDIR(stat.st_mode) and ours(stat):
        return True
    _REFUSED.add(folder)
    return False


def keep(folder: str, path: str, data: bytes) -> None:
    """Write ``data`` at ``path`` in the cache ``folder``, whole or not at all, readable and
    writable by its owner only; a folder that cannot be written is left alone, and one that is
    not this user's own, or that others may write in, is refused (:func:`trusted_folder`).

    The data goes to a temporary file of a random name, created by this call alone
    (``O_CREAT | O_EXCL | O_NOFOLLOW``: :func:`tempfile.mkstemp`), then renamed over ``path``
    (a rename replaces a link planted there, never the file it points to)."""
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return
    if not trusted_folder(folder):
        return
    import tempfile  # only when a catalog is made: a start that reads one never imports it

    partial = None
    try:
        if os.lstat(folder).st_mode & 0o077:  # ours, readable by others: for its owner only
            os.chmod(folder, 0o700)
        fd, partial = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".partial", dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(partial, path)
    except OSError:
        if partial is not None:
            with contextlib.suppress(OSError):
                os.unlink(partial)
