"""The command line's parser (argparse): each command builds only its own sub-parser."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, NoReturn

from .rules.catalog import available_editions
from .rules.during import VIAS


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the terminal's width: left to itself it imports
    ``shutil`` (with ``bz2``, ``lzma`` and ``zlib``) to ask, for every argument added, a
    twentieth of a ``score`` call's start. The width is found as ``shutil`` finds it."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_columns() - 2)


def _columns() -> int:
    """The terminal's columns: ``COLUMNS``, else standard output's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)  # argparse's status for a refused command line (cli.EXIT_BAD_INPUT)


def _prog() -> str:
    """The command as the user typed it: the console script (``wonders-assistant``, or its
    deprecated alias ``assistant``), else ``python -m assistant``."""
    typed = os.path.splitext(os.path.basename(sys.argv[0]))[0] if sys.argv and sys.argv[0] else ""
    return typed if typed in ("wonders-assistant", "assistant") else "python -m assistant"


class _NotBuilt:
    """A command's parser that is not made (see :class:`_OnlyOne`): takes its arguments, keeps nothing."""

    def add_argument(self, *_args: Any, **_kwargs: Any) -> None:
        return None


class _OnlyOne:
    """The commands' parsers, made only for the command being run (``only``; None: every
    one, for the help). Each costs argparse a help formatter and message look-ups for every
    argument: made for all twelve commands, they were a tenth of a ``score`` call's start."""

    def __init__(self, sub: Any, only: str | None) -> None:
        self.sub, self.only, self.made = sub, only, False

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if self.only is not None and name != self.only:
            return _NotBuilt()
        self.made = True
        return self.sub.add_parser(name, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command's, or only ``only``'s (the command being run:
    an unknown name gets every command's, so that the error lists them)."""
    parser = _Parser(
        prog=_prog(),
        description="Scoring and rules-adjudication assistant for 7 Wonders at a real table.",
    )
    sub = _OnlyOne(parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser), only)
    # In this order in the help's list of commands.
    _add_serve(sub)
    _add_catalog(sub)
    _add_deck(sub)
    _add_score(sub)
    _add_can_build(sub)
    _add_free_city(sub)
    _add_military(sub)
    _add_sheet(sub)
    _add_pad(sub)
    _add_db_upgrade(sub)
    _add_backup(sub)
    _add_restore(sub)
    if only is not None and not sub.made:
        return build_parser()
    return parser


def _add_edition(p: Any) -> None:
    """The ``--edition`` option, as every command that takes one spells it."""
    p.add_argument(
        "--edition", type=int, default=1, choices=available_editions(), help="the edition (default 1)"
    )


def _add_expansions(p: Any) -> None:
    """The ``--expansions`` option, as every command that takes one spells it."""
    p.add_argument(
        "--expansions", default="", help="the expansions played, e.g. leaders,cities (default none)"
    )


def _add_serve(sub: _OnlyOne) -> None:
    """``serve``: the web app's address, port, threads and processes."""
    p = sub.add_parser(
        "serve", help="run the web app (waitress)", description="Run the web app with waitress."
    )
    p.add_argument(
        "--host",
        default="0.0.0.0",
        help="address to listen on (default 0.0.0.0: every network of this computer, so phones can reach it;"
        " 127.0.0.1 keeps it to this computer)",
    )
    p.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    p.add_argument("--threads", type=int, default=8, help="worker threads per process (default 8)")
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        help="processes sharing the port (default 1; more for many tables, best with PostgreSQL)",
    )
    p.add_argument("--no-qr", action="store_true", help="do not draw the join QR code in the terminal")


def _add_catalog(sub: _OnlyOne) -> None:
    """``catalog``: which edition and expansions to print."""
    p = sub.add_parser("catalog", help="print every card and wonder as JSON")
    _add_edition(p)
    _add_expansions(p)


def _add_deck(sub: _OnlyOne) -> None:
    """``deck``: the table (players, edition, expansions) whose decks to list."""
    p = sub.add_parser(
        "deck",
        help="what to put in each age's deck for a table, as JSON",
        description="The cards to put in each age's deck for a table (one entry a copy), the cards "
        "drawn at random (the guilds: players + 2) and those dealt apart (the leaders).",
    )
    p.add_argument("--players", type=int, required=True, help="the players at the table: 2 to 7 in the first")
    _add_edition(p)
    _add_expansions(p)


def _add_score(sub: _OnlyOne) -> None:
    """``score``: one game, or one game a line."""
    p = sub.add_parser("score", help="score a game (JSON game format)")
    p.add_argument("game", nargs="?", help="GAME.json, or - for standard input")
    p.add_argument("--jsonl", metavar="FILE", help="score one game per line, one result per line")


def _add_can_build(sub: _OnlyOne) -> None:
    """``can-build``: the city, and the card or stage it would build (and through which power)."""
    p = sub.add_parser("can-build", help="can a city build a card or its next stage, and at what least cost?")
    p.add_argument("game", nargs="?", help="GAME.json, or - for standard input")
    p.add_argument("--city", type=int, help="the city's index in the game (0 is the first)")
    p.add_argument("--card", help="the card's id or English name")
    p.add_argument("--stage", action="store_true", help="the city's next wonder stage")
    p.add_argument(
        "--via",
        choices=VIAS,
        help="build the card through a power: from the discard pile (Halicarnassus) or a free build (Olympia)",
    )
    p.add_argument("--jsonl", metavar="FILE", help="one API body per line, one verdict per line")


def _add_free_city(sub: _OnlyOne) -> None:
    """``free-city``: the game and the hand its holder may give the Free City."""
    p = sub.add_parser("free-city", help="which card the Free City plays, and how (two-player variant)")
    p.add_argument("game", help="GAME.json, or - for standard input")
    p.add_argument("--hand", required=True, help="the cards its holder may give it, e.g. altar,baths")


def _add_military(sub: _OnlyOne) -> None:
    """``military``: one age's shields, with the Cities' diplomacy and teams."""
    p = sub.add_parser("military", help="conflict tokens of one age from the shields")
    p.add_argument("--age", type=int, required=True, help="an age of the edition: 1, 2 or 3")
    p.add_argument("--shields", required=True, help="shields in seating order, e.g. 3,1,4,4")
    p.add_argument(
        "--diplomacy", default="", help="Cities: seats (from 0) of the cities on diplomacy this age, e.g. 2"
    )
    p.add_argument(
        "--teams", default="", help="Cities' team game: each city's team in seating order, e.g. A,A,B,B"
    )
    _add_edition(p)
    _add_expansions(p)


def _add_sheet(sub: _OnlyOne) -> None:
    """``sheet``: the game, the PDF to write, and what to print on it."""
    p = sub.add_parser("sheet", help="the game's score sheet as PDF")
    p.add_argument("game", help="GAME.json, or - for standard input")
    p.add_argument("-o", "--output", required=True, help="FILE.pdf, or - for standard output")
    p.add_argument("--paper", default="a4", help="a4 (default) or letter")
    p.add_argument("--url", help="link back to the game online (printed with a QR code)")
    p.add_argument("--title", help="a title for the sheet")
    p.add_argument("--date", help="the date printed (default today), e.g. 2026-11-30")
    p.add_argument("--lang", default="en", help="the sheet's language: en (default), es, ca, pl, tr or ko")


def _add_pad(sub: _OnlyOne) -> None:
    """``pad``: the edition and players of the pads, the PDF to write, and its layout."""
    p = sub.add_parser("pad", help="blank score pads as PDF")
    _add_edition(p)
    p.add_argument("--players", type=int, required=True, help="the edition's players: 2 to 7 in the first")
    p.add_argument("-o", "--output", required=True, help="FILE.pdf, or - for standard output")
    p.add_argument("--paper", default="a4", help="a4 (default) or letter")
    p.add_argument("--per-page", type=int, default=1, help="pads per page: 1 (default), 2 or 4")
    p.add_argument("--url", help="print a QR code to this address (the app's new-game page, say)")
    p.add_argument("--lang", default="en", help="the pads' language: en (default), es, ca, pl, tr or ko")
    p.add_argument(
        "--order",
        default="pad",
        help="rows as on the edition's own pad (pad, the default) or in its rulebook's counting order (rulebook)",
    )
    _add_expansions(p)


def _add_db_upgrade(sub: _OnlyOne) -> None:
    """``db-upgrade``: takes no arguments."""
    sub.add_parser("db-upgrade", help="apply the database migrations (serve does it too)")


def _add_backup(sub: _OnlyOne) -> None:
    """``backup``: where to write the copy."""
    p = sub.add_parser(
        "backup",
        help="copy the SQLite database while the app runs",
        description="Copy the SQLite database to FILE while the app runs (a consistent snapshot).",
    )
    p.add_argument(
        "file", nargs="?", help="where to write it (default: backups/assistant-DATE.db in the data folder)"
    )


def _add_restore(sub: _OnlyOne) -> None:
    """``restore``: the backup to put in place."""
    p = sub.add_parser(
        "restore",
        help="put a backup in place of the SQLite database (the current one is kept)",
        description="Put the backup FILE in place of the SQLite database; the database as it was "
        "is backed up first, and the schema is brought up to date.",
    )
    p.add_argument("file", help="the backup to restore")
