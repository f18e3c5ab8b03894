"""Fuzzing the newest surface: every input a game author or a careless caller sends is answered.

Each property below is one kind of defect a fuzz of about 9,800 generated calls found (analysis
arguments, saved analyses, ``notebooks DIR``, agent specs, widget traits, board areas and
colours, and a few older ones). The answer is always a result, or a ``ValueError`` /
``TypeError`` (``NotationError`` for a file or a code) that names the argument and its valid
values; nothing hangs past its time limit or builds more than the machine holds. Plug-in
breakages are in ``tests/test_plugins.py`` (they need new processes), the contract's messages
in ``tests/test_contract.py``.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import icewidgets as iw
from icewidgets import agents as A
from icewidgets.__main__ import main
from icewidgets.analysis import evaluate
from icewidgets.analysis.run import LINE_PLIES
from icewidgets.analysis.values import MAX_ROLLOUTS, MIN_PRECISION
from icewidgets.classroom import read_codes
from icewidgets.pieces import PieceColour
from icewidgets.playout import parse_options
from icewidgets.shipped import copy_notebooks
from icewidgets.view import BoardArea

SCALE = 20 if os.environ.get("HYPOTHESIS_PROFILE") == "deep" else 1
FAST = settings(max_examples=40 * SCALE, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
ANYTHING = st.one_of(
    st.none(), st.booleans(), st.integers(-10**13, 10**13), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.binary(max_size=6), st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2), st.just(np.int64(3)), st.just(np.float64(0.5)),
)
ROOT = Path(__file__).resolve().parent.parent
CODES = ROOT / "notebooks" / "data" / "class-codes.txt"


def _position():
    return iw.make("volcano").new_state(seed=1)


# Analysis arguments -------------------------------------------------------------------------------


@pytest.mark.parametrize("precision", [1e-300, 1e-10, 1e-6, 0.0009, 0.5, -0.1, float("nan"), 10**400])
def test_a_precision_beyond_its_bounds_is_refused_at_once(precision):
    with pytest.raises(ValueError, match=f"must be a number from {MIN_PRECISION} to 0.5"):
        iw.hint(_position(), precision=precision)
    with pytest.raises(ValueError, match="precision="):
        iw.analyse(iw.Record.new("volcano", seed=1), precision=precision)


@pytest.mark.parametrize("rollouts, error", [(10**12, ValueError), (MAX_ROLLOUTS + 1, ValueError), (0, ValueError),
                                             ("5", TypeError), (2.5, ValueError)])
def test_rollouts_beyond_their_bound_are_refused_before_any_job_is_built(rollouts, error):
    with pytest.raises(error, match=f"rollouts=.* must be a whole number of rollouts .*between 1 and {MAX_ROLLOUTS:,}"):
        evaluate(_position(), rollouts=rollouts)


@pytest.mark.parametrize("arguments, error, message", [
    ({"stop": 5}, TypeError, r"stop=5 must have an is_set\(\) method, such as a threading.Event, or be None"),
    ({"progress": 5}, TypeError, r"progress=5 must be a function progress\(analysis_so_far\), or None"),
])
def test_stop_and_progress_are_checked_before_the_first_ply(arguments, error, message):
    with pytest.raises(error, match=message):
        iw.analyse(iw.Record.new("volcano", seed=1).extend(["b2-c1"]), **arguments)
    if "stop" in arguments:
        with pytest.raises(error, match=message):
            iw.hint(_position(), **arguments)


def test_a_stop_is_seen_within_a_job_of_rollouts_not_only_between_jobs():
    """A slow policy's rollouts stop between two of its moves: the stop is asked before every ply
    of a rollout on the rules engines, so far fewer moves are played than one job of 128 rollouts.
    After the stop the policy plays only the hint's short line (a few plies, no rollouts)."""
    moves = []

    def slow_policy(state, rng):
        moves.append(1)
        return state.legal_moves()[0]

    class StopSoon:
        asked = 0
        moves_when_seen = None

        def is_set(self):
            self.asked += 1
            if self.asked > 50 and self.moves_when_seen is None:
                self.moves_when_seen = len(moves)
            return self.asked > 50

    stop = StopSoon()
    hints = iw.hint(_position(), k=1, precision=0.05, policy=slow_policy, stop=stop, engine="reference")
    assert not hints.complete and 40 <= stop.moves_when_seen <= 50
    assert len(moves) - stop.moves_when_seen == len(hints[0].line) == LINE_PLIES


def test_hint_takes_numpy_integers_for_k():
    hints = iw.hint(_position(), k=np.int64(2), precision=0.2)
    assert len(hints) == 2


# Saved analyses ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved():
    record = iw.Record.new("volcano", seed=3).extend(["b2-c1", "a1-a2"])
    return json.loads(iw.analyse(record, precision=0.2).to_json())


@pytest.mark.parametrize("change, message", [
    (lambda d: d["plies"][0].update(chance=True, legal=0, best=None, best_value=None, loss=None, label=None),
     "'chance' is true, but the position before it is a decision"),
    (lambda d: d["plies"][0].update(legal=9999), r"'legal' is 9999, but \d+ moves are legal there"),
    (lambda d: d["plies"][0].update(loss=0.5), r"'loss' is 0.5, but its best move's value less the move's value is"),
    (lambda d: d["plies"][1].update(label="blunder"), "'label' is 'blunder', but its loss of .* and the intervals give"),
    (lambda d: d["positions"][1].update(exact=True), r"a value's 'exact' is true, but it comes from [\d,]+ rollouts"),
])
def test_a_saved_analysis_is_checked_against_the_game_and_its_values(saved, change, message):
    data = json.loads(json.dumps(saved))
    change(data)
    with pytest.raises(ValueError, match=message):
        iw.Analysis.from_json(json.dumps(data))


# notebooks DIR -----------------------------------------------------------------------------------


def test_a_file_where_the_data_folder_goes_stops_the_copy_before_anything_is_written(tmp_path):
    (tmp_path / "data").write_text("mine", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="is a file where the folder 'data' of the notebooks' data goes"):
        copy_notebooks(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data"]
    assert main(["notebooks", str(tmp_path)]) == 2


def test_a_folder_where_a_notebook_goes_is_kept_and_the_notebook_written_beside_it(tmp_path, capsys):
    (tmp_path / "00-start-here.ipynb").mkdir()
    (tmp_path / "00-start-here.ipynb" / "mine.txt").write_text("mine", encoding="utf-8")
    assert main(["notebooks", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert ("00-start-here.ipynb: a folder has its name, so it is kept; the file is 00-start-here (new).ipynb"
            in out)
    assert (tmp_path / "00-start-here.ipynb" / "mine.txt").read_text(encoding="utf-8") == "mine"
    assert (tmp_path / "00-start-here (new).ipynb").is_file()


def test_a_folder_name_that_is_not_utf8_is_printed(tmp_path, capsys):
    folder = Path(os.fsdecode(bytes(tmp_path) + b"/notes-\xff"))
    assert main(["notebooks", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "notes-\ufffd" in out and (folder / "00-start-here.ipynb").is_file()


# Agent specs -------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["mcts:١٢", "mcts:²", "mcts:99999999999999999999", "mcts:" + "9" * 4301, "mcts:0",
                                  "mcts:10000001", "mcts:-5", "mcts:"])
def test_an_mcts_spec_is_read_in_ascii_digits_within_its_bound_or_refused_naming_it(spec):
    for read in (A.get_agent, A.parse_agents, lambda s: iw.playouts("volcano", 1, agents=s, progress=False)):
        with pytest.raises(ValueError, match=r"must be written mcts:ITERATIONS with a whole number of iterations from 1 "
                                             r"to 10,000,000 in the digits 0-9"):
            read(spec)


@FAST
@given(count=st.text(max_size=8))
def test_any_mcts_spec_is_an_agent_or_a_named_refusal(count):
    try:
        agent = A.get_agent(f"mcts:{count}")
    except ValueError as error:
        assert "mcts" in str(error)
    else:
        assert count.strip().isascii() and 1 <= int(count.replace(" ", "")) <= A.MAX_ITERATIONS and callable(agent)


def test_parse_options_names_an_option_python_cannot_build():
    with pytest.raises(ValueError, match=r"option 'opening=\{\[1\]: 2\}': '\{\[1\]: 2\}' is no value an option can take"):
        parse_options("opening={[1]: 2}")


# The class's codes -------------------------------------------------------------------------------


@pytest.mark.parametrize("other", ["random", None, 5, [1]])
def test_a_class_compared_with_what_is_not_results_is_told_what_to_give(other):
    games = read_codes(CODES, "volcano")
    with pytest.raises(TypeError, match=r"compare\(\) takes the results of playouts of Volcano \(e.g. "
                                        r"iw.playouts\('volcano', 1000, agents='random'\)\), not"):
        games.compare(other)


# Widget traits from Python -----------------------------------------------------------------------

COMPUTED = ["record_code", "game_name", "seats", "title", "position_text"]


@FAST
@given(trait=st.sampled_from(COMPUTED + ["ply", "message_kind"]), value=ANYTHING)
def test_the_widget_traits_it_computes_cannot_be_set_to_nonsense(trait, value):
    widget = iw.GameWidget("volcano", seed=1)
    before = getattr(widget, trait)
    try:
        setattr(widget, trait, value)
    except (TypeError, ValueError) as error:
        assert trait in str(error)
        assert getattr(widget, trait) == before
    else:
        assert trait in ("ply", "message_kind") and getattr(widget, trait) == value
    assert widget.record_code == widget.record.to_code() and widget.game_name == "volcano"
    assert widget.position_text == widget.state.to_text() and widget.message_kind in ("info", "error")
    assert 0 <= widget.ply <= len(widget.record.plies)


@pytest.mark.parametrize("trait", COMPUTED)
def test_a_computed_trait_says_what_to_do_instead(trait):
    widget = iw.GameWidget("volcano", seed=1)
    with pytest.raises(TypeError, match=f"widget.{trait} is computed by the widget and cannot be set; "):
        setattr(widget, trait, "x")


# Board areas and colours -------------------------------------------------------------------------


@FAST
@given(label=st.one_of(st.just("zone"), ANYTHING), squares=st.one_of(st.just(("b2",)), ANYTHING),
       style=st.one_of(st.just("hatch"), ANYTHING), colour=st.one_of(st.none(), st.sampled_from("RTQ"), ANYTHING))
def test_a_board_area_is_made_or_refused_by_name(label, squares, style, colour):
    try:
        area = BoardArea(label, squares, style, colour)
    except (TypeError, ValueError) as error:
        assert any(name in str(error) for name in ("label=", "squares=", "style=", "colour="))
    else:
        assert isinstance(area.squares, tuple) and all(isinstance(s, str) for s in area.squares)
        assert area.colour is None or (len(area.colour) == 1 and area.colour.isupper())


@pytest.mark.parametrize("arguments, error, message", [
    (("zone", "b2"), TypeError, r"squares='b2' must be a list or tuple of square names"),
    (("zone", None), TypeError, r"squares=None must be a list or tuple of square names"),
    (("zone", ("b2",), "hatch", "nope"), ValueError, r"colour='nope' is not a colour letter"),
])
def test_board_area_arguments(arguments, error, message):
    with pytest.raises(error, match=message):
        BoardArea(*arguments)


def test_a_board_area_of_an_undeclared_colour_and_a_hook_giving_texts_are_named_when_drawn(monkeypatch):
    game = iw.make("volcano")
    monkeypatch.setattr(type(game.view), "board_areas", lambda self, state: [BoardArea("zone", ("b2",), colour="Q")])
    with pytest.raises(ValueError, match="the board area 'zone' has colour='Q', which is no colour of pieces"):
        iw.svg.board(game.new_state(seed=1))
    monkeypatch.setattr(type(game.view), "board_areas", lambda self, state: ["zone"])
    with pytest.raises(TypeError, match=r"volcano: view.board_areas\(\) must return a list of BoardArea values"):
        iw.svg.board(game.new_state(seed=1))


@FAST
@given(pattern=st.one_of(st.sampled_from(["", "6 3", "2.5 1", "...", "6  3", " 6", "6 3 "]), ANYTHING),
       tile=st.one_of(st.booleans(), ANYTHING), fills=st.one_of(st.just({}), st.just({"high-contrast": "#ff8000"}),
                                                               ANYTHING))
def test_a_piece_colour_is_made_or_refused_by_name(pattern, tile, fills):
    try:
        colour = PieceColour("Q", "quartz", "#a0a0a0", pattern=pattern, tile=tile, fills=fills)
    except (TypeError, ValueError) as error:
        assert any(name in str(error) for name in ("pattern=", "tile=", "fills=", "fill="))
    else:
        assert colour.pattern is None or all(part.replace(".", "", 1).isdigit() for part in colour.pattern.split(" ")
                                             if colour.pattern)
        assert isinstance(colour.tile, bool)


# What the author's trial found -------------------------------------------------------------------


@pytest.mark.parametrize("word, value", [("false", False), ("FALSE", False), ("True", True), (" yes ", True),
                                         ("No", False), (True, True), (False, False)])
def test_a_yes_or_no_option_reads_true_false_yes_no_in_any_case(word, value):
    import dataclasses

    from extra_game import NestRow
    from icewidgets.checks import option_bool

    @dataclasses.dataclass(frozen=True, repr=False)
    class Icy(NestRow):
        ice: bool = True

        def __post_init__(self):
            super().__post_init__()
            option_bool(self, "ice")

    game = Icy(ice=word)
    assert game.ice is value and game == Icy(ice=value) and repr(game) == repr(Icy(ice=value))
    with pytest.raises(ValueError, match=r"ice='maybe' is not valid for nestrow: it must be True or False \(or "
                                         r"true/false, yes/no in any case\)"):
        Icy(ice="maybe")


def test_a_slow_game_s_speed_is_not_printed_as_zero():
    results = iw.playouts("volcano", 2, seed=1, progress=False)
    results.elapsed = 6.0  # 2 games in 6 s
    assert [row[1] for row in results.summary().rows if row[0] == "speed"] == ["0.33 games/s"]


def test_the_rollout_bot_says_what_it_is():
    from icewidgets.analysis.bot import make_rollout_bot, rollout_bot

    assert rollout_bot.__name__ == "rollout_bot" and "round_budget=64, precision=0.1" in rollout_bot.__doc__
    assert "round_budget=8, precision=0.2" in make_rollout_bot(8, 0.2).__doc__
    assert "Returns that ``matplotlib.axes.Axes``" in iw.Analysis.plot.__doc__


def test_the_analysis_legend_says_what_a_proof_labels(saved):
    from icewidgets.analysis.labels import LEGEND, proved_label
    from icewidgets.analysis.tactics import Proof

    loss, unknown, win = Proof("a", "loss", 2), Proof("b"), Proof("c", "win", 3)
    assert proved_label(loss, unknown, [loss, unknown], False) == ("mistake", "walks into a loss in 2")
    assert proved_label(unknown, win, [win, unknown], False) == (None, "missed a win in 3")  # the intervals decide
    assert proved_label(loss, win, [win, loss], False) == ("blunder", "missed a win in 3")
    assert ("from a proof (whatever the loss): ?? a proved win thrown away by a move proved to lose or share, "
            "at least ? a move into a proved loss") in LEGEND
    notes = iw.Analysis.from_json(json.dumps(saved)).table().notes
    assert any(LEGEND in note for note in notes)


def test_an_analysis_on_the_rules_engine_says_once_that_it_is_slow(nest_row, capsys):
    from icewidgets.analysis import run

    run._NOTICED.discard("nestrow")
    record = iw.Record.new("nestrow").extend(["b2", "a1"])
    iw.analyse(record, precision=0.3, seed=1)
    err = capsys.readouterr().err
    assert err.count("Analysing Nest Row: ") == 1 and "the rules engine plays the rollouts, which is far slower" in err
    iw.analyse(record, precision=0.3, seed=2)
    assert "Analysing" not in capsys.readouterr().err
