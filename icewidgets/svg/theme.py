"""Colours of the pictures: board themes, piece palettes, and the drawing of one piece.

Every piece shows its colour, its letter and size (``R3``) and a line pattern of its own per
colour, so a picture never depends on colour alone. The widget draws pieces with the same
markup, so the front end and the static pictures always agree.

>>> theme("dark")["bg"]
'#1c1c1e'
>>> palette("okabe-ito")["R"]
'#d55e00'
>>> piece_markup("R3").startswith("<rect")
True
"""

from __future__ import annotations

import functools

from ..pieces import PAWN, PIECES, is_pawn

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
}
"""Board colours of the two themes: background, squares, text, marks (last move, path,
selection, targets)."""

PALETTES: dict[str, dict[str, str]] = {
    "standard": {"R": "#d62f3a", "Y": "#f3c623", "G": "#2f9a48", "B": "#2f6fd0", "C": "#dde8ee",
                 "K": "#1f1f1f", "L": "#f1e2bd", "D": "#6a4a2f"},
    # Okabe & Ito's palette, distinguishable with the common colour-vision deficiencies.
    "okabe-ito": {"R": "#d55e00", "Y": "#f0e442", "G": "#009e73", "B": "#0072b2", "C": "#e8eef2",
                  "K": "#000000", "L": "#f3e6c4", "D": "#5b3a1e"},
}
"""Piece colours of the two palettes, by colour letter (``okabe-ito`` is colour-blind safe)."""

DARK_FILLS = frozenset("KDBG")
"""Colour letters whose fill is dark enough to need light writing on it."""

# A line pattern per colour, drawn inside every piece: the second cue besides colour.
# "" is a solid line, None no line (those colours differ enough in lightness alone).
_DASHES = {"R": "", "Y": "2 4", "G": "10 5", "B": "10 4 2 4"}


def theme(name: str) -> dict[str, str]:
    """The board colours of theme ``name``; ValueError names the bad name and the choices.

    >>> theme("neon")
    Traceback (most recent call last):
    ...
    ValueError: theme='neon' is not a theme; choose one of 'light', 'dark'
    """
    return _choose(THEMES, "theme", name)


def palette(name: str) -> dict[str, str]:
    """The piece colours of palette ``name``; ValueError names the bad name and the choices."""
    return _choose(PALETTES, "palette", name)


def _choose(table: dict[str, dict[str, str]], kind: str, name: str) -> dict[str, str]:
    try:
        return table[name]
    except (KeyError, TypeError):
        raise ValueError(f"{kind}={name!r} is not a {kind}; choose one of {', '.join(map(repr, table))}") from None


def ink(colour: str) -> str:
    """The colour of writing on a fill of colour letter ``colour``: white on dark fills.

    >>> ink("K"), ink("Y")
    ('#ffffff', '#1b1b1b')
    """
    return "#ffffff" if colour in DARK_FILLS else "#1b1b1b"


@functools.lru_cache(maxsize=None)
def piece_markup(token: str, palette: str = "standard") -> str:
    """The SVG of one piece (a token of :func:`icewidgets.pieces.tokens`) centred on (0, 0) with
    side 100; the caller scales and places it. Cached: every picture reuses the same few pieces.

    >>> piece_markup("@D").startswith("<circle")
    True
    """
    colours = _choose(PALETTES, "palette", palette)
    if is_pawn(token):
        colour = token[len(PAWN):]
        ring = "#f7f0dc" if colour in DARK_FILLS else "#3a2a1a"
        return (f'<circle r="46" fill="{colours[colour]}" stroke="{ring}" stroke-width="12"/>'
                f'<text y="15" text-anchor="middle" font-size="44" font-weight="bold" fill="{ink(colour)}">{colour}</text>')
    piece = PIECES[token]
    writing = ink(piece.colour)
    edge = "#a0a0a0" if piece.colour == "K" else "#2b2b2b"  # black pieces stay visible on the dark theme
    parts = [f'<rect x="-50" y="-50" width="100" height="100" rx="3" fill="{colours[piece.colour]}" stroke="{edge}" '
             f'stroke-width="1.2" vector-effect="non-scaling-stroke"/>']
    if piece.size:  # a pyramid: its four faces meet at the apex
        parts.append('<path d="M-50-50L50 50M50-50L-50 50" stroke="#000" stroke-opacity="0.18" stroke-width="1" '
                     'vector-effect="non-scaling-stroke"/>')
    dash = _DASHES.get(piece.colour)
    if dash is not None:
        pattern = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<rect x="-42" y="-42" width="84" height="84" fill="none" stroke="{writing}" stroke-opacity="0.7" '
                     f'stroke-width="1.5" vector-effect="non-scaling-stroke"{pattern}/>')
    parts.append(f'<text y="13" text-anchor="middle" font-size="36" font-weight="bold" fill="{writing}">{token}</text>')
    return "".join(parts)
