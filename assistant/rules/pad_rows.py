"""A row the score pad writes against the row the assistant computes: the one warning every
computed row gives when the pad says otherwise (the cards, tokens counted by hand, Armada's
naval strengths), the computed number counting. Light on purpose: the game format's reader
knows the rules of its fields (:mod:`.naval`), which use it."""

from __future__ import annotations

from .edition import TokenField
from .model import Category, Problem, ProblemCode
from .text import N_, Text

__all__ = ["typed_differs"]


def typed_differs(
    seat: int,
    player: str,
    category: Category,
    name: Text,
    written: int,
    computed: int,
    field: TokenField | None = None,
    naval: bool = False,
) -> Problem:
    """The one warning of a row the pad writes otherwise than the assistant computes it, the
    computed number counting: from the city's cards, its tokens (``field``) or the naval
    strengths (``naval``)."""
    if naval:
        message = N_(
            "{player}'s score pad says {written} for the naval conflicts, but the naval strengths give "
            "{computed}; the computed {computed} is counted.",
            player=player, written=written, computed=computed,
        )  # fmt: skip
    elif field is None:
        message = N_(
            "{player}'s score pad says {written} for {category}, but the cards give {computed}; "
            "the computed {computed} is counted.",
            player=player, written=written, category=name, computed=computed,
        )  # fmt: skip
    else:
        message = N_(
            "{player}'s score pad says {written} for {category}, but the {field} given score {computed}; "
            "the computed {computed} is counted.",
            player=player, written=written, category=name, field=Text(field.label), computed=computed,
        )  # fmt: skip
    return Problem(
        "warning",
        ProblemCode.TYPED_DIFFERS,
        message,
        city=seat,
        field=f"cities[{seat}].categories.{category.value}",
    )
