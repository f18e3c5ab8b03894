"""Agents: the documented draw rules, the greedy heuristics, MCTS, and who beats whom.

Strength claims are asserted with a statistical bound: the 95% Wilson interval of the
stronger agent's points per game (seats rotated, fixed seeds) must lie above one half.
"""

from __future__ import annotations

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents as A
from icewidgets.analysis.teaching import bot_game
from icewidgets.notebook import check_agent
from icewidgets.playout import tournament
from icewidgets.protocol import CHANCE
from icewidgets.stats import wilson_interval


def advance(state, rng, plies):
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(A.random_agent(state, rng))
    return state


# Draw rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", "blockade"])
def test_random_agent_draws_exactly_one_uniform_per_ply(name):
    game = iw.make(name)
    rng = np.random.default_rng(3)
    state = game.new_state(seed=np.random.default_rng(4))
    for _ in range(30):
        if state.is_over:
            break
        twin = np.random.default_rng(rng.bit_generator.state["state"]["state"] % 2**32)
        twin.bit_generator.state = rng.bit_generator.state
        move = A.random_agent(state, rng)
        u = twin.random()
        if state.to_move == CHANCE:
            total, expected = 0.0, None
            for outcome, p in state.chance_outcomes():
                total += p
                if u < total:
                    expected = outcome
                    break
            expected = expected if expected is not None else state.chance_outcomes()[-1][0]
        else:
            moves = state.legal_moves()
            expected = moves[int(u * len(moves))]
        assert move == expected
        assert rng.bit_generator.state == twin.bit_generator.state  # exactly one draw
        state = state.play(move)


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", "blockade"])
def test_greedy_draws_exactly_once_per_decision_and_plays_legal_moves(name):
    game = iw.make(name)
    rng = np.random.default_rng(11)
    state = game.new_state(seed=np.random.default_rng(12))
    for _ in range(25):
        if state.is_over:
            break
        twin = np.random.default_rng()
        twin.bit_generator.state = rng.bit_generator.state
        move = A.greedy(state, rng)
        twin.random()
        assert rng.bit_generator.state == twin.bit_generator.state
        assert state.is_legal(move) or state.to_move == CHANCE
        state = state.play(move)


def test_chance_plies_are_drawn_by_cumulative_probability():
    state = iw.make("blockade").new_state(seed=5)
    assert state.to_move == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36
    for u_seed in range(20):
        rng = np.random.default_rng(u_seed)
        u = np.random.default_rng(u_seed).random()
        index = min(int(u * 36), 35)  # 36 equal outcomes: the cumulative rule picks this one
        assert A.chance_move(state, rng) == outcomes[index][0]
    for agent in (A.random_agent, A.greedy, A.make_mcts(iterations=5)):
        assert A.chance_move(state, np.random.default_rng(1)) == agent(state, np.random.default_rng(1))
    with pytest.raises(ValueError, match="not a chance ply"):
        A.chance_move(iw.make("volcano").new_state(), np.random.default_rng(0))


# Greedy heuristics ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", "blockade"])
def test_every_game_plugs_in_its_own_greedy_rule(name):
    rule = iw.make(name).greedy
    assert rule.__module__ == f"icewidgets.games.{name}.greedy" and rule.__name__ == "greedy_move"
    assert "pick_best" in rule.__doc__  # the rule is documented in words where it lives


def test_greedy_plays_the_game_rule_and_random_without_one():
    volcano = type(iw.make("volcano"))

    class LastMove(volcano):
        pass

    class NoRule(volcano):
        greedy = None

    LastMove.plug_in(greedy=lambda state, rng: state.legal_moves()[-1])
    state = LastMove().new_state()
    assert A.greedy(state, np.random.default_rng(0)) == state.legal_moves()[-1]
    state = NoRule().new_state()
    rng, twin = np.random.default_rng(5), np.random.default_rng(5)
    assert str(A.greedy(state, rng)) == str(A.random_agent(state, twin)) == "d4-d3"
    assert rng.bit_generator.state == twin.bit_generator.state
    assert volcano.greedy is not None and iw.make("volcano").greedy.__name__ == "greedy_move"


def test_volcano_greedy_takes_the_biggest_immediate_gain():
    game = iw.make("volcano", capture="must")
    rng = np.random.default_rng(1)
    checked = 0
    for start in range(40):
        state = advance(game.new_state(), rng, int(rng.integers(0, 40)))
        if state.is_over:
            continue
        player = state.to_move
        gains, ends = {}, False
        for move in state.legal_moves():
            if state.erupts(move):
                after = state.play(move)
                ends = ends or after.is_over
                gains[move] = after.scores[player] - state.scores[player]
        if ends or not gains or max(gains.values()) <= 0:
            continue  # (an eruption that ends the game is judged by who then wins)
        choice = A.greedy(state, np.random.default_rng(start))
        assert gains.get(choice) == max(gains.values()), (state.to_text(), choice)
        checked += 1
    assert checked >= 10


def test_volcano_greedy_walks_a_cap_when_no_eruption_gains():
    # No eruption of a1 gains anything; the empty cap on e3 can step onto d3 without an
    # eruption, and from there d3 erupts west onto b3 (G3) and a3 (Y2): two captures.
    text = """\
. . . . .
. . . . .
Y1Y2 G1G2G3 . R1R2R3 K1
. . . . .
Y1Y2Y3K1 . . . .
to_move=0"""
    state = iw.make("volcano", capture="must").state_from_text(text)
    move = A.greedy(state, np.random.default_rng(0))
    assert str(move) == "e3-d3"
    assert not state.erupts(move)
    assert state.play(move).play("d3-c3").scores[0] == 2


def test_blockade_greedy_builds_a_tower_from_the_rules_example():
    # BL1: cool rolls G5 B2; hop off, medium in, small back on top: a tower.
    state = iw.make("blockade").new_state(seed=2).play("G5B2")
    rng = np.random.default_rng(0)
    before = len(state.towers["G"])
    while state.to_move != CHANCE and not state.is_over:
        state = state.play(A.greedy(state, rng))
    assert len(state.towers["G"]) == before + 1


def test_volterra_greedy_builds_taller_towers_than_random():
    game = iw.make("volterra")
    heights = {}
    for name in ("greedy", "random"):
        runs = iw.playouts(game, 30, agents=(name, "random"), seed=4, progress=False)
        heights[name] = float(runs.scores[:, 0].mean())
    assert heights["greedy"] > heights["random"] + 1


# MCTS ---------------------------------------------------------------------------------------


def test_mcts_is_seeded_and_checks_its_budget():
    state = advance(iw.make("volcano").new_state(), np.random.default_rng(2), 6)
    agent = A.make_mcts(iterations=60)
    first = agent(state, np.random.default_rng(9))
    assert agent(state, np.random.default_rng(9)) == first
    assert state.is_legal(first)
    assert "time_limit" in A.make_mcts(iterations=None, time_limit=0.05).agent_name
    with pytest.raises(ValueError, match="budget"):
        A.make_mcts(iterations=None)
    with pytest.raises(ValueError, match="iterations"):
        A.make_mcts(iterations=0)
    with pytest.raises(ValueError, match="time_limit"):
        A.make_mcts(time_limit=-1)


def test_mcts_plays_the_same_moves_for_the_same_seed():
    state = advance(iw.make("volcano", capture="must").new_state(), np.random.default_rng(2), 6)
    agent, rng = A.make_mcts(iterations=60), np.random.default_rng(9)
    plies = []
    for _ in range(6):
        move = agent(state, rng)
        plies.append(str(move))
        state = state.play(move)
    assert plies == ["a1-a2", "a2-b3", "b2-c2", "e5-e4", "c2-d3", "b3-c2"]
    assert state.turns == 9


# Every cap move erupts (one cap, in the middle); only c3-b2 throws the clear small onto a
# small (a1) and so wins at once: Player 1 then holds all five colours and leads 5 to 1.
ONE_WINNING_MOVE = """\
Y2 . G2 . B2
. . . . .
Y2 . C1K1 . G2
. . . . .
R1 . B2 . R2
to_move=0 captured=R3,Y3,G3,B3/R1"""


def test_mcts_finds_a_win_in_one():
    state = iw.make("volcano", capture="must").state_from_text(ONE_WINNING_MOVE)
    wins = [move for move in state.legal_moves() if state.play(move).winners == (0,)]
    assert [str(move) for move in wins] == ["c3-b2"] and len(state.legal_moves()) == 8
    for seed in range(5):
        assert str(A.make_mcts(iterations=30)(state, np.random.default_rng(seed))) == "c3-b2"


def counting_rollout():
    """A random rollout agent that counts its plies (one per iteration with rollout_plies=1)."""
    calls = []

    def rollout(state, rng):
        calls.append(state)
        return A.random_agent(state, rng)

    return rollout, calls


@pytest.mark.parametrize("iterations", [1, 7, 40])
def test_mcts_runs_exactly_its_iterations(iterations):
    state = iw.make("volcano").new_state()
    rollout, calls = counting_rollout()
    agent = A.make_mcts(iterations=iterations, horizon=None, rollout_plies=1, rollout=rollout)
    assert state.is_legal(agent(state, np.random.default_rng(0)))
    assert len(calls) == iterations


def test_mcts_stops_at_its_time_limit(monkeypatch):
    ticks = iter(range(1000))  # a clock that moves one second each time it is read
    monkeypatch.setattr(A.time, "perf_counter", lambda: float(next(ticks)))
    state = iw.make("volcano").new_state()
    rollout, calls = counting_rollout()
    agent = A.make_mcts(iterations=None, time_limit=3.5, horizon=None, rollout_plies=1, rollout=rollout)
    agent(state, np.random.default_rng(0))
    assert len(calls) == 3  # read at 0 (deadline 3.5), then before each iteration at 1, 2, 3 and 4
    rollout, calls = counting_rollout()
    A.make_mcts(iterations=2, time_limit=100, horizon=None, rollout_plies=1, rollout=rollout)(
        state, np.random.default_rng(0))
    assert len(calls) == 2  # whichever budget ends first


@pytest.mark.parametrize("name, plies", [
    # One letter a ply: D a dice roll, O the turn goes on, E the ply ends the turn.
    ("volcano", "OEOOOOEEOEOE"),  # an eruption, then its capture choice (capture="may")
    ("volterra", "OEOEOEOEOEOE"),
    ("ice3", "EEEEEEEEEEEE"),
    ("blockade", "DOOOOOOEDOOO"),
])
def test_mcts_only_plays_legal_moves_through_dice_and_multi_ply_turns(name, plies):
    rng = np.random.default_rng(0)
    agent = A.make_mcts(iterations=8, horizon=1)
    state = iw.make(name).new_state(seed=1)
    played = ""
    for _ in range(12):
        move = agent(state, rng)
        if state.to_move == CHANCE:
            assert move in [outcome for outcome, _ in state.chance_outcomes()]
            played += "D"
        else:
            assert state.is_legal(move), (state.to_text(), move)
            after = state.play(move)
            played += "E" if after.player != state.player or after.is_over else "O"
        state = state.play(move)
    assert played == plies


def test_mcts_ends_its_turn_after_max_plies_per_turn():
    state = iw.make("volcano", capture="must").new_state()
    agent, rng = A.make_mcts(iterations=20, max_plies_per_turn=0), np.random.default_rng(4)
    for _ in range(8):
        move = agent(state, rng)
        assert state.erupts(move), (state.to_text(), move)
        state = state.play(move)
    assert state.turns == 8


def test_get_agent_by_name_and_errors():
    assert A.get_agent("random") is A.random_agent
    assert A.get_agent(" Greedy ") is A.greedy
    assert A.get_agent("mcts").agent_name == "mcts"
    assert A.get_agent("mcts:50").agent_name == "mcts(iterations=50)"
    assert A.agent_name(A.greedy) == "greedy"
    custom = lambda state, rng: state.legal_moves()[0]  # noqa: E731
    assert A.get_agent(custom) is custom
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        A.get_agent("smart")
    with pytest.raises(TypeError, match=r"agent=3 is not an agent: give a name \(random, greedy, mcts, easy, medium, "
                                        r"hard, mcts:ITERATIONS\) or a callable agent\(state, rng\) -> move, not int"):
        A.get_agent(3)


# Who beats whom -----------------------------------------------------------------------------


def assert_stronger(game, strong, weak, n, seed):
    """The strong agent's points per game (seats rotated) has a 95% interval above 1/2."""
    result = tournament(game, [strong, weak], n=n, seed=seed, progress=False)
    points, games = result.points[0, 1], result.games[0, 1]
    low, high = wilson_interval(points, games)
    assert low > 0.5, f"{strong} vs {weak}: {points}/{games} points, interval [{low:.3f}, {high:.3f}]"
    return points / games, low


def test_greedy_beats_random_in_volcano():
    rate, low = assert_stronger(iw.make("volcano"), "greedy", "random", 60, 1)
    assert low > 0.9


def test_greedy_beats_random_in_volterra():
    assert_stronger(iw.make("volterra"), "greedy", "random", 80, 1)


def test_greedy_beats_random_in_ice3_loose_goal():
    # Under the exact goal neither agent completes the pattern within the playout limit
    # (every game ends unfinished); the loose goal is within a one-ply heuristic's reach.
    assert_stronger(iw.make("ice3", goal="loose"), "greedy", "random", 16, 1)


def test_greedy_beats_random_in_blockade():
    assert_stronger(iw.make("blockade"), "greedy", "random", 10, 1)


@pytest.mark.slow
def test_mcts_beats_greedy_in_volcano():
    # The built-in "mcts" (300 iterations a ply): measured 17 wins, 2 losses, 1 shared win in
    # 20 games at other seeds, every capture taken at once. Under the published choice
    # (capture="may") it scored 9 of 24 against greedy at this seed: not yet stronger.
    rate, low = assert_stronger(iw.make("volcano", capture="must"), "mcts", "greedy", 24, 3)
    assert rate >= 0.7


def test_volcano_greedy_always_ends_its_turn_and_endless_games_stop_unfinished():
    # Found in a greedy-vs-greedy run (seed 11, game 273): the last four pieces can never
    # capture each other, so without the stall rule the game never ends; greedy still ends
    # every turn.
    text = """\
. G2 . . .
K1 Y1 . . .
. . B3K1 K1 K1
. . . . B1
. . . . K1
to_move=0 captured=R3,Y3,R3,R2,R3,R2,R1,Y2,R2,C3,C1,B3,Y2,Y1,R1,R1,C3,C2,C1,B3,B2,C2,C1,C2,C3,C1,C1,B1,C3,Y2,B1,C3,B2,B1,C2,Y1,C2,Y1,B2/Y3,R3,R3,R1,G3,G3,G2,G2,Y3,R2,R1,Y3,Y1,G2,G1,Y2,B3,R2,G3,B1,B2,G3,Y2,B2,G1,G1,Y3,G2,G1,G3,G1,B3"""
    state = iw.make("volcano", stall_turns=None).state_from_text(text)
    rng = np.random.default_rng(0)
    for _ in range(200):
        state = state.play(A.greedy(state, rng))
    assert state.turns >= 200 // 8 and not state.is_over


def test_games_without_a_turn_limit_stop_unfinished_at_the_safety_bound(monkeypatch):
    from icewidgets.playout import RESULT_CODES, run

    monkeypatch.setattr(run, "SAFETY_PLIES", 10)
    results = iw.playouts("volcano", 3, seed=0, progress=False, engine="reference")
    assert (results.plies == 10).all() and (results.result == RESULT_CODES["unfinished"]).all()
    assert (iw.playouts("volcano", 3, seed=0, max_turns=500, progress=False, engine="reference").plies > 10).all()


# The user trial's findings: an agent's illegal move says whose, where and what -------------------


def _stubborn(state, rng):
    return "a1-a1"


_stubborn.agent_name = "stubborn"


def test_an_agents_illegal_move_names_the_agent_the_ply_and_the_position():
    game = iw.make("volcano", capture="must")  # the first ply erupts and passes the turn
    with pytest.raises(iw.IllegalMoveError) as raised:
        iw.playouts(game, 2, agents=("random", _stubborn), seed=0, progress=False, engine="reference")
    first = game.new_state(seed=np.random.default_rng(np.random.SeedSequence(0, spawn_key=(0,))))
    before = first.play(iw.agents.random_agent(first, np.random.default_rng(np.random.SeedSequence(0, spawn_key=(0,)))))
    assert str(raised.value) == ("the agent 'stubborn' in seat 2 at ply 2 of game 1 (counted from 1) chose 'a1-a1': "
                                 f"a1-a1 is illegal: {before.why_illegal('a1-a1')}; "
                                 f"the position:\n{before.to_text()}")
    with pytest.raises(iw.NotationError) as raised:
        iw.playouts(game, 2, agents=(lambda state, rng: 12345, "random"), seed=0, progress=False, engine="reference")
    assert str(raised.value) == ("the agent '<lambda>' in seat 1 at ply 1 of game 1 (counted from 1) chose 12345: "
                                 f"12345 is not a volcano move or move text; the position:\n{first.to_text()}")


def test_a_bots_illegal_move_in_the_widget_names_the_bot_and_the_ply():
    widget = iw.GameWidget("volcano", capture="must", agents={1: _stubborn})
    first = str(widget.state.legal_moves()[0])
    widget.handle({"type": "move", "move": first})
    widget.handle({"type": "bot"})
    after = widget.final_state
    assert widget.message == (f"The bot in seat 2 ({widget.seats[1]}) chose 'a1-a1' at ply 2, which the rules refuse: "
                              f"a1-a1 is illegal: {after.why_illegal('a1-a1')}")
    assert widget.message_kind == "error" and widget.record.plies == (first,)


# An agent's own error keeps its type and says whose, where and in which game ----------------------


def _crashing_at(start, times):
    """An agent that plays at random but raises ZeroDivisionError the ``times``-th time it is
    asked to move in ``start`` (once per game, in the first seat of Volcano)."""
    seen = []

    def crash(state, rng):
        if state == start:
            seen.append(state)
            if len(seen) == times:
                raise ZeroDivisionError("my agent divided by zero")
        return A.random_agent(state, rng)

    crash.agent_name = "crash"
    return crash


def _always_crashing(state, rng):
    raise KeyError("no such square")


_always_crashing.agent_name = "always"


@pytest.mark.parametrize("name, run, error, note", [
    ("playouts, game 1", lambda start: iw.playouts("volcano", 4, agents=(_crashing_at(start, 1), "random"), seed=0,
                                                   progress=False, engine="reference"),
     ZeroDivisionError, "raised by the agent 'crash' in seat 1 at ply 1 of game 1 (counted from 1)"),
    ("playouts, game 3", lambda start: iw.playouts("volcano", 4, agents=(_crashing_at(start, 3), "random"), seed=0,
                                                   progress=False, engine="reference"),
     ZeroDivisionError, "raised by the agent 'crash' in seat 1 at ply 1 of game 3 (counted from 1)"),
    ("playouts, seat 2", lambda start: iw.playouts("volcano", 4, agents=("greedy", _always_crashing), seed=0,
                                                   progress=False, engine="reference"),
     KeyError, None),
    ("rollouts", lambda start: A.play_on(start, (_crashing_at(start, 2), "random"), seed=1, count=3, max_plies=6,
                                         engine="reference"),
     ZeroDivisionError, "raised by the agent 'crash' in seat 1 at ply 1 of rollout 2 (counted from 1)"),
    ("a bot game", lambda start: bot_game("volcano", [_always_crashing, "random"], seed=1),
     KeyError, "raised by the agent 'always' in seat 1 at ply 1 (counted from 1)"),
])
def test_an_agents_own_error_keeps_its_type_with_a_note_of_whose_and_where(name, run, error, note):
    start = iw.make("volcano").new_state()
    with pytest.raises(error) as raised:
        run(start)
    if note is None:  # seat 2 moves once seat 1's first turn is over: at the ply the game reached
        first = iw.make("volcano").new_state()
        plies = 0
        rng = np.random.default_rng(np.random.SeedSequence(0, spawn_key=(0,)))
        while first.to_move == 0:
            first = first.play(A.greedy(first, rng))
            plies += 1
        note = f"raised by the agent 'always' in seat 2 at ply {plies + 1} of game 1 (counted from 1)"
    assert raised.value.__notes__ == [note]
    assert str(raised.value) in ("my agent divided by zero", "'no such square'")  # the message itself unchanged


def test_a_rollouts_illegal_move_names_the_agent_the_seat_the_ply_and_the_rollout():
    start = iw.make("volcano").new_state()
    with pytest.raises(iw.IllegalMoveError) as raised:
        A.play_on(start, (_stubborn, "random"), seed=1, count=2, max_plies=4, engine="reference")
    assert str(raised.value) == ("the agent 'stubborn' in seat 1 at ply 1 of rollout 1 (counted from 1) chose "
                                 f"'a1-a1': a1-a1 is illegal: {start.why_illegal('a1-a1')}; the position:\n"
                                 f"{start.to_text()}")


def test_check_agent_tells_the_student_where_their_agent_failed():
    verdict = check_agent(_always_crashing, "volterra", games=2)
    assert str(verdict) == ("✘ Not yet: the agent failed: KeyError: 'no such square' (raised by the agent 'always' "
                            "in seat 1 at ply 1 of game 1 (counted from 1)).")
