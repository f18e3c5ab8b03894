"""Teaching with an analysis: the self-checks of "Where did the game turn?", and games of bots
to analyse when no class game is at hand.

The questions a class asks of an :class:`~.result.Analysis` — which ply turned the game, where
is a blunder, what was better there, who played more accurately — are answered from the
analysis itself, so the checks hold for whatever game the class analyses. A ply may be given
as a number (``6``, ``"6"``, ``"ply 6"``) or as the move played there, in any case (a move
played more than once names each of its plies: :func:`check_blunder` judges them together, the
other checks ask for the number); a player by name (in any case) or by number, counting from 1.

>>> import icewidgets as iw
>>> record = bot_game(iw.available_games()[0], "easy", seed=1, max_plies=6)
>>> analysis = iw.analyse(record, precision=0.2)
>>> check_turning_point(analysis, analysis.turning_point.ply).right
True
>>> check_turning_point("my game", 3)
✘ Not yet: give the analysis (what iw.analyse returns) first, not 'my game'.
"""

from __future__ import annotations

import numbers
import re
from typing import Any

import numpy as np

from .. import agents as agents_module
from .. import checks
from ..protocol import CHANCE, Game
from ..record import Record
from ..teaching import Verdict, move_reader, move_text, read_number, self_check, shown
from ..words import article, plural
from .exercises import exercise_at
from .labels import LABELS, SYMBOLS
from .result import Analysis, PlyAnalysis

__all__ = ["bot_game", "check_best_move", "check_blunder", "check_more_accurate", "check_turning_point", "read_plies",
           "read_ply"]

NONE_WORDS = ("none", "no", "nobody", "no blunder", "there is none", "there is no blunder")
"""Answers that say there is no blunder."""


BOT_GAME_PLIES = 1000
"""The most plies :func:`bot_game` plays when neither ``max_plies`` nor the game bounds them."""


def bot_game(game: Game | str, agents: Any = "easy", seed: int = 0, max_plies: int | None = None) -> Record:
    """A game between bots, as a :class:`~icewidgets.Record` to analyse: ``agents`` (an agent
    spec: one for every seat, or one per seat) play from ``game``'s start with ``seed`` (which
    also draws their moves and the dice) until the game ends or ``max_plies`` plies are played
    (default: the game's own bound, ``max_turns``, or else :data:`BOT_GAME_PLIES`, so that a game
    that may never end, such as one whose goal the bots never meet, stops).

    The easy level (the greedy rule, but three moves in four at random) leaves mistakes to
    find. The same arguments always give the same game.

    >>> import icewidgets as iw
    >>> len(bot_game(iw.available_games()[0], "medium", seed=3, max_plies=5))
    5
    """
    record = Record.new(game, seed=checks.seed(seed))
    made = record.make_game()
    players = made.num_players
    chosen, _ = agents_module.parse_agents(agents)
    if len(chosen) not in (1, players):
        raise ValueError(f"agents={agents!r} names {len(chosen)} agents; give one for every seat or one per seat "
                         f"({players})")
    chosen = chosen * players if len(chosen) == 1 else chosen
    max_plies = checks.whole(max_plies, "max_plies", low=1, none=True)
    if max_plies is None:  # a game that may never end stops here
        max_plies = made.ply_bound or BOT_GAME_PLIES
    rng = np.random.default_rng(seed)
    state, plies = record.start_state(), []
    while not state.is_over and len(plies) < max_plies:
        if state.to_move == CHANCE:
            move = agents_module.chance_move(state, rng)
            state = state.play(move)
        else:
            agent = chosen[state.to_move]
            try:
                move = agent(state, rng)
            except Exception as error:  # an agent's own bug: said whose and where
                agents_module.note_agent_error(error, agent, state, len(plies) + 1)
                raise
            state = agents_module.play_chosen(state, move, agent, len(plies) + 1)  # an agent of one's own may be wrong
        plies.append(str(move))
    return record.extend(plies)


# Reading answers ------------------------------------------------------------------------------------


def _no_analysis(analysis: Any) -> Verdict | None:
    """Why the questions cannot be answered from ``analysis``, or None."""
    if not isinstance(analysis, Analysis):
        return Verdict(False, f"give the analysis (what iw.analyse returns) first, not {shown(analysis)}")
    if not analysis.plies:
        return Verdict(False, "the analysis has no ply yet: analyse a game with at least one move")
    return None


def _example_move(analysis: Analysis) -> str:
    return next((ply.move for ply in analysis.plies if not ply.chance), analysis.plies[0].move)


def read_plies(analysis: Analysis, answer: Any) -> list[PlyAnalysis] | Verdict:
    """The analysed plies ``answer`` names: the one ply of a ply number (an int, ``"6"``,
    ``"ply 6"``), or every ply at which the move ``answer`` (any case) was played; or a
    :class:`Verdict` saying why it names none."""
    first, last = analysis.plies[0].ply, analysis.plies[-1].ply
    asked = f"give a ply number, like {first}, or the move played there, like {_example_move(analysis)!r}, " \
            f"not {shown(answer)}"
    text = _answer_text(analysis, answer)
    number = read_number(text if text is not None else answer)
    if number is not None:
        if number.denominator != 1:
            return Verdict(False, asked)
        if not first <= number <= last:
            return Verdict(False, f"there is no ply {shown(int(number))} in this analysis: its plies are numbered "
                                  f"{first} to {last}")
        return [analysis.plies[int(number) - first]]
    if not text:
        return Verdict(False, asked)
    try:
        move = move_reader(analysis.record.make_game())(text)
    except ValueError:
        return Verdict(False, asked)
    found = [ply for ply in analysis.plies if ply.move == move]
    if not found:
        return Verdict(False, f"{text} was not played in this game (or not in the plies analysed)")
    return found


def _answer_text(analysis: Analysis, answer: Any) -> str | None:
    """The text of a ply answer as the student wrote it (a move object as its notation), without
    ``"ply"`` before it; None for an answer that is no text."""
    played = None if isinstance(answer, (str, numbers.Number)) else move_text(analysis.record.make_game(), answer)
    text = played or (answer.strip() if isinstance(answer, str) else None)  # a move object: as its text
    return None if text is None else re.sub(r"^ply\s*", "", text, flags=re.I).strip().rstrip(".!")


def _plies_words(plies: list[PlyAnalysis]) -> str:
    """``"12 and 23"``."""
    return ", ".join(str(ply.ply) for ply in plies[:-1]) + f" and {plies[-1].ply}"


def read_ply(analysis: Analysis, answer: Any) -> PlyAnalysis | Verdict:
    """The analysed ply ``answer`` names — a ply number (an int, ``"6"``, ``"ply 6"``) or the move
    played there (any case; it must have been played only once) — or a :class:`Verdict` saying
    why it names none."""
    found = read_plies(analysis, answer)
    if isinstance(found, Verdict):
        return found
    if len(found) > 1:
        return Verdict(False, f"{_answer_text(analysis, answer)} was played at plies {_plies_words(found)}: give the "
                              "ply number")
    return found[0]


def _ply_words(analysis: Analysis, ply: PlyAnalysis) -> str:
    """``"ply 6, Player 2's c3-b3,"``."""
    return f"ply {ply.ply}, {analysis.names[ply.player]}'s {ply.move},"


def _roll(ply: PlyAnalysis) -> Verdict:
    return Verdict(False, f"ply {ply.ply} is a roll of the dice ({ply.move}), not a move a player chose")


def _label_words(name: str) -> str:
    return f"{article(name)} ({SYMBOLS[name]})"


# The checks ------------------------------------------------------------------------------------------


@self_check
def check_turning_point(analysis: Analysis, answer: Any) -> Verdict:
    """Whether ``answer`` names the turning point of ``analysis``: the move that changed its
    player's expected points the most (``analysis.turning_point``), as a ply number or the move."""
    problem = _no_analysis(analysis)
    if problem is not None:
        return problem
    ply = read_ply(analysis, answer)
    if isinstance(ply, Verdict):
        return ply
    turning = analysis.turning_point
    if turning is None:
        return Verdict(False, "no move changed its player's expected points in this analysis, so it has no turning "
                              "point")
    if ply.chance:
        return _roll(ply)
    if ply.ply == turning.ply:
        return Verdict(True, analysis.narration)
    before, after = ply.before.points[ply.player], ply.points
    return Verdict(False, f"{_ply_words(analysis, ply)} took their expected points from {before:.2f} to {after:.2f} "
                          f"({after - before:+.2f}); another move changed its player's more")


def _blunder_words(ply: PlyAnalysis) -> str:
    """``"it lost 0.45 expected points; b2-a3 was worth 0.92 to them, b2-c2 0.47"``."""
    best = ply.best_value.points[ply.player]
    return (f"it lost {ply.loss:.2f} expected points; {ply.best} was worth {best:.2f} to them, "
            f"{ply.move} {ply.points:.2f}")


def _not_blunder(analysis: Analysis, ply: PlyAnalysis, least: float) -> str:
    """Why the decision ``ply`` is no blunder, in words."""
    words = _ply_words(analysis, ply)
    if ply.label is not None:
        return (f"{words} is {_label_words(ply.label)}, not a blunder: it lost {ply.loss:.2f} expected points, and a "
                f"blunder loses at least {least:.2f}")
    if not ply.loss:
        return f"{words} is the best move the analysis found: it lost nothing"
    if ply.loss >= LABELS[-1][1]:
        return (f"{words} has no label: by the estimates it lost {ply.loss:.2f} expected points, but the intervals "
                "of the two moves overlap, so that is not sure")
    return f"{words} has no label: it lost only {ply.loss:.2f} expected points"


@self_check
def check_blunder(analysis: Analysis, answer: Any) -> Verdict:
    """Whether ``answer`` names a blunder (``??``) of ``analysis`` — a ply number or the move —
    or, when the game has none, says so (``"none"``). A move played at several plies names
    them all: right when each of them is a blunder, wrong when none is, and only when some are
    and some are not is the ply number asked for."""
    problem = _no_analysis(analysis)
    if problem is not None:
        return problem
    blunders = [ply for ply in analysis.plies if ply.label == "blunder"]
    least = next(loss for name, loss, _ in LABELS if name == "blunder")
    if isinstance(answer, str) and " ".join(answer.lower().split()).strip(".!") in NONE_WORDS:
        if blunders:
            return Verdict(False, f"you answered {answer!r}, but this game has {plural(len(blunders), 'blunder')}: "
                                  f"look for {SYMBOLS['blunder']} on the graph or in the table")
        return Verdict(True, f"this game has no blunder: no move lost {least:.2f} expected points or more with its "
                             "interval clear of the best move's")
    plies = read_plies(analysis, answer)
    if isinstance(plies, Verdict):
        return plies
    if plies[0].chance:  # a roll's text is a roll wherever it was thrown
        return _roll(plies[0])
    if len(plies) == 1:
        ply = plies[0]
        if ply.label == "blunder":
            return Verdict(True, f"{_ply_words(analysis, ply)} is a blunder ({SYMBOLS['blunder']}): "
                                 f"{_blunder_words(ply)}")
        return Verdict(False, _not_blunder(analysis, ply, least))
    found = [ply for ply in plies if ply.label == "blunder"]
    played = f"{_answer_text(analysis, answer)} was played at plies {_plies_words(plies)}"
    every = "both" if len(plies) == 2 else f"all {len(plies)}"
    if len(found) == len(plies):
        return Verdict(True, f"{played}, and {every} are blunders ({SYMBOLS['blunder']}): " + "; ".join(
            f"at ply {ply.ply} {analysis.names[ply.player]} lost {ply.loss:.2f} expected points ({ply.best} was worth "
            f"{ply.best_value.points[ply.player]:.2f} to them, {ply.move} {ply.points:.2f})" for ply in plies))
    if not found:
        return Verdict(False, f"{played}, and {'neither' if len(plies) == 2 else 'none'} is a blunder: " + "; ".join(
            _not_blunder(analysis, ply, least) for ply in plies))
    return Verdict(False, f"{played}, a blunder at {'one' if len(found) == 1 else 'some'} of them only: give the ply "
                          "number")


@self_check
def check_best_move(analysis: Analysis, ply: Any, answer: Any) -> Verdict:
    """Whether ``answer`` (a move, in any case) is a best move at ``ply`` (a ply number, or the
    move played there): what the player should have played instead.

    Right are the best move the analysis found, and every move it cannot tell apart from it:
    by the rule of the exercises "find a better move" (:meth:`.exercises.Exercise.compare`),
    a move proved to win, or one whose value is within the analysis' precision of the best
    found. The move played is right only if it is the best found."""
    problem = _no_analysis(analysis)
    if problem is not None:
        return problem
    found = read_ply(analysis, ply)
    if isinstance(found, Verdict):
        return found
    if found.chance:
        return Verdict(False, f"ply {found.ply} is a roll of the dice ({found.move}): there is no move to choose")
    game = analysis.record.make_game()
    text = move_text(game, answer)
    if text is None:
        return Verdict(False, f"give the move as a text like {found.move!r}, not {shown(answer)}")
    answer = text
    try:
        move = move_reader(game)(answer.strip())
    except ValueError as error:
        return Verdict(False, str(error))
    exercise = exercise_at(analysis, found)
    why = exercise.state.why_illegal(move)
    if why is not None:
        return Verdict(False, f"{answer.strip()} is not a legal move at ply {found.ply}: {why}")
    name = analysis.names[found.player]
    best = found.best_value.points[found.player]
    if move == found.best and move == found.move:
        return Verdict(True, f"{move} was played at ply {found.ply}, and it is the best move the analysis found for "
                             f"{name}: {best:.2f} expected points")
    if move == found.best:
        return Verdict(True, f"at ply {found.ply} the best move found for {name} was {move}: {best:.2f} expected "
                             f"points, against {found.points:.2f} for {found.move}, the move played")
    if move == found.move:
        return Verdict(False, f"{answer.strip()} is the move played at ply {found.ply}: it lost {found.loss:.2f} "
                              "expected points against the best move found")
    right, words = exercise.compare(move)
    if right:
        return Verdict(True, f"{words}: the analysis cannot tell it apart from {found.best}, the best move it found, "
                             "so both are right")
    return Verdict(False, f"{words} (the table's best column names the best move found)")


def _read_player(analysis: Analysis, answer: Any) -> int | None:
    names = [name.lower() for name in analysis.names]
    if isinstance(answer, str):
        key = " ".join(answer.lower().split()).strip(".!'\"")
        if key in names:
            return names.index(key)
        answer = key
    number = read_number(answer)
    if number is not None and number.denominator == 1 and 1 <= number <= len(names):
        return int(number) - 1
    return None


@self_check
def check_more_accurate(analysis: Analysis, answer: Any) -> Verdict:
    """Whether ``answer`` (a player's name in any case, or number from 1) is the player who
    played more accurately in ``analysis``: the lower mean loss per move (any of the best on a tie)."""
    problem = _no_analysis(analysis)
    if problem is not None:
        return problem
    names = analysis.names
    player = _read_player(analysis, answer)
    if player is None:
        return Verdict(False, f"answer a player's name ({', '.join(names)}) or number (1 to {len(names)}), not "
                              f"{shown(answer)}")
    summaries = [summary for summary in analysis.summary() if summary.moves]
    losses = "; ".join(f"{s.name} {s.mean_loss:.3f}" for s in summaries)
    mine = next((s for s in summaries if s.player == player), None)
    if mine is None:
        return Verdict(False, f"{names[player]} made no move in the plies analysed")
    lowest = min(s.mean_loss for s in summaries)
    if mine.mean_loss <= lowest + 1e-12:
        return Verdict(True, f"expected points lost per move on average: {losses}; the lower, the more accurate")
    best = next(s for s in summaries if s.mean_loss <= lowest + 1e-12)
    return Verdict(False, f"you answered {shown(answer)}: {mine.name} lost {mine.mean_loss:.3f} expected points per "
                          f"move on average, {best.name} only {best.mean_loss:.3f}")
