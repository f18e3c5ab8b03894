"""A hint while the fast engine is still being prepared (issue 34): the rules engine plays it
for a few seconds, keeps every rollout it played, and the hint says what it is.

"Not ready" is forced as in tests/test_bots.py, by answering False from ``fast.ready``; the
kernel's ``play_from`` is replaced by a failure, so these hints show they used the rules engine.
How far a time limit gets depends on the machine: only what does not is asserted.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest

import icewidgets as iw
from icewidgets import fast
from icewidgets.analysis import run
from icewidgets.analysis.search import Hint, Hints
from icewidgets.analysis.values import Sample, Stopped
from icewidgets.widgets.analysing import hint_payload

pytest.importorskip("numba")  # without it no kernel applies, and hints never wait for one

NOTE = ("The fast engine for Blockade is still being prepared (first time only), so this hint had {} s on the "
        "rules engine: fewer rollouts, wider intervals and a less sure order than usual. Hints use the fast "
        "engine once it is ready.")


@pytest.fixture
def not_ready(monkeypatch):
    """The kernel is being prepared for as long as the test runs; it must never play."""
    def no_kernel(*args, **kwargs):
        raise AssertionError("the kernel played although it was not ready")

    monkeypatch.setattr(fast, "ready", lambda game, agents, continuing=False: False)
    monkeypatch.setattr(fast, "play_from", no_kernel)


def blockade_start():
    state = iw.make("blockade").new_state(seed=0)
    return state.play(state.legal_moves()[0])  # the opening roll


def test_a_first_hint_stops_after_its_time_on_the_rules_engine_and_says_why(not_ready, monkeypatch):
    monkeypatch.setattr(run, "FIRST_HINT_SECONDS", 0.5)
    state = blockade_start()
    hints = iw.hint(state)
    assert (len(hints), hints.legal, hints.complete) == (3, 27, False)
    assert hints.note == NOTE.format("0.5") and hints.rollouts < 2_674
    assert repr(hints).splitlines()[-1] == hints.note and hints.to_dict()["note"] == hints.note
    assert all(h.move in state.legal_moves() and h.low <= h.value <= h.high for h in hints)
    assert max(h.rollouts for h in hints) - min(h.rollouts for h in hints) <= 1  # each move in turn


def test_max_seconds_shorter_than_the_first_hints_time_still_bounds_it(not_ready, monkeypatch):
    monkeypatch.setattr(run, "FIRST_HINT_SECONDS", 4.0)
    hints = iw.hint(blockade_start(), max_seconds=0.2)
    assert not hints.complete and hints.note == NOTE.format("0.2")


def test_a_first_hint_stopped_by_its_user_is_cut_short_without_the_note(not_ready, monkeypatch):
    monkeypatch.setattr(run, "FIRST_HINT_SECONDS", 4.0)
    stop = threading.Event()
    stop.set()
    hints = iw.hint(blockade_start(), stop=stop)
    assert (hints.complete, hints.note, hints.rollouts, len(hints)) == (False, "", 0, 3)


def test_a_first_hint_finished_on_the_rules_engine_says_a_later_one_may_differ(not_ready, monkeypatch):
    monkeypatch.setattr(run, "FIRST_HINT_SECONDS", 600.0)
    hints = iw.hint(iw.make("volterra").new_state(seed=3), precision=0.3)
    assert hints.complete and len(hints) == 3
    assert hints.note == ("The fast engine for Volterra is still being prepared (first time only), so the rules "
                          "engine played this hint: its rollouts are drawn one by one, and a later hint on the fast "
                          "engine draws others, so it may order moves of close value differently.")


def test_the_first_hints_rollouts_go_to_each_move_in_turn_and_are_kept_when_stopped():
    state = blockade_start()
    after = [state.play(move) for move in state.legal_moves()[:2]]
    first, second = (Sample(s, 1, str(move)) for s, move in zip(after, state.legal_moves()[:2]))
    stop = threading.Event()
    rollouts = run._FirstHintRollouts(state.game, "random", 0, "reference", stop=stop)
    played = []
    job = rollouts._job

    def counted(sample, start, count):
        played.append((sample is first, start, count))
        if len(played) == 4:
            stop.set()  # the fourth rollout is never played
        return job(sample, start, count)

    rollouts._job = counted
    with pytest.raises(Stopped):
        rollouts.play([(first, 3), (second, 2)])
    assert played == [(True, 0, 1), (False, 0, 1), (True, 1, 1), (False, 1, 1)]
    assert (first.n, second.n, rollouts.played) == (2, 1, 3)  # the three played are kept


def test_the_hint_panel_shows_the_note():
    state = blockade_start()
    note = NOTE.format("4")
    hints = Hints((Hint(state.legal_moves()[0], 0.6, 0.2, 0.9, 3),), 0, "Warm", 27, 0.05, "greedy", 81,
                  complete=False, note=note)
    assert hint_payload(state, 1, hints)["text"].endswith(f"intervals: cut short, so less sure. {note}")


@pytest.mark.slow
def test_a_first_hint_in_a_fresh_cache_is_cut_short_and_the_next_one_uses_the_kernel(tmp_path, monkeypatch):
    code = """
import json
import icewidgets as iw
from icewidgets import fast
game = iw.make("volterra")
state = game.new_state(seed=3)
seats = [game.analyst.rollout] * 2
first = iw.hint(state, precision=0.02)  # about 12,000 rollouts: minutes on the rules engine
assert fast.preparation(game, seats, continuing=True).wait(600)
second = iw.hint(state, precision=0.02)
print(json.dumps([first.complete, first.note, second.complete, second.note, len(first), len(second)]))
"""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    note = NOTE.replace("Blockade", "Volterra").format("3.5")
    assert json.loads(done.stdout.splitlines()[-1]) == [False, note, True, "", 3, 3]


MISSING = ("This hint had {} s on the rules engine: fewer rollouts, wider intervals and a less sure order than "
           "usual, since the fast engine is unavailable here: {}.")


def test_a_hint_where_the_fast_engine_is_missing_is_cut_short_and_says_why(monkeypatch):
    # Without numba (or with nowhere for it to cache) no kernel will ever play: the rules
    # engine would take minutes over a whole hint.
    monkeypatch.setattr(fast, "_available", False)  # numba not installed
    monkeypatch.delenv("ICEWIDGETS_NO_FAST", raising=False)
    monkeypatch.setattr(run, "FIRST_HINT_SECONDS", 0.5)
    hints = iw.hint(blockade_start(), max_seconds=30)
    assert (len(hints), hints.legal, hints.complete) == (3, 27, False)
    assert hints.note == MISSING.format("0.5", "numba is not installed or cannot load")
    assert max(h.rollouts for h in hints) - min(h.rollouts for h in hints) <= 1  # each move in turn
    monkeypatch.setenv("ICEWIDGETS_NO_FAST", "1")  # the rules engine asked for: the whole hint, as asked
    hints = iw.hint(blockade_start(), max_seconds=0.2)
    assert not hints.complete and hints.note == ""
