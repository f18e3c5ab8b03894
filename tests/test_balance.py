"""The balance report's generic parts: the metrics of contract A (lead changes, comebacks, the
branching profile) as the rules engines measure them, seats rotated through every deal, and runs
played to a precision."""

from __future__ import annotations

import dataclasses
import json
import math
from typing import ClassVar

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents as A
from icewidgets.counters import Counters
from icewidgets.playout import PlayoutRun, game_rng
from icewidgets.playout.balance import branching_profile, comeback, lead_changes, sole_leader
from icewidgets.playout.run import precision_chunk_size
from icewidgets.protocol import CHANCE

from extra_game import COLOURS, NestRow


# The definitions, on hand-made samples --------------------------------------------------------


def test_sole_leaders_and_lead_changes():
    assert sole_leader([(2,), (1,)]) == 0 and sole_leader([(1,), (2,), (2,)]) is None
    assert sole_leader([(3, 0), (3, 1), (2, 9)]) == 1  # tuples compare item by item
    # Ties neither change nor reset the leader; the first sole leader is no change.
    samples = [((0,), (0,)), ((1,), (0,)), ((1,), (1,)), ((2,), (1,)), ((2,), (3,)), ((3,), (3,)), ((4,), (3,))]
    assert lead_changes(samples) == 2
    assert lead_changes([((0,), (0,))] * 4) == 0
    assert lead_changes([((0,), (1,), (0,)), ((2,), (1,), (0,)), ((2,), (1,), (3,)), ((2,), (4,), (3,))]) == 3


def test_comebacks_are_read_at_the_first_sample_past_half_time():
    turns = [0, 1, 2, 3, 4, 5]
    behind_then_ahead = [((0,), (0,)), ((0,), (1,)), ((1,), (2,)), ((1,), (2,)), ((3,), (2,)), ((4,), (2,))]
    # T = 5: half time is the first sample with at least ceil(5 / 2) = 3 turns.
    assert comeback(turns, behind_then_ahead, winners=(0,), turns=5)
    assert not comeback(turns, behind_then_ahead, winners=(1,), turns=5)  # the leader won
    assert not comeback(turns, behind_then_ahead, winners=(0, 1), turns=5)  # a shared win is no comeback
    assert not comeback(turns[:2], behind_then_ahead[:2], winners=(0,), turns=1)  # too short to have a half
    level = [((0,), (0,)), ((1,), (1,)), ((2,), (1,))]
    assert not comeback([0, 1, 2], level, winners=(0,), turns=2)  # level at half time is not behind
    # A turn count may jump past the half: the first sample beyond it counts.
    jump = [((0,), (0,)), ((0,), (5,)), ((1,), (5,)), ((9,), (5,))]
    assert comeback([0, 1, 3, 4], jump, winners=(0,), turns=4)


def test_branching_profile_by_tenths():
    assert all(math.isnan(v) for v in branching_profile([]))
    profile = branching_profile([4, 8, 6])
    assert [None if math.isnan(v) else v for v in profile] == [4, None, None, 8, None, None, 6, None, None, None]
    profile = branching_profile(list(range(25)))  # 25 decisions: d·10 // 25 puts 2 or 3 in each tenth
    assert profile == [1.0, 3.5, 6.0, 8.5, 11.0, 13.5, 16.0, 18.5, 21.0, 23.5]


# The rules engines' loop, against an independent reading of the contract ----------------------


def by_hand(game, agents, seed, index, max_plies=10_000):
    """Game ``index`` replayed one checked ply at a time, its metrics computed from scratch."""
    rng = game_rng(seed, index)
    state = game.new_state(seed=rng)
    agents = [A.get_agent(a) for a in agents]
    progress = game.counters.progress
    samples = [(state.turns, progress(state))]
    choices = []
    plies = 0
    while not state.is_over and plies < max_plies:
        if state.to_move == CHANCE:
            move = A.chance_move(state, rng)
        else:
            choices.append(len(state.legal_moves()))
            move = agents[state.to_move](state, rng)
        state = state.play(move)
        plies += 1
        if state.is_over or state.turns > samples[-1][0]:
            samples.append((state.turns, progress(state)))

    def leader(values):
        best = max(values)
        return values.index(best) if list(values).count(best) == 1 else None

    known = [who for who in (leader(p) for _, p in samples) if who is not None]
    changes = sum(a != b for a, b in zip(known, known[1:]))
    turns, winners = state.turns, state.winners
    behind = False
    if len(winners) == 1 and turns >= 2:
        at_half = next(p for t, p in samples if t >= math.ceil(turns / 2))
        w = winners[0]
        behind = at_half[w] < max(v for q, v in enumerate(at_half) if q != w)
    bins = (np.arange(len(choices)) * 10) // max(1, len(choices))
    profile = [np.mean([c for c, b in zip(choices, bins) if b == k]) if k in bins else np.nan for k in range(10)]
    return changes, behind, np.float32(profile)


@pytest.mark.parametrize("agents", [("random", "random"), ("greedy", "random")])
def test_the_rules_engines_measure_the_metrics_of_the_contract(agents):
    game = iw.make("volcano")  # its progress: the live score, as the default hook has it
    r = iw.playouts(game, 24, agents=agents, seed=4, engine="reference", progress=False, branching_profile=True)
    for i in range(r.n):
        changes, behind, profile = by_hand(game, agents, 4, i)
        assert r.lead_changes[i] == changes and bool(r.comeback[i]) == behind, i
        assert np.array_equal(r.branching_profile[i], profile, equal_nan=True), i
    assert r.lead_changes.dtype == np.uint16 and r.comeback.dtype == bool
    assert r.branching_profile.dtype == np.float32 and r.branching_profile.shape == (24, 10)
    if agents == ("random", "random"):
        assert r.lead_changes.sum() > 0 and r.comeback.any()
    else:  # greedy takes the lead at once and keeps it, but once (game 17: lost and taken back)
        assert r.lead_changes.tolist() == [0] * 17 + [2] + [0] * 6 and not r.comeback.any()


class TopsCounters(Counters):
    """Nest Row's progress, made up for the test: the squares showing your colour on top."""

    def progress(self, state):
        tops = [stack[-1].colour for stack in state.board if stack]
        return tuple((tops.count(colour),) for colour in COLOURS)


@dataclasses.dataclass(frozen=True, repr=False)
class TopsRow(NestRow):
    name: ClassVar[str] = "topsrow"


TopsRow.plug_in(counters=TopsCounters())


def test_a_game_of_the_tests_own_with_a_progress_measure_of_its_own():
    game = TopsRow()
    r = iw.playouts(game, 60, agents="random", seed=2, progress=False, branching_profile=True)
    assert r.engine == "reference"
    expected = [by_hand(game, ("random", "random"), 2, i) for i in range(60)]
    assert r.lead_changes.tolist() == [changes for changes, _, _ in expected]
    assert r.comeback.tolist() == [behind for _, behind, _ in expected]
    assert r.lead_changes.sum() == 23 and r.comeback.sum() == 2 and (r.winners.sum(axis=1) == 1).sum() == 6
    # Six decisions at most: four tenths of every game have none.
    assert np.isnan(r.branching_profile).sum(axis=1).min() == 4
    table = r.summary()
    assert table["lead_changes"].value == pytest.approx(23 / 60)
    assert table["comebacks"].value == pytest.approx(2 / 6) and table["comebacks"].games == 6


def test_the_default_progress_is_the_live_score():
    state = iw.make("volcano").new_state().play("c3-c4")
    assert Counters().progress(state) == tuple((s,) for s in state.scores)
    r = iw.playouts(NestRow(), 5, agents="random", seed=1, progress=False)  # scores only at the end
    assert (r.lead_changes == 0).all() and not r.comeback.any()


# Seats rotated -------------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ["reference", "auto"])
def test_each_deal_is_played_once_per_seating(engine):
    rotated = iw.playouts("volcano", 6, agents=("greedy", "random"), seed=3, rotate_seats=True, engine=engine,
                          progress=False)
    assert rotated.rotate_seats and rotated.n == 6 and rotated.group == 2
    assert rotated.seating.tolist() == [[0, 1], [1, 0]] * 3
    plain = iw.playouts("volcano", 3, agents=("greedy", "random"), seed=3, engine=engine, progress=False)
    swapped = iw.playouts("volcano", 3, agents=("random", "greedy"), seed=3, engine=engine, progress=False)
    for key, array in rotated.arrays.items():
        if key != "seating":
            assert np.array_equal(array[0::2], plain.arrays[key], equal_nan=True), key
            assert np.array_equal(array[1::2], swapped.arrays[key], equal_nan=True), key
    for name, grid in rotated.heatmaps.items():
        assert np.array_equal(grid, plain.heatmaps[name] + swapped.heatmaps[name]), name
    assert rotated.agent_seats().tolist() == [[0, 1], [1, 0]] * 3
    assert rotated.agent_points(0).tolist() == [1.0] * 6  # greedy wins every game, in either seat
    assert rotated.points(0).tolist() == [1.0, 0.0] * 3


def test_seat_advantage_and_agent_strength_are_reported_apart():
    r = iw.playouts("volcano", 400, agents=("greedy", "random"), seed=1, rotate_seats=True, progress=False)
    table = r.summary()
    # Greedy wins all 400 games under capture="may" (0.99625 of the points under "must"): the
    # agent has every point, seat 1 half of them.
    assert table["agent 1"].value == 1.0 and table["agent 1"].low > 0.98
    assert table["seat 1"].value == 0.5 and table["seat 1"].low < 0.5 < table["seat 1"].high
    # Each deal's two games count as one unit: the seat interval is no narrower than 200 deals' worth.
    assert table["seat 1"].size <= 400
    text = str(table)
    for row in ("seat 1 points", "agent 1 (greedy) points", "agent 2 (random) points", "200 deals, each played once",
                "seats rotated"):
        assert row in text, row
    # Without rotation the same agents measure the agent, not the seat.
    plain = iw.playouts("volcano", 400, agents=("greedy", "random"), seed=1, progress=False).summary()
    assert plain["seat 1"].value > 0.98


def test_rotated_runs_round_up_to_whole_deals_and_stop_between_them():
    assert iw.playouts("volcano", 5, agents=("greedy", "random"), seed=1, rotate_seats=True, progress=False).n == 6
    three = iw.playouts("volcano", 4, agents=("greedy", "random", "random"), seed=1, rotate_seats=True,
                        options={"players": 3}, progress=False)
    assert three.n == 6 and three.seating.tolist() == [[0, 1, 2], [2, 0, 1], [1, 2, 0]] * 2
    run = PlayoutRun.plan("volcano", 6, agents=("greedy", "random"), rotate_seats=True, engine="reference")
    with pytest.raises(ValueError, match="whole deals of 2 games"):
        run.play_range(1, 3)
    calls = {"n": 0}

    def impatient(state, rng):
        calls["n"] += 1
        if calls["n"] > 100:
            raise KeyboardInterrupt
        return A.random_agent(state, rng)

    r = iw.playouts("volcano", 40, agents=(impatient, "greedy"), seed=0, rotate_seats=True, progress=False)
    assert r.partial and r.n % 2 == 0 and 0 < r.n < 40
    full = iw.playouts("volcano", r.n, agents=("random", "greedy"), seed=0, rotate_seats=True, engine="reference",
                       progress=False)
    for key, array in full.arrays.items():
        assert np.array_equal(r.arrays[key], array, equal_nan=True), key


def test_rotate_seats_needs_an_agent_per_seat():
    with pytest.raises(ValueError, match="rotate_seats=True needs one agent per seat .2 for volcano"):
        iw.playouts("volcano", 4, agents="greedy", rotate_seats=True)
    with pytest.raises(ValueError, match="rotate_seats=True needs one agent per seat"):
        iw.playouts("volcano", 4, agents=["greedy"], rotate_seats=True)
    with pytest.raises(TypeError, match="rotate_seats='yes' must be True or False"):
        iw.playouts("volcano", 4, rotate_seats="yes")


def test_rotated_results_load_back():
    r = iw.playouts("volcano", 4, agents=("greedy", "random"), seed=1, rotate_seats=True, progress=False)
    for back in (iw.PlayoutResults.from_json(r.to_json()), iw.PlayoutResults.from_csv(r.to_csv())):
        assert back.rotate_seats and back.summary()["agent 1"] == r.summary()["agent 1"]
        assert np.array_equal(back.seating, r.seating)


def test_tenths_without_a_decision_save_as_strict_json():
    r = iw.playouts("blockade", 3, agents="greedy", seed=1, max_turns=2, engine="reference", progress=False,
                    branching_profile=True)
    assert np.isnan(r.branching_profile).sum() == 2
    text = r.to_json()
    json.loads(text, parse_constant=lambda name: pytest.fail(f"{name} is not JSON"))
    for back in (iw.PlayoutResults.from_json(text), iw.PlayoutResults.from_csv(r.to_csv())):
        assert np.array_equal(back.branching_profile, r.branching_profile, equal_nan=True)
        assert np.array_equal(back.branching_totals, r.branching_totals)


# The branching profile: summed by tenth unless each game's is asked for -------------------------


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_a_run_keeps_the_branching_by_tenth_summed_and_each_games_only_when_asked(engine):
    settings = dict(agents=("greedy", "random"), seed=6, engine=engine, progress=False, chunk_size=7, workers=2)
    summed = iw.playouts("volcano", 40, **settings)
    kept = iw.playouts("volcano", 40, branching_profile=True, **settings)
    assert "branching_profile" not in summed.arrays and kept.branching_profile.shape == (40, 10)
    assert kept.nbytes - summed.nbytes == 40 * 40  # ten float32 a game
    with pytest.raises(AttributeError, match="pass branching_profile=True to iw.playouts"):
        summed.branching_profile
    # The totals are the per-game profiles summed: the same report, to the last digit.
    profile = kept.branching_profile
    assert np.array_equal(summed.branching_totals[1], (~np.isnan(profile)).sum(axis=0))
    assert np.array_equal(summed.branching_totals, kept.branching_totals)
    assert np.array_equal(summed.branching_by_tenth(), np.nanmean(profile.astype(np.float64), axis=0))
    assert str(summed.summary()).split("speed")[0] == str(kept.summary()).split("speed")[0]
    for back in (iw.PlayoutResults.from_json(summed.to_json()), iw.PlayoutResults.from_csv(summed.to_csv())):
        assert np.array_equal(back.branching_totals, summed.branching_totals)
        assert str(back.summary()).split("speed")[0] == str(summed.summary()).split("speed")[0]
    joined = iw.PlayoutResults.concat([iw.playouts("volcano", 15, **settings), summed])
    assert np.array_equal(joined.branching_totals, summed.branching_totals
                          + iw.playouts("volcano", 15, **settings).branching_totals)
    with pytest.raises(TypeError, match="branching_profile='yes' must be True or False"):
        iw.playouts("volcano", 4, branching_profile="yes")


def test_results_saved_before_the_totals_load_with_them_from_each_games_profile():
    r = iw.playouts("volcano", 12, seed=2, progress=False, branching_profile=True)
    meta = json.loads(r.to_json())
    del meta["branching_totals"]
    back = iw.PlayoutResults.from_json(json.dumps(meta))
    assert np.array_equal(back.branching_totals, r.branching_totals)
    assert str(back.summary()).split("speed")[0] == str(r.summary()).split("speed")[0]


# Played to a precision -------------------------------------------------------------------------


def test_without_n_the_run_stops_at_the_precision():
    r = iw.playouts("volcano", seed=1, progress=False)
    size = precision_chunk_size(0.01, 1)
    assert r.n == 9_610 == 10 * size and r.precision == 0.01 and not r.partial
    first = r.summary()["first_player"]
    assert first.half_width <= 0.01 and first.half_width == max(first.value - first.low, first.high - first.value)
    assert r.rate(r.first_player_points()[: r.n - size]).half_width > 0.01  # one chunk less was not enough
    assert "9,610" in str(r.summary()) and "played to ±1% on the first player's points (reached" in str(r.summary())
    # The stop depends on the games only, never on the workers.
    assert iw.playouts("volcano", seed=1, progress=False, workers=1).n == r.n


def test_n_caps_a_run_played_to_a_precision():
    capped = iw.playouts("volcano", 1_500, seed=1, precision=0.01, progress=False)
    assert capped.n == 1_500 and not capped.partial
    assert "not reached before the cap" in str(capped.summary())
    coarse = iw.playouts("volcano", 10_000, seed=1, precision=0.05, engine="reference", progress=False)
    assert coarse.n == 10 * precision_chunk_size(0.05, 1) == 390
    rotated = iw.playouts("volcano", agents=("random", "greedy"), seed=1, precision=0.05, rotate_seats=True,
                          progress=False)
    assert rotated.n == 10 * precision_chunk_size(0.05, 2) == 400


@pytest.mark.parametrize("precision", [0, 0.5, -0.01, 0.7, "0.01", True])
def test_a_precision_must_be_between_0_and_a_half(precision):
    with pytest.raises(ValueError, match="precision=.* must be a number between 0 and 0.5"):
        iw.playouts("volcano", precision=precision)


def test_the_progress_bar_follows_a_run_played_to_a_precision(capsys):
    iw.playouts("volcano", seed=1, precision=0.05, engine="reference", progress=True)
    err = capsys.readouterr().err
    assert "Volcano playouts to ±5%" in err and "0/385 " in err and "390/390" in err  # the estimate, then the end
