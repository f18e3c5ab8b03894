"""Jupyter widgets: :class:`GameWidget` (play and replay any game).

Importing this package needs anywidget and ipywidgets; the rules and pictures do not.
"""

from __future__ import annotations

from typing import Any

from .game_widget import GameWidget

__all__ = ["GameWidget"]


def __getattr__(name: str) -> Any:
    # The playout lab is another engineer's module; load it only when asked for.
    if name == "PlayoutLab":
        from .playout_lab import PlayoutLab

        return PlayoutLab
    if name == "ExerciseBoard":
        from .exercising import ExerciseBoard

        return ExerciseBoard
    raise AttributeError(f"module 'icewidgets.widgets' has no attribute {name!r}")
