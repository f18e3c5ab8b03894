"""Progress bars for long runs: a widget in a notebook, a line of text in a terminal, or none.

>>> bar = progress_bar(False, 10, "games")
>>> bar.update(5); bar.close()
"""

from __future__ import annotations

import math
import sys
import threading
import time
from typing import Any

from ..words import rate as rate_text

__all__ = ["NoBar", "TextBar", "WidgetBar", "check_progress", "in_notebook", "progress_bar"]


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class NoBar:
    """No bar at all (``progress=False``)."""

    def update(self, done: int) -> None:
        pass

    def say(self, text: str) -> None:
        """Say ``text`` on stderr (every bar has this: a terminal's keeps its line apart)."""
        _say(text)

    def retarget(self, total: int) -> None:
        pass

    def close(self) -> None:
        pass


class _Bar:
    """What the text and widget bars share: a count that never goes back, told from any thread
    (the threads that play a run's chunks each tell theirs, in any order), shown at most ten
    times a second and at its end; ``_show(done, rate)`` shows it."""

    def __init__(self, total: int, label: str):
        self.total, self.label = total, label
        self.started = time.perf_counter()
        self.shown = 0.0  # when it was last shown; 0 shows it at the next update
        self.done = 0
        self.drawn = -1
        self._lock = threading.Lock()

    def update(self, done: int) -> None:
        with self._lock:
            self._advance(done)

    def retarget(self, total: int) -> None:
        """A new total (a run played to a precision learns how long it will be as it goes)."""
        self.total = total

    def _advance(self, done: int) -> None:
        done = self.done = max(self.done, done)
        if done > self.total:  # a run to a precision may outgrow its estimate
            self.retarget(done)
        now = time.perf_counter()
        if self.shown and (now - self.shown < 0.1 and done < self.total or done == self.drawn == self.total):
            return  # shown a tenth of a second ago, or the end again (several threads may tell it)
        self.shown, self.drawn = now, done
        elapsed = now - self.started
        self._show(done, done / elapsed if elapsed > 0 else 0.0)

    def _show(self, done: int, rate: float) -> None:
        raise NotImplementedError


class TextBar(_Bar):
    """One line of text on ``stream``, redrawn at most ten times a second: done, rate, ETA.

    It is drawn at once (a first chunk may take seconds), and never goes back.
    """

    def __init__(self, total: int, label: str, stream: Any):
        super().__init__(total, label)
        self.stream = stream
        self.update(0)

    def _show(self, done: int, rate: float) -> None:
        eta = (self.total - done) / rate if rate > 0 else float("nan")
        width = 24
        filled = int(width * done / self.total) if self.total else width
        eta_text = f"ETA {eta:.0f}s" if math.isfinite(eta) else ""
        rate_part = f"{rate_text(rate)} games/s " if done else ""  # no rate before a first game
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] {done:,}/{self.total:,} "
                          f"{rate_part}{eta_text}   ")
        self.stream.flush()

    def say(self, text: str) -> None:
        """Say ``text`` on a line of its own above the bar, which is drawn again below it."""
        with self._lock:
            self.stream.write("\r\033[K" if self._terminal() else "\n")
            self.stream.write(text + "\n")
            self.shown = 0.0
            self._advance(self.done)

    def _terminal(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def close(self) -> None:
        with self._lock:
            if self.done < self.total:
                self.shown = 0.0
                self._advance(self.done)
            self.stream.write("\n")
            self.stream.flush()


class WidgetBar(_Bar):
    """An ipywidgets progress bar with the count and the rate, shown in the notebook; like
    :class:`TextBar`, it never goes back."""

    def __init__(self, total: int, label: str):
        import ipywidgets as widgets
        from IPython.display import display

        super().__init__(total, label)
        self.bar = widgets.IntProgress(value=0, min=0, max=max(total, 1), description="", layout=widgets.Layout(width="50%"))
        self.text = widgets.Label(f"{label}: 0/{total:,}")
        self.box = widgets.HBox([self.bar, self.text])
        display(self.box)

    def _show(self, done: int, rate: float) -> None:
        self.bar.value = done
        self.text.value = f"{self.label}: {done:,}/{self.total:,} ({rate_text(rate)} games/s)"

    def retarget(self, total: int) -> None:
        super().retarget(total)
        self.bar.max = max(total, 1)

    def say(self, text: str) -> None:
        """Say ``text`` on stderr (the notebook shows it below the bar)."""
        _say(text)

    def close(self) -> None:
        self.bar.bar_style = "success" if self.bar.value >= self.total else "warning"


def in_notebook() -> bool:
    """Whether this runs in a Jupyter kernel."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:
        return False
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


def check_progress(progress: Any) -> bool | str:
    """``progress`` if it is True, False or ``"auto"``, else a ValueError naming them."""
    if not (progress is True or progress is False or progress == "auto" and isinstance(progress, str)):
        raise ValueError(f"progress={progress!r}; use True, False or 'auto'")
    return progress


def progress_bar(progress: bool | str, total: int, label: str) -> Any:
    """The bar for ``progress`` (True, False or ``"auto"``: a widget in a notebook, text when
    stderr is a terminal): an object with ``update(done)``, ``retarget(total)``, ``say(text)`` and
    ``close()``."""
    check_progress(progress)
    if progress is False:
        return NoBar()
    if in_notebook():
        try:
            return WidgetBar(total, label)
        except Exception:
            pass
    stream = sys.stderr
    if progress is True or (hasattr(stream, "isatty") and stream.isatty()):
        return TextBar(total, label, stream)
    return NoBar()
