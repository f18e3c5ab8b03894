"""Issue 31's examples, judged by the independent minimax in tests/tactics_judge.py.

The judge uses the rules engine alone; the analysis is only called through ``iw.hint`` and
``iw.analyse``. The positions are kept as record codes of the bot games they came from, so a
change of the bots cannot move them.
"""

from __future__ import annotations

import pytest

import icewidgets as iw
from bot_games import easy_game
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
    return list(easy_game(game, seed, **OPTIONS.get(game, {})).states())[ply]


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


# Blockade: every win within the turn, once the dice are known (the next roll ends the proofs).
# Positions of bot_game("blockade", "medium", seed=S) at ply P, kept as position texts.
BLOCKADE_TURNS = {
    "seed 3, ply 75": ("C3G2G2 B3B2B1K1 B3B2 B3B2B1K2B1 C3R2R2R2\nR3 R3R2R1K2 R3R2R1K1 B3B2B1K3 Y3Y2Y1K2\n"
                       "R3R1R1R1 G3G2G1K2 C3 B3B2B1K3 Y3Y2Y1K3\nR3 G3G1G1 Y3Y2Y1K3 Y3Y1 Y3Y2Y1K1\n"
                       "C3Y2 G3G2G1K3 G3G2G1K2 G3 C3\n"
                       "to_move=1 player=1 dice=G5B5 points=G5B1 supply=K3:0,K2:0,K1:2 moved=c5", "d5-c5", 1, 36),
    "seed 2, ply 75": ("C3G2 B3B2B1K3 B3B2B1K1 B3 C3R2R2R2\nR3G1 R3R2R1K2 R3R1R1 B3B1B1 Y3Y1Y1\n"
                       "R3R2R1K2 G3 C3R1 B3B2B1K3 Y3Y2Y1K1\nR3 G3G2G1K3 Y3Y2Y1K2 Y3Y2Y1K3 Y3Y2\n"
                       "C3Y2 G3G2G1K2 G3G2G1K3 G3G2G1K2 C3B2B2\n"
                       "to_move=1 player=1 dice=G5B4 points=G4B3 supply=K3:0,K2:0,K1:3 moved=a4", "a5-b3", 2, 17),
    "seed 2, ply 76": ("C3 B3B2B1K3 B3B2B1K1 B3 C3R2R2R2\nR3G1 R3R2R1K2 R3R1R1 B3B1B1 Y3Y1Y1\n"
                       "R3R2R1K2 G3G2 C3R1 B3B2B1K3 Y3Y2Y1K1\nR3 G3G2G1K3 Y3Y2Y1K2 Y3Y2Y1K3 Y3Y2\n"
                       "C3Y2 G3G2G1K2 G3G2G1K3 G3G2G1K2 C3B2B2\n"
                       "to_move=1 player=1 dice=G5B4 points=G2B3 supply=K3:0,K2:0,K1:3 moved=b3,a4", "a4-b3", 1, 15),
}


@pytest.mark.parametrize("name", sorted(BLOCKADE_TURNS))
def test_blockade_wins_within_the_turn_are_every_one_the_judge_finds(name):
    from icewidgets.analysis.tactics import prove

    text, shortest, plies, wins = BLOCKADE_TURNS[name]
    state = iw.make("blockade").state_from_text(text)
    verdicts = judge(state, 3, shared=False)
    proofs = {str(p.move): p for p in prove(state, plies=5, max_nodes=None)}
    claimed = {move: (p.proved, p.plies) for move, p in proofs.items() if p.proved is not None and p.plies <= 3}
    assert claimed == {move: (v.result, v.plies) for move, v in verdicts.items() if v.result is not None}
    assert len(claimed) == wins and all(result == "win" for result, _ in claimed.values())
    assert all(p.proved in ("win", None) for p in proofs.values())  # past the turn comes a roll: no loss is proved
    for move, proof in proofs.items():  # every line claimed wins within the turn, by the rules
        if proof.proved == "win":
            end = state.play(move)
            for step in proof.line:
                assert end.to_move == state.player
                end = end.play(step)
            assert end.winners == (state.player,) and len(proof.line) + 1 == proof.plies
    top = iw.hint(state, k=1)[0]
    assert (str(top.move), top.proved, top.plies, top.value, top.exact) == (shortest, "win", plies, 1.0, True)


def test_blockade_a_piece_moved_off_one_large_onto_another_counts_one_ply():
    # bot_game("blockade", "easy", seed=0), position 119: b4-a3 takes red's small off b4 and
    # completes a3 with it, then e5-b4 and c4-b4 complete b4: five red towers in 3 plies. The
    # search's bound counted the small's ply twice (off b4, onto a3) and found only a 4-ply line.
    from icewidgets.games.blockade.turn_wins import shortest_turn_win
    from tactics_judge import Judge

    state = iw.make("blockade").state_from_text(
        "C3G2G2G2 B3 B3B2B1K3 B3B1B1 C3R2\nR3R2R1K3 R3R1 R3R2R1K3R1 B3B1B1 Y3Y1\nR3R2 G3 C3 B3 Y3\n"
        "R3R2R1K2 G3 Y3Y2Y1K2Y1 Y3Y2Y1K3 Y3Y2Y1K3Y2\nC3Y2 G3G2G1K2 G3G2G1K2G1G1 G3G1 C3B2B2B2B2\n"
        "to_move=0 player=0 dice=R6Y3 points=R6Y3 supply=K3:0,K2:1,K1:5 moved=-")
    assert not Judge().forces_win(state, 0, 2)
    assert shortest_turn_win(state, 2, strict=True) is None
    line = shortest_turn_win(state, 3, strict=True)
    assert [str(move) for move in line] == ["b4-a3", "e5-b4", "c4-b4"]
    end = state
    for move in line:
        end = end.play(move)
    assert end.winners == (0,) and end.end_reason
    top = iw.hint(state, k=1)[0]
    assert (top.proved, top.plies, top.exact) == ("win", 3, True)


def _every_hint(text: str) -> tuple:
    """The Blockade position ``text``, a hint ranking every legal move, and its proved wins
    (move → plies)."""
    state = iw.make("blockade").state_from_text(text)
    hints = iw.hint(state, k=len(state.legal_moves()))
    return state, hints, {str(h.move): h.plies for h in hints if h.proved == "win"}


def test_a_blockade_hint_shows_every_win_of_the_turn_not_only_the_shortest():
    # bot_game("blockade", "easy", seed=101, max_plies=400), position 266: b2-b1 wins at once,
    # and 23 more moves win with the next ply of the turn (e1-d1 then b2-b1, …): each is shown.
    state, hints, wins = _every_hint(
        "C3 B3B2B1K2 B3 B3 C3R2R2R2R2\nR3R1 R3R2R1K2 R3 B3B2B1K3B1 Y3\nR3 G3G2G1K3 C3R1R1 B3B2B1K2B1 Y3Y1\n"
        "R3 G3G2G1K3G1 Y3Y2Y2Y1 Y3Y2Y1K3Y2 Y3Y2Y1K3Y1\nC3R1 G3G2 G3G2G1K2 G3G2G1K2 C3B2B2\n"
        "to_move=1 player=1 dice=G6B2 points=G2B2 supply=K3:0,K2:0,K1:5 moved=b1")
    assert str(hints[0].move) == "b2-b1" and wins.pop("b2-b1") == 1
    assert len(wins) == 23 and set(wins.values()) == {2} and "e1-d1" in wins
    for move in wins:  # each wins within the turn by the rules: one more ply ends the game
        after = state.play(move)
        assert any(after.play(reply).winners == (1,) for reply in after.legal_moves())


def test_a_blockade_hint_proves_every_win_of_a_turn_rich_in_wins():
    # bot_game("blockade", "easy", seed=3, max_plies=400), position 223: 39 moves win within the
    # turn (an independent search's count). With 200 positions for each move's search, the
    # decision's budget ran out on moves without a win and 9 wins stayed unknown (c4-b4 at 0.63).
    _, hints, wins = _every_hint(
        "C3G2G2G2 B3 B3 B3 C3B1\nR3R2R1K3 R3R2R1K3R2 R3R2R1K3R1 B3 Y3\nR3R2R1K2 G3G2G1K3 C3G1G1 B3B1B1 Y3Y1\n"
        "R3 G3G2G1K3 Y3 Y3 Y3Y1\nC3Y2Y2Y2Y2Y2Y1Y1Y1 G3 G3 G3G1 C3B2B2B2B2B2B1B1\n"
        "to_move=0 player=0 dice=R6Y3 points=R6Y3 supply=K3:0,K2:4,K1:5 moved=-")
    assert len(wins) == 39 and (wins["c4-b4"], wins["c4-b1"]) == (4, 3)
    assert (str(hints[0].move), hints[0].plies) == ("b4-a2", 2)


def test_a_blockade_decisions_searches_share_a_budget_of_positions(monkeypatch):
    # A position rich in pips (R6Y6): asked about every move, the searches expanded 3,661
    # positions (8 s); a hint's share a budget, and a move asked past it stays unknown.
    from icewidgets.analysis.tactics import prove
    from icewidgets.games.blockade import turn_wins

    state = iw.make("blockade").state_from_text(
        "C3G2G2G2G2G1 B3B2 B3B2B1K2 B3B2B1K2 C3R2\nR3R2R1K2 R3R1R1 R3R2R1K3 B3B1B1 Y3Y2\n"
        "R3R2 G3 C3 B3B2B1K3 Y3Y2Y1K2\nR3R2R1K2 G3 Y3Y2Y1K3Y1 Y3Y2Y1K3 Y3Y2Y1K1\nC3 G3G2G1K3G1 G3 G3G1G1 C3B2\n"
        "to_move=0 player=0 dice=R6Y6 points=R6Y6 supply=K3:0,K2:0,K1:4 moved=-")
    unbounded = {str(p.move): (p.proved, p.plies) for p in prove(state, plies=5, max_nodes=None)}
    bounded = {str(p.move): (p.proved, p.plies) for p in prove(state, plies=5)}
    assert all(bounded[move] in (unbounded[move], (None, None)) for move in unbounded)  # less proved, never else
    shortest = min(plies for result, plies in unbounded.values() if result == "win")
    assert any(result == "win" and plies == shortest for result, plies in bounded.values())
    monkeypatch.setattr(turn_wins, "DECISION_NODES", 0)  # no search at all: only the moves that end the game
    assert all(result is None or plies == 1 for result, plies in
               ((p.proved, p.plies) for p in prove(state, plies=5)))


@pytest.mark.slow
def test_blockade_shortest_win_in_the_turn_is_the_judges():
    text, shortest, plies, _ = BLOCKADE_TURNS["seed 3, ply 75"]
    state = iw.make("blockade").state_from_text(text)
    from tactics_judge import turn_win

    assert str(turn_win(state)) == f"win{plies}"
    assert iw.hint(state, k=1)[0].plies == plies


# The suite: positions of easy bot games of several seeds, every move judged to 3 plies.
SUITE_SEEDS = {"volcano": range(1, 9), "volterra": range(1, 25)}
SUITE_PLIES = 3
FAST_POSITIONS = 12  # per game, run every time; the rest of the suite is marked slow
FAST_SEEN = {"volcano": {"win": 1, "loss_avoided": 0}, "volterra": {"win": 0, "loss_avoided": 3}}


def _suite(game: str, count: int) -> list:
    """``count`` positions: every third decision of ``bot_game(game, "easy", seed)``, seed by seed."""
    found = []
    for seed in SUITE_SEEDS[game]:
        states = list(easy_game(game, seed).states())
        found += [(seed, ply, s) for ply, s in enumerate(states) if ply % 3 == 1 and not s.is_over and s.to_move != iw.CHANCE]
        if len(found) >= count:
            return found[:count]
    raise AssertionError(f"only {len(found)} {game} positions in seeds {SUITE_SEEDS[game]}")


def _check_position(state, referee: Judge) -> dict[str, int]:
    """The issue's checks at one position; returns what was seen (for the suite's counts)."""
    from icewidgets.analysis.tactics import prove

    verdicts = judge(state, SUITE_PLIES, referee=referee)
    seen = {"win": 0, "loss_avoided": 0}
    # Every win and loss in N ≤ 3 the search claims is the judge's, and it finds every one.
    proofs = prove(state, plies=SUITE_PLIES, max_nodes=None)
    claimed = {str(p.move): (p.proved, p.plies) for p in proofs if p.proved in ("win", "loss")}
    assert claimed == {m: (v.result, v.plies) for m, v in verdicts.items() if v.result in ("win", "loss")}
    for p in proofs:
        if p.proved == "shared":
            assert verdicts[str(p.move)].result == "shared"
    top = iw.hint(state, k=1, precision=0.1)[0]
    wins = [v.plies for v in verdicts.values() if v.result == "win"]
    losing = [m for m, v in verdicts.items() if v.result == "loss"]
    if wins:  # a win within the judge's depth: the top hint is a proved win, the shortest
        assert (top.proved, top.plies) == ("win", min(wins)), str(top)
        seen["win"] = 1
    elif losing and len(losing) < len(verdicts):  # some moves lose by force, others do not
        assert str(top.move) not in losing, str(top)
        seen["loss_avoided"] = 1
    if top.proved in ("win", "loss"):  # a claim of the hint's deeper search, confirmed at its depth
        verdict = referee.verdict(state, top.move, max(SUITE_PLIES, top.plies), shared=False)
        assert (verdict.result, verdict.plies) == (top.proved, top.plies), str(top)
    return seen


@pytest.fixture
def untimed(monkeypatch):
    """The hint's proof search without its budget, to the judge's depth: the suite checks what
    it proves and how hints rank it (benchmarks/bench_tactics.py measures the time, with the
    search's own budget and depth)."""
    import icewidgets.analysis.run as run

    monkeypatch.setattr(run, "HINT_SEARCH_NODES", None)
    monkeypatch.setattr(run, "SEARCH_PLIES", SUITE_PLIES)


@pytest.mark.parametrize("game", ["volcano", "volterra"])
def test_tactics_suite_fast_part(game, untimed):
    seen = {"win": 0, "loss_avoided": 0}
    for seed, ply, state in _suite(game, FAST_POSITIONS):
        for key, count in _check_position(state, Judge()).items():
            seen[key] += count
    assert seen == FAST_SEEN[game]  # the positions hold tactics to check


@pytest.mark.slow
def test_tactics_suite_of_150_positions(untimed):
    """80 positions of each game (160 in all), from 8 Volcano and up to 24 Volterra games."""
    seen = {"win": 0, "loss_avoided": 0}
    positions = 0
    for game in ("volcano", "volterra"):
        for seed, ply, state in _suite(game, 80):
            for key, count in _check_position(state, Judge()).items():
                seen[key] += count
            positions += 1
    assert positions == 160 and seen == {"win": 17, "loss_avoided": 14}, seen
