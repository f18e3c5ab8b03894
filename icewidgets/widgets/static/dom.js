// icewidgets GameWidget front end, part 3 of 8: building the widget's elements.
import { SVG_NS } from "./helpers.js";

export function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  if (text !== null) node.textContent = text;
  return node;
}

export function svgEl(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

export function button(label, text, extra = {}) {
  return el("button", { type: "button", "aria-label": label, title: label, class: "iw-btn", ...extra }, text);
}

let widgetCount = 0;

/** The widget's elements, laid out in `host`; behaviour is attached by the other parts. */
export function buildDom(host) {
  const uid = `iw${++widgetCount}`;
  const root = el("div", { class: "iw-game", tabindex: "0", role: "region", "aria-label": "Game" });
  host.appendChild(root);

  const header = el("div", { class: "iw-header" });
  const title = el("span", { class: "iw-title" });
  // A bot choosing its move says so here (the bot_thinking trait).
  const thinking = el("span", { class: "iw-thinking", role: "status" });
  thinking.hidden = true;
  const message = el("div", { class: "iw-message", role: "status", "aria-live": "polite" });
  header.append(title, thinking, message);

  const body = el("div", { class: "iw-body" });
  const boardBox = el("div", { class: "iw-boardbox" });
  const svg = svgEl("svg", {
    class: "iw-board", tabindex: "0", role: "application",
    "aria-label": "Board: arrow keys move the cursor, Enter or Space picks, Escape cancels",
    "aria-describedby": `${uid}-summary`,
  });
  const layers = {
    background: svgEl("rect", { class: "iw-bg", width: "100%", height: "100%" }),
    static: svgEl("g", { class: "iw-static" }),
    areas: svgEl("g", { class: "iw-areas", "pointer-events": "none" }),
    marks: svgEl("g", { class: "iw-marks", "pointer-events": "none" }),
    group: svgEl("g", { class: "iw-group", "pointer-events": "none" }),
    pieces: svgEl("g", { class: "iw-pieces", "pointer-events": "none" }),
    choice: svgEl("g", { class: "iw-choicelayer", "pointer-events": "none" }),
    select: svgEl("g", { class: "iw-select", "pointer-events": "none" }),
    badges: svgEl("g", { class: "iw-badges", "pointer-events": "none" }),
    best: svgEl("g", { class: "iw-bestlayer", "pointer-events": "none" }),
    hints: svgEl("g", { class: "iw-hintlayer", "pointer-events": "none" }),
    cursor: svgEl("g", { class: "iw-cursorlayer", "pointer-events": "none" }),
    panel: svgEl("g", { class: "iw-panel", "pointer-events": "none" }),
  };
  svg.append(...Object.values(layers));
  boardBox.appendChild(svg);

  const side = el("div", { class: "iw-side" });
  const where = el("div", { class: "iw-where" });
  const narration = el("div", { class: "iw-narration" });
  const summary = el("p", { class: "iw-summary", id: `${uid}-summary`, "aria-live": "polite" });
  const details = el("details", { class: "iw-details" });
  const detailsText = el("p", { class: "iw-detailstext" });
  details.append(el("summary", {}, "Details"), detailsText);
  narration.append(summary, details);

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

  // The analysis, under the slider: its buttons and progress, the evaluation graph, the turning
  // point, each player's summary and the hints (widgets/analysing.py sends what they show).
  const analysis = el("section", { class: "iw-analysis", "aria-label": "Analysis" });
  const analysisBar = el("div", { class: "iw-analysisbar", role: "toolbar", "aria-label": "Analysis" });
  const analysisButtons = {
    analyse: button("Analyse", "Analyse", { class: "iw-btn iw-live" }),
    stop: button("Stop", "■ Stop", { class: "iw-btn iw-live" }),
    hint: button("Hint", "Hint", { class: "iw-btn iw-live" }),
  };
  const analysisStatus = el("span", { class: "iw-analysisstatus", role: "status", "aria-live": "polite" });
  analysisBar.append(...Object.values(analysisButtons), analysisStatus);
  const graphBox = el("figure", { class: "iw-graphbox" });
  const graphCaption = el("figcaption", { class: "iw-graphcaption" });
  const graph = svgEl("svg", { class: "iw-graph", tabindex: "0", role: "group", "aria-label": "Evaluation graph" });
  graphBox.append(graphCaption, graph);
  graphBox.hidden = true;
  const turning = button("Go to the turning point", "", { class: "iw-btn iw-turning" });
  turning.hidden = true;
  const accuracy = el("ul", { class: "iw-accuracy", "aria-label": "Each player's moves" });
  const hintBox = el("div", { class: "iw-hintbox", role: "status", "aria-live": "polite" });
  const hintText = el("p", { class: "iw-hinttext" });
  const hintList = el("ol", { class: "iw-hintlist", "aria-label": "Hints" });
  hintBox.append(hintText, hintList);
  hintBox.hidden = true;
  analysis.append(analysisBar, graphBox, turning, accuracy, hintBox);

  const playRow = el("div", { class: "iw-play iw-live", role: "toolbar", "aria-label": "Play" });
  const undo = button("Undo", "↶ Undo");
  const redo = button("Redo", "↷ Redo");
  const actions = el("span", { class: "iw-actions" });
  playRow.append(undo, redo, actions);

  const chooser = el("div", { class: "iw-chooser", role: "group", "aria-label": "Choose a move" });
  const moveForm = el("form", { class: "iw-moveform iw-live" });
  const moveInput = el("input", { type: "text", class: "iw-moveinput", "aria-label": "Type a move", placeholder: "type a move" });
  moveForm.append(moveInput, el("button", { type: "submit", class: "iw-btn", "aria-label": "Play typed move" }, "Play move"));

  const moveList = el("ol", { class: "iw-movelist", "aria-label": "Moves" });
  const moveListBox = el("div", { class: "iw-movelistbox" });
  const startItem = button("Start position", "Start", { class: "iw-btn iw-start" });
  moveListBox.append(startItem, moveList);

  const share = el("div", { class: "iw-share" });
  const copyPosition = button("Copy position", "Copy position");
  const copyCode = button("Copy game code", "Copy game code");
  const openLoad = button("Load position", "Load position", { class: "iw-btn iw-live" });
  const shareText = el("textarea", { class: "iw-sharetext", rows: "4", "aria-label": "Position text or game code" });
  shareText.hidden = true;
  const load = button("Load", "Load", { class: "iw-btn iw-live" });
  load.hidden = true;
  share.append(copyPosition, copyCode, openLoad, shareText, load);

  side.append(where, nav, slider, analysis, narration, playRow, chooser, moveForm, moveListBox, share);
  body.append(boardBox, side);
  root.append(header, body);
  return {
    uid, root, title, thinking, message, svg, layers, summary, details, detailsText, where, navButtons, speed, slider,
    undo, redo, actions, chooser, moveForm, moveInput, moveList, moveListBox, startItem, copyPosition, copyCode,
    openLoad, shareText, load, analysis, analysisButtons, analysisStatus, graphBox, graphCaption, graph, turning, accuracy,
    hintBox, hintText, hintList,
  };
}
