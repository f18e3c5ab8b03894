"""Slow work for a widget on a background thread: a bot choosing its move, an analysis, a hint.

The page never waits on it. A :class:`Task` runs its work on a daemon thread without the
widget's lock; its answer is handed back under the lock, and only while it is still wanted: a
move, an undo or a load meanwhile drops it (:meth:`Task.drop`), and work that listens to
``task.stop`` ends early; :meth:`Task.halt` ends it early keeping its answer (a Stop button).

>>> import threading
>>> lock, answers = threading.RLock(), []
>>> task = Task(lock, "sum", lambda task: sum(range(10)), lambda answer, error: answers.append((answer, error)))
>>> task.start().join()
>>> answers, task.finished
([(45, None)], True)
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Any, Callable

__all__ = ["NICENESS", "Task", "yield_processor"]

NICENESS = 10
"""How much lower a yielding task's threads run than the kernel's (Linux nice levels)."""


class Task:
    """``work(task)`` on a daemon thread (:attr:`thread`), then ``finish(answer, error)`` under
    ``lock`` unless the task was dropped meanwhile. ``error`` is the exception the work raised
    (None if it answered): a failure is reported by ``finish``, never lost in a thread.
    ``about`` is what the work is about (a position), for the widget to compare."""

    def __init__(self, lock: Any, name: str, work: Callable[["Task"], Any],
                 finish: Callable[[Any, Exception | None], Any], about: Any = None, yielding: bool = False):
        self.lock = lock
        self.about = about
        self.yielding = yielding
        """Whether the work yields the processor to the kernel's other threads (see :func:`yield_processor`)."""
        self.stop = threading.Event()
        """Set when the answer is no longer wanted, or wanted sooner: work may listen to it."""
        self.dropped = False
        self.halted = False
        self.finished = False
        self._work, self._finish = work, finish
        self.thread = threading.Thread(target=self._run, name=f"icewidgets-{name}", daemon=True)

    def start(self) -> "Task":
        self.thread.start()
        return self

    def join(self, timeout: float | None = None) -> None:
        """Wait for the work and its answer (for tests and scripts; a page never waits)."""
        self.thread.join(timeout)

    def drop(self) -> None:
        """Nobody wants the answer any more: ``finish`` will not be called, and ``stop`` is set."""
        self.dropped = True
        self.stop.set()

    def halt(self) -> None:
        """Stop the work soon, keeping what it did: ``finish`` still gets its answer."""
        self.halted = True
        self.stop.set()

    @property
    def running(self) -> bool:
        """Whether the work is still wanted and not finished."""
        return not (self.dropped or self.finished)

    def _run(self) -> None:
        answer, error = None, None
        if self.yielding:
            yield_processor()
        try:
            answer = self._work(self)
        except Exception as exc:  # handed to finish, which says so in the widget
            error = exc
        with self.lock:
            if self.dropped:
                return
            self.finished = True
            self._finish(answer, error)


def yield_processor() -> None:
    """Let the calling thread, and the threads it starts (rollout workers), run at a lower
    priority than the kernel's own, so that a click is answered at once while they work.

    Only on Linux, where a thread has a nice level of its own (threads it starts inherit it);
    elsewhere, and where the system refuses, threads keep their priority.
    """
    if not sys.platform.startswith("linux") or not hasattr(os, "setpriority"):
        return
    try:
        thread = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + NICENESS))
    except OSError:
        pass
