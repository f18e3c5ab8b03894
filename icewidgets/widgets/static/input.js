// icewidgets GameWidget front end, part 6 of 8: clicks, the keyboard cursor, keys and buttons.
import {
  boardKeyAction, choiceClick, clickAction, findGroup, keyAction, neighbour, parseLegal, sourceSquares, targetsFrom,
} from "./helpers.js";
import { button } from "./dom.js";

export function createInput(dom, model, playback, board, messenger) {
  const { say, send } = messenger;
  let selected = null; // {square, group}: a piece picked, and the group it picked (null: the piece alone)
  let cursor = null;
  let entries = [];
  let legalSeen = null;
  let rendered = [];

  function currentEntries() {
    const legal = model.get("legal");
    if (legal !== legalSeen) {
      legalSeen = legal;
      entries = parseLegal(legal);
    }
    return entries;
  }

  /** Selection, targets, the picked group and the buttons that depend on the game (not on the replay). */
  function refresh() {
    const live = playback.atLive();
    const pick = live ? selected : null;
    const group = pick && pick.group !== null ? findGroup(model.get("groups"), pick.group) : null;
    const groupSquares = group ? group.squares : [];
    board.drawSelection(pick && pick.square, pick ? targetsFrom(currentEntries(), pick.square, pick.group) : [], groupSquares);
    board.drawChoice(live ? model.get("choice") : null, model.get("selection"));
    board.drawCursor(cursor);
    dom.undo.disabled = !model.get("can_undo");
    dom.redo.disabled = !model.get("can_redo");
    for (const b of dom.actions.querySelectorAll("button")) {
      const off = !live || model.get("bot_pending") || b.hasAttribute("data-off");
      // A focused button that is disabled drops the focus to the page: keep it on the board.
      if (off && document.activeElement === b) dom.svg.focus();
      b.disabled = off;
    }
  }

  /** Escape: a selection of a choice of squares is cleared (Python holds it). */
  function clearChoice() {
    if (!(model.get("selection") || []).length || !playback.atLive()) return false;
    send({ type: "clear" });
    return true;
  }

  function unselect() {
    selected = null;
    refresh();
  }

  function navigate(action) {
    if (action !== "toggle") selected = null;
    playback.navigate(action);
  }

  /** The move list, rebuilt from the first entry that changed (a move adds one item). */
  function renderMoves(moves) {
    let same = 0;
    while (same < rendered.length && same < moves.length && rendered[same] === moves[same]) same++;
    while (dom.moveList.children.length > same) dom.moveList.lastChild.remove();
    for (const m of moves.slice(same)) {
      const li = document.createElement("li");
      li.setAttribute("data-ply", String(m.ply));
      // data-name: the button's name without an analysis' label (analysis.js adds one).
      const name = `Ply ${m.ply}: ${m.who} ${m.move}`;
      const b = button(name, `${m.who}: ${m.move}`, { class: "iw-plybtn", "data-name": name });
      b.addEventListener("click", () => {
        selected = null;
        playback.goToPly(m.ply);
      });
      li.appendChild(b);
      dom.moveList.appendChild(li);
    }
    rendered = moves.slice();
  }

  function renderActions() {
    // The buttons are made anew: one that had the focus gives it to its successor of the same
    // name, or to the board when the choice it made is gone (never to the page's start).
    const focused = dom.actions.contains(document.activeElement) ? document.activeElement.getAttribute("aria-label") : null;
    dom.actions.innerHTML = "";
    let successor = null;
    for (const [label, message, options] of model.get("buttons") || []) {
      const extra = { class: "iw-btn iw-action" };
      if (message.move) extra["data-move"] = message.move;
      if (options && options.disabled) extra["data-off"] = "";
      const b = button(label, label, extra);
      b.addEventListener("click", () => send(message));
      dom.actions.appendChild(b);
      if (label === focused && !(options && options.disabled)) successor = b;
    }
    if (focused !== null) (successor || dom.svg).focus();
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
    const choice = choiceClick(model.get("choice"), sq);
    if (choice) {
      if (choice.act === "toggle") send({ type: "toggle", square: sq });
      else say(choice.text, choice.kind);
      return;
    }
    const groups = model.get("groups") || [];
    const action = clickAction(currentEntries(), groups, selected, sq, (model.get("buttons") || []).length > 0);
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
      selected = { square: sq, group: action.group };
      const group = action.group !== null ? findGroup(groups, action.group) : null;
      const label = group && group.label;
      say(label ? `Picked ${label}: choose a highlighted square (click ${sq} again for another set).`
        : `Selected ${sq}: choose a highlighted square.`, "info");
      refresh();
      return;
    } else if (action.act === "refuse") {
      say(action.text, action.kind);
    } else {
      say("", "info");
    }
    unselect();
  }

  function moveCursor(square) {
    cursor = square;
    board.drawCursor(cursor);
    if (square && model.get("cursor") !== square) {
      model.set("cursor", square);
      model.save_changes();
    }
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
    if (!target) return;
    moveCursor(target.getAttribute("data-square"));
    onSquare(target.getAttribute("data-square"));
  });
  // On the board the arrow keys move a square cursor (a mouse is never needed); elsewhere in
  // the widget they step through the replay.
  dom.svg.addEventListener("focus", () => {
    const choice = (model.get("choice") || {}).squares || [];
    if (!cursor) moveCursor((selected && selected.square) || choice[0] || sourceSquares(currentEntries())[0] || Object.keys(board.squares())[0]);
  });
  dom.svg.addEventListener("keydown", (ev) => {
    const action = boardKeyAction(ev.key);
    if (!action) return;
    ev.preventDefault();
    ev.stopPropagation(); // neither the replay keys nor the notebook's shortcuts act on these
    if (action === "pick") {
      if (cursor) onSquare(cursor);
    } else if (action === "cancel") {
      dom.chooser.innerHTML = "";
      if (!clearChoice()) say("", "info");
      unselect();
    } else {
      moveCursor(neighbour(board.squares(), cursor, action[0], action[1]));
    }
  });
  dom.root.addEventListener("keydown", (ev) => {
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" && ev.target.type === "text") return;
    if (tag === "TEXTAREA" || tag === "SELECT") return;
    if (ev.key === "Escape" && clearChoice()) {
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const action = model.get("mode") === "exercise" ? null : keyAction(ev.key); // an exercise has no replay
    if (!action) return;
    if (action === "toggle" && (tag === "BUTTON" || tag === "SUMMARY")) return; // Space presses the focused control
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

  /** New frames: the message shown was about the position before; the lists are brought up to date. */
  function framesChanged(moves) {
    say(model.get("message"), model.get("message_kind"));
    renderMoves(moves);
    renderActions();
    selected = null;
  }

  function buttonsChanged() {
    renderActions();
    refresh();
  }

  /** Python moved the cursor (``widget.cursor = "c3"``). */
  function cursorChanged() {
    const square = model.get("cursor") || null;
    if (square !== cursor) {
      cursor = square;
      board.drawCursor(cursor);
    }
  }

  return { refresh, framesChanged, buttonsChanged, cursorChanged };
}
