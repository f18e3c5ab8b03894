"""``iw.GameWidget``: play, replay and share any game in a notebook.

The widget's traitlets are the single source of truth. Python lays out every picture of the
game once (:func:`icewidgets.svg.ply_frames`, ply by ply) and sends compact frames (pieces that
moved, marks, texts); the browser steps, animates and replays them without asking the kernel.
A move sends only what it changed: its own frames and move entry (``frames_delta``), the new
legal moves and position; the whole game is sent only when the widget is created, displayed or
loads another game (or when a page asks for it, having missed an update).
Moves, clicks, undo, redo, dice rolls, bot answers and loading a position are messages to
:meth:`GameWidget.handle`, which checks everything and answers bad input with a message shown in
the widget. A bot asked by the page thinks on a background thread, so neither the page nor the
notebook waits on it; the widget says that it is thinking meanwhile. An analysis of the game and
hints run in the background too (:mod:`.analysing`): an evaluation graph under the replay
slider, labels in the move list, the best moves drawn on the board.

The widget follows the notebook's light or dark theme (``theme="auto"``, through the host's CSS
variables) unless given one of :data:`icewidgets.svg.THEMES`; ``size=`` is the board's width in
pixels or a named size of :data:`icewidgets.svg.SIZES` (``"projector"``).

The widget knows no game: how a move is clicked and what its button says come from the game's
:class:`~icewidgets.view.Controls` (``state.game.controls``), whose turn it is from
``state.player``.

>>> import icewidgets as iw
>>> w = iw.GameWidget(iw.available_games()[0])
>>> move = str(w.state.legal_moves()[0])
>>> w.handle({"type": "move", "move": move}), w.ply, w.record.plies == (move,)
(True, 1, True)
>>> w.handle({"type": "move", "move": "no such move"}), w.message_kind
(False, 'error')
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import functools
import html
import json
import numbers
import threading
from typing import Any, Callable, Iterator

import anywidget
import traitlets

from .. import checks, svg
from ..agents import chance_move
from ..analysis import Analysis
from ..games import available_games, make
from ..pieces import is_pawn
from ..protocol import CHANCE, Game, NotationError, State
from ..record import CODE_PREFIX, Record
from .analysing import PRECISION, Analysing, check_analysis
from .background import Task
from .choosing import Choosing
from .frontend import STYLES, module_source
from .replay import FrameLog, legal_entries
from .seats import Refused, Seats

MAX_SPEED = 100.0
"""The fastest replay speed (times the normal one)."""
AUTO = "auto"
"""The theme that follows the notebook's (light or dark, through the host's CSS variables)."""


class _Checked(traitlets.TraitType):
    """A trait whose every value, set from Python or from the page, passes ``check(widget,
    value)``: a bad one is that check's TypeError or ValueError, which names the trait and what
    it may be (traitlets' own refusals say neither), and the trait keeps its value."""

    def __init__(self, default: Any, check: Callable[[Any, Any], Any], **kwargs: Any):
        super().__init__(default, **kwargs)
        self.check = check

    def validate(self, obj: Any, value: Any) -> Any:
        return self.check(obj, value)


class _Computed(traitlets.TraitType):
    """A trait the widget computes from its game and record, for the page: set from Python (or
    the page) it is refused with a TypeError saying what to do instead, and keeps its value."""

    def __init__(self, default: Any, instead: str, **kwargs: Any):
        super().__init__(default, **kwargs)
        self.instead = instead

    def validate(self, obj: Any, value: Any) -> Any:
        if not obj.__dict__.get("_computing") and "_record" in obj.__dict__:  # (its default, while it is made)
            raise TypeError(f"widget.{self.name} is computed by the widget and cannot be set; {self.instead}")
        return value


def _locked(method: Callable) -> Callable:
    """The method runs holding the widget's lock (a thinking bot's answer waits for it)."""

    @functools.wraps(method)
    def locked(self: "GameWidget", *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return locked


class GameWidget(Analysing, Choosing, Seats, anywidget.AnyWidget):
    """One widget for every game: click to move, step through every ply and every stage of one.

    ``GameWidget(name, players=2, agents={1: "greedy"})`` plays game ``name`` against a bot in
    seat 2 (without a name: the first of :func:`icewidgets.available_games`);
    ``GameWidget(state)`` starts from a position, ``GameWidget(record)`` replays a game. Game
    options (``players=3``) make a game from a name or change a Game; given with a State, a
    Record or a game code they must agree with its game (they cannot change it), and an
    unknown option is refused. ``seed`` (a whole number ≥ 0 and < 2**128) seeds the bots and the dice.

    Live on the Python side: ``widget.state`` (the position shown), ``widget.record`` (the whole
    game), ``widget.ply`` (plies shown; set it to move the view; observe it to follow moves).

    Analysis (:mod:`.analysing`): ``analysis=True`` analyses the game at once, on a background
    thread, as the "Analyse" button does; the page draws the evaluation graph under the replay
    slider and labels the move list as plies are done, and the analysis follows the game as it
    goes on. ``analysis=`` an :class:`icewidgets.Analysis` of the game shows that one.
    ``analysis_precision`` (±0.05) is the analysis' and the hints' (the "Hint" button: the best
    three moves drawn on the board). ``widget.analysis`` is the analysis so far.
    """

    _esm = module_source()
    _css = STYLES

    game_name = _Computed("", "make a widget of another game, or load a game code").tag(sync=True)
    title = _Computed("", "it is the game's title").tag(sync=True)
    board = traitlets.Dict().tag(sync=True)  # width, height, static svg, catalogue, pawns, colours, text scale
    # The whole replay (FrameLog's lists, changed in place: a move sends only frames_delta).
    frames = traitlets.List().tag(sync=True)
    moves = traitlets.List().tag(sync=True)  # one entry per ply: move, who, first frame, summary
    revision = traitlets.Int(0).tag(sync=True)  # counts the changes of frames and moves
    frames_delta = traitlets.Dict().tag(sync=True)  # the last change: base, revision, frames_from, frames, ...
    ply = _Checked(0, lambda widget, value: checks.whole(value, "ply", low=0, high=len(widget._record.plies))
                   if hasattr(widget, "_record") else value).tag(sync=True)
    legal = traitlets.List().tag(sync=True)  # [move, group, "from-to …"] for the newest position
    groups = traitlets.List().tag(sync=True)  # [name, label, squares] of the groups of pieces moving together
    # [label, message to send] (and {"disabled": True} while it cannot be pressed) for moves
    # without squares, the roll, a choice of squares (.choosing)
    buttons = traitlets.List().tag(sync=True)
    seats = _Computed([], "give agents= when making the widget").tag(sync=True)  # "human" or an agent per player
    bot_pending = traitlets.Bool(False).tag(sync=True)
    bot_thinking = traitlets.Bool(False).tag(sync=True)  # a bot is choosing its move (shown in the header)
    cursor = _Checked("", lambda widget, value: widget._valid_cursor(value)).tag(sync=True)  # "" when none
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = _Checked("info", lambda widget, value: checks.choice(value, "message_kind", ("info", "error"))
                            ).tag(sync=True)
    position_text = _Computed("", "set widget.ply to show another position, or load one").tag(sync=True)
    record_code = _Computed("", "load a game code with the widget's Load box, or make a widget of it").tag(sync=True)
    theme = _Checked(AUTO, lambda widget, value: _valid_theme(value)).tag(sync=True)
    size = _Checked(None, lambda widget, value: _valid_size(value), allow_none=True).tag(sync=True)
    speed = _Checked(1.0, lambda widget, value: checks.number(
        value, "speed", low=0, high=MAX_SPEED, low_open=True, what="a replay speed")).tag(sync=True)
    bot_delay = _Checked(500, lambda widget, value: checks.whole(  # milliseconds before a bot answers
        value, "bot_delay", low=0, high=60_000, what="a whole number of milliseconds")).tag(sync=True)

    def __init__(
        self,
        game: str | Game | State | Record | None = None,
        *,
        players: int | None = None,
        agents: dict[int, Any] | list | tuple | None = None,
        seed: int | None = None,
        theme: str = AUTO,
        palette: str = "standard",
        size: float | str | None = None,
        analysis: bool | Analysis = False,
        analysis_precision: float = PRECISION,
        **options: Any,
    ):
        seed = checks.seed(seed, none=True)
        analysis_precision = check_analysis(analysis, analysis_precision)
        super().__init__()
        _valid_theme(theme)  # before anything is built; the message the trait gives too
        svg.palette(palette)
        svg.size_of(size)
        self._palette = palette
        self._building = True  # theme and size are laid out by the first _rebuild
        self.theme, self.size = theme, size
        self._building = False
        if players is not None:
            options["players"] = players
        self._record = _as_record(game, seed, options)
        self._seed = seed if seed is not None else (self._record.seed or 0)
        self._rng = None
        self._redo: list[str] = []
        # Messages from the page and a thinking bot's answer change the game one at a time.
        self._lock = threading.RLock()
        self._bot_task: Task | None = None
        self.bot_thread: threading.Thread | None = None
        g = self._record.make_game()
        self._agents: dict[int, Callable] = {}
        with self._computed():
            self.game_name, self.title = g.name, g.title or g.name
            self.seats = self._seat_names(g, agents)
        self._rebuild()
        self._setup_analysis(analysis, analysis_precision)
        self.on_msg(self._on_custom_msg)

    # Public, live state ---------------------------------------------------------------------

    @property
    def record(self) -> Record:
        """The whole game so far (including plies after the one shown)."""
        return self._record

    @property
    def state(self) -> State:
        """The position shown: after ``widget.ply`` plies."""
        return self._states[self.ply]

    @property
    def final_state(self) -> State:
        """The newest position of the game."""
        return self._states[-1]

    @property
    def game(self) -> Game:
        """The game being played: its rules and options."""
        return self._states[0].game

    @_locked
    def play(self, move: Any) -> State:
        """Play ``move`` in the newest position (as if clicked); raises on an illegal move."""
        move = self.final_state.listed(move)
        state = self.final_state.play(move)
        self._push(str(move), state)
        return state

    @_locked
    def handle(self, msg: Any) -> bool:
        """Act on one message from the front end; False (and a message in the widget) if refused.

        Messages: ``{"type": "move", "move": text}``, ``{"type": "click", "from": "a1", "to": "b2"}``
        (a click between two squares that no legal move joins: the widget says why that move is
        not possible), ``{"type": "roll"}``, ``{"type": "bot"}`` (the bot to move answers, here and
        now), ``{"type": "undo"}``, ``{"type": "redo"}``, ``{"type": "load", "text": …}``,
        ``{"type": "restart"}``, ``{"type": "resync"}`` (a page that missed an update asks for the
        whole game again), ``{"type": "analyse"}``, ``{"type": "stop"}`` (the analysis) and
        ``{"type": "hint"}`` (the best moves of the position shown); ``{"type": "toggle", "square":
        "c3"}``, ``{"type": "clear"}`` and ``{"type": "choose"}`` make a choice of squares (:mod:`.choosing`).
        """
        try:
            if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                raise Refused("the widget received a message it does not understand")
            kind = msg["type"]
            if kind == "move":
                return self._human_move(msg.get("move"))
            if kind == "click":
                return self._click(msg.get("from"), msg.get("to"))
            if kind == "roll":
                return self._roll()
            if kind == "bot":
                return self._bot_move()
            if kind == "undo":
                return self.undo()
            if kind == "redo":
                return self.redo()
            if kind == "load":
                return self.load(msg.get("text"))
            if kind == "restart":
                return self.load(Record.new(self._record.make_game(), seed=self._record.seed,
                                            start=self._record.start, partial=self._record.partial))
            if kind == "resync":
                self.send_state()
                return True
            if kind == "analyse":
                return self.analyse()
            if kind == "stop":
                return self.stop_analysis()
            if kind == "hint":
                return self.hint()
            if kind in ("toggle", "clear", "choose"):
                return self._choice_message(kind, msg)
            raise Refused(f"the widget received an unknown message type {kind!r}")
        except Refused as refused:
            self._say(str(refused), "error")
            return False

    @_locked
    def undo(self) -> bool:
        """Take back the last ply (and the bot answers before it, back to a human's turn)."""
        if not self._record.plies:
            self._say("There is nothing to undo.", "error")
            return False
        n = len(self._record.plies) - 1
        while n > 0 and self._is_bot(self._states[n]):
            n -= 1
        self._redo = list(self._record.plies[n:]) + self._redo
        self._truncate(n)
        self._say(f"Undone: back to ply {n}.", "info")
        return True

    @_locked
    def redo(self) -> bool:
        """Replay the plies taken back by :meth:`undo`."""
        if not self._redo:
            self._say("There is nothing to redo.", "error")
            return False
        move = self._redo.pop(0)
        self._push(move, self.final_state.play(move), keep_redo=True)
        while self._redo and self._is_bot(self.final_state):
            move = self._redo.pop(0)
            self._push(move, self.final_state.play(move), keep_redo=True)
        self._say(f"Redone: {move}.", "info")
        return True

    @_locked
    def load(self, what: Any, partial: bool | None = None) -> bool:
        """Start again from a position text, a record code (``iw1.…``), record JSON, a State or a Record.

        A position text is read with ``partial`` as ``state_from_text`` reads it. Pasted in the
        page (``partial`` None), a position that contradicts the rules is refused with its
        problems, and loads as a diagram, part of a board, when the same text is loaded again.
        """
        offered = self.__dict__.pop("_offered", None)  # the text refused by the last load, if any
        try:
            if partial is not None and not isinstance(partial, bool):
                raise ValueError(f"partial={partial!r} must be None, True or False")
            if isinstance(what, Record):
                record = what
            elif isinstance(what, State):
                record = Record.new(what.game, start=what)
            elif isinstance(what, str) and len(what) > 200_000:
                raise Refused("That text is too long to be a position or a game code.")
            elif isinstance(what, str) and what.strip():
                record = self._parse_loaded(what.strip(), partial, offered)
            else:
                raise Refused("Paste a position text or a record code to load.")
        except (ValueError, TypeError) as error:
            raise Refused(f"Could not load that: {error}") from None
        if record.game != self.game_name:
            g = record.make_game()
            with self._computed():
                self.game_name = record.game
                self.title = g.title or g.name
                self.seats = self._seat_names(g, None)
        self._record = record
        self._redo = []
        self._rebuild()
        self._analysis_game_changed()
        problems = self.state.problems() if record.start is not None else []
        more = f" (and {len(problems) - 1} more: state.problems())" if len(problems) > 1 else ""
        told = f" Its start is part of a board: {problems[0]}{more}." if problems else ""
        self._say(f"Loaded a {self.title} game with {len(record.plies)} plies.{told}", "info")
        return True

    # Message handling -----------------------------------------------------------------------

    FRONT_END_TRAITS = frozenset({"ply", "speed", "cursor"})
    """The only traits the page may change; everything else is computed here."""

    def set_state(self, sync_data: dict) -> None:
        """Apply trait updates from the page, refusing unknown traits and bad values with a message."""
        if not isinstance(sync_data, dict):
            self._say("The widget ignored a malformed update from the page.", "error")
            return
        refused = sorted(set(sync_data) - self.FRONT_END_TRAITS)
        allowed = {k: v for k, v in sync_data.items() if k in self.FRONT_END_TRAITS}
        if refused:
            self._say(f"The widget ignored an update of {', '.join(refused)} from the page.", "error")
        if "ply" in allowed and (isinstance(allowed["ply"], bool) or not isinstance(allowed["ply"], int)):
            self._say(f"The widget ignored ply={allowed.pop('ply')!r} from the page: not a whole number.", "error")
        if "ply" in allowed and not 0 <= allowed["ply"] <= len(self._record.plies):
            allowed.pop("ply")
            self._say(f"ply must be between 0 and {len(self._record.plies)}.", "error")
        if "speed" in allowed and (isinstance(allowed["speed"], bool) or not isinstance(allowed["speed"], (int, float))
                                   or not 0 < allowed["speed"] <= MAX_SPEED):
            self._say(f"The widget ignored speed={allowed.pop('speed')!r} from the page.", "error")
        if "cursor" in allowed and not (allowed["cursor"] == "" or (isinstance(allowed["cursor"], str)
                                                                  and allowed["cursor"] in self.game.grid.names)):
            self._say(f"The widget ignored cursor={allowed.pop('cursor')!r} from the page: not a square of the board.",
                      "error")
        if allowed:
            super().set_state(allowed)

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "bot":
            self.think()
        else:
            self.handle(content)

    def _human_move(self, text: Any) -> bool:
        if not isinstance(text, str) or not text.strip() or len(text) > 64:
            raise Refused("A move must be given as its notation, e.g. " + repr(self.game.example_move))
        state = self._state_to_play()
        try:
            move = state.listed(text.strip())
            after = state.play(move)
        except (ValueError, TypeError) as error:
            raise Refused(str(error)) from None
        self._branch_here()
        self._push(str(move), after)
        return True

    def _click(self, source: Any, target: Any) -> bool:
        squares = self.game.grid.names
        if not (isinstance(source, str) and source in squares and isinstance(target, str) and target in squares):
            raise Refused("A click must name two squares of the board.")
        state = self._state_to_play()
        text = self.game.controls.click_move(state, source, target)
        if text is None:
            raise Refused(f"The piece on {source} cannot go to {target}.")
        return self._human_move(text)

    def _state_to_play(self) -> State:
        """The position shown (playing from an earlier ply branches off there), if a human may move in it."""
        state = self.state
        if state.is_over:
            raise Refused("The game is over: no more moves. Use Undo or load another position.")
        if state.to_move == CHANCE:
            raise Refused("Roll the dice first.")
        if self._is_bot(state):
            raise Refused(f"It is {self.game.player_name(state.player)}'s turn (a bot); wait for its move.")
        return state

    def _roll(self) -> bool:
        state = self.state
        if state.to_move != CHANCE or state.is_over:
            raise Refused("There are no dice to roll now.")
        outcome = chance_move(state, self._generator())
        self._branch_here()
        self._push(str(outcome), state.play(outcome))
        return True

    def _branch_here(self) -> None:
        """Playing from an earlier ply drops the later plies (the new move then clears redo)."""
        if self.ply != len(self._record.plies):
            self._truncate(self.ply)

    # Building the data -----------------------------------------------------------------------

    @property
    def palette(self) -> str:
        """The pieces' palette (``svg.PALETTES``); set it to draw the game again in another one.

        >>> from icewidgets import available_games
        >>> w = GameWidget(available_games()[0])
        >>> w.palette = "okabe-ito"; w.palette
        'okabe-ito'
        """
        return self._palette

    @palette.setter
    def palette(self, value: str) -> None:
        svg.palette(value)  # a ValueError naming the palettes, as the constructor gives
        if value != self._palette:
            self._palette = value
            self._rebuild()

    def _layout(self) -> dict[str, Any]:
        """The drawing options of every frame: the scenes' colours are the light theme's (the
        page colours them from its theme), the size is the widget's."""
        return {"theme": "light", "palette": self._palette, "size": self.size}

    def _rebuild(self) -> None:
        """Lay out the whole record again and send all of it (on creation, load and a new size)."""
        self._stop_thinking()
        self._states = list(self._record.states())
        self._tracker = svg.Tracker(self._states[0])
        self._placements = [self._tracker.placement]
        self._log = FrameLog(self._palette)
        start = svg.scene(self._states[0], self._tracker.placement, text="The game starts.", **self._layout())
        self._static_svg = start.static  # the squares and coordinates, the same in every frame
        self._log.add([svg.Frame(0, 0, True, start)])
        for ply, move in enumerate(self._record.plies, start=1):
            self._add_ply_frames(ply, move)
        with self.hold_sync():
            self.frames = self._log.frames
            self.moves = self._log.moves
            self.revision += 1
            self.frames_delta = {}
            self._publish(view_ply=len(self._record.plies))
        self.send_state(["frames", "moves"])  # equal lists of another game are still this game's

    def _add_ply_frames(self, ply: int, move: str) -> int:
        """Lay out ply ``ply`` (the tracker stands at the placement after the ply before); returns
        the index of its first frame."""
        before, after = self._states[ply - 1], self._states[ply]
        shown = svg.ply_frames(self._tracker, ply, before, move, after, **self._layout())
        self._placements.append(self._tracker.placement)
        player = before.to_move
        who = "Dice" if player == CHANCE else before.game.player_name(player)
        summary = after.game.view.summary(before, before.game.parse_move(move), after)
        return self._log.add(shown, {"ply": ply, "move": move, "who": who, "frame": len(self._log.frames),
                                     "text": summary})

    def _send_change(self, frames_from: int, moves_from: int) -> None:
        """Tell the page what changed in ``frames`` and ``moves`` (they were changed in place)."""
        base = self.revision
        self.revision = base + 1
        self.frames_delta = {"base": base, "revision": base + 1, "frames_from": frames_from,
                             "frames": self._log.frames[frames_from:], "moves_from": moves_from,
                             "moves": self._log.moves[moves_from:]}

    def _push(self, move: str, state: State, keep_redo: bool = False) -> None:
        self._record = dataclasses.replace(self._record, plies=self._record.plies + (move,))
        self._states.append(state)
        if not keep_redo:
            self._redo = []
        moves_from = len(self._log.moves)
        frames_from = self._add_ply_frames(len(self._record.plies), move)
        with self.hold_sync():
            self._send_change(frames_from, moves_from)
            self._publish(view_ply=len(self._record.plies))
            self._analysis_game_changed()
        self._say("", "info")

    def _truncate(self, n: int) -> None:
        self._stop_thinking()
        self._record = self._record.truncated(n)
        self._states = self._states[: n + 1]
        self._placements = self._placements[: n + 1]
        self._tracker.placement = self._placements[-1]
        self._tracker.state = self._states[-1]
        kept = self._log.truncate(n)
        with self.hold_sync():
            self._send_change(kept, n)
            self._publish(view_ply=n)
            self._analysis_game_changed()

    def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict:
        """The widget's state for the page; whenever it holds the whole replay, also the
        revision that replay is at (``frames_revision``), so a page knows which changes it has."""
        state = super().get_state(key, drop_defaults)
        if "frames" in state:
            state["frames_revision"] = self.revision
        return state

    def _publish(self, view_ply: int) -> None:
        """Everything about the newest position and the board (only what changed is sent)."""
        log = self._log
        board = {
            "width": log.width, "height": log.height, "static": self._static_svg,
            "catalogue": dict(log.catalogue),
            # Pawns stand on a stack without being part of it: drawn on top, not counted in its height.
            "pawns": sorted(tok for tok in log.catalogue if is_pawn(tok)),
            "colours": self._colours(), "text": svg.size_of(self.size).text,
            "label": svg.size_of(self.size).least_font,  # no piece's letters smaller (px)
            "split": {"board": list(log.board_size), "panel": [round(v, 1) for v in log.panel_box]},  # narrow pages
        }
        if board != self.board:
            self.board = board
        self._set_legal()
        self.can_undo = bool(self._record.plies)
        self.can_redo = bool(self._redo)
        with self._computed():
            self.record_code = self._record.to_code()
            self.ply = view_ply
            self.position_text = self.state.to_text()
        self.bot_pending = self._is_bot(self.final_state)

    def _colours(self) -> dict[str, str]:
        """The theme's colours as the page's CSS variables; none for ``auto`` (the host's)."""
        if self.theme == AUTO:
            return {}
        c = svg.theme(self.theme)
        return {"bg": c["bg"], "fg": c["text"], "muted": c["muted"], "sq0": c["sq0"], "sq1": c["sq1"],
                "line": c["line"], "last": c["last"], "path": c["path"], "selected": c["sel"], "target": c["tgt"],
                "button-bg": c["sq0"], "button-fg": c["text"], "border": c["line"], "highlight-bg": c["last"],
                "highlight-fg": "#000000", "dark": str(svg.contrast(c["bg"], "#000000") < 7).lower()}

    def _set_legal(self) -> None:
        state = self.final_state
        controls = state.game.controls
        legal, buttons, groups, playable = [], [], [], False
        if not state.is_over and not self._is_bot(state):
            if state.to_move == CHANCE:
                buttons.append([controls.roll_label, {"type": "roll"}])
            else:
                legal, buttons, groups = legal_entries(state, controls)
                playable = True
        self.legal = legal
        self.groups = groups
        self._offer_choice(state, buttons, playable)  # the buttons, with those of a choice of squares

    def _valid_cursor(self, value: Any) -> str:
        if value == "":
            return value
        names = self.game.grid.names
        if not isinstance(value, str):
            raise TypeError(f"cursor={value!r} must be a square's name (e.g. {names[0]!r}) or '' for none")
        if value not in names:
            raise ValueError(f"cursor={value!r} is not a square of the board ({names[0]} to {names[-1]}), "
                             "nor '' for none")
        return value

    @traitlets.observe("size")
    def _size_changed(self, change: dict) -> None:
        if not self._building and change["old"] != change["new"]:
            self._rebuild()

    @traitlets.observe("theme")
    def _theme_changed(self, change: dict) -> None:
        if not self._building and hasattr(self, "_log"):
            self._publish(view_ply=self.ply)

    @traitlets.observe("ply")
    def _ply_changed(self, change: dict) -> None:
        n = change["new"]
        if not isinstance(n, int) or not 0 <= n <= len(self._record.plies):
            self.ply = change["old"] if 0 <= change["old"] <= len(self._record.plies) else len(self._record.plies)
            self._say(f"ply must be between 0 and {len(self._record.plies)}.", "error")
            return
        with self._computed():
            self.position_text = self._states[n].to_text()

    @contextlib.contextmanager
    def _computed(self) -> Iterator[None]:
        """While the widget sets the traits it computes (:class:`_Computed`)."""
        self.__dict__["_computing"] = self.__dict__.get("_computing", 0) + 1
        try:
            yield
        finally:
            self.__dict__["_computing"] -= 1

    def _say(self, text: str, kind: str = "info") -> None:
        if text and text == self.message:
            self.message = ""  # the same message again must still reach the front end as a change
        self.message_kind = kind
        self.message = text

    def _parse_loaded(self, text: str, partial: bool | None, offered: str | None) -> Record:
        if text.startswith(CODE_PREFIX):
            return Record.from_code(text)
        if text.startswith("{"):
            return Record.from_json(text)
        game = self._record.make_game()
        if partial is None and text == offered:
            partial = True  # loaded again after the offer below: the user wants the diagram
        try:
            state = game.state_from_text(text, partial=partial)
        except NotationError:
            if partial is not None:
                raise
            diagram = game.state_from_text(text, partial=True)  # a text that does not parse raises here
            self.__dict__["_offered"] = text
            raise Refused(f"Could not load that: this position cannot arise in play: "
                           f"{'; '.join(p for p in diagram.problems() if not p.missing)}. "
                           f"Press Load again to show it anyway, as a diagram (part of a board).") from None
        return Record.new(game, start=state, partial=partial)

    def close(self) -> None:
        """Close the widget; a bot thinking, an analysis or a hint running is dropped."""
        lock = getattr(self, "_lock", None)  # None: the widget's arguments were refused before it was made
        if lock is not None:
            with lock:
                self._stop_thinking()
                self._stop_background()
        super().close()

    # Display -------------------------------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any):
        """The widget view, plus a static picture for places without a kernel (nbconvert, GitHub).

        Displaying sends the whole replay once more, so that a page that was not open while
        moves were played, and a notebook saved with its widgets' state, have all of it.
        """
        self.send_state(["frames", "moves", "revision"])
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            picture = self.to_svg()
            data["image/svg+xml"] = picture
            # An <img> survives the HTML sanitiser of untrusted notebooks, where inline SVG is stripped.
            encoded = base64.b64encode(picture.encode()).decode()
            plies = len(self.record.plies)
            alt = html.escape(f"{self.game.title} board after {plies} {'ply' if plies == 1 else 'plies'}")
            data["text/html"] = f'<img class="icewidgets-static" src="data:image/svg+xml;base64,{encoded}" alt="{alt}">'
        return bundle

    def to_svg(self, **options: Any) -> str:
        """The picture of the position shown (``theme="auto"`` draws the light theme)."""
        theme = "light" if self.theme == AUTO else self.theme
        return svg.board(self.state, **{"theme": theme, "palette": self._palette, "size": self.size, **options})


def _valid_theme(name: Any) -> str:
    """A theme's name (``"auto"`` or one of :data:`icewidgets.svg.THEMES`); else a ValueError."""
    if isinstance(name, str) and (name == AUTO or name in svg.THEMES):
        return name
    raise ValueError(f"theme={name!r} is not a theme; choose {AUTO!r} or one of {', '.join(map(repr, svg.THEMES))}")


def _valid_size(size: Any) -> float | str | None:
    """A ``size=`` the page can take: None, a board width in pixels (as a float) or a named size;
    else the ValueError of :func:`icewidgets.svg.size_of`."""
    if size is not None and not isinstance(size, str) and (isinstance(size, bool) or not isinstance(size, numbers.Real)):
        raise ValueError(f"size={size!r} is not a size; give a board width in pixels or one of "
                         f"{', '.join(map(repr, svg.SIZES))}")
    svg.size_of(size)
    return size if size is None or isinstance(size, str) else float(size)


def _as_record(game: Any, seed: int | None, options: dict) -> Record:
    if game is None:
        game = available_games()[0]
    if isinstance(game, str) and game.strip().startswith(CODE_PREFIX):
        game = Record.from_code(game.strip())
    if isinstance(game, Record):
        _agree(game.make_game(), options, "the record's game")
        return game
    if isinstance(game, State):
        _agree(game.game, options, "the position's game")
        return Record.new(game.game, start=game)
    if isinstance(game, Game):
        return Record.new(game, seed=seed, **options)
    if isinstance(game, str):
        return Record.new(make(game.strip(), **options), seed=seed)
    raise TypeError(f"GameWidget needs a game name, Game, State or Record, not {type(game).__name__}")


def _agree(game: Game, options: dict, what: str) -> None:
    """Options given beside a State or a Record may only repeat its game's: they cannot change it."""
    checks.no_unknown(options, "GameWidget()", list(game.options) + ["agents", "seed", "theme", "palette", "size"])
    for key, value in options.items():
        if game.options[key] != value:
            raise ValueError(f"{key}={value!r} contradicts {what}, which has {key}={game.options[key]!r}; leave "
                             f"{key} out (a State or a Record keeps its game), or start a new game: "
                             f"GameWidget({game.name!r}, {key}={value!r})")


def payload_size(widget: GameWidget) -> int:
    """Bytes of JSON the widget sends for its frames and moves (the replay data)."""
    return len(json.dumps(widget.frames, separators=(",", ":"))) + len(json.dumps(widget.moves, separators=(",", ":")))
