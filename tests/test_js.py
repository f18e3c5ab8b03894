"""Runs the front end's JavaScript unit tests (``node --test tests/js``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_js_unit_tests():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed, so the JavaScript unit tests (tests/js) cannot run")
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert files, "no JavaScript tests found in tests/js"
    result = subprocess.run([node, "--test", *files], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout
