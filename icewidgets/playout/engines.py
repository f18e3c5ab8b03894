"""The engines that play a chunk of a run: the rules engines' loop and the compiled kernels.

Both return a :class:`Chunk` with the same arrays for the same games (``results`` documents
them; a kernel that does not measure the balance metrics yet leaves them out), so which
engine played a run never shows in its results.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple, Sequence

import numpy as np

from .. import agents as agents_module
from .. import fast
from ..protocol import CHANCE, Game, State
from .balance import branching_profile, comeback, lead_changes
from .results import RESULT_CODES, heatmap_shape, profile_totals, result_arrays

__all__ = ["Chunk", "game_rng", "join_chunks", "kernel_arrays", "play_compiled", "play_reference", "replay_games"]


def game_rng(seed: Any, index: int) -> np.random.Generator:
    """The random stream of game ``index`` of a run seeded ``seed``.

    >>> float(game_rng(1, 0).random()) == float(game_rng(1, 0).random())
    True
    """
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


class Chunk(NamedTuple):
    """Games ``start``…``stop-1`` of a run: one row per game in ``arrays``, and the ``heatmaps``
    (a count per board square) summed over them; ``branching_totals``: their branching profiles
    summed by tenth (:func:`~icewidgets.playout.results.profile_totals`), once :meth:`folded`."""

    start: int
    stop: int
    arrays: dict[str, np.ndarray]
    heatmaps: dict[str, np.ndarray]
    branching_totals: np.ndarray | None = None

    def folded(self, keep_profiles: bool = False) -> "Chunk":
        """This chunk with its games' branching profiles summed into ``branching_totals``, and
        without each game's (``arrays["branching_profile"]``) unless ``keep_profiles``.

        >>> import icewidgets as iw
        >>> chunk = replay_games(iw.make(iw.available_games()[0]), [[iw.make(iw.available_games()[0]).new_state()]])
        >>> folded = chunk.folded()
        >>> "branching_profile" in folded.arrays, folded.branching_totals.shape
        (False, (2, 10))
        """
        if "branching_profile" not in self.arrays:
            return self
        arrays = dict(self.arrays)
        profile = arrays["branching_profile"] if keep_profiles else arrays.pop("branching_profile")
        return self._replace(arrays=arrays, branching_totals=profile_totals(profile))


def play_compiled(game: Game, agents: Sequence[Any], seatings: Sequence[Sequence[int]], seed: Any, start: int,
                  stop: int, max_plies: int) -> Chunk:
    """Games ``start``…``stop-1`` (whole deals) on the game's compiled kernel: one kernel call
    per seating over the chunk's deals, the rows interleaved deal by deal."""
    group = len(seatings)
    parts = []
    for seating in seatings:
        seat_agents = [agents[a] for a in seating]
        out = fast.play_range(game, seat_agents, seed, start // group, stop // group, max_plies)
        parts.append(kernel_arrays(game, out))
    if group == 1:
        arrays = parts[0][0]
    else:
        arrays = {key: np.stack([part[0][key] for part in parts], axis=1).reshape((stop - start,) + column.shape[1:])
                  for key, column in parts[0][0].items()}
    arrays["seating"] = np.tile(np.array(seatings, dtype=np.int8), ((stop - start) // group, 1))
    order = [key for key in result_arrays(game, 0) if key in arrays]  # the rules engines' order
    arrays = {key: arrays[key] for key in order + [key for key in arrays if key not in order]}
    heatmaps = {name: sum(part[1][name] for part in parts) for name in parts[0][1]}
    return Chunk(start, stop, arrays, heatmaps)


def play_reference(game: Game, agents: Sequence[Any], seatings: Sequence[Sequence[int]], seed: Any, start: int,
                    stop: int, max_plies: int, on_game: Callable[[int], Any] | None,
                    until: Callable[[], bool] | None = None, abandon: Callable[[], bool] | None = None) -> Chunk:
    """Games ``start``…``stop-1`` (whole deals) on the rules engines: seated by ``seatings``
    (for each game of a deal, the agent index in each seat), each game drawing from its deal's
    :func:`game_rng`. ``on_game(games_done)`` after each game; a KeyboardInterrupt during a game
    ends the chunk with the deals finished before it, and so does ``until()`` when it is true
    before a deal (a kernel is ready to play the rest: :func:`join_chunks`), and ``abandon()``
    when it is true before a ply (a stopped run: a long game is not played to its end). An
    agent's illegal move, or an error it raises (its type kept, with a note), says which agent,
    seat, ply and game
    (:func:`icewidgets.agents.play_chosen`, :func:`~icewidgets.agents.note_agent_error`)."""
    group = len(seatings)
    # The library's own agents return legal moves (known by identity, never by name); any
    # other agent's move is checked, so a wrong one is an IllegalMoveError, never a broken game.
    trusted = [agents_module.is_own(a) for a in agents]
    is_random = [a is agents_module.random_agent for a in agents]
    counters = game.counters
    n = stop - start
    arrays = result_arrays(game, n)
    shape = heatmap_shape(game)
    heat_counts = {name: [0] * (shape[0] * shape[1]) for name in counters.heatmaps}  # flat, by square index
    ply, measure = counters.ply, counters.progress
    deal_hits: list[dict[str, list[int]]] = []
    done = 0
    try:
        for row_index, i in enumerate(range(start, stop)):
            if until is not None and row_index and i % group == 0 and until():
                break
            seating = seatings[i % group]
            rng = game_rng(seed, i // group)
            draw = rng.random
            state = game.new_state(seed=rng)
            row = counters.new_row()
            hits = counters.new_hits()
            plies = 0
            choices: list[int] = []  # legal moves at each decision
            sample_turns, samples = [state.turns], [measure(state)]
            first = -1
            over = state.is_over
            while not over and plies < max_plies:
                if abandon is not None and abandon():
                    raise _Abandoned
                mover = state.to_move
                if mover == CHANCE:
                    move = agents_module.chance_move(state, rng)
                    state = state._apply(move)
                else:
                    if first < 0:
                        first = mover
                    agent = seating[mover]
                    moves = state.legal_moves()
                    choices.append(len(moves))
                    if is_random[agent]:
                        # random_agent's one draw, inlined: the hottest line of every random playout.
                        move = moves[int(draw() * len(moves))]
                    else:
                        try:
                            move = agents[agent](state, rng)
                        except Exception as error:  # an agent's own bug: said whose, where, in which game
                            agents_module.note_agent_error(error, agents[agent], state, plies + 1, i + 1)
                            raise
                    state = state._apply(move) if trusted[agent] else agents_module.play_chosen(
                        state, move, agents[agent], plies + 1, i + 1)
                plies += 1
                ply(row, hits, state)
                over = state.is_over
                if over or state.turns != sample_turns[-1]:
                    sample_turns.append(state.turns)
                    samples.append(measure(state))
            _write_row(arrays, row_index, game, state, plies, first, choices, sample_turns, samples, row)
            arrays["seating"][row_index] = seating
            deal_hits.append(hits)
            done += 1
            if done % group == 0:  # a whole deal: its squares join the heatmaps
                _add_hits(heat_counts, deal_hits)
                deal_hits = []
            if on_game is not None:
                on_game(done)
    except (KeyboardInterrupt, _Abandoned):
        pass  # the chunk ends with the deals finished so far
    done -= done % group
    if done < n:
        arrays = {name: array[:done].copy() for name, array in arrays.items()}
    heat = {name: np.array(counts, dtype=np.int64).reshape(shape) for name, counts in heat_counts.items()}
    return Chunk(start, start + done, arrays, heat)


class _Abandoned(Exception):
    """The game in play is left unfinished: its run was stopped."""


def join_chunks(first: Chunk, second: Chunk) -> Chunk:
    """One chunk of the games of ``first`` then ``second`` (which starts where ``first`` stops):
    the part of a chunk the rules engines played while a kernel was prepared, and the rest."""
    if second.start != first.stop:
        raise ValueError(f"chunks {first.start}…{first.stop} and {second.start}…{second.stop} do not meet")
    arrays = {key: np.concatenate([column, second.arrays[key].astype(column.dtype, copy=False)])
              for key, column in first.arrays.items()}
    heatmaps = {name: counts + second.heatmaps[name] for name, counts in first.heatmaps.items()}
    return Chunk(first.start, second.stop, arrays, heatmaps)


def replay_games(game: Game, games: Iterable[Iterable[State]]) -> Chunk:
    """The result arrays of games already played (each an iterable of its states, start first,
    e.g. ``record.states()``), counted exactly as the rules engines count a playout: the same
    counters, heatmaps and balance metrics. A game that stops before its end is unfinished.
    Whoever played seat p counts as agent p (``seating`` is 0, 1, … in every row).

    >>> import icewidgets as iw
    >>> game = iw.make(iw.available_games()[0])
    >>> start = game.new_state(seed=1)
    >>> chunk = replay_games(game, [[start, start.play(start.legal_moves()[0])]])
    >>> chunk.stop, int(chunk.arrays["plies"][0])
    (1, 1)
    """
    games = [list(states) for states in games]
    counters, shape = game.counters, heatmap_shape(game)
    arrays = result_arrays(game, len(games))
    arrays["seating"][:] = np.arange(game.num_players)  # whoever played seat p is "agent" p
    heat_counts = {name: [0] * (shape[0] * shape[1]) for name in counters.heatmaps}
    for row_index, states in enumerate(games):
        state = states[0]
        row, hits = counters.new_row(), counters.new_hits()
        choices: list[int] = []
        sample_turns, samples = [state.turns], [counters.progress(state)]
        first = -1
        for after in states[1:]:
            if state.to_move != CHANCE:
                first = state.to_move if first < 0 else first
                choices.append(len(state.legal_moves()))
            counters.ply(row, hits, after)
            state = after
            if state.is_over or state.turns != sample_turns[-1]:
                sample_turns.append(state.turns)
                samples.append(counters.progress(state))
        _write_row(arrays, row_index, game, state, len(states) - 1, first, choices, sample_turns, samples, row)
        _add_hits(heat_counts, [hits])
    heat = {name: np.array(counts, dtype=np.int64).reshape(shape) for name, counts in heat_counts.items()}
    return Chunk(0, len(games), arrays, heat)


def _write_row(arrays: dict[str, np.ndarray], row_index: int, game: Game, state: State, plies: int, first: int,
               choices: Sequence[int], sample_turns: Sequence[int], samples: Sequence[Any], row: dict[str, Any]) -> None:
    """Fill row ``row_index`` of ``arrays`` for a game that ended (or stopped) at ``state``."""
    game.counters.final(row, state)
    winners = state.winners
    for p in winners:
        arrays["winners"][row_index, p] = True
    arrays["scores"][row_index] = _int_scores(state.scores, game.num_players)
    arrays["turns"][row_index] = state.turns
    arrays["plies"][row_index] = plies
    arrays["first"][row_index] = max(first, 0)
    if state.is_over and not state.unfinished:
        arrays["result"][row_index] = RESULT_CODES["win"] if winners else RESULT_CODES["draw"]
    else:
        arrays["result"][row_index] = RESULT_CODES["unfinished"]
    arrays["branching"][row_index] = sum(choices) / len(choices) if choices else 0.0
    arrays["lead_changes"][row_index] = lead_changes(samples)
    arrays["comeback"][row_index] = comeback(sample_turns, samples, winners, state.turns)
    arrays["branching_profile"][row_index] = branching_profile(choices)
    for name, value in row.items():
        arrays[name][row_index] = value


def _add_hits(heat_counts: dict[str, list[int]], games_hits: Iterable[dict[str, list[int]]]) -> None:
    for hits in games_hits:
        for name, squares in hits.items():
            counts = heat_counts[name]
            for square in squares:
                counts[square] += 1


def _int_scores(scores: Any, players: int) -> list[int]:
    out = []
    for s in tuple(scores)[:players]:
        try:
            out.append(int(s))
        except (TypeError, ValueError):
            out.append(0)
    return out + [0] * (players - len(out))


def kernel_arrays(game: Game, out: dict[str, np.ndarray]) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    """A kernel's arrays (winners as a bit mask, an ``unfinished`` flag, flat ``heatmap:<name>``
    counts) → the results' arrays and heatmaps."""
    players = game.num_players
    arrays = dict(out)
    shape = heatmap_shape(game)
    heat = {key.split(":", 1)[1]: np.asarray(arrays.pop(key), dtype=np.int64).reshape(shape)
            for key in list(arrays) if key.startswith("heatmap:")}
    mask = np.asarray(arrays.pop("winners")).astype(np.int64)
    winners = ((mask[:, None] >> np.arange(players)) & 1).astype(bool)
    unfinished = np.asarray(arrays.pop("unfinished"), dtype=bool)
    result = np.where(unfinished, RESULT_CODES["unfinished"],
                      np.where(winners.any(axis=1), RESULT_CODES["win"], RESULT_CODES["draw"])).astype(np.int8)
    n = len(result)
    if "first" in arrays:
        first = np.asarray(arrays.pop("first"), dtype=np.int8)
    else:  # the kernel's games all start with the same seat
        first = np.full(n, max(game.new_state().to_move, 0), dtype=np.int8)
    core = {
        "winners": winners,
        "scores": np.asarray(arrays.pop("scores"), dtype=np.int16),
        "turns": np.asarray(arrays.pop("turns"), dtype=np.int32),
        "plies": np.asarray(arrays.pop("plies"), dtype=np.int32),
        "first": first,
        "result": result,
    }
    core.update(arrays)
    return core, heat
