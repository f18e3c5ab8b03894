"""Analysis of one game (iw.analyse, iw.hint): exact wins, engines, seeds, JSON, stopping, bad input.

The calibration against real games is tests/test_analysis_calibration.py; the Ice3 ladder's
hints are at the end of this file.
"""

from __future__ import annotations

import json

import dataclasses
import math
import threading

import pytest

import icewidgets as iw
from icewidgets import games
from icewidgets.analysis import LABELS, Analysis, most_rollouts
from icewidgets.games.ice3.puzzles import PUZZLES, puzzle
from icewidgets.games.ice3.solver import solve

from extra_game import NestRow

# Positions with exactly one move that wins at once, among many (found in seeded greedy games,
# except Volcano's, built by hand: the clear small erupts from a1 onto the red small on c1 and is
# captured with it under capture="must"; under "may" the capture is the mover's next ply, a win in 2).
WINS_AT_ONCE = {
    "volcano": ({"capture": "must"}, """\
. . . . G1K1
. . . . .
. . R2 . .
. . . . .
C1K1 . R1 . Y1
to_move=0 captured=R3,Y3,G3,B3/""", "a1-b1", 6),
    "volterra": ({}, """\
L . LLD . L
D . DL@L LLD@D .
L DD LDL D .
D . . . D
to_move=0 done=pawn""", "d2-c2", 9),
    "ice3": ({}, puzzle("exact-1").text, "2NE3", 186),
    "blockade": ({}, """\
C3G2G2G2G2G1 B3B2 B3B2B1K2 B3B2B1K2 C3R2
R3R2R1K2 R3R1R1 R3R2R1K3 B3B1B1 Y3Y2
R3R2 G3 C3 B3B2B1K3 Y3Y2Y1K2
R3R2R1K2 G3 Y3Y2Y1K3Y1 Y3Y2Y1K3 Y3Y2Y1K1
C3 G3G2G1K3G1 G3 G3G1G1 C3B2
to_move=0 player=0 dice=R6Y6 points=R6Y6 supply=K3:0,K2:0,K1:4 moved=-""", "c2-e4", 101),
}


def _winning(state):
    return [str(m) for m in state.legal_moves() if (after := state.play(m)).is_over and after.winners == (state.player,)]


@pytest.mark.parametrize("name", sorted(WINS_AT_ONCE))
def test_a_move_that_wins_at_once_is_the_best_move_and_the_top_hint(name):
    options, text, move, legal = WINS_AT_ONCE[name]
    game = iw.make(name, **options)
    state = game.state_from_text(text)
    assert _winning(state) == [move] and len(state.legal_moves()) == legal
    top = iw.hint(state, k=1)[0]
    assert (str(top.move), top.value, top.low, top.high, top.exact, top.ends_in, top.rollouts) == \
        (move, 1.0, 1.0, 1.0, True, 0, 0)
    assert str(top) == f"{move}  1.00 exact (wins at once)"
    other = next(m for m in state.legal_moves() if str(m) != move)
    analysis = iw.analyse(iw.Record.new(game, start=state).extend([other, ]), precision=0.1)
    ply = analysis.plies[0]
    assert (ply.move, ply.best, ply.best_value.points[state.player], ply.best_value.exact) == (str(other), move, 1.0, True)
    assert ply.loss == pytest.approx(1.0 - ply.points) and ply.legal == legal
    played = iw.analyse(iw.Record.new(game, start=state).extend([move]), precision=0.1)
    ply = played.plies[0]
    assert (ply.best, ply.loss, ply.label, ply.value.exact, played.positions[1].points[state.player]) == \
        (move, 0.0, None, True, 1.0)


def test_hints_are_ranked_with_intervals_and_print_as_a_table():
    options, text, move, _ = WINS_AT_ONCE["volcano"]
    state = iw.make("volcano", **options).state_from_text(text)
    hints = iw.hint(state, precision=0.1, seed=2)
    assert len(hints) == 3 and hints.legal == 6 and hints.player == 0 and hints.complete
    assert [h.value for h in hints] == sorted((h.value for h in hints), reverse=True)
    for hint in hints[1:]:
        assert not hint.exact and 0 < hint.rollouts <= most_rollouts(0.1)
        assert hint.low <= hint.value <= hint.high and hint.high - hint.low <= 0.2 + 1e-9
    lines = repr(hints).splitlines()
    assert lines[0] == ("Best moves for Player 1 (3 of 6 legal, expected points with 95% intervals, ±0.1, greedy "
                        "rollouts):")
    assert lines[1] == "  1. a1-b1  1.00 exact (wins at once)" and lines[2].startswith(f"  2. {hints[1].move}  ")
    assert hints.to_dict()["hints"][0] == {"move": "a1-b1", "value": 1.0, "low": 1.0, "high": 1.0, "rollouts": 0,
                                           "exact": True, "ends_in": 0, "proved": "win", "plies": 1,
                                           "mark": "#1", "line": []}


def _greedy_record(name, plies, seed=1, **options):
    import numpy as np

    from icewidgets.agents import get_agent

    game = iw.make(name, **options)
    state, rng, agent = game.new_state(seed=seed), np.random.default_rng(seed), get_agent("easy")
    record = iw.Record.new(game, seed=seed)
    moves = []
    while len(moves) < plies and not state.is_over:
        move = agent(state, rng)
        moves.append(str(move))
        state = state.play(move)
    return record.extend(moves)


def test_an_analysis_values_every_position_and_reviews_every_ply():
    record = _greedy_record("volterra", 10)
    analysis = iw.analyse(record, precision=0.1, seed=5)
    assert analysis.complete and analysis.stopped is None and analysis.engine == "fast"
    assert len(analysis.positions) == 11 and [ply.ply for ply in analysis.plies] == list(range(1, 11))
    states = list(record.states())
    for ply, before in zip(analysis.plies, states):
        assert ply.move == record.plies[ply.ply - 1] and ply.player == before.player and not ply.chance
        assert ply.legal == len(before.legal_moves()) and ply.best in {str(m) for m in before.legal_moves()}
        assert ply.value is analysis.positions[ply.ply] and ply.before is analysis.positions[ply.ply - 1]
        assert 0 <= ply.loss == pytest.approx(ply.best_value.points[ply.player] - ply.points)
        assert ply.value.half_width <= 0.1 and ply.best_value.half_width <= 0.1
        if ply.label and ply.reason:  # a proof labels whatever the intervals
            assert ply.reason.startswith(("missed a win in", "walks into a loss in"))
        elif ply.label:
            least = dict((name, least) for name, least, _ in LABELS)[ply.label]
            assert ply.loss >= least and ply.value.high[ply.player] < ply.best_value.low[ply.player]
    for value in analysis.positions:
        assert sum(value.points) == pytest.approx(1.0) and value.half_width <= 0.1
    summary = analysis.summary()
    assert [s.moves for s in summary] == [sum(p.player == q for p in analysis.plies) for q in (0, 1)]
    turning = analysis.turning_point
    assert abs(turning.swing) == max(abs(p.swing) for p in analysis.plies)
    name = analysis.names[turning.player]
    assert analysis.narration == (f"Ply {turning.ply} turned the game: {name}'s {turning.move} took their expected "
                                  f"points from {turning.before.points[turning.player]:.2f} to {turning.points:.2f}.")
    text = str(analysis)
    assert text.splitlines()[0] == "Volterra, analysis of 10 of 10 plies: values ±0.1 (95%), greedy rollouts, seed 5"
    assert analysis.narration in text and str(summary[0]) in text


def _late_blockade_record():
    """Blockade near its end: a turn ended, a roll (a chance ply), and a move."""
    options, text, _, _ = WINS_AT_ONCE["blockade"]
    state = iw.make("blockade", **options).state_from_text(text)
    record = iw.Record.new(state.game, start=state).extend(["end"])
    roll = record.final_state().chance_outcomes()[7][0]
    after = record.final_state().play(roll)
    return record.extend([roll, after.legal_moves()[0]])


def test_the_evaluation_graph_shows_the_first_seat_with_its_band_and_the_labels():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    options, text, _, _ = WINS_AT_ONCE["volterra"]
    state = iw.make("volterra", **options).state_from_text(text)
    after = state.play("d2-c4")
    analysis = iw.analyse(iw.Record.new(state.game, start=state).extend(["d2-c4", after.legal_moves()[0]]),
                          precision=0.1)
    ax = analysis.plot()
    line = next(line for line in ax.get_lines() if line.get_label() == "Dark's expected points")
    assert list(line.get_ydata()) == analysis.values(0) and list(line.get_xdata()) == [0, 1, 2]
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels[:3] == ["95% interval", "Dark's expected points", "no advantage (1/players)"]
    # The first ply is proved to lose in 3 where a win in 1 was proved: a blunder, its mark below
    # the line. The second (@c2, where 2c2-c4 wins in 2) was not proved either way and its
    # rollouts all win (1.00): no label.
    assert "?? blunder" in labels and [t.get_text() for t in ax.texts] == ["??", "#-3"]
    assert [(p.label, p.reason) for p in analysis.plies] == [("blunder", "missed a win in 1"), (None, None)]
    assert "#N proved win, #-N loss (plies)" in labels
    assert ax.get_title() == "Volterra: evaluation for Dark" and ax.get_ylabel() == "expected points"
    plt.close(ax.figure)


def test_chance_plies_have_values_but_no_best_move():
    record = _late_blockade_record()
    analysis = iw.analyse(record, precision=0.2)
    roll = analysis.plies[1]
    assert roll.chance and (roll.best, roll.best_value, roll.loss, roll.label, roll.legal) == (None, None, None, None, 0)
    assert (roll.move, roll.player) == (record.plies[1], 1) and roll.value.rollouts > 0
    assert not analysis.plies[2].chance and analysis.plies[2].best is not None
    assert str(analysis).splitlines()[4].split() == ["2", "Cool", record.plies[1], f"{roll.points:.2f}", "(roll)"]


def test_the_same_seed_gives_the_same_analysis_and_another_seed_another():
    record = _greedy_record("volcano", 6)
    first = iw.analyse(record, precision=0.1, seed=3)
    again = iw.analyse(iw.Record.from_code(record.to_code()), precision=0.1, seed=3)
    assert again == first and again.rollouts == first.rollouts
    assert iw.analyse(record, precision=0.1, seed=4).positions != first.positions


@pytest.mark.parametrize("make, policy", [
    (lambda: _greedy_record("volcano", 3, seed=2), "random"),
    (lambda: _greedy_record("volterra", 3, seed=2), None),  # each game's own greedy rollouts
    (lambda: _late_blockade_record(), None),  # with a chance ply
], ids=["volcano-random", "volterra", "blockade"])
def test_the_compiled_and_rules_engines_give_the_same_analysis(make, policy):
    record = make()
    fast = iw.analyse(record, precision=0.2, policy=policy, seed=1)
    reference = iw.analyse(record, precision=0.2, policy=policy, seed=1, engine="reference")
    assert (fast.engine, reference.engine) == ("fast", "reference")
    assert reference.positions == fast.positions and reference.plies == fast.plies
    assert dataclasses.replace(reference, engine="fast") == fast  # nothing else differs
    for a, b in zip(fast.positions, reference.positions):  # so, within each other's intervals
        assert all(lo <= v <= hi for v, lo, hi in zip(b.points, a.low, a.high))


def test_json_round_trips_exactly():
    options, text, _, _ = WINS_AT_ONCE["volterra"]
    state = iw.make("volterra", **options).state_from_text(text)
    blunder = iw.analyse(iw.Record.new(state.game, start=state).extend(["d2-c4"]), precision=0.1)
    assert blunder.plies[0].label == "blunder" and blunder.plies[0].symbol == "??"
    assert [str(s) for s in blunder.summary()] == [
        "Dark: 1 move, mean loss 1.000; 0 inaccuracies (?!), 0 mistakes (?), 1 blunder (??)", "Light: no moves to judge"]
    chance = iw.analyse(_late_blockade_record(), precision=0.2, seed=1)
    assert chance.plies[1].chance
    for analysis in (blunder, chance):
        text = analysis.to_json()
        loaded = Analysis.from_json(text)
        assert loaded == analysis and loaded.to_json() == text and loaded.seconds == analysis.seconds
    derived = blunder.to_dict()["derived"]
    assert derived["names"] == ["Dark", "Light"] and derived["complete"]
    assert blunder.positions[0].points[0] == 1.0  # the greedy rollouts take the win on the spot
    assert (derived["turning_point"], derived["narration"]) == (
        1, "Ply 1 turned the game: Dark's d2-c4 took their expected points from 1.00 to 0.00.")
    assert derived["symbols"] == {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}
    assert derived["players"][0] == {"player": 0, "name": "Dark", "moves": 1, "mean_loss": 1.0,
                                     "labels": {"blunder": 1, "mistake": 0, "inaccuracy": 0}}
    with pytest.raises(iw.NotationError, match="not an icewidgets analysis"):
        Analysis.from_json(chance.record.to_json())
    with pytest.raises(iw.NotationError, match="the analysis is damaged: its field 'positions' is missing"):
        Analysis.from_json(blunder.to_json().replace('"positions"', '"position"'))


def _damaged(analysis, change):
    data = json.loads(analysis.to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(version=99), "the analysis was saved by a newer icewidgets (version 99); this one reads version 1"),
    (lambda d: d.update(version=[1]), "the analysis' version field is [1]; this icewidgets reads version 1"),
    (lambda d: d.update(policy=[1]), "the analysis is damaged: policy=[1] is not a policy's name"),
    (lambda d: d.update(engine=[1]), "the analysis is damaged: engine=[1] is neither 'fast' nor 'reference'"),
    (lambda d: d.update(stopped=[1]), "the analysis is damaged: stopped=[1] is neither null nor a reason"),
    (lambda d: d.update(precision=0.9), "the analysis is damaged: precision=0.9 is not a number between 0 and 0.5"),
    (lambda d: d.update(seed=True), "the analysis is damaged: seed=true is not a whole number ≥ 0 and < 2**128"),
    (lambda d: d.update(precision=10**4000),  # beyond any float, and too long for Python to print
     "the analysis is damaged: precision=a whole number of 4,001 digits is not a number between 0 and 0.5"),
    (lambda d: d.update(seconds=10**400), "the analysis is damaged: seconds=1000000000"),
    (lambda d: d["plies"][0].update(move="zz"), "the analysis is damaged: ply 1 ('zz') is not ply 1 of the game ('d2-c4')"),
    (lambda d: d["plies"][0].update(label="genius"),
     "the analysis is damaged: ply 1's label 'genius' is none of blunder, inaccuracy, mistake"),
    (lambda d: d["plies"][0].update(loss="x"),
     "the analysis is damaged: a position or ply is not as saved (ply 1's 'loss' must be a number from 0 to 1, not 'x')"),
    (lambda d: d["plies"][0].update(loss=None),
     "the analysis is damaged: a position or ply is not as saved (ply 1's 'loss' must be a number from 0 to 1, not null)"),
    (lambda d: d["plies"][0].update(rollouts=-3),
     "the analysis is damaged: a position or ply is not as saved (ply 1's 'rollouts' must be a count ≥ 0, not -3)"),
    (lambda d: d["plies"][0].update(chance="1"),
     "the analysis is damaged: a position or ply is not as saved (ply 1's 'chance' must be true or false, not '1')"),
    (lambda d: d["plies"][0].update(ply=None),
     "the analysis is damaged: a position or ply is not as saved (a ply's 'ply' must be a ply number ≥ 1, not null)"),
    (lambda d: d["plies"][0].update(player=1), "the analysis is damaged: ply 1 was played by seat 0, not 1"),
    (lambda d: d["plies"][0].update(best="1"), "the analysis is damaged: ply 1's best move '1' is not legal there: "),
    (lambda d: d.update(plies=None), "the analysis is damaged: its field 'plies' must be a list, not null"),
    (lambda d: d["positions"][1].update(exact="1"),
     "the analysis is damaged: a position or ply is not as saved (a value's 'exact' must be true or false, not '1')"),
    (lambda d: d["positions"][1].update(points=["0.5", "0.5"]),
     "the analysis is damaged: a position or ply is not as saved (a value's 'points' must be a list of numbers, one "
     "per seat, not ['0.5', '0.5'])"),
    (lambda d: d["positions"][0].update(points=[0.5]), "the analysis is damaged: position 0's 'points' holds 1 number, not one per seat (2)"),
    (lambda d: d["positions"][0].update(points=[2, 0]), "the analysis is damaged: position 0's 'points' holds a number outside 0 to 1"),
    (lambda d: d["positions"][0].pop("low"), "the analysis is damaged: a position or ply is not as saved (a value's 'low' must be a list of numbers, one per seat, not missing)"),
    (lambda d: d.update(record=5), "the analysis is damaged: "),
    (lambda d: d["plies"][0].update(loss=1.5),
     "the analysis is damaged: a position or ply is not as saved (ply 1's 'loss' must be a number from 0 to 1, not 1.5)"),
    (lambda d: d["plies"][0].pop("legal"),
     "the analysis is damaged: a position or ply is not as saved (ply 1 has no field 'legal')"),
    (lambda d: d["plies"][0]["best_value"].update(points=[0.5]),
     "the analysis is damaged: ply 1's best value's 'points' holds 1 number, not one per seat (2)"),
    (lambda d: d["positions"][1].update(points=[0.9, 0.9], low=[0.8, 0.8], high=[1, 1]),
     "the analysis is damaged: position 1's 'points' add up to 1.8, not 1 (the seats share one point)"),
    (lambda d: d["positions"][1].update(low=[0.99, 0.99]),
     "the analysis is damaged: position 1's 'points' are not within their intervals 'low' to 'high'"),
    (lambda d: d["positions"][1].pop("ends_in"),
     "the analysis is damaged: a position or ply is not as saved (a value's 'ends_in' must be a count ≥ 0 or null, not "
     "missing)"),
    (lambda d: d.update(positions=d["positions"][:1]),
     "the analysis is damaged: a position or ply is not as saved (ply 1 has no value for the position after it: the "
     "analysis holds 1 position)"),
    (lambda d: d["plies"].__setitem__(0, None),
     "the analysis is damaged: a position or ply is not as saved (a ply must be an object of fields, not null)"),
    (lambda d: d.update(precision=None), "the analysis is damaged: precision=null is not a number between 0 and 0.5"),
])
def test_a_damaged_or_foreign_analysis_file_is_refused_naming_the_field(change, message):
    from icewidgets.analysis.teaching import bot_game

    analysis = iw.analyse(bot_game("volterra", "easy", seed=1, max_plies=2), precision=0.2)
    with pytest.raises(iw.NotationError) as raised:
        Analysis.from_json(_damaged(analysis, change))
    assert str(raised.value).startswith(message.replace("d2-c4", str(analysis.record.plies[0])))


def test_a_shared_win_is_worth_half_and_a_value_of_one_is_the_rollouts_verdict_not_a_proof():
    # The trial's game: the narration says ply 18 took Player 1 to 1.00, yet the game ends in a
    # shared win. Every score is right: the values are greedy play's, and greedy play errs there.
    from icewidgets.analysis import Value
    from icewidgets.analysis.teaching import bot_game

    record = bot_game(iw.make("volcano", capture="must"), "easy", seed=1)  # the trial's rule
    analysis = iw.analyse(record)
    assert record.final_state().winners == (0, 1) and len(record) == 23
    assert analysis.positions[23] == Value((0.5, 0.5), (0.5, 0.5), (0.5, 0.5), 0, True, 0, 0)  # split, exact
    assert analysis.narration == "Ply 18 turned the game: Player 1's b5-b4 took their expected points from 0.35 to 1.00."
    # Position 18: every one of its 96 rollouts is the same 5 plies (greedy Player 2 replies c3-c2)
    # and Player 1 wins it: 1.00, a certainty about greedy play, not a proved win.
    assert analysis.positions[18] == Value((1.0, 0.0), (0.9615244121423243, 0.0), (1.0, 0.038475587857675686), 96,
                                           finished=96)
    reply = analysis.plies[18]  # Player 2 had better: the race finds d2-e2 worth 0.84 to them
    assert (reply.move, reply.best, reply.label) == ("c3-b3", "d2-e2", "blunder")
    assert reply.best_value.points[1] == 0.8433333333333334  # (moves proved lost get no rollouts)
    # c3-b3 leaves Player 1 only eruptions that end the game level: every rollout a shared win.
    assert reply.value == Value((0.5, 0.5), (0.45030281227826763,) * 2, (0.5496971877217324,) * 2, 385, finished=385)
    last = analysis.plies[22]  # and Player 1 ends it level where b2-a2 kept a win in hand
    assert (last.move, last.points, last.best, last.best_value.points[0], last.label) == (
        "b3-c2", 0.5, "b2-a2", 1.0, "blunder")


def _ice3_start(**options):
    """The start of an Ice3 game (seed 1), not a ply played: only the start position is valued."""
    game = iw.make("ice3", **options)
    return iw.Record.new(game, start=game.new_state(seed=1))


def test_each_value_records_how_many_rollouts_finished_and_json_keeps_it():
    exact = iw.analyse(_ice3_start(), precision=0.2)  # the exact goal: no greedy rollout ends in 300 moves
    loose = iw.analyse(_ice3_start(goal="loose"), precision=0.2)
    assert [(v.rollouts, v.finished, v.unfinished) for v in exact.positions] == [(25, 0, 25)]
    assert [(v.rollouts, v.finished, v.unfinished) for v in loose.positions] == [(25, 25, 0)]
    assert (exact.unfinished, loose.unfinished) == ((25, 25), (0, 25))
    for analysis in (exact, loose):
        text = analysis.to_json()
        assert Analysis.from_json(text) == analysis and Analysis.from_json(text).to_json() == text
    assert exact.to_dict()["positions"][0]["finished"] == 0
    old = exact.to_dict()  # saved before the count was recorded: it loads, without a warning
    for value in old["positions"]:
        del value["finished"]
    loaded = Analysis.from_dict(old)
    assert loaded.positions[0].finished is None and loaded.unfinished == (0, 0) and loaded.warning == ""
    assert loaded.positions[0].points == exact.positions[0].points


def test_the_unfinished_warning_never_advises_the_options_in_use():
    # Under the loose goal, the greedy rule can move a piece back and forth from RN1 on (seed 1):
    # no rollout finishes there, and the advice must not be "use goal='loose'".
    loose = iw.analyse(_ice3_start(goal="loose").extend(["RN1"]), precision=0.2)
    assert loose.positions[1].finished == 0
    game = iw.make("ice3", goal="loose")
    assert game.analyst.unfinished_advice(game) == (
        "Under goal='loose' greedy rollouts finish from positions of greedy play (where the analysis is calibrated), "
        "but from some others the greedy rule moves a piece back and forth until the turn limit: this game's "
        "positions are such.")
    exact = iw.make("ice3")
    assert exact.analyst.unfinished_advice(exact).endswith("iw.make('ice3', goal='loose').")


def test_an_analysis_whose_rollouts_mostly_did_not_finish_warns_everywhere(tmp_path, capsys):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from icewidgets.__main__ import main
    from icewidgets.widgets.analysing import analysis_payload

    exact, loose = iw.analyse(_ice3_start(), precision=0.2), iw.analyse(_ice3_start(goal="loose"), precision=0.2)
    assert exact.warning == (
        "Warning: 25 of 25 rollouts (100%) stopped before the game ended (at the ply or turn limit) and count as "
        "games without a winner, so these values say little about who is ahead. Ice3's analysis is calibrated only "
        "under goal='loose' (two players), where greedy rollouts finish: iw.make('ice3', goal='loose').")
    assert loose.warning == ""
    assert str(exact).startswith(exact.warning + "\n\n") and "Warning" not in str(loose)
    assert exact.warning in exact._repr_html_().replace("&#x27;", "'")
    assert exact.to_dict()["derived"]["warning"] == exact.warning
    assert analysis_payload(exact, 0, running=False)["warning"] == exact.warning
    assert analysis_payload(loose, 0, running=False)["warning"] == ""
    ax = exact.plot()
    assert [t.get_text() for t in ax.texts] == ["100% of the rollouts did not finish:\nthese values say little"]
    assert exact.plot().get_legend() is not None and list(loose.plot().texts) == []
    plt.close("all")
    assert main(["analyse", exact.record.to_code(), "--precision", "0.2", "-q"]) == 0
    assert capsys.readouterr().out.startswith(exact.warning + "\n")
    assert main(["analyse", exact.record.to_code(), "--precision", "0.2", "--json", "-"]) == 0
    printed = capsys.readouterr()
    assert Analysis.from_json(printed.out) == exact and printed.err == exact.warning + "\n"


def test_a_stopped_analysis_keeps_the_plies_done_and_says_so():
    record = _greedy_record("volcano", 5)
    stop = threading.Event()
    seen = []

    def progress(so_far):
        seen.append(len(so_far.plies))
        if len(so_far.plies) == 2:
            stop.set()

    analysis = iw.analyse(record, precision=0.1, stop=stop, progress=progress)
    assert seen == [1, 2] and analysis.stopped == "stopped" and not analysis.complete
    assert len(analysis.plies) == 2 and len(analysis.positions) == 3
    assert "Stopped after 2 of 5 plies (stopped): the rest is not analysed." in str(analysis)
    assert analysis.plies == iw.analyse(record.truncated(2), precision=0.1).plies
    timed = iw.analyse(record, precision=0.1, max_seconds=1e-9)
    assert (timed.stopped, timed.plies, timed.positions) == ("time limit", (), ())
    assert Analysis.from_json(timed.to_json()) == timed
    assert "Stopped after 0 of 5 plies (time limit)" in str(timed)


def test_an_analysis_resumes_where_another_stopped_or_the_game_went_on():
    record = _greedy_record("volcano", 6)
    fresh = iw.analyse(record, precision=0.1)
    assert fresh.rollouts == fresh.positions[0].rollouts + sum(ply.rollouts for ply in fresh.plies) > 0
    stop = threading.Event()
    halfway = iw.analyse(record, precision=0.1, stop=stop, progress=lambda a: len(a.plies) == 3 and stop.set())
    assert len(halfway.plies) == 3
    finished = iw.analyse(record, precision=0.1, resume=halfway)
    assert finished == fresh and finished.rollouts == fresh.rollouts and finished.seconds > halfway.seconds
    shorter = iw.analyse(record.truncated(4), precision=0.1)
    assert iw.analyse(record, precision=0.1, resume=shorter) == fresh  # the game went on: two plies more
    third = list(record.states())[2]
    branch = record.truncated(2).extend([next(m for m in third.legal_moves() if str(m) != record.plies[2])])
    assert iw.analyse(branch, precision=0.1, resume=fresh) == iw.analyse(branch, precision=0.1)  # shares 2 plies
    other_seed = iw.analyse(record.truncated(4), precision=0.1, seed=9)
    assert iw.analyse(record, precision=0.1, resume=other_seed) == fresh  # nothing shared: all done again
    with pytest.raises(TypeError, match="resume must be an Analysis"):
        iw.analyse(record, resume=record)


def _policies_of_one_name():
    """Two rollout policies, both functions named ``mine``: the first legal move, and the last."""
    def first(state, rng):
        return state.legal_moves()[0]

    def last(state, rng):
        return state.legal_moves()[-1]

    first.__name__ = last.__name__ = "mine"
    return first, last


def test_resuming_with_another_policy_function_of_the_same_name_starts_again():
    record = _greedy_record("volterra", 3)
    first, last = _policies_of_one_name()
    earlier = iw.analyse(record.truncated(2), precision=0.2, policy=first)
    assert earlier.policy == "mine" and earlier.policy_function is first
    by_last = iw.analyse(record, precision=0.2, policy=last)
    assert by_last.positions[:3] != earlier.positions  # the policies value the positions differently
    assert iw.analyse(record, precision=0.2, policy=last, resume=earlier) == by_last  # not mixed: all done again
    assert iw.analyse(record, precision=0.2, policy=first, resume=earlier) == iw.analyse(record, precision=0.2,
                                                                                        policy=first)
    loaded = Analysis.from_json(earlier.to_json())  # the function is not saved: nothing can be taken from it
    assert loaded == earlier and loaded.policy_function is None


def test_game_sources_a_record_a_widget_or_a_code():
    record = _greedy_record("volterra", 2)
    widget = iw.GameWidget(record)
    analyses = [iw.analyse(source, precision=0.2) for source in (record, widget, record.to_code())]
    assert analyses[0] == analyses[1] == analyses[2]


@pytest.mark.parametrize("call, error, message", [
    (lambda r, s: iw.analyse(r, precision=0), ValueError, "precision=0 must be a number from 0.001 to 0.5"),
    (lambda r, s: iw.analyse(r, precision=0.5), ValueError, "precision=0.5 must be a number from 0.001 to 0.5"),
    (lambda r, s: iw.hint(s, precision=-1), ValueError, "precision=-1 must be a number from 0.001 to 0.5"),
    (lambda r, s: iw.analyse(r, precision="0.1"), ValueError, "precision='0.1' must be a number"),
    (lambda r, s: iw.analyse(r, seed=-2), ValueError, r"seed=-2 must be a whole number ≥ 0"),
    (lambda r, s: iw.analyse(r, max_seconds=0), ValueError, "max_seconds=0 must be a positive number"),
    (lambda r, s: iw.analyse(r, policy="expert"), ValueError, "policy='expert': unknown agent 'expert'"),
    (lambda r, s: iw.analyse(r, policy=5), TypeError, "policy=5 is not an agent: give a name"),
    (lambda r, s: iw.hint(s, policy=[1]), TypeError, r"policy=\[1\] is not an agent"),
    (lambda r, s: iw.analyse(r, engine="gpu"), ValueError, "engine='gpu'; choose 'auto'"),
    (lambda r, s: iw.analyse(42), TypeError, "game_source must be a Record, a GameWidget or a game code"),
    (lambda r, s: iw.analyse("iw1.AAAA"), ValueError, "game_source: the record code is damaged"),
    (lambda r, s: iw.analyse(iw.Record("chess").to_code()), ValueError,
     "game_source: the record does not replay at its start: unknown game 'chess'; available games: volcano, volterra"),
    (lambda r, s: iw.hint(s, k=0), ValueError, "k=0 must be a whole number ≥ 1"),
    (lambda r, s: iw.hint(r), TypeError, "state must be a game state"),
    (lambda r, s: iw.hint(r.final_state().play(WINS_AT_ONCE["volcano"][2])), ValueError,
     r"state: the game is over \(win\), so there is no move to suggest"),
    (lambda r, s: iw.hint(iw.make("blockade").new_state(seed=3)), ValueError,
     r"state is at a chance ply \(a roll of the dice for Cool\): there is no move to choose; play the roll first"),
])
def test_bad_input_is_refused_with_a_message_that_names_it(call, error, message):
    options, text, _, _ = WINS_AT_ONCE["volcano"]
    state = iw.make("volcano", **options).state_from_text(text)
    record = iw.Record.new(state.game, start=state)
    with pytest.raises(error, match=message):
        call(record, state)


@pytest.fixture
def nest_row():
    # Under --extra-game Nest Row is already installed as a plug-in, for the whole run: leave it so.
    added = NestRow.name not in iw.available_games()
    if added:
        games.register(NestRow)
    yield iw.make("nestrow")
    if added:
        games.unregister(NestRow.name)


def test_a_fifth_game_is_analysed_and_hinted_on_its_rules_engine(nest_row):
    state = nest_row.state_from_text(". O1 .\n. . O3\nO2 V2 V3\nto_move=1")
    assert _winning(state) == ["a1"] and len(state.legal_moves()) == 8
    hints = iw.hint(state, precision=0.2)
    assert str(hints[0]) == "a1  1.00 exact (wins at once)" and hints.name == "Violet" and len(hints) == 3
    record = iw.Record.new(nest_row).extend(["b2", "a1", "c3"])
    analysis = iw.analyse(record, precision=0.2)
    assert analysis.complete and analysis.engine == "reference" and len(analysis.positions) == 4
    assert analysis.names == ("Orange", "Violet") and [p.player for p in analysis.plies] == [0, 1, 0]
    assert Analysis.from_json(analysis.to_json()) == analysis


def test_a_game_declares_its_rollouts_with_an_analyst(nest_row):
    from icewidgets.analyst import Analyst

    assert (NestRow.analyst, iw.make("volcano").analyst.rollout) == (Analyst(), "greedy")
    with pytest.raises(TypeError, match=r"NestRow.plug_in\(analyst=…\) takes an Analyst, not str"):
        NestRow.plug_in(analyst="random")
    record = iw.Record.new(nest_row).extend(["b2", "a1"])
    NestRow.plug_in(analyst=Analyst(rollout="random", horizon=3))
    try:
        own = iw.analyse(record, precision=0.2)
        assert own.policy == "random" and own == iw.analyse(record, precision=0.2, policy="random")
    finally:
        NestRow.plug_in(analyst=Analyst())
    assert own != iw.analyse(record, precision=0.2, policy="random")  # the horizon of 3 plies made draws


@pytest.mark.parametrize("rung", PUZZLES, ids=[p.name for p in PUZZLES])
def test_the_top_hint_on_every_ice3_puzzle_begins_a_shortest_solution(rung):
    state = rung.state()
    top = iw.hint(state, k=1)[0]
    assert top.exact and top.value == 1.0 and top.ends_in == rung.length - 1
    rest = solve(state.play(top.move), rung.length - 1)
    assert rest is not None and len(rest) == rung.length - 1  # the solver agrees: a shortest line follows
    assert solve(state, rung.length - 1) is None  # and none is shorter


def test_the_command_line_prints_the_table_and_saves_json(tmp_path, capsys):
    from icewidgets.__main__ import main

    record = _greedy_record("volterra", 3)
    saved = tmp_path / "analysis.json"
    assert main(["analyse", record.to_code(), "--precision", "0.2", "--seed", "3", "--json", str(saved), "-q"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Volterra, analysis of 3 of 3 plies: values ±0.2 (95%), greedy rollouts, seed 3"
    assert f"saved the analysis to {saved}" in out
    assert Analysis.from_json(saved.read_text()) == iw.analyse(record, precision=0.2, seed=3)
    record_file = tmp_path / "game.json"
    record_file.write_text(record.to_json())
    assert main(["analyze", str(record_file), "--precision", "0.2", "--json", "-"]) == 0
    assert Analysis.from_json(capsys.readouterr().out).record == record


@pytest.mark.parametrize("argv, message", [
    (["analyse", "nonsense"], "error: CODE 'nonsense' is neither a game code (starting 'iw1.') nor a record file"),
    (["analyse", "iw1.AAAA"], "error: CODE: the record code is damaged (was it copied completely?)"),
    (["analyse", "CODE", "--precision", "0.7"], "error: --precision 0.7 must be a number from 0.001 to 0.5"),
    (["analyse", "CODE", "--policy", "expert"], "error: --policy 'expert': unknown agent 'expert'; choose a level "
     "(easy, medium, hard) or an agent (random, greedy, mcts, mcts:ITERATIONS)\n"),  # no Python function offered
    (["analyse", "CODE", "--seed", "-3"], "error: --seed -3 must be a whole number ≥ 0"),
    (["analyse", "CODE", "--max-seconds", "-1"], "error: --max-seconds -1.0 must be a positive number of seconds\n"),
    (["analyse", "CODE", "--json", "missing/keep.json"],
     "error: --json: cannot write 'missing/keep.json': the folder 'missing' does not exist\n"),
    (["analyse", "CODE", "--plot", "missing/graph.png"],
     "error: --plot: cannot write 'missing/graph.png': the folder 'missing' does not exist\n"),
    (["analyse", "CODE", "--json", "/proc/keep.json"],  # a folder that takes no files
     "error: --json: cannot write '/proc/keep.json': No such file or directory\n"),
    (["analyse", "CODE", "--plot", "/proc/graph.png"],
     "error: --plot: cannot write '/proc/graph.png': No such file or directory\n"),
    (["analyse", "CODE", "--json", "/sys/keep.json"],  # no right to write there, not even for root
     "error: --json: cannot write '/sys/keep.json': Permission denied\n"),
    (["analyse", "CODE", "--json", "-", "--plot", "/sys/graph.svg"],
     "error: --plot: cannot write '/sys/graph.svg': Permission denied\n"),
    (["analyse", "CODE", "--prec", "0.2"], "error: unrecognized arguments: --prec 0.2\n"),  # flags are written whole
    (["analyse", "CODE", "--max-sec", "5"], "error: unrecognized arguments: --max-sec 5\n"),
    (["analyse", "CODE", "--js", "a.json"], "error: unrecognized arguments: --js a.json\n"),
    (["analyse", "CODE", "--seed", "x"], "error: argument --seed: invalid int value: 'x'"),
])
def test_the_command_line_refuses_bad_arguments_in_one_line(argv, message, capsys, monkeypatch):
    from icewidgets import analysis
    from icewidgets.__main__ import main

    code = _greedy_record("volcano", 1).to_code()
    if "--precision" not in argv and "--policy" not in argv and "--seed" not in argv and "--max-seconds" not in argv:
        # refused before the long analysis starts (the flags above are checked by the analysis itself)
        monkeypatch.setattr(analysis, "analyse", lambda *args, **kwargs: pytest.fail("analysed before the refusal"))
    assert main([code if arg == "CODE" else arg for arg in argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


def test_the_command_line_names_a_file_where_a_folder_should_be_and_its_help_reads_95_percent(tmp_path, capsys):
    from icewidgets.__main__ import main

    (tmp_path / "notes").write_text("")
    code = _greedy_record("volcano", 1).to_code()
    assert main(["analyse", code, "--json", str(tmp_path / "notes" / "keep.json")]) == 2
    assert capsys.readouterr().err == (f"error: --json: cannot write {str(tmp_path / 'notes' / 'keep.json')!r}: "
                                       f"{str(tmp_path / 'notes')!r} is a file, not a folder\n")
    with pytest.raises(SystemExit):
        main(["analyse", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "expected points with 95% intervals" in text and "every 95% interval" in text and "%%" not in text


class _AllWin:
    """Rollouts in which the player to move at the root wins 97% of the games, whatever the move:
    a decided position, where every move is worth the same and only chance tells them apart."""

    def __init__(self, player, players):
        import numpy as np

        self.player, self.players, self.played = player, players, 0
        self.rng = np.random.default_rng(5)

    def play(self, wants):
        import numpy as np

        for sample, count in wants:
            points = np.zeros((count, self.players))
            points[:, self.player] = self.rng.random(count) < 0.97
            sample.add(points, count)
            self.played += count


def test_a_race_among_equal_moves_stops_at_its_budget_and_ranks_known_moves_first():
    # Ice3's 361 first moves, all worth the same: without its budget the race went on for 80,572
    # rollouts, moves dropped by the halving coming back again and again as the leaders' means moved.
    from icewidgets.analysis import search

    state = iw.make("ice3").new_state(seed=1)
    moves = len(state.legal_moves())
    rollouts = _AllWin(state.player, state.game.num_players)
    ranking = search.race(state, rollouts, 0.05, k=3)
    budget = search.ROUND_BUDGET * (math.ceil(math.log2(moves + 1)) + 2) + 3 * search.most_rollouts(0.05)
    assert (moves, budget) == (361, 6787)
    assert budget < rollouts.played <= budget + 3 * search.most_rollouts(0.05)  # the last round may overshoot
    lows = [entry.sample.low(state.player) for entry in ranking]
    assert lows[:3] == sorted(lows, reverse=True)[:3]


def test_a_stop_is_heeded_between_the_rules_engines_jobs_not_only_between_batches():
    # The rules engine plays a batch's jobs one after another: a hint of Volterra's opening
    # races every legal move with a first batch of 64 rollouts each, one job per move. A stop
    # set during the first job ends it there; before, the whole batch ran on.
    import threading

    stop = threading.Event()

    def greedy_then_stop(state, rng):
        stop.set()
        return iw.agents.greedy(state, rng)

    state = iw.make("volterra").new_state()
    hints = iw.hint(state, precision=0.2, policy=greedy_then_stop, engine="reference", stop=stop)
    assert not hints.complete and hints.rollouts == 0


def test_a_time_limit_beyond_any_float_is_no_limit():
    from icewidgets.analysis.teaching import bot_game

    record = bot_game("volterra", "easy", seed=1, max_plies=2)
    unlimited = iw.analyse(record, precision=0.3, max_seconds=10**5000)  # an OverflowError before
    assert unlimited.stopped is None and unlimited == iw.analyse(record, precision=0.3)
