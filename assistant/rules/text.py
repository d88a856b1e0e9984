"""Translatable text for the rules core, without any framework.

The core never formats a sentence for a player directly: it builds a :class:`Text`,
an English message template (the *msgid*, which the translation catalogues key on)
plus its parameters. ``str(text)`` renders English; the web, PDF and command-line
shells pass their own ``gettext``/``ngettext`` to :meth:`Text.render`.

Templates use ``str.format`` fields: ``N_("{card}: {points} victory points", card=..., points=3)``.
Parameters may themselves be :class:`Text` (rendered with the same translator).
Marker functions ``N_`` and ``Nn_`` are what the message extractor looks for.

Negative numbers are written with a hyphen-minus (``-3``), as the JSON API and the command
line have always given them; a printout asks :meth:`Text.render` for a real minus sign
(``minus=MINUS_SIGN``, ``−3``), which it puts before every negative whole-number parameter
and in every :class:`Signed` one (the core's lists of signed numbers, such as conflict
tokens ``+1 -1 -1``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


MINUS_SIGN = "\u2212"
"""The real minus sign (U+2212), for print."""


class Signed(str):
    """A parameter the core wrote as signed numbers (``+1 -1 -1``, ``I: +1, II: -1``): a plain
    string everywhere, whose hyphen-minus signs become the ``minus`` a rendering asks for.
    Names and other data stay plain strings, never touched."""

    __slots__ = ()


def _identity(msgid: str) -> str:
    return msgid


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


class Text(NamedTuple):
    """A message template and its parameters, rendered late in the reader's language.

    A named tuple, as :class:`~.model.City` is: a sheet makes dozens, and the renderings
    are memoised by value, so its hash and equality run in C. (Its plural's number is
    ``number``: ``count`` is a tuple's method.)"""

    msgid: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    number: int | None = None

    def render(
        self,
        gettext: Gettext = _identity,
        ngettext: Ngettext = _english_plural,
        *,
        minus: str = "-",
        isolate: bool = False,
    ) -> str:
        """Render in the language of the given ``gettext``/``ngettext`` (English by default),
        negative numbers signed with ``minus`` (the hyphen-minus by default; ``MINUS_SIGN`` in
        print). ``isolate`` (print) wraps every inserted name or other data in FSI ... PDI,
        so that a right-to-left name never carries the numbers around it along (UAX #9)."""
        if self.plural is not None and self.number is not None:
            template = ngettext(self.msgid, self.plural, self.number)
        else:
            template = gettext(self.msgid)
        if not self.params:
            return template
        if minus == "-" and not isolate:
            values = {
                key: value.render(gettext, ngettext) if isinstance(value, Text) else value
                for key, value in self.params
            }
        else:
            values = {
                key: _with_minus(value, gettext, ngettext, minus, isolate) for key, value in self.params
            }
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            # A broken translation must never hide the message: fall back to English.
            return (
                self.msgid.format(**values)
                if self.plural is None or self.number == 1
                else (self.plural.format(**values))
            )

    @property
    def param_map(self) -> Mapping[str, object]:
        """The parameters as a mapping (for tests and structured output)."""
        return dict(self.params)

    def __str__(self) -> str:
        return self.render()


FSI, PDI = "\u2068", "\u2069"
"""First strong isolate and pop directional isolate (UAX #9): a name set apart in a line."""


def _with_minus(
    value: object, gettext: Gettext, ngettext: Ngettext, minus: str, isolate: bool = False
) -> object:
    """A parameter with its negative numbers signed with ``minus`` (and, ``isolate``, its
    names and other data set apart between FSI and PDI)."""
    if isinstance(value, Text):
        return value.render(gettext, ngettext, minus=minus, isolate=isolate)
    if isinstance(value, Signed):
        return value.replace("-", minus)
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return f"{minus}{-value}"
    if isolate and isinstance(value, str) and value:
        return f"{FSI}{value}{PDI}"
    return value


def N_(msgid: str, /, **params: object) -> Text:
    """Mark ``msgid`` for translation and bind its parameters."""
    return Text(msgid, tuple(params.items()))


def Nn_(singular: str, plural: str, count: int, /, **params: object) -> Text:
    """Mark a message with a plural form; ``count`` chooses the form and is also ``{n}``."""
    return Text(singular, (("n", count), *params.items()), plural, count)


def verbatim(value: str) -> Text:
    """A name or other data shown as it is, never translated (for joining with Text)."""
    return Text("{value}", (("value", value),))


def squeeze(text: str) -> str:
    """A name or title as it is kept: runs of white space as one space, none at either end."""
    return " ".join(text.split())
