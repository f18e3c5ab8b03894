"""state.problems(): each condition a game checks refuses a position, and state_from_text's
``partial`` argument decides what loads (missing pieces by default, never contradictions)."""

import pytest

import icewidgets as iw
from icewidgets.games.blockade import SETUP_BOARD
from icewidgets.games.blockade import GRID as BLOCKADE_GRID
from icewidgets.pieces import format_stack
from icewidgets.protocol import NotationError, Problem

V_SPARSE = ". . . . .\n" * 2 + "C1C2C3K1 Y1Y2Y3 G1G2G3 B1B2B3 R1R2R3\n" + ". . . . .\n" * 2 + "to_move=0 captured=/"


def blockade_text(changes: dict, fields: str = "to_move=-1 player=1") -> str:
    cells = {BLOCKADE_GRID.name(i): format_stack(stack) for i, stack in enumerate(SETUP_BOARD)}
    cells.update(changes)
    rows = [" ".join(cells[f"{f}{r}"] for f in "abcde") for r in range(5, 0, -1)]
    return "\n".join(rows) + "\n" + fields


def test_new_states_have_no_problems():
    for name in ("volcano", "volterra", "ice3", "blockade"):
        state = iw.make(name).new_state(seed=3)
        assert state.problems() == [] and not state.partial
        for move in state.legal_moves()[:1] if state.to_move != iw.CHANCE else [state.chance_outcomes()[0][0]]:
            assert state.play(move).problems() == []


def test_volcano_missing_pieces_load_partial_and_round_trip():
    state = iw.make("volcano").state_from_text(V_SPARSE)
    assert state.partial and state.to_text() == V_SPARSE
    assert [p.missing for p in state.problems()] == [True, True]
    assert state.problems()[0].startswith("the board and the piles hold 15 of the 75 coloured pyramids (missing R1×4")
    assert state.problems()[1] == "the board holds 1 of the 5 caps: a diagram of part of a board"
    assert "part of a board" in str(state) and "part of a board" in state._repr_svg_()
    assert state.play("a3-b3").partial  # play goes on from a diagram
    with pytest.raises(NotationError, match="15 of the 75 coloured pyramids"):
        iw.make("volcano").state_from_text(V_SPARSE, partial=False)


def test_volcano_contradictions_are_refused_at_any_setting():
    under = V_SPARSE.replace("C1C2C3K1", "C1K1C2C3")
    for partial in (None, True, False):
        with pytest.raises(NotationError, match="a3 has a cap under another piece"):
            iw.make("volcano").state_from_text(under, partial=partial)
    six = V_SPARSE.replace("captured=/", "captured=R1,R1,R1,R1,R1/")
    with pytest.raises(NotationError, match="hold 6 red smalls \\(R1\\), but the set has only 5"):
        iw.make("volcano").state_from_text(six, partial=True)


def test_a_volcano_opening_with_fewer_caps_or_empty_nests_is_counted_against_itself():
    # A custom opening starts with less than the whole set: it is a position from play, not part
    # of a board; more than it starts with cannot arise in it.
    game = iw.make("volcano", opening="custom", colours="." + "RYGBC" * 4 + "RYGB", caps=["b5", "e1"])
    state = game.new_state()
    assert state.problems() == [] and not state.partial
    assert state.play("b5-b4").play("capture:b3").problems() == []
    fewer = state.to_text().replace("K1", "", 1)
    assert game.state_from_text(fewer).problems() == ["the board holds 1 of the 2 caps: a diagram of part of a board"]
    more = state.to_text().replace("R1R2R3 ", "R1R2R3K1 ", 1)
    with pytest.raises(NotationError, match="the board holds 3 caps, but this game's opening has only 2"):
        game.state_from_text(more)
    c3 = state.to_text().replace("/", "C3/", 1)
    with pytest.raises(NotationError, match="hold 5 clear larges \\(C3\\), but this game's opening has only 4"):
        game.state_from_text(c3)
    assert iw.make("volcano").state_from_text(more).problems() == [  # in the standard game, part of a board
        "the board and the piles hold 72 of the 75 coloured pyramids (missing C1×1, C2×1, C3×1): a diagram of part "
        "of a board", "the board holds 3 of the 5 caps: a diagram of part of a board"]


def test_blockade_a_large_on_another_square_is_a_contradiction():
    text = blockade_text({"b4": "G3G1", "b3": "R3R1"}, "to_move=-1 player=1 dice=- points=- supply=K3:5,K2:5,K1:5 moved=-")
    with pytest.raises(NotationError, match="b4 holds a green large \\(G3\\), but the setup puts the red large R3 there"):
        iw.make("blockade").state_from_text(text)
    state = iw.make("blockade").state_from_text(text, partial=True)
    assert state.partial and state.to_text() == text
    assert [p.missing for p in state.problems()] == [False, False]
    assert state.problems()[0] == "b3 holds a red large (R3), but the setup puts the green large G3 there, and larges never move"


def test_blockade_caps_are_taken_largest_first():
    text = blockade_text({"b3": "G3G2G1K2", "a5": "C3G2G2G2G2"}, "to_move=-1 player=1 supply=K3:5,K2:4,K1:5")
    problems = iw.make("blockade").state_from_text(text, partial=True).problems()
    assert "the board has 1 tower capped with K2 while the supply still holds 5 K3, but each tower takes the largest black left in the supply" in problems
    with pytest.raises(NotationError, match="capped with K2 while the supply still holds 5 K3"):
        iw.make("blockade").state_from_text(text)


def test_blockade_an_uncapped_tower_with_blacks_left_is_a_contradiction():
    text = blockade_text({"b3": "G3G2G1", "a5": "C3G2G2G2G2"}, "to_move=-1 player=1")
    problems = iw.make("blockade").state_from_text(text, partial=True).problems()
    assert any(p.startswith("b3 holds a finished green tower (G3G2G1) without a black, but the supply still holds 5 K3")
               for p in problems)


def test_blockade_missing_pieces_and_blacks():
    text = blockade_text({"b3": "."}, "to_move=-1 player=1 supply=K3:4,K2:5,K1:5")
    state = iw.make("blockade").state_from_text(text)
    assert state.partial
    assert state.problems() == [
        "the board holds 63 of the 65 pyramids of the setup (missing G1×1, G3×1): a diagram of part of a board",
        "the board and the supply hold 4 of the 5 blacks K3: a diagram of part of a board"]


def test_ice3_sixty_pyramids():
    from icewidgets.games.ice3 import SPARSE_EXAMPLE
    state = iw.make("ice3").state_from_text(SPARSE_EXAMPLE)
    assert state.partial and state.problems()[0].startswith("the board holds 4 of the 60 pyramids (missing R1×4")
    with pytest.raises(NotationError, match="4 of the 60 pyramids"):
        iw.make("ice3").state_from_text(SPARSE_EXAMPLE, partial=False)


def test_volterra_tiles_and_pawns():
    game = iw.make("volterra")
    start = game.new_state().to_text()
    wrong_top = start.replace("D@D", "DL@D", 1)  # the dark pawn on a light-topped tower (an 11th light tile)
    with pytest.raises(NotationError):
        game.state_from_text(wrong_top)
    moved = game.new_state().to_text().splitlines()
    moved[2] = moved[2].replace("L@L", "L", 1)  # the light pawn left out
    state = game.state_from_text("\n".join(moved))
    assert state.problems() == ["the board has no light pawn: a diagram of part of a board"]
    cut = "L D L D L\nD L D@D L D\n. . L@L D L\nD . D L D\nto_move=0 forfeited=1,2"
    with pytest.raises(NotationError, match="the towers on a1 are cut off from both pawns"):
        game.state_from_text(cut)
    light_on_dark = game.state_from_text(start.replace("D@D", "D@L", 1).replace("L@L", "L@D", 1), partial=True)
    assert any("the dark pawn on c2 stands on a light-topped tower" in p for p in light_on_dark.problems())


def test_partial_must_be_a_bool_or_none():
    with pytest.raises(ValueError, match="partial='yes' is not valid"):
        iw.make("ice3").state_from_text(iw.make("ice3").new_state(seed=1).to_text(), partial="yes")


def test_a_plug_in_game_without_the_hook_has_no_problems():
    class Bare(iw.protocol.Game):
        name = "bare"
    assert Bare.problems is None
    assert Problem("x", missing=True).missing and not Problem("y").missing


def test_a_record_carries_partial_with_its_start_and_replays_a_diagram():
    text = blockade_text({"b4": "G3G1", "b3": "R3R1"}, "to_move=-1 player=1 dice=- points=- supply=K3:5,K2:5,K1:5 moved=-")
    game = iw.make("blockade")
    with pytest.raises(NotationError, match="b4 holds a green large \\(G3\\), but the setup puts the red large R3"):
        iw.Record.new(game, start=text)
    record = iw.Record.new(game, start=text, partial=True)
    assert record.partial is True and record.start_state().partial
    assert iw.Record.new(game, start=game.state_from_text(text, partial=True)) == record  # a State passes it on
    assert record.to_dict()["partial"] is True
    assert iw.Record.from_code(record.to_code()) == record and iw.Record.from_json(record.to_json()) == record
    # Without the flag, a saved diagram is refused naming its problems.
    data = {key: value for key, value in record.to_dict().items() if key != "partial"}
    with pytest.raises(NotationError, match="the record does not replay at its start: this position cannot arise in play: b3 holds a red large"):
        iw.Record.from_dict(data)


def test_a_record_without_partial_saves_as_before():
    record = iw.Record.new("volcano", seed=3)
    assert "partial" not in record.to_dict() and record.partial is None
    start = iw.make("volcano").new_state(seed=3).to_text()
    assert "partial" not in iw.Record.new("volcano", start=start).to_dict()


@pytest.mark.parametrize("data, message", [
    ({"partial": "yes"}, 'the record\'s "partial" must be true, false or null, not "yes"'),
    ({"partial": True, "start": None}, 'the record\'s "partial" applies to its "start" position, and it has none'),
])
def test_a_bad_partial_in_a_saved_record_is_named(data, message):
    saved = {**iw.Record.new("volcano", start=iw.make("volcano").new_state(seed=3)).to_dict(), **data}
    with pytest.raises(NotationError) as refused:
        iw.Record.from_dict(saved)
    assert str(refused.value) == message
    with pytest.raises(TypeError, match="partial='yes' must be None, True or False"):
        iw.Record("volcano", start="x", partial="yes")
    with pytest.raises(ValueError, match="partial= applies to a start position"):
        iw.Record.new("volcano", seed=1, partial=True)
