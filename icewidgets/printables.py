"""Printables for a class: a one-page rules sheet per game, and a board at real size with a
score sheet.

Both are PDF files written with matplotlib's PDF backend; the pictures on the rules sheet are
the library's own SVG pictures, turned into images with the optional ``cairosvg`` package
(``pip install 'icewidgets[png]'``). The board needs no picture: squares, coordinates and the
stack texts of the position, to stand real pyramids on.

- :func:`rules_sheet` — the game's rules in plain words (its ``how_to_play`` text, the one the
  notebooks show), its start position and one example, on one page;
- :func:`print_board` — the board with squares of :data:`CELL_MM` millimetres (an Icehouse large
  pyramid has a base of :data:`LARGE_BASE_MM` mm), across as many sheets as the paper needs, then
  a score sheet.

>>> import icewidgets as iw, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> printed = print_board(iw.make(iw.available_games()[0]).new_state(seed=1), os.path.join(folder, "board.pdf"))
>>> printed.pages, printed.cell_mm
(2, 28.0)
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any, NamedTuple, Sequence

from . import checks
from .files import atomic_write, check_target
from .protocol import CHANCE, Game, State
from .teaching import Block

__all__ = ["CELL_MM", "LARGE_BASE_MM", "PAPERS", "PrintedBoard", "print_board", "rules_sheet"]

LARGE_BASE_MM = 25.0
"""The side of the base of an Icehouse large pyramid, in millimetres."""
CELL_MM = 28.0
"""The side of a printed square: a large pyramid's base and a little room to lift it."""
PAPERS = {"A4": (210.0, 297.0), "letter": (215.9, 279.4), "A3": (297.0, 420.0)}
"""Paper sizes (width, height) in millimetres, portrait."""

MARGIN = 12.0
"""The margin around a page, wider than any printer's unprintable edge (mm)."""
MM_PER_INCH = 25.4
POINTS_PER_MM = 72 / MM_PER_INCH
PICTURE_DPI = 220
"""The resolution of the rules sheet's pictures."""
SMALLEST_TEXT = 8.0
"""The rules sheet shrinks its text to fit one page, never below this size (points)."""
INK, MUTED, LINE = "#111111", "#555555", "#999999"
FONT, MONO = "DejaVu Sans", "DejaVu Sans Mono"


class PrintedBoard(NamedTuple):
    """What :func:`print_board` wrote: the ``path``, the number of ``pages`` (board sheets, then
    the score sheet), the side of a square ``cell_mm`` and the ``sheets`` of the board, each the
    files and ranks it shows (``("a", "d", 1, 8)``: files a to d, ranks 1 to 8)."""

    path: Path
    pages: int
    cell_mm: float
    sheets: tuple[tuple[str, str, int, int], ...]


# Pages ----------------------------------------------------------------------------------------


class _Page:
    """One page, drawn in millimetres from the bottom-left corner."""

    def __init__(self, paper: tuple[float, float]):
        from matplotlib.backends.backend_agg import RendererAgg
        from matplotlib.figure import Figure

        self.width, self.height = paper
        self.figure = Figure(figsize=(self.width / MM_PER_INCH, self.height / MM_PER_INCH))
        self.axes = self.figure.add_axes((0, 0, 1, 1))
        self.axes.set_xlim(0, self.width)
        self.axes.set_ylim(0, self.height)
        self.axes.set_axis_off()
        self._measure = RendererAgg(10, 10, 72)  # at 72 dpi a pixel is a point

    def text_width(self, text: str, size: float, weight: str = "normal", family: str = FONT) -> float:
        """The width of ``text`` in millimetres."""
        from matplotlib.font_manager import FontProperties

        prop = FontProperties(family=family, size=size, weight=weight)
        width, _, _ = self._measure.get_text_width_height_descent(text, prop, ismath=False)
        return width / POINTS_PER_MM

    def text(self, x: float, y: float, text: str, size: float, **style: Any) -> None:
        """``text`` with its top left corner at (x, y), unless ``ha``/``va`` say otherwise."""
        style.setdefault("va", "top")
        style.setdefault("color", INK)
        style.setdefault("family", FONT)
        self.axes.text(x, y, text, fontsize=size, **style)

    def rect(self, x: float, y: float, w: float, h: float, **style: Any) -> None:
        from matplotlib.patches import Rectangle

        style.setdefault("fill", False)
        style.setdefault("edgecolor", INK)
        self.axes.add_patch(Rectangle((x, y), w, h, **style))

    def line(self, xs: Sequence[float], ys: Sequence[float], **style: Any) -> None:
        style.setdefault("color", INK)
        self.axes.plot(xs, ys, **style)

    def image(self, pixels: Any, x: float, y: float, w: float, h: float) -> None:
        self.axes.imshow(pixels, extent=(x, x + w, y, y + h), interpolation="antialiased", aspect="auto")
        self.axes.set_xlim(0, self.width)
        self.axes.set_ylim(0, self.height)


def _write(pages: Sequence[_Page], path: Any, title: str) -> Path:
    """The PDF of ``pages``, written whole or not at all (:func:`icewidgets.files.atomic_write`)."""
    from matplotlib.backends.backend_pdf import PdfPages

    with atomic_write(path, "wb") as fh:
        with PdfPages(fh, metadata={"Title": title, "Creator": "icewidgets", "CreationDate": None}) as pdf:
            for page in pages:
                pdf.savefig(page.figure)
    return Path(path)


def _wrap(page: _Page, words: str, width: float, size: float, first_width: float | None = None,
          family: str = FONT) -> list[str]:
    """``words`` broken into lines of at most ``width`` mm (the first line ``first_width``)."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        limit = first_width if first_width is not None and not lines else width
        trial = f"{current} {word}" if current else word
        if current and page.text_width(trial, size, family=family) > limit:
            lines.append(current)
            current = word
        else:
            current = trial
    if current or not lines:
        lines.append(current)
    return lines


def _game(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise TypeError(f"game={game!r} must be a game name or a Game, not {type(game).__name__}")
    from .games import make

    return make(game)


def _picture(state: State, width_mm: float) -> tuple[Any, float]:
    """The picture of ``state`` as pixels for ``width_mm`` millimetres, and its height in mm."""
    import numpy as np
    from matplotlib.image import imread

    from . import svg
    from .svg.files import require_cairosvg

    cairosvg = require_cairosvg("the rules sheet's pictures need")

    pixels = round(width_mm / MM_PER_INCH * PICTURE_DPI)
    png = cairosvg.svg2png(bytestring=svg.board(state).encode(), output_width=pixels)
    image = imread(io.BytesIO(png), format="png")
    height_mm = width_mm * image.shape[0] / image.shape[1]
    return np.asarray(image), height_mm


# The rules sheet --------------------------------------------------------------------------------


def rules_sheet(game: Game | str, path: Any, *, paper: str = "A4") -> Path:
    """Write a one-page PDF of ``game``'s rules (a Game or a registered name) to ``path``:
    the rules in plain words (``game.how_to_play``), the start position and the example the
    game chose, each with a caption. Returns the path.

    The text is set as large as fits (from 11.5 points down to :data:`SMALLEST_TEXT`); a game
    whose rules do not fit even then raises ValueError, so a sheet is always one page.
    """
    check_target(path)
    width, height = _paper(paper)
    game = _game(game)
    rules = game.how_to_play
    if not rules.text:
        raise ValueError(f"{game.title} has no rules text (Game.how_to_play) to print")
    start = game.new_state(seed=rules.example_seed)
    example = start
    for ply in rules.example:
        example = example.play(ply)
    size = 11.5
    while True:
        page = _Page((width, height))
        if _lay_out_rules(page, game, start, example, size):
            break
        size -= 0.5
        if size < SMALLEST_TEXT:
            raise ValueError(f"{game.title}'s rules do not fit on one page at {SMALLEST_TEXT:g} points: shorten them")
    return _write([page], path, f"{game.title}: how to play")


def _lay_out_rules(page: _Page, game: Game, start: State, example: State, size: float) -> bool:
    """Lay the sheet out with body text of ``size`` points; False if it runs off the page."""
    rules = game.how_to_play
    left, right = MARGIN, page.width - MARGIN
    full = right - left
    y = page.height - MARGIN
    page.text(left, y, f"{game.title}: how to play", 20, weight="bold")
    y -= 11
    for line in _wrap(page, rules.summary, full, size + 1):
        page.text(left, y, line, size + 1, style="italic")
        y -= (size + 1) * 1.35 / POINTS_PER_MM
    y -= 3
    gap = 8.0
    picture_width = (full - gap) / 2
    other = game.new_state(seed=rules.example_seed + 1)
    random_setup = any(start.stack(name) != other.stack(name) for name in game.grid.names)
    captions = ["The start" + (" (the setup is random: every game starts differently)" if random_setup else ""),
                rules.example_caption or "An example"]
    bottom = y
    for k, (state, caption) in enumerate(((start, captions[0]), (example, captions[1]))):
        x = left + k * (picture_width + gap)
        pixels, picture_height = _picture(state, picture_width)
        page.image(pixels, x, y - picture_height, picture_width, picture_height)
        line_y = y - picture_height - 1.5
        for line in _wrap(page, caption, picture_width, size - 1):
            page.text(x, line_y, line, size - 1, color=MUTED)
            line_y -= (size - 1) * 1.3 / POINTS_PER_MM
        bottom = min(bottom, line_y)
    y = bottom - 3
    leading = size * 1.38 / POINTS_PER_MM
    for block in rules.blocks():
        y = _lay_out_block(page, block, left, full, y, size, leading)
        y -= leading * 0.45
    footer = MARGIN - 2
    page.text(left, footer, f"icewidgets · {game.title} · the rules as the library plays them; the notebook "
                            "teaches them with pictures", 7, color=MUTED, va="bottom")
    return y > footer + 5


def _lay_out_block(page: _Page, block: Block, left: float, full: float, y: float, size: float, leading: float) -> float:
    """Write one block from ``y`` down; returns the ``y`` under it."""
    if block.kind == "diagram":
        x = left + 10
        for line in block.text.split("\n"):
            page.text(x, y, line, size, family=MONO)
            y -= leading
        return y
    indent = 6.0 if block.kind in ("bullet", "number") else 0.0
    if block.kind == "bullet":
        page.text(left + 1.5, y, "•", size)
    elif block.kind == "number":
        page.text(left, y, block.lead, size, weight="bold")
    x, width = left + indent, full - indent
    lead = block.lead if block.kind != "number" else ""
    lead_width = page.text_width(lead + " ", size, weight="bold") if lead else 0.0
    if lead:
        page.text(x, y, lead, size, weight="bold")
    lines = _wrap(page, block.text, width, size, first_width=width - lead_width)
    for n, line in enumerate(lines):
        page.text(x + (lead_width if n == 0 else 0.0), y, line, size)
        y -= leading
    return y


# The board and the score sheet -------------------------------------------------------------------


def print_board(state: State, path: Any, *, paper: str = "A4", cell_mm: float = CELL_MM, rows: int | None = None
                ) -> PrintedBoard:
    """Write ``state``'s board at real size to ``path`` as a PDF, then a score sheet.

    Every square is ``cell_mm`` millimetres (at least :data:`LARGE_BASE_MM`, the base of a large
    pyramid) and shows its name and, small, the stack the position has there (bottom piece
    first), so players can set the position up with real pieces. A board larger than the paper is
    split across sheets by whole files or ranks, each saying where it goes. A 50 mm bar on every
    sheet checks that it was printed at 100%. The score sheet lists what is beside the board (the
    game's panel: captured pieces, dice, supply), the position text, and ``rows`` turns (default:
    as many as fit) with the game's score columns (``how_to_play.score_columns``) per player.
    """
    if not isinstance(state, State):
        raise TypeError(f"print_board() takes a State, not {type(state).__name__}")
    check_target(path)
    cell_mm = checks.number(cell_mm, "cell_mm", what="a size in millimetres")
    if cell_mm < LARGE_BASE_MM:
        raise ValueError(f"cell_mm={cell_mm!r} is too small: a large pyramid's base is {LARGE_BASE_MM:g} mm")
    rows = checks.whole(rows, "rows", low=1, none=True, what="a whole number of score rows")
    game = state.game
    grid = game.grid
    if grid is None:
        raise ValueError(f"{game.title} has no board grid to print")
    width, height = _paper(paper)
    label = 7.0  # room for the coordinates beside the board
    head, foot = 22.0, 18.0  # the title above the board, the scale bar below it
    usable_w, usable_h = width - 2 * MARGIN - label, height - 2 * MARGIN - head - foot - label
    columns = math.ceil(grid.files / max(1, int(usable_w // cell_mm)))
    bands = math.ceil(grid.ranks / max(1, int(usable_h // cell_mm)))
    if int(usable_w // cell_mm) < 1 or int(usable_h // cell_mm) < 1:
        raise ValueError(f"a square of {cell_mm:g} mm does not fit on {paper} paper")
    files_per, ranks_per = math.ceil(grid.files / columns), math.ceil(grid.ranks / bands)
    sheets = []
    pages = []
    total = columns * bands
    for band in range(bands):
        for column in range(columns):
            f0, f1 = column * files_per, min(grid.files, (column + 1) * files_per)
            r1, r0 = grid.ranks - band * ranks_per, max(0, grid.ranks - (band + 1) * ranks_per)
            page = _Page((width, height))
            _board_sheet(page, state, (f0, f1, r0, r1), cell_mm, len(pages) + 1, total, columns, label, head)
            pages.append(page)
            sheets.append((_file(f0), _file(f1 - 1), r0 + 1, r1))
    score_page = _Page((width, height))
    _score_sheet(score_page, state, rows)
    pages.append(score_page)
    written = _write(pages, path, f"{game.title}: board and score sheet")
    return PrintedBoard(written, len(pages), float(cell_mm), tuple(sheets))


def _file(index: int) -> str:
    return chr(ord("a") + index)


def _board_sheet(page: _Page, state: State, window: tuple[int, int, int, int], cell: float, number: int, total: int,
                 columns: int, label: float, head: float) -> None:
    game, grid = state.game, state.game.grid
    f0, f1, r0, r1 = window
    x0, top = MARGIN + label, page.height - MARGIN - head
    title = f"{game.title}: the board at real size"
    if total > 1:
        title += f" (sheet {number} of {total})"
    page.text(MARGIN, page.height - MARGIN, title, 15, weight="bold")
    where = (f"Files {_file(f0)}–{_file(f1 - 1)}, ranks {r0 + 1}–{r1}. " if total > 1 else "") + \
        f"Squares of {cell:g} mm for pyramids with a {LARGE_BASE_MM:g} mm base."
    if total > 1:
        where += " Cut along the dashed edges and lay the sheets side by side by their coordinates."
    for n, line in enumerate(_wrap(page, where, page.width - 2 * MARGIN, 9)):
        page.text(MARGIN, page.height - MARGIN - 8 - n * 4.2, line, 9, color=MUTED)
    for f in range(f0, f1):
        for r in range(r0, r1):
            x, y = x0 + (f - f0) * cell, top - (r1 - r) * cell
            page.rect(x, y, cell, cell, linewidth=0.8)
            name = f"{_file(f)}{r + 1}"
            page.text(x + 1.2, y + cell - 1.0, name, 6.5, color=LINE)
            stack = state.stack(name)
            if stack != ".":
                page.text(x + cell / 2, y + 1.2, stack, 6 if len(stack) > 9 else 7, color=MUTED, ha="center",
                          va="bottom", family=MONO)
    board_w, board_h = (f1 - f0) * cell, (r1 - r0) * cell
    for f in range(f0, f1):
        page.text(x0 + (f - f0 + 0.5) * cell, top - board_h - 1.5, _file(f), 10, ha="center")
    for r in range(r0, r1):
        page.text(x0 - 2, top - (r1 - r - 0.5) * cell, str(r + 1), 10, ha="right", va="center")
    if total > 1:  # the edges that meet another sheet are cut
        for edge_x in ([x0] if f0 > 0 else []) + ([x0 + board_w] if f1 < grid.files else []):
            page.line([edge_x, edge_x], [top - board_h - 4, top + 4], linestyle="--", linewidth=0.6, color=LINE)
        for edge_y in ([top] if r1 < grid.ranks else []) + ([top - board_h] if r0 > 0 else []):
            page.line([x0 - 4, x0 + board_w + 4], [edge_y, edge_y], linestyle="--", linewidth=0.6, color=LINE)
    bar_y = top - board_h - label - 6
    page.line([MARGIN, MARGIN + 50], [bar_y, bar_y], linewidth=2.5)
    for x in (MARGIN, MARGIN + 50):
        page.line([x, x], [bar_y - 1.5, bar_y + 1.5], linewidth=1)
    page.text(MARGIN + 53, bar_y, "This bar is 50 mm long when the sheet is printed at 100% (no \"fit to page\").",
              8, color=MUTED, va="center")


def _score_sheet(page: _Page, state: State, rows: int | None) -> None:
    from .svg.draw import status

    game = state.game
    rules = game.how_to_play
    left, right = MARGIN, page.width - MARGIN
    y = page.height - MARGIN
    page.text(left, y, f"{game.title}: score sheet", 15, weight="bold")
    y -= 9
    page.text(left, y, f"The position: {status(state)}.", 9)
    y -= 4.5
    beside = _beside_the_board(state)
    if beside:
        for line in _wrap(page, "Beside the board: " + "; ".join(beside) + ".", right - left, 8.5):
            page.text(left, y, line, 8.5, color=MUTED)
            y -= 3.9
    for line in state.to_text().splitlines():
        page.text(left, y, line, 7, family=MONO, color=MUTED)
        y -= 3.2
    y -= 4
    players = [game.player_name(p) for p in range(game.num_players)]
    columns = rules.score_columns or ("moves", "score")
    turn_w = 12.0
    cell_w = (right - left - turn_w) / (len(players) * len(columns))
    row_h = 7.0
    page.rect(left, y - 2 * row_h, right - left, 2 * row_h, linewidth=0.9)
    page.text(left + turn_w / 2, y - row_h, "Turn", 8, ha="center", va="center", weight="bold")
    for p, name in enumerate(players):
        x = left + turn_w + p * len(columns) * cell_w
        page.text(x + len(columns) * cell_w / 2, y - row_h / 2, name, 9, ha="center", va="center", weight="bold")
        for c, column in enumerate(columns):
            page.text(x + (c + 0.5) * cell_w, y - 1.5 * row_h, column, 7.5, ha="center", va="center", color=MUTED)
    y -= 2 * row_h
    room = int((y - MARGIN - 10) // row_h)
    count = room if rows is None else max(1, min(rows, room))
    for n in range(count):
        top = y - n * row_h
        page.rect(left, top - row_h, right - left, row_h, linewidth=0.4, edgecolor=LINE)
        page.text(left + turn_w / 2, top - row_h / 2, str(n + 1), 8, ha="center", va="center", color=MUTED)
    table_bottom = y - count * row_h
    for k in range(len(players) * len(columns) + 1):
        x = left + turn_w + k * cell_w
        strong = k % len(columns) == 0
        page.line([x, x], [table_bottom, y + 2 * row_h], linewidth=0.9 if strong else 0.4, color=INK if strong else LINE)
    if rules.score_note:
        for n, line in enumerate(_wrap(page, rules.score_note, right - left, 8.5)):
            page.text(left, table_bottom - 2.5 - n * 3.9, line, 8.5, color=MUTED)


def _beside_the_board(state: State) -> list[str]:
    """The game's panel items as text: its lines, dice and off-board pieces."""
    from .view import Dice, Line, Pieces

    view = state.game.view
    texts = []
    for item in view.panel(state, view.areas(state)):
        if isinstance(item, Line):
            texts.append(item.text)
        elif isinstance(item, Dice):
            texts.append("dice " + " ".join(item.faces) + (f" ({', '.join(item.note)})" if item.note else ""))
        elif isinstance(item, Pieces):
            groups = [''.join(group) for row in item.rows for group in row]
            if groups:
                texts.append(" ".join(groups))
    if state.to_move == CHANCE:
        texts.append("the dice are to be rolled")
    return texts


def _paper(paper: str) -> tuple[float, float]:
    if not isinstance(paper, str):
        raise TypeError(f"paper={paper!r} must be a paper size's name, one of {', '.join(map(repr, PAPERS))}")
    try:
        return PAPERS[paper]
    except KeyError:
        raise ValueError(f"paper={paper!r} is not a paper size; choose one of {', '.join(map(repr, PAPERS))}") from None
