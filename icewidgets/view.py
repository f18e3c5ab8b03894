"""What a game tells the pictures and the widget: the :class:`View` and :class:`Controls` hooks.

The drawing code (:mod:`icewidgets.svg`) and the widget know no game. Any board is drawn from
``Game.grid`` and ``state.stack(square)`` alone; what a game shows beyond its squares, it
describes here as plain data, and the generic code draws it:

- :meth:`View.areas`: off-board places that hold pieces (captured piles, a supply);
- :meth:`View.board_areas`: parts of the board to mark (a canal, a player's zone), each a
  :class:`BoardArea`;
- :meth:`View.panel`: the side panel, top to bottom, as :class:`Line`, :class:`Dice` and
  :class:`Pieces` items;
- :meth:`View.stages`: the pictures of one ply, for a move shown in steps (each a :class:`Stage`);
- :meth:`View.marks`: the squares to mark after a ply (the last move, a path);
- :meth:`View.summary`: the one sentence that tells a ply (the events give the details).

:class:`Controls` says how moves are clicked (from square to square, or a :class:`Group` of
pieces moving together, picked by clicking one of them, or a :class:`SquareChoice` of any of some
squares, made by selecting them) and how the buttons of moves without squares are labelled. A game sets both with ``Game.plug_in(view=…, controls=…)``; the base classes here are
what a game without them gets.

>>> Line("Player 1: 3 points", style="title").text
'Player 1: 3 points'
>>> Stage(moves=(("a1", "b1"),), text="The cap moves.").marks
{}
>>> Group("R", "the red pieces", ("a1", "c3")).squares
('a1', 'c3')
>>> BoardArea("the canal", ["d1", "d2"], style="dots").squares
('d1', 'd2')
>>> SquareChoice(("c3", "e3"), {frozenset(): "none", frozenset({"c3"}): "c3"}, "Take").move(["c3"])
'c3'
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Mapping, Sequence, Union

from .checks import shown

if TYPE_CHECKING:  # only for annotations: the view types sit below the protocol's states
    from .protocol import State


# Panel items -------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Line:
    """One line of text in the side panel.

    ``style`` is ``"title"`` (bold), ``"text"`` or ``"note"`` (smaller, muted). ``swatch`` is a
    colour letter (``"D"``) drawn as a small square before the text; ``pointer`` marks the
    player to move with a triangle (the status line says it in words too). ``space_above``
    (pixels) sets a line apart from the items above it, to start a new part of the panel.
    """

    text: str
    style: str = "text"
    swatch: str | None = None
    pointer: bool = False
    space_above: float = 0.0


@dataclasses.dataclass(frozen=True)
class Dice:
    """Dice drawn side by side, each a square of its colour with its face: ``("R4", "Y?")``.

    ``note`` lines are written to the right of the dice (e.g. the pips left).
    """

    faces: tuple[str, ...]
    note: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Pieces:
    """The pieces of an off-board area (a name from :meth:`View.areas`), laid out in rows.

    Each row is a tuple of groups; a group is a stack of piece tokens, bottom first, drawn as
    nested squares in one cell of side ``cell`` (a tree of large, medium and small looks like
    the real thing from above). Every token of the area appears exactly once.
    """

    area: str
    rows: tuple[tuple[tuple[str, ...], ...], ...]
    cell: float = 40.0


PanelItem = Union[Line, Dice, Pieces]


AREA_STYLES = ("hatch", "dots", "shade", "outline")
"""How a :class:`BoardArea` is drawn: diagonal lines, dots, a shade, or its outline alone. Every
style also draws the area's border, and the side panel names each area beside a sample of its
style, so an area never depends on colour alone."""


@dataclasses.dataclass(frozen=True)
class BoardArea:
    """A part of the board a game marks: ``squares`` that mean something together (Martian
    Chess's canal, a player's zone), with a ``label`` that says what it is in words and a
    ``style`` of :data:`AREA_STYLES`. ``colour`` is a colour letter to draw it in (default: the
    theme's muted ink). Pictures draw it under the pieces and name it in the side panel; the
    widget also reads the label out with each of its squares.
    """

    label: str
    squares: tuple[str, ...]
    style: str = "hatch"
    colour: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.squares, str) or not isinstance(self.squares, (list, tuple, set, frozenset)):
            raise TypeError(f"squares={shown(self.squares)} must be a list or tuple of square names, e.g. ('b2', 'c2'), "
                            f"not {type(self.squares).__name__}")
        object.__setattr__(self, "squares", tuple(self.squares))
        if not isinstance(self.label, str) or not self.label.strip():
            raise ValueError(f"label={shown(self.label)}: a board area needs a label that says what it is")
        if not isinstance(self.style, str) or self.style not in AREA_STYLES:
            raise ValueError(f"style={shown(self.style)} is not a board area style; choose one of "
                             f"{', '.join(map(repr, AREA_STYLES))}")
        if not self.squares or not all(isinstance(square, str) for square in self.squares):
            raise ValueError(f"squares={shown(self.squares)}: a board area is a non-empty list of square names")
        if self.colour is not None and not (isinstance(self.colour, str) and len(self.colour) == 1
                                            and "A" <= self.colour <= "Z"):
            raise ValueError(f"colour={shown(self.colour)} is not a colour letter: give the letter of a colour of "
                             "pieces (one of the Icehouse set, RYGBCKLD, or one the game declares with "
                             "pieces.declare_colours), or None for the theme's muted ink")


@dataclasses.dataclass(frozen=True)
class Stage:
    """One picture within a ply (a move shown in steps, such as an eruption).

    ``moves`` are ``(from, to)`` locations, applied in order to the placement of the picture
    before: the top piece of ``from`` goes on top of ``to`` (``to=""`` takes it out of the
    game). A location is a square name or an area name. ``marks`` are the squares to mark in
    this picture (``{"c3": "last", "d3": "path"}``); ``text`` says what happens in it. Every
    stage but the last is drawn with the status and panel of the position before the ply (its
    areas as the moves so far left them); the last shows the position after it, and its pieces
    are those of that position whatever the moves said.
    """

    moves: tuple[tuple[str, str], ...]
    text: str
    marks: Mapping[str, str] = dataclasses.field(default_factory=dict)


# The hooks ---------------------------------------------------------------------------------


class View:
    """How a game is drawn beyond its squares. The base draws the board and a status line only."""

    def areas(self, state: "State") -> dict[str, list[str]]:
        """Off-board places holding pieces, as token lists: ``{"captured:0": ["R3", "G2"]}``."""
        return {}

    def board_areas(self, state: "State") -> list[BoardArea]:
        """The parts of the board to mark in a picture of ``state``, as :class:`BoardArea`
        values, drawn in order under the pieces (default: none)."""
        return []

    def panel(self, state: "State", areas: Mapping[str, Sequence[str]]) -> list[PanelItem]:
        """The side panel under the status line, top to bottom.

        ``areas`` holds the tokens in each area as they are in the picture being drawn (in the
        middle of a ply shown in stages they are not yet those of ``state``).
        """
        return []

    def stages(self, before: "State", move: Any, after: "State") -> list[Stage]:
        """The pictures of the ply ``move`` (a move object) from ``before`` to ``after``; ``[]``
        (the default) means one picture, the position after it, marked with :meth:`marks`."""
        return []

    def marks(self, state: "State") -> dict[str, str]:
        """The squares to mark on a picture of ``state``: ``{square: "last" | "path"}``.

        By default the squares the last ply's events name as ``source`` and ``target`` (or,
        where no event names both, as ``square``) are marked ``"last"``.
        """
        marks: dict[str, str] = {}
        squares = set(state.game.grid.names) if state.game.grid is not None else set()
        events = getattr(state, "events", ())
        for event in events:
            for key in ("source", "target"):
                value = event.get(key)
                if value in squares:
                    marks[value] = "last"
        if not marks:
            for event in events:
                value = event.get("square")
                if value in squares:
                    marks[value] = "last"
        return marks

    def summary(self, before: "State", move: Any, after: "State") -> str:
        """One sentence that tells the ply ``move`` from ``before`` to ``after`` (the widget
        says it first, and to screen readers; the events' sentences are the details). By
        default the first event's sentence, or the move's notation when there is none."""
        events = getattr(after, "events", ())
        return str(events[0]) if events else f"{before.game.player_name(before.player)} plays {move}."


@dataclasses.dataclass(frozen=True)
class Group:
    """Pieces that one kind of move moves together (a set), picked in the widget by clicking
    any of them: ``name`` is what :meth:`Controls.move_group` returns for its moves, ``label``
    says it in words ("the red pieces"), ``squares`` are where its pieces stand (highlighted
    when it is picked)."""

    name: str
    label: str
    squares: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class SquareChoice:
    """The legal moves of a position that each choose a set of squares (:meth:`Controls.chosen_squares`),
    gathered into one choice: the widget lets the player select any of ``squares`` (in the order
    the moves first name them) and plays the move of the set selected. ``moves`` maps each set
    (a frozenset of square names) to its move's text; ``verb`` is the controls'
    :attr:`~Controls.choice_verb`. Made by :func:`square_choice`."""

    squares: tuple[str, ...]
    moves: Mapping[frozenset, str] = dataclasses.field(compare=False)
    verb: str = "Choose"

    def move(self, selection: Sequence[str]) -> str | None:
        """The text of the move that chooses exactly the squares of ``selection`` (any order),
        or None when no legal move does."""
        return self.moves.get(frozenset(selection))


def square_choice(state: "State", controls: "Controls", moves: Sequence[Any] | None = None) -> SquareChoice | None:
    """The :class:`SquareChoice` of the legal ``moves`` of ``state`` (all of them by default)
    that :meth:`Controls.chosen_squares` names, or None when none does. A ``ValueError`` says
    what is wrong with what the controls name: a square not of the board, or two moves that
    choose the same set."""
    names = set(state.game.grid.names) if state.game.grid is not None else set()
    order: dict[str, None] = {}
    by_set: dict[frozenset, str] = {}
    for move in state.legal_moves() if moves is None else moves:
        chosen = controls.chosen_squares(state, move)
        if chosen is None:
            continue
        wrong = [square for square in chosen if square not in names]
        if wrong or isinstance(chosen, str):
            raise ValueError(f"controls.chosen_squares({move}) gives {chosen!r}: give a tuple of square names of "
                             "the board, e.g. ('c3', 'e3')")
        key = frozenset(chosen)
        if key in by_set:
            raise ValueError(f"controls.chosen_squares gives the same squares for {by_set[key]} and {move}: each "
                             "move of a choice must choose a set of its own")
        by_set[key] = str(move)
        order.update(dict.fromkeys(chosen))
    if not by_set:
        return None
    return SquareChoice(tuple(order), by_set, controls.choice_verb)


class Controls:
    """How a game is played by clicks and buttons in the widget.

    The base clicks any move that names a ``source`` and a ``target`` square (or only a
    ``target``) and gives every other move a button labelled with its notation. The widget asks
    these methods about the position it shows; whose turn it is there is ``state.player``.
    """

    roll_label: str = "Roll dice"
    """The label of the button that rolls the dice at a chance ply."""

    choice_verb: str = "Choose"
    """The verb of a choice of squares (:meth:`chosen_squares`) in the widget's buttons and
    status line: ``"Take"`` gives "Take selected (c3 and e3)", "Take all (…)", "Take none" and
    "Selected to take: c3 and e3"."""

    def move_squares(self, state: "State", move: Any) -> list[tuple[str | None, str]]:
        """``(from, to)`` square pairs that play the legal ``move`` in ``state`` when clicked
        (the player clicks ``from``, then ``to``; the widget offers a choice when several moves
        share a pair); ``[]`` means a button. ``from`` is None for a move that only names where
        something goes: it is played by clicking ``to``."""
        target = getattr(move, "target", None)
        if not isinstance(target, str):
            return []
        source = getattr(move, "source", None)
        return [(source if isinstance(source, str) else None, target)]

    def all_move_squares(self, state: "State", moves: Sequence[Any]) -> list[list[tuple[str | None, str]]]:
        """The :meth:`move_squares` of each of the legal ``moves`` in ``state``, in order (the
        widget asks for all of them at every ply). A game whose moves share their work, such as
        the paths of pieces that many moves take, overrides this to do that work once."""
        return [self.move_squares(state, move) for move in moves]

    def click_move(self, state: "State", source: str, target: str) -> str | None:
        """The move text a click from ``source`` (where a legal move starts) to ``target`` (where
        none from it goes) stands for, so the widget can play it and the rules say why it is
        illegal; None when such a click names no move (the widget then says the piece cannot go
        there)."""
        return None

    def button_label(self, move: Any) -> str:
        """The label of the button that plays ``move``."""
        return str(move)

    def button_labels(self, state: "State", moves: Sequence[Any]) -> list[str]:
        """The labels of the buttons that play the legal ``moves`` of ``state`` (those without
        squares), in order: each move's :meth:`button_label` unless a game overrides this, for a
        label that depends on the position (such as a choice that takes everything there is)."""
        return [self.button_label(move) for move in moves]

    def move_group(self, state: "State", move: Any) -> str | None:
        """The name of the :class:`Group` of pieces the legal ``move`` moves together, or None
        (the default) for a move of its own. A click on a piece of a group picks the group (a
        piece in several groups: each click on it picks the next), its pieces and every square
        its moves reach are highlighted, and a click on one of those squares plays the move
        that takes a piece of the group there (the ``to`` squares of :meth:`move_squares`)."""
        return None

    def group(self, state: "State", name: str) -> Group:
        """The :class:`Group` called ``name`` (a name :meth:`move_group` gave) in ``state``."""
        return Group(name, name, ())

    def chosen_squares(self, state: "State", move: Any) -> tuple[str, ...] | None:
        """For a legal ``move`` of a choice of any of some squares (none included, such as which
        pieces to take), the squares it chooses; None (the default) for any other move.

        The widget gathers these moves of a position into one :class:`SquareChoice`, made by
        selection rather than by one button a set: a click (or the keyboard cursor's Enter) on
        one of its squares selects it or, selected, unselects it; buttons play the selection
        ("Take selected (c3 and e3)"), every square ("Take all (…)") or none ("Take none"), and
        "Clear selection" (or Escape) starts again. Such moves get no button of their own;
        their :meth:`move_squares` only mark them on the board (in the hints)."""
        return None
