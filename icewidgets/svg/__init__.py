"""Pictures of any state of any game: static SVG boards, laid-out scenes for the widget, piece
tracking from ply to ply, and animated SVGs of whole games.

>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> picture = board(state)
>>> picture.count('data-square="') == len(state.game.grid.names)
True

The drawing knows no game. The board is ``state.game.grid`` with ``state.stack(square)`` on
each square; what a game shows beyond it is the data of its :class:`~icewidgets.view.View`
(``state.game.view``): off-board areas holding pieces, the side panel's lines, dice and pieces,
the marks of the last ply, and the stages of a ply shown in steps. The parts:

- :mod:`.theme`: board themes, piece palettes, the markup of one piece;
- :mod:`.draw`: :func:`scene` lays out one picture, :func:`render` writes it, :func:`board` both;
  ``size=`` (a board width in pixels or a name of :data:`SIZES`) sets how big, and the text
  stays readable at any size (no text under 12 px at 100%);
- :mod:`.tracking`: :class:`Tracker` keeps every piece's ``data-piece`` id through the plies;
- :mod:`.animation`: :func:`frames` and :func:`ply_frames` (the pictures of a game and of one
  ply, which :class:`icewidgets.GameWidget` moves in the browser), :func:`animated_svg`;
- :mod:`.files`: :func:`save_svg`, :func:`save_png`;
- :mod:`.vector`: :func:`~icewidgets.svg.vector.draw_svg`, a picture drawn as matplotlib
  shapes and texts (what the printables put on paper, in vectors).
"""

from .animation import Frame, animated_svg, frames, ply_frames
from .draw import SIZES, Scene, Size, board, render, scene, size_of
from .files import save_png, save_svg
from .theme import PALETTES, THEMES, contrast, palette, piece_markup, theme
from .tracking import Placement, Tracker, event_moves, locations

__all__ = [
    "board",
    "save_svg",
    "save_png",
    "animated_svg",
    "scene",
    "render",
    "Scene",
    "Tracker",
    "Placement",
    "locations",
    "event_moves",
    "Frame",
    "frames",
    "ply_frames",
    "THEMES",
    "PALETTES",
    "theme",
    "palette",
    "piece_markup",
    "contrast",
    "SIZES",
    "Size",
    "size_of",
]
