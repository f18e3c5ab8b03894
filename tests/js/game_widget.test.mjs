// Unit tests of the GameWidget front end's pure helpers: `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  badgeMarkup,
  clickAction,
  cssTransformOf,
  cssVariables,
  drawingOrder,
  expandFrames,
  frameDelay,
  frameIndexForPly,
  keyAction,
  movedPieces,
  movesBetween,
  plyOfFrame,
  sourceSquares,
  stackHeight,
  stacksByLocation,
  stepIndex,
  targetsFrom,
  transformOf,
  whereText,
} from "../../icewidgets/widgets/static/game_widget.js";

// Start, one plain ply, then a ply in three stages (a cap move, a landing, a capture).
const compact = [
  { p: 0, s: 0, f: 1, t: "start", m: "", n: "<text>P1</text>", d: [["K1-1", "K1", "a1", 10, 10, 30], ["R3-1", "R3", "a1", 10, 10, 50], ["R1-1", "R1", "b1", 70, 10, 27.6]] },
  { p: 1, s: 0, f: 1, t: "cap", m: "<rect/>", d: [["K1-1", "K1", "a2", 10, 70, 27.6]] },
  { p: 2, s: 0, f: 0, t: "stage 1", d: [["R1-1", "R1", "c1", 130, 10, 27.6]] },
  { p: 2, s: 1, f: 0, t: "stage 2", n: "<text>P2</text>", d: [] },
  { p: 2, s: 2, f: 1, t: "stage 3", d: [["R3-1", "R3", "", 10, 10, 0]] },
];

test("expandFrames applies the changes in order", () => {
  const frames = expandFrames(compact);
  assert.equal(frames.length, 5);
  assert.deepEqual(Object.keys(frames[0].pieces).sort(), ["K1-1", "R1-1", "R3-1"]);
  assert.deepEqual(frames[1].pieces["K1-1"], { tok: "K1", loc: "a2", x: 10, y: 70, s: 27.6 });
  assert.deepEqual(frames[0].pieces["K1-1"], { tok: "K1", loc: "a1", x: 10, y: 10, s: 30 }, "earlier frames are not changed");
  assert.equal(frames[2].pieces["R1-1"].loc, "c1");
  assert.equal(frames[1].marks, "<rect/>");
  assert.equal(frames[3].marks, "<rect/>", "marks carry over until they change");
  assert.equal(frames[2].panel, "<text>P1</text>");
  assert.equal(frames[3].panel, "<text>P2</text>");
  assert.equal("R3-1" in frames[4].pieces, false, "side 0 removes a piece");
  assert.equal(frames[4].text, "stage 3");
  assert.deepEqual(expandFrames(undefined), []);
});

test("plies and frames map both ways", () => {
  const frames = expandFrames(compact);
  assert.deepEqual(frames.map(plyOfFrame), [0, 1, 1, 1, 2]);
  assert.equal(frameIndexForPly(frames, 0), 0);
  assert.equal(frameIndexForPly(frames, 1), 1);
  assert.equal(frameIndexForPly(frames, 2), 4);
  assert.equal(frameIndexForPly(frames, 99), 4);
  assert.equal(plyOfFrame(undefined), 0);
});

test("where the replay stands", () => {
  const frames = expandFrames(compact);
  assert.equal(whereText(frames, 0, 2), "Start (2 plies)");
  assert.equal(whereText(frames, 1, 2), "Ply 1 of 2");
  assert.equal(whereText(frames, 2, 2), "Ply 2 of 2, stage 1 of 3");
  assert.equal(whereText(frames, 4, 2), "Ply 2 of 2, stage 3 of 3");
  assert.equal(whereText([], 0, 0), "");
});

const legal = [
  ["c3-c4", "c3", "c4"],
  ["c3-d4", "c3", "d4"],
  ["a1-a2", "a1", "a2"],
  ["RE1", "b2", "c2"],
  ["1E1", "b2", "c2"],
];

test("legal targets and choices", () => {
  assert.deepEqual(sourceSquares(legal), ["a1", "b2", "c3"]);
  assert.deepEqual(targetsFrom(legal, "c3"), ["c4", "d4"]);
  assert.deepEqual(targetsFrom(legal, "e5"), []);
  assert.deepEqual(movesBetween(legal, "c3", "c4"), ["c3-c4"]);
  assert.deepEqual(movesBetween(legal, "b2", "c2"), ["RE1", "1E1"]);
  assert.deepEqual(movesBetween(legal, "c3", "e5"), []);
  assert.deepEqual(sourceSquares(null), []);
});

test("what a click means", () => {
  assert.deepEqual(clickAction(legal, null, "c3", false), { act: "select", square: "c3" });
  assert.deepEqual(clickAction(legal, "c3", "c3", false), { act: "unselect" });
  assert.deepEqual(clickAction(legal, "c3", "d4", false), { act: "play", move: "c3-d4" });
  assert.deepEqual(clickAction(legal, "b2", "c2", false), { act: "choose", moves: ["RE1", "1E1"] });
  assert.deepEqual(clickAction(legal, "c3", "e5", false), { act: "explain", from: "c3", to: "e5" }, "Python says why");
  assert.deepEqual(clickAction(legal, "c3", "a1", false), { act: "select", square: "a1" }, "another piece to move");
  assert.deepEqual(clickAction(legal, null, "e5", false), { act: "refuse", text: "No legal move starts on e5.", kind: "error" });
  assert.deepEqual(clickAction([], null, "e5", true), { act: "refuse", text: "Use the buttons to go on.", kind: "info" });
  assert.deepEqual(clickAction([], null, "e5", false), { act: "refuse", text: "There is no move to play here.", kind: "info" });
  // Moves that only name where something goes are played by clicking that square.
  const placing = [["Db3", null, "b3"], ["Dc3", null, "c3"], ["@Dc3", null, "c3"]];
  assert.deepEqual(targetsFrom(placing, null), ["b3", "c3"]);
  assert.deepEqual(sourceSquares(placing), []);
  assert.deepEqual(clickAction(placing, null, "b3", false), { act: "play", move: "Db3" });
  assert.deepEqual(clickAction(placing, null, "c3", false), { act: "choose", moves: ["Dc3", "@Dc3"] });
  assert.deepEqual(clickAction(placing, null, "a1", false), { act: "refuse", text: "No legal move starts on a1.", kind: "error" });
});

test("keys and steps", () => {
  assert.equal(keyAction("ArrowLeft"), "back");
  assert.equal(keyAction("ArrowRight"), "forward");
  assert.equal(keyAction("Home"), "first");
  assert.equal(keyAction("End"), "last");
  assert.equal(keyAction(" "), "toggle");
  assert.equal(keyAction("x"), null);
  assert.equal(stepIndex(0, 5, "back"), 0);
  assert.equal(stepIndex(2, 5, "back"), 1);
  assert.equal(stepIndex(4, 5, "forward"), 4);
  assert.equal(stepIndex(1, 5, "forward"), 2);
  assert.equal(stepIndex(3, 5, "first"), 0);
  assert.equal(stepIndex(0, 5, "last"), 4);
  assert.equal(stepIndex(0, 0, "last"), 0);
  assert.equal(stepIndex(2, 5, "nonsense"), 2);
});

test("transforms and drawing order", () => {
  const p = { x: 10, y: 20.5, s: 46 };
  assert.equal(transformOf(p), "translate(10 20.5) scale(0.46)");
  assert.equal(cssTransformOf(p), "translate(10px, 20.5px) scale(0.46)");
  const pieces = {
    "K1-1": { tok: "K1", loc: "a1", x: 0, y: 0, s: 31 },
    "R3-1": { tok: "R3", loc: "a1", x: 0, y: 0, s: 52 },
    "PD-1": { tok: "@D", loc: "b1", x: 1, y: 0, s: 27 },
    "D-1": { tok: "D", loc: "b1", x: 1, y: 0, s: 27 },
  };
  const pawns = new Set(["@D"]);
  assert.deepEqual(drawingOrder(pieces, null, pawns), ["R3-1", "K1-1", "D-1", "PD-1"], "a pawn stands on its tile");
  const sameSize = { "Z-1": pieces["D-1"], "A-1": pieces["PD-1"] };
  assert.deepEqual(drawingOrder(sameSize, null, pawns), ["Z-1", "A-1"], "the pawn on top whatever its id");
  assert.deepEqual(drawingOrder(sameSize), ["A-1", "Z-1"], "no pawns: equal sizes by id");
  assert.deepEqual(drawingOrder(pieces, new Set(["R3-1"]), pawns), ["K1-1", "D-1", "PD-1", "R3-1"], "moving pieces fly on top");
  const withArea = { ...pieces, "R1-1": { tok: "R1", loc: "captured:0", x: 400, y: 10, s: 20 } };
  assert.deepEqual(stacksByLocation(withArea, pawns), { a1: ["R3", "K1"], b1: ["D", "@D"], "captured:0": ["R1"] });
  assert.equal(stackHeight(["D", "@D"], pawns), 1);
  assert.equal(stackHeight(["D", "@D"]), 2, "without pawns every token counts");
  assert.equal(stackHeight(["R1", "R2", "R3", "K1"], pawns), 4);
  assert.equal(stackHeight(undefined, pawns), 0);
});

test("badges and theme colours come from the data", () => {
  const colours = { background: "#101010", text: "#fafafa", selected: "#8ab4f8", target: "#8ab4f8" };
  assert.equal(
    badgeMarkup(30, 10, 60, 3, colours),
    '<rect x="77" y="11" width="12" height="12" rx="3" fill="#101010" fill-opacity="0.85"/>' +
      '<text x="83" y="21" text-anchor="middle" font-size="10" font-weight="bold" fill="#fafafa">3</text>',
  );
  assert.deepEqual(cssVariables(colours), {
    "--iw-background": "#101010", "--iw-text": "#fafafa", "--iw-selected": "#8ab4f8", "--iw-target": "#8ab4f8",
  });
  assert.deepEqual(cssVariables(undefined), {});
});

test("moved pieces and playback speed", () => {
  const frames = expandFrames(compact);
  assert.deepEqual([...movedPieces(frames[0].pieces, frames[1].pieces)], ["K1-1"]);
  assert.deepEqual([...movedPieces(frames[2].pieces, frames[3].pieces)], []);
  assert.equal(frameDelay(1), 900);
  assert.equal(frameDelay(2), 450);
  assert.equal(frameDelay("bad"), 900);
});
