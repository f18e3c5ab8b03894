"""Fuzzing the public surface as a careless or unlucky user would use it.

Beside the parser fuzzing of each game (``tests/test_<game>.py``), these properties throw
random and damaged input at playouts, compare, tournament, results files, game and class
codes, the writers, the widget and the lab, the agents and the command line. Whatever comes
in, the answer is a result or a ``ValueError``/``TypeError`` (``NotationError`` for codes, an
``OSError`` for a path that cannot be written) — never an AttributeError, KeyError,
IndexError or other error from inside — and nothing is half done: a refused save leaves the
folder as it was. The examples are few enough for the whole file to run in well under a
minute; ``HYPOTHESIS_PROFILE=deep`` runs twenty times as many.
"""

from __future__ import annotations

import json
import os
import string
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import icewidgets as iw
from icewidgets import agents as A
from icewidgets.__main__ import main
from icewidgets.classroom import read_codes
from icewidgets.playout import PlayoutResults
from icewidgets.protocol import NotationError

SCALE = 20 if os.environ.get("HYPOTHESIS_PROFILE") == "deep" else 1
FAST = settings(max_examples=40 * SCALE, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
SLOW = settings(FAST, max_examples=15 * SCALE)
ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "notebooks" / "data" / "class-codes.txt"

# Values of every kind, as a careless caller passes them.
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(-10**13, 10**13), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.binary(max_size=6), st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2), st.just(np.int64(3)), st.just(np.float64(0.5)),
)
JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(-300, 300), st.floats(allow_nan=False),
                              st.text(max_size=8)),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)


@pytest.fixture(scope="module")
def results():
    return iw.playouts("volcano", 3, seed=5, progress=False, engine="reference")


def _loads_cleanly(load) -> None:
    """``load()`` gives results that summarise, save and load back, or a ValueError."""
    try:
        loaded = load()
    except ValueError:
        return
    loaded.summary()
    loaded.balance()
    assert PlayoutResults.from_json(loaded.to_json()).n == loaded.n
    assert PlayoutResults.from_csv(loaded.to_csv()).n == loaded.n


# Results files ----------------------------------------------------------------------------------


def _paths(value):
    """Every path into a JSON value, as lists of keys and indices."""
    yield []
    if isinstance(value, dict):
        for key, item in value.items():
            for path in _paths(item):
                yield [key] + path
    elif isinstance(value, list):
        for index, item in enumerate(value):
            for path in _paths(item):
                yield [index] + path


def _replace(value, path, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _replace(value[head], rest, new)
    return copy


def _delete(value, path):
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if rest:
        copy[head] = _delete(value[head], rest)
    else:
        del copy[head]
    return copy


@FAST
@given(data=st.data())
def test_a_damaged_json_results_file_loads_cleanly_or_says_why(data, results):
    saved = json.loads(results.to_json())
    paths = list(_paths(saved))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        if path and data.draw(st.booleans()):
            saved = _delete(saved, path)
        else:
            saved = _replace(saved, path, data.draw(JSON))
        paths = list(_paths(saved))
    _loads_cleanly(lambda: PlayoutResults.from_json(json.dumps(saved)))


@FAST
@given(cut=st.integers(0, 4000), junk=st.text(max_size=5))
def test_a_cut_short_results_file_loads_cleanly_or_says_why(cut, junk, results):
    for text in (results.to_json(), results.to_csv()):
        damaged = text[: cut % (len(text) + 1)] + junk
        _loads_cleanly(lambda: PlayoutResults.from_json(damaged))
        _loads_cleanly(lambda: PlayoutResults.from_csv(damaged))


@FAST
@given(data=st.data())
def test_a_damaged_csv_results_file_loads_cleanly_or_says_why(data, results):
    lines = [line.split(",") for line in results.to_csv().splitlines()]
    for _ in range(data.draw(st.integers(1, 3))):
        row = data.draw(st.integers(1, len(lines) - 1))
        action = data.draw(st.sampled_from(["cell", "drop line", "drop cell", "add cell", "copy line"]))
        column = data.draw(st.integers(0, max(0, len(lines[row]) - 1)))
        if action == "cell" and lines[row]:
            lines[row][column] = data.draw(st.sampled_from(["", "x", "-1", "1.5", "nan", "True", "999999", "winner_1"]))
        elif action == "drop line" and len(lines) > 1:
            del lines[row]
        elif action == "drop cell" and lines[row]:
            del lines[row][column]
        elif action == "add cell":
            lines[row].insert(column, data.draw(st.sampled_from(["0", "a", ""])))
        else:
            lines.insert(row, list(lines[row]))
    _loads_cleanly(lambda: PlayoutResults.from_csv("\n".join(",".join(line) for line in lines)))


@FAST
@given(value=JSON)
def test_any_json_is_results_or_a_value_error(value):
    _loads_cleanly(lambda: PlayoutResults.from_json(json.dumps(value)))
    _loads_cleanly(lambda: PlayoutResults.from_json(json.dumps({"format": "icewidgets-playouts", "game": "volcano",
                                                                 "agents": ["random", "random"], "seed": 1,
                                                                 "fields": value, "arrays": value})))


# Game and class codes ------------------------------------------------------------------------------


def _base_record() -> dict:
    return iw.Record.new("volcano", seed=2).extend(["b2-c1", "a1-a2"]).to_dict()


@FAST
@given(changes=st.dictionaries(st.sampled_from(["format", "version", "game", "options", "seed", "start", "plies"]),
                               JSON, max_size=3))
def test_a_record_with_any_fields_loads_or_is_a_notation_error(changes):
    data = {**_base_record(), **changes}
    try:
        record = iw.Record.from_dict(data)
    except NotationError:
        return
    assert iw.Record.from_code(record.to_code()) == record
    assert hash(record) == hash(iw.Record.from_json(record.to_json()))


@FAST
@given(text=st.one_of(st.text(max_size=40), st.binary(max_size=20), ANYTHING,
                      st.text(alphabet=string.ascii_letters + string.digits + "-_=", max_size=60)
                      .map(lambda t: "iw1." + t)))
def test_any_code_is_a_record_or_a_notation_error(text):
    try:
        iw.Record.from_code(text)
    except NotationError:
        assert isinstance(text, str)
    except TypeError:  # not text at all
        assert not isinstance(text, str)
    try:
        iw.Record.from_json(text)
    except NotationError:
        assert isinstance(text, (str, bytes))
    except TypeError:
        assert not isinstance(text, (str, bytes))


@FAST
@given(lines=st.lists(st.one_of(ANYTHING, st.sampled_from(SAMPLE.read_text(encoding="utf-8").splitlines())),
                      max_size=8))
def test_read_codes_reads_every_line_or_says_why(lines):
    games = read_codes(lines, "volcano")
    ignored = [line for line in lines if isinstance(line, str) and (not line.strip() or line.strip().startswith("#"))]
    # Every line is read: a game (finished or not) or a reason for each code on it (a line may hold several).
    codes = sum(max(1, line.count("iw1.")) if isinstance(line, str) and line not in ignored else 1 for line in lines)
    assert len(games) + len(games.unfinished) + len(games.skipped) + len(ignored) == codes
    assert all(reason for _, _, reason in games.skipped)
    assert all(1 <= entry.line <= len(lines) for entry in games.skipped + games.unfinished)
    games.report()
    table = games.compare()
    assert table.rows[0][1] == str(len(games))


@FAST
@given(codes=ANYTHING, game=ANYTHING)
def test_read_codes_refuses_what_is_not_codes(codes, game):
    try:
        read_codes(codes, game)
    except (TypeError, ValueError):
        pass


# playouts, compare, tournament ------------------------------------------------------------------


SMALL_N = st.one_of(st.integers(1, 3), st.sampled_from([0, -1, 2.5, "3", None, True, np.int64(2)]))
SEEDS = st.one_of(st.integers(0, 2**40), st.lists(st.integers(0, 9), min_size=1, max_size=2), ANYTHING)
AGENTS = st.one_of(st.sampled_from(["random", "greedy", "easy", "medium", "random,greedy", "Random , GREEDY",
                                    "random,smart", "", ",", "mcts:0", "random,random,random"]),
                   st.lists(st.sampled_from(["random", "greedy", A.random_agent, A.greedy, 5, None]), max_size=3),
                   ANYTHING)


GOOD_SETTINGS = st.fixed_dictionaries({
    "n": st.integers(1, 3),
    "seed": st.one_of(st.integers(0, 2**40), st.lists(st.integers(0, 9), min_size=1, max_size=2)),
    "agents": st.sampled_from(["random", "greedy", "random,greedy", ("greedy", A.random_agent), "easy,medium"]),
    "max_turns": st.one_of(st.none(), st.integers(1, 6)), "options": st.sampled_from([None, {}, {"opening": "plus"}]),
    "engine": st.sampled_from(["auto", "reference"]), "chunk_size": st.one_of(st.none(), st.integers(1, 4)),
    "workers": st.one_of(st.none(), st.integers(1, 2)), "precision": st.sampled_from([None, 0.3, 0.45]),
    "rotate_seats": st.booleans(),
})


# Anything but a number of games that would be played (None plays to a precision, 10**12 for ever).
NOT_A_COUNT = ANYTHING.filter(lambda v: v is None or isinstance(v, bool) or not isinstance(v, (int, np.integer))
                              or v < 1).filter(lambda v: v is not None)


def _damaged(settings_: dict, data) -> dict:
    """Good settings with none, one or two of them replaced by anything at all."""
    damage = {"n": NOT_A_COUNT, "seed": st.one_of(ANYTHING, SEEDS), "agents": AGENTS}
    for key in data.draw(st.lists(st.sampled_from(sorted(settings_)), max_size=2, unique=True)):
        settings_[key] = data.draw(damage.get(key, ANYTHING))
    return settings_


@SLOW
@given(settings_=GOOD_SETTINGS, data=st.data())
def test_playouts_plays_or_refuses_with_a_clear_error(settings_, data):
    settings_ = _damaged(settings_, data)
    try:
        results = iw.playouts("volcano", progress=False, **settings_)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    assert 1 <= results.n <= 4 and not results.partial
    assert PlayoutResults.from_json(results.to_json()).n == results.n
    results.summary()


@SLOW
@given(variants=st.one_of(st.dictionaries(st.text(max_size=3), st.one_of(st.just({}), st.just({"players": 3}),
                                                                          st.just({"opening": "plus"}), ANYTHING),
                                          max_size=2), ANYTHING),
       agents=AGENTS, seed=SEEDS)
def test_compare_plays_or_refuses_with_a_clear_error(variants, agents, seed):
    try:
        comparison = iw.compare("volcano", variants, n=2, agents=agents, seed=seed, max_turns=4, progress=False)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    str(comparison)


@SLOW
@given(agents=AGENTS, n=SMALL_N, seed=SEEDS)
def test_tournament_plays_or_refuses_with_a_clear_error(agents, n, seed):
    try:
        table = iw.tournament("volcano", agents, n=n, seed=seed, max_turns=4, progress=False)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    str(table)


@FAST
@given(method=st.sampled_from(["points", "agent_points", "outcome", "plot", "concat"]), value=ANYTHING)
def test_results_methods_answer_or_refuse(method, value, results):
    try:
        if method == "concat":
            PlayoutResults.concat(value)
        elif method == "plot":
            results.plot(fig=value)
        else:
            getattr(results, method)(value)
    except (TypeError, ValueError):
        pass
    finally:
        import matplotlib.pyplot as plt

        plt.close("all")


# Agents ----------------------------------------------------------------------------------------


@FAST
@given(settings_=st.fixed_dictionaries({}, optional={
    "iterations": st.one_of(st.integers(-1, 4), ANYTHING), "exploration": ANYTHING, "horizon": ANYTHING,
    "rollout_plies": st.one_of(st.integers(-1, 5), ANYTHING), "score_scale": ANYTHING,
    "max_plies_per_turn": ANYTHING, "rollouts": st.one_of(st.integers(0, 2), ANYTHING),
    "rollout": st.one_of(st.sampled_from(["random", "greedy", "smart", A.random_agent]), ANYTHING)}))
def test_make_mcts_makes_an_agent_or_refuses(settings_):
    settings_.setdefault("iterations", 3)
    if settings_.get("iterations") is None and "time_limit" not in settings_:
        settings_["iterations"] = 3
    if isinstance(settings_.get("iterations"), (int, np.integer)) and not isinstance(settings_["iterations"], bool):
        settings_["iterations"] = min(int(settings_["iterations"]), 4)
    if isinstance(settings_.get("rollout_plies"), int) and not isinstance(settings_["rollout_plies"], bool):
        settings_["rollout_plies"] = min(settings_["rollout_plies"], 6)
    if isinstance(settings_.get("rollouts"), int) and not isinstance(settings_["rollouts"], bool):
        settings_["rollouts"] = min(settings_["rollouts"], 2)
    try:
        agent = A.make_mcts(**settings_)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    state = iw.make("volcano").new_state()
    assert state.is_legal(agent(state, np.random.default_rng(1)))


@FAST
@given(spec=AGENTS)
def test_an_agent_spec_is_read_or_refused(spec):
    try:
        agents, names = A.parse_agents(spec)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    assert len(agents) == len(names) >= 1 and all(callable(a) for a in agents)


# Writers ---------------------------------------------------------------------------------------


# Paths of every kind, but only ever inside the test's own folder: no absolute path, no "..".
PATHS = st.one_of(ANYTHING.filter(lambda v: not isinstance(v, str) or not (os.path.isabs(v) or ".." in v)),
                  st.sampled_from(["missing/x", "x.svg", "x.json", "x.csv", "x.txt", "", ".", "x.html", "x.pdf",
                                   "x.png", "x/", "./x.svg"]))


@FAST
@given(path=PATHS, writer=st.sampled_from(["svg", "html", "results", "board"]))
def test_a_writer_writes_its_file_or_refuses_and_leaves_the_folder_alone(path, writer, tmp_path_factory, results):
    folder = tmp_path_factory.mktemp("out")
    here = os.getcwd()
    os.chdir(folder)
    try:
        call = {"svg": lambda: iw.save_svg(iw.make("volcano").new_state(), path),
                "html": lambda: iw.save_html(iw.Record.new("volcano", seed=1), path),
                "results": lambda: results.save(path),
                "board": lambda: iw.print_board(iw.make("volcano").new_state(), path)}[writer]
        try:
            call()
        except (TypeError, ValueError, OSError):
            assert list(folder.iterdir()) == []
            return
        written = [p.name for p in folder.iterdir()]
        assert written == [os.path.basename(os.fspath(path))] and Path(folder, path).is_file()
    finally:
        os.chdir(here)


# The widget and the lab --------------------------------------------------------------------------


@SLOW
@given(game=st.one_of(st.sampled_from(["volcano", "blockade", "chess", iw.Record.new("volcano", seed=1)]), ANYTHING),
       options=st.dictionaries(st.sampled_from(["players", "opening", "bogus", "seed", "theme", "size", "agents",
                                                "analysis", "analysis_precision"]), ANYTHING, max_size=2))
def test_the_widget_is_made_or_refused(game, options):
    try:
        widget = iw.GameWidget(game, **options)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    assert widget.record.final_state() == widget.final_state


@FAST
@given(kind=st.sampled_from(["analyse", "stop", "hint"]), extra=st.dictionaries(st.text(max_size=5), ANYTHING, max_size=2))
def test_an_analysis_message_is_answered_and_changes_no_game(kind, extra):
    # A finished position: its analysis is exact (no rollouts), a hint is refused with a message.
    # The eruption offers the fifth capture (capture="may"); taking it wins.
    state = iw.make("volcano").state_from_text(
        ". . . . G1K1\n. . . . .\n. . R2 . .\n. . . . .\nC1K1 . R1 . Y1\nto_move=0 captured=R3,Y3,G3,B3/"
    ).play("a1-b1").play("capture:c1")
    assert state.winners == (0,)
    widget = iw.GameWidget(state)
    answer = widget.handle({**extra, "type": kind})
    assert isinstance(answer, bool) and (answer or widget.message_kind == "error")
    if widget.analysis_task is not None:
        widget.analysis_task.join(timeout=60)
    assert widget.final_state == state and widget.record.plies == ()
    assert widget.hint_data == {}


# A real game stopped at a capture choice of three pieces, on a3, a4 and a5 (test_volcano_capture).
CHOICE = iw.Record.new("volcano", seed=211).extend(["d4-c4", "capture:b4", "e5-d5", "capture:none", "a1-a2"])


@FAST
@given(messages=st.lists(st.tuples(st.sampled_from(["toggle", "clear", "choose"]),
                                   st.one_of(st.sampled_from(["a3", "a4", "a5", "b2", "A3", ""]), ANYTHING)),
                         max_size=6))
def test_choice_messages_keep_the_selection_valid_and_play_only_what_is_selected(messages):
    widget = iw.GameWidget(CHOICE)
    for kind, square in messages:
        before = list(widget.selection)
        answer = widget.handle({"type": kind, "square": square})
        assert isinstance(answer, bool) and (answer or widget.message_kind == "error")
        assert set(widget.selection) <= set(widget.choosable)
        if len(widget.record.plies) > len(CHOICE.plies):  # "choose" took exactly the selection
            assert kind == "choose" and widget.record.plies[-1] == "capture:" + "+".join(before)
            return
    assert widget.record.plies == CHOICE.plies


@FAST
@given(trait=st.sampled_from(["speed", "cursor", "bot_delay", "ply"]), value=ANYTHING)
def test_a_trait_set_from_python_is_kept_valid(trait, value):
    widget = iw.GameWidget("volcano", seed=1)
    try:
        setattr(widget, trait, value)
    except (TypeError, ValueError, iw.NotationError):
        pass
    assert 0 < widget.speed <= 100 and (widget.cursor == "" or widget.cursor in widget.game.grid.names)
    assert 0 <= widget.ply <= len(widget.record.plies) and widget.bot_delay >= 0


@FAST
@given(settings_=st.fixed_dictionaries({}, optional={
    "game": st.one_of(st.sampled_from(["volcano", "chess"]), ANYTHING), "agents": AGENTS,
    "n": st.one_of(st.integers(-1, 3), ANYTHING), "seed": SEEDS, "options": ANYTHING, "max_turns": ANYTHING,
    "chunks": ANYTHING, "engine": ANYTHING, "precision": ANYTHING, "rotate_seats": ANYTHING}))
def test_the_lab_is_made_or_refused_and_a_run_is_planned_or_said(settings_):
    from icewidgets.widgets.playout_lab import PlayoutLab

    try:
        lab = PlayoutLab(**settings_)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    try:
        lab.plan()
    except (TypeError, ValueError) as error:
        assert str(error)


# The command line ------------------------------------------------------------------------------


@SLOW
@given(command=st.sampled_from(["playouts", "compare", "tournament", "games", "bogus"]),
       n=st.sampled_from(["1", "2", "0", "-1", "x", "2.5"]),
       extra=st.lists(st.sampled_from([
           ["--agents", "random,greedy"], ["--agents", "smart"], ["--agents", ""], ["--seed", "3"], ["--seed", "-2"],
           ["--seed", "x"], ["--max-turns", "3"], ["--max-turns", "0"], ["-o", "players=3"], ["-o", "colour=1"],
           ["-o", "players"], ["--engine", "reference"], ["--engine", "gpu"], ["--precision", "0.4"],
           ["--precision", "2"], ["--rotate-seats"], ["--out", "r.json"], ["--out", "missing/r.json"], ["--out", "r"],
           ["--plot", "p.png"], ["--plot", "p.xyz"], ["-v", "a:"], ["-v", "b:players=3"], ["-v", "bad"], ["--bogus"],
       ]), max_size=4))
def test_the_command_line_answers_with_a_status_and_at_most_one_line_of_error(command, n, extra, capsys,
                                                                              tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    here = os.getcwd()
    os.chdir(folder)
    argv = [command, "volcano", "-n", n, "-q"] + [token for option in extra for token in option]
    if command in ("games", "bogus"):
        argv = [command] + [token for option in extra for token in option]
    try:
        status = main(argv)
    finally:
        os.chdir(here)
        import matplotlib.pyplot as plt

        plt.close("all")
    err = capsys.readouterr().err.strip()
    assert status in (0, 2), (argv, err)
    if status == 2:
        assert len(err.splitlines()) == 1 and err.startswith("error: "), (argv, err)
        assert not any(p.suffix in (".json", ".png") for p in folder.iterdir())


# Analysis teaching: a calibration and a game of bots -------------------------------------------

SMALL_COUNT = st.one_of(st.integers(-1, 3), NOT_A_COUNT)


@SLOW
@given(game=st.one_of(st.sampled_from(["volcano", "volterra", "chess", iw.make("volcano", players=3)]), ANYTHING),
       settings_=st.fixed_dictionaries({"games": SMALL_COUNT}, optional={
           "rollouts": SMALL_COUNT, "seed": SEEDS, "level": AGENTS, "engine": st.sampled_from(["auto", "reference", 3]),
           "policy": st.sampled_from([None, "random", "smart"])}))
def test_calibration_measures_or_refuses_with_a_clear_error(game, settings_):
    from icewidgets.analysis import calibration

    try:
        result = calibration(game, **settings_)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    assert result.positions == settings_["games"] and result.predicted.shape == result.observed.shape
    assert str(result).startswith("Calibration of expected points.")


@SLOW
@given(game=st.one_of(st.sampled_from(["volcano", "volterra", "chess"]), ANYTHING), agents=AGENTS, seed=SEEDS,
       max_plies=st.one_of(st.integers(1, 6), NOT_A_COUNT))
def test_a_game_of_bots_is_played_or_refused_with_a_clear_error(game, agents, seed, max_plies):
    from icewidgets.analysis.teaching import bot_game

    try:
        record = bot_game(game, agents, seed=seed, max_plies=max_plies)
    except (TypeError, ValueError) as error:
        assert str(error)
        return
    assert 1 <= len(record) <= max_plies and iw.Record.from_code(record.to_code()) == record
