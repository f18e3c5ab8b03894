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
// from Python. The parts, top to bottom: pure helpers (tested with node), DOM building
// (`buildDom`), messages to the user and the kernel (`createMessenger`), board drawing
// (`createBoard`), playback (`createPlayback`: frames, stepping, animation, bots), input
// (`createInput`: clicks, keyboard, buttons) and `render`, which wires them to the model.
// They are sections of one file rather than files of their own because the widget loads a
// single plain ES module (no bundler, no imports), which is why this file is longer than the
// project's modules usually are.

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

/** Where the replay stands: "Start (3 plies)", "Ply 2 of 3" or "Ply 2 of 3, stage 1 of 4". */
export function whereText(frames, index, plies) {
  const f = frames[index];
  if (!f) return "";
  if (f.ply === 0) return `Start (${plies} plies)`;
  const stages = frames.filter((x) => x.ply === f.ply).length;
  return `Ply ${f.ply} of ${plies}` + (stages > 1 ? `, stage ${f.stage + 1} of ${stages}` : "");
}

/** Squares a legal move starts from: legal is [[move, from, to], ...] (from is null for a move
 *  that only names where something goes). */
export function sourceSquares(legal) {
  return [...new Set((legal || []).map((l) => l[1]).filter(Boolean))].sort();
}

/** The squares the piece on `square` may go to (`square` null: where from-less moves go). */
export function targetsFrom(legal, square) {
  return [...new Set((legal || []).filter((l) => l[1] === square).map((l) => l[2]).filter(Boolean))].sort();
}

/** The move texts that take the piece on `from` to `to` (several: the player chooses). */
export function movesBetween(legal, from, to) {
  return [...new Set((legal || []).filter((l) => l[1] === from && l[2] === to).map((l) => l[0]))];
}

/**
 * What a click on `square` means, with `selected` the square chosen before (or null):
 * {act: "play", move}, {act: "choose", moves}, {act: "explain", from, to} (no legal move joins
 * the squares: Python says why), {act: "select", square}, {act: "unselect"} or
 * {act: "refuse", text, kind}.
 */
export function clickAction(legal, selected, square, hasButtons) {
  const sources = sourceSquares(legal);
  if (selected && square !== selected) {
    const moves = movesBetween(legal, selected, square);
    if (moves.length === 1) return { act: "play", move: moves[0] };
    if (moves.length > 1) return { act: "choose", moves };
    if (!sources.includes(square)) return { act: "explain", from: selected, to: square };
  }
  if (selected === square) return { act: "unselect" };
  if (sources.includes(square)) return { act: "select", square };
  const placements = movesBetween(legal, null, square);
  if (placements.length === 1) return { act: "play", move: placements[0] };
  if (placements.length > 1) return { act: "choose", moves: placements };
  if (!(legal || []).length) {
    return { act: "refuse", text: hasButtons ? "Use the buttons to go on." : "There is no move to play here.", kind: "info" };
  }
  return { act: "refuse", text: `No legal move starts on ${square}.`, kind: "error" };
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
  const moved = moving || new Set();
  const onTop = pawns || new Set();
  return Object.keys(pieces).sort((a, b) => {
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

/** Each location's pieces as tokens, bottom to top (squares' ones become aria-labels). */
export function stacksByLocation(pieces, pawns) {
  const byLocation = {};
  for (const id of drawingOrder(pieces, null, pawns)) {
    const p = pieces[id];
    (byLocation[p.loc] = byLocation[p.loc] || []).push(p.tok);
  }
  return byLocation;
}

/** The height of a stack (pawns, the tokens in `pawns`, do not count): the number drawn in a square's corner. */
export function stackHeight(tokens, pawns) {
  const onTop = pawns || new Set();
  return (tokens || []).filter((t) => !onTop.has(t)).length;
}

/** The SVG of the stack-height badge `n` in the top right corner of the square at (x, y). */
export function badgeMarkup(x, y, width, n, colours) {
  const bx = x + width - 13;
  const by = y + 1;
  return `<rect x="${bx}" y="${by}" width="12" height="12" rx="3" fill="${colours.background}" fill-opacity="0.85"/>` +
    `<text x="${bx + 6}" y="${by + 10}" text-anchor="middle" font-size="10" font-weight="bold" fill="${colours.text}">${n}</text>`;
}

/** The theme colours as CSS custom properties of the widget (its stylesheet uses them). */
export function cssVariables(colours) {
  const out = {};
  for (const [name, value] of Object.entries(colours || {})) out[`--iw-${name}`] = value;
  return out;
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

// DOM building -------------------------------------------------------------------------------

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

function button(label, text, extra = {}) {
  return el("button", { type: "button", "aria-label": label, title: label, class: "iw-btn", ...extra }, text);
}

/** The widget's elements, laid out in `host`; behaviour is attached by the other parts. */
function buildDom(host) {
  const root = el("div", { class: "iw-game", tabindex: "0", role: "application", "aria-label": "Game board" });
  host.appendChild(root);

  const header = el("div", { class: "iw-header" });
  const title = el("span", { class: "iw-title" });
  const message = el("div", { class: "iw-message", role: "status", "aria-live": "polite" });
  header.append(title, message);

  const body = el("div", { class: "iw-body" });
  const boardBox = el("div", { class: "iw-boardbox" });
  const svg = svgEl("svg", { class: "iw-board", role: "img" });
  const layers = {
    background: svgEl("rect", { width: "100%", height: "100%" }),
    static: svgEl("g", { class: "iw-static" }),
    marks: svgEl("g", { class: "iw-marks", "pointer-events": "none" }),
    pieces: svgEl("g", { class: "iw-pieces", "pointer-events": "none" }),
    select: svgEl("g", { class: "iw-select", "pointer-events": "none" }),
    badges: svgEl("g", { class: "iw-badges", "pointer-events": "none" }),
    panel: svgEl("g", { class: "iw-panel", "pointer-events": "none" }),
  };
  svg.append(layers.background, layers.static, layers.marks, layers.pieces, layers.select, layers.badges, layers.panel);
  boardBox.appendChild(svg);

  const side = el("div", { class: "iw-side" });
  const narration = el("p", { class: "iw-narration", "aria-live": "polite" });
  const where = el("div", { class: "iw-where" });

  const nav = el("div", { class: "iw-nav", role: "toolbar", "aria-label": "Replay" });
  const navButtons = {
    first: button("First", "|◀"),
    back: button("Back", "◀"),
    toggle: button("Play", "Play"),
    forward: button("Forward", "▶"),
    last: button("Last", "▶|"),
  };
  const speed = el("select", { class: "iw-speed", "aria-label": "Speed", title: "Speed" });
  for (const s of [0.5, 1, 2, 4]) speed.appendChild(el("option", { value: String(s) }, `${s}×`));
  nav.append(...Object.values(navButtons), speed);

  const slider = el("input", { type: "range", min: "0", max: "0", value: "0", class: "iw-slider", "aria-label": "Timeline" });

  const playRow = el("div", { class: "iw-play", role: "toolbar", "aria-label": "Play" });
  const undo = button("Undo", "↶ Undo");
  const redo = button("Redo", "↷ Redo");
  const actions = el("span", { class: "iw-actions" });
  playRow.append(undo, redo, actions);

  const chooser = el("div", { class: "iw-chooser", role: "group", "aria-label": "Choose a move" });
  const moveForm = el("form", { class: "iw-moveform" });
  const moveInput = el("input", { type: "text", class: "iw-moveinput", "aria-label": "Type a move", placeholder: "type a move" });
  moveForm.append(moveInput, el("button", { type: "submit", class: "iw-btn", "aria-label": "Play typed move" }, "Play move"));

  const moveList = el("ol", { class: "iw-movelist", "aria-label": "Moves" });
  const moveListBox = el("div", { class: "iw-movelistbox" });
  const startItem = button("Start position", "Start", { class: "iw-btn iw-start" });
  moveListBox.append(startItem, moveList);

  const share = el("div", { class: "iw-share" });
  const copyPosition = button("Copy position", "Copy position");
  const copyCode = button("Copy game code", "Copy game code");
  const openLoad = button("Load position", "Load position");
  const shareText = el("textarea", { class: "iw-sharetext", rows: "4", "aria-label": "Position text or game code" });
  shareText.hidden = true;
  const load = button("Load", "Load");
  load.hidden = true;
  share.append(copyPosition, copyCode, openLoad, shareText, load);

  side.append(where, nav, slider, narration, playRow, chooser, moveForm, moveListBox, share);
  body.append(boardBox, side);
  root.append(header, body);
  return {
    root, title, message, svg, layers, narration, where, navButtons, speed, slider, undo, redo, actions, chooser,
    moveForm, moveInput, moveList, moveListBox, startItem, copyPosition, copyCode, openLoad, shareText, load,
  };
}

// Messages to the user and to the kernel -----------------------------------------------------

function createMessenger(dom, model) {
  function say(text, kind) {
    dom.message.textContent = text || "";
    dom.message.className = "iw-message" + (text ? ` iw-${kind || "info"}` : "");
    dom.message.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  // Everything that changes the game goes to the kernel; without one (a saved notebook opened
  // read-only) replay still works and the widget says why a move cannot be played.
  function send(msg) {
    const noKernel = () => say("No running kernel: replay works, but moves need the notebook's kernel.", "error");
    try {
      const result = model.send(msg);
      if (result && typeof result.catch === "function") result.catch(noKernel);
    } catch (e) {
      noKernel();
    }
  }

  return { say, send };
}

// Board drawing ------------------------------------------------------------------------------

function createBoard(dom, model) {
  const { layers } = dom;
  const pieceEls = new Map();
  let squareEls = new Map();
  let lastStatic = null;
  let pawns = new Set();
  let colours = {};

  /** Size, background, squares and theme from the `board` trait (only when they changed). */
  function setup() {
    const b = model.get("board") || {};
    dom.svg.setAttribute("viewBox", `0 0 ${b.width || 100} ${b.height || 100}`);
    dom.svg.setAttribute("width", b.width || 100);
    dom.svg.style.maxWidth = "100%";
    dom.svg.style.height = "auto";
    colours = b.colours || {};
    pawns = new Set(b.pawns || []);
    layers.background.setAttribute("fill", colours.background || "none");
    for (const [name, value] of Object.entries(cssVariables(colours))) dom.root.style.setProperty(name, value);
    if (b.static !== lastStatic) {
      layers.static.innerHTML = b.static || "";
      lastStatic = b.static;
      squareEls = new Map();
      for (const r of layers.static.querySelectorAll("[data-square]")) squareEls.set(r.getAttribute("data-square"), r);
    }
    dom.title.textContent = model.get("title") || "";
    dom.root.setAttribute("data-game", model.get("game_name") || "");
    dom.root.setAttribute("data-seats", (model.get("seats") || []).join(","));
    dom.root.classList.toggle("iw-dark", model.get("theme") === "dark");
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

  /** Draw frame `f`; with `animate`, the pieces that moved since `before` fly to their places. */
  function draw(f, before, animate, duration) {
    const moving = animate ? movedPieces(before, f.pieces) : new Set();
    for (const [id, g] of pieceEls) {
      if (!(id in f.pieces)) g.remove();
    }
    let k = 0;
    for (const id of drawingOrder(f.pieces, moving, pawns)) {
      const p = f.pieces[id];
      const g = pieceEl(id, p.tok);
      if (layers.pieces.children[k] !== g) layers.pieces.insertBefore(g, layers.pieces.children[k] || null);
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
    layers.marks.innerHTML = f.marks;
    layers.panel.innerHTML = f.panel;
    const stacks = stacksByLocation(f.pieces, pawns);
    const badges = [];
    for (const [sq, r] of squareEls) {
      const s = stacks[sq];
      r.setAttribute("aria-label", `${sq}: ${s ? s.join(" ") : "empty"}`);
      const n = stackHeight(s, pawns);
      if (n > 1) badges.push(badgeMarkup(+r.getAttribute("x"), +r.getAttribute("y"), +r.getAttribute("width"), n, colours));
    }
    layers.badges.innerHTML = badges.join("");
  }

  /** Outline `selected` (if any) and put a dot on each of `targets`. */
  function drawSelection(selected, targets) {
    layers.select.innerHTML = "";
    const r = selected && squareEls.get(selected);
    if (r) {
      const w = +r.getAttribute("width");
      layers.select.appendChild(svgEl("rect", {
        class: "iw-mark iw-selected", x: +r.getAttribute("x") + 2.5, y: +r.getAttribute("y") + 2.5, width: w - 5, height: w - 5,
        fill: "none", stroke: colours.selected, "stroke-width": 5,
      }));
    }
    for (const t of targets) {
      const q = squareEls.get(t);
      if (!q) continue;
      const w = +q.getAttribute("width");
      layers.select.appendChild(svgEl("circle", {
        class: "iw-mark iw-target", "data-mark": t, cx: +q.getAttribute("x") + w / 2, cy: +q.getAttribute("y") + w / 2, r: 9,
        fill: colours.target, "fill-opacity": 0.75, stroke: colours.background, "stroke-width": 2,
      }));
    }
  }

  return { setup, draw, drawSelection };
}

// Playback: frames, stepping, animation, bots ------------------------------------------------

/**
 * Shows the frames and steps through them. `hooks.shown()` runs after every frame shown and
 * `hooks.framesChanged()` when new frames arrive, before the first of them is shown.
 */
function createPlayback(dom, model, board, messenger, hooks) {
  let frames = [];
  let index = 0;
  let playing = null;
  let autoTimer = null;
  let botSentFor = -1;
  let lastShown = {};
  let scrollPending = null;

  const delay = () => frameDelay(dom.speed.value);

  function show(i, animate) {
    if (!frames.length) return;
    i = Math.max(0, Math.min(i, frames.length - 1));
    const f = frames[i];
    board.draw(f, lastShown, animate, Math.min(420, delay() * 0.7));
    lastShown = f.pieces;
    index = i;
    dom.narration.textContent = f.text;
    dom.where.textContent = whereText(frames, i, (model.get("moves") || []).length);
    dom.slider.max = String(frames.length - 1);
    dom.slider.value = String(i);
    const ply = plyOfFrame(f);
    for (const [n, li] of [...dom.moveList.children].entries()) {
      const current = n + 1 === ply;
      li.classList.toggle("iw-current", current);
      const b = li.querySelector("button");
      if (current) {
        b.setAttribute("aria-current", "step");
        scrollToCurrent(li);
      } else b.removeAttribute("aria-current");
    }
    dom.startItem.classList.toggle("iw-current", ply === 0);
    updateNav();
    hooks.shown();
  }

  // Keep the current move visible in the list without scrolling the notebook itself. Measuring
  // waits for the next animation frame, so a replay step never forces a layout of the page.
  function scrollToCurrent(li) {
    const first = scrollPending === null;
    scrollPending = li;
    if (!first) return;
    requestAnimationFrame(() => {
      const item = scrollPending;
      scrollPending = null;
      if (!item || !item.isConnected) return;
      const box = dom.moveListBox;
      const top = item.offsetTop;
      if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight) {
        box.scrollTop = Math.max(0, top - box.clientHeight / 2);
      }
    });
  }

  function updateNav() {
    const b = dom.navButtons;
    b.first.disabled = b.back.disabled = index === 0;
    b.forward.disabled = b.last.disabled = index >= frames.length - 1;
    const label = playing ? "Pause" : "Play";
    b.toggle.textContent = label;
    b.toggle.setAttribute("aria-label", label);
    b.toggle.title = label;
  }

  function atLive() {
    return frames.length > 0 && index === frames.length - 1;
  }

  function reportPly() {
    const p = plyOfFrame(frames[index]);
    if (model.get("ply") !== p) {
      model.set("ply", p);
      model.save_changes();
    }
  }

  function goTo(i, animate) {
    stopAuto();
    show(i, animate);
    reportPly();
  }

  function goToPly(ply) {
    stopPlay();
    goTo(frameIndexForPly(frames, ply), false);
  }

  function navigate(action) {
    if (action === "toggle") return togglePlay();
    stopPlay();
    goTo(stepIndex(index, frames.length, action), action === "forward" || action === "back");
  }

  function stopPlay() {
    if (playing) clearInterval(playing);
    playing = null;
    updateNav();
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
    }, delay());
    updateNav();
  }

  /** A new speed takes effect at once, also while playing. */
  function speedChanged() {
    if (playing) {
      stopPlay();
      togglePlay();
    }
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
        autoTimer = setTimeout(step, Math.max(delay() * 0.6, 120));
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
      if (model.get("bot_pending") && frames.length === token) messenger.send({ type: "bot" });
    }, model.get("bot_delay") || 0);
  }

  /** New frames from Python: play the new ply's stages if the view was at the end, else jump. */
  function framesChanged() {
    const wasLive = atLive() || !frames.length;
    const oldLen = frames.length;
    board.setup();
    frames = expandFrames(model.get("frames"));
    hooks.framesChanged();
    const target = frameIndexForPly(frames, model.get("ply"));
    if (wasLive && oldLen && target > index && target === frames.length - 1 && index < frames.length) {
      advanceTo(target);
    } else {
      stopAuto();
      show(target, false);
      maybeBot();
    }
  }

  /** Python moved the view (``widget.ply = n``); ignored while new stages are being shown. */
  function plyChanged() {
    if (autoTimer) return;
    const p = model.get("ply");
    if (plyOfFrame(frames[index]) !== p) show(frameIndexForPly(frames, p), false);
  }

  function redraw() {
    board.setup();
    show(index, false);
  }

  function dispose() {
    stopPlay();
    stopAuto();
  }

  return { atLive, goTo, goToPly, navigate, stopPlay, speedChanged, maybeBot, framesChanged, plyChanged, redraw, dispose };
}

// Input: clicks, keyboard, buttons -----------------------------------------------------------

function createInput(dom, model, playback, board, messenger) {
  const { say, send } = messenger;
  let selected = null;

  /** Selection, targets and the buttons that depend on the game (not on the replay). */
  function refresh() {
    const live = playback.atLive();
    const legal = model.get("legal");
    const from = live ? selected : null;
    board.drawSelection(from, live ? targetsFrom(legal, from) : []);
    dom.undo.disabled = !model.get("can_undo");
    dom.redo.disabled = !model.get("can_redo");
    for (const b of dom.actions.querySelectorAll("button")) b.disabled = !live || model.get("bot_pending");
  }

  function unselect() {
    selected = null;
    refresh();
  }

  function navigate(action) {
    if (action !== "toggle") selected = null;
    playback.navigate(action);
  }

  function renderMoves() {
    dom.moveList.innerHTML = "";
    for (const m of model.get("moves") || []) {
      const li = document.createElement("li");
      const b = button(`Ply ${m.ply}: ${m.who} ${m.move}`, `${m.who}: ${m.move}`, { class: "iw-plybtn" });
      b.addEventListener("click", () => {
        selected = null;
        playback.goToPly(m.ply);
      });
      li.appendChild(b);
      dom.moveList.appendChild(li);
    }
  }

  function renderActions() {
    dom.actions.innerHTML = "";
    for (const [label, message] of model.get("buttons") || []) {
      const extra = { class: "iw-btn iw-action" };
      if (message.move) extra["data-move"] = message.move;
      const b = button(label, label, extra);
      b.addEventListener("click", () => send(message));
      dom.actions.appendChild(b);
    }
  }

  function showChooser(moves) {
    dom.chooser.innerHTML = "";
    for (const m of moves) {
      const b = button(`Play ${m}`, m, { class: "iw-btn iw-choice" });
      b.addEventListener("click", () => {
        dom.chooser.innerHTML = "";
        selected = null;
        send({ type: "move", move: m });
      });
      dom.chooser.appendChild(b);
    }
  }

  function onSquare(sq) {
    dom.chooser.innerHTML = "";
    if (!playback.atLive()) {
      say("You are looking at an earlier position: press Last (▶|) to play on, or Undo.", "info");
      return;
    }
    if (model.get("bot_pending")) {
      say("Wait for the bot's move.", "info");
      return;
    }
    const action = clickAction(model.get("legal") || [], selected, sq, (model.get("buttons") || []).length > 0);
    if (action.act === "play") {
      say("", "info");
      send({ type: "move", move: action.move });
    } else if (action.act === "choose") {
      say("Several moves go there: choose one.", "info");
      showChooser(action.moves);
      return;
    } else if (action.act === "explain") {
      send({ type: "click", from: action.from, to: action.to });
    } else if (action.act === "select") {
      selected = sq;
      say(`Selected ${sq}: choose a highlighted square.`, "info");
      refresh();
      return;
    } else if (action.act === "refuse") {
      say(action.text, action.kind);
    }
    unselect();
  }

  function copy(text) {
    dom.shareText.hidden = false;
    dom.shareText.value = text || "";
    dom.shareText.select();
    const done = () => say("Copied to the clipboard.", "info");
    const manual = () => say("Select the text below and copy it.", "info");
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, manual);
      else manual();
    } catch (e) {
      manual();
    }
  }

  for (const [action, b] of Object.entries(dom.navButtons)) b.addEventListener("click", () => navigate(action));
  dom.startItem.addEventListener("click", () => {
    selected = null;
    playback.goToPly(0);
  });
  dom.slider.addEventListener("input", () => {
    playback.stopPlay();
    selected = null;
    playback.goTo(Number(dom.slider.value), false);
  });
  dom.speed.addEventListener("change", () => {
    model.set("speed", Number(dom.speed.value));
    model.save_changes();
    playback.speedChanged();
  });
  dom.layers.static.addEventListener("click", (ev) => {
    const target = ev.target.closest ? ev.target.closest("[data-square]") : null;
    if (target) onSquare(target.getAttribute("data-square"));
  });
  dom.root.addEventListener("keydown", (ev) => {
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
  dom.undo.addEventListener("click", () => send({ type: "undo" }));
  dom.redo.addEventListener("click", () => send({ type: "redo" }));
  dom.moveForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = dom.moveInput.value.trim();
    if (text) {
      send({ type: "move", move: text });
      dom.moveInput.value = "";
    }
  });
  dom.copyPosition.addEventListener("click", () => copy(model.get("position_text")));
  dom.copyCode.addEventListener("click", () => copy(model.get("record_code")));
  dom.openLoad.addEventListener("click", () => {
    dom.shareText.hidden = false;
    dom.load.hidden = false;
    dom.shareText.value = "";
    dom.shareText.focus();
  });
  dom.load.addEventListener("click", () => send({ type: "load", text: dom.shareText.value }));

  /** New frames: the message shown was about the position before; the lists are rebuilt. */
  function framesChanged() {
    say(model.get("message"), model.get("message_kind"));
    renderMoves();
    renderActions();
    selected = null;
  }

  function buttonsChanged() {
    renderActions();
    refresh();
  }

  return { refresh, framesChanged, buttonsChanged };
}

// Wiring -------------------------------------------------------------------------------------

function render({ model, el: host }) {
  const dom = buildDom(host);
  const messenger = createMessenger(dom, model);
  const board = createBoard(dom, model);
  let input = null; // created next: input and playback each call the other
  const playback = createPlayback(dom, model, board, messenger, {
    shown: () => input.refresh(),
    framesChanged: () => input.framesChanged(),
  });
  input = createInput(dom, model, playback, board, messenger);

  model.on("change:frames", playback.framesChanged);
  model.on("change:board", playback.redraw);
  model.on("change:ply", playback.plyChanged);
  model.on("change:legal", input.refresh);
  model.on("change:buttons", input.buttonsChanged);
  model.on("change:can_undo", input.refresh);
  model.on("change:can_redo", input.refresh);
  model.on("change:bot_pending", () => {
    input.refresh();
    playback.maybeBot();
  });
  // While a bot thinks (on a thread in Python) the page stays live; the header shows it.
  const showThinking = () => dom.root.classList.toggle("iw-thinking", Boolean(model.get("bot_thinking")));
  model.on("change:bot_thinking", showThinking);
  showThinking();
  model.on("change:message", () => messenger.say(model.get("message"), model.get("message_kind")));
  model.on("change:theme", board.setup);
  model.on("change:seats", board.setup);
  dom.speed.value = String(model.get("speed") || 1);
  if (![...dom.speed.options].some((o) => o.value === dom.speed.value)) dom.speed.value = "1";

  playback.framesChanged();
  messenger.say(model.get("message"), model.get("message_kind"));

  return playback.dispose;
}

export default { render };
