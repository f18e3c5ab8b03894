"""The teaching notebooks as teaching material: every exercise is followed by a folded solution
that checks itself, pictures are big enough to read, the notebooks are stored executed without
widget state, and the facts their prose states without computing them hold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets.games.blockade.rules import PLAYOUT_MAX_TURNS

nbformat = pytest.importorskip("nbformat")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TEACHING = ["00-start-here", "01-volcano", "02-volterra", "03-ice3", "04-blockade", "05-lesson-plans",
            "06-our-class-games", "10-playouts-and-statistics", "11-write-your-own-agent"]
WITH_EXERCISES = [name for name in TEACHING if name != "05-lesson-plans"]
EXERCISE = re.compile(r"^\*\*Exercise (\d+)\.\*\*")


def _cells(name: str):
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4).cells


@pytest.mark.parametrize("name", WITH_EXERCISES)
def test_every_exercise_is_followed_by_a_folded_solution_that_checks_itself(name):
    cells = _cells(name)
    numbers = []
    for index, cell in enumerate(cells):
        found = EXERCISE.match(cell.source) if cell.cell_type == "markdown" else None
        if found is None:
            continue
        numbers.append(int(found.group(1)))
        assert cell.source.count("**Exercise") == 1, f"{name}: exercise {found.group(1)} shares its cell"
        solution = cells[index + 1]
        where = f"{name}, exercise {found.group(1)}"
        assert solution.cell_type == "code" and solution.metadata.get("tags") == ["solution"], where
        assert solution.metadata.get("jupyter", {}).get("source_hidden") is True, where
        assert solution.source.startswith("# Hint: "), f"{where}: the solution starts with a hint line"
        assert len(solution.source.splitlines()) >= 3, f"{where}: a hint and a worked answer"
        assert ".assert_right()" in solution.source, f"{where}: the worked answer is checked"
        assert solution.outputs and not any(o.output_type == "error" for o in solution.outputs), where
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 4, f"{name}: exercises {numbers}"
    tagged = sum(cell.metadata.get("tags") == ["solution"] for cell in cells)
    assert tagged == len(numbers), f"{name}: a solution cell without its exercise"


@pytest.mark.parametrize("name", TEACHING)
def test_notebooks_are_stored_executed_without_widget_state_or_the_old_helper_cell(name):
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    assert "widgets" not in notebook.metadata
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code), f"{name} is not stored executed"
    assert not any("base64" in cell.source for cell in code), f"{name} still builds its own pictures"


@pytest.mark.parametrize("name", TEACHING)
def test_pictures_are_at_least_400_pixels_wide(name):
    widths = []
    for cell in _cells(name):
        for output in cell.get("outputs", []):
            html = "".join(output.get("data", {}).get("text/html", ""))
            widths += [float(w) for w in re.findall(r'<img [^>]*?width="([\d.]+)"', html)]
    assert all(width >= 400 for width in widths), f"{name}: pictures {sorted(set(widths))} px wide"


# Facts the prose states that a cell does not compute -----------------------------------------------


def test_ice3_greedy_plays_a_size_set_or_another_colour_only_to_win_as_notebook_03_says():
    # Notebook 03, section 4: the greedy bot considers its target colour's set moves, and any other
    # set's move only when it meets a goal at once (here a size set's, in ten of twelve games).
    import numpy as np
    greedy, game = iw.agents.get_agent("greedy"), iw.make("ice3", goal="loose")
    others = 0
    for seed in range(12):
        rng, state = np.random.default_rng(seed), game.new_state(seed=seed)
        while not state.is_over:
            move = greedy(state, rng)
            state = state.play(move)
            colour_set = move.group in "RYGB"
            others += not colour_set
            assert colour_set or state.is_over
    assert others == 10


def test_the_wall_of_lesson_05_is_on_the_landing_square_of_re1():
    # Notebook 05, Ice3 question A: the red small on a1 would land on b1, where the wall stands.
    walled = iw.make("ice3").state_from_text("\n".join([". . . . . . . ."] * 7 + ["R1 G3Y2 . . . . . .", "to_move=0"]),
                                             **({"partial": True} if "partial" in
                                                iw.make("ice3").state_from_text.__code__.co_varnames else {}))
    assert walled.why_illegal("RE1") == "no piece would move: the red small on a1 is blocked by the wall on b1"
    assert walled.stack("b1") == "G3Y2" and walled.is_legal("RE2") is False


def test_forty_random_blockade_games_all_finish_in_78_to_371_turns():
    results = iw.playouts("blockade", 40, agents="random", seed=1, max_turns=5000, progress=False)
    assert int(results.outcome("unfinished").sum()) == 0
    assert (int(results.turns.min()), int(results.turns.max())) == (78, 371)
    assert int(results.turns.max()) < PLAYOUT_MAX_TURNS  # what the limit's docstring says


def test_the_blockade_wall_of_notebook_04_arises_in_play():
    # Notebook 04, section 3: the position "comes from a game (the tests replay the plies that reach it)".
    from icewidgets.games.blockade.teaching import blue_wall

    source = next(cell.source for cell in _cells("04-blockade") if cell.source.startswith("walled = "))
    shown = re.search(r'"""\n(.*?)\n"""', source, re.S).group(1)
    state = blue_wall()
    assert state.to_text() == shown and state.problems() == [] and not state.partial
    assert sorted(state.towers["B"]) == ["d3", "d4", "d5"] and sum(map(len, state.towers.values())) == 3


def test_no_medium_ice3_game_ends_under_the_exact_goal_as_notebook_06_says():
    # Notebook 06, "Can we trust expected points?": under the default exact goal none of 200 seeded
    # games of the medium level ended within the playout turn limit (why calibration plays Ice3 loose).
    results = iw.playouts("ice3", 200, agents="medium", seed=1, progress=False)
    assert iw.make("ice3").goal == "exact" and int(results.outcome("unfinished").sum()) == 200


def test_the_seeds_the_notebooks_name_pick_the_starting_player_they_say():
    assert iw.make("blockade").new_state(seed=0).player == 0  # 04: "you are Warm and, with this seed, you start"
    assert iw.make("blockade").new_state(seed=2).player == 1  # 04 and 00: Cool rolls first
    assert type(iw.make("blockade")).playout_max_turns == 1000  # 04: playouts stop at 1,000 turns


def test_the_ice3_ladder_has_the_rungs_notebook_03_lists():
    from icewidgets.games.ice3.puzzles import PUZZLES

    assert [(p.goal, p.length) for p in PUZZLES] == [(g, n) for g in ("loose", "shape", "exact") for n in (1, 2, 3)] \
        + [("loose", 3), ("shape", 3), ("exact", 3)]


# The lesson plans and the class activity ---------------------------------------------------------


def test_the_lesson_plans_draw_every_picture_for_the_projector():
    sources = [cell.source for cell in _cells("05-lesson-plans") if cell.cell_type == "code"]
    drawing = [source for source in sources if "iw.pictures(" in source or "svg.board(" in source]
    assert len(drawing) == 7  # a cell per plan, and the analysis activities' pictures of Volcano, Ice3 and Blockade
    assert all(source.count('size="projector"') == source.count("iw.pictures(") + source.count("svg.board(")
               for source in drawing)
    assert not any(re.search(r"size=\d", source) for source in sources)


def test_every_lesson_plan_has_time_to_log_in_a_fallback_and_a_word_on_unfinished_games():
    plans = [cell.source for cell in _cells("05-lesson-plans") if cell.cell_type == "markdown" and "| Time |" in cell.source]
    assert len(plans) == 4
    for plan in plans:
        rows = [(int(start), int(end), text) for start, end, text in re.findall(r"^\| (\d+)–(\d+) \| (.*) \|$", plan, re.M)]
        assert rows[0][2].startswith("**Log in:**") and 5 <= rows[0][1] - rows[0][0] <= 10, rows[0]
        assert "*No network?*" in rows[0][2] and "print" in rows[0][2].lower()
        assert [start for start, _, _ in rows[1:]] == [end for _, end, _ in rows[:-1]] and rows[-1][1] == 45
        assert "at the bell" in plan.lower() or "not over at the bell" in plan.lower()
        assert "state." not in plan  # nothing a student playing in the widget cannot see


def test_every_lesson_plan_has_an_optional_analysis_activity_with_its_answers_and_its_time():
    cells = _cells("05-lesson-plans")
    plans = [k for k, cell in enumerate(cells) if cell.cell_type == "markdown" and "| Time |" in cell.source]
    for start, end in zip(plans, plans[1:] + [len(cells)]):
        activity = [k for k in range(start, end) if cells[k].cell_type == "markdown"
                    and cells[k].source.startswith("**Optional, 10 minutes:")]
        assert len(activity) == 1, cells[start].source.splitlines()[0]
        text = cells[activity[0]].source
        for part in ("- **Teacher:**", "- **The class looks for:**", "- **Answers to expect:**", "- **Time:**"):
            assert part in text, (part, text[:60])
        answers = cells[activity[0] + 1]
        assert answers.cell_type == "code" and ("iw.analyse(" in answers.source or "iw.hint(" in answers.source)
        assert 'pasted = ""' in answers.source or "rung = " in answers.source  # the class's own game, or rung
        assert answers.outputs and not any(output.output_type == "error" for output in answers.outputs)
        assert "state." not in text  # nothing a student cannot see in the widget or the notebook


def test_the_class_notebook_runs_on_when_no_pasted_code_is_usable(monkeypatch, capsys):
    import matplotlib

    matplotlib.use("Agg")
    sources = [cell.source for cell in _cells("06-our-class-games") if cell.cell_type == "code"]
    pasting = next(k for k, source in enumerate(sources) if 'pasted = """' in source)
    sources[pasting] = sources[pasting].replace('pasted = """\n', 'pasted = """\nAna & Ben: iw1.eNpVj91uwyAMhV and iw1.x\n')
    monkeypatch.chdir(NOTEBOOKS)
    namespace: dict = {}
    for source in sources:
        exec(compile(source, "<notebook 06>", "exec"), namespace)  # every cell runs, the solutions' checks too
    out = capsys.readouterr().out
    assert out.startswith("0 finished games of Volcano read, 2 skipped:\n"
                          "  line 2: game 1 of the line: not a readable game code")
    assert "None of these is a finished game yet" in out
    assert len(namespace["games"]) == 11 and namespace["games"].labels[0] == "Ana & Ben"  # the sample games
