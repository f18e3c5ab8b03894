"""The notebooks ship with the package: found from a checkout or an installed wheel, their data
found wherever a notebook runs, and copied out for a teacher without losing the teacher's changes.

(``scripts/check-wheel``, run by ``make test``, builds the wheel, installs it in a fresh virtual
environment, copies the notebooks out with the command tested here and runs them all.)
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from icewidgets.__main__ import main
from icewidgets.shipped import MANIFEST, copy_notebooks, notebook_data, notebooks_folder

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb")) + ["data/class-codes.txt"]


def test_from_a_checkout_the_notebooks_are_the_repositorys():
    assert notebooks_folder() == ROOT / "notebooks"


def test_the_wheel_maps_the_notebooks_into_the_package():
    tomllib = pytest.importorskip("tomllib")
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["sources"] == {"notebooks": "icewidgets/notebooks"} and "notebooks" in wheel["only-include"]


def test_a_notebook_finds_its_data_beside_it_or_in_the_package(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a notebook copied alone, without its data folder
    assert notebook_data("class-codes.txt") == ROOT / "notebooks" / "data" / "class-codes.txt"
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "class-codes.txt").write_text("Ana & Ben: iw1.x\n")  # the teacher's own sample
    assert notebook_data("class-codes.txt") == tmp_path / "data" / "class-codes.txt"
    with pytest.raises(FileNotFoundError, match="no data file 'scores.csv'; they have: class-codes.txt"):
        notebook_data("scores.csv")
    with pytest.raises(ValueError, match="name='../secret' must be the name of a file in the notebooks' data folder"):
        notebook_data("../secret")


def _files(folder: Path) -> list[str]:
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())


def test_copy_then_copy_again(tmp_path):
    folder = tmp_path / "class" / "kit"
    report = copy_notebooks(folder)
    assert report.files == [(name, "copied") for name in SHIPPED]
    assert _files(folder) == sorted(SHIPPED + [MANIFEST])
    assert (folder / "06-our-class-games.ipynb").read_bytes() == (ROOT / "notebooks" / "06-our-class-games.ipynb").read_bytes()
    assert copy_notebooks(folder).files == [(name, "up to date") for name in SHIPPED]
    assert str(report).splitlines()[:2] == [f"The icewidgets notebooks in {folder}:", "  00-start-here.ipynb: copied"]


def test_a_file_the_teacher_changed_is_never_overwritten(tmp_path):
    copy_notebooks(tmp_path)
    mine = tmp_path / "01-volcano.ipynb"
    mine.write_text("my lesson", encoding="utf-8")
    report = copy_notebooks(tmp_path)
    assert dict(report.files)["01-volcano.ipynb"] == ("you changed it, so it is kept; the new version is "
                                                     "01-volcano (new).ipynb")
    assert report.beside == ["01-volcano.ipynb"]
    assert mine.read_text(encoding="utf-8") == "my lesson"
    new = tmp_path / "01-volcano (new).ipynb"
    assert new.read_bytes() == (ROOT / "notebooks" / "01-volcano.ipynb").read_bytes()
    copy_notebooks(tmp_path)  # again: the same new version, not a third file
    assert sorted(path.name for path in tmp_path.glob("01-volcano*")) == ["01-volcano (new).ipynb", "01-volcano.ipynb"]
    new.write_text("also mine", encoding="utf-8")  # the teacher worked on that one too
    copy_notebooks(tmp_path)
    assert (tmp_path / "01-volcano (new 2).ipynb").read_bytes() == (ROOT / "notebooks" / "01-volcano.ipynb").read_bytes()
    # Asked (at a terminal), the teacher may let it be replaced.
    asked = []
    report = copy_notebooks(tmp_path, ask=lambda name: asked.append(name) or True)
    assert asked == ["01-volcano.ipynb"] and dict(report.files)["01-volcano.ipynb"] == "replaced (you agreed)"
    assert mine.read_bytes() == (ROOT / "notebooks" / "01-volcano.ipynb").read_bytes()


def test_a_file_an_earlier_copy_wrote_and_nobody_changed_is_updated(tmp_path):
    copy_notebooks(tmp_path)
    old = tmp_path / "02-volterra.ipynb"
    old.write_text("the notebook of an older icewidgets", encoding="utf-8")
    record = json.loads((tmp_path / MANIFEST).read_text(encoding="utf-8"))
    record["files"]["02-volterra.ipynb"] = hashlib.sha256(old.read_bytes()).hexdigest()
    (tmp_path / MANIFEST).write_text(json.dumps(record), encoding="utf-8")
    assert dict(copy_notebooks(tmp_path, ask=lambda name: pytest.fail("nothing to ask")).files)["02-volterra.ipynb"] == "updated"
    assert old.read_bytes() == (ROOT / "notebooks" / "02-volterra.ipynb").read_bytes()


def test_a_folder_that_is_a_file_is_refused_and_nothing_is_written(tmp_path):
    afile = tmp_path / "lessons"
    afile.write_text("not a folder", encoding="utf-8")
    for target in (afile, afile / "inside"):
        with pytest.raises(NotADirectoryError, match=f"{str(afile)!r} is a file, not a folder"):
            copy_notebooks(target)
    assert _files(tmp_path) == ["lessons"] and afile.read_text(encoding="utf-8") == "not a folder"


def test_the_command(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert main(["notebooks", str(tmp_path / "kit")]) == 0
    out = capsys.readouterr().out
    assert "  00-start-here.ipynb: copied" in out and out.rstrip().endswith("in JupyterLab to begin.")
    (tmp_path / "kit" / "00-start-here.ipynb").write_text("changed", encoding="utf-8")
    assert main(["notebooks", str(tmp_path / "kit")]) == 0
    assert "00-start-here.ipynb: you changed it, so it is kept; the new version is 00-start-here (new).ipynb" in (
        capsys.readouterr().out)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert main(["notebooks", str(tmp_path / "file")]) == 2
    assert capsys.readouterr().err.startswith(f"error: cannot copy the notebooks into {str(tmp_path / 'file')!r}")
    assert _files(tmp_path / "kit") == sorted(SHIPPED + [MANIFEST, "00-start-here (new).ipynb"])


def test_the_command_asks_at_a_terminal(tmp_path, capsys, monkeypatch):
    copy_notebooks(tmp_path)
    (tmp_path / "03-ice3.ipynb").write_text("changed", encoding="utf-8")
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    questions = []
    monkeypatch.setattr("builtins.input", lambda prompt: questions.append(prompt) or "n")
    assert main(["notebooks", str(tmp_path)]) == 0
    assert questions == ["You changed 03-ice3.ipynb since it was copied. Replace it with the new version? [y/N] "]
    assert (tmp_path / "03-ice3.ipynb").read_text(encoding="utf-8") == "changed"
    assert (tmp_path / "03-ice3 (new).ipynb").exists()


# The user trial's findings (installed wheel, outside the checkout) -------------------------------


def _changed_copy(folder: Path, *names: str) -> None:
    copy_notebooks(folder)
    for name in names:
        (folder / name).write_text("changed", encoding="utf-8")


def test_no_answer_at_the_prompt_keeps_every_changed_file(tmp_path, capsys, monkeypatch):
    _changed_copy(tmp_path, "01-volcano.ipynb", "03-ice3.ipynb")
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    asked = []

    def end_of_input(prompt):
        asked.append(prompt)
        raise EOFError

    monkeypatch.setattr("builtins.input", end_of_input)
    assert main(["notebooks", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert len(asked) == 1  # asked once: no answer is "no" for the files after it too
    assert "\n(no answer: your files are kept; the new versions are written beside them)\n" in out
    for name in ("01-volcano", "03-ice3"):
        assert (tmp_path / f"{name}.ipynb").read_text(encoding="utf-8") == "changed"
        assert (tmp_path / f"{name} (new).ipynb").read_bytes() == (ROOT / "notebooks" / f"{name}.ipynb").read_bytes()


def test_without_standard_input_the_new_versions_go_beside(tmp_path, capsys, monkeypatch):
    _changed_copy(tmp_path, "01-volcano.ipynb")
    monkeypatch.setattr("sys.stdin", None)  # started with stdin closed (<&-)
    assert main(["notebooks", str(tmp_path)]) == 0
    assert ("  01-volcano.ipynb: you changed it, so it is kept; the new version is 01-volcano (new).ipynb\n"
            in capsys.readouterr().out)


def test_the_help_says_what_happens_without_an_answer(capsys):
    with pytest.raises(SystemExit):
        main(["notebooks", "--help"])
    assert "otherwise (input not a terminal, or ended with no answer) the new version is written beside it" in (
        " ".join(capsys.readouterr().out.split()))


def test_a_second_run_over_unchanged_files_writes_nothing(tmp_path):
    _changed_copy(tmp_path, "01-volcano.ipynb")
    copy_notebooks(tmp_path)
    new = tmp_path / "01-volcano (new).ipynb"
    before = {path.name: (path.stat().st_ino, path.stat().st_mtime_ns) for path in tmp_path.glob("*.ipynb")}
    report = copy_notebooks(tmp_path)
    assert dict(report.files)["01-volcano.ipynb"] == ("you changed it, so it is kept; the new version is "
                                                     "01-volcano (new).ipynb, unchanged since the last copy")
    assert report.beside == ["01-volcano.ipynb"]
    assert {path.name: (path.stat().st_ino, path.stat().st_mtime_ns) for path in tmp_path.glob("*.ipynb")} == before
    assert new.read_bytes() == (ROOT / "notebooks" / "01-volcano.ipynb").read_bytes()


def test_an_empty_folder_name_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    message = ("the folder '' is empty: give the name of a folder (it is made if it does not exist), "
               "e.g. 'icewidgets-notebooks', or '.' for the current folder")
    with pytest.raises(ValueError) as raised:
        copy_notebooks("")
    assert str(raised.value) == message
    assert main(["notebooks", ""]) == 2
    assert capsys.readouterr().err == f"error: {message}\n"
    assert _files(tmp_path) == []  # not copied into the current folder
    with pytest.raises(TypeError, match="folder=3 must be a file name"):
        copy_notebooks(3)


def _refused(folder: Path, where: Path) -> str:
    return (f"error: cannot copy the notebooks into {str(folder)!r}: the folder {str(where)!r} is not writable "
            "(permission denied); choose a folder of yours\n")


def test_a_folder_that_cannot_be_written_is_one_line_and_status_2(tmp_path, capsys, monkeypatch):
    import icewidgets.shipped

    locked = tmp_path / "locked"
    locked.mkdir()
    monkeypatch.setattr(icewidgets.shipped.os, "access", lambda path, mode: Path(path) != locked)
    for folder in (locked, locked / "kit"):
        assert main(["notebooks", str(folder)]) == 2
        assert capsys.readouterr().err == _refused(folder, locked)
    assert _files(tmp_path) == []


def test_a_write_refused_midway_is_one_line_and_status_2(tmp_path, capsys, monkeypatch):
    import icewidgets.files

    def refused(folder, base):
        raise PermissionError(13, "Permission denied", f"{folder}/.{base}.0000.tmp")

    monkeypatch.setattr(icewidgets.files, "_create_beside", refused)
    assert main(["notebooks", str(tmp_path / "kit")]) == 2
    assert capsys.readouterr().err == _refused(tmp_path / "kit", tmp_path / "kit")


@pytest.mark.parametrize("folder, where", [("/proc/kit", "/proc"), ("/proc", "/proc"), ("/tmp/" + "n" * 300, "/tmp")])
def test_a_folder_that_takes_no_files_is_refused_before_copying_with_status_2(folder, where, capsys):
    assert main(["notebooks", folder]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot copy the notebooks into {folder!r}: ") and repr(where) in err
    assert err.count("\n") == 1


def test_a_folder_where_no_file_can_be_made_says_the_systems_reason(tmp_path, capsys, monkeypatch):
    import icewidgets.shipped

    def no_file(**where):
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(icewidgets.shipped.tempfile, "mkstemp", no_file)
    assert main(["notebooks", str(tmp_path / "kit")]) == 2
    assert capsys.readouterr().err == (f"error: cannot copy the notebooks into {str(tmp_path / 'kit')!r}: no file can "
                                       f"be made in {str(tmp_path / 'kit')!r} (no such file or directory); "
                                       "choose a folder of yours\n")
    assert _files(tmp_path / "kit") == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="permissions do not bind root")
def test_a_read_only_folder(tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        assert main(["notebooks", str(locked / "kit")]) == 2
        assert capsys.readouterr().err == _refused(locked / "kit", locked)
    finally:
        locked.chmod(0o755)


def test_a_copy_that_fails_midway_leaves_no_partial_file(tmp_path, capsys):
    from test_atomic_writes import disk_full_after

    _changed_copy(tmp_path)
    old = tmp_path / "00-start-here.ipynb"
    old.write_bytes(b"{}")  # as an older copy wrote it: it is updated
    record = json.loads((tmp_path / MANIFEST).read_text(encoding="utf-8"))
    record["files"]["00-start-here.ipynb"] = hashlib.sha256(b"{}").hexdigest()
    (tmp_path / MANIFEST).write_text(json.dumps(record), encoding="utf-8")
    before = {name: (tmp_path / name).read_bytes() for name in _files(tmp_path)}
    with disk_full_after(100_000):  # every notebook is larger
        status = main(["notebooks", str(tmp_path)])
    assert status == 1
    assert capsys.readouterr().err == f"error: could not write {str(old)!r}: File too large\n"
    assert {name: (tmp_path / name).read_bytes() for name in _files(tmp_path)} == before


def test_output_read_in_part_ends_quietly(tmp_path):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written, as `| head -1` once it has its line
    try:
        done = subprocess.run([sys.executable, "-m", "icewidgets", "games"], stdout=write, stderr=subprocess.PIPE,
                              text=True, timeout=120, cwd=tmp_path,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (141, "")
