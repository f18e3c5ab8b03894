"""The replay data the widget sends: compact frames, move entries, the piece catalogue, and the
legal moves in the form the front end reads.

A :class:`FrameLog` grows ply by ply: adding a ply compacts only that ply's frames (each frame
lists the pieces that changed since the one before it, and its marks and panel only when they
changed), so one move costs the same at ply 200 as at ply 10, and the widget sends only what
is new.

>>> import icewidgets as iw
>>> from icewidgets import svg
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> log = FrameLog()
>>> log.add([svg.Frame(0, 0, True, svg.scene(state, text="The game starts."))])
0
>>> len(log.frames), len(log.frames[0]["d"]) == sum(len(svg.locations(state)[loc]) for loc in svg.locations(state))
(1, True)
"""

from __future__ import annotations

from typing import Any, Iterable

from .. import svg
from ..protocol import State
from ..view import Controls


class FrameLog:
    """The compact frames and move entries of a game, appended ply by ply.

    ``frames`` and ``moves`` are the lists the widget syncs (changed in place); ``catalogue``
    maps every token seen to its piece markup; ``width`` and ``height`` are the largest picture.
    A frame is ``{"p": ply, "s": stage, "f": 1 if final, "t": text, "d": changes, "m": marks,
    "n": panel, "a": board areas}`` (marks, panel and areas only when they changed); a change is
    ``[id, token, location, x, y, side]`` (side 0: the piece left).
    """

    def __init__(self, palette: str = "standard"):
        self.palette = palette
        self.frames: list[dict] = []
        self.moves: list[dict] = []
        self.catalogue: dict[str, str] = {}
        self.width = self.height = 0.0
        # The board alone and the panel's extent over every frame: how a narrow page stacks them.
        self.board_size = (0.0, 0.0)
        self.panel_box = (0.0, 0.0, 0.0, 0.0)
        # After each ply's last frame: the pieces, marks and panel shown (to compact the next).
        self._after: list[tuple[dict, str | None, str | None, str]] = []
        self._now: dict[str, tuple] = {}
        self._marks: str | None = None
        self._panel: str | None = None
        self._areas = ""

    def add(self, frames: Iterable[svg.Frame], entry: dict | None = None) -> int:
        """Append the frames of one ply (or the start) and its move entry; returns the index of
        the first frame added."""
        first = len(self.frames)
        for frame in frames:
            self.frames.append(self._compact(frame.scene, frame))
        self._after.append((self._now, self._marks, self._panel, self._areas))
        if entry is not None:
            self.moves.append(entry)
        return first

    def truncate(self, plies: int) -> int:
        """Keep the start and the first ``plies`` plies; returns the number of frames kept."""
        keep = next((i for i, f in enumerate(self.frames) if f["p"] > plies), len(self.frames))
        del self.frames[keep:]
        del self.moves[plies:]
        del self._after[plies + 1:]
        self._now, self._marks, self._panel, self._areas = self._after[-1]
        return keep

    def _compact(self, sc: svg.Scene, frame: svg.Frame) -> dict:
        self.width, self.height = max(self.width, sc.width), max(self.height, sc.height)
        self.board_size = (max(self.board_size[0], sc.board_size[0]), max(self.board_size[1], sc.board_size[1]))
        if sc.panel_box[2] > 0:
            x, y, w, h = self.panel_box if self.panel_box[2] > 0 else sc.panel_box
            sx, sy, sw, sh = sc.panel_box
            right, bottom = max(x + w, sx + sw), max(y + h, sy + sh)
            x, y = min(x, sx), min(y, sy)
            self.panel_box = (x, y, right - x, bottom - y)
        now = {}
        for pid, tok, loc, x, y, side in sc.pieces:
            now[pid] = (loc, round(x, 1), round(y, 1), round(side, 1), tok)
            if tok not in self.catalogue:
                self.catalogue[tok] = svg.piece_markup(tok, self.palette)
        changed = [[pid, tok, loc, x, y, side] for pid, (loc, x, y, side, tok) in now.items()
                   if self._now.get(pid) != (loc, x, y, side, tok)]
        changed += [[pid, old[4], "", old[1], old[2], 0] for pid, old in self._now.items() if pid not in now]
        entry: dict[str, Any] = {"p": frame.ply, "s": frame.stage, "f": int(frame.final), "t": sc.text, "d": changed}
        if sc.marks != self._marks:
            entry["m"] = sc.marks
        if sc.panel != self._panel:
            entry["n"] = sc.panel
        if sc.areas != self._areas:
            entry["a"] = sc.areas
        self._now, self._marks, self._panel, self._areas = now, sc.marks, sc.panel, sc.areas
        return entry


def legal_entries(state: State, controls: Controls) -> tuple[list, list, list]:
    """The clickable moves, the buttons and the groups of ``state`` as the front end reads them.

    A clickable move is ``[text, group, squares]``: ``group`` the name of the
    :class:`~icewidgets.view.Group` it moves (None for none), ``squares`` its click pairs as one
    text, ``"a1-a2 b3-b4"`` (``"-a2"``: only a square to click). A button is ``[label,
    message]``. Groups are ``[name, label, squares]``, in the order a click on a piece of
    several picks them. Moves of a choice of squares (:meth:`~icewidgets.view.Controls.chosen_squares`)
    are none of these: the widget offers them as one choice (:mod:`.choosing`).
    """
    legal, pressed, groups, seen = [], [], [], set()
    moves = [move for move in state.legal_moves() if controls.chosen_squares(state, move) is None]
    for move, pairs in zip(moves, controls.all_move_squares(state, moves)):
        text = str(move)
        if not pairs:
            pressed.append(move)
            continue
        group = controls.move_group(state, move)
        if group is not None and group not in seen:
            seen.add(group)
            found = controls.group(state, group)
            groups.append([found.name, found.label, list(found.squares)])
        legal.append([text, group, " ".join(f"{source or ''}-{target}" for source, target in pairs)])
    buttons = [[label, {"type": "move", "move": str(move)}]
               for move, label in zip(pressed, controls.button_labels(state, pressed))]
    return legal, buttons, groups

