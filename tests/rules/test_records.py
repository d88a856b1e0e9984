"""``@record`` (assistant/rules/records.py) behaves as ``@dataclass(frozen=True, slots=True)``
where the core uses it: the same constructor, equality, hash, repr, copies and pickles."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.rules.records import FrozenRecordError, field, fields, record, replace


@record
class Point:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    note: str = field(default="", compare=False)
    KIND: ClassVar[str] = "point"


@dataclasses.dataclass(frozen=True, slots=True)
class DataPoint:
    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    note: str = dataclasses.field(default="", compare=False)
    KIND: ClassVar[str] = "point"


@record(eq=False)
class Table:
    name: str
    memo: dict[str, int] = field(default_factory=dict)


@record(frozen=False)
class Counter:
    count: int = 0


@record
class Indexed:
    items: tuple[int, ...]
    total: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(self.items))


class Base:
    __slots__ = ()

    def doubled(self) -> int:
        return 2 * self.x  # type: ignore[attr-defined]


@record
class Child(Base):
    x: int


values = st.tuples(
    st.integers(-5, 5),
    st.integers(-5, 5),
    st.lists(st.sampled_from("abc"), max_size=3).map(tuple),
    st.text(max_size=3),
)


@given(a=values, b=values)
def test_a_record_compares_hashes_and_prints_as_the_dataclass(a: Any, b: Any) -> None:
    mine_a, mine_b = Point(*a), Point(*b)
    theirs_a, theirs_b = DataPoint(*a), DataPoint(*b)
    assert (mine_a == mine_b) == (theirs_a == theirs_b)
    assert (mine_a != mine_b) == (theirs_a != theirs_b)
    assert hash(mine_a) == hash(theirs_a)
    assert repr(mine_a) == repr(theirs_a).replace("DataPoint", "Point")
    assert pickle.loads(pickle.dumps(mine_a)) == mine_a
    assert replace(mine_a, y=a[1] + 1) == Point(a[0], a[1] + 1, a[2], a[3])
    assert replace(mine_a, y=a[1] + 1).note == a[3]


def test_a_record_takes_its_fields_by_position_or_name_with_their_defaults() -> None:
    assert Point(1) == Point(x=1, y=0, tags=()) and Point(1, 2).y == 2
    assert Point(1, note="a") == Point(1, note="b")  # not compared
    assert Point(1) != DataPoint(1) and Point(1) != (1, 0)
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Point(1, z=3)  # type: ignore[call-arg]
    assert Point.KIND == "point" and [f.name for f in fields(Point)] == ["x", "y", "tags", "note"]
    assert Point.__slots__ == ("x", "y", "tags", "note") and not hasattr(Point(1), "__dict__")


def test_a_frozen_record_cannot_change_and_a_mutable_one_can() -> None:
    point = Point(1)
    with pytest.raises(FrozenRecordError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y  # type: ignore[misc]
    counter = Counter()
    counter.count += 1
    assert counter == Counter(1) and Counter.__hash__ is None


def test_factories_init_false_post_init_and_identity() -> None:
    one, two = Table("a"), Table("a")
    assert one.memo is not two.memo and one != two and one == one and hash(one) != hash(two)
    indexed = Indexed((1, 2, 3))
    assert indexed.total == 6 and repr(indexed) == "Indexed(items=(1, 2, 3))"
    assert pickle.loads(pickle.dumps(indexed)).total == 6
    with pytest.raises(ValueError):
        replace(indexed, total=1)
    assert replace(indexed, items=(4,)).total == 4
    assert Child(3).doubled() == 6 and Child(3) == Child(3)


def test_a_records_methods_are_its_class_s_own_from_the_start() -> None:
    @record
    class Late:
        a: int
        b: str = "x"

    assert Late.__dict__["__init__"].__qualname__.endswith("Late.__init__")
    assert Late(1) == Late(1, "x") and hash(Late(1)) == hash((1, "x"))


def test_a_record_read_back_before_any_was_made_compiles_on_its_first_comparison() -> None:
    read = pickle.loads(pickle.dumps(Point(1, 2)))
    assert read == Point(1, 2) and read != Point(2, 1) and read.__class__ is Point


def test_a_record_that_writes_its_own_equality_is_refused() -> None:
    with pytest.raises(TypeError, match="__eq__"):

        @record
        class Odd:
            a: int

            def __eq__(self, other: object) -> bool:
                return True


def test_a_plain_subclass_of_a_record_is_made_as_its_base() -> None:
    class Labelled(Point):
        __slots__ = ("label",)

    labelled = Labelled(4)
    assert type(labelled) is Labelled and labelled.x == 4
    with pytest.raises(FrozenRecordError):
        labelled.x = 5
    assert pickle.loads(pickle.dumps(Point(1, 2))) == Point(1, 2)


def test_the_deck_values_the_loader_accepts_are_those_of_the_deck_type() -> None:
    """``Deck`` is a type only mypy reads (the core imports no ``typing`` at run time), so
    its values are listed again in ``DECKS``; this keeps the two the same."""
    import ast
    from pathlib import Path

    from assistant.rules import model

    tree = ast.parse(Path(model.__file__).read_text(encoding="utf-8"))
    deck = next(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["Deck"]
    )
    assert isinstance(deck, ast.Subscript) and isinstance(deck.slice, ast.Tuple)
    assert tuple(ast.literal_eval(e) for e in deck.slice.elts) == model.DECKS


@record
class _Partial:
    kept: int
    later: int = field(init=False)
    items: tuple[int, ...] = ()


def test_a_record_with_a_field_never_set_pickles_with_it_still_unset() -> None:
    full, partial = _Partial(1, (2, 3)), _Partial(4)
    object.__setattr__(full, "later", 5)
    read_full, read_partial = pickle.loads(pickle.dumps([full, partial]))
    assert (read_full.kept, read_full.later, read_full.items) == (1, 5, (2, 3))
    assert (read_partial.kept, read_partial.items) == (4, ()) and not hasattr(read_partial, "later")
    with pytest.raises(FrozenRecordError):
        read_full.kept = 2  # type: ignore[misc]
