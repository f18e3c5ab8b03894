"""Slow work for a widget in the background: a bot choosing its move, an analysis, a hint.

The page never waits on it. A :class:`Task` runs its work without the widget's lock; its answer
is handed back under the lock, and only while it is still wanted: a move, an undo or a load
meanwhile drops it (:meth:`Task.drop`), and work that listens to ``task.stop`` ends early;
:meth:`Task.halt` ends it early keeping its answer (a Stop button).

A task runs on a thread of its own (:meth:`Task.start`: a bot's move) or on a :class:`Worker`,
a thread the widget keeps for work of one kind (its analyses, its hints): asking it for more
work never waits for a thread to start, which on a busy machine can take longer than a click
may, and its work runs at a lower priority than the kernel's own (:func:`yield_processor`).

>>> import threading
>>> lock, answers = threading.RLock(), []
>>> task = Task(lock, "sum", lambda task: sum(range(10)), lambda answer, error: answers.append((answer, error)))
>>> task.start().join()
True
>>> answers, task.finished
([(45, None)], True)
>>> worker = Worker("sums")
>>> worker.submit(Task(lock, "sum", lambda task: 2 + 2, lambda answer, error: answers.append(answer))).join()
True
>>> answers[-1], worker.thread.name
(4, 'icewidgets-sums')
>>> worker.close()
"""

from __future__ import annotations

import os
import queue
import sys
import threading
import traceback
from typing import Any, Callable

__all__ = ["NICENESS", "Task", "Worker", "yield_processor"]

NICENESS = 5
"""How much lower a worker's threads run than the kernel's (Linux nice levels). Lower still
would gain little: a thread of very low priority that holds Python's interpreter lock when the
system takes the processor from it keeps the kernel waiting longer (measured in
benchmarks/bench_widget.py: 5 and 10 answer clicks alike, no yielding about twice as slowly)."""


class Task:
    """``work(task)`` in the background, then ``finish(answer, error)`` under ``lock`` unless
    the task was dropped meanwhile. ``error`` is the exception the work raised (None if it
    answered): a failure is reported by ``finish``, never lost in a thread. ``about`` is what
    the work is about (a position, a record), for the widget to compare."""

    def __init__(self, lock: Any, name: str, work: Callable[["Task"], Any],
                 finish: Callable[[Any, Exception | None], Any], about: Any = None):
        self.lock = lock
        self.name = name
        self.about = about
        self.stop = threading.Event()
        """Set when the answer is no longer wanted, or wanted sooner: work may listen to it."""
        self.dropped = False
        self.halted = False
        self.thread: threading.Thread | None = None
        """The thread it runs on (a thread of its own, or its worker's), once it is started."""
        self._work, self._finish = work, finish
        self._done = threading.Event()

    def start(self) -> "Task":
        """Run it on a daemon thread of its own."""
        self.thread = threading.Thread(target=self.run, name=f"icewidgets-{self.name}", daemon=True)
        self.thread.start()
        return self

    def join(self, timeout: float | None = None) -> bool:
        """Wait until it has finished or was dropped (scripts and tests; a page never waits);
        False if ``timeout`` seconds passed first."""
        return self._done.wait(timeout)

    def drop(self) -> None:
        """Nobody wants the answer any more: ``finish`` will not be called, and ``stop`` is set."""
        self.dropped = True
        self.stop.set()

    def halt(self) -> None:
        """Stop the work soon, keeping what it did: ``finish`` still gets its answer."""
        self.halted = True
        self.stop.set()

    @property
    def finished(self) -> bool:
        """Whether it has run (its answer handed over, or dropped)."""
        return self._done.is_set()

    @property
    def running(self) -> bool:
        """Whether its answer is still wanted and not yet handed over."""
        return not (self.dropped or self._done.is_set())

    def run(self) -> None:
        """Do the work and hand its answer over (on the thread that calls it)."""
        answer, error = None, None
        try:
            if not self.dropped:
                try:
                    answer = self._work(self)
                except Exception as exc:  # handed to finish, which says so in the widget
                    error = exc
            with self.lock:
                if not self.dropped:
                    self._finish(answer, error)
        finally:
            self._done.set()


class Worker:
    """A daemon thread that runs a widget's tasks of one kind, one after the other (a task
    submitted while another runs waits for it; drop that one to hurry it). The thread starts
    with the first task, runs at a lower priority than the kernel's (:func:`yield_processor`),
    and ends when the worker is closed (a task submitted after that starts another)."""

    def __init__(self, name: str):
        self.name = name
        self.thread: threading.Thread | None = None
        self._tasks: queue.SimpleQueue = queue.SimpleQueue()

    def submit(self, task: Task) -> Task:
        """Run ``task`` after those submitted before it; returns it."""
        if self.thread is None:
            self.thread = threading.Thread(target=self._serve, args=(self._tasks,), name=f"icewidgets-{self.name}",
                                           daemon=True)
            self.thread.start()
        task.thread = self.thread
        self._tasks.put(task)
        return task

    def close(self) -> None:
        """End the thread once the tasks submitted have run (drop them first to end it soon)."""
        if self.thread is not None:
            self._tasks.put(None)
            self._tasks, self.thread = queue.SimpleQueue(), None

    @staticmethod
    def _serve(tasks: queue.SimpleQueue) -> None:
        yield_processor()
        while True:
            task = tasks.get()
            if task is None:
                return
            try:
                task.run()
            except Exception:  # a fault in a finish is reported, and the worker serves on
                traceback.print_exc()


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
