// icewidgets GameWidget front end: the better move, shown — for each labelled ply the review
// ("Best was X (#3), you played Y (0.41 [0.36–0.46])") in the move list and the narration, and
// both moves as arrows ("Played", "Best") on the position they were chosen in (the ply before,
// so an arrow never runs over a board the move played has changed); and a hint's line, stepped through on the board in a
// preview that never changes the game (the `line_preview` trait: {} or {hint, step}).
import { expandFrames } from "./helpers.js";
import { compareMarks, labelsByPly } from "./graph.js";
import { button, el } from "./dom.js";

/** The frame of a preview's `frames` (expanded) after `step` of its moves: the final frame of that ply. */
export function previewFrameIndex(frames, step) {
  const ply = frames.length ? frames[0].ply + step : 0;
  let found = 0;
  frames.forEach((f, i) => {
    if (f.final && f.ply === ply) found = i;
  });
  return found;
}

/** What the preview bar says: "Preview, not played: hint 1's line, after c5-b4 b2-a3 (2 of 3)." */
export function previewText(entry, step) {
  const moves = (entry.preview.moves || []).map((m) => m.move);
  return `Preview, not played: hint ${entry.rank}'s line, after ${moves.slice(0, step).join(" ")} (${step} of ${moves.length}).`;
}

export function createReview(dom, model, playback, board) {
  let labels = new Map();
  let expanded = new Map(); // hint rank -> its preview's frames, for the hint_data they came from
  let expandedFor = null;
  let previewing = false;
  let drawing = false; // the preview is drawing: the frame shown is not the user's navigation

  // The narration's line for the ply shown, and the preview bar above the board.
  const now = el("p", { class: "iw-review", "aria-live": "polite" });
  now.hidden = true;
  dom.summary.after(now);
  const bar = el("div", { class: "iw-previewbar", role: "status" });
  const barText = el("span", { class: "iw-previewtext" });
  const back = button("Preview: back one move", "◀");
  const forward = button("Preview: forward one move", "▶");
  const leave = button("Back to the game", "Back to the game", { class: "iw-btn iw-leave" });
  bar.append(barText, back, forward, leave);
  bar.hidden = true;
  dom.svg.before(bar);

  /** The review under each labelled move of the move list, with a button that shows both moves on the board. */
  function markMoves(data) {
    labels = labelsByPly(data);
    for (const li of dom.moveList.children) {
      const entry = labels.get(Number(li.getAttribute("data-ply")));
      let line = li.querySelector(".iw-reviewline");
      if (entry && entry.review) {
        if (!line) {
          line = el("div", { class: "iw-reviewline" });
          li.appendChild(line);
        }
        const show = button(`Show ply ${entry.ply}'s move played and the best move on the position before it (ply ${entry.ply - 1})`,
          "on the board", { class: "iw-btn iw-compareto", "data-ply": String(entry.ply - 1) });
        show.addEventListener("click", () => playback.goToPly(entry.ply - 1));
        line.replaceChildren(el("span", { class: "iw-reviewtext" }, entry.review), " ", show);
      } else if (line) line.remove();
    }
    shown();
  }

  /** What the narration says of labelled ply `entry`: `next` when the board shows the position before it. */
  function narration(entry, next) {
    const what = `${entry.symbol} ${entry.label}${entry.reason ? `, ${entry.reason}` : ""}`;
    const drawn = !!(entry.played || entry.squares); // a move without squares (a button's) has no arrow
    if (next) {
      return `Next, ${entry.who} played ${entry.move} (${what}). ${entry.review}.` + (drawn ? " On the board: the move " +
        "played (dashed arrow, \"Played\") and the best move (solid arrow, \"Best\")." : "");
    }
    return `${what}. ${entry.review}.` + (drawn ? ` Both moves are drawn on the position before it (ply ${entry.ply - 1}).` : "");
  }

  /** A frame was shown: its ply's review in the narration; at rest on the position before a
   *  labelled ply, that ply's review and both its moves on the board. */
  function shown() {
    if (previewing && !drawing) stopPreview();
    if (previewing) return;
    const frame = playback.currentFrame();
    const entry = frame && frame.ply > 0 ? labels.get(frame.ply) : null;
    const next = frame && frame.final ? labels.get(frame.ply + 1) : null;
    const lines = [];
    if (entry && entry.review) lines.push(narration(entry, false));
    if (next && next.review) lines.push(narration(next, true));
    now.hidden = !lines.length;
    now.textContent = lines.join(" ");
    board.drawBest(next && next.review ? (squares, font) => compareMarks(next, squares, font) : null);
  }

  function entryOf(rank) {
    const hints = model.get("hint_data") || {};
    if (expandedFor !== hints) {
      expanded = new Map();
      expandedFor = hints;
    }
    const entry = (hints.hints || []).find((h) => h.rank === rank);
    if (entry && entry.preview && !expanded.has(rank)) {
      board.addCatalogue(entry.preview.catalogue || {});
      expanded.set(rank, expandFrames(entry.preview.frames));
    }
    return entry && entry.preview ? entry : null;
  }

  function setPreview(value) {
    model.set("line_preview", value);
    model.save_changes();
  }

  /** The `line_preview` trait changed: draw the position it names, or go back to the game. */
  function previewChanged() {
    const value = model.get("line_preview") || {};
    const entry = value.hint ? entryOf(value.hint) : null;
    if (!entry) {
      if (previewing) stopPreview();
      return;
    }
    const frames = expanded.get(value.hint);
    const steps = entry.preview.moves.length;
    const step = Math.max(1, Math.min(value.step, steps));
    previewing = true;
    dom.root.classList.add("iw-previewing");
    bar.hidden = false;
    barText.textContent = previewText(entry, step);
    back.disabled = step <= 1;
    forward.disabled = step >= steps;
    now.hidden = true;
    board.drawBest(null);
    board.drawHints([]);
    drawing = true;
    try {
      board.draw(frames[previewFrameIndex(frames, step)], board.shownPieces(), true, 300);
    } finally {
      drawing = false;
    }
    for (const b of dom.hintList.querySelectorAll(".iw-linestep")) {
      const on = Number(b.getAttribute("data-hint")) === value.hint && Number(b.getAttribute("data-step")) === step;
      b.classList.toggle("iw-current", on);
      if (on) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
  }

  function stopPreview() {
    previewing = false;
    dom.root.classList.remove("iw-previewing");
    bar.hidden = true;
    for (const b of dom.hintList.querySelectorAll(".iw-linestep")) {
      b.classList.remove("iw-current");
      b.removeAttribute("aria-current");
    }
    if (Object.keys(model.get("line_preview") || {}).length) setPreview({});
    drawing = true;
    try {
      playback.redraw();
    } finally {
      drawing = false;
    }
  }

  /** The buttons of a hint's move and line, in its item of the hint list: each shows the position after it. */
  function lineButtons(hint) {
    const moves = hint.preview ? hint.preview.moves.map((m) => m.move) : [hint.move, ...(hint.line || [])];
    const box = el("span", { class: "iw-linebox", role: "group", "aria-label": `Hint ${hint.rank}'s line: show it on the board` });
    if (!hint.preview) return box;
    box.append(el("span", { class: "iw-linelabel" }, "line:"));
    moves.forEach((move, i) => {
      const b = button(`Show hint ${hint.rank}'s line after ${moves.slice(0, i + 1).join(" ")} (not played)`, move,
        { class: "iw-btn iw-linestep", "data-hint": String(hint.rank), "data-step": String(i + 1) });
      b.addEventListener("click", () => setPreview({ hint: hint.rank, step: i + 1 }));
      box.append(b);
    });
    return box;
  }

  const stepBy = (d) => {
    const value = model.get("line_preview") || {};
    if (value.hint) setPreview({ hint: value.hint, step: value.step + d });
  };
  back.addEventListener("click", () => stepBy(-1));
  forward.addEventListener("click", () => stepBy(1));
  leave.addEventListener("click", () => stopPreview());
  dom.root.addEventListener("keydown", (ev) => {
    if (previewing && ev.key === "Escape") {
      ev.preventDefault();
      ev.stopPropagation();
      stopPreview();
    }
  }, true);

  return { markMoves, shown, lineButtons, previewChanged, previewing: () => previewing };
}
