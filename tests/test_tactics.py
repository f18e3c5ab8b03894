"""Issue 31's examples, judged by the independent minimax in tests/tactics_judge.py.

The judge uses the rules engine alone; the analysis is only called through ``iw.hint`` and
``iw.analyse``. The positions are kept as record codes of the bot games they came from, so a
change of the bots cannot move them.
"""

from __future__ import annotations

import pytest

import icewidgets as iw
from tactics_judge import Judge, judge

# bot_game("volcano", "easy", seed=101), position 29 (Player 2 to move).
VOLCANO_101 = ("volcano", 101, 29, "c5-b4")
# bot_game("volterra", "easy", seed=100), position 36 (Dark to move).
VOLTERRA_100 = ("volterra", 100, 36, "@c3")
# The Volterra game: ply 15 (@c2) is the first half of Light's winning turn.
VOLTERRA_CODE = ("iw1.eNpdjcEKgzAMhl9Fel7BqqedfI-xQ9pmUqhW0s4dxHdfYmHgTj9f8v3Jrl6JZijq3qjg8BP8hCVrQpfIq1ujNqQc0sJ7wzTB"
                 "jKJuKRYkAjHSWljIPN4PxozoxW5bgQIkt5d3jIxrDCjiQ_lB217ao-0kvPnxGcBsTnaVBw11X8P-9aG79jtrroXR1T-95sLz-AKnbUBp")


# The games were played when every eruption captured (capture="must", now an option).
OPTIONS = {"volcano": {"capture": "must"}}


def _position(game: str, seed: int, ply: int):
    from icewidgets.analysis.teaching import bot_game

    return list(bot_game(iw.make(game, **OPTIONS.get(game, {})), "easy", seed=seed).states())[ply]


def test_judge_volcano_101_position_29():
    state = _position(*VOLCANO_101[:3])
    verdicts = {move: str(v) for move, v in judge(state, 3).items()}
    assert verdicts["c5-b4"] == "loss3"  # b2-a3 (no eruption, moves again), a3-a2 captures
    assert state.play("c5-b4").play("b2-a3").play("a3-a2").winners == (0,)
    assert sorted(m for m, v in verdicts.items() if v == "win3") == ["b2-a2", "d2-c1", "d2-d1", "d2-e1", "d2-e2"]
    assert sorted(m for m, v in verdicts.items() if v == "loss2") == ["c5-b5", "e3-e4"]


def test_judge_volterra_100_position_36():
    state = _position(*VOLTERRA_100[:3])
    verdicts = {move: str(v) for move, v in judge(state, 4).items()}
    assert verdicts == {"@c3": "win2", "a3-c3": "?", "2a3-c3": "?", "c3-a3": "loss4", "2c3-a3": "?"}


def test_judge_volterra_code_ply_15():
    record = iw.Record.from_code(VOLTERRA_CODE)
    state = list(record.states())[14]
    assert record.plies[14] == "@c2"
    verdicts = {move: str(v) for move, v in judge(state, 3).items()}
    assert verdicts == {"@c2": "win2", "@c4": "?", "c4-b2": "win2", "c4-c2": "?", "c4-c3": "?"}


def test_hint_volcano_101_does_not_trust_c5_b4():
    state = _position(*VOLCANO_101[:3])
    hints = iw.hint(state, k=len(state.legal_moves()))
    top = hints[0]
    assert top.proved == "win" and top.plies == 3  # a win in 3 exists: the judge sees five
    claimed = {str(h.move): h for h in hints}
    assert claimed["c5-b4"].proved == "loss" and claimed["c5-b4"].plies == 3


def test_hint_volterra_100_takes_the_win():
    state = _position(*VOLTERRA_100[:3])
    top = iw.hint(state, k=5)[0]
    assert (str(top.move), top.proved, top.plies) == ("@c3", "win", 2)


def test_hints_claims_confirmed_by_judge():
    """Every win/loss in N a hint claims, N ≤ 3, is the judge's verdict in these positions."""
    referee = Judge()
    for game, seed, ply, _ in (VOLCANO_101, VOLTERRA_100):
        state = _position(game, seed, ply)
        verdicts = judge(state, 3, referee=referee)
        for hint in iw.hint(state, k=len(verdicts)):
            if hint.proved in ("win", "loss") and hint.plies <= 3:
                verdict = verdicts[str(hint.move)]
                assert (verdict.result, verdict.plies) == (hint.proved, hint.plies), (game, str(hint.move))


def test_volterra_code_ply_15_not_labelled():
    analysis = iw.analyse(VOLTERRA_CODE, precision=0.2)
    ply = analysis.plies[14]
    assert (ply.ply, ply.move) == (15, "@c2")
    assert ply.label is None
    assert ply.proved == "win" and ply.plies == 2
