"""The analysis in the widget: an evaluation graph, labels in the move list, hints on the board.

:class:`Analysing` is the part of :class:`~icewidgets.GameWidget` that runs
:func:`icewidgets.analyse` and :func:`icewidgets.hint` on background threads
(:mod:`.background`, as a bot thinks) and sends what they find to the page in two traits:

- ``analysis_data``: the first seat's expected points at every position analysed, with their
  95% intervals (the graph under the replay slider), the labelled plies (``?!``, ``?``, ``??``
  in the move list, each with its review, "Best was X (#3), you played Y (0.41 [0.36–0.46])",
  and the squares of its best move and of the move played: arrows on the position before it),
  the proved results, the turning point and its narration, each player's summary and a status line ("Analysing ply 12 of 40…");
  ``{}`` when there is no analysis;
- ``hint_data``: the best three moves of one position, with their values, the squares each
  goes from and to (arrows on the board) and its line laid out as frames (:mod:`.lines`);
  ``{}`` when there are none;
- ``line_preview``: ``{}``, or the hint and the number of its line's moves the board shows
  instead of the game (the page sets it; the game does not change).

The page never waits: the widget answers clicks while an analysis runs. A move, an undo, a redo
or a load refreshes a running analysis (``resume=``: only the plies that changed are analysed
again); the Stop button ends it, keeping the plies done. Values use the widget's precision
(±0.05 by default) and seed 0, so ``widget.analysis == iw.analyse(widget, precision=…)``.

>>> import icewidgets as iw
>>> game = iw.make(iw.available_games()[0])
>>> start = game.new_state()
>>> record = iw.Record.new(game, start=start).extend([start.legal_moves()[0]])
>>> widget = iw.GameWidget(record, analysis=True, analysis_precision=0.2)
>>> widget.analysis_task.join(timeout=60)
True
>>> widget.analysis == iw.analyse(record, precision=0.2), widget.analysis_data["status"]
(True, 'Analysed 1 ply at ±0.2.')
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import traitlets

from .. import checks
from ..agents import get_agent
from ..analysis import Analysis, Hint, Hints, analyse
from ..analysis import hint as best_moves
from ..analysis.review import review_text
from ..analysis.values import MIN_PRECISION
from ..protocol import CHANCE, State
from ..record import Record
from ..words import plural
from .background import Task, Worker
from .lines import line_preview

__all__ = ["HINTS", "PRECISION", "Analysing", "analysis_payload", "check_analysis", "hint_payload", "hint_text",
           "labelled_payload", "move_squares", "shared_plies"]

HINTS = 3
"""How many moves a hint shows."""
PRECISION = 0.05
"""The precision of the widget's analysis and hints by default: intervals of ±0.05 expected points."""


class Analysing(traitlets.HasTraits):
    """The analysis part of :class:`~icewidgets.GameWidget` (its traits, messages and threads).

    It works on the widget's game through the widget's ``_lock``, ``_record``, ``state``,
    ``ply`` and ``_say``; the widget calls :meth:`_setup_analysis` once its game is laid out
    and :meth:`_analysis_game_changed` whenever a move, an undo, a redo or a load changes it.
    """

    analysis_data = traitlets.Dict().tag(sync=True)
    hint_data = traitlets.Dict().tag(sync=True)
    line_preview = traitlets.Dict().tag(sync=True)  # {} or {"hint": rank, "step": n}: a hint's line on the board

    analysis_task: Task | None = None
    """The last analysis started (``widget.analysis_task.join()`` waits for it in a script)."""
    hint_task: Task | None = None
    """The last hint asked for."""
    _analysis: Analysis | None = None
    _analysis_task: Task | None = None  # the analysis running (None: none)
    _hint_task: Task | None = None  # the hint being looked for (None: none)
    _analysis_worker: Worker | None = None
    _hint_worker: Worker | None = None
    _analysis_on = False
    _analysing_at = 0  # the plies of its game the analysis running has done

    # Public ----------------------------------------------------------------------------------

    @property
    def analysis(self) -> Analysis | None:
        """The analysis of the widget's game so far (None before any): an
        :class:`icewidgets.Analysis` of the plies analysed, the plies done while one runs. It
        covers the game as it is: a move taken back takes its ply out of the analysis."""
        return self._analysis

    def analyse(self) -> bool:
        """Analyse the game on the widget's background thread (:attr:`analysis_task`), as the "Analyse"
        button does; the page shows the graph and the labels as they come. From then on the
        analysis follows the game: a move, an undo or a load refreshes it, analysing only the
        plies that changed, until :meth:`stop_analysis`. An analysis stopped halfway goes on
        from where it stopped."""
        with self._lock:
            self._analysis_on = True
            task = self._analysis_task
            if task is not None and task.running:
                if not task.halted:  # else it goes on once it has stopped (see _analysis_done)
                    self._say("The analysis is already running.", "info")
                return True
            self._start_analysis()
            return True

    def stop_analysis(self) -> bool:
        """Stop the analysis (as the "Stop" button does) and a hint being looked for: what is
        done is kept and shown. The analysis no longer follows the moves; :meth:`analyse` goes
        on from where it stopped. False (and a message in the widget) if nothing runs."""
        with self._lock:
            running = [task for task in (self._analysis_task, self._hint_task) if task is not None and task.running]
            self._analysis_on = False
            if not running:
                self._say("No analysis or hint is running: there is nothing to stop.", "error")
                return False
            for task in running:
                task.halt()
            return True

    def hint(self) -> bool:
        """Look for the best three moves of the position shown (``widget.state``) on a
        background thread (:attr:`hint_task`), as the "Hint" button does; the board then
        shows them with their values. A finished position or a roll of the dice has no move
        to suggest: False, and the widget says so."""
        with self._lock:
            state, ply = self.state, self.ply
            if state.is_over:
                self._say("The game is over here: there is no move to suggest.", "error")
                return False
            name = state.game.player_name(state.player)
            if state.to_move == CHANCE:
                self._say(f"This is a roll of the dice for {name}, not a move to choose: roll first, then ask for "
                          "a hint.", "error")
                return False
            previous = self._hint_task
            if previous is not None and previous.running and not previous.halted and previous.about is state:
                return True  # asked twice for the same position
            self._drop_hint()

            # What the line previews need, taken now: the game may change while the hint thinks.
            drawing = (self._placements[ply], ply, self._layout(), set(self.board.get("catalogue", {})),
                       dict(self._tracker.counts))

            def work(task: Task) -> tuple[Hints, list[dict]]:
                hints = best_moves(state, HINTS, stop=task.stop, **self._settings)
                placement, at, layout, known, counts = drawing
                return hints, [line_preview(state, placement, at, (str(h.move),) + h.line, layout, known, counts)
                               for h in hints]

            def finish(answer: Any, error: Exception | None) -> None:
                self._hint_done(state, ply, answer, error)

            # One hint thinks at a time: this one waits on the worker for the one it dropped,
            # which ends at its next look at task.stop.
            task = Task(self._lock, "hint", work, finish, about=state)
            self._hint_task = self.hint_task = task
            self.hint_data = {"ply": ply, "thinking": True, "text": f"Looking for the best moves for {name}…",
                              "hints": []}
            self._hint_worker.submit(task)
            return True

    # The widget's side -----------------------------------------------------------------------

    def _setup_analysis(self, analysis: Any, precision: Any) -> None:
        """Show ``analysis`` (an Analysis of this game) or start one (True); ``precision`` is
        the analysis' and the hints' (an Analysis brings its own, and its seed)."""
        self._settings: dict[str, Any] = {"precision": precision, "seed": 0, "policy": None}
        # The widget's background threads, started at their first task.
        self._analysis_worker, self._hint_worker = Worker("analysis"), Worker("hint")
        if isinstance(analysis, Analysis):
            fitted = self._fitted(analysis)
            if fitted is None:
                raise ValueError("analysis= is an analysis of another game than the widget's (another game, options "
                                 "or start): show it with GameWidget(analysis.record, analysis=analysis), or "
                                 "analyse this one with analysis=True")
            self._analysis = fitted
            self._settings = {"precision": analysis.precision, "seed": analysis.seed,
                              "policy": _usable_policy(analysis.policy)}
            self._publish_analysis()
        elif analysis:
            self.analyse()

    def _analysis_game_changed(self) -> None:
        """The game changed (under the lock): hints go, the analysis keeps the plies the game
        still has and, while it is wanted, analyses the rest."""
        self._drop_hint()
        self._analysis = self._fitted(self._analysis)
        task = self._analysis_task
        if task is not None and task.running:
            # A ply it has done or works on changed: it goes on with the game as it is now (see
            # _analysis_work). A change after that (a move played on) waits for it to get there.
            if task.about is not None and shared_plies(task.about, self._record) <= self._analysing_at:
                task.stop.set()
        elif self._analysis_on:
            self._start_analysis()
        self._publish_analysis()

    def _stop_background(self) -> None:
        """Drop the analysis and the hint, and end their threads (the widget closes)."""
        self._analysis_on = False
        if self._analysis_task is not None:
            self._analysis_task.drop()
            self._analysis_task = None
        self._drop_hint()
        for worker in (self._analysis_worker, self._hint_worker):
            if worker is not None:
                worker.close()

    # The analysis ----------------------------------------------------------------------------

    def _start_analysis(self) -> None:
        def finish(result: Any, error: Exception | None) -> None:
            self._analysis_done(task, result, error)

        task = Task(self._lock, "analysis", self._analysis_work, finish)
        self._analysis_task = self.analysis_task = task
        self._analysis_worker.submit(task)
        self._publish_analysis()

    def _analysis_work(self, task: Task) -> Analysis | None:
        """Analyse the game as it is; when it changes meanwhile, again with the plies it still
        shares (``task.about`` is the record being analysed)."""
        result = None
        while True:
            with self._lock:
                if task.dropped:
                    return None
                if result is not None:
                    self._analysis = self._fitted(result)
                if task.halted or (result is not None and result.complete and task.about == self._record):
                    return result
                task.about, resume = self._record, self._analysis
                self._analysing_at = len(resume.plies) if resume is not None else 0
                task.stop.clear()
            result = analyse(task.about, stop=task.stop, resume=resume,
                             progress=lambda so_far: self._analysis_progress(task, so_far), **self._settings)

    def _analysis_progress(self, task: Task, so_far: Analysis) -> None:
        with self._lock:
            if not task.dropped:
                self._analysing_at = len(so_far.plies)
                self._analysis = self._fitted(so_far)
                self._publish_analysis()

    def _analysis_done(self, task: Task, result: Analysis | None, error: Exception | None) -> None:
        self._analysis_task = None
        if error is not None:
            self._analysis_on = False
            self._say(f"The analysis failed: {type(error).__name__}: {error}", "error")
            self._publish_analysis()
            return
        if result is not None:
            self._analysis = self._fitted(result)
        if self._analysis_on and (task.halted or task.about != self._record):
            self._start_analysis()  # asked for again as it stopped, or the game changed as it ended
            return
        self._publish_analysis()

    def _fitted(self, analysis: Analysis | None) -> Analysis | None:
        """``analysis`` cut to the plies it shares with the widget's game (None: another game)."""
        shared = -1 if analysis is None else shared_plies(analysis.record, self._record)
        if shared < 0:
            return None
        return analysis if shared == len(analysis.record.plies) else analysis.truncated(shared)

    def _publish_analysis(self) -> None:
        running = self._analysis_task is not None and self._analysis_task.running
        data = analysis_payload(self._analysis, len(self._record.plies), running)
        if data != self.analysis_data:
            self.analysis_data = data

    # Hints -----------------------------------------------------------------------------------

    def _hint_done(self, state: State, ply: int, answer: tuple[Hints, list[dict]] | None,
                   error: Exception | None) -> None:
        self._hint_task = None
        if error is not None:
            self.hint_data = {}
            self._say(f"The hint failed: {type(error).__name__}: {error}", "error")
        else:
            hints, previews = answer
            self.hint_data = hint_payload(state, ply, hints, previews)

    @traitlets.validate("line_preview")
    def _valid_line_preview(self, proposal: dict) -> dict:
        """``{}`` (the game is shown) or ``{"hint": rank, "step": n}``: the board shows the
        position after the first ``n`` moves of hint ``rank``'s move and line (not played)."""
        value = proposal["value"]
        if value == {}:
            return value
        entries = {h["rank"]: h for h in (self.hint_data or {}).get("hints", [])}
        if not isinstance(value, dict) or set(value) != {"hint", "step"}:
            raise ValueError(f"line_preview={value!r} must be {{}} or {{'hint': rank, 'step': n}}")
        rank = checks.whole(value["hint"], "line_preview['hint']", low=1, high=max(1, len(entries)))
        if rank not in entries:
            raise ValueError(f"line_preview={value!r}: there is no hint {rank} to preview (ask for a hint first)")
        steps = len(entries[rank].get("preview", {}).get("moves", []))
        step = checks.whole(value["step"], "line_preview['step']", low=1, high=max(1, steps))
        return {"hint": rank, "step": step}

    def _drop_hint(self) -> None:
        if self._hint_task is not None:
            self._hint_task.drop()
            self._hint_task = None
        self.line_preview = {}
        self.hint_data = {}


def check_analysis(analysis: Any, precision: Any) -> float:
    """The widget's ``analysis=`` and ``analysis_precision=`` checked; returns the precision."""
    if not isinstance(analysis, (bool, Analysis)):
        raise TypeError(f"analysis={analysis!r} must be True (analyse the game now), False or an Analysis "
                        "(from iw.analyse) of the widget's game")
    return checks.number(precision, "analysis_precision", low=MIN_PRECISION, high=0.5, high_open=True,
                         what="a precision (± expected points)")


def shared_plies(one: Record, other: Record) -> int:
    """How many plies two records of a game from the same start share (-1: another game or start).

    >>> one = Record("g", plies=("a", "b", "c"))
    >>> shared_plies(one, Record("g", plies=("a", "x"))), shared_plies(one, one), shared_plies(one, Record("h"))
    (1, 3, -1)
    """
    if one.truncated(0) != other.truncated(0):
        return -1
    shared = 0
    for a, b in zip(one.plies, other.plies):
        if a != b:
            break
        shared += 1
    return shared


def _usable_policy(name: str) -> str | None:
    """An analysis' rollout policy, if it can be named again (a function's name cannot)."""
    try:
        get_agent(name)
    except (ValueError, TypeError):
        return None
    return name


# What the page shows ---------------------------------------------------------------------------


def analysis_payload(analysis: Analysis | None, plies: int, running: bool) -> dict[str, Any]:
    """What the page shows of ``analysis`` of a game of ``plies`` plies; ``running``: it goes on.

    ``points`` are the first seat's expected points at every position analysed, ``[value,
    low, high]``; ``labels`` the labelled plies (:func:`labelled_payload`); ``proved`` the
    ``[ply, mark]`` of every move with a proved result (``"#3"``, ``"#-2"``: the graph shows
    them); ``turning`` the turning point's ply (or None);
    ``warning`` says when most rollouts did not finish (:attr:`Analysis.warning`, "" if not).
    """
    if analysis is None:
        if not running:
            return {}
        status = f"Analysing ply 1 of {plies}…" if plies else "Analysing the start position…"
        return {"running": True, "plies": plies, "done": 0, "status": status}
    done = len(analysis.plies)
    names = analysis.names
    if running:
        status = f"Analysing ply {done + 1} of {plies}…" if done < plies else "Analysing…"
    elif done < plies and analysis.stopped is not None:
        status = f"Analysis stopped after {done} of {plural(plies, 'ply', 'plies')}; the plies done are kept."
    elif done < plies:
        status = f"Analysed {done} of {plural(plies, 'ply', 'plies')}."
    else:
        what = plural(done, "ply", "plies") if done else "the start position"
        status = f"Analysed {what} at ±{analysis.precision:g}."
    turning = analysis.turning_point
    return {
        "running": running, "plies": plies, "done": done, "status": status,
        "seat": names[0], "players": len(names), "precision": analysis.precision,
        "points": [[_rounded(v.points[0]), _rounded(v.low[0]), _rounded(v.high[0])] for v in analysis.positions],
        "labels": labelled_payload(analysis),
        "proved": [[p.ply, p.mark] for p in analysis.plies if p.mark],
        "turning": None if turning is None else turning.ply,
        "narration": analysis.narration,
        "warning": analysis.warning,
        "summary": [str(summary) for summary in analysis.summary()],
    }


def labelled_payload(analysis: Analysis) -> list[dict[str, Any]]:
    """The labelled plies of ``analysis`` as the page shows them: the label, its symbol and
    ``reason`` (where a proof gives one), who played ``move``, the ``best`` move found, the
    ``loss``, the ``review`` ("Best was X (#3), you played Y (0.41 [0.36–0.46])", see
    :func:`~icewidgets.analysis.review.review_text`), the best move's ``squares`` and the move
    played's (``played``), both in the position before the ply, as hints send them (the page
    draws both arrows on that position, the one they were chosen in; "" for a move without
    squares)."""
    labelled = analysis.labelled
    if not labelled:
        return []
    names = analysis.names
    states = list(itertools.islice(analysis.record.states(), labelled[-1].ply))  # before each labelled ply
    out = []
    for p in labelled:
        out.append({"ply": p.ply, "label": p.label, "symbol": p.symbol, "reason": p.reason, "who": names[p.player],
                    "move": p.move, "best": p.best, "loss": _rounded(p.loss), "review": review_text(p),
                    "squares": move_squares(states[p.ply - 1], p.best),
                    "played": move_squares(states[p.ply - 1], p.move)})
    return out


def move_squares(state: State, text: str | None) -> str:
    """The click squares of the move ``text`` in ``state``, as the legal moves are sent
    (``"a1-a2 b3-b4"``; ``"-a2"``: a square alone; "" for a move without squares or no move)."""
    if text is None:
        return ""
    try:
        move = state.game.parse_move(text)
        pairs = state.game.controls.all_move_squares(state, [move])[0]
    except (ValueError, TypeError):  # not a move of this position: nothing to draw
        return ""
    return " ".join(f"{source or ''}-{target}" for source, target in pairs)


def hint_payload(state: State, ply: int, hints: Hints, previews: list[dict] | None = None) -> dict[str, Any]:
    """What the page shows of ``hints`` of ``state`` (the position after ``ply`` plies): each
    move with its rank, value, interval, text, squares (``"a1-a2 b3-b4"`` as the legal moves
    are sent, "" for a move without squares), button label, proved ``mark`` ("#3", "" when
    nothing is proved), its ``line`` (the expected continuation, move texts) and, given
    ``previews`` (one per hint, :func:`~.lines.line_preview` of the move and its line), the
    frames that show them on the board."""
    controls = state.game.controls
    entries = []
    for rank, (hint, pairs) in enumerate(zip(hints, controls.all_move_squares(state, [h.move for h in hints])), 1):
        entries.append({"rank": rank, "move": str(hint.move), "value": _rounded(hint.value), "low": _rounded(hint.low),
                        "high": _rounded(hint.high), "exact": hint.exact, "text": hint_text(hint),
                        "squares": " ".join(f"{source or ''}-{target}" for source, target in pairs),
                        "label": controls.button_label(hint.move), "mark": hint.mark, "line": list(hint.line)})
        if previews is not None:
            entries[-1]["preview"] = previews[rank - 1]
    text = (f"Best moves for {hints.name} after ply {ply} ({len(hints)} of {plural(hints.legal, 'legal move')}), "
            "with their expected points and 95% intervals:")
    if not hints.complete:
        text += " cut short, so less sure."
    if hints.note:
        text += " " + hints.note
    return {"ply": ply, "thinking": False, "text": text, "hints": entries}


def hint_text(hint: Hint) -> str:
    """One hint in a line: ``"c3-c4 0.62 [0.57–0.67]"``, or ``"a1-b1 1.00 exact (wins at once)"``
    (its line is shown apart: the page's buttons step through it)."""
    if hint.exact:
        return " ".join(str(dataclasses.replace(hint, line=())).split())
    return f"{hint.move} {hint.value:.2f} [{hint.low:.2f}–{hint.high:.2f}]"


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(float(x), 3)
