"""``iw.GameWidget``: play, replay and share any game in a notebook.

The widget's traitlets are the single source of truth. Python lays out every picture of the
game once (:func:`icewidgets.svg.ply_frames`, ply by ply) and sends compact frames (pieces that
moved, marks, texts); the browser steps, animates and replays them without asking the kernel.
Moves, clicks, undo, redo, dice rolls, bot answers and loading a position are messages to
:meth:`GameWidget.handle`, which checks everything and answers bad input with a message shown in
the widget. A bot asked by the page thinks on a background thread, so neither the page nor the
notebook waits on it; the widget says that it is thinking meanwhile.

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
import dataclasses
import functools
import html
import json
import pathlib
import threading
from typing import Any, Callable

import anywidget
import numpy as np
import traitlets

from .. import svg
from ..agents import chance_move, get_agent
from ..games import available_games, make
from ..pieces import is_pawn
from ..protocol import CHANCE, Game, State
from ..record import CODE_PREFIX, Record

STATIC = pathlib.Path(__file__).parent / "static"
HUMAN = "human"


def _locked(method: Callable) -> Callable:
    """The method runs holding the widget's lock (a thinking bot's answer waits for it)."""

    @functools.wraps(method)
    def locked(self: "GameWidget", *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return locked


class GameWidget(anywidget.AnyWidget):
    """One widget for every game: click to move, step through every ply and every stage of one.

    ``GameWidget(name, players=2, agents={1: "greedy"})`` plays game ``name`` against a bot in
    seat 2 (without a name: the first of :func:`icewidgets.available_games`);
    ``GameWidget(state)`` starts from a position, ``GameWidget(record)`` replays a game.

    Live on the Python side: ``widget.state`` (the position shown), ``widget.record`` (the whole
    game), ``widget.ply`` (plies shown; set it to move the view; observe it to follow moves).
    """

    _esm = STATIC / "game_widget.js"
    _css = STATIC / "game_widget.css"

    game_name = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    board = traitlets.Dict().tag(sync=True)  # width, height, static svg, catalogue, pawns, colours
    frames = traitlets.List().tag(sync=True)  # compact frames, see _compact
    moves = traitlets.List().tag(sync=True)  # one entry per ply: text, player, first frame
    ply = traitlets.Int(0).tag(sync=True)
    legal = traitlets.List().tag(sync=True)  # [move, from, to] for the newest position (from may be None)
    buttons = traitlets.List().tag(sync=True)  # [label, message to send] for moves without squares, the roll
    seats = traitlets.List().tag(sync=True)  # "human" or an agent name per player
    bot_pending = traitlets.Bool(False).tag(sync=True)
    bot_thinking = traitlets.Bool(False).tag(sync=True)  # a bot is choosing its move on a background thread
    can_undo = traitlets.Bool(False).tag(sync=True)
    can_redo = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    message_kind = traitlets.Unicode("info").tag(sync=True)  # "info" or "error"
    position_text = traitlets.Unicode("").tag(sync=True)
    record_code = traitlets.Unicode("").tag(sync=True)
    theme = traitlets.Unicode("light").tag(sync=True)
    speed = traitlets.Float(1.0).tag(sync=True)
    bot_delay = traitlets.Int(500).tag(sync=True)  # milliseconds before a bot answers

    def __init__(
        self,
        game: str | Game | State | Record | None = None,
        *,
        players: int | None = None,
        agents: dict[int, Any] | list | tuple | None = None,
        seed: int | None = None,
        theme: str = "light",
        palette: str = "standard",
        **options: Any,
    ):
        super().__init__()
        svg.theme(theme)
        svg.palette(palette)
        self.theme, self._palette = theme, palette
        if players is not None:
            options["players"] = players
        self._record = _as_record(game, seed, options)
        self._seed = seed if seed is not None else (self._record.seed or 0)
        self._rng = None
        self._redo: list[str] = []
        # Messages from the page and a thinking bot's answer change the game one at a time.
        self._lock = threading.RLock()
        self._thinking_about: State | None = None
        self.bot_thread: threading.Thread | None = None
        g = self._record.make_game()
        self.game_name, self.title = g.name, g.title or g.name
        self._agents: dict[int, Callable] = {}
        self.seats = self._seat_names(g, agents)
        self._rebuild()
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
        ``{"type": "restart"}``.
        """
        try:
            if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                raise _Refused("the widget received a message it does not understand")
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
                                            start=self._record.start))
            raise _Refused(f"the widget received an unknown message type {kind!r}")
        except _Refused as refused:
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
    def load(self, what: Any) -> bool:
        """Start again from a position text, a record code (``iw1.…``), record JSON, a State or a Record."""
        try:
            if isinstance(what, Record):
                record = what
            elif isinstance(what, State):
                record = Record.new(what.game, start=what)
            elif isinstance(what, str) and len(what) > 200_000:
                raise _Refused("That text is too long to be a position or a game code.")
            elif isinstance(what, str) and what.strip():
                record = self._parse_loaded(what.strip())
            else:
                raise _Refused("Paste a position text or a record code to load.")
        except (ValueError, TypeError) as error:
            raise _Refused(f"Could not load that: {error}") from None
        if record.game != self.game_name:
            self.game_name = record.game
            g = record.make_game()
            self.title = g.title or g.name
            self.seats = self._seat_names(g, None)
        self._record = record
        self._redo = []
        self._rebuild()
        self._say(f"Loaded a {self.title} game with {len(record.plies)} plies.", "info")
        return True

    # Message handling -----------------------------------------------------------------------

    FRONT_END_TRAITS = frozenset({"ply", "speed"})
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
        if "speed" in allowed and (isinstance(allowed["speed"], bool) or not isinstance(allowed["speed"], (int, float))
                                   or not 0 < allowed["speed"] <= 100):
            self._say(f"The widget ignored speed={allowed.pop('speed')!r} from the page.", "error")
        if allowed:
            super().set_state(allowed)

    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "bot":
            self.think()
        else:
            self.handle(content)

    def think(self) -> None:
        """Let the bot to move choose on a background thread (:attr:`bot_thread`), as the page asks:
        meanwhile :attr:`bot_thinking` is True and the widget says so. Its answer is played if
        the game is still where it was (an undo or a load meanwhile drops it). A dice roll or a
        refusal is answered at once."""
        with self._lock:
            state = self.final_state
            if state.is_over or not self._is_bot(state) or state.to_move == CHANCE:
                self.handle({"type": "bot"})
                return
            if self._thinking_about is state:
                return  # asked twice for the same position
            self._thinking_about = state
            seat = state.player
            self.bot_thinking = True
            self._say(f"{self.game.player_name(seat)} ({self.seats[seat]}) is thinking…", "info")
            self.bot_thread = threading.Thread(target=self._answer, args=(state,), daemon=True, name="icewidgets-bot")
            self.bot_thread.start()

    def _answer(self, state: State) -> None:
        """The thinking bot's work: choose (slow, without the lock), then play if still current."""
        move, failure = None, None
        try:
            move = self._bot_choice(state)
        except _Refused as refused:
            failure = str(refused)
        with self._lock:
            if self._thinking_about is not state:
                return  # a newer question replaced this one
            self._thinking_about = None
            self.bot_thinking = False
            if self.final_state is not state:
                return  # an undo or a load came first (and said so)
            if failure is None:
                try:
                    self._play_bot_move(state, move)
                except _Refused as refused:
                    failure = str(refused)
            if failure is not None:
                self.bot_pending = False
                self._say(failure, "error")

    def _stop_thinking(self) -> None:
        """The game goes back or starts again: a bot still thinking will find its answer dropped."""
        self._thinking_about = None
        self.bot_thinking = False

    def _human_move(self, text: Any) -> bool:
        if not isinstance(text, str) or not text.strip() or len(text) > 64:
            raise _Refused("A move must be given as its notation, e.g. " + repr(self.game.example_move))
        state = self._state_to_play()
        try:
            after = state.play(text.strip())
        except (ValueError, TypeError) as error:
            raise _Refused(str(error)) from None
        self._branch_here()
        self._push(text.strip(), after)
        return True

    def _click(self, source: Any, target: Any) -> bool:
        squares = self.game.grid.names
        if not (isinstance(source, str) and source in squares and isinstance(target, str) and target in squares):
            raise _Refused("A click must name two squares of the board.")
        state = self._state_to_play()
        text = self.game.controls.click_move(state, source, target)
        if text is None:
            raise _Refused(f"The piece on {source} cannot go to {target}.")
        return self._human_move(text)

    def _state_to_play(self) -> State:
        """The position shown (playing from an earlier ply branches off there), if a human may move in it."""
        state = self.state
        if state.is_over:
            raise _Refused("The game is over: no more moves. Use Undo or load another position.")
        if state.to_move == CHANCE:
            raise _Refused("Roll the dice first.")
        if self._is_bot(state):
            raise _Refused(f"It is {self.game.player_name(state.player)}'s turn (a bot); wait for its move.")
        return state

    def _roll(self) -> bool:
        state = self.state
        if state.to_move != CHANCE or state.is_over:
            raise _Refused("There are no dice to roll now.")
        outcome = chance_move(state, self._generator())
        self._branch_here()
        self._push(str(outcome), state.play(outcome))
        return True

    def _bot_move(self) -> bool:
        state = self.final_state
        if state.is_over or not self._is_bot(state):
            self.bot_pending = False
            raise _Refused("No bot is to move now.")
        try:
            return self._play_bot_move(state, self._bot_choice(state))
        except _Refused:
            self.bot_pending = False
            raise

    def _bot_choice(self, state: State) -> Any:
        """The move of the bot to move in ``state`` (its dice roll at a chance ply)."""
        try:
            if state.to_move == CHANCE:
                return chance_move(state, self._generator())
            return self._agents[state.player](state, self._generator())
        except Exception as error:  # a failing bot is reported in the widget, never swallowed
            raise _bot_failed(state, error) from None

    def _play_bot_move(self, state: State, move: Any) -> bool:
        seat = state.player
        try:
            after = state.play(move)
        except Exception as error:
            raise _bot_failed(state, error) from None
        self._push(str(move), after)
        if state.to_move != CHANCE:
            self._say(f"{self.game.player_name(seat)} ({self.seats[seat]}) played {move}.", "info")
        return True

    def _branch_here(self) -> None:
        """Playing from an earlier ply drops the later plies (the new move then clears redo)."""
        if self.ply != len(self._record.plies):
            self._truncate(self.ply)

    # Building the data -----------------------------------------------------------------------

    def _seat_names(self, game: Game, agents: Any) -> list[str]:
        n = game.num_players
        names = [HUMAN] * n
        self._agents = {}
        if agents is None:
            agents = {}
        if isinstance(agents, (list, tuple)):
            agents = {i: a for i, a in enumerate(agents) if a not in (None, HUMAN)}
        if not isinstance(agents, dict):
            raise TypeError("agents= must be a dict {seat: agent name or callable}, e.g. {1: 'greedy'}")
        for seat, agent in agents.items():
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"agents: seat {seat!r} is not a player of this game (0 to {n - 1})")
            if agent in (None, HUMAN):
                continue
            self._agents[seat] = get_agent(agent)
            names[seat] = agent if isinstance(agent, str) else getattr(agent, "__name__", "bot")
        return names

    def _is_bot(self, state: State) -> bool:
        # At a chance ply ``player`` is whose roll it is: a bot's dice roll by themselves, a
        # human presses the roll button.
        return not state.is_over and state.player in self._agents

    def _generator(self) -> np.random.Generator:
        if self._rng is None:
            self._rng = np.random.default_rng(self._seed)
        return self._rng

    def _rebuild(self) -> None:
        """Lay out the whole record again (on creation and load)."""
        self._stop_thinking()
        self._states = list(self._record.states())
        self._tracker = svg.Tracker(self._states[0])
        self._placements = [self._tracker.placement]
        start = svg.scene(self._states[0], self._tracker.placement, theme=self.theme, palette=self._palette,
                          text="The game starts.")
        self._frames_full: list[svg.Frame] = [svg.Frame(0, 0, True, start)]
        self._move_entries: list[dict] = []
        for ply, move in enumerate(self._record.plies, start=1):
            self._add_ply_frames(ply, move)
        self._publish(view_ply=len(self._record.plies))

    def _add_ply_frames(self, ply: int, move: str) -> None:
        """Lay out ply ``ply``; the tracker stands at the placement after the ply before."""
        before, after = self._states[ply - 1], self._states[ply]
        first = len(self._frames_full)
        self._frames_full += svg.ply_frames(self._tracker, ply, before, move, after,
                                            theme=self.theme, palette=self._palette)
        self._placements.append(self._tracker.placement)
        player = before.to_move
        who = "Dice" if player == CHANCE else before.game.player_name(player)
        self._move_entries.append({"ply": ply, "move": move, "who": who, "frame": first,
                                   "text": " ".join(str(e) for e in after.events)})

    def _push(self, move: str, state: State, keep_redo: bool = False) -> None:
        self._record = dataclasses.replace(self._record, plies=self._record.plies + (move,))
        self._states.append(state)
        if not keep_redo:
            self._redo = []
        self._add_ply_frames(len(self._record.plies), move)
        self._publish(view_ply=len(self._record.plies))
        self._say("", "info")

    def _truncate(self, n: int) -> None:
        self._stop_thinking()
        self._record = self._record.truncated(n)
        self._states = self._states[: n + 1]
        self._placements = self._placements[: n + 1]
        self._tracker.placement = self._placements[-1]
        self._tracker.state = self._states[-1]
        self._frames_full = [f for f in self._frames_full if f.ply <= n]
        self._move_entries = self._move_entries[:n]
        self._publish(view_ply=n)

    def _publish(self, view_ply: int) -> None:
        height = max(f.scene.height for f in self._frames_full)
        width = max(f.scene.width for f in self._frames_full)
        first = self._frames_full[0].scene
        catalogue = {}
        for f in self._frames_full:
            for pid, tok, *_ in f.scene.pieces:
                if tok not in catalogue:
                    catalogue[tok] = svg.piece_markup(tok, self._palette)
        colours = svg.theme(self.theme)
        with self.hold_sync():
            self.board = {
                "width": width, "height": height, "static": first.static, "catalogue": catalogue,
                # Pawns stand on a stack without being part of it: drawn on top, not counted in its height.
                "pawns": sorted(tok for tok in catalogue if is_pawn(tok)),
                "colours": {"background": colours["bg"], "text": colours["text"],
                            "selected": colours["sel"], "target": colours["tgt"]},
            }
            self.frames = _compact(self._frames_full)
            self.moves = list(self._move_entries)
            self._set_legal()
            self.can_undo = bool(self._record.plies)
            self.can_redo = bool(self._redo)
            self.record_code = self._record.to_code()
            self.ply = view_ply
            self.position_text = self.state.to_text()
            self.bot_pending = self._is_bot(self.final_state)

    def _set_legal(self) -> None:
        state = self.final_state
        controls = state.game.controls
        legal, buttons = [], []
        if not state.is_over and not self._is_bot(state):
            if state.to_move == CHANCE:
                buttons.append([controls.roll_label, {"type": "roll"}])
            else:
                for move in state.legal_moves():
                    text = str(move)
                    pairs = controls.move_squares(state, move)
                    if pairs:
                        legal.extend([text, source, target] for source, target in pairs)
                    else:
                        buttons.append([controls.button_label(move), {"type": "move", "move": text}])
        self.legal = legal
        self.buttons = buttons

    @traitlets.observe("ply")
    def _ply_changed(self, change: dict) -> None:
        n = change["new"]
        if not isinstance(n, int) or not 0 <= n <= len(self._record.plies):
            self.ply = change["old"] if 0 <= change["old"] <= len(self._record.plies) else len(self._record.plies)
            self._say(f"ply must be between 0 and {len(self._record.plies)}.", "error")
            return
        self.position_text = self._states[n].to_text()

    def _say(self, text: str, kind: str = "info") -> None:
        if text and text == self.message:
            self.message = ""  # the same message again must still reach the front end as a change
        self.message_kind = kind
        self.message = text

    def _parse_loaded(self, text: str) -> Record:
        if text.startswith(CODE_PREFIX):
            return Record.from_code(text)
        if text.startswith("{"):
            return Record.from_json(text)
        game = self._record.make_game()
        state = game.state_from_text(text)
        return Record.new(game, start=state)

    # Display -------------------------------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any):
        """The widget view, plus a static picture for places without a kernel (nbconvert, GitHub)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            picture = svg.board(self.state, theme=self.theme, palette=self._palette)
            data["image/svg+xml"] = picture
            # An <img> survives the HTML sanitiser of untrusted notebooks, where inline SVG is stripped.
            encoded = base64.b64encode(picture.encode()).decode()
            plies = len(self.record.plies)
            alt = html.escape(f"{self.game.title} board after {plies} {'ply' if plies == 1 else 'plies'}")
            data["text/html"] = f'<img class="icewidgets-static" src="data:image/svg+xml;base64,{encoded}" alt="{alt}">'
        return bundle

    def to_svg(self, **options: Any) -> str:
        """The picture of the position shown."""
        return svg.board(self.state, **{"theme": self.theme, "palette": self._palette, **options})


class _Refused(Exception):
    pass


def _bot_failed(state: State, error: Exception) -> _Refused:
    return _Refused(f"The bot in seat {state.player + 1} failed: {type(error).__name__}: {error}")


def _as_record(game: Any, seed: int | None, options: dict) -> Record:
    if game is None:
        game = available_games()[0]
    if isinstance(game, Record):
        return game
    if isinstance(game, State):
        return Record.new(game.game, start=game)
    if isinstance(game, Game):
        return Record.new(game, seed=seed, **options)
    if isinstance(game, str):
        text = game.strip()
        if text.startswith(CODE_PREFIX):
            return Record.from_code(text)
        return Record.new(make(text, **options), seed=seed)
    raise TypeError(f"GameWidget needs a game name, Game, State or Record, not {type(game).__name__}")


def _compact(frames: list[svg.Frame]) -> list[dict]:
    """Frames as small dicts: only the pieces, marks and panel that changed since the previous one.

    A piece entry is ``[id, location, x, y, side, z]``; side 0 hides a piece that left the game.
    """
    out = []
    prev: dict[str, tuple] = {}
    prev_marks = prev_panel = None
    for f in frames:
        sc = f.scene
        now = {}
        for pid, tok, loc, x, y, side in sc.pieces:
            now[pid] = (loc, round(x, 1), round(y, 1), round(side, 1), tok)
        changed = []
        for pid, (loc, x, y, side, tok) in now.items():
            if prev.get(pid) != (loc, x, y, side, tok):
                changed.append([pid, tok, loc, x, y, side])
        for pid in prev:
            if pid not in now:
                changed.append([pid, prev[pid][4], "", prev[pid][1], prev[pid][2], 0])
        entry: dict[str, Any] = {"p": f.ply, "s": f.stage, "f": int(f.final), "t": sc.text, "d": changed}
        if sc.marks != prev_marks:
            entry["m"] = sc.marks
        if sc.panel != prev_panel:
            entry["n"] = sc.panel
        out.append(entry)
        prev, prev_marks, prev_panel = now, sc.marks, sc.panel
    return out


def payload_size(widget: GameWidget) -> int:
    """Bytes of JSON the widget sends for its frames and moves (the replay data)."""
    return len(json.dumps(widget.frames, separators=(",", ":"))) + len(json.dumps(widget.moves, separators=(",", ":")))
