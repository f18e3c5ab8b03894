// Unit tests of the better move's pure helpers (graph.js, review.js, board.js): `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";
import { compareMarks, graphMarkup, hintMarks, labelWords, provedWords, textRows } from "../../icewidgets/widgets/static/graph.js";
import { previewFrameIndex, previewText } from "../../icewidgets/widgets/static/review.js";
import { boardLayout } from "../../icewidgets/widgets/static/board.js";

const squares = {};
for (const [i, f] of ["a", "b", "c"].entries()) for (const r of [1, 2, 3]) squares[`${f}${r}`] = { x: 40 + i * 60, y: 10 + (3 - r) * 60, w: 60 };

const entry = {
  ply: 14, label: "mistake", symbol: "?", reason: "walks into a loss in 3", who: "Dark", move: "@a3", best: "@c1", loss: 1,
  review: "Best was @c1 (1.00 [0.87–1.00]), you played @a3 (#-3)", squares: "b2-c1", played: "-a3",
};

test("a label's words carry its reason and the review", () => {
  assert.equal(labelWords(entry), "mistake (?), walks into a loss in 3: Best was @c1 (1.00 [0.87–1.00]), you played @a3 (#-3)");
  assert.equal(labelWords({ label: "blunder", symbol: "??", best: "c3-d4", loss: 0.41 }),
    "blunder (??): the best move found was c3-d4, 0.41 better", "an older payload without a review");
});

test("a labelled ply's moves: the best a solid arrow badged 'Best', the move played a dashed one badged 'Played'", () => {
  const marks = compareMarks(entry, squares, 12);
  assert.match(marks, /^<g class="iw-compare" data-ply="14" data-on="13"><g class="iw-played" data-move="@a3">/);
  assert.match(marks, /<g class="iw-best" data-move="@c1" data-ply="14">/);
  assert.match(marks, /<line class="iw-hintline" x1="130" y1="100" x2="[\d.]+" y2="[\d.]+" stroke-width="6"\/>/, "from b2's centre");
  assert.match(marks, /<circle class="iw-hintline" cx="70" cy="40" r="21.6" stroke-width="4.2" stroke-dasharray="9.6 6"\/>/,
    "a ring on a3, dashed");
  assert.equal((marks.match(/class="iw-hinthead"/g) || []).length, 1);
  assert.deepEqual([...marks.matchAll(/font-weight="bold">([^<]*)<\/text>/g)].map((m) => m[1]), ["Played", "Best"]);
  const same = compareMarks({ ...entry, played: "b2-c1" }, squares, 12);
  const ys = [...same.matchAll(/<text class="iw-fg" x="[\d.]+" y="([\d.]+)"/g)].map((m) => +m[1]);
  assert.equal(ys[0] - ys[1], 20, "badges in the same place stack");
  assert.doesNotMatch(compareMarks({ ...entry, squares: "" }, squares), /iw-best/, "a move without squares has no arrow");
  assert.equal(compareMarks({ ...entry, squares: "b2-z9", played: "" }, squares), "", "nor one off the board");
  assert.equal(compareMarks(null, squares), "");
});

test("a proved mark in words", () => {
  assert.equal(provedWords("#3"), "proved #3: a win in 3 plies for the player who moved");
  assert.equal(provedWords("#-1"), "proved #-1: a loss in 1 ply for the player who moved");
  assert.equal(provedWords("=#4"), "proved =#4: a shared win in 4 plies for the player who moved");
});

test("a proved hint's badge says #N, an estimate its value", () => {
  const marks = hintMarks([{ rank: 1, move: "a1-b2", value: 1, mark: "#3", squares: "a1-b2" },
    { rank: 2, move: "a1-a2", value: 0.62, mark: "", squares: "a1-a2" }], squares, 12);
  assert.deepEqual([...marks.matchAll(/font-weight="bold">([^<]*)<\/text>/g)].map((m) => m[1]), ["1: #3", "2: 0.62"]);
});

test("texts on the graph never run together: a second row, then left out", () => {
  assert.deepEqual(textRows([[10, 10], [30, 10], [34, 10], [38, 10], [60, 10]]), [0, 0, 1, -1, 0]);
  assert.deepEqual(textRows([[10, 10], [12, 10]], 1), [0, -1]);
  // 80 plies in 420 px, every ply labelled: one shape per ply, symbols only where they fit.
  const points = Array.from({ length: 81 }, () => [0.5, 0.4, 0.6]);
  const labels = Array.from({ length: 80 }, (_, i) => ({ ply: i + 1, label: "blunder", symbol: "??", who: "A", move: "x" }));
  const { markup, layout } = graphMarkup({ plies: 80, points, labels, players: 2, proved: [[5, "#-3"], [6, "#2"], [40, "#1"]] }, 420, 1);
  assert.equal((markup.match(/class="iw-glabel /g) || []).length, 80);
  const symbols = [...markup.matchAll(/<text class="iw-fg" x="([\d.]+)" y="([\d.]+)"[^>]*font-weight="bold">\?\?<\/text>/g)]
    .map((m) => [+m[1], +m[2]]);
  assert.ok(symbols.length > 10 && symbols.length < 80, `${symbols.length} symbols`);
  const width = 2 * layout.font * 0.62;
  for (const row of new Set(symbols.map(([, y]) => y))) {
    const xs = symbols.filter(([, y]) => y === row).map(([x]) => x);
    for (let i = 1; i < xs.length; i++) assert.ok(xs[i] - xs[i - 1] >= width, "no two symbols of a row overlap");
  }
  const proved = [...markup.matchAll(/class="iw-fg iw-gproved" data-ply="(\d+)"[^>]*>([^<]*)</g)].map((m) => [+m[1], m[2]]);
  assert.deepEqual(proved, [[5, "#-3"], [6, "#2"], [40, "#1"]], "ply 6's mark goes on a second row");
  const at = (ply) => +new RegExp(`iw-gproved" data-ply="${ply}" x="[\\d.]+" y="([\\d.]+)"`).exec(markup)[1];
  assert.equal(at(6) - at(5), layout.font, "a row lower");
});

test("a preview's frame after n moves, and what its bar says", () => {
  const frames = [{ ply: 13, final: true }, { ply: 14, final: false }, { ply: 14, final: true }, { ply: 15, final: true }];
  assert.equal(previewFrameIndex(frames, 1), 2);
  assert.equal(previewFrameIndex(frames, 2), 3);
  const hint = { rank: 1, preview: { moves: [{ move: "@c1" }, { move: "c4-a3" }, { move: "@c2" }] } };
  assert.equal(previewText(hint, 2), "Preview, not played: hint 1's line, after @c1 c4-a3 (2 of 3).");
});

test("a narrow page stacks the panel under the board; a wide one keeps it beside", () => {
  const b = { width: 588, height: 342, split: { board: [342, 342], panel: [348, 10, 230, 192] } };
  assert.deepEqual(boardLayout(b, 1000), { stacked: false, width: 588, height: 342, scale: 1, move: null, panel: "" });
  const narrow = boardLayout(b, 382);
  assert.equal(narrow.stacked, true);
  assert.deepEqual([narrow.width, narrow.height, narrow.scale], [342, 342 + 192 + 8, 1]);
  assert.equal(narrow.panel, "translate(8 342) scale(1) translate(-348 -10)");
  assert.deepEqual(narrow.move(368, 50, 30), { x: 28, y: 382, s: 30 }, "a piece off the board goes with the panel");
  const ice3 = boardLayout({ width: 779.3, height: 522, split: { board: [522, 522], panel: [528, 10, 241.3, 66] } }, 360);
  assert.equal(ice3.scale, 0.68);
  assert.ok(ice3.panel.includes("scale(1.471)"), "the panel keeps its text size on screen");
  assert.equal(boardLayout({ width: 588, height: 342 }, 382).stacked, false, "without a split, the picture shrinks");
});

test("a proved mark goes under its point, or above it and its symbol where the axis leaves no room", () => {
  const points = [[0.5, 0.4, 0.6], [0.9, 0.8, 1], [0, 0, 0]];
  const labels = [{ ply: 2, label: "mistake", symbol: "?", who: "A", move: "x" }];
  const { markup, layout } = graphMarkup({ plies: 2, points, labels, players: 2, proved: [[1, "#2"], [2, "#-1"]] }, 400, 1);
  const y = (ply) => +new RegExp(`class="iw-fg iw-gproved" data-ply="${ply}" x="[\\d.]+" y="([\\d.]+)"`).exec(markup)[1];
  assert.ok(y(1) > layout.y(0.9), "under the point");
  const symbol = +/<text class="iw-fg" x="[\d.]+" y="([\d.]+)"[^>]*font-weight="bold">\?<\/text>/.exec(markup)[1];
  assert.ok(y(2) < layout.y(0) && y(2) <= symbol - layout.font + 0.1, "above the point and its symbol");
});

test("a narrow graph keeps the proved marks of four plies in a row readable (issue 31's trial)", () => {
  const points = Array.from({ length: 19 }, (_, i) => (i < 15 ? [0.4, 0.35, 0.45] : [1, 1, 1]));
  const labels = [{ ply: 13, label: "blunder", symbol: "??", who: "Dark", move: "c1-c3" },
    { ply: 15, label: "mistake", symbol: "?", who: "Light", move: "2b4-a2" }];
  const marks = [[15, "#-4"], [16, "#-3"], [17, "#2"], [18, "#1"]];
  for (const width of [300, 340, 400]) {
    const { markup, layout } = graphMarkup({ plies: 18, points, labels, players: 2, proved: marks }, width, 1);
    const shown = [...markup.matchAll(/iw-gproved" data-ply="(\d+)" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</g)]
      .map((m) => ({ ply: +m[1], x: +m[2], y: +m[3], text: m[4] }));
    assert.deepEqual(shown.map((m) => [m.ply, m.text]), marks, `${width} px`);
    for (const [i, a] of shown.entries()) {
      for (const b of shown.slice(i + 1)) {
        const apart = Math.abs(a.x - b.x) >= (a.text.length + b.text.length) * layout.font * 0.31 || Math.abs(a.y - b.y) >= layout.font;
        assert.ok(apart, `${width} px: ${a.text} and ${b.text} overlap`);
      }
    }
  }
});
