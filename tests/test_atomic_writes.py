"""Nothing lost: every file the library writes is replaced whole or not at all.

A write that fails midway is made real here: the process's file size limit (``RLIMIT_FSIZE``,
with ``SIGXFSZ`` ignored) makes the write that crosses it fail with "File too large", as a full
disk or quota would, whatever library does the writing (matplotlib's PDF, cairosvg's PNG, …).
Each writer first writes a good file, then is made to fail while writing over it: the good file
must be left byte for byte, with no temporary file beside it.
"""

from __future__ import annotations

import contextlib
import os
import stat

import pytest

import icewidgets as iw

resource = pytest.importorskip("resource")
signal = pytest.importorskip("signal")

LIMIT = 1500  # bytes: every writer's output is larger


@contextlib.contextmanager
def disk_full_after(limit: int = LIMIT):
    """Writes that take any file past ``limit`` bytes fail, as on a full disk."""
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, old_handler)


def _results(seed: int):
    return iw.playouts("volcano", 30, seed=seed, progress=False, engine="reference")


def _record(seed: int):
    game = iw.make("volcano")
    record = iw.Record.new(game, seed=seed)
    return record.extend([str(m) for m in [record.start_state().legal_moves()[seed % 3]]])


def _lab(seed: int):
    from icewidgets.widgets.playout_lab import PlayoutLab

    lab = PlayoutLab(game="volcano", n=6, agents="random", seed=seed, engine="reference")
    lab.run(wait=True)
    return lab


def _png_extra() -> None:
    """Skip, naming the extra, where the png extra (cairosvg and the cairo library) is missing:
    the test extra alone does not install it."""
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):  # OSError: the cairo library itself is missing
        pytest.skip("needs the png extra: pip install 'icewidgets[png]' (cairosvg and the system's cairo library)")


def _save_png(seed, path):
    _png_extra()
    iw.svg.save_png(iw.make("ice3").new_state(seed=seed), path)


WRITERS = {
    "save_svg": ("board.svg", lambda seed, path: iw.save_svg(iw.make("volcano").new_state(seed=seed), path)),
    "save_svg animated": ("game.svg", lambda seed, path: iw.save_svg(_record(seed), path, animated=True)),
    "save_png": ("board.png", _save_png),
    "save_html": ("game.html", lambda seed, path: iw.save_html(_record(seed), path)),
    "results JSON": ("r.json", lambda seed, path: _results(seed).save(path)),
    "results CSV": ("r.csv", lambda seed, path: _results(seed).save(path)),
    "print_board": ("board.pdf", lambda seed, path: iw.print_board(iw.make("ice3").new_state(seed=seed), path)),
    "rules_sheet": ("rules.pdf", lambda seed, path: iw.rules_sheet(iw.make("volcano", players=2 + seed % 2), path)),
    "lab CSV": ("lab.csv", lambda seed, path: _lab(seed).save_csv(str(path))),
    "lab PNG": ("lab.png", lambda seed, path: _lab(seed).save_png(str(path))),
}


@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_write_that_fails_midway_leaves_the_old_file_and_no_temporary_file(writer, tmp_path):
    name, write = WRITERS[writer]
    path = tmp_path / name
    write(1, path)
    good = path.read_bytes()
    assert len(good) > LIMIT
    import matplotlib.pyplot  # noqa: F401  (its font cache is written before the disk fills)

    with pytest.raises(OSError, match="too large"):
        with disk_full_after():
            write(2, path)
    assert path.read_bytes() == good
    assert sorted(os.listdir(tmp_path)) == [name]


@pytest.mark.parametrize("argv, name", [
    (["playouts", "volcano", "-n", "30", "--engine", "reference", "-q", "--out"], "r.json"),
    (["playouts", "volcano", "-n", "30", "--engine", "reference", "-q", "--out"], "r.csv"),
    (["playouts", "volcano", "-n", "30", "--engine", "reference", "-q", "--plot"], "r.png"),
    (["compare", "volcano", "-v", "a:", "-n", "30", "--engine", "reference", "-q", "--plot"], "c.png"),
    (["tournament", "volcano", "-n", "4", "-q", "--plot"], "t.png"),
])
def test_the_command_line_keeps_the_old_file_when_its_write_fails(argv, name, tmp_path, capsys):
    from icewidgets.__main__ import main

    path = tmp_path / name
    assert main(argv + [str(path), "--seed", "1"]) == 0
    good = path.read_bytes()
    capsys.readouterr()
    import matplotlib.pyplot  # noqa: F401

    with disk_full_after():
        status = main(argv + [str(path), "--seed", "2"])
    err = capsys.readouterr().err.strip()
    assert status == 1 and err.startswith(f"error: could not write {str(path)!r}: ") and len(err.splitlines()) == 1
    assert path.read_bytes() == good
    assert sorted(os.listdir(tmp_path)) == [name]


# The helper itself -------------------------------------------------------------------------------


def test_atomic_write_replaces_the_file_only_when_the_block_ends(tmp_path):
    from icewidgets.files import atomic_write

    path = tmp_path / "a.txt"
    path.write_text("old")
    with atomic_write(path) as fh:
        fh.write("new")
        assert path.read_text() == "old"  # nothing is replaced while writing
    assert path.read_text() == "new"
    with atomic_write(str(path), "wb") as fh:
        fh.write(b"\x00\x01")
    assert path.read_bytes() == b"\x00\x01"


@pytest.mark.parametrize("failure", [OSError("No space left on device"), KeyboardInterrupt(), ValueError("bad")])
def test_atomic_write_keeps_the_old_file_on_any_failure(failure, tmp_path):
    from icewidgets.files import atomic_write

    path = tmp_path / "a.txt"
    path.write_text("old")
    with pytest.raises(type(failure)):
        with atomic_write(path) as fh:
            fh.write("half of the new text")
            raise failure
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["a.txt"]


def test_atomic_write_keeps_permissions_and_writes_through_a_link(tmp_path):
    from icewidgets.files import atomic_write

    path = tmp_path / "a.txt"
    path.write_text("old")
    os.chmod(path, 0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(path)
    with atomic_write(link) as fh:
        fh.write("new")
    assert link.is_symlink() and path.read_text() == "new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    umask = os.umask(0o022)
    os.umask(umask)
    with atomic_write(tmp_path / "fresh.txt") as fh:
        fh.write("x")
    assert stat.S_IMODE((tmp_path / "fresh.txt").stat().st_mode) == 0o666 & ~umask


def test_bad_targets_are_refused_before_anything_is_written(tmp_path):
    from icewidgets.files import atomic_write, check_target

    with pytest.raises(TypeError, match=r"path=3 must be a file name \(str or os.PathLike\), not int"):
        with atomic_write(3):
            pass
    with pytest.raises(FileNotFoundError, match="the folder .*missing.* does not exist"):
        with atomic_write(tmp_path / "missing" / "a.txt"):
            pass
    with pytest.raises(IsADirectoryError, match="it is a folder"):
        with atomic_write(tmp_path):
            pass
    with pytest.raises(IsADirectoryError, match="a name ending in '/' is a folder's"):
        with atomic_write(f"{tmp_path}/new/"):
            pass
    with pytest.raises(ValueError, match=r"--out='r.txt' must end in .json or .csv"):
        check_target("r.txt", "--out", (".json", ".csv"))
    assert os.listdir(tmp_path) == []


def test_a_failed_write_names_the_file_asked_for_not_the_temporary_file(tmp_path):
    import errno

    path = tmp_path / "board.svg"
    state = iw.make("volcano").new_state(seed=1)
    with pytest.raises(OSError) as raised:
        with disk_full_after():
            iw.save_svg(state, path)
    assert (raised.value.errno, raised.value.filename) == (errno.EFBIG, str(path))
    assert str(raised.value) == f"[Errno {errno.EFBIG}] {os.strerror(errno.EFBIG)}: {str(path)!r}"
    long = tmp_path / ("b" * 300 + ".svg")  # longer than a file name may be: the move into place fails
    with pytest.raises(OSError) as raised:
        iw.save_svg(state, long)
    assert (raised.value.errno, raised.value.filename) == (errno.ENAMETOOLONG, str(long))
    assert ".tmp" not in str(raised.value)
    assert os.listdir(tmp_path) == []


def test_a_long_file_name_is_written(tmp_path):
    path = tmp_path / ("b" * 250 + ".svg")  # the temporary name must not grow past the system's limit
    iw.save_svg(iw.make("volcano").new_state(seed=1), path)
    assert path.read_text().startswith("<svg") and os.listdir(tmp_path) == [path.name]


# Paths are names, never file descriptors ----------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda path: iw.save_svg(iw.make("volcano").new_state(), path),
    lambda path: iw.svg.save_png(iw.make("volcano").new_state(), path),
    lambda path: iw.save_html(iw.Record.new("volcano", seed=1), path),
    lambda path: _results(1).save(path),
    lambda path: iw.PlayoutResults.load(path),
    lambda path: iw.print_board(iw.make("volcano").new_state(), path),
    lambda path: iw.rules_sheet("volcano", path),
])
def test_an_integer_path_is_a_type_error_and_no_descriptor_is_touched(call):
    read, write = os.pipe()
    os.set_blocking(read, False)
    os.set_blocking(write, False)  # an unchecked path would write into the pipe: fail, never hang
    try:
        for fd in (write, read):
            with pytest.raises(TypeError, match=f"path={fd} must be a file name \\(str or os.PathLike\\), not int"):
                call(fd)
            os.fstat(fd)  # still open
        with pytest.raises(BlockingIOError):
            os.read(read, 1)  # nothing was written
    finally:
        os.close(read)
        os.close(write)


# A folder that takes no files is found before the work that would write there ------------------


@pytest.mark.parametrize("path, error, reason", [
    ("/proc/results.json", FileNotFoundError, "No such file or directory"),
    ("/sys/results.json", PermissionError, "Permission denied"),
])
def test_check_writable_refuses_a_folder_that_takes_no_files(path, error, reason):
    from icewidgets.files import check_writable

    with pytest.raises(error) as raised:
        check_writable(path, "--out", (".json",))
    assert str(raised.value) == f"cannot write {path!r}: {reason}"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in a read-only folder")
def test_check_writable_refuses_a_read_only_folder(tmp_path):
    from icewidgets.files import check_writable

    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        with pytest.raises(PermissionError, match="cannot write .*: Permission denied"):
            check_writable(folder / "r.json")
    finally:
        folder.chmod(0o755)
    assert list(folder.iterdir()) == []


def test_check_writable_leaves_no_file_behind(tmp_path):
    from icewidgets.files import check_writable

    assert check_writable(tmp_path / "r.json", "--out", (".json",)) == str(tmp_path / "r.json")
    assert list(tmp_path.iterdir()) == []


def test_loading_a_folder_or_a_missing_file_names_it_in_words(tmp_path):
    from icewidgets.classroom import read_codes

    with pytest.raises(IsADirectoryError, match=r"^cannot read '.*': it is a folder$"):
        iw.PlayoutResults.load(tmp_path)
    with pytest.raises(FileNotFoundError, match=r"^cannot read '.*missing\.json': there is no such file$"):
        iw.PlayoutResults.load(tmp_path / "missing.json")
    with pytest.raises(FileNotFoundError, match=r"^cannot read '.*codes\.txt': there is no such file$"):
        read_codes(tmp_path / "codes.txt", "volcano")
