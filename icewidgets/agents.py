"""Agents: who chooses the moves in playouts, tournaments and the widgets.

An agent is any callable ``agent(state, rng) -> move`` where ``rng`` is a
``numpy.random.Generator``; it returns one of ``state.legal_moves()`` (or, at a chance ply,
one of the outcomes of ``state.chance_outcomes()``). Three agents are built in, by name:

``"random"``
    Uniform over the legal moves. Exactly one draw per ply, so a compiled engine can replay
    the same games: ``moves = state.legal_moves(); return moves[int(rng.random() * len(moves))]``.
``"greedy"``
    The game's own one-ply heuristic (see :func:`greedy`), with exactly one ``rng.random()`` draw
    per decision to break ties among the best moves, the same way the random agent picks.
``"mcts"``
    UCT Monte Carlo tree search (see :func:`make_mcts`), 300 iterations.

And three levels for people to play against, the same names in every game (see :data:`LEVELS`):
``"easy"`` (the greedy rule with many mistakes), ``"medium"`` (the greedy rule) and ``"hard"``
(a search whose playouts run in the compiled kernels, or the game's own agent for the level).

Chance plies (``state.to_move == CHANCE``, e.g. dice rolls) are handled the same way by
every built-in agent, with one draw: ``u = rng.random()`` is compared with the cumulative
probabilities of ``state.chance_outcomes()`` in their listed order (see :func:`chance_move`).

>>> import numpy as np
>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state()
>>> moves, u = state.legal_moves(), np.random.default_rng(1).random()
>>> get_agent("random")(state, np.random.default_rng(1)) == moves[int(u * len(moves))]
True
>>> get_agent("greedy")(state, np.random.default_rng(1)) in moves
True
"""

from __future__ import annotations

import importlib
import math
import threading
import time
import weakref
from typing import Any, Callable

from . import checks, fast, words
from .protocol import CHANCE, IllegalMoveError, NotationError, State
from .randomness import chance_pick

Agent = Callable[[State, Any], Any]

__all__ = ["Agent", "AGENTS", "LEVELS", "chance_move", "random_agent", "greedy", "make_careless", "make_mcts",
           "get_agent", "agent_name", "is_own", "names_in", "parse_agents", "MAX_ITERATIONS"]

_OWN: "weakref.WeakSet[Agent]" = weakref.WeakSet()


def _own(agent: Agent) -> Agent:
    """Mark ``agent`` as one of the library's own: its moves are legal by construction."""
    _OWN.add(agent)
    return agent


def is_own(agent: Any) -> bool:
    """Whether ``agent`` is one of the library's own agents (:func:`random_agent`,
    :func:`greedy`, and every agent :func:`make_careless` and :func:`make_mcts` made), which
    only ever return legal moves, so their plies need no second check. Recognised by identity,
    never by name: an agent of yours is always checked, whatever its ``agent_name``.

    >>> def mine(state, rng): ...
    >>> mine.agent_name = "mcts"
    >>> is_own(get_agent("mcts")), is_own(mine)
    (True, False)
    """
    try:
        return agent in _OWN
    except TypeError:  # not weakly referable: not one of ours
        return False


# Chance and random ---------------------------------------------------------------------------


def chance_move(state: State, rng: Any) -> Any:
    """The outcome of a chance ply, drawn with one ``u = rng.random()``.

    The outcomes of ``state.chance_outcomes()`` are taken in their listed order; the first whose
    cumulative probability exceeds ``u`` is returned (see :func:`icewidgets.randomness.chance_pick`).
    """
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("chance_move() was called at a ply that is not a chance ply")
    return chance_pick(outcomes, rng.random())


def random_agent(state: State, rng: Any) -> Any:
    """Uniform over ``state.legal_moves()`` with one draw: ``moves[int(rng.random() * len(moves))]``.

    Chance plies go through :func:`chance_move`.
    """
    if state.to_move == CHANCE:
        return chance_move(state, rng)
    moves = state.legal_moves()
    if not moves:
        raise ValueError("random_agent() was asked for a move in a position without legal moves "
                         f"({'the game is over' if state.is_over else 'none is legal'})")
    return moves[int(rng.random() * len(moves))]


random_agent.agent_name = "random"  # type: ignore[attr-defined]
random_agent.kernel_name = "random"  # type: ignore[attr-defined]  # the kernels play it (icewidgets.fast)
_own(random_agent)


# Greedy ------------------------------------------------------------------------------------


def greedy(state: State, rng: Any) -> Any:
    """A one-ply heuristic player: the game's own rule, ``state.game.greedy(state, rng)``.

    Each game documents its rule where it defines it (``help(game.greedy)``). A rule values the
    legal moves with integers and picks among the best with
    :func:`icewidgets.randomness.pick_best`, ``best[int(rng.random() * len(best))]`` (best moves
    in ``legal_moves()`` order): exactly one draw per decision, so a compiled engine can
    reproduce it. A game without a rule is played at random (:func:`random_agent`), and chance
    plies use :func:`chance_move`.

    >>> import numpy as np
    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state()
    >>> greedy(state, np.random.default_rng(3)) == state.game.greedy(state, np.random.default_rng(3))
    True
    """
    if state.to_move == CHANCE:
        return chance_move(state, rng)
    rule = state.game.greedy
    if rule is None:
        return random_agent(state, rng)
    return rule(state, rng)


greedy.agent_name = "greedy"  # type: ignore[attr-defined]
greedy.kernel_name = "greedy"  # type: ignore[attr-defined]
_own(greedy)


def make_careless(mistakes: float) -> Agent:
    """The greedy rule with mistakes: a uniformly random legal move with probability ``mistakes``,
    else the greedy move (:func:`greedy`). Two draws per decision: one to choose which, one for
    the move.

    >>> import numpy as np
    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state()
    >>> rng, twin = np.random.default_rng(4), np.random.default_rng(4)
    >>> twin.random() < 1.0  # the draw that chooses: never a mistake with mistakes=0
    True
    >>> make_careless(0.0)(state, rng) == greedy(state, twin)
    True
    """
    mistakes = checks.number(mistakes, "mistakes", low=0, high=1, what="a probability")

    def careless(state: State, rng: Any) -> Any:
        if state.to_move == CHANCE:
            return chance_move(state, rng)
        return random_agent(state, rng) if rng.random() < mistakes else greedy(state, rng)

    careless.agent_name = f"careless({mistakes:g})"  # type: ignore[attr-defined]
    return _own(careless)


# Playing on from a position ----------------------------------------------------------------


def play_on(state: State, agents: Any, seed: Any, count: int, max_plies: int, engine: str = "auto",
            check: Callable[[], Any] | None = None) -> dict:
    """``count`` games played on from ``state`` by ``agents`` (one per seat), as arrays.

    Game i draws from ``numpy.random.default_rng(SeedSequence(seed, spawn_key=(i,)))``: chance
    plies by :func:`chance_move`, the others by the agent of the seat to move, until the game is
    over or ``max_plies`` more plies have been played. With ``engine="auto"`` the compiled kernel
    plays where one applies (:func:`icewidgets.fast.play_from`), else the rules engines; with
    ``"reference"`` always the rules engines. A kernel that is not ready yet is prepared in the
    background (:func:`icewidgets.fast.ready`) while the rules engines play, and plays the games
    left once it is. The games are the same either way, and so are these arrays, one row per game: ``winners`` (bit p: player p won), ``scores`` (int16), ``plies``
    (played here), ``turns`` (the final ``state.turns``) and ``unfinished`` (stopped by
    ``max_plies`` or a turn limit); a kernel may add its counters. An agent's illegal move or
    error says which agent, seat, ply and rollout (:func:`play_chosen`, :func:`note_agent_error`).
    ``check()``, if given, is called before every ply on the rules engines (a slow agent's games
    can then be stopped between two moves, by whatever it raises).

    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state()
    >>> out = play_on(state, ["random"] * state.game.num_players, seed=1, count=3, max_plies=4)
    >>> out["plies"].tolist(), out["unfinished"].tolist()
    ([4, 4, 4], [True, True, True])
    """
    if engine not in ("auto", "reference"):
        raise ValueError(f"engine={engine!r}; choose 'auto' or 'reference'")
    seats = [get_agent(agent) for agent in agents]
    kernel = fast.kernel_for(state.game, seats) if engine == "auto" else None
    switch = kernel is not None and hasattr(kernel, "play_from")
    if switch and fast.ready(state.game, seats, continuing=True):
        return fast.play_from(state, seats, seed, count, max_plies)
    import numpy as np

    # The library's own agents only return legal moves: their plies need no second check.
    checked = [not is_own(agent) for agent in seats]
    out = {
        "winners": np.zeros(count, dtype=np.uint8),
        "scores": np.zeros((count, state.game.num_players), dtype=np.int16),
        "plies": np.zeros(count, dtype=np.int32),
        "turns": np.zeros(count, dtype=np.int32),
        "unfinished": np.zeros(count, dtype=np.bool_),
    }
    for i in range(count):
        if switch and i and fast.ready(state.game, seats, continuing=True):
            # Ready now: the kernel plays the games left (it plays the first i again, as it can
            # only start at game 0; they cost little there).
            rest = fast.play_from(state, seats, seed, count, max_plies)
            for key, column in out.items():
                column[i:] = rest[key][i:]
            return out
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
        now, plies = state, 0
        while not now.is_over and plies < max_plies:
            if check is not None:
                check()
            seat = now.to_move
            if seat == CHANCE:
                now = now._apply(chance_move(now, rng))
            else:
                try:
                    move = seats[seat](now, rng)
                except Exception as error:  # an agent's own bug: said whose, where, in which rollout
                    note_agent_error(error, seats[seat], now, plies + 1, i + 1, "rollout")
                    raise
                now = (play_chosen(now, move, seats[seat], plies + 1, i + 1, "rollout") if checked[seat]
                       else now._apply(move))
            plies += 1
        out["winners"][i] = sum(1 << p for p in now.winners)
        out["scores"][i] = [_whole(score) for score in now.scores]
        out["plies"][i], out["turns"][i] = plies, now.turns
        out["unfinished"][i] = not now.is_over or now.unfinished
    return out


def _whole(score: Any) -> int:
    """A score as the kernels' arrays hold it: a whole number, 0 for one that is not a number."""
    try:
        return int(score)
    except (TypeError, ValueError):
        return 0


# MCTS --------------------------------------------------------------------------------------


class _Node:
    __slots__ = ("state", "player", "children", "untried", "visits", "wins")

    def __init__(self, state: State, players: int):
        self.state = state
        self.player = state.to_move
        self.children: dict[Any, "_Node"] = {}
        self.untried: list | None = None
        self.visits = 0
        self.wins = [0.0] * players


def _reward(winners: Any, scores: Any, finished: bool, players: int, scale: float) -> list[float]:
    """What a finished or cut-short game is worth to each player.

    A finished game: 1 to a sole winner, shared wins split, 1/players each on a draw. A game cut
    short (or stopped by a turn limit) is judged by its live ``scores``: player p gets
    ``1 / (1 + exp(-(score_p - best other score) / scale))``, 1/2 when level; 1/players each when
    the scores are not numbers.
    """
    if finished:
        if not winners:
            return [1.0 / players] * players
        share = 1.0 / len(winners)
        return [share if p in winners else 0.0 for p in range(players)]
    try:
        values = [float(s) for s in scores]
    except (TypeError, ValueError):
        return [1.0 / players] * players
    if players == 1:
        return [0.5]
    reward = []
    for p in range(players):
        lead = values[p] - max(s for q, s in enumerate(values) if q != p)
        reward.append(1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / scale)))))
    return reward


def _state_reward(state: State, players: int, scale: float) -> list[float]:
    return _reward(state.winners, state.scores, state.is_over and not state.unfinished, players, scale)


def _ends_turn(state: State, move: Any) -> bool:
    after = state._apply(move)
    return after.to_move != state.to_move or after.is_over


MAX_ITERATIONS = 10_000_000
"""The most iterations of a tree search (:func:`make_mcts`, ``"mcts:ITERATIONS"``): past it one
move would take hours; a longer search is given a ``time_limit`` instead."""


def make_mcts(
    iterations: int | None = 300,
    time_limit: float | None = None,
    exploration: float = 0.25,
    horizon: int | None = 1,
    rollout_plies: int = 200,
    rollout: str | Agent | None = None,
    score_scale: float = 4.0,
    max_plies_per_turn: int | None = 8,
    rollouts: int = 1,
) -> Agent:
    """A UCT Monte Carlo tree search agent.

    Each iteration walks the tree from the current state choosing the child with the best
    UCB1 value ``wins/visits + exploration·sqrt(ln(parent visits)/visits)`` for the player to
    move there, samples chance plies with :func:`chance_move`, adds one new child (picked with
    one draw among the untried moves), judges the new position by ``rollouts`` rollouts and
    backs up their mean reward. A finished game gives 1 to the winner (shared wins and draws
    split); a rollout cut short is judged by the live scores,
    ``1 / (1 + exp(-lead / score_scale))`` where ``lead`` is the player's score minus the best
    other score. The move played is the most visited child (ties: the first in
    ``legal_moves()`` order).

    A rollout is played by the ``rollout`` agent (a name or a callable; default random), in one
    of two ways:

    - ``horizon`` turns (the default, 1): the rollout plays until ``horizon`` turns have begun
      since the root (never more than ``rollout_plies`` plies), on the rules engines. With
      ``horizon=1`` it only finishes the turn in progress; everything after it (the opponent's
      replies, the next turns) is judged in the tree, free of rollout noise. Horizons count
      turns, not plies, so a line that keeps a multi-ply turn going is judged at the same point
      as one that ends it.
    - ``horizon=None``: the rollouts play on (:func:`play_on`) to the end of the game or
      ``rollout_plies`` more plies, all ``rollouts`` of a position in one call of the compiled
      kernel where one applies (random or greedy rollouts), else on the rules engines, with
      the same games either way (one ``rng`` draw seeds them).

    In games where a turn may go on for ever (a piece that may keep moving without ending the
    turn), the agent ends its turn after ``max_plies_per_turn`` plies in a row of one turn: it then
    searches only the moves that end the turn. It recognises its own turn going on by the
    position it expects next, so this needs no state beyond the game being played.

    The budget is ``iterations`` (at most :data:`MAX_ITERATIONS`) and/or ``time_limit`` seconds
    (whichever ends first). With
    ``iterations`` only the agent is fully determined by ``rng``; a time limit depends on the
    machine's speed. A turn of several plies is searched ply by ply, each ply by the player
    to move.

    >>> agent = make_mcts(iterations=20)
    >>> agent.agent_name
    'mcts(iterations=20)'
    """
    if iterations is None and time_limit is None:
        raise ValueError("make_mcts needs a budget: iterations=… or time_limit=… (seconds)")
    iterations = checks.whole(iterations, "iterations", low=1, high=MAX_ITERATIONS, none=True)
    time_limit = checks.number(time_limit, "time_limit", low=0, low_open=True, none=True,
                               what="a positive number of seconds")
    exploration = checks.number(exploration, "exploration", low=0)
    horizon = checks.whole(horizon, "horizon", low=1, none=True, what="a whole number of turns")
    rollout_plies = checks.whole(rollout_plies, "rollout_plies", low=0)
    score_scale = checks.number(score_scale, "score_scale", low=0, low_open=True)
    max_plies_per_turn = checks.whole(max_plies_per_turn, "max_plies_per_turn", low=0, none=True)
    rollouts = checks.whole(rollouts, "rollouts", low=1)
    rollout_agent = random_agent if rollout is None else get_agent(rollout, "rollout")
    trusted = is_own(rollout_agent)

    # What the agent expects next, per thread: one agent (the built-in "mcts") may play in
    # several threads at once, e.g. a playout lab running while a widget's bot moves.
    local = threading.local()

    def turn_rollouts(root: _Node, path: list[_Node], rng: Any) -> list[float]:
        """The mean reward of ``rollouts`` rollouts from the leaf, each ``horizon`` turns deep."""
        players = root.state.game.num_players
        total = [0.0] * players
        for _ in range(rollouts):
            # Leaves are judged once ``horizon`` turns have begun since the root, however many
            # plies those turns took.
            turns, mover = 0, root.player
            for visited in path[1:]:
                if visited.player != mover and visited.player != CHANCE:
                    turns += 1
                    mover = visited.player
            sim = path[-1].state
            plies = 0
            while not sim.is_over and plies < rollout_plies:
                if sim.to_move != mover and sim.to_move != CHANCE:
                    turns += 1
                    mover = sim.to_move
                if turns >= horizon:
                    break
                move = rollout_agent(sim, rng)
                sim = sim._apply(move) if trusted else sim.play(move)
                plies += 1
            for p, value in enumerate(_state_reward(sim, players, score_scale)):
                total[p] += value
        return [value / rollouts for value in total]

    def playing_on(root: _Node, path: list[_Node], rng: Any) -> list[float]:
        """The mean reward of ``rollouts`` games played on from the leaf (:func:`play_on`)."""
        leaf = path[-1].state
        players = leaf.game.num_players
        if leaf.is_over:
            return _state_reward(leaf, players, score_scale)
        out = play_on(leaf, (rollout_agent,) * players, int(rng.integers(2**63)), rollouts, rollout_plies)
        total = [0.0] * players
        masks, unfinished, scores = out["winners"].tolist(), out["unfinished"].tolist(), out["scores"].tolist()
        for mask, cut, score in zip(masks, unfinished, scores):
            winners = [p for p in range(players) if mask >> p & 1]
            for p, value in enumerate(_reward(winners, score, not cut, players, score_scale)):
                total[p] += value
        return [value / rollouts for value in total]

    judge = playing_on if horizon is None else turn_rollouts

    def mcts(state: State, rng: Any) -> Any:
        if state.to_move == CHANCE:
            return chance_move(state, rng)
        memory = local.__dict__.setdefault("memory", {"expected": None, "streak": 0})
        moves = state.legal_moves()
        # Plies in a row of this turn that this agent chose without ending it.
        streak = memory["streak"] + 1 if memory["expected"] is not None and state == memory["expected"] else 0
        memory["expected"], memory["streak"] = None, streak
        if max_plies_per_turn is not None and streak >= max_plies_per_turn:
            enders = [m for m in moves if _ends_turn(state, m)]
            moves = enders or moves
        if len(moves) == 1:
            return _remember(state, moves[0])
        players = state.game.num_players
        root = _Node(state, players)
        root.untried = list(moves)
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        done = 0
        while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
            done += 1
            node, path = root, [root]
            # Selection.
            while True:
                if node.state.is_over:
                    break
                if node.player == CHANCE:
                    outcome = chance_move(node.state, rng)
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = _Node(node.state._apply(outcome), players)
                        path.append(child)
                        node = child
                        break
                    node = child
                    path.append(node)
                    continue
                if node.untried is None:
                    node.untried = list(node.state.legal_moves())
                if node.untried:
                    move = node.untried.pop(int(rng.random() * len(node.untried)))
                    child = node.children[move] = _Node(node.state._apply(move), players)
                    path.append(child)
                    node = child
                    break
                log_n = math.log(node.visits)
                p = node.player
                best, best_value = None, -1.0
                for child in node.children.values():
                    value = child.wins[p] / child.visits + exploration * math.sqrt(log_n / child.visits)
                    if value > best_value:
                        best, best_value = child, value
                node = best
                path.append(node)
            reward = judge(root, path, rng)
            for visited in path:
                visited.visits += 1
                wins = visited.wins
                for p in range(players):
                    wins[p] += reward[p]
        best_move, best_visits = moves[0], -1
        for move in moves:
            child = root.children.get(move)
            if child is not None and child.visits > best_visits:
                best_move, best_visits = move, child.visits
        return _remember(state, best_move, root.children.get(best_move))

    def _remember(state: State, move: Any, child: "_Node | None" = None) -> Any:
        after = child.state if child is not None else state._apply(move)
        if after.to_move == state.to_move and not after.is_over:
            local.memory["expected"] = after
        return move

    parts = []
    if iterations is not None:
        parts.append(f"iterations={iterations}")
    if time_limit is not None:
        parts.append(f"time_limit={time_limit}")
    mcts.agent_name = f"mcts({', '.join(parts)})"  # type: ignore[attr-defined]
    return _own(mcts)


# Names and levels ---------------------------------------------------------------------------

def _named(agent: Agent, name: str) -> Agent:
    agent.agent_name = name  # type: ignore[attr-defined]
    return agent


def _level(name: str, generic: Agent) -> Agent:
    """The level ``name``: the game's own agent for it where the game offers one
    (:attr:`icewidgets.protocol.Game.levels`), else ``generic``."""

    def level(state: State, rng: Any) -> Any:
        agent = _game_level(type(state.game), name) or generic
        if agent is generic or is_own(agent) or state.to_move == CHANCE:
            return agent(state, rng)
        move = agent(state, rng)
        why = state.why_illegal(move)
        if why is not None:
            raise ValueError(f"{type(state.game).__name__}'s own {name!r} agent chose {move}, which is not legal: {why}")
        return move

    level.agent_name = name  # type: ignore[attr-defined]
    level.generic = generic  # type: ignore[attr-defined]
    return _own(level)


_imported: dict[str, Agent] = {}  # agents named by "module:name" texts, imported once


def _game_level(game_class: type, name: str) -> Agent | None:
    """The agent ``game_class`` plays at level ``name`` (its ``levels`` hook), or None; an agent
    named by a ``"module:name"`` text is imported when first asked for."""
    offered = getattr(game_class, "levels", {}).get(name)
    if isinstance(offered, str):
        text = offered
        if text not in _imported:
            module_name, _, attribute = text.partition(":")
            try:
                agent = getattr(importlib.import_module(module_name), attribute)
            except (ImportError, AttributeError) as error:
                raise ValueError(f"{game_class.__name__}.levels[{name!r}] = {text!r} names no agent: {error}") from None
            if not callable(agent):
                raise TypeError(f"{game_class.__name__}.levels[{name!r}] = {text!r} is not an agent: {agent!r}")
            _imported[text] = agent
        offered = _imported[text]
    return offered


LEVELS: dict[str, Agent] = {
    "easy": _level("easy", make_careless(0.75)),
    "medium": greedy,
    "hard": _level("hard", make_mcts(iterations=2000, time_limit=1.0)),
}
"""Three bots to play against, the same names in every game, each stronger than the one before:

- ``"easy"``: the greedy rule, but three moves in four (on average) are random ones
  (:func:`make_careless` ``(0.75)``);
- ``"medium"``: the game's greedy rule (:func:`greedy`), which the compiled kernels play too;
- ``"hard"``: a tree search (:func:`make_mcts`) of 2,000 iterations, at most 1 second a move.

A game may offer its own agent for ``"easy"`` or ``"hard"`` (:attr:`icewidgets.protocol.Game.levels`,
CONTRIBUTING.md): the level then plays it in that game, and the generic agent above in the
others (``LEVELS[name].generic``). A game's own agent is not trusted: its moves are checked.
``benchmarks/ladder.py`` plays each level against the one below in every game; its table is in
benchmarks/README.md.
"""

AGENTS: dict[str, Agent] = {"random": random_agent, "greedy": greedy, "mcts": _named(make_mcts(), "mcts"), **LEVELS}
"""The built-in agents by name, levels included."""


_CHOICES = (f"a level ({', '.join(LEVELS)}) or an agent "
            f"({', '.join(name for name in AGENTS if name not in LEVELS)}, mcts:ITERATIONS)")


def _choices(name: str) -> str:
    """The agents to choose from, said to whoever gave ``name``: a command line's flag
    (``--agents``) cannot pass a Python function."""
    return _CHOICES if name.startswith("--") else _CHOICES + ", or pass a callable agent(state, rng) -> move"


def _named_agent(text: str) -> Agent | None:
    """The built-in agent a name stands for, or None."""
    key = text.strip().lower().replace(" ", "")
    if key in AGENTS:
        return AGENTS[key]
    if key.startswith("mcts") and key[4:5] in (":", "-"):
        count = key[5:]
        # ASCII digits only ("١٢" and "²" are digits to str.isdigit), and few enough to read at once
        if not (count.isascii() and count.isdigit() and len(count) <= 9 and 1 <= int(count) <= MAX_ITERATIONS):
            raise ValueError(f"the agent {checks.shown(text.strip())} must be written mcts:ITERATIONS with a whole number "
                             f"of iterations from 1 to {MAX_ITERATIONS:,} in the digits 0-9, e.g. 'mcts:500'")
        return make_mcts(iterations=int(count))
    return None


def names_in(text: str, name: str | None = None) -> list[str]:
    """The agent names in a text of the grammar of :func:`parse_agents`, in order, not yet
    looked up: ``"random, greedy"`` → ``["random", "greedy"]``. With ``name`` (the argument the
    text came as), an empty name between commas or at an end is a ValueError that says where;
    without, empty names are left out (a blank text has none).

    >>> names_in("random,,greedy", "agents")
    Traceback (most recent call last):
    ...
    ValueError: agents='random,,greedy' has an empty agent name, the 2nd of 3 (a comma too many?); write the names separated by commas, e.g. 'random,greedy'
    """
    parts = [part.strip() for part in text.split(",")]
    if name is not None and any(parts) and not all(parts):
        place = parts.index("") + 1
        raise ValueError(f"{name}={checks.shown(text)} has an empty agent name, the {words.ordinal(place)} of "
                         f"{len(parts)} (a comma too many?); write the names separated by commas, e.g. 'random,greedy'")
    return [part for part in parts if part]


def parse_agents(spec: Any, name: str = "agents") -> tuple[tuple[Agent, ...], tuple[str, ...]]:
    """The agents an agent spec stands for, and their names: the one grammar of
    :func:`icewidgets.playouts`, :func:`~icewidgets.compare`, :func:`~icewidgets.tournament`, the
    PlayoutLab and the command line (``--agents``).

    A spec is

    - a **text** of agent names separated by commas, one per seat: ``"random,greedy"``; a name
      is a level (``"easy"``, ``"medium"``, ``"hard"``), ``"random"``, ``"greedy"``, ``"mcts"``
      or ``"mcts:ITERATIONS"`` (e.g. ``"mcts:500"``), in any case, spaces ignored;
    - a **callable** ``agent(state, rng) -> move``;
    - a **list or tuple** of those, in seat order: ``("random", "greedy")``,
      ``["hard", my_agent]``; a text in it may itself name several, ``("random,greedy",)``.

    The caller decides what the count must be (one per seat, or one for every seat). A bad spec
    is a ValueError or TypeError naming it (``name`` is the argument it came as) and what
    would be valid.

    >>> agents, names = parse_agents("Random, mcts:50")
    >>> names, agents[0] is random_agent
    (('random', 'mcts:50'), True)
    >>> parse_agents(("greedy", random_agent))[1]
    ('greedy', 'random')
    >>> parse_agents("random,smart")
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'smart'; choose a level (easy, medium, hard) or an agent (random, greedy, mcts, mcts:ITERATIONS), or pass a callable agent(state, rng) -> move
    """
    if isinstance(spec, str) or callable(spec):
        items: list[Any] = [spec]
    elif isinstance(spec, (list, tuple)):
        items = list(spec)
    else:
        raise TypeError(f"{name}={checks.shown(spec)} is not an agent spec: give agent names separated by commas "
                        f"('random,greedy'), a callable agent(state, rng) -> move, or a list or tuple of them, "
                        f"not {type(spec).__name__}")
    agents: list[Agent] = []
    names: list[str] = []
    for index, item in enumerate(items):
        where = name if isinstance(spec, str) or callable(spec) else f"{name}[{index}]"
        if callable(item):
            agents.append(item)
            names.append(agent_name(item))
        elif isinstance(item, str):
            found = names_in(item, where)
            if not found and not isinstance(spec, str):
                raise ValueError(f"{where}={checks.shown(item)} is an empty agent name; give {_choices(name)}")
            for part in found:
                agent = _named_agent(part)
                if agent is None:
                    raise ValueError(f"unknown agent {checks.shown(part)}; choose {_choices(name)}")
                agents.append(agent)
                names.append(part.lower().replace(" ", ""))
        else:
            raise TypeError(f"{where}={checks.shown(item)} is not an agent: give a name ({', '.join(AGENTS)}, "
                            f"mcts:ITERATIONS) or a callable agent(state, rng) -> move, not {type(item).__name__}")
    if not agents:
        raise ValueError(f"{name}={checks.shown(spec)} names no agent; give at least one, e.g. 'random' or "
                         "'random,greedy'")
    return tuple(agents), tuple(names)


def get_agent(agent: str | Agent, name: str = "agent") -> Agent:
    """The one agent ``agent`` stands for: a name of the grammar of :func:`parse_agents` (a
    level of :data:`LEVELS`, ``"random"``, ``"greedy"``, ``"mcts"`` or ``"mcts:ITERATIONS"``;
    case and spaces ignored), or ``agent`` itself if callable. ``name`` is the argument named
    in its errors.

    >>> get_agent("greedy") is greedy, get_agent(" Hard ") is LEVELS["hard"]
    (True, True)
    >>> get_agent("expert")
    Traceback (most recent call last):
    ...
    ValueError: unknown agent 'expert'; choose a level (easy, medium, hard) or an agent (random, greedy, mcts, mcts:ITERATIONS), or pass a callable agent(state, rng) -> move
    """
    if callable(agent):
        return agent
    if not isinstance(agent, str):
        raise TypeError(f"{name}={checks.shown(agent)} is not an agent: give a name ({', '.join(AGENTS)}, "
                        f"mcts:ITERATIONS) or a callable agent(state, rng) -> move, not {type(agent).__name__}")
    if "," in agent:
        raise ValueError(f"{name}={checks.shown(agent)} names several agents; one is wanted here")
    if not agent.strip():
        raise ValueError(f"{name}={checks.shown(agent)} is an empty agent name; give {_choices(name)}")
    found = _named_agent(agent)
    if found is None:
        raise ValueError(f"unknown agent {checks.shown(agent.strip())}; choose {_choices(name)}")
    return found


def play_chosen(state: State, move: Any, agent: Any, ply: int, game: int | None = None, run: str = "game") -> State:
    """``state.play(move)`` for the ``move`` that ``agent`` chose at ply ``ply`` of ``run``
    number ``game`` (a game of playouts, a rollout); a move the rules refuse raises the same
    error (IllegalMoveError or NotationError) saying which agent, in which seat, at which ply of
    which game, and the position it was played in. Seats, plies and games are counted from 1,
    as the library's words count them ("seat 1", "Ply 23")."""
    try:
        return state.play(move)
    except (IllegalMoveError, NotationError) as error:
        raise type(error)(f"the agent {agent_name(agent)!r} {_where(state, ply, game, run)} chose "
                          f"{checks.shown(move)}: {error}; the position:\n{state.to_text()}") from None


def note_agent_error(error: BaseException, agent: Any, state: State, ply: int, game: int | None = None,
                     run: str = "game") -> None:
    """Add to ``error``, raised by ``agent`` while it chose ply ``ply`` of ``run`` number
    ``game`` in ``state``, a note saying which agent, in which seat, at which ply of which game
    (counted from 1, as in :func:`play_chosen`). The error keeps its type, so a caller that
    catches it still does; the traceback shows the note under its message."""
    note = f"raised by the agent {agent_name(agent)!r} {_where(state, ply, game, run)}"
    try:
        if hasattr(error, "add_note"):
            error.add_note(note)
        else:  # Python 3.10 has no add_note: the attribute that 3.11 and later print
            error.__notes__ = [*getattr(error, "__notes__", ()), note]  # type: ignore[attr-defined]
    except (AttributeError, TypeError):  # an exception object that takes no attribute: raised as it is
        pass


def _where(state: State, ply: int, game: int | None, run: str) -> str:
    """Where an agent was asked to move, e.g. ``in seat 2 at ply 5 of game 3 (counted from 1)``."""
    of = "" if game is None else f" of {run} {game}"
    return f"in seat {state.player + 1} at ply {ply}{of} (counted from 1)"


def agent_name(agent: str | Agent) -> str:
    """A readable name for an agent: its built-in name, ``agent_name`` attribute or function name."""
    if isinstance(agent, str):
        get_agent(agent)
        return agent.strip().lower().replace(" ", "")
    if not callable(agent):
        get_agent(agent)  # the TypeError that says what an agent is
    name = getattr(agent, "agent_name", None) or getattr(agent, "__name__", None) or type(agent).__name__
    return str(name)
