"""Volcano: every numbered rule and every testable resolution of the rules file, as data.

The scenarios are written from the rules text, not from the engine: a position, the plies
played from it, and the exact position text (or the error) that must follow.

These tests play ``capture="must"`` (every capture taken in the eruption's ply), so that an
eruption's captures show in one ply; the published ``"may"`` rule, where the mover then chooses
the captures in a ply of its own, is tested in tests/test_volcano_capture.py.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from icewidgets import IllegalMoveError, NotationError
from icewidgets import make as make_game
from icewidgets.games.volcano import rules as volcano
from icewidgets.pieces import PIECES, parse_stack
from icewidgets.testing import check_game



def make(name: str, **options):
    """The game, playing ``capture="must"`` unless the options say otherwise."""
    return make_game(name, **{"capture": "must", **options})


FILES = "abcde"
COLOURED = [f"{c}{s}" for c in "RYGBC" for s in (1, 2, 3)]


def P(squares: str = "", fields: str = "to_move=0 captured=/") -> str:
    """A position text from ``"a3=C1C2C3K1 b3=Y1Y2Y3"`` (all other squares empty) and a field line."""
    cells = dict(token.split("=") for token in squares.split())
    rows = [" ".join(cells.pop(f"{f}{rank}", ".") for f in FILES) for rank in range(5, 0, -1)]
    assert not cells, f"not squares: {cells}"
    return "\n".join(rows) + "\n" + fields


def closed_form(pile) -> int:
    """V-A15, computed here on its own: total + 2·min_s N_s + 2·Σ_c min_s n[c][s]."""
    pile = [str(p) for p in pile]
    n = Counter(pile)
    sizes = {s: sum(n[f"{c}{s}"] for c in "RYGBC") for s in (1, 2, 3)}
    solid = sum(min(n[f"{c}{s}"] for s in (1, 2, 3)) for c in "RYGBC")
    return len(pile) + 2 * min(sizes.values()) + 2 * solid


HOUSE = {"no_return_within_turn": True}
V0_BEFORE = P("a3=C1C2C3K1 b3=Y1Y2Y3 c3=G1G2G3 d3=B1B2B3 e3=R1R2R3")
V0_AFTER = """\
. . . . .
. . . . .
. Y1Y2Y3K1 G1G2G3 B1B2B3C2 R1R2R3C1
. . . . .
. . . . .
to_move=1 captured=C3/"""

# (options, position before, plies, expected position text | (error type, words in the message))
SCENARIOS = [
    # Rule 3: a cap moves one step onto any square without a cap.
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["c3-c4"], P("c4=K1 a1=R1R2R3"),
                 id="r3-V-A20-cap-onto-empty-square"),
    pytest.param({}, P("a1=K1 b1=R1R2R3 c1=G1G2G3"), ["a1-b1"], P("b1=R1R2R3K1 c1=G1G2G3"),
                 id="r3-cap-onto-stack-never-makes-that-stack-erupt"),
    pytest.param({}, P("c3=K1 c4=K1 a1=R1R2R3"), ["c3-c4"], (IllegalMoveError, "c4 already has a cap"),
                 id="r3-destination-capped"),
    pytest.param({}, P("c3=R1R2R3K1 d4=G1G2G3K1"), ["c3-d4"], (IllegalMoveError, "d4 already has a cap"),
                 id="r3-destination-capped-stack"),
    pytest.param({}, P("a1=K1 e5=R1R2R3"), ["a1-a0"], (IllegalMoveError, "the cap on a1 cannot move off the board"),
                 id="r3-off-the-board"),
    pytest.param({}, P("e5=K1 a1=R1R2R3"), ["e5-f6"], (IllegalMoveError, "the cap on e5 cannot move off the board"),
                 id="r3-off-the-board-corner"),
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["c3-c5"], (IllegalMoveError, "c5 is not next to c3"),
                 id="r3-not-adjacent"),
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["c3-c3"], (IllegalMoveError, "c3 is not next to c3"),
                 id="r3-not-a-move"),
    pytest.param({}, P("a1=R1R2R3 c3=K1"), ["a1-a2"], (IllegalMoveError, "there is no cap on a1"),
                 id="r3-no-cap-on-source"),
    pytest.param({}, P("a1=R1R2R3 c3=K1"), ["b4-b5"], (IllegalMoveError, "there is no cap on b4"),
                 id="r3-empty-source"),
    pytest.param({}, P("a1=R1R2R3 c3=K1"), ["z9-a1"], (IllegalMoveError, "z9 is not a square"),
                 id="r3-source-off-the-board"),
    # Rule 4 / V-A5 / V-A6: the eruption test.
    pytest.param({}, P("c3=R1R2R3K1 c5=G1G2G3"), ["c3-c4"], P("c3=R1R2 c4=K1 c5=G1G2G3", "to_move=1 captured=R3/"),
                 id="r4-V-A5-erupts-and-captures"),
    pytest.param({}, P("c3=R1R2R3K1"), ["c3-c4"], P("c3=R1R2 c4=K1 c5=R3", "to_move=1 captured=/"),
                 id="r4-V-A6-first-landing-on-empty-square-is-an-eruption"),
    pytest.param({}, P("c3=R1R2R3K1 c5=K1"), ["c3-c4"], P("c3=R1R2R3 c4=K1 c5=K1"),
                 id="r4-no-eruption-first-landing-capped"),
    pytest.param({}, P("a1=R1R2R3K1 c3=K1"), ["a1-b2"], P("a1=R1R2R3 b2=K1 c3=K1"),
                 id="r4-no-eruption-first-capped-even-if-beyond-is-free"),
    pytest.param({}, P("b2=R1R2R3K1"), ["b2-a1"], P("a1=K1 b2=R1R2R3"),
                 id="r4-no-eruption-lava-off-the-board"),
    pytest.param({}, P("d3=R1R2R3K1 a1=G1G2G3"), ["d3-e3"], P("a1=G1G2G3 d3=R1R2R3 e3=K1"),
                 id="r4-no-eruption-edge-east"),
    pytest.param({}, P("c3=K1 e5=R1R2R3"), ["c3-d4"], P("d4=K1 e5=R1R2R3"),
                 id="r4-V-A5-no-eruption-from-empty-square"),
    # Rule 5 / V-A4: the turn goes on until an eruption; no pass.
    pytest.param({}, P("c3=R1R2R3K1 c5=K1"), ["c3-c4", "c5-d5", "c4-c3", "c3-b3"],
                 P("a3=R3 b3=K1 c3=R1R2 d5=K1", "to_move=1 captured=/"),
                 id="r5-V-A20-many-cap-moves-then-eruption-into-empty-square"),
    pytest.param({}, P("c3=R1R2R3K1 c5=K1"), ["end"], (IllegalMoveError, "a Volcano turn ends only with an eruption"),
                 id="V-A4-no-end-before-eruption"),
    pytest.param({}, P("c3=R1R2R3K1 c5=K1"), ["c3-c4", "pass"], (IllegalMoveError, "ends only with an eruption"),
                 id="V-A4-no-pass-after-a-non-eruption"),
    # V-A11: a cap may move back along its line, and that may erupt.
    pytest.param({}, P("b3=G1G2G3 c3=R1R2R3K1 d3=B1B2B3 e3=K1"), ["c3-d3", "d3-c3"],
                 P("a3=B2 b3=G1G2G3 c3=R1R2R3K1 d3=B1 e3=K1", "to_move=1 captured=B3/"),
                 id="V-A11-cap-back-along-its-line-erupts"),
    # Rule 6: the eruption procedure.
    pytest.param({}, P("a3=C1C2C3K1 c3=G1G2G3 d3=K1"), ["a3-b3"],
                 P("a3=C1C2 b3=K1 c3=G1G2G3 d3=K1", "to_move=1 captured=C3/"),
                 id="r6-eruption-stops-at-a-cap"),
    pytest.param({}, P("a3=R3G1Y2K1 c3=B2 d3=B3 e3=C3"), ["a3-b3"],
                 P("b3=K1 c3=B2 d3=B3G1 e3=C3", "to_move=1 captured=Y2,R3/"),
                 id="r6-top-to-bottom-whatever-the-sizes"),
    pytest.param({}, P("a1=R1R2R3G1G2Y3B1K1"), ["a1-b2"],
                 P("a1=R1R2R3G1 b2=K1 c3=B1 d4=Y3 e5=G2", "to_move=1 captured=/"),
                 id="r6-V-A9-tall-stack-erupts-until-the-edge"),
    pytest.param({}, P("a3=Y3B2K1 c3=G1G2G3R1R2R3B1B3 d3=C1C2C3Y1Y2"), ["a3-b3"],
                 P("b3=K1 c3=G1G2G3R1R2R3B1B3B2 d3=C1C2C3Y1Y2Y3", "to_move=1 captured=/"),
                 id="r6-V-A9-stacks-grow-past-three"),
    pytest.param({}, P("e3=G1K1 c3=Y1Y2Y3 b3=Y3"), ["e3-d3"],
                 P("b3=Y3 c3=Y1Y2Y3G1 d3=K1", "to_move=1 captured=/"),
                 id="r6-west-one-piece-then-spent"),
    # Rule 7 / V-A7: only the erupting piece, on a same-size top piece, colour ignored.
    pytest.param({}, V0_BEFORE, ["a3-b3"], V0_AFTER, id="r7-V0-worked-example"),
    pytest.param({}, P("a3=G1G3K1 c3=R1R2R3B1 d3=R1"), ["a3-b3"],
                 P("b3=K1 c3=R1R2R3B1G3 d3=R1", "to_move=1 captured=G1/"),
                 id="r7-V-A7-only-the-top-piece-is-matched"),
    pytest.param({}, P("a3=Y1Y2Y3K1 c3=G3 d3=B2 e3=R1"), ["a3-b3"],
                 P("b3=K1 c3=G3 d3=B2 e3=R1", "to_move=1 captured=Y3,Y2,Y1/"),
                 id="r7-three-captures-in-one-eruption"),
    pytest.param({}, P("a3=R3K1 c3=R3"), ["a3-b3"], P("b3=K1 c3=R3", "to_move=1 captured=R3/"),
                 id="r7-same-colour-same-size-captured-beneath-stays"),
    pytest.param({}, P("c1=B1B2B3K1 c3=B1B2 c4=B2B3 c5=R2"), ["c1-c2"],
                 P("c2=K1 c3=B1B2B3 c4=B2B3B2 c5=R2B1", "to_move=1 captured=/"),
                 id="r7-different-sizes-never-captured"),
    # Rule 8: play passes to the left (index + 1 mod N).
    pytest.param({"players": 3}, P("c3=R1R2R3K1", "to_move=2 captured=//"), ["c3-c4"],
                 P("c3=R1R2 c4=K1 c5=R3", "to_move=0 captured=//"),
                 id="r8-three-players-wraps-to-player-0"),
    pytest.param({"players": 3}, P("c3=R1R2R3K1 c5=G3", "to_move=1 captured=//"), ["c3-c4"],
                 P("c3=R1R2 c4=K1 c5=G3", "to_move=2 captured=/R3/"),
                 id="r8-capture-goes-to-the-mover"),
    # Rule 9 / V-A13: the mover with all five colours ends the game at once.
    pytest.param({}, P("a1=R1R2R3 a3=C1C2C3K1 c3=G1G2G3", "to_move=0 captured=R1,Y1,G1,B1/"), ["a3-b3"],
                 P("a1=R1R2R3 b3=K1 c3=G1G2G3 d3=C2 e3=C1", "to_move=0 captured=R1,Y1,G1,B1,C3/"),
                 id="r9-V-A13-fifth-colour-ends-the-game-mover-keeps-to_move"),
    pytest.param({}, P("a1=R1R2R3 a3=C1C2C3K1 c3=G1G2G3", "to_move=0 captured=R1,Y1,G1,B1/"), ["a3-b3", "b3-b4"],
                 (IllegalMoveError, "the game is over"),
                 id="r9-V-A13-no-move-after-the-end"),
    pytest.param({}, P("a1=R1R2R3 a3=Y1Y2Y3K1 c3=G1G2G3", "to_move=0 captured=R1,Y1,G1,B1/"), ["a3-b3"],
                 P("a1=R1R2R3 b3=K1 c3=G1G2G3 d3=Y2 e3=Y1", "to_move=1 captured=R1,Y1,G1,B1,Y3/"),
                 id="r9-four-colours-is-not-the-end"),
    pytest.param({}, P("c3=R1R2R3K1 c5=R3", "to_move=1 captured=R1,Y1,G1,B1/"), ["c3-c4"],
                 P("c3=R1R2 c4=K1 c5=R3", "to_move=0 captured=R1,Y1,G1,B1/R3"),
                 id="r9-V-A13-only-the-mover-is-checked"),
    pytest.param({"players": 1}, P("c3=C1C2C3K1 c5=G3", "to_move=0 captured=R1,Y1,G1,B1"), ["c3-c4"],
                 P("c3=C1C2 c4=K1 c5=G3", "to_move=0 captured=R1,Y1,G1,B1,C3"),
                 id="r9-solitaire-ends-with-five-colours"),
    # V-A10: boardspace's house rule (an option): a cap may not return to a square it left this
    # turn unless that return erupts; the restriction is each cap's own (issue 14.9).
    pytest.param(HOUSE, P("c3=K1 a1=R1R2R3", "to_move=0 captured=/ left=-"), ["c3-c4"],
                 P("c4=K1 a1=R1R2R3", "to_move=0 captured=/ left=c4:c3"),
                 id="V-A10-house-rule-records-the-square-each-cap-left"),
    pytest.param(HOUSE, P("c3=K1 a1=R1R2R3", "to_move=0 captured=/ left=-"), ["c3-c4", "c4-c3"],
                 (IllegalMoveError, "the cap on c4 left c3 earlier this turn and may return to it only with an eruption"),
                 id="V-A10-house-rule-forbids-a-return-without-eruption"),
    pytest.param(HOUSE, P("b2=K1 b1=R1R2R3 e5=G1", "to_move=0 captured=/ left=-"), ["b2-b1", "b1-b2"],
                 P("b2=K1 b3=R3 b4=R2 b5=R1 e5=G1", "to_move=1 captured=/ left=-"),
                 id="V-A10-house-rule-a-return-that-erupts-is-legal"),
    pytest.param(HOUSE, P("b2=K1 b3=K1 b1=R1R2R3 e5=G1", "to_move=0 captured=/ left=-"), ["b2-b1", "b1-b2"],
                 (IllegalMoveError, "the cap on b1 left b2 earlier this turn"),
                 id="V-A10-house-rule-a-return-whose-lava-a-cap-blocks-is-illegal"),
    pytest.param(HOUSE, P("b2=K1 c3=K1 b1=R1R2R3 e5=G1", "to_move=0 captured=/ left=-"), ["b2-b1", "c3-b2"],
                 P("b1=R1R2R3K1 b2=K1 e5=G1", "to_move=0 captured=/ left=b1:b2,b2:c3"),
                 id="V-A10-house-rule-another-cap-may-enter-the-square"),
    pytest.param(HOUSE, P("b2=K1 d4=K1 a1=R1R2R3", "to_move=0 captured=/ left=-"), ["b2-b1", "d4-e4", "b1-b2"],
                 (IllegalMoveError, "the cap on b1 left b2 earlier this turn and may return to it only with an eruption"),
                 id="V-A10-house-rule-other-caps-moving-between-does-not-allow-the-return"),
    pytest.param(HOUSE, P("c3=K1 d4=K1 a1=R1R2R3", "to_move=0 captured=/ left=-"), ["c3-c4", "d4-c3", "c4-d4"],
                 P("c3=K1 d4=K1 a1=R1R2R3", "to_move=0 captured=/ left=c3:d4,d4:c3+c4"),
                 id="V-A10-house-rule-caps-may-swap-squares"),
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["c3-c4", "c4-c3"], P("c3=K1 a1=R1R2R3"),
                 id="V-A10-without-the-house-rule-return-is-fine"),
    pytest.param(HOUSE, P("a1=K1 e5=R1R2R3", "to_move=0 captured=/ left=a1:b1+a2+b2"), ["a1-b2"],
                 P("b2=K1 e5=R1R2R3", "to_move=0 captured=/ left=b2:a1+b1+a2+b2"),
                 id="V-A10-house-rule-lifted-when-no-move-is-left"),
    pytest.param(HOUSE, P("b3=R1R2R3K1 b5=K1 d2=G1G2G3", "to_move=0 captured=/ left=-"),
                 ["b3-b4", "b5-c5", "b4-c3", "c3-d2", "d2-d3"],
                 P("b3=R1R2R3 c5=K1 d2=G1 d3=K1 d4=G3 d5=G2", "to_move=1 captured=/ left=-"),
                 id="V-A10-house-rule-reset-by-an-eruption"),
    # V-A19: corners and edges.
    pytest.param({}, P("a1=R1R2R3K1 c1=B1B2B3"), ["a1-b1"], P("b1=K1 c1=B1B2B3 d1=R2 e1=R1", "to_move=1 captured=R3/"),
                 id="V-A19-corner-cap-erupts-along-the-edge"),
    # max_turns: the turn counter is written, and the limit stops the game unfinished.
    pytest.param({"max_turns": 3}, P("c3=R1R2R3K1", "to_move=0 captured=/ turns=2"), ["c3-c4"],
                 P("c3=R1R2 c4=K1 c5=R3", "to_move=1 captured=/ turns=3"),
                 id="max_turns-counts-eruptions"),
    pytest.param({"max_turns": 3}, P("c3=R1R2R3K1", "to_move=0 captured=/ turns=3"), ["c3-c4"],
                 (IllegalMoveError, "the game is over"),
                 id="max_turns-reached-no-more-moves"),
    # stall_turns (issue 14.6): after that many turns in a row without a capture the game ends,
    # scored as it stands; the count is written when it is not 0.
    pytest.param({}, P("c3=R1R2R3K1 a1=G1", "to_move=0 captured=/R1 quiet_turns=98"), ["c3-c4"],
                 P("a1=G1 c3=R1R2 c4=K1 c5=R3", "to_move=1 captured=/R1 quiet_turns=99"),
                 id="stall-a-turn-without-capture-counts"),
    pytest.param({}, P("c3=R1R2R3K1 a1=G1", "to_move=0 captured=/R1 quiet_turns=99"), ["c3-c4"],
                 P("a1=G1 c3=R1R2 c4=K1 c5=R3", "to_move=0 captured=/R1 quiet_turns=100"),
                 id="stall-the-hundredth-quiet-turn-ends-the-game-mover-keeps-to_move"),
    pytest.param({}, P("c3=R1R2R3K1 a1=G1", "to_move=0 captured=/R1 quiet_turns=99"), ["c3-c4", "b4-b5"],
                 (IllegalMoveError, "the game is over"),
                 id="stall-no-move-after-the-end"),
    pytest.param({}, P("c3=R1R2R3K1 c5=G3", "to_move=0 captured=/ quiet_turns=99"), ["c3-c4"],
                 P("c3=R1R2 c4=K1 c5=G3", "to_move=1 captured=R3/"),
                 id="stall-a-capture-resets-the-count"),
    pytest.param({}, P("c3=R1R2R3K1 c5=K1", "to_move=0 captured=/ quiet_turns=99"), ["c3-c4", "c5-d5"],
                 P("c3=R1R2R3 c4=K1 d5=K1", "to_move=0 captured=/ quiet_turns=99"),
                 id="stall-cap-moves-without-eruption-do-not-count"),
    pytest.param({"stall_turns": 3, "max_turns": 9}, P("c3=R1R2R3K1", "to_move=0 captured=/ turns=8 quiet_turns=2"),
                 ["c3-c4"], P("c3=R1R2 c4=K1 c5=R3", "to_move=0 captured=/ turns=9 quiet_turns=3"),
                 id="stall-at-the-turn-limit-is-a-real-end"),
    pytest.param({"stall_turns": None}, P("c3=R1R2R3K1"), ["c3-c4"], P("c3=R1R2 c4=K1 c5=R3", "to_move=1 captured=/"),
                 id="stall-off-the-count-is-not-written"),
    # Garbage text.
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["c3c4"], (NotationError, "'c3c4'"), id="notation-no-dash"),
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["C3-C4"], (NotationError, "'C3-C4'"), id="notation-capitals"),
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["c3-c4-c5"], (NotationError, "'c3-c4-c5'"), id="notation-two-steps"),
    pytest.param({}, P("c3=K1 a1=R1R2R3"), ["hello"], (NotationError, "'hello'"), id="notation-word"),
    pytest.param({}, P("c3=K1 a1=R1R2R3"), [""], (NotationError, "''"), id="notation-empty"),
]


@pytest.mark.parametrize("options, before, plies, expected", SCENARIOS)
def test_scenario(options, before, plies, expected):
    game = make("volcano", **options)
    state = game.state_from_text(before)
    assert state.to_text() == before, "the scenario's start position must round-trip"
    if isinstance(expected, str):
        for ply in plies:
            state = state.play(ply)
        assert state.to_text() == expected
        assert game.state_from_text(expected) == state
        return
    error, words = expected
    for ply in plies[:-1]:
        state = state.play(ply)
    text, key = state.to_text(), hash(state)
    with pytest.raises(error) as info:
        state.play(plies[-1])
    assert words in str(info.value)
    assert state.to_text() == text and hash(state) == key, "a refused move must change nothing"
    if error is IllegalMoveError:
        assert not state.is_legal(plies[-1])
        assert plies[-1] not in [str(m) for m in state.legal_moves()]


def test_illegal_errors_are_value_errors_with_the_move_named():
    state = make("volcano").new_state()
    with pytest.raises(ValueError, match=r"^a1-a0 is illegal: the cap on a1 cannot move off the board$"):
        state.play("a1-a0")
    assert state.why_illegal("a1-a0") == "the cap on a1 cannot move off the board"
    assert state.why_illegal("a1-b1") is None
    assert state.is_legal("a1-b1") and not state.is_legal("nonsense")


def test_refused_moves_change_nothing_in_the_opening():
    state = make("volcano").new_state()
    text, key = state.to_text(), hash(state)
    bad = ["a1-b2", "a1-a0", "a1-a3", "b1-b2", "end", "pass", "f1-e1", "xx", "a1b1", "e5-f6"]
    for move in bad:
        with pytest.raises((IllegalMoveError, NotationError)):
            state.play(move)
        assert state.to_text() == text and hash(state) == key
    with pytest.raises(NotationError, match="not a volcano move"):
        state.play(42)


# Worked examples ---------------------------------------------------------------------------


def test_worked_example_V0_position_events_and_score():
    state = make("volcano").state_from_text(V0_BEFORE)
    after = state.play("a3-b3")
    assert after.to_text() == V0_AFTER
    assert after.captured == ((PIECES["C3"],), ())
    assert after.scores == (1, 0)
    assert after.to_move == 1 and after.turns == 1 and after.moves == 1
    assert not after.is_over and after.winners == () and after.result == "playing"
    assert [e.kind for e in after.events] == [
        "cap_moved", "eruption", "land", "land", "land", "eruption_spent", "capture", "turn_passed",
    ]
    assert [str(e) for e in after.events] == [
        "Player 1 moves the cap from a3 to b3.",
        "The volcano on a3 erupts towards the east.",
        "Clear large lands on c3 on a green large: same size, captured by player 1.",
        "Clear medium lands on d3 on a blue large: no capture.",
        "Clear small lands on e3 on a red large: no capture.",
        "The volcano on a3 is spent.",
        "Player 1 captures the clear large from c3.",
        "The turn passes to Player 2.",
    ]
    lands = [e for e in after.events if e.kind == "land"]
    assert [(e["piece"], e["square"], e["onto"], e["captured"]) for e in lands] == [
        ("C3", "c3", "G3", True), ("C2", "d3", "B3", False), ("C1", "e3", "R3", False),
    ]
    assert after.events[0]["source"] == "a3" and after.events[0]["target"] == "b3"
    assert after.last_move == after.game.parse_move("a3-b3")
    assert after.stack("a3") == "." and after.stack("d3") == "B1B2B3C2"


def test_worked_example_V7_solid_tree_beats_three_mixed():
    pile = "R1 R2 R3 R1 G2 G3 B1 Y3 Y2".split()
    best = volcano.score(pile)
    assert (best.points, best.solid_trees, best.mixed_trees, best.loose) == (17, 1, 2, 0)
    assert int(best) == 17 == closed_form(pile)
    assert 3 * 5 == 15 < best.points  # three mixed trees, the greedy-mixed arrangement
    assert [str(p) for p in best.trees[0]] == ["R1", "R2", "R3"]
    assert best.describe() == "17 points: 1 solid tree (7), 2 mixed trees (10), 0 loose pieces"
    state = make("volcano").state_from_text(P("c3=K1 a1=Y1", "to_move=0 captured=/" + ",".join(pile)))
    assert state.scores == (0, 17)
    assert state.score_details(1) == best


# Scoring -------------------------------------------------------------------------------------


SCORE_VECTORS = [
    pytest.param("", 0, 0, 0, 0, id="empty"),
    pytest.param("R1", 1, 0, 0, 1, id="one-piece"),
    pytest.param("R1 R1 G2 C2 B1", 5, 0, 0, 5, id="loose-only-no-large"),
    pytest.param("R1 R2 R3", 7, 1, 0, 0, id="one-solid-tree"),
    pytest.param("R3 R1 R2", 7, 1, 0, 0, id="solid-tree-any-order"),
    pytest.param("R1 G2 B3", 5, 0, 1, 0, id="one-mixed-tree"),
    pytest.param("R1 R2 R3 R1", 8, 1, 0, 1, id="solid-plus-loose"),
    pytest.param("R1 R2 R3 R1 R2 R3", 14, 2, 0, 0, id="two-solid-one-colour"),
    pytest.param("R1 R2 R3 G1 G2 G3", 14, 2, 0, 0, id="two-solid-two-colours"),
    pytest.param("R1 R2 R3 Y1 Y2 B3", 12, 1, 1, 0, id="solid-then-mixed-beats-two-mixed"),
    pytest.param("R1 G1 R2 G2 B3 Y3", 10, 0, 2, 0, id="tie-between-mixed-pairings"),
    pytest.param("R1 R2 R3 G1 G2", 9, 1, 0, 2, id="solid-leaves-loose"),
    pytest.param("R1 R2 G3 G1 G2 R3 C1", 15, 2, 0, 1, id="two-solid-interleaved"),
    pytest.param("Y1 Y2 Y3 Y1 Y2 Y3 Y1 Y2 Y3 Y1 Y2 Y3 Y1 Y2 Y3", 35, 5, 0, 0, id="five-yellow-trees"),
    pytest.param("C3 C3 C3 B2 B2 R1", 8, 0, 1, 3, id="one-mixed-tree-and-three-loose"),
    pytest.param("R1 R2 R3 R1 G2 G3 B1 Y3 Y2", 17, 1, 2, 0, id="V7"),
    pytest.param(" ".join(f"{c}{s}" for c in "RYGBC" for s in (1, 2, 3) for _ in range(5)), 175, 25, 0, 0,
                 id="the-whole-set"),
]


@pytest.mark.parametrize("pile, points, solid, mixed, loose", SCORE_VECTORS)
def test_score_vectors(pile, points, solid, mixed, loose):
    pieces = pile.split()
    result = volcano.score(pieces)
    assert (result.points, result.solid_trees, result.mixed_trees, result.loose) == (points, solid, mixed, loose)
    assert result.points == closed_form(pieces)
    assert volcano.score([PIECES[p] for p in pieces]) == result


PILES = st.lists(st.sampled_from(COLOURED), max_size=40)


@settings(max_examples=150, deadline=None)
@given(PILES)
def test_score_breakdown_is_consistent(pile):
    result = volcano.score(pile)
    assert result.points == closed_form(pile)
    assert result.points == 7 * result.solid_trees + 5 * result.mixed_trees + result.loose
    assert len(result.trees) == result.solid_trees + result.mixed_trees
    assert len(result.loose_pieces) == result.loose
    for index, tree in enumerate(result.trees):
        assert [p.size for p in tree] == [1, 2, 3]
        one_colour = len({p.colour for p in tree}) == 1
        assert one_colour == (index < result.solid_trees), f"tree {tree} is in the wrong group"
    used = [str(p) for tree in result.trees for p in tree] + [str(p) for p in result.loose_pieces]
    assert Counter(used) == Counter(pile)
    # Every possible tree is made: some size has nothing loose.
    assert min(sum(1 for p in result.loose_pieces if p.size == s) for s in (1, 2, 3)) == 0


@settings(max_examples=60, deadline=None)
@given(PILES, st.randoms(use_true_random=False))
def test_score_ignores_order(pile, rng):
    shuffled = list(pile)
    rng.shuffle(shuffled)
    assert volcano.score(shuffled).points == volcano.score(pile).points


# End, ties and results -------------------------------------------------------------------------


ENDING = P("a1=R1R2R3 a3=C1C2C3K1 c3=G1G2G3", "to_move=0 captured=R1,Y1,G1,B1/{other}")


def test_V_A13_the_winner_need_not_be_the_ender():
    state = make("volcano").state_from_text(ENDING.format(other="R1,R2,R3,Y1,Y2,Y3"))
    assert not state.is_over and state.scores == (4, 14)
    after = state.play("a3-b3")
    assert after.is_over and after.result == "win" and not after.unfinished and not after.is_draw
    assert after.scores == (5, 14) and after.winners == (1,) and after.to_move == 0
    assert after.legal_moves() == []
    over = after.events[-1]
    assert over.kind == "game_over"
    assert str(over) == "Game over: Player 1 holds all five colours. Scores: Player 1 5, Player 2 14. Player 2 wins."
    assert over["scores"] == [5, 14] and over["winners"] == [1]
    assert "turn_passed" not in [e.kind for e in after.events]
    assert after.game.state_from_text(after.to_text()).winners == (1,)


def test_V_A14_tie_is_a_shared_win_by_default():
    state = make("volcano").state_from_text(ENDING.format(other="R2,R2,Y2,G2,B2"))
    after = state.play("a3-b3")
    assert after.scores == (5, 5) and after.winners == (0, 1) and after.result == "win"
    assert str(after.events[-1]).endswith("Player 1 and Player 2 win (a shared win).")


def test_V_A14_tie_rule_draw():
    game = make("volcano", tie_rule="draw")
    after = game.state_from_text(ENDING.format(other="R2,R2,Y2,G2,B2")).play("a3-b3")
    assert after.is_over and after.winners == () and after.result == "draw" and after.is_draw
    assert not after.unfinished
    assert str(after.events[-1]).endswith("The top scores are tied: a draw.")
    assert after.events[-1]["winners"] == []


def test_tie_rule_draw_still_has_a_winner_without_a_tie():
    game = make("volcano", tie_rule="draw")
    after = game.state_from_text(ENDING.format(other="R2")).play("a3-b3")
    assert after.winners == (0,) and after.result == "win"


def test_loaded_finished_position_knows_it_is_over():
    game = make("volcano", players=3)
    state = game.state_from_text(P("c3=K1 a1=R1", "to_move=2 captured=R1,Y1,G1,B1,C1/R1,R2,R3/"))
    assert state.is_over and state.winners == (1,) and state.scores == (5, 7, 0)
    assert state.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="the game is over"):
        state.play("c3-c4")
    assert state.why_illegal("c3-c4") == "the game is over"
    assert "win" in str(state)


def test_V_A18_empty_board_ends_the_game():
    text = P("c3=K1 e5=K1", "to_move=1 captured=R3,R2/R1")
    state = make("volcano").state_from_text(text)
    assert state.is_over and not state.unfinished and state.winners == (0,) and state.legal_moves() == []
    kept = make("volcano", end_if_board_empty=False).state_from_text(text)
    assert not kept.is_over and kept.winners == () and len(kept.legal_moves()) == 11
    assert kept.play("c3-c4").to_move == 1  # no eruption is possible: the same player moves again


def test_V_A18_a_capture_always_leaves_the_piece_beneath():
    # The last capture cannot empty the board: the piece it landed on stays.
    state = make("volcano").state_from_text(P("a3=R1K1 c3=Y1")).play("a3-b3")
    assert state.to_text() == P("b3=K1 c3=Y1", "to_move=1 captured=R1/")
    assert not state.is_over


def test_V_A19_corner_and_edge_caps():
    game = make("volcano")
    corner = game.state_from_text(P("a1=K1 e5=R1R2R3"))
    assert [str(m) for m in corner.legal_moves()] == ["a1-a2", "a1-b2", "a1-b1"]
    for square, count in [("e5", 3), ("a5", 3), ("e1", 3), ("c1", 5), ("a3", 5), ("c3", 8)]:
        state = game.state_from_text(P(f"{square}=K1 b2=R1"))
        assert len(state.legal_moves()) == count, square
    crowded = game.state_from_text(P("a1=K1 b2=K1 a2=K1 b1=R1"))
    assert [str(m) for m in crowded.legal_moves() if m.source == "a1"] == ["a1-b1"]


def test_legal_moves_of_the_opening():
    state = make("volcano").new_state()
    moves = [str(m) for m in state.legal_moves()]
    # caps in board order (a1, b2, c3, d4, e5), directions clockwise from north
    assert moves == [
        "a1-a2", "a1-b1",
        "b2-b3", "b2-c2", "b2-c1", "b2-b1", "b2-a2", "b2-a3",
        "c3-c4", "c3-d3", "c3-d2", "c3-c2", "c3-b3", "c3-b4",
        "d4-d5", "d4-e4", "d4-e3", "d4-d3", "d4-c4", "d4-c5",
        "e5-e4", "e5-d5",
    ]
    for move in moves:
        assert state.is_legal(move)


def test_erupts_predicts_the_eruption():
    state = make("volcano").state_from_text(P("c3=R1R2R3K1 c5=K1 a3=G1"))
    assert not state.erupts("c3-c4") and state.erupts("c3-b3") and not state.erupts("c5-d5")
    assert state.erupts("c3-d3")


@pytest.mark.parametrize("seed", range(3))
def test_eruption_record_tells_what_the_events_tell(seed):
    # Playouts count eruptions, landings and captures from state.eruption instead of the events.
    rng = random.Random(seed)
    state = make("volcano", players=3).new_state()
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        kinds = [e.kind for e in state.events]
        eruption = state.eruption
        assert (eruption is None) == ("eruption" not in kinds)
        if eruption is not None:
            assert state.events[1]["source"] == volcano.GRID.name(eruption.source)
            assert state.events[1]["direction"] == eruption.direction
            assert [(volcano.GRID.name(square), str(piece), str(onto) if onto else None, captured)
                    for square, piece, onto, captured in eruption.landed] == [
                (e["square"], e["piece"], e["onto"], e["captured"]) for e in state.events if e.kind == "land"]
            assert (eruption.stopped_at is not None) == ("eruption_stopped" in kinds)
    assert make("volcano").new_state().eruption is None and make("volcano").new_state().events == ()


# Players, solitaire and the turn limit -------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_one_to_six_players(players):
    game = make("volcano", players=players)
    state = game.new_state()
    assert state.to_text().splitlines()[-1] == "to_move=0 captured=" + "/" * (players - 1)
    assert state.scores == (0,) * players and state.winners == ()
    for expected in range(1, 2 * players + 1):
        state = state.play(next(m for m in state.legal_moves() if state.erupts(m)))
        assert state.to_move == expected % players
    assert state.turns == 2 * players
    assert game.state_from_text(state.to_text()) == state


@pytest.mark.parametrize("players", [0, 7, -1, 2.0, True, "2"])
def test_player_count_is_checked(players):
    with pytest.raises(ValueError, match="players="):
        make("volcano", players=players)


def test_solitaire_reports_score_turns_and_moves():
    game = make("volcano", players=1)
    state = game.new_state()
    assert state.to_text().splitlines()[-1] == "to_move=0 captured="
    state = state.play("a1-a2")  # north: a3 is free, so a1 erupts
    assert state.to_move == 0 and state.turns == 1 and state.moves == 1
    assert state.to_text().splitlines()[-1] == "to_move=0 captured=R3"
    assert state.scores == (1,)
    finished = game.state_from_text(P("c3=K1 a1=R1", "to_move=0 captured=R1,Y1,G1,B1,C1,C2,C3"))
    assert finished.is_over and finished.winners == (0,) and finished.scores == (11,)


def test_max_turns_stops_the_game_unfinished():
    game = make("volcano", max_turns=1)
    state = game.new_state()
    assert state.to_text().splitlines()[-1] == "to_move=0 captured=/ turns=0"
    after = state.play("a1-b1")
    assert after.is_over and after.unfinished and after.winners == () and after.result == "unfinished"
    assert not after.is_draw and after.legal_moves() == []
    assert after.events[-1].kind == "turn_limit"
    assert str(after.events[-1]) == "The turn limit of 1 is reached: the game stops unfinished."
    assert after.scores == (1, 0)
    loaded = game.state_from_text(after.to_text())
    assert loaded.is_over and loaded.unfinished and loaded.result == "unfinished"
    with pytest.raises(IllegalMoveError, match="the game is over"):
        after.play("b2-c2")
    assert not make("volcano", max_turns=2).new_state().play("a1-b1").is_over


def test_max_turns_non_eruptions_do_not_count():
    state = make("volcano", max_turns=1).state_from_text(P("c3=K1 a1=R1R2R3", "to_move=0 captured=/ turns=0"))
    for move in ["c3-c4", "c4-c3", "c3-c4"]:
        state = state.play(move)
        assert not state.is_over
    assert state.turns == 0 and state.moves == 3


def test_an_ending_eruption_at_the_turn_limit_is_a_real_end():
    game = make("volcano", max_turns=9)
    state = game.state_from_text(P("a1=R1R2R3 a3=C1C2C3K1 c3=G1G2G3", "to_move=0 captured=R1,Y1,G1,B1/ turns=8"))
    after = state.play("a3-b3")
    assert after.is_over and not after.unfinished and after.winners == (0,) and after.result == "win"
    assert after.events[-1].kind == "game_over"


# Openings -------------------------------------------------------------------------------------

DIAG_TEXT = """\
C1C2C3 C1C2C3 C1C2C3 G1G2G3 R1R2R3K1
C1C2C3 G1G2G3 G1G2G3 R1R2R3K1 Y1Y2Y3
C1C2C3 G1G2G3 R1R2R3K1 Y1Y2Y3 B1B2B3
G1G2G3 R1R2R3K1 Y1Y2Y3 Y1Y2Y3 B1B2B3
R1R2R3K1 Y1Y2Y3 B1B2B3 B1B2B3 B1B2B3
to_move=0 captured=/"""
DIAG_ROWS = ["CCCGR", "CGGRY", "CGRYB", "GRYYB", "RYBBB"]


def colour_layout(state) -> list[str]:
    """Rank 5 first, one letter per nest (the colour of its bottom piece), '.' when empty."""
    return ["".join(state.stack(f"{f}{r}")[0] if state.stack(f"{f}{r}") != "." else "." for f in FILES)
            for r in range(5, 0, -1)]


def cap_squares(state) -> set[str]:
    return {f"{f}{r}" for f in FILES for r in range(1, 6) if state.stack(f"{f}{r}").endswith("K1")}


def test_diag_opening_exact():
    state = make("volcano").new_state()
    assert state.to_text() == DIAG_TEXT
    assert make("volcano", opening="diag").new_state(seed=99).to_text() == DIAG_TEXT
    assert make("volcano").state_from_text(DIAG_TEXT) == state


@pytest.mark.parametrize("opening, caps", [
    ("plus", {"c3", "b3", "d3", "c2", "c4"}),
    ("x", {"c3", "b2", "d2", "b4", "d4"}),
    ("diag", {"a1", "b2", "c3", "d4", "e5"}),
])
def test_named_openings_caps_on_the_diag_colours(opening, caps):
    state = make("volcano", opening=opening).new_state()
    assert cap_squares(state) == caps
    assert colour_layout(state) == DIAG_ROWS
    for f in FILES:
        for r in range(1, 6):
            colour = DIAG_ROWS[5 - r][FILES.index(f)]
            nest = f"{colour}1{colour}2{colour}3"
            assert state.stack(f"{f}{r}") == nest + ("K1" if f"{f}{r}" in caps else "")


def test_random_opening_is_seeded():
    game = make("volcano", opening="random")
    assert game.new_state(seed=5).to_text() == game.new_state(seed=5).to_text()
    assert game.new_state(seed=5) == game.new_state(seed=5)
    assert colour_layout(game.new_state(seed=1)) != colour_layout(game.new_state(seed=2))
    assert len({tuple(colour_layout(game.new_state(seed=s))) for s in range(20)}) == 20
    assert cap_squares(game.new_state(seed=3)) == {"a1", "b2", "c3", "d4", "e5"}
    np = pytest.importorskip("numpy")
    a = game.new_state(seed=np.random.default_rng(11))
    b = game.new_state(seed=np.random.default_rng(11))
    assert a == b
    assert game.new_state(seed=random.Random(4)) == game.new_state(seed=random.Random(4))


def test_random_opening_has_five_nests_per_colour_and_no_orthogonal_neighbours_alike():
    game = make("volcano", opening="random")
    for seed in range(300):
        state = game.new_state(seed=seed)
        rows = colour_layout(state)
        assert Counter("".join(rows)) == Counter("RRRRRYYYYYGGGGGBBBBBCCCCC"), seed
        for r in range(5):
            for f in range(5):
                if f < 4:
                    assert rows[r][f] != rows[r][f + 1], (seed, rows)
                if r < 4:
                    assert rows[r][f] != rows[r + 1][f], (seed, rows)
        for f in FILES:
            for r in range(1, 6):
                stack = state.stack(f"{f}{r}").removesuffix("K1")
                assert stack == stack[0] + "1" + stack[0] + "2" + stack[0] + "3"


def test_random_opening_with_custom_caps():
    state = make("volcano", opening="random", caps=("a5", "e1")).new_state(seed=8)
    assert cap_squares(state) == {"a5", "e1"}


def test_custom_opening():
    game = make("volcano", opening="custom", colours="RYGBC RYGBC RYGBC RYGBC .YGBC", caps="a5, e1 c3")
    state = game.new_state()
    assert colour_layout(state) == ["RYGBC", "RYGBC", "RYGBC", "RYGBC", ".YGBC"]
    assert cap_squares(state) == {"a5", "e1", "c3"}
    assert state.stack("a1") == "." and state.stack("a5") == "R1R2R3K1" and state.stack("e1") == "C1C2C3K1"
    assert game.caps == ("a5", "e1", "c3")
    assert game.state_from_text(state.to_text()) == state
    with_empty_cap = make("volcano", opening="custom", colours=".YGBC " * 5, caps=["a1"]).new_state()
    assert with_empty_cap.stack("a1") == "K1"
    # colours= and caps= may also override a named opening
    plus = make("volcano", opening="plus", colours="RYGBC" * 5).new_state()
    assert colour_layout(plus) == ["RYGBC"] * 5 and cap_squares(plus) == {"c3", "b3", "d3", "c2", "c4"}


@pytest.mark.parametrize("options, option_named", [
    ({"opening": "custom"}, "caps"),
    ({"opening": "custom", "caps": ("a1",)}, "colours"),
    ({"opening": "custom", "colours": "RYGBC" * 5}, "caps"),
    ({"opening": "hex"}, "opening="),
    ({"colours": "RYGBC" * 4}, "colours="),
    ({"colours": "RYGBK" * 5}, "colours="),
    ({"colours": "RYGBC" * 5 + "R"}, "colours="),
    ({"colours": "R" * 25}, "colours="),
    ({"caps": ("a1", "a1")}, "caps="),
    ({"caps": ("a1", "b1", "c1", "d1", "e1", "a2")}, "caps="),
    ({"caps": ("z9",)}, "caps="),
    ({"caps": ("a6",)}, "caps="),
    ({"caps": ()}, "caps="),
    ({"tie_rule": "none"}, "tie_rule="),
    ({"no_return_within_turn": "maybe"}, "no_return_within_turn="),  # yes/no and true/false read as True/False
    ({"end_if_board_empty": 1}, "end_if_board_empty="),
    ({"max_turns": 0}, "max_turns="),
    ({"max_turns": 2.5}, "max_turns="),
    ({"stall_turns": 0}, "stall_turns="),
    ({"stall_turns": "100"}, "stall_turns="),
], ids=lambda v: v if isinstance(v, str) else None)
def test_bad_options_are_value_errors_naming_the_option(options, option_named):
    with pytest.raises(ValueError) as info:
        make("volcano", **options)
    assert option_named in str(info.value)


def test_unknown_option_is_a_type_error():
    with pytest.raises(TypeError, match="no option 'colour'.*opening"):
        make("volcano", colour="red")


# Events -------------------------------------------------------------------------------------------


def test_events_of_a_non_eruption():
    state = make("volcano").state_from_text(P("c3=R1R2R3K1 c5=K1 a1=G1"))
    after = state.play("c3-c4")
    assert [(e.kind, str(e)) for e in after.events] == [
        ("cap_moved", "Player 1 moves the cap from c3 to c4."),
        ("no_eruption", "No eruption: the cap on c5 blocks the lava of c3. Player 1 moves again."),
    ]
    after = after.play("c5-d5")
    assert str(after.events[-1]) == "No eruption: c5 is empty, so nothing can erupt. Player 1 moves again."
    edge = make("volcano").state_from_text(P("b2=R1R2R3K1")).play("b2-a1")
    assert str(edge.events[-1]) == "No eruption: the lava of b2 would flow off the board. Player 1 moves again."


def test_events_of_a_stopped_eruption_and_empty_landing():
    after = make("volcano").state_from_text(P("a3=C1C2C3K1 d3=K1")).play("a3-b3")
    assert [(e.kind, str(e)) for e in after.events] == [
        ("cap_moved", "Player 1 moves the cap from a3 to b3."),
        ("eruption", "The volcano on a3 erupts towards the east."),
        ("land", "Clear large lands on the empty square c3."),
        ("eruption_stopped", "The eruption stops at the cap on d3; 2 pieces stay on a3."),
        ("turn_passed", "The turn passes to Player 2."),
    ]
    edge = make("volcano").state_from_text(P("c3=R1R2R3K1")).play("c3-c4")
    assert str(edge.events[-2]) == "The eruption stops at the edge of the board; 2 pieces stay on c3."


def test_game_over_event_carries_the_scores():
    after = make("volcano").state_from_text(ENDING.format(other="R1")).play("a3-b3")
    assert [e.kind for e in after.events][-2:] == ["capture", "game_over"]
    assert after.events[-1].to_dict() == {
        "kind": "game_over",
        "text": "Game over: Player 1 holds all five colours. Scores: Player 1 5, Player 2 1. Player 1 wins.",
        "reason": "Player 1 holds all five colours",
        "scores": [5, 1],
        "winners": [0],
    }


def test_events_are_not_part_of_equality():
    game = make("volcano")
    played = game.new_state().play("a1-b1")
    assert played.events and game.state_from_text(played.to_text()) == played
    assert hash(game.state_from_text(played.to_text())) == hash(played)


# Property tests along random games -------------------------------------------------------------

SET = Counter({**{p: 5 for p in COLOURED}, "K1": 5})


def census(state) -> Counter:
    counts = Counter()
    for f in FILES:
        for r in range(1, 6):
            stack = state.stack(f"{f}{r}")
            if stack != ".":
                counts.update(str(p) for p in parse_stack(stack))
    for pile in state.captured:
        counts.update(str(p) for p in pile)
    return counts


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    opening=st.sampled_from(["diag", "plus", "x", "random"]),
    players=st.integers(1, 6),
    house=st.booleans(),
)
def test_random_play_conserves_pieces_never_mutates_and_round_trips(seed, opening, players, house):
    game = make("volcano", opening=opening, players=players, no_return_within_turn=house)
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    assert census(state) == SET
    for _ in range(150):
        if state.is_over:
            assert state.legal_moves() == []
            break
        moves = state.legal_moves()
        assert moves, "a game that is not over must have a move"
        move = rng.choice(moves)
        text, key, before = state.to_text(), hash(state), state.captured
        erupts = state.erupts(move)
        after = state.play(move)
        assert state.to_text() == text and hash(state) == key and state.captured == before
        assert after.events and all(str(e).strip() for e in after.events)
        assert census(after) == SET
        assert after.moves == state.moves + 1
        assert after.turns == state.turns + erupts
        if not erupts:
            assert after.to_move == state.to_move and after.captured == state.captured
            assert [e.kind for e in after.events] == ["cap_moved", "no_eruption"]
        elif not after.is_over:
            assert after.to_move == (state.to_move + 1) % players
        loaded = game.state_from_text(after.to_text())
        assert loaded == after and loaded.to_text() == after.to_text() and hash(loaded) == hash(after)
        assert loaded.is_over == after.is_over and loaded.winners == after.winners
        assert game.parse_move(str(move)) == move
        state = after


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_stack_text_and_board_agree(seed):
    game = make("volcano", opening="random")
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(30):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    rows = state.to_text().splitlines()[:5]
    for r, row in zip(range(5, 0, -1), rows):
        assert row.split() == [state.stack(f"{f}{r}") for f in FILES]


@pytest.mark.parametrize("options", [
    {},
    {"players": 1},
    {"players": 3, "opening": "random"},
    {"players": 6, "opening": "x", "tie_rule": "draw"},
    {"opening": "plus", "no_return_within_turn": True},
    {"end_if_board_empty": False, "players": 4},
    {"max_turns": 10},
], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_check_game(options):
    report = check_game(make("volcano", **options), n_games=4, seed=2)
    assert report["games"] == 4
    if "max_turns" in options:
        assert report["results"].get("unfinished", 0) + report["results"].get("win", 0) == 4


# state_from_text ------------------------------------------------------------------------------


@pytest.mark.parametrize("text, words", [
    (P("c3=R4"), "'R4'"),
    (P("c3=X1"), "'X1'"),
    (P("c3=R1r2"), "'r'"),
    (P("c3=K1R1"), "cap under another piece"),
    (P("c3=K1K1"), "cap under another piece"),
    (P("c3=K2"), "only the black smalls"),
    (P("c3=R1K3"), "only the black smalls"),
    (P("c3=L"), "not a Volcano piece"),
    (P("a1=R1 b1=R1 c1=R1 d1=R1 e1=R1 a2=R1"), "6 red smalls"),
    (P("a1=R1R1R1 b1=R1", "to_move=0 captured=R1,R1/"), "6 red smalls"),
    (P("a1=K1 b1=K1 c1=K1 d1=K1 e1=K1 a2=K1"), "6 caps"),
    (P("c3=K1", "to_move=0 captured=R1"), "1 lists"),
    (P("c3=K1", "to_move=0 captured=R1//"), "3 lists"),
    (P("c3=K1", "to_move=0 captured=K1/"), "not a Volcano piece"),
    (P("c3=K1", "to_move=0 captured=R9/"), "'R9'"),
    (P("c3=K1", "to_move=2"), "to_move=2"),
    (P("c3=K1", "to_move=-1"), "to_move=-1"),
    (P("c3=K1", "to_move=x"), "to_move='x'"),
    (P("c3=K1", "to_move=0 colour=R"), "unknown field 'colour'"),
    (P("c3=K1", "to_move=0 to_move=1"), "given twice"),
    (P("c3=K1", "to_move=0 left=c3"), "unknown field 'left'"),
    (P("c3=K1", "to_move=0 captured=/ turns=-2"), "turns=-2"),
    (". . . . .\n. . . . .\nto_move=0", "2 board lines"),
    (". . . . .\n" * 4 + ". . . .\nto_move=0", "found 4"),
    ("", "0 board lines"),
], ids=lambda v: v if isinstance(v, str) and "\n" not in v else None)
def test_state_from_text_rejects_impossible_positions(text, words):
    with pytest.raises(NotationError) as info:
        make("volcano").state_from_text(text)
    assert words in str(info.value)


@pytest.mark.parametrize("left, words", [
    ("z9:c4", "'z9'"),
    ("c3:z9", "'z9'"),
    ("c3", "write each cap that moved this turn and the squares it left"),
    ("c3:", "write each cap"),
    ("c4:c3", "names c4, but c4 has no cap"),
    ("c3:c4,c3:b4", "names the cap on c3 twice"),
])
def test_state_from_text_rejects_bad_left_fields(left, words):
    with pytest.raises(NotationError) as info:
        make("volcano", **HOUSE).state_from_text(P("c3=K1 a1=R1", f"to_move=0 left={left}"))
    assert words in str(info.value)


def test_state_from_text_is_not_a_string():
    with pytest.raises(NotationError):
        make("volcano").state_from_text(None)


def test_state_from_text_accepts_sparse_positions_and_defaults():
    game = make("volcano", players=3)
    state = game.state_from_text(". . . . .\n. . . . .\n. . K1 . .\n. . . . .\nG2 . . . .")
    assert state.to_move == 0 and state.captured == ((), (), ()) and state.turns == 0
    assert state.to_text() == P("c3=K1 a1=G2", "to_move=0 captured=//")
    assert state.stack("c3") == "K1" and state.stack("a1") == "G2" and state.stack("b1") == "."
    assert not state.is_over and len(state.legal_moves()) == 8


def test_sparse_position_with_one_piece_plays():
    game = make("volcano")
    state = game.state_from_text("  \n" + P("c3=K1 a1=R1", "to_move=1") + "\n\n")
    assert state.to_move == 1 and not state.is_over
    assert state.to_text() == P("c3=K1 a1=R1", "to_move=1 captured=/")
    tall = game.state_from_text(P("c3=R1R2R3Y1Y2Y3G1G2G3B1B2B3C1C2C3K1"))
    assert tall.stack("c3") == "R1R2R3Y1Y2Y3G1G2G3B1B2B3C1C2C3K1"


def test_stack_rejects_bad_squares():
    with pytest.raises(NotationError, match="'f1'"):
        make("volcano").new_state().stack("f1")


def test_play_accepts_move_objects_and_text_alike():
    state = make("volcano").new_state()
    move = volcano.CapMove("a1", "b1")
    assert str(move) == "a1-b1" and state.game.parse_move(" a1-b1 ") == move
    assert state.play(move) == state.play("a1-b1")
    assert str(state.game.parse_move("end")) == "end" == str(state.game.parse_move("pass"))


def test_V_A10_house_rule_legal_moves():
    game = make("volcano", **HOUSE)
    state = game.state_from_text(P("c3=K1 a1=R1R2R3", "to_move=0 captured=/ left=-")).play("c3-c4")
    assert "c4-c3" not in [str(m) for m in state.legal_moves()]
    assert len(state.legal_moves()) == 7
    lifted = game.state_from_text(P("a1=K1 e5=R1R2R3", "to_move=0 captured=/ left=a1:b1+a2+b2"))
    assert [str(m) for m in lifted.legal_moves()] == ["a1-a2", "a1-b2", "a1-b1"]
    assert all(lifted.is_legal(m) for m in lifted.legal_moves())
    partly = game.state_from_text(P("a1=K1 e5=R1R2R3", "to_move=0 captured=/ left=a1:a2+b2"))
    assert [str(m) for m in partly.legal_moves()] == ["a1-b1"]
    assert "house rule" in partly.why_illegal("a1-a2")
    # b1 holds pieces: of the squares its cap left, only the step whose lava lands (north, onto
    # b3) is open again; east the lava would meet the cap on d1, west it would leave the board.
    erupting = game.state_from_text(P("b1=R1R2R3K1 d1=K1 e5=G1", "to_move=0 captured=/ left=b1:a1+c1+b2"))
    assert [str(m) for m in erupting.legal_moves()] == ["b1-b2", "b1-c2", "b1-a2",
                                                        "d1-d2", "d1-e2", "d1-e1", "d1-c1", "d1-c2"]
    assert erupting.erupts("b1-b2") and not erupting.is_legal("b1-c1") and not erupting.is_legal("b1-a1")
    # Another cap is not restricted by the squares this one left.
    assert erupting.play("d1-c1").to_text().splitlines()[-1] == "to_move=0 captured=/ left=b1:a1+c1+b2,c1:d1"


# An independent reference: the rules file's procedure, written plainly, replayed against the engine.

STEPS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]  # N, NE, … clockwise


class Reference:
    """Rules 3–9, V-A10 and the stall rule straight from the rules text, on dicts of squares →
    lists of piece strings."""

    def __init__(self, text: str, players: int, house: bool, stall: int | None = 100):
        lines = text.splitlines()
        self.board = {}
        for row, line in enumerate(lines[:5]):
            for col, token in enumerate(line.split()):
                self.board[(col, 4 - row)] = [] if token == "." else [token[i:i + 2] for i in range(0, len(token), 2)]
        fields = dict(f.split("=") for f in lines[5].split())
        self.to_move = int(fields["to_move"])
        self.piles = [[] if not p else p.split(",") for p in fields["captured"].split("/")]
        self.players, self.house, self.left = players, house, {}  # cap square → the squares it left
        self.stall, self.quiet = stall, int(fields.get("quiet_turns", 0))  # turns in a row without a capture

    def capped(self, sq):
        return sq in self.board and self.board[sq][-1:] == ["K1"]

    def erupts(self, src, dst):
        beyond = (2 * dst[0] - src[0], 2 * dst[1] - src[1])
        return len(self.board[src]) > 1 and beyond in self.board and not self.capped(beyond)

    def moves(self):
        if any(len({p[0] for p in pile}) == 5 for pile in self.piles):
            return []
        if self.stall is not None and self.quiet >= self.stall:
            return []
        def all_moves(respect_left):
            return [(src, (src[0] + df, src[1] + dr))
                    for src in sorted((sq for sq in self.board if self.capped(sq)), key=lambda s: (s[1], s[0]))
                    for df, dr in STEPS
                    if (src[0] + df, src[1] + dr) in self.board and not self.capped((src[0] + df, src[1] + dr))
                    and not (respect_left and (src[0] + df, src[1] + dr) in self.left.get(src, ())
                             and not self.erupts(src, (src[0] + df, src[1] + dr)))]
        return all_moves(self.house) or all_moves(False)

    def play(self, src, dst):
        d = (dst[0] - src[0], dst[1] - src[1])
        self.board[src].pop()
        self.board[dst].append("K1")
        at = lambda k: (src[0] + k * d[0], src[1] + k * d[1])
        if not self.board[src] or at(2) not in self.board or self.capped(at(2)):
            if self.house:
                self.left[dst] = self.left.pop(src, set()) | {src}
            return
        landed, k = [], 2
        while self.board[src] and at(k) in self.board and not self.capped(at(k)):
            piece = self.board[src].pop()
            under = self.board[at(k)][-1] if self.board[at(k)] else None
            self.board[at(k)].append(piece)
            landed.append((at(k), piece, under))
            k += 1
        self.quiet += 1
        for sq, piece, under in landed:
            if under is not None and under[1] == piece[1]:
                self.board[sq].pop()
                self.piles[self.to_move].append(piece)
                self.quiet = 0
        self.left = {}
        if len({p[0] for p in self.piles[self.to_move]}) < 5 and not (self.stall is not None and self.quiet >= self.stall):
            self.to_move = (self.to_move + 1) % self.players

    def text(self):
        rows = [" ".join("".join(self.board[(c, r)]) or "." for c in range(5)) for r in range(4, -1, -1)]
        fields = f"to_move={self.to_move} captured=" + "/".join(",".join(p) for p in self.piles)
        if self.stall is not None and 2 * self.quiet >= self.stall:
            fields += f" quiet_turns={self.quiet}"
        if self.house:
            def name(square):
                return f"{'abcde'[square[0]]}{square[1] + 1}"

            def in_board_order(squares):
                return sorted(squares, key=lambda s: (s[1], s[0]))

            fields += " left=" + (",".join(name(cap) + ":" + "+".join(map(name, in_board_order(self.left[cap])))
                                           for cap in in_board_order(self.left)) or "-")
        return "\n".join(rows) + "\n" + fields


def square_of(name):
    return ("abcde".index(name[0]), int(name[1]) - 1)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opening=st.sampled_from(["diag", "plus", "x", "random"]),
       players=st.integers(1, 6), house=st.booleans(), stall=st.sampled_from([None, 1, 4, 100]))
def test_engine_agrees_with_an_independent_reference(seed, opening, players, house, stall):
    game = make("volcano", opening=opening, players=players, no_return_within_turn=house, stall_turns=stall)
    state = game.new_state(seed=seed)
    reference = Reference(state.to_text(), players, house, stall)
    rng = random.Random(seed)
    for _ in range(400):
        expected = [(f"{'abcde'[a[0]]}{a[1] + 1}-{'abcde'[b[0]]}{b[1] + 1}") for a, b in reference.moves()]
        assert [str(m) for m in state.legal_moves()] == expected
        if not expected:
            assert state.is_over
            break
        move = rng.choice(expected)
        state = state.play(move)
        reference.play(*map(square_of, move.split("-")))
        assert state.to_text() == reference.text(), f"after {move}"


def test_the_golden_game_agrees_with_the_reference():
    from pathlib import Path

    golden = (Path(__file__).parent / "golden" / "volcano.txt").read_text(encoding="utf-8")
    blocks = golden.split("== ply ")[1:]
    reference = None
    for block in blocks:
        lines = block.splitlines()
        position = "\n".join(lines[3:9])
        if reference is None:
            reference = Reference(position, 2, False)
        assert reference.text() == position
        move = next((line[6:] for line in lines if line.startswith("move: ")), None)
        if move is None:
            assert reference.moves() == []
            break
        reference.play(*map(square_of, move.split("-")))
    assert len(blocks) > 50


# Solitaire goals (§2.6), equality under a turn limit, and a board without caps.


def test_solitaire_goal_decides_the_win():
    # One eruption from V0 ends nothing; the goal is judged when the game ends by the rules.
    pile_won = "R1,R2,R3,Y1,G1,B1,C1"
    text = P("a1=K1 c3=G1", f"to_move=0 captured={pile_won}")
    met = make("volcano", players=1, goal="solid>=1, score>=11").state_from_text(text)
    missed = make("volcano", players=1, goal="solid>=2").state_from_text(text)
    assert met.is_over and met.winners == (0,) and met.goal_met is True
    assert missed.is_over and missed.winners == () and missed.goal_met is False
    assert make("volcano", players=1).state_from_text(text).goal_met is None


@pytest.mark.parametrize("goal, pile, turns, expected", [
    ("score>=7", "R1 R2 R3", 0, True),
    ("score>=8", "R1 R2 R3", 0, False),
    ("only=1", "R1 Y1 G1", 0, True),
    ("only=1", "R1 Y2", 0, False),
    ("only=RY", "R1 Y2 Y3", 0, True),
    ("mixed=1, pieces<=3", "R1 G2 B3", 0, True),
    ("trees>=1, turns<=4", "R1 G2 B3", 5, False),
])
def test_goal_conditions(goal, pile, turns, expected):
    assert volcano.goal_met(goal, [PIECES[p] for p in pile.split()], turns) is expected


@pytest.mark.parametrize("options, words", [
    ({"players": 2, "goal": "score>=5"}, "use it with players=1"),
    ({"players": 1, "goal": "height>=3"}, "measures are score, solid"),
    ({"players": 1, "goal": "only=4"}, "only= takes sizes"),
    ({"players": 1, "goal": ""}, "must be a text"),
])
def test_bad_goals_are_rejected(options, words):
    with pytest.raises(ValueError, match=words):
        make("volcano", **options)


def test_turns_count_in_equality_only_under_a_turn_limit():
    limited = make("volcano", max_turns=3)
    a = limited.state_from_text(limited.new_state().to_text())
    b = limited.state_from_text(limited.new_state().to_text().replace("turns=0", "turns=3"))
    assert not a.is_over and b.is_over and b.unfinished
    assert a != b
    plain = make("volcano").new_state()
    assert plain.play("a1-b1") == make("volcano").state_from_text(plain.play("a1-b1").to_text())


def test_the_stall_rule_ends_and_scores_the_game():
    state = make("volcano").state_from_text(P("c3=R1R2R3K1 a1=G1", "to_move=0 captured=/R1 quiet_turns=99"))
    assert not state.is_over and state.quiet_turns == 99
    after = state.play("c3-c4")
    assert after.is_over and not after.unfinished and after.result == "win" and after.winners == (1,)
    assert after.end_reason == "100 turns in a row passed without a capture"
    assert str(after.events[-1]) == ("Game over: 100 turns in a row passed without a capture. Scores: Player 1 0, "
                                     "Player 2 1. Player 2 wins.")
    short = make("volcano", stall_turns=1).state_from_text(P("c3=R1R2R3K1 a1=G1")).play("c3-c4")
    assert short.end_reason == "1 turn in a row passed without a capture"
    assert short.scores == (0, 0) and short.winners == (0, 1)  # scored as it stands: a tie is a shared win
    # A loaded position past the limit is over. The count is history, like the turns played: it
    # is no part of equality, and the text writes it once it reaches half the limit.
    assert make("volcano").state_from_text(P("c3=K1 a1=G1", "to_move=0 captured=/ quiet_turns=150")).is_over
    game = make("volcano")
    five, six = (game.state_from_text(P("c3=K1 a1=G1", f"to_move=0 captured=/ quiet_turns={n}")) for n in (5, 6))
    assert five == six and hash(five) == hash(six) and (five.quiet_turns, six.quiet_turns) == (5, 6)
    assert five.to_text() == P("c3=K1 a1=G1", "to_move=0 captured=/")
    for n in (49, 50):
        near = game.state_from_text(P("c3=K1 a1=G1", f"to_move=0 captured=/ quiet_turns={n}"))
        assert near.to_text().endswith("captured=/" if n == 49 else "captured=/ quiet_turns=50")
    off = make("volcano", stall_turns=None)
    played = off.state_from_text(P("c3=R1R2R3K1 a1=G1")).play("c3-c4")
    assert played.quiet_turns == 1 and played == off.state_from_text(played.to_text())
    with pytest.raises(NotationError, match="unknown field 'quiet_turns'"):
        off.state_from_text(P("c3=K1", "to_move=0 quiet_turns=3"))
    with pytest.raises(NotationError, match="quiet_turns=-1"):
        game.state_from_text(P("c3=K1", "to_move=0 quiet_turns=-1"))


def test_a_game_that_stalled_ends_by_the_stall_rule():
    # Game 594,793 of the random run seeded 2 (one of the about 1 in 140,000 that never ended):
    # without the rule it went 369 turns without a capture until the playouts' 5,000-ply stop.
    from icewidgets.testing import reference_games

    stalled = reference_games(make("volcano", stall_turns=None), ["random", "random"], 2, 594_793, 594_794, 5000)[0]
    assert len(stalled.moves) == 5000 and not stalled.state.is_over and stalled.state.quiet_turns == 369
    ended = reference_games(make("volcano"), ["random", "random"], 2, 594_793, 594_794, 5000)[0]
    assert ended.moves == stalled.moves[:2635]
    state = ended.state
    assert state.end_reason == "100 turns in a row passed without a capture"
    assert (state.turns, state.scores, state.winners) == (492, (71, 81), (1,))


def test_a_board_without_caps_is_over_and_scored():
    state = make("volcano").state_from_text(P("a1=R1R2R3", "to_move=0 captured=R1/"))
    assert state.is_over and state.legal_moves() == [] and state.winners == (0,)


def test_the_game_over_event_says_whether_the_challenge_was_met():
    position = P("a3=C1K1 c3=G1", "to_move=0 captured=R1,R2,R3,Y1,G1,B1")
    for goal, words in (("solid>=1", "The challenge 'solid>=1' is met: solved."),
                        ("solid>=2", "The challenge 'solid>=2' is not met: try again.")):
        state = make("volcano", players=1, goal=goal).state_from_text(position)
        finished = state.play("a3-b3")  # C1 lands on G1 on c3: captured, the fifth colour
        assert finished.is_over and str(finished.events[-1]).endswith(words)
