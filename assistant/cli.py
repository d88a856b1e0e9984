"""``python -m assistant``: serve the app, score games, adjudicate builds, print sheets.

Input that cannot be used gets one clear sentence on standard error naming the field,
and exit status 2; never a traceback.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import cache

from .rules.catalog import available_expansions, catalog_for
from .rules.during import VIAS
from .rules.gameio import GameFormatError, catalog_to_dict, parse_game, sheet_to_dict, verdict_to_dict

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from pathlib import Path
    from typing import Any, NoReturn, TextIO

    from babel.support import NullTranslations
    from flask import Flask

EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A refusal: one sentence for standard error, exit status 2."""


def _fail(message: str) -> NoReturn:
    raise CliError(message)


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:  # no pathlib: a tenth of a score call's start
            return fh.read()
    except FileNotFoundError:
        _fail(f"{path}: no such file.")
    except IsADirectoryError:
        _fail(f"{path}: is a folder, not a game file.")
    except UnicodeDecodeError:
        _fail(f"{path}: not a UTF-8 text file.")
    except OSError as exc:
        _fail(f"{path}: cannot be read ({exc.strerror}).")


def _decode(text: str, where: str) -> Any:
    """One file's JSON, with the standard library (orjson's import would cost more than it saves)."""
    try:
        return json.loads(text, parse_constant=_not_json)
    except json.JSONDecodeError as exc:
        _fail(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}).")
    except (RecursionError, ValueError):
        _fail(f"{where}: not valid JSON (nested too deep, or a number of thousands of digits).")


def _not_json(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _game_error(where: str, exc: GameFormatError) -> str:
    return f"{where}: {exc.field}: {exc.message}"


def _print_json(data: Any, stream: TextIO, compact: bool = False) -> None:
    if compact:
        _written(stream.write, json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    else:
        _written(stream.write, json.dumps(data, ensure_ascii=False, indent=2) + "\n")


_UNWRITTEN = "standard output: cannot be written ({})."


def _written(write: Callable[..., object], *data: Any) -> None:
    """Write the answer; a full disk or a closed terminal gets one sentence, not a traceback
    (a reader that stopped reading raises ``BrokenPipeError``: :func:`main` ends quietly)."""
    try:
        write(*data)
    except BrokenPipeError:
        raise
    except OSError as exc:
        _fail(_UNWRITTEN.format(exc.strerror))


def _lines(path: str) -> Iterator[tuple[int, str]]:
    text = _read_text(path)
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield number, line


# --- commands -----------------------------------------------------------------------------------


def cmd_serve(args: argparse.Namespace) -> int:
    import os

    from . import serving
    from .netaddr import lan_addresses, public_url_for
    from .web import create_app

    if os.environ.get(serving.WORKER_ENV):  # one of --workers N: the supervisor printed the rest
        # The supervisor migrated the database before starting any worker: a worker that
        # skips it starts in about half the time, so that workers killed one after another
        # are replaced before the next dies (tests/test_serve_workers.py).
        app = create_app({"PUBLIC_URL": os.environ.get("ASSISTANT_PUBLIC_URL"), "AUTO_MIGRATE": False})
        sock = serving.inherited_socket(int(os.environ[serving.SOCKET_FD_ENV]))
        serving.serve_one(app, args.host, args.port, args.threads, sock=sock)
        return 0
    if args.workers < 1:
        _fail("--workers: 1 or more.")
    if args.workers > 1 and not serving.supports_workers():
        _fail(
            "--workers: several processes need a POSIX system (Linux, BSD, macOS); run one per port instead."
        )
    addresses = lan_addresses()
    explicit = os.environ.get("ASSISTANT_PUBLIC_URL")
    public = explicit or public_url_for(args.host, args.port, addresses)
    # Join links and QR codes use the address the phones can reach, never the Host header
    # of whoever asked (the host's own browser often asks through 127.0.0.1).
    from .web.config import ConfigError

    try:
        app = create_app({"PUBLIC_URL": public})
    except ConfigError as exc:
        _fail(str(exc))
    out = sys.stdout
    _print_serving(out, args, app, public, addresses, explicit)
    if args.workers > 1:
        return _serve_workers(args, app, public)
    out.flush()
    serving.serve_one(app, args.host, args.port, args.threads)
    return 0


def _print_serving(
    out: TextIO, args: argparse.Namespace, app: Flask, public: str, addresses: list[str], explicit: str | None
) -> None:
    """What the host's terminal shows at start: the address the phones open (with its QR
    code), or why they cannot; the address on this computer; where the data is kept."""
    from .netaddr import is_unreachable_url, public_url_for

    out.write(f"7 Wonders table assistant: serving on {args.host}:{args.port} (Ctrl+C stops)\n")
    if is_unreachable_url(public):
        out.write(
            f"Only this computer can open {public}/ : phones cannot reach it, and QR codes on printed "
            "sheets and pads would lead there too.\n"
            "To let the phones at the table in, start with --host 0.0.0.0 (the default) on a computer "
            "connected to their network, or set ASSISTANT_PUBLIC_URL to the address they use.\n"
        )
    else:
        out.write(f"Phones at the table open: {public}/\n")
        others = [a for a in addresses if public_url_for(args.host, args.port, [a]) != public]
        if args.host in ("0.0.0.0", "::") and others and not explicit:
            out.write(
                "Or, on another network of this computer: "
                + ", ".join(public_url_for(args.host, args.port, [a]) + "/" for a in others)
                + "\n"
            )
        if not args.no_qr:
            out.write(_terminal_qr(public + "/"))
    if args.host in ("0.0.0.0", "::", "127.0.0.1", "localhost"):
        out.write(f"On this computer: http://127.0.0.1:{args.port}/\n")
    out.write(f"Data: {app.config['DATA_DIR']} · database: {app.config['DATABASE_URL'].split('@')[-1]}\n")


def _serve_workers(args: argparse.Namespace, app: Flask, public: str) -> int:
    """``--workers N`` (N > 1): listen here, then supervise N worker processes sharing the socket."""
    from . import serving

    out = sys.stdout
    out.write(f"{args.workers} worker processes, {args.threads} threads each.\n")
    out.flush()
    # This process made the key and migrated the database; the workers find both done.
    app.extensions["db_engine"].dispose()
    try:
        sock = serving.listening_socket(args.host, args.port)
    except OSError as exc:
        _fail(f"--port {args.port}: {exc.strerror or exc}.")
    argv = ["--host", args.host, "--port", str(args.port), "--threads", str(args.threads)]
    env = dict(os.environ, ASSISTANT_PUBLIC_URL=public, ASSISTANT_SECRET_KEY=app.config["SECRET_KEY"])
    return serving.supervise(argv, args.workers, env, sock)


def _terminal_qr(url: str) -> str:
    """A QR code of ``url`` drawn with block characters, for the host's terminal."""
    import io

    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    buffer = io.StringIO()
    code.print_ascii(out=buffer, invert=True)
    return buffer.getvalue()


def _expansions(args: argparse.Namespace) -> tuple[str, ...]:
    """The ``--expansions`` asked for (comma-separated ids of the edition's expansions)."""
    asked = tuple(x for x in (args.expansions or "").replace(" ", "").split(",") if x)
    known = available_expansions(args.edition)
    for expansion in asked:
        if expansion not in known:
            have = f"its expansions are {', '.join(known)}" if known else "it has none yet"
            _fail(f"--expansions: edition {args.edition} has no expansion {expansion!r} ({have}).")
    return asked


def cmd_catalog(args: argparse.Namespace) -> int:
    _print_json(catalog_to_dict(catalog_for(args.edition, _expansions(args))), sys.stdout)
    return 0


def cmd_deck(args: argparse.Namespace) -> int:
    """What to put in each age's deck for a table (docs/command-line.md, "The deck")."""
    from .rules.table_deck import deck_to_dict, table_deck

    try:
        deck = table_deck(catalog_for(args.edition, _expansions(args)), args.players)
    except GameFormatError as exc:
        _fail(f"--players: {exc.message}")
    _print_json(deck_to_dict(deck), sys.stdout)
    return 0


def _jsonl(path: str, handle: Callable[[Any, str], Any]) -> int:
    """One result line per input line, in order; a refused line prints its error in place."""
    from . import jsonio  # orjson: several times faster per line than json, worth its import here

    status = 0
    out = _LineWriter(sys.stdout)
    for number, line in _lines(path):
        where = f"{path}:{number}"
        try:
            data = jsonio.loads(line)
        except jsonio.JSONDecodeError as exc:
            result: Any = {
                "error": f"not valid JSON (column {exc.colno}: {exc.msg})",
                "field": "line",
                "line": number,
            }
            status = EXIT_BAD_INPUT
        else:
            try:
                result = handle(data, where)
            except CliError as exc:
                result = {"error": str(exc).split(": ", 1)[-1], "line": number}
                status = EXIT_BAD_INPUT
            except GameFormatError as exc:
                result = {"error": str(exc.message), "field": exc.field, "line": number}
                status = EXIT_BAD_INPUT
        out.write(result if type(result) is bytes else jsonio.dumps_bytes(result))
    out.close()
    return status


class _LineWriter:
    """Result lines as UTF-8 bytes, written in batches straight to the binary stream."""

    def __init__(self, stream: TextIO, batch: int = 256) -> None:
        stream.flush()
        self._text = stream
        self._binary = getattr(stream, "buffer", None)
        self._lines: list[bytes] = []
        self._batch = batch

    def write(self, line: bytes) -> None:
        self._lines.append(line)
        if len(self._lines) >= self._batch:
            self._flush()

    def _flush(self) -> None:
        if not self._lines:
            return
        data = b"\n".join(self._lines) + b"\n"
        self._lines.clear()
        if self._binary is not None:
            _written(self._binary.write, data)
        else:
            _written(self._text.write, data.decode())

    def close(self) -> None:
        self._flush()
        if self._binary is not None:
            _written(self._binary.flush)


def _score_one(data: Any, where: str) -> dict[str, Any]:
    from .rules.scoring import score_game

    return sheet_to_dict(score_game(parse_game(data)))


def _score_lines() -> Callable[[Any, str], bytes]:
    """What scores one ``--jsonl`` line: the sheet's JSON bytes, written without building its
    dictionaries. (Imported once here: an import statement run for every line costs the import
    system's name lookups each time.)"""
    from .rules.scoring import score_game
    from .sheetjson import sheet_json

    def score_line(data: Any, where: str) -> bytes:
        return sheet_json(score_game(parse_game(data)))

    return score_line


def cmd_score(args: argparse.Namespace) -> int:
    if args.jsonl:
        return _jsonl(args.jsonl, _score_lines())
    if not args.game:
        _fail("give a game file (GAME.json, or - for standard input), or --jsonl FILE.")
    data = _decode(_read_text(args.game), args.game)
    try:
        result = _score_one(data, args.game)
    except GameFormatError as exc:
        _fail(_game_error(args.game, exc))
    _print_json(result, sys.stdout)
    return 0


def _verdict(data: Any, where: str) -> dict[str, Any]:
    can_build = _can_build()
    if not isinstance(data, dict) or "game" not in data:
        raise CliError(
            f'{where}: give the game under "game", the city\'s index under "city", and "card" or "stage".'
        )
    try:
        game = parse_game(data["game"])
    except GameFormatError as exc:
        raise CliError(f"{where}: game.{exc.field}: {exc.message}") from None
    seat = data.get("city")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(game.cities):
        raise CliError(f"{where}: city: the index of a city, 0 to {len(game.cities) - 1}.")
    stage = data.get("stage", False) is True
    card = data.get("card")
    if stage == (card is not None):
        raise CliError(f'{where}: card: ask about one card ("card") or the next stage ("stage": true).')
    via = data.get("via")
    if via is not None and via not in VIAS:
        raise CliError(f'{where}: via: "discard" or "free-build", not {json.dumps(via)[:40]}.')
    if stage:
        if via is not None:
            raise CliError(f"{where}: via: a power builds a card; ask about a card, not a stage.")
        return verdict_to_dict(can_build(game, seat, stage=True))
    cid = catalog_for(game.edition, game.expansions).resolve_card(card) if isinstance(card, str) else None
    if cid is None:
        raise CliError(f"{where}: card: unknown card {json.dumps(card)[:40]}.")
    return verdict_to_dict(can_build(game, seat, cid, via=via))


@cache
def _can_build() -> Callable[..., Any]:
    """The build adjudicator, imported on first use (``score`` never needs it) and then
    kept: an import statement run for every ``--jsonl`` line costs the import system's
    name lookups each time."""
    from .rules.trade import can_build

    return can_build


def cmd_can_build(args: argparse.Namespace) -> int:
    if args.jsonl:
        return _jsonl(args.jsonl, _verdict)
    if not args.game:
        _fail("give a game file (GAME.json) with --city N and --card ID or --stage, or --jsonl FILE.")
    if args.city is None:
        _fail("--city: give the city's index (0 is the first city).")
    if (args.card is None) == (not args.stage):
        _fail("--card: give --card ID or --stage, one of them.")
    data = _decode(_read_text(args.game), args.game)
    body: dict[str, Any] = {"game": data, "city": args.city}
    if args.stage:
        body["stage"] = True
    else:
        body["card"] = args.card
    if args.via:
        body["via"] = args.via
    _print_json(_verdict(body, args.game), sys.stdout)
    return 0


def cmd_free_city(args: argparse.Namespace) -> int:
    from .rules.errors import HandError, QuestionError
    from .rules.freecity import free_city_play
    from .rules.gameio import free_city_to_dict

    hand = [part.strip() for part in (args.hand or "").split(",") if part.strip()]
    if not hand:
        _fail("--hand: the cards its holder may give the Free City, as ids separated by commas.")
    data = _decode(_read_text(args.game), args.game)
    try:
        game = parse_game(data)
    except GameFormatError as exc:
        _fail(_game_error(args.game, exc))
    if not any(c.free_city for c in game.cities):
        _fail(f'{args.game}: this game has no Free City (a city with "free_city": true).')
    catalog = catalog_for(game.edition, game.expansions)
    unknown = [card for card in hand if catalog.resolve_card(card) is None]
    if unknown:
        _fail(f"--hand: unknown card {unknown[0]!r}.")
    try:
        play = free_city_play(game, hand, catalog)
    except HandError as exc:  # a card that cannot have been dealt to the Free City
        _fail(f"--hand: {exc}")
    except QuestionError as exc:  # pragma: no cover - every case is checked above
        _fail(f"--hand: {exc}.")
    _print_json(free_city_to_dict(play), sys.stdout)
    return 0


def _int_list(text: str, what: str) -> list[int]:
    try:
        values = [int(part) for part in text.replace(" ", "").split(",") if part != ""]
    except ValueError:
        _fail(f"{what}: whole numbers separated by commas, such as 3,1,4,4.")
    return values


def cmd_military(args: argparse.Namespace) -> int:
    from .rules.military import conflict_tokens

    rules = catalog_for(args.edition, _expansions(args)).rules
    if not 1 <= args.age <= rules.ages:
        _fail(f"--age: 1 to {rules.ages}.")
    shields = _int_list(args.shields, "--shields")
    cities = rules.players  # the Free City has shields too
    if len(shields) not in cities:
        _fail(f"--shields: give the shields of {cities.start} to {cities.stop - 1} cities, in seating order.")
    if any(s < 0 for s in shields):
        _fail("--shields: shields are 0 or more.")
    away = frozenset(_int_list(args.diplomacy, "--diplomacy")) if args.diplomacy else frozenset()
    if any(not 0 <= s < len(shields) for s in away):
        _fail(f"--diplomacy: seats 0 to {len(shields) - 1} of the cities on diplomacy this age.")
    teams: tuple[str, ...] = ()
    if args.teams:
        from .rules.teams import seated_teams

        found = seated_teams(args.teams.split(","), rules.team_size)
        if found is None or len(found) != len(shields):
            _fail(
                "--teams: the team game (Cities): each city's team in seating order, teams of two "
                "side by side, e.g. A,A,B,B."
            )
        teams = found
    tokens = conflict_tokens(args.age, shields, rules, away=away, teams=teams)
    _print_json({"age": args.age, "tokens": tokens}, sys.stdout, compact=True)
    return 0


def _paper(value: str) -> str:
    lowered = value.lower()
    if lowered not in ("a4", "letter"):
        _fail("--paper: a4 or letter.")
    return lowered


LANGUAGES = ("en", "es", "ca", "pl", "tr", "ko")
"""The languages a printout speaks (the app's; English needs no catalogue)."""


def _language(value: str) -> tuple[str, NullTranslations]:
    """The language code and its translations (babel), or a refusal naming ``--lang``."""
    from babel.support import NullTranslations, Translations

    code = value.strip().lower().replace("_", "-")
    if code not in LANGUAGES:
        _fail(f"--lang: one of {', '.join(LANGUAGES)}, not {value!r}.")
    if code == "en":
        return code, NullTranslations()
    from .pdf.layout import TRANSLATIONS_DIR

    translations = Translations.load(str(TRANSLATIONS_DIR), [code])
    if not isinstance(translations, Translations):
        _fail(f"--lang: the {code} catalogue is not compiled (pybabel compile -d assistant/translations).")
    return code, translations


def _warn_loopback(url: str | None) -> None:
    from .pdf import loopback_link

    if url and loopback_link(url):
        sys.stderr.write(
            f"Warning: the QR code leads to {url}, which only this computer can open; "
            "give --url the address phones use.\n"
        )


def cmd_sheet(args: argparse.Namespace) -> int:
    from datetime import date

    from babel.dates import format_date

    from .pdf import score_sheet_pdf
    from .rules.scoring import score_game

    lang, translations = _language(args.lang)
    paper = _paper(args.paper)
    played_on = None
    if args.date:
        try:
            played_on = date.fromisoformat(args.date)
        except ValueError:
            _fail("--date: a date such as 2026-11-30.")
    data = _decode(_read_text(args.game), args.game)
    try:
        game = parse_game(data)
    except GameFormatError as exc:
        _fail(_game_error(args.game, exc))
    _warn_loopback(args.url)
    pdf = score_sheet_pdf(
        score_game(game),
        paper=paper,
        url=args.url,
        title=args.title,
        played_on=played_on or date.today(),
        gettext=translations.gettext,
        ngettext=translations.ngettext,
        lang=lang,
        format_date=lambda day: format_date(day, "long", locale=lang),
    )
    _write(args.output, pdf)
    return 0


def cmd_pad(args: argparse.Namespace) -> int:
    from .pdf import pad_plan, score_pad_pdf

    expansions = _expansions(args)
    rules = catalog_for(args.edition, expansions).rules
    counts = rules.player_counts  # two players add the Free City where the edition has it
    if args.players not in counts:
        _fail(f"--players: {counts.start} to {counts.stop - 1}.")
    if args.per_page not in (1, 2, 4):
        _fail("--per-page: 1, 2 or 4.")
    if args.order not in ("pad", "rulebook"):
        _fail("--order: pad (the edition's own pad) or rulebook (its counting order).")
    lang, translations = _language(args.lang)
    paper = _paper(args.paper)
    _warn_loopback(args.url)
    plan = pad_plan(
        args.players,
        paper=paper,
        per_page=args.per_page,
        url=args.url,
        order=args.order,
        gettext=translations.gettext,
        ngettext=translations.ngettext,
        edition=args.edition,
        expansions=expansions,
    )  # in the printed language: its longer labels can leave less room for the players
    if plan.per_page != args.per_page:
        sys.stderr.write(
            f"Note: {plan.per_page} pad{'s' if plan.per_page > 1 else ''} a page, not {args.per_page}: "
            f"{args.players} players need columns at least 15 mm wide and rows at least 7 mm high.\n"
        )
    pdf = score_pad_pdf(
        args.players,
        paper=paper,
        per_page=args.per_page,
        url=args.url,
        order=args.order,
        gettext=translations.gettext,
        ngettext=translations.ngettext,
        lang=lang,
        edition=args.edition,
        expansions=expansions,
    )
    _write(args.output, pdf)
    return 0


def _write(path: str, data: bytes) -> None:
    if path == "-":
        _written(sys.stdout.buffer.write, data)
        return
    try:
        with open(path, "wb") as fh:
            fh.write(data)
    except OSError as exc:
        _fail(f"{path}: cannot be written ({exc.strerror}).")


def cmd_db_upgrade(args: argparse.Namespace) -> int:
    from .store.db import make_engine, upgrade
    from .web.config import build_config

    config = build_config()
    upgrade(make_engine(config["DATABASE_URL"]))
    print("The database schema is up to date.")
    return 0


def _sqlite_database(command: str) -> Path:
    """The app's SQLite file (``DATABASE_URL`` or the data folder's), else a clear refusal."""
    from .store.db import sqlite_path
    from .web.config import build_config

    url = build_config()["DATABASE_URL"]
    path = sqlite_path(url)
    if path is None:
        _fail(
            f"{command}: the database is not a SQLite file; back up PostgreSQL with its own tools "
            "(pg_dump --format=custom, restored with pg_restore: docs/deploying.md)."
        )
    return path


def cmd_backup(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .store import backup

    database = _sqlite_database("backup")
    target = Path(args.file) if args.file else backup.default_backup_path(database)
    try:
        games = backup.backup(database, target)
    except backup.BackupError as exc:
        _fail(str(exc))
    print(f"Backed up {games} game{'s' if games != 1 else ''} to {target}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .store import backup
    from .store.db import make_engine, upgrade
    from .web.config import build_config

    database = _sqlite_database("restore")
    try:
        kept = backup.restore(Path(args.file), database)
    except backup.BackupError as exc:
        _fail(str(exc))
    upgrade(make_engine(build_config()["DATABASE_URL"]))
    games = backup.check(database)
    print(f"Restored {games} game{'s' if games != 1 else ''} from {args.file} into {database}")
    if kept is not None:
        print(f"The database as it was is kept in {kept}")
    return 0


QUICK = frozenset({"score", "can-build", "free-city", "military", "catalog", "deck"})
"""The commands that read one game or question and answer once (``--jsonl`` excepted)."""

COMMANDS: dict[str, Callable[[Any], int]] = {
    "serve": cmd_serve,
    "catalog": cmd_catalog,
    "deck": cmd_deck,
    "score": cmd_score,
    "can-build": cmd_can_build,
    "free-city": cmd_free_city,
    "military": cmd_military,
    "sheet": cmd_sheet,
    "pad": cmd_pad,
    "db-upgrade": cmd_db_upgrade,
    "backup": cmd_backup,
    "restore": cmd_restore,
}
"""What each command runs (its arguments are :mod:`.cliparser`'s)."""


def run() -> NoReturn:
    """The command line as a program runs it (``python -m assistant``, ``wonders-assistant``):
    :mod:`assistant.__main__` starts it with the garbage collector off, as the imports and
    the compiled catalog make tens of thousands of objects that live as long as the process
    (collecting them was a seventh of a ``score ONE.json`` call's instructions). A quick
    command keeps it off (it makes a bounded number of objects) and ends without tearing the
    interpreter down (freeing every object was a tenth more): its output is flushed, then the
    process exits (``os._exit``, as mypy does). Any other command (``serve``, ``--jsonl``, the
    PDFs, the database) runs long or holds resources: what was built so far leaves the
    collector's generations (``gc.freeze``), the collector is turned on, and it ends as any
    program does."""
    args = _parse(sys.argv[1:])
    quick = args.command in QUICK and not getattr(args, "jsonl", None)
    if not quick:
        gc.freeze()
        gc.enable()
    status = _execute(args)
    if not quick:
        raise SystemExit(status)
    hard_exit(status)


def hard_exit(status: int) -> NoReturn:
    """End a quick command at once: its output flushed, the process exits without tearing the
    interpreter down (``os._exit``, as mypy's ``hard_exit``). Only for a command that has
    written all it writes to standard output and error: it holds no file open for writing
    (``tests/test_startup.py`` checks that no quick command opens one)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # the reader stopped reading: as main() answers, not an error
            pass
        except OSError as exc:
            sys.stderr.write(_UNWRITTEN.format(exc.strerror) + "\n")
            status = EXIT_BAD_INPUT
    os._exit(status)


def _parse(words: Sequence[str]) -> Any:
    """The command's arguments, read by argparse (which prints the help and exits when asked,
    and when it refuses)."""
    from .cliparser import build_parser

    parser = build_parser(words[0] if words and not words[0].startswith("-") else None)
    args = parser.parse_args(words)
    if args.command is None:
        parser.print_help()
    return args


def main(argv: Sequence[str] | None = None) -> int:
    return _execute(_parse(list(sys.argv[1:] if argv is None else argv)))


def _execute(args: Any) -> int:
    if args.command is None:
        return 0  # no command: the help was printed
    try:
        status: int = COMMANDS[args.command](args)
    except CliError as exc:
        sys.stderr.write(f"{exc}\n")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:
        from .web.config import ConfigError  # only the commands that read the configuration raise it

        if not isinstance(exc, ConfigError):
            raise
        sys.stderr.write(f"{exc}\n")
        return EXIT_BAD_INPUT
    return status


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
