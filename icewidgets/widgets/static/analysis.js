// icewidgets GameWidget front end, part 7 of 8: the analysis — its buttons and progress, the
// evaluation graph (a click or a key on a point goes to its ply), the labels in the move list,
// the turning point, and the hints drawn on the board.
import { graphLabel, graphMarkup, hintLine, hintsShownAt, labelsByPly, labelWords, plyAt, provedWords } from "./graph.js";
import { el } from "./dom.js";
import { createReview } from "./review.js";

export function createAnalysis(dom, model, playback, board, messenger) {
  const { send } = messenger;
  let data = {};
  let hints = {};
  let layout = null;
  let drawnWidth = 0;
  let drawnData = null;

  const hasGraph = () => (data.points || []).length > 0;
  const review = createReview(dom, model, playback, board);

  /** The graph, drawn to the width it has (its text at the widget's text scale), then the cursor. */
  function drawGraph() {
    dom.graphBox.hidden = !hasGraph();
    if (!hasGraph()) {
      layout = null;
      return;
    }
    const width = Math.round(dom.graphBox.clientWidth || dom.analysis.clientWidth || 320);
    if (drawnData === data && drawnWidth === width && layout) return drawCursor();
    const drawn = graphMarkup(data, width, board.textScale());
    layout = drawn.layout;
    drawnData = data;
    drawnWidth = width;
    dom.graph.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    dom.graph.setAttribute("width", String(layout.width));
    dom.graph.setAttribute("height", String(layout.height));
    dom.graph.innerHTML = drawn.markup;
    dom.graph.setAttribute("aria-label", graphLabel(data));
    dom.graphCaption.textContent = `${data.seat}'s expected points after each ply (95% intervals; ` +
      `?! inaccuracy, ? mistake, ?? blunder${(data.proved || []).length ? "; #N a proved win in N plies for the player who moved, #-N a proved loss" : ""})`;
    if (data.warning) dom.graphCaption.appendChild(el("strong", { class: "iw-gwarning" }, ` ${data.warning}`));
    drawCursor();
  }

  function drawCursor() {
    const frame = playback.currentFrame();
    const line = dom.graph.querySelector(".iw-gcursor");
    if (!layout || !line || !frame) return;
    const x = layout.x(frame.final ? frame.ply : frame.ply - 1);
    line.setAttribute("x1", x);
    line.setAttribute("x2", x);
  }

  /** Status, buttons, graph, turning point and each player's summary, from `analysis_data`. */
  function render() {
    const running = !!data.running;
    const live = model.get("mode") !== "replay";
    dom.analysis.hidden = !live && !hasGraph();
    dom.analysisStatus.textContent = data.status || "";
    dom.analysisButtons.analyse.disabled = running;
    dom.analysisButtons.stop.disabled = !running && !hints.thinking;
    drawGraph();
    dom.turning.hidden = !data.narration;
    // A turning point among values that say little is not one to trust: the narration says so.
    dom.turning.textContent = (data.narration || "") +
      (data.narration && data.warning ? " (Most rollouts did not finish: these values say little.)" : "");
    if (data.turning !== null && data.turning !== undefined) dom.turning.title = `Go to ply ${data.turning}`;
    dom.accuracy.innerHTML = "";
    for (const line of data.summary || []) dom.accuracy.appendChild(el("li", {}, line));
  }

  /** The labels of the analysis in the move list: the symbol and the proved result (#3, #-2) after
   *  the move, the words for screen readers. */
  function markMoves() {
    const labels = labelsByPly(data);
    const proved = new Map((data.proved || []).map(([ply, mark]) => [ply, mark]));
    for (const li of dom.moveList.children) {
      const b = li.querySelector("button");
      if (!b) continue;
      const ply = Number(li.getAttribute("data-ply"));
      const entry = labels.get(ply);
      const name = b.getAttribute("data-name") || b.getAttribute("aria-label");
      for (const old of b.querySelectorAll(".iw-label, .iw-proved")) old.remove();
      const words = [];
      if (entry) {
        b.appendChild(el("span", { "aria-hidden": "true", class: `iw-label iw-${entry.label}` }, entry.symbol));
        words.push(labelWords(entry));
      }
      if (proved.has(ply)) {
        b.appendChild(el("span", { "aria-hidden": "true", class: "iw-proved" }, proved.get(ply)));
        // A label's words already give the move's own proof where its review has it.
        if (!entry || !String(entry.review || "").includes(`(${proved.get(ply)})`)) words.push(provedWords(proved.get(ply)));
      }
      const full = words.length ? `${name}, ${words.join(", ")}` : name;
      b.setAttribute("aria-label", full);
      b.title = words.length ? `${name}: ${words.join(", ")}` : name;
    }
  }

  /** The hints: listed beside the board, drawn on it at the position they are for. */
  function drawHints() {
    const shown = hintsShownAt(hints, playback.currentFrame()) && !review.previewing();
    board.drawHints(shown ? hints.hints : []);
    for (const b of dom.actions.querySelectorAll("button[data-move]")) {
      const hint = shown && hints.hints.find((h) => h.move === b.getAttribute("data-move") && !h.squares);
      const badge = b.querySelector(".iw-hintrank");
      if (badge) badge.remove();
      if (hint) b.appendChild(el("span", { class: "iw-hintrank" }, ` (hint ${hint.rank}: ${Number(hint.value).toFixed(2)})`));
    }
  }

  function listHints() {
    dom.hintBox.hidden = !hints.text;
    dom.hintText.textContent = hints.text || "";
    dom.hintList.innerHTML = "";
    for (const hint of hints.hints || []) {
      const li = el("li", { "data-hint": String(hint.rank) });
      li.append(el("span", { class: "iw-hintwords" }, hintLine(hint)), " ", review.lineButtons(hint));
      dom.hintList.appendChild(li);
    }
  }

  function goTo(ply) {
    if (Number.isFinite(ply)) playback.goToPly(ply);
  }

  // A click anywhere on the graph goes to the nearest ply; a labelled point takes Enter or Space.
  dom.graph.addEventListener("click", (ev) => {
    const point = ev.target.closest ? ev.target.closest("[data-ply]") : null;
    if (point) return goTo(Number(point.getAttribute("data-ply")));
    if (!layout) return;
    const box = dom.graph.getBoundingClientRect();
    if (box.width > 0) goTo(plyAt(layout, ((ev.clientX - box.left) * layout.width) / box.width));
  });
  dom.graph.addEventListener("keydown", (ev) => {
    const point = ev.target.closest ? ev.target.closest("[data-ply]") : null;
    if (!point || !(ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar")) return;
    ev.preventDefault();
    ev.stopPropagation(); // Space here goes to the ply, it does not play the replay
    goTo(Number(point.getAttribute("data-ply")));
  });
  dom.turning.addEventListener("click", () => goTo(data.turning));
  dom.analysisButtons.analyse.addEventListener("click", () => send({ type: "analyse" }));
  dom.analysisButtons.stop.addEventListener("click", () => send({ type: "stop" }));
  dom.analysisButtons.hint.addEventListener("click", () => send({ type: "hint" }));

  // The graph follows the width it is given (a narrow screen, a resized notebook).
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    if (hasGraph() && Math.round(dom.graphBox.clientWidth) !== drawnWidth) drawGraph();
  }) : null;
  if (resize) resize.observe(dom.graphBox);

  function dataChanged() {
    data = model.get("analysis_data") || {};
    render();
    markMoves();
    review.markMoves(data);
  }

  function hintsChanged() {
    hints = model.get("hint_data") || {};
    dom.analysisButtons.stop.disabled = !data.running && !hints.thinking;
    listHints();
    review.previewChanged();
    drawHints();
  }

  /** A frame was shown: the graph's cursor and the hints follow it. */
  function shown() {
    drawCursor();
    review.shown();
    drawHints();
  }

  function dispose() {
    if (resize) resize.disconnect();
  }

  /** The board changed (a new size, so maybe a new text scale): the graph is drawn again. */
  function redraw() {
    drawnData = null;
    drawGraph();
  }

  function movesChanged() {
    markMoves();
    review.markMoves(data);
  }

  return { dataChanged, hintsChanged, shown, movesChanged, redraw, dispose, previewChanged: review.previewChanged };
}
