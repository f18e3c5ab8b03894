"""The fast runner: compiled playout kernels, the same games as the rules engines, tens to hundreds of
times faster per core (from about 20× to over 1,000×, by game and agents: benchmarks/README.md).

A game may bring a kernel (``Game.kernel``, the name of a module in its package): whole games
played in plain loops over small integer arrays, compiled with numba (``njit(cache=True)``:
compiled on first use, then loaded from the cache). It rebuilds each game's random stream
exactly (:mod:`icewidgets.compiled.rng`), lists legal moves in the rules engine's order and
applies the agents' documented rules, so for the same seed and agents it plays the same games
as the rules engine, ply for ply. This module imports a kernel only when asked for one.

A kernel module provides:

- ``supports(game, agent_names) -> bool``: whether it plays these options and agents exactly;
- ``play_range(game, agent_names, seed, start, stop, max_plies, record=0) -> dict`` of arrays,
  one row per game ``start``…``stop-1``: ``winners`` (a bit mask, bit p for player p),
  ``scores``, ``turns``, ``plies``, ``unfinished``, ``branching``, optionally ``first``, the
  game's counters (:attr:`Game.counters`) and its board heatmaps as flat ``heatmap:<name>``
  counts over the games; a game still going after ``max_plies`` plies stops unfinished. With
  ``record`` > 0 it adds ``record``: the first ``record`` plies of each game as codes;
- ``recorded_moves(out, row) -> list[str]``: the move texts of game ``row`` of such a record;
- ``encode(state)`` and ``play_from(game, state, agent_names, seed, count, max_plies, record=0)``:
  ``count`` games continued from any position ``state``, game i drawing from
  ``SeedSequence(seed, spawn_key=(i,))`` exactly as :func:`icewidgets.agents.play_on` does on the
  rules engines, with the same per-game arrays as ``play_range`` (a kernel without them plays
  whole games only).

Anything a kernel does not support — other options, MCTS or your own agents — is played by the
rules engines, and :func:`kernel_for` says which applies. numba is optional: where it does not
install (Pyodide, for example) :func:`available` is False and :func:`icewidgets.playouts` uses
the rules engines, with the same results.

The first call of a kernel in a new installation compiles it (seconds); :func:`prepare` does
that up front and says so while it takes long, and :func:`warm` (``python -m icewidgets warm``)
compiles every kernel into the cache at install time. Nobody need wait for it, though:
:func:`ready` answers at once whether a kernel can play now, and when it cannot, prepares it in
the background — a process of its own compiles it into numba's disk cache (compiling holds the
interpreter lock most of the time, so a thread would halve the speed of the work that goes on
meanwhile), then this process loads it from there. Callers play on the rules engines meanwhile
and switch between two games (or rollouts) once it is ready: both engines play game ``i`` from
the same seed alike, so a result never shows where the switch came.

One compile of a kernel runs at a time on a machine: a lock file beside numba's cache (the
system's lock, which goes with a process that dies) is held while it compiles, so the workers
of a process pool, a second notebook or ``warm`` wait for it in the background, playing on the
rules engines, and then load its work instead of compiling it again. The compiling process is
in a session of its own: a Ctrl-C or a notebook's interrupt stops the user's work, not the
compile, which goes on to its end even if the user's process ends first. numba writes its
cache files whole (a temporary file put in place), and so is the note of what the cache holds.
A fork (the workers of a process pool) waits while a thread here is inside numba, loading a
kernel (under a second), so that the forked process finds numba's locks free.

>>> from icewidgets import available_games, make
>>> game = make(available_games()[0])
>>> kernel = kernel_for(game, ("random", "greedy"))
>>> kernel is None or kernel.__name__ == type(game).kernel
True
>>> kernel_for(game, ("random", "mcts")) is None  # no kernel: the rules engine serves
True
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import importlib
import json
import os
import queue
import subprocess
import sys
import threading
import time
import warnings
from types import ModuleType
from typing import Any, Callable, Iterator, Sequence

from .files import atomic_write, locked

AGENT_NAMES = ("random", "greedy")
"""The built-in agents the kernels reproduce."""

COMPILE_NOTICE_AFTER = 0.5
"""Seconds a first call may take before :func:`prepare` says that it is compiling."""

Notify = Callable[[str], Any]

_available: bool | None = None

NO_CACHE = ("numba has no folder it may write compiled code to (NUMBA_CACHE_DIR is unset or not writable, and so "
            "are the package's folder and the home folder); set NUMBA_CACHE_DIR to a writable folder to use it")
"""Why the fast engine is unavailable where numba cannot cache: without a cache every process
would compile every kernel itself, for a minute or more, which no user should wait for."""

_unavailable: str | None = None  # why the kernels cannot load here, once one failed to


def available() -> bool:
    """Whether compiled kernels can be used here (numba imports, it has a folder to cache them
    in, and ``ICEWIDGETS_NO_FAST`` is unset).

    Whether numba may cache is known once a kernel is first loaded (:func:`kernel_for`):
    until then this is True where numba imports; :func:`unavailable` says why it is not."""
    global _available
    if os.environ.get("ICEWIDGETS_NO_FAST") or _unavailable is not None:
        return False
    if _available is None:
        try:
            _import_whole("numba")
        except Exception:  # ImportError, or a numba that cannot load its LLVM
            _available = False
        else:
            _available = True
    return _available


def unavailable() -> str | None:
    """Why compiled kernels cannot be used here (None where they can: :func:`available`)."""
    if os.environ.get("ICEWIDGETS_NO_FAST"):
        return "ICEWIDGETS_NO_FAST is set"
    if _unavailable is not None:
        return _unavailable
    return None if available() else "numba is not installed or cannot load"


def agent_names(agents: Sequence[Any]) -> tuple[str, ...] | None:
    """The kernel names of ``agents``, or None if any of them plays otherwise than a kernel can.

    An agent is a name of :data:`AGENT_NAMES` or a callable whose ``kernel_name`` attribute is
    one: the built-in random and greedy agents carry it, and so does any agent that plays exactly
    as they do (an agent that only wraps them for its own purposes must not).

    >>> agent_names(["random", "greedy"]), agent_names(["random", "mcts"]), agent_names([print])
    (('random', 'greedy'), None, None)
    """
    names = []
    for agent in agents:
        name = agent.strip().lower() if isinstance(agent, str) else getattr(agent, "kernel_name", None)
        if name not in AGENT_NAMES:
            return None
        names.append(name)
    return tuple(names)


def kernel_for(game: Any, agents: Sequence[Any]) -> ModuleType | None:
    """The kernel module that plays ``game`` with ``agents`` exactly, or None (use the rules engine)."""
    if not available() or type(game).kernel is None:
        return None
    names = agent_names(agents)
    if names is None:
        return None
    return _supporting_kernel(game, names)


_kernels: dict[tuple, ModuleType | None] = {}  # (game, agent names) → its kernel module, or None


def _supporting_kernel(game: Any, names: tuple[str, ...]) -> ModuleType | None:
    # Remembered: a search asks again for every position it plays on from.
    try:
        return _kernels[game, names]
    except KeyError:
        found = _kernels[game, names] = _ask_kernel(game, names)
        return found
    except TypeError:  # a game with options that do not hash: ask every time
        return _ask_kernel(game, names)


def _ask_kernel(game: Any, names: tuple[str, ...]) -> ModuleType | None:
    module = _import_kernel(type(game).kernel)
    return module if module is not None and module.supports(game, names) else None


def _import_kernel(name: str) -> ModuleType | None:
    """Kernel module ``name``, or None where numba has nowhere to cache it (it says so when it
    decorates the first function): the fast engine is then unavailable, which is said once."""
    global _unavailable
    try:
        return _import_whole(name)
    except RuntimeError as error:  # numba's "cannot cache function …: no locator available for file …"
        if "cannot cache" not in str(error):
            raise
        _unavailable = NO_CACHE
        warnings.warn(f"the fast engine is unavailable: {NO_CACHE}. The rules engines play, with the same results",
                      RuntimeWarning, stacklevel=2)
        return None


def _import_whole(name: str) -> ModuleType:
    """``importlib.import_module(name)`` on a thread of its own, so that a Ctrl-C while it runs
    stops the caller, never the import: numba interrupted halfway through its import fails to
    import again in that process (a notebook would lose its fast engines until restarted). The
    import goes on to its end; a later call finds it done, or waits for it."""
    if name in sys.modules:
        return importlib.import_module(name)
    outcome: list[Any] = []

    def work() -> None:
        try:
            outcome.append(importlib.import_module(name))
        except BaseException as error:  # raised again in the caller's thread
            outcome.append(error)

    importing = threading.Thread(target=work, name="icewidgets-import", daemon=True)
    importing.start()
    importing.join()
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def play_range(game: Any, agents: Sequence[Any], seed: Any, start: int, stop: int, max_plies: int) -> dict:
    """Games ``start``…``stop-1`` of the run seeded ``seed`` (game i uses ``SeedSequence(seed,
    spawn_key=(i,))``), each stopped unfinished after ``max_plies`` plies (the playouts pass
    :func:`icewidgets.playout.ply_limit`).

    Returns the kernel's dict of numpy arrays, one row per game (see above). Raises
    ``ValueError`` when no kernel plays these options and agents (check with :func:`kernel_for`).
    """
    kernel = kernel_for(game, agents)
    if kernel is None:
        raise ValueError(f"no compiled kernel for {game!r} with agents {tuple(agents)!r}")
    return kernel.play_range(game, agent_names(agents), seed, start, stop, max_plies)


# Continuing from a position -----------------------------------------------------------------


def play_from(state: Any, agents: Sequence[Any], seed: Any, count: int, max_plies: int) -> dict | None:
    """``count`` games continued from ``state`` by its game's kernel, or None where no kernel applies.

    Game i draws from ``SeedSequence(seed, spawn_key=(i,))`` and is played by ``agents`` (one per
    seat) until it ends or has gone ``max_plies`` plies further. The arrays are those of
    :func:`icewidgets.agents.play_on`, which plays the same games on the rules engines where no
    kernel applies.
    """
    kernel = kernel_for(state.game, agents)
    if kernel is None or not hasattr(kernel, "play_from"):
        return None
    return kernel.play_from(state.game, state, agent_names(agents), seed, count, max_plies)


# Compiling ahead ----------------------------------------------------------------------------

_prepared: set[tuple] = set()
_prepare_lock = threading.Lock()


def prepare(game: Any, agents: Sequence[Any], notify: Notify | None = None, continuing: bool = False) -> bool:
    """Compile (or load from the cache) the kernel that plays ``game`` with ``agents``, before the
    real work: ``continuing=True`` for :func:`play_from`, else :func:`play_range`.

    When that takes longer than :data:`COMPILE_NOTICE_AFTER` seconds (a first call in a new
    installation compiles), ``notify`` hears ``"compiling the fast engine for <title> (first
    time only)…"``, and when it is done ``"compiled the fast engine for <title> in <s> s"``.
    Returns whether a kernel applies; each kind of call is prepared once per process.

    >>> import icewidgets as iw
    >>> game = iw.make(iw.available_games()[0])
    >>> prepare(game, ["mcts"] * game.num_players)  # no kernel plays MCTS: nothing to compile
    False
    """
    kernel = kernel_for(game, agents)
    if kernel is None or (continuing and not hasattr(kernel, "play_from")):
        return False
    names = agent_names(agents)
    key = (kernel.__name__, names, game, continuing)
    if key in _prepared:
        return True
    # A call the cache holds loads without the lock: only compiling waits for another
    # process's compile of this kernel. The lock is taken before _prepare_lock, always.
    with (contextlib.nullcontext() if _noted_cached(kernel, key) else _compiling(kernel)):
        with _prepare_lock:
            if key not in _prepared:
                _run_with_notice(lambda: _smallest_call(kernel, game, names, continuing), game.title, notify)
                _note_cached(kernel, key)
                _prepared.add(key)
    return True


def _smallest_call(kernel: ModuleType, game: Any, names: tuple[str, ...], continuing: bool) -> None:
    """One game of one ply: numba compiles a whole kernel for the argument types of its first call."""
    if continuing:
        kernel.play_from(game, game.new_state(), names, 0, 1, 1)
    else:
        kernel.play_range(game, names, 0, 0, 1, 1)


def _run_with_notice(call: Callable[[], Any], title: str, notify: Notify | None) -> None:
    """Run ``call`` on a helper thread, telling ``notify`` (from this thread) when it takes long."""
    failure: list[BaseException] = []

    def work() -> None:
        try:
            call()
        except BaseException as error:  # re-raised in the caller's thread
            failure.append(error)

    started = time.perf_counter()
    worker = threading.Thread(target=work, name="icewidgets-compile", daemon=True)
    worker.start()
    worker.join(COMPILE_NOTICE_AFTER)
    slow = worker.is_alive()
    if slow and notify is not None:
        notify(f"compiling the fast engine for {title} (first time only)…")
    worker.join()
    if failure:
        raise failure[0]
    if slow and notify is not None:
        notify(f"compiled the fast engine for {title} in {time.perf_counter() - started:.1f} s")


# Preparing in the background ------------------------------------------------------------------


class Preparation:
    """A kernel being prepared in the background for one kind of call (:func:`ready`).

    ``title`` is the game's; ``seconds`` how long it took, once it is ``done``; ``error`` why it
    failed, if it did (the rules engines then go on playing: no result depends on it).
    """

    def __init__(self, title: str):
        self.title = title
        self.started = time.perf_counter()
        self.seconds: float | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        """Whether it has ended, ready or failed."""
        return self._done.is_set()

    @property
    def ready(self) -> bool:
        """Whether the kernel is ready to play."""
        return self._done.is_set() and self.error is None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until it has ended (scripts and tests); False if ``timeout`` seconds passed first."""
        return self._done.wait(timeout)

    def notice(self) -> str:
        """What a long run says when it starts while this goes on."""
        return (f"preparing the fast engine for {self.title} in the background (first time only); "
                "the rules engine plays meanwhile, the same games…")

    def outcome(self) -> str:
        """What a long run says once this has ended: how long it took, or that it failed."""
        if self.error is not None:
            return f"the fast engine for {self.title} could not be prepared; the rules engine plays on"
        return f"prepared the fast engine for {self.title} in {self.seconds:.1f} s; it plays from now on"

    def _end(self, error: BaseException | None = None) -> None:
        self.error, self.seconds = error, time.perf_counter() - self.started
        self._done.set()


_preparations: dict[tuple, Preparation] = {}
_preparations_lock = threading.Lock()
_queue: queue.SimpleQueue = queue.SimpleQueue()
_worker: threading.Thread | None = None
_in_hand: Preparation | None = None  # the preparation the worker serves now
_child_started = threading.Event()  # set once the one in hand has its compile's process, or has ended

EXIT_WAIT = 2.0
"""The most seconds a process that ends waits for a preparation begun just before to start its
compile's process (never for the compile itself): see :func:`_start_compile_before_exit`."""


def ready(game: Any, agents: Sequence[Any], continuing: bool = False) -> bool:
    """Whether the kernel that plays ``game`` with ``agents`` (``continuing=True``: its
    :func:`play_from`) can play now, without compiling; never waits for a compiler.

    True once it is prepared in this process, or when numba's disk cache holds it (it is then
    loaded here, in well under a second). Otherwise it is prepared in the background
    (:func:`preparation` follows it) and this is False until that ends: play on the rules
    engines meanwhile (the same games). False too where no kernel applies (:func:`kernel_for`).
    """
    kernel = kernel_for(game, agents)
    if kernel is None or (continuing and not hasattr(kernel, "play_from")):
        return False
    names = agent_names(agents)
    key = (kernel.__name__, names, game, continuing)
    try:
        if key in _prepared:
            return True
        known = _preparations.get(key)
    except TypeError:  # a game with options that do not hash: prepared here, as before
        return prepare(game, agents, continuing=continuing)
    if known is not None:
        return known.ready
    if _noted_cached(kernel, key):
        return prepare(game, agents, continuing=continuing)  # loads from the cache
    with _preparations_lock:
        if key not in _preparations:
            _preparations[key] = Preparation(game.title)
            _queue.put((key, kernel, game, names, continuing))
            _start_worker()
    return False


def preparation(game: Any, agents: Sequence[Any], continuing: bool = False) -> Preparation | None:
    """The background preparation :func:`ready` started for these arguments, or None (it never
    had to: the kernel was ready, or none applies)."""
    kernel = kernel_for(game, agents)
    if kernel is None:
        return None
    try:
        return _preparations.get((kernel.__name__, agent_names(agents), game, continuing))
    except TypeError:
        return None


def preparing(game: Any) -> bool:
    """Whether a kernel call of ``game`` is being prepared in the background now (:func:`ready`
    started it, and it has not ended): what makes a first bot move or analysis slower.

    >>> import icewidgets as iw
    >>> preparing(iw.make(iw.available_games()[0])) in (True, False)
    True
    """
    return any(key[2] == game and not job.done for key, job in list(_preparations.items()))


def _start_worker() -> None:
    # One thread prepares one kernel at a time: a second call of a kernel that another
    # preparation just compiled finds it in the cache, instead of compiling it again beside it.
    global _worker
    if _worker is None or not _worker.is_alive():
        _worker = threading.Thread(target=_serve, name="icewidgets-prepare", daemon=True)
        _worker.start()


def _serve() -> None:
    global _in_hand
    while True:
        try:
            key, kernel, game, names, continuing = _queue.get(timeout=1.0)
        except queue.Empty:
            return  # a later ready() starts another
        job = _in_hand = _preparations[key]
        _child_started.clear()
        try:
            # While another process compiles this kernel (a worker of a process pool, another
            # notebook, `warm`), wait here, in the background, and then load its work: after
            # the lock, so that the workers of a pool load at once, side by side.
            with _compiling(kernel) as held:
                if not _noted_cached(kernel, key) and not _compile_elsewhere(game, names, continuing, held):
                    prepare(game, names, continuing=continuing)  # compiled on this thread, under the lock
            prepare(game, names, continuing=continuing)  # from the cache
        except Exception as error:  # the rules engines go on playing; said once
            warnings.warn(f"the fast engine for {game.title} could not be prepared ({type(error).__name__}: "
                          f"{error}); the rules engines play it, with the same results", RuntimeWarning, stacklevel=1)
            job._end(error)
        else:
            job._end()
        finally:
            _in_hand = None
            _child_started.set()


def _start_compile_before_exit() -> None:
    """At the end of a process, let a preparation begun just before start its compile's process
    (at most :data:`EXIT_WAIT` s): that process goes on after this one ends, so a short script
    (one bot move, one hint) leaves the kernel in the cache for the next, instead of ending
    before the compile began, every time."""
    deadline = time.monotonic() + EXIT_WAIT
    while time.monotonic() < deadline:
        worker = _worker
        if worker is None or not worker.is_alive():
            return
        if _in_hand is None and _queue.empty() or _in_hand is not None and _child_started.is_set():
            return
        time.sleep(0.01)


atexit.register(_start_compile_before_exit)


_CHILD = "import sys\nfrom icewidgets.fast import prepare_request\nprepare_request(sys.argv[1])"


def _compile_elsewhere(game: Any, names: tuple[str, ...], continuing: bool, held: int | None = None) -> bool:
    """Compile the kernel's call into numba's disk cache in a process of its own; False where
    that cannot be done (a game the registry cannot build again, no interpreter to start, or
    the process failed), and the caller compiles it here instead.

    ``held``: the descriptor of the kernel's compile lock (:func:`_compiling`), which the child
    inherits, so the lock stays held until the compile ends even if this process ends first.
    The child runs in a session (process group) of its own: a Ctrl-C in a terminal, or a
    notebook's interrupt, which reach this process's whole group, stop the user's work but not
    the compile, which goes on to its end and writes numba's cache and its note whole.
    """
    from .games import make

    inherit = held is not None and os.name == "posix"
    try:
        request = json.dumps({"game": game.name, "options": game.options, "agents": list(names),
                              "continuing": continuing, "held": inherit})
        if make(game.name, **game.options) != game or not sys.executable:
            return False
        apart = ({"start_new_session": True, "pass_fds": (held,) if inherit else ()} if os.name == "posix"
                 else {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)})
        # No pipe from the child: a worker of a fork pool forked while it starts would hold a
        # copy of the pipe's end, and reading it would wait for that worker's end, not the child's.
        # subprocess's own pipe, which tells it that the child started, is such a pipe too: a
        # fork waits while a child is started (_before_fork), until that pipe is closed.
        with _starting_child:
            child = subprocess.Popen([sys.executable, "-c", _CHILD, request], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **apart)
        _child_started.set()  # this process may end now: the compile goes on (_start_compile_before_exit)
        returncode = child.wait()
    except Exception:  # options that are no JSON, a game that is not registered, no process
        return False
    return returncode == 0


_starting_child = threading.Lock()  # held while a compile's process is started (forks wait for it)


def prepare_request(request: str) -> None:
    """Prepare one kernel call described by ``request`` (JSON: ``game``, ``options``, ``agents``,
    ``continuing``, ``held``: whether the kernel's compile lock came with the process): the work
    of the process :func:`ready` starts in the background."""
    from .games import make

    asked = json.loads(request)
    game = make(asked["game"], **asked["options"])
    kernel = kernel_for(game, asked["agents"])
    if asked.get("held") and kernel is not None:
        lock = _lock_path(kernel)
        if lock is not None:
            _held[lock] = (threading.get_ident(), None)  # inherited from the parent, which waits for us
    if not prepare(game, asked["agents"], continuing=asked["continuing"]):
        raise SystemExit(f"no kernel plays {game!r} with agents {asked['agents']!r}")


def _cache_place(kernel: ModuleType) -> tuple[Any, str] | None:
    """Where numba caches ``kernel`` and the stamp of that cache (:func:`icewidgets.compiled.cache.cache_place`)."""
    try:
        from .compiled.cache import cache_place

        return cache_place(kernel)
    except Exception:  # a kernel without numba's functions (a stand-in), or a numba of another shape
        return None


def _note_path(kernel: ModuleType, key: tuple) -> tuple[Any, str] | None:
    place = _cache_place(kernel)
    if place is None:
        return None
    folder, stamp = place
    name = hashlib.sha256(repr((key[0], key[1], repr(key[2]), key[3])).encode()).hexdigest()[:24]
    return folder / f"icewidgets-ready-{name}.txt", stamp


def _lock_path(kernel: ModuleType) -> str | None:
    """The lock file beside ``kernel``'s cache that one compile of it at a time holds (made with
    its folder when missing), or None where there is none."""
    place = _cache_place(kernel)
    if place is None:
        return None
    try:
        os.makedirs(place[0], exist_ok=True)
    except OSError:
        return None
    return os.path.join(place[0], f"icewidgets-compile-{kernel.__name__}.lock")


_held: dict[str, tuple[int, int | None]] = {}  # compile locks held here: lock file → (thread, descriptor)


@contextlib.contextmanager
def _compiling(kernel: ModuleType) -> Iterator[int | None]:
    """Hold ``kernel``'s compile lock, across processes, waiting while another holder compiles
    it: one compile of a kernel at a time on a machine (numba's cache would take either, but
    two compiles halve each other's speed). The system's lock, so a holder that died leaves
    none. Yields its descriptor (None: held further up in this thread, or no lock here);
    taken again by the thread that holds it, it does not wait for itself."""
    path = _lock_path(kernel)
    if path is None or _held.get(path, (None,))[0] == threading.get_ident():
        yield None
        return
    with locked(path) as fd:
        _held[path] = (threading.get_ident(), fd)
        try:
            yield fd
        finally:
            _held.pop(path, None)


def _numba_locks() -> list[Any]:
    """numba's compiler lock and llvmlite's lock of its C library, those loaded (in that order:
    numba's compiler takes them so)."""
    compiler = sys.modules.get("numba.core.compiler_lock")
    ffi = sys.modules.get("llvmlite.binding.ffi")
    found = (getattr(getattr(compiler, "global_compiler_lock", None), "_lock", None),
             getattr(getattr(getattr(ffi, "lib", None), "_lock", None), "_lock", None))
    return [lock for lock in found if callable(getattr(lock, "acquire", None))]


_forking: list[Any] = []  # the locks taken for a fork in progress


def _before_fork() -> None:
    # A fork copies numba's locks as they are: one that a thread of ours held (loading a kernel
    # in the background) would stay held in the child, whose first kernel hangs on it. So a
    # fork waits until no thread is inside numba (a load: under a second; compiles happen in a
    # process of their own), and the child starts with them free. It waits too while a
    # compile's process is started (_compile_elsewhere: a few milliseconds).
    for lock in [_starting_child, *_numba_locks()]:
        lock.acquire()
        _forking.append(lock)


def _after_fork_in_parent() -> None:
    while _forking:
        _forking.pop().release()


def _after_fork_in_child() -> None:
    # A forked process (a worker of a process pool) has none of its parent's threads: the
    # preparations they were doing are not done here, and the locks they held would never be
    # released here. The worker starts afresh (its ready() prepares its own). Its copies of
    # the compile locks' descriptors are closed already (icewidgets.files.locked).
    global _queue, _worker, _prepare_lock, _preparations_lock
    _after_fork_in_parent()  # numba's locks, taken for the fork by the thread that is this process's
    _held.clear()
    _prepare_lock, _preparations_lock = threading.Lock(), threading.Lock()
    _queue, _worker = queue.SimpleQueue(), None
    for key in [key for key, job in _preparations.items() if not job.done]:
        del _preparations[key]


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                        after_in_child=_after_fork_in_child)


def _noted_cached(kernel: ModuleType, key: tuple) -> bool:
    """Whether a process noted that numba's disk cache holds this call of ``kernel``, compiled
    from the sources, numba, Python and processor here."""
    note = _note_path(kernel, key)
    try:
        return note is not None and note[0].read_text(encoding="utf-8") == note[1]
    except (OSError, UnicodeError):
        return False


def _note_cached(kernel: ModuleType, key: tuple) -> None:
    """Note beside the cache that it holds this call (once it was compiled or loaded here)."""

    note = _note_path(kernel, key)
    if note is None or _noted_cached(kernel, key):
        return
    try:
        with atomic_write(note[0]) as out:
            out.write(note[1])
    except Exception:  # a cache folder we may not write: later processes prepare it again
        pass


def warm(notify: Notify = print, games: Sequence[str] | None = None) -> list[tuple[str, float, bool]]:
    """Compile every registered game's kernel into the cache (``python -m icewidgets warm``), or
    only those of the games named in ``games`` (``python -m icewidgets warm GAME``).

    Each kernel is prepared (:func:`prepare`) for its game's default options with random, greedy
    and mixed seats, for whole games and continued ones. ``notify`` hears a line for every game:
    two for a game with a kernel (when it starts and when it is ready), one for a game without
    (the rules engine plays it). Returns ``(title, seconds, compiled)`` per game with a kernel
    (``compiled`` False: it was in the cache already). Without numba it says that the fast
    engine is unavailable, then a line per game, and returns an empty list.
    """
    from .games import available_games, make

    games = [make(name) for name in (available_games() if games is None else games)]
    kernels = {game: _load_for_warm(game) for game in games if type(game).kernel is not None and available()}
    if not available():
        notify(f"the fast engine cannot cache compiled code here: {_unavailable}. Nothing compiled; the rules "
               "engines play every game" if _unavailable is not None else
               f"the fast engine is unavailable here ({unavailable()}): nothing to compile; the rules engines play "
               "every game")
        for game in games:
            notify(f"{game.title}: the rules engine plays it")
        return []
    done = []
    for game in games:
        if type(game).kernel is None:
            notify(f"{game.title}: no compiled engine; the rules engine plays it")
            continue
        notify(f"{game.title}: preparing the fast engine…")
        started = time.perf_counter()
        kernel = kernels[game]
        before = _compilations(kernel)
        players = game.num_players
        for agents in (("random",) * players, ("greedy",) * players, ("greedy",) + ("random",) * (players - 1)):
            for continuing in (False, True):
                prepare(game, agents, continuing=continuing)
        seconds = time.perf_counter() - started
        compiled = _compilations(kernel) > before
        notify(f"{game.title}: {'compiled' if compiled else 'loaded from the cache'} in {seconds:.1f} s")
        done.append((game.title, seconds, compiled))
    return done


def _load_for_warm(game: Any) -> ModuleType | None:
    with warnings.catch_warnings():  # warm says it in its own words
        warnings.simplefilter("ignore", RuntimeWarning)
        return _import_kernel(type(game).kernel)


def _compilations(kernel: ModuleType) -> int:
    """How many functions of ``kernel`` numba has compiled in this process (not loaded from its cache)."""
    return sum(sum(value.stats.cache_misses.values()) for value in vars(kernel).values()
               if hasattr(value, "py_func") and hasattr(value, "stats"))
