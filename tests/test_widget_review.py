"""The student sees the better move (issue 31): "Best was X (value), you played Y (value)" for
every labelled ply, the best move's squares for its arrow, proved marks for the graph, and a
hint's line laid out as frames the page steps through without changing the game."""

from __future__ import annotations

import pytest

import icewidgets as iw
from icewidgets import svg
from icewidgets.analysis import PlyAnalysis, Value
from icewidgets.analysis.review import review_text, value_text
from bot_games import easy_game
from icewidgets.widgets.analysing import analysis_payload, labelled_payload, move_squares

VOLTERRA_CODE = ("iw1.eNpdjcEKgzAMhl9Fel7BqqedfI-xQ9pmUqhW0s4dxHdfYmHgTj9f8v3Jrl6JZijq3qjg8BP8hCVrQpfIq1ujNqQc0sJ7wzTBjKJuKRYkAjHSWljIPN4PxozoxW5bgQIkt5d3jIxrDCjiQ_lB217ao-0kvPnxGcBsTnaVBw11X8P-9aG79jtrroXR1T-95sLz-AKnbUBp")
"""Issue 31's Volterra game: Dark's ply 14, @a3, walks into a loss in 3."""


def _value(points, low, high, exact=False):
    return Value(points, low, high, 0 if exact else 100, exact=exact)


def test_a_value_is_written_as_what_is_known_of_it():
    estimate = _value((0.62, 0.38), (0.57, 0.33), (0.67, 0.43))
    assert value_text(estimate, 0) == "0.62 [0.57–0.67]"
    assert value_text(estimate, 1) == "0.38 [0.33–0.43]"
    won = _value((1.0, 0.0), (1.0, 0.0), (1.0, 0.0), exact=True)
    assert value_text(won, 0, "win", 3) == "#3"
    assert value_text(won, 1, "loss", 2) == "#-2"
    assert value_text(_value((0.5, 0.5), (0.5, 0.5), (0.5, 0.5), exact=True), 0, "shared", 4) == "=#4"
    assert value_text(_value((0.5, 0.5), (0.5, 0.5), (0.5, 0.5), exact=True), 1) == "0.50 exact"


def test_the_review_of_a_ply_names_the_best_move_and_the_move_played_with_their_values():
    before = _value((0.7, 0.3), (0.6, 0.2), (0.8, 0.4))
    after = _value((0.41, 0.59), (0.36, 0.54), (0.46, 0.64))
    best = _value((1.0, 0.0), (1.0, 0.0), (1.0, 0.0), exact=True)
    ply = PlyAnalysis(7, "c3-c4", 0, False, before, after, "c3-d4", best, 0.59, "blunder", 12, 400,
                      best_proved="win", best_plies=3, reason="missed a win in 3")
    assert review_text(ply) == "Best was c3-d4 (#3), you played c3-c4 (0.41 [0.36–0.46])"
    lost = PlyAnalysis(8, "a1-a2", 1, False, before, _value((1.0, 0.0), (1.0, 0.0), (1.0, 0.0), exact=True), "b1-b2",
                       _value((0.7, 0.3), (0.65, 0.25), (0.75, 0.35)), 0.3, "mistake", 5, 100, proved="loss", plies=2,
                       reason="walks into a loss in 2")
    assert review_text(lost) == "Best was b1-b2 (0.30 [0.25–0.35]), you played a1-a2 (#-2)"
    roll = PlyAnalysis(9, "5", 0, True, before, after)
    assert review_text(roll) == ""


@pytest.fixture(scope="module")
def volterra_analysis():
    return iw.analyse(iw.Record.from_code(VOLTERRA_CODE).truncated(14), precision=0.2)


def test_each_labelled_ply_is_sent_with_its_review_and_the_best_moves_squares(volterra_analysis):
    analysis = volterra_analysis
    data = analysis_payload(analysis, 14, running=False)
    assert data["labels"] == labelled_payload(analysis)
    last = data["labels"][-1]
    ply = analysis.plies[13]
    p = ply.player
    best = f"{ply.best_value.points[p]:.2f} [{ply.best_value.low[p]:.2f}–{ply.best_value.high[p]:.2f}]"
    assert (last["ply"], last["label"], last["symbol"], last["reason"], last["who"], last["move"]) == (
        14, "mistake", "?", "walks into a loss in 3", "Dark", "@a3")
    assert last["review"] == f"Best was {ply.best} ({best}), you played @a3 (#-3)"
    state = list(analysis.record.states())[13]
    pairs = state.game.controls.move_squares(state, state.game.parse_move(ply.best))
    assert last["squares"] == " ".join(f"{a or ''}-{b}" for a, b in pairs) != ""
    # Every labelled ply, in order, each reviewed; the graph's proved marks are the plies' own.
    assert [e["ply"] for e in data["labels"]] == [p.ply for p in analysis.labelled]
    assert all(e["review"].startswith(f"Best was {e['best']} (") and f"), you played {e['move']} (" in e["review"]
               for e in data["labels"])
    assert data["proved"] == [[p.ply, p.mark] for p in analysis.plies if p.mark] and [14, "#-3"] in data["proved"]


def test_both_moves_of_a_labelled_ply_are_sent_as_squares_of_the_position_before_it():
    # The trial's game: Dark's ply 13, c1-c3, empties c1, where the best move (@c1, from b2) goes.
    record = easy_game("volterra", 3)
    analysis = iw.analyse(record, precision=0.2)
    widget = iw.GameWidget(record, analysis=analysis)
    labels = {e["ply"]: e for e in widget.analysis_data["labels"]}
    assert sorted(labels) == [p.ply for p in analysis.labelled] and 13 in labels
    e = labels[13]
    assert (e["who"], e["move"], e["best"], e["symbol"], e["played"], e["squares"]) == (
        "Dark", "c1-c3", "@c1", "??", "c1-c3", "b2-c1")
    states = list(record.states())
    before, after = svg.locations(states[12]), svg.locations(states[13])
    assert (before["c1"], before["b2"], after["c1"]) == (["D"], ["D", "@D"], [])  # drawn on `before`, not `after`
    for ply, e in labels.items():
        assert e["played"] == move_squares(states[ply - 1], e["move"]) != ""
        assert e["squares"] == move_squares(states[ply - 1], e["best"]) != ""
        for pair in (e["played"] + " " + e["squares"]).split():
            source = pair.split("-")[0]
            assert not source or svg.locations(states[ply - 1])[source], (ply, pair)  # a piece to move there


def test_move_squares_of_no_move_or_a_move_of_another_position_are_empty():
    state = iw.make("volcano").new_state(seed=1)
    assert move_squares(state, None) == "" and move_squares(state, "no such move") == ""
    move = state.legal_moves()[0]
    assert move_squares(state, str(move)) == f"{move.source}-{move.target}"


# A hint's line ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def volterra_hint():
    """Issue 31's Volterra position (bot game seed 100, ply 36), where @c3 wins in 2 plies, then d2-d3."""
    record = easy_game("volterra", 100).truncated(36)
    widget = iw.GameWidget(record, analysis_precision=0.2)
    assert widget.hint()
    assert widget.hint_task.join(timeout=300)
    return widget


def test_a_hint_comes_with_its_line_laid_out_as_frames(volterra_hint):
    widget = volterra_hint
    top = widget.hint_data["hints"][0]
    assert (top["move"], top["mark"], top["line"]) == ("@c3", "#2", ["d2-d3"])
    preview = top["preview"]
    assert [(m["ply"], m["move"], m["who"]) for m in preview["moves"]] == [(37, "@c3", "Dark"), (38, "d2-d3", "Dark")]
    frames = preview["frames"]
    assert (frames[0]["p"], frames[0]["f"]) == (36, 1)  # the position the hint is for, whole
    assert [f["p"] for f in frames if f["f"]] == [36, 37, 38]
    # The first frame lists every piece of the position, with the ids the replay gives them.
    shown = {d[0] for d in frames[0]["d"]}
    replay = {}
    for f in widget.frames:
        if f["p"] > 36:
            break
        for d in f["d"]:
            if d[5]:
                replay[d[0]] = d
            else:
                replay.pop(d[0], None)
    assert shown == set(replay)
    after = widget.state.play("@c3").play("d2-d3")
    assert preview["moves"][1]["text"] == after.game.view.summary(widget.state.play("@c3"),
                                                                     after.game.parse_move("d2-d3"), after)
    assert len(widget.record.plies) == 36 and widget.ply == 36  # nothing was played
    for entry in widget.hint_data["hints"]:
        assert [m["move"] for m in entry["preview"]["moves"]] == [entry["move"]] + entry["line"]


def test_the_line_preview_is_a_trait_checked_against_the_hints(volterra_hint):
    widget = volterra_hint
    assert widget.line_preview == {}
    widget.line_preview = {"hint": 1, "step": 2}
    assert widget.line_preview == {"hint": 1, "step": 2}
    with pytest.raises(ValueError, match=r"line_preview\['step'\]=3 must be a whole number between 1 and 2"):
        widget.line_preview = {"hint": 1, "step": 3}
    with pytest.raises(ValueError, match=r"line_preview\['hint'\]=4 must be a whole number between 1 and 3"):
        widget.line_preview = {"hint": 4, "step": 1}
    with pytest.raises(ValueError, match=r"line_preview=\{'move': 'x'\} must be \{\} or \{'hint': rank, 'step': n\}"):
        widget.line_preview = {"move": "x"}
    assert widget.line_preview == {"hint": 1, "step": 2}  # a refused value changes nothing
    widget.line_preview = {}
    assert widget.line_preview == {}
    widget.line_preview = {"hint": 1, "step": 1}
    widget.play("@c3")  # the game changes: the hints and their preview go
    assert (widget.line_preview, widget.hint_data) == ({}, {})
