"""Every compiled kernel plays the rules engine's games, ply for ply: one suite over the
registered games that have a kernel (``Game.kernel``), against one reference loop
(:func:`icewidgets.testing.reference_games`).

For each game, the cases below (options, agents, seed, games) are played twice: by the kernel,
recording every ply, and by the reference loop. The moves, lengths, scores, winners, the
unfinished flag, the branching factor, the counters read from the final position and — once
the kernel measures them — the balance metrics (lead changes, comebacks, branching profile)
must all be equal. Then whole runs through ``iw.playouts`` with both engines must give the same arrays
and heatmaps, whatever the chunking. A kernel game without cases of its own plays the
default ones (its default options, random and greedy agents).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import fast
from icewidgets.games import game_class
from icewidgets.playout import BALANCE_FIELDS, game_rng, ply_limit
from icewidgets.testing import reference_games

from kernel_contract import assert_balance_metrics, reference_agents, replay, uniform

pytest.importorskip("numba")

KERNEL_GAMES = [name for name in iw.available_games() if game_class(name).kernel]


def each_seat(agent, name):
    return (agent,) * iw.make(name).num_players


# Ply for ply: game → (options, agents, seed, games[, check of the kernel's output]).
PLY_CASES = {
    "volcano": [
        ({}, ("random", "random"), 11, 1000),
        ({}, ("greedy", "greedy"), 3, 200),
        ({}, ("random", "greedy"), 4, 150),
        ({"players": 3, "opening": "plus", "tie_rule": "draw", "max_turns": 25}, ("greedy", "random", "greedy"), 5, 80),
        ({"players": 4, "opening": "x", "no_return_within_turn": True, "max_turns": 40},
         ("random", "greedy", "random", "random"), 6, 60),
        ({"no_return_within_turn": True}, ("random", "greedy"), 12, 300),
        ({"stall_turns": 3}, ("random", "greedy"), 13, 200),
        ({"players": 3, "stall_turns": 1, "no_return_within_turn": True}, ("greedy", "random", "random"), 14, 100),
        ({"players": 1, "end_if_board_empty": False, "max_turns": 30}, ("greedy",), 7, 40),
        ({"opening": "custom", "colours": "RRYYG GBBCC RRYYG GBBCC ...RY", "caps": "a1 c3 e5"},
         ("random", "random"), 8, 40),
        ({"colours": "CCCGR CGGRY CGRYB GRYYB RYBBB", "caps": "c3"}, ("random", "random"), 9, 30),
        ({"opening": "random"}, ("random", "random"), 10, 120),
        ({"opening": "random", "caps": "b2 d2 b4 d4", "players": 3}, ("greedy", "random", "random"), 11, 40),
        # Every capture at once (the default above is the published choice).
        ({"capture": "must"}, ("random", "random"), 11, 500),
        ({"capture": "must"}, ("greedy", "greedy"), 3, 200),
        ({"capture": "must"}, ("random", "greedy"), 4, 150),
        ({"capture": "must", "players": 3, "stall_turns": 1, "no_return_within_turn": True},
         ("greedy", "random", "random"), 14, 100),
        ({"capture": "must", "players": 1, "end_if_board_empty": False, "max_turns": 30}, ("greedy",), 7, 40),
    ],
    "volterra": [
        ({}, ("random", "random"), 17, 1000),
        ({"first_player": 1, "end_check": "both"}, ("random", "random"), 17, 200),
        ({"dest_adjacent_to_source": True, "forfeit_removes": False, "max_turns": 12}, ("random", "random"), 17, 200),
        ({}, ("greedy", "greedy"), 19, 150),
        ({"end_check": "both", "first_player": 1}, ("random", "greedy"), 19, 100),
        ({"dest_adjacent_to_source": True, "forfeit_removes": False}, ("greedy", "greedy"), 19, 100),
    ],
    "ice3": [
        ({"max_turns": 300}, ("random", "random"), 13, 25),
        ({"max_turns": 25}, ("random", "random"), 13, 910),
        ({"players": 3, "no_move": "draw", "max_turns": 80}, ("random",) * 3, 13, 40),
        ({"players": 1, "max_turns": 30}, ("random",), 13, 25),
        ({"max_turns": 40}, ("greedy", "greedy"), 23, 8),
        ({"max_turns": 40}, ("random", "greedy"), 24, 8),
        ({"goal": "loose"}, ("greedy", "random"), 25, 30, lambda out: (out["winners"] > 0).sum() == 30),
        ({"goal": "loose", "players": 3, "no_move": "draw", "max_turns": 120}, ("random", "greedy", "random"), 26, 20,
         lambda out: (out["goal_colour"] >= 0).sum() > 10),
        ({"goal": "shape", "max_turns": 60}, ("greedy", "random"), 27, 10),
        ({"goal": "shape", "max_turns": 100}, ("random", "random"), 28, 100),
    ],
    "blockade": [
        # Fewer, longer games than the other kernels' first cases: as many plies, deeper into the game.
        ({"max_turns": 20}, ("random", "random"), 11, 150, lambda out: out["plies"].sum() > 20_000),
        ({"landing": "strict", "max_turns": 4}, ("random", "random"), 5, 60),
        ({"tower_without_black_counts": False, "max_turns": 4}, ("random", "random"), 5, 60),
        # Whole games to a win: towers, blockades, the end-of-turn search.
        ({"max_turns": 1000}, ("random", "random"), 1, 3,
         lambda out: out["winners"].all() and (out["towers"].max(axis=1) == 5).all()),
        ({"max_turns": 60}, ("greedy", "greedy"), 3, 40, lambda out: out["winners"].sum() > 0),
        ({"max_turns": 60}, ("random", "greedy"), 3, 40, lambda out: out["winners"].sum() > 0),
    ],
}

# Through iw.playouts, both engines: game → (options, agents, seed, games, every heatmap counts something).
RUN_CASES = {
    "volcano": [({}, "random", 21, 300, True), ({}, ("greedy", "random"), 22, 120, True),
                ({"stall_turns": 4}, ("random", "greedy"), 23, 200, True),
                ({"capture": "must"}, ("greedy", "random"), 22, 120, True)],
    "volterra": [({}, "random", 3, 300, True), ({"forfeit_removes": False}, "greedy", 3, 300, True)],
    "ice3": [({}, "random", 2, 25, False),  # no random game reaches the exact goal: no goal corners
             ({"goal": "loose", "max_turns": 100}, ("greedy", "random"), 3, 40, True)],
    "blockade": [({"max_turns": 4}, "random", 4, 80, False)],
}

# Options each kernel leaves to the rules engine.
UNSUPPORTED = {
    "volcano": [{"players": 1, "goal": "solid>=1"}],
    "volterra": [{"layout": "free"}],
    "ice3": [{"blocked": "slide"}, {"edge": "illegal"}, {"walls": "after"}],
}


def default_ply_cases(name):
    players = iw.make(name).num_players
    return [({}, ("random",) * players, 1, 50), ({}, ("greedy",) * players, 2, 20)]


def default_run_cases(name):
    return [({}, "random", 1, 50, False)]


def cases(table, defaults, size):
    """pytest parameters for every kernel game's cases, each padded with None to ``size`` values."""
    params = []
    for name in KERNEL_GAMES:
        for k, case in enumerate(table.get(name) or defaults(name)):
            params.append(pytest.param(name, *case, *(None,) * (size - len(case)), id=f"{name}-{k}"))
    return params


def first_difference(a, b):
    return next(i for i, (x, y) in enumerate(zip(a + [None], b + [None])) if x != y)


@pytest.mark.parametrize("name", KERNEL_GAMES)
def test_the_kernel_is_found_for_built_in_agents_only(name):
    game = iw.make(name)
    kernel = fast.kernel_for(game, each_seat("random", name))
    assert kernel is not None and kernel.__name__ == type(game).kernel
    assert fast.kernel_for(game, each_seat("greedy", name)) is kernel
    assert fast.kernel_for(game, ("mcts",) + each_seat("random", name)[1:]) is None
    assert fast.kernel_for(game, (uniform,) + each_seat("random", name)[1:]) is None
    for options in UNSUPPORTED.get(name, []):
        assert fast.kernel_for(iw.make(name, **options), each_seat("random", name)) is None, options


@pytest.mark.parametrize("name, options, agents, seed, count, check", cases(PLY_CASES, default_ply_cases, 5))
def test_kernel_games_equal_the_reference_ply_for_ply(name, options, agents, seed, count, check):
    game = iw.make(name, **options)
    kernel = fast.kernel_for(game, agents)
    assert kernel is not None and kernel.__name__ == type(game).kernel
    reference = reference_games(game, [uniform if agent == "random" else agent for agent in agents], seed, 0, count)
    record = max(len(played.moves) for played in reference) + 1
    out = kernel.play_range(game, agents, seed, 0, count, ply_limit(game), record=record)
    for i, played in enumerate(reference):
        state, moves = played.state, played.moves
        recorded = kernel.recorded_moves(out, i)
        assert recorded == moves, f"game {i}: the first different ply is ply {first_difference(recorded, moves)}"
        assert out["plies"][i] == len(moves) and out["turns"][i] == state.turns, i
        assert tuple(out["scores"][i]) == state.scores, i
        assert out["winners"][i] == sum(1 << p for p in state.winners), i
        assert bool(out["unfinished"][i]) == state.unfinished, i
        assert out["branching"][i] == played.branching, i
        # The balance metrics, once the kernel measures them (contract A of the balance report).
        if "lead_changes" in out:
            assert out["lead_changes"][i] == played.lead_changes, i
            assert bool(out["comeback"][i]) == played.comeback, i
            assert np.array_equal(out["branching_profile"][i], played.branching_profile, equal_nan=True), i
        final = {}
        game.counters.final(final, state)
        for field, value in final.items():
            assert out[field][i].tolist() == value, (i, field)
    assert check is None or check(out)


@pytest.mark.parametrize("name, options, agents, seed, count, heat", cases(RUN_CASES, default_run_cases, 5))
def test_playouts_with_either_engine_give_the_same_arrays(name, options, agents, seed, count, heat):
    settings = dict(agents=agents, seed=seed, options=options, progress=False, branching_profile=True)
    reference = iw.playouts(name, count, engine="reference", **settings)
    compiled = iw.playouts(name, count, engine="fast", **settings)
    chunked = iw.playouts(name, count, engine="fast", chunk_size=7, workers=2, **settings)
    assert (reference.engine, compiled.engine) == ("reference", "fast")
    # A kernel that does not measure the balance metrics yet leaves them out; once it does,
    # they must equal the rules engines' like every other array (and so must the summaries).
    measured = [key for key in BALANCE_FIELDS if key in compiled.arrays]
    expected = [key for key in reference.arrays if key not in BALANCE_FIELDS or key in measured]
    for run in (compiled, chunked):
        assert list(run.arrays) == expected
        for key in expected:
            array = reference.arrays[key]
            assert run.arrays[key].dtype == array.dtype and np.array_equal(run.arrays[key], array, equal_nan=True), key
        assert run.heatmaps.keys() == reference.heatmaps.keys() == set(reference.game.counters.heatmaps)
        for key, grid in reference.heatmaps.items():
            assert np.array_equal(run.heatmaps[key], grid), key
        if "branching_profile" in measured:
            assert np.array_equal(run.branching_totals, reference.branching_totals)
    if heat:
        assert all(grid.sum() > 0 for grid in reference.heatmaps.values())
    if len(measured) == len(BALANCE_FIELDS):
        assert str(compiled.summary()).split("speed")[0] == str(reference.summary()).split("speed")[0]
    else:
        balance = ("lead_changes", "comebacks", "branching")
        assert ([m for m in compiled.balance() if m.key not in balance]
                == [m for m in reference.balance() if m.key not in balance])


# Balance metrics, by their definitions: game → (options, agents, seed, games, check of the kernel's output).
BALANCE_CASES = {
    "volterra": [
        ({}, ("random", "random"), 41, 400, lambda out: out["comeback"].sum() > 20 and out["lead_changes"].max() > 3),
        ({"end_check": "both", "first_player": 1}, ("greedy", "random"), 42, 120, lambda out: out["comeback"].any()),
        ({"max_turns": 15, "forfeit_removes": False}, ("greedy", "greedy"), 43, 120,
         lambda out: out["lead_changes"].sum() > 100),
    ],
    "ice3": [
        ({"goal": "loose", "max_turns": 100}, ("greedy", "greedy"), 51, 80, lambda out: out["comeback"].sum() > 10),
        ({"goal": "loose", "players": 3, "max_turns": 100}, ("greedy", "random", "greedy"), 52, 30,
         lambda out: (out["winners"] > 0).all()),
        ({"max_turns": 60}, ("random", "random"), 53, 60, lambda out: (out["lead_changes"] > 0).mean() > 0.8),
        ({"goal": "shape", "players": 1, "max_turns": 40}, ("greedy",), 54, 10, lambda out: out["lead_changes"].max() == 0),
    ],
}


@pytest.mark.parametrize("name, options, agents, seed, count, check", [
    pytest.param(name, *case, id=f"{name}-{k}") for name, table in BALANCE_CASES.items() for k, case in enumerate(table)])
def test_kernel_balance_metrics_follow_their_definitions(name, options, agents, seed, count, check):
    game = iw.make(name, **options)
    kernel = fast.kernel_for(game, agents)
    out = kernel.play_range(game, agents, seed, 0, count, ply_limit(game))
    for i, played in enumerate(reference_games(game, reference_agents(agents), seed, 0, count)):
        assert_balance_metrics(out, i, replay(game.new_state(seed=game_rng(seed, i)), played.moves), f"game {i}")
    assert not np.isnan(out["branching_profile"]).any(axis=1).all()
    assert check is None or check(out)


# What one game's kernel counts or keeps ---------------------------------------------------------------


def test_volcano_results_for_a_million_games_fit_in_50_mb():
    from icewidgets.games.volcano import kernel

    assert sum(array.nbytes for array in kernel.empty_results(1_000_000, 2).values()) <= 100 * 2**20
    assert sum(array.nbytes for array in kernel.empty_results(1_000_000, 6).values()) <= 100 * 2**20
    # What iw.playouts keeps per game, scaled to a million games: 52 bytes a game for two players
    # (49.6 MB), 72 for six; each game's branching profile, when kept, adds 40.
    for players, size in ((2, 52), (6, 72)):
        run = iw.playouts("volcano", 2000, agents="random", seed=1, engine="fast", progress=False,
                          options={"players": players})
        assert run.nbytes == 2000 * size, (players, run.nbytes)
        assert players > 2 or run.nbytes * 500 <= 50 * 2**20


def test_volcano_kernel_plays_a_range_again_when_a_game_outgrows_its_room(monkeypatch):
    # The kernel allocates nothing while it plays: a game with more decisions than the room for
    # their legal-move counts (the branching profile's) makes it play the range again with more.
    from icewidgets.games.volcano import kernel

    game = iw.make("volcano")
    whole = kernel.play_range(game, ("random", "greedy"), 3, 0, 300, 5000, record=40)
    monkeypatch.setattr(kernel, "DECISIONS_ROOM", 16)
    again = kernel.play_range(game, ("random", "greedy"), 3, 0, 300, 5000, record=40)
    assert (whole["plies"] > 4 * 16).sum() > 10
    assert again.keys() == whole.keys()
    for key, array in whole.items():
        assert np.array_equal(again[key], array, equal_nan=True), key


def test_volcano_kernel_ends_a_stalled_game_by_the_stall_rule():
    # The game test_volcano replays: without the rule it stalls until the 5,000-ply stop.
    from icewidgets.games.volcano import kernel

    def play(**options):
        out = kernel.play_range(iw.make("volcano", capture="must", **options), ("random", "random"), 2, 594_793,
                                594_794, 5000)
        return (int(out["plies"][0]), int(out["turns"][0]), out["scores"][0].tolist(), int(out["winners"][0]),
                bool(out["unfinished"][0]), int(out["longest_quiet"][0]))

    assert play(stall_turns=None) == (5000, 761, [71, 81], 0, True, 369)
    assert play() == (2635, 492, [71, 81], 2, False, 100)


# Volcano from any position (contract B): encode(state) and play_from ------------------------------

VOLCANO_POSITION_OPTIONS = [
    {},
    {"no_return_within_turn": True},
    {"players": 3, "opening": "plus", "stall_turns": 5},
    {"players": 4, "opening": "random", "max_turns": 30, "tie_rule": "draw"},
    {"players": 1, "end_if_board_empty": False, "stall_turns": None},
    {"capture": "must"},
    {"capture": "must", "players": 3, "no_return_within_turn": True},
]
VOLCANO_SPARSE_POSITIONS = [
    ({}, ". . . . .\n. . . . .\n. . K1 . .\n. . . . .\nG2 . . . .\nto_move=1 captured=R1/R2,R3"),
    ({}, "R1R2 . . . K1\n. . . . .\nK1 Y1Y2Y3 . . .\n. . . . .\nB3 . . . K1\nto_move=0 captured=C1/ quiet_turns=99"),
    ({"no_return_within_turn": True},
     "R1R2R3K1 . . . .\n. . K1 . .\n. . . . .\n. . . . .\n. . . G1G2 .\nto_move=1 captured=/ left=a5:a4+b5,c4:c3"),
    ({"no_return_within_turn": True}, ". . . . .\n. . . . .\n. . . . .\nK1 K1 . . .\nR1K1 . G1 . .\n"
                                      "to_move=0 captured=/ left=a1:b1+a2+b2"),  # the house rule lifted
    ({"max_turns": 9}, ". . . . .\n. . . . .\nC1C2C3K1 . G1G2G3 . .\n. . . . .\nR1R2R3 . . . .\n"
                       "to_move=0 captured=R1,Y1,G1,B1/ turns=8"),
    ({"max_turns": 9}, ". . . . .\n. . . . .\nC1K1 . G1 . .\n. . . . .\n. . . . .\nto_move=1 captured=/ turns=9"),
    ({}, ". . . . .\n. . . . .\nK1 . . . .\n. . . . .\n. . . . .\nto_move=0 captured=R1,Y1,G1,B1,C1/R3"),
    # A pending capture choice: taking the clear ends the game, behind (first) or ahead.
    ({}, ". . . . .\n. . . . .\nK1 G1G2G3C3 Y2Y2 R3 .\n. . . . .\n. . . . .\n"
         "to_move=0 captured=R1,Y1,G1,B1/R1,R2,R3,Y1,Y2,Y3,G1 capturable=b3+c3"),
    ({}, ". . . . .\n. . . . .\nK1 G1G2G3C3 Y2Y2 R3 .\n. . . . .\n. . . . .\n"
         "to_move=0 captured=R1,Y1,G1,B1,R2,R3/C1 capturable=b3+c3"),
]


def volcano_positions():
    """(state, label) for seeded random games cut at random plies, and the sparse positions above."""
    rng = random.Random(5)
    for k, options in enumerate(VOLCANO_POSITION_OPTIONS):
        game = iw.make("volcano", **options)
        for index in range(40):
            state = game.new_state(seed=index)
            for _ in range(rng.randrange(0, 150)):
                if state.is_over:
                    break
                state = state.play(rng.choice(state.legal_moves()))
            yield state, f"options {k}, game {index}"
    for options, text in VOLCANO_SPARSE_POSITIONS:
        yield iw.make("volcano", **options).state_from_text(text), text


def continue_from(state, agents, seed, count, max_plies):
    """The rules engine going on from ``state``: game i draws from SeedSequence(seed, spawn_key=(i,))."""
    from icewidgets.agents import get_agent

    players = [uniform if agent == "random" else get_agent(agent) for agent in agents]
    games = []
    for i in range(count):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,)))
        current, moves = state, []
        while not current.is_over and len(moves) < max_plies:
            move = players[current.to_move](current, rng)
            moves.append(str(move))
            current = current.play(move)
        games.append((current, moves))
    return games


def test_volcano_kernel_finds_the_legal_moves_of_any_encoded_position():
    from icewidgets.games.volcano import kernel

    checked = 0
    for state, label in volcano_positions():
        assert kernel.legal_moves(state) == [str(m) for m in state.legal_moves()], label
        stack, height, counts, per_player, st = kernel.encode(state)
        assert per_player[2].tolist() == list(state.scores), label
        assert bool(st[kernel.ENDED]) == (state.end_reason is not None), label
        checked += 1
    assert checked == 40 * len(VOLCANO_POSITION_OPTIONS) + len(VOLCANO_SPARSE_POSITIONS)


@pytest.mark.parametrize("agents", ["random", "greedy", "mixed"])
def test_volcano_play_from_continues_like_the_rules_engine(agents):
    from icewidgets.games.volcano import kernel

    positions = list(volcano_positions())[agents != "random"::3]  # a different third for each agent set
    for number, (state, label) in enumerate(positions):
        seats = {"random": ("random",), "greedy": ("greedy",), "mixed": ("greedy", "random")}[agents]
        seats = (seats * state.game.num_players)[:state.game.num_players]
        max_plies = 400
        out = kernel.play_from(state.game, state, seats, seed=number, count=4, max_plies=max_plies, record=max_plies)
        for i, (final, moves) in enumerate(continue_from(state, seats, number, 4, max_plies)):
            recorded = kernel.recorded_moves(out, i)
            assert recorded == moves, f"{label}, game {i}: first different ply {first_difference(recorded, moves)}"
            assert out["plies"][i] == len(moves) and out["turns"][i] == final.turns, (label, i)
            assert tuple(out["scores"][i]) == final.scores, (label, i)
            assert out["winners"][i] == sum(1 << p for p in final.winners), (label, i)
            assert bool(out["unfinished"][i]) == (final.end_reason is None), (label, i)
            assert out["longest_quiet"][i] >= final.quiet_turns, (label, i)


def test_volcano_play_from_refuses_what_it_cannot_play():
    from icewidgets.games.volcano import kernel

    state = iw.make("volcano").new_state()
    with pytest.raises(ValueError, match="not of make\\('volcano', players=3\\)"):
        kernel.play_from(iw.make("volcano", players=3), state, ("random",) * 3, 0, 1, 10)
    solitaire = iw.make("volcano", players=1, goal="solid>=1")
    with pytest.raises(ValueError, match="does not play"):
        kernel.play_from(solitaire, solitaire.new_state(), ("random",), 0, 1, 10)


# Volcano's balance metrics (contract A), written out from their definitions ------------------------


def balance_by_definition(state, moves):
    """(lead changes, comeback, branching profile) of the game that plays ``moves`` from ``state``.

    Samples: the start, then after every ply that completes a turn or ends the game; progress is
    the game's Counters.progress; the sole leader has strictly the greatest progress."""
    progress = state.game.counters.progress
    samples, choices = [(state.turns, progress(state))], []
    for move in moves:
        choices.append(len(state.legal_moves()))
        state = state.play(move)
        if state.is_over or state.turns != samples[-1][0]:
            samples.append((state.turns, progress(state)))

    def sole_leader(values):
        best = [p for p, v in enumerate(values) if all(v > w for q, w in enumerate(values) if q != p)]
        return best[0] if best else None

    changes, leader = 0, None
    for _, values in samples:
        now = sole_leader(values)
        if now is not None:
            changes += leader is not None and now != leader
            leader = now
    comeback = False
    if len(state.winners) == 1 and state.turns >= 2:
        (winner,) = state.winners
        values = next(v for t, v in samples if t >= -(-state.turns // 2))
        comeback = any(values[winner] < v for p, v in enumerate(values) if p != winner)
    bins = [[] for _ in range(10)]
    for d, count in enumerate(choices):
        bins[d * 10 // len(choices)].append(count)
    profile = np.array([sum(b) / len(b) if b else np.nan for b in bins], dtype=np.float32)
    return changes, comeback, profile


# (options, agents, seed, games, whether some game changes the lead, whether one is a comeback)
@pytest.mark.parametrize("options, agents, seed, count, changes, comebacks", [
    ({}, ("random", "random"), 31, 300, True, True),
    ({}, ("greedy", "random"), 32, 200, True, False),  # greedy wins all 200, never from behind at half time
    ({"capture": "must"}, ("random", "random"), 31, 300, True, True),
    ({"players": 3, "tie_rule": "draw", "stall_turns": 8}, ("greedy", "greedy", "random"), 33, 150, True, True),
    ({"players": 4, "opening": "random", "no_return_within_turn": True}, ("random",) * 4, 34, 60, True, True),
    ({"players": 4, "max_turns": 25}, ("random",) * 4, 34, 60, True, False),  # stopped: no winner
    ({"players": 1, "max_turns": 12}, ("greedy",), 35, 30, False, False),
])
def test_volcano_kernel_measures_the_balance_metrics_by_their_definitions(options, agents, seed, count, changes,
                                                                        comebacks):
    from icewidgets.games.volcano import kernel

    game = iw.make("volcano", **options)
    out = kernel.play_range(game, agents, seed, 0, count, ply_limit(game))
    reference = reference_games(game, [uniform if a == "random" else a for a in agents], seed, 0, count)
    for i, played in enumerate(reference):
        start = game.new_state(seed=np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(i,))))
        expected = balance_by_definition(start, played.moves)
        assert (int(out["lead_changes"][i]), bool(out["comeback"][i])) == expected[:2], i
        assert np.array_equal(out["branching_profile"][i], expected[2], equal_nan=True), i
    assert (out["lead_changes"].sum() > 0, out["comeback"].any()) == (changes, comebacks)


def test_volcano_play_from_measures_the_balance_metrics_from_the_position():
    from icewidgets.games.volcano import kernel

    for number, (state, label) in enumerate(list(volcano_positions())[1::4]):
        seats = ("random", "greedy") * 3
        seats = seats[:state.game.num_players]
        out = kernel.play_from(state.game, state, seats, seed=number, count=3, max_plies=300)
        for i, (final, moves) in enumerate(continue_from(state, seats, number, 3, 300)):
            changes, comeback, profile = balance_by_definition(state, moves)
            assert (int(out["lead_changes"][i]), bool(out["comeback"][i])) == (changes, comeback), (label, i)
            assert np.array_equal(out["branching_profile"][i], profile, equal_nan=True), (label, i)


def test_blockade_piece_moves_and_pip_steps_are_counted_by_both_engines():
    compiled = iw.playouts("blockade", 4, seed=1, max_turns=3, progress=False, engine="fast")
    reference = iw.playouts("blockade", 4, seed=1, max_turns=3, progress=False, engine="reference")
    assert compiled.moves.tolist() == reference.moves.tolist() == [13, 13, 12, 15]
    assert compiled.pips.tolist() == reference.pips.tolist() == [19, 16, 14, 22]
