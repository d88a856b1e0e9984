"""Issue 43: every expansion's score row has a colour of its own, told apart from the base
game's rows in colour (CIE76 ΔE of at least 20) and in grayscale (relative luminance at least
0.035 apart), so that a row printed in black and white, or seen by a colour-blind player,
is not mistaken for its neighbour (debt's red beside military's, great projects' purple
beside the guilds').

The distances are worked out here, from the sRGB definitions (IEC 61966-2-1, D65), not by
a library: the rules core reads the swatches, these tests measure them."""

from __future__ import annotations

import pytest

from assistant.rules.catalog import available_editions, available_expansions, catalog_for
from tests.conftest import TOY_EDITION

LEAST_LUMINANCE = 0.035
LEAST_DELTA_E = 20.0

# The toy edition's made-up rows (tests/rules_data/toy) are test data that no table prints:
# its Festival row is a disc of a pink that is only a colour, not one a player reads.
EDITIONS = [e for e in available_editions() if e != TOY_EDITION]


def _rgb(swatch: str) -> tuple[float, float, float]:
    value = swatch.lstrip("#")
    assert len(value) == 6, swatch
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(swatch: str) -> float:
    """WCAG's relative luminance: the grey a colour prints as, 0 (black) to 1 (white)."""
    r, g, b = (_linear(c) for c in _rgb(swatch))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lab(swatch: str) -> tuple[float, float, float]:
    """CIE L*a*b* of an sRGB colour, under D65."""
    r, g, b = (_linear(c) for c in _rgb(swatch))
    # XYZ over the white point's (each matrix row's sum, so that white is exactly L* 100)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(one: str, other: str) -> float:
    """CIE76 ΔE: the straight distance between two colours in L*a*b*."""
    return sum((p - q) ** 2 for p, q in zip(lab(one), lab(other), strict=True)) ** 0.5


def test_the_measures_agree_with_known_values():
    assert luminance("#ffffff") == pytest.approx(1.0) and luminance("#000000") == 0.0
    assert lab("#ffffff") == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    # sRGB red in L*a*b* (D65): 53.24, 80.09, 67.20
    assert lab("#ff0000") == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert delta_e("#000000", "#ffffff") == pytest.approx(100.0, abs=0.01)


def _rows() -> list[tuple[int, str, str, str, dict[str, str]]]:
    """Each expansion row of each edition: (edition, expansion, category, its swatch, the
    base rows' swatches)."""
    found = []
    for edition in EDITIONS:
        rules = catalog_for(edition).rules
        base = {c.value: rules.category_swatch(c) for c in rules.categories}
        assert all(base.values()), f"edition {edition}: a base row without a swatch"
        for expansion in available_expansions(edition):
            added = catalog_for(edition, [expansion]).rules
            for category in added.categories:
                if category.value in base:
                    continue
                swatch = added.category_swatch(category)
                assert swatch is not None, f"edition {edition}, {expansion}: {category.value} has no swatch"
                found.append((edition, expansion, category.value, swatch, base))  # type: ignore[arg-type]
    return found


ROWS = _rows()


def test_every_expansion_row_of_both_editions_is_measured():
    measured = {(edition, category) for edition, _e, category, _s, _b in ROWS}
    for edition in (1, 2):
        assert {
            (edition, c) for c in ("leaders", "cities", "debt", "naval", "islands", "shipyard", "edifice")
        } <= measured
    assert {(1, "babel"), (1, "projects")} <= measured


@pytest.mark.parametrize(
    ("edition", "expansion", "category", "swatch", "base"),
    ROWS,
    ids=[f"{edition}-{expansion}-{category}" for edition, expansion, category, _s, _b in ROWS],
)
def test_an_expansion_row_differs_from_every_base_row_in_colour_and_in_grey(
    edition, expansion, category, swatch, base
):
    for row, other in base.items():
        grey = abs(luminance(swatch) - luminance(other))
        assert grey >= LEAST_LUMINANCE, (
            f"{category} {swatch} and {row} {other} print as nearly the same grey "
            f"(luminance {luminance(swatch):.3f} and {luminance(other):.3f}, {grey:.3f} apart)"
        )
        distance = delta_e(swatch, other)
        assert distance >= LEAST_DELTA_E, (
            f"{category} {swatch} and {row} {other} are nearly the same colour (ΔE {distance:.1f})"
        )
