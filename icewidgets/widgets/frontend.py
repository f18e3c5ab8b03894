"""The widget's front end: plain ES module parts joined into the one module anywidget loads.

The parts are committed files under ``static/`` (no bundler, no build step). Each may import
names from the parts before it with ``import { … } from "./part.js";`` so that node's tests can
load any part on its own; joining drops those lines, so the module served imports nothing.

>>> source = module_source()
>>> "export default" in source and "from \\"./" not in source
True
"""

from __future__ import annotations

import functools
import pathlib
import re

STATIC = pathlib.Path(__file__).parent / "static"
"""Where the front end's files are."""

PARTS = ("helpers.js", "graph.js", "dom.js", "board.js", "playback.js", "input.js", "review.js", "analysis.js", "widget.js")
"""The parts of the module, in the order they are joined (each uses only the ones before it)."""

STYLES = STATIC / "game_widget.css"
"""The widget's stylesheet."""

_LOCAL_IMPORT = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./[\w-]+\.js";[ \t]*\n', re.M)


@functools.lru_cache(maxsize=None)
def module_source() -> str:
    """The joined ES module (read once per process)."""
    texts = []
    for name in PARTS:
        text = (STATIC / name).read_text(encoding="utf-8")
        texts.append(f"// ---- {name}\n" + _LOCAL_IMPORT.sub("", text))
    return "\n".join(texts)


@functools.lru_cache(maxsize=None)
def stylesheet() -> str:
    """The widget's CSS (read once per process)."""
    return STYLES.read_text(encoding="utf-8")
