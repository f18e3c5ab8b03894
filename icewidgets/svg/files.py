"""Pictures written to files: SVG (a position, or a whole game animated) and PNG.

Both are written whole or not at all (:func:`icewidgets.files.atomic_write`).
"""

from __future__ import annotations

from typing import Any

from .. import checks
from ..files import atomic_write, check_target
from .animation import animated_svg, states_and_moves
from .draw import board


def save_svg(state_or_record: Any, path: Any, **options: Any) -> None:
    """Write an SVG file: a picture of a state, or the final position of a Record.

    ``size`` is the board's width in pixels or a named size (``"projector"``), as for
    :func:`~icewidgets.svg.board`; with ``animated=True`` a Record is written as an animated
    SVG of the whole game (see :func:`~icewidgets.svg.animated_svg`); other keyword arguments
    go to :func:`~icewidgets.svg.board`. ``path`` must end in ``.svg`` (in any case).

    >>> import icewidgets as iw, os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "board.svg")
    >>> iw.save_svg(iw.make(iw.available_games()[0]).new_state(seed=1), path, size=480)
    >>> open(path).read().startswith("<svg")
    True
    """
    check_target(path, "path", (".svg",))
    animated = checks.flag(options.pop("animated", False), "animated")
    drawing = animated_svg if animated else board
    checks.no_unknown(options, f"save_svg({'animated=True' if animated else ''})", ["animated", *_keywords(drawing)])
    if animated:
        text = animated_svg(state_or_record, **options)
    else:
        states, _ = states_and_moves(state_or_record)
        text = board(states[-1], **options)
    with atomic_write(path) as fh:
        fh.write(text)


def save_png(state_or_record: Any, path: Any, *, scale: float = 2.0, **options: Any) -> None:
    """Write a PNG picture of a state or of a Record's final position (needs the optional
    ``cairosvg`` package); ``scale`` multiplies the natural size; ``path`` must end in ``.png``
    (in any case)."""
    check_target(path, "path", (".png",))
    checks.no_unknown(options, "save_png()", ["scale", *_keywords(board)])
    cairosvg = require_cairosvg("PNG export needs", " save_svg works without it.")
    states, _ = states_and_moves(state_or_record)
    png = cairosvg.svg2png(bytestring=board(states[-1], **options).encode(), scale=checks.number(
        scale, "scale", low=0, low_open=True))
    with atomic_write(path, "wb") as fh:
        fh.write(png)


def require_cairosvg(needs: str, hint: str = "") -> Any:
    """The ``cairosvg`` module, or an ImportError that says what ``needs`` it (e.g. "PNG export
    needs") and how to install it; ``hint`` ends the message."""
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: cairosvg without the cairo library
        raise ImportError(
            f"{needs} the optional package cairosvg and the system's cairo library: "
            f"pip install 'icewidgets[png]' (or pip install cairosvg).{hint}"
        ) from None
    return cairosvg


def _keywords(drawing: Any) -> list[str]:
    """The keyword arguments ``drawing`` takes (after the state or record), in order."""
    import inspect

    return [name for name, parameter in inspect.signature(drawing).parameters.items()
            if parameter.kind is inspect.Parameter.KEYWORD_ONLY]
