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


def test_the_widget_offers_the_choice_by_click_and_by_buttons():
    widget = iw.GameWidget("volcano")
    widget.handle({"type": "move", "move": "a1-b1"})
    # One piece: a click on it takes it (the keyboard cursor reaches it too); declining is a button.
    assert [label for label, _ in widget.buttons] == ["Take none"]
    assert [entry[0] for entry in widget.legal] == ["capture:c1"] and widget.legal[0][2] == "-c1"
    assert widget.handle({"type": "move", "move": "capture:c1"}) and widget.state.captured[0]
    pending = iw.GameWidget(make("volcano").state_from_text(BEHIND))
    assert [label for label, _ in pending.buttons] == ["Take none", "Take all (b3 and c3)"]
    assert [entry[2] for entry in pending.legal] == ["-b3", "-c3"]
