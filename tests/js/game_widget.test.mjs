// Unit tests of the GameWidget front end's pure helpers: `node --test tests/js`.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  applyDelta,
  areaLabels,
  badgeMarkup,
  boardKeyAction,
  choiceClick,
  choiceLabels,
  clickAction,
  cssTransformOf,
  cssVariables,
  drawingOrder,
  expandFrames,
  findGroup,
  frameDelay,
  frameIndexForPly,
  groupsAt,
  isDarkBackground,
  keyAction,
  labelUnits,
  movedPieces,
  movesBetween,
  nameList,
  neighbour,
  offlineModel,
  parseColour,
  parseLegal,
  plyOfFrame,
  removedPieces,
  sourceSquares,
  squareLabel,
  stackHeight,
  stacksByLocation,
  stepIndex,
  summaryOf,
  targetsFrom,
  transformOf,
  whereText,
} from "../../icewidgets/widgets/static/helpers.js";
import { replayLists } from "../../icewidgets/widgets/static/playback.js";

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

test("board areas carry over from frame to frame until they change", () => {
  const withAreas = [
    { ...compact[0], a: '<g class="iw-area" data-area="the canal" data-squares="a1 b1"></g>' },
    compact[1],
    { ...compact[2], a: "" },
  ];
  const frames = expandFrames(withAreas);
  assert.equal(frames[1].areas, frames[0].areas);
  assert.match(frames[1].areas, /data-area="the canal"/);
  assert.equal(frames[2].areas, "");
  assert.equal(expandFrames(compact)[0].areas, "", "a game without areas has none");
  assert.equal(expandFrames([compact[1]], frames[0])[0].areas, frames[0].areas);
});

test("squares are read out with the board areas they lie in", () => {
  const labels = areaLabels([["the canal", "d1 d2"], ["Red's zone", "a1 d1"], ["the canal", "d1"]]);
  assert.deepEqual(labels, { d1: ["the canal", "Red's zone"], d2: ["the canal"], a1: ["Red's zone"] });
  assert.equal(squareLabel("d1", ["R3", "K1"], labels.d1), "d1: R3 K1 (the canal, Red's zone)");
  assert.equal(squareLabel("c1", undefined, labels.c1), "c1: empty");
  assert.deepEqual(areaLabels(undefined), {});
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

const legal = parseLegal([
  ["c3-c4", null, "c3-c4"],
  ["c3-d4", null, "c3-d4"],
  ["a1-a2", null, "a1-a2"],
  ["2b4-b3", null, "b4-b3"],
  ["b4-b3", null, "b4-b3"],
  ["RE1", "R", "b2-c2 d2-e2"],
  ["1E1", "1", "b2-c2 f6-g6"],
  ["RN1", "R", "b2-b3 d2-d3"],
]);
const groups = [["R", "the red pieces", ["b2", "d2", "h8"]], ["1", "the small pieces", ["b2", "f6"]], ["3", "the large pieces", ["a8"]]];

test("legal moves are read from Python's compact text", () => {
  assert.deepEqual(legal[5], { move: "RE1", group: "R", from: "b2", to: "c2" });
  assert.deepEqual(parseLegal([["Db3", null, "-b3"]]), [{ move: "Db3", group: null, from: null, to: "b3" }]);
  assert.deepEqual(parseLegal(undefined), []);
});

test("legal targets and choices", () => {
  assert.deepEqual(sourceSquares(legal), ["a1", "b4", "c3"]);
  assert.deepEqual(targetsFrom(legal, "c3"), ["c4", "d4"]);
  assert.deepEqual(targetsFrom(legal, "e5"), []);
  assert.deepEqual(targetsFrom(legal, "b2", "R"), ["b3", "c2", "d3", "e2"], "every square the group's moves reach");
  assert.deepEqual(movesBetween(legal, "c3", "c4"), ["c3-c4"]);
  assert.deepEqual(movesBetween(legal, "b4", "b3"), ["2b4-b3", "b4-b3"]);
  assert.deepEqual(movesBetween(legal, "b2", "e2", "R"), ["RE1"], "from any piece of the group");
  assert.deepEqual(movesBetween(legal, "c3", "e5"), []);
  assert.deepEqual(groupsAt(legal, groups, "b2"), ["R", "1"], "in Python's order: the colour first");
  assert.deepEqual(findGroup(groups, "1"), { name: "1", label: "the small pieces", squares: ["b2", "f6"] });
  assert.equal(findGroup(groups, "9"), null);
  assert.deepEqual(groupsAt(legal, groups, "a8"), [], "a group without a legal move is not picked");
  assert.deepEqual(sourceSquares(null), []);
});

test("what a click means", () => {
  const click = (selected, square, hasButtons = false) => clickAction(legal, groups, selected, square, hasButtons);
  const pick = (square, group = null) => ({ square, group });
  assert.deepEqual(click(null, "c3"), { act: "select", square: "c3", group: null });
  assert.deepEqual(click(pick("c3"), "c3"), { act: "unselect" });
  assert.deepEqual(click(pick("c3"), "d4"), { act: "play", move: "c3-d4" });
  assert.deepEqual(click(pick("b4"), "b3"), { act: "choose", moves: ["2b4-b3", "b4-b3"] });
  assert.deepEqual(click(pick("c3"), "e5"), { act: "explain", from: "c3", to: "e5" }, "Python says why");
  assert.deepEqual(click(pick("c3"), "a1"), { act: "select", square: "a1", group: null }, "another piece to move");
  assert.deepEqual(click(null, "e5"), { act: "refuse", text: "No legal move starts on e5.", kind: "error" });
  // A piece of a group picks the group; each click on it again picks its next group.
  assert.deepEqual(click(null, "b2"), { act: "select", square: "b2", group: "R" });
  assert.deepEqual(click(pick("b2", "R"), "b2"), { act: "select", square: "b2", group: "1" });
  assert.deepEqual(click(pick("b2", "1"), "b2"), { act: "unselect" });
  assert.deepEqual(click(pick("b2", "R"), "d3"), { act: "play", move: "RN1" }, "one step north of a red piece");
  assert.deepEqual(click(pick("b2", "R"), "e2"), { act: "play", move: "RE1" });
  assert.deepEqual(click(pick("b2", "1"), "c2"), { act: "play", move: "1E1" }, "the size set: no choice needed");
  assert.deepEqual(click(pick("b2", "R"), "d2"), { act: "select", square: "d2", group: "R" }, "another piece of a group");
  assert.deepEqual(click(pick("b2", "R"), "h1"), { act: "explain", from: "b2", to: "h1" });
  assert.deepEqual(clickAction([], [], null, "e5", true), { act: "refuse", text: "Use the buttons to go on.", kind: "info" });
  assert.deepEqual(clickAction([], [], null, "e5", false), { act: "refuse", text: "There is no move to play here.", kind: "info" });
  // Moves that only name where something goes are played by clicking that square.
  const placing = parseLegal([["Db3", null, "-b3"], ["Dc3", null, "-c3"], ["@Dc3", null, "-c3"]]);
  assert.deepEqual(targetsFrom(placing, null), ["b3", "c3"]);
  assert.deepEqual(sourceSquares(placing), []);
  assert.deepEqual(clickAction(placing, [], null, "b3", false), { act: "play", move: "Db3" });
  assert.deepEqual(clickAction(placing, [], null, "c3", false), { act: "choose", moves: ["Dc3", "@Dc3"] });
  assert.deepEqual(clickAction(placing, [], null, "a1", false), { act: "refuse", text: "No legal move starts on a1.", kind: "error" });
});

test("the keyboard cursor", () => {
  const squares = { a1: { x: 0, y: 60, w: 60 }, b1: { x: 60, y: 60, w: 60 }, a2: { x: 0, y: 0, w: 60 }, b2: { x: 60, y: 0, w: 60 } };
  assert.deepEqual(boardKeyAction("ArrowUp"), [0, -1]);
  assert.equal(boardKeyAction("Enter"), "pick");
  assert.equal(boardKeyAction(" "), "pick");
  assert.equal(boardKeyAction("Escape"), "cancel");
  assert.equal(boardKeyAction("x"), null);
  assert.equal(neighbour(squares, "a1", 0, -1), "a2", "up the screen is north");
  assert.equal(neighbour(squares, "a1", 1, 0), "b1");
  assert.equal(neighbour(squares, "a1", -1, 0), "a1", "the edge keeps the cursor");
  assert.equal(neighbour(squares, null, 1, 0), "a1", "no cursor yet: the first square");
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

test("badges and theme colours come from the theme", () => {
  assert.equal(
    badgeMarkup(30, 10, 60, 3),
    '<rect class="iw-bg" x="74" y="11" width="15" height="15" rx="3"/>' +
      '<text class="iw-fg" x="81.5" y="23" text-anchor="middle" font-size="12" font-weight="bold">3</text>',
  );
  assert.match(badgeMarkup(30, 10, 60, 3, 1.5), /font-size="18"/);
  assert.deepEqual(cssVariables({ bg: "#101010", fg: "#fafafa", dark: "true" }), { "--iw-bg": "#101010", "--iw-fg": "#fafafa" });
  assert.deepEqual(cssVariables(undefined), {});
  assert.deepEqual(parseColour("rgba(0, 0, 0, 0.87)"), [0, 0, 0, 0.87]);
  assert.deepEqual(parseColour("#ff8000"), [255, 128, 0, 1]);
  assert.equal(parseColour("blue"), null);
  assert.equal(isDarkBackground("rgb(17, 17, 17)"), true, "JupyterLab Dark");
  assert.equal(isDarkBackground("rgb(255, 255, 255)"), false);
  assert.equal(isDarkBackground("rgba(0, 0, 0, 0)"), null, "transparent: unknown");
});

test("changes from Python are applied in place, once", () => {
  const frames = [{ p: 0 }, { p: 1 }];
  const moves = [{ ply: 1 }];
  const delta = { base: 4, revision: 5, frames_from: 2, frames: [{ p: 2 }], moves_from: 1, moves: [{ ply: 2 }] };
  assert.equal(applyDelta(frames, moves, 4, delta), true);
  assert.deepEqual(frames.map((f) => f.p), [0, 1, 2]);
  assert.equal(moves.length, 2);
  assert.equal(applyDelta(frames, moves, 5, delta), false, "not at its base: nothing changes");
  assert.equal(frames.length, 3);
  const undo = { base: 5, revision: 6, frames_from: 1, frames: [], moves_from: 0, moves: [] };
  assert.equal(applyDelta(frames, moves, 5, undo), true);
  assert.deepEqual([frames.length, moves.length], [1, 0]);
  // Through the model: two views of one model apply a change once; a gap asks for the whole game.
  const model = offlineModel({ frames: [{ p: 0 }], moves: [], frames_revision: 1, frames_delta: {} });
  let resyncs = 0;
  assert.equal(replayLists(model, () => resyncs++).frames.length, 1);
  model.set("frames_delta", { base: 1, revision: 2, frames_from: 1, frames: [{ p: 1 }], moves_from: 0, moves: [{ ply: 1 }] });
  replayLists(model, () => resyncs++);
  assert.equal(replayLists(model, () => resyncs++).frames.length, 2, "the second view finds it applied");
  model.set("frames_delta", { base: 5, revision: 6, frames_from: 2, frames: [{ p: 9 }], moves_from: 1, moves: [] });
  assert.equal(replayLists(model, () => resyncs++).frames.length, 2);
  assert.equal(resyncs, 1);
});

test("moved and removed pieces, summaries and playback speed", () => {
  const frames = expandFrames(compact);
  assert.deepEqual([...movedPieces(frames[0].pieces, frames[1].pieces)], ["K1-1"]);
  assert.deepEqual([...movedPieces(frames[2].pieces, frames[3].pieces)], []);
  assert.deepEqual(removedPieces(frames[3].pieces, frames[4].pieces), ["R3-1"]);
  const later = expandFrames(compact.slice(3), frames[2]);
  assert.deepEqual(later.map((f) => Object.keys(f.pieces).length), [3, 2], "expanding from a frame already shown");
  const moves = [{ ply: 1, who: "Player 1", move: "a1-a2", text: "Player 1 moves the cap." }, { ply: 2, who: "Player 2", move: "b1-b2" }];
  assert.equal(summaryOf(moves, frames[0]), "The game starts.");
  assert.equal(summaryOf(moves, frames[1]), "Player 1 moves the cap.");
  assert.equal(summaryOf(moves, frames[4]), "Player 2: b1-b2");
  assert.equal(frameDelay(1), 900);
  assert.equal(frameDelay(2), 450);
  assert.equal(frameDelay("bad"), 900);
});

test("a piece's letters are never drawn under the least text size, as in the static pictures", () => {
  assert.equal(labelUnits(36, 49.2, 12), 36, "a large keeps its natural letters");
  assert.equal(labelUnits(36, 27.6, 12), 43.5, "a small's letters grow to 12 px (43.5 units of 27.6 px)");
  assert.equal(labelUnits(44, 36.8, 18), 49, "on the projector, 18 px (48.92 units, rounded up)");
  assert.equal(labelUnits(36, 0, 12), 36, "a piece leaving the picture");
});

test("a pending choice of squares: a click on one of its squares toggles it, elsewhere it says what to do", () => {
  const choice = { squares: ["a3", "a4", "a5"], verb: "take" };
  assert.deepEqual(choiceClick(choice, "a4"), { act: "toggle", square: "a4" });
  assert.deepEqual(choiceClick(choice, "b2"), {
    act: "refuse", kind: "info",
    text: "Click a square marked with a dashed ring (a3, a4 and a5) to select it, then press a button.",
  });
  assert.equal(choiceClick({}, "a4"), null, "no choice pending: clicks go on as usual");
  assert.equal(choiceClick(null, "a4"), null);
  assert.deepEqual(choiceLabels(choice, ["a5"]), { a3: "you may take it", a4: "you may take it", a5: "selected to take" });
  assert.deepEqual(choiceLabels({}, []), {});
  assert.equal(squareLabel("a5", ["C1", "R1", "R1"], ["selected to take"]), "a5: C1 R1 R1 (selected to take)");
  assert.deepEqual([nameList([]), nameList(["a3"]), nameList(["a3", "a5"]), nameList(["a3", "a4", "a5"])],
    ["", "a3", "a3 and a5", "a3, a4 and a5"]);
});
