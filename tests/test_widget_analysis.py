"""The analysis in GameWidget: started, shown ply by ply, stopped, refreshed by moves, hints.

Driven through the widget's message handler like the page does; the analysis runs on the
widget's background thread, and each test waits for it with ``widget.analysis_task.join()``.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading

import pytest

import icewidgets as iw
from icewidgets.analysis import Hint, Hints
from icewidgets.widgets import analysing, background
from icewidgets.analysis.review import review_text
from icewidgets.widgets.analysing import analysis_payload, hint_payload, move_squares

PRECISION = 0.2  # quick analyses; the values are exact for their seed all the same

WINS_AT_ONCE = """\
. . . . G1K1
. . . . .
. . R2 . .
. . . . .
C1K1 . R1 . Y1
to_move=0 captured=R3,Y3,G3,B3/"""
"""A Volcano position where a1-b1 erupts the clear small onto the red small on c1: under
``capture="must"`` it wins at once, under ``"may"`` (the default) with its capture ply after it
(tests/test_analysis.py has it too)."""


def _record(plies: int = 5, seed: int = 1, **options) -> iw.Record:
    """A seeded Volcano game of ``plies`` plies, each the first legal move but one."""
    record = iw.Record.new("volcano", seed=seed, **options)
    state, moves = record.start_state(), []
    for i in range(plies):
        move = state.legal_moves()[(3 * i + 1) % len(state.legal_moves())]
        moves.append(str(move))
        state = state.play(move)
    return record.extend(moves)


def _watch(widget, key: str = "done") -> list:
    seen: list = []
    widget.observe(lambda change: seen.append(change["new"].get(key)), names=["analysis_data"])
    return seen


def _wait(widget) -> None:
    """Wait for the analysis, and for any that one started as it ended."""
    for _ in range(10):
        task = widget.analysis_task
        assert task.join(timeout=300)
        if widget.analysis_task is task:
            return
    raise AssertionError("the analysis kept starting again")


# Starting and showing ---------------------------------------------------------------------------


def test_analysis_true_analyses_the_game_at_once_and_shows_what_iw_analyse_finds():
    record = _record(5, capture="must")  # a game with labelled plies (under "may" this one has none)
    widget = iw.GameWidget(record, analysis=True, analysis_precision=PRECISION)
    assert widget.analysis_task.thread.name == "icewidgets-analysis" and widget.analysis_task.thread.daemon
    _wait(widget)
    expected = iw.analyse(record, precision=PRECISION)
    assert widget.analysis == expected and widget.analysis.complete
    data = widget.analysis_data
    assert data == analysis_payload(expected, 5, running=False)
    assert (data["running"], data["plies"], data["done"], data["status"]) == (False, 5, 5, "Analysed 5 plies at ±0.2.")
    assert (data["seat"], data["players"], data["precision"]) == ("Player 1", 2, PRECISION)
    assert data["points"] == [[round(v.points[0], 3), round(v.low[0], 3), round(v.high[0], 3)] for v in expected.positions]
    states = list(record.states())
    assert data["labels"] == [{"ply": p.ply, "label": p.label, "symbol": p.symbol, "reason": p.reason,
                               "who": expected.names[p.player], "move": p.move, "best": p.best,
                               "loss": round(p.loss, 3), "review": review_text(p),
                               "squares": move_squares(states[p.ply - 1], p.best),
                               "played": move_squares(states[p.ply - 1], p.move)} for p in expected.labelled]
    assert data["proved"] == [[p.ply, p.mark] for p in expected.plies if p.mark]
    assert [(label["ply"], label["label"]) for label in data["labels"]] == [(3, "blunder"), (4, "blunder"),
                                                                             (5, "blunder")]
    turning = expected.turning_point
    assert data["turning"] == turning.ply and data["narration"] == expected.narration
    assert data["narration"] == (f"Ply {turning.ply} turned the game: {expected.names[turning.player]}'s {turning.move} "
                                 f"took their expected points from {turning.before.points[turning.player]:.2f} to "
                                 f"{turning.points:.2f}.")
    assert data["summary"] == [str(s) for s in expected.summary()]
    json.dumps(data)  # plain JSON for the page


def test_the_analyse_message_shows_progress_ply_by_ply():
    record = _record(4)
    widget = iw.GameWidget(record, analysis_precision=PRECISION)
    assert widget.analysis is None and widget.analysis_data == {} and widget.analysis_task is None
    statuses, dones = _watch(widget, "status"), _watch(widget)
    assert widget.handle({"type": "analyse"}) is True
    _wait(widget)
    assert statuses == ["Analysing ply 1 of 4…", "Analysing ply 2 of 4…", "Analysing ply 3 of 4…",
                        "Analysing ply 4 of 4…", "Analysing…", "Analysed 4 plies at ±0.2."]
    assert dones == [0, 1, 2, 3, 4, 4]
    assert widget.analysis == iw.analyse(record, precision=PRECISION)


def test_an_analysis_given_is_shown_without_a_thread_and_cut_to_the_game():
    record = _record(5)
    analysis = iw.analyse(record, precision=PRECISION, seed=3)
    widget = iw.GameWidget(record, analysis=analysis)
    assert widget.analysis is analysis and widget.analysis_task is None
    assert widget.analysis_data == analysis_payload(analysis, 5, running=False)
    shorter = iw.GameWidget(record.truncated(2), analysis=analysis)
    assert shorter.analysis == analysis.truncated(2) and shorter.analysis.complete
    assert shorter.analysis_data["status"] == "Analysed 2 plies at ±0.2."
    # It brings its precision and seed: the game played on is analysed with them.
    shorter.play(record.plies[2])
    assert shorter.handle({"type": "analyse"})
    _wait(shorter)
    assert shorter.analysis == iw.analyse(record.truncated(3), precision=PRECISION, seed=3)


@pytest.mark.parametrize("kwargs, error, message", [
    ({"analysis": "yes"}, TypeError, "analysis='yes' must be True (analyse the game now), False or an Analysis"),
    ({"analysis": 1}, TypeError, "analysis=1 must be True"),
    ({"analysis_precision": 0.5}, ValueError, "analysis_precision=0.5 must be a precision (± expected points) ≥ "
                                              "0.001 and < 0.5"),
    ({"analysis_precision": 0}, ValueError, "analysis_precision=0.0 must be a precision"),
    ({"analysis_precision": "0.1"}, TypeError, "analysis_precision='0.1' must be a precision"),
])
def test_bad_analysis_arguments_are_refused(kwargs, error, message):
    with pytest.raises(error, match=re.escape(message)):
        iw.GameWidget("volcano", **kwargs)


def test_an_analysis_of_another_game_is_refused():
    analysis = iw.analyse(_record(2, seed=1), precision=PRECISION)
    with pytest.raises(ValueError, match=re.escape("analysis= is an analysis of another game than the widget's")):
        iw.GameWidget(_record(2, seed=2), analysis=analysis)


# Stopping, going on, following the game ---------------------------------------------------------


def test_stop_keeps_the_plies_done_says_so_and_analyse_goes_on_from_there():
    record = _record(5)
    widget = iw.GameWidget(record, analysis_precision=PRECISION)
    stopped = []

    def stop_once(change):
        if change["new"].get("done") == 2 and not stopped:
            stopped.append(widget.handle({"type": "stop"}))

    widget.observe(stop_once, names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    assert stopped == [True] and len(widget.analysis.plies) == 2 and widget.analysis.stopped == "stopped"
    assert widget.analysis.plies == iw.analyse(record, precision=PRECISION).plies[:2]
    data = widget.analysis_data
    assert (data["running"], data["done"], data["status"]) == (
        False, 2, "Analysis stopped after 2 of 5 plies; the plies done are kept.")
    assert len(data["points"]) == 3
    # Stopped, the analysis no longer follows the game.
    task = widget.analysis_task
    state = widget.final_state
    widget.play(state.legal_moves()[0])
    assert widget.analysis_task is task and len(widget.analysis.plies) == 2
    assert widget.analysis_data["status"] == "Analysis stopped after 2 of 6 plies; the plies done are kept."
    # Analyse goes on from ply 3: the plies done are not analysed again.
    dones = _watch(widget)
    assert widget.handle({"type": "analyse"})
    _wait(widget)
    assert dones == [2, 3, 4, 5, 6, 6]
    assert widget.analysis == iw.analyse(widget.record, precision=PRECISION)
    assert widget.analysis_data["status"] == "Analysed 6 plies at ±0.2."


def test_analyse_right_after_stop_goes_on_once_it_has_stopped():
    record = _record(4)
    widget = iw.GameWidget(record, analysis_precision=PRECISION)
    asked = []

    def stop_and_go_on(change):
        if change["new"].get("done") == 1 and not asked:
            asked.append((widget.handle({"type": "stop"}), widget.handle({"type": "analyse"})))

    widget.observe(stop_and_go_on, names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    assert asked == [(True, True)] and widget.message != "The analysis is already running."
    assert widget.analysis == iw.analyse(record, precision=PRECISION) and widget.analysis.complete


def test_a_move_during_the_analysis_refreshes_it_with_only_the_new_plies_to_do():
    record = _record(4)
    widget = iw.GameWidget(record, analysis_precision=PRECISION)
    dones, moved = _watch(widget), []

    def move_once(change):
        if change["new"].get("done") == 2 and not moved:
            moved.append(str(widget.final_state.legal_moves()[0]))
            assert widget.handle({"type": "move", "move": moved[0]})
            # A move at the end leaves the ply in progress alone: the analysis gets there after.
            moved.append(widget.analysis_task.stop.is_set())

    widget.observe(move_once, names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    assert moved[1] is False
    moved.pop()
    assert widget.record.plies == record.plies + tuple(moved)
    assert widget.analysis == iw.analyse(widget.record, precision=PRECISION) and widget.analysis.complete
    after = dones[dones.index(2):]
    assert after == sorted(after) and after[-1] == 5  # never back to ply 0: the plies done were kept
    # Once finished, the analysis still follows the game: a new move is analysed too.
    statuses = _watch(widget, "status")
    widget.play(widget.final_state.legal_moves()[0])
    _wait(widget)
    assert statuses[0] == "Analysing ply 6 of 6…" and statuses[-1] == "Analysed 6 plies at ±0.2."
    assert widget.analysis == iw.analyse(widget.record, precision=PRECISION)


def test_undo_and_redo_during_the_analysis_keep_it_to_the_game_as_it_is():
    record = _record(5)
    widget = iw.GameWidget(record, analysis_precision=PRECISION)
    undone = []

    def undo_once(change):
        if change["new"].get("done") == 4 and not undone:
            undone.append(None)
            assert widget.handle({"type": "undo"})
            undone[0] = widget.analysis_task.stop.is_set()  # ply 5, in progress, is gone: it stops

    widget.observe(undo_once, names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    assert undone == [True] and widget.record == record.truncated(4)
    assert widget.analysis == iw.analyse(record.truncated(4), precision=PRECISION)
    assert widget.analysis_data["status"] == "Analysed 4 plies at ±0.2."
    assert widget.handle({"type": "redo"})
    _wait(widget)
    assert widget.analysis == iw.analyse(record, precision=PRECISION)
    # An undo after the analysis cuts it at once, before any thread: the page never shows a ply that is gone.
    widget.handle({"type": "undo"})
    assert len(widget.analysis.plies) == 4 and widget.analysis_data["done"] == 4
    _wait(widget)
    assert widget.analysis == iw.analyse(record.truncated(4), precision=PRECISION)


def test_loading_another_game_analyses_that_one():
    widget = iw.GameWidget(_record(3), analysis=True, analysis_precision=PRECISION)
    _wait(widget)
    other = iw.Record.new("volterra", seed=2)
    other = other.extend([str(other.start_state().legal_moves()[0])])
    statuses = _watch(widget, "status")
    assert widget.handle({"type": "load", "text": other.to_code()})
    _wait(widget)
    assert statuses == ["Analysing ply 1 of 1…", "Analysing…", "Analysed 1 ply at ±0.2."]
    assert widget.analysis == iw.analyse(other, precision=PRECISION)
    assert widget.analysis_data["seat"] == "Dark"


def test_analyse_while_running_and_stop_with_nothing_running_say_so():
    widget = iw.GameWidget(_record(3), analysis_precision=PRECISION)
    assert widget.handle({"type": "stop"}) is False
    assert (widget.message, widget.message_kind) == ("No analysis or hint is running: there is nothing to stop.", "error")
    said = []
    widget.observe(lambda change: change["new"].get("done") == 1 and said.append(widget.handle({"type": "analyse"}))
                   or None, names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    assert said == [True] and widget.message == "The analysis is already running."
    assert widget.analysis == iw.analyse(widget.record, precision=PRECISION)


def test_a_failing_analysis_is_reported_in_the_widget(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("no rollouts today")

    monkeypatch.setattr(analysing, "analyse", broken)
    widget = iw.GameWidget(_record(2), analysis=True)
    _wait(widget)
    assert (widget.message, widget.message_kind) == ("The analysis failed: RuntimeError: no rollouts today", "error")
    assert widget.analysis is None and widget.analysis_data == {}
    widget.play(widget.final_state.legal_moves()[0])  # the failure turned the analysis off: no new thread
    assert widget.analysis_task.finished and widget.analysis_data == {}


def test_closing_the_widget_drops_its_analysis():
    widget = iw.GameWidget(_record(6), analysis_precision=0.05)
    widget.observe(lambda change: change["new"].get("done") == 1 and widget.close(), names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    assert len(widget.analysis.plies) == 1  # nothing more was kept after the close


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own priority is Linux's")
def test_the_analysis_yields_the_processor_to_the_kernel():
    def nice() -> int:
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())

    widget = iw.GameWidget(_record(2), analysis_precision=PRECISION)
    seen = _watch(widget, "done")
    niceness = []
    widget.observe(lambda change: niceness.append(nice()), names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    # Published first by the kernel's thread (the start), then by the analysis' own.
    assert seen == [0, 1, 2, 2] and niceness == [nice()] + [min(19, nice() + background.NICENESS)] * 3
    assert background.NICENESS == 5


# Hints ------------------------------------------------------------------------------------------


def test_a_hint_finds_the_best_moves_of_the_position_shown():
    record = _record(4)
    widget = iw.GameWidget(record, analysis_precision=PRECISION)
    widget.ply = 2
    assert widget.handle({"type": "hint"}) is True
    state = list(record.states())[2]
    assert widget.hint_data["ply"] == 2 and widget.hint_data["thinking"] is True
    assert widget.hint_data["text"] == f"Looking for the best moves for {state.game.player_name(state.player)}…"
    assert widget.hint_task.thread.name == "icewidgets-hint"
    assert widget.hint_task.join(timeout=120)
    hints = iw.hint(state, k=3, precision=PRECISION)
    data = widget.hint_data
    assert {**data, "hints": [{k: v for k, v in h.items() if k != "preview"} for h in data["hints"]]} == hint_payload(
        state, 2, hints) and data["thinking"] is False
    assert [h["preview"]["moves"][0]["move"] for h in data["hints"]] == [str(h.move) for h in hints]
    assert data["text"] == (f"Best moves for {hints.name} after ply 2 (3 of {hints.legal} legal moves), with their "
                            "expected points and 95% intervals:")
    controls = state.game.controls
    assert [(h["rank"], h["move"], h["value"], h["low"], h["high"]) for h in data["hints"]] == [
        (i, str(h.move), round(h.value, 3), round(h.low, 3), round(h.high, 3)) for i, h in enumerate(hints, 1)]
    for entry, hint in zip(data["hints"], hints):
        assert entry["squares"] == " ".join(f"{a or ''}-{b}" for a, b in controls.move_squares(state, hint.move))
        assert entry["text"] == f"{hint.move} {hint.value:.2f} [{hint.low:.2f}–{hint.high:.2f}]"
    # The game changes: the hint goes.
    widget.play(state.legal_moves()[0])
    assert widget.hint_data == {}


@pytest.mark.parametrize("capture, text, mark, line", [
    # The eruption takes the clear small with it: the game ends on that ply.
    ("must", "a1-b1 1.00 exact (wins at once)", "#1", []),
    # The eruption alone does not end the game: its capture, the mover's own next ply, does (and
    # capture:none would not), so "wins at once" would be untrue; the line shows that capture.
    ("may", "a1-b1 1.00 exact (a proved win in 2 plies, #2)", "#2", ["capture:c1"]),
])
def test_a_move_that_wins_at_once_is_the_top_hint_with_its_exact_value(capture, text, mark, line):
    state = iw.make("volcano", capture=capture).state_from_text(WINS_AT_ONCE)
    widget = iw.GameWidget(state, analysis_precision=PRECISION)
    widget.hint()
    widget.hint_task.join(timeout=120)
    top = widget.hint_data["hints"][0]
    assert (top["move"], top["value"], top["exact"], top["text"], top["squares"], top["mark"], top["line"]) == (
        "a1-b1", 1.0, True, text, "a1-b1", mark, line)


def test_a_hint_on_a_finished_position_or_a_roll_is_a_message_not_an_error():
    state = iw.make("volcano").state_from_text(WINS_AT_ONCE).play("a1-b1").play("capture:c1")
    assert state.is_over
    widget = iw.GameWidget(state)
    assert widget.handle({"type": "hint"}) is False
    assert (widget.message, widget.message_kind) == ("The game is over here: there is no move to suggest.", "error")
    assert widget.hint_data == {} and widget.hint_task is None
    dice = iw.GameWidget("blockade", seed=3)
    assert dice.handle({"type": "hint"}) is False
    assert dice.message == "This is a roll of the dice for Cool, not a move to choose: roll first, then ask for a hint."
    assert dice.hint_data == {}


def test_a_move_without_squares_is_hinted_with_its_button_label():
    state = iw.make("blockade").new_state(seed=2).play("G5B2")
    hints = Hints((Hint(state.game.parse_move("end"), 0.4, 0.3, 0.5, 100),
                   Hint(state.game.parse_move("b1-e1"), 0.3, 0.2, 0.4, 100)),
                  0, "Warm", len(state.legal_moves()), 0.05, "greedy", 200, complete=False)
    data = hint_payload(state, 1, hints)
    assert [(h["squares"], h["label"]) for h in data["hints"]] == [("", "End turn"), ("b1-e1", "b1-e1")]
    assert data["text"].endswith("with their expected points and 95% intervals: cut short, so less sure.")


def test_stop_also_stops_a_hint_keeping_its_best_moves_so_far():
    widget = iw.GameWidget("ice3", seed=1, analysis_precision=0.02)
    widget.observe(lambda change: change["new"].get("thinking") and widget.stop_analysis(), names=["hint_data"])
    assert widget.hint()
    widget.hint_task.join(timeout=120)
    data = widget.hint_data
    assert len(data["hints"]) == 3 and data["text"].endswith("cut short, so less sure.")


def test_a_fifth_game_is_analysed_and_hinted_in_the_widget(nest_row):
    record = iw.Record.new("nestrow").extend(["b2", "a1"])
    widget = iw.GameWidget(record, analysis=True, analysis_precision=PRECISION)
    _wait(widget)
    assert widget.analysis == iw.analyse(record, precision=PRECISION) and widget.analysis.engine == "reference"
    assert widget.analysis_data["seat"] == "Orange"
    widget.hint()
    widget.hint_task.join(timeout=120)
    assert all(re.fullmatch(r"-[a-z]\d", h["squares"]) for h in widget.hint_data["hints"])  # placements: a target only


# The standalone page ----------------------------------------------------------------------------


def _page_data(path) -> dict:
    page = path.read_text(encoding="utf-8")
    return json.loads(re.search(r'<script type="application/json" id="icewidgets-data">(.*?)</script>', page, re.S)
                      .group(1).replace("<\\/", "</"))


def test_save_html_shows_an_analysis_of_the_record_or_the_widgets(tmp_path):
    record = _record(4, capture="must")  # a game with labelled plies
    analysis = iw.analyse(record, precision=PRECISION)
    iw.save_html(record, tmp_path / "game.html", analysis=analysis)
    data = _page_data(tmp_path / "game.html")["analysis_data"]
    assert data == json.loads(json.dumps(analysis_payload(analysis, 4, running=False)))
    assert data["status"] == "Analysed 4 plies at ±0.2."
    assert [(label["ply"], label["label"]) for label in data["labels"]] == [(3, "blunder"), (4, "blunder")]
    iw.save_html(record, tmp_path / "plain.html")
    assert _page_data(tmp_path / "plain.html")["analysis_data"] == {}
    # A widget's own analysis, as far as it went: never "running" on a page without a kernel.
    widget = iw.GameWidget(record, analysis_precision=PRECISION)
    widget.observe(lambda change: change["new"].get("done") == 2 and iw.save_html(widget, tmp_path / "half.html"),
                   names=["analysis_data"])
    widget.analyse()
    _wait(widget)
    half = _page_data(tmp_path / "half.html")["analysis_data"]
    assert (half["running"], half["done"], half["status"]) == (False, 2, "Analysed 2 of 4 plies.")
    with pytest.raises(TypeError, match=r"analysis='yes' must be an Analysis of the game \(from iw.analyse\), True"):
        iw.save_html(record, tmp_path / "bad.html", analysis="yes")
    with pytest.raises(ValueError, match="analysis= is an analysis of another game than the widget's"):
        iw.save_html(_record(4, seed=2, capture="must"), tmp_path / "bad.html", analysis=analysis)
    assert not (tmp_path / "bad.html").exists()


def test_analysis_truncated_is_the_analysis_of_the_first_plies():
    record = _record(4)
    full = iw.analyse(record, precision=PRECISION)
    assert full.truncated(2) == iw.analyse(record.truncated(2), precision=PRECISION)
    assert full.truncated(9) == full
    import threading

    stop = threading.Event()
    half = iw.analyse(record, precision=PRECISION, stop=stop, progress=lambda a: len(a.plies) == 2 and stop.set())
    assert half.truncated(2).complete and half.truncated(3).stopped == "stopped"
    assert half.truncated(3).record == record.truncated(3) and len(half.truncated(3).plies) == 2
    with pytest.raises(ValueError, match="plies=-1 must be a whole number ≥ 0"):
        full.truncated(-1)
