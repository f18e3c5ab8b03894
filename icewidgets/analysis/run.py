"""Running an analysis: :func:`analyse` (a whole game) and :func:`hint` (one position)."""

from __future__ import annotations

import dataclasses
import numbers
import os
import sys
import time
from typing import Any, Callable, Sequence

import numpy as np

from .. import agents as agents_module
from .. import checks, fast
from ..checks import shown
from ..protocol import CHANCE, NotationError, State
from ..record import Record
from .labels import label_for, proved_label, worse
from .result import Analysis, PlyAnalysis
from .search import Hints, by_lower_bound, check_decision, make_hint, race
from .tactics import Proof, exact_points, known_results, proof_line
from .values import (MAX_ROLLOUTS, MIN_PRECISION, Rollouts, Sample, Stopped, Value, position_sample,
                     value_positions)

__all__ = ["analyse", "evaluate", "hint"]

ENGINES = ("auto", "reference")

SEARCH_PLIES = 5
"""How deep the proof search (:mod:`.tactics`) of a hint or an analysed ply goes at most, in plies."""
HINT_SEARCH_NODES = 50_000
"""The proof search's budget for a hint, in generated positions (about a second on a laptop; it
stops sooner when it has proved its depth). A count, not a time, so that a hint proves the same
on any machine."""
ANALYSIS_SEARCH_NODES = 8_000
"""The proof search's budget at each decision of an analysed game, in generated positions."""
LINE_PLIES = 4
"""How many plies of the rollout policy follow an unproved hint as its line."""
FIRST_HINT_SECONDS: float | None = 3.5
"""How long a hint may take while its game's fast engine is still being prepared (a first hint
in a new installation, :func:`icewidgets.fast.ready`), or at all where it cannot be used here
(numba is missing, or has nowhere to cache: :func:`icewidgets.fast.unavailable`): the rules
engine would take minutes to finish it, so it stops after this long with the values it has
(``complete`` False, and a ``note`` that says why). With the
first import of the analysis (``iw.hint`` loads it), a first hint takes about 4 s. None: no
such limit, the rules engine plays the whole hint (the tests set it so: a hint they pin must not
depend on how fast a compile goes)."""


def analyse(game_source: Any, *, precision: float = 0.05, policy: Any = None, seed: int = 0,
            max_seconds: float | None = None, progress: Callable[[Analysis], Any] | None = None,
            stop: Any = None, engine: str = "auto", resume: Analysis | None = None) -> Analysis:
    """Analyse a whole game: every position's value and, for every ply, the best move found.

    - ``game_source``: an :class:`icewidgets.Record`, a :class:`icewidgets.GameWidget` (its
      ``record``) or a game code (``record.to_code()``).
    - ``precision``: the half-width every interval aims at (from 0.001, :data:`MIN_PRECISION`,
      to 0.5 excluded; ±0.05 by default): each position, the move played and the best move are
      valued to it, with at most about a million rollouts each.
    - ``policy``: the rollouts' agent (default: the game's own, ``game.analyst.rollout``).
    - ``seed``: the same seed gives the same analysis on any machine, and the same values, best
      moves, losses and labels on either engine (``positions`` and ``plies`` are equal; only
      ``engine`` and ``seconds`` say which one ran and how long it took).
    - ``max_seconds``: stop after about this long; ``stop``: anything with ``is_set()`` (a
      ``threading.Event``) that stops it from another thread. Ctrl-C stops it too. A stopped
      analysis keeps the plies done (``analysis.stopped`` says why, and ``str()`` says so).
    - ``progress(analysis_so_far)``: called after every ply (from this thread), e.g. to draw
      the graph as it grows.
    - ``engine``: ``"auto"`` (compiled kernels where they apply) or ``"reference"`` (the rules
      engines): the same rollouts, so equal ``positions`` and ``plies``, not merely values
      within each other's intervals.
    - ``resume``: an earlier analysis (stopped, or of the game before its latest moves) with the
      same precision, policy and seed: the plies it shares with this game are taken from it,
      and the result is the same as analysing from scratch. With other settings nothing is
      taken from it and the analysis starts again from the start. A policy given as a function
      (not a built-in name) is the same only if it is the very function object ``resume`` was
      made with: another function of the same name, or ``resume`` loaded from JSON, starts
      again, so two policies are never mixed in one analysis.

    >>> import icewidgets as iw
    >>> game = iw.make(iw.available_games()[0])
    >>> start = game.new_state()
    >>> record = iw.Record.new(game, start=start).extend([start.legal_moves()[0]])
    >>> analysis = iw.analyse(record, precision=0.2)
    >>> analysis.complete, len(analysis.positions), analysis.plies[0].legal == len(start.legal_moves())
    (True, 2, True)
    """
    record = _record(game_source)
    precision, seed, deadline = _check(precision, seed, max_seconds, engine, stop=stop, progress=progress)
    game = record.make_game()
    policy_agent, policy_name = _policy(game, policy)
    states = list(record.states())
    line = game.analyst.winning_line
    started = time.perf_counter()
    own = None if policy is None or isinstance(policy, str) else policy  # a function: known by identity
    shared = _shared_plies(resume, record, precision, policy_name, seed, own)
    positions: list[Value] = list(resume.positions[: shared + 1]) if shared >= 0 else []
    plies: list[PlyAnalysis] = list(resume.plies[:shared]) if shared > 0 else []
    earlier = resume.seconds if shared >= 0 else 0.0
    stopped = None
    with Rollouts(game, policy_agent, seed, engine, deadline, stop) as rollouts:
        if not rollouts.compiled and engine == "auto" and len(record.plies) > 1:
            _slow_notice(game)
        elif rollouts.compiled and len(record.plies) > 1:
            _preparing_notice(fast.preparation(game, rollouts.agents, continuing=True))

        def result() -> Analysis:
            return Analysis(record, tuple(positions), tuple(plies), precision, policy_name, seed,
                            "fast" if rollouts.compiled else "reference", stopped,
                            earlier + time.perf_counter() - started, policy_function=own)

        try:
            if not positions:
                first = position_sample(states[0], 0, "", line)
                rollouts.settle([first], precision)
                positions.append(first.value())
            for n in range(len(plies) + 1, len(record.plies) + 1):
                before, after, played = states[n - 1], states[n], rollouts.played
                move = _played(before, record.plies[n - 1])
                proofs = {} if before.to_move == CHANCE or before.is_over else {
                    str(p.move): p for p in known_results(before, SEARCH_PLIES, max_nodes=ANALYSIS_SEARCH_NODES)}
                sample = position_sample(after, n, str(move), line)
                proved = exact_points(before, proofs[str(move)]) if str(move) in proofs else None
                if proved is not None and sample.exact is None:  # the position after a proved move is decided
                    sample.exact, sample.ends_in = proved
                rollouts.settle([sample], precision)
                review = _review(n, before, move, sample, positions[-1], rollouts, precision, line, proofs)
                plies.append(dataclasses.replace(review, rollouts=rollouts.played - played))
                positions.append(sample.value())
                if progress is not None:
                    progress(result())
        except Stopped as why:
            stopped = str(why)
        except KeyboardInterrupt:
            stopped = "interrupted"
        return result()


def _shared_plies(resume: Analysis | None, record: Record, precision: float, policy: str, seed: int,
                  function: Any) -> int:
    """How many plies of ``resume`` this analysis can take as they are (-1: not even its start).
    ``function`` is the policy when it is a function (None for a built-in name): ``resume``
    must have been made with that very object."""
    if resume is None:
        return -1
    if not isinstance(resume, Analysis):
        raise TypeError(f"resume must be an Analysis (from iw.analyse), not {type(resume).__name__}")
    same = ((resume.precision, resume.policy, resume.seed) == (precision, policy, seed)
            and resume.policy_function is function)
    start = (resume.record.game, resume.record.options, resume.record.seed, resume.record.start)
    if not same or start != (record.game, record.options, record.seed, record.start) or not resume.positions:
        return -1
    game, shared = record.make_game(), 0
    for ply, text in zip(resume.plies, record.plies):
        if ply.move != text and ply.move != str(game.parse_move(text)):
            break
        shared += 1
    return shared


def _review(n: int, before: State, move: Any, sample: Sample, before_value: Value, rollouts: Rollouts,
            precision: float, line: Callable, proofs: dict[str, Proof]) -> PlyAnalysis:
    """Ply ``n`` (``move`` from ``before``; ``sample`` is the position after it, settled;
    ``proofs`` what the search proved of ``before``'s moves, by move text)."""
    player = before.player
    value = sample.value()
    if before.to_move == CHANCE:
        return PlyAnalysis(n, str(move), player, True, before_value, value)
    ranking = race(before, rollouts, precision, k=1, ply=n, played=(move, sample), line=line,
                   proofs=_exact(before, proofs))
    best = ranking[0]
    played = next(entry for entry in ranking if entry.sample is sample)
    if played.tie_key(player) == best.tie_key(player):
        best = played  # as good as any: the move played is the best found
    best_value = best.sample.value()
    loss = max(0.0, best_value.points[player] - value.points[player])
    mine, theirs = proofs.get(str(move)), proofs.get(str(best.move))
    label, reason = proved_label(mine, theirs, list(proofs.values()), before_value.exact)
    missed = label is None and reason is not None  # a proved win, and a move played the search left unknown
    if label != "blunder" and best is not played and (missed or not before_value.exact) and not (mine and mine.proved):
        estimated = label_for(loss, (value.low[player], value.high[player]),
                              (best_value.low[player], best_value.high[player]))
        label = worse(label, estimated)
    if label is None:
        reason = None
    if theirs is not None and theirs.proved is not None:
        best_line = proof_line(before, theirs)
    else:
        best_line = policy_line(best.sample.state, rollouts.agents[0], n)
    return PlyAnalysis(n, str(move), player, False, before_value, value, str(best.move), best_value, loss, label,
                       len(ranking), proved=mine.proved if mine else None, plies=mine.plies if mine else None,
                       best_proved=theirs.proved if theirs else None, best_plies=theirs.plies if theirs else None,
                       best_line=best_line, reason=reason)


_NOTICED: set[Any] = set()
"""What an analysis has said once in this process: a game's name (the rules engine plays its
rollouts), or ``("preparing", title)`` (its kernel was being prepared)."""


def _slow_notice(game: Any) -> None:
    """Say once per game and process that its rollouts run on the rules engine, which is far
    slower than a kernel: a whole game's analysis then takes minutes."""
    if game.name in _NOTICED:
        return
    _NOTICED.add(game.name)
    why = (f"the fast engine is unavailable here ({fast.unavailable()})" if not fast.available()
           else f"{game.title} has no compiled kernel that plays its rollouts")
    print(f"Analysing {game.title}: {why}, so the rules engine plays the rollouts, which is far slower: a whole "
          "game may take minutes (a coarser precision= or max_seconds= is quicker; a kernel with play_from makes it "
          "fast: CONTRIBUTING, step 10).", file=sys.stderr, flush=True)


def _preparing_notice(waiting: Any) -> None:
    """Say, once per game and process, that the first analysis plays its rollouts on the rules
    engine while the kernel is prepared in the background (a new installation): it is slower
    until then, with the same rollouts."""
    if waiting is None or waiting.done or ("preparing", waiting.title) in _NOTICED:
        return
    _NOTICED.add(("preparing", waiting.title))
    print(f"Analysing {waiting.title}: the fast engine is being prepared in the background (first time only); "
          "the rules engine plays the rollouts meanwhile, slower, with the same results.", file=sys.stderr, flush=True)


def hint(state: State, k: int = 3, *, precision: float = 0.05, policy: Any = None, seed: int = 0,
         max_seconds: float | None = None, stop: Any = None, engine: str = "auto") -> Hints:
    """The ``k`` best moves of ``state`` for the player to move, best first, each with its value
    (their expected points after it) and 95% interval.

    A move that wins at once is found by playing it (no rollouts) and always comes first, with
    value 1; where the game proves a shortest win (e.g. a solver for puzzles), its first move
    does. The others are raced (see :mod:`icewidgets.analysis.search`) to ``precision``.
    ``policy``, ``seed``, ``max_seconds``, ``stop`` and ``engine`` as for :func:`analyse`; a
    hint cut short by the time limit or a stop gives the best order so far (``complete`` False).

    While the game's fast engine is still being prepared (a first hint in a new installation:
    :func:`icewidgets.fast.ready`), the rules engine plays the hint for at most
    :data:`FIRST_HINT_SECONDS`, a rollout of each move in turn; cut short, it has fewer rollouts
    and wider intervals, and its ``note`` says why. Later hints use the fast engine. (Its
    rollouts are seeded one by one, so even a first hint that finishes in time may differ from
    a later one, within their intervals: its ``note`` says so.) So is every hint where the fast
    engine cannot be used here (numba missing, or nowhere to cache), unless the rules engine is
    asked for (``engine="reference"``).

    >>> import icewidgets as iw
    >>> state = iw.make(iw.available_games()[0]).new_state()
    >>> hints = hint(state, k=2, precision=0.1)
    >>> len(hints), hints[0].move in state.legal_moves()
    (2, True)
    """
    started = time.perf_counter()
    check_decision(state)
    k = checks.whole(k, "k", low=1)  # how many moves to suggest
    precision, seed, deadline = _check(precision, seed, max_seconds, engine, stop=stop)
    policy_agent, policy_name = _policy(state.game, policy)
    rollouts = Rollouts(state.game, policy_agent, seed, engine, deadline, stop)
    # A kernel that is not ready yet is being prepared in the background (fast.ready starts
    # it): the rules engine plays this hint, for a few seconds only, and says so.
    waiting = (FIRST_HINT_SECONDS is not None and rollouts.compiled
               and not fast.ready(state.game, rollouts.agents, continuing=True))
    # Where no kernel can ever play (numba missing, or nowhere to cache), every hint is so.
    missing = None if waiting or FIRST_HINT_SECONDS is None else _missing_engine(state.game, rollouts, engine)
    if waiting or missing:
        budget = started + FIRST_HINT_SECONDS
        deadline = budget if deadline is None else min(deadline, budget)  # a shorter max_seconds still bounds it
        rollouts = _FirstHintRollouts(state.game, policy_agent, seed, engine, deadline, stop)
    complete, timed_out = True, False
    # Within a time limit the proofs get at most half of it, and may then depend on the machine.
    seconds = None if deadline is None else max(0.0, (deadline - time.perf_counter()) / 2)
    proofs = {str(p.move): p for p in known_results(state, SEARCH_PLIES, max_nodes=HINT_SEARCH_NODES,
                                                    max_seconds=seconds, stop_at_win=True)}
    with rollouts:
        try:
            ranking = race(state, rollouts, precision, k=k, line=state.game.analyst.winning_line,
                           proofs=_exact(state, proofs))
        except Stopped as why:
            ranking, complete = why.ranking, False  # type: ignore[attr-defined]
            timed_out = str(why) == "time limit"
            if waiting:  # a few rollouts a move: ranked as a race cut short by its budget is
                ranking = by_lower_bound(ranking, state.player)
    player = state.player
    hints = []
    for entry in ranking[:k]:
        proof = proofs.get(str(entry.move))
        if proof is not None and proof.proved is not None:
            line = proof_line(state, proof)
        else:
            line = policy_line(entry.sample.state, policy_agent, seed)
        hints.append(make_hint(entry, player, proof.proved if proof else None, proof.plies if proof else None, line))
    note = ""
    if timed_out and waiting:
        note = first_hint_note(state.game.title, deadline - started)
    elif timed_out and missing:
        note = missing_engine_note(deadline - started, missing)
    elif waiting and complete:
        note = first_hint_drawn_note(state.game.title)
    return Hints(tuple(hints), player, state.game.player_name(player), len(ranking), precision, policy_name,
                 rollouts.played, complete, note)


def first_hint_note(title: str, seconds: float) -> str:
    """What a hint cut short because the fast engine is still being prepared says of itself.

    >>> first_hint_note("Nest Row", 4.0).split(":")[0]
    'The fast engine for Nest Row is still being prepared (first time only), so this hint had 4 s on the rules engine'
    """
    return (f"The fast engine for {title} is still being prepared (first time only), so this hint had "
            f"{round(seconds, 1):g} s on the rules engine: fewer rollouts, wider intervals and a less sure order "
            "than usual. Hints use the fast engine once it is ready.")


def first_hint_drawn_note(title: str) -> str:
    """What a hint that the rules engine finished while the fast engine is prepared says of itself.

    >>> first_hint_drawn_note("Nest Row").split(":")[0]
    'The fast engine for Nest Row is still being prepared (first time only), so the rules engine played this hint'
    """
    return (f"The fast engine for {title} is still being prepared (first time only), so the rules engine played this "
            "hint: its rollouts are drawn one by one, and a later hint on the fast engine draws others, so it may "
            "order moves of close value differently.")


def missing_engine_note(seconds: float, why: str) -> str:
    """What a hint cut short because the fast engine is unavailable here (``why``) says of itself.

    >>> missing_engine_note(3.5, "numba is not installed or cannot load").split(":")[0]
    'This hint had 3.5 s on the rules engine'
    """
    return (f"This hint had {round(seconds, 1):g} s on the rules engine: fewer rollouts, wider intervals and a "
            f"less sure order than usual, since the fast engine is unavailable here: {why}.")


def _missing_engine(game: Any, rollouts: Rollouts, engine: str) -> str | None:
    """Why no kernel can play the rollouts of ``game`` here, although one would elsewhere (numba
    is missing, or has nowhere to cache); None otherwise, and where the rules engine was asked
    for (``engine="reference"``, ``ICEWIDGETS_NO_FAST``)."""
    if (engine != "auto" or rollouts.compiled or type(game).kernel is None or fast.available()
            or os.environ.get("ICEWIDGETS_NO_FAST") or fast.agent_names(rollouts.agents) is None):
        return None
    return fast.unavailable()


class _FirstHintRollouts(Rollouts):
    """The rollouts of a hint while the kernel is being prepared: one at a time, each move in
    turn, every one kept as it ends, so that the time limit leaves each move the rollouts the
    time allowed (rather than dropping a batch of many moves whole). Rollout i of a position is
    seeded as the i-th of a job of one (:meth:`Rollouts._job`), so the same hint, cut at the
    same point, is the same on any machine."""

    def play(self, wants: Sequence[tuple[Sample, int]]) -> None:
        self.check()
        for turn in range(max((count for _, count in wants), default=0)):
            for sample, count in wants:
                if turn < count:
                    points, finished = self._job(sample, sample.n, 1)
                    sample.add(points, finished)
                    self.played += 1


def _exact(state: State, proofs: dict[str, Proof]) -> dict[str, tuple[tuple[float, ...], int]]:
    """The exact values of the proved moves, by move text, for :func:`~.search.race`."""
    exact = {}
    for text, proof in proofs.items():
        points = exact_points(state, proof)
        if points is not None:
            exact[text] = points
    return exact


def policy_line(state: State, agent: Any, seed: int, plies: int = LINE_PLIES) -> tuple[str, ...]:
    """The moves the rollout policy plays from ``state``, up to ``plies`` of them, stopping at
    the end of the game or a chance ply (nothing is guessed past a roll)."""
    rng = np.random.default_rng(seed)
    moves: list[str] = []
    while len(moves) < plies and not state.is_over and state.to_move != CHANCE:
        move = agent(state, rng)
        moves.append(str(move))
        state = state.play(move)
    return tuple(moves)


def evaluate(state: Any, *, precision: float = 0.05, policy: Any = None, seed: int = 0, engine: str = "auto",
             rollouts: int | None = None) -> Any:
    """The value of a position: each seat's expected points with 95% intervals, to ``precision``,
    or from exactly ``rollouts`` rollouts when that is given (at most :data:`MAX_ROLLOUTS`).

    ``state`` may also be a list of positions of one game: they are valued together (their
    rollouts share the workers) and a list of values comes back — many positions with few
    rollouts each, as a calibration study needs. Position i's rollouts are seeded like those
    of the i-th ply of an analysis. ``policy``, ``seed`` and ``engine`` as for :func:`analyse`.

    >>> import icewidgets as iw
    >>> value = evaluate(iw.make(iw.available_games()[0]).new_state(), rollouts=20)
    >>> value.rollouts, round(sum(value.points), 6)
    (20, 1.0)
    """
    many = isinstance(state, (list, tuple))
    states = list(state) if many else [state]
    if not states or not all(isinstance(s, State) for s in states):
        raise TypeError("state must be a game state, or a non-empty list of states of one game")
    game = states[0].game
    if any(s.game != game for s in states):
        raise ValueError("state: a list of positions to value must all be positions of one game (the same options)")
    precision, seed, _ = _check(precision, seed, None, engine)
    rollouts = checks.whole(rollouts, "rollouts", low=1, high=MAX_ROLLOUTS, none=True,
                            what="a whole number of rollouts (None: as many as the precision needs)")
    policy_agent, _ = _policy(game, policy)
    values = value_positions(game, states, policy_agent, seed, engine, precision, rollouts)
    return values if many else values[0]


# Arguments ------------------------------------------------------------------------------------


def _record(source: Any) -> Record:
    """The record behind ``game_source``: a Record, a widget's record, or a game code."""
    if isinstance(source, Record):
        return source
    if isinstance(source, str):
        try:
            return Record.from_code(source)
        except NotationError as error:
            raise ValueError(f"game_source: {error}") from None
    record = getattr(source, "record", None)  # a GameWidget, named by duck typing (the widgets sit above)
    if isinstance(record, Record):
        return record
    raise TypeError(f"game_source must be a Record, a GameWidget or a game code (record.to_code()), "
                    f"not {type(source).__name__}")


def _check(precision: Any, seed: Any, max_seconds: Any, engine: Any, stop: Any = None,
           progress: Any = None) -> tuple[float, int, float | None]:
    if isinstance(precision, bool) or not isinstance(precision, numbers.Real) or not MIN_PRECISION <= precision < 0.5:
        raise ValueError(f"precision={shown(precision)} must be a number from {MIN_PRECISION} to 0.5 (0.5 excluded): "
                         "the half-width of the values' 95% intervals, in expected points (0.05 by default)")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise TypeError(f"stop={shown(stop)} must have an is_set() method, such as a threading.Event, or be None")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress={shown(progress)} must be a function progress(analysis_so_far), or None")
    try:
        seed = checks.seed(seed)  # numpy integers too
    except TypeError as error:  # one kind of error for every bad setting of analyse()
        raise ValueError(str(error).partition(", not ")[0]) from None
    if max_seconds is not None and (isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float))
                                    or not max_seconds > 0):
        raise ValueError(f"max_seconds={shown(max_seconds)} must be a positive number of seconds, or None (no limit)")
    if engine not in ENGINES:
        raise ValueError(f"engine={engine!r}; choose 'auto' (compiled kernels where they apply) or 'reference'")
    # (a limit beyond any float is no limit: years of seconds overflow nothing then)
    deadline = None if max_seconds is None or max_seconds > 1e12 else time.perf_counter() + max_seconds
    return float(precision), seed, deadline


def _policy(game: Any, policy: Any) -> tuple[Any, str]:
    """The rollouts' agent and its name (``policy``, or the game's own)."""
    chosen = game.analyst.rollout if policy is None else policy
    try:
        agent = agents_module.get_agent(chosen, "policy")
    except ValueError as error:
        raise ValueError(f"policy={policy!r}: {error}") from None
    return agent, agents_module.agent_name(chosen)


def _played(state: State, text: str) -> Any:
    """The move of ``state`` that ``text`` (a record's ply, which replayed) names, as listed."""
    return state.listed(text)

