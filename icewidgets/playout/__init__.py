"""Playing many games: running and chunking, results, balance reports, comparisons, tournaments, progress.

- :mod:`.run`: :class:`PlayoutRun` (plan a run, play its chunks, join them) and :func:`playouts`;
  the game a run plays (:func:`resolve_game`), the ply
  limits (:data:`SAFETY_PLIES`, :func:`ply_limit`) and runs played to a precision
  (:class:`PrecisionRule`).
- :mod:`.engines`: the rules engines' loop and the compiled kernels, each playing a :class:`Chunk`
  of games; the seeding (:func:`game_rng`).
- :mod:`.chunks`: cutting a run into fixed chunks and playing them on threads or any executor.
- :mod:`.results`: :class:`PlayoutResults` (arrays, the points convention, plots, JSON and CSV).
- :mod:`.balance`: the balance metrics of one game (lead changes, comebacks, branching profile).
- :mod:`.report`: the balance report (``results.summary()``), every metric with its interval.
- :mod:`.compare`: :func:`compare`, variants of a game side by side with tests.
- :mod:`.tournament`: :func:`tournament` round robins, seats rotated.
- :mod:`.progress`: the progress bars.
"""

from .compare import Comparison, compare
from .engines import Chunk, game_rng
from .results import BALANCE_FIELDS, CORE_FIELDS, GENERIC_FIELDS, RESULT_CODES, PlayoutResults, game_points
from .run import (DEFAULT_PRECISION, ENGINES, MAX_GAMES, SAFETY_PLIES, PlayoutRun, PrecisionRule, parse_options,
                  ply_limit, playouts, resolve_game)
from .tournament import TournamentResults, tournament

__all__ = ["BALANCE_FIELDS", "CORE_FIELDS", "DEFAULT_PRECISION", "ENGINES", "GENERIC_FIELDS", "MAX_GAMES",
           "RESULT_CODES", "SAFETY_PLIES", "Chunk", "Comparison", "PlayoutResults", "PlayoutRun", "PrecisionRule",
           "TournamentResults", "compare", "game_points", "game_rng", "parse_options", "ply_limit", "playouts",
           "resolve_game", "tournament"]
