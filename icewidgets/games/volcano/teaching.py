"""Volcano for teachers: the rules in plain words (:data:`HOW_TO_PLAY`, the text of the rules
sheet and of the notebook) and the self-checks of the notebook's exercises.

>>> from icewidgets.games.volcano import Volcano
>>> Volcano.how_to_play is HOW_TO_PLAY
True
>>> check_pile_score("R1 R2 R3 G1 G2 G3 Y1 Y1 Y1", 17)
✔ Right: 2 solid trees (14) and 3 loose pieces (3): 17 points.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from ... import checks
from ...teaching import (HowToPlay, Verdict, check_moves, check_number, move_reader, move_text, numbered_move,
                         plain_answer, quoted, read_number, read_position, read_words, self_check, shown)
from ...words import plural
from .board import GRID
from .rules import STALL_TURNS, CapMove, Volcano, VolcanoState
from .scoring import score

__all__ = ["HOW_TO_PLAY", "check_capturing_first_moves", "check_eruption_condition", "check_first_move_loop",
           "check_pile_score", "check_quiet_move", "check_quiet_moves", "check_solitaire", "check_two_captures",
           "eruption_condition", "first_move_loop", "first_move_shuttle", "quiet_moves"]

HOW_TO_PLAY = HowToPlay(
    summary=(
        "Two or more players (or one, as a solitaire) move black caps around a board of pyramid "
        "nests. Uncover a volcano and it erupts, throwing its pyramids in a line; a pyramid that "
        "lands on one of the same size you may capture. When a player holds all five colours, the best "
        "set of trees wins."
    ),
    text=f"""\
**You need** 25 nests of five colours (red, yellow, green, blue and clear): a nest is a small, a
medium and a large of one colour, stacked large on top. Five black smalls are the **caps**.

**Setup.** Fill the 5×5 board with the nests and put the caps on five of them. The published
rules' picture of the openings is lost; by default (our choice, option `opening="diag"`) the
colours are as in the start picture, with the caps on the five red nests of the diagonal from a1
to e5. (The `plus` and `x` openings offered here are not in the published rules either: they are
unofficial.)

**Your turn.**

1. Move one cap one step in any of the eight directions, onto an empty square or onto a stack
   without a cap. A cap never leaves the board.
2. The square the cap left **erupts** if it still holds pyramids, and the square beyond the cap
   (two steps from where the cap started, in the same direction) is on the board and has no cap.
3. No eruption? The published rules say "you are allowed to make another move with one of the
   caps", "until an eruption does occur, at which point your turn ends". Our reading: you move a
   cap again, and your turn ends only with an eruption, because the text gives no other way to
   end it (AbstractPlay's Volcano reads it the same way: "You must continue moving until you
   cause an eruption"). No option changes this.

**Eruption.** The top pyramid of the volcano flies over the cap to the square beyond it, the
next one lands one square further, and so on, until the volcano is empty, the next square is off
the board, or it holds a cap. Empty squares take a pyramid too.

**Capture.** After the eruption you **may** capture any pyramid of the eruption that landed
directly on a pyramid of the **same size** (any colour): take it off the board and keep it. You
choose which: all of them, some or none. The pyramid under it stays. Then the next player takes
a turn. Declining can be wise: a capture that gives you the fifth colour ends the game, and you
may not want it to end while you are behind. (The option `capture="must"` takes every such
pyramid at once instead: not the published rule, but the one this package played before.)

**The end.** The game ends at once when the player who just erupted holds at least one pyramid
of each of the five colours (and, our addition, when no coloured pyramid is left on the board:
option `end_if_board_empty`). Arrange your
pyramids into trees of a small, a medium and a large: a solid tree of one colour scores 7, a
mixed tree 5, and every other pyramid 1. The highest score wins, even if another player ended
the game; equal top scores share the win (our choice, the published rules do not say; option
`tie_rule="draw"` makes it a draw). (Not in the published rules: by default a game here also
ends, scored as it stands, after {STALL_TURNS} turns in a row without a capture, so that it cannot go on
for ever; the `stall_turns` option changes that limit or turns it off.)
""",
    example=("a1-b1", "capture:c1"),
    example_caption=("After a1-b1 and capture:c1: the cap left a1, the red volcano erupted east along "
                     "the marked squares, its large landed on a large on c1, and Player 1 chose to capture it."),
    score_columns=("captured", "points"),
    score_note="Trees: a solid tree (one colour) scores 7, a mixed tree 5, every other pyramid 1.",
)
"""Volcano's rules in plain words (``Volcano.how_to_play``)."""


# Self-checks of the notebook's exercises -------------------------------------------------------


# The notebook's exercises below were written for captures taken at once (capture="must"): they
# play that rule, so their answers stay those of the lessons.
_LESSON = Volcano(capture="must")


def _start() -> VolcanoState:
    return _LESSON.new_state()


_READ = move_reader(Volcano())

SOLITAIRE_TREES = 25
"""The most trees a solitaire game can capture: its 75 pyramids (a tree is three)."""


def _position(state: Any, default: VolcanoState | None = None) -> tuple[VolcanoState | None, Verdict | None]:
    """A Volcano position from ``state`` (a state, a Record, or a widget with its final state),
    or the verdict that says what ``state`` is instead."""
    if state is None and default is not None:
        return default, None
    return read_position(state, VolcanoState, "Volcano")


@self_check
def check_capturing_first_moves(moves: Any) -> Verdict:
    """Whether ``moves`` (a list, or one text of moves separated by spaces or commas) are
    exactly the first moves of the default (diagonal) opening that capture.

    >>> check_capturing_first_moves(["a1-a2"])
    ✘ Not yet: 13 of the capturing first moves are missing (for example a1-b1); your list as read: a1-a2.
    """
    start = _start()
    capturing = [m for m in start.legal_moves() if start.play(m).scores[0] > 0]
    erupting = [m for m in start.legal_moves() if start.play(m).eruption is not None]
    same = "exactly the" if capturing == erupting else "some of the"
    return check_moves(moves, capturing, what="capturing first moves", read=_READ,
                       why=f"{len(capturing)} of the {plural(len(start.legal_moves()), 'first move')} capture; "
                           f"they are {same} {len(erupting)} that erupt")


@self_check
def check_quiet_move(move: Any, state: VolcanoState | None = None) -> Verdict:
    """Whether ``move`` is a legal cap move in ``state`` (default: the start) that makes no
    eruption, so the same player moves again.

    >>> check_quiet_move("a1-a2")
    ✘ Not yet: a1-a2 erupts: the volcano on a1 erupts towards the north.
    """
    state, problem = _position(state, _start())
    if problem is not None:
        return problem
    text = move_text(state.game, move)
    if text is None:
        return Verdict(False, f"give the move as a text like 'b2-c1', not {shown(move)}")
    try:
        move = _READ(text.strip())  # its notation: "B2C1" is told as b2-c1
        after = state.play(move)
    except ValueError as error:
        return Verdict(False, str(error))
    told = str(after.events[1])
    if after.eruption is not None:
        return Verdict(False, f"{move} erupts: {told[0].lower()}{told[1:].rstrip('.')}")
    return Verdict(True, f"{move} makes no eruption, and the events say so: {told}")


def eruption_condition(state: VolcanoState, move: Any) -> tuple[int, str]:
    """Which of the three eruption conditions the cap move ``move`` breaks, and the square
    beyond the cap (``""`` off the board): 1, the square the cap left holds no pyramid; 2, the
    square beyond the cap is off the board; 3, it holds a cap; 0 when the move erupts.

    >>> start = Volcano().new_state()
    >>> eruption_condition(start, "b2-c1"), eruption_condition(start, "a1-a2")
    ((2, ''), (0, 'a3'))
    """
    move = state.game.parse_move(move) if isinstance(move, str) else move
    state.play(move)  # an illegal move is refused, with its reason
    target = GRID.index(move.target)
    beyond = GRID.step(target, GRID.direction_between(GRID.index(move.source), target))
    beyond_name = "" if beyond is None else GRID.name(beyond)
    if state.stack(move.source) == "K1":
        return 1, beyond_name
    if beyond is None:
        return 2, beyond_name
    if state.stack(beyond_name).endswith("K1"):
        return 3, beyond_name
    return 0, beyond_name


@self_check
def check_eruption_condition(move: Any, answer: Any, state: VolcanoState | None = None) -> Verdict:
    """Whether ``answer`` (1, 2 or 3, also as ``"two"`` or ``"condition 2"``) is the eruption
    condition that ``move`` breaks in ``state`` (default: the start), or 0 when the move erupts.

    >>> check_eruption_condition("b2-c1", 3)
    ✘ Not yet: 3 says that the square beyond the cap holds a cap, but the square beyond c1 is off the board.
    """
    state, problem = _position(state, _start())
    if problem is not None:
        return problem
    text = move_text(state.game, move)
    if text is None:
        return Verdict(False, f"give the move as a text like 'b2-c1', not {shown(move)}")
    try:
        move = state.game.parse_move(_READ(text))
        broken, beyond = eruption_condition(state, move)
    except ValueError as error:
        return Verdict(False, str(error))
    facts = {
        0: f"{move} erupts: {move.source} holds pyramids, and {beyond} is on the board with no cap",
        1: f"{move.source} holds only the cap, so there is no volcano to erupt",
        2: f"the square beyond {move.target} is off the board",
        3: f"{beyond} holds a cap",
    }
    claims = {0: "that it erupts", 1: "that the square the cap left is empty",
              2: "that the square beyond the cap is off the board", 3: "that the square beyond the cap holds a cap"}
    number = read_number(plain_answer(answer, ("condition", "fails")))
    if number not in claims:
        return Verdict(False, f"answer 1, 2 or 3 (the condition that fails), or 0 if the move erupts, not {shown(answer)}")
    chosen = int(number)
    if chosen == broken:
        return Verdict(True, facts[broken])
    return Verdict(False, f"{shown(answer)} says {claims[chosen]}, but {facts[broken]}")


_PILE_PIECE = re.compile(r"[RYGBC][123]")


@self_check
def check_pile_score(pile: str | Iterable[Any], answer: Any) -> Verdict:
    """Whether ``answer`` (a number, also as ``"17 points"``) is the best score of ``pile`` (a
    text like ``"R1 R2 R3"`` or ``"R1R2R3"``, or a list of pieces).

    >>> check_pile_score("R1 R2 R3 Y1", 7)
    ✘ Not yet: 7 is too low for the score of that pile.
    """
    words = read_words(pile)
    if words is None:
        return Verdict(False, f"give the pile as a text like 'R1 R2 R3' or a list like ['R1', 'R2', 'R3'], "
                              f"not {shown(pile)}")
    pieces = []
    for word in words:
        found = _PILE_PIECE.findall(word.upper())
        if "".join(found) != word.upper():
            return Verdict(False, f"{quoted(word)} is not a piece of a pile: a piece is a colour letter "
                                  "(R, Y, G, B, C) and a size (1, 2, 3), like R1 or G3")
        pieces += found
    best = score(pieces)
    why = (f"{plural(best.solid_trees, 'solid tree')} ({7 * best.solid_trees})"
           + (f", {plural(best.mixed_trees, 'mixed tree')} ({5 * best.mixed_trees})" if best.mixed_trees else "")
           + f" and {plural(best.loose, 'loose piece')} ({best.loose}): {best.points} points")
    return check_number(plain_answer(answer, ("points", "point")), best.points, why=why, what="the score of that pile")


@self_check
def check_two_captures(state: VolcanoState, move: Any) -> Verdict:
    """Whether playing ``move`` in ``state`` makes an eruption after which the mover may capture
    exactly two pieces.

    >>> check_two_captures(Volcano().new_state(), "a1-b1")
    ✘ Not yet: a1-b1 erupts but can capture 1 piece; make it able to capture exactly 2.
    """
    state, problem = _position(state)
    if problem is not None:
        return problem
    text = move_text(state.game, move)
    if text is None:
        return Verdict(False, f"give the move as a text like 'a3-b3', not {shown(move)}")
    move = text.strip()
    try:
        after = state.play(_READ(move))
    except ValueError as error:
        return Verdict(False, str(error))
    if after.eruption is None:
        return Verdict(False, f"{move} does not erupt: move a cap so that the square it left erupts")
    taken = [(GRID.name(square), str(piece)) for square, piece, _, captured in after.eruption.landed if captured]
    if len(taken) != 2:
        return Verdict(False, f"{move} erupts but can capture {plural(len(taken), 'piece')}; make it able to capture exactly 2")
    return Verdict(True, f"{move} can capture {taken[0][1]} on {taken[0][0]} and {taken[1][1]} on {taken[1][0]}")


@self_check
def check_solitaire(state: Any, solid_trees: int = 3) -> Verdict:
    """Whether a finished solitaire game ``state`` (a state, a Record, the widget or its
    ``final_state``, or the game's cap moves as a list or one text) ends with at least
    ``solid_trees`` solid trees (not yet right while the game goes on). Moves written down are
    played from the solitaire start under the published rule when they hold a capture choice
    (``capture:…``), else with every capture taken at once (``capture="must"``), as the
    exercise was first written.

    >>> check_solitaire(Volcano(players=1).new_state())
    ✘ Not yet: the game is not over: 0 points: 0 solid trees (0), 0 mixed trees (0), 0 loose pieces so far, after 0 eruptions.
    >>> check_solitaire("c3-c2 c2-d3")
    ✘ Not yet: the game is not over: 2 points: 0 solid trees (0), 0 mixed trees (0), 2 loose pieces so far, after 2 eruptions.
    """
    try:  # the challenge's own setting, checked before the answer
        solid_trees = checks.whole(solid_trees, "solid_trees", low=1, high=SOLITAIRE_TREES)
    except (TypeError, ValueError) as error:
        return Verdict(False, f"the challenge cannot be checked: {error}")
    if isinstance(state, (str, list, tuple)):  # the moves written down: play them from the solitaire start
        moves = read_words(state, _READ)
        if moves is None:  # a list holding something that is no word (a list, a number too long to print)
            return Verdict(False, "give the solitaire game's cap moves as a list like ['c3-c2', 'c2-d3'] or one text "
                                  f"like 'c3-c2 c2-d3', not {shown(state)}")
        choosing = any(str(move).strip().lower().startswith("capture:") for move in moves)
        state = Volcano(players=1, capture="may" if choosing else "must").new_state()
        for number, move in enumerate(moves, start=1):
            try:
                state = state.play(_READ(move))
            except ValueError as error:
                return Verdict(False, f"{numbered_move(number, move)}: {error}")
    given = state
    state, problem = _position(state)
    if problem is not None:
        return Verdict(False, "give the solitaire game (a Volcano position, a Record or the widget) or its cap moves "
                              f"as a list or one text like 'c3-c2 c2-d3', not {shown(given)}")
    if state.game.num_players != 1:
        return Verdict(False, f"that is a game of {state.game.num_players} players; the challenge is a solitaire "
                              "game: iw.GameWidget(\"volcano\", players=1, goal=\"solid>=3\")")
    result = score(state.captured[0])
    if not state.is_over:
        return Verdict(False, f"the game is not over: {result.describe()} so far, after "
                              f"{plural(state.turns, 'eruption')}")
    if result.solid_trees >= solid_trees:
        return Verdict(True, f"challenge met in {plural(state.turns, 'eruption')}: {result.describe()}")
    return Verdict(False, f"the game ended with {result.describe()}; the challenge needs "
                          f"{plural(solid_trees, 'solid tree')}")


def first_move_loop() -> tuple[int, int, tuple[str, ...]]:
    """``(plies, eruptions, cycle)``: how long the agent that always plays the first legal move
    keeps erupting from the start under the published capture rule (its first choice after an
    eruption is ``capture:none``, a ply of its own), and the cap moves it then repeats for ever.

    >>> first_move_loop()
    (26, 12, ('e3-e4', 'e4-e3'))
    """
    plies, eruptions, cycle, _ = _first_move_game()
    return plies, eruptions, cycle


def first_move_shuttle() -> tuple[int, tuple[int, ...]]:
    """``(ply, eruptions)``: the ply at which the first-move agent starts walking one cap back
    and forth, and the plies from then on at which it still erupts.

    >>> first_move_shuttle()
    (20, (20, 23, 26))
    """
    _, _, _, (shuttle, erupting) = _first_move_game()
    return shuttle, erupting


def _first_move_game() -> tuple[int, int, tuple[str, ...], tuple[int, tuple[int, ...]]]:
    state, seen, plies, caps, erupted = Volcano().new_state(), {}, 0, [], []
    last_eruption = (0, 0)
    while state not in seen:
        seen[state] = plies
        move = state.legal_moves()[0]
        state = state.play(move)
        plies += 1
        if isinstance(move, CapMove):
            caps.append((plies, str(move)))
        if state.eruption is not None:
            erupted.append(plies)
            last_eruption = (plies, len(erupted))
    # The back and forth begins at the first cap move from which every cap move repeats the one
    # two cap moves before it (capture choices between them do not count: they move no cap).
    first = len(caps) - 3
    while first >= 0 and caps[first][1] == caps[first + 2][1]:
        first -= 1
    shuttle = caps[first + 1][0]
    cycle = tuple(text for ply, text in caps if ply > seen[state])
    return (*last_eruption, cycle, (shuttle, tuple(p for p in erupted if p >= shuttle)))


@self_check
def check_first_move_loop(answer: Any) -> Verdict:
    """Whether ``answer`` is the ply of the first-move agent's last eruption (see
    :func:`first_move_loop`).

    >>> check_first_move_loop(20)
    ✘ Not yet: at ply 20 the cap starts walking back and forth, but it still erupts at plies 20, 23 and 26: count the eruptions (state.eruption), not the moves.
    """
    plies, eruptions, cycle = first_move_loop()
    shuttle, erupting = first_move_shuttle()
    number = read_number(answer)
    if number is not None and shuttle <= number < plies:
        shown_plies = ", ".join(map(str, erupting[:-1])) + f" and {erupting[-1]}"
        return Verdict(False, f"at ply {shown(answer)} the cap {'starts walking' if number == shuttle else 'walks'} "
                              f"back and forth, but it still erupts at plies {shown_plies}: count the eruptions "
                              "(state.eruption), not the moves")
    return check_number(answer, plies, what="the ply of its last eruption",
                        why=f"ply {plies} is its {eruptions}th eruption; after it the cap moves {', '.join(cycle)} "
                            "repeat for ever, and none of them erupts")


QUIET_MOVES_LIMIT = 10_000
"""The plies :func:`quiet_moves` plays before it gives up on a game that does not end."""


def quiet_moves(agents: tuple[Any, ...], seed: int = 0) -> int:
    """How many cap moves did not erupt in the game ``agents`` play from the start, each agent
    called as ``agent(state, rng)`` with ``numpy.random.default_rng(seed)`` (an agent may also
    be named, as ``"greedy"``), under the published capture rule (the default, ``capture="may"``:
    a capture choice is a ply of its own, and not a cap move). A game still going after
    :data:`QUIET_MOVES_LIMIT` plies raises ValueError."""
    import numpy as np

    from ...agents import get_agent

    players = [get_agent(agent, "agents") for agent in agents]
    rng = np.random.default_rng(seed)
    state, quiet = Volcano(players=len(players)).new_state(), 0
    for _ in range(QUIET_MOVES_LIMIT):
        if state.is_over:
            return quiet
        move = players[state.to_move](state, rng)
        move = state.game.parse_move(move) if isinstance(move, str) else move
        quiet += isinstance(move, CapMove) and not state.erupts(move)
        state = state.play(move)
    raise ValueError(f"the game did not end in {QUIET_MOVES_LIMIT:,} plies: does every agent make progress?")


@self_check
def check_quiet_moves(agents: Any, answer: Any, seed: int = 0) -> Verdict:
    """Whether ``answer`` counts the cap moves without an eruption in the game of ``agents``, a
    pair of agents (functions or names), or one agent that plays both seats (see
    :func:`quiet_moves`)."""
    if callable(agents) or isinstance(agents, str):
        agents = (agents, agents)
    if not isinstance(agents, (tuple, list)) or len(agents) != 2 or not all(
            callable(agent) or isinstance(agent, str) for agent in agents):
        return Verdict(False, f"give the two players' agents, like (capturer, capturer), not {shown(agents)}")
    try:
        quiet = quiet_moves(tuple(agents), seed)
    except Exception as error:  # the student's agent failed: say how, as check_agent does
        return Verdict(False, f"the game could not be played: {type(error).__name__}: {error}")
    return check_number(answer, quiet, what="the cap moves without an eruption",
                        why=f"{plural(quiet, 'cap move')} of that game did not erupt")
