// icewidgets GameWidget front end, part 5 of 8: the replay data, stepping, animation, bots.
import {
  applyDelta, expandFrames, frameDelay, frameIndexForPly, plyOfFrame, stepIndex, summaryOf, whereText,
} from "./helpers.js";

/**
 * The replay lists of the model, brought up to date with the last change Python sent
 * (`frames_delta`). The lists are changed in place and remember the revision they are at, so
 * every view of one model (and every copy of this module) applies a change once; a view that
 * finds a change it cannot apply asks Python for the whole game (`resync`).
 */
export function replayLists(model, resync) {
  const frames = model.get("frames") || [];
  const moves = model.get("moves") || [];
  if (!("iwRevision" in frames)) {
    Object.defineProperty(frames, "iwRevision", { value: model.get("frames_revision") ?? 0, writable: true });
  }
  const delta = model.get("frames_delta");
  if (delta && delta.revision > frames.iwRevision) {
    if (applyDelta(frames, moves, frames.iwRevision, delta)) frames.iwRevision = delta.revision;
    else resync();
  }
  return { frames, moves };
}

/**
 * Shows the frames and steps through them. `hooks.shown()` runs after every frame shown and
 * `hooks.framesChanged(moves)` when new frames arrive, before the first of them is shown.
 */
export function createPlayback(dom, model, board, messenger, hooks) {
  let compact = [];
  let frames = [];
  let moves = [];
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
    const summary = summaryOf(moves, f);  // said once per ply: the live region repeats nothing
    if (dom.summary.textContent !== summary) dom.summary.textContent = summary;
    dom.detailsText.textContent = f.text;
    dom.where.textContent = whereText(frames, i, moves.length);
    dom.slider.max = String(frames.length - 1);
    dom.slider.value = String(i);
    const ply = plyOfFrame(f);
    for (const li of dom.moveList.querySelectorAll(".iw-current")) li.classList.remove("iw-current");
    for (const b of dom.moveList.querySelectorAll("[aria-current]")) b.removeAttribute("aria-current");
    const li = dom.moveList.children[ply - 1];
    if (li) {
      li.classList.add("iw-current");
      li.querySelector("button").setAttribute("aria-current", "step");
      scrollToCurrent(li);
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

  /** New frames from Python: play the new ply's stages if the view was at the end, else jump.
   *  Only the frames after the first changed one are expanded again. */
  function framesChanged() {
    const lists = replayLists(model, () => messenger.send({ type: "resync" }, { quiet: true }));
    let first = 0;
    while (first < compact.length && first < lists.frames.length && compact[first] === lists.frames[first]) first++;
    if (first === lists.frames.length && first === compact.length && moves.length === lists.moves.length) {
      return plyChanged();
    }
    const wasLive = atLive() || !frames.length;
    const oldLen = frames.length;
    board.setup();
    frames = frames.slice(0, first).concat(expandFrames(lists.frames.slice(first), first ? frames[first - 1] : null));
    compact = lists.frames.slice();
    moves = lists.moves;
    hooks.framesChanged(moves);
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

  /** The frame shown (null before the first). */
  function currentFrame() {
    return frames[index] || null;
  }

  return {
    atLive, currentFrame, goTo, goToPly, navigate, stopPlay, speedChanged, maybeBot, framesChanged, plyChanged, redraw, dispose,
  };
}
