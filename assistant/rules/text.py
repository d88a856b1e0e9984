"""Translatable text for the rules core, without any framework.

The core never formats a sentence for a player directly: it builds a :class:`Text`,
an English message template (the *msgid*, which the translation catalogues key on)
plus its parameters. ``str(text)`` renders English; the web, PDF and command-line
shells pass their own ``gettext``/``ngettext`` to :meth:`Text.render`.

Templates use ``str.format`` fields: ``N_("{card}: {points} victory points", card=..., points=3)``.
Parameters may themselves be :class:`Text` (rendered with the same translator).
Marker functions ``N_`` and ``Nn_`` are what the message extractor looks for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def _identity(msgid: str) -> str:
    return msgid


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, slots=True)
class Text:
    """A message template and its parameters, rendered late in the reader's language."""

    msgid: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    count: int | None = None

    def render(self, gettext: Gettext = _identity, ngettext: Ngettext = _english_plural) -> str:
        """Render in the language of the given ``gettext``/``ngettext`` (English by default)."""
        if self.plural is not None and self.count is not None:
            template = ngettext(self.msgid, self.plural, self.count)
        else:
            template = gettext(self.msgid)
        if not self.params:
            return template
        values = {
            key: value.render(gettext, ngettext) if isinstance(value, Text) else value
            for key, value in self.params
        }
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            # A broken translation must never hide the message: fall back to English.
            return (
                self.msgid.format(**values)
                if self.plural is None or self.count == 1
                else (self.plural.format(**values))
            )

    @property
    def param_map(self) -> Mapping[str, object]:
        """The parameters as a mapping (for tests and structured output)."""
        return dict(self.params)

    def __str__(self) -> str:
        return self.render()


def N_(msgid: str, /, **params: object) -> Text:
    """Mark ``msgid`` for translation and bind its parameters."""
    return Text(msgid, tuple(params.items()))


def Nn_(singular: str, plural: str, count: int, /, **params: object) -> Text:
    """Mark a message with a plural form; ``count`` chooses the form and is also ``{n}``."""
    return Text(singular, (("n", count), *params.items()), plural, count)


def verbatim(value: str) -> Text:
    """A name or other data shown as it is, never translated (for joining with Text)."""
    return Text("{value}", (("value", value),))
