"""The expansions' category icons, drawn once for the pages and the printouts.

Each is the inner markup of an SVG icon in a 24x24 box. The pages use it as it is
(:mod:`assistant.web.icons`: painted in the category's colour by the stylesheet's
``.cat-fill`` and ``.cat-line``); the PDFs draw the same shapes white on a disc of that
colour (:mod:`assistant.pdf.drawing`, which reads this markup: ``path`` with absolute
``M L H V C Z``, ``circle``, ``rect`` and ``g``; ``fill="#fff"`` is cut out of the shape).
"""

from __future__ import annotations

CAT_FILL = "cat-fill"
"""A shape filled in its category's colour (a class: a style attribute would break the
pages' Content-Security-Policy, ``style-src 'self'``)."""
CAT_LINE = "cat-line"
"""A line drawn in its category's colour."""

SHAPES: dict[str, str] = {
    "leaders": f'<g class="{CAT_FILL}"><circle cx="12" cy="6.8" r="4.3"/>'
    '<path d="M4.5 19C4.5 14.6 7.8 12.2 12 12.2C16.2 12.2 19.5 14.6 19.5 19z"/>'
    '<rect x="7.5" y="19.8" width="9" height="2.4" rx=".6"/></g>',
    "cities": f'<path class="{CAT_FILL}" fill-rule="evenodd" d="M2 22V12H5V8H8V3H13V9H16V6H19V13H22V22z'
    'M9.5 5.5V7.5H11.5V5.5zM9.5 10V12H11.5V10zM9.5 14.5V16.5H11.5V14.5zM16.5 9V11H18.5V9zM16.5 13V15H18.5V13z"/>',
    "debt": f'<circle cx="12" cy="12" r="10" class="{CAT_FILL}"/>'
    '<rect x="6" y="10.3" width="12" height="3.4" rx=".8" fill="#fff"/>',
    "naval": f'<g fill="none" class="{CAT_LINE}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">'
    '<circle cx="12" cy="4.6" r="2.4"/><path d="M12 7V21.5M7.5 10.5H16.5M4.5 14.5C5 18.6 8.1 21.5 12 21.5'
    f'C15.9 21.5 19 18.6 19.5 14.5"/></g><path class="{CAT_FILL}" d="M4.5 11.3 7.3 15.8H1.7zM19.5 11.3 22.3 15.8H16.7z"/>',
    "islands": f'<g class="{CAT_FILL}"><path d="M4.5 18.2C6 15.2 8.6 13.6 12 13.6C15.4 13.6 18 15.2 19.5 18.2z"/>'
    '<path d="M12 14 13.4 7.4 14.8 7.6 13.9 14z"/>'
    '<path d="M14 7.5C12.4 5 9.2 4.4 6.5 6.4C9.2 6 11.6 6.6 14 7.5z'
    "M14 7.5C15 4.6 18.1 3.3 21 4.6C18.2 4.8 15.9 5.8 14 7.5z"
    "M14 7.5C16.7 7 19.6 8.4 20.6 11.2C18.7 9.5 16.4 8.4 14 7.5z"
    'M14 7.5C11.7 7.9 9.6 9.4 8.8 11.8C10.4 9.9 12.1 8.6 14 7.5z"/></g>'
    f'<path d="M2 21C3.7 19.8 5.3 19.8 7 21C8.7 22.2 10.3 22.2 12 21C13.7 19.8 15.3 19.8 17 21'
    f'C18.7 22.2 20.3 22.2 22 21" fill="none" class="{CAT_LINE}" stroke-width="1.8" stroke-linecap="round"/>',
    "shipyard": f'<g class="{CAT_FILL}"><path d="M3 9.5H21L18.5 15H5.5z"/>'
    '<rect x="6.6" y="3.8" width="1.8" height="6"/><rect x="11.1" y="2.5" width="1.8" height="7.3"/>'
    '<rect x="15.6" y="3.8" width="1.8" height="6"/>'
    '<rect x="7.5" y="15" width="2.2" height="5"/><rect x="14.3" y="15" width="2.2" height="5"/>'
    '<rect x="2" y="19.8" width="20" height="2.4" rx=".5"/></g>',
    "babel": f'<path class="{CAT_FILL}" fill-rule="evenodd" d="M2 22V17H5V12H8V7H10.5V3H13.5V7H16V12H19V17H22V22z'
    'M10.5 22V18.6H13.5V22z"/>',
    "projects": f'<g class="{CAT_FILL}"><path d="M5 4 6.5 1.3 8 4z"/><rect x="2" y="4" width="20" height="2.6"/>'
    '<rect x="5" y="6.6" width="3" height="14"/><rect x="2.5" y="20" width="8" height="2.3" rx=".5"/>'
    '<rect x="2" y="6.6" width="2.4" height="2.6"/><rect x="15.5" y="12.2" width="6" height="4.8"/></g>'
    f'<path d="M18.5 6.6V12.2" class="{CAT_LINE}" stroke-width="1.4"/>',
    "edifice": f'<g class="{CAT_FILL}"><rect x="11.2" y="1.5" width="1.6" height="3.5"/>'
    '<path d="M5.5 11C5.5 7.41 8.41 4.5 12 4.5C15.59 4.5 18.5 7.41 18.5 11z"/>'
    '<rect x="4" y="11" width="16" height="2.2"/><rect x="5" y="13.9" width="2" height="5"/>'
    '<rect x="9" y="13.9" width="2" height="5"/><rect x="13" y="13.9" width="2" height="5"/>'
    '<rect x="17" y="13.9" width="2" height="5"/><rect x="3" y="19.5" width="18" height="2.5" rx=".5"/></g>',
}
"""Each expansion category's icon (its id in the rules data), as SVG markup."""
