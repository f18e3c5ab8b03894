"""Command line: ``python -m icewidgets playouts GAME -n 10000 --agents random,greedy``.

Subcommands:

- ``playouts GAME``: play many games and print the balance report (``--out`` saves JSON or
  CSV, ``--plot`` saves the dashboard as an image). Without ``-n`` the games go on until the
  first player's points are known to ``--precision`` (±0.01 by default).
- ``compare GAME --variant LABEL:KEY=VALUE,…``: play variants of a game and print their
  reports side by side, with each variant's difference from the first and its test.
- ``tournament GAME``: a round robin of agents, each deal played with both seatings; prints the
  cross-table.
- ``analyse CODE``: analyse one game (a game code or a record file): every position's value,
  each ply's best move and loss, the labels and the turning point (:mod:`icewidgets.analysis.cli`).
- ``games``: list the games and their options.
- ``warm``: compile every game's fast engine into the cache, so later runs start at once (run it
  once after installing; without numba it says the fast engine is unavailable and exits 0).
- ``bench-policy GAME`` and ``ladder GAME``: the measurements CONTRIBUTING asks of a new game (the
  analysis' rollout policy; every level against the one below), for any installed game
  (:mod:`icewidgets.bench`).
- ``new-game NAME DIR``: write a new game as a package of its own into DIR (a small working game,
  every hook filled, with its tests), ready for ``pip install -e DIR`` and ``pytest DIR``.
- ``contributing``: print the guide for game authors, CONTRIBUTING.md, which ships with the
  package (``--path``: where it is).
- ``notebooks DIR``: copy the notebooks and their data into the folder DIR, for a teacher; a file
  the teacher changed is never overwritten (asked at a terminal, else, or with no answer, the new
  version is written beside it).

Games installed from other packages (entry point group ``icewidgets.games``) are listed and
played like the package's own; a plug-in that cannot be loaded is named in a warning.

Every rate is a mean of points (the winners of a game share 1 point, a game without a winner
gives each seat 1/players) with a 95% interval. Bad arguments print one clear line and exit
with status 2, before any game is played (output files included: their folder must exist and
take files, and their name must say the format). Flags are written whole (``--prec`` is not
``--precision``). Files are written whole or not at all: a write that fails
(a full disk) prints one line, leaves any older file as it was and exits with status 1. Output
read only in part (``… | head -1``) ends the command quietly with status 141, as for other tools.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from typing import Any, Sequence


class _UsageError(Exception):
    pass


class _WriteFailed(Exception):
    """An output file that could not be written after the games were played (exit status 1)."""


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # A flag is written whole: "--prec" for --precision would break when a flag is added.
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # one line, exit status 2
        raise _UsageError(message)


def _parser() -> argparse.ArgumentParser:
    from .games import available_games

    games = available_games()
    parser = _Parser(prog="python -m icewidgets", description="icewidgets: Icehouse-pyramid games from the command line.",
                     epilog="run `python -m icewidgets COMMAND --help` for a command's options")
    from . import __version__

    parser.add_argument("--version", action="version", version=f"icewidgets {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("playouts", help="play many games and print the balance report",
                          description="Play whole games and print the balance report with 95% intervals.",
                          epilog=f"example: python -m icewidgets playouts {games[0]} -n 10000 --agents random,greedy "
                                 "--seed 1 --out results.json --plot stats.png")
    _run_arguments(play, games)
    play.add_argument("--out", help="save the results (.json or .csv)")
    play.add_argument("--branching-profile", action="store_true",
                      help="keep each game's branching profile in the results (--out); by default only its sums "
                           "by tenth of the game, which the report shows")
    play.add_argument("--plot", help="save the dashboard picture (.png, .svg, .pdf)")

    comp = sub.add_parser("compare", help="variants of a game side by side, with tests",
                          description="Play every variant with the same agents and seeds and print their balance "
                                      "reports side by side: each metric with its 95% interval, and each variant's "
                                      "difference from the first with a two-sided test.",
                          epilog=f"example: python -m icewidgets compare {games[0]} --variant diag: "
                                 "--variant plus:opening=plus -n 20000 --seed 1")
    _run_arguments(comp, games)
    comp.add_argument("--variant", "-v", action="append", default=[], metavar="LABEL:KEY=VALUE,...",
                      help="a variant: a label, a colon and its options (e.g. plus:opening=plus; 'as is:' for the "
                           "game unchanged); repeat for each variant, the first is the one the others are tested against")
    comp.add_argument("--plot", help="save the comparison picture (.png, .svg, .pdf)")

    tour = sub.add_parser("tournament", help="round robin of agents, seats rotated",
                          description="Every pair of agents plays N games, each deal with both seatings; prints the "
                                      "cross-table of points per game.")
    tour.add_argument("game", help=f"one of: {', '.join(games)}")
    tour.add_argument("-n", "--games", type=int, default=100, help="games per pair (default 100, rounded up to even)")
    tour.add_argument("--agents", default="random,greedy", help="comma-separated agents (default random,greedy)")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--max-turns", type=int, default=None)
    tour.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    tour.add_argument("--plot", help="save the cross-table picture")
    tour.add_argument("--quiet", "-q", action="store_true")

    from .analysis.cli import add_command

    add_command(sub)
    sub.add_parser("games", help="list the games and their options")
    warm = sub.add_parser("warm", help="compile every game's fast engine into the cache (once, after installing)",
                          description="Compile every game's fast engine (numba kernels) into the cache, with a line "
                                      "per game, so that later runs start at once; name games to warm only those.",
                          epilog=f"example: python -m icewidgets warm {games[0]}")
    warm.add_argument("game", nargs="*", help=f"games to warm (default: all): {', '.join(games)}")
    notebooks = sub.add_parser("notebooks", help="copy the notebooks and their data into a folder, for a teacher",
                               description="Copy the notebooks that ship with icewidgets, and their data, into the "
                                           "folder DIR (made if needed). A file you changed is never overwritten: "
                                           "at a terminal you are asked; otherwise (input not a terminal, or ended "
                                           "with no answer) the new version is written beside it as "
                                           "'NAME (new).ipynb'. A file that is already the same is left alone. Each "
                                           "file is written whole or not at all. Exit status 2 for a DIR that cannot "
                                           "be used (a file, not writable), 1 if a write fails (a full disk).",
                               epilog="example: python -m icewidgets notebooks icewidgets-notebooks")
    notebooks.add_argument("folder", metavar="DIR", help="the folder to copy them into")
    policy = sub.add_parser("bench-policy", help="which rollout policy the analysis of a game should use",
                            description="Sample positions from whole games of the levels medium and easy, value each "
                                        "by rollouts of random and of greedy as the analysis plays them, and print how "
                                        "many rollouts finish and how well each policy predicts the final points "
                                        "(Brier score, its baseline and skill): a measurement, it takes minutes.",
                            epilog=f"example: python -m icewidgets bench-policy {games[0]} -n 100 --rollouts 32")
    _measurement_arguments(policy, games, seed=1, counts=[
        (("-n", "--positions"), 300, "positions per source level (default 300)"),
        (("--rollouts",), 64, "rollouts per position (default 64)")])
    ladder = sub.add_parser("ladder", help="every level of a game against the one below it",
                            description="Play random, easy, medium and hard each against the rung below (seats "
                                        "rotated) and print each match's points per game with its 95% interval and "
                                        "the seconds a move: each level should reach 0.70 a game, at most 1 s a move. "
                                        "A measurement: it takes minutes.",
                            epilog=f"example: python -m icewidgets ladder {games[0]} -n 12 --quick-n 100")
    _measurement_arguments(ladder, games, seed=17, counts=[
        (("-n", "--games"), 24, "games per match of hard (default 24)"),
        (("--quick-n",), 200, "games per match of the other levels (default 200)")])
    new = sub.add_parser("new-game", help="write a new game as a package of its own, ready to install and test",
                         description="Write a complete game plug-in into the folder DIR (which must not exist yet, "
                                     "or be empty): its pyproject.toml with the entry point, a package holding a small "
                                     "working game with every hook filled, and its tests (the contract, the outline, "
                                     "a golden playthrough). Then: pip install -e DIR, and pytest DIR.",
                         epilog="example: python -m icewidgets new-game hexrace hexrace --title 'Hex Race'")
    new.add_argument("name", metavar="NAME", help="the game's name: lower case letters, digits and _")
    new.add_argument("folder", metavar="DIR", help="the folder to write it into")
    new.add_argument("--title", default=None, help="the game's name as people write it (default: NAME capitalised)")
    guide = sub.add_parser("contributing", help="print the guide for game authors (CONTRIBUTING.md)",
                           description="Print CONTRIBUTING.md, which ships with icewidgets: how to write a game, its "
                                       "hooks and their formats, and the contract its tests check.",
                           epilog="example: python -m icewidgets contributing | less")
    guide.add_argument("--path", action="store_true", help="print only where the file is")
    return parser


def _measurement_arguments(command: argparse.ArgumentParser, games: Sequence[str], *, seed: int,
                           counts: Sequence[tuple[tuple[str, ...], int, str]]) -> None:
    """The arguments of a measurement of one game (bench-policy, ladder): the game, its counts, a
    seed and the game's options."""
    command.add_argument("game", help=f"one of: {', '.join(games)}")
    for flags, default, help_text in counts:
        command.add_argument(*flags, type=int, default=default, help=help_text)
    command.add_argument("--seed", type=int, default=seed)
    command.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")


def _run_arguments(command: argparse.ArgumentParser, games: Sequence[str]) -> None:
    """The settings of a run, shared by the playouts and compare commands."""
    from .playout import DEFAULT_PRECISION, ENGINES, MAX_GAMES

    command.add_argument("game", help=f"one of: {', '.join(games)}")
    command.add_argument("-n", "--games", type=int, default=None,
                         help=f"number of games (default: as many as --precision needs, at most {MAX_GAMES:,})")
    command.add_argument("--precision", type=float, default=None,
                         help="play until the 95%% interval of the first player's points is at most ± this "
                              f"(default {DEFAULT_PRECISION} without -n; with -n, -n caps the run)")
    command.add_argument("--agents", default="random",
                         help="comma-separated agents, one per seat or one for all: a level (easy, medium, hard) "
                              "or random, greedy, mcts, mcts:ITERATIONS (default random)")
    command.add_argument("--rotate-seats", action="store_true",
                         help="play each deal once per seating, so seat advantage and agent strength are told apart")
    command.add_argument("--seed", type=int, default=0,
                         help="run seed (default 0); game i uses SeedSequence(seed, spawn_key=(i,))")
    command.add_argument("--max-turns", type=int, default=None, help="stop games after this many turns (counted as unfinished)")
    command.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                         help="a game option, e.g. -o players=3 (repeatable; the games command lists each game's options)")
    command.add_argument("--engine", default="auto", choices=ENGINES,
                         help="auto (default): compiled kernels where they apply; reference: the rules engines")
    command.add_argument("--quiet", "-q", action="store_true", help="no progress bar")


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    from .playout import parse_options

    options: dict[str, Any] = {}
    for pair in pairs:
        try:
            options.update(parse_options(pair))
        except ValueError:
            raise _UsageError(f"option {pair!r} must be written KEY=VALUE, e.g. players=3") from None
    return options


def _variants(texts: Sequence[str]) -> dict[str, dict[str, Any]]:
    from .playout import parse_options

    if not texts:
        raise _UsageError("compare needs at least one --variant, e.g. --variant plus:opening=plus")
    variants: dict[str, dict[str, Any]] = {}
    for text in texts:
        label, sep, options = text.partition(":")
        if not sep or "=" in label:
            raise _UsageError(f"--variant {text!r} must be written LABEL:KEY=VALUE,... (e.g. plus:opening=plus)")
        if label.strip() in variants:
            raise _UsageError(f"--variant label {label.strip()!r} is given twice")
        try:
            variants[label.strip()] = parse_options(options)
        except ValueError as error:
            raise _UsageError(f"--variant {text!r}: {error}") from None
    return variants


def _agents(text: str) -> str:
    """The ``--agents`` text, once it is known to be an agent spec (the grammar of
    :func:`icewidgets.agents.parse_agents`, the same as the library's)."""
    from .agents import names_in, parse_agents

    if not names_in(text):
        raise _UsageError("--agents needs at least one agent name, e.g. random,greedy")
    parse_agents(text, "--agents")
    return text


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse an output file that could not be written, before any game is played or analysed:
    its name, its folder, and that a file can be made there (a read-only folder, ``/proc``)."""
    from .files import check_writable

    flag = ""
    try:
        if getattr(args, "out", None):
            flag = "--out"
            check_writable(args.out, flag, (".json", ".csv"))
        if getattr(args, "plot", None):
            flag = "--plot"
            check_writable(args.plot, flag, _picture_formats())
        if getattr(args, "json", None) not in (None, "-"):
            flag = "--json"
            check_writable(args.json, flag, (".json",))
    except OSError as error:  # a missing folder, a file for a folder, a folder for a file, no right to write
        raise _UsageError(f"{flag}: {error}") from None


def _write(path: str, write: Any) -> None:
    """Call ``write()``, which writes ``path``; a failure is one line (and exit status 1)."""
    try:
        write()
    except OSError as error:
        raise _WriteFailed(f"could not write {path!r}: {' '.join(str(error.strerror or error).split())}") from None


def _picture_formats() -> tuple[str, ...]:
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise _UsageError("--plot needs matplotlib: pip install matplotlib") from None
    return tuple(f".{suffix}" for suffix in FigureCanvasBase.get_supported_filetypes())


def _check_count(n: int | None) -> None:
    if n is not None and n < 1:
        raise _UsageError(f"-n must be at least 1 game, not {n}")


def _run(args: argparse.Namespace) -> int:
    from .games import available_games
    from .playout import compare, playouts, tournament

    if args.command == "games":
        import dataclasses

        from .games import game_class

        for name in available_games():
            cls = game_class(name)
            opts = ", ".join(f"{f.name}={f.default!r}" for f in dataclasses.fields(cls))
            print(f"{name:9} {cls.title}: {opts}")
        return 0
    if args.command == "notebooks":
        from .shipped import copy_notebooks

        at_terminal = sys.stdin is not None and sys.stdin.isatty()
        try:
            report = copy_notebooks(args.folder, ask=_Asker() if at_terminal else None)
        except (NotADirectoryError, FileExistsError, PermissionError) as error:
            raise _UsageError(error.strerror if isinstance(error, PermissionError) else str(error)) from None
        except OSError as error:  # a full disk: the file being written is left as it was
            raise _WriteFailed(f"could not write {error.filename!r}: {error.strerror or error}") from None
        print(report)
        return 0
    if args.command in ("new-game", "contributing"):
        from .newgame import new_game
        from .shipped import contributing_guide

        if args.command == "contributing":
            path = contributing_guide()
            print(path if args.path else path.read_text(encoding="utf-8"), end="\n" if args.path else "")
            return 0
        try:
            written = new_game(args.name, args.folder, title=args.title)
        except FileExistsError as error:
            raise _UsageError(str(error)) from None
        except OSError as error:
            raise _WriteFailed(f"could not write {args.folder!r}: {error.strerror or error}") from None
        print(f"wrote the game {args.name!r} into {args.folder} ({len(written)} files). Next:\n"
              f"  pip install -e {args.folder}    # registers it for every process\n"
              f"  pytest {args.folder}            # the contract, the outline, the golden playthrough, the rules\n"
              "Then change its rules into your game's, keeping the tests green: the guide is CONTRIBUTING.md\n"
              f"({contributing_guide()}; python -m icewidgets contributing prints it), 'Adding a game' and 'The hooks'.")
        return 0
    if args.command == "warm":
        from . import fast

        unknown = [name for name in args.game if name.lower() not in available_games()]
        if unknown:
            raise _UsageError(f"unknown game {unknown[0]!r}; available games: {', '.join(available_games())}")
        fast.warm(notify=lambda line: print(line, flush=True), games=[name.lower() for name in args.game] or None)
        return 0
    if args.command in ("analyse", "analyze"):
        from .analysis.cli import run

        _check_outputs(args)
        return run(args, lambda fig, path: _write(path, lambda: _save_figure(fig, path)))
    if args.game.lower() not in available_games():
        raise _UsageError(f"unknown game {args.game!r}; available games: {', '.join(available_games())}")
    if args.command in ("bench-policy", "ladder"):
        return _bench(args)
    _check_count(args.games)
    options = _options(args.option)
    agents = _agents(args.agents)
    _check_outputs(args)
    progress = False if args.quiet else "auto"
    if args.command == "playouts":
        results = playouts(args.game.lower(), args.games, agents=agents, seed=args.seed, max_turns=args.max_turns,
                           progress=progress, engine=args.engine, options=options, precision=args.precision,
                           rotate_seats=args.rotate_seats, branching_profile=args.branching_profile)
        print(results.summary())
        if args.out:
            _write(args.out, lambda: results.save(args.out))
            print(f"saved {results.n:,} games to {args.out}")
        if args.plot:
            _write(args.plot, lambda: _save_figure(results.plot(), args.plot))
            print(f"saved the dashboard to {args.plot}")
        return 130 if results.partial else 0
    if args.command == "compare":
        from .playout import resolve_game

        comparison = compare(resolve_game(args.game.lower(), options), _variants(args.variant), args.games,
                             agents=agents, seed=args.seed, max_turns=args.max_turns, progress=progress,
                             engine=args.engine, rotate_seats=args.rotate_seats, precision=args.precision)
        print(comparison)
        if args.plot:
            _write(args.plot, lambda: _save_figure(comparison.plot(), args.plot))
            print(f"saved the comparison to {args.plot}")
        return 0
    from .agents import parse_agents

    if len(parse_agents(agents)[0]) < 2:
        raise _UsageError("a tournament needs at least two agents, e.g. --agents random,greedy,mcts")
    table = tournament(args.game.lower(), agents, n=args.games, seed=args.seed, max_turns=args.max_turns,
                       progress=progress, options=options)
    print(table)
    if args.plot:
        _write(args.plot, lambda: _save_figure(table.plot().figure, args.plot))
        print(f"saved the cross-table to {args.plot}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    """The bench-policy and ladder commands (:mod:`icewidgets.bench`)."""
    from . import bench
    from .games import make

    options = _options(args.option)
    count = args.positions if args.command == "bench-policy" else args.games
    for flag, value in (("-n", count), ("--rollouts", getattr(args, "rollouts", 1)),
                        ("--quick-n", getattr(args, "quick_n", 1))):
        if value < 1:
            raise _UsageError(f"{flag} must be at least 1, not {value}")
    game = make(args.game.lower(), **options)
    label = game.name + "".join(f" {k}={v}" for k, v in options.items())
    if args.command == "bench-policy":
        print(bench.policy_table("", [])[0], flush=True)
        rows = bench.policy_rows(game, count, args.rollouts, args.seed)
        print("\n".join(bench.policy_table(label, rows, header=False)))
        return 0
    print("\n".join(bench.ladder_table([])), flush=True)
    bench.ladder_rows(game, count, args.quick_n, args.seed,
                      notify=lambda row: print(bench.ladder_table([row], header=False)[0], flush=True))
    print(bench.ladder_note())
    return 0


class _Asker:
    """Asks at a terminal whether a file the teacher changed may be replaced. No answer (the end
    of input, Ctrl-D) is "no", for this file and the ones after it: they are kept and the new
    versions written beside them."""

    def __init__(self) -> None:
        self.ended = False

    def __call__(self, name: str) -> bool:
        if self.ended:
            return False
        try:
            answer = input(f"You changed {name} since it was copied. Replace it with the new version? [y/N] ")
        except EOFError:
            self.ended = True
            print("\n(no answer: your files are kept; the new versions are written beside them)")
            return False
        return answer.strip().lower() in ("y", "yes")


def _discover_games() -> None:
    """Find the games of installed plug-ins now, saying in one line each why one is left out."""
    from .games import PluginWarning, discover

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PluginWarning)
        discover()
    for warning in caught:
        if issubclass(warning.category, PluginWarning):
            print(f"warning: {warning.message}", file=sys.stderr)
        else:
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)


def _save_figure(fig: Any, path: str) -> None:
    """Save ``fig`` whole or not at all, in the format its name says."""
    import matplotlib.pyplot as plt

    from .files import atomic_write

    try:
        with atomic_write(path, "wb", name="--plot") as fh:
            fig.savefig(fh, format=path.rsplit(".", 1)[-1].lower(), dpi=110, bbox_inches="tight")
    finally:
        plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad arguments)."""
    args = None
    try:  # a Ctrl-C while the commands are set up (numpy and the games load) is "interrupted" too
        _discover_games()
        parser = _parser()
        if "matplotlib.pyplot" not in sys.modules:
            try:
                import matplotlib

                matplotlib.use("Agg")  # pictures go to files: no window is needed
            except ImportError:
                pass
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 2
        return _run(args)
    except _UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as error:
        print(f"error: {_one_line(error)}", file=sys.stderr)
        return 2
    except _WriteFailed as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _pipe_closed()
    except Exception as error:  # a plug-in game's own bug is said in a line; the package's own, a traceback
        from .games import PLUGINS, failure_text

        name = str(getattr(args, "game", "")).lower()
        if name not in PLUGINS:
            raise
        print(f"error: the game {name!r} of the plug-in {PLUGINS[name]!r} failed: {failure_text(error)}",
              file=sys.stderr)
        return 1


def _pipe_closed() -> int:
    """The reader of the output went away (``… | head -1``): stop quietly, as a Unix tool does,
    with the status of a process ended by SIGPIPE (141)."""
    try:  # Python flushes stdout at exit: into the closed pipe that would print a traceback
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    return 141


def _one_line(error: Any) -> str:
    return " ".join(str(error).split())


if __name__ == "__main__":
    sys.exit(main())
