"""GameWidget in JupyterLab and Chromium: play by clicking squares, replay, eruption stages.

Run with ``pytest -m browser tests/browser``. Screenshots go to ``test-artifacts/``; the time of
one replay step is printed (target ≤ 16 ms), not asserted. Besides JupyterLab (light and dark),
the same widget is driven in Notebook 7 and Voilà (when installed), in a standalone replay
page with every network request blocked, and in nbconvert's HTML export.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import icewidgets as iw
from icewidgets import svg
from icewidgets.analysis.review import review_text
from icewidgets.widgets.analysing import hint_text

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)] if importlib.util.find_spec("pytest_timeout") else [pytest.mark.browser]

GAMES = ["volcano", "volterra", "ice3", "blockade"]
APP = "20-classroom-app.ipynb"  # the classroom app notebook, copied beside widgets.ipynb by the server fixture
ROOT = Path(__file__).resolve().parent.parent.parent


def _available(name: str) -> bool:
    return importlib.util.find_spec(f"icewidgets.games.{name}") is not None


@pytest.fixture(scope="module")
def page(browser, lab_server):
    """The test notebook open in JupyterLab with every cell run."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    received: list[int] = []  # bytes of every websocket frame the page receives, in order
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: received.append(len(payload))))
    page.goto(f"{lab_server['base']}/lab/tree/widgets.ipynb?token={lab_server['token']}")
    page.wait_for_selector(".jp-NotebookPanel", timeout=90_000)
    _accept_kernel_dialog(page)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator, .jp-Toolbar-kernelStatus, .jp-KernelStatus", timeout=60_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    _accept_kernel_dialog(page)
    page.wait_for_selector('.iw-game[data-game="volcano"] [data-square="c3"]', timeout=120_000)
    page.wait_for_selector('.py-status[data-game="ice3"]', timeout=120_000)
    page.wait_for_selector('.py-status[data-game="volcano-long"]', timeout=120_000)
    # The last cell (test_exercise_browser.py's boards) analyses two games: the kernel is free after it.
    page.wait_for_selector(".py-exercises-volcano .iw-board", timeout=180_000)
    page.errors = errors  # type: ignore[attr-defined]
    page.received = received  # type: ignore[attr-defined]
    yield page
    context.close()


def _accept_kernel_dialog(page) -> None:
    dialog = page.locator(".jp-Dialog")
    try:
        dialog.wait_for(timeout=3_000)
    except Exception:
        return
    page.locator(".jp-Dialog .jp-mod-accept").click()


def _widget(page, game: str, seats: str = "human,human"):
    widget = page.locator(f'.iw-game[data-game="{game}"][data-seats="{seats}"]').first  # the last is a long game
    widget.wait_for(timeout=120_000)
    widget.scroll_into_view_if_needed()
    return widget


def _status(page, game: str):
    return page.locator(f'.py-status[data-game="{game}"]')


def _click_move(widget, state, move) -> None:
    """Play ``move`` by clicking its squares (and the chooser button when several moves match).

    A move of a group (a set of pieces) is clicked from one of its pieces: each click on the
    piece picks the next group it belongs to, until the move's group is picked."""
    controls = state.game.controls
    squares = controls.move_squares
    source, target = squares(state, move)[0]
    group = controls.move_group(state, move)
    widget.locator(f'[data-square="{source}"]').click()
    if group is not None:
        for _ in range(4):
            if widget.locator(".iw-message", has_text=controls.group(state, group).label).count():
                break
            widget.locator(f'[data-square="{source}"]').click()
    widget.locator(f'.iw-target[data-mark="{target}"]').wait_for(timeout=5_000)
    widget.locator(f'[data-square="{target}"]').click()
    if group is not None:
        same = [m for m in state.legal_moves() if controls.move_group(state, m) == group
                and target in [t for _, t in squares(state, m)]]
    else:
        same = [m for m in state.legal_moves() if (source, target) in squares(state, m)]
    if len(same) > 1:
        widget.locator(".iw-choice", has_text=re.compile(f"^{re.escape(str(move))}$")).click()


def _settle(page) -> None:
    """Wait until no piece is moving, so screenshots show whole frames."""
    # Polled with evaluate, not wait_for_function: the standalone page's Content-Security-Policy
    # forbids the eval that wait_for_function's string predicate needs.
    for _ in range(200):
        if page.evaluate("() => [...document.querySelectorAll('.iw-piece')].every((el) => el.getAnimations().length === 0)"):
            return
        page.wait_for_timeout(50)
    raise AssertionError("pieces were still moving after 10 s")


def _where(widget) -> str:
    return widget.locator(".iw-where").inner_text()


def test_volcano_click_play_replay_and_eruption_stages(page, artifacts):
    widget = _widget(page, "volcano")
    status = _status(page, "volcano")
    state = iw.make("volcano", capture="must").new_state(seed=1)  # the notebook's widget takes every capture

    # A cap move that does not erupt, then one that erupts and captures.
    first = next(m for m in state.legal_moves() if not state.erupts(m))
    _click_move(widget, state, first)
    status.filter(has_text="plies=1 ").wait_for(timeout=20_000)
    state = state.play(first)
    erupting = next(m for m in state.legal_moves() if state.erupts(m) and any(e.kind == "capture" for e in state.play(m).events))
    _click_move(widget, state, erupting)
    status.filter(has_text="plies=2 ").wait_for(timeout=20_000)
    after = state.play(erupting)
    stage_texts = _stage_texts(state, erupting, after)
    assert len(stage_texts) >= 3

    # The widget steps through the eruption on its own; wait until it shows the last stage.
    widget.locator(".iw-where", has_text=f"Ply 2 of 2, stage {len(stage_texts)} of {len(stage_texts)}").wait_for(timeout=20_000)
    assert after.stack(str(erupting).split("-")[1]).endswith("K1")

    # Back through every stage with the button, checking the narration of each.
    for k in range(len(stage_texts) - 1, 0, -1):
        widget.get_by_role("button", name="Back", exact=True).click()
        assert _where(widget) == f"Ply 2 of 2, stage {k} of {len(stage_texts)}"
        assert widget.locator(".iw-detailstext").text_content().startswith(stage_texts[k - 1][:40])
        assert widget.locator(".iw-summary").inner_text() == state.game.view.summary(state, erupting, after)
    widget.get_by_role("button", name="Back", exact=True).click()
    assert _where(widget) == "Ply 1 of 2"
    status.filter(has_text="ply=1 plies=2").wait_for(timeout=20_000)  # the view is reported to Python

    # Keyboard: Home, End, ArrowLeft/Right.
    widget.focus()
    page.keyboard.press("Home")
    assert _where(widget) == "Start (2 plies)"
    status.filter(has_text="ply=0 plies=2").wait_for(timeout=20_000)
    page.keyboard.press("ArrowRight")
    assert _where(widget) == "Ply 1 of 2"
    page.keyboard.press("End")
    assert _where(widget).startswith("Ply 2 of 2, stage")
    page.keyboard.press("ArrowLeft")
    assert _where(widget) == f"Ply 2 of 2, stage {len(stage_texts) - 1} of {len(stage_texts)}"
    widget.get_by_role("button", name="Forward", exact=True).click()

    # One replay step, measured inside the page (the frame is applied synchronously).
    widget.get_by_role("button", name="First", exact=True).click()
    timing = page.evaluate(
        """async (game) => {
            const root = document.querySelector(`.iw-game[data-game="${game}"][data-seats="human,human"]`);
            const fwd = root.querySelector('button[aria-label="Forward"]');
            const first = root.querySelector('button[aria-label="First"]');
            const script = [], painted = [];
            for (let i = 0; i < 5; i++) {
                if (fwd.disabled) first.click();
                const t = performance.now();
                fwd.click();
                script.push(performance.now() - t);
                await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
                painted.push(performance.now() - t);
            }
            const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
            return [median(script), median(painted)];
        }""",
        "volcano",
    )
    print(f"\nreplay step in the browser: {timing[0]:.2f} ms script, {timing[1]:.2f} ms to the next frame (target <= 16 ms)")
    widget.get_by_role("button", name="Last", exact=True).click()

    # An illegal click is explained in the widget and changes nothing in Python.
    empty = next(sq for sq in after.game.grid.names if not after.stack(sq).endswith("K1"))
    widget.locator(f'[data-square="{empty}"]').click()
    assert "No legal move starts on" in widget.locator(".iw-message").inner_text()
    # From a cap to a square it cannot reach: the rules say why, from Python.
    grid = after.game.grid
    cap = after.game.controls.move_squares(after, after.legal_moves()[0])[0][0]
    far = next(sq for sq in grid.names if grid.chebyshev(grid.index(sq), grid.index(cap)) > 1
               and not after.stack(sq).endswith("K1"))
    widget.locator(f'[data-square="{cap}"]').click()
    widget.locator(f'[data-square="{far}"]').click()
    widget.locator(".iw-message.iw-error", has_text=f"{cap}-{far} is illegal: ").wait_for(timeout=20_000)
    assert "plies=2 " in status.inner_text()

    # Undo and redo.
    widget.get_by_role("button", name="Undo", exact=True).click()
    status.filter(has_text="plies=1 ").wait_for(timeout=20_000)
    widget.get_by_role("button", name="Redo", exact=True).click()
    status.filter(has_text="plies=2 ").wait_for(timeout=20_000)
    final = f"Ply 2 of 2, stage {len(stage_texts)} of {len(stage_texts)}"
    widget.locator(".iw-where", has_text=final).wait_for(timeout=20_000)

    # Play from the start at 4x speed until the end.
    widget.get_by_role("combobox", name="Speed").select_option("4")
    widget.get_by_role("button", name="First", exact=True).click()
    widget.get_by_role("button", name="Play", exact=True).click()
    assert widget.get_by_role("button", name="Pause", exact=True).is_visible()
    widget.locator(".iw-where", has_text=final).wait_for(timeout=20_000)
    widget.get_by_role("button", name="Play", exact=True).wait_for(timeout=5_000)

    # Share: copying fills the text box; a bad pasted text is explained and changes nothing.
    widget.get_by_role("button", name="Copy position", exact=True).click()
    assert widget.locator(".iw-sharetext").input_value() == after.to_text()
    widget.get_by_role("button", name="Load position", exact=True).click()
    widget.locator(".iw-sharetext").fill("this is not a position")
    widget.get_by_role("button", name="Load", exact=True).click()
    widget.locator(".iw-message.iw-error", has_text="Could not load that").wait_for(timeout=20_000)
    assert "plies=2 " in status.inner_text()

    _settle(page)
    widget.screenshot(path=str(artifacts / "volcano.png"))
    assert not page.errors, page.errors


def test_volcano_bot_answers_in_the_browser(page, artifacts):
    widget = _widget(page, "volcano", seats="human,greedy")
    status = _status(page, "volcano-bot")
    state = iw.make("volcano").new_state(seed=2)
    erupting = next(m for m in state.legal_moves() if len(state.play(m).capturable) == 1)
    _click_move(widget, state, erupting)
    status.filter(has_text=re.compile(r"plies=1 to_move=0")).wait_for(timeout=30_000)
    # The capture is the player's choice (a click on the piece takes it); declining is a labelled
    # button that the keyboard reaches (focus it, Enter).
    decline = widget.get_by_role("button", name="Take none", exact=True)
    assert decline.get_attribute("data-move") == "capture:none"
    for _ in range(200):  # enabled once the replay of the eruption's stages reaches the last one
        if decline.is_enabled():
            break
        page.wait_for_timeout(100)
    # A native button in the Tab order (JupyterLab keeps Tab for itself, so it is focused directly).
    assert decline.evaluate("el => el.tagName === 'BUTTON' && el.tabIndex === 0 && !el.disabled")
    decline.focus()
    assert page.evaluate("document.activeElement.dataset.move === 'capture:none'")
    page.keyboard.press("Enter")
    widget.locator(".iw-movelist li", has_text="capture:none").first.wait_for(timeout=20_000)
    assert widget.locator(".iw-movelist li").nth(1).inner_text().endswith("capture:none")
    # The bot (seat 2) answers by itself after a short delay, until it is the human's turn again.
    status.filter(has_text=re.compile(r"plies=([2-9]|\d\d) to_move=0")).wait_for(timeout=30_000)
    _settle(page)
    widget.screenshot(path=str(artifacts / "volcano-bot.png"))
    assert not page.errors, page.errors


def test_volcano_capture_choice_by_selecting_pieces(page, artifacts):
    """Three capturable pieces (a3, a4, a5, from a real seeded game): two are selected by clicks
    (one also by the keyboard, then cleared with Escape) and taken; after Undo, none is."""
    cell = page.locator(".jp-Cell", has=page.locator('.py-status[data-game="volcano-choice"]'))
    widget = cell.locator(".iw-game")
    widget.wait_for(timeout=120_000)
    widget.scroll_into_view_if_needed()
    status = _status(page, "volcano-choice")
    assert "plies=5 " in status.text_content()
    state = iw.Record.new("volcano", seed=211).extend(["d4-c4", "capture:b4", "e5-d5", "capture:none", "a1-a2"]).final_state()
    # Each capturable piece wears a dashed ring (a shape, not a colour alone); no button a subset.
    for square in ("a3", "a4", "a5"):
        widget.locator(f'.iw-choosable[data-choice="{square}"]').wait_for(timeout=20_000)
    take = widget.get_by_role("button", name="Take selected (none yet)", exact=True)
    everything = widget.get_by_role("button", name="Take all (a3, a4 and a5)", exact=True)
    none = widget.get_by_role("button", name="Take none", exact=True)
    clear = widget.get_by_role("button", name="Clear selection", exact=True)
    for _ in range(200):  # enabled once the replay reaches the newest position
        if none.is_enabled():
            break
        page.wait_for_timeout(100)
    assert take.is_disabled() and clear.is_disabled() and everything.is_enabled()
    assert widget.locator(".iw-action").count() == 4

    # The keyboard: the cursor starts on the choice's first square; Enter selects, Escape clears.
    board = widget.locator(".iw-board")
    board.focus()
    _walk(page, state, "a3", "a4")
    page.keyboard.press("Enter")
    widget.locator('.iw-chosen[data-chosen="a4"]').wait_for(timeout=20_000)
    widget.locator(".iw-message", has_text="Selected to take: a4.").wait_for(timeout=20_000)
    assert widget.locator('[data-square="a4"]').get_attribute("aria-label").endswith("(selected to take)")
    page.keyboard.press("Escape")
    widget.locator(".iw-message", has_text="Nothing selected").wait_for(timeout=20_000)
    assert widget.locator(".iw-chosen").count() == 0

    # Clicks: a3, then a5; each selected one is framed and ticked, and said in the status line.
    widget.locator('[data-square="a3"]').click()
    widget.locator(".iw-message", has_text="Selected to take: a3.").wait_for(timeout=20_000)
    widget.locator('[data-square="a5"]').click()
    widget.locator(".iw-message[role=status]", has_text="Selected to take: a3 and a5.").wait_for(timeout=20_000)
    assert sorted(widget.locator(".iw-chosen").evaluate_all("els => els.map((e) => e.dataset.chosen)")) == ["a3", "a5"]
    assert widget.locator(".iw-chosentick").count() == 2
    assert widget.locator('.iw-choosable[data-choice="a4"]').count() == 1
    assert widget.locator('[data-square="a4"]').get_attribute("aria-label").endswith("(you may take it)")
    _settle(page)
    widget.screenshot(path=str(artifacts / "volcano-capture-choice.png"))
    # A click elsewhere says what to do and changes nothing.
    widget.locator('[data-square="c3"]').click()
    widget.locator(".iw-message", has_text="Click a square marked with a dashed ring").wait_for(timeout=20_000)
    widget.get_by_role("button", name="Take selected (a3 and a5)", exact=True).click()
    status.filter(has_text="plies=6 ").wait_for(timeout=20_000)
    assert "last=capture:a3+a5 " in status.text_content()
    assert widget.locator(".iw-movelist li").nth(5).inner_text().endswith("capture:a3+a5")
    assert widget.locator(".iw-choosable, .iw-chosen").count() == 0

    # Undo brings the choice back, with nothing selected; "Take none" declines every capture.
    widget.get_by_role("button", name="Undo", exact=True).click()
    status.filter(has_text="plies=5 ").wait_for(timeout=20_000)
    for _ in range(200):
        if none.is_enabled():
            break
        page.wait_for_timeout(100)
    none.click()
    status.filter(has_text="plies=6 ").wait_for(timeout=20_000)
    assert "last=capture:none " in status.text_content()
    # The button pressed is gone with its choice: the focus goes to the board, not the page.
    for _ in range(50):
        if page.evaluate("document.activeElement && document.activeElement.classList.contains('iw-board')"):
            break
        page.wait_for_timeout(100)
    assert page.evaluate("document.activeElement.getAttribute('class')") == "iw-board"
    assert not page.errors, page.errors


def _stage_texts(before, move, after) -> list[str]:
    return [frame.scene.text for frame in svg.ply_frames(svg.Tracker(before), 1, before, move, after)]


@pytest.mark.parametrize("game", ["volterra", "ice3", "blockade"])
def test_other_games_play_by_clicking(page, artifacts, game):
    if not _available(game):
        pytest.skip(f"{game} is not in this version yet")
    widget = _widget(page, game)
    status = _status(page, game)
    state = iw.make(game).new_state(seed=1)
    plies = 0
    if state.to_move == iw.CHANCE:
        widget.get_by_role("button", name="Roll dice").click()
        plies += 1
        status.filter(has_text=f"plies={plies} ").wait_for(timeout=20_000)
        text = status.inner_text()
        last = re.search(r"last=(\S+)", text).group(1)
        state = state.play(last)
    move = next(m for m in state.legal_moves()
                if state.game.controls.move_squares(state, m) and (game != "blockade" or state.play(m).is_legal("end")))
    _click_move(widget, state, move)
    plies += 1
    status.filter(has_text=f"plies={plies} ").wait_for(timeout=20_000)
    assert f"last={move}" in status.inner_text()
    if game == "blockade":  # a turn of several plies ends with the End turn button
        widget.get_by_role("button", name="End turn", exact=True).click()
        plies += 1
        status.filter(has_text=f"plies={plies} to_move=-1 last=end").wait_for(timeout=20_000)
        widget.get_by_role("button", name="Roll dice", exact=True).wait_for(timeout=20_000)
    widget.get_by_role("button", name="Back", exact=True).click()
    status.filter(has_text=f"ply={plies - 1} ").wait_for(timeout=20_000)
    widget.get_by_role("button", name="Forward", exact=True).click()
    status.filter(has_text=f"ply={plies} ").wait_for(timeout=20_000)
    _settle(page)
    widget.screenshot(path=str(artifacts / f"{game}.png"))
    assert not page.errors, page.errors


# Themes, keyboard, small updates, other clients (issue 16) --------------------------------

def _low_contrast(page, texts_contrast) -> tuple[int, list]:
    texts = texts_contrast(page, ".iw-game")
    return len(texts), [t for t in texts if t["ratio"] < 4.5]


def _switch_theme(page, name: str) -> None:
    """Switch JupyterLab's theme while the widgets are shown (the server exposes the app)."""
    page.evaluate("(theme) => window.jupyterapp.commands.execute('apputils:change-theme', { theme })", name)


def _analysed_record() -> iw.Record:
    """The game of widgets.ipynb's analysis cell: each ply the legal move 3i+1 of the list (every
    capture taken at once, so that the six plies are cap moves)."""
    record = iw.Record.new("volcano", seed=1, capture="must")
    state, plies = record.start_state(), []
    for i in range(6):
        move = state.legal_moves()[(3 * i + 1) % len(state.legal_moves())]
        plies.append(str(move))
        state = state.play(move)
    return record.extend(plies)


ANALYSIS_PRECISION = 0.2  # as widgets.ipynb's analysis cell


def _check_analysis_shown(widget, analysis) -> None:
    """The graph has a point per position and the labelled plies marked; the move list carries
    the labels (a symbol, and the words for screen readers); the turning point is named."""
    plies = len(analysis.record.plies)
    assert widget.locator(".iw-graph .iw-gpoint").count() == plies + 1
    labelled = analysis.labelled
    assert labelled, "the test game has labelled plies to show"
    marks = widget.locator(".iw-graph .iw-glabel")
    assert marks.evaluate_all("els => els.map((e) => +e.dataset.ply)") == [p.ply for p in labelled]
    assert marks.evaluate_all("els => els.map((e) => e.textContent)") == [p.symbol for p in labelled]
    for ply in analysis.plies:
        button = widget.locator(f'.iw-movelist li[data-ply="{ply.ply}"] button').first  # then the review's
        name = f"Ply {ply.ply}: {analysis.names[ply.player]} {ply.move}"
        # A proved move carries its mark (#3, #-2) after it, and in its name where its review lacks it.
        assert button.locator(".iw-proved").all_inner_texts() == ([ply.mark] if ply.mark else [])
        proof = f", proved {ply.mark}:" if ply.mark else ""
        if ply.label:
            assert button.locator(".iw-label").inner_text() == ply.symbol
            reason = f", {ply.reason}" if ply.reason else ""
            words = f"{name}, {ply.label} ({ply.symbol}){reason}: {review_text(ply)}"
            assert button.get_attribute("aria-label").startswith(words)
            if f"({ply.mark})" not in words:
                assert button.get_attribute("aria-label")[len(words):].startswith(proof)
        else:
            assert button.locator(".iw-label").count() == 0
            assert button.get_attribute("aria-label") == name if not proof else button.get_attribute(
                "aria-label").startswith(f"{name}{proof}")
    assert widget.locator(".iw-turning").inner_text() == analysis.narration
    summaries = widget.locator(".iw-accuracy li").all_inner_texts()
    assert summaries == [str(s) for s in analysis.summary()]


def _check_ply_axis(widget, plies: int) -> None:
    """The graph's ply axis: numbered ticks from 0 to the last ply, in order, none overlapping
    another, all inside the graph, and at least 9 px tall."""
    ticks = widget.locator(".iw-graph .iw-gtick")
    numbers = [int(text) for text in ticks.all_text_contents()]
    graph = widget.locator(".iw-graph").bounding_box()
    assert numbers[0] == 0 and numbers[-1] == plies and numbers == sorted(numbers) and len(numbers) >= 2, numbers
    boxes = [ticks.nth(i).bounding_box() for i in range(ticks.count())]
    for box in boxes:
        assert box["height"] >= 9 and graph["x"] <= box["x"] and box["x"] + box["width"] <= graph["x"] + graph["width"] + 1
    for left, right in zip(boxes, boxes[1:]):
        assert left["x"] + left["width"] + 2 <= right["x"], "ply numbers overlap"
    name = widget.locator(".iw-graph .iw-gaxis").bounding_box()
    assert graph["x"] <= name["x"] and name["x"] + name["width"] + 2 <= boxes[0]["x"], "'ply' runs into the 0"


def test_the_analysis_graph_labels_and_hints_in_jupyterlab_light_narrow_and_dark(page, artifacts, texts_contrast):
    cell = page.locator(".jp-Cell", has=page.locator('.py-status[data-game="volcano-analysis"]'))
    widget = cell.locator(".iw-game")
    widget.wait_for(timeout=120_000)
    widget.scroll_into_view_if_needed()
    status = _status(page, "volcano-analysis")
    record = _analysed_record()
    assert widget.locator(".iw-graphbox").is_hidden()
    widget.get_by_role("button", name="Analyse", exact=True).click()
    # The first analysis in a fresh checkout compiles the rollouts' kernel first.
    widget.locator(".iw-analysisstatus", has_text="Analysed 6 plies at ±0.2.").wait_for(timeout=180_000)
    status.filter(has_text="analysed=6").wait_for(timeout=20_000)
    analysis = iw.analyse(record, precision=ANALYSIS_PRECISION)
    _check_analysis_shown(widget, analysis)
    assert widget.get_by_role("button", name="Stop", exact=True).is_disabled()

    # A click on a point of the graph goes to its ply; so does Enter on a labelled ply.
    widget.locator('.iw-graph .iw-gpoint[data-ply="2"]').click()
    assert _where(widget).startswith("Ply 2 of 6")
    status.filter(has_text="ply=2 ").wait_for(timeout=20_000)
    label = analysis.labelled[-1].ply
    widget.locator(f'.iw-graph .iw-glabel[data-ply="{label}"]').focus()
    page.keyboard.press("Enter")
    assert _where(widget).startswith(f"Ply {label} of 6")
    widget.locator('.iw-graph .iw-gpoint[data-ply="2"]').click()
    status.filter(has_text="ply=2 ").wait_for(timeout=20_000)

    # Hint: the best three moves of the position shown, listed and drawn on the board.
    widget.get_by_role("button", name="Hint", exact=True).click()
    hints = iw.hint(list(record.states())[2], k=3, precision=ANALYSIS_PRECISION)
    widget.locator(".iw-hintlist li").nth(2).wait_for(timeout=60_000)
    assert widget.locator(".iw-hintlist li .iw-hintwords").all_inner_texts() == [hint_text(h) for h in hints]
    drawn = widget.locator(".iw-hintlayer .iw-hint")
    assert drawn.evaluate_all("els => els.map((e) => e.dataset.move)") == [str(h.move) for h in hints]
    assert drawn.locator("text").evaluate_all("els => els.map((e) => e.textContent)") == [
        f"{i}: {h.mark or f'{h.value:.2f}'}" for i, h in enumerate(hints, 1)]
    widget.get_by_role("button", name="Forward", exact=True).click()
    assert widget.locator(".iw-hintlayer .iw-hint").count() == 0  # only at the position they are for
    widget.get_by_role("button", name="Back", exact=True).click()
    assert widget.locator(".iw-hintlayer .iw-hint").count() == 3
    _settle(page)
    widget.screenshot(path=str(artifacts / "analysis-light.png"))

    # Narrow: the board above, the graph as wide as the widget, nothing sideways.
    page.set_viewport_size({"width": 600, "height": 1000})
    try:
        page.wait_for_timeout(300)
        box, graph = widget.bounding_box(), widget.locator(".iw-graph").bounding_box()
        assert box["width"] <= 600 and graph["x"] >= box["x"] and graph["x"] + graph["width"] <= box["x"] + box["width"]
        assert widget.locator(".iw-side").bounding_box()["y"] >= widget.locator(".iw-boardbox").bounding_box()["y"] + 100
        assert widget.evaluate("el => el.scrollWidth <= el.clientWidth")
        assert widget.locator(".iw-hintlayer .iw-hint").count() == 3
        widget.scroll_into_view_if_needed()
        widget.screenshot(path=str(artifacts / "analysis-narrow.png"))
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})

    # Dark: every text of the analysis readable, the labels and hints still there.
    _switch_theme(page, "JupyterLab Dark")
    try:
        page.wait_for_selector('body[data-jp-theme-light="false"]', state="attached", timeout=30_000)
        ours = ".jp-Cell:has(.py-status[data-game='volcano-analysis']) .iw-game"
        page.locator(f"{ours}.iw-dark").wait_for(timeout=30_000)
        texts = texts_contrast(page, ours)
        assert len(texts) > 60 and [t for t in texts if t["ratio"] < 4.5] == []
        assert widget.locator(".iw-hintlayer .iw-hint").count() == 3 and widget.locator(".iw-glabel").count() == len(
            analysis.labelled)
        widget.scroll_into_view_if_needed()
        _settle(page)
        widget.screenshot(path=str(artifacts / "analysis-dark.png"))
    finally:
        _switch_theme(page, "JupyterLab Light")
        page.wait_for_selector('body[data-jp-theme-light="true"]', state="attached", timeout=30_000)
    assert not page.errors, page.errors


def test_every_text_is_readable_in_jupyterlab_light_and_dark(page, artifacts, texts_contrast):
    widget = _widget(page, "volcano")
    count, low = _low_contrast(page, texts_contrast)
    assert count > 100 and low == [], low
    widget.screenshot(path=str(artifacts / "jupyterlab-light.png"))
    _switch_theme(page, "JupyterLab Dark")
    page.wait_for_selector('body[data-jp-theme-light="false"]', state="attached", timeout=30_000)
    page.wait_for_selector('.iw-game.iw-dark[data-game="volcano"]', timeout=30_000)
    count, low = _low_contrast(page, texts_contrast)
    assert count > 100 and low == [], low
    background = page.evaluate("getComputedStyle(document.querySelector('.iw-game')).backgroundColor")
    assert background == "rgb(17, 17, 17)"  # the theme's --jp-layout-color0, not a white box
    _settle(page)
    widget.screenshot(path=str(artifacts / "jupyterlab-dark.png"))
    _switch_theme(page, "JupyterLab Light")
    page.wait_for_selector('body[data-jp-theme-light="true"]', state="attached", timeout=30_000)
    assert not page.errors, page.errors


def test_ice3_is_played_by_clicking_a_piece_and_a_square(page, artifacts):
    widget = _widget(page, "ice3")
    status = _status(page, "ice3")
    plies = int(re.search(r"plies=(\d+)", status.text_content()).group(1))
    state = iw.make("ice3").state_from_text(_position(widget))
    controls = state.game.controls
    # A red piece whose square one step north is reached by RN1 only.
    move = state.game.parse_move("RN1")
    assert state.is_legal(move)
    pairs = controls.move_squares(state, move)
    reached = [t for m in state.legal_moves() if controls.move_group(state, m) == "R" for _, t in controls.move_squares(state, m)]
    source, target = min(pairs, key=lambda pair: reached.count(pair[1]))
    widget.locator(f'[data-square="{source}"]').click()
    assert "the red pieces" in widget.locator(".iw-message").inner_text()
    red = controls.group(state, "R").squares
    assert sorted(widget.locator(".iw-mark.iw-group").evaluate_all("els => els.map((e) => e.dataset.mark)")) == sorted(red)
    assert set(widget.locator(".iw-target").evaluate_all("els => els.map((e) => e.dataset.mark)")) == set(reached)
    widget.locator(f'[data-square="{target}"]').click()
    if reached.count(target) > 1:  # other red moves reach it too: the widget asks which
        widget.locator(".iw-choice", has_text=re.compile("^RN1$")).click()
    status.filter(has_text=f"plies={plies + 1} ").wait_for(timeout=20_000)
    assert "last=RN1" in status.text_content()
    # The narration: one sentence for the ply, the details (a sentence per piece) behind a disclosure.
    after = state.play(move)
    assert widget.locator(".iw-summary").inner_text() == str(after.events[0])
    assert widget.locator(".iw-summary").get_attribute("aria-live") == "polite"
    assert not widget.locator(".iw-detailstext").is_visible()
    widget.locator(".iw-details summary").click()
    assert widget.locator(".iw-detailstext").is_visible()
    _settle(page)
    widget.screenshot(path=str(artifacts / "ice3-by-clicks.png"))
    assert not page.errors, page.errors


def test_keyboard_play_without_a_mouse(page):
    widget = _widget(page, "volcano", seats="human,greedy")
    status = _status(page, "volcano-bot")
    status.filter(has_text=re.compile(r"to_move=0")).wait_for(timeout=30_000)
    plies = int(re.search(r"plies=(\d+)", status.text_content()).group(1))
    state = iw.make("volcano").state_from_text(_position(widget))
    board = widget.locator("svg.iw-board")
    board.focus()
    assert page.evaluate("document.activeElement.classList.contains('iw-board')")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the focus is visible
    cursor = widget.locator(".iw-cursor")
    start = cursor.get_attribute("data-mark")
    # Walk the cursor to a legal move's squares with the arrow keys, pick with Enter and Space.
    move = next(m for m in state.legal_moves() if state.game.controls.move_squares(state, m)[:1]
                and state.game.controls.move_squares(state, m)[0][0])  # a cap move: from a square to another
    source, target = state.game.controls.move_squares(state, move)[0]
    _walk(page, state, start, source)
    page.keyboard.press("Enter")
    assert widget.locator(f'.iw-selected[data-mark="{source}"]').count() == 1
    page.keyboard.press("Escape")
    assert widget.locator(".iw-selected").count() == 0
    page.keyboard.press(" ")
    assert widget.locator(f'.iw-selected[data-mark="{source}"]').count() == 1
    _walk(page, state, source, target)
    page.keyboard.press("Enter")
    status.filter(has_text=re.compile(f"plies=({plies + 1}|{plies + 2}) ")).wait_for(timeout=20_000)
    assert widget.locator(".iw-movelist li").nth(plies).inner_text().endswith(str(move))  # the keyboard's move
    assert not page.errors, page.errors


def _position(widget) -> str:
    widget.get_by_role("button", name="Copy position", exact=True).click()
    return widget.locator(".iw-sharetext").input_value()


def _walk(page, state, start: str, goal: str) -> None:
    grid = state.game.grid
    a, b = grid.index(start), grid.index(goal)
    dx, dy = grid.file_of(b) - grid.file_of(a), grid.rank_of(b) - grid.rank_of(a)
    for _ in range(abs(dx)):
        page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")


def test_one_move_late_in_a_long_game_is_a_small_update(page, artifacts):
    # The notebook's last game widget (199 plies), before the exercise boards' boards.
    widget = page.locator('.iw-game[data-game="volcano"]:not(.iw-exercise)').last
    widget.scroll_into_view_if_needed()
    status = _status(page, "volcano-long")
    assert "plies=199 " in status.text_content()
    state = iw.make("volcano").state_from_text(_position(widget))
    move = state.legal_moves()[0]
    mark = len(page.received)
    _click_move(widget, state, move)
    status.filter(has_text="plies=200 ").wait_for(timeout=20_000)
    page.wait_for_timeout(500)  # the last updates of the move (the status line's own) arrive
    sent = sum(page.received[mark:])
    print(f"\nwebsocket bytes to the page for one move at ply 200: {sent:,}")
    assert 0 < sent <= 30_000
    _settle(page)
    widget.screenshot(path=str(artifacts / "volcano-ply-200.png"))
    assert not page.errors, page.errors


def _blocked_page(browser, width: int = 1200):
    """A page in a context where every network request fails; returns it and the URLs asked for."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    asked: list[str] = []

    def block(route):
        if route.request.url.startswith("file:"):  # the page itself, from the disk
            return route.continue_()
        asked.append(route.request.url)
        return route.abort()

    context.route("**/*", block)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page, asked


def test_standalone_replay_offline_and_on_a_narrow_screen(browser, artifacts, tmp_path):
    record = iw.Record.new("volcano", seed=1, capture="must").extend(["b2-c1", "a1-a2"])  # a2's stages with its capture
    path = tmp_path / "game.html"
    iw.save_html(record, path)
    context, page, asked = _blocked_page(browser)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path.as_uri())
    widget = page.locator(".iw-game")
    widget.wait_for(timeout=20_000)
    assert _where(widget) == "Ply 2 of 2, stage 5 of 5"
    widget.get_by_role("button", name="Back", exact=True).click()
    assert _where(widget) == "Ply 2 of 2, stage 4 of 5"
    widget.get_by_role("button", name="First", exact=True).click()
    widget.get_by_role("combobox", name="Speed").select_option("4")
    widget.get_by_role("button", name="Play", exact=True).click()
    widget.locator(".iw-where", has_text="Ply 2 of 2, stage 5 of 5").wait_for(timeout=20_000)
    assert widget.get_by_role("button", name="Undo").count() == 0 or not widget.get_by_role("button", name="Undo").is_visible()
    assert requests == [path.as_uri()] and asked == []  # the page itself, nothing else
    _settle(page)
    page.screenshot(path=str(artifacts / "standalone.png"))
    assert not page.errors, page.errors
    context.close()
    # Below 700 px the board goes above the controls, with no sideways scrolling.
    context, page, _ = _blocked_page(browser, width=600)
    page.goto(path.as_uri())
    page.locator(".iw-game").wait_for(timeout=20_000)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    board_box = page.locator(".iw-boardbox").bounding_box()
    side_box = page.locator(".iw-side").bounding_box()
    assert side_box["y"] >= board_box["y"] + board_box["height"] - 1
    page.screenshot(path=str(artifacts / "standalone-narrow.png"), full_page=True)
    context.close()


SMALL_TEXT = """(selector) => {
  const out = [];
  for (const el of document.querySelector(selector).querySelectorAll("*")) {
    if (el.getClientRects().length === 0 || el.classList.contains("iw-halo")) continue;
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 17.95) out.push([el.textContent.trim().slice(0, 30), size]);
  }
  return out;
}"""


def test_standalone_page_with_an_analysis_light_dark_narrow_and_projector(browser, artifacts, tmp_path, texts_contrast):
    record = _analysed_record()
    analysis = iw.analyse(record, precision=ANALYSIS_PRECISION)
    path, projector = tmp_path / "analysed.html", tmp_path / "projector.html"
    iw.save_html(record, path, analysis=analysis)
    iw.save_html(record, projector, analysis=analysis, size="projector")
    for scheme, width in [("light", 1200), ("dark", 1200), ("light", 600), ("light", 420)]:
        context, page, asked = _blocked_page(browser, width=width)
        page.emulate_media(color_scheme=scheme)
        page.goto(path.as_uri())
        widget = page.locator(".iw-game")
        widget.locator(".iw-graph .iw-gpoint").first.wait_for(timeout=20_000)
        assert widget.locator(".iw-analysisstatus").inner_text() == "Analysed 6 plies at ±0.2."
        for name in ("Analyse", "Stop", "Hint"):  # no kernel here to run them
            assert widget.get_by_role("button", name=name, exact=True).is_hidden()
        _check_analysis_shown(widget, analysis)
        widget.locator('.iw-graph .iw-gpoint[data-ply="1"]').click()
        assert _where(widget).startswith("Ply 1 of 6")
        turning = analysis.turning_point.ply
        widget.locator(".iw-turning").click()
        assert _where(widget).startswith(f"Ply {turning} of 6")
        widget.locator(f'.iw-glabel[data-ply="{analysis.labelled[0].ply}"]').focus()
        page.keyboard.press(" ")
        assert _where(widget).startswith(f"Ply {analysis.labelled[0].ply} of 6")
        texts = texts_contrast(page, ".iw-game")
        assert len(texts) > 60 and [t for t in texts if t["ratio"] < 4.5] == [], (scheme, width)
        if width < 700:
            assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
            graph = widget.locator(".iw-graph").bounding_box()
            assert graph["width"] >= min(400, width - 60) and graph["x"] + graph["width"] <= width
        _check_ply_axis(widget, plies=6)
        assert asked == [] and not page.errors, page.errors
        _settle(page)
        page.screenshot(path=str(artifacts / f"analysis-standalone-{scheme}-{width}.png"), full_page=True)
        context.close()
    # At projector size no text of the widget, the analysis' included, is under 18 px.
    context, page, _ = _blocked_page(browser, width=1600)
    page.goto(projector.as_uri())
    page.locator(".iw-graph .iw-glabel").first.wait_for(timeout=20_000)
    assert page.evaluate(SMALL_TEXT, ".iw-game") == []
    assert page.locator(".iw-graph text").first.evaluate("t => parseFloat(getComputedStyle(t).fontSize)") == 18
    _check_ply_axis(page.locator(".iw-game"), plies=6)
    page.screenshot(path=str(artifacts / "analysis-standalone-projector.png"), full_page=True)
    context.close()


def _ours(exc) -> str:
    """The error if it came from the widget's module (anywidget loads it from a blob: URL), else
    "" (the client's own start-up messages are not this suite's business)."""
    stack = getattr(exc, "stack", "") or ""
    return str(exc) if "blob:" in stack or "iw-" in str(exc) else ""


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _move_in(page) -> None:
    """Play the first legal Volcano move of a fresh widget by clicks, and wait for it."""
    widget = page.locator('.iw-game[data-game="volcano"]').first
    widget.wait_for(timeout=120_000)
    state = iw.make("volcano").new_state(seed=1)
    move = state.legal_moves()[0]
    _click_move(widget, state, move)
    widget.locator(".iw-movelist li").first.wait_for(timeout=30_000)
    assert widget.locator(".iw-movelist li").first.inner_text().endswith(str(move))
    if state.play(move).capturable:  # the capture is the player's choice: decline it, so the turn passes
        decline = widget.get_by_role("button", name="Take none", exact=True)
        for _ in range(200):  # enabled once the replay of the eruption's stages reaches the last one
            if decline.is_enabled():
                break
            page.wait_for_timeout(100)
        decline.click()
        widget.locator(".iw-movelist li", has_text="capture:none").first.wait_for(timeout=30_000)


@pytest.mark.skipif(not _installed("notebook"), reason="Notebook 7 is not installed")
def test_notebook_7(browser, lab_server, artifacts):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(_ours(exc)))
    page.goto(f"{lab_server['base']}/notebooks/{APP}?token={lab_server['token']}")
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    _accept_kernel_dialog(page)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    _move_in(page)
    _settle(page)
    page.locator(".iw-game").first.screenshot(path=str(artifacts / "notebook7.png"))
    assert not [e for e in errors if e], errors
    context.close()


@pytest.mark.skipif(not _installed("voila"), reason="Voila is not installed")
def test_voila_classroom_app(browser, lab_server, artifacts):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(_ours(exc)))
    page.goto(f"{lab_server['base']}/voila/render/{APP}?token={lab_server['token']}")
    _move_in(page)
    assert page.locator(".jp-InputArea, .jp-Cell-inputWrapper:visible").count() == 0  # only the board and its controls
    # The bot (seat 2) answers by itself (after the human's cap move and capture choice).
    page.locator(".iw-movelist li").nth(2).wait_for(timeout=30_000)
    _settle(page)
    page.screenshot(path=str(artifacts / "voila.png"), full_page=True)
    assert not [e for e in errors if e], errors
    context.close()


def test_nbconvert_html_export_shows_the_static_picture(browser, artifacts, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nbconvert = pytest.importorskip("nbconvert")
    nb = nbformat.read(ROOT / "notebooks" / APP, as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    nb.metadata.pop("widgets", None)  # as a notebook saved without its widgets' state
    page_html, _ = nbconvert.HTMLExporter().from_notebook_node(nb)
    path = tmp_path / "export.html"
    path.write_text(page_html, encoding="utf-8")
    context, page, _ = _blocked_page(browser)
    page.goto(path.as_uri())
    picture = page.locator("img.icewidgets-static")
    picture.wait_for(timeout=20_000)
    assert picture.evaluate("img => img.complete && img.naturalWidth") >= 400
    picture.screenshot(path=str(artifacts / "nbconvert.png"))
    context.close()


def test_replay_works_without_the_kernel(page):
    """Replay runs from the data already in the page: shut the kernel down and keep stepping."""
    widget = _widget(page, "volcano")
    widget.focus()
    page.keyboard.press("End")
    last = _where(widget)
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Shut Down Kernel")).click()
    _accept_kernel_dialog(page)
    page.locator(".jp-NotebookPanel-toolbar", has_text="No Kernel").wait_for(timeout=20_000)
    widget.get_by_role("button", name="First", exact=True).click()
    assert _where(widget) == "Start (2 plies)"
    widget.focus()
    page.keyboard.press("End")
    assert _where(widget) == last
    widget.get_by_role("button", name="Back", exact=True).click()
    assert _where(widget) != last
    assert not page.errors, page.errors
