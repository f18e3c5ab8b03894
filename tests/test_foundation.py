"""The shared foundation: pieces, grid, registry, errors, records, and what importing the rules pulls in."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

import icewidgets as iw
from icewidgets.grid import DIRECTIONS, Grid, parse_fields, parse_int_field, split_position
from icewidgets.pieces import PIECES, Piece, format_pieces, format_stack, parse_pieces, parse_stack
from icewidgets.protocol import Event, event
from icewidgets.record import CODE_PREFIX, Record
from icewidgets.testing import ConformanceError, check_game

# Pieces and stacks ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "R1", "R1R2R3", "R1R2R3K1", "C3C2C1", "Y2Y2Y2Y2", "L", "D", "LD", "LDLLD", "K1",
    "".join(f"{c}{s}" for c in "RYGBCK" for s in (1, 2, 3)),
])
def test_stack_notation_round_trips(text):
    stack = parse_stack(text)
    assert format_stack(stack) == text
    assert all(isinstance(p, Piece) for p in stack)
    assert "".join(map(str, stack)) == text


def test_empty_stack():
    assert parse_stack(".") == ()
    assert format_stack(()) == "."


def test_pieces_are_the_canonical_objects():
    stack = parse_stack("R1R2R3K1")
    assert stack == (Piece("R", 1), Piece("R", 2), Piece("R", 3), Piece("K", 1))
    assert all(p is PIECES[str(p)] for p in stack)
    assert len([token for token in PIECES if token[0] in "RYGBCKLD"]) == 6 * 3 + 2


@pytest.mark.parametrize("text, words", [
    ("R4", "'R4' at position 1"),
    ("R1R4", "'R4' at position 3"),
    ("X1", "'X' at position 1"),
    ("r1", "'r' at position 1"),
    ("R1R", "'R' at position 3"),
    ("R1 R2", "' ' at position 3"),
    ("", "empty token"),
    ("R0", "'R0'"),
    ("L1", "'1' at position 2"),
])
def test_bad_stacks_are_notation_errors_naming_the_token(text, words):
    with pytest.raises(iw.NotationError) as info:
        parse_stack(text)
    assert words in str(info.value)


def test_piece_names_and_parse():
    assert Piece("G", 3).name == "green large"
    assert Piece("C", 1).name == "clear small"
    assert Piece("K", 2).name == "black medium"
    assert Piece("L", 0).name == "light tile" and str(Piece("D", 0)) == "D"
    assert Piece.parse("Y2") == Piece("Y", 2)
    for bad in ["Y4", "y2", "", "R1R2", "K"]:
        with pytest.raises(iw.NotationError, match=repr(bad)):
            Piece.parse(bad)


def test_piece_lists():
    assert parse_pieces("R3,G2") == (Piece("R", 3), Piece("G", 2))
    assert parse_pieces("") == ()
    assert format_pieces([Piece("R", 3), Piece("G", 2)]) == "R3,G2"
    assert format_pieces([]) == ""
    with pytest.raises(iw.NotationError, match="'Q1'"):
        parse_pieces("R1,Q1")
    with pytest.raises(iw.NotationError):
        parse_pieces("R1,,R2")


# Grid ---------------------------------------------------------------------------------------------


GRID = Grid(5, 5)


def test_grid_index_and_name():
    assert GRID.size == 25
    assert (GRID.index("a1"), GRID.index("e1"), GRID.index("a2"), GRID.index("c3"), GRID.index("e5")) == (0, 4, 5, 12, 24)
    assert [GRID.name(i) for i in (0, 4, 5, 12, 24)] == ["a1", "e1", "a2", "c3", "e5"]
    assert all(GRID.index(GRID.name(i)) == i for i in range(25))
    assert GRID.names[:6] == ("a1", "b1", "c1", "d1", "e1", "a2")
    assert (GRID.file_of(13), GRID.rank_of(13)) == (3, 2)


@pytest.mark.parametrize("name", ["f1", "a0", "a6", "A1", "c33", "", "11", None, 3])
def test_grid_bad_square_names(name):
    with pytest.raises(iw.NotationError, match="is not a square of this 5×5 board"):
        GRID.index(name)


def test_grid_steps():
    a1, c3, e5 = GRID.index("a1"), GRID.index("c3"), GRID.index("e5")
    assert GRID.name(GRID.step(a1, "NE")) == "b2"
    assert GRID.name(GRID.step(a1, "NE", 2)) == "c3"
    assert GRID.name(GRID.step(a1, "E", 4)) == "e1"
    assert GRID.step(a1, "E", 5) is None
    assert GRID.step(a1, "S") is None and GRID.step(a1, "W") is None and GRID.step(a1, "NW") is None
    assert GRID.step(e5, "N") is None and GRID.name(GRID.step(e5, "SW", 4)) == "a1"
    expected = {"N": "c4", "NE": "d4", "E": "d3", "SE": "d2", "S": "c2", "SW": "b2", "W": "b3", "NW": "b4"}
    assert {d: GRID.name(GRID.step(c3, d)) for d in DIRECTIONS} == expected
    assert list(DIRECTIONS) == ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    north = GRID.steps("N")
    assert len(north) == 25 and north[e5] is None and GRID.name(north[a1]) == "a2"
    assert GRID.step(c3, "N", 0) == c3


def test_grid_wraps_nowhere():
    # A step off the east edge must not come back on the west side of the next rank.
    e1 = GRID.index("e1")
    assert GRID.step(e1, "E") is None and GRID.step(e1, "NE") is None
    a2 = GRID.index("a2")
    assert GRID.step(a2, "W") is None and GRID.step(a2, "SW") is None


def test_grid_neighbours():
    counts = [len(n) for n in GRID.neighbours]
    assert counts[GRID.index("a1")] == 3 and counts[GRID.index("e5")] == 3
    assert counts[GRID.index("c1")] == 5 and counts[GRID.index("a3")] == 5
    assert counts[GRID.index("c3")] == 8
    assert sum(counts) == 4 * 3 + 12 * 5 + 9 * 8
    assert [GRID.name(n) for n in GRID.neighbours[GRID.index("a1")]] == ["a2", "b2", "b1"]
    assert [GRID.name(n) for n in GRID.neighbours[GRID.index("b2")]] == ["b3", "c3", "c2", "c1", "b1", "a1", "a2", "a3"]
    for i, ns in enumerate(GRID.neighbours):
        for n in ns:
            assert i in GRID.neighbours[n]
            assert GRID.chebyshev(i, n) == 1
    orth = GRID.orthogonal_neighbours[GRID.index("a1")]
    assert [None if n is None else GRID.name(n) for n in orth] == ["a2", "b1", None, None]


def test_grid_direction_between_and_distance():
    c3 = GRID.index("c3")
    assert GRID.direction_between(c3, GRID.index("d4")) == "NE"
    assert GRID.direction_between(c3, GRID.index("b3")) == "W"
    assert GRID.direction_between(c3, GRID.index("c5")) is None
    assert GRID.direction_between(c3, c3) is None
    assert GRID.chebyshev(GRID.index("a1"), GRID.index("e4")) == 4


def test_rectangular_grid():
    grid = Grid(7, 6)
    assert grid.size == 42 and grid.name(41) == "g6" and grid.index("g1") == 6
    assert grid.step(grid.index("g1"), "E") is None
    with pytest.raises(iw.NotationError, match="files a–g, ranks 1–6"):
        grid.index("h1")
    assert repr(grid) == "Grid(7, 6)"


def test_board_text_round_trip():
    cells = [GRID.name(i) for i in range(25)]
    text = GRID.format_board(cells)
    assert text.splitlines()[0] == "a5 b5 c5 d5 e5" and text.splitlines()[-1] == "a1 b1 c1 d1 e1"
    assert GRID.parse_board(text.splitlines()) == cells
    assert GRID.parse_board(["  a5   b5 c5 d5 e5 "] + text.splitlines()[1:]) == cells


@pytest.mark.parametrize("lines, words", [
    ([". . . . ."] * 4, "has 5 ranks, but the text has 4 board lines"),
    ([". . . . ."] * 6, "6 board lines"),
    ([". . . . ."] * 4 + [". . . ."], "rank 1 must have 5 squares separated by spaces, found 4"),
    ([". . . . . ."] + [". . . . ."] * 4, "rank 5 must have 5 squares"),
    ([], "0 board lines"),
])
def test_board_text_errors(lines, words):
    with pytest.raises(iw.NotationError) as info:
        GRID.parse_board(lines)
    assert words in str(info.value)


def test_ascii_board():
    art = GRID.ascii_board(["."] * 24 + ["R1R2"])
    lines = art.splitlines()
    assert lines[0].startswith(" 5 ") and lines[0].endswith("R1R2")
    assert lines[-1].split() == list("abcde")
    assert len(lines) == 6


def test_split_position_and_fields():
    assert split_position("a b\n\n c d \nx=1 y=2\n") == (["a b", "c d"], "x=1 y=2")
    assert split_position("a b\nc d") == (["a b", "c d"], "")
    with pytest.raises(iw.NotationError, match="must be a string"):
        split_position(b"a b")
    assert parse_fields("to_move=1 captured=R3//", ["to_move", "captured"]) == {"to_move": "1", "captured": "R3//"}
    assert parse_fields("", ["to_move"]) == {}
    for line, words in [("to_move", "'to_move' is not a key=value field"),
                        ("colour=R", "unknown field 'colour'"),
                        ("to_move=1 to_move=0", "given twice")]:
        with pytest.raises(iw.NotationError, match=words):
            parse_fields(line, ["to_move"])
    assert parse_int_field({}, "turns", 7, 0) == 7
    assert parse_int_field({"turns": "3"}, "turns", 0, 0, 5) == 3
    with pytest.raises(iw.NotationError, match="out of range"):
        parse_int_field({"turns": "6"}, "turns", 0, 0, 5)
    with pytest.raises(iw.NotationError, match="not a whole number"):
        parse_int_field({"turns": "three"}, "turns", 0, 0)


# Registry and errors ---------------------------------------------------------------------------


def test_available_games_in_order():
    # The package's own games first, in this order; plug-ins (if any are installed) after them.
    own = ("volcano", "volterra", "ice3", "blockade")
    assert iw.available_games(plugins=False) == own and iw.available_games()[:4] == own


@pytest.mark.parametrize("name", ["chess", "Volcano", "", None])
def test_unknown_game_is_a_value_error_listing_the_games(name):
    with pytest.raises(ValueError) as info:
        iw.make(name)
    message = str(info.value)
    assert "unknown game" in message
    for game in ("volcano", "volterra", "ice3", "blockade"):
        assert game in message


def test_unknown_option_is_a_type_error_listing_the_options():
    with pytest.raises(TypeError) as info:
        iw.make("volcano", colour="red")
    message = str(info.value)
    assert "'colour'" in message
    for option in ("players", "opening", "caps", "colours", "tie_rule", "no_return_within_turn",
                   "end_if_board_empty", "max_turns"):
        assert option in message


def test_make_and_options():
    game = iw.make("volcano", players=3, opening="diag")
    assert game.players == 3 and game.num_players == 3 and game.name == "volcano" and game.title == "Volcano"
    assert game.options["players"] == 3 and game.options["opening"] == "diag"
    assert iw.make(**{"name": "volcano", **game.options}) == game
    assert hash(game) == hash(iw.make("volcano", players=3))
    assert repr(game) == "make('volcano', players=3)" and repr(iw.make("volcano")) == "make('volcano')"
    assert game.player_name(0) == "Player 1"


def test_error_types():
    assert issubclass(iw.IllegalMoveError, ValueError)
    assert issubclass(iw.NotationError, ValueError)
    assert not issubclass(iw.IllegalMoveError, iw.NotationError)
    assert not issubclass(iw.NotationError, iw.IllegalMoveError)
    assert iw.CHANCE == -1
    assert isinstance(iw.make("volcano").new_state(), iw.State)
    assert isinstance(iw.make("volcano"), iw.Game)


def test_events():
    e = event("cap_moved", "Player 1 moves the cap from a3 to b3.", source="a3", target="b3")
    assert isinstance(e, Event) and e.kind == "cap_moved"
    assert str(e) == "Player 1 moves the cap from a3 to b3."
    assert e["source"] == "a3" and e.get("target") == "b3" and e.get("nope", 5) == 5
    with pytest.raises(KeyError):
        e["nope"]
    assert e.to_dict() == {"kind": "cap_moved", "text": "Player 1 moves the cap from a3 to b3.", "source": "a3", "target": "b3"}
    assert hash(e) == hash(event("cap_moved", "Player 1 moves the cap from a3 to b3.", source="a3", target="b3"))


def test_results_of_a_playing_state():
    state = iw.make("volcano").new_state()
    assert state.result == "playing" and not state.is_over and not state.is_draw and not state.unfinished
    assert state.chance_outcomes() == []
    assert state.to_move in (0, 1) and str(state).strip()


# Records ---------------------------------------------------------------------------------------------


# Both eruptions offer a capture (capture="may"): the first is taken, the second declined.
PLIES = ["a1-b1", "capture:c1", "b2-b3", "capture:none", "b1-a2"]


def record():
    return Record.new("volcano", seed=7).extend(PLIES[:1]).extend(PLIES[1:])


def test_record_new_and_extend_replay():
    rec = record()
    assert rec.game == "volcano" and rec.seed == 7 and rec.start is None and rec.plies == tuple(PLIES)
    assert len(rec) == 5
    states = list(rec.states())
    assert len(states) == 6
    state = iw.make("volcano").new_state(seed=7)
    for ply in PLIES:
        state = state.play(ply)
    assert rec.final_state() == state and rec.final_state().to_text() == state.to_text()
    assert rec.truncated(1).plies == ("a1-b1",) and rec.truncated(1).final_state() == states[1]
    assert Record.new("volcano").final_state() == iw.make("volcano").new_state()


def test_record_json_round_trip():
    rec = record()
    text = rec.to_json()
    data = json.loads(text)
    assert data["format"] == "icewidgets-record" and data["game"] == "volcano" and data["plies"] == PLIES
    assert Record.from_json(text) == rec
    assert Record.from_json(rec.to_json(indent=None)) == rec


def test_record_code_round_trip():
    rec = record()
    code = rec.to_code()
    assert code.startswith(CODE_PREFIX) and "\n" not in code and " " not in code
    assert Record.from_code(code) == rec
    assert Record.from_code("  " + code + "\n") == rec


def test_record_with_options_and_start_position():
    game = iw.make("volcano", players=3, opening="custom", colours="RYGBC" * 5, caps=["a5", "e1"])
    # The start is a pending capture choice (capture="may"): the record replays it from there.
    start = game.new_state().play("a5-a4").play("capture:a3").play("a4-b4")
    rec = Record.new(game, start=start).extend(["capture:c4", "e1-e2"])
    assert rec.options_dict["caps"] == ("a5", "e1") and rec.options_dict["players"] == 3
    assert rec.start == start.to_text()
    assert rec.make_game() == game
    for copy in (Record.from_json(rec.to_json()), Record.from_code(rec.to_code())):
        assert copy == rec and copy.final_state() == rec.final_state()
    assert rec.start_state() == start


def test_record_with_option_keywords():
    rec = Record.new("volcano", seed=3, opening="random", players=4).extend(["a1-a2"])
    assert Record.from_code(rec.to_code()).final_state() == rec.final_state()
    assert rec.start_state() == iw.make("volcano", opening="random", players=4).new_state(seed=3)


def test_record_refuses_bad_input_at_once():
    with pytest.raises(TypeError):
        Record.new("volcano", colour="red")
    with pytest.raises(ValueError):
        Record.new("nogame")
    with pytest.raises(iw.IllegalMoveError):
        Record.new("volcano").extend(["a1-a0"])
    with pytest.raises(iw.NotationError):
        Record.new("volcano", start="not a position")


@pytest.mark.parametrize("code", [
    "iw1.",
    "iw1.@@@@",
    "iw1.AAAAAAAA",
    "iw2.abcd",
    "hello",
    "",
])
def test_damaged_codes_are_notation_errors(code):
    with pytest.raises(iw.NotationError):
        Record.from_code(code)


def test_a_code_that_unpacks_to_megabytes_is_refused_before_it_is_read():
    data = json.loads(Record.new("volcano", seed=1).to_json())
    data["plies"] = ["a1-a2"] * 3_000_000  # 24 MB of JSON in a code of 46 KB
    packed = zlib.compress(json.dumps(data).encode(), 9)
    code = CODE_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert len(code) < 100_000
    with pytest.raises(iw.NotationError, match="^the record code unpacks to more than 16 MB, more than any game needs"):
        Record.from_code(code)


@pytest.mark.parametrize("method, argument, given", [
    ("from_code", 5, "int"),
    ("from_code", None, "NoneType"),
    ("from_code", b"iw1.abcd", "bytes"),
    ("from_code", ["iw1.abcd"], "list"),
    ("from_json", 5, "int"),
    ("from_json", None, "NoneType"),
    ("from_json", {"game": "volcano"}, "dict"),
])
def test_a_code_or_json_that_is_no_text_is_a_type_error_naming_the_argument(method, argument, given):
    what = "code) takes the game code as a str" if method == "from_code" else "text) takes the JSON as a str (or bytes)"
    with pytest.raises(TypeError) as raised:
        getattr(Record, method)(argument)
    assert str(raised.value) == f"Record.{method}({what}, not {given}"
    assert not isinstance(raised.value, iw.NotationError)


def test_truncated_and_altered_codes_are_notation_errors():
    code = record().to_code()
    extended = [code + tail for tail in ("x", "xy", "xyz", "AAAA", "==", "A")]  # decoded, these held the record
    for damaged in (code[:-5], code[: len(code) // 2], code[:10] + ("A" if code[10] != "A" else "B") + code[11:],
                    *extended):
        with pytest.raises(iw.NotationError):
            Record.from_code(damaged)


@pytest.mark.parametrize("data, words", [
    ({"format": "icewidgets-record", "game": "volcano", "plies": ["a1-a0"]}, "does not replay"),
    ({"format": "icewidgets-record", "game": "volcano", "plies": ["zz"]}, "does not replay"),
    ({"format": "icewidgets-record", "game": "volcano", "options": {"colour": "R"}}, "does not replay"),
    ({"format": "icewidgets-record", "game": "nogame"}, "does not replay"),
    ({"format": "icewidgets-record", "game": "volcano", "start": "x"}, "does not replay"),
    ({"format": "something-else", "game": "volcano"}, "not an icewidgets record"),
    ({"plies": []}, "no 'game' field"),
    ([1, 2], "not an icewidgets record"),
])
def test_records_that_do_not_replay_are_notation_errors(data, words):
    with pytest.raises(iw.NotationError, match=words):
        Record.from_json(json.dumps(data))


@pytest.mark.parametrize("text, reason", [
    ("{not json", "Expecting property name"),
    (b"\xff\xfe not UTF-8", "Expecting value"),
    ("[" * 100_000 + "]" * 100_000, "its lists or objects are nested too deeply"),
    ('{"game": "volcano", "seed": ' + "9" * 5_000 + "}", "it holds a number thousands of digits long"),
])
def test_bad_json_is_a_notation_error(text, reason):
    with pytest.raises(iw.NotationError, match="the record is not valid JSON: .*" + reason):
        Record.from_json(text)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"seed": ' + "9" * 5_000 + "}"])
def test_analyses_and_results_in_bad_json_are_refused_with_the_reason(text):
    from icewidgets.analysis.result import Analysis
    from icewidgets.playout import PlayoutResults

    reason = "nested too deeply" if text.startswith("[") else "a number thousands of digits long"
    with pytest.raises(iw.NotationError, match="the analysis is not valid JSON: .*" + reason):
        Analysis.from_json(text)
    with pytest.raises(ValueError, match="the results are not valid JSON: .*" + reason):
        PlayoutResults.from_json(text)
    with pytest.raises(ValueError, match=r"line 1 \(the settings\) is not valid JSON: .*" + reason):
        PlayoutResults.from_csv("# " + text + "\nwinner\n")
    with pytest.raises(TypeError, match="Analysis.from_json.text. takes the JSON as a str"):
        Analysis.from_json(5)


def test_a_replay_error_inside_a_code_is_a_notation_error():
    bad = Record("volcano", (), None, None, ("a1-a0",))
    with pytest.raises(iw.NotationError, match="does not replay"):
        Record.from_code(bad.to_code())


# The conformance check itself -----------------------------------------------------------------


def test_check_game_reports_and_fails_on_a_ply_bound():
    report = check_game(iw.make("volcano"), n_games=2, seed=5)
    assert report["games"] == 2 and report["plies"] > 0 and sum(report["results"].values()) == 2
    with pytest.raises(ConformanceError, match="^game 1, ply 4: the game did not end within 3 plies"):  # from 1
        check_game(iw.make("volcano"), n_games=1, max_plies=3)
    assert issubclass(ConformanceError, AssertionError)


@pytest.mark.parametrize("name", ["ice3", "blockade"])
def test_a_record_without_seed_or_start_still_replays_its_random_setup(name):
    record = iw.Record.new(name)
    assert record.seed is not None
    again = iw.Record.from_code(record.to_code())
    assert again.start_state() == record.start_state() and again.start_state().to_text() == record.start_state().to_text()


@pytest.mark.parametrize("args, kwargs, error, message", [
    (("volterra",), {}, TypeError, r"check_game\(game\) takes a Game \(icewidgets.make\(name\)\), not str"),
    ((None,), {}, TypeError, "takes a Game .*, not NoneType"),
    ((), {"n_games": "2"}, TypeError, "n_games='2' must be a whole number ≥ 1, not str"),
    ((), {"n_games": -1}, ValueError, "n_games=-1 must be a whole number ≥ 1"),  # played no game and passed
    ((), {"max_plies": 0}, ValueError, "max_plies=0 must be a whole number ≥ 1 or None"),  # was the default
    ((), {"max_plies": -1}, ValueError, "max_plies=-1 must be a whole number ≥ 1 or None"),
    ((), {"seed": -3}, ValueError, "seed=-3 must be a whole number ≥ 0"),
])
def test_check_game_checks_its_arguments(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        check_game(*(args or (iw.make("volcano"),)), **kwargs)


@pytest.mark.parametrize("call, message", [
    (lambda: iw.make(10**5000), "unknown game a whole number of 5,001 digits; available games: "),
    (lambda: iw.make("volcano", max_turns=10**5000),
     "max_turns=a whole number of 5,001 digits is not valid for volcano: it must be a whole number ≥ 1 and at most "
     "2**62 or None"),
    (lambda: iw.make("volcano", max_turns=2**62 + 1), "max_turns=4611686018427387905 is not valid for volcano"),
    (lambda: iw.make("volterra").new_state(seed=1).play(10**5000),
     "a whole number of 5,001 digits is not a volterra move or move text"),
])
def test_a_number_too_long_to_print_is_named_by_its_digits_not_by_pythons_limit(call, message):
    with pytest.raises(ValueError) as raised:
        call()
    assert str(raised.value).startswith(message)


def test_a_record_whose_start_does_not_load_says_so_even_with_plies():
    data = {"format": "icewidgets-record", "game": "volcano", "start": "x", "plies": ["a1-a2"]}
    with pytest.raises(iw.NotationError, match="the record does not replay at its start: "):
        iw.Record.from_dict(data)
