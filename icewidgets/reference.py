"""The plain loop a compiled kernel's games are compared with, ply for ply: :func:`reference_games`.

It plays each game one checked ply at a time (``state.play``) with the playouts' seeding, so a
kernel that equals it plays the rules engine's game. :mod:`icewidgets.testing` re-exports it.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from .protocol import CHANCE, Game, State


class ReferenceGame(NamedTuple):
    """One game as :func:`reference_games` played it: the final ``state``, the text of every ply
    (chance plies included), ``branching`` (the mean number of legal moves per decision) and
    its balance metrics (:mod:`icewidgets.playout.balance`): ``lead_changes``, ``comeback`` and
    ``branching_profile`` (float32 values, as the result arrays keep them)."""

    state: State
    moves: list[str]
    branching: float
    lead_changes: int
    comeback: bool
    branching_profile: list[float]


def reference_games(game: Game, agents: Sequence[Any], seed: Any, start: int, stop: int,
                    max_plies: int | None = None, position: State | None = None) -> list[ReferenceGame]:
    """Games ``start``…``stop-1`` of the run seeded ``seed``, played one checked ply at a time
    (``state.play``) with the playouts' seeding: game ``i`` draws from
    ``numpy.random.default_rng(SeedSequence(seed, spawn_key=(i,)))``, starts from
    ``game.new_state(seed=rng)`` (or, continuing a ``position``, from that position, drawing
    nothing for it), and its chance plies are drawn by :func:`icewidgets.agents.chance_move`.
    ``agents``: one per seat, names or callables. A game still going after ``max_plies`` plies
    stops there (default: it plays to its end).

    This is the reference a compiled kernel must equal, ply for ply.

    >>> import icewidgets as iw
    >>> game = iw.make(iw.available_games()[0])
    >>> first, second = reference_games(game, ["random"] * game.num_players, seed=1, start=0, stop=2)
    >>> first.state.is_over, first.moves == reference_games(game, ["random"] * game.num_players, 1, 0, 1)[0].moves
    (True, True)
    """
    import numpy as np

    from .agents import chance_move, get_agent
    from .playout.balance import branching_profile, comeback, lead_changes

    players = [get_agent(agent) for agent in agents]
    progress = game.counters.progress
    games = []
    for index in range(start, stop):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))
        state = game.new_state(seed=rng) if position is None else position
        moves: list[str] = []
        choices: list[int] = []
        sample_turns, samples = [state.turns], [progress(state)]
        while not state.is_over and (max_plies is None or len(moves) < max_plies):
            if state.to_move == CHANCE:
                move = chance_move(state, rng)
            else:
                choices.append(len(state.legal_moves()))
                move = players[state.to_move](state, rng)
            moves.append(str(move))
            state = state.play(move)
            if state.is_over or state.turns != sample_turns[-1]:
                sample_turns.append(state.turns)
                samples.append(progress(state))
        branching = float(np.float32(sum(choices) / len(choices) if choices else 0.0))
        profile = [float(v) for v in np.float32(branching_profile(choices))]
        games.append(ReferenceGame(state, moves, branching, lead_changes(samples),
                                   comeback(sample_turns, samples, state.winners, state.turns), profile))
    return games
