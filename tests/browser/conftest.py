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


# Contrast (WCAG 2) --------------------------------------------------------------------------


def contrast_ratio(one: str, two: str) -> float:
    """The WCAG contrast ratio of two CSS colours as a browser computes them ("rgb(r, g, b)")."""
    def luminance(text: str) -> float:
        channels = [int(float(c)) / 255 for c in text[text.index("(") + 1:text.index(")")].split(",")[:3]]
        r, g, b = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


TEXT_CONTRASTS = """(selector) => {
  const parse = (t) => { const m = /rgba?\\(([^)]*)\\)/.exec(t || ""); if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const blend = (fg, bg) => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat([1]);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const htmlBg = (el) => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let bg = [255, 255, 255, 1]; for (const c of layers.reverse()) bg = blend(c, bg); return bg; };
  const svgBg = (t) => { const piece = t.closest(".iw-piece");
    if (piece) return parse(getComputedStyle(piece.querySelector("rect, circle")).fill);
    const prev = t.previousElementSibling;
    if (prev && prev.tagName === "rect" && (prev.classList.contains("iw-bg") || prev.classList.contains("iw-die"))) return parse(getComputedStyle(prev).fill);
    return parse(getComputedStyle(t.ownerSVGElement.querySelector(":scope > rect")).fill); };
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    for (const el of root.querySelectorAll("*")) {
      if (el.getClientRects().length === 0) continue;
      if (el.classList.contains("iw-halo")) continue;  // the outline drawn under a piece's letters, not a text
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      let fg, bg;
      if (el instanceof SVGElement) { bg = svgBg(el); fg = blend(parse(getComputedStyle(el).fill), bg); }
      else { bg = htmlBg(el); fg = blend(parse(getComputedStyle(el).color), bg); }
      out.push({ text: el.textContent.trim().slice(0, 40), ratio: Math.round(ratio(fg, bg) * 100) / 100 });
    }
  }
  return out;
}"""
"""Every visible text under the elements of a selector, with its contrast ratio against what is
behind it: an HTML element's own background or its nearest ancestor's (translucent layers
blended), an SVG text's piece, die or board background."""


def text_contrasts(page, selector: str) -> list[dict]:
    """``[{"text": …, "ratio": …}]`` for every visible text under ``selector`` (see :data:`TEXT_CONTRASTS`)."""
    return page.evaluate(TEXT_CONTRASTS, selector)


@pytest.fixture(scope="session")
def contrast():
    """:func:`contrast_ratio`, for the tests (they cannot import this module by name)."""
    return contrast_ratio


@pytest.fixture(scope="session")
def texts_contrast():
    """:func:`text_contrasts`, for the tests."""
    return text_contrasts


SVG_TEXT_SIZES = """(root) => [...root.querySelectorAll('.iw-badges text, .iw-hintlayer text, .iw-bestlayer text, .iw-panel text, .iw-piece text:not(.iw-halo)')]
  .filter((t) => t.getClientRects().length).map((t) => [t.textContent, parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a])"""
"""Every visible text the board draws (stack badges, hints, the best move, the panel, the pieces'
letters) under an element, as ``[text, its size on screen in px]``."""


@pytest.fixture(scope="session")
def svg_text_sizes():
    """``sizes(locator)``: :data:`SVG_TEXT_SIZES` of the element ``locator`` finds."""
    return lambda locator: locator.evaluate(SVG_TEXT_SIZES)
