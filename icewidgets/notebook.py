"""Helpers for the teaching notebooks: pictures in a row, and self-checks that work for any game.

:func:`pictures` draws states side by side as images with captions. An image, unlike a bare
SVG output, shows even in a notebook that is not trusted yet (a fresh checkout, Binder), so a
stored notebook reads well before anyone runs it.

>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> row = pictures(("the start", state), state)
>>> row.html.count("<img"), row.html.count(">the start</figcaption>")
(2, 1)
>>> check_stack(state, "a1", state.stack("a1")).right
True
"""

from __future__ import annotations

import base64
import dataclasses
import html
import re
from typing import Any

from .protocol import State
from .record import Record
from .teaching import Verdict
from .words import plural

__all__ = ["Pictures", "check_agent", "check_game_code", "check_stack", "pictures"]


@dataclasses.dataclass(frozen=True, repr=False)
class Pictures:
    """A row of pictures (wrapping on narrow screens); a notebook shows its ``html``."""

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<{plural(self.html.count('<img '), 'picture')}>"


_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)"')


def pictures(*items: Any, size: float | str | None = None, **options: Any) -> Pictures:
    """Pictures side by side: each item a State, a Record (its final position), SVG text, or a
    ``(caption, item)`` pair.

    ``size`` and the other keyword arguments (``selected``, ``targets``, ``theme``, …) go to
    :func:`icewidgets.svg.board` for every state; without ``size`` a picture has its natural
    size, readable at 100% zoom.
    """
    from . import svg

    figures = []
    for item in items:
        caption, what = item if isinstance(item, tuple) else ("", item)
        if isinstance(what, Record):
            what = what.final_state()
        if isinstance(what, State):
            what = svg.board(what, size=size, **options)
        if not isinstance(what, str) or not what.lstrip().startswith("<svg"):
            raise TypeError(f"pictures() draws states, records and SVG text, not {type(what).__name__}")
        found = _WIDTH.search(what)
        width = f' width="{found.group(1)}"' if found else ""
        data = base64.b64encode(what.encode()).decode()
        label = html.escape(str(caption))
        figures.append(f'<figure style="margin:0"><img src="data:image/svg+xml;base64,{data}"{width} alt="{label}">'
                       f'<figcaption style="max-width:{found.group(1) if found else 400}px">{label}</figcaption></figure>')
    return Pictures('<div style="display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start">'
                    + "".join(figures) + "</div>")


# Self-checks for any game -------------------------------------------------------------------


def check_stack(state: State, square: str, answer: Any) -> Verdict:
    """Whether ``answer`` is the stack text of ``square`` in ``state`` (bottom piece first)."""
    from .pieces import tokens

    right = state.stack(square)
    given = str(answer).strip().replace(" ", "")
    if given == right:
        return Verdict(True, f"{square} holds {right} (bottom first)")
    if right == ".":
        return Verdict(False, f"{square} is empty: write it as '.'")
    mine, theirs = tokens(right), tokens(given) if given not in ("", ".") else []
    if sorted(mine) == sorted(theirs):
        return Verdict(False, "the pieces are right but not their order: a stack is written bottom first")
    if len(mine) != len(theirs):
        return Verdict(False, f"{square} holds {plural(len(mine), 'piece')}, your stack has {len(theirs)}")
    return Verdict(False, f"look at {square} again: the letter names the colour, the digit the size")


def check_game_code(code: str, plies: Any, winner: Any) -> Verdict:
    """Whether the game packed in ``code`` has ``plies`` plies and was won by ``winner`` (a
    player's name, as the game writes it, or ``"nobody"``)."""
    record = Record.from_code(code)
    final = record.final_state()
    game = final.game
    names = [game.player_name(p) for p in final.winners] or ["nobody"]
    right_winner = str(winner).strip().lower() in (name.lower() for name in names)
    if plies != len(record) and not right_winner:
        return Verdict(False, "neither the number of plies nor the winner is right")
    if plies != len(record):
        return Verdict(False, "the winner is right, but count the plies again: len(record) counts them")
    if not right_winner:
        return Verdict(False, "the number of plies is right, but look at final_state().winners again")
    return Verdict(True, f"{plural(len(record), 'ply', 'plies')}; {' and '.join(names)} won: {final.end_reason}")


def check_agent(agent: Any, game: Any, *, against: Any = "random", games: int = 10, at_least: float | None = None,
                seed: int = 0) -> Verdict:
    """Whether ``agent`` plays whole games of ``game`` (a name or a Game) against ``against``,
    half of them in each seat, with legal moves only; with ``at_least``, whether it also scores
    at least that many points per game (a win 1, a win shared by k 1/k, a draw 1/players).

    Two-player games only (one seat for the agent, one for the opponent).
    """
    from .playout import playouts
    from .playout.run import resolve_game

    game = resolve_game(game)
    if game.num_players != 2:
        raise ValueError(f"check_agent plays two-player games; {game.title} here has {game.num_players} players")
    first, second = (games + 1) // 2, games // 2
    points = []
    try:
        for seat, count, agents in ((0, first, (agent, against)), (1, second, (against, agent))):
            if count:
                results = playouts(game, count, agents=agents, seed=seed + seat, progress=False, engine="reference")
                points.extend(results.points(seat).tolist())
                unfinished = int(results.outcome("unfinished").sum())
                if unfinished:
                    return Verdict(False, f"{plural(unfinished, 'game')} did not finish: does your agent always "
                                          "make progress?")
    except Exception as error:  # the agent's own bug, told to the student instead of a traceback
        return Verdict(False, f"the agent failed: {type(error).__name__}: {error}")
    mean = sum(points) / len(points)
    told = f"it played {plural(len(points), 'whole game')} with legal moves and scored {mean:.2f} points per game"
    if at_least is not None and mean < at_least:
        return Verdict(False, f"{told}; the goal is {at_least:.2f}")
    return Verdict(True, told)

