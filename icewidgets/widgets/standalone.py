"""A game as one self-contained HTML page: the widget's replay without a notebook or a server.

:func:`save_html` writes the widget's ES module, its styles and the game's frames into a single
file that makes no network request: it replays the game in any browser, stage by stage, with
the same controls (step, play, speed, the move list, the narration, copy of the game code), and
can be put on a school website or sent by email. With an analysis, the page shows it too: the
evaluation graph under the slider (a click on a point goes to its ply), the labels in the move
list, the turning point and each player's summary.
"""

from __future__ import annotations

import html
import json
from typing import Any

from ..analysis import Analysis, analyse
from ..checks import no_unknown
from ..files import atomic_write, check_target
from ..protocol import State
from ..record import Record
from .analysing import analysis_payload
from .frontend import module_source, stylesheet

REPLAY_TRAITS = ("game_name", "title", "board", "frames", "moves", "ply", "seats", "position_text", "record_code",
                 "theme", "size", "speed", "revision")
"""What a replay page needs of a widget's state (nothing about playing on)."""

LAYOUT_OPTIONS = ("theme", "palette", "size", "analysis")
"""The options :func:`save_html` takes for a Record or a State: how the page lays it out, and
the analysis it shows."""


def save_html(record_or_widget: Any, path: Any, **options: Any) -> None:
    """Write a standalone replay page of a game to ``path``.

    ``record_or_widget`` is an :class:`icewidgets.Record`, a :class:`~icewidgets.State` (the
    page shows that one position) or a :class:`~icewidgets.GameWidget` (its whole game, shown
    at the ply it shows); ``options`` (``theme=``, ``palette=``, ``size=``) lay a Record out as
    a widget would; any other option is refused. The page opens at the last ply. ``path`` must
    end in ``.html`` or ``.htm`` (in any case). The file is written whole or not at all
    (:func:`icewidgets.files.atomic_write`).

    The page shows an analysis: a widget's own (``widget.analysis``, the plies done so far), or
    for a Record ``analysis=`` an :class:`icewidgets.Analysis` of it (``iw.analyse(record)``)
    or True (the record is analysed first, with ``iw.analyse``'s defaults: that takes a while).

    >>> import icewidgets as iw, os, tempfile
    >>> record = iw.Record.new(iw.available_games()[0], seed=1)
    >>> record = record.extend([record.start_state().legal_moves()[0]])
    >>> path = os.path.join(tempfile.mkdtemp(), "game.html")
    >>> iw.save_html(record, path)
    >>> page = open(path, encoding="utf-8").read()
    >>> page.startswith("<!DOCTYPE html>") and "<script src" not in page and "<link" not in page
    True
    """
    from .game_widget import GameWidget

    check_target(path, "path", (".html", ".htm"))
    if isinstance(record_or_widget, GameWidget):
        if options:
            raise TypeError(f"save_html of a widget takes no options ({', '.join(sorted(options))}): "
                            "the widget's own are used")
        widget = record_or_widget
    elif isinstance(record_or_widget, (Record, State)):
        no_unknown(options, "save_html()", LAYOUT_OPTIONS)
        analysis = options.pop("analysis", None)
        if analysis is True:
            record = record_or_widget if isinstance(record_or_widget, Record) else Record.new(
                record_or_widget.game, start=record_or_widget)
            analysis = analyse(record)
        elif analysis is not None and not isinstance(analysis, Analysis):
            raise TypeError(f"analysis={analysis!r} must be an Analysis of the game (from iw.analyse), True "
                            "(analyse it now) or None")
        widget = GameWidget(record_or_widget, analysis=analysis or False, **options)
    else:
        raise TypeError(f"save_html needs a Record, a State or a GameWidget, not {type(record_or_widget).__name__}")
    state = widget.get_state(list(REPLAY_TRAITS))
    # The analysis as it stands, never "running" on a page that has no kernel to run it.
    state["analysis_data"] = analysis_payload(widget.analysis, len(widget.record.plies), running=False)
    text = page(f"{widget.title}: {len(widget.record.plies)} plies", state)
    with atomic_write(path) as fh:
        fh.write(text)


def page(title: str, state: dict) -> str:
    """The HTML of a replay page of a widget's ``state`` (its traits, as JSON)."""
    data = json.dumps(state, separators=(",", ":")).replace("</", "<\\/")  # never ends the script early
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>\n"
        # No request may leave the page: nothing but what is written here is allowed to load.
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'; "
        "style-src 'unsafe-inline'; img-src data:\">\n"
        f"<style>\nbody {{ margin: 12px; background: #ffffff; }}\n"
        f"@media (prefers-color-scheme: dark) {{ body {{ background: #1c1c1e; }} }}\n{stylesheet()}</style></head>\n"
        f'<body><main id="icewidgets-replay"></main>\n'
        f'<script type="application/json" id="icewidgets-data">{data}</script>\n'
        f'<script type="module">\n{module_source()}\n'
        'standalone(document.getElementById("icewidgets-replay"), '
        'JSON.parse(document.getElementById("icewidgets-data").textContent));\n'
        "</script></body></html>\n"
    )
