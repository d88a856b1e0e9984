"""Records: the core's small value types (a card, a city, a detail, an effect).

``@record`` turns a class of annotated fields into a slotted record, as the standard
library's ``@dataclass(frozen=True, slots=True)`` does, at a fraction of its cost when the
module is imported: the command line imports some seventy of them on every start, and the
standard library's version generates seven methods per class and imports ``inspect`` (with
``ast`` and ``dis``) to write each class's signature into its docstring, which cost about
twice the whole start of ``score ONE.json`` (docs/decisions.md, "Records"). A record's
``__init__``, ``__eq__`` and ``__hash__`` are written out as source for its fields and
compiled with the class, to run as fast as the standard library's; ``__repr__``, pickling
and the frozen guard are shared functions.

What a record does, and the subset of ``dataclasses`` it follows:

* ``__init__`` takes the fields in order, positionally or by name, with their defaults;
  ``field(default_factory=...)`` calls the factory per record, ``field(init=False)`` leaves
  the field to ``__post_init__``, which is called when the class defines it;
* frozen (the default): assigning or deleting an attribute raises :class:`FrozenRecordError`
  (an ``AttributeError``); ``frozen=False`` makes a mutable record (not hashable when it
  compares by value, as a dataclass);
* ``__eq__`` compares records of the same class by their fields with ``compare=True``;
  ``__hash__`` hashes them (frozen records); ``eq=False`` keeps identity for both;
* ``__repr__`` is ``Name(field=value, ...)`` over the fields with ``repr=True``;
* records pickle and unpickle without running ``__init__`` (the compiled catalog,
  :mod:`.compiled`), and :func:`replace` and :func:`fields` work as ``dataclasses``' do.

Not supported (and not used by the core): ordering, keyword-only fields, ``InitVar``.
Fields are the class's own annotations plus those of record base classes; ``ClassVar``
annotations are not fields. ``tests/rules/test_records.py`` holds a record to the dataclass
it stands for.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from itertools import repeat

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform

    T = TypeVar("T")
else:
    # ``typing`` is a tenth of ``score ONE.json``'s start, and the core needs nothing of it
    # at run time (its annotations are strings): mypy reads the branch above, and this
    # decorator does at run time what ``typing``'s does (nothing that matters).
    def dataclass_transform(**_parameters):
        return lambda function: function


__all__ = ["Field", "FrozenRecordError", "field", "fields", "record", "replace"]


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""No default given."""


class FrozenRecordError(AttributeError):
    """An attempt to change a frozen record."""


class Field:
    """One field of a record: its name, default and whether ``__init__``, ``__eq__`` and
    ``__repr__`` use it."""

    __slots__ = ("compare", "default", "default_factory", "init", "name", "repr")

    def __init__(
        self,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        init: bool = True,
        repr: bool = True,
        compare: bool = True,
    ) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("a field takes a default or a default_factory, not both")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare

    def __repr__(self) -> str:
        return (
            f"Field(name={self.name!r}, default={self.default!r}, init={self.init}, compare={self.compare})"
        )


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | Any = MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
) -> Any:
    """A field's settings, given as its default in the class body (as ``dataclasses.field``)."""
    return Field(default, default_factory, init, repr, compare)


def fields(obj: object) -> tuple[Field, ...]:
    """The record's fields, in order (of a record or of its class)."""
    try:
        return obj.__record_fields__  # type: ignore[attr-defined,no-any-return]
    except AttributeError:
        raise TypeError(f"{obj!r} is not a record") from None


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the record with the given fields changed (as ``dataclasses.replace``); of a
    named tuple (the core's hottest values), its ``_replace``."""
    if isinstance(obj, tuple):
        return obj._replace(**changes)  # type: ignore[attr-defined,no-any-return]
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
        elif not f.init and f.name in changes:
            raise ValueError(f"field {f.name} cannot be given to replace(): it is not an __init__ field")
    return obj.__class__(**changes)


def _rebuild(cls: type, names: tuple[str, ...], values: tuple[Any, ...]) -> Any:
    """A record from pickled field values, without running ``__init__``: the fields are set
    in one C loop (``deque.extend`` over a ``map``), the compiled catalog's six hundred
    records a third as fast as with a Python loop."""
    obj: Any = object.__new__(cls)
    _consume(map(_set, repeat(obj), names, values))
    return obj


def _reduce(self: Any) -> tuple[Any, ...]:
    names = self.__record_slots__
    values = tuple(getattr(self, n, MISSING) for n in names)
    for value in values:  # a field left unset (``init=False``, never set) stays unset
        if value is MISSING:
            kept = [(n, v) for n, v in zip(names, values, strict=True) if v is not MISSING]
            names, values = tuple(n for n, _ in kept), tuple(v for _, v in kept)
            break
    return (_rebuild, (self.__class__, names, values))


_set = object.__setattr__
_consume: Callable[[Iterable[object]], None] = deque[object](maxlen=0).extend


def _repr(self: Any) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.__record_fields__ if f.repr)
    return f"{self.__class__.__qualname__}({shown})"


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenRecordError(f"cannot assign to field {name!r} of a {self.__class__.__name__}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenRecordError(f"cannot delete field {name!r} of a {self.__class__.__name__}")


def _is_classvar(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", repr(annotation))
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _source(cls_fields: tuple[Field, ...], frozen: bool, eq: bool, post_init: bool) -> str:
    """The source of the record's ``__init__`` (and ``__eq__``, ``__hash__`` when it compares):
    a frozen record's fields are set with one ``object.__setattr__`` call each."""
    params = ["self"]
    body = []
    for f in cls_fields:
        value = f.name
        if f.init:
            if f.default_factory is not MISSING:
                params.append(f"{f.name}=_HAS_FACTORY")
                value = f"_f_{f.name}() if {f.name} is _HAS_FACTORY else {f.name}"
            elif f.default is not MISSING:
                params.append(f"{f.name}=_d_{f.name}")
            else:
                params.append(f.name)
        elif f.default_factory is not MISSING:
            value = f"_f_{f.name}()"
        elif f.default is not MISSING:
            value = f"_d_{f.name}"
        else:
            continue
        body.append(f"    _set(self, {f.name!r}, {value})" if frozen else f"    self.{f.name} = {value}")
    if post_init:
        body.append("    self.__post_init__()")
    lines = [f"def __init__({', '.join(params)}):", *(body or ["    pass"])]
    if eq:
        compared = [f.name for f in cls_fields if f.compare]
        mine = "".join(f"self.{n}," for n in compared)
        theirs = "".join(f"other.{n}," for n in compared)
        lines += [
            "def __eq__(self, other):",
            "    if other.__class__ is self.__class__:",
            f"        return ({mine}) == ({theirs})",
            "    return NotImplemented",
        ]
        if frozen:
            lines += ["def __hash__(self):", f"    return hash(({mine}))"]
    return "\n".join(lines) + "\n"


@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(cls: type[T] | None = None, /, *, frozen: bool = True, eq: bool = True) -> Any:
    """Make ``cls`` a slotted record of its annotated fields (see the module's docstring)."""

    def make(cls: type[T]) -> type[T]:
        return _make(cls, frozen, eq)

    return make if cls is None else make(cls)


def _compile(cls: type, frozen: bool, eq: bool, post_init: bool) -> None:
    """Compile the record's ``__init__``, ``__eq__`` and ``__hash__`` and put them on the class."""
    scope: dict[str, Any] = {"_set": object.__setattr__, "_HAS_FACTORY": MISSING}
    for f in cls.__record_fields__:  # type: ignore[attr-defined]
        scope[f"_d_{f.name}"] = f.default
        scope[f"_f_{f.name}"] = f.default_factory
    source = _source(cls.__record_fields__, frozen, eq, post_init)  # type: ignore[attr-defined]
    exec(compile(source, f"<record {cls.__qualname__}>", "exec"), scope)  # our own source
    for name in ("__init__", "__eq__", "__hash__"):
        if name in scope:
            method = scope[name]
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)


def _make(cls: type[T], frozen: bool, eq: bool) -> type[T]:
    written = {"__init__", "__eq__", "__hash__"} & {n for n, v in cls.__dict__.items() if v is not None}
    if written:
        raise TypeError(f"record {cls.__qualname__} writes its own {', '.join(sorted(written))}")
    inherited: list[Field] = []
    for base in reversed(cls.__mro__[1:]):
        inherited.extend(getattr(base, "__record_fields__", ()))
    namespace = dict(cls.__dict__)
    own: list[Field] = []
    for name, annotation in namespace.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            continue
        given = namespace.pop(name, MISSING)
        f = given if isinstance(given, Field) else Field(default=given)
        f.name = name
        own.append(f)
    by_name = {f.name: f for f in inherited}
    by_name.update((f.name, f) for f in own)
    cls_fields = tuple(by_name.values())
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    inherited_slots = {n for base in cls.__mro__[1:] for n in getattr(base, "__slots__", ())}
    namespace["__slots__"] = tuple(f.name for f in own if f.name not in inherited_slots)
    if eq and not frozen:
        namespace["__hash__"] = None  # a mutable record that compares by value is not hashable
    post_init = "__post_init__" in namespace or hasattr(cls, "__post_init__")
    namespace["__repr__"] = namespace.get("__repr__", _repr)
    namespace["__reduce__"] = _reduce
    namespace["__record_fields__"] = cls_fields
    namespace["__record_slots__"] = tuple(f.name for f in cls_fields)
    if frozen:
        namespace["__setattr__"] = _frozen_setattr
        namespace["__delattr__"] = _frozen_delattr
    metaclass: Any = type(cls)
    made: type[T] = metaclass(cls.__name__, cls.__bases__, namespace)
    _compile(made, frozen, eq, post_init)
    return made
