"""Arguments are checked where they enter, and agent specs are one grammar everywhere.

Each bad value is refused by the function, constructor or trait it is given to, with a
ValueError or TypeError naming the argument and the valid values; unknown keyword options are
refused; the library's own agents are known by identity; ``compare`` keeps an error's type;
the command line answers every bad argument with one line before it plays.
"""

from __future__ import annotations

import dataclasses
import json
import re

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import agents as A
from icewidgets.__main__ import main
from icewidgets.playout import PlayoutResults, PlayoutRun


@pytest.fixture(scope="module")
def results():
    return iw.playouts("volcano", 6, seed=1, progress=False, engine="reference")


# Results ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("call, error, message", [
    (lambda r: r.plot(fig=5), TypeError, "fig=5 must be a matplotlib Figure"),
    (lambda r: r.points(9), ValueError, "seat=9 must be a whole number between 0 and 1 or None"),
    (lambda r: r.points("1"), TypeError, "seat='1' must be a whole number"),
    (lambda r: r.agent_points(2), ValueError, "agent=2 must be a whole number between 0 and 1"),
    (lambda r: r.outcome("loss"), ValueError, "name='loss' is not one of 'win', 'draw', 'unfinished'"),
    (lambda r: PlayoutResults.concat([r, 5]), TypeError, "concat() joins PlayoutResults, but parts[1] is int 5"),
    (lambda r: PlayoutResults.concat(r), TypeError, "concat() takes a list of PlayoutResults"),
])
def test_results_methods_check_their_arguments(call, error, message, results):
    with pytest.raises(error) as raised:
        call(results)
    assert message in str(raised.value)


def test_plots_check_their_figure_and_axes():
    comparison = iw.compare("volcano", {"a": {}}, n=4, progress=False)
    with pytest.raises(TypeError, match="fig='x' must be a matplotlib Figure"):
        comparison.plot(fig="x")
    table = iw.tournament("volcano", "random,greedy", n=2, progress=False)
    with pytest.raises(TypeError, match="ax=3 must be a matplotlib Axes"):
        table.plot(ax=3)


# playouts, compare, tournament --------------------------------------------------------------------


@pytest.mark.parametrize("settings, error, message", [
    (dict(chunk_size=-1), ValueError, "chunk_size=-1 must be a whole number of games ≥ 1"),
    (dict(chunk_size=2.5), ValueError, "chunk_size=2.5 must be"),
    (dict(executor=5), TypeError, "executor=5 must be a concurrent.futures.Executor"),
    (dict(workers=0), ValueError, "workers=0 must be a whole number of threads ≥ 1"),
    (dict(agents=5), TypeError, "agents=5 is not an agent spec: give agent names separated by commas"),
    (dict(agents=("random", 5)), TypeError, "agents[1]=5 is not an agent"),
    (dict(agents=""), ValueError, "agents='' names no agent"),
    (dict(agents=[]), ValueError, "agents=[] names no agent"),
    (dict(seed=None), ValueError, "seed=None must be a whole number ≥ 0 and < 2**128 (or a list or tuple of them)"),
    (dict(seed=True), ValueError, "seed=True must be a whole number ≥ 0"),
    (dict(seed=1.5), ValueError, "seed=1.5 must be"),
    (dict(seed=()), ValueError, "seed=() must be"),
    (dict(options=[1]), TypeError, "options=[1] must be a dict of the game's options"),
    (dict(options={1: 2}), TypeError, "options={1: 2} must be a dict"),
    (dict(n="5"), TypeError, "n='5' must be a whole number of games ≥ 1, not str"),
    (dict(n=2.5), ValueError, "n=2.5 must be a whole number of games ≥ 1"),
    (dict(max_turns="9"), TypeError, "max_turns='9' must be a whole number ≥ 1, not str"),
    (dict(rotate_seats=1), TypeError, "rotate_seats=1 must be True or False"),
    (dict(progress=1), ValueError, "progress=1; use True, False or 'auto'"),
])
def test_playouts_settings_are_checked_before_any_game(settings, error, message):
    arguments = {"n": 3, "progress": False, **settings}
    with pytest.raises(error) as raised:
        iw.playouts("volcano", **arguments)
    assert message in str(raised.value)


def test_a_run_whose_results_could_never_fit_in_memory_is_refused_before_it_plays():
    with pytest.raises(ValueError, match=r"n=1,000,000,000,000 games would hold 92\.0 TB of results in memory, "
                                         r"more than this machine has"):
        iw.playouts("volcano", 10**12, engine="reference", progress=False)


def test_a_huge_run_on_the_rules_engines_holds_only_a_chunk_of_arrays():
    run = dataclasses.replace(PlayoutRun.plan("volcano", 6, seed=1, engine="reference"), n=10**12)

    def stop_after_three(done):
        if done == 3:
            raise KeyboardInterrupt

    chunk = next(iter(run.chunks(on_game=stop_after_three)))
    assert (chunk.start, chunk.stop, chunk.arrays["turns"].shape) == (0, 3, (3,))


def test_chunks_are_submitted_a_window_ahead_not_all_at_once():
    from concurrent.futures import Future

    from icewidgets.playout.chunks import MAX_AHEAD, map_chunks

    class Counting:
        submitted = 0

        def submit(self, fn, *args):
            Counting.submitted += 1
            future: Future = Future()
            future.set_result(fn(*args))
            return future

    first = next(map_chunks(lambda a, b: b - a, 100_000, chunk_size=1, executor=Counting()))
    assert first == (0, 1, 1) and Counting.submitted == MAX_AHEAD


def test_compare_keeps_the_type_of_an_error_and_chains_it():
    def broken(state, rng):
        raise json.JSONDecodeError("Expecting value", "{oops", 1)

    with pytest.raises(json.JSONDecodeError) as raised:
        iw.compare("volcano", {"plain": {}}, n=2, agents=broken, progress=False, engine="reference")
    assert str(raised.value) == "variant 'plain': Expecting value: line 1 column 2 (char 1)"
    assert isinstance(raised.value.__cause__, json.JSONDecodeError) and raised.value.__cause__ is not raised.value
    assert (raised.value.doc, raised.value.pos) == ("{oops", 1)
    with pytest.raises(TypeError, match="variant 'wide': volcano has no option 'colour'") as raised:
        iw.compare("volcano", {"wide": {"colour": "red"}}, n=2, progress=False)
    assert raised.value.__cause__ is not None


# One agent grammar ------------------------------------------------------------------------------


def _same_games(a, b):
    assert a.agents == b.agents and all(np.array_equal(a.arrays[k], b.arrays[k]) for k in a.arrays)


@pytest.mark.parametrize("spec", ["random,greedy", " Random , GREEDY ", ("random", "greedy"), ["random", "greedy"],
                                  ("random,greedy",), ("random", A.greedy), (A.random_agent, "medium")])
def test_every_entry_point_reads_the_same_agent_specs(spec):
    expected = iw.playouts("volcano", 4, agents=("random", "greedy"), seed=2, progress=False, engine="reference")
    got = iw.playouts("volcano", 4, agents=spec, seed=2, progress=False, engine="reference")
    assert np.array_equal(got.winners, expected.winners) and np.array_equal(got.plies, expected.plies)
    table = iw.tournament("volcano", spec, n=2, seed=1, progress=False)
    assert len(table.agents) == 2 and table.games[0, 1] == 2
    comparison = iw.compare("volcano", {"a": {}}, n=4, agents=spec, seed=2, progress=False, engine="reference")
    assert np.array_equal(comparison.results["a"].plies, expected.plies)


def test_the_tournament_reads_a_text_of_agents():
    table = iw.tournament("volcano", "random,greedy", n=2, progress=False)
    assert table.agents == ("random", "greedy")
    assert iw.tournament("volcano", ["easy", "Medium", "mcts:5"], n=2, progress=False).agents == ("easy", "medium",
                                                                                                   "mcts:5")
    with pytest.raises(ValueError, match="tournament\\(\\) needs at least two agents, not only 'random'"):
        iw.tournament("volcano", "random", n=2, progress=False)
    with pytest.raises(ValueError, match="unknown agent 'smart'"):
        iw.tournament("volcano", "random,smart", n=2, progress=False)


def test_the_lab_and_the_command_line_read_the_same_specs(capsys):
    from icewidgets.widgets.playout_lab import PlayoutLab

    def mine(state, rng):
        return state.legal_moves()[0]

    lab = PlayoutLab(game="volcano", agents=("random", mine), n=3, seed=2, engine="reference")
    assert lab.agents_box.value == "random, mine"
    assert lab.plan().agents[1] is mine and lab.plan().names == ("random", "mine")
    assert PlayoutLab(agents=["greedy", "random"]).agents_box.value == "greedy, random"
    assert PlayoutLab(agents=A.greedy).plan().names == ("greedy", "greedy")
    impostor = PlayoutLab(agents=[_labelled("greedy")])
    assert impostor.agents_box.value == "greedy#2" and impostor.plan().agents[0] is not A.greedy
    with pytest.raises(TypeError, match="agents\\[1\\]=5 is not an agent"):
        PlayoutLab(agents=("random", 5))
    assert main(["playouts", "volcano", "-n", "2", "--agents", " Random , medium ", "-q"]) == 0
    assert "random vs medium" in capsys.readouterr().out


def _labelled(name):
    def agent(state, rng):
        return state.legal_moves()[0]

    agent.agent_name = name
    return agent


# The library's own agents are known by identity -----------------------------------------------------


@pytest.mark.parametrize("label", ["mcts", "mcts(iterations=5)", "random", "greedy"])
def test_an_agent_named_like_a_built_in_one_is_checked(label):
    def cheat(state, rng):
        return "a1-e5"  # never a legal Volcano move

    cheat.agent_name = label
    assert not A.is_own(cheat) and A.is_own(A.make_mcts(iterations=5)) and A.is_own(A.get_agent("easy"))
    with pytest.raises(iw.IllegalMoveError):
        iw.playouts("volcano", 1, agents=cheat, progress=False, engine="reference")
    state = iw.make("volcano").new_state()
    with pytest.raises(iw.IllegalMoveError):
        A.play_on(state, [cheat, cheat], seed=1, count=1, max_plies=3, engine="reference")
    for horizon in (2, None):  # rollouts by turns on the rules engine, or played on (play_on)
        with pytest.raises(iw.IllegalMoveError):
            A.make_mcts(iterations=3, rollout=cheat, horizon=horizon)(state, np.random.default_rng(1))


# make_mcts -------------------------------------------------------------------------------------


@pytest.mark.parametrize("settings, error, message", [
    (dict(score_scale=0), ValueError, "score_scale=0.0 must be a number > 0"),
    (dict(score_scale="4"), TypeError, "score_scale='4' must be a number > 0, not str"),
    (dict(exploration=-1), ValueError, "exploration=-1.0 must be a number ≥ 0"),
    (dict(exploration=float("nan")), ValueError, "exploration=nan must be a number ≥ 0"),
    (dict(exploration="high"), TypeError, "exploration='high' must be a number ≥ 0, not str"),
    (dict(iterations="300"), TypeError, "iterations='300' must be a whole number between 1 and 10,000,000 or None, not str"),
    (dict(iterations=True), TypeError, "iterations=True must be a whole number"),
    (dict(time_limit="1"), TypeError, "time_limit='1' must be a positive number of seconds"),
    (dict(time_limit=float("inf")), ValueError, "time_limit=inf must be"),
    (dict(horizon=0), ValueError, "horizon=0 must be a whole number of turns ≥ 1 or None"),
    (dict(rollout_plies=-1), ValueError, "rollout_plies=-1 must be a whole number ≥ 0"),
    (dict(max_plies_per_turn=-1), ValueError, "max_plies_per_turn=-1 must be"),
    (dict(rollouts=0), ValueError, "rollouts=0 must be a whole number ≥ 1"),
    (dict(rollout="smart"), ValueError, "unknown agent 'smart'"),
    (dict(rollout=5), TypeError, "rollout=5 is not an agent"),
])
def test_make_mcts_checks_every_setting_when_made(settings, error, message):
    with pytest.raises(error) as raised:
        A.make_mcts(**settings)
    assert message in str(raised.value)


def test_make_mcts_takes_numpy_numbers():
    agent = A.make_mcts(iterations=np.int64(5), exploration=np.float32(0.5), score_scale=np.int16(2))
    state = iw.make("volcano").new_state()
    assert state.is_legal(agent(state, np.random.default_rng(1)))


# The widget and its page -------------------------------------------------------------------------


def test_the_widget_refuses_options_that_contradict_or_are_unknown():
    record = iw.Record.new("volcano", seed=1)
    with pytest.raises(ValueError, match="players=3 contradicts the record's game, which has players=2"):
        iw.GameWidget(record, players=3)
    with pytest.raises(ValueError, match="opening='plus' contradicts the position's game"):
        iw.GameWidget(record.start_state(), opening="plus")
    with pytest.raises(ValueError, match="contradicts the record's game"):
        iw.GameWidget(record.to_code(), players=4)
    with pytest.raises(TypeError, match="GameWidget\\(\\) got an unexpected option 'bogus'; its options are players"):
        iw.GameWidget(record, bogus=1)
    with pytest.raises(TypeError, match="bogus"):
        iw.GameWidget("volcano", bogus=1)
    assert iw.GameWidget(record, players=2).game.num_players == 2  # the same value is no contradiction


@pytest.mark.parametrize("seed, error", [(-1, ValueError), ("1", TypeError), (1.5, ValueError), (True, TypeError)])
def test_the_widget_refuses_a_bad_seed(seed, error):
    with pytest.raises(error, match="seed=.* must be a whole number ≥ 0"):
        iw.GameWidget("blockade", seed=seed, agents={1: "random"})


def test_a_seeded_widget_rolls_and_its_bots_move():
    widget = iw.GameWidget("blockade", seed=np.int64(3), agents={1: "random"})
    assert widget.handle({"type": "roll"}) is True and widget.message_kind != "error"


@pytest.mark.parametrize("trait, value, error, message", [
    ("speed", -1, ValueError, "speed=-1.0 must be a replay speed > 0 and ≤ 100"),
    ("speed", float("nan"), ValueError, "speed=nan"),
    ("speed", 1000, ValueError, "speed=1000.0 must be a replay speed"),
    ("speed", "fast", TypeError, "speed='fast' must be a replay speed"),
    ("cursor", "z9", ValueError, "cursor='z9' is not a square of the board (a1 to e5), nor '' for none"),
    ("cursor", 5, TypeError, "cursor=5 must be a square's name"),
    ("bot_delay", -5, ValueError, "bot_delay=-5 must be a whole number of milliseconds"),
    ("theme", "purple", ValueError, "theme='purple' is not a theme; choose 'auto' or one of 'light', 'dark', "
                                    "'high-contrast'"),
    ("size", -3, ValueError, "size=-3 is too small: a board is 160 to 4000 pixels wide"),
    ("size", "tiny", ValueError, "size='tiny' is not a size; give a board width in pixels or one of 'normal', "
                                 "'large', 'projector'"),
])
def test_traits_set_from_python_are_checked(trait, value, error, message):
    widget = iw.GameWidget("volcano")
    before = getattr(widget, trait)
    with pytest.raises(error) as raised:
        setattr(widget, trait, value)
    assert message in str(raised.value) and getattr(widget, trait) == before
    widget.speed, widget.cursor = 2, "c3"
    assert (widget.speed, widget.cursor) == (2.0, "c3")


@pytest.mark.parametrize("theme", ["purple", "neon", "Dark", "", None, 3])
def test_a_widget_or_page_of_an_unknown_theme_lists_every_theme_auto_too(theme, tmp_path):
    message = f"theme={theme!r} is not a theme; choose 'auto' or one of 'light', 'dark', 'high-contrast'"
    for make in (lambda: iw.GameWidget("volcano", theme=theme),
                 lambda: iw.save_html(iw.Record.new("volcano", seed=1), tmp_path / "game.html", theme=theme)):
        with pytest.raises(ValueError) as raised:
            make()
        assert str(raised.value) == message
    assert list(tmp_path.iterdir()) == []
    assert [iw.GameWidget("volcano", theme=name).theme for name in ("auto", *iw.svg.THEMES)] == [
        "auto", "light", "dark", "high-contrast"]


def test_save_html_refuses_an_unknown_option(tmp_path):
    with pytest.raises(TypeError, match="save_html\\(\\) got an unexpected option 'sise'; its options are theme, "
                                        "palette, size"):
        iw.save_html(iw.Record.new("volcano", seed=1), tmp_path / "game.html", sise=500)
    assert list(tmp_path.iterdir()) == []


# Pictures and printables ------------------------------------------------------------------------


@pytest.mark.parametrize("options, message", [
    (dict(unknown_kw=1), "save_svg() got an unexpected option 'unknown_kw'; its options are animated, theme, palette, "
                         "size, selected, targets, highlight_last, coordinates, placement, panel"),
    (dict(animated=True, selected="a1"), "save_svg(animated=True) got an unexpected option 'selected'; its options "
                                         "are animated, seconds_per_step, ply, theme, palette, size"),
])
def test_save_svg_names_an_unknown_option_and_the_valid_ones(options, message, tmp_path):
    with pytest.raises(TypeError) as raised:
        iw.save_svg(iw.Record.new("volcano", seed=1), tmp_path / "a.svg", **options)
    assert str(raised.value) == message and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name, ending", [("board.svg", "not .svg"), ("board", "and has no suffix"),
                                          ("board.pdf.txt", "not .txt")])
def test_the_printables_write_pdf_files_only(name, ending, tmp_path):
    state = iw.make("volcano").new_state()
    for write in (lambda path: iw.print_board(state, path), lambda path: iw.rules_sheet("volcano", path)):
        with pytest.raises(ValueError) as raised:
            write(tmp_path / name)
        assert str(raised.value) == f"path={str(tmp_path / name)!r} must end in .pdf, {ending}"
    assert list(tmp_path.iterdir()) == []
    iw.print_board(state, tmp_path / "BOARD.PDF")
    assert (tmp_path / "BOARD.PDF").read_bytes().startswith(b"%PDF")


_STATE_WRITERS = {
    "save_svg": lambda path: iw.save_svg(iw.make("volcano").new_state(), path),
    "save_svg animated": lambda path: iw.save_svg(iw.Record.new("volcano", seed=1), path, animated=True),
    "save_png": lambda path: iw.svg.save_png(iw.make("volcano").new_state(), path),
    "save_html": lambda path: iw.save_html(iw.Record.new("volcano", seed=1), path),
}


@pytest.mark.parametrize("writer, name, message", [
    ("save_svg", "board.png", "must end in .svg, not .png"),
    ("save_svg", "board.html", "must end in .svg, not .html"),
    ("save_svg", "board", "must end in .svg, and has no suffix"),
    ("save_svg animated", "game.gif", "must end in .svg, not .gif"),
    ("save_png", "board.svg", "must end in .png, not .svg"),
    ("save_png", "board.png.txt", "must end in .png, not .txt"),
    ("save_html", "game.svg", "must end in .html or .htm, not .svg"),
    ("save_html", "game.json", "must end in .html or .htm, not .json"),
])
def test_a_picture_or_page_writer_refuses_a_name_of_another_format(writer, name, message, tmp_path):
    with pytest.raises(ValueError) as raised:
        _STATE_WRITERS[writer](tmp_path / name)
    assert str(raised.value) == f"path={str(tmp_path / name)!r} {message}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("writer, name, start", [
    ("save_svg", "BOARD.SVG", "<svg"),
    ("save_svg", "board.Svg", "<svg"),
    ("save_svg animated", "GAME.SVG", "<svg"),
    ("save_html", "GAME.HTML", "<!DOCTYPE html>"),
    ("save_html", "game.htm", "<!DOCTYPE html>"),
])
def test_a_picture_or_page_writer_takes_its_suffix_in_any_case(writer, name, start, tmp_path):
    _STATE_WRITERS[writer](tmp_path / name)
    assert (tmp_path / name).read_text(encoding="utf-8").startswith(start)


def test_a_size_may_be_any_kind_of_number(tmp_path):
    state = iw.make("volcano").new_state()
    iw.save_svg(state, tmp_path / "a.svg", size=np.int64(500))
    iw.save_svg(state, tmp_path / "b.svg", size=500)
    assert (tmp_path / "a.svg").read_text() == (tmp_path / "b.svg").read_text()
    with pytest.raises(TypeError, match="animated='yes' must be True or False"):
        iw.save_svg(state, tmp_path / "c.svg", animated="yes")


@pytest.mark.parametrize("settings, error, message", [
    (dict(cell_mm="30"), TypeError, "cell_mm='30' must be a size in millimetres, not str"),
    (dict(cell_mm=float("nan")), ValueError, "cell_mm=nan"),
    (dict(rows=2.5), ValueError, "rows=2.5 must be a whole number of score rows ≥ 1 or None"),
    (dict(rows=0), ValueError, "rows=0 must be"),
    (dict(paper=["A4"]), TypeError, "paper=['A4'] must be a paper size's name, one of 'A4', 'letter', 'A3'"),
])
def test_print_board_checks_its_settings(settings, error, message, tmp_path):
    with pytest.raises(error) as raised:
        iw.print_board(iw.make("volcano").new_state(), tmp_path / "board.pdf", **settings)
    assert message in str(raised.value) and list(tmp_path.iterdir()) == []


def test_rules_sheet_checks_its_game_and_paper(tmp_path):
    with pytest.raises(TypeError, match="game=5 must be a game name or a Game"):
        iw.rules_sheet(5, tmp_path / "r.pdf")
    with pytest.raises(TypeError, match="paper=3 must be a paper size's name"):
        iw.rules_sheet("volcano", tmp_path / "r.pdf", paper=3)


# The PlayoutLab ---------------------------------------------------------------------------------


@pytest.mark.parametrize("settings, error, message", [
    (dict(game="chess"), ValueError, "game='chess' is not one of 'volcano', 'volterra', 'ice3', 'blockade'"),
    (dict(game=3), TypeError, "game=3 must be one of"),
    (dict(n=0), ValueError, "n=0 must be a whole number of games between 1 and 1,000,000,000"),
    (dict(n=-5), ValueError, "n=-5 must be"),
    (dict(n=2.5), ValueError, "n=2.5 must be"),
    (dict(seed=-1), ValueError, "seed=-1 must be a whole number between 0 and"),
    (dict(seed="1"), TypeError, "seed='1' must be"),
    (dict(chunks=0), ValueError, "chunks=0 must be a whole number ≥ 1"),
    (dict(options=5), TypeError, "options=5 must be text such as 'players=3' or a dict of options"),
    (dict(max_turns="ten"), TypeError, "max_turns='ten' must be a whole number"),
    (dict(precision="tight"), TypeError, "precision='tight' must be a number"),
    (dict(rotate_seats="yes"), TypeError, "rotate_seats='yes' must be True or False"),
    (dict(engine="quick"), ValueError, "engine='quick' is not one of 'reference', 'fast', 'auto'"),
    (dict(bogus=1), TypeError, "PlayoutLab() got an unexpected option 'bogus'; its options are game, agents, n, "
                               "seed, options, max_turns, chunks, engine, precision, rotate_seats, layout, box_style, "
                               "tooltip, tabbable"),
    (dict(_view_count=1), TypeError, "PlayoutLab() got an unexpected option '_view_count'; its options are game, "),
    (dict(children=()), TypeError, "PlayoutLab() got an unexpected option 'children'; its options are game, "),
])
def test_the_lab_refuses_settings_it_cannot_show(settings, error, message):
    from icewidgets.widgets.playout_lab import PlayoutLab

    with pytest.raises(error) as raised:
        PlayoutLab(**settings)
    assert message in str(raised.value)


def test_the_lab_takes_options_as_a_dict_and_layout_keywords():
    from icewidgets.widgets.playout_lab import PlayoutLab

    lab = PlayoutLab(options={"players": 3}, agents="random", layout={"width": "90%"})
    assert lab.options_box.value == "players=3" and lab.plan().game.num_players == 3
    assert lab.layout.width == "90%"


def test_a_lab_save_that_fails_is_shown(tmp_path):
    from icewidgets.widgets.playout_lab import PlayoutLab

    lab = PlayoutLab(game="volcano", n=3, agents="random", engine="reference")
    assert lab.save_csv() is None and "press <b>Run</b> first" in lab.status.value
    lab.run(wait=True)
    missing = tmp_path / "missing" / "r"
    with pytest.raises(FileNotFoundError):
        lab.save_csv(missing)
    assert "⚠ Not saved: cannot write" in lab.status.value and "does not exist" in lab.status.value
    lab.status.value = ""
    lab.path_box.value = str(missing)
    lab.png_button.click()  # a click has nobody to raise to: the panel says it
    assert "⚠ Not saved" in lab.status.value
    with pytest.raises(TypeError, match="path=3 must be a file name"):
        lab.save_png(3)
    assert lab.save_csv(tmp_path / "r") == str(tmp_path / "r.csv") and "Saved 3 games" in lab.status.value


# The command line -------------------------------------------------------------------------------


@pytest.mark.parametrize("argv, message", [
    (["playouts", "volcano", "-n", "2000", "--out", "missing/r.json"], "does not exist"),
    (["playouts", "volcano", "-n", "2000", "--plot", "missing/r.png"], "missing"),
    (["playouts", "volcano", "-n", "2000", "--out", "r.txt"], "--out='r.txt' must end in .json or .csv"),
    (["playouts", "volcano", "-n", "2000", "--plot", "r.docx"], "--plot='r.docx' must end in .eps"),
    (["playouts", "volcano", "-n", "2000", "--out", "."], "--out='.' must end in .json or .csv"),
    (["playouts", "volcano", "-n", "2000", "--out", "/"], "must end in .json or .csv"),
    (["playouts", "volcano", "-n", "2000", "--out", "/proc/r.json"], "--out: cannot write '/proc/r.json': No such file"),
    (["playouts", "volcano", "-n", "2000", "--plot", "/sys/r.png"], "--plot: cannot write '/sys/r.png': Permission denied"),
    (["compare", "volcano", "-v", "a:", "-n", "2000", "--plot", "/proc/c.png"], "--plot: cannot write '/proc/c.png'"),
    (["tournament", "volcano", "-n", "2000", "--plot", "/sys/t.svg"], "--plot: cannot write '/sys/t.svg'"),
    (["playouts", "volcano", "--gam", "2"], "unrecognized arguments: --gam 2"),
    (["playouts", "volcano", "-n", "2", "--prec", "0.1"], "unrecognized arguments: --prec 0.1"),
    (["playouts", "volcano", "-n", "2", "--rotate"], "unrecognized arguments: --rotate"),
    (["compare", "volcano", "-n", "2", "--var", "a:"], "unrecognized arguments: --var a:"),
    (["tournament", "volcano", "--age", "random,greedy"], "unrecognized arguments: --age random,greedy"),
    (["compare", "volcano", "-v", "a:", "-n", "2000", "--plot", "missing/c.png"], "does not exist"),
    (["tournament", "volcano", "-n", "2000", "--plot", "missing/t.png"], "does not exist"),
    (["playouts", "volcano", "-n", "2", "--agents", ",,"], "--agents needs at least one agent name"),
    (["playouts", "volcano", "-n", "2", "--agents", "random,5"], "unknown agent '5'"),
    (["playouts", "volcano", "-n", "2", "--seed", "-1"], "seed=-1 must be a whole number ≥ 0"),
    (["playouts", "volcano", "-n", "2", "--max-turns", "0"], "max_turns=0 must be a whole number ≥ 1"),
    (["playouts", "volcano", "-n", "2", "--precision", "nan"], "precision=nan must be"),
    (["tournament", "volcano", "-n", "0"], "-n must be at least 1 game, not 0"),
    (["tournament", "volcano", "--agents", "random"], "a tournament needs at least two agents"),
    (["compare", "volcano", "-v", "a:players=9", "-n", "2"], "variant 'a': players=9"),
])
def test_the_command_line_answers_a_bad_argument_before_it_plays(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv + ["-q"]) == 2
    err = capsys.readouterr()
    assert err.out == ""  # no report: not a game was played
    assert len(err.err.strip().splitlines()) == 1 and err.err.startswith("error: ") and message in err.err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# The user trial's findings: seeds and agent lists -----------------------------------------------

SEEDS = "a whole number ≥ 0, a random.Random, a numpy.random.Generator or None"


@pytest.mark.parametrize("seed, error, message", [
    ("abc", TypeError, f"seed='abc' must be {SEEDS}, not str"),
    (1.5, ValueError, f"seed=1.5 must be {SEEDS}"),
    (-1, ValueError, f"seed=-1 must be {SEEDS}"),
    ([1], TypeError, f"seed=[1] must be {SEEDS}, not list"),
    (True, TypeError, f"seed=True must be {SEEDS}, not bool"),
    (np.random.SeedSequence(1), TypeError, f"must be {SEEDS}, not SeedSequence"),
])
@pytest.mark.parametrize("name", ["volcano", "volterra", "ice3", "blockade"])
def test_new_state_refuses_a_bad_seed(name, seed, error, message):
    game = iw.make(name)
    with pytest.raises(error) as raised:
        game.new_state(seed=seed)
    assert str(raised.value).endswith(message) and str(raised.value).startswith("seed=")


def test_new_state_takes_every_kind_of_seed():
    import random

    game = iw.make("ice3")
    first = game.new_state(seed=5)
    assert game.new_state(seed=np.int64(5)) == first and game.new_state(seed=random.Random(5)) == first
    assert game.new_state(seed=np.random.default_rng(1)) == game.new_state(seed=np.random.default_rng(1))
    assert game.new_state(seed=2**70) == game.new_state(seed=2**70) and game.new_state() is not None


EMPTY = "has an empty agent name, the {} (a comma too many?); write the names separated by commas, e.g. 'random,greedy'"
CHOICES = ("a level (easy, medium, hard) or an agent (random, greedy, mcts, mcts:ITERATIONS), or pass a callable "
           "agent(state, rng) -> move")


@pytest.mark.parametrize("agents, message", [
    ("random,,greedy", "agents='random,,greedy' " + EMPTY.format("2nd of 3")),
    ("random,", "agents='random,' " + EMPTY.format("2nd of 2")),
    (" ,random", "agents=' ,random' " + EMPTY.format("1st of 2")),
    (["random", ""], f"agents[1]='' is an empty agent name; give {CHOICES}"),
    (["random", " , "], f"agents[1]=' , ' is an empty agent name; give {CHOICES}"),
    (("greedy", "random,,"), "agents[1]='random,,' " + EMPTY.format("2nd of 3")),
])
def test_an_empty_agent_name_is_named(agents, message):
    with pytest.raises(ValueError) as raised:
        iw.playouts("volcano", 2, agents=agents, progress=False)
    assert str(raised.value) == message
    with pytest.raises(ValueError) as raised:
        iw.agents.parse_agents(agents)
    assert str(raised.value) == message


def test_an_empty_agent_name_in_the_widget_the_lab_and_the_command_line(capsys):
    from icewidgets.__main__ import main
    from icewidgets.widgets.playout_lab import PlayoutLab

    with pytest.raises(ValueError, match=f"^agent='' is an empty agent name; give {re.escape(CHOICES)}$"):
        iw.agents.get_agent("")
    lab = PlayoutLab(game="volcano", agents="random,greedy")
    lab.agents_box.value = "random, ,greedy"
    with pytest.raises(ValueError, match=re.escape("Agents='random, ,greedy' " + EMPTY.format("2nd of 3"))):
        lab.plan()
    assert main(["playouts", "volcano", "-n", "2", "--agents", "random,"]) == 2
    assert capsys.readouterr().err == "error: --agents='random,' " + EMPTY.format("2nd of 2") + "\n"


def test_save_png_is_public_beside_save_svg():
    from icewidgets import svg

    assert iw.save_png is svg.save_png and "save_png" in iw.__all__


HUGE_SEEDS = [2**128, 10**5000]


@pytest.mark.parametrize("seed", HUGE_SEEDS, ids=["2**128", "5001 digits"])
@pytest.mark.parametrize("call", [
    lambda seed: iw.Record.new("volcano", seed=seed),
    lambda seed: iw.GameWidget("volcano", seed=seed),
    lambda seed: iw.playouts("volcano", n=2, seed=seed, progress=False),
    lambda seed: iw.playouts("volcano", n=2, seed=[1, seed], progress=False),
    lambda seed: iw.analyse(iw.Record.new("volcano", seed=1), seed=seed),
], ids=["Record.new", "GameWidget", "playouts", "playouts seed list", "analyse"])
def test_a_seed_too_large_to_keep_is_refused_by_name(call, seed):
    with pytest.raises(ValueError) as error:
        call(seed)
    assert "must be a whole number ≥ 0 and < 2**128" in str(error.value)
    assert "set_int_max_str_digits" not in str(error.value) and len(str(error.value)) < 200


def test_the_largest_seed_is_kept_in_a_code():
    record = iw.Record.new("volcano", seed=2**128 - 1)
    assert iw.Record.from_code(record.to_code()).seed == 2**128 - 1


@pytest.mark.parametrize("agents, start", [
    ([10**5000, "random"], "agents[0]=a whole number of 5,001 digits is not an agent: "),
    ("x" * 300, "unknown agent '" + "x" * 78 + "…; choose "),
    (["random", ("q" * 300,)], "agents[1]=('" + "q" * 77 + "… is not an agent: "),
])
def test_an_agent_too_long_to_print_is_named_in_short(agents, start):
    with pytest.raises((TypeError, ValueError)) as error:
        iw.playouts("volcano", n=2, agents=agents, progress=False)
    assert str(error.value).startswith(start) and len(str(error.value)) < 300
