"""Colours of the pictures: board themes, piece palettes, and the drawing of one piece.

Every piece shows its colour, its letter and size (``R3``) and a line pattern of its own per
colour, so a picture never depends on colour alone. Colours a game declares
(:func:`icewidgets.pieces.declare_colours`) bring their own fill and pattern. The widget draws pieces with the same
markup, so the front end and the static pictures always agree.

>>> theme("dark")["bg"]
'#1c1c1e'
>>> palette("okabe-ito")["R"]
'#d55e00'
>>> round(contrast(theme("light")["text"], theme("light")["bg"]), 1)
15.9
>>> piece_markup("R3").startswith("<rect")
True
"""

from __future__ import annotations

import functools
import math

from ..pieces import DECLARED, PAWN, PIECES, is_pawn

THEMES: dict[str, dict[str, str]] = {
    "light": {
        "bg": "#ffffff", "sq0": "#efe5cf", "sq1": "#e0d1ae", "line": "#8c7a55", "text": "#222222",
        "muted": "#666666", "last": "#ffc400", "path": "#ff5a1f", "sel": "#0b57d0", "tgt": "#0b57d0",
        "edge": "#3b3b3b",
    },
    "dark": {
        "bg": "#1c1c1e", "sq0": "#3c3a36", "sq1": "#33312d", "line": "#77705f", "text": "#f2f2f2",
        "muted": "#b0b0b0", "last": "#ffd54a", "path": "#ff7a45", "sel": "#8ab4f8", "tgt": "#8ab4f8",
        "edge": "#0e0e0e",
    },
    "high-contrast": {
        "bg": "#000000", "sq0": "#000000", "sq1": "#2b2b2b", "line": "#ffffff", "text": "#ffffff",
        "muted": "#ffffff", "last": "#ffff00", "path": "#00ffff", "sel": "#ff40ff", "tgt": "#ff40ff",
        "edge": "#ffffff",
    },
}
"""Board colours of the themes: background, squares, text, marks (last move, path, selection,
targets). Every text colour is at least 4.5:1 against the background (tests check it)."""

PALETTES: dict[str, dict[str, str]] = {
    "standard": {"R": "#d62f3a", "Y": "#f3c623", "G": "#2f9a48", "B": "#2f6fd0", "C": "#dde8ee",
                 "K": "#1f1f1f", "L": "#f1e2bd", "D": "#6a4a2f"},
    # Okabe & Ito's palette, distinguishable with the common colour-vision deficiencies.
    "okabe-ito": {"R": "#d55e00", "Y": "#f0e442", "G": "#009e73", "B": "#0072b2", "C": "#e8eef2",
                  "K": "#000000", "L": "#f3e6c4", "D": "#5b3a1e"},
    # Saturated colours far apart in lightness, for projectors and low vision.
    "high-contrast": {"R": "#e00000", "Y": "#ffee00", "G": "#00b050", "B": "#0040ff", "C": "#ffffff",
                      "K": "#000000", "L": "#ffe7b0", "D": "#4a2500"},
}
"""Piece colours of the palettes, by colour letter (``okabe-ito`` is colour-blind safe,
``high-contrast`` for projectors and low vision)."""

LIGHT_INK, DARK_INK = "#ffffff", "#000000"
"""The two colours of writing on a piece, a die or a swatch: whichever contrasts more."""

# A line pattern per colour, drawn inside every piece: the second cue besides colour.
# "" is a solid line, None no line (those colours differ enough in lightness alone).
_DASHES = {"R": "", "Y": "2 4", "G": "10 5", "B": "10 4 2 4"}


def theme(name: str) -> dict[str, str]:
    """The board colours of theme ``name``; ValueError names the bad name and the choices.

    >>> theme("neon")
    Traceback (most recent call last):
    ...
    ValueError: theme='neon' is not a theme; choose one of 'light', 'dark', 'high-contrast'
    """
    return _choose(THEMES, "theme", name)


def palette(name: str) -> dict[str, str]:
    """The piece colours of palette ``name``, with the colours games declared; ValueError names
    the bad name and the choices."""
    colours = _choose(PALETTES, "palette", name)
    if not DECLARED:
        return colours
    return {**colours, **{letter: colour.fill_in(name) for letter, colour in DECLARED.items()}}


def _choose(table: dict[str, dict[str, str]], kind: str, name: str) -> dict[str, str]:
    try:
        return table[name]
    except (KeyError, TypeError):
        raise ValueError(f"{kind}={name!r} is not a {kind}; choose one of {', '.join(map(repr, table))}") from None


def luminance(colour: str) -> float:
    """The relative luminance of a ``#rrggbb`` colour (WCAG 2), from 0 (black) to 1 (white)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours, from 1 to 21 (text needs 4.5).

    >>> contrast("#000000", "#ffffff")
    21.0
    """
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink(colour: str, palette: str = "standard") -> str:
    """The colour of writing on a fill of colour letter ``colour`` in ``palette``: white or
    black, whichever contrasts more (at least 4.5:1 for any fill).

    >>> ink("K"), ink("Y"), ink("G")
    ('#ffffff', '#000000', '#000000')
    """
    fill = _fill(colour, palette)
    return LIGHT_INK if contrast(fill, LIGHT_INK) >= contrast(fill, DARK_INK) else DARK_INK


def _fill(colour: str, palette_name: str) -> str:
    declared = DECLARED.get(colour)
    return declared.fill_in(palette_name) if declared else _choose(PALETTES, "palette", palette_name)[colour]


def is_dark(colour: str, palette: str = "standard") -> bool:
    """True when colour letter ``colour`` is dark in ``palette`` (light writing goes on it)."""
    return ink(colour, palette) == LIGHT_INK


LABEL_UNITS = {"piece": 36.0, "pawn": 44.0}
"""The natural font size of the letters on a piece and on a pawn, in the piece's own units (a
piece is drawn 100 units wide and scaled to its side)."""
BASELINE = {"piece": 13 / 36, "pawn": 15 / 44}
"""Where a label's baseline sits below the piece's centre, as a fraction of its font size (the
letters then look centred)."""


def label_units(token: str, side: float, least: float) -> float:
    """The font size, in the piece's own units, of the label of ``token`` drawn ``side`` pixels
    wide: its natural size, or larger so that it is at least ``least`` pixels on screen (the
    letters of a small piece stay readable; they may then reach past its edge, on a halo of
    the piece's colour).

    >>> label_units("R3", 49.2, 12), label_units("R1", 27.6, 12)
    (36.0, 43.5)
    """
    natural = LABEL_UNITS["pawn" if is_pawn(token) else "piece"]
    # rounded up to a tenth, so that the letters are never a hair under ``least``
    return natural if side <= 0 else max(natural, math.ceil(round(least * 1000 / side, 6)) / 10)


def _font(units: float) -> str:
    return str(int(units)) if units == int(units) else str(units)


@functools.lru_cache(maxsize=None)
def piece_markup(token: str, palette: str = "standard", label: float | None = None) -> str:
    """The SVG of one piece (a token of :func:`icewidgets.pieces.tokens`) centred on (0, 0) with
    side 100; the caller scales and places it. ``label`` is the font size of its letters in the
    same units (default: their natural size, :data:`LABEL_UNITS`; see :func:`label_units`).
    Cached: every picture reuses the same few pieces.

    >>> piece_markup("@D").startswith("<circle")
    True
    """
    _choose(PALETTES, "palette", palette)  # a bad name fails here, whatever the token
    if is_pawn(token):
        colour = token[len(PAWN):]
        ring = "#f7f0dc" if is_dark(colour, palette) else "#3a2a1a"
        return (f'<circle r="46" fill="{_fill(colour, palette)}" stroke="{ring}" stroke-width="12"/>'
                + _label(colour, _fill(colour, palette), ink(colour, palette), "pawn", label))
    piece = PIECES[token]
    writing = ink(piece.colour, palette)
    edge = "#a0a0a0" if piece.colour == "K" else "#2b2b2b"  # black pieces stay visible on the dark theme
    parts = [f'<rect x="-50" y="-50" width="100" height="100" rx="3" fill="{_fill(piece.colour, palette)}" stroke="{edge}" '
             f'stroke-width="1.2" vector-effect="non-scaling-stroke"/>']
    if piece.size:  # a pyramid: its four faces meet at the apex
        parts.append('<path d="M-50-50L50 50M50-50L-50 50" stroke="#000" stroke-opacity="0.18" stroke-width="1" '
                     'vector-effect="non-scaling-stroke"/>')
    dash = DECLARED[piece.colour].pattern if piece.colour in DECLARED else _DASHES.get(piece.colour)
    if dash is not None:
        pattern = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<rect x="-42" y="-42" width="84" height="84" fill="none" stroke="{writing}" stroke-opacity="0.7" '
                     f'stroke-width="1.5" vector-effect="non-scaling-stroke"{pattern}/>')
    parts.append(_label(token, _fill(piece.colour, palette), writing, "piece", label))
    return "".join(parts)


def _label(text: str, fill: str, writing: str, kind: str, label: float | None) -> str:
    natural = LABEL_UNITS[kind]
    units = natural if label is None else max(label, natural)
    font = (f'y="{_font(round(units * BASELINE[kind]))}" text-anchor="middle" font-size="{_font(units)}" '
            f'font-weight="bold"')
    # A label larger than its natural size may reach past a small piece: a halo of the piece's
    # colour under it (a second text, which every renderer draws) keeps it readable on anything.
    halo = (f'<text class="iw-halo" aria-hidden="true" {font} fill="{fill}" stroke="{fill}" stroke-width="{_font(round(units * 0.16, 1))}" '
            f'stroke-linejoin="round">{text}</text>' if units > natural else "")
    return f'{halo}<text {font} fill="{writing}">{text}</text>'
