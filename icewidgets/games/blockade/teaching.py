"""Blockade for teachers: the rules in plain words (:data:`HOW_TO_PLAY`, the text of the rules
sheet and of the notebook) and the self-checks of the notebook's exercises.

>>> from icewidgets.games.blockade import Blockade
>>> Blockade.how_to_play is HOW_TO_PLAY
True
>>> check_combinable_chance(9 / 36)
✔ Right: 9 of the 36 rolls have both dice at 3 or less (3 faces × 3 faces): 1/4.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...pieces import COLOUR_NAMES
from ...teaching import (HowToPlay, Verdict, check_choice, check_number, move_reader, move_text, read_words,
                         self_check, shown, shown_moves)
from ...words import plural
from .rules import CORNER_MEDIUMS, GRID, PLAYER_COLOURS, SETUP_LARGES, Blockade, BlockadeState

__all__ = ["HOW_TO_PLAY", "WALL_PLIES", "blue_wall", "check_combinable_chance", "check_combine_moves", "check_fewest_pips",
           "check_green_on_blue", "check_path_cost", "check_tower_turn", "fewest_pips", "read_colour", "read_ply"]

HOW_TO_PLAY = HowToPlay(
    summary=(
        "Two players, Warm (red and yellow) and Cool (green and blue), roll dice to move their "
        "pyramids and build towers of one colour. A finished tower is capped in black and blocks "
        "the opponent. Five towers in one of your colours win."
    ),
    text="""\
**You need** red, yellow, green and blue pyramids (five of each size), five clear larges, 15
black pyramids (five of each size) and two dice per player, one for each of their colours.

**Setup.** Put a large on every square of the 5×5 board: clear larges in the four corners and
the centre, the coloured larges as in the start picture. Put a small of the same colour on every
coloured large, and five mediums on each clear corner: green on a5, red on e5, yellow on a1,
blue on e1. The blacks wait beside the board. The published rules text fixes only the clear
corners and their stacks of mediums; the rest of this layout (the centre, the coloured larges'
squares, which medium on which corner) is from the designer's page for Blockade, on
wunderland.com. Both players roll their two dice: the higher total starts (roll again on a
tie). This roll-off is from the designer's page too, not the published rules text.

**Your turn.**

1. Roll your two dice, one per colour: each die gives that many **pips** to its colour. If both
   dice show 3 or less, you may instead give their sum to one of your colours (the other then
   gets nothing).
2. Spend the pips: one pip moves a medium or small of that colour one square in any of the
   eight directions; larges and blacks never move. Only the top pyramid of a stack moves: our
   reading, as with real pyramids (the published text does not say). Split the pips between
   pyramids as you like and move the same one again; pips you do not use are lost when you end
   the turn.
3. A pyramid may cross any square except a **blockade** of your opponent (the designer's page
   says so; the published rules text says only that a blockade makes "movement more difficult
   for your opponent").

**Resting places.** When you end your turn, every pyramid you moved must rest on a pyramid of its
own colour at least as big as itself, on a clear pyramid, or on a black that caps a tower of its
colour and is bigger than it: never on your opponent's colours and never on your other colour.
On the way, during the turn, it may stop anywhere: that is our reading (option `landing="strict"`
makes every move end on a resting place).

**Towers.** When a small comes to rest on a medium on a large, all three of one colour, the tower
is finished: cap it at once with the largest black left. A capped tower never moves, and it is a
blockade for your opponent, whose pyramids can neither cross it nor land on it. (When no black is
left, our reading: a new tower still counts but blocks nothing; option
`tower_without_black_counts`.)

**Winning.** Five towers in one of your colours, on all five larges of that colour, win at once.
Four towers of one colour and one of the other do not.
""",
    example=("G5B2", "b3-c3", "a5-b3", "c3-b3"),
    example_seed=2,
    example_caption=("Cool rolled green 5, blue 2: the green small on b3 hopped off to c3, a green "
                     "medium came from a5, and the small hopped back: a capped green tower on b3."),
    score_columns=("roll", "towers"),
    score_note=("Towers: count the towers in each of your colours (capped, or finished after the blacks "
                "ran out); five in one colour win."),
)
"""Blockade's rules in plain words (``Blockade.how_to_play``)."""


# Self-checks of the notebook's exercises -------------------------------------------------------


_MOVE = move_reader(Blockade())
COLOURS = "".join(colour for side in PLAYER_COLOURS for colour in side)


def read_ply(text: str) -> str:
    """The notation of a student's Blockade ply in any case (``"B3-C3"``, ``"g5b2"``,
    ``"combine:g"``, ``"End"``); ValueError says why it is none.

    >>> read_ply("g5b2"), read_ply("Combine:g"), read_ply("END")
    ('G5B2', 'combine:G', 'end')
    """
    text = text.strip()
    if text.lower().startswith("combine:"):
        text = "combine:" + text[len("combine:"):].strip().upper()
    return _MOVE(text)


def read_colour(answer: Any) -> str | None:
    """The colour letter a student means by ``answer`` (``"r"``, ``"R"``, ``"red"``, ``"Red"``),
    or None when it names none of the game's colours.

    >>> read_colour("Red"), read_colour(" b "), read_colour("purple")
    ('R', 'B', None)
    """
    if not isinstance(answer, str):
        return None
    word = answer.strip().lower()
    for letter in COLOURS:
        if word in (letter.lower(), COLOUR_NAMES[letter]):
            return letter
    return None


def _colour_or_reason(answer: Any) -> tuple[str | None, Verdict | None]:
    colour = read_colour(answer)
    if colour is None:
        names = ", ".join(f"{c} ({COLOUR_NAMES[c]})" for c in COLOURS)
        return None, Verdict(False, f"{shown(answer)} is not a colour of the game; name one of {names}")
    return colour, None


@self_check
def check_combinable_chance(answer: Any) -> Verdict:
    """Whether ``answer`` is the probability that a roll may be combined (both dice at 3 or less),
    read from the engine's chance outcomes: a fraction (``1/4``, ``Fraction(1, 4)``) or a decimal
    to at least three places (``0.25``; ``25%`` too).

    >>> check_combinable_chance(0.2500001), check_combinable_chance(0.3)
    (✔ Right: 9 of the 36 rolls have both dice at 3 or less (3 faces × 3 faces): 1/4., ✘ Not yet: 0.3 is too high for that probability.)
    """
    outcomes = Blockade().new_state(seed=2).chance_outcomes()
    low = [move for move, _ in outcomes if all(value <= 3 for value in move.values)]
    chance = Fraction(sum(Fraction(p).limit_denominator(1000) for move, p in outcomes if move in low))
    return check_number(answer, chance, what="that probability", places=3,
                        why=f"{len(low)} of the {len(outcomes)} rolls have both dice at 3 or less "
                            f"(3 faces × 3 faces): {chance}")


def fewest_pips(colour: str) -> int:
    """The fewest pips that finish a tower of ``colour`` from the start: the small leaves a large
    (1 pip), a medium comes from the colour's corner (its distance), the small comes back (1).

    >>> fewest_pips("R"), fewest_pips("B")
    (4, 4)
    """
    larges = SETUP_LARGES.split()
    squares = [GRID.index(f"{file}{5 - row}") for row, rank in enumerate(larges)
               for file, large in zip("abcde", rank) if large == colour]
    corner = GRID.index(next(square for square, c in CORNER_MEDIUMS.items() if c == colour))
    return 2 + min(GRID.chebyshev(corner, square) for square in squares)


@self_check
def check_fewest_pips(colour: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is :func:`fewest_pips` of ``colour`` (``"R"``, ``"r"``, ``"red"`` …).

    >>> check_fewest_pips("red", 4)
    ✔ Right: 1 pip for the small to step off, 2 for a medium from e5 to the nearest large of its colour, 1 for the small to step back: 4.
    """
    colour, problem = _colour_or_reason(colour)
    if problem is not None:
        return problem
    pips = fewest_pips(colour)
    corner = next(square for square, c in CORNER_MEDIUMS.items() if c == colour)
    return check_number(answer, pips, what=f"the fewest pips for a {COLOUR_NAMES[colour]} tower",
                        why=f"1 pip for the small to step off, {pips - 2} for a medium from {corner} to the "
                            f"nearest large of its colour, 1 for the small to step back: {pips}")


@self_check
def check_combine_moves(answer: Any) -> Verdict:
    """Whether ``answer`` is the number of legal plies after Cool rolls G3B3 at the start (seed 2)
    and combines the dice on green."""
    combined = Blockade().new_state(seed=2).play("G3B3").play("combine:G")
    moves = combined.legal_moves()
    return check_number(answer, len(moves), what="the number of legal plies",
                        why=f"with 6 green pips and no blue ones Cool has {plural(len(moves), 'legal ply', 'legal plies')}, "
                            "ending the turn included")


# From the start of seed 2 (Cool rolls first): Cool builds blue towers on d3, d4 and d5 while Warm
# passes, then Warm rolls red 4, yellow 1. A game reaches it, so the lesson's wall can happen.
WALL_PLIES = ("G2B4 d3-c3 e1-d3 c3-d3 end R1Y1 end G1B5 d4-c3 e1-d4 c3-d4 end R1Y1 end "
              "G1B5 d5-c5 e1-d5 end R1Y1 end G1B1 c5-d5 end R4Y1").split()


def blue_wall() -> BlockadeState:
    """The blockade lesson's position (notebook 04, section 3), played from the start: a wall of
    blue towers on d3, d4 and d5, and Warm to move with 4 red pips.

    >>> wall = blue_wall()
    >>> wall.why_illegal("e5-d4")
    'd4 is a Cool blockade, which Warm pieces may neither enter nor cross'
    >>> "-".join(wall.path("e5-c3")), wall.problems()
    ('e5-e4-e3-d2-c3', [])
    """
    state = Blockade().new_state(seed=2)
    for ply in WALL_PLIES:
        state = state.play(ply)
    return state


@self_check
def check_path_cost(state: BlockadeState, move: Any, answer: Any) -> Verdict:
    """Whether ``answer`` is the number of pips the piece move ``move`` costs in ``state`` (a
    position with enough pips for it: the engine's refusal says what the path would cost)."""
    if not isinstance(state, BlockadeState):
        return Verdict(False, f"give a Blockade position (a state) first, not {shown(state)}")
    text = move_text(state.game, move)
    if text is None:
        return Verdict(False, f"give the move as a text like 'a3-c3', not {shown(move)}")
    move = text
    try:
        moved = state.play(read_ply(move)).events[0]
    except ValueError as error:
        return Verdict(False, str(error))
    if moved.kind != "move":
        return Verdict(False, f"{move} is not a piece move: give one like 'a3-c3'")
    return check_number(answer, moved["pips"], what="the cost of that move",
                        why=f"the cheapest path is {'-'.join(moved['path'])}: {plural(moved['pips'], 'pip')}")


@self_check
def check_green_on_blue(answer: Any) -> Verdict:
    """Exercise: may a green small come to rest on a blue large? (``yes`` or ``no``)"""
    return check_choice(answer, "no", {
        "yes": "blue is Cool's other colour, and a piece may rest only on its own colour, on clear, or on a "
               "black that caps a tower of its colour",
        "no": "a piece may rest only on its own colour (at least as big), on clear, or on a black that caps a "
              "tower of its colour; blue is Cool's other colour, so the green small may cross it but not stop",
    }, aliases={"y": "yes", "n": "no", "it may": "yes", "it may not": "no"})


@self_check
def check_tower_turn(roll: Any, plies: Any, colour: Any) -> Verdict:
    """Whether ``plies`` (a list, or one text of plies separated by spaces or commas, in any
    case; ``end`` may close them), played after Cool rolls ``roll`` at the start (seed 2),
    build a tower of ``colour`` and can end the turn.

    >>> check_tower_turn("g2b4", "d3-c3 e1-d3 c3-d3 end", "blue")
    ✔ Right: a tower on d3, and the turn can end.
    """
    state = Blockade().new_state(seed=2)
    colour, problem = _colour_or_reason(colour)
    if problem is not None:
        return problem
    if colour not in PLAYER_COLOURS[state.player]:
        return Verdict(False, f"{COLOUR_NAMES[colour]} is not one of Cool's colours (green and blue)")
    words = read_words(plies, read_ply)
    if words is None:
        return Verdict(False, f"give the plies as a list like ['d3-c3', 'e1-d3'] or one text like 'd3-c3 e1-d3', "
                              f"not {shown(plies)}")
    if not isinstance(roll, str):
        return Verdict(False, f"give the roll as a text like 'G2B4', not {shown(roll)}")
    # the plies as read (a list's or an iterator's alike), clipped: not "a list" or "<list_iterator ...>"
    echo = shown(plies) if isinstance(plies, str) else f"[{shown_moves(map(repr, words))}]"
    if not [word for word in words if word.strip().lower() != "end"]:
        return Verdict(False, f"give the plies that build the tower, like 'd3-c3 e1-d3', not {echo}")
    ended = bool(words) and words[-1].strip().lower() == "end"
    try:
        state = state.play(read_ply(roll))
        built = []
        for ply in words[:-1] if ended else words:
            state = state.play(read_ply(ply))
            built += [e["square"] for e in state.events if e.kind == "tower" and e["colour"] == colour]
    except ValueError as error:
        return Verdict(False, str(error))
    if not built:
        return Verdict(False, f"after {echo} no {COLOUR_NAMES[colour]} tower was finished: the small must "
                              "come to rest on a medium on a large of its colour")
    if not state.is_legal("end"):
        return Verdict(False, f"a tower stands on {built[0]}, but the turn cannot end: {state.why_illegal('end')}")
    return Verdict(True, f"a tower on {built[0]}, and the turn can end")
