"""PlayoutLab: run playouts from a panel and watch the statistics arrive.

>>> lab = PlayoutLab(n=4, agents="greedy,random", seed=1)  # doctest: +SKIP
>>> lab                                                      # doctest: +SKIP

Choose the game, its options (``players=3, max_turns=50``), one agent per seat (or one for
all), the number of games and the seed; **Precision** (e.g. ``0.01``) plays until the first
player's points are known to ±0.01 instead, the number of games then capping the run, and
**Rotate seats** plays every deal once per seating, so the report tells seat advantage from
agent strength. **Run** plays them on a background thread in chunks, so the notebook stays
responsive: the progress bar, the balance report and the dashboard update as chunks finish,
and **Stop** keeps the games played so far (``partial``). The run is planned and played as
:func:`icewidgets.playouts` plays it (:class:`~icewidgets.playout.PlayoutRun`), so the games
are the same for the same settings, and so is the engine: compiled kernels on every core
wherever they apply (``engine="auto"``, the default; the first run in a new installation
compiles for a few seconds, and the status line says so), else the rules engines.
**Save CSV** / **Save PNG** write the results and the dashboard next to the notebook, whole
or not at all; a file that cannot be written is said in the status line.

Agents follow the grammar of :func:`icewidgets.agents.parse_agents`, as everywhere: a text
(``"random,greedy"``), a list or tuple of names and callables (a callable shows by its name in
the Agents box and plays wherever that name is left there). A setting the panel cannot show
(an unknown game, a number of games or a seed that is not a whole number in its box's range,
an unknown keyword) is refused when the lab is made; the others are checked by **Run**, which
says in the status line what is wrong.
"""

from __future__ import annotations

import io
import os
import threading
import time
from typing import Any

import ipywidgets as widgets

from .. import agents as agents_module
from .. import checks
from ..files import atomic_write
from ..games import available_games
from ..playout import ENGINES, Chunk, PlayoutResults, PlayoutRun, parse_options
from ..words import rate as rate_text

MAX_GAMES = 10**9
"""The most games the Games box takes."""
MAX_SEED = 2**63 - 1
"""The largest seed the Seed box takes."""

LAYOUT_KEYWORDS = ("layout", "box_style", "tooltip", "tabbable")
"""The keywords the lab passes on to its box (the public ones of ``ipywidgets.VBox``: its
children are the lab's, and its other traits are the widget machinery's)."""

__all__ = ["PlayoutLab", "parse_options"]


class PlayoutLab(widgets.VBox):
    """A panel to run playouts and see the summary and plots update while they run."""

    def __init__(self, game: str | None = None, agents: Any = "random,greedy", n: int = 1000, seed: int = 0,
                 options: str | dict[str, Any] = "", max_turns: int | None = None, chunks: int = 40,
                 engine: str = "auto", precision: float | None = None, rotate_seats: bool = False, **kwargs: Any):
        games = list(available_games())
        if game is not None:
            checks.choice(game, "game", games)
        self.engine = checks.choice(engine, "engine", ENGINES)
        self._callables: dict[str, Any] = {}
        agents_text = self._agents_text(agents)
        n = checks.whole(n, "n", low=1, high=MAX_GAMES, what="a whole number of games")
        seed = checks.whole(seed, "seed", low=0, high=MAX_SEED)
        if isinstance(options, dict):
            options = ", ".join(f"{key}={value!r}" for key, value in options.items())
        elif not isinstance(options, str):
            raise TypeError(f"options={options!r} must be text such as 'players=3' or a dict of options")
        if max_turns is not None:
            checks.whole(max_turns, "max_turns")  # its range is checked when the games are planned
        if precision is not None:
            checks.number(precision, "precision")
        rotate_seats = checks.flag(rotate_seats, "rotate_seats")
        self.chunks = checks.whole(chunks, "chunks", low=1)
        checks.no_unknown(kwargs, "PlayoutLab()", [*_SETTINGS, *LAYOUT_KEYWORDS])
        self.game_box = widgets.Dropdown(options=games, value=game or games[0], description="Game")
        self.options_box = widgets.Text(value=options, description="Options", placeholder="e.g. players=3")
        self.agents_box = widgets.Text(value=agents_text, description="Agents",
                                       placeholder=", ".join(agents_module.AGENTS) + " (one per seat, or one for all)")
        self.n_box = widgets.BoundedIntText(value=n, min=1, max=MAX_GAMES, description="Games")
        self.seed_box = widgets.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Seed")
        self.turns_box = widgets.Text(value="" if max_turns is None else str(max_turns), description="Max turns",
                                      placeholder="none")
        self.precision_box = widgets.Text(value="" if precision is None else str(precision), description="Precision",
                                          placeholder="e.g. 0.01 (Games then caps the run)")
        self.rotate_box = widgets.Checkbox(value=rotate_seats, description="Rotate seats", indent=False,
                                           tooltip="Play every deal once per seating: seat advantage and agent "
                                                   "strength apart")
        self.run_button = widgets.Button(description="Run", button_style="primary", icon="play",
                                         tooltip="Play the games", layout=widgets.Layout(width="110px"))
        self.stop_button = widgets.Button(description="Stop", icon="stop", disabled=True,
                                          tooltip="Stop and keep the games played so far",
                                          layout=widgets.Layout(width="110px"))
        self.path_box = widgets.Text(value="playouts", description="File name")
        self.csv_button = widgets.Button(description="Save CSV", icon="download", disabled=True)
        self.png_button = widgets.Button(description="Save PNG", icon="image", disabled=True)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="60%"))
        self.status = widgets.HTML("Choose the settings and press <b>Run</b>.")
        self.summary = widgets.HTML()
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        for button, label in ((self.run_button, "Run"), (self.stop_button, "Stop"),
                              (self.csv_button, "Save CSV"), (self.png_button, "Save PNG")):
            button.description = label
        self.run_button.on_click(lambda _: self.run())
        self.stop_button.on_click(lambda _: self.stop())
        self.csv_button.on_click(lambda _: _shown_only(self.save_csv))
        self.png_button.on_click(lambda _: _shown_only(self.save_png))
        self.results: PlayoutResults | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._counted = 0.0  # when the chunks' threads last moved the bar
        self._png: bytes = b""
        settings = widgets.VBox([
            widgets.HBox([self.game_box, self.options_box]),
            widgets.HBox([self.agents_box, self.turns_box]),
            widgets.HBox([self.n_box, self.seed_box]),
            widgets.HBox([self.precision_box, self.rotate_box]),
            widgets.HBox([self.run_button, self.stop_button, self.progress]),
            self.status,
        ])
        export = widgets.HBox([self.path_box, self.csv_button, self.png_button])
        super().__init__([settings, self.summary, self.picture, export], **kwargs)
        self.add_class("icewidgets-playout-lab")

    # Running -----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether a run is being played."""
        return self._thread is not None and self._thread.is_alive()

    def _agents_text(self, agents: Any) -> str:
        """The Agents box's text for an agent spec; callables are kept, by the names shown."""
        if isinstance(agents, str):
            return agents
        items = [agents] if callable(agents) else agents
        if not isinstance(items, (list, tuple)) or not items:
            agents_module.parse_agents(agents)  # the error that says what a spec is
            raise AssertionError("unreachable: an empty or foreign spec is refused above")
        names = []
        for item in items:
            if isinstance(item, str):
                names.append(item.strip())
            elif callable(item):
                names.append(self._keep(item))
            else:
                agents_module.parse_agents(agents)  # the error that names the bad item
        return ", ".join(names)

    def _keep(self, agent: Any) -> str:
        """The name a callable agent shows by in the Agents box (commas would split it)."""
        name = agents_module.agent_name(agent).replace(",", ";")
        if _is_builtin_name(name) and agents_module.get_agent(name) is agent:
            return name  # the built-in agent's own name says it
        shown, k = name, 1
        while _is_builtin_name(shown) or self._callables.get(shown, agent) is not agent:
            k += 1
            shown = f"{name}#{k}"
        self._callables[shown] = agent
        return shown

    def plan(self) -> PlayoutRun:
        """The run the settings in the panel describe (a ValueError or TypeError says what is wrong)."""
        max_turns = _number(self.turns_box.value, "max_turns", int)
        precision = _number(self.precision_box.value, "precision", float)
        # A callable passed to the lab plays wherever the box still shows its name.
        agents = [self._callables.get(part, part) for part in agents_module.names_in(self.agents_box.value, "Agents")]
        return PlayoutRun.plan(self.game_box.value, self.n_box.value, agents=agents or "random",
                               seed=self.seed_box.value, max_turns=max_turns, engine=self.engine,
                               options=parse_options(self.options_box.value),
                               rotate_seats=self.rotate_box.value, precision=precision)

    def run(self, wait: bool = False) -> None:
        """Start the games on a background thread (``wait=True``: return when they are done)."""
        if self.running:
            return
        try:
            run = self.plan()
        except (ValueError, TypeError) as error:
            self.status.value = f"<span style='color:#b00'>⚠ {_escape(str(error))}</span>"
            return
        self._stop.clear()
        self._set_running(True)
        self._thread = threading.Thread(target=self._work, args=(run,), daemon=True, name="PlayoutLab")
        self._thread.start()
        if wait:
            self._thread.join()

    def stop(self) -> None:
        """Stop after the game being played; the results keep the games finished so far."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the current run has finished."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _set_running(self, running: bool) -> None:
        self.run_button.disabled = running
        self.stop_button.disabled = not running
        for box in (self.game_box, self.options_box, self.agents_box, self.n_box, self.seed_box, self.turns_box,
                    self.precision_box, self.rotate_box):
            box.disabled = running
        if running:
            self.csv_button.disabled = self.png_button.disabled = True

    def _work(self, run: PlayoutRun) -> None:
        played: list[Chunk] = []
        started = time.perf_counter()
        last_shown, pause = started, 1.5  # a quick run shows only its final picture
        n = run.n
        rule = run.precision_rule()
        self.progress.max, self.progress.value = n if rule is None else rule.expected_games(n), 0
        chunks = waiting = kept = None
        try:
            if run.engine == "reference":
                # Stop ends the chunk being played after its current game (_tick). A run to a
                # precision checks it after chunks of the size the run chooses.
                chunks = run.chunks(chunk_size=None if rule else max(1, -(-n // self.chunks)),
                                    on_game=lambda done: self._tick(done, started))
            else:
                self.status.value = "Playing…"
                waiting = run.preparation()  # not ready: prepared in the background meanwhile
                if waiting is not None:
                    self._notice(waiting.notice())
                # While a kernel is prepared the rules engines play on threads: their games move
                # the bar (a cold chunk may take many seconds); a kernel's chunks move it as they end.
                self._counted = 0.0
                chunks = run.chunks(on_game=lambda done: self._count(done, started))
            for chunk in chunks:
                played.append(chunk)
                if waiting is not None and waiting.done:
                    self._notice(waiting.outcome())
                    waiting = None
                reached = rule is not None and rule.add(chunk.arrays)
                if rule is not None:  # the expected length, as the interval narrows
                    self.progress.max = chunk.stop if reached else rule.expected_games(n)
                self._progress(chunk.stop, started)
                now = time.perf_counter()
                if chunk.stop == n or reached or self._stop.is_set():
                    break
                if now - last_shown > pause:
                    self._show(run.results(played, elapsed=now - started), final=False)
                    last_shown = time.perf_counter()
                    # Drawing the dashboard takes a while: most of the time goes to the games.
                    pause = max(1.5, 3 * (last_shown - now))
            if played:  # done, or stopped (perhaps while the last picture was drawn)
                kept = run.results(played, elapsed=time.perf_counter() - started, interrupted=self._stop.is_set())
                self._show(kept, final=True)
        except Exception as error:  # shown in the panel: a thread has nobody else to tell
            self.status.value = f"<span style='color:#b00'>⚠ {_escape(type(error).__name__ + ': ' + str(error))}</span>"
        finally:
            if chunks is not None:
                chunks.close()  # compiled chunks not yet started are cancelled
            if kept is not None:  # the games kept, not the games the threads counted
                self.progress.value = kept.n
            self._set_running(False)
            if self.results is not None:
                self.csv_button.disabled = self.png_button.disabled = False

    def _notice(self, text: str) -> None:
        self.status.value = _escape(text[:1].upper() + text[1:])

    def _tick(self, done: int, started: float) -> None:
        """After each game of the rules engines: the progress now and then, and Stop."""
        if done == self.progress.max or done % 10 == 0 or time.perf_counter() - started >= 1:
            self._progress(done, started)
        if self._stop.is_set():
            raise _Stopped

    def _count(self, done: int, started: float) -> None:
        """The games done, told by the chunks' threads: shown at most ten times a second."""
        now = time.perf_counter()
        if now - self._counted >= 0.1:
            self._counted = now
            self._progress(done, started)

    def _progress(self, done: int, started: float) -> None:
        done = max(done, self.progress.value)  # the threads' counts and the chunks' ends come in any order
        elapsed = time.perf_counter() - started
        self.progress.max = max(self.progress.max, done)  # a run to a precision may outgrow its estimate
        self.progress.value = done
        rate = done / elapsed if elapsed > 0 else 0.0
        self.status.value = f"{done:,} / {self.progress.max:,} games · {rate_text(rate)} games/s"

    def _show(self, results: PlayoutResults, final: bool) -> None:
        self.results = results
        self.summary.value = results.summary()._repr_html_()
        self._png = _dashboard_png(results)
        self.picture.value = self._png
        word = "done" if final and not results.partial else ("stopped" if final else "running")
        self.status.value = f"{results.n:,} games {word} · {rate_text(results.games_per_second)} games/s"

    # Export ------------------------------------------------------------------------------

    def save_csv(self, path: str | os.PathLike | None = None) -> str | None:
        """Write the results as CSV (default: the file name box + ``.csv``), whole or not at all;
        returns the path (None before any run). A file that cannot be written is said in the
        status line, and raised."""
        return self._save(path, ".csv", lambda name: self.results.save(name),
                          lambda name: f"Saved {self.results.n:,} games to {_escape(name)}")

    def save_png(self, path: str | os.PathLike | None = None) -> str | None:
        """Write the dashboard picture (default: the file name box + ``.png``), whole or not at
        all; returns the path (None before any run). Errors as for :meth:`save_csv`."""
        def write(name: str) -> None:
            with atomic_write(name, "wb") as f:
                f.write(self._png or _dashboard_png(self.results))

        return self._save(path, ".png", write, lambda name: f"Saved the dashboard to {_escape(name)}")

    def _save(self, path: Any, suffix: str, write: Any, said: Any) -> str | None:
        if self.results is None:
            self.status.value = "Nothing to save yet: press <b>Run</b> first."
            return None
        try:
            if path is not None:
                checks.path(path)
            name = _with_suffix(os.fspath(path) if path is not None else self.path_box.value, suffix)
            write(name)
        except (OSError, ValueError, TypeError) as error:
            self.status.value = f"<span style='color:#b00'>⚠ Not saved: {_escape(str(error))}</span>"
            raise
        self.status.value = said(name)
        return name


def _number(text: str, name: str, kind: type) -> Any:
    """A box's number (None when empty or "none"), or a ValueError naming the box's setting."""
    text = text.strip()
    if text.lower() in ("", "none"):
        return None
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"{name}={text!r} must be a number (or empty for none)") from None


def _shown_only(save: Any) -> None:
    """A button's save: its error is in the status line already (a click has nobody else to tell)."""
    try:
        save()
    except (OSError, ValueError, TypeError):
        pass


def _is_builtin_name(name: str) -> bool:
    try:
        agents_module.get_agent(name)
    except (TypeError, ValueError):
        return False
    return True


class _Stopped(KeyboardInterrupt):
    """Raised inside a chunk when Stop is pressed; the chunk returns its finished games."""


def _dashboard_png(results: PlayoutResults) -> bytes:
    # A bare Figure (no pyplot): safe on a background thread and never shown twice.
    from matplotlib.figure import Figure

    from ..stats import plot_dashboard

    fig = Figure(figsize=(13, 7.5))
    plot_dashboard(results, fig=fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=80)
    return buffer.getvalue()


def _with_suffix(name: str, suffix: str) -> str:
    name = (name or "playouts").strip()
    return name if name.lower().endswith(suffix) else name + suffix


def _escape(text: str) -> str:
    import html

    return html.escape(text)


_SETTINGS = [name for name in PlayoutLab.__init__.__code__.co_varnames[1:PlayoutLab.__init__.__code__.co_argcount]]
"""The lab's own settings, in order (named in the refusal of an unknown keyword)."""
