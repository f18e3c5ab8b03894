"""Helpers for the teaching notebooks: pictures in a row, and self-checks that work for any game.

:func:`pictures` draws states side by side as images with captions. An image, unlike a bare
SVG output, shows even in a notebook that is not trusted yet (a fresh checkout, Binder), so a
stored notebook reads well before anyone runs it.

>>> import icewidgets as iw
>>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
>>> row = pictures(("the start", state), state)
>>> row.html.count("<img"), row.html.count(">the start</figcaption>")
(2, 1)
>>> check_stack(state, "a1", state.stack("a1")).right
True
"""

from __future__ import annotations

import base64
import dataclasses
import html
import numbers
import re
from fractions import Fraction
from typing import Any

from .protocol import State
from .record import CODE_PREFIX, Record
from .teaching import (WINNER_WORDS, Verdict, clip_quoted, plain_answer, quoted, read_number, read_words, self_check,
                       shown)
from .words import plural

__all__ = ["DRAW_WORDS", "NOBODY_WORDS", "Pictures", "check_agent", "check_best_seat", "check_bigger_edge",
           "check_difference", "check_fair_share", "check_game_code", "check_stack", "pictures"]


@dataclasses.dataclass(frozen=True, repr=False)
class Pictures:
    """A row of pictures (wrapping on narrow screens); a notebook shows its ``html``."""

    html: str

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<{plural(self.html.count('<img '), 'picture')}>"


_WIDTH = re.compile(r'<svg\b[^>]*?\swidth="([\d.]+)"')


def pictures(*items: Any, size: float | str | None = None, **options: Any) -> Pictures:
    """Pictures side by side: each item a State, a Record (its final position), SVG text, or a
    ``(caption, item)`` pair.

    ``size`` and the other keyword arguments (``selected``, ``targets``, ``theme``, …) go to
    :func:`icewidgets.svg.board` for every state; without ``size`` a picture has its natural
    size, readable at 100% zoom.
    """
    from . import svg

    figures = []
    for item in items:
        caption, what = item if isinstance(item, tuple) else ("", item)
        if isinstance(what, Record):
            what = what.final_state()
        if isinstance(what, State):
            what = svg.board(what, size=size, **options)
        if not isinstance(what, str) or not what.lstrip().startswith("<svg"):
            raise TypeError(f"pictures() draws states, records and SVG text, not {type(what).__name__}")
        found = _WIDTH.search(what)
        width = f' width="{found.group(1)}"' if found else ""
        data = base64.b64encode(what.encode()).decode()
        label = html.escape(str(caption))
        figures.append(f'<figure style="margin:0"><img src="data:image/svg+xml;base64,{data}"{width} alt="{label}">'
                       f'<figcaption style="max-width:{found.group(1) if found else 400}px">{label}</figcaption></figure>')
    return Pictures('<div style="display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start">'
                    + "".join(figures) + "</div>")


# Self-checks for any game -------------------------------------------------------------------


def _stack_text(answer: Any) -> str | None:
    """A student's stack as one text: ``"G3Y2B1"``, ``"g3 y2 b1"``, ``["G3", "Y2", "B1"]`` or
    ``"G3, Y2, B1"`` all give ``"G3Y2B1"``; ``"."``, ``""`` and ``[]`` the empty stack; None for
    anything else (a number)."""
    words = read_words(answer)
    if words is None:
        return None
    text = "".join(words)
    text = text.upper() if "@" not in text else re.sub(r"[^@]+", lambda part: part.group().upper(), text)
    return text if text.strip(".") else "."


@self_check
def check_stack(state: State, square: str, answer: Any) -> Verdict:
    """Whether ``answer`` is the stack of ``square`` in ``state``, bottom piece first: a text
    (``"G3Y2B1"``, in any case, spaces or commas between the pieces allowed) or a list of pieces
    (``["G3", "Y2", "B1"]``); ``"."`` for an empty square."""
    from .pieces import tokens

    if not isinstance(state, State):
        return Verdict(False, f"give a position (a state) first, not {shown(state)}")
    described = not isinstance(square, str) and " " in shown(square)  # an int too long to print, a table
    square = shown(square) if described else str(square).strip().lower()
    if square not in state.game.grid.names:
        return Verdict(False, f"{square if described else quoted(square)} is not a square of the board")
    right = state.stack(square)
    given = _stack_text(answer)
    if given is None:
        return Verdict(False, f"write the stack as a text like 'R1R2R3' or a list like ['R1', 'R2', 'R3'], "
                              f"not {shown(answer)}")
    if given == right:
        return Verdict(True, f"{square} holds {right} (bottom first)")
    theirs = tokens(given) if given != "." else []
    if given != "." and "".join(theirs) != given:
        read = 0  # the length of the text read as pieces before the first word that is none
        for token in theirs:
            if not given.startswith(token, read):
                break
            read += len(token)
        bad = given[read:read + 2]
        return Verdict(False, f"{shown(answer)} is not a stack: {bad!r} is no piece (a piece is a colour letter and "
                              f"a size, like R1 or G3)")
    if right == ".":
        return Verdict(False, f"{square} is empty: write it as '.', not {shown(answer)}")
    mine = tokens(right)
    if sorted(mine) == sorted(theirs):
        return Verdict(False, f"{shown(answer)} has the right pieces but not their order: a stack is written "
                              "bottom first")
    if len(mine) != len(theirs):
        return Verdict(False, f"{square} holds {plural(len(mine), 'piece')}, your stack {shown(answer)} has "
                              f"{len(theirs)}")
    wrong = next(t for m, t in zip(mine, theirs) if m != t)
    return Verdict(False, f"look at {square} again: {wrong} is not right (the letter names the colour, the digit "
                          "the size)")


NOBODY_WORDS = ("nobody", "no one", "none", "noone")
"""Answers that say nobody won (a game not over, or a draw): :func:`check_game_code` reads them."""

DRAW_WORDS = ("draw", "tie", "drawn")
"""Answers that say a finished game was drawn."""


@self_check
def check_game_code(code: str, plies: Any, winner: Any) -> Verdict:
    """Whether the game packed in ``code`` has ``plies`` plies and was won by ``winner``: a
    player's name as the game writes it, in any case (also as ``"Light wins"``; for a shared win,
    any of the winners), or ``"nobody"`` (a game not over, or drawn: also ``"draw"`` then)."""
    from .protocol import NotationError

    if not isinstance(code, str):
        return Verdict(False, f"give the game code as a text (it starts with {CODE_PREFIX!r}), not {shown(code)}")
    try:
        record = Record.from_code(code)
    except NotationError as error:
        return Verdict(False, f"that is not a game code: {error}")
    final = record.final_state()
    game = final.game
    players = [game.player_name(p) for p in range(game.num_players)]
    names = [game.player_name(p) for p in final.winners] or ["nobody"]
    count = read_number(plies)
    if count is None:
        return Verdict(False, f"give the number of plies as a number, not {shown(plies)}")
    if not isinstance(winner, str):
        return Verdict(False, f"give the winner as a name, like {players[0]!r} or 'nobody', not {shown(winner)}")
    core = plain_answer(winner, WINNER_WORDS)
    key = " ".join(core.split()).strip(".!").lower() if isinstance(core, str) else ""
    named = next((name for name in players if name.lower() == key), None)
    if named is None and (key in NOBODY_WORDS or key in DRAW_WORDS and final.is_over):
        named = "nobody"
    if named is not None and named in names:
        wrong_winner = ""
    elif key in DRAW_WORDS:
        wrong_winner = ("the game has a winner, not a draw: look at final_state().winners again" if final.is_over else
                        "the game is not over, so it is not drawn: look at final_state().is_over")
    elif named is None:
        wrong_winner = f"{quoted(winner)} names no player of this game: answer {', '.join(players)} or 'nobody'"
    else:
        wrong_winner = (f"{'the game has a winner, not nobody' if named == 'nobody' else named + ' did not win'}: "
                        "look at final_state().winners again")
    if count != len(record) and wrong_winner:
        return Verdict(False, f"{shown(plies)} plies is not the count (len(record) counts them), and {wrong_winner}")
    if count != len(record):
        return Verdict(False, f"the winner is right, but count the plies again ({shown(plies)} is not it): "
                              "len(record) counts them")
    if wrong_winner:
        return Verdict(False, f"the number of plies is right, but {wrong_winner}")
    if not final.is_over:
        return Verdict(True, f"{plural(len(record), 'ply', 'plies')}; the game is not over, so nobody has won yet")
    reason = final.end_reason or "it was stopped"
    if not any(reason.startswith(name) for name in players):
        reason = reason[0].lower() + reason[1:]
    if names == ["nobody"]:
        return Verdict(True, f"{plural(len(record), 'ply', 'plies')}; the game is over ({reason}), and nobody won")
    return Verdict(True, f"{plural(len(record), 'ply', 'plies')}; the game is over ({reason}), and "
                         f"{' and '.join(names)} won")


AGENT_GAMES = 10_000
"""The most games :func:`check_agent` plays: a classroom check answers in minutes at most."""


@self_check
def check_agent(agent: Any, game: Any, *, against: Any = "random", games: int = 10, at_least: float | None = None,
                seed: int = 0) -> Verdict:
    """Whether ``agent`` plays whole games of ``game`` (a name or a Game) against ``against``,
    half of them in each seat, with legal moves only; with ``at_least``, whether it also scores
    at least that many points per game (a win 1, a win shared by k 1/k, a draw 1/players).

    Games that reach the game's turn limit are not whole: the verdict then says whether games of
    ``against`` against itself reach it too (the game's nature) or not (is the agent stuck?).
    Two-player games only (one seat for the agent, one for the opponent). ``games`` is from 1 to
    :data:`AGENT_GAMES`, ``seed`` a whole number from 0 to 2**64 - 1. An error or an illegal move
    of the opponent is told as the opponent's.
    """
    from .agents import parse_agents
    from .playout import playouts
    from .playout.run import ply_limit, resolve_game

    if not callable(agent) and not isinstance(agent, str):
        return Verdict(False, "an agent is a function agent(state, rng) that returns a move, or the name of one "
                              f"(like 'random', 'greedy', 'mcts:50' or 'easy'), not {shown(agent)}")
    goal = None if at_least is None else read_number(at_least)
    if at_least is not None and goal is None:
        return Verdict(False, f"give at_least as a number of points per game, like 0.8, not {shown(at_least)}")
    if goal is not None and not 0 <= goal <= 1:
        why = "can never be met: a game gives at most 1 point" if goal > 1 else "is no goal: a game gives at least 0 points"
        return Verdict(False, f"at_least={shown(at_least)} {why}; give a number from 0 to 1, like 0.8")
    # the arguments are checked here, so that a bad one is not reported as the agent's failure
    for value, name, low, high in ((games, "games", 1, AGENT_GAMES), (seed, "seed", 0, 2**64 - 1)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not low <= value <= high:
            bound = f"{high:,} (a classroom check plays at most that many)" if name == "games" else "2**64 - 1"
            return Verdict(False, f"{name}= must be a whole number from {low} to {bound}, not {shown(value)}")
    games, seed = int(games), int(seed)
    names = []
    for name, spec in (("", agent), ("against=", against)):
        try:
            found = parse_agents(spec, name=name.rstrip("=") or "agent")[1]
        except (TypeError, ValueError) as error:
            said = clip_quoted(str(error))
            return Verdict(False, said if not name or said.startswith(name) else f"{name}{shown(spec)}: {said}")
        if len(found) != 1:
            return Verdict(False, f"{name or 'the agent '}{shown(spec)} names {len(found)} agents; give one")
        names.append(found[0])
    try:
        game = resolve_game(game)
    except (TypeError, ValueError) as error:
        return Verdict(False, str(error))
    if game.num_players != 2:
        return Verdict(False, f"check_agent plays two-player games; {game.title} here has "
                              f"{plural(game.num_players, 'player')}")
    first, second = (games + 1) // 2, games // 2
    points = []
    unfinished = 0
    seat = 0
    try:
        for seat, count, agents in ((0, first, (agent, against)), (1, second, (against, agent))):
            if count:
                results = playouts(game, count, agents=agents, seed=seed + seat, progress=False, engine="reference")
                points.extend(results.points(seat).tolist())
                unfinished += int(results.outcome("unfinished").sum())
    except Exception as error:  # the agent's own bug, told to the student instead of a traceback
        notes = "".join(f" ({note})" for note in getattr(error, "__notes__", ()))  # whose, where: the engine's note
        said = clip_quoted(f"{type(error).__name__}: {error}{notes}")
        where = re.search(r"\bin seat (\d+) at ply", said)  # the seat that failed, as the engine tells it
        if where and int(where.group(1)) != seat + 1:
            return Verdict(False, f"the opponent {names[1]!r} failed (not your agent): {said}")
        return Verdict(False, f"the agent failed: {said}")
    if unfinished:
        # Some games outlast any turn limit whoever plays them (random play may never reach a goal):
        # the opponent against itself tells the game's nature from an agent that never gets on.
        limit = (f"{game.max_turns:,} turns" if getattr(game, "max_turns", None) else
                 f"{ply_limit(game):,} plies")
        told = f"{unfinished} of the {plural(games, 'game')} reached the limit of {limit} without a winner"
        try:
            alone = int(playouts(game, games, agents=(against, against), seed=seed, progress=False,
                                 engine="reference").outcome("unfinished").sum())
        except Exception:  # an opponent that fails alone cannot tell: say what is known
            return Verdict(False, told)
        opponent = f"{names[1]} against {names[1]}"
        if alone:
            return Verdict(False, f"{told}, and so did {alone} of {plural(games, 'game')} of {opponent}: "
                                  f"{game.title} games can last that long whatever the agents, so whole games "
                                  "cannot be checked here")
        return Verdict(False, f"{told}, though {plural(games, 'game')} of {opponent} all finished: does your agent "
                              "always make progress?")
    mean = sum(points) / len(points)
    told = f"it played {plural(len(points), 'whole game')} with legal moves and scored {mean:.2f} points per game"
    if goal is not None and mean < goal:
        return Verdict(False, f"{told}; the goal is {float(goal):.2f}")
    return Verdict(True, told)


# Self-checks of the statistics notebook ------------------------------------------------------------


def _estimates(results: Any) -> dict[str, Any]:
    """The report's estimates of playout results by metric key; ValueError if ``results`` is
    not what ``iw.playouts`` returns."""
    from .playout.results import PlayoutResults

    if not isinstance(results, PlayoutResults):
        raise ValueError(f"give the results of iw.playouts(...), not {shown(results)}")
    return {metric.key: metric.estimate for metric in results.balance() if metric.estimate is not None}


def _points(estimate: Any) -> str:
    return f"{100 * estimate.value:.1f}% [{100 * estimate.low:.1f}–{100 * estimate.high:.1f}]"


@self_check
def check_difference(comparison: Any, answer: Any, variant: str | None = None, metric: str = "first_player") -> Verdict:
    """Whether ``answer`` (``"yes"`` or ``"no"``) says rightly if ``variant`` of an
    ``iw.compare`` run (default: its only variant besides the first) changes ``metric`` (the
    first player's points, or another key of the report): yes when the 95% interval of the
    difference from the first variant leaves zero out, no when it holds zero (the games cannot
    tell the difference from luck)."""
    from .playout.compare import Comparison
    from .stats import format_difference
    from .teaching import check_choice

    if not isinstance(comparison, Comparison):
        return Verdict(False, f"give the result of iw.compare(...), not {shown(comparison)}")
    others = comparison.labels[1:]
    if variant is None and len(others) != 1:
        return Verdict(False, f"name the variant to look at: one of {', '.join(map(repr, others))}")
    variant = others[0] if variant is None else next(
        (label for label in others if str(label).strip().lower() == str(variant).strip().lower()), variant)
    if variant not in others:
        return Verdict(False, f"{variant!r} is not a variant compared with {comparison.labels[0]!r}; the variants are "
                              f"{', '.join(map(repr, others))}")
    found = comparison.differences[variant].get(metric)
    if found is None:
        return Verdict(False, f"the comparison has no difference for {metric!r}")
    kind = next(m.estimate.kind for m in comparison.metrics[variant] if m.key == metric)
    interval = f"the difference is {format_difference(found, kind)}"
    changes = not (found.low <= 0 <= found.high)
    told = interval + (", which leaves zero out: a real change" if changes else
                       ", which holds zero: these games cannot tell it from luck")
    return check_choice(answer, "yes" if changes else "no", {"yes": told, "no": told}, aliases={"it changes": "yes", "no difference": "no", "cannot tell": "no", "can't tell": "no"})


@self_check
def check_best_seat(results: Any, answer: Any) -> Verdict:
    """Whether ``answer`` (a seat number from 1, e.g. ``2``, ``"seat 2"`` or ``"Player 2"``) is
    the seat that earned the most points in ``results`` (of ``iw.playouts``)."""
    try:
        found = _estimates(results)
    except ValueError as error:
        return Verdict(False, str(error))
    seats = [found[f"seat {k}"] for k in range(1, results.players + 1)]
    chosen = read_number(plain_answer(answer, ("seat", "player", "the")))
    if chosen is None or chosen.denominator != 1 or not 1 <= chosen <= len(seats):
        return Verdict(False, f"answer a seat number from 1 to {len(seats)}, not {shown(answer)}")
    best = max(range(len(seats)), key=lambda k: seats[k].value)
    mine = seats[int(chosen) - 1]
    if int(chosen) - 1 != best:
        return Verdict(False, f"seat {int(chosen)} earned {_points(mine)}, seat {best + 1} more: {_points(seats[best])}")
    runner_up = max((s for k, s in enumerate(seats) if k != best), key=lambda s: s.value)
    sure = ("its interval is above every other seat's" if mine.low > runner_up.high else
            "its interval overlaps the next seat's, so more games would make sure")
    return Verdict(True, f"seat {best + 1} earned {_points(mine)} of the points, the most; {sure}")


@self_check
def check_fair_share(results: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is what every seat would earn with no advantage: 1/players of the
    points (a fraction, a decimal to two places or a percentage)."""
    from .teaching import check_number

    try:
        _estimates(results)
    except ValueError as error:
        return Verdict(False, str(error))
    players = results.players
    given = read_number(answer)
    if given is not None and given > 1 and not (isinstance(answer, str) and "%" in answer):
        return Verdict(False, f"{shown(answer)} is more than the 1 point a game gives out: write a share as a fraction "
                              "(like 0.25 or 1/4) or as a percent with its sign (like '25%')")
    return check_number(answer, Fraction(1, players), places=2, what="a fair share of the points",
                        why=f"{players} seats share 1 point per game: 1/{players} each, {100 / players:.1f}%")


@self_check
def check_bigger_edge(results: Any, answer: Any) -> Verdict:
    """Whether ``answer`` (``"first player"`` or ``"agent"``) names what is worth more in
    ``results`` of two agents played with ``rotate_seats=True``: moving first (the first
    player's points above 1/2) or being the better agent (its points above 1/2)."""
    from .teaching import check_choice

    try:
        found = _estimates(results)
    except ValueError as error:
        return Verdict(False, str(error))
    if not results.rotate_seats or results.players != 2:
        return Verdict(False, "play two agents with rotate_seats=True, so that every deal is played both ways round")
    first, agents = found["first_player"], [found["agent 1"], found["agent 2"]]
    better = max(range(2), key=lambda k: agents[k].value)
    first_edge, agent_edge = abs(first.value - 0.5), agents[better].value - 0.5
    told = (f"the first player earns {_points(first)} and the better agent ({results.agents[better]}) "
            f"{_points(agents[better])}, where 50% is no advantage")
    return check_choice(answer, "agent" if agent_edge > first_edge else "first player", {
        "first player": told, "agent": told,
    }, aliases={"roll-off": "first player", "the roll-off": "first player", "moving first": "first player",
                "first": "first player", "seat": "first player", "the first player": "first player",
                "better agent": "agent", "the better agent": "agent", "the agent": "agent", "skill": "agent"})
