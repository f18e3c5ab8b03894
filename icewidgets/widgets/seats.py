"""The widget's seats: which players are bots, and a bot's move chosen on a background thread.

:class:`Seats` is a part of :class:`~icewidgets.widgets.game_widget.GameWidget`: ``agents=``
names a bot per seat (any agent of :func:`icewidgets.agents.get_agent`), the page asks a bot to
move (:meth:`Seats.think`), and its answer is played if the game is still where it was. A bot
that fails or chooses a move the rules refuse is reported in the widget (:class:`Refused`), never
swallowed.
"""

from __future__ import annotations

import numbers
import threading
from typing import Any

import numpy as np

from .. import fast
from ..agents import chance_move, get_agent
from ..protocol import CHANCE, Game, IllegalMoveError, NotationError, State
from .background import Task

SLOW_BOT_AFTER = 1.0
"""Seconds a bot thinks before the widget says why, when its game's fast engine is prepared."""

HUMAN = "human"
"""The seat of a player who moves by hand (``agents=`` leaves it out, or names it)."""


class Refused(Exception):
    """A message the widget answers with a sentence shown in the widget instead of acting."""


class Seats:
    """Bots in some seats of the widget: their moves, on a background thread or at once."""

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
            if self._bot_task is not None and self._bot_task.running and self._bot_task.about is state:
                return  # asked twice for the same position
            self._stop_thinking()
            seat = state.player
            self.bot_thinking = True
            self._say(f"{self.game.player_name(seat)} ({self.seats[seat]}) is thinking…", "info")
            self._bot_task = Task(self._lock, "bot", lambda task: self._bot_choice(state),
                                  lambda move, error: self._bot_answered(state, move, error), about=state).start()
            self.bot_thread = self._bot_task.thread
            self._tell_if_slowed(self._bot_task, seat)

    def _tell_if_slowed(self, task: Task, seat: int) -> None:
        """A bot still thinking after :data:`SLOW_BOT_AFTER` seconds while the game's fast engine
        is prepared (its first moves in a new installation: its rollouts run on the rules
        engine meanwhile) says why it is slow."""
        def check() -> None:
            with self._lock:
                if self._bot_task is task and task.running and fast.preparing(self.game):
                    self._say(f"{self.game.player_name(seat)} ({self.seats[seat]}) is thinking… slower the first "
                              f"time: the fast engine for {self.game.title} is being prepared in the background.",
                              "info")

        timer = threading.Timer(SLOW_BOT_AFTER, check)
        timer.daemon = True
        timer.start()

    def _bot_answered(self, state: State, move: Any, error: Exception | None) -> None:
        """The thinking bot's answer (under the lock): played if the game is still where it was."""
        self._bot_task = None
        self.bot_thinking = False
        if self.final_state is not state:
            return  # the game moved on meanwhile
        failure = None if error is None else str(error)
        if failure is None:
            try:
                self._play_bot_move(state, move)
            except Refused as refused:
                failure = str(refused)
        if failure is not None:
            self.bot_pending = False
            self._say(failure, "error")

    def _stop_thinking(self) -> None:
        """The game goes back or starts again: a bot still thinking will find its answer dropped."""
        if self._bot_task is not None:
            self._bot_task.drop()
            self._bot_task = None
        self.bot_thinking = False

    def _bot_move(self) -> bool:
        state = self.final_state
        if state.is_over or not self._is_bot(state):
            self.bot_pending = False
            raise Refused("No bot is to move now.")
        try:
            return self._play_bot_move(state, self._bot_choice(state))
        except Refused:
            self.bot_pending = False
            raise

    def _bot_choice(self, state: State) -> Any:
        """The move of the bot to move in ``state`` (its dice roll at a chance ply)."""
        try:
            if state.to_move == CHANCE:
                return chance_move(state, self._generator())
            return self._agents[state.player](state, self._generator())
        except Exception as error:  # a failing bot is reported in the widget, never swallowed
            raise bot_failed(state, error) from None

    def _play_bot_move(self, state: State, move: Any) -> bool:
        seat = state.player
        try:
            after = state.play(move)
        except (IllegalMoveError, NotationError) as error:
            raise Refused(f"The bot in seat {seat + 1} ({self.seats[seat]}) chose {move!r} at ply "
                           f"{len(self._record.plies) + 1}, which the rules refuse: {error}") from None
        except Exception as error:
            raise bot_failed(state, error) from None
        self._push(str(move), after)
        if state.to_move != CHANCE:
            self._say(f"{self.game.player_name(seat)} ({self.seats[seat]}) played {move}.", "info")
        return True

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
            if isinstance(seat, bool) or not isinstance(seat, numbers.Integral) or not 0 <= seat < n:
                raise ValueError(f"agents: seat {seat!r} is not a player of this game (0 to {n - 1})")
            seat = int(seat)
            if agent is None or (isinstance(agent, str) and agent == HUMAN):
                continue
            self._agents[seat] = get_agent(agent, f"agents[{seat}]")
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


def bot_failed(state: State, error: Exception) -> Refused:
    return Refused(f"The bot in seat {state.player + 1} failed: {type(error).__name__}: {error}")
