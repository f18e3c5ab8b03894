"""The first hour of a newcomer: the README's two commands, a plain pip path, `make lab` as
root, the notebooks it lists, the example printable it links, and benchmarks kept apart."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_starts_with_the_two_commands():
    first_block = README.split("```bash\n", 1)[1].split("```", 1)[0].splitlines()
    assert [line.split("#")[0].strip() for line in first_block] == ["make lab", "make test"]


def test_the_readme_gives_a_plain_pip_path_beside_make():
    assert "python3 -m venv .venv" in README and ".venv/bin/pip install -e . jupyterlab" in README
    assert "--allow-root" in README


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_lab_allows_root_only_as_root():
    shown = subprocess.run(["make", "-n", "lab"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    lab = [line for line in shown.splitlines() if "jupyter lab" in line]
    assert lab and lab[-1].endswith("notebooks/00-start-here.ipynb")
    assert ("--allow-root" in lab[-1]) == (os.geteuid() == 0)


def test_the_readme_lists_every_notebook():
    listed = set(re.findall(r"\(notebooks/([\w-]+\.ipynb)\)", README))
    assert listed == {path.name for path in (ROOT / "notebooks").glob("*.ipynb")}


def test_the_example_rules_sheet_is_linked_and_is_one_page():
    assert "(docs/volcano-rules.pdf)" in README
    data = (ROOT / "docs" / "volcano-rules.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and len(re.findall(rb"/Type /Page\b(?!s)", data)) == 1
    assert len(data) < 200_000


def test_benchmark_detail_lives_in_the_benchmarks_readme():
    section = README.split("## Benchmarks", 1)[1].split("\n## ", 1)[0]
    assert len(section.strip().splitlines()) <= 15 and "benchmarks/README.md" in section
    detail = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert "<!-- benchmarks -->" in detail and "<!-- /benchmarks -->" in detail
    assert "<!-- benchmarks -->" not in README
