"""The better move in Chromium (issue 31): the review and the best move's arrow of a labelled
ply, a hint's line previewed on the board and left again, and the 400 px layout, in light and dark.

Run with ``pytest -m browser tests/browser``. The pages are standalone replay pages
(:func:`icewidgets.save_html`'s page) holding the widget's traits, a hint's among them, so no
kernel is needed; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import importlib.util

import pytest

import icewidgets as iw
from icewidgets import svg
from icewidgets.analysis.review import review_text
from icewidgets.widgets.analysing import analysis_payload, hint_payload
from icewidgets.widgets.lines import line_preview
from icewidgets.widgets.standalone import REPLAY_TRAITS, page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)] if importlib.util.find_spec("pytest_timeout") else [pytest.mark.browser]

VOLTERRA_CODE = ("iw1.eNpdjcEKgzAMhl9Fel7BqqedfI-xQ9pmUqhW0s4dxHdfYmHgTj9f8v3Jrl6JZijq3qjg8BP8hCVrQpfIq1ujNqQc0sJ7wzTBjKJuKRYkAjHSWljIPN4PxozoxW5bgQIkt5d3jIxrDCjiQ_lB217ao-0kvPnxGcBsTnaVBw11X8P-9aG79jtrroXR1T-95sLz-AKnbUBp")
"""Issue 31's Volterra game, to ply 14: Light's ply 3 is a blunder, Dark's ply 14 walks into a loss in 3."""
HINT_PLY = 13


def _page(path, record, analysis, hint_at=None):
    """A replay page of ``record`` with ``analysis`` and, at ``hint_at``, the widget's hints there."""
    widget = iw.GameWidget(record, analysis=analysis, analysis_precision=analysis.precision)
    widget.ply = hint_at if hint_at is not None else len(record.plies)
    state = widget.get_state(list(REPLAY_TRAITS))
    state["analysis_data"] = analysis_payload(analysis, len(record.plies), running=False)
    hints = None
    if hint_at is not None:
        position = widget.state
        hints = iw.hint(position, k=3, precision=analysis.precision)
        previews = [line_preview(position, widget._placements[hint_at], hint_at, (str(h.move),) + h.line,
                                 widget._layout(), set(widget.board["catalogue"]), widget._tracker.counts)
                    for h in hints]
        state["hint_data"], state["line_preview"] = hint_payload(position, hint_at, hints, previews), {}
    path.write_text(page("review", state), encoding="utf-8")
    return hints


@pytest.fixture(scope="module")
def volterra(tmp_path_factory):
    record = iw.Record.from_code(VOLTERRA_CODE).truncated(14)
    analysis = iw.analyse(record, precision=0.2)
    path = tmp_path_factory.mktemp("review") / "volterra.html"
    hints = _page(path, record, analysis, hint_at=HINT_PLY)
    return path, record, analysis, hints


def _open(browser, path, width, scheme):
    context = browser.new_context(viewport={"width": width, "height": 1000})
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:") else route.abort())
    tab = context.new_page()
    tab.errors = []  # type: ignore[attr-defined]
    tab.on("pageerror", lambda exc: tab.errors.append(str(exc)))
    tab.emulate_media(color_scheme=scheme)
    tab.goto(path.as_uri())
    tab.locator(".iw-game [data-square]").first.wait_for(timeout=20_000)
    return context, tab


def _occupied(widget) -> set[str]:
    """The squares the board shows a piece on (their names for screen readers say what is there)."""
    labels = widget.locator("[data-square]").evaluate_all("els => els.map((e) => e.getAttribute('aria-label'))")
    return {label.split(":")[0] for label in labels if not label.endswith(": empty")}


def _on_board(state) -> set[str]:
    squares = set(state.game.grid.names)
    return {loc for loc, stack in svg.locations(state).items() if loc in squares and stack}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_best_move_is_drawn_and_named_for_each_labelled_ply(browser, artifacts, volterra, contrast, scheme):
    path, record, analysis, _ = volterra
    context, tab = _open(browser, path, 1200, scheme)
    widget = tab.locator(".iw-game")
    labelled = analysis.labelled
    assert [p.ply for p in labelled] == [3, 14]
    # The move list: the review under every labelled move, in order.
    assert widget.locator(".iw-reviewtext").all_inner_texts() == [review_text(p) for p in labelled]
    states = list(record.states())
    for ply in labelled:
        item = widget.locator(f'.iw-movelist li[data-ply="{ply.ply}"]')
        item.locator("button").first.click()
        reason = f", {ply.reason}" if ply.reason else ""
        what = f"{ply.symbol} {ply.label}{reason}"
        assert widget.locator(".iw-review").inner_text() == (
            f"{what}. {review_text(ply)}. Both moves are drawn on the position before it (ply {ply.ply - 1}).")
        # Not on the position after the move: the arrows would run over squares it has changed.
        assert widget.locator(".iw-bestlayer .iw-compare").count() == 0
        name = f"Ply {ply.ply}: {analysis.names[ply.player]} {ply.move}"
        assert item.locator("button").first.get_attribute("aria-label") == (
            f"{name}, {ply.label} ({ply.symbol}){reason}: {review_text(ply)}")
        # The review's button shows the position the move was chosen in, with both moves on it.
        item.locator(".iw-compareto").click()
        tab.wait_for_timeout(300)
        assert _occupied(widget) == _on_board(states[ply.ply - 1])
        assert widget.locator(".iw-review").inner_text().startswith(
            f"Next, {analysis.names[ply.player]} played {ply.move} ({what}). {review_text(ply)}. On the board:")
        compare = widget.locator(f'.iw-bestlayer .iw-compare[data-ply="{ply.ply}"][data-on="{ply.ply - 1}"]')
        best = compare.locator(f'.iw-best[data-move="{ply.best}"]')
        played = compare.locator(f'.iw-played[data-move="{ply.move}"]')
        assert best.count() == 1 and played.count() == 1
        # Not colour alone: the badges say which is which, and the move played is dashed.
        assert (played.locator("text").text_content(), best.locator("text").text_content()) == ("Played", "Best")
        assert played.locator(".iw-hintline").first.get_attribute("stroke-dasharray")
        assert best.locator(".iw-hintline").first.get_attribute("stroke-dasharray") is None
        # Each arrow starts and ends on the centres of its move's squares in that position.
        centres = widget.locator("[data-square]").evaluate_all("""els => Object.fromEntries(els.map((e) => [
            e.getAttribute('data-square'), [+e.getAttribute('x') + +e.getAttribute('width') / 2,
                                            +e.getAttribute('y') + +e.getAttribute('height') / 2]]))""")
        entry = next(e for e in analysis_payload(analysis, len(record.plies), False)["labels"] if e["ply"] == ply.ply)
        for group, pairs in ((played, entry["played"]), (best, entry["squares"])):
            source, target = pairs.split()[0].split("-")
            shape = group.locator(".iw-hintline").first
            if source:
                start = [float(shape.get_attribute("x1")), float(shape.get_attribute("y1"))]
                assert start == pytest.approx(centres[source], abs=0.1), (ply.ply, pairs)
                assert source in _occupied(widget)  # a piece to move from, in the position shown
            else:
                assert [float(shape.get_attribute("cx")), float(shape.get_attribute("cy"))] == pytest.approx(
                    centres[target], abs=0.1)
        if ply.ply == 3:
            tab.screenshot(path=str(artifacts / f"review-compare-{scheme}.png"), full_page=True)
    assert review_text(labelled[-1]).endswith("you played @a3 (#-3)")
    # The arrow stands out from the squares under it, and its badge's text from the badge.
    colours = widget.locator(".iw-best").evaluate("""g => ({
        line: getComputedStyle(g.querySelector('.iw-hintline')).stroke,
        squares: [...document.querySelectorAll('.iw-sq0, .iw-sq1')].map((r) => getComputedStyle(r).fill),
        text: getComputedStyle(g.querySelector('text')).fill, badge: getComputedStyle(g.querySelector('rect')).fill})""")
    colours["played"] = widget.locator(".iw-played .iw-hintline").first.evaluate("l => getComputedStyle(l).stroke")
    for line in (colours["line"], colours["played"]):
        assert min(contrast(line, square) for square in set(colours["squares"])) >= 3, colours
    assert contrast(colours["text"], colours["badge"]) >= 4.5, colours
    tab.screenshot(path=str(artifacts / f"review-best-{scheme}.png"), full_page=True)
    # Every proved move carries its mark in the move list, and in its name where its review lacks it.
    proved = [(p.ply, p.mark) for p in analysis.plies if p.mark]
    assert (14, "#-3") in proved
    for ply, mark in proved:
        button = widget.locator(f'.iw-movelist li[data-ply="{ply}"] button').first
        assert button.locator(".iw-proved").text_content() == mark
        assert f"({mark})" in button.get_attribute("aria-label") or button.get_attribute("aria-label").endswith(
            f", proved {mark}: a {'loss' if '-' in mark else 'win'} in {mark.split('#')[1].lstrip('-')} "
            f"{'ply' if mark.endswith('#1') or mark.endswith('-1') else 'plies'} for the player who moved")
    # A ply without a label has neither.
    widget.locator('.iw-movelist li[data-ply="5"] button').click()
    assert widget.locator(".iw-bestlayer .iw-best").count() == 0 and widget.locator(".iw-review").is_hidden()
    assert not tab.errors, tab.errors
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_hints_line_is_previewed_on_the_board_without_changing_the_game(browser, artifacts, volterra, scheme):
    path, record, _, hints = volterra
    context, tab = _open(browser, path, 1200, scheme)
    widget = tab.locator(".iw-game")
    widget.locator(f'.iw-movelist li[data-ply="{HINT_PLY}"] button').click()
    before = list(record.states())[HINT_PLY]
    assert _occupied(widget) == _on_board(before)
    assert widget.locator(".iw-hintlayer .iw-hint").count() == 3
    top = hints[0]
    moves = [str(top.move), *top.line]
    assert len(moves) >= 3, moves
    steps = widget.locator('.iw-hintlist li[data-hint="1"] .iw-linestep')
    assert steps.all_inner_texts() == moves
    steps.nth(2).click()
    bar = widget.locator(".iw-previewbar")
    assert bar.is_visible()
    assert bar.locator(".iw-previewtext").inner_text() == (
        f"Preview, not played: hint 1's line, after {' '.join(moves[:3])} (3 of {len(moves)}).")
    after = before
    for move in moves[:3]:
        after = after.play(move)
    assert _occupied(widget) == _on_board(after) != _on_board(before)
    assert widget.locator(".iw-where").inner_text() == f"Ply {HINT_PLY} of 14"  # the game did not move
    assert widget.locator(".iw-hintlayer .iw-hint").count() == 0  # the hints are for the position left
    assert steps.nth(2).get_attribute("aria-current") == "step"
    bar.get_by_role("button", name="Preview: back one move").click()
    assert _occupied(widget) == _on_board(before.play(moves[0]).play(moves[1]))
    tab.screenshot(path=str(artifacts / f"review-line-{scheme}.png"), full_page=True)
    # The way back: the button, or Escape, or any step of the replay.
    bar.get_by_role("button", name="Back to the game").click()
    assert bar.is_hidden() and _occupied(widget) == _on_board(before)
    assert widget.locator(".iw-hintlayer .iw-hint").count() == 3
    steps.nth(1).click()
    assert bar.is_visible()
    tab.keyboard.press("Escape")
    assert bar.is_hidden() and _occupied(widget) == _on_board(before)
    steps.nth(0).click()
    widget.get_by_role("button", name="Forward", exact=True).click()
    assert bar.is_hidden() and widget.locator(".iw-where").inner_text() == "Ply 14 of 14"
    assert not tab.errors, tab.errors
    context.close()


def _games():
    return [name for name in ("volcano", "volterra", "ice3", "blockade") if name in iw.available_games()]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_400_px_the_board_is_above_the_panel_and_every_badge_is_readable(browser, artifacts, volterra, tmp_path,
                                                                           svg_text_sizes, scheme):
    pages = {"analysed": volterra[0]}
    for name in _games():
        record = iw.Record.new(name, seed=1)
        state, plies = record.start_state(), []
        for i in range(12):  # stacks (badges) and pieces off the board (Volcano's captures, Blockade's supply)
            if state.is_over:
                break
            move = state.legal_moves()[(3 * i + 1) % len(state.legal_moves())]
            plies.append(str(move))
            state = state.play(move)
        pages[name] = tmp_path / f"{name}.html"
        iw.save_html(record.extend(plies), pages[name])
    for name, path in pages.items():
        context, tab = _open(browser, path, 400, scheme)
        widget = tab.locator(".iw-game")
        if name == "analysed":  # the hints and the best move on the board too
            widget.locator(f'.iw-movelist li[data-ply="{HINT_PLY}"] button').click()
            assert widget.locator(".iw-hintlayer .iw-hint").count() == 3
        tab.wait_for_timeout(200)
        assert widget.bounding_box()["width"] <= 400
        squares = widget.locator("[data-square]").evaluate_all(
            "els => els.map((e) => e.getBoundingClientRect()).reduce((a, r) => [Math.min(a[0], r.left), "
            "Math.max(a[1], r.right), Math.max(a[2], r.bottom)], [1e9, -1e9, -1e9])")
        assert squares[1] - squares[0] >= 280, (name, squares)
        assert widget.locator(".iw-side").bounding_box()["y"] >= squares[2], name  # the panel under the board
        panel = widget.locator(".iw-panel").bounding_box()
        assert panel["y"] >= squares[2] and panel["x"] + panel["width"] <= widget.bounding_box()["x"] + 400, name
        texts = svg_text_sizes(widget)
        assert texts and [t for t in texts if t[1] < 11.9] == [], (name, scheme, [t for t in texts if t[1] < 11.9][:5])
        assert tab.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert not tab.errors, tab.errors
        tab.screenshot(path=str(artifacts / f"review-400-{name}-{scheme}.png"), full_page=True)
        context.close()
