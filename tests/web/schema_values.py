"""Hypothesis strategies drawn from the JSON Schemas of the API's own OpenAPI document
(``/api/v1/openapi.json``): :meth:`Schemas.valid` draws values a schema accepts,
:meth:`Schemas.invalid` values it refuses, each breaking one of its keywords (a bound, a
length, a type, an enum, a pattern, an item, a property).

The document's schemas hold rules between fields (``if``/``then``, ``allOf``) that no
generator follows far: hypothesis-jsonschema 0.23 fails inside the installed Hypothesis
(docs/decisions.md) and schemathesis 4 gives up on every schema that holds a ``Game``. So
the fuzzers draw a field's value from its own schema here (small: a property of a city, of a
game, of a request, a parameter) and lay it on a body built valid from the catalog; every
value drawn is checked against the document itself (``jsonschema``), so ``valid`` never
strays from it and ``invalid`` never draws what it allows.
"""

from __future__ import annotations

import json
import string
from datetime import date
from typing import Any

import jsonschema
from hypothesis import strategies as st

__all__ = ["Schemas"]

INT_RANGE = 2**31
"""The bounds of an integer whose schema gives none."""
BIG = [2**31, 2**31 - 1, -(2**31) - 1, 2**53 + 1, 2**63, 2**64, -(2**63) - 1, 2**70]
"""Integers past what a database column or a float keeps: each a bound some code forgets."""
OTHERS: list[Any] = [None, True, False, 0, -1, 1.5, 1e308, "", "x", "1", [], [1], {}, {"x": 1}]
"""A value of every JSON type, for a value of the wrong one."""
SHORT_TEXT = st.text(string.ascii_letters + string.digits + " -_'", max_size=12)


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


class Schemas:
    """The schemas of one OpenAPI document, resolved, validated and drawn from."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.components: dict[str, Any] = document["components"]["schemas"]
        self._validators: dict[str, jsonschema.Draft202012Validator] = {}

    # --- reading the document ------------------------------------------------------------------

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        """``schema`` with its ``$ref`` followed (to a component of the document)."""
        while "$ref" in schema:
            schema = self.components[schema["$ref"].rsplit("/", 1)[-1]]
        return schema

    def component(self, name: str) -> dict[str, Any]:
        return self.components[name]

    def operations(self) -> dict[str, tuple[str, str, dict[str, Any]]]:
        """Every operation of the document by its operationId: method, path, operation."""
        return {
            op["operationId"]: (method.upper(), path, op)
            for path, methods in self.document["paths"].items()
            for method, op in methods.items()
        }

    def parameter(self, operation: str, name: str) -> dict[str, Any]:
        """The schema of one parameter of an operation."""
        _method, _path, op = self.operations()[operation]
        return next(p["schema"] for p in op.get("parameters", []) if p["name"] == name)

    def is_valid(self, schema: dict[str, Any], value: Any) -> bool:
        """Whether the document's ``schema`` (its references resolved in the document)
        accepts ``value``."""
        key = _key(schema)
        validator = self._validators.get(key)
        if validator is None:
            root = {**schema, "components": self.document["components"]}
            validator = self._validators[key] = jsonschema.Draft202012Validator(root)
        return bool(validator.is_valid(value))

    # --- values the schema accepts --------------------------------------------------------------

    def valid(self, schema: dict[str, Any]) -> st.SearchStrategy[Any]:
        """Values ``schema`` accepts, over its whole range (checked against it)."""
        return self._valid(schema).filter(lambda v: self.is_valid(schema, v))

    def _valid(self, schema: dict[str, Any]) -> st.SearchStrategy[Any]:
        schema = self.resolve(schema)
        if "const" in schema:
            return st.just(schema["const"])
        if "enum" in schema:
            return st.sampled_from(schema["enum"])
        branches = schema.get("anyOf") or schema.get("oneOf")
        if branches:
            rest = {k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}
            return st.one_of([self._valid({**rest, **self.resolve(b)}) for b in branches])
        kinds = schema.get("type", ["null", "boolean", "integer", "string"])
        if isinstance(kinds, list):
            return st.one_of([self._valid({**schema, "type": kind}) for kind in kinds])
        return self._valid_of_type(schema, kinds)

    def _valid_of_type(self, schema: dict[str, Any], kind: str) -> st.SearchStrategy[Any]:
        if kind == "null":
            return st.none()
        if kind == "boolean":
            return st.booleans()
        if kind in ("integer", "number"):
            low, high = schema.get("minimum", -INT_RANGE), schema.get("maximum", INT_RANGE)
            if kind == "number":
                return st.floats(low, high, allow_nan=False) | st.integers(int(low), int(high))
            return st.integers(low, high)
        if kind == "string":
            return self._valid_string(schema)
        if kind == "array":
            items = self._valid(schema.get("items", {}))
            least = schema.get("minItems", 0)
            most = min(schema.get("maxItems", least + 6), least + 10)
            unique = _key if schema.get("uniqueItems") else None
            return st.lists(items, min_size=least, max_size=most, unique_by=unique)
        return self._valid_object(schema)

    def _valid_string(self, schema: dict[str, Any]) -> st.SearchStrategy[str]:
        if schema.get("format") == "date":
            return st.dates(date(2009, 1, 1), date(2030, 12, 31)).map(date.isoformat)
        least, most = schema.get("minLength", 0), schema.get("maxLength", 40)
        pattern = schema.get("pattern", "")
        if pattern.startswith("^") and pattern.endswith("$"):  # the whole value
            return st.from_regex(pattern, fullmatch=True).filter(lambda s: least <= len(s) <= most)
        return st.text(min_size=least, max_size=most) | SHORT_TEXT.filter(lambda s: least <= len(s) <= most)

    def _valid_object(self, schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
        properties = schema.get("properties", {})
        required = set(schema.get("required", []))
        fixed = st.fixed_dictionaries(
            {k: self._valid(v) for k, v in properties.items() if k in required},
            optional={k: self._valid(v) for k, v in properties.items() if k not in required},
        )
        more = schema.get("additionalProperties")
        if not isinstance(more, dict):
            return fixed
        extra = st.dictionaries(SHORT_TEXT, self._valid(more), max_size=3)
        return st.tuples(extra, fixed).map(lambda pair: {**pair[0], **pair[1]})

    # --- values the schema refuses --------------------------------------------------------------

    def invalid(self, schema: dict[str, Any]) -> st.SearchStrategy[Any]:
        """Values ``schema`` refuses, each breaking one of its keywords (and checked to)."""
        return st.one_of(self._breaking(self.resolve(schema))).filter(lambda v: not self.is_valid(schema, v))

    def values(self, schema: dict[str, Any]) -> st.SearchStrategy[Any]:
        """Values ``schema`` accepts or refuses, about half each."""
        return self.valid(schema) | self.invalid(schema)

    def _breaking(self, schema: dict[str, Any]) -> list[st.SearchStrategy[Any]]:
        """One strategy for each keyword of ``schema`` that a value can break."""
        out: list[st.SearchStrategy[Any]] = [st.sampled_from(OTHERS)]  # the wrong type
        for branch in schema.get("anyOf", []) + schema.get("oneOf", []):
            out += self._breaking(self.resolve(branch))
        kinds = schema.get("type", [])
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "enum" in schema:
            known = schema["enum"]
            out.append(SHORT_TEXT)
            strings = [v for v in known if isinstance(v, str)]
            if strings:  # a near miss: a known value, changed a little
                near = st.sampled_from(strings).flatmap(
                    lambda v: st.sampled_from([v + "x", v.upper(), f" {v} ", v.replace("-", " "), v[:-1]])
                )
                out.append(near)
        if "integer" in kinds or "number" in kinds:
            out += self._breaking_numbers(schema)
        if "string" in kinds:
            out += self._breaking_strings(schema)
        if "array" in kinds:
            out += self._breaking_arrays(schema)
        if "object" in kinds:
            out += self._breaking_objects(schema)
        return out

    def _breaking_numbers(self, schema: dict[str, Any]) -> list[st.SearchStrategy[Any]]:
        edges: list[Any] = list(BIG) + [-x for x in BIG] + [0.5, 2.0, -0.0]
        if "minimum" in schema:
            edges += [schema["minimum"] - 1, schema["minimum"] - 100]
        if "maximum" in schema:
            edges += [schema["maximum"] + 1, schema["maximum"] + 100]
        return [st.sampled_from(edges), st.integers()]

    def _breaking_strings(self, schema: dict[str, Any]) -> list[st.SearchStrategy[Any]]:
        out: list[st.SearchStrategy[Any]] = [st.text(max_size=20)]
        if "maxLength" in schema:
            out.append(st.integers(schema["maxLength"] + 1, schema["maxLength"] + 20).map(lambda n: "a" * n))
        if schema.get("minLength", 0) > 0:
            out.append(st.just(""))
        if "pattern" in schema or schema.get("allOf"):
            out.append(st.sampled_from(["\x00", "a\x1fb", "\x7f", "   ", " ", "\t", "\u0085", "é" * 3]))
        if schema.get("format") == "date":
            out.append(st.sampled_from(["2026-02-30", "2026-13-01", "26-1-1", "1999-12-31T00:00", "today"]))
        return out

    def _breaking_arrays(self, schema: dict[str, Any]) -> list[st.SearchStrategy[Any]]:
        items = schema.get("items", {})
        good = self._valid(items)
        out: list[st.SearchStrategy[Any]] = []
        if "maxItems" in schema:
            most = schema["maxItems"]
            out.append(st.lists(good, min_size=most + 1, max_size=most + 3))
        if schema.get("minItems", 0) > 0:
            out.append(st.lists(good, max_size=schema["minItems"] - 1))
        if schema.get("uniqueItems"):
            out.append(good.map(lambda v: [v, v]))
        if items:  # one item broken among good ones
            bad = st.one_of(self._breaking(self.resolve(items)))
            out.append(
                st.tuples(st.lists(good, max_size=3), bad, st.integers(0, 3)).map(
                    lambda t: [*t[0][: t[2]], t[1], *t[0][t[2] :]]
                )
            )
        return out

    def _breaking_objects(self, schema: dict[str, Any]) -> list[st.SearchStrategy[Any]]:
        properties = schema.get("properties", {})
        good = self._valid_object(schema)
        out: list[st.SearchStrategy[Any]] = []
        if properties:  # one property broken
            name = st.sampled_from(sorted(properties))
            out.append(
                st.tuples(good, name).flatmap(
                    lambda t: st.one_of(self._breaking(self.resolve(properties[t[1]]))).map(
                        lambda bad, t=t: {**t[0], t[1]: bad}
                    )
                )
            )
        if schema.get("additionalProperties") is False or "propertyNames" in schema:
            out.append(st.tuples(good, SHORT_TEXT).map(lambda t: {**t[0], t[1] or "?": 1}))
        for name in schema.get("required", []):
            out.append(good.map(lambda v, name=name: {k: x for k, x in v.items() if k != name}))
        return out
