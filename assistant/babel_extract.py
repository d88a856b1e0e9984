"""A Babel extractor for the rules data: ruling titles, texts and sources, the names an
edition or an expansion gives its own score categories and wonder sides, the words of its
card colours and the labels of the city fields an expansion declares, are translated
messages.

Registered as the ``rules_toml`` extractor (see pyproject.toml and babel.cfg).
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO


def extract_rulings(
    fileobj: IO[bytes],
    keywords: Mapping[str, object],
    comment_tags: Collection[str],
    options: Mapping[str, object],
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Yield (line, funcname, message, comments) for every ruling title, text and source."""
    raw = fileobj.read()
    data = tomllib.loads(raw.decode("utf-8"))
    lines = raw.decode("utf-8").splitlines()

    def line_of(text: str) -> int:
        needle = text[:40]
        for number, line in enumerate(lines, 1):
            if needle in line:
                return number
        return 0

    for ruling in data.get("ruling", []):
        for key in ("title", "text", "source"):
            value = ruling.get(key)
            if value:
                yield line_of(value), None, value, [f"ruling {ruling.get('id')}: {key}"]
    for table in ("category_names", "side_names"):
        for key, value in (data.get(table) or {}).items():
            if isinstance(value, str) and value:
                yield line_of(value), None, value, [f"{table}.{key}"]
    for color in data.get("color", []):
        for key in ("name", "cards", "kind"):
            value = color.get(key)
            if value:
                yield line_of(value), None, value, [f"color {color.get('id')}: {key}"]
    for field in data.get("city_field", []):
        if field.get("label"):
            yield line_of(field["label"]), None, field["label"], [f"city_field {field.get('key')}: label"]
