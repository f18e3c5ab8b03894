"""Volcano's published capture rule, ``capture="may"`` (the default): after an eruption the mover
chooses which capturable pieces to take, in a ply of its own; and how things saved before the
choice existed still mean ``capture="must"``."""

from __future__ import annotations

import json

import numpy as np
import pytest

import icewidgets as iw
from icewidgets import IllegalMoveError, NotationError, Record, make
from icewidgets.games.volcano.greedy import greedy_move
from icewidgets.pieces import Piece
from icewidgets.randomness import _Fixed

# Player 1 holds four colours; b3's clear large and c3's yellow medium are capturable. Taking the
# clear gives the fifth colour and ends the game: behind here (Player 2 has 15 points) ...
BEHIND = (". . . . .\n. . . . .\nK1 G1G2G3C3 Y2Y2 R3 .\n. . . . .\n. . . . .\n"
          "to_move=0 captured=R1,Y1,G1,B1/R1,R2,R3,Y1,Y2,Y3,G1 capturable=b3+c3")
# ... and ahead here.
AHEAD = (". . . . .\n. . . . .\nK1 G1G2G3C3 Y2Y2 R3 .\n. . . . .\n. . . . .\n"
         "to_move=0 captured=R1,Y1,G1,B1,R2,R3/C1 capturable=b3+c3")


def test_the_default_is_the_published_rule():
    assert make("volcano").capture == "may"
    with pytest.raises(ValueError, match="capture"):
        make("volcano", capture="sometimes")


def test_an_eruption_leaves_the_choice_to_the_mover():
    erupted = make("volcano").new_state().play("a1-b1")
    assert erupted.to_move == 0 and erupted.turns == 0 and erupted.captured == ((), ())
    assert erupted.stack("c1") == "B1B2B3R3"  # the red large waits on the blue large
    assert erupted.to_text().splitlines()[-1] == "to_move=0 captured=/ capturable=c1"
    assert [str(m) for m in erupted.legal_moves()] == ["capture:none", "capture:c1"]
    taken = erupted.play("capture:c1")
    assert taken.captured == ((iw.pieces.PIECES["R3"],), ()) and taken.to_move == 1 and taken.turns == 1
    assert taken.stack("c1") == "B1B2B3"
    declined = erupted.play("capture:none")
    assert declined.captured == ((), ()) and declined.stack("c1") == "B1B2B3R3" and declined.turns == 1
    assert declined.quiet_turns == 1 and taken.quiet_turns == 0


def test_the_choices_are_every_subset_in_bit_mask_order():
    state = make("volcano").state_from_text(BEHIND)
    assert [str(m) for m in state.legal_moves()] == ["capture:none", "capture:b3", "capture:c3", "capture:b3+c3"]
    # Any order of the squares is read; the ply is recorded in landing order.
    assert str(state.play("capture:c3+b3").last_move) == "capture:b3+c3"
    assert state.play("capture:c3+b3") == state.play("capture:b3+c3")


def test_a_pending_choice_round_trips_through_text_and_codes():
    game = make("volcano")
    state = game.state_from_text(BEHIND)
    assert state.to_text() == BEHIND and game.state_from_text(state.to_text()) == state
    record = Record.new(game, seed=3).extend(["a1-b1", "capture:none", "b2-b3"])
    again = Record.from_code(record.to_code())
    assert again == record and again.final_state() == record.final_state()
    assert json.loads(record.to_json())["version"] == 2


@pytest.mark.parametrize("move, words", [
    ("capture:d3", "d3 holds no capturable piece; the capturable pieces are the clear large on b3 and the yellow "
                   "medium on c3"),
    ("a3-a4", "Player 1 first chooses which erupted pieces to capture"),
    ("end", "Player 1 first chooses"),
])
def test_a_wrong_choice_says_which_pieces_are_capturable(move, words):
    state = make("volcano").state_from_text(BEHIND)
    with pytest.raises(IllegalMoveError, match=words):
        state.play(move)
    assert state.to_text() == BEHIND


def test_a_choice_without_an_eruption_before_it_is_refused():
    with pytest.raises(IllegalMoveError, match="there is nothing to capture now"):
        make("volcano").new_state().play("capture:none")


@pytest.mark.parametrize("text, words", [
    ("capture:f9", "'f9' is not a square"),
    ("capture:c3+c3", "names a square twice"),
])
def test_bad_choice_texts_are_notation_errors(text, words):
    with pytest.raises(NotationError, match=words):
        make("volcano").parse_move(text)


@pytest.mark.parametrize("field, words", [
    ("capturable=d3", "d3, but its top piece does not stand on a piece of its size"),
    ("capturable=b3+b3", "names b3 twice"),
])
def test_bad_capturable_fields_are_refused(field, words):
    with pytest.raises(NotationError, match=words):
        make("volcano").state_from_text(BEHIND.replace("capturable=b3+c3", field))


def test_capturable_is_refused_when_every_capture_is_taken_at_once():
    with pytest.raises(NotationError, match="only under capture='may'"):
        make("volcano", capture="must").state_from_text(BEHIND)


def test_declining_is_narrated_with_its_reason():
    state = make("volcano").state_from_text(BEHIND)
    assert [str(e) for e in state.play("capture:none").events] == [
        "Player 1 declines the clear large on b3: capturing it would end the game behind (5 points to 15).",
        "Player 1 declines the yellow medium on c3.",
        "The turn passes to Player 2."]
    assert [str(e) for e in state.play("capture:c3").events] == [
        "Player 1 declines the clear large on b3: capturing it would end the game behind (8 points to 15).",
        "Player 1 captures the yellow medium from c3.",
        "The turn passes to Player 2."]
    ended = state.play("capture:b3")
    assert ended.is_over and ended.winners == (1,)
    assert [str(e) for e in ended.events][1] == "Player 1 declines the yellow medium on c3."
    ahead = make("volcano").state_from_text(AHEAD)
    assert [str(e) for e in ahead.play("capture:none").events][0] == "Player 1 declines the clear large on b3."


def test_greedy_declines_the_capture_that_ends_the_game_behind_and_takes_it_ahead():
    behind = make("volcano").state_from_text(BEHIND)
    assert str(greedy_move(behind, _Fixed(0.0))) == "capture:c3"
    assert str(greedy_move(make("volcano").state_from_text(AHEAD), _Fixed(0.0))) == "capture:b3+c3"


def test_random_play_picks_among_the_choices_uniformly():
    state = make("volcano").state_from_text(BEHIND)
    from icewidgets.agents import random_agent

    picks = {str(random_agent(state, _Fixed(u))) for u in (0.0, 0.3, 0.6, 0.9)}
    assert picks == {"capture:none", "capture:b3", "capture:c3", "capture:b3+c3"}


def test_the_turn_limit_waits_for_the_choice():
    erupted = make("volcano", max_turns=1).new_state().play("a1-b1")
    assert not erupted.is_over and erupted.turns == 0
    assert erupted.play("capture:c1").unfinished


def test_the_counters_count_a_capture_in_the_choice():
    results = iw.playouts("volcano", 6, agents="greedy", seed=4, progress=False, engine="reference")
    fast = iw.playouts("volcano", 6, agents="greedy", seed=4, progress=False, engine="fast")
    for key in ("captured", "captures", "eruptions", "erupted", "turns", "plies", "scores"):
        assert np.array_equal(results.arrays[key], fast.arrays[key]), key
    assert results.arrays["captures"].sum() == results.arrays["captured"].sum() > 0


# Saved before the choice existed: every capture was taken at once -------------------------------


def test_a_version_1_record_replays_every_capture_at_once():
    old = {"format": "icewidgets-record", "version": 1, "game": "volcano", "options": {}, "seed": 3,
           "start": None, "plies": ["a1-b1", "b2-b3"]}
    record = Record.from_dict(old)
    assert record.options_dict == {"capture": "must"}
    assert record.final_state().captured[0] != ()  # a1-b1 captured the red large at once
    assert Record.from_json(record.to_json()) == record  # saved again, it names the rule
    assert json.loads(record.to_json())["options"] == {"capture": "must"}
    new = dict(old, version=2, plies=["a1-b1", "capture:c1"])
    assert Record.from_dict(new).make_game().capture == "may"


def test_saved_playout_results_without_the_option_read_as_must():
    from icewidgets.playout import storage

    results = iw.playouts("volcano", 2, seed=1, progress=False, engine="reference")
    data = json.loads(storage.to_json(results))
    assert data["options"]["capture"] == "may"
    del data["options"]["capture"]
    assert storage.from_json(json.dumps(data))["game"].capture == "must"


def test_a_playthrough_header_leaves_out_an_option_at_its_earlier_default():
    from icewidgets.testing import playthrough, read_playthrough_header

    must = playthrough(make("volcano", capture="must"), seed=1, max_plies=0)
    assert "capture" not in must and read_playthrough_header(must)[1]["capture"] == "must"
    may = playthrough(make("volcano"), seed=1, max_plies=0)
    assert "capture='may'" in may and read_playthrough_header(may)[1]["capture"] == "may"


# A real game (seeded random play, capture="may"): after these plies Player 1's eruption north
# from a1 has landed three pieces on pieces of their size, on a3, a4 and a5.
THREE = ["d4-c4", "capture:b4", "e5-d5", "capture:none", "a1-a2"]


def _three() -> iw.GameWidget:
    record = Record.new("volcano", seed=211).extend(THREE)
    assert record.final_state().problems() == []
    return iw.GameWidget(record)


def _labels(widget) -> list[tuple[str, bool]]:
    """Each button's label, and whether it can be pressed."""
    return [(label, not (rest and rest[0].get("disabled"))) for label, _, *rest in widget.buttons]


def test_the_widget_makes_the_choice_by_selecting_pieces():
    widget = _three()
    assert widget.choice == {"squares": ["a3", "a4", "a5"], "verb": "take"} and widget.choosable == ["a3", "a4", "a5"]
    # Not one button a subset (8 of them): the pieces are clicked, the buttons confirm.
    assert widget.legal == [] and widget.selection == []
    assert _labels(widget) == [("Take selected (none yet)", False), ("Take all (a3, a4 and a5)", True),
                               ("Take none", True), ("Clear selection", False)]
    assert widget.handle({"type": "toggle", "square": "a5"}) and widget.selection == ["a5"]
    assert widget.handle({"type": "toggle", "square": "a3"}) and widget.selection == ["a3", "a5"]  # the choice's order
    assert widget.message_kind == "info" and widget.message.startswith("Selected to take: a3 and a5.")
    assert _labels(widget) == [("Take selected (a3 and a5)", True), ("Take all (a3, a4 and a5)", True),
                               ("Take none", True), ("Clear selection", True)]
    # A second click unselects; Clear selection (Escape) empties it.
    assert widget.handle({"type": "toggle", "square": "a3"}) and widget.selection == ["a5"]
    assert widget.handle({"type": "clear"}) and widget.selection == [] and widget.message.startswith("Nothing selected")
    assert not widget.handle({"type": "choose"}) and "Nothing is selected" in widget.message
    assert widget.record.plies == tuple(THREE)
    # Confirming plays exactly the choice of the selection, as any move.
    widget.handle({"type": "toggle", "square": "a3"})
    widget.handle({"type": "toggle", "square": "a5"})
    assert widget.handle({"type": "choose"})
    assert widget.record.plies[-1] == "capture:a3+a5"
    assert widget.final_state.captured == ((Piece("R", 3), Piece("R", 3), Piece("R", 1)), ())
    assert widget.choice == {} and widget.selection == [] and widget.choosable == []


def test_take_all_and_take_none_are_moves_and_undo_brings_the_choice_back():
    widget = _three()
    widget.handle({"type": "toggle", "square": "a4"})
    buttons = {label: message for label, message, *_ in widget.buttons}
    assert buttons["Take all (a3, a4 and a5)"] == {"type": "move", "move": "capture:a3+a4+a5"}
    assert buttons["Take none"] == {"type": "move", "move": "capture:none"}
    assert widget.handle(buttons["Take none"]) and widget.record.plies[-1] == "capture:none"
    assert widget.final_state.captured == ((Piece("R", 3),), ())
    assert widget.undo() and widget.choice["squares"] == ["a3", "a4", "a5"] and widget.selection == []
    assert widget.handle(buttons["Take all (a3, a4 and a5)"]) and widget.record.plies[-1] == "capture:a3+a4+a5"


@pytest.mark.parametrize("msg, words", [
    ({"type": "toggle", "square": "b2"}, "You cannot take b2: choose among a3, a4 and a5."),
    ({"type": "toggle", "square": "z9"}, "'z9' is not a square of the board: select one of a3, a4 and a5."),
    ({"type": "toggle", "square": ["a3"]}, "['a3'] is not a square of the board"),
    ({"type": "toggle"}, "None is not a square of the board"),
    ({"type": "toggle", "square": "a3" * 1000}, "is not a square of the board"),
])
def test_a_garbled_selection_is_refused_and_changes_nothing(msg, words):
    widget = _three()
    widget.handle({"type": "toggle", "square": "a4"})
    before = (widget.record.plies, widget.final_state, list(widget.buttons))
    assert not widget.handle(msg)
    assert widget.message_kind == "error" and words in widget.message
    assert widget.selection == ["a4"] and (widget.record.plies, widget.final_state, widget.buttons) == before


def test_the_page_cannot_set_the_selection_or_the_choice_itself():
    widget = _three()
    widget.set_state({"selection": ["b2"], "choice": {"squares": ["b2"]}})
    assert widget.message == "The widget ignored an update of choice, selection from the page."
    assert widget.selection == [] and widget.choosable == ["a3", "a4", "a5"]


def test_the_selection_is_a_trait_checked_against_the_choice():
    from icewidgets.widgets.choosing import ChoiceError
    widget = _three()
    widget.selection = ["a5", "a3"]
    assert widget.selection == ["a3", "a5"] and widget.buttons[0][0] == "Take selected (a3 and a5)"
    with pytest.raises(ChoiceError, match=r"b1 cannot be chosen; choose among a3, a4 and a5"):
        widget.selection = ["a3", "b1"]
    assert widget.selection == ["a3", "a5"]
    assert widget.toggle("a4") and widget.play_selection() and widget.record.plies[-1] == "capture:a3+a4+a5"
    with pytest.raises(ChoiceError, match="nothing to select in this position"):
        widget.toggle("a3")


def test_no_choice_is_offered_at_an_earlier_ply_or_to_a_bot():
    widget = _three()
    widget.ply = 2
    assert not widget.handle({"type": "toggle", "square": "a3"}) and "earlier position" in widget.message
    bot = iw.GameWidget(Record.new("volcano", seed=211).extend(THREE), agents={0: "greedy"})
    assert bot.choice == {} and bot.buttons == []


def test_one_capturable_piece_is_selected_too():
    widget = iw.GameWidget("volcano")
    widget.handle({"type": "move", "move": "a1-b1"})
    # A click on the piece selects it (the keyboard cursor reaches it too); it is taken by a button.
    assert widget.choice == {"squares": ["c1"], "verb": "take"} and widget.legal == []
    assert _labels(widget) == [("Take selected (none yet)", False), ("Take all (c1)", True), ("Take none", True),
                               ("Clear selection", False)]
    assert widget.handle({"type": "toggle", "square": "c1"}) and widget.handle({"type": "choose"})
    assert widget.record.plies[-1] == "capture:c1" and widget.state.captured == ((Piece("R", 3),), ())
    pending = iw.GameWidget(make("volcano").state_from_text(BEHIND))
    assert pending.choice["squares"] == ["b3", "c3"] and pending.buttons[1][0] == "Take all (b3 and c3)"


def test_the_controls_choice_of_squares_is_checked():
    from icewidgets.view import square_choice
    from icewidgets.widgets.replay import legal_entries

    state = make("volcano").state_from_text(BEHIND)
    controls = state.game.controls
    assert legal_entries(state, controls) == ([], [], [])  # the choice's moves are not buttons of their own
    assert square_choice(state.play("capture:b3"), controls) is None

    class OffBoard(type(controls)):
        def chosen_squares(self, state, move):
            return ("z9",)

    class Same(type(controls)):
        def chosen_squares(self, state, move):
            return ("b3",)

    with pytest.raises(ValueError, match=r"gives \('z9',\): give a tuple of square names of the board"):
        square_choice(state, OffBoard())
    with pytest.raises(ValueError, match="the same squares for capture:none and capture:b3"):
        square_choice(state, Same())


def test_the_widget_says_a_capture_choice_in_one_sentence():
    """The one sentence the widget says first (View.summary) names what was taken and what
    declined, not only the first piece; an eruption that leaves a choice names the pieces."""
    record = iw.Record.new("volcano", seed=211).extend("d4-c4 capture:b4 e5-d5 capture:none a1-a2".split())
    states = list(record.states())
    view, before = record.make_game().view, states[-1]
    assert view.summary(states[-2], "a1-a2", before) == (
        "Player 1 moves the cap from a1 to a2: the eruption leaves the red large on a3, the red medium on a4 "
        "and the red small on a5 to capture: all, some or none.")
    assert view.summary(before, "capture:a4", before.play("capture:a4")) == (
        "Player 1 captures the red medium from a4, and declines the red large on a3 and the red small on a5.")
    assert view.summary(before, "capture:none", before.play("capture:none")) == (
        "Player 1 declines the red large on a3, the red medium on a4 and the red small on a5.")
    assert view.summary(states[1], "capture:b4", states[2]) == "Player 1 captures the red large from b4."


def test_a_choice_is_the_same_whatever_order_its_squares_are_written_in():
    """The squares of a capture choice are a set: written in any order it is the listed move,
    and a record keeps the listed spelling (landing order), so one game has one record."""
    record = iw.Record.new("volcano", seed=211).extend("d4-c4 capture:b4 e5-d5 capture:none a1-a2".split())
    state, game = record.final_state(), record.make_game()
    assert game.parse_move("capture:a5+a3") == game.parse_move("capture:a3+a5")
    assert game.parse_move("capture:a5+a3") in state.legal_moves()
    assert str(state.listed(" CAPTURE: A5 + A3 ")) == "capture:a3+a5"
    assert record.extend(["capture:a5+a3"]).plies[-1] == "capture:a3+a5"
    assert record.extend(["capture:a5+a3"]).to_code() == record.extend(["capture:a3+a5"]).to_code()
    widget = iw.GameWidget(record)
    widget.play("capture:a5+a3")
    assert widget.record.plies[-1] == "capture:a3+a5"


def test_a_position_waiting_for_a_capture_choice_says_so_in_its_text_picture():
    record = iw.Record.new("volcano", seed=211).extend("d4-c4 capture:b4 e5-d5 capture:none a1-a2".split())
    assert str(record.final_state()).splitlines()[-1] == (
        " turn 3, Player 1 to move: may capture any of a3, a4 and a5 (all, some or none)")
    one = list(record.states())[1]
    assert str(one).splitlines()[-1] == " turn 1, Player 1 to move: may capture b4 or decline it"
    assert str(record.final_state().play("capture:none")).splitlines()[-1] == " turn 4, Player 2 to move"


def test_text_that_is_no_move_while_a_capture_is_pending_says_what_is_expected():
    record = iw.Record.new("volcano", seed=211).extend("d4-c4 capture:b4 e5-d5 capture:none a1-a2".split())
    state = record.final_state()
    with pytest.raises(NotationError) as caught:
        state.play("take all")
    assert str(caught.value) == (
        "'take all' is not a Volcano move: write a cap move like 'c3-c4'; now Player 1 first chooses which erupted "
        "pieces to capture (the red large on a3, the red medium on a4 and the red small on a5): play capture: with "
        "their squares, like capture:a3+a4+a5, or capture:none")
    assert state.play("capture:a3+a4+a5").captured[0][-3:] == record.final_state().play("capture:a5+a4+a3").captured[0][-3:]
