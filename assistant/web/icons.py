"""Small inline SVG icons: resources, science symbols, score categories and UI glyphs.

Drawn here (no icon font, no external request) and inlined into pages, so a page needs
no extra download and the icons inherit the text colour unless they carry their own.
"""

from __future__ import annotations

from functools import lru_cache

from markupsafe import Markup, escape

from ..category_shapes import CAT_FILL, SHAPES

# 24x24 view box; each value is the inner SVG markup.
_ICONS: dict[str, str] = {
    # UI
    "wonder": '<path d="M12 2 1.5 21h21z" fill="#c9a227"/><path d="M12 2 8 21h4z" fill="#9c7a12"/>',
    "coin": '<circle cx="12" cy="12" r="10" fill="#e7b923" stroke="#a47c0a" stroke-width="2"/><circle cx="12" cy="12" r="5.5" fill="none" stroke="#a47c0a" stroke-width="1.5"/>',
    "card": '<rect x="5" y="2" width="14" height="20" rx="2" fill="#f6efe0" stroke="#7a6a4f" stroke-width="2"/><rect x="5" y="2" width="14" height="5" rx="2" fill="#2f6fb5"/>',
    "book": '<path d="M3 4h7a2 2 0 0 1 2 2v15a2 2 0 0 0-2-2H3zM21 4h-7a2 2 0 0 0-2 2v15a2 2 0 0 1 2-2h7z" fill="#f6efe0" stroke="#7a6a4f" stroke-width="2" stroke-linejoin="round"/>',
    "print": '<path d="M6 9V3h12v6" fill="none" stroke="currentColor" stroke-width="2"/><rect x="3" y="9" width="18" height="8" rx="2" fill="none" stroke="currentColor" stroke-width="2"/><rect x="7" y="14" width="10" height="7" fill="#fff" stroke="currentColor" stroke-width="2"/>',
    "upload": '<path d="M12 16V4m-5 5 5-5 5 5M4 20h16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>',
    "check": '<path d="m4 12 5 5L20 6" fill="none" stroke="#2e8b3e" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>',
    "cross": '<path d="M5 5l14 14M19 5 5 19" fill="none" stroke="#c0392b" stroke-width="3" stroke-linecap="round"/>',
    "chain": '<path d="M10 14a4 4 0 0 1 0-5.7l3-3a4 4 0 0 1 5.7 5.7l-1.5 1.5M14 10a4 4 0 0 1 0 5.7l-3 3a4 4 0 0 1-5.7-5.7l1.5-1.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
    "lock": '<rect x="4" y="10" width="16" height="11" rx="2" fill="currentColor"/><path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" stroke-width="2"/>',
    "people": '<circle cx="8" cy="8" r="3.5" fill="currentColor"/><circle cx="16" cy="8" r="3.5" fill="currentColor"/><path d="M1.5 20a6.5 6.5 0 0 1 13 0zM9.5 20a6.5 6.5 0 0 1 13 0z" fill="currentColor"/>',
    # resources
    "wood": '<rect x="3" y="7" width="18" height="10" rx="5" fill="#8b5a2b"/><ellipse cx="19" cy="12" rx="2.5" ry="5" fill="#d9a86c"/><circle cx="19" cy="12" r="1.3" fill="#8b5a2b"/>',
    "stone": '<path d="M3 18 6 8l6-4 6 3 3 11z" fill="#9a9a9a" stroke="#5f5f5f" stroke-width="1.5" stroke-linejoin="round"/>',
    "clay": '<rect x="2" y="6" width="9" height="5" fill="#c0643b"/><rect x="13" y="6" width="9" height="5" fill="#c0643b"/><rect x="6" y="13" width="12" height="5" fill="#a34e2a"/>',
    "ore": '<path d="M12 2 20 9l-3 12H7L4 9z" fill="#4a4e5a"/><path d="M12 2 9 9h6z" fill="#8a92a6"/>',
    "glass": '<path d="M7 3h10l-1 15a3 3 0 0 1-3 3h-2a3 3 0 0 1-3-3z" fill="#9ad9ef" stroke="#3b9cc0" stroke-width="1.5"/>',
    "loom": '<path d="M4 4h16v16H4z" fill="#b04fa0"/><path d="M4 8h16M4 12h16M4 16h16M8 4v16M12 4v16M16 4v16" stroke="#e3a5d8" stroke-width="1"/>',
    "papyrus": '<path d="M5 4h12a2 2 0 0 1 2 2v14H7a2 2 0 0 1-2-2z" fill="#e8d39a" stroke="#a68a3c" stroke-width="1.5"/><path d="M8 9h8M8 12h8M8 15h6" stroke="#a68a3c" stroke-width="1.2"/>',
    # science
    "compass": '<path d="M12 3 5 21M12 3l7 18M7.5 15h9" fill="none" stroke="#2f7a3d" stroke-width="2.2" stroke-linecap="round"/><circle cx="12" cy="4" r="2" fill="#2f7a3d"/>',
    "gear": '<path d="M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM10.5 2h3l.5 2.6 2.2.9 2.2-1.5 2.1 2.1-1.5 2.2.9 2.2 2.6.5v3l-2.6.5-.9 2.2 1.5 2.2-2.1 2.1-2.2-1.5-2.2.9-.5 2.6h-3l-.5-2.6-2.2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2.2L2 13.5v-3l2.6-.5.9-2.2L4 5.6l2.1-2.1 2.2 1.5 2.2-.9z" fill="#2f7a3d" fill-rule="evenodd"/>',
    "tablet": '<rect x="5" y="3" width="14" height="18" rx="2" fill="#2f7a3d"/><path d="M8 8h8M8 12h8M8 16h5" stroke="#cfe8d3" stroke-width="1.6"/>',
    "wild": '<circle cx="12" cy="12" r="9.5" fill="none" stroke="#2f7a3d" stroke-width="2"/><text x="12" y="16.5" font-size="13" text-anchor="middle" fill="#2f7a3d" font-family="sans-serif" font-weight="bold">?</text>',
    # categories
    "military": '<path d="M12 2 20 5v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" fill="#c0392b"/><path d="M12 5v14" stroke="#f3c1bb" stroke-width="2"/>',
    "treasury": '<path d="M4 17.5v2c0 1.7 3.6 3 8 3s8-1.3 8-3v-2M4 12.5v2c0 1.7 3.6 3 8 3s8-1.3 8-3v-2M4 7.5v2c0 1.7 3.6 3 8 3s8-1.3 8-3v-2" fill="#d9a520" stroke="#8a6508" stroke-width="1.4"/><ellipse cx="12" cy="7.5" rx="8" ry="3" fill="#f0c94a" stroke="#8a6508" stroke-width="1.4"/>',
    "civilian": '<path d="M3 6h18L12 2zM5 8h14v2H5zM6 11h2v8H6zM11 11h2v8h-2zM16 11h2v8h-2zM4 20h16v2H4z" fill="#2f6fb5"/>',
    "science": '<path d="M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM10.5 2h3l.5 2.6 2.2.9 2.2-1.5 2.1 2.1-1.5 2.2.9 2.2 2.6.5v3l-2.6.5-.9 2.2 1.5 2.2-2.1 2.1-2.2-1.5-2.2.9-.5 2.6h-3l-.5-2.6-2.2-.9-2.2 1.5-2.1-2.1 1.5-2.2-.9-2.2L2 13.5v-3l2.6-.5.9-2.2L4 5.6l2.1-2.1 2.2 1.5 2.2-.9z" fill="#3c9a4a" fill-rule="evenodd"/>',
    "commercial": '<path d="M9 2h6v3l2 2v3l-1 1 2 9H6l2-9-1-1V7l2-2z" fill="#d9a520"/>',
    "guilds": '<path d="M12 2 21 7v10l-9 5-9-5V7z" fill="#7b4aa8"/><path d="M12 7l1.5 3.2 3.5.4-2.6 2.4.7 3.5L12 14.8 8.9 16.5l.7-3.5L7 10.6l3.5-.4z" fill="#e6d6f3"/>',
    # the expansions' categories (assistant/category_shapes.py, which the PDF draws too), in
    # the category's colour: the ``--cat`` of the chip or row they are in
    **SHAPES,
    # a category drawn by no icon of its own (one of an edition or expansion this file does
    # not know, such as the tests' toy edition): a disc in the category's colour
    "category": f'<circle cx="12" cy="12" r="8.5" class="{CAT_FILL}"/>',
    "shield": '<path d="M12 2 20 5v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" fill="#c0392b"/>',
}
_ICONS["wonder-category"] = _ICONS["wonder"]


def sprite() -> Markup:
    """Every icon as an SVG ``<symbol>``, included once per page and used by reference."""
    symbols = "".join(
        f'<symbol id="i-{name}" viewBox="0 0 24 24">{body}</symbol>' for name, body in sorted(_ICONS.items())
    )
    return Markup(f'<svg class="sprite" aria-hidden="true" focusable="false">{symbols}</svg>')


@lru_cache(maxsize=2048)
def icon(
    name: str, label: str | None = None, size: int = 20, cls: str = "icon", tooltip: bool = True
) -> Markup:
    """An icon from the page's sprite; ``label`` names it for screen readers, else it is hidden.

    A named icon also shows its name as a tooltip (an SVG ``<title>``), which Chromium also
    gives screen readers as its description: ``tooltip=False`` leaves it out where the name
    is written beside the icon anyway, so that it is not read twice.

    Memoised: a scoreboard asks for about a hundred icons, from a handful of different ones
    (the label is part of the key, so each language has its own).
    """
    if name not in _ICONS:
        return Markup("")
    if label:
        text = escape(label)
        accessible, title = f' role="img" aria-label="{text}"', f"<title>{text}</title>" if tooltip else ""
    else:
        accessible, title = ' aria-hidden="true"', ""
    return Markup(
        f'<svg class="{escape(cls)}" width="{int(size)}" height="{int(size)}"{accessible}>{title}'
        f'<use href="#i-{name}"/></svg>'
    )


def category_icon(category: str, label: str | None = None, size: int = 20, tooltip: bool = True) -> Markup:
    """A score category's icon: the base game's and the expansions' rows each have their own;
    a category with none (one of an edition or expansion added since) gets a disc in its
    colour, the ``--cat`` of the element it is in (``.cat-<id>``, from the palette)."""
    return icon(category if category in _ICONS else "category", label, size, tooltip=tooltip)


def inline(name: str, size: int = 20) -> Markup:
    """A self-contained icon (for places without the sprite, such as error pages)."""
    body = _ICONS.get(name, "")
    return Markup(
        f'<svg class="icon" width="{size}" height="{size}" viewBox="0 0 24 24" aria-hidden="true">{body}</svg>'
    )


def names() -> list[str]:
    return sorted(_ICONS)


def seating(count: int = 7, names: list[str] | None = None, caption: str = "") -> Markup:
    """The table seen from above: seats numbered clockwise, the way Age I hands pass."""
    import math

    size, cx, cy, r = 260, 130, 130, 100
    parts = [
        f'<svg class="seating" viewBox="0 0 {size} {size}" role="img" aria-label="{Markup.escape(caption)}">',
        f'<circle cx="{cx}" cy="{cy}" r="62" fill="#e9dcc0" stroke="#b49a66" stroke-width="2"/>',
        '<defs><marker id="arrowhead" markerWidth="8" markerHeight="8" refX="4" refY="4" orient="auto">'
        '<path d="M0 0 8 4 0 8z" fill="#8c5a14"/></marker></defs>',
        # a clockwise arc inside the table with an arrow head
        f'<path d="M {cx} {cy - 40} A 40 40 0 1 1 {cx - 38} {cy - 12}" fill="none" stroke="#8c5a14" '
        'stroke-width="4" marker-end="url(#arrowhead)"/>',
    ]
    for k in range(count):
        angle = -math.pi / 2 + 2 * math.pi * k / count
        x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="19" fill="#3b2a17"/>')
        parts.append(f'<text x="{x:.1f}" y="{y + 4.5:.1f}" text-anchor="middle" fill="#fff">{k + 1}</text>')
        if names and k < len(names) and names[k]:
            label = Markup.escape(names[k][:10])
            ly = y + (30 if y > cy else -25)
            parts.append(f'<text x="{x:.1f}" y="{ly:.1f}" text-anchor="middle" fill="#3b2a17">{label}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
