"""Analysis of one game: where it turned, what was better, and hints — for every game.

:func:`analyse` takes a whole game (a :class:`~icewidgets.Record`, a widget, or a game code)
and returns an :class:`Analysis`: the value of every position, and for every ply the move
played, the best move found, their values and the loss, with labels where the loss is real.
:func:`hint` gives the best few moves of one position. Both work for any game through the
protocol alone; a game tunes them with its :class:`~icewidgets.analyst.Analyst`.

**Values.** A value is each seat's *expected points* under the statistics convention — the
winners of a game share 1 point, a draw gives each seat 1/players — with a 95% interval. It is
the mean over *rollouts*: games played on from the position by the game's rollout policy
(``game.analyst.rollout``, chosen per game by measurement: see benchmarks/README.md), on the
compiled kernels where they apply and on the rules engines elsewhere, with exactly the same
games either way. A rollout that reaches the game's horizon (``game.analyst.horizon``, 1,000
plies by default) stops unfinished and counts like a draw; a one-player game scores 1 when won,
else 0. Chance plies (dice) inside rollouts are drawn by their probabilities, so the value of a
chance position is the probability-weighted mean over its outcomes, sampled. Rollouts are added
in batches until every interval is at most ±``precision`` wide (which caps them:
:func:`~.values.most_rollouts`, 385 at ±0.05). Finished positions, and positions where the game
proves a shortest win, have exact values. Details: :mod:`.values`.

A value is what the rollout policy makes of the position: 1.00 [0.96–1.00] says that every
rollout was won, as the policy plays on, not that the position is won. Greedy rollouts can be
sure and wrong where the greedy rule errs: in the first game's easy bot game of seed 1, ply 18
takes Player 1 to 1.00, because greedy Player 2 answers with a losing move in every rollout,
while the review of ply 19 finds Player 2 a reply worth 0.84 to them; the game ends in a
shared win (worth 0.5 to each, exactly). The review of the next ply, its best move and its
label, is where such a value is put to the test.

**Best moves.** At each decision the legal moves are compared by the value of the position
each leads to, for the player who moves: a move that ends the game is valued exactly (a move
that wins at once is worth 1), the others by successive halving with racing — every move gets a
few rollouts, the worse half and every move that is provably worse than the leader drop out,
the rest get twice as many, until the leaders are known to the precision. A position with 361
legal moves costs about log₂ 361 ≈ 9 rounds of 512 rollouts, not 361 × 385. Chance plies are not
decisions: they get values, but no best move, loss or label. Details: :mod:`.search`.

**Labels.** The loss of a move is the best move's value minus the played move's, for the player
who made it. Losses of at least 0.10, 0.20 and 0.30 expected points are an inaccuracy (``?!``),
a mistake (``?``) and a blunder (``??``) — given only when the two intervals separate. Each
player gets a mean loss (0 is perfect play, by the rollouts' judgement) and a count per label;
the *turning point* is the decision that swung its player's expected points most.

**Reproducible.** Every batch of rollouts is seeded from ``seed``, the ply and the move, so the
same seed gives the same analysis, whatever the machine or its cores. The compiled kernels and
the rules engines (``engine="reference"``) play the very same rollouts, so their analyses have
equal values, best moves, losses and labels (``positions`` and ``plies``); only ``engine`` and
``seconds`` tell them apart.

**Unfinished rollouts.** Every value records how many of its rollouts reached the end of the
game (``Value.finished``). When most of an analysis' rollouts did not, its values say little
(every one near 1/players), and ``analysis.warning`` says so: in ``str(analysis)``, the command
line, the widget's graph caption and narration, and :meth:`Analysis.plot` (with the game's
own advice, such as another goal to analyse under, where it gives one).

**Learn from your mistakes.** ``analysis.exercises(player)`` makes each labelled move of a
player an :class:`Exercise` (the position before it: find a better move, checked against the
analysis), and :func:`puzzles` finds positions of many games with one proved right move
(:class:`Puzzle`). Details: :mod:`.exercises`, :mod:`.puzzles`.

**Calibration.** :func:`calibration` measures how well the values predict how games end: the
Brier score against the baseline 1/players, and a reliability table and plot. Details:
:mod:`.reliability`. The calibration tests (tests/test_analysis_calibration.py) cover each game
with 1,000 games of the medium level, one position each at a uniformly random ply valued by 4
rollouts, whose Brier score must be below 0.85 times the baseline's, under the options each
game's case names there (the README's analysis section lists them, and which are left out).

**Stopping.** ``max_seconds``, a ``stop`` event (from a widget's background thread) or Ctrl-C
ends an analysis between batches; it keeps the plies finished so far (``analysis.stopped``
says why). ``progress(analysis_so_far)`` hears about every ply.

>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state()
>>> best = iw.hint(state, k=1, precision=0.1)[0]
>>> best.low <= best.value <= best.high
True
"""

from .reliability import Calibration, calibration
from .labels import LABELS, label_for
from .result import Analysis, PlayerSummary, PlyAnalysis
from .exercises import Exercise, ExerciseSet
from .puzzles import Puzzle, puzzles
from .run import analyse, evaluate, hint
from .search import Hint, Hints
from .values import Value, most_rollouts

__all__ = ["LABELS", "Analysis", "Calibration", "Exercise", "ExerciseSet", "Hint", "Hints", "PlayerSummary",
           "PlyAnalysis", "Puzzle", "Value", "analyse", "calibration", "evaluate", "hint", "label_for", "most_rollouts",
           "puzzles"]
