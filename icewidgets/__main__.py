"""Command line: ``python -m icewidgets playouts GAME -n 10000 --agents random,greedy``.

Subcommands:

- ``playouts GAME``: play many games and print the summary table (``--out`` saves JSON or CSV,
  ``--plot`` saves the dashboard as an image).
- ``tournament GAME``: a round robin of agents with seats rotated; prints the cross-table.
- ``games``: list the games and their options.
- ``warm``: compile every game's fast engine into the cache, so later runs start at once (run it
  once after installing; without numba it says the fast engine is unavailable and exits 0).

Bad arguments print one clear line and exit with status 2.
"""

from __future__ import annotations

import argparse
import ast
import sys
from typing import Any, Sequence


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit status 2
        raise _UsageError(message)


def _parser() -> argparse.ArgumentParser:
    from .games import available_games
    from .playout import ENGINES

    games = available_games()
    parser = _Parser(prog="python -m icewidgets", description="icewidgets: Icehouse-pyramid games from the command line.",
                     epilog="run `python -m icewidgets COMMAND --help` for a command's options")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("playouts", help="play many games and summarise them",
                          description="Play N whole games and print a summary with 95% intervals.",
                          epilog=f"example: python -m icewidgets playouts {games[0]} -n 10000 --agents random,greedy "
                                 "--seed 1 --out results.json --plot stats.png")
    play.add_argument("game", help=f"one of: {', '.join(games)}")
    play.add_argument("-n", "--games", type=int, default=1000, help="number of games (default 1000)")
    play.add_argument("--agents", default="random",
                      help="comma-separated agents, one per seat or one for all: a level (easy, medium, hard) or random, greedy, "
                           "mcts, mcts:ITERATIONS (default random)")
    play.add_argument("--seed", type=int, default=0, help="run seed (default 0); game i uses SeedSequence(seed, spawn_key=(i,))")
    play.add_argument("--max-turns", type=int, default=None, help="stop games after this many turns (counted as unfinished)")
    play.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option, e.g. -o players=3 (repeatable; the games command lists each game's options)")
    play.add_argument("--engine", default="auto", choices=ENGINES,
                      help="auto (default): compiled kernels where they apply; reference: the rules engines")
    play.add_argument("--out", help="save the results (.json or .csv)")
    play.add_argument("--plot", help="save the dashboard picture (.png, .svg, .pdf)")
    play.add_argument("--quiet", "-q", action="store_true", help="no progress bar")

    tour = sub.add_parser("tournament", help="round robin of agents, seats rotated",
                          description="Every pair of agents plays N games, seats rotated; prints the cross-table.")
    tour.add_argument("game", help=f"one of: {', '.join(games)}")
    tour.add_argument("-n", "--games", type=int, default=100, help="games per pair (default 100)")
    tour.add_argument("--agents", default="random,greedy", help="comma-separated agents (default random,greedy)")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--max-turns", type=int, default=None)
    tour.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE")
    tour.add_argument("--plot", help="save the cross-table picture")
    tour.add_argument("--quiet", "-q", action="store_true")

    sub.add_parser("games", help="list the games and their options")
    sub.add_parser("warm", help="compile every game's fast engine into the cache (once, after installing)",
                   description="Compile every game's fast engine (numba kernels) into the cache, with a line per "
                               "game, so that later runs start at once.")
    return parser


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise _UsageError(f"option {pair!r} must be written KEY=VALUE, e.g. players=3")
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            value = text
        options[key.strip()] = value
    return options


def _agents(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise _UsageError("--agents needs at least one agent name, e.g. random,greedy")
    return names


def _check_count(n: int) -> None:
    if n < 1:
        raise _UsageError(f"-n must be at least 1 game, not {n}")


def _run(args: argparse.Namespace) -> int:
    from .games import available_games
    from .playout import playouts, tournament

    if args.command == "games":
        import dataclasses

        from .games import game_class

        for name in available_games():
            cls = game_class(name)
            opts = ", ".join(f"{f.name}={f.default!r}" for f in dataclasses.fields(cls))
            print(f"{name:9} {cls.title}: {opts}")
        return 0
    if args.command == "warm":
        from . import fast

        fast.warm(notify=lambda line: print(line, flush=True))
        return 0
    if args.game.lower() not in available_games():
        raise _UsageError(f"unknown game {args.game!r}; available games: {', '.join(available_games())}")
    _check_count(args.games)
    options = _options(args.option)
    agents = _agents(args.agents)
    progress = False if args.quiet else "auto"
    if args.command == "playouts":
        results = playouts(args.game.lower(), args.games, agents=agents, seed=args.seed, max_turns=args.max_turns,
                           progress=progress, engine=args.engine, options=options)
        print(results.summary())
        if args.out:
            results.save(args.out)
            print(f"saved {results.n:,} games to {args.out}")
        if args.plot:
            _save_figure(results.plot(), args.plot)
            print(f"saved the dashboard to {args.plot}")
        return 130 if results.partial else 0
    if len(agents) < 2:
        raise _UsageError("a tournament needs at least two agents, e.g. --agents random,greedy,mcts")
    table = tournament(args.game.lower(), agents, n=args.games, seed=args.seed, max_turns=args.max_turns,
                       progress=progress, options=options)
    print(table)
    if args.plot:
        ax = table.plot()
        _save_figure(ax.figure, args.plot)
        print(f"saved the cross-table to {args.plot}")
    return 0


def _save_figure(fig: Any, path: str) -> None:
    fig.savefig(path, dpi=110, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad arguments)."""
    parser = _parser()
    if "matplotlib.pyplot" not in sys.modules:
        try:
            import matplotlib

            matplotlib.use("Agg")  # pictures go to files: no window is needed
        except ImportError:
            pass
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help()
            return 2
        return _run(args)
    except _UsageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except (ValueError, TypeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
