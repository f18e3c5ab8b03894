"""Printables for a class: a one-page rules sheet per game, and a board at real size with a
score sheet.

Both are PDF files written with matplotlib's PDF backend, in vectors only: the pictures on the
rules sheet are the library's own SVG pictures (the scene the notebooks and the widget show),
drawn shape by shape (:func:`icewidgets.svg.vector.draw_svg`), so they stay sharp at any zoom
and need nothing beyond a plain ``pip install icewidgets``. No printed text is under
:data:`LEAST_TEXT` points. The board sheet shows the squares, their coordinates and the stack
texts of the position, to stand real pieces on, with a legend of the notation.

- :func:`rules_sheet` — the game's rules in plain words (its ``how_to_play`` text, the one the
  notebooks show), its start position and one example, on one page;
- :func:`print_board` — the board with squares of :data:`CELL_MM` millimetres (an Icehouse large
  pyramid has a base of :data:`LARGE_BASE_MM` mm), across as many sheets as the paper needs, then
  a score sheet.

Every page goes to its file through :func:`_write`, the one place that writes.

>>> import icewidgets as iw, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> printed = print_board(iw.make(iw.available_games()[0]).new_state(seed=1), os.path.join(folder, "board.pdf"))
>>> printed.pages, printed.cell_mm
(2, 28.0)
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple, Sequence

from . import checks
from .files import atomic_write, check_target
from .pieces import COLOUR_NAMES, PAWN, PIECES, SIZE_NAMES, is_pawn, tokens
from .protocol import Game, State
from .teaching import Block

__all__ = ["CELL_MM", "LARGE_BASE_MM", "PAPERS", "PrintedBoard", "print_board", "rules_sheet"]

LARGE_BASE_MM = 25.0
"""The side of the base of an Icehouse large pyramid, in millimetres."""
CELL_MM = 28.0
"""The side of a printed square: a large pyramid's base and a little room to lift it."""
PAPERS = {"A4": (210.0, 297.0), "letter": (215.9, 279.4), "A3": (297.0, 420.0)}
"""Paper sizes (width, height) in millimetres, portrait; ``paper=`` names one in any case."""

MARGIN = 12.0
"""The margin around a page, wider than any printer's unprintable edge (mm)."""
MM_PER_INCH = 25.4
POINTS_PER_MM = 72 / MM_PER_INCH
LEAST_TEXT = 7.5
"""No printed text, the pictures' letters included, is smaller than this (points)."""
SMALLEST_TEXT = 8.0
"""The rules sheet shrinks its body text to fit one page, never below this size (points)."""
PICTURE_BOARDS = (360.0, 320.0, 280.0, 240.0, 200.0)
"""The board widths (in the pictures' pixels) the rules sheet tries, largest first."""
INK, MUTED, LINE = "#111111", "#444444", "#999999"
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
    """One page, drawn in millimetres from the bottom-left corner. A page made with
    ``drawing=False`` only measures: a layout tried on it costs no drawing."""

    def __init__(self, paper: tuple[float, float], drawing: bool = True):
        from matplotlib.figure import Figure

        self.width, self.height = paper
        self.drawing = drawing
        self.figure = Figure(figsize=(self.width / MM_PER_INCH, self.height / MM_PER_INCH))
        self.axes = self.figure.add_axes((0, 0, 1, 1))
        self.axes.set_xlim(0, self.width)
        self.axes.set_ylim(0, self.height)
        self.axes.set_axis_off()

    @staticmethod
    def text_width(text: str, size: float, weight: str = "normal", family: str = FONT) -> float:
        """The width of ``text`` in millimetres."""
        return _text_width(text, size, weight, family)

    def text(self, x: float, y: float, text: str, size: float, **style: Any) -> None:
        """``text`` with its top left corner at (x, y), unless ``ha``/``va`` say otherwise."""
        if not self.drawing:
            return
        style.setdefault("va", "top")
        style.setdefault("color", INK)
        style.setdefault("family", FONT)
        self.axes.text(x, y, text, fontsize=size, **style)

    def rect(self, x: float, y: float, w: float, h: float, **style: Any) -> None:
        from matplotlib.patches import Rectangle

        if not self.drawing:
            return
        style.setdefault("fill", False)
        style.setdefault("edgecolor", INK)
        self.axes.add_patch(Rectangle((x, y), w, h, **style))

    def line(self, xs: Sequence[float], ys: Sequence[float], **style: Any) -> None:
        if not self.drawing:
            return
        style.setdefault("color", INK)
        self.axes.plot(xs, ys, **style)

    def picture(self, state: State, left: float, top: float, board: float) -> tuple[float, float]:
        """The picture of ``state``'s board (``board`` pixels wide, without the side panel,
        which the caption tells in words) drawn in vectors with its top left corner at
        (``left``, ``top``), at the scale that prints its least text at :data:`LEAST_TEXT`
        points; its width and height in millimetres."""
        from . import svg
        from .svg.vector import draw_svg

        size = svg.size_of(board)
        mm_per_pixel = LEAST_TEXT / (size.least_font * POINTS_PER_MM)
        scene = svg.scene(state, size=size, panel="none")
        width, height = scene.width * mm_per_pixel, scene.height * mm_per_pixel
        if self.drawing:
            draw_svg(self.axes, svg.render(scene, label=f"{state.game.title} board"), left, top, width)
        return width, height

    @staticmethod
    def picture_width(state: State, board: float) -> float:
        """The width in millimetres of :meth:`picture` for a ``board`` of that many pixels."""
        from . import svg

        size = svg.size_of(board)
        return svg.scene(state, size=size, panel="none").width * LEAST_TEXT / (size.least_font * POINTS_PER_MM)


@functools.lru_cache(maxsize=4096)
def _text_width(text: str, size: float, weight: str, family: str) -> float:
    from matplotlib.font_manager import FontProperties

    prop = FontProperties(family=family, size=size, weight=weight)
    width, _, _ = _measurer().get_text_width_height_descent(text, prop, ismath=False)
    return width / POINTS_PER_MM


@functools.lru_cache(maxsize=1)
def _measurer() -> Any:
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(10, 10, 72)  # at 72 dpi a pixel is a point


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
    """``words`` broken into lines of at most ``width`` mm (the first line ``first_width``),
    measured word by word."""
    space = page.text_width(" ", size, family=family)
    lines: list[str] = []
    current, used = "", 0.0
    for word in words.split():
        limit = (first_width if first_width is not None and not lines else width) * 0.995
        wide = page.text_width(word, size, family=family)
        if current and used + space + wide > limit:
            lines.append(current)
            current, used = word, wide
        else:
            current, used = (f"{current} {word}", used + space + wide) if current else (word, wide)
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


# The rules sheet --------------------------------------------------------------------------------


def rules_sheet(game: Game | str, path: Any, *, paper: str = "A4") -> Path:
    """Write a one-page PDF of ``game``'s rules (a Game or a registered name) to ``path``:
    the rules in plain words (``game.how_to_play``), the start position and the example the
    game chose, each with a caption that also says what lies beside the board. Returns the path.

    The pictures are vectors, their least text :data:`LEAST_TEXT` points. The sheet takes the
    largest pictures with which the text fits at 9.5 points or more, else the largest text
    down to :data:`SMALLEST_TEXT`; a game whose rules do not fit even then raises ValueError,
    so a sheet is always one page.
    """
    check_target(path, "path", (".pdf",))
    width, height = _paper(paper)
    game = _game(game)
    rules = game.how_to_play
    if not rules.text:
        raise ValueError(f"{game.title} has no rules text (Game.how_to_play) to print")
    start = game.new_state(seed=rules.example_seed)
    example, caption = _example(game, start)
    column = (width - 2 * MARGIN - PICTURE_GAP) / 2
    boards = [board for board in PICTURE_BOARDS if _Page.picture_width(start, board) <= column]
    comfortable = [(size, board) for board in boards for size in (11.0, 10.5, 10.0, 9.5)]
    cramped = [(size, board) for size in (9.0, 8.5, 8.0) for board in boards]
    for size, board in comfortable + cramped:
        if _lay_out_rules(_Page((width, height), drawing=False), game, start, example, caption, size, board):
            page = _Page((width, height))
            _lay_out_rules(page, game, start, example, caption, size, board)
            return _write([page], path, f"{game.title}: how to play")
    raise ValueError(f"{game.title}'s rules do not fit on one page at {SMALLEST_TEXT:g} points: shorten them")


def _example(game: Game, start: State) -> tuple[State, str]:
    """The rules text's example played from ``start``, and its caption. The example is written
    for the default options: where this game's start does not allow it (another opening, a board
    still to be laid out), it is shown on the default game, and the caption says so."""
    rules = game.how_to_play
    caption = (rules.example_caption or "An example").rstrip(".")
    try:
        return _played(start, rules.example), caption + "."
    except (ValueError, TypeError):  # IllegalMoveError and NotationError are ValueErrors
        default = type(game)()
        return _played(default.new_state(seed=rules.example_seed), rules.example), caption + " (the default options)."


def _played(state: State, plies: Sequence[str]) -> State:
    for ply in plies:
        state = state.play(ply)
    return state


def _changed_options(game: Game) -> str:
    """The options of ``game`` that are not its defaults, as ``name=value`` (the rules text
    describes the defaults), or ""."""
    defaults = type(game)().options
    return ", ".join(f"{name}={value!r}" for name, value in game.options.items() if defaults.get(name) != value)


PICTURE_GAP = 8.0
"""The space between the rules sheet's two pictures (mm)."""


def _lay_out_rules(page: _Page, game: Game, start: State, example: State, example_caption: str, size: float,
                   board: float) -> bool:
    """Lay the sheet out with body text of ``size`` points and pictures of a ``board`` pixels
    wide; False if it runs off the page."""
    from .svg.draw import status

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
    column = (full - PICTURE_GAP) / 2
    other = game.new_state(seed=rules.example_seed + 1)
    random_setup = any(start.stack(name) != other.stack(name) for name in game.grid.names)
    captions = ["The start" + (" (the setup is random: every game starts differently)." if random_setup else "."),
                example_caption]
    small = max(size - 1, LEAST_TEXT)
    bottom = y
    for k, (state, caption) in enumerate(((start, captions[0]), (example, captions[1]))):
        x = left + k * (column + PICTURE_GAP)
        _, picture_height = page.picture(state, x, y, board)
        line_y = y - picture_height - 1.5
        beside = _beside_the_board(state)
        told = f"{status(state)}." + (f" Beside the board: {'; '.join(beside)}." if beside else "")
        for text, colour in ((caption, INK), (told, MUTED)):
            for line in _wrap(page, text, column, small):
                page.text(x, line_y, line, small, color=colour)
                line_y -= small * 1.3 / POINTS_PER_MM
        bottom = min(bottom, line_y)
    y = bottom - 3
    leading = size * 1.38 / POINTS_PER_MM
    for block in rules.blocks():
        y = _lay_out_block(page, block, left, full, y, size, leading)
        y -= leading * 0.45
    footer = MARGIN - 2
    changed = _changed_options(game)
    played = (f"the rules above with the default options; this game's differ: {changed}" if changed
              else "the rules as the library plays them; the notebook teaches them with pictures")
    page.text(left, footer, f"icewidgets · {game.title} · {played}", LEAST_TEXT, color=MUTED, va="bottom")
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
    split across sheets by whole files or ranks, each saying where it goes. A position that
    cannot arise in play (``state.partial``, a teaching diagram) is called part of a board on
    every sheet. A 50 mm bar on every
    sheet checks that it was printed at 100%. The score sheet lists what is beside the board (the
    game's panel: captured pieces, dice, supply), the position text, and ``rows`` turns (default:
    as many as fit) with the game's score columns (``how_to_play.score_columns``) per player.
    """
    if not isinstance(state, State):
        raise TypeError(f"print_board() takes a State, not {type(state).__name__}")
    check_target(path, "path", (".pdf",))
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


PARTIAL_NOTE = "Part of a board: a diagram, not a position from play."
"""The first words under the title of every board sheet of a position that cannot arise in play
(``state.partial``); the score sheet's status line ends in "(part of a board)"."""
STACK_TEXT = 8.0
"""The size of the stack written on each square of a board sheet (points)."""
LEGEND_WIDTH = 30.0
"""The least width of the legend beside the board; a narrower margin puts it under the board (mm)."""


def _board_sheet(page: _Page, state: State, window: tuple[int, int, int, int], cell: float, number: int, total: int,
                 columns: int, label: float, head: float) -> None:
    game, grid = state.game, state.game.grid
    f0, f1, r0, r1 = window
    x0, top = MARGIN + label, page.height - MARGIN - head
    title = f"{game.title}: the board at real size"
    if total > 1:
        title += f" (sheet {number} of {total})"
    page.text(MARGIN, page.height - MARGIN, title, 15, weight="bold")
    pyramids = any(PIECES[token].size for name in grid.names for token in tokens(state.stack(name))
                   if not is_pawn(token))
    # Every sheet of a diagram says so, since a sheet may be handed out alone.
    where = (PARTIAL_NOTE + " " if state.partial else "") + \
        (f"Files {_file(f0)}–{_file(f1 - 1)}, ranks {r0 + 1}–{r1}. " if total > 1 else "") + \
        f"Squares of {cell:g} mm" + (f", for pyramids with a {LARGE_BASE_MM:g} mm base." if pyramids else ".")
    if total > 1:
        where += " Cut along the dashed edges and lay the sheets side by side by their coordinates."
    for n, line in enumerate(_wrap(page, where, page.width - 2 * MARGIN, 9)):
        page.text(MARGIN, page.height - MARGIN - 8 - n * 4.2, line, 9, color=MUTED)
    mono = page.text_width("M", STACK_TEXT, family=MONO)
    for f in range(f0, f1):
        for r in range(r0, r1):
            x, y = x0 + (f - f0) * cell, top - (r1 - r) * cell
            page.rect(x, y, cell, cell, linewidth=0.8)
            name = f"{_file(f)}{r + 1}"
            page.text(x + 1.2, y + cell - 1.0, name, LEAST_TEXT, color=MUTED)
            stack = state.stack(name)
            if stack != ".":  # whole pieces per line, as many as the square is wide
                lines = _split_stack(stack, max(1, int((cell - 2) // mono)))
                for n, line in enumerate(reversed(lines)):
                    page.text(x + cell / 2, y + 1.2 + n * STACK_TEXT * 1.15 / POINTS_PER_MM, line, STACK_TEXT,
                              ha="center", va="bottom", family=MONO)
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
    # The legend goes under the scale bar where there is room, else beside the board.
    legend = _legend(state)
    under, beside = bar_y - 7, x0 + board_w + 6
    full = page.width - 2 * MARGIN
    if _lay_out_legend(_Page((page.width, page.height), drawing=False), legend, MARGIN, under, full) < MARGIN \
            and page.width - MARGIN - beside >= LEGEND_WIDTH:
        _lay_out_legend(page, legend, beside, top, page.width - MARGIN - beside)
    else:
        _lay_out_legend(page, legend, MARGIN, under, full)


def _split_stack(stack: str, width: int) -> list[str]:
    """A stack text in lines of at most ``width`` characters, never splitting a piece."""
    lines = [""]
    for token in tokens(stack):
        if lines[-1] and len(lines[-1]) + len(token) > width:
            lines.append("")
        lines[-1] += token
    return lines


def _legend(state: State) -> list[tuple[str, str]]:
    """How to read the stacks on the board: ``(lead, text)`` lines of the legend, built from the
    pieces the position holds."""
    grid = state.game.grid
    stacks = [state.stack(name) for name in grid.names if state.stack(name) != "."]
    found = {token for stack in stacks for token in tokens(stack)}
    pieces = [PIECES[t] for t in found if not is_pawn(t)]
    colours = sorted({p.colour for p in pieces} | {t[len(PAWN):] for t in found if is_pawn(t)},
                     key=lambda c: list(COLOUR_NAMES).index(c))
    sizes = sorted({p.size for p in pieces if p.size})
    lines = [("How to read a square.", "Its stack is written bottom piece first, one piece after another.")]
    lines.append(("Letters:", ", ".join(f"{c} {COLOUR_NAMES[c]}" for c in colours) + "."))
    if sizes:
        lines.append(("Digits:", ", ".join(f"{s} {SIZE_NAMES[s]}" for s in sizes) + "."))
    if any(p.size == 0 for p in pieces):
        lines.append(("Tiles:", "a letter alone is a flat tile."))
    if any(is_pawn(t) for t in found):
        lines.append(("Pawns:", f"{PAWN} and a letter is a pawn, standing on the stack written before it."))
    if stacks:
        example = max(stacks, key=lambda stack: (len(tokens(stack)), any(is_pawn(t) for t in tokens(stack))))
        runs: list[list[Any]] = []  # [token, count] of equal pieces in a row
        for token in tokens(example):
            if runs and runs[-1][0] == token:
                runs[-1][1] += 1
            else:
                runs.append([token, 1])
        words = [f"the {COLOUR_NAMES[t[len(PAWN):]]} pawn on top" if is_pawn(t) else
                 f"a {PIECES[t].name}" if n == 1 else f"{n} {PIECES[t].name}s" for t, n in runs]
        lines.append(("For example:", f"{example} is {', '.join(words)}"
                      + (", from the bottom up." if len(tokens(example)) > 1 else ".")))
    return lines


def _lay_out_legend(page: _Page, legend: Sequence[tuple[str, str]], x: float, y: float, width: float) -> float:
    """Write the legend from (``x``, ``y``) down in a column ``width`` mm wide; the ``y`` under it."""
    size, leading = 8.5, 8.5 * 1.3 / POINTS_PER_MM
    for lead, text in legend:
        lead_width = page.text_width(lead + " ", size, weight="bold")
        page.text(x, y, lead, size, weight="bold")
        for n, line in enumerate(_wrap(page, text, width, size, first_width=width - lead_width)):
            page.text(x + (lead_width if n == 0 else 0.0), y, line, size)
            y -= leading
        y -= leading * 0.3
    return y


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
        page.text(left, y, line, LEAST_TEXT, family=MONO, color=MUTED)
        y -= LEAST_TEXT * 1.2 / POINTS_PER_MM
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
            page.text(x + (c + 0.5) * cell_w, y - 1.5 * row_h, column, LEAST_TEXT, ha="center", va="center", color=MUTED)
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
    """The game's panel items as text: its lines, dice and off-board pieces (a pile after the
    line that names it, equal groups counted: ``supply of blacks: K3 ×4, K2 ×5``)."""
    from .view import Dice, Line, Pieces

    view = state.game.view
    texts: list[str] = []
    named = False  # whether the last text is a line that may name the pieces after it
    for item in view.panel(state, view.areas(state)):
        if isinstance(item, Line):
            texts.append(item.text)
        elif isinstance(item, Dice):
            texts.append("dice " + " ".join(item.faces) + (f" ({' '.join(item.note)})" if item.note else ""))
        elif isinstance(item, Pieces):
            groups = Counter("".join(group) for row in item.rows for group in row)
            listed = ", ".join(group if n == 1 else f"{group} ×{n}" for group, n in groups.items()) or "none"
            if named:
                texts[-1] += f": {listed}"
            else:
                texts.append(listed)
        named = isinstance(item, Line)
    return texts


def _paper(paper: str) -> tuple[float, float]:
    if not isinstance(paper, str):
        raise TypeError(f"paper={paper!r} must be a paper size's name, one of {', '.join(map(repr, PAPERS))}")
    for name, size in PAPERS.items():
        if name.lower() == paper.strip().lower():  # "a4", "Letter", "LETTER": any case
            return size
    raise ValueError(f"paper={paper!r} is not a paper size; choose one of {', '.join(map(repr, PAPERS))} (in any case)")
