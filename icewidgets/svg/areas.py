"""Board areas: the parts of a board a game marks (a :class:`~icewidgets.view.BoardArea`), drawn
under the pieces and named in the side panel.

Each style has a pattern of its own (diagonal lines, dots, a shade, or the outline alone) and
every area has its border drawn, so an area is told apart by shape and words, not colour alone.
Drawn in the theme's muted ink (or an area's own colour letter); in the widget the ink follows
the notebook's theme (the classes ``iw-area-line`` and ``iw-area-fill``).

>>> from icewidgets.grid import Grid
>>> from icewidgets.view import BoardArea
>>> grid = Grid(3, 3)
>>> markup = draw(grid, lambda name: (30.0 + 60 * (name[0] == "b"), 150.0), 60.0,
...               [BoardArea("the canal", ("a1", "b1"), "dots")], {"muted": "#666666"}, {})
>>> markup.count('<g class="iw-area iw-area-dots" data-area="the canal" data-squares="a1 b1">')
1
"""

from __future__ import annotations

import html
from typing import Callable, Mapping, Sequence

from ..grid import Grid
from ..view import BoardArea

Centre = Callable[[str], "tuple[float, float]"]

BORDER = {"hatch": "", "dots": "", "shade": "", "outline": "8 4"}
"""The dashes of each style's border ("" a solid line)."""
SWATCH = 14.0
"""The side of the sample of an area's style in the side panel (at text scale 1)."""


def _number(value: float) -> str:
    r = round(value, 1)
    return str(int(r)) if r == int(r) else str(r)


def _ink(area: BoardArea, colours: Mapping[str, str], pal: Mapping[str, str]) -> tuple[str, str, str]:
    """The area's colour and the classes of its lines and fills (theme-following without a colour)."""
    if area.colour:
        if area.colour not in pal:
            raise ValueError(f"the board area {area.label!r} has colour={area.colour!r}, which is no colour of pieces: "
                             f"choose one of {''.join(pal)}, or declare it with pieces.declare_colours")
        return pal[area.colour], "", ""
    return colours["muted"], ' class="iw-area-line"', ' class="iw-area-fill"'


def _pattern(style: str, x: float, y: float, side: float, ink: str, line: str, fill: str) -> str:
    """The pattern of ``style`` in the square with top-left corner (x, y); lines of adjacent squares meet."""
    if style == "hatch":
        step = side / 4
        segments = []
        for k in range(1, 8):
            d = k * step
            if d <= side:
                segments.append(f"M{_number(x)} {_number(y + d)}L{_number(x + d)} {_number(y)}")
            else:
                segments.append(f"M{_number(x + d - side)} {_number(y + side)}L{_number(x + side)} {_number(y + d - side)}")
        return (f'<path{line} d="{"".join(segments)}" stroke="{ink}" stroke-opacity="0.6" stroke-width="1.5" '
                f'fill="none"/>')
    if style == "dots":
        radius = max(1.5, side * 0.05)
        return "".join(f'<circle{fill} cx="{_number(x + fx * side)}" cy="{_number(y + fy * side)}" '
                       f'r="{_number(radius)}" fill="{ink}" fill-opacity="0.7"/>'
                       for fx in (0.25, 0.75) for fy in (0.25, 0.75))
    if style == "shade":
        return (f'<rect{fill} x="{_number(x)}" y="{_number(y)}" width="{_number(side)}" height="{_number(side)}" '
                f'fill="{ink}" fill-opacity="0.22"/>')
    return ""


def draw(grid: Grid, centre: Centre, cell: float, areas: Sequence[BoardArea], colours: Mapping[str, str],
         pal: Mapping[str, str]) -> str:
    """The SVG of ``areas`` on a board whose square ``name`` is centred at ``centre(name)``, with
    squares of side ``cell``: per area a group (``data-area`` its label, ``data-squares`` its
    squares) with a ``<title>``, its pattern and its border."""
    parts = []
    for area in areas:
        inside = set(area.squares)
        for name in area.squares:
            grid.index(name)  # a square not on the board fails here, naming it
        ink, line, fill = _ink(area, colours, pal)
        label = html.escape(area.label, quote=True)
        parts.append(f'<g class="iw-area iw-area-{area.style}" data-area="{label}" data-squares="{" ".join(area.squares)}">'
                     f'<title>{label}: {", ".join(area.squares)}</title>')
        border = []
        for name in area.squares:
            cx, cy = centre(name)
            x, y = cx - cell / 2, cy - cell / 2
            parts.append(_pattern(area.style, x, y, cell, ink, line, fill))
            index = grid.index(name)
            # A border wherever the neighbour across a side is not in the area (or off the board).
            for direction, (x1, y1, x2, y2) in (("N", (x, y, x + cell, y)), ("S", (x, y + cell, x + cell, y + cell)),
                                                ("W", (x, y, x, y + cell)), ("E", (x + cell, y, x + cell, y + cell))):
                neighbour = grid.step(index, direction)
                if neighbour is None or grid.name(neighbour) not in inside:
                    border.append(f"M{_number(x1)} {_number(y1)}L{_number(x2)} {_number(y2)}")
        dash = f' stroke-dasharray="{BORDER[area.style]}"' if BORDER[area.style] else ""
        parts.append(f'<path{line} d="{"".join(border)}" stroke="{ink}" stroke-width="3" fill="none" '
                     f'stroke-linecap="square"{dash}/></g>')
    return "".join(parts)


def legend(areas: Sequence[BoardArea], x: float, y: float, colours: Mapping[str, str], pal: Mapping[str, str],
           scale: float, font: float) -> tuple[str, float, float]:
    """The side panel's key to ``areas``: a sample of each style and the label, one line each
    (an area drawn twice, such as a zone per player with one label, once). Returns its SVG, its
    height and its width."""
    parts, seen = [], set()
    top, width = y, 0.0
    side = SWATCH * scale
    for area in areas:
        key = (area.label, area.style, area.colour)
        if key in seen:
            continue
        seen.add(key)
        ink, line, fill = _ink(area, colours, pal)
        sx, sy = x, top + 2 * scale
        parts.append(f'<g class="iw-area-key" data-area="{html.escape(area.label, quote=True)}">'
                     f'<rect class="iw-bg" x="{_number(sx)}" y="{_number(sy)}" width="{_number(side)}" '
                     f'height="{_number(side)}" fill="{colours.get("bg", "#ffffff")}"/>')
        parts.append(_pattern(area.style, sx, sy, side, ink, line, fill))
        dash = f' stroke-dasharray="{_number(4 * scale)} {_number(2 * scale)}"' if BORDER[area.style] else ""
        parts.append(f'<rect{line} x="{_number(sx)}" y="{_number(sy)}" width="{_number(side)}" height="{_number(side)}" '
                     f'fill="none" stroke="{ink}" stroke-width="2"{dash}/>')
        text_x = sx + side + 6 * scale
        parts.append(f'<text class="iw-fg" x="{_number(text_x)}" y="{_number(top + font)}" font-size="{_number(font)}" '
                     f'fill="{colours["text"]}">{html.escape(area.label)}</text></g>')
        top += max(side + 4 * scale, font + 5 * scale)
        width = max(width, text_x - x + len(area.label) * font * 0.58)
    return "".join(parts), top - y, width
