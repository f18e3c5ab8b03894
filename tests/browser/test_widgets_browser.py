"""GameWidget in JupyterLab and Chromium: play by clicking squares, replay, eruption stages.

Run with ``pytest -m browser tests/browser``. Screenshots go to ``test-artifacts/``; the time of
one replay step is printed (target ≤ 16 ms), not asserted.
"""

from __future__ import annotations

import importlib.util
import re

import pytest

import icewidgets as iw
from icewidgets import svg

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)] if importlib.util.find_spec("pytest_timeout") else [pytest.mark.browser]

GAMES = ["volcano", "volterra", "ice3", "blockade"]


def _available(name: str) -> bool:
    return importlib.util.find_spec(f"icewidgets.games.{name}") is not None


@pytest.fixture(scope="module")
def page(browser, lab_server):
    """The test notebook open in JupyterLab with every cell run."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{lab_server['base']}/lab/tree/widgets.ipynb?token={lab_server['token']}")
    page.wait_for_selector(".jp-NotebookPanel", timeout=90_000)
    _accept_kernel_dialog(page)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator, .jp-Toolbar-kernelStatus, .jp-KernelStatus", timeout=60_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    _accept_kernel_dialog(page)
    page.wait_for_selector('.iw-game[data-game="volcano"] [data-square="c3"]', timeout=120_000)
    page.wait_for_selector('.py-status[data-game="ice3"]', timeout=120_000)
    page.errors = errors  # type: ignore[attr-defined]
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
    widget = page.locator(f'.iw-game[data-game="{game}"][data-seats="{seats}"]')
    widget.wait_for(timeout=120_000)
    widget.scroll_into_view_if_needed()
    return widget


def _status(page, game: str):
    return page.locator(f'.py-status[data-game="{game}"]')


def _click_move(widget, state, move) -> None:
    """Play ``move`` by clicking its squares (and the chooser button when several moves match)."""
    squares = state.game.controls.move_squares
    source, target = squares(state, move)[0]
    widget.locator(f'[data-square="{source}"]').click()
    widget.locator(f'.iw-target[data-mark="{target}"]').wait_for(timeout=5_000)
    widget.locator(f'[data-square="{target}"]').click()
    same = [m for m in state.legal_moves() if (source, target) in squares(state, m)]
    if len(same) > 1:
        widget.locator(".iw-choice", has_text=re.compile(f"^{re.escape(str(move))}$")).click()


def _settle(page) -> None:
    """Wait until no piece is moving, so screenshots show whole frames."""
    page.wait_for_function(
        "[...document.querySelectorAll('.iw-piece')].every((el) => el.getAnimations().length === 0)", timeout=10_000
    )


def _where(widget) -> str:
    return widget.locator(".iw-where").inner_text()


def test_volcano_click_play_replay_and_eruption_stages(page, artifacts):
    widget = _widget(page, "volcano")
    status = _status(page, "volcano")
    state = iw.make("volcano").new_state(seed=1)

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
        assert widget.locator(".iw-narration").inner_text().startswith(stage_texts[k - 1][:40])
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
    erupting = next(m for m in state.legal_moves() if state.erupts(m))
    _click_move(widget, state, erupting)
    # The bot (seat 2) answers by itself after a short delay, until it is the human's turn again.
    status.filter(has_text=re.compile(r"plies=([2-9]|\d\d) to_move=0")).wait_for(timeout=30_000)
    _settle(page)
    widget.screenshot(path=str(artifacts / "volcano-bot.png"))
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
