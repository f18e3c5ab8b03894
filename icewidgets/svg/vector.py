"""A picture's SVG drawn as vector shapes on matplotlib axes: what the printables put on paper.

The pictures are the library's own SVG (:func:`~icewidgets.svg.board`), so a printed picture
is the same scene the notebooks and the widget show. Only the few elements and attributes those
pictures use are read — ``rect``, ``circle``, ``path`` (``M``/``L``/``H``/``V``/``Z``, absolute
or relative), ``text`` and groups that ``translate`` and ``scale`` — and anything else is
refused, so a new kind of mark cannot go missing on paper unnoticed. Every shape becomes a
matplotlib patch and every text a text in points, so a PDF holds no image at all and needs no
system library. matplotlib is imported only when a picture is drawn.

>>> import icewidgets as iw
>>> from matplotlib.figure import Figure
>>> axes = Figure(figsize=(4, 4)).add_axes((0, 0, 1, 1), xlim=(0, 100), ylim=(0, 100))
>>> drawn = draw_svg(axes, iw.svg.board(iw.make(iw.available_games()[0]).new_state(seed=1)), 0, 100, 80)
>>> round(drawn.height, 1), round(drawn.smallest_text / drawn.points_per_pixel, 6)  # 12 px: its least text
(46.5, 12.0)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, NamedTuple

MM_PER_INCH = 25.4
POINTS_PER_MM = 72 / MM_PER_INCH
FONT = "DejaVu Sans"
"""The font of printed pictures (matplotlib's own, so it is always there)."""

_TRANSFORM = re.compile(r"\s*(translate|scale)\(([^)]*)\)")
_PATH_TOKEN = re.compile(r"[MmLlHhVvZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ANCHORS = {"start": "left", "middle": "center", "end": "right"}


class Drawn(NamedTuple):
    """What :func:`draw_svg` drew: its ``height`` in the axes' units, the size of its
    ``smallest_text`` in points, and the ``points_per_pixel`` it was drawn at."""

    height: float
    smallest_text: float
    points_per_pixel: float


def draw_svg(axes: Any, svg: str, left: float, top: float, width: float, *, zorder: float = 1.0) -> Drawn:
    """Draw the SVG picture ``svg`` on ``axes`` (whose data units are millimetres, y upwards)
    with its top left corner at (``left``, ``top``) and ``width`` millimetres wide.

    ValueError names an element or a path command the translation does not know.
    """
    root = ET.fromstring(svg)
    view = [float(v) for v in root.get("viewBox", "").split()] or [0, 0, float(root.get("width")),
                                                                   float(root.get("height"))]
    mm = width / view[2]  # millimetres per pixel
    painter = _Painter(axes, left - view[0] * mm, top + view[1] * mm, mm, view[2], view[3], zorder)
    painter.walk(root, (0.0, 0.0, 1.0))
    smallest = min(painter.text_sizes, default=float("inf"))
    return Drawn(view[3] * mm, smallest, mm * POINTS_PER_MM)


_UNSEEN = frozenset({"title", "desc", "metadata"})
"""Elements a picture carries for screen readers and tooltips, with nothing to print."""


class _Painter:
    def __init__(self, axes: Any, x0: float, y0: float, mm: float, width: float, height: float, zorder: float):
        self.axes, self.x0, self.y0, self.mm = axes, x0, y0, mm
        self.width, self.height = width, height
        self.zorder = zorder
        self.text_sizes: list[float] = []

    # Coordinates: a transform is (dx, dy, scale) from an element's units to the picture's pixels.

    def point(self, t: tuple[float, float, float], x: float, y: float) -> tuple[float, float]:
        dx, dy, s = t
        return self.x0 + (dx + s * x) * self.mm, self.y0 - (dy + s * y) * self.mm

    def walk(self, element: ET.Element, t: tuple[float, float, float]) -> None:
        tag = element.tag.rsplit("}", 1)[-1]
        t = _compose(t, element.get("transform", ""))
        if tag in ("svg", "g"):
            for child in element:
                self.walk(child, t)
            return
        if tag in _UNSEEN:
            return
        draw = getattr(self, f"_{tag}", None)
        if draw is None or tag.startswith("_"):
            raise ValueError(f"a printed picture cannot draw <{tag}> yet")
        draw(element, t)
        self.zorder += 0.001  # document order: later elements on top

    # Paint ---------------------------------------------------------------------------------

    def add(self, patch: Any) -> None:
        # add_artist, not add_patch: the axes' limits are the page's and need no update, which
        # would cost more than drawing
        self.axes.add_artist(patch)

    def style(self, element: ET.Element, t: tuple[float, float, float], fill: str = "#000000") -> dict[str, Any]:
        from matplotlib.colors import to_rgba

        fill = element.get("fill", fill)
        stroke = element.get("stroke", "none")
        face = "none" if fill == "none" else to_rgba(fill, float(element.get("fill-opacity", 1)))
        edge = "none" if stroke == "none" else to_rgba(stroke, float(element.get("stroke-opacity", 1)))
        pixels = float(element.get("stroke-width", 1))
        if element.get("vector-effect") != "non-scaling-stroke":
            pixels *= t[2]
        width = pixels * self.mm * POINTS_PER_MM if edge != "none" else 0.0
        style = {"facecolor": face, "edgecolor": edge, "linewidth": width, "zorder": self.zorder,
                 "joinstyle": "miter", "capstyle": "butt"}
        dashes = element.get("stroke-dasharray")
        if dashes and width:
            scale = (1.0 if element.get("vector-effect") == "non-scaling-stroke" else t[2]) * self.mm * POINTS_PER_MM
            # matplotlib scales a dash pattern by the line width; the SVG's is in its own units
            style["linestyle"] = (0, [float(v) * scale / width for v in re.split(r"[\s,]+", dashes.strip())])
        return style

    def _rect(self, element: ET.Element, t: tuple[float, float, float]) -> None:
        from matplotlib.patches import FancyBboxPatch, Rectangle

        def length(name: str, whole: float) -> float:
            value = element.get(name, "0")
            return whole * float(value[:-1]) / 100 if value.endswith("%") else float(value)

        x, y = length("x", self.width), length("y", self.height)
        w, h = length("width", self.width), length("height", self.height)
        if w <= 0 or h <= 0:
            return
        left, top = self.point(t, x, y)
        width, height = w * t[2] * self.mm, h * t[2] * self.mm
        rounded = float(element.get("rx", 0)) * t[2] * self.mm
        style = self.style(element, t)
        if rounded:
            patch = FancyBboxPatch((left, top - height), width, height,
                                   boxstyle=f"round,pad=0,rounding_size={min(rounded, width / 2, height / 2)}", **style)
        else:
            patch = Rectangle((left, top - height), width, height, **style)
        self.add(patch)

    def _circle(self, element: ET.Element, t: tuple[float, float, float]) -> None:
        from matplotlib.patches import Circle

        centre = self.point(t, float(element.get("cx", 0)), float(element.get("cy", 0)))
        self.add(Circle(centre, float(element.get("r")) * t[2] * self.mm, **self.style(element, t)))

    def _path(self, element: ET.Element, t: tuple[float, float, float]) -> None:
        from matplotlib.path import Path
        from matplotlib.patches import PathPatch

        vertices, codes, closed = _path_points(element.get("d", ""))
        if not vertices:
            return
        style = self.style(element, t)
        if not closed:  # an open line encloses nothing to fill
            style["facecolor"] = "none"
        points = [self.point(t, x, y) for x, y in vertices]
        self.add(PathPatch(Path(points, codes), **style))

    def _text(self, element: ET.Element, t: tuple[float, float, float]) -> None:
        from matplotlib import patheffects

        words = "".join(element.itertext())
        if not words.strip():
            return
        x, y = self.point(t, float(element.get("x", 0)), float(element.get("y", 0)))
        points = float(element.get("font-size", 16)) * t[2] * self.mm * POINTS_PER_MM
        self.text_sizes.append(points)
        style: dict[str, Any] = {}
        stroke = element.get("stroke")
        if stroke and stroke != "none":  # a halo: the letters' outline, under the letters drawn next
            halo = float(element.get("stroke-width", 1)) * t[2] * self.mm * POINTS_PER_MM
            style["path_effects"] = [patheffects.withStroke(linewidth=halo, foreground=stroke)]
        self.axes.text(x, y, words, fontsize=points, family=FONT, color=element.get("fill", "#000000"),
                       fontweight="bold" if element.get("font-weight") == "bold" else "normal",
                       ha=_ANCHORS[element.get("text-anchor", "start")], va="baseline", zorder=self.zorder,
                       **style)


def _compose(t: tuple[float, float, float], transform: str) -> tuple[float, float, float]:
    """``t`` followed by an element's ``translate(…) scale(…)``."""
    dx, dy, s = t
    for kind, values in _TRANSFORM.findall(transform):
        numbers = [float(v) for v in re.split(r"[\s,]+", values.strip()) if v]
        if kind == "translate":
            dx, dy = dx + s * numbers[0], dy + s * (numbers[1] if len(numbers) > 1 else 0.0)
        else:
            if len(numbers) > 1 and numbers[1] != numbers[0]:
                raise ValueError(f"a printed picture cannot draw an uneven scale ({transform!r})")
            s *= numbers[0]
    if _TRANSFORM.sub("", transform).strip():
        raise ValueError(f"a printed picture cannot draw the transform {transform!r}")
    return dx, dy, s


def _path_points(d: str) -> tuple[list[tuple[float, float]], list[int], bool]:
    """The vertices and matplotlib path codes of an SVG path of straight lines, and whether
    any part of it is closed."""
    from matplotlib.path import Path

    tokens = _PATH_TOKEN.findall(d)
    vertices: list[tuple[float, float]] = []
    codes: list[int] = []
    x = y = start_x = start_y = 0.0
    command, closed, k = "", False, 0
    while k < len(tokens):
        if tokens[k].isalpha():
            command = tokens[k]
            k += 1
            if command in "Zz":
                vertices.append((start_x, start_y))
                codes.append(Path.CLOSEPOLY)
                x, y, closed = start_x, start_y, True
                continue
        if not command or command in "Zz":
            raise ValueError(f"a printed picture cannot read the path {d!r}")
        relative = command.islower()
        if command in "Hh":
            x = float(tokens[k]) + (x if relative else 0.0)
            k += 1
        elif command in "Vv":
            y = float(tokens[k]) + (y if relative else 0.0)
            k += 1
        else:
            x = float(tokens[k]) + (x if relative else 0.0)
            y = float(tokens[k + 1]) + (y if relative else 0.0)
            k += 2
        moving = command in "Mm"
        vertices.append((x, y))
        codes.append(Path.MOVETO if moving else Path.LINETO)
        if moving:
            start_x, start_y = x, y
            command = "l" if relative else "L"  # numbers after a move continue as lines
    return vertices, codes, closed
