// icewidgets GameWidget front end, part 4 of 8: drawing the board, its pieces and marks, and
// following the host's theme.
import {
  areaLabels, badgeMarkup, choiceLabels, cssTransformOf, cssVariables, drawingOrder, isDarkBackground, labelUnits, movedPieces,
  removedPieces, squareLabel, stackHeight, stacksByLocation, transformOf,
} from "./helpers.js";
import { hintMarks } from "./graph.js";
import { svgEl } from "./dom.js";

/**
 * How the board is laid out in `available` px: beside its panel when the whole picture (`b`, the
 * `board` trait) fits, else stacked — the status line, the panel and the pieces off the board
 * moved under the board (`b.split`: the board's size and the panel's box), the board as wide as
 * it may be (at most its natural size) and the panel at its natural text size. Returns
 * {stacked, width, height (the viewBox), scale (screen px per unit, ≤ 1), move (x, y, s) for
 * the panel's points, panel (its SVG transform)}.
 */
export function boardLayout(b, available) {
  const width = b.width || 100;
  const height = b.height || 100;
  const split = b.split || {};
  const [bw, bh] = split.board || [0, 0];
  const [px, py, pw, ph] = split.panel || [0, 0, 0, 0];
  const fits = !(available > 0) || available >= width - 0.5;
  if (fits || !(bw > 0) || !(pw > 0)) {
    const scale = available > 0 ? Math.min(1, available / width) : 1;
    return { stacked: false, width, height, scale: Math.floor(scale * 100) / 100, move: null, panel: "" };
  }
  const scale = Math.floor(Math.min(1, available / bw) * 100) / 100; // down: no text a hair too small
  // The panel at its own size on screen (1/scale units a px), but never wider than the board.
  const k = Math.round(Math.max(0.5, Math.min(1 / scale, (bw - 16) / pw)) * 1000) / 1000;
  const top = bh;
  const move = (x, y, s) => ({ x: Math.round((8 + (x - px) * k) * 10) / 10, y: Math.round((top + (y - py) * k) * 10) / 10, s: Math.round(s * k * 10) / 10 });
  return {
    stacked: true, width: bw, height: Math.round(top + ph * k + 8), scale, move,
    panel: `translate(8 ${top}) scale(${k}) translate(${-px} ${-py})`,
  };
}

export function createBoard(dom, model) {
  const { layers } = dom;
  const pieceEls = new Map();
  const fading = new Set();
  let squareEls = new Map();
  let squares = {};
  let lastStatic = null;
  let lastAreas = null;
  let labels = {};
  let chosenLabels = {}; // what a pending choice of squares adds to a square's label
  let stacks = {};
  let pawns = new Set();
  let textScale = 1;
  let leastLabel = 12;
  let fixedVariables = [];
  let extraCatalogue = {}; // pieces only a preview shows (widgets/lines.py)
  let shownPieces = {};
  let layout = boardLayout({}, 0);
  let layoutChanged = () => {};

  /** Light or dark squares: from a fixed theme, else from the background the host gives. */
  function detectTheme() {
    const colours = (model.get("board") || {}).colours || {};
    let dark = colours.dark === "true";
    if (!("dark" in colours)) {
      dark = isDarkBackground(getComputedStyle(dom.root).backgroundColor);
      if (dark === null) dark = !!(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
    }
    dom.root.classList.toggle("iw-dark", dark);
  }

  // The notebook's theme can change while the widget is shown (JupyterLab's Settings ▸ Theme,
  // VS Code's colour theme): its CSS variables follow at once, the board's squares here.
  const observer = typeof MutationObserver === "function" ? new MutationObserver(() => detectTheme()) : null;
  if (observer) {
    for (const target of [document.documentElement, document.body]) {
      if (target) observer.observe(target, { attributes: true, attributeFilter: ["class", "data-jp-theme-light", "data-jp-theme-name", "style"] });
    }
  }
  const scheme = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  if (scheme && scheme.addEventListener) scheme.addEventListener("change", detectTheme);

  /** Size, squares, theme and text scale from the `board` trait (the squares only when they changed). */
  /** The room the board has: the widget's width inside its padding (0 when not laid out). */
  function available() {
    const width = dom.root.clientWidth;
    if (!width) return 0;
    const style = getComputedStyle(dom.root);
    return width - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0);
  }

  function applyLayout() {
    dom.svg.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    dom.svg.setAttribute("width", layout.width);
    if (layout.panel) layers.panel.setAttribute("transform", layout.panel);
    else layers.panel.removeAttribute("transform");
    dom.root.classList.toggle("iw-stacked", layout.stacked);
  }

  // A narrower or wider widget (a phone, a resized notebook) lays the board out again.
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    const next = boardLayout(model.get("board") || {}, available());
    if (next.stacked === layout.stacked && next.scale === layout.scale && next.height === layout.height) return;
    layout = next;
    applyLayout();
    layoutChanged();
  }) : null;
  if (resize) resize.observe(dom.root);

  /** Where piece `p` is drawn: off the board, under it when the panel is stacked. */
  function placed(p) {
    return layout.move && p && !(p.loc in squares) ? Object.assign({}, p, layout.move(p.x, p.y, p.s)) : p;
  }

  function setup() {
    const b = model.get("board") || {};
    layout = boardLayout(b, available());
    applyLayout();
    dom.svg.style.maxWidth = "100%";
    dom.svg.style.height = "auto";
    pawns = new Set(b.pawns || []);
    textScale = b.text || 1;
    leastLabel = b.label || 12 * textScale;
    dom.root.style.setProperty("--iw-text-scale", String(textScale));
    for (const name of fixedVariables) dom.root.style.removeProperty(name);
    const variables = cssVariables(b.colours);
    for (const [name, value] of Object.entries(variables)) dom.root.style.setProperty(name, value);
    fixedVariables = Object.keys(variables);
    dom.root.classList.toggle("iw-auto", !fixedVariables.length);
    if (b.static !== lastStatic) {
      layers.static.innerHTML = b.static || "";
      lastStatic = b.static;
      squareEls = new Map();
      squares = {};
      for (const r of layers.static.querySelectorAll("[data-square]")) {
        const name = r.getAttribute("data-square");
        r.setAttribute("id", `${dom.uid}-${name}`);
        squareEls.set(name, r);
        squares[name] = { x: +r.getAttribute("x"), y: +r.getAttribute("y"), w: +r.getAttribute("width") };
      }
    }
    dom.title.textContent = model.get("title") || "";
    dom.root.setAttribute("data-game", model.get("game_name") || "");
    dom.root.setAttribute("data-seats", (model.get("seats") || []).join(","));
    detectTheme();
  }

  function pieceEl(id, tok) {
    let g = pieceEls.get(id);
    if (!g || g.getAttribute("data-token") !== tok) {
      if (g) g.remove();
      g = svgEl("g", { class: "iw-piece", "data-piece": id, "data-token": tok });
      g.innerHTML = ((model.get("board") || {}).catalogue || {})[tok] || extraCatalogue[tok] || "";
      pieceEls.set(id, g);
    }
    return g;
  }

  /** Size the letters of piece `g` drawn `side` px wide as the static pictures do: never under
   *  the least text size, on a halo of the piece's colour when they outgrow it (a copy of the
   *  letters drawn under them with a wide outline). */
  function fitLabel(g, side) {
    const texts = g.querySelectorAll("text:not(.iw-halo)");
    const text = texts[texts.length - 1];
    if (!text) return;
    if (!text.hasAttribute("data-natural")) {
      text.setAttribute("data-natural", text.getAttribute("font-size"));
      text.setAttribute("data-baseline", text.getAttribute("y"));
    }
    const natural = +text.getAttribute("data-natural");
    const units = labelUnits(natural, side, leastLabel);
    text.setAttribute("font-size", units);
    text.setAttribute("y", Math.round((units * +text.getAttribute("data-baseline")) / natural));
    let halo = g.querySelector("text.iw-halo");
    if (units > natural) {
      const fill = (g.firstElementChild && g.firstElementChild.getAttribute("fill")) || "none";
      if (!halo) {
        halo = text.cloneNode(true);
        halo.setAttribute("class", "iw-halo");
        halo.setAttribute("aria-hidden", "true");
        g.insertBefore(halo, text);
      }
      for (const [name, value] of [["font-size", units], ["y", text.getAttribute("y")], ["fill", fill], ["stroke", fill],
        ["stroke-width", Math.round(units * 1.6) / 10], ["stroke-linejoin", "round"]]) halo.setAttribute(name, value);
    } else if (halo) {
      halo.remove();
    }
  }

  /** Draw frame `f`; with `animate`, the pieces that moved since `before` fly to their places
   *  and the pieces that left the game fade out. */
  function draw(f, before, animate, duration) {
    shownPieces = f.pieces;
    for (const g of fading) g.remove();
    fading.clear();
    const moving = animate ? movedPieces(before, f.pieces) : new Set();
    const leaving = new Set(animate ? removedPieces(before, f.pieces) : []);
    for (const [id, g] of pieceEls) {
      if (id in f.pieces) continue;
      pieceEls.delete(id);
      if (leaving.has(id) && typeof g.animate === "function") {
        fading.add(g);
        g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: duration * 1.4, easing: "ease-in", fill: "forwards" })
          .onfinish = () => {
            g.remove();
            fading.delete(g);
          };
      } else g.remove();
    }
    let k = 0;
    for (const id of drawingOrder(f.pieces, moving, pawns)) {
      const g = pieceEl(id, f.pieces[id].tok);
      if (layers.pieces.children[k] !== g) layers.pieces.insertBefore(g, layers.pieces.children[k] || null);
      k++;
      const old = placed(before[id]);
      const p = placed(f.pieces[id]);
      g.setAttribute("transform", transformOf(p));
      g.setAttribute("data-loc", p.loc);
      fitLabel(g, p.s * layout.scale);
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
    if (f.areas !== lastAreas) {
      // The board areas the game marks: drawn under the pieces, and read out with their squares.
      layers.areas.innerHTML = f.areas || "";
      lastAreas = f.areas;
      labels = areaLabels([...layers.areas.querySelectorAll("[data-area]")].map(
        (g) => [g.getAttribute("data-area"), g.getAttribute("data-squares")]));
    }
    stacks = stacksByLocation(f.pieces, pawns);
    const badges = [];
    for (const [sq, r] of squareEls) {
      const s = stacks[sq];
      r.setAttribute("aria-label", labelOf(sq));
      const n = stackHeight(s, pawns);
      if (n > 1) badges.push(badgeMarkup(squares[sq].x, squares[sq].y, squares[sq].w, n, textScale / layout.scale));
    }
    layers.badges.innerHTML = badges.join("");
  }

  /** A square's aria-label: its stack, the board areas it lies in and its part in a choice. */
  function labelOf(sq) {
    const extra = (labels[sq] || []).concat(chosenLabels[sq] ? [chosenLabels[sq]] : []);
    return squareLabel(sq, stacks[sq], extra);
  }

  /** Mark a pending choice of squares (`choice`: {squares, verb}; null: none): a dashed ring on
   *  each square that may be selected, a thick frame and a tick (✓) on each one `selected`, so
   *  that neither depends on colour; screen readers hear it with each square. */
  function drawChoice(choice, selected) {
    layers.choice.innerHTML = "";
    const picked = new Set(selected || []);
    for (const sq of (choice && choice.squares) || []) {
      const r = squares[sq];
      if (!r) continue;
      if (!picked.has(sq)) {
        const ring = { cx: r.x + r.w / 2, cy: r.y + r.w / 2, r: r.w * 0.42 };
        // on a halo of the background, so that it shows on pieces of any colour
        layers.choice.append(svgEl("circle", { class: "iw-mark iw-choicehalo", ...ring }),
          svgEl("circle", { class: "iw-mark iw-choosable", "data-choice": sq, ...ring }));
        continue;
      }
      const halo = outline(sq, "choicehalo", 4);
      const frame = outline(sq, "chosen", 4);
      frame.setAttribute("data-chosen", sq);
      layers.choice.append(halo);
      const radius = Math.max(9, r.w * 0.16);
      const cx = r.x + radius + 3;
      const cy = r.y + r.w - radius - 3;
      const tick = svgEl("text", { class: "iw-chosentick", x: cx, y: cy + radius * 0.45, "text-anchor": "middle", "font-size": radius * 1.4 });
      tick.textContent = "✓";
      layers.choice.append(frame, svgEl("circle", { class: "iw-chosenbadge", cx, cy, r: radius }), tick);
    }
    const next = choiceLabels(choice, selected);
    const changed = new Set(Object.keys(next).concat(Object.keys(chosenLabels)));
    chosenLabels = next;
    for (const sq of changed) if (squareEls.has(sq)) squareEls.get(sq).setAttribute("aria-label", labelOf(sq));
  }

  function outline(name, kind, inset) {
    const r = squares[name];
    return svgEl("rect", {
      class: `iw-mark iw-${kind}`, "data-mark": name, x: r.x + inset, y: r.y + inset, width: r.w - 2 * inset, height: r.w - 2 * inset,
    });
  }

  /** Outline `selected` (if any), tint the squares of the picked group, and put a dot on each target. */
  function drawSelection(selected, targets, groupSquares) {
    layers.select.innerHTML = "";
    layers.group.innerHTML = "";
    for (const sq of groupSquares || []) if (squares[sq]) layers.group.appendChild(outline(sq, "group", 0));
    if (selected && squares[selected]) layers.select.appendChild(outline(selected, "selected", 2.5));
    for (const t of targets) {
      const q = squares[t];
      if (!q) continue;
      layers.select.appendChild(svgEl("circle", {
        class: "iw-mark iw-target", "data-mark": t, cx: q.x + q.w / 2, cy: q.y + q.w / 2, r: Math.max(6, q.w * 0.15),
      }));
    }
  }

  /** The keyboard cursor on `square` (null: none); screen readers follow it as the active square. */
  function drawCursor(square) {
    layers.cursor.innerHTML = "";
    if (square && squares[square]) {
      layers.cursor.appendChild(outline(square, "cursor", 5));
      dom.svg.setAttribute("aria-activedescendant", `${dom.uid}-${square}`);
    } else dom.svg.removeAttribute("aria-activedescendant");
  }

  /** The hints' arrows and badges (`hint_data.hints`; none: an empty list), the badges' letters
   *  at least as large as the pieces'. */
  function drawHints(hints) {
    layers.hints.innerHTML = hintMarks(hints, squares, leastLabel / layout.scale);
  }

  /** The best move of the ply shown: `marks(squares, font)` gives its markup (null: none). */
  function drawBest(marks) {
    layers.best.innerHTML = marks ? marks(squares, leastLabel / layout.scale) : "";
  }

  function addCatalogue(more) {
    extraCatalogue = Object.assign({}, extraCatalogue, more || {});
  }

  function dispose() {
    if (resize) resize.disconnect();
    if (observer) observer.disconnect();
    if (scheme && scheme.removeEventListener) scheme.removeEventListener("change", detectTheme);
  }

  return {
    setup, draw, drawSelection, drawChoice, drawCursor, drawHints, drawBest, addCatalogue, squares: () => squares,
    textScale: () => textScale, shownPieces: () => shownPieces, onLayout: (cb) => { layoutChanged = cb; }, dispose,
  };
}
