"""Nobody waits for a compile, across processes and interrupts (issue 34).

One compile of a kernel at a time on a machine (a lock beside numba's cache), a lock whose
process died is no lock, a stop during a compile leaves nothing half-done, the workers of a
process pool play on the rules engines while one process compiles (and the run says so once),
and a Ctrl-C or a notebook's interrupt stops the user's work, not the compile.

The kernel is the stand-in (tests/stand_in_kernel.py) and "compiling" is a function of the
test's, held open by a gate (a file, so that it holds across processes): nothing depends on
the machine's speed.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import icewidgets as iw
import stand_in_kernel
from extra_game import NestRow
from icewidgets import fast
from icewidgets.files import locked

posix_only = pytest.mark.skipif(os.name != "posix", reason="fork, process groups and flock")


class CompiledNestRow(NestRow):
    """Nest Row with the stand-in kernel."""

    kernel = "stand_in_kernel"


AGENTS = ("greedy", "random")


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """A fast runner with nothing prepared, whose stand-in kernel "caches" in ``tmp_path``."""
    monkeypatch.setattr(fast, "_prepared", set())
    monkeypatch.setattr(fast, "_preparations", {})
    monkeypatch.setattr(fast, "_queue", queue.SimpleQueue())
    monkeypatch.setattr(fast, "_worker", None)
    monkeypatch.setattr(fast, "_held", {})
    monkeypatch.setattr(fast, "_cache_place", lambda kernel: (tmp_path, "stamp"))
    stand_in_kernel.CALLS.clear()
    stand_in_kernel.GATE = None
    yield tmp_path
    stand_in_kernel.GATE = None


def lock_file(folder):
    return folder / "icewidgets-compile-stand_in_kernel.lock"


def note(game, agents=AGENTS, continuing=False):
    kernel = fast.kernel_for(game, agents)
    return fast._note_path(kernel, (kernel.__name__, fast.agent_names(agents), game, continuing))[0]


def wait_for(*paths, seconds=120):
    """Wait until one of ``paths`` exists: a bound against hanging, not a measure of speed."""
    end = time.monotonic() + seconds
    while not any(path.exists() for path in paths):
        assert time.monotonic() < end, f"{paths[0].name} never came"
        time.sleep(0.02)


def test_a_kernel_another_process_compiles_is_waited_for_in_the_background_then_loaded(fresh, monkeypatch):
    compiled = []
    monkeypatch.setattr(fast, "_compile_elsewhere", lambda *args: compiled.append(args) or True)
    game = CompiledNestRow()
    with locked(lock_file(fresh)) as fd:  # "another process" compiling this kernel
        assert fd is not None
        assert not fast.ready(game, AGENTS)  # answered at once; prepared in the background
        note(game).write_text("stamp")  # what the other compile notes when it is done
    job = fast.preparation(game, AGENTS)
    assert job.wait(120) and job.ready
    assert compiled == []  # not compiled again: loaded from the cache the other filled
    assert stand_in_kernel.CALLS == [("play_range", AGENTS, 0, 0, 1, 1)] and fast.ready(game, AGENTS)


@posix_only
def test_a_lock_whose_process_died_is_no_lock(fresh, monkeypatch):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time\nfrom icewidgets.files import locked\n"
         "with locked(sys.argv[1]) as fd:\n    print(fd is not None, flush=True)\n    time.sleep(600)",
         str(lock_file(fresh))], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "True\n"
    finally:
        holder.kill()  # killed while it compiles: no stale lock
        holder.wait()
    compiled = []
    monkeypatch.setattr(fast, "_compile_elsewhere", lambda game, names, continuing, held: compiled.append(held) or False)
    game = CompiledNestRow()
    assert not fast.ready(game, AGENTS, continuing=True)
    job = fast.preparation(game, AGENTS, continuing=True)
    assert job.wait(120) and job.ready
    assert len(compiled) == 1 and compiled[0] is not None  # compiled once, under the lock (handed to the child)
    assert note(game, continuing=True).read_text() == "stamp"
    assert [call[0] for call in stand_in_kernel.CALLS] == ["play_from"]


def test_a_stop_while_compiling_leaves_no_note_and_no_lock(fresh, monkeypatch):
    game = CompiledNestRow()

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt  # the user's Ctrl-C while numba compiles on this thread

    monkeypatch.setattr(stand_in_kernel, "play_range", stopped)
    with pytest.raises(KeyboardInterrupt):
        fast.prepare(game, AGENTS)
    assert not note(game).exists() and fast._held == {}
    assert sorted(p.name for p in fresh.iterdir()) == [lock_file(fresh).name]  # nothing half-written
    monkeypatch.undo()  # the real stand-in again, but the same fresh state
    monkeypatch.setattr(fast, "_cache_place", lambda kernel: (fresh, "stamp"))
    assert fast.prepare(game, AGENTS)  # prepared afresh: the lock was released
    assert note(game).read_text() == "stamp" and stand_in_kernel.CALLS == [("play_range", AGENTS, 0, 0, 1, 1)]


def _gated_compile(folder):
    """A compile that notes who started it and lasts until the test opens the gate."""
    def compile_(game, names, continuing, held=None):
        with open(folder / "compiles.txt", "a") as out:
            out.write(f"{os.getpid()}\n")
        wait_for(folder / "go")
        return False  # then prepared "here", by the stand-in, which notes it in the cache

    return compile_


def _ready_after_fork(game, agents, folder):
    """In a forked worker: what it inherited, then whether its own preparation ends."""
    inherited = (dict(fast._held), fast.preparation(game, agents) is not None, fast._prepare_lock.locked())
    first = fast.ready(game, agents)
    (folder / "asked").touch()
    job = fast.preparation(game, agents)
    return inherited, first, job is not None and job.wait(120) and job.ready


@posix_only
def test_a_forked_worker_prepares_its_own_kernel_and_waits_for_the_parents_compile(fresh, monkeypatch):
    monkeypatch.setattr(fast, "_compile_elsewhere", _gated_compile(fresh))
    game = CompiledNestRow()
    assert not fast.ready(game, AGENTS)
    wait_for(fresh / "compiles.txt")  # the parent compiles, holding the lock
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        future = pool.submit(_ready_after_fork, game, AGENTS, fresh)
        wait_for(fresh / "asked")  # the worker asked while the parent still compiles
        (fresh / "go").touch()
        inherited, first, ended = future.result(timeout=300)
    # Nothing of the parent's threads came along: no lock, no pending preparation, no held lock.
    assert inherited == ({}, False, False) and not first and ended
    assert fast.preparation(game, AGENTS).wait(120)
    assert (fresh / "compiles.txt").read_text() == f"{os.getpid()}\n"  # one compile, the parent's


@posix_only
def test_a_process_pool_run_compiles_once_and_says_so_once(fresh, monkeypatch, capfd):
    monkeypatch.setattr(fast, "_compile_elsewhere", _gated_compile(fresh))
    game = CompiledNestRow()
    from icewidgets.playout import run as run_module

    expected = iw.playouts(NestRow(), 64, agents=AGENTS, seed=4, engine="reference", progress=False)

    real_bar = run_module.progress_bar
    seen = []

    def bar(progress, total, label):  # the gate opens after the first chunk, and the kernel is then ready
        shown = real_bar(False, total, label)

        class Bar:
            def update(self, done):
                seen.append(done)
                if len(seen) == 1:
                    wait_for(fresh / "compiles.txt")
                    (fresh / "go").touch()
                    assert fast.preparation(game, AGENTS).wait(120)
                shown.update(done)

            def __getattr__(self, name):
                return getattr(shown, name)

        return Bar()

    def kernel(game, agents, seatings, seed, start, stop, max_plies):  # the stand-in "kernel": the same games
        with open(fresh / "kernel.txt", "a") as out:
            out.write(f"{start}\n")
        return run_module.play_reference(game, agents, seatings, seed, start, stop, max_plies, None)

    monkeypatch.setattr(run_module, "progress_bar", bar)
    monkeypatch.setattr(run_module, "play_compiled", kernel)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        results = iw.playouts(game, 64, agents=AGENTS, seed=4, chunk_size=16, executor=pool)
    for key, column in expected.arrays.items():
        assert np.array_equal(results.arrays[key], column), key
    assert results.engine == "fast" and seen == [16, 32, 48, 64]
    assert len((fresh / "compiles.txt").read_text().split()) == 1  # one compile in all the processes
    said = [line for line in capfd.readouterr().err.splitlines() if "fast engine" in line]
    assert said == ["preparing the fast engine for Nest Row in the background (first time only); the rules engine "
                    "plays meanwhile, the same games…",
                    said[1]] and said[1].startswith("prepared the fast engine for Nest Row in ")
    assert said[1].endswith(" s; it plays from now on")


@pytest.mark.parametrize("kind", ["tournament", "compare"])
def test_a_tournament_or_comparison_says_once_that_its_kernels_are_prepared(fresh, monkeypatch, capfd, kind):
    # Each match (each variant) is a kernel call of its own: all are queued at once, and said once.
    monkeypatch.setattr(fast, "_compile_elsewhere", _gated_compile(fresh))
    game = CompiledNestRow()
    if kind == "tournament":
        iw.tournament(game, ["random", "greedy", "random"], n=8, seed=2)
    else:
        iw.compare(game, {"as it is": {}, "again": {}}, n=8, agents=AGENTS, seed=2)
    (fresh / "go").touch()
    said = [line for line in capfd.readouterr().err.splitlines() if "fast engine" in line]
    assert said == ["preparing the fast engine for Nest Row in the background (first time only); the rules engine "
                    "plays meanwhile, the same games…"]


FAKE_CHILD = """
import pathlib, sys, time
folder = pathlib.Path(FOLDER)
(folder / "started").touch()
try:
    while not (folder / "go").exists():
        time.sleep(0.02)
except KeyboardInterrupt:
    (folder / "interrupted").touch()
    raise
(folder / "done").touch()
"""


@posix_only
def test_a_ctrl_c_stops_the_run_not_the_compile_and_the_process_ends_without_waiting(tmp_path):
    pytest.importorskip("numba")
    user = textwrap.dedent(f"""
        import json, os, pathlib, signal, sys
        import icewidgets as iw
        from icewidgets import fast
        from icewidgets.playout import run
        # A process started in the background by a shell without job control (a CI script's
        # `cmd &`) inherits SIGINT ignored, and Python then makes no KeyboardInterrupt of it: the
        # user's terminal or notebook kernel, which this process stands for, delivers it.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        folder = pathlib.Path(sys.argv[1])
        fast._CHILD = {FAKE_CHILD!r}.replace("FOLDER", repr(str(folder)))
        game = iw.make("volcano")
        assert not fast.ready(game, ["random"] * 2)
        while not (folder / "started").exists():
            pass
        real = run.play_reference
        finished = []

        def interrupted(*args):  # a Ctrl-C (or a notebook's Stop) as the third game ends
            def on_game(done):  # games done in this chunk: a chunk may hold fewer than three
                finished.append(done)
                if len(finished) == 3:
                    os.killpg(0, signal.SIGINT)  # to the whole process group, as both send it
            return real(*args[:7], on_game, *args[8:])
        run.play_reference = interrupted
        results = iw.playouts(game, 40, seed=2, progress=False, workers=1)
        print(json.dumps([results.n, results.partial, results.engine]))
    """)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    try:
        done = subprocess.run([sys.executable, "-c", user, str(tmp_path)], capture_output=True, text=True, env=env,
                              timeout=300, start_new_session=True)
        assert done.returncode == 0, done.stderr
        # The three games finished, no more.
        assert json.loads(done.stdout.splitlines()[-1]) == [3, True, "fast"], done.stderr
        # The user's process ended while its compile still ran; the compile was not interrupted.
        assert (tmp_path / "started").exists() and not (tmp_path / "done").exists()
    finally:
        (tmp_path / "go").touch()  # the stand-in compile ends whatever happened: no process is left behind
    wait_for(tmp_path / "done", tmp_path / "interrupted")
    assert not (tmp_path / "interrupted").exists() and (tmp_path / "done").exists()


def test_a_stopped_run_ends_the_chunks_its_threads_play_on_the_rules_engine(fresh, monkeypatch):
    # While the kernel is prepared, threads play chunks on the rules engines: a stop must not
    # wait for them to finish (with real games, minutes), only for the game each is in.
    monkeypatch.setattr(fast, "ready", lambda game, agents, continuing=False: False)
    from icewidgets.playout import run as run_module

    real, played, stopped = run_module.play_reference, {}, threading.Event()

    def counted(*args):
        start = args[4]

        def on_game(done):
            played[start] = done
            if start == 16:
                stopped.wait(120)  # the second chunk is in its first game when the user stops

        return real(*args[:7], on_game, *args[8:])

    def bar(progress, total, label):
        class Bar:
            def update(self, done):
                if threading.current_thread() is not threading.main_thread():
                    return  # the chunks' threads tell the bar their games too
                stopped.set()
                raise KeyboardInterrupt  # the user's stop, seen after the first chunk

            def __getattr__(self, name):
                return lambda *args: None

        return Bar()

    monkeypatch.setattr(run_module, "play_reference", counted)
    monkeypatch.setattr(run_module, "progress_bar", bar)
    results = iw.playouts(CompiledNestRow(), 64, agents=AGENTS, seed=4, chunk_size=16, workers=2)
    assert results.partial and results.n == 16 and played[0] == 16
    assert played[16] == 1  # the chunk in its first game at the stop ended after it


def test_the_bar_moves_with_every_game_the_rules_engines_play_on_threads_while_a_kernel_is_prepared(fresh, monkeypatch):
    # A cold Blockade chunk takes many seconds on the rules engines: the bar must not wait for it.
    monkeypatch.setattr(fast, "ready", lambda game, agents, continuing=False: False)
    from icewidgets.playout import run as run_module

    told = []

    def bar(progress, total, label):
        class Bar:
            def update(self, done):
                told.append((done, threading.current_thread() is threading.main_thread()))

            def __getattr__(self, name):
                return lambda *args: None

        return Bar()

    monkeypatch.setattr(run_module, "progress_bar", bar)
    results = iw.playouts(CompiledNestRow(), 64, agents=AGENTS, seed=4, chunk_size=16, workers=2)
    assert results.n == 64 and not results.partial
    from_threads = [done for done, main in told if not main]
    assert sorted(set(from_threads)) == list(range(1, 65))  # each game once, over both threads
    assert [done for done, main in told if main] == [16, 32, 48, 64]


def test_a_text_bar_is_drawn_at_once_and_never_goes_back():
    import io

    from icewidgets.playout.progress import TextBar

    stream = io.StringIO()
    bar = TextBar(300, "Blockade playouts", stream)
    assert stream.getvalue() == "\rBlockade playouts [........................] 0/300    "
    bar.update(20)
    bar.update(7)  # a thread's count told late
    bar.close()
    last = stream.getvalue().split("\r")[-1]
    assert bar.done == 20 and last.startswith("Blockade playouts [#.......................] 20/300 ")


def test_a_widget_bar_never_goes_back_and_grows_with_a_run_that_outgrows_it():
    from icewidgets.playout.progress import WidgetBar

    bar = WidgetBar(10, "Volcano playouts")
    bar.update(3)
    bar.update(2)  # a thread's count told late
    assert (bar.done, bar.bar.value) == (3, 3)
    bar.update(12)  # the end: shown at once, however soon
    assert (bar.bar.value, bar.bar.max, bar.text.value.split(" (")[0]) == (12, 12, "Volcano playouts: 12/12")


def test_a_stop_leaves_the_game_in_play_unfinished_at_its_next_ply():
    # A random Blockade game on the rules engines takes seconds: a stopped run's thread must
    # not play it to its end before the run can return.
    from icewidgets.playout.engines import play_reference
    from icewidgets.playout.run import PlayoutRun

    run = PlayoutRun.plan("volcano", 6, seed=3, engine="reference")
    whole = play_reference(run.game, run.agents, run.seatings, run.seed, 0, 6, run.max_plies, None)
    first_two = int(whole.arrays["plies"][:2].sum())
    asked = []

    def abandon():  # true at the 10th ply of the third game
        asked.append(True)
        return len(asked) == first_two + 10

    chunk = play_reference(run.game, run.agents, run.seatings, run.seed, 0, 6, run.max_plies, None, None, abandon)
    assert chunk.stop == 2 and len(asked) == first_two + 10  # no ply after the stop
    for key, column in chunk.arrays.items():
        assert np.array_equal(column, whole.arrays[key][:2]), key


def test_a_run_with_seats_rotated_prepares_every_seating_at_once_and_follows_the_last(fresh, monkeypatch):
    monkeypatch.setattr(fast, "_compile_elsewhere", _gated_compile(fresh))
    run = iw.playout.PlayoutRun.plan(CompiledNestRow(), 8, agents=AGENTS, seed=1, rotate_seats=True)
    waiting = run.preparation()
    jobs = [fast.preparation(run.game, seated) for seated in (AGENTS, AGENTS[::-1])]
    assert None not in jobs and waiting is jobs[1]  # both queued at once; the run says when the last is done
    (fresh / "go").touch()
    assert waiting.wait(120) and jobs[0].done and run.kernel_ready() and run.preparation() is None


def test_a_ctrl_c_while_the_run_waits_for_a_chunk_stops_its_threads_before_waiting_for_them(fresh, monkeypatch):
    # The Ctrl-C arrives while the run waits for a chunk that threads play on the rules engines
    # (the kernel is prepared meanwhile): the stop must reach them before the run waits for
    # them, so each ends after the game in play, not once the kernel is ready.
    monkeypatch.setattr(fast, "ready", lambda game, agents, continuing=False: False)
    from concurrent.futures import ThreadPoolExecutor

    from icewidgets.playout import chunks as chunking
    from icewidgets.playout import run as run_module

    real, played = run_module.play_reference, {}
    in_game, waiting = threading.Event(), threading.Event()

    def counted(*args):
        start = args[4]

        def on_game(done):
            played[start] = done
            if start == 16 and done == 1:
                in_game.set()
                waiting.wait(120)  # the run waits for the chunk's thread before this game ends

        return real(*args[:7], on_game, *args[8:])

    class Pool(ThreadPoolExecutor):
        def submit(self, fn, start, stop):
            future = super().submit(fn, start, stop)
            if start == 16:
                result = future.result

                def interrupted(timeout=None):  # the user's Ctrl-C while the run waits for this chunk
                    assert in_game.wait(120)
                    future.result = again
                    raise KeyboardInterrupt

                def again(timeout=None):  # then waits for what it played
                    waiting.set()
                    return result(timeout)
                future.result = interrupted
            return future

        def shutdown(self, wait=True, **kwargs):
            waiting.set()
            super().shutdown(wait, **kwargs)

    monkeypatch.setattr(run_module, "play_reference", counted)
    monkeypatch.setattr(chunking, "ThreadPoolExecutor", Pool)
    expected = iw.playouts(NestRow(), 17, agents=AGENTS, seed=4, engine="reference", progress=False)
    results = iw.playouts(CompiledNestRow(), 64, agents=AGENTS, seed=4, chunk_size=16, workers=2, progress=False)
    assert played[0] == 16 and played[16] == 1  # the chunk in its first game at the stop ended after it
    assert results.partial and results.n == 17  # with that game
    for key, column in expected.arrays.items():
        assert np.array_equal(results.arrays[key], column), key


def test_where_numba_may_cache_nowhere_the_rules_engines_play_and_it_is_said_once(monkeypatch, capsys):
    # numba refuses to decorate a cached function when it finds no writable cache folder
    # (NUMBA_CACHE_DIR, the package's folder and the home folder all read-only): simulated here.
    pytest.importorskip("numba")
    import importlib

    from icewidgets.__main__ import main

    kernels = {type(iw.make(name)).kernel for name in iw.available_games()} - {None}
    real_import = importlib.import_module

    def uncacheable(name, package=None):
        if name in kernels:
            raise RuntimeError(f"cannot cache function '_hashmix': no locator available for file '{name}.py'")
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", uncacheable)
    monkeypatch.setattr(fast, "_kernels", {})
    monkeypatch.setattr(fast, "_unavailable", None, raising=False)  # (new in the fix)
    expected = iw.playouts("volcano", 20, seed=3, engine="reference", progress=False)
    with pytest.warns(RuntimeWarning) as caught:
        results = iw.playouts("volcano", 20, seed=3, progress=False)
        hints = iw.hint(iw.make("volcano").new_state(), k=1, precision=0.2)
    assert [str(w.message) for w in caught] == [f"the fast engine is unavailable: {fast.NO_CACHE}. The rules engines "
                                                "play, with the same results"]
    assert results.engine == "reference" and not results.partial
    for key, column in expected.arrays.items():
        assert np.array_equal(results.arrays[key], column), key
    assert len(hints) == 1 and not fast.available() and fast.unavailable() == fast.NO_CACHE
    capsys.readouterr()
    assert main(["warm", "volcano"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"the fast engine cannot cache compiled code here: {fast.NO_CACHE}. Nothing compiled; the rules engines play "
        "every game", "Volcano: the rules engine plays it"]


def _locks_free_after_a_fork_while_held(lock):
    """Fork while another thread holds ``lock`` (it lets go once the fork is done, or after a
    bound); whether the forked process could take it."""
    held, go = threading.Event(), threading.Event()

    def holder():
        with lock:
            held.set()
            go.wait(1)  # the bound lets a fork that waits for the lock go on

    thread = threading.Thread(target=holder)
    thread.start()
    assert held.wait(120)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker of a process pool, forked while a compile was loading
        try:
            os.write(write, b"1" if lock.acquire(timeout=2) else b"0")
        finally:
            os._exit(0)
    go.set()
    os.close(write)
    answer = os.read(read, 1)
    os.close(read)
    os.waitpid(pid, 0)
    thread.join()
    return answer == b"1"


def _lock_free_while_a_copy_forked_inside_lives(path):
    """Fork inside ``locked(path)``, leave the block, and say whether another open file can take
    the lock while the forked copy lives on."""
    import fcntl

    read, write = os.pipe()
    started, started_write = os.pipe()
    with locked(path):
        pid = os.fork()
        if pid == 0:  # a worker of a process pool (its fork's handlers have run): lives until let go
            os.write(started_write, b"1")
            os.read(read, 1)
            os._exit(0)
    os.read(started, 1)
    try:
        fd = os.open(path, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        finally:
            os.close(fd)
    finally:
        os.write(write, b"1")
        os.waitpid(pid, 0)
        for end in (read, write, started, started_write):
            os.close(end)


@posix_only
def test_a_process_forked_while_a_compile_lock_is_held_does_not_keep_it(tmp_path):
    # A worker of a fork pool forked while the parent held a kernel's compile lock kept a copy
    # of its open file, so the lock outlived the compile and every worker's own preparation
    # waited for it: a run on an empty cache played on the rules engines to its end (107 s, not 22).
    assert _lock_free_while_a_copy_forked_inside_lives(str(tmp_path / "a.lock"))


@posix_only
def test_a_process_forked_while_another_thread_is_in_numba_can_use_numba(monkeypatch):
    # A worker of a fork pool, forked while the background preparation loaded a kernel (in
    # numba's compiler, in llvmlite's C library), hung on their locks, copied held.
    pytest.importorskip("numba")
    from llvmlite.binding import ffi
    from numba.core.compiler_lock import global_compiler_lock

    assert _locks_free_after_a_fork_while_held(ffi.lib._lock._lock)
    assert _locks_free_after_a_fork_while_held(global_compiler_lock._lock)


@posix_only
def test_the_compile_ends_for_its_process_while_a_worker_forked_as_it_started_lives_on(fresh, monkeypatch, tmp_path):
    # A worker of a fork pool, forked (on the run's thread) while the compile's process was
    # being started (on the preparation's thread), held a copy of every descriptor open then,
    # subprocess's own pipe among them, which it reads to its end to learn that the child
    # started: the compile's end waited for the worker's (a run on an empty cache played to its
    # end on the rules engines). A fork now waits until the child has started.
    monkeypatch.setattr(fast, "_CHILD", "pass")
    starting = threading.Event()
    real = subprocess._fork_exec

    def slow(*args):  # subprocess's fork_exec, slowed so that the fork below falls inside it
        starting.set()
        time.sleep(0.3)  # subprocess's pipe is open now (a window, not a measure of speed)
        return real(*args)

    monkeypatch.setattr(subprocess, "_fork_exec", slow)
    ended = []
    game = iw.make("volcano")  # the child ("pass") compiles nothing and ends at once
    thread = threading.Thread(target=lambda: ended.append(fast._compile_elsewhere(game, ("random", "random"), False)))
    thread.start()
    assert starting.wait(60)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: lives until the test lets it go
        os.read(read, 1)
        os._exit(0)
    thread.join(60)  # a bound against hanging, not a measure of speed
    try:
        assert ended == [True]  # ended while the worker lives on
    finally:
        os.write(write, b"x")
        os.waitpid(pid, 0)
        os.close(read)
        os.close(write)
        thread.join()


def test_the_fast_engine_module_is_reached_from_the_package_as_its_docstrings_name_it():
    done = subprocess.run([sys.executable, "-c", "import icewidgets as iw\nprint(iw.fast.ready.__name__, "
                           "iw.playout.PlayoutRun.__name__)"], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["ready", "PlayoutRun"], done.stderr


@posix_only
def test_a_ctrl_c_during_an_import_stops_the_caller_and_the_import_goes_on_to_its_end(tmp_path, monkeypatch):
    # numba interrupted halfway through its import fails to import again in that process: a
    # notebook interrupted during its first run would lose its fast engines until restarted.
    runs = tmp_path / "runs"
    (tmp_path / "slow_to_import.py").write_text(f"import time\nopen({str(runs)!r}, 'a').write('x')\n"
                                                "time.sleep(0.6)\nWHOLE = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "slow_to_import", raising=False)
    threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    with pytest.raises(KeyboardInterrupt):
        fast._import_whole("slow_to_import")
    assert fast._import_whole("slow_to_import").WHOLE  # waited for the import that went on
    assert runs.read_text() == "x"  # one import, never begun again


def test_a_ctrl_c_while_a_run_loads_its_kernel_returns_a_run_of_no_games(fresh, monkeypatch):
    from icewidgets.playout import run as run_module

    def interrupted(self):
        raise KeyboardInterrupt  # the user's Ctrl-C while the kernel is loaded from the cache

    monkeypatch.setattr(run_module.PlayoutRun, "preparation", interrupted)
    results = iw.playouts(CompiledNestRow(), 64, agents=AGENTS, seed=4, progress=True)
    assert (results.n, results.partial, results.engine) == (0, True, "fast")


@posix_only
def test_a_process_that_ends_at_once_leaves_its_compile_started(tmp_path):
    # A short script (one bot move, 0.5 s) ended before its background preparation had started
    # the compile's process: the cache stayed empty, and so every such script met a cold cache.
    pytest.importorskip("numba")
    marker = tmp_path / "compiled"
    code = textwrap.dedent(f"""
        import icewidgets as iw
        from icewidgets import fast
        fast._CHILD = "import pathlib, time\\ntime.sleep(0.5)\\npathlib.Path({str(marker)!r}).write_text('done')"
        assert fast.ready(iw.make("volcano"), ["random", "random"]) is False  # queued, and the script ends
    """)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 60  # a bound against hanging, not a measure of speed
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marker.read_text() == "done"  # the compile's process outlived the script
