"""Fixtures of the real-browser tests: a JupyterLab server and Debian's Chromium via Playwright.

The browser is the system ``chromium`` binary; Playwright never downloads one. Without
``chromium`` (or the Playwright package) the tests fail with a clear message when the
environment variable ``CI`` is true, and are skipped otherwise.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
ARTIFACTS = ROOT / "test-artifacts"
APP = "20-classroom-app.ipynb"
"""The classroom app notebook (shown by Voilà as a page with only the board and its controls)."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests cannot run: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        _missing("the 'chromium' binary is not installed (Debian: apt-get install chromium)")
    return path


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """A Jupyter server on 127.0.0.1 (free port, random token) serving a copy of widgets.ipynb and
    of the classroom app notebook: JupyterLab, and Notebook 7 and Voilà where they are installed."""
    root = tmp_path_factory.mktemp("lab")
    shutil.copy(HERE / "widgets.ipynb", root / "widgets.ipynb")
    shutil.copy(ROOT / "notebooks" / APP, root / APP)
    port, token = _free_port(), secrets.token_hex(16)
    settings, workspaces = root / ".settings", root / ".workspaces"
    settings.mkdir()
    # No news or update notifications over the widgets.
    notification = settings / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True)
    (notification / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    workspaces.mkdir()
    # This checkout first; the rest of PYTHONPATH kept (a --extra-game run's plug-in is on it).
    path = os.pathsep.join([str(ROOT)] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1", PYTHONPATH=path,
               JUPYTER_RUNTIME_DIR=str(root / ".runtime"), JUPYTER_CONFIG_DIR=str(root / ".config"))
    extra = ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []
    log = open(root / "lab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
         "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={workspaces}",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True", *extra],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=root,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.terminate()
                log.close()
                raise RuntimeError("JupyterLab did not start:\n" + (root / "lab.log").read_text()[-3000:])
            time.sleep(0.5)
    yield {"base": base, "token": token, "root": root}
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright Python package is not installed")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
