// Unit tests of the analysis' pure helpers (graph.js): `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  graphLabel, graphLayout, graphMarkup, hintLine, hintMarks, hintsShownAt, labelsByPly, labelWords, plyAt, plyTicks,
} from "../../icewidgets/widgets/static/graph.js";

// What Python sends (widgets/analysing.py): a 4-ply game analysed up to ply 3, a blunder at ply 2.
const data = {
  running: true, plies: 4, done: 3, status: "Analysing ply 4 of 4…", seat: "Player 1", players: 2, precision: 0.05,
  points: [[0.5, 0.45, 0.55], [0.62, 0.57, 0.67], [0.2, 0.15, 0.25], [0.25, 0.2, 0.3]],
  labels: [{ ply: 2, label: "blunder", symbol: "??", who: "Player 2", move: "c3-c4", best: "c3-d4", loss: 0.41 }],
  turning: 2, narration: "Ply 2 turned the game: …", summary: [],
};

const count = (text, pattern) => (text.match(pattern) || []).length;

test("the graph's scales put ply 0 at the left margin, the last ply at the right, 1 point at the top", () => {
  const L = graphLayout(4, 400, 1);
  assert.equal(L.x(0), L.left);
  assert.equal(L.x(4), 400 - 12);
  assert.equal(L.y(1), L.top);
  assert.equal(L.y(0), L.top + L.plot);
  assert.equal(L.y(0.5), L.top + L.plot / 2);
  const big = graphLayout(4, 400, 1.5);
  assert.equal(big.font, 18, "projector size: no text under 18 px");
  assert.ok(big.height > L.height);
  assert.equal(graphLayout(0, 400).x(0), graphLayout(0, 400).left, "a game with no plies still has a frame");
});

test("a click on the graph goes to the nearest ply, never outside the game", () => {
  const L = graphLayout(4, 400, 1);
  assert.equal(plyAt(L, L.x(2)), 2);
  assert.equal(plyAt(L, L.x(2) + L.step * 0.4), 2);
  assert.equal(plyAt(L, L.x(2) + L.step * 0.6), 3);
  assert.equal(plyAt(L, -50), 0);
  assert.equal(plyAt(L, 5000), 4);
});

test("the graph draws a point per position, the band, the labels with their symbols and the turning point", () => {
  const { markup, layout } = graphMarkup(data, 400, 1);
  assert.equal(count(markup, /class="iw-gpoint"/g), 4);
  for (let ply = 0; ply < 4; ply++) assert.match(markup, new RegExp(`class="iw-gpoint" data-ply="${ply}" cx="${layout.x(ply)}" cy="${layout.y(data.points[ply][0])}"`));
  assert.equal(count(markup, /class="iw-gband"/g), 1);
  const band = /class="iw-gband" points="([^"]*)"/.exec(markup)[1].split(" ");
  assert.equal(band.length, 8, "the upper bounds forwards, the lower ones back");
  assert.equal(band[0], `${layout.x(0)},${layout.y(0.55)}`);
  assert.equal(band[7], `${layout.x(0)},${layout.y(0.45)}`);
  assert.match(markup, /class="iw-gline" points="[^"]*"/);
  // The blunder: a focusable button with its words, a triangle and its symbol.
  const label = /<g class="iw-glabel iw-blunder" data-ply="2" tabindex="0" role="button" aria-label="([^"]*)">(.*?)<\/g>/.exec(markup);
  assert.ok(label, "the labelled ply is a button");
  assert.equal(label[1], "Ply 2: Player 2 c3-c4, blunder (??): the best move found was c3-d4, 0.41 better. Go to ply 2");
  assert.match(label[2], /^<polygon class="iw-gshape"/);
  assert.match(label[2], /<text class="iw-fg"[^>]*>\?\?<\/text>$/);
  assert.match(markup, new RegExp(`class="iw-gturn" x1="${layout.x(2)}"`));
  assert.match(markup, /class="iw-gbase"/, "the baseline 1/players");
  assert.match(markup, /^<rect class="iw-bg"/, "the background first: the texts' contrast is measured against it");
  assert.equal(count(markup, /class="iw-gcursor"/g), 1);
  assert.match(markup, /class="iw-muted iw-gaxis"[^>]*>ply<\/text>/);
  assert.deepEqual([...markup.matchAll(/class="iw-muted iw-gtick"[^>]*>(\d+)<\/text>/g)].map((m) => m[1]),
    ["0", "1", "2", "3", "4"]);
});

test("the ply axis numbers as many plies as the width has room for, never overlapping", () => {
  const ticks = (plies, width, scale = 1) => plyTicks(graphLayout(plies, width, scale));
  assert.deepEqual(ticks(80, 420), [0, 10, 20, 30, 40, 50, 60, 70, 80], "a narrow screen");
  assert.deepEqual(ticks(80, 900), [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80]);
  assert.deepEqual(ticks(39, 420, 1.5), [0, 5, 10, 15, 20, 25, 30, 35], "projector size: bigger numbers, fewer");
  assert.deepEqual(ticks(6, 420), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(ticks(300, 320), [0, 50, 100, 150, 200, 250, 300]);
  for (const [plies, width, scale] of [[80, 420, 1], [39, 420, 1], [250, 420, 1], [1000, 300, 1.5], [7, 200, 1]]) {
    const L = graphLayout(plies, width, scale);
    const xs = plyTicks(L).map(L.x);
    const widest = String(plies).length * L.font * 0.62;
    for (let i = 1; i < xs.length; i++) assert.ok(xs[i] - xs[i - 1] >= widest + L.font * 0.9, `${plies} plies in ${width} px`);
  }
});

test("each label has its own shape, so colour is never the only cue", () => {
  const shapes = {};
  for (const [label, symbol] of [["inaccuracy", "?!"], ["mistake", "?"], ["blunder", "??"]]) {
    const one = { ...data, labels: [{ ply: 1, label, symbol, who: "Player 1", move: "a1-a2", best: "b1-b2", loss: 0.2 }] };
    const { markup } = graphMarkup(one, 300);
    shapes[label] = /iw-glabel[^>]*>(<\w+)/.exec(markup)[1];
    assert.match(markup, new RegExp(`>${symbol.replace(/\?/g, "\\?")}</text>`));
  }
  assert.deepEqual(shapes, { inaccuracy: "<circle", mistake: "<rect", blunder: "<polygon" });
});

test("an analysis with only its start position, or none yet, draws what it has", () => {
  const start = graphMarkup({ plies: 3, points: [[0.5, 0.4, 0.6]], players: 2, labels: [], turning: null }, 300).markup;
  assert.equal(count(start, /class="iw-gpoint"/g), 1);
  assert.doesNotMatch(start, /iw-gband|iw-gline|iw-gturn/);
  const empty = graphMarkup({}, 300).markup;
  assert.doesNotMatch(empty, /iw-gpoint/);
  assert.match(empty, /class="iw-gcursor"/);
});

test("text from Python is escaped in the graph", () => {
  const odd = { ...data, labels: [{ ...data.labels[0], who: 'A "B" <C>', move: "x&y" }] };
  const { markup } = graphMarkup(odd, 300);
  assert.match(markup, /aria-label="Ply 2: A &quot;B&quot; &lt;C&gt; x&amp;y, blunder/);
});

test("labels in words, by ply, and the graph's text for screen readers", () => {
  assert.equal(labelWords(data.labels[0]), "blunder (??): the best move found was c3-d4, 0.41 better");
  assert.equal(labelWords({ label: "mistake", symbol: "?" }), "mistake (?)");
  assert.deepEqual([...labelsByPly(data).keys()], [2]);
  assert.equal(labelsByPly({}).size, 0);
  assert.equal(graphLabel(data), "Evaluation graph: Player 1's expected points after each ply, 3 of 4 plies analysed, "
    + "1 labelled. The arrow keys step through the plies; Tab reaches the labelled plies.");
});

// A 2 × 2 board of 60 px squares.
const squares = { a1: { x: 0, y: 60, w: 60 }, b1: { x: 60, y: 60, w: 60 }, a2: { x: 0, y: 0, w: 60 }, b2: { x: 60, y: 0, w: 60 } };
const hints = [
  { rank: 1, move: "a1-b2", value: 0.81, squares: "a1-b2", text: "a1-b2 0.81 [0.76–0.86]", label: "a1-b2" },
  { rank: 2, move: "RE1", value: 0.5, squares: "a1-b1 a2-b2", text: "RE1 0.50 [0.45–0.55]", label: "RE1" },
  { rank: 3, move: "@b1", value: 0.333, squares: "-b1", text: "@b1 0.33 [0.28–0.38]", label: "@b1" },
  { rank: 4, move: "end", value: 0.2, squares: "", text: "end 0.20 [0.15–0.25]", label: "End turn" },
];

test("hints are arrows from source to target, a ring for a placement, with their rank and value", () => {
  const markup = hintMarks(hints, squares, 12);
  const groups = markup.match(/<g class="iw-hint iw-hint\d" data-hint="\d" data-move="[^"]*">/g);
  assert.deepEqual(groups, [
    '<g class="iw-hint iw-hint1" data-hint="1" data-move="a1-b2">',
    '<g class="iw-hint iw-hint2" data-hint="2" data-move="RE1">',
    '<g class="iw-hint iw-hint3" data-hint="3" data-move="@b1">',
  ], "a move without squares is not drawn (it is listed)");
  assert.equal(count(markup, /<line class="iw-hintline"/g), 3, "one arrow per square pair");
  assert.equal(count(markup, /<polygon class="iw-hinthead"/g), 3);
  assert.equal(count(markup, /<circle class="iw-hintline"/g), 1, "a ring on the placement's square");
  assert.equal(count(markup, /class="iw-hinthalo"/g), 4, "every line on a halo");
  // The best is solid and thickest, the second dashed, the third dotted.
  const widths = [...markup.matchAll(/class="iw-hintline"[^>]*stroke-width="([\d.]+)"/g)].map((m) => Number(m[1]));
  assert.deepEqual(widths, [5.4, 4.2, 4.2, 3.6]);
  assert.doesNotMatch(/data-hint="1".*?<\/g>/.exec(markup)[0], /stroke-dasharray/);
  assert.match(/data-hint="2".*?<\/g>/.exec(markup)[0], /stroke-dasharray="9.6 6"/);
  assert.match(/data-hint="3".*?<\/g>/.exec(markup)[0], /stroke-dasharray="2.4 4.8"/);
  // The first arrow goes from a1's centre towards b2's and ends inside b2.
  const line = /<line class="iw-hintline" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/.exec(markup).slice(1).map(Number);
  assert.deepEqual(line.slice(0, 2), [30, 90]);
  assert.ok(line[2] > 30 && line[2] < 90 && line[3] < 90 && line[3] > 30);
  const texts = [...markup.matchAll(/<text class="iw-fg"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => [m[2], Number(m[1])]);
  assert.deepEqual(texts, [["1: 0.81", 12], ["2: 0.50", 12], ["3: 0.33", 12]]);
  assert.equal(count(markup, /<rect class="iw-bg iw-hintbadge"/g), 3, "each badge on the background's colour");
  assert.equal(hintMarks([], squares), "");
  assert.equal(hintMarks(undefined, squares), "");
  assert.equal(hintMarks([{ rank: 1, move: "z9-z8", value: 0.5, squares: "z9-z8" }], squares), "", "squares not on the board are skipped");
});

test("badges in the same place stack, and follow the text size", () => {
  const same = [
    { rank: 1, move: "a1-b2", value: 0.8, squares: "a1-b2" },
    { rank: 2, move: "2a1-b2", value: 0.7, squares: "a1-b2" },
  ];
  const ys = [...hintMarks(same, squares, 18).matchAll(/<rect class="iw-bg iw-hintbadge" x="[\d.-]+" y="([\d.-]+)"[^>]*height="([\d.]+)"/g)]
    .map((m) => [Number(m[1]), Number(m[2])]);
  assert.equal(ys.length, 2);
  assert.equal(ys[0][1], 24, "18 px text in a badge 24 px high");
  assert.equal(ys[0][0] - ys[1][0], 26, "the second above the first");
  assert.match(hintMarks(same, squares, 18), /font-size="18"/);
});

test("hints are drawn only on the final frame of their position", () => {
  const data = { ply: 3, hints };
  assert.equal(hintsShownAt(data, { ply: 3, final: true }), true);
  assert.equal(hintsShownAt(data, { ply: 3, final: false }), false, "a stage inside ply 3 is not yet its position");
  assert.equal(hintsShownAt(data, { ply: 4, final: true }), false);
  assert.equal(hintsShownAt({ ply: 0, hints }, { ply: 0, final: true }), true);
  assert.equal(hintsShownAt({ ply: 3, thinking: true, hints: [] }, { ply: 3, final: true }), false);
  assert.equal(hintsShownAt({}, { ply: 3, final: true }), false);
  assert.equal(hintsShownAt(data, null), false);
});

test("a hint in the list names a move without squares by its button", () => {
  assert.equal(hintLine(hints[0]), "a1-b2 0.81 [0.76–0.86]");
  assert.equal(hintLine(hints[3]), "End turn: end 0.20 [0.15–0.25]");
});
