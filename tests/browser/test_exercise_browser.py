"""Learn from your mistakes in Chromium (issue 31): the exercise board in JupyterLab, light and dark.

Run with ``pytest -m browser tests/browser``. The last cell of widgets.ipynb (only that cell is
run here) analyses a short seeded bot game and shows Light's three labelled moves as exercises
on an :class:`icewidgets.ExerciseBoard`, with a light board and with a dark one. The test answers
through the page, as a student does: a move that is not legal, a wrong move typed and checked
from the keyboard, a hint, a second wrong move (the verdict gives the solution), the solution
drawn, the next exercise, and a right answer in another form (capitals and spaces). Every text
it expects is computed here by the same exercises, and the stable parts are pinned as words.
Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import importlib.util

import pytest

import icewidgets as iw
from icewidgets import svg
from icewidgets.analysis.teaching import bot_game
from icewidgets.widgets.exercising import position_words

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)] if importlib.util.find_spec("pytest_timeout") else [pytest.mark.browser]

RUN_LAST_CELL = """async () => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  await panel.context.ready;
  await panel.sessionContext.ready;
  const notebook = panel.content;
  notebook.activeCellIndex = notebook.widgets.length - 1;
  await app.commands.execute("notebook:run-cell");
}"""
"""Run only the notebook's last cell (the exercise boards): the other cells are the other tests'."""
FOCUSED = "() => { const el = document.activeElement; return [el.tagName, el.textContent || el.value || ''] }"


@pytest.fixture(scope="module")
def exercises():
    """The analysis of the notebook's cell, made again here: the exercises the page shows."""
    analysis = iw.analyse(bot_game("volterra", "easy", seed=1, max_plies=12), precision=0.1, seed=0)
    return lambda: analysis.exercises("Light")  # fresh exercises (no tries) at each call


@pytest.fixture(scope="module")
def lab(browser, lab_server):
    """widgets.ipynb open in JupyterLab with its last cell run (both exercise boards shown)."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(f"{lab_server['base']}/lab/tree/widgets.ipynb?token={lab_server['token']}")
    page.wait_for_selector(".jp-NotebookPanel", timeout=90_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.evaluate(RUN_LAST_CELL)
    page.wait_for_selector(".py-exercises-dark .iw-board", timeout=120_000)
    yield page
    context.close()


def _until(page, read, expected, timeout_ms: int = 60_000):
    """Poll ``read()`` until it equals ``expected`` (the kernel answers a click in its own time);
    the last value read otherwise, for the assertion's message."""
    value = read()
    for _ in range(timeout_ms // 100):
        if value == expected:
            break
        page.wait_for_timeout(100)
        value = read()
    return value


def _pieces(board) -> dict[str, list[str]]:
    """The pieces the board's picture draws on each square, bottom first (its SVG's data)."""
    found = board.locator(".iw-board .iw-piece").evaluate_all(
        "els => els.map((e) => [e.getAttribute('data-loc'), e.getAttribute('data-token')])")
    pieces: dict[str, list[str]] = {}
    for loc, token in found:
        pieces.setdefault(loc, []).append(token)
    return pieces


def _position(state) -> dict[str, list[str]]:
    return {loc: list(stack) for loc, stack in svg.locations(state).items() if stack}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_an_exercise_is_answered_wrong_hinted_solved_and_the_next_answered_right(lab, artifacts, exercises,
                                                                                 texts_contrast, scheme):
    page = lab
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', { theme })",
                  f"JupyterLab {scheme.title()}")
    page.wait_for_selector(f'body[data-jp-theme-light="{str(scheme == "light").lower()}"]', state="attached",
                           timeout=30_000)
    board = page.locator(f".py-exercises-{scheme}")
    board.scroll_into_view_if_needed()
    title = board.locator(".widget-html-content").first
    feedback = board.locator(".iw-feedback")
    box = board.locator("input[type=text]")
    button = {name: board.get_by_role("button", name=name, exact=True)
              for name in ("Check", "Hint", "Solution", "Previous", "Next")}
    tasks = exercises()  # the page's exercises, replayed here for the exact words
    first = tasks[0]

    # The question, and the position before the move played (ply 3 of the game).
    assert (first.ply, first.played, first.label, first.solution) == (3, "b1-d3", "blunder", "d1-c3")
    assert title.inner_text() == ("Exercise 1 of 3. Ply 3: Light played b1-d3, blunder (??). "
                                  "Find a better move for Light.")
    assert _pieces(board) == _position(first.state)
    assert _pieces(board)["c2"] == ["L", "@L"] and _pieces(board)["c4"] == ["L", "D", "@D"]
    # A screen reader hears the position: the picture's name says every occupied square.
    picture = board.get_by_role("img", name="Volterra board: Light to move. On the board: ")
    assert picture.count() == 1 and picture.get_attribute("aria-label") == position_words(first.state)
    assert "; c2: L @L; " in position_words(first.state) and "; c4: L D @D; " in position_words(first.state)
    # Every control is a labelled button (or the labelled box), the first exercise has no Previous.
    assert [button[name].get_attribute("title") for name in button] == [
        "Check the move in the box", "A hint", "Show the solution", "The previous exercise", "The next exercise"]
    assert button["Previous"].is_disabled() and button["Next"].is_enabled()
    assert board.get_by_label("Your move").count() == 1 and box.get_attribute("placeholder") == (
        "a move, as the game writes it")

    # A move that is not legal there is answered with the rule it breaks, and is not a try.
    box.fill("a4-a3")
    button["Check"].click()
    illegal = str(first.check("a4-a3"))
    assert illegal == ("✘ Not yet: a4-a3 is not legal here: a4 is not next to Light's pawn on c2; only a "
                       "neighbouring tower can be moved.")
    assert _until(page, feedback.inner_text, illegal) == illegal

    # A wrong move, typed and checked from the keyboard: Tab from the box reaches Check, Enter presses it.
    box.fill("@b1")
    box.focus()
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == ["BUTTON", "Check"]
    page.keyboard.press("Enter")
    wrong = str(first.check("@b1"))
    assert wrong.startswith("✘ Not yet: @b1 is worth ") and wrong.endswith(
        "less than the best found (0.81) by more than ±0.1. Try again (ask for a hint if you like).")
    assert _until(page, feedback.inner_text, wrong) == wrong
    assert feedback.get_attribute("data-kind") == "wrong" and feedback.get_attribute("role") == "status"
    assert feedback.locator(".iw-badge").inner_text() == "✘ Not yet"  # words, not a colour alone
    # The hint, by the keyboard too (Tab on to the next button, Space presses it).
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == ["BUTTON", "Hint"]
    page.keyboard.press("Space")
    hint = "Hint: the move to find: it starts from d1."
    assert first.hint() == hint and _until(page, feedback.inner_text, hint) == hint
    assert feedback.locator(".iw-badge").inner_text() == "Hint"
    tab_contrasts = texts_contrast(page, f".py-exercises-{scheme} .iw-feedback")
    # The solution is refused before the second try.
    button["Solution"].click()
    refused = "Try twice first: the solution comes after the second try."
    assert _until(page, feedback.inner_text, refused) == refused

    # The second wrong try (capitals and spaces, Enter in the box) gives the solution in its verdict.
    box.fill("D1 - D2")
    box.press("Enter")
    second = str(first.check("d1-d2"))
    assert second.startswith("✘ Not yet: d1-d2 is worth ") and second.endswith(
        "The solution: d1-c3 (worth 0.81 [0.73–0.88]), then @b3 b4-c3 @c3 a4-c4.")
    assert _until(page, feedback.inner_text, second) == second
    tab_contrasts += texts_contrast(page, f".py-exercises-{scheme} .iw-feedback")
    assert _pieces(board) == _position(first.state)  # words only: the board still asks
    # The Solution button now draws it.
    button["Solution"].click()
    solution = "The solution: d1-c3 (worth 0.81 [0.73–0.88]), then @b3 b4-c3 @c3 a4-c4"
    assert _until(page, feedback.inner_text, solution) == solution
    after = first.state.play("d1-c3")
    assert _until(page, lambda: _pieces(board), _position(after)) == _position(after)
    assert "d1" not in _pieces(board) and _pieces(board)["c3"] == ["D", "L"]
    assert picture.get_attribute("aria-label") == position_words(after)  # still Light to move: two actions a turn
    assert position_words(after).startswith("Volterra board: Light to move. On the board: a1: D; b1: L; c1: D; e1: D;")
    tab_contrasts += texts_contrast(page, f".py-exercises-{scheme} .iw-feedback")
    page.screenshot(path=str(artifacts / f"exercise-solution-{scheme}.png"))

    # The next exercise: its question and position, an empty box, and a right answer in capitals with spaces.
    button["Next"].click()
    second_task = tasks[1]
    question = ("Exercise 2 of 3. Ply 7: Light played a4-c2, blunder (??). Find a better move for Light.")
    assert _until(page, title.inner_text, question) == question
    assert _until(page, lambda: _pieces(board), _position(second_task.state)) == _position(second_task.state)
    assert box.input_value() == "" and button["Previous"].is_enabled()
    box.fill(" A4 - B4 ")
    button["Check"].click()
    right = str(second_task.check(" A4 - B4 "))
    assert right.startswith("✔ Right: a4-b4 is the best move the analysis found: a4-b4 (worth ")
    assert _until(page, feedback.inner_text, right) == right
    assert feedback.get_attribute("data-kind") == "right" and feedback.locator(".iw-badge").inner_text() == "✔ Right"
    assert _until(page, lambda: _pieces(board), _position(second_task.state.play("a4-b4"))) == _position(
        second_task.state.play("a4-b4"))
    tab_contrasts += texts_contrast(page, f".py-exercises-{scheme} .iw-feedback")
    page.screenshot(path=str(artifacts / f"exercise-right-{scheme}.png"))

    # Every text of the feedback (its badge and the words after it) and of the question is readable.
    texts = tab_contrasts + texts_contrast(page, f".py-exercises-{scheme} .widget-html-content")
    words = {t["text"] for t in texts}
    assert {"✘ Not yet", "Hint", "The solution", "✔ Right"} <= words, words
    assert [t for t in texts if t["ratio"] < 4.5] == [], (scheme, texts)
    assert not page.errors, page.errors
