// icewidgets GameWidget front end, part 8 of 8: messages, the wiring to the model, and the
// standalone replay page.
import { offlineModel } from "./helpers.js";
import { buildDom } from "./dom.js";
import { createBoard } from "./board.js";
import { createPlayback } from "./playback.js";
import { createInput } from "./input.js";
import { createAnalysis } from "./analysis.js";

function createMessenger(dom, model) {
  function say(text, kind) {
    dom.message.textContent = text || "";
    dom.message.className = "iw-message" + (text ? ` iw-${kind || "info"}` : "");
    dom.message.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  // Everything that changes the game goes to the kernel; without one (a saved notebook opened
  // read-only, a standalone replay page) replay still works and the widget says why a move
  // cannot be played. `quiet` messages (asking for the whole game again) say nothing.
  function send(msg, { quiet = false } = {}) {
    const noKernel = () => {
      if (quiet) return;
      say(model.get("mode") === "replay" ? "This is a saved replay: moves are played in the notebook it came from."
        : "No running kernel: replay works, but moves need the notebook's kernel.", "error");
    };
    try {
      const result = model.send(msg);
      if (result && typeof result.catch === "function") result.catch(noKernel);
    } catch (e) {
      noKernel();
    }
  }

  return { say, send };
}

export function render({ model, el: host }) {
  const dom = buildDom(host);
  const messenger = createMessenger(dom, model);
  const board = createBoard(dom, model);
  let input = null; // created next: input, analysis and playback call each other
  let analysis = null;
  const playback = createPlayback(dom, model, board, messenger, {
    shown: () => {
      input.refresh();
      analysis.shown();
    },
    framesChanged: (moves) => {
      input.framesChanged(moves);
      analysis.movesChanged();
    },
  });
  input = createInput(dom, model, playback, board, messenger);
  analysis = createAnalysis(dom, model, playback, board, messenger);
  dom.root.classList.toggle("iw-replay", model.get("mode") === "replay");
  // An exercise's board (widgets/exercise_position.py): the board and its move controls alone.
  dom.root.classList.toggle("iw-exercise", model.get("mode") === "exercise");
  board.onLayout(() => {
    playback.redraw();
    analysis.redraw();
  });

  const thinking = () => {
    dom.thinking.hidden = !model.get("bot_thinking");
    dom.thinking.textContent = model.get("bot_thinking") ? "The bot is thinking…" : "";
  };
  model.on("change:frames", playback.framesChanged);
  model.on("change:frames_delta", playback.framesChanged);
  model.on("change:board", () => {
    playback.redraw();
    analysis.redraw();
  });
  model.on("change:ply", playback.plyChanged);
  model.on("change:legal", input.refresh);
  model.on("change:groups", input.refresh);
  model.on("change:buttons", input.buttonsChanged);
  model.on("change:choice", input.refresh);
  model.on("change:selection", input.refresh);
  model.on("change:can_undo", input.refresh);
  model.on("change:can_redo", input.refresh);
  model.on("change:cursor", input.cursorChanged);
  model.on("change:bot_thinking", thinking);
  model.on("change:bot_pending", () => {
    input.refresh();
    playback.maybeBot();
  });
  model.on("change:message", () => messenger.say(model.get("message"), model.get("message_kind")));
  model.on("change:analysis_data", analysis.dataChanged);
  model.on("change:hint_data", analysis.hintsChanged);
  model.on("change:line_preview", analysis.previewChanged);
  model.on("change:theme", board.setup);
  model.on("change:seats", board.setup);
  dom.speed.value = String(model.get("speed") || 1);
  if (![...dom.speed.options].some((o) => o.value === dom.speed.value)) dom.speed.value = "1";

  playback.framesChanged();
  analysis.dataChanged();
  analysis.hintsChanged();
  thinking();
  input.cursorChanged();
  messenger.say(model.get("message"), model.get("message_kind"));

  return () => {
    playback.dispose();
    analysis.dispose();
    board.dispose();
  };
}

/** A standalone replay page: the widget drawn from saved data in `host`, no kernel. */
export function standalone(host, state) {
  return render({ model: offlineModel(Object.assign({}, state, { mode: "replay" })), el: host });
}

export default { render };
