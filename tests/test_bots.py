"""Bots and warm starts: playing on from any position, MCTS rollouts through the fast runner,
compiling ahead with a notice, the levels, and a widget whose bot thinks on a thread.

The fast runner's plumbing is tested with a stand-in kernel (tests/stand_in_kernel.py): a game
whose ``kernel`` names it gets the rules engines' games through the kernel's entry points, so
these tests see exactly what the runner asks a kernel for.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading

import numpy as np
import pytest

import icewidgets as iw
import stand_in_kernel
from extra_game import NestRow
from icewidgets import agents as A
from icewidgets import fast
from icewidgets.__main__ import main
from icewidgets.testing import reference_games


class CompiledNestRow(NestRow):
    """Nest Row with the stand-in kernel."""

    kernel = "stand_in_kernel"


@pytest.fixture
def stand_in():
    stand_in_kernel.CALLS.clear()
    stand_in_kernel.GATE = None
    yield stand_in_kernel
    stand_in_kernel.GATE = None


def midgame(name, plies, seed=0):
    rng = np.random.default_rng(seed)
    state = iw.make(name).new_state(seed=seed)
    for _ in range(plies):
        state = state.play(A.random_agent(state, rng))
    return state


# Playing on from a position -----------------------------------------------------------------


def test_play_on_plays_the_playouts_games_from_the_start():
    # The first game's start draws nothing from the stream, so games played on from it are
    # exactly the reference games of a run with the same seed.
    game = iw.make(iw.available_games()[0])
    agents = ("greedy", "random")
    out = A.play_on(game.new_state(), agents, seed=5, count=4, max_plies=10_000, engine="reference")
    for i, played in enumerate(reference_games(game, agents, seed=5, start=0, stop=4)):
        assert out["plies"][i] == len(played.moves) and out["turns"][i] == played.state.turns
        assert out["winners"][i] == sum(1 << p for p in played.state.winners)
        assert out["scores"][i].tolist() == list(played.state.scores)
    assert not out["unfinished"].any()


def test_play_on_stops_after_max_plies_and_from_a_finished_game():
    state = midgame("volterra", 9)
    out = A.play_on(state, ("random", "random"), seed=2, count=3, max_plies=5, engine="reference")
    assert out["plies"].tolist() == [5, 5, 5] and out["unfinished"].all()
    assert (out["turns"] >= state.turns + 2).all()
    finished = NestRow().new_state()
    for move in ["a1", "b1", "a2", "b2", "a3"]:
        finished = finished.play(move)
    assert finished.winners == (0,)
    out = A.play_on(finished, ("random", "random"), seed=0, count=2, max_plies=5, engine="reference")
    assert out["plies"].tolist() == [0, 0] and out["winners"].tolist() == [1, 1]
    with pytest.raises(ValueError, match="engine='fast'; choose 'auto' or 'reference'"):
        A.play_on(state, ("random", "random"), 0, 1, 1, engine="fast")


def test_fast_play_from_uses_the_kernels_play_from(stand_in, monkeypatch):
    state = CompiledNestRow().new_state().play("b2")
    out = fast.play_from(state, (A.greedy, "random"), seed=3, count=5, max_plies=9)
    assert stand_in.CALLS == [("play_from", state, ("greedy", "random"), 3, 5, 9)]
    expected = A.play_on(state, ("greedy", "random"), 3, 5, 9, engine="reference")
    assert all((out[key] == expected[key]).all() for key in expected)
    assert fast.play_from(state, (A.greedy, A.make_mcts(iterations=2)), 3, 5, 9) is None  # no kernel plays MCTS
    monkeypatch.setenv("ICEWIDGETS_NO_FAST", "1")
    assert fast.play_from(state, ("random", "random"), 3, 5, 9) is None
    monkeypatch.delenv("ICEWIDGETS_NO_FAST")
    monkeypatch.delattr(stand_in, "play_from")
    assert fast.play_from(state, ("random", "random"), 3, 5, 9) is None  # a kernel of whole games only
    assert len(stand_in.CALLS) == 1


def test_kernel_names_come_from_the_agents_not_from_their_labels():
    labelled = lambda state, rng: A.greedy(state, rng)  # noqa: E731
    labelled.agent_name = "greedy"  # a label only: it does not claim to play like the kernels
    assert fast.agent_names([A.random_agent, A.greedy, "Greedy "]) == ("random", "greedy", "greedy")
    assert fast.agent_names([labelled]) is None
    assert fast.agent_names([A.get_agent("medium")]) == ("greedy",)


# MCTS rollouts through the fast runner ------------------------------------------------------


def test_mcts_plays_on_in_the_kernel_and_the_same_games_without_it(stand_in, monkeypatch):
    state = CompiledNestRow().new_state().play("b2").play("a1")
    fast.prepare(state.game, ("greedy", "greedy"), continuing=True)  # ready: every rollout in the kernel
    stand_in.CALLS.clear()
    agent = A.make_mcts(iterations=25, horizon=None, rollouts=3, rollout="greedy", rollout_plies=50)
    move = agent(state, np.random.default_rng(4))
    calls = stand_in.CALLS
    assert len(calls) == 25 and {c[2:3] + c[4:] for c in calls} == {(("greedy", "greedy"), 3, 50)}
    assert len({c[3] for c in calls}) == 25  # one seed drawn per position judged
    stand_in.CALLS.clear()
    monkeypatch.setenv("ICEWIDGETS_NO_FAST", "1")
    assert agent(state, np.random.default_rng(4)) == move and stand_in.CALLS == []


def test_mcts_rollouts_of_whole_games_find_the_win_and_check_their_count():
    state = NestRow().new_state()
    for move in ["a1", "b1", "a2", "b2"]:
        state = state.play(move)
    agent = A.make_mcts(iterations=60, horizon=None, rollouts=4)
    assert str(agent(state, np.random.default_rng(0))) == "a3"  # three in a row at once
    with pytest.raises(ValueError, match="rollouts=0 must be a whole number ≥ 1"):
        A.make_mcts(rollouts=0)


# Compiling ahead ----------------------------------------------------------------------------


def test_prepare_says_it_is_compiling_and_how_long_it_took(stand_in, monkeypatch):
    monkeypatch.setattr(fast, "COMPILE_NOTICE_AFTER", 0.0)
    monkeypatch.setattr(fast, "_prepared", set())
    game = CompiledNestRow()
    heard = []
    gate = stand_in.GATE = threading.Event()

    def notify(text):  # the first call waits for the gate: it is "compiling" until we hear so
        heard.append(text)
        gate.set()

    assert fast.prepare(game, ("random", "greedy"), notify)
    assert heard[0] == "compiling the fast engine for Nest Row (first time only)…"
    assert re.fullmatch(r"compiled the fast engine for Nest Row in \d+\.\d s", heard[1]) and len(heard) == 2
    assert stand_in.CALLS == [("play_range", ("random", "greedy"), 0, 0, 1, 1)]
    assert fast.prepare(game, ("random", "greedy"), notify)  # once per process
    assert fast.prepare(game, ("random", "greedy"), notify, continuing=True)
    assert [call[0] for call in stand_in.CALLS] == ["play_range", "play_from"] and len(heard) == 2
    assert not fast.prepare(game, ("random", "mcts"), notify)


def test_a_failing_first_call_is_raised_where_prepare_was_called(stand_in, monkeypatch):
    monkeypatch.setattr(fast, "_prepared", set())

    def broken(*args):
        raise RuntimeError("the compiler gave up")

    monkeypatch.setattr(stand_in, "play_range", broken)
    with pytest.raises(RuntimeError, match="the compiler gave up"):
        fast.prepare(CompiledNestRow(), ("random", "random"))


def test_playouts_the_command_line_and_the_lab_say_the_engine_is_being_prepared(monkeypatch, capsys):
    pytest.importorskip("numba")
    preparing = fast.Preparation("Volcano")  # a kernel that stays in preparation: the rules engine plays
    monkeypatch.setattr(fast, "ready", lambda game, agents, continuing=False: False)
    monkeypatch.setattr(fast, "preparation", lambda game, agents, continuing=False: preparing)
    notice = ("preparing the fast engine for Volcano in the background (first time only); the rules engine plays "
              "meanwhile, the same games…")
    results = iw.playouts("volcano", 3, seed=1)
    assert notice in capsys.readouterr().err and results.engine == "fast"
    iw.playouts("volcano", 3, seed=1, progress=False)  # quiet means quiet
    assert capsys.readouterr().err == ""
    assert main(["playouts", "volcano", "-n", "3"]) == 0
    assert notice in capsys.readouterr().err
    from icewidgets.widgets import PlayoutLab

    lab = PlayoutLab(game="volcano", agents="random", n=3)
    shown = []
    lab.status.observe(lambda change: shown.append(change["new"]), "value")
    lab.run(wait=True)
    assert notice[0].upper() + notice[1:] in shown


def test_a_long_run_says_how_long_the_preparation_took(monkeypatch, capsys):
    pytest.importorskip("numba")
    preparing = fast.Preparation("Volcano")
    monkeypatch.setattr(fast, "ready", lambda game, agents, continuing=False: preparing.ready)
    monkeypatch.setattr(fast, "preparation", lambda game, agents, continuing=False: preparing)
    fast.prepare(iw.make("volcano"), ("random", "random"))
    played = []

    def on_game(done):  # the kernel is "ready" after the rules engine's fifth game
        played.append(done)
        if done == 5:
            preparing._end()

    run = iw.playout.PlayoutRun.plan("volcano", 40, agents="random", seed=3)
    chunk = run.play_range(0, 40, on_game=on_game)
    assert played == [1, 2, 3, 4, 5] and chunk.stop == 40
    expected = iw.playouts("volcano", 40, seed=3, engine="reference", progress=False)
    for key, column in expected.arrays.items():
        assert np.array_equal(chunk.arrays[key], column), key
    assert re.fullmatch(r"prepared the fast engine for Volcano in \d+\.\d s; it plays from now on",
                        preparing.outcome())


def test_warm_without_numba_says_so_and_exits_0(monkeypatch, capsys):
    monkeypatch.setenv("ICEWIDGETS_NO_FAST", "1")
    heard = []
    assert fast.warm(heard.append) == []
    titles = [iw.make(name).title for name in iw.available_games()]
    assert heard == ["the fast engine is unavailable here (ICEWIDGETS_NO_FAST is set): "
                     "nothing to compile; the rules engines play every game"] + [
                     f"{title}: the rules engine plays it" for title in titles]
    assert main(["warm"]) == 0
    assert capsys.readouterr().out.startswith("the fast engine is unavailable here")


def test_warm_prepares_every_kernel_with_a_line_per_game(capsys):
    pytest.importorskip("numba")
    assert main(["warm"]) == 0
    lines = iter(capsys.readouterr().out.splitlines())
    for name in iw.available_games():
        game = iw.make(name)
        if type(game).kernel is None:
            assert next(lines) == f"{game.title}: no compiled engine; the rules engine plays it"
            continue
        assert next(lines) == f"{game.title}: preparing the fast engine…"
        assert re.fullmatch(rf"{game.title}: (compiled|loaded from the cache) in \d+\.\d s", next(lines))
    assert next(lines, None) is None


def test_warm_says_the_rules_engine_plays_a_game_without_a_kernel(nest_row):
    pytest.importorskip("numba")
    heard = []
    fast.warm(heard.append)
    assert heard[-1] == "Nest Row: no compiled engine; the rules engine plays it"


# Levels ----------------------------------------------------------------------------------------


def test_the_levels_are_agent_names_everywhere(capsys):
    assert list(A.LEVELS) == ["easy", "medium", "hard"]
    assert A.get_agent(" Hard ") is A.LEVELS["hard"] and A.get_agent("medium") is A.greedy
    assert [A.agent_name(A.get_agent(name)) for name in ("easy", "hard")] == ["easy", "hard"]
    assert A.agent_name("Medium") == "medium"
    results = iw.playouts("volcano", 4, agents=("easy", "medium"), seed=2, progress=False)
    assert results.agents == ("easy", "medium") and results.n == 4
    assert main(["playouts", "volcano", "-n", "2", "--agents", "medium,easy", "-q"]) == 0
    assert "seat 2 (easy) points" in capsys.readouterr().out
    widget = iw.GameWidget("volcano", capture="must", agents={1: "hard"}, seed=4)
    assert widget.seats == ["human", "hard"]
    assert widget.handle({"type": "move", "move": "a1-a2"}) and widget.handle({"type": "bot"})
    assert widget.message.startswith("Player 2 (hard) played ")


def test_medium_plays_in_the_kernels_where_greedy_does():
    pytest.importorskip("numba")
    plan = iw.playout.PlayoutRun.plan("volcano", 10, agents=("medium", "random"))
    assert plan.engine == "fast"


@pytest.mark.parametrize("name", ["expert", "hardest", ""])
def test_an_unknown_level_is_an_error_that_lists_the_levels(name, capsys):
    choices = ("a level (easy, medium, hard) or an agent (random, greedy, mcts, mcts:ITERATIONS), or pass a callable "
               "agent(state, rng) -> move")
    message = f"unknown agent {name!r}; choose {choices}" if name else f"agent='' is an empty agent name; give {choices}"
    with pytest.raises(ValueError) as error:
        A.get_agent(name)
    assert str(error.value) == message
    with pytest.raises(ValueError, match=r"a level \(easy, medium, hard\)"):
        iw.GameWidget("volcano", agents={1: name})
    if name:
        assert main(["playouts", "volcano", "--agents", f"random,{name}"]) == 2
        # a command line cannot pass a Python function: not offered there
        flag_message = message.replace(", or pass a callable agent(state, rng) -> move", "")
        assert capsys.readouterr().err.strip() == f"error: {flag_message}"


def last_move(state, rng):
    """A game's own level agent for the tests below: the last legal move, one draw."""
    rng.random()
    return state.legal_moves()[-1]


def test_a_game_may_play_its_own_agent_for_a_level():
    class OwnHard(NestRow):
        pass

    OwnHard.plug_in(levels={"hard": last_move, "easy": "test_bots:last_move"})
    assert OwnHard.levels == {"hard": last_move, "easy": "test_bots:last_move"} and NestRow.levels == {}
    state = OwnHard().new_state().play("b2")
    for level in ("hard", "easy"):
        rng, twin = np.random.default_rng(3), np.random.default_rng(3)
        assert A.get_agent(level)(state, rng) == state.legal_moves()[-1]
        twin.random()
        assert rng.bit_generator.state == twin.bit_generator.state  # the game's agent drew, nothing else
    # Other games keep the generic agents; so does the game's own "medium", its greedy rule.
    plain = NestRow().new_state().play("b2")
    rng, twin = np.random.default_rng(5), np.random.default_rng(5)
    assert A.LEVELS["easy"](plain, rng) == A.LEVELS["easy"].generic(plain, twin)
    assert A.LEVELS["hard"].generic.agent_name == "mcts(iterations=2000, time_limit=1.0)"
    assert A.get_agent("medium") is A.greedy
    # A tournament plays it by its level name.
    result = iw.tournament(OwnHard(), ["hard", "random"], n=2, seed=1, progress=False)
    assert result.games[0, 1] == 2


def test_a_game_level_agent_is_checked_and_its_hook_too():
    class Cheat(NestRow):
        pass

    Cheat.plug_in(levels={"hard": lambda state, rng: state.game.parse_move("a1")})
    state = Cheat().new_state().play("a1")
    with pytest.raises(ValueError, match=r"Cheat's own 'hard' agent chose a1, which is not legal: \w"):
        A.get_agent("hard")(state, np.random.default_rng(0))
    Cheat.plug_in(levels={"hard": "test_bots:no_such_agent"})
    with pytest.raises(ValueError, match=r"Cheat.levels\['hard'\] = 'test_bots:no_such_agent' names no agent: "):
        A.get_agent("hard")(state, np.random.default_rng(0))
    with pytest.raises(ValueError, match=r"Cheat.plug_in\(levels=…\): 'medium' is not a level a game may play its "
                                         r"own agent for; choose 'easy' or 'hard'"):
        Cheat.plug_in(levels={"medium": last_move})
    with pytest.raises(TypeError, match=r"the agent for 'hard' must be a function agent\(state, rng\) -> move or the "
                                        r"text 'module:name' of one, not 'last_move'"):
        Cheat.plug_in(levels={"hard": "last_move"})
    with pytest.raises(TypeError, match=r"Cheat.plug_in\(levels=…\) takes a dict of level names to agents, not list"):
        Cheat.plug_in(levels=[last_move])


def test_make_careless_checks_its_probability():
    with pytest.raises(ValueError, match="mistakes=1.5 must be a probability between 0 and 1"):
        A.make_careless(1.5)
    state = iw.make("volcano").new_state()
    rng, twin = np.random.default_rng(8), np.random.default_rng(8)
    twin.random()
    assert A.make_careless(1.0)(state, rng) == A.random_agent(state, twin)
    assert rng.bit_generator.state == twin.bit_generator.state  # two draws: which, then the move


def test_medium_beats_easy_in_volcano():
    result = iw.tournament("volcano", ["medium", "easy"], n=40, seed=1, progress=False)
    assert result.low[0, 1] > 0.7, result


# The widget's bot thinks on a thread ------------------------------------------------------------


def gated_bot(gate, asked):
    def slow(state, rng):
        asked.append(state)
        gate.wait()
        return state.legal_moves()[0]

    return slow


def test_a_bot_asked_by_the_page_thinks_on_a_thread_while_the_widget_answers():
    gate, asked = threading.Event(), []
    widget = iw.GameWidget("volcano", agents={0: gated_bot(gate, asked)})
    first = str(widget.state.legal_moves()[0])
    widget._on_custom_msg(widget, {"type": "bot"}, [])  # what the page sends; returns at once
    widget._on_custom_msg(widget, {"type": "bot"}, [])  # asked again for the same position: one thinker
    assert widget.bot_thinking and widget.message == "Player 1 (slow) is thinking…"
    assert widget.handle({"type": "move", "move": first}) is False  # the widget still answers meanwhile
    assert widget.message == "It is Player 1's turn (a bot); wait for its move."
    gate.set()
    widget.bot_thread.join()
    assert len(asked) == 1 and widget.record.plies == (first,)
    assert not widget.bot_thinking and widget.message == f"Player 1 (slow) played {first}."


def test_a_bot_slowed_by_its_engines_preparation_says_why(monkeypatch):
    from icewidgets.widgets import seats

    gate, asked, said = threading.Event(), [], threading.Event()
    monkeypatch.setattr(seats, "SLOW_BOT_AFTER", 0.01)
    monkeypatch.setattr(fast, "preparing", lambda game: game.name == "volcano")
    widget = iw.GameWidget("volcano", agents={0: gated_bot(gate, asked)})
    real_say = widget._say
    monkeypatch.setattr(widget, "_say", lambda text, kind: (real_say(text, kind), "slower" in text and said.set()))
    widget._on_custom_msg(widget, {"type": "bot"}, [])
    assert said.wait(60)  # a bound against hanging, not a measure of speed
    assert widget.bot_thinking and widget.message == ("Player 1 (slow) is thinking… slower the first time: the fast "
                                                      "engine for Volcano is being prepared in the background.")
    gate.set()
    widget.bot_thread.join()
    assert widget.message.startswith("Player 1 (slow) played ")


def test_an_answer_that_comes_after_an_undo_is_dropped():
    gate, asked = threading.Event(), []
    widget = iw.GameWidget("volcano", capture="must", agents={1: gated_bot(gate, asked)}, seed=4)
    assert widget.handle({"type": "move", "move": "a1-a2"}) and widget.bot_pending  # the turn passes to the bot
    widget._on_custom_msg(widget, {"type": "bot"}, [])
    assert widget.bot_thinking
    assert widget.handle({"type": "undo"}) and not widget.bot_thinking
    gate.set()
    widget.bot_thread.join()
    assert len(asked) == 1 and widget.record.plies == () and widget.message == "Undone: back to ply 0."


def test_a_bot_failing_on_its_thread_is_reported_in_the_widget():
    def broken(state, rng):
        raise RuntimeError("no idea")

    widget = iw.GameWidget("volcano", agents={0: broken})
    widget._on_custom_msg(widget, {"type": "bot"}, [])
    widget.bot_thread.join()
    assert widget.message == "The bot in seat 1 failed: RuntimeError: no idea" and widget.message_kind == "error"
    assert not widget.bot_pending and not widget.bot_thinking and widget.record.plies == ()


# Never waiting for a compiler ------------------------------------------------------------------


def test_play_on_switches_to_the_kernel_between_rollouts_with_the_same_games(stand_in, monkeypatch):
    state = CompiledNestRow().new_state().play("b2")
    asked = []

    def ready(game, agents, continuing=False):  # ready from the fourth look on
        asked.append(continuing)
        return len(asked) > 3

    monkeypatch.setattr(fast, "ready", ready)
    out = A.play_on(state, ("greedy", "random"), seed=8, count=6, max_plies=20)
    assert stand_in.CALLS == [("play_from", state, ("greedy", "random"), 8, 6, 20)]  # once, for rollouts 3…5
    assert asked == [True, True, True, True]  # before the call, then before rollouts 1, 2 and 3
    expected = A.play_on(state, ("greedy", "random"), 8, 6, 20, engine="reference")
    assert set(out) == set(expected)
    for key, column in expected.items():
        assert np.array_equal(out[key], column), key


@pytest.mark.slow
def test_a_first_hint_and_playouts_in_a_fresh_cache_wait_for_no_compiler(tmp_path):
    pytest.importorskip("numba")
    code = """
import importlib, json
import icewidgets as iw
from icewidgets import fast
from icewidgets.analysis import run
run.FIRST_HINT_SECONDS = None  # the whole first hint on the rules engine: the same as the kernel's
game = iw.make("volterra")
state = game.new_state(seed=3)
seats = [game.analyst.rollout] * 2
first_hint = iw.hint(state, precision=0.2)
first_runs = iw.playouts(game, 200, agents="greedy", seed=5, progress=False)
said = [fast.ready(game, seats, continuing=True), fast.ready(game, ["greedy"] * 2)]
for continuing, agents in ((True, seats), (False, ["greedy"] * 2)):
    assert fast.preparation(game, agents, continuing).wait(600)
kernel = importlib.import_module(type(game).kernel)
calls = []
for name in ("play_from", "play_range"):
    real = getattr(kernel, name)
    setattr(kernel, name, lambda *a, real=real, name=name, **k: calls.append(name) or real(*a, **k))
second_hint = iw.hint(state, precision=0.2)
second_runs = iw.playouts(game, 200, agents="greedy", seed=5, progress=False)
same = all((first_runs.arrays[key] == column).all() for key, column in second_runs.arrays.items())
print(json.dumps([said, sorted(set(calls)), first_hint == second_hint, first_hint.rollouts, same]))
"""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, done.stderr
    said, calls, same_hint, rollouts, same_runs = json.loads(done.stdout.splitlines()[-1])
    assert said == [False, False]  # both answered by the rules engine while the kernel compiled
    assert calls == ["play_from", "play_range"] and same_hint and rollouts > 0 and same_runs


def test_warm_game_warms_only_that_game(nest_row, capsys, monkeypatch):
    prepared = []
    monkeypatch.setattr(fast, "prepare", lambda game, agents, continuing=False: prepared.append(game.name))
    assert main(["warm", "nestrow"]) == 0
    assert capsys.readouterr().out == "Nest Row: no compiled engine; the rules engine plays it\n" and prepared == []
    assert main(["warm", "Volcano"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Volcano: preparing the fast engine…" and set(prepared) == {"volcano"}
    assert main(["warm", "nogame"]) == 2
    assert "unknown game 'nogame'; available games: " in capsys.readouterr().err


def test_the_rollout_bot_plays_greedy_while_its_kernel_is_prepared_and_never_waits(monkeypatch):
    # Its race on the rules engine would take as long as the compile (Blockade's: 20 s or more).
    from icewidgets.analysis import bot

    game = iw.make("blockade")
    state = game.new_state(seed=7)
    state = state.play(state.legal_moves()[3])
    greedy = A.greedy(state, np.random.default_rng(2))
    raced = bot.rollout_bot(state, np.random.default_rng(2))
    assert raced != greedy  # this position tells the two apart
    monkeypatch.setattr(bot, "GREEDY_WHILE_PREPARING", True)
    monkeypatch.setattr(fast, "ready", lambda game, agents, continuing=False: False)  # being prepared
    assert bot.rollout_bot(state, np.random.default_rng(2)) == greedy
