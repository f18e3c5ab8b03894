"""Playouts: per-game seeding (any order, any chunking), the planned run, result arrays,
summaries, files, tournaments, interrupts, argument errors and the PlayoutLab."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents as A
from icewidgets.playout import BALANCE_FIELDS, RESULT_CODES, PlayoutResults, PlayoutRun, game_rng, progress
from icewidgets.playout.results import field_shape, game_points
from icewidgets.playout.run import resolve_game

GAMES = {"volcano": {}, "volterra": {}, "ice3": {"goal": "loose"}, "blockade": {}}
AGENTS = {"volcano": ("random", "greedy"), "volterra": ("greedy", "random"),
          "ice3": ("greedy", "random"), "blockade": ("greedy", "greedy")}


def same_arrays(a, b):
    assert set(a) == set(b)
    for key in a:
        assert a[key].dtype == b[key].dtype, key
        assert np.array_equal(a[key], b[key], equal_nan=True), key


def same_games(a, b):
    """The same arrays, except the balance metrics a compiled kernel may not measure yet."""
    common = set(a) & set(b)
    assert set(a) ^ set(b) <= set(BALANCE_FIELDS)
    same_arrays({k: a[k] for k in common}, {k: b[k] for k in common})


# Determinism --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_same_seed_same_arrays_whatever_the_chunking(name):
    game = iw.make(name, **GAMES[name])
    agents = AGENTS[name]
    whole = iw.playouts(game, 6, agents=agents, seed=5, progress=False)
    again = iw.playouts(game, 6, agents=agents, seed=5, progress=False, chunk_size=4)
    same_arrays(whole.arrays, again.arrays)
    for key in whole.heatmaps:
        assert np.array_equal(whole.heatmaps[key], again.heatmaps[key])
    # A chunk on its own, on either engine, gives the same rows.
    for engine in ("reference", "auto"):
        chunk = PlayoutRun.plan(game, 6, agents=agents, seed=5, engine=engine).play_range(3, 6)
        assert (chunk.start, chunk.stop) == (3, 6)
        same_games(chunk.arrays, {k: v[3:6] for k, v in whole.arrays.items()})


def test_different_seeds_differ_and_game_i_depends_only_on_i():
    a = iw.playouts("volcano", 12, seed=1, progress=False)
    b = iw.playouts("volcano", 12, seed=2, progress=False)
    assert not np.array_equal(a.plies, b.plies)
    chunk = PlayoutRun.plan("volcano", 12, seed=1, engine="reference").play_range(9, 10)
    assert chunk.arrays["plies"][0] == a.plies[9] and chunk.arrays["turns"][0] == a.turns[9]
    assert float(game_rng(1, 9).random()) == float(np.random.default_rng(np.random.SeedSequence(1, spawn_key=(9,))).random())


def test_the_reference_loop_plays_the_agents_rules_game_for_game():
    # An independent loop with the documented seeding replays game 4 exactly.
    game = iw.make("volcano")
    results = iw.playouts(game, 5, agents=("greedy", "random"), seed=8, progress=False)
    rng = np.random.default_rng(np.random.SeedSequence(8, spawn_key=(4,)))
    state = game.new_state(seed=rng)
    plies = 0
    agents = (A.greedy, A.random_agent)
    while not state.is_over:
        state = state.play(agents[state.to_move](state, rng))
        plies += 1
    assert results.plies[4] == plies
    assert tuple(results.scores[4]) == state.scores
    assert tuple(np.flatnonzero(results.winners[4])) == state.winners


# Arrays -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAMES))
def test_shapes_and_dtypes(name):
    game = iw.make(name, **GAMES[name])
    r = iw.playouts(game, 3, agents=AGENTS[name], seed=0, progress=False, engine="reference")
    players = game.num_players
    assert r.n == len(r) == 3
    assert r.winners.shape == (3, players) and r.winners.dtype == bool
    assert r.scores.shape == (3, players) and r.scores.dtype == np.int16
    for key in ("turns", "plies"):
        assert r.arrays[key].shape == (3,) and r.arrays[key].dtype == np.int32
    assert r.first.dtype == np.int8 and r.result.dtype == np.int8
    assert r.branching.dtype == np.float32 and (r.branching > 1).all()
    counters = game.counters
    assert set(r.counters) == set(counters.fields)
    for key, (dtype, shape, description) in counters.fields.items():
        assert r.arrays[key].dtype == np.dtype(dtype)
        assert r.arrays[key].shape == (3,) + field_shape(shape, players)
        assert r.descriptions[key] == description
    assert set(r.heatmaps) == set(counters.heatmaps)
    assert all(grid.shape == (game.grid.ranks, game.grid.files) for grid in r.heatmaps.values())
    assert r.agents == tuple(AGENTS[name])


def test_volcano_counters_agree_with_the_final_positions():
    r = iw.playouts("volcano", 10, agents="greedy", seed=3, progress=False, engine="reference")
    assert (r.captures.sum(axis=(1, 2)) == r.captured.sum(axis=1)).all()
    assert (r.eruptions == r.turns).all()  # every Volcano turn ends with one eruption
    assert r.heatmaps["eruption_sources"].sum() == r.eruptions.sum()
    assert r.heatmaps["captures"].sum() == r.captures.sum()
    assert r.heatmaps["landings"].sum() == r.erupted.sum()
    assert r.heatmaps["captures"].shape == (5, 5)


def test_blockade_and_volterra_counters():
    r = iw.playouts("blockade", 2, agents="greedy", seed=1, progress=False)
    wins = r.winners.argmax(axis=1)
    for i, seat in enumerate(wins):
        own = r.towers[i, :2] if seat == 0 else r.towers[i, 2:]
        assert own.max() == 5
    assert r.heatmaps["towers"].sum() >= r.towers.sum()
    v = iw.playouts("volterra", 5, agents="greedy", seed=1, progress=False)
    assert v.forfeited.shape == (5, 2) and v.towers.shape == (5, 2)


def test_memory_per_volcano_game_is_small():
    r = iw.playouts("volcano", 4, seed=0, progress=False)
    assert r.nbytes / r.n <= 100  # a million games of results fit in 100 MB


def test_unfinished_games_are_counted_as_such():
    r = iw.playouts("volcano", 5, seed=0, max_turns=3, progress=False)
    assert (r.result == RESULT_CODES["unfinished"]).all()
    assert not r.winners.any()
    assert (r.turns == 3).all()
    assert r.max_turns == 3 and r.options["max_turns"] == 3
    table = r.summary()
    assert table["counts"]["unfinished"] == 5 and table["unfinished"].value == 1.0
    assert np.allclose(r.points(), 0.5)  # no winner: every seat gets 1/players


def test_ice3_and_blockade_get_their_playout_turn_limits():
    from icewidgets.games import blockade, ice3

    assert resolve_game("ice3").max_turns == ice3.PLAYOUT_MAX_TURNS == iw.make("ice3").playout_max_turns
    assert resolve_game("blockade").max_turns == blockade.PLAYOUT_MAX_TURNS
    assert resolve_game("ice3", None, 7).max_turns == 7
    assert resolve_game(iw.make("ice3", max_turns=9)).max_turns == 9
    assert resolve_game("volcano").max_turns is None
    assert PlayoutRun.plan("ice3", 1).max_turns == ice3.PLAYOUT_MAX_TURNS


def test_a_planned_run_resolves_everything_and_pickles():
    run = PlayoutRun.plan("Volcano ", 7, agents="greedy", seed=[3, 4], max_turns=20, engine="reference",
                          options={"players": 3})
    assert run.game == iw.make("volcano", players=3, max_turns=20)
    assert (run.n, run.names, run.seed, run.engine, run.max_turns) == (7, ("greedy",) * 3, (3, 4), "reference", 20)
    assert run.agents == (A.greedy,) * 3
    again = pickle.loads(pickle.dumps(run))
    assert again == run
    same_arrays(again.play_range(2, 4).arrays, run.play_range(2, 4).arrays)
    results = run.results(run.chunks(chunk_size=3))
    assert results.n == 7 and not results.partial and results.engine == "reference"
    assert run.results([run.play_range(0, 3)]).partial


def test_interrupt_returns_the_games_finished_so_far(capsys):
    calls = {"n": 0}

    def impatient(state, rng):
        calls["n"] += 1
        if calls["n"] > 150:
            raise KeyboardInterrupt
        return A.random_agent(state, rng)

    r = iw.playouts("volcano", 50, agents=(impatient, "random"), seed=0, progress=False)
    assert r.partial and 0 < r.n < 50
    full = iw.playouts("volcano", r.n, agents=("random", "random"), seed=0, progress=False)
    same_games(r.arrays, full.arrays)
    assert "partial" in str(r.summary())
    assert "Interrupted" in capsys.readouterr().err


# Summary, files, frames ---------------------------------------------------------------------


def test_summary_table_with_intervals():
    r = iw.playouts("volcano", 40, agents=("greedy", "random"), seed=2, progress=False)
    table = r.summary()
    text = str(table)
    for label in ("seat 1 (greedy) points", "first player's points", "decisive games", "shared wins", "draws",
                  "unfinished", "turns per game", "branching factor", "lead changes per game", "comebacks",
                  "cap moves per turn", "games/s"):
        assert label in text, label
    seat = table["seat 1"]
    assert seat.value == 1.0 and seat.low == pytest.approx(0.9124, abs=1e-4) and seat.high == 1.0
    assert table["games"] == 40 and table["counts"] == {"sole_wins": 40, "shared_wins": 0, "draws": 0, "unfinished": 0}
    assert "<table" in table._repr_html_() and "<table" in r._repr_html_()
    assert repr(r).startswith("<PlayoutResults make('volcano')")
    assert r.games_per_second > 0


def test_the_first_seat_of_random_volcano_earns_53_6_percent_of_the_points():
    # The figure, checked independently: 50.3% sole wins + 6.6% shared wins / 2; it was measured
    # when every capture was taken at once, which capture="must" plays.
    r = iw.playouts(iw.make("volcano", capture="must"), 20_000, seed=1, progress=False)
    table = r.summary()
    seat = table["seat 1"]
    assert seat.value == pytest.approx(0.53605) and max(seat.value - seat.low, seat.high - seat.value) < 0.01
    assert table["first_player"] == seat and table["seat 2"].value == pytest.approx(0.46395)
    assert table["counts"] == {"sole_wins": 18_684, "shared_wins": 1_316, "draws": 0, "unfinished": 0}
    sole = r.sole_wins()[:, 0].sum()
    assert sole == 10_063 and (sole + 1_316 / 2) / 20_000 == seat.value
    assert "seat 1 (random) points      53.6% [52.9–54.3]    10,063 sole wins, 1,316 shared wins" in str(table)
    assert "no advantage would be 50.0%" in str(table)


def test_points_add_up_to_one_per_game_with_draws_shared_wins_and_unfinished_games():
    winners = np.array([[True, False, False], [True, True, False], [False, False, False], [True, True, True]])
    points = game_points(winners)
    assert points.tolist() == [[1, 0, 0], [0.5, 0.5, 0], [1 / 3] * 3, [1 / 3] * 3]
    # capture="must": random players who may decline captures finish few games in 60 turns (7 of 60 with
    # seed 2) and share none; taking every capture gives all four outcomes to add up.
    for tie_rule, shared, draws in (("shared", 3, 0), ("draw", 0, 3)):
        r = iw.playouts("volcano", 60, agents="random", seed=2,
                        options={"players": 3, "tie_rule": tie_rule, "capture": "must"}, max_turns=60, progress=False)
        table = r.summary()
        assert table["counts"] == {"sole_wins": 38, "shared_wins": shared, "draws": draws, "unfinished": 19}
        assert np.allclose(r.points().sum(axis=1), 1.0)
        assert sum(table[f"seat {p}"].value for p in (1, 2, 3)) == pytest.approx(1.0)
        assert "no advantage would be 33.3%" in str(table)


@pytest.mark.parametrize("name", ["volcano", "blockade"])
def test_json_and_csv_round_trip(tmp_path, name):
    r = iw.playouts(name, 3, agents="greedy", seed=4, progress=False)
    for suffix in (".json", ".csv"):
        path = r.save(tmp_path / f"results{suffix}")
        back = iw.PlayoutResults.load(path)
        same_arrays(r.arrays, back.arrays)
        assert back.game == r.game and back.agents == r.agents and back.seed == r.seed
        for key in r.heatmaps:
            assert np.array_equal(back.heatmaps[key], r.heatmaps[key])
    header = (tmp_path / "results.csv").read_text().splitlines()[1].split(",")
    assert header[:3] == ["game", "winner_1", "winner_2"] or "winner_1" in header
    with pytest.raises(ValueError, match=".json or .csv"):
        r.save(tmp_path / "results.txt")
    with pytest.raises(ValueError, match="not saved icewidgets"):
        iw.PlayoutResults.from_json(json.dumps({"format": "other"}))


def test_tuple_options_load_back_as_tuples():
    r = iw.playouts(iw.make("volcano", caps=("b2", "d4")), 2, seed=1, progress=False)
    assert iw.PlayoutResults.from_json(r.to_json()).game == r.game == iw.PlayoutResults.from_csv(r.to_csv()).game


def test_csv_columns_name_colours_and_sizes():
    r = iw.playouts("volcano", 2, seed=0, progress=False)
    cols = r.columns()
    assert {"captures_R1", "captures_C3", "score_1", "winner_2", "captured_1", "turns"} <= set(cols)


def test_to_frame_with_or_without_pandas():
    r = iw.playouts("volcano", 3, seed=0, progress=False)
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pandas"):
            r.to_frame()
    else:
        frame = r.to_frame()
        assert len(frame) == 3 and "captures_R1" in frame.columns


def test_concat_chunks_of_one_run():
    game = iw.make("volcano")
    whole = iw.playouts(game, 6, seed=3, progress=False)
    parts = []
    run = PlayoutRun.plan(game, 6, seed=3, engine="reference")
    for start, stop in ((0, 2), (2, 6)):
        chunk = run.play_range(start, stop)
        parts.append(PlayoutResults(game, ("random", "random"), 3, chunk.arrays, chunk.heatmaps))
    joined = PlayoutResults.concat(parts)
    same_games(joined.arrays, whole.arrays)


# Tournament ---------------------------------------------------------------------------------


def test_tournament_plays_every_deal_with_both_seatings_and_prints_a_cross_table():
    t = iw.tournament("volcano", agents=["random", "greedy", A.random_agent], n=5, seed=1, progress=False)
    assert t.score.shape == (3, 3) and (t.games[~np.eye(3, dtype=bool)] == 6).all()  # 5 rounded up to whole deals
    for (i, j), run in t.matches.items():
        assert run.rotate_seats and run.seating.tolist() == [[0, 1], [1, 0]] * 3
        assert run.agents == (t.agents[i], t.agents[j])
        same_arrays(run.arrays, iw.playouts("volcano", 6, agents=(["random", "greedy", A.random_agent][i],
                                                                    ["random", "greedy", A.random_agent][j]),
                                            seed=[1, i, j], rotate_seats=True, progress=False).arrays)
    assert t.score[1, 0] == 1.0 and t.score[0, 1] == 0.0
    assert t.score[0, 2] == t.score[2, 0] == 0.5  # two random agents play each deal's game twice, seats swapped
    off = ~np.eye(3, dtype=bool)
    assert np.allclose((t.score + t.score.T)[off], 1.0) and np.allclose(t.points[off] / t.games[off], t.score[off])
    assert t.totals.tolist() == [0.25, 1.0, 0.25] and t.overall[1].low == pytest.approx(0.7575, abs=1e-4)
    assert t.seat_points.value == pytest.approx(float(np.mean([run.points(0).mean() for run in t.matches.values()])))
    text = str(t)
    assert "random#1" in text and "random#3" in text and "overall" in text and "[" in text
    assert "Seat 1 scored" in text and "both seatings" in text
    assert "<table" in t._repr_html_()


def test_tournament_errors():
    with pytest.raises(ValueError, match="two-player"):
        iw.tournament(iw.make("volcano", players=3), ["random", "greedy"], n=2, progress=False)
    with pytest.raises(ValueError, match="at least two agents"):
        iw.tournament("volcano", ["random"], n=2, progress=False)


# Arguments and progress ---------------------------------------------------------------------


def test_bad_arguments_give_clear_errors():
    with pytest.raises(ValueError, match="n=0 must be a whole number of games"):
        iw.playouts("volcano", 0)
    with pytest.raises(ValueError, match="n=-3"):
        iw.playouts("volcano", -3)
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        iw.playouts("volcano", 2, agents=("random", "smart"))
    with pytest.raises(ValueError, match="has 3 players, but 2 agents"):
        iw.playouts(iw.make("volcano", players=3), 2, agents=("random", "greedy"))
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        iw.playouts("chess", 2)
    with pytest.raises(ValueError, match="engine="):
        iw.playouts("volcano", 2, engine="gpu")
    with pytest.raises(ValueError, match="seed="):
        iw.playouts("volcano", 2, seed=-1)
    with pytest.raises(ValueError, match="max_turns="):
        iw.playouts("volcano", 2, max_turns=0)
    with pytest.raises(ValueError, match="progress="):
        iw.playouts("volcano", 2, progress="loud")


def test_one_agent_for_every_seat_and_options_by_name():
    r = iw.playouts("volcano", 2, agents="greedy", options={"players": 3}, progress=False)
    assert r.agents == ("greedy",) * 3 and r.winners.shape == (2, 3)


def test_text_progress_bar(capsys):
    iw.playouts("volcano", 3, seed=0, progress=True)
    err = capsys.readouterr().err
    assert "3/3" in err and "games/s" in err


def test_a_text_bar_says_a_line_apart_and_draws_itself_again_below_it():
    import io

    from icewidgets.playout.progress import TextBar

    stream = io.StringIO()
    bar = TextBar(10, "Volcano playouts", stream)
    bar.update(4)
    bar.say("prepared the fast engine for Volcano in 9.0 s; it plays from now on")
    lines = stream.getvalue().split("\n")
    assert lines[1] == "prepared the fast engine for Volcano in 9.0 s; it plays from now on"
    assert lines[0] == "\rVolcano playouts [........................] 0/10    "  # drawn at once; 4 waits a tenth of a second
    assert lines[2].startswith("\rVolcano playouts [#########") and " 4/10 " in lines[2]


def test_playouts_is_callable_after_the_package_is_imported():
    import icewidgets.playout

    assert iw.playouts("volcano", 1, progress=False).n == 1
    assert iw.playouts is icewidgets.playout.playouts and iw.tournament is icewidgets.playout.tournament
    assert iw.PlayoutResults is icewidgets.playout.PlayoutResults



def test_fast_engine_when_available():
    from icewidgets import fast

    if fast.kernel_for(iw.make("volcano"), ("random", "random")) is None:
        with pytest.raises(ValueError, match="no compiled engine"):
            iw.playouts("volcano", 2, engine="fast")
        return
    ref = iw.playouts("volcano", 20, agents="random", seed=6, progress=False)
    quick = iw.playouts("volcano", 20, agents="random", seed=6, progress=False, engine="fast")
    assert quick.engine == "fast"
    same_games(ref.arrays, quick.arrays)
    assert "seat 1 (random) points" in str(quick.summary())
    auto = iw.playouts("volcano", 3, agents=(A.make_mcts(iterations=5), "random"), seed=6, progress=False, engine="auto")
    assert auto.engine == "reference"  # no kernel plays a custom agent: the reference engine serves


# PlayoutLab ---------------------------------------------------------------------------------


def test_playout_lab_runs_in_the_background_and_exports(tmp_path):
    from icewidgets.widgets.playout_lab import PlayoutLab

    lab = PlayoutLab(n=12, agents="greedy,random", seed=3, chunks=4)
    lab.run(wait=True)
    assert lab.results is not None and lab.results.n == 12 and not lab.results.partial
    same = iw.playouts("volcano", 12, agents=("greedy", "random"), seed=3, progress=False)
    same_arrays(lab.results.arrays, same.arrays)
    assert lab.results.engine == same.engine  # the compiled engine where numba is installed
    assert "<table" in lab.summary.value and lab.picture.value[:4] == b"\x89PNG"
    assert lab.progress.value == 12 and "done" in lab.status.value
    assert not lab.run_button.disabled and not lab.csv_button.disabled
    csv = lab.save_csv(str(tmp_path / "lab"))
    png = lab.save_png(str(tmp_path / "lab.png"))
    assert csv.endswith("lab.csv") and iw.PlayoutResults.load(csv).n == 12
    assert (tmp_path / "lab.png").read_bytes()[:4] == b"\x89PNG" and png.endswith(".png")


@pytest.mark.parametrize("engine", ["reference", "auto"])
def test_playout_lab_stop_keeps_the_games_finished(engine):
    from icewidgets.playout.chunks import default_chunk_size
    from icewidgets.widgets.playout_lab import PlayoutLab

    lab = PlayoutLab(n=1_000_000, agents="random", seed=0, chunks=10_000, engine=engine)
    # Stop is pressed (from the worker, as the progress bar moves) once 20 games are done: the
    # rules engines stop after that game, the compiled one after the chunk that reached it.
    expected = default_chunk_size(lab.n_box.value) if lab.plan().engine == "fast" else 20
    pressed = []

    def press_stop(change):
        if change["new"] >= 20 and not pressed:
            pressed.append((lab.running, lab.run_button.disabled, lab.stop_button.disabled))
            lab.stop()

    lab.progress.observe(press_stop, "value")
    lab.run(wait=True)
    assert pressed == [(True, True, False)]
    assert not lab.running and not lab.run_button.disabled and lab.stop_button.disabled
    assert lab.results.partial and lab.results.n == expected and lab.progress.value == expected
    assert "stopped" in lab.status.value
    same = iw.playouts("volcano", expected, seed=0, progress=False, engine=engine)
    same_arrays(lab.results.arrays, same.arrays)


def test_playout_lab_plays_to_a_precision_and_rotates_seats():
    from icewidgets.widgets.playout_lab import PlayoutLab

    lab = PlayoutLab(n=1_000_000, agents="random", seed=1, precision=0.02)
    lab.run(wait=True)
    same = iw.playouts("volcano", 1_000_000, seed=1, precision=0.02, progress=False)
    assert lab.results.n == same.n == 2_410 and not lab.results.partial and lab.results.precision == 0.02
    assert lab.progress.value == lab.progress.max == same.n and "done" in lab.status.value
    same_arrays(lab.results.arrays, same.arrays)
    assert "played to ±2% on the first player&#x27;s points (reached" in lab.summary.value
    rotated = PlayoutLab(n=7, agents="greedy,random", seed=2, rotate_seats=True, engine="reference")
    rotated.run(wait=True)
    assert rotated.results.rotate_seats and rotated.results.n == 8
    same_arrays(rotated.results.arrays, iw.playouts("volcano", 8, agents=("greedy", "random"), seed=2,
                                                    rotate_seats=True, engine="reference", progress=False).arrays)
    assert "agent 1 (greedy) points" in rotated.summary.value


def test_playout_lab_reports_bad_settings():
    from icewidgets.widgets.playout_lab import PlayoutLab

    with pytest.raises(ValueError, match="engine="):
        PlayoutLab(engine="quick")
    for settings, message in ((dict(agents="random,smart"), "unknown agent"), (dict(options="colour=red"), "no option"),
                              (dict(agents="mcts", engine="fast"), "no compiled engine"),
                              (dict(max_turns=0), "max_turns=0"), (dict(precision=0.7), "precision=0.7 must be"),
                              (dict(agents="random", rotate_seats=True), "rotate_seats=True needs one agent per seat")):
        lab = PlayoutLab(**settings)
        lab.run(wait=True)
        assert message in lab.status.value and lab.results is None and not lab.running, settings
    lab = PlayoutLab()
    lab.precision_box.value = "tight"
    lab.run(wait=True)
    assert "precision=&#x27;tight&#x27; must be a number" in lab.status.value


def test_options_as_text():
    from icewidgets.playout import parse_options

    assert parse_options("players=3, goal=loose") == {"players": 3, "goal": "loose"}
    assert parse_options("caps=('b2', 'd4'); opening='custom'") == {"caps": ("b2", "d4"), "opening": "custom"}
    with pytest.raises(ValueError, match="key=value"):
        parse_options("players")


def test_notebook_progress_bar_widgets():
    bar = progress.WidgetBar(5, "Volcano playouts")
    bar.update(2)
    bar.update(5)
    bar.close()
    assert bar.bar.value == 5 and bar.bar.bar_style == "success" and "5/5" in bar.text.value


def test_a_run_stopped_before_its_first_game_has_the_columns_and_heatmaps_of_any_run():
    from icewidgets.playout.run import PlayoutRun

    whole = iw.playouts("volcano", 4, seed=1, progress=False)
    stopped = PlayoutRun.plan("volcano", 4, seed=1).results([], interrupted=True)
    assert stopped.n == 0 and stopped.partial
    assert list(stopped.arrays) == list(whole.arrays)
    assert {name: grid.tolist() for name, grid in stopped.heatmaps.items()} == {
        name: [[0] * grid.shape[1]] * grid.shape[0] for name, grid in whole.heatmaps.items()}


def test_the_fast_engine_asked_where_none_plays_names_the_others_in_words_of_the_api_and_the_command_line(capsys):
    with pytest.raises(ValueError) as error:
        iw.playouts("volcano", 2, agents="mcts", engine="fast", progress=False)
    message = "no compiled engine plays make('volcano') with agents mcts, mcts; use the 'reference' or 'auto' engine"
    assert str(error.value) == message
    from icewidgets.__main__ import main

    assert main(["playouts", "volcano", "-n", "2", "--agents", "mcts", "--engine", "fast"]) == 2
    assert capsys.readouterr().err.strip() == f"error: {message}"
