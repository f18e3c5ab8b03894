"""icewidgets: exact rules, pictures and Jupyter widgets for Icehouse-pyramid games.

Every game is one package under :mod:`icewidgets.games`; this module is the public face of all of
them (see the README for a tour).

>>> import icewidgets as iw
>>> game = iw.make(iw.available_games()[0])
>>> state = game.new_state(seed=1)
>>> after = state.play(state.legal_moves()[0])
>>> after != state, after.last_move == state.legal_moves()[0]
(True, True)
"""

from __future__ import annotations

from typing import Any

from .games import available_games, make
from .protocol import CHANCE, Event, Game, IllegalMoveError, NotationError, State
from .record import Record

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "Event",
    "Game",
    "IllegalMoveError",
    "NotationError",
    "Record",
    "State",
    "available_games",
    "compare",
    "make",
    "GameWidget",
    "PlayoutLab",
    "PlayoutResults",
    "playouts",
    "tournament",
    "save_svg",
    "save_png",
    "save_html",
    "pictures",
    "rules_sheet",
    "print_board",
    "analyse",
    "hint",
    "Analysis",
    "puzzles",
    "ExerciseBoard",
]

# The playouts, widget and drawing parts load on first use, so the rules import no numerical
# or widget library.
_LAZY = {
    "PlayoutResults": ("icewidgets.playout", "PlayoutResults"),
    "playouts": ("icewidgets.playout", "playouts"),
    "tournament": ("icewidgets.playout", "tournament"),
    "compare": ("icewidgets.playout", "compare"),
    "GameWidget": ("icewidgets.widgets", "GameWidget"),
    "PlayoutLab": ("icewidgets.widgets", "PlayoutLab"),
    "ExerciseBoard": ("icewidgets.widgets.exercising", "ExerciseBoard"),
    "save_svg": ("icewidgets.svg", "save_svg"),
    "save_png": ("icewidgets.svg", "save_png"),
    "save_html": ("icewidgets.widgets.standalone", "save_html"),
    "pictures": ("icewidgets.notebook", "pictures"),
    "rules_sheet": ("icewidgets.printables", "rules_sheet"),
    "print_board": ("icewidgets.printables", "print_board"),
    "analyse": ("icewidgets.analysis", "analyse"),
    "hint": ("icewidgets.analysis", "hint"),
    "Analysis": ("icewidgets.analysis", "Analysis"),
    "puzzles": ("icewidgets.analysis", "puzzles"),
    "svg": ("icewidgets.svg", None),
    "agents": ("icewidgets.agents", None),
    "analysis": ("icewidgets.analysis", None),
    "playout": ("icewidgets.playout", None),
    "fast": ("icewidgets.fast", None),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module_name, attr = _LAZY[name]
        module = importlib.import_module(module_name)
        return module if attr is None else getattr(module, attr)
    raise AttributeError(f"module 'icewidgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
