// icewidgets GameWidget front end, part 2 of 8: the analysis' pure helpers (no DOM), tested with
// node: the evaluation graph, the words of the labels, and the hints' marks on the board. Python
// sends the analysis as `analysis_data` and the hints as `hint_data` (widgets/analysing.py).
import { parseLegal } from "./helpers.js";

const round1 = (n) => Math.round(n * 10) / 10;

function escapeText(text) {
  return String(text ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// The evaluation graph -----------------------------------------------------------------------

/**
 * The graph's frame for a game of `plies` plies drawn `width` px wide at text scale `scale`:
 * margins for the axis' numbers and the labels' symbols, and the scales `x(ply)` and `y(points)`.
 */
export function graphLayout(plies, width, scale = 1) {
  const font = 12 * scale;
  const left = Math.round(font * 2.4);
  const right = Math.round(font);
  const top = Math.round(font * 1.8);
  const bottom = Math.round(font * 1.6);
  const plot = Math.round(90 * scale);
  const inner = Math.max(20, width - left - right);
  const step = inner / Math.max(1, plies);
  return {
    width: Math.max(width, left + right + 20), height: top + plot + bottom, font, left, top, plot, step, plies,
    x: (ply) => round1(left + ply * step),
    y: (points) => round1(top + (1 - points) * plot),
  };
}

const TICK_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];

/**
 * The plies that get a numbered tick on the graph's axis of `layout`: 0 and every multiple of
 * the smallest step of 1, 2, 5, 10, 20, 25, 50… that leaves room for the widest number (the
 * last ply's) and a gap of a number's height between two, so the numbers never overlap, whatever
 * the width and the text scale.
 */
export function plyTicks(layout) {
  const digits = String(Math.max(1, layout.plies)).length;
  const room = digits * layout.font * 0.62 + layout.font;
  const step = TICK_STEPS.find((s) => s * layout.step >= room) || Math.ceil(room / layout.step);
  const ticks = [];
  for (let ply = 0; ply <= layout.plies; ply += step) ticks.push(ply);
  return ticks;
}

/** The ply nearest to `x` (px from the graph's left edge), from 0 to the last ply. */
export function plyAt(layout, x) {
  return Math.max(0, Math.min(layout.plies, Math.round((x - layout.left) / layout.step)));
}

/** A label in words, for screen readers and tooltips: "blunder (??), missed a win in 3: Best was c3-d4 (#3),
 *  you played c3-c4 (0.41 [0.36–0.46])" (the reason only where a proof gives one). */
export function labelWords(entry) {
  const reason = entry.reason ? `, ${entry.reason}` : "";
  const best = entry.review ? `: ${entry.review}`
    : entry.best ? `: the best move found was ${entry.best}, ${Number(entry.loss).toFixed(2)} better` : "";
  return `${entry.label} (${entry.symbol})${reason}${best}`;
}

/** A proved mark in words: "#3" "proved: a win in 3 plies for the player who moved", "#-2" a loss, "=#4" a shared win. */
export function provedWords(mark) {
  const m = /^(=?)#(-?)(\d+)$/.exec(String(mark));
  if (!m) return `proved: ${mark}`;
  const what = m[1] ? "a shared win" : m[2] ? "a loss" : "a win";
  return `proved ${mark}: ${what} in ${m[3]} ${m[3] === "1" ? "ply" : "plies"} for the player who moved`;
}

/**
 * Where the graph's texts go: each `[x, width]` in order (a text centred on x) gets the first
 * of `rows` rows where it keeps a gap of `gap` px from the text before it in that row, or -1
 * (no room: the text is left out, its mark and its words stay), so texts never run together
 * ("?????"), whatever the width of the graph.
 */
export function textRows(items, rows = 2, gap = 2) {
  const ends = new Array(rows).fill(-Infinity);
  return items.map(([x, width]) => {
    const row = ends.findIndex((end) => x - width / 2 >= end + gap);
    if (row >= 0) ends[row] = x + width / 2;
    return row;
  });
}

/** The labelled plies of `data` by ply number. */
export function labelsByPly(data) {
  const out = new Map();
  for (const entry of (data && data.labels) || []) out.set(entry.ply, entry);
  return out;
}

function labelShape(label, x, y, r) {
  if (label === "blunder") {
    return `<polygon class="iw-gshape" points="${round1(x - r * 1.2)},${round1(y - r)} ${round1(x + r * 1.2)},${round1(y - r)} ${x},${round1(y + r * 1.1)}"/>`;
  }
  if (label === "mistake") {
    return `<rect class="iw-gshape" x="${round1(x - r)}" y="${round1(y - r)}" width="${round1(2 * r)}" height="${round1(2 * r)}"/>`;
  }
  return `<circle class="iw-gshape" cx="${x}" cy="${y}" r="${r}"/>`;
}

/**
 * The SVG content of the evaluation graph of `data` (`analysis_data`), `width` px wide: the
 * first seat's expected points after every ply analysed with its 95% band, the baseline
 * 1/players (dashed), a point per ply (`data-ply`), each labelled ply marked by a shape and its
 * symbol (a button for the keyboard), the turning point (dotted) and the cursor of the ply
 * shown (`iw-gcursor`, moved by the page). Returns {markup, layout}.
 */
export function graphMarkup(data, width, scale = 1) {
  const plies = Math.max(data.plies || 0, (data.points || []).length - 1);
  const L = graphLayout(plies, width, scale);
  const points = data.points || [];
  const font = round1(L.font);
  const bottom = L.top + L.plot;
  const out = [`<rect class="iw-bg" width="${L.width}" height="${L.height}"/>`];
  for (const v of [0, 0.5, 1]) {
    out.push(`<line class="iw-ggrid" x1="${L.left}" x2="${L.x(plies)}" y1="${L.y(v)}" y2="${L.y(v)}"/>`);
    out.push(`<text class="iw-muted" x="${L.left - 4}" y="${round1(L.y(v) + L.font * 0.35)}" text-anchor="end" font-size="${font}">${v}</text>`);
  }
  // The ply axis: a numbered tick every few plies (as many as the width has room for), "ply" at its left.
  const ty = round1(bottom + L.font * 1.2);
  // "ply" ends half a number's width and a gap before the 0 centred on the axis' start.
  out.push(`<text class="iw-muted iw-gaxis" x="${round1(L.left - L.font * 0.5 - 2)}" y="${ty}" text-anchor="end" font-size="${font}">ply</text>`);
  for (const ply of plyTicks(L)) {
    const x = L.x(ply);
    const wide = String(ply).length * L.font * 0.31; // half a number's width
    const anchor = x + wide > L.width ? "end" : "middle";
    out.push(`<line class="iw-ggrid" x1="${x}" x2="${x}" y1="${bottom}" y2="${round1(bottom + 3 * scale)}"/>`,
      `<text class="iw-muted iw-gtick" x="${x}" y="${ty}" text-anchor="${anchor}" font-size="${font}">${ply}</text>`);
  }
  if (data.players > 1) {
    const y = L.y(1 / data.players);
    out.push(`<line class="iw-gbase" x1="${L.left}" x2="${L.x(plies)}" y1="${y}" y2="${y}"/>`);
  }
  if (points.length > 1) {
    const high = points.map((p, i) => `${L.x(i)},${L.y(p[2])}`);
    const low = points.map((p, i) => `${L.x(i)},${L.y(p[1])}`).reverse();
    out.push(`<polygon class="iw-gband" points="${high.concat(low).join(" ")}"/>`);
    out.push(`<polyline class="iw-gline" points="${points.map((p, i) => `${L.x(i)},${L.y(p[0])}`).join(" ")}"/>`);
  }
  if (data.turning !== null && data.turning !== undefined && data.turning < points.length) {
    const x = L.x(data.turning);
    out.push(`<line class="iw-gturn" x1="${x}" x2="${x}" y1="${L.top}" y2="${bottom}"/>`);
  }
  out.push(`<line class="iw-gcursor" x1="${L.left}" x2="${L.left}" y1="${round1(L.top - 4)}" y2="${round1(bottom + 4)}"/>`);
  const r = round1(2.5 * scale);
  points.forEach((p, i) => {
    out.push(`<circle class="iw-gpoint" data-ply="${i}" cx="${L.x(i)}" cy="${L.y(p[0])}" r="${r}"><title>Ply ${i}: ${p[0].toFixed(2)}</title></circle>`);
  });
  const big = round1(5 * scale);
  // One label per ply: its shape, and its symbol above it where there is room (two rows).
  const labels = (data.labels || []).filter((entry) => entry.ply < points.length);
  const rows = textRows(labels.map((entry) => [L.x(entry.ply), String(entry.symbol).length * L.font * 0.62]));
  labels.forEach((entry, i) => {
    const x = L.x(entry.ply);
    const y = L.y(points[entry.ply][0]);
    const name = `Ply ${entry.ply}: ${entry.who} ${entry.move}, ${labelWords(entry)}. Go to ply ${entry.ply}`;
    const ty = round1(Math.max(L.font, y - big - 3 - rows[i] * L.font));
    const symbol = rows[i] < 0 ? "" : `<text class="iw-fg" x="${x}" y="${ty}" text-anchor="middle" font-size="${font}" font-weight="bold">${escapeText(entry.symbol)}</text>`;
    out.push(`<g class="iw-glabel iw-${escapeText(entry.label)}" data-ply="${entry.ply}" tabindex="0" role="button" aria-label="${escapeText(name)}">` +
      labelShape(entry.label, x, y, big) + symbol + "</g>");
  });
  // Proved results (#3, #-2: of the move played, for its player) under the line, in two rows so
  // that marks of plies close together all stay readable (a third is left out: the move list has it).
  const proved = (data.proved || []).filter(([ply]) => ply < points.length);
  const under = textRows(proved.map(([ply, mark]) => [L.x(ply), String(mark).length * L.font * 0.62]), 2);
  const symbolAt = new Map(labels.map((entry, i) => [entry.ply, rows[i]]));
  proved.forEach(([ply, mark], i) => {
    if (under[i] < 0) return;
    const py = L.y(points[ply][0]);
    // Under the point, or above it (and above its label's symbol) where the axis leaves no room.
    const row = (symbolAt.has(ply) ? Math.max(0, symbolAt.get(ply)) + 1 : 0) + under[i];
    const below = py + big + L.font * (1 + under[i]);
    const y = below <= bottom - 2 ? below : Math.max(L.font, py - big - 3 - row * L.font);
    out.push(`<text class="iw-fg iw-gproved" data-ply="${ply}" x="${L.x(ply)}" y="${round1(y)}" text-anchor="middle" font-size="${font}">${escapeText(mark)}</text>`);
  });
  return { markup: out.join(""), layout: L };
}

/** What the graph says to a screen reader. */
export function graphLabel(data) {
  const done = (data.points || []).length - 1;
  const labels = (data.labels || []).length;
  return `Evaluation graph: ${data.seat}'s expected points after each ply, ${Math.max(0, done)} of ${data.plies} plies ` +
    `analysed, ${labels} labelled. The arrow keys step through the plies; Tab reaches the labelled plies.`;
}

// Hints ------------------------------------------------------------------------------------

/** The arrows of a move's square `pairs` ({from, to}; a ring on the target of a move with no
 *  source), `width` px thick, dashed by `dash` (an attribute or ""), each on a halo of the
 *  background's colour so that it shows on a piece of its own colour. */
export function arrowMarkup(pairs, squares, width, dash = "") {
  const group = [];
  for (const pair of pairs) {
    const t = squares[pair.to];
    const tx = t.x + t.w / 2;
    const ty = t.y + t.w / 2;
    const s = pair.from && squares[pair.from];
    if (!s) {
      const ring = `cx="${round1(tx)}" cy="${round1(ty)}" r="${round1(t.w * 0.36)}"`;
      group.push(`<circle class="iw-hinthalo" ${ring} stroke-width="${round1(width + 3)}"/>`,
        `<circle class="iw-hintline" ${ring} stroke-width="${width}"${dash}/>`);
      continue;
    }
    const sx = s.x + s.w / 2;
    const sy = s.y + s.w / 2;
    const length = Math.hypot(tx - sx, ty - sy) || 1;
    const ux = (tx - sx) / length;
    const uy = (ty - sy) / length;
    const head = Math.min(length * 0.45, t.w * 0.3);
    const ex = tx - ux * t.w * 0.12;
    const ey = ty - uy * t.w * 0.12;
    const bx = ex - ux * head;
    const by = ey - uy * head;
    const line = `x1="${round1(sx)}" y1="${round1(sy)}" x2="${round1(bx)}" y2="${round1(by)}"`;
    group.push(`<line class="iw-hinthalo" ${line} stroke-width="${round1(width + 3)}"/>`,
      `<line class="iw-hintline" ${line} stroke-width="${width}"${dash}/>`);
    group.push(`<polygon class="iw-hinthead" points="${round1(ex)},${round1(ey)} ${round1(bx - uy * head * 0.55)},${round1(by + ux * head * 0.55)} ${round1(bx + uy * head * 0.55)},${round1(by - ux * head * 0.55)}"/>`);
  }
  return group.join("");
}

/** A badge with `text` centred at (cx, cy): the background's colour, framed, letters `font` px. */
function badge(text, cx, cy, font, extra = "") {
  const bw = round1(text.length * font * 0.7 + 8);
  const bh = round1(font + 6);
  const bx = round1(cx - bw / 2);
  const by = round1(cy - bh / 2);
  return `<rect class="iw-bg iw-hintbadge" x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="4"${extra}/>` +
    `<text class="iw-fg" x="${round1(cx)}" y="${round1(by + font)}" text-anchor="middle" font-size="${round1(font)}" font-weight="bold">${escapeText(text)}</text>`;
}

/** The arrows of one move (`text`, its click squares `moveSquares`) on the board, in a group of
 *  class `cls`, dashed or not, with a badge ("Best" or "Played") on the middle of its first arrow:
 *  {markup(lift), at, step}, markup drawing the badge `lift` px up; at: null when no square is on the board. */
function moveMarks(cls, text, moveSquares, squares, font, dash, extra) {
  const pairs = parseLegal([[text, null, moveSquares || ""]]).filter((p) => squares[p.to] && (!p.from || squares[p.from]));
  if (!pairs.length) return { markup: "", at: null };
  const t = squares[pairs[0].to];
  const s = pairs[0].from && squares[pairs[0].from];
  const cx = s ? (s.x + t.x + t.w) / 2 : t.x + t.w / 2;
  const cy = s ? (s.y + t.y + t.w) / 2 : t.y + t.w * 0.14;
  const width = round1(t.w * (dash ? 0.07 : 0.1));
  const at = `${round1(cx)},${round1(cy)}`;
  const markup = (lift) => `<g class="${cls}" data-move="${escapeText(text)}"${extra}>` +
    arrowMarkup(pairs, squares, width, dash ? ` stroke-dasharray="${round1(t.w * 0.16)} ${round1(t.w * 0.1)}"` : "") +
    badge(cls === "iw-best" ? "Best" : "Played", cx, cy - lift, font) + "</g>";
  return { markup, at, step: round1(font + 8) };
}

/**
 * A labelled ply's two moves (`entry` of `analysis_data.labels`) drawn on the position they
 * were chosen in (the position before the ply, whose squares are `squares`): the move played
 * (`entry.played`'s squares), a thin dashed arrow with the badge "Played", under the best move
 * (`entry.squares`), a thick solid arrow of its own colour with the badge "Best" — so neither
 * colour nor line style is the only cue. Badges in the same place stack. "" when neither move
 * has squares on the board.
 */
export function compareMarks(entry, squares, font = 12) {
  if (!entry) return "";
  const played = moveMarks("iw-played", entry.move, entry.played, squares, font, true, "");
  const best = moveMarks("iw-best", entry.best, entry.squares, squares, font, false, ` data-ply="${entry.ply}"`);
  if (!played.at && !best.at) return "";
  const lift = played.at && played.at === best.at ? best.step : 0;
  return `<g class="iw-compare" data-ply="${entry.ply}" data-on="${entry.ply - 1}">` +
    (played.at ? played.markup(0) : "") + (best.at ? best.markup(lift) : "") + "</g>";
}

/**
 * The marks of `hints` (`hint_data.hints`) on a board whose squares are `squares` ({name: {x,
 * y, w}}): an arrow from the source to the target of every square pair of a move (a ring on
 * the target of a move with no source), thick and solid for the best, dashed for the second,
 * dotted for the third, each on a halo of the background's colour, and a badge "rank: value"
 * ("rank: #3" for a proved result) on the middle of the move's first arrow. `font` is the badges' text size (px). Moves without squares get none.
 */
export function hintMarks(hints, squares, font = 12) {
  const out = [];
  const badges = new Map();
  for (const hint of hints || []) {
    const pairs = parseLegal([[hint.move, null, hint.squares || ""]]).filter((p) => squares[p.to]);
    if (!pairs.length) continue;
    const rank = hint.rank;
    const w = squares[pairs[0].to].w;
    const width = round1(w * [0.09, 0.07, 0.06][Math.min(rank, 3) - 1]);
    const dash = ["", ` stroke-dasharray="${round1(w * 0.16)} ${round1(w * 0.1)}"`, ` stroke-dasharray="${round1(w * 0.04)} ${round1(w * 0.08)}"`][Math.min(rank, 3) - 1];
    const group = [`<g class="iw-hint iw-hint${rank}" data-hint="${rank}" data-move="${escapeText(hint.move)}">`];
    group.push(arrowMarkup(pairs, squares, width, dash));
    // The badge sits on the first arrow's middle, like a label on an edge (on a ring: its top),
    // leaving the pieces at both ends in view; badges in the same place stack upwards.
    const first = pairs[0];
    const t = squares[first.to];
    const s = first.from && squares[first.from];
    const cx = s ? (s.x + t.x + t.w) / 2 : t.x + t.w / 2;
    const cy = s ? (s.y + t.y + t.w) / 2 : t.y + t.w * 0.14;
    const key = `${round1(cx)},${round1(cy)}`;
    const stacked = badges.get(key) || 0;
    badges.set(key, stacked + 1);
    // A proved result is written as such (#3, #-2), else the estimate.
    const text = `${rank}: ${hint.mark || Number(hint.value).toFixed(2)}`;
    group.push(badge(text, cx, cy - stacked * (round1(font + 6) + 2), font), "</g>");
    out.push(group.join(""));
  }
  return out.join("");
}

/** Whether the hints of `hintData` belong on `frame` (the final frame of the position they are for). */
export function hintsShownAt(hintData, frame) {
  if (!hintData || !hintData.hints || !hintData.hints.length || !frame) return false;
  return frame.ply === hintData.ply && frame.final;
}

/** One hint in the list beside the board: its text, with the button's label for a move without squares. */
export function hintLine(hint) {
  return !hint.squares && hint.label && hint.label !== hint.move ? `${hint.label}: ${hint.text}` : hint.text;
}
