"""The command ``python -m icewidgets analyse CODE``: the table of one game's analysis.

``CODE`` is a game code (``record.to_code()``, as the widget copies it) or a record saved as
JSON (``record.to_json()``). Options: ``--precision``, ``--seed``, ``--max-seconds``,
``--policy``, ``--json PATH`` (save the analysis; ``-`` prints the JSON instead of the table),
``--plot PATH`` (the evaluation graph), ``--quiet``. Bad arguments print one line and exit with
status 2 (the command line's rule); Ctrl-C prints the plies done and exits with 130.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable

__all__ = ["add_command", "run"]


def add_command(sub: Any) -> None:
    """Add the ``analyse`` subcommand (alias ``analyze``) to the command line's subparsers."""
    command = sub.add_parser(
        "analyse", aliases=["analyze"], help="analyse one game: values, best moves, mistakes",
        description="Analyse one game: every position's expected points with 95% intervals, and for every ply "
                    "the best move found, the loss and a label (?! inaccuracy, ? mistake, ?? blunder).",
        epilog="example: python -m icewidgets analyse iw1.eNq… --precision 0.05 --seed 1 --json analysis.json")
    command.add_argument("code", metavar="CODE", help="a game code (iw1.…) or a record JSON file")
    command.add_argument("--precision", type=float, default=0.05,
                         help="half-width of every 95%% interval, in expected points (default 0.05)")
    command.add_argument("--seed", type=int, default=0, help="rollout seed (default 0): the same seed, the same analysis")
    command.add_argument("--max-seconds", type=float, default=None,
                         help="stop after about this many seconds, keeping the plies done")
    command.add_argument("--policy", default=None,
                         help="the rollouts' agent (default: the game's own, usually greedy)")
    command.add_argument("--json", metavar="PATH", help="save the analysis as JSON ('-': print it instead of the table)")
    command.add_argument("--plot", metavar="PATH", help="save the evaluation graph (.png, .svg, .pdf)")
    command.add_argument("--quiet", "-q", action="store_true", help="no progress line")


def run(args: argparse.Namespace, save_figure: Callable[[Any, str], None]) -> int:
    """Run the command; a ValueError or TypeError is a bad argument (exit status 2)."""
    from . import analyse

    record = _record(args.code)
    total = len(record.plies)
    show = not args.quiet and args.json != "-" and getattr(sys.stderr, "isatty", lambda: False)()

    def progress(so_far: Any) -> None:
        print(f"\ranalysing: ply {len(so_far.plies)} of {total}", end="", file=sys.stderr, flush=True)

    try:
        analysis = analyse(record, precision=args.precision, policy=args.policy, seed=args.seed,
                           max_seconds=args.max_seconds, progress=progress if show else None)
    except ValueError as error:
        raise _as_flag(error) from None
    if show:
        print(file=sys.stderr)
    if args.json == "-":
        print(analysis.to_json(indent=1))
        if analysis.warning:  # the JSON goes to a file or a program: the warning to the person
            print(analysis.warning, file=sys.stderr)
    else:
        print(analysis)
    if args.json and args.json != "-":
        _write(args.json, analysis.to_json(indent=1))
        print(f"saved the analysis to {args.json}")
    if args.plot:
        ax = analysis.plot()
        save_figure(ax.figure, args.plot)
        print(f"saved the evaluation graph to {args.plot}")
    return 130 if analysis.stopped == "interrupted" else 0


FLAGS = {"precision": "--precision", "seed": "--seed", "max_seconds": "--max-seconds", "policy": "--policy"}
"""The arguments of ``iw.analyse`` this command passes on, by the flags that set them."""


def _as_flag(error: ValueError) -> ValueError:
    """``error`` from ``iw.analyse``, naming the flag as typed (``--max-seconds``, not ``max_seconds``)."""
    text = str(error)
    for argument, flag in FLAGS.items():
        if text.startswith(f"{argument}="):
            # "or None (no limit)" is the library's way to say "leave it out"
            # a command line cannot pass a Python function, nor leave a value out by None
            text = text.replace(", or pass a callable agent(state, rng) -> move", "")
            return ValueError(f"{flag} {text[len(argument) + 1:]}".replace(", or None (no limit)", ""))
    return error


def _record(text: str) -> Any:
    from ..protocol import NotationError
    from ..record import CODE_PREFIX, Record

    if text.strip().startswith(CODE_PREFIX):
        try:
            return Record.from_code(text)
        except NotationError as error:
            raise ValueError(f"CODE: {error}") from None
    path = Path(text)
    if not path.is_file():
        raise ValueError(f"CODE {text!r} is neither a game code (starting {CODE_PREFIX!r}) nor a record file")
    try:
        return Record.from_json(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, NotationError) as error:
        raise ValueError(f"{text}: not a record saved as JSON ({error})") from None


def _write(path: str, text: str) -> None:
    """Write the analysis whole or not at all (the command line checked the path before)."""
    from ..files import atomic_write

    try:
        with atomic_write(path, "w", name="--json") as fh:
            fh.write(text + "\n")
    except OSError as error:
        raise ValueError(f"--json {path!r}: cannot write it ({error.strerror or error})") from None
