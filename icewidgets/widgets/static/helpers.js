// icewidgets GameWidget front end, part 1 of 8: pure helpers (no DOM), tested with node.
//
// The front end is one plain ES module joined from the parts in icewidgets/widgets/static
// (helpers, graph, dom, board, playback, input, analysis, widget; see
// icewidgets/widgets/frontend.py). It knows no game: the board, the pieces, the legal moves with
// their squares and groups, the buttons, the theme and the analysis all come from Python.

export const SVG_NS = "http://www.w3.org/2000/svg";

// Frames -------------------------------------------------------------------------------------

/** Expand compact frames into full frames: {ply, stage, final, text, marks, panel, areas, pieces};
 *  `before` is the full frame shown before the first of them (none: they start the game). */
export function expandFrames(frames, before = null) {
  const out = [];
  let pieces = before ? before.pieces : {};
  let marks = before ? before.marks : "";
  let panel = before ? before.panel : "";
  let areas = before ? before.areas || "" : "";
  for (const f of frames || []) {
    pieces = Object.assign({}, pieces);
    for (const [id, tok, loc, x, y, s] of f.d || []) {
      if (!s) delete pieces[id];
      else pieces[id] = { tok, loc, x, y, s };
    }
    if ("m" in f) marks = f.m;
    if ("n" in f) panel = f.n;
    if ("a" in f) areas = f.a;
    out.push({ ply: f.p, stage: f.s, final: !!f.f, text: f.t || "", marks, panel, areas, pieces });
  }
  return out;
}

/**
 * Apply a change sent by Python to the replay lists, in place: `delta` replaces `frames` from
 * `frames_from` on with `delta.frames`, and `moves` from `moves_from` on with `delta.moves`.
 * Returns false (and changes nothing) when the lists are not at `delta.base` (`revision`).
 */
export function applyDelta(frames, moves, revision, delta) {
  if (!delta || delta.base !== revision || delta.frames_from > frames.length || delta.moves_from > moves.length) {
    return false;
  }
  frames.splice(delta.frames_from, frames.length - delta.frames_from, ...(delta.frames || []));
  moves.splice(delta.moves_from, moves.length - delta.moves_from, ...(delta.moves || []));
  return true;
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

/** The one sentence that tells the ply a frame belongs to (the move entries' summaries). */
export function summaryOf(moves, frame) {
  if (!frame || frame.ply === 0) return "The game starts.";
  const entry = (moves || [])[frame.ply - 1];
  return entry ? entry.text || `${entry.who}: ${entry.move}` : "";
}

// Legal moves and clicks ---------------------------------------------------------------------

/**
 * Legal moves as sent by Python, [[move, group, "from-to from-to"], ...] (from empty for a move
 * that only names where something goes), as one entry per click pair: {move, group, from, to}.
 */
export function parseLegal(legal) {
  const out = [];
  for (const [move, group, squares] of legal || []) {
    for (const pair of String(squares || "").split(" ")) {
      if (!pair) continue;
      const cut = pair.indexOf("-");
      out.push({ move, group: group ?? null, from: pair.slice(0, cut) || null, to: pair.slice(cut + 1) });
    }
  }
  return out;
}

/** Squares a move of its own (not of a group) starts from. */
export function sourceSquares(entries) {
  return [...new Set((entries || []).filter((e) => e.group === null).map((e) => e.from).filter(Boolean))].sort();
}

/** Where the piece on `square` may go (`square` null: where from-less moves go); with `group`,
 *  every square a move of the group takes one of its pieces to. */
export function targetsFrom(entries, square, group = null) {
  const picked = (entries || []).filter((e) => (group === null ? e.group === null && e.from === square : e.group === group));
  return [...new Set(picked.map((e) => e.to).filter(Boolean))].sort();
}

/** The moves that a click on `to` plays after `from` (or a group) was picked: several, the player chooses. */
export function movesBetween(entries, from, to, group = null) {
  const picked = (entries || []).filter((e) => e.to === to && (group === null ? e.group === null && e.from === from : e.group === group));
  return [...new Set(picked.map((e) => e.move))];
}

/** The group called `name` in Python's list of groups ([[name, label, squares], ...]), or null. */
export function findGroup(groups, name) {
  const found = (groups || []).find((g) => g[0] === name);
  return found ? { name, label: found[1], squares: found[2] || [] } : null;
}

/** The groups with a legal move that have a piece on `square`, in the order Python gave them. */
export function groupsAt(entries, groups, square) {
  const moving = new Set((entries || []).filter((e) => e.group !== null).map((e) => e.group));
  return (groups || []).filter((g) => moving.has(g[0]) && (g[2] || []).includes(square)).map((g) => g[0]);
}

/**
 * What a click on `square` means, with `selected` what was picked before ({square, group} or
 * null): {act: "play", move}, {act: "choose", moves}, {act: "explain", from, to} (no legal move
 * joins the squares: Python says why), {act: "select", square, group}, {act: "unselect"} or
 * {act: "refuse", text, kind}. A second click on a piece of several groups picks the next one.
 */
export function clickAction(entries, groups, selected, square, hasButtons) {
  const here = groupsAt(entries, groups, square);
  const own = sourceSquares(entries).includes(square);
  if (selected && square === selected.square) {
    const next = here.indexOf(selected.group) + 1;
    if (selected.group !== null && next > 0 && next < here.length) return { act: "select", square, group: here[next] };
    if (selected.group !== null && own) return { act: "select", square, group: null };
    return { act: "unselect" };
  }
  if (selected) {
    const moves = movesBetween(entries, selected.square, square, selected.group);
    if (moves.length === 1) return { act: "play", move: moves[0] };
    if (moves.length > 1) return { act: "choose", moves };
    if (!own && !here.length) return { act: "explain", from: selected.square, to: square };
  }
  if (here.length) return { act: "select", square, group: here[0] };
  if (own) return { act: "select", square, group: null };
  const placements = movesBetween(entries, null, square);
  if (placements.length === 1) return { act: "play", move: placements[0] };
  if (placements.length > 1) return { act: "choose", moves: placements };
  if (!(entries || []).length) {
    return { act: "refuse", text: hasButtons ? "Use the buttons to go on." : "There is no move to play here.", kind: "info" };
  }
  return { act: "refuse", text: `No legal move starts on ${square}.`, kind: "error" };
}

// A choice of squares (widgets/choosing.py) ------------------------------------------------

/** An array of names joined as a sentence, as Python's words.name_list: "a1, b3 and c2" (in the order given). */
export function nameList(names) {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** What a click on `square` does while a choice of squares is pending (`choice`, the trait:
 *  {squares, verb}; {} or null when none): {act: "toggle", square} on a square of the choice,
 *  {act: "refuse", text, kind} elsewhere, null when none is pending (clicks go on as usual). */
export function choiceClick(choice, square) {
  const squares = (choice && choice.squares) || [];
  if (!squares.length) return null;
  if (squares.includes(square)) return { act: "toggle", square };
  const text = `Click a square marked with a dashed ring (${nameList(squares)}) to select it, then press a button.`;
  return { act: "refuse", kind: "info", text };
}

/** What a screen reader adds to each square of a pending choice: "selected to take" or "you may
 *  take it" (the choice's verb); nothing for the other squares. */
export function choiceLabels(choice, selection) {
  const out = {};
  const verb = (choice && choice.verb) || "choose";
  for (const sq of (choice && choice.squares) || []) out[sq] = (selection || []).includes(sq) ? `selected to ${verb}` : `you may ${verb} it`;
  return out;
}

// Keys ---------------------------------------------------------------------------------------

/** What a key does in the replay: "back", "forward", "first", "last", "toggle" or null. */
export function keyAction(key) {
  return { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last", " ": "toggle", Spacebar: "toggle" }[key] || null;
}

/** What a key does on the board: a cursor step [dx, dy] (screen directions), "pick", "cancel" or null. */
export function boardKeyAction(key) {
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (steps[key]) return steps[key];
  if (key === "Enter" || key === " " || key === "Spacebar") return "pick";
  if (key === "Escape") return "cancel";
  return null;
}

/**
 * The square next to `name` in screen direction (dx, dy), or `name` itself at the edge.
 * `squares` maps a name to its rectangle {x, y, w}.
 */
export function neighbour(squares, name, dx, dy) {
  const here = squares[name];
  if (!here) return Object.keys(squares)[0] || null;
  const x = here.x + dx * here.w;
  const y = here.y + dy * here.w;
  for (const [other, r] of Object.entries(squares)) {
    if (Math.abs(r.x - x) < here.w / 4 && Math.abs(r.y - y) < here.w / 4) return other;
  }
  return name;
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

// Drawing ------------------------------------------------------------------------------------

/** SVG transform of a piece at (x, y) with side `s` (pieces are drawn 100 wide). */
export function transformOf(p) {
  return `translate(${p.x} ${p.y}) scale(${+(p.s / 100).toFixed(4)})`;
}

/** The same as a CSS transform, for animations. */
export function cssTransformOf(p) {
  return `translate(${p.x}px, ${p.y}px) scale(${+(p.s / 100).toFixed(4)})`;
}

/** The font size, in a piece's own units (100 a side), of a label whose natural size is
 *  `natural` on a piece drawn `side` px wide: at least `least` px on screen, as the static
 *  pictures draw it (svg.theme.label_units). */
export function labelUnits(natural, side, least) {
  if (!(side > 0)) return natural;
  // rounded up to a tenth, so that the letters are never a hair under `least`
  return Math.max(natural, Math.ceil(+((least * 1000) / side).toFixed(6)) / 10);
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

/** The labels of the board areas each square lies in, from `[label, "a1 b1 …"]` pairs (the
 *  `data-area` and `data-squares` of the areas drawn): {square: [label, …]}, each label once. */
export function areaLabels(entries) {
  const bySquare = {};
  for (const [label, squares] of entries || []) {
    for (const square of (squares || "").split(" ")) {
      if (!square) continue;
      const labels = (bySquare[square] = bySquare[square] || []);
      if (!labels.includes(label)) labels.push(label);
    }
  }
  return bySquare;
}

/** What a screen reader says for a square: its name, its stack (bottom to top) or "empty", and
 *  the board areas it lies in. */
export function squareLabel(square, stack, labels) {
  const text = `${square}: ${stack && stack.length ? stack.join(" ") : "empty"}`;
  return labels && labels.length ? `${text} (${labels.join(", ")})` : text;
}

/** The height of a stack (pawns, the tokens in `pawns`, do not count): the number drawn in a square's corner. */
export function stackHeight(tokens, pawns) {
  const onTop = pawns || new Set();
  return (tokens || []).filter((t) => !onTop.has(t)).length;
}

/** The SVG of the stack-height badge `n` in the top right corner of the square at (x, y),
 *  coloured by the theme (classes iw-bg and iw-fg); `scale` is the text scale. */
export function badgeMarkup(x, y, width, n, scale = 1) {
  const side = Math.round((12 * scale + 3) * 10) / 10;
  const bx = Math.round((x + width - side - 1) * 10) / 10;
  const by = y + 1;
  return `<rect class="iw-bg" x="${bx}" y="${by}" width="${side}" height="${side}" rx="3"/>` +
    `<text class="iw-fg" x="${Math.round((bx + side / 2) * 10) / 10}" y="${Math.round((by + side - 3 * scale) * 10) / 10}" ` +
    `text-anchor="middle" font-size="${12 * scale}" font-weight="bold">${n}</text>`;
}

/** A fixed theme's colours as the widget's CSS custom properties ("dark" is a flag, not a colour). */
export function cssVariables(colours) {
  const out = {};
  for (const [name, value] of Object.entries(colours || {})) {
    if (name !== "dark") out[`--iw-${name}`] = value;
  }
  return out;
}

/** A CSS colour ("rgb(17, 17, 17)", "rgba(0, 0, 0, 0.87)" or "#rrggbb") as [r, g, b, alpha]. */
export function parseColour(text) {
  const s = String(text || "").trim();
  const hex = /^#([0-9a-f]{6})$/i.exec(s);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)).concat([1]);
  const m = /^rgba?\(([^)]*)\)$/.exec(s);
  if (!m) return null;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
}

/** The WCAG relative luminance of [r, g, b]. */
export function luminance(rgb) {
  const [r, g, b] = rgb.slice(0, 3).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** True when a background colour is dark (light writing goes on it); null if it cannot be read
 *  or is transparent. */
export function isDarkBackground(text) {
  const c = parseColour(text);
  if (!c || c[3] === 0) return null;
  return luminance(c) < 0.18;
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

/** Pieces of `before` that are gone in `after` (they fade out when animated). */
export function removedPieces(before, after) {
  return Object.keys(before || {}).filter((id) => !(id in (after || {})));
}

/** Playback delay per frame (ms) at a speed multiplier. */
export function frameDelay(speed) {
  const s = Number(speed) > 0 ? Number(speed) : 1;
  return Math.round(900 / s);
}

// A model without a kernel -------------------------------------------------------------------

/**
 * A stand-in for the widget model built from saved data (a standalone replay page): `get` and
 * `set` read and write `state`, `on` listens to changes, and `send` fails, as without a kernel.
 */
export function offlineModel(state) {
  const data = Object.assign({}, state);
  const listeners = {};
  return {
    get: (name) => data[name],
    set(name, value) {
      data[name] = value;
      for (const cb of listeners[`change:${name}`] || []) cb();
    },
    save_changes() {},
    on(name, cb) {
      (listeners[name] = listeners[name] || []).push(cb);
    },
    off() {},
    send() {
      return Promise.reject(new Error("no kernel"));
    },
  };
}
