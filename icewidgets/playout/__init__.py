"""Playing many games: running and chunking, results, tournaments, progress.

- :mod:`.run`: :class:`PlayoutRun` (plan a run, play its chunks, join them) and :func:`playouts`;
  the seeding (:func:`game_rng`), the game a run plays (:func:`resolve_game`) and the ply
  limits (:data:`SAFETY_PLIES`, :func:`ply_limit`).
- :mod:`.chunks`: cutting a run into fixed chunks and playing them on threads or any executor.
- :mod:`.results`: :class:`PlayoutResults` (arrays, summaries, plots, JSON and CSV).
- :mod:`.tournament`: :func:`tournament` round robins.
- :mod:`.progress`: the progress bars.
"""

from .results import CORE_FIELDS, RESULT_CODES, PlayoutResults
from .run import ENGINES, SAFETY_PLIES, Chunk, PlayoutRun, game_rng, ply_limit, playouts, resolve_game
from .tournament import TournamentResults, tournament

__all__ = ["CORE_FIELDS", "ENGINES", "RESULT_CODES", "SAFETY_PLIES", "Chunk", "PlayoutResults", "PlayoutRun",
           "TournamentResults", "game_rng", "ply_limit", "playouts", "resolve_game", "tournament"]
