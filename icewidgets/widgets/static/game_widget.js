// icewidgets GameWidget front end: one plain ES module, no bundler, no network imports.
//
// Python sends the whole game once as compact frames (see game_widget.py `_compact`): each
// frame lists the pieces that changed ([id, token, location, x, y, side]), and the marks and
// panel SVG when they changed. This module expands them, moves the piece elements between
// frames (Web Animations), and only talks to the kernel to play a move, explain a click,
// undo, redo, roll, ask a bot to answer, load a position, or report the ply shown.
//
// It knows no game: the board, the piece pictures, which tokens are pawns, the theme colours,
// the legal moves with their squares and the buttons (each with the message it sends) all come
// from Python.

const SVG_NS = "http://www.w3.org/2000/svg";

// Pure helpers (exported for the node tests) ------------------------------------------------

/** Expand compact frames into full frames: {ply, stage, final, text, marks, panel, pieces}. */
export function expandFrames(frames) {
  const out = [];
  let pieces = {};
  let marks = "";
  let panel = "";
  for (const f of frames || []) {
    pieces = Object.assign({}, pieces);
    for (const [id, tok, loc, x, y, s] of f.d || []) {
      if (!s) delete pieces[id];
      else pieces[id] = { tok, loc, x, y, s };
    }
    if ("m" in f) marks = f.m;
    if ("n" in f) panel = f.n;
    out.push({ ply: f.p, stage: f.s, final: !!f.f, text: f.t || "", marks, panel, pieces });
  }
  return out;
}

/** Plies completed when frame `frame` is shown (a stage inside a ply counts the ply before). */
export function plyOfFrame(frame) {
  if (!frame) return 0;
  return frame.final ? frame.ply : frame.ply - 1;
}

/** The index of the frame that shows the position after `ply` plies. */
export function frameIndexForPly(frames, ply) {
  let best = 0;
  for (let i = 0; i < frames.length; i++) {
    if (frames[i].final && frames[i].ply <= ply) best = i;
  }
  return best;
}

/** The index of the first frame of ply `ply` (its first stage), or -1. */
export function firstFrameOfPly(frames, ply) {
  return frames.findIndex((f) => f.ply === ply);
}

/** Squares a legal move starts from: legal is [[move, from, to], ...]. */
export function sourceSquares(legal) {
  return [...new Set((legal || []).map((l) => l[1]).filter(Boolean))].sort();
}

/** The squares the piece on `square` may go to. */
export function targetsFrom(legal, square) {
  return [...new Set((legal || []).filter((l) => l[1] === square).map((l) => l[2]).filter(Boolean))].sort();
}

/** The move texts that take the piece on `from` to `to` (several: the player chooses). */
export function movesBetween(legal, from, to) {
  return [...new Set((legal || []).filter((l) => l[1] === from && l[2] === to).map((l) => l[0]))];
}

/** What a key does in the replay: "back", "forward", "first", "last", "toggle" or null. */
export function keyAction(key) {
  return { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last", " ": "toggle", Spacebar: "toggle" }[key] || null;
}

/** The frame index after an action, clamped to the game. */
export function stepIndex(index, count, action) {
  const last = Math.max(count - 1, 0);
  if (action === "back") return Math.max(index - 1, 0);
  if (action === "forward") return Math.min(index + 1, last);
  if (action === "first") return 0;
  if (action === "last") return last;
  return index;
}

/** SVG transform of a piece at (x, y) with side `s` (pieces are drawn 100 wide). */
export function transformOf(p) {
  return `translate(${p.x} ${p.y}) scale(${+(p.s / 100).toFixed(4)})`;
}

/** The same as a CSS transform, for animations. */
export function cssTransformOf(p) {
  return `translate(${p.x}px, ${p.y}px) scale(${+(p.s / 100).toFixed(4)})`;
}

/**
 * Piece ids in drawing order: larger first, so the pieces higher in a stack (smaller) are on
 * top; at equal size a pawn (a token in the set `pawns`) stands on the piece; moving pieces last.
 */
export function drawingOrder(pieces, moving, pawns) {
  const ids = Object.keys(pieces);
  const moved = moving || new Set();
  const onTop = pawns || new Set();
  return ids.sort((a, b) => {
    const ma = moved.has(a) ? 1 : 0;
    const mb = moved.has(b) ? 1 : 0;
    if (ma !== mb) return ma - mb;
    const pa = pieces[a];
    const pb = pieces[b];
    if (pa.s !== pb.s) return pb.s - pa.s;
    const qa = onTop.has(pa.tok) ? 1 : 0;
    const qb = onTop.has(pb.tok) ? 1 : 0;
    if (qa !== qb) return qa - qb;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}

/** Each square's stack as tokens, bottom to top (used for aria-labels). */
export function stacksBySquare(pieces, pawns) {
  const bySquare = {};
  for (const id of drawingOrder(pieces, null, pawns)) {
    const p = pieces[id];
    if (!/^[a-z]\d+$/.test(p.loc)) continue;
    (bySquare[p.loc] = bySquare[p.loc] || []).push(p.tok);
  }
  return bySquare;
}

/** The height of a stack (pawns, the tokens in `pawns`, do not count): the number drawn in a square's corner. */
export function stackHeight(tokens, pawns) {
  const onTop = pawns || new Set();
  return (tokens || []).filter((t) => !onTop.has(t)).length;
}

/** Pieces whose place changed between two full frames. */
export function movedPieces(before, after) {
  const out = new Set();
  for (const id of Object.keys(after)) {
    const a = before[id];
    const b = after[id];
    if (!a || a.loc !== b.loc || a.x !== b.x || a.y !== b.y) out.add(id);
  }
  return out;
}

/** Playback delay per frame (ms) at a speed multiplier. */
export function frameDelay(speed) {
  const s = Number(speed) > 0 ? Number(speed) : 1;
  return Math.round(900 / s);
}

// Rendering ----------------------------------------------------------------------------------

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  if (text !== null) node.textContent = text;
  return node;
}

function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function button(label, text, onClick, extra = {}) {
  const b = el("button", { type: "button", "aria-label": label, title: label, class: "iw-btn", ...extra }, text);
  b.addEventListener("click", onClick);
  return b;
}

function render({ model, el: host }) {
  const root = el("div", { class: "iw-game", tabindex: "0", role: "application", "aria-label": "Game board" });
  host.appendChild(root);

  const header = el("div", { class: "iw-header" });
  const titleEl = el("span", { class: "iw-title" });
  const message = el("div", { class: "iw-message", role: "status", "aria-live": "polite" });
  header.append(titleEl, message);

  const body = el("div", { class: "iw-body" });
  const boardBox = el("div", { class: "iw-boardbox" });
  const svg = svgEl("svg", { class: "iw-board", role: "img" });
  const bg = svgEl("rect", { width: "100%", height: "100%" });
  const staticLayer = svgEl("g", { class: "iw-static" });
  const marksLayer = svgEl("g", { class: "iw-marks", "pointer-events": "none" });
  const selectLayer = svgEl("g", { class: "iw-select", "pointer-events": "none" });
  const piecesLayer = svgEl("g", { class: "iw-pieces", "pointer-events": "none" });
  const panelLayer = svgEl("g", { class: "iw-panel", "pointer-events": "none" });
  const badgeLayer = svgEl("g", { class: "iw-badges", "pointer-events": "none" });
  svg.append(bg, staticLayer, marksLayer, piecesLayer, selectLayer, badgeLayer, panelLayer);
  boardBox.appendChild(svg);

  const side = el("div", { class: "iw-side" });
  const narration = el("p", { class: "iw-narration", "aria-live": "polite" });
  const where = el("div", { class: "iw-where" });

  const nav = el("div", { class: "iw-nav", role: "toolbar", "aria-label": "Replay" });
  const bFirst = button("First", "|◀", () => navigate("first"));
  const bBack = button("Back", "◀", () => navigate("back"));
  const bPlay = button("Play", "Play", () => togglePlay());
  const bForward = button("Forward", "▶", () => navigate("forward"));
  const bLast = button("Last", "▶|", () => navigate("last"));
  const speedSel = el("select", { class: "iw-speed", "aria-label": "Speed", title: "Speed" });
  for (const s of [0.5, 1, 2, 4]) {
    const o = el("option", { value: String(s) }, `${s}×`);
    speedSel.appendChild(o);
  }
  nav.append(bFirst, bBack, bPlay, bForward, bLast, speedSel);

  const slider = el("input", { type: "range", min: "0", max: "0", value: "0", class: "iw-slider", "aria-label": "Timeline" });

  const playRow = el("div", { class: "iw-play", role: "toolbar", "aria-label": "Play" });
  const bUndo = button("Undo", "↶ Undo", () => send({ type: "undo" }));
  const bRedo = button("Redo", "↷ Redo", () => send({ type: "redo" }));
  const actionBox = el("span", { class: "iw-actions" });
  playRow.append(bUndo, bRedo, actionBox);

  const chooser = el("div", { class: "iw-chooser", role: "group", "aria-label": "Choose a move" });
  const moveForm = el("form", { class: "iw-moveform" });
  const moveInput = el("input", { type: "text", class: "iw-moveinput", "aria-label": "Type a move", placeholder: "type a move" });
  const moveGo = el("button", { type: "submit", class: "iw-btn", "aria-label": "Play typed move" }, "Play move");
  moveForm.append(moveInput, moveGo);
  moveForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = moveInput.value.trim();
    if (text) {
      send({ type: "move", move: text });
      moveInput.value = "";
    }
  });

  const moveList = el("ol", { class: "iw-movelist", "aria-label": "Moves" });
  const moveListBox = el("div", { class: "iw-movelistbox" });
  const startItem = button("Start position", "Start", () => goTo(0, false, true), { class: "iw-btn iw-start" });
  moveListBox.append(startItem, moveList);

  const share = el("div", { class: "iw-share" });
  const bCopy = button("Copy position", "Copy position", () => copy(model.get("position_text")));
  const bCopyCode = button("Copy game code", "Copy game code", () => copy(model.get("record_code")));
  const bLoad = button("Load position", "Load position", () => {
    shareText.hidden = false;
    bLoadGo.hidden = false;
    shareText.value = "";
    shareText.focus();
  });
  const shareText = el("textarea", { class: "iw-sharetext", rows: "4", "aria-label": "Position text or game code" });
  shareText.hidden = true;
  const bLoadGo = button("Load", "Load", () => send({ type: "load", text: shareText.value }));
  bLoadGo.hidden = true;
  share.append(bCopy, bCopyCode, bLoad, shareText, bLoadGo);

  side.append(where, nav, slider, narration, playRow, chooser, moveForm, moveListBox, share);
  body.append(boardBox, side);
  root.append(header, body);

  // State of the view ----------------------------------------------------------------------
  let frames = [];
  let index = 0;
  let selected = null;
  let playing = null;
  let autoTimer = null;
  let botSentFor = -1;
  const pieceEls = new Map();
  let squareEls = new Map();
  let lastShown = {};
  let lastStatic = null;
  let pawns = new Set();
  let colours = {};

  // Everything that changes the game goes to the kernel; without one (a saved notebook opened
  // read-only) replay still works and the widget says why a move cannot be played.
  function send(msg) {
    try {
      const result = model.send(msg);
      if (result && typeof result.catch === "function") result.catch(() => say("No running kernel: replay works, but moves need the notebook's kernel.", "error"));
    } catch (e) {
      say("No running kernel: replay works, but moves need the notebook's kernel.", "error");
    }
  }

  function say(text, kind) {
    message.textContent = text || "";
    message.className = "iw-message" + (text ? ` iw-${kind || "info"}` : "");
    message.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  function setupBoard() {
    const b = model.get("board") || {};
    svg.setAttribute("viewBox", `0 0 ${b.width || 100} ${b.height || 100}`);
    svg.setAttribute("width", b.width || 100);
    svg.style.maxWidth = "100%";
    svg.style.height = "auto";
    colours = b.colours || {};
    pawns = new Set(b.pawns || []);
    bg.setAttribute("fill", colours.background || "none");
    for (const [name, value] of Object.entries(colours)) root.style.setProperty(`--iw-${name}`, value);
    if (b.static !== lastStatic) {
      staticLayer.innerHTML = b.static || "";
      lastStatic = b.static;
      squareEls = new Map();
      for (const r of staticLayer.querySelectorAll("[data-square]")) squareEls.set(r.getAttribute("data-square"), r);
    }
    titleEl.textContent = model.get("title") || "";
    root.setAttribute("data-game", model.get("game_name") || "");
    root.setAttribute("data-seats", (model.get("seats") || []).join(","));
    root.classList.toggle("iw-dark", model.get("theme") === "dark");
  }

  function pieceEl(id, tok) {
    let g = pieceEls.get(id);
    if (!g || g.getAttribute("data-token") !== tok) {
      if (g) g.remove();
      g = svgEl("g", { class: "iw-piece", "data-piece": id, "data-token": tok });
      g.innerHTML = (model.get("board").catalogue || {})[tok] || "";
      pieceEls.set(id, g);
    }
    return g;
  }

  function show(i, animate) {
    if (!frames.length) return;
    i = Math.max(0, Math.min(i, frames.length - 1));
    const f = frames[i];
    const before = lastShown;
    const moving = animate ? movedPieces(before, f.pieces) : new Set();
    const duration = Math.min(420, frameDelay(speedSel.value) * 0.7);
    for (const [id, g] of pieceEls) {
      if (!(id in f.pieces)) {
        g.remove();
      }
    }
    const order = drawingOrder(f.pieces, moving, pawns);
    let k = 0;
    for (const id of order) {
      const p = f.pieces[id];
      const g = pieceEl(id, p.tok);
      if (piecesLayer.children[k] !== g) piecesLayer.insertBefore(g, piecesLayer.children[k] || null);
      k++;
      const old = before[id];
      g.setAttribute("transform", transformOf(p));
      g.setAttribute("data-loc", p.loc);
      if (animate && old && moving.has(id) && typeof g.animate === "function") {
        const lift = { x: (old.x + p.x) / 2, y: (old.y + p.y) / 2, s: Math.max(old.s, p.s) * 1.25 };
        g.animate(
          [{ transform: cssTransformOf(old) }, { transform: cssTransformOf(lift), offset: 0.5 }, { transform: cssTransformOf(p) }],
          { duration, easing: "ease-in-out" },
        );
      }
    }
    marksLayer.innerHTML = f.marks;
    panelLayer.innerHTML = f.panel;
    lastShown = f.pieces;
    index = i;
    const stacks = stacksBySquare(f.pieces, pawns);
    const badges = [];
    for (const [sq, r] of squareEls) {
      const s = stacks[sq];
      r.setAttribute("aria-label", `${sq}: ${s ? s.join(" ") : "empty"}`);
      const n = stackHeight(s, pawns);
      if (n > 1) {
        const bx = +r.getAttribute("x") + +r.getAttribute("width") - 13;
        const by = +r.getAttribute("y") + 1;
        badges.push(`<rect x="${bx}" y="${by}" width="12" height="12" rx="3" fill="${colours.background}" fill-opacity="0.85"/>` +
          `<text x="${bx + 6}" y="${by + 10}" text-anchor="middle" font-size="10" font-weight="bold" fill="${colours.text}">${n}</text>`);
      }
    }
    badgeLayer.innerHTML = badges.join("");
    narration.textContent = f.text;
    const moves = model.get("moves") || [];
    const total = moves.length;
    const stages = frames.filter((x) => x.ply === f.ply).length;
    where.textContent = f.ply === 0 ? `Start (${total} plies)` :
      `Ply ${f.ply} of ${total}` + (stages > 1 ? `, stage ${f.stage + 1} of ${stages}` : "");
    slider.max = String(frames.length - 1);
    slider.value = String(i);
    for (const [n, li] of [...moveList.children].entries()) {
      const current = n + 1 === plyOfFrame(f);
      li.classList.toggle("iw-current", current);
      const b = li.querySelector("button");
      if (current) {
        b.setAttribute("aria-current", "step");
        scrollToCurrent(li);
      } else b.removeAttribute("aria-current");
    }
    startItem.classList.toggle("iw-current", plyOfFrame(f) === 0);
    drawSelection();
    updateButtons();
  }

  // Keep the current move visible in the list without scrolling the notebook itself. Measuring
  // waits for the next animation frame, so a replay step never forces a layout of the page.
  let scrollPending = null;
  function scrollToCurrent(li) {
    const first = scrollPending === null;
    scrollPending = li;
    if (!first) return;
    requestAnimationFrame(() => {
      const item = scrollPending;
      scrollPending = null;
      if (!item || !item.isConnected) return;
      const top = item.offsetTop;
      if (top < moveListBox.scrollTop || top + item.offsetHeight > moveListBox.scrollTop + moveListBox.clientHeight) {
        moveListBox.scrollTop = Math.max(0, top - moveListBox.clientHeight / 2);
      }
    });
  }

  function atLive() {
    return frames.length > 0 && index === frames.length - 1;
  }

  function drawSelection() {
    selectLayer.innerHTML = "";
    if (!selected || !atLive()) return;
    const r = squareEls.get(selected);
    if (!r) return;
    const x = +r.getAttribute("x");
    const y = +r.getAttribute("y");
    const w = +r.getAttribute("width");
    selectLayer.appendChild(svgEl("rect", { class: "iw-mark iw-selected", x: x + 2.5, y: y + 2.5, width: w - 5, height: w - 5, fill: "none", stroke: colours.selected, "stroke-width": 5 }));
    for (const t of targetsFrom(model.get("legal"), selected)) {
      const q = squareEls.get(t);
      if (!q) continue;
      selectLayer.appendChild(svgEl("circle", { class: "iw-mark iw-target", "data-mark": t, cx: +q.getAttribute("x") + w / 2, cy: +q.getAttribute("y") + w / 2, r: 9, fill: colours.target, "fill-opacity": 0.75, stroke: colours.background, "stroke-width": 2 }));
    }
  }

  function updateButtons() {
    bFirst.disabled = index === 0;
    bBack.disabled = index === 0;
    bForward.disabled = index >= frames.length - 1;
    bLast.disabled = index >= frames.length - 1;
    bUndo.disabled = !model.get("can_undo");
    bRedo.disabled = !model.get("can_redo");
    bPlay.textContent = playing ? "Pause" : "Play";
    bPlay.setAttribute("aria-label", playing ? "Pause" : "Play");
    bPlay.title = playing ? "Pause" : "Play";
    for (const b of actionBox.querySelectorAll("button")) b.disabled = !atLive() || model.get("bot_pending");
  }

  function reportPly() {
    const p = plyOfFrame(frames[index]);
    if (model.get("ply") !== p) {
      model.set("ply", p);
      model.save_changes();
    }
  }

  function goTo(i, animate, report) {
    stopAuto();
    show(i, animate);
    if (report) reportPly();
  }

  function navigate(action) {
    if (action === "toggle") return togglePlay();
    stopPlay();
    const i = stepIndex(index, frames.length, action);
    selected = null;
    goTo(i, action === "forward" || action === "back", true);
  }

  function stopPlay() {
    if (playing) clearInterval(playing);
    playing = null;
    updateButtons();
  }

  function togglePlay() {
    if (playing) return stopPlay();
    if (index >= frames.length - 1) show(0, false);
    playing = setInterval(() => {
      if (index >= frames.length - 1) {
        stopPlay();
        reportPly();
        return;
      }
      show(index + 1, true);
      reportPly();
    }, frameDelay(speedSel.value));
    updateButtons();
  }

  function stopAuto() {
    if (autoTimer) clearTimeout(autoTimer);
    autoTimer = null;
  }

  // Runs new frames (a ply just played, shown in stages) one after another, then asks a bot.
  function advanceTo(target) {
    stopAuto();
    const step = () => {
      if (index < target) {
        show(index + 1, true);
        autoTimer = setTimeout(step, Math.max(frameDelay(speedSel.value) * 0.6, 120));
      } else {
        autoTimer = null;
        maybeBot();
      }
    };
    step();
  }

  function maybeBot() {
    if (!model.get("bot_pending") || !atLive()) return;
    const token = frames.length;
    if (botSentFor === token) return;
    botSentFor = token;
    setTimeout(() => {
      if (model.get("bot_pending") && frames.length === token) send({ type: "bot" });
    }, model.get("bot_delay") || 0);
  }

  function renderMoves() {
    moveList.innerHTML = "";
    for (const m of model.get("moves") || []) {
      const li = el("li");
      const b = button(`Ply ${m.ply}: ${m.who} ${m.move}`, `${m.who}: ${m.move}`, () => {
        stopPlay();
        selected = null;
        goTo(frameIndexForPly(frames, m.ply), false, true);
      }, { class: "iw-plybtn" });
      li.appendChild(b);
      moveList.appendChild(li);
    }
  }

  function renderActions() {
    actionBox.innerHTML = "";
    for (const [label, message] of model.get("buttons") || []) {
      const extra = { class: "iw-btn iw-action" };
      if (message.move) extra["data-move"] = message.move;
      const b = button(label, label, () => send(message), extra);
      actionBox.appendChild(b);
    }
  }

  function showChooser(moves) {
    chooser.innerHTML = "";
    for (const m of moves) {
      chooser.appendChild(button(`Play ${m}`, m, () => {
        chooser.innerHTML = "";
        selected = null;
        send({ type: "move", move: m });
      }, { class: "iw-btn iw-choice" }));
    }
  }

  function onSquare(sq) {
    chooser.innerHTML = "";
    if (!atLive()) {
      say("You are looking at an earlier position: press Last (▶|) to play on, or Undo.", "info");
      return;
    }
    if (model.get("bot_pending")) {
      say("Wait for the bot's move.", "info");
      return;
    }
    const legal = model.get("legal") || [];
    if (selected && sq !== selected) {
      const moves = movesBetween(legal, selected, sq);
      if (moves.length === 1) {
        selected = null;
        drawSelection();
        say("", "info");
        send({ type: "move", move: moves[0] });
        return;
      }
      if (moves.length > 1) {
        say("Several moves go there: choose one.", "info");
        showChooser(moves);
        return;
      }
      if (!sourceSquares(legal).includes(sq)) {
        // No legal move joins the squares: Python says why (the game's controls name the move meant).
        const from = selected;
        selected = null;
        drawSelection();
        send({ type: "click", from, to: sq });
        return;
      }
    }
    if (selected === sq) {
      selected = null;
      drawSelection();
      return;
    }
    if (sourceSquares(legal).includes(sq)) {
      selected = sq;
      say(`Selected ${sq}: choose a highlighted square.`, "info");
    } else {
      selected = null;
      if (!legal.length && (model.get("buttons") || []).length) say("Use the buttons to go on.", "info");
      else if (!legal.length) say("There is no move to play here.", "info");
      else say(`No legal move starts on ${sq}.`, "error");
    }
    drawSelection();
  }

  function copy(text) {
    shareText.hidden = false;
    shareText.value = text || "";
    shareText.select();
    const done = () => say("Copied to the clipboard.", "info");
    const manual = () => say("Select the text below and copy it.", "info");
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, manual);
      else manual();
    } catch (e) {
      manual();
    }
  }

  // Events -----------------------------------------------------------------------------------
  staticLayer.addEventListener("click", (ev) => {
    const target = ev.target.closest ? ev.target.closest("[data-square]") : null;
    if (target) onSquare(target.getAttribute("data-square"));
  });
  slider.addEventListener("input", () => {
    stopPlay();
    selected = null;
    goTo(Number(slider.value), false, true);
  });
  speedSel.addEventListener("change", () => {
    model.set("speed", Number(speedSel.value));
    model.save_changes();
    if (playing) {
      stopPlay();
      togglePlay();
    }
  });
  root.addEventListener("keydown", (ev) => {
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" && ev.target.type === "text") return;
    if (tag === "TEXTAREA" || tag === "SELECT") return;
    const action = keyAction(ev.key);
    if (!action) return;
    if (action === "toggle" && tag === "BUTTON") return; // Space presses the focused button
    ev.preventDefault();
    ev.stopPropagation(); // the notebook's own shortcuts must not act on these keys too
    navigate(action);
  });

  function onFrames() {
    const wasLive = atLive() || !frames.length;
    const oldLen = frames.length;
    setupBoard();
    frames = expandFrames(model.get("frames"));
    say(model.get("message"), model.get("message_kind")); // hints shown here are stale once the game moves
    renderMoves();
    renderActions();
    selected = null;
    const target = frameIndexForPly(frames, model.get("ply"));
    if (wasLive && oldLen && target > index && target === frames.length - 1 && index < frames.length) {
      advanceTo(target); // a move was just played: show its stages one by one
    } else {
      stopAuto();
      show(target, false);
      maybeBot();
    }
  }

  model.on("change:frames", onFrames);
  model.on("change:board", () => {
    setupBoard();
    show(index, false);
  });
  model.on("change:ply", () => {
    if (autoTimer) return;
    const p = model.get("ply");
    if (plyOfFrame(frames[index]) !== p) show(frameIndexForPly(frames, p), false);
  });
  model.on("change:legal", () => drawSelection());
  model.on("change:buttons", () => {
    renderActions();
    updateButtons();
  });
  model.on("change:can_undo", updateButtons);
  model.on("change:can_redo", updateButtons);
  model.on("change:bot_pending", () => {
    updateButtons();
    maybeBot();
  });
  model.on("change:message", () => say(model.get("message"), model.get("message_kind")));
  model.on("change:theme", setupBoard);
  model.on("change:seats", setupBoard);
  speedSel.value = String(model.get("speed") || 1);
  if (![...speedSel.options].some((o) => o.value === speedSel.value)) speedSel.value = "1";

  onFrames();
  say(model.get("message"), model.get("message_kind"));

  return () => {
    stopPlay();
    stopAuto();
  };
}

export default { render };
