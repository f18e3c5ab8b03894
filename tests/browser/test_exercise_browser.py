"""Learn from your mistakes in Chromium (issue 31): the exercise board in JupyterLab, light and dark.

Run with ``pytest -m browser tests/browser``. The last cell of widgets.ipynb (only that cell is
run here) analyses a short seeded bot game and shows Light's three labelled moves as exercises
on an :class:`icewidgets.ExerciseBoard`, with a light board and with a dark one. The tests answer
through the page, as a student does: a move that is not legal (typed), a wrong move played on
the board with two clicks (the pawn, then where it goes: the position stays), a hint from the
keyboard, a second wrong move typed (the verdict gives the solution), the solution played on the
board, the next exercise, a right answer played on the board from the keyboard alone (the
cursor's arrows and Enter), and the third one typed in another form (capitals and spaces). Then,
at 400 px wide, the board stands above its panel, at least 280 px wide, and every text is
readable. Every text expected is computed here by the same exercises, and the stable parts are
pinned as words. Screenshots go to ``test-artifacts/``.
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
PHONE = """async (phone) => {
  const app = window.jupyterapp;
  if (phone) { app.shell.collapseLeft(); app.shell.collapseRight(); }
  for (const side of ["left", "right"]) {
    const bar = document.querySelector(`.jp-SideBar.jp-mod-${side}`);
    const shown = !!bar && bar.offsetWidth > 0;
    if (shown === phone) await app.commands.execute("application:toggle-side-tabbar", { side });
  }
}"""
"""Close JupyterLab's side panels and hide their tab bars, as on a phone (``phone=False``: show the tab bars again)."""
FOCUSED = "() => { const el = document.activeElement; return [el.tagName, el.textContent || el.value || ''] }"


@pytest.fixture(scope="module")
def exercises():
    """The analysis of the notebook's cell, made again here: the exercises the page shows."""
    analysis = iw.analyse(bot_game("volterra", "easy", seed=1, max_plies=12), precision=0.1, seed=0)
    return lambda: analysis.exercises("Light")  # fresh exercises (no tries) at each call


@pytest.fixture(scope="module")
def volcano_exercises():
    """The Volcano exercises of the notebook's cell, made again here (fresh at each call)."""
    record = bot_game("volcano", "easy", seed=0, max_plies=40).truncated(30)
    analysis = iw.analyse(record, precision=0.2, seed=0)
    return lambda: analysis.exercises(1)


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
    page.wait_for_selector(".py-exercises-volcano .iw-board", timeout=180_000)
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
    """The pieces the board's picture draws on each square, bottom first (its SVG's data), and
    in each place off the board (a pile of captures, sorted: the page lays a pile out its own way)."""
    found = board.locator(".iw-board .iw-piece").evaluate_all(
        "els => els.map((e) => [e.getAttribute('data-loc'), e.getAttribute('data-token')])")
    squares = set(board.locator("svg.iw-board [data-square]").evaluate_all(
        "els => els.map((e) => e.getAttribute('data-square'))"))
    pieces: dict[str, list[str]] = {}
    for loc, token in found:
        pieces.setdefault(loc, []).append(token)
    return {loc: stack if loc in squares else sorted(stack) for loc, stack in pieces.items()}


def _position(state) -> dict[str, list[str]]:
    squares = set(state.game.grid.names)
    return {loc: list(stack) if loc in squares else sorted(stack) for loc, stack in svg.locations(state).items() if stack}


def _square(board, name: str):
    return board.locator(f'svg.iw-board [data-square="{name}"]')


def _cursor_to(page, board, square: str) -> None:
    """Move the board's keyboard cursor to ``square`` with the arrow keys (the board has the focus)."""
    target = _square(board, square).bounding_box()
    for _ in range(30):
        now = (board.locator("svg.iw-board").get_attribute("aria-activedescendant") or "").rsplit("-", 1)[-1]
        if now == square:
            return
        box = _square(board, now).bounding_box()
        dx, dy = target["x"] - box["x"], target["y"] - box["y"]
        page.keyboard.press(("ArrowRight" if dx > 0 else "ArrowLeft") if abs(dx) > box["width"] / 2
                            else ("ArrowDown" if dy > 0 else "ArrowUp"))
    raise AssertionError(f"the cursor did not reach {square}")


def _theme(page, scheme: str) -> None:
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', { theme })",
                  f"JupyterLab {scheme.title()}")
    page.wait_for_selector(f'body[data-jp-theme-light="{str(scheme == "light").lower()}"]', state="attached",
                           timeout=30_000)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_exercises_answered_by_typing_and_on_the_board_wrong_hinted_solved_and_right(lab, artifacts, exercises,
                                                                                     texts_contrast, scheme):
    page = lab
    _theme(page, scheme)
    board = page.locator(f".py-exercises-{scheme}")
    board.scroll_into_view_if_needed()
    title = board.locator(".widget-html-content").first
    feedback = board.locator(".iw-feedback")
    box = board.get_by_label("Your move")
    button = {name: board.get_by_role("button", name=name, exact=True)
              for name in ("Check", "Hint", "Solution", "Previous", "Next")}
    tasks = exercises()  # the page's exercises, replayed here for the exact words
    first = tasks[0]

    # The question, and the position before the move played (ply 3 of the game), on the game widget's board.
    assert (first.ply, first.played, first.label, first.solution) == (3, "b1-d3", "blunder", "d1-c3")
    assert title.inner_text() == ("Exercise 1 of 3. Ply 3: Light played b1-d3, blunder (??). "
                                  "Find a better move for Light.")
    assert _until(page, lambda: _pieces(board), _position(first.state)) == _position(first.state)
    assert _pieces(board)["c2"] == ["L", "@L"] and _pieces(board)["c4"] == ["L", "D", "@D"]
    # Only the board and its move controls: no replay, analysis, undo or loading in an exercise.
    game = board.locator(".iw-game")
    assert game.get_attribute("class").split().count("iw-exercise") == 1
    for hidden in (".iw-nav", ".iw-slider", ".iw-analysis", ".iw-moveform", ".iw-movelistbox", ".iw-share"):
        assert game.locator(hidden).is_hidden(), hidden
    assert game.get_by_role("button", name="Undo").is_hidden()
    # A screen reader hears the position: in words, and each square says its stack.
    assert board.locator(".iw-position").text_content() == position_words(first.state)
    assert "; c2: L @L; " in position_words(first.state) and "; c4: L D @D; " in position_words(first.state)
    assert _square(board, "c2").get_attribute("aria-label") == "c2: L @L"
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

    # A wrong move played on the board: the pawn (c2), then where it goes (b1). It is checked as a
    # typed one, written in the box, and the position stays as it was.
    _square(board, "c2").click()
    assert _until(page, lambda: game.locator(".iw-message").inner_text(), "Selected c2: choose a highlighted square."
                  ) == "Selected c2: choose a highlighted square."
    assert game.locator(".iw-select .iw-target").count() > 0  # where the pawn may go, marked
    _square(board, "b1").click()
    wrong = str(first.check("@b1"))
    assert wrong.startswith("✘ Not yet: @b1 is worth ") and wrong.endswith(
        "less than the best found (0.81) by more than ±0.1. Try again (ask for a hint if you like).")
    assert _until(page, feedback.inner_text, wrong) == wrong
    assert box.input_value() == "@b1"
    assert feedback.get_attribute("data-kind") == "wrong" and feedback.get_attribute("role") == "status"
    assert feedback.locator(".iw-badge").inner_text() == "✘ Not yet"  # words, not a colour alone
    page.wait_for_timeout(500)  # (an animation would have moved a piece by now)
    assert _pieces(board) == _position(first.state) and game.locator(".iw-select .iw-target").count() == 0
    # The hint, by the keyboard (Tab from the box to Check, on to Hint; Space presses it).
    box.focus()
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == ["BUTTON", "Check"]
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
    # The Solution button plays it on the board.
    button["Solution"].click()
    solution = "The solution: d1-c3 (worth 0.81 [0.73–0.88]), then @b3 b4-c3 @c3 a4-c4"
    assert _until(page, feedback.inner_text, solution) == solution
    after = first.state.play("d1-c3")
    assert _until(page, lambda: _pieces(board), _position(after)) == _position(after)
    assert "d1" not in _pieces(board) and _pieces(board)["c3"] == ["D", "L"]
    assert _square(board, "c3").get_attribute("aria-label") == "c3: D L"
    tab_contrasts += texts_contrast(page, f".py-exercises-{scheme} .iw-feedback")
    page.screenshot(path=str(artifacts / f"exercise-solution-{scheme}.png"))

    # The next exercise: its question and position, an empty box, and a right answer played on
    # the board from the keyboard alone: the cursor to a4, Enter, to b4, Enter.
    button["Next"].click()
    second_task = tasks[1]
    question = "Exercise 2 of 3. Ply 7: Light played a4-c2, blunder (??). Find a better move for Light."
    assert _until(page, title.inner_text, question) == question
    assert _until(page, lambda: _pieces(board), _position(second_task.state)) == _position(second_task.state)
    assert box.input_value() == "" and button["Previous"].is_enabled()
    board.locator("svg.iw-board").focus()
    _cursor_to(page, board, "a4")
    page.keyboard.press("Enter")
    assert _until(page, lambda: game.locator(".iw-message").inner_text(), "Selected a4: choose a highlighted square."
                  ) == "Selected a4: choose a highlighted square."
    _cursor_to(page, board, "b4")
    page.keyboard.press("Enter")
    right = str(second_task.check("a4-b4"))
    assert right.startswith("✔ Right: a4-b4 is the best move the analysis found: a4-b4 (worth ")
    assert _until(page, feedback.inner_text, right) == right
    assert feedback.get_attribute("data-kind") == "right" and feedback.locator(".iw-badge").inner_text() == "✔ Right"
    played = second_task.state.play("a4-b4")
    assert _until(page, lambda: _pieces(board), _position(played)) == _position(played)
    assert box.input_value() == "a4-b4"
    # Answered: the board takes no more moves, and says so.
    _square(board, "b4").click()
    _square(board, "b3").click()
    page.wait_for_timeout(300)
    assert _pieces(board) == _position(played)
    tab_contrasts += texts_contrast(page, f".py-exercises-{scheme} .iw-feedback")
    page.screenshot(path=str(artifacts / f"exercise-right-{scheme}.png"))

    # The third, typed in another form (capitals and spaces), as before.
    button["Next"].click()
    third = tasks[2]
    assert _until(page, lambda: _pieces(board), _position(third.state)) == _position(third.state)
    typed = " ".join(third.solution.upper())
    box.fill(typed)
    button["Check"].click()
    verdict = str(third.check(typed))
    assert verdict.startswith("✔ Right: ") and _until(page, feedback.inner_text, verdict) == verdict
    tab_contrasts += texts_contrast(page, f".py-exercises-{scheme} .iw-feedback")

    # Every text of the feedback (its badge and the words after it) and of the question is readable.
    texts = tab_contrasts + texts_contrast(page, f".py-exercises-{scheme} .widget-html-content")
    words = {t["text"] for t in texts}
    assert {"✘ Not yet", "Hint", "The solution", "✔ Right"} <= words, words
    assert [t for t in texts if t["ratio"] < 4.5] == [], (scheme, texts)
    assert not page.errors, page.errors


def test_a_capture_is_chosen_piece_by_piece_on_the_board_wrong_then_right(lab, artifacts, volcano_exercises,
                                                                          texts_contrast):
    page = lab
    _theme(page, "light")
    board = page.locator(".py-exercises-volcano")
    board.scroll_into_view_if_needed()
    game = board.locator(".iw-game")
    feedback = board.locator(".iw-feedback")
    message = game.locator(".iw-message")
    board.get_by_role("button", name="Next", exact=True).click()
    task = volcano_exercises()[1]
    assert (task.ply, task.played, task.solution) == (28, "capture:none", "capture:c4+e4")
    question = ("Exercise 2 of 2. Ply 28: Player 2 played capture:none, blunder (??). "
                "Find a better move for Player 2.")
    title = board.locator(".widget-html-content").first
    assert _until(page, title.inner_text, question) == question
    assert _until(page, lambda: _pieces(board), _position(task.state)) == _position(task.state)
    take = game.get_by_role("button", name="Take selected (c4)")

    # One piece selected (a click), then taken with the button: a wrong try, undone on the board.
    _square(board, "c4").click()
    selected = "Selected to take: c4. Click another to add it, or a selected one to drop it; then press “Take selected”."
    assert _until(page, message.inner_text, selected) == selected
    assert "selected to take" in _square(board, "c4").get_attribute("aria-label")  # not a colour alone
    take.click()
    wrong = str(task.check("capture:c4"))
    assert wrong.startswith("✘ Not yet: capture:c4 is worth ") and _until(page, feedback.inner_text, wrong) == wrong
    page.wait_for_timeout(500)
    assert _pieces(board) == _position(task.state)
    assert game.get_by_role("button", name="Take selected (none yet)").is_disabled()  # the selection is cleared
    # Escape clears a selection too (the keyboard's way back).
    _square(board, "e4").click()
    assert _until(page, lambda: game.get_by_role("button", name="Take selected (e4)").count(), 1) == 1
    board.locator("svg.iw-board").focus()
    page.keyboard.press("Escape")
    assert _until(page, lambda: game.get_by_role("button", name="Take selected (none yet)").count(), 1) == 1

    # Both pieces, one click each, then the button: right, and shown taken on the board.
    _square(board, "c4").click()
    _square(board, "e4").click()
    both = game.get_by_role("button", name="Take selected (c4 and e4)")
    assert _until(page, both.count, 1) == 1
    both.click()
    right = str(task.check("capture:c4+e4"))
    assert right.startswith("✔ Right: capture:c4+e4 is the best move the analysis found")
    assert _until(page, feedback.inner_text, right) == right
    after = task.state.play("capture:c4+e4")
    assert _until(page, lambda: _pieces(board), _position(after)) == _position(after)
    assert game.locator(".iw-actions button").count() == 0  # answered: no more moves offered
    page.screenshot(path=str(artifacts / "exercise-volcano-right.png"))
    # The board follows the notebook's theme (theme="auto"): every text readable in light and dark.
    texts = texts_contrast(page, ".py-exercises-volcano")
    _theme(page, "dark")
    page.wait_for_timeout(300)
    assert "iw-dark" in game.get_attribute("class").split()
    texts += texts_contrast(page, ".py-exercises-volcano")
    assert [t for t in texts if t["ratio"] < 4.5] == [], [t for t in texts if t["ratio"] < 4.5]
    page.screenshot(path=str(artifacts / "exercise-volcano-dark.png"))
    assert not page.errors, page.errors


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_400_px_the_exercise_board_is_above_its_panel_and_every_text_is_readable(lab, artifacts, texts_contrast,
                                                                                   svg_text_sizes, scheme):
    page = lab
    _theme(page, scheme)
    page.set_viewport_size({"width": 400, "height": 900})
    # As on a phone: the side panels and their tab bars closed, the notebook the page's whole width.
    page.evaluate(PHONE, True)
    try:
        board = page.locator(f".py-exercises-{scheme}")
        board.locator(".iw-game").scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        game = board.locator(".iw-game")
        width = board.bounding_box()["width"]
        assert width <= 400
        squares = game.locator("svg.iw-board [data-square]").evaluate_all(
            "els => els.map((e) => e.getBoundingClientRect()).reduce((a, r) => [Math.min(a[0], r.left), "
            "Math.max(a[1], r.right), Math.max(a[2], r.bottom)], [1e9, -1e9, -1e9])")
        assert squares[1] - squares[0] >= 280, squares
        assert "iw-stacked" in game.get_attribute("class").split()  # the panel under the board
        panel = game.locator(".iw-panel").bounding_box()
        assert panel["y"] >= squares[2] - 1 and panel["x"] + panel["width"] <= board.bounding_box()["x"] + width
        assert game.locator(".iw-side").bounding_box()["y"] >= squares[2] - 1
        # The answer box and the buttons wrap under the board, none sideways.
        for control in [board.get_by_label("Your move")] + [
                board.get_by_role("button", name=name, exact=True) for name in ("Check", "Hint", "Solution", "Next")]:
            where = control.bounding_box()
            assert where["y"] >= squares[2] and where["x"] + where["width"] <= board.bounding_box()["x"] + width + 1
        assert board.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
        # Readable: the board's letters and badges at least 12 px, every text of the page's parts ≥ 4.5:1.
        small = [t for t in svg_text_sizes(game) if t[1] < 11.9]
        assert small == [], small
        texts = texts_contrast(page, f".py-exercises-{scheme}")
        assert len(texts) > 10 and [t for t in texts if t["ratio"] < 4.5] == [], (scheme, [t for t in texts if t["ratio"] < 4.5])
        board.screenshot(path=str(artifacts / f"exercise-400-{scheme}.png"))
    finally:
        page.evaluate(PHONE, False)
        page.set_viewport_size({"width": 1200, "height": 1000})
    assert not page.errors, page.errors
