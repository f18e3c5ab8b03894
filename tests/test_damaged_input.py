"""Damaged input gives a clear error: results files, game codes and class codes.

A damaged or foreign file or code is refused with a ValueError (a NotationError for game
codes) that says what is wrong and where; no loader lets an AttributeError, KeyError,
IndexError or TypeError out from inside, and whatever loads can be summarised. And whatever
the library makes it can save and load back exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import icewidgets as iw
from icewidgets.classroom import check_counter_mean, check_first_player_points, check_longest_game, \
    check_mean_turns, read_codes
from icewidgets.playout import PlayoutResults
from icewidgets.protocol import NotationError

SAMPLE = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "class-codes.txt"


@pytest.fixture(scope="module")
def results():
    return iw.playouts("volcano", 4, seed=3, progress=False, engine="reference")


@pytest.fixture(scope="module")
def saved(results):
    return json.loads(results.to_json())


def _without(data: dict, key: str) -> dict:
    return {k: v for k, v in data.items() if k != key}


def _with(data: dict, **changes) -> dict:
    return {**data, **changes}


def _array(data: dict, name: str, values) -> dict:
    return {**data, "arrays": {**data["arrays"], name: values}}


# Results files: JSON ----------------------------------------------------------------------------


JSON_CASES = [
    ("a list", lambda d: [1, 2], "they hold a JSON list, not an object"),
    ("a number", lambda d: 5, "they hold a JSON number, not an object"),
    ("no format", lambda d: _without(d, "format"), "the format field is missing or different"),
    ("a newer version", lambda d: _with(d, version=9), "saved by a newer icewidgets (format version 9)"),
    ("a text version", lambda d: _with(d, version="1"), "\"version\" must be a whole number"),
    ("no arrays", lambda d: _without(d, "arrays"), 'the results have no "arrays" field'),
    ("no fields", lambda d: _without(d, "fields"), 'the results have no "fields" field'),
    ("no game", lambda d: _without(d, "game"), 'the results have no "game" field'),
    ("no agents", lambda d: _without(d, "agents"), 'the results have no "agents" field'),
    ("no seed", lambda d: _without(d, "seed"), 'the results have no "seed" field'),
    ("an unknown game", lambda d: _with(d, game="chess"), "do not make a game: unknown game 'chess'"),
    ("a game number", lambda d: _with(d, game=5), "\"game\" must be a game name, not number 5"),
    ("options as a list", lambda d: _with(d, options=[1]), "\"options\" must be an object of game options"),
    ("a bad option", lambda d: _with(d, options={"players": 9}), "do not make a game: players=9"),
    ("one agent for two seats", lambda d: _with(d, agents=["random"]),
     "must name one agent per seat (2 for this volcano), not ['random']"),
    ("agents as text", lambda d: _with(d, agents="random"), "\"agents\" must be a list of agent names"),
    ("a text seed", lambda d: _with(d, seed="abc"), "\"seed\" must be a whole number ≥ 0 and < 2**128, a list of them or null"),
    ("a negative seed", lambda d: _with(d, seed=-1), "\"seed\" must be a whole number ≥ 0"),
    ("fields as a list", lambda d: _with(d, fields=[]), "\"fields\" must be an object describing each array"),
    ("a field without a dtype", lambda d: _with(d, fields={**d["fields"], "turns": {"shape": []}}),
     "the field 'turns' must be described as"),
    ("an object dtype", lambda d: _with(d, fields={**d["fields"], "turns": {"dtype": "object", "shape": []}}),
     "the field 'turns' has the dtype 'object'"),
    ("a missing array", lambda d: _with(d, arrays=_without(d["arrays"], "turns")),
     "the array 'turns' is missing from \"arrays\""),
    ("an undescribed array", lambda d: _array(d, "extra", [1, 2, 3, 4]), "the array 'extra' is not described"),
    ("a required field left out", lambda d: _with(d, fields=_without(d["fields"], "winners"),
                                                  arrays=_without(d["arrays"], "winners")),
     "the results have no 'winners' array"),
    ("text in an array", lambda d: _array(d, "turns", ["a", "b", "c", "d"]), "the array 'turns' holds something"),
    ("ragged rows", lambda d: _array(d, "scores", [[1, 2], [3], [4, 5], [6, 7]]), "its rows differ in length"),
    ("a row too short", lambda d: _array(d, "turns", [1, 2, 3]), "the array 'turns' has 3 rows, but"),
    ("a fraction in ints", lambda d: _array(d, "turns", [1.5, 2, 3, 4]), "the array 'turns' holds numbers"),
    ("too large for int8", lambda d: _array(d, "first", [300, 0, 0, 0]), "the array 'first' holds 300 for game 0 (the 1st game), which an int8 cannot hold"),
    ("a seat out of range", lambda d: _array(d, "first", [5, 0, 0, 0]), "the array 'first' holds 5 for game 0 (the 1st game)"),
    ("an unknown result", lambda d: _array(d, "result", [7, 0, 0, 0]), "the array 'result' holds 7 for game 0 (the 1st game)"),
    ("a bad third game", lambda d: _array(d, "turns", [1, 2, -3, 4]), "the array 'turns' holds -3 for game 2 (the 3rd game)"),
    ("a null game", lambda d: _with(d, game=None), "\"game\" must be a game name, not null"),
    ("null arrays", lambda d: _with(d, arrays=None), "\"arrays\" must be an object of arrays by name, not null"),
    ("a null version", lambda d: _with(d, version=None), "\"version\" must be a whole number, not null"),
    ("a null elapsed", lambda d: _with(d, elapsed=None), "the results' \"elapsed\" must be a number ≥ 0, not null"),
    ("a null partial", lambda d: _with(d, partial=None), "the results' \"partial\" must be true or false, not null"),
    ("a null engine", lambda d: _with(d, engine=None), "the results' \"engine\" must be text, not null"),
    ("a null array", lambda d: _array(d, "branching", None),
     "the array 'branching' must be a list with one row per game, not null"),
    ("a 5 among winners", lambda d: _array(d, "winners", [[1, 0], [0, 1], [5, 0], [1, 0]]),
     "the array 'winners' holds [5, 0] for game 2 (the 3rd game), which a bool cannot hold"),
    ("too large for int32", lambda d: _array(d, "turns", [1, 2**40, 3, 4]),
     "the array 'turns' holds 1099511627776 for game 1 (the 2nd game), which an int32 cannot hold"),
    ("a bad seating", lambda d: _array(d, "seating", [[0, 0]] * 4), "each game seats every agent once"),
    ("a heatmap of the wrong size", lambda d: _with(d, heatmaps={"moves": [[1, 2]]}),
     "the heatmap 'moves' must be a 5×5 table of counts"),
    ("a text elapsed", lambda d: _with(d, elapsed="fast"), "\"elapsed\" is wrong"),
    ("an elapsed beyond any float", lambda d: _with(d, elapsed=10**400), "\"elapsed\" is wrong"),
    ("a precision beyond any float", lambda d: _with(d, precision=10**4000), "\"precision\" is wrong"),
    ("a numeric partial", lambda d: _with(d, partial=1), "\"partial\" is wrong"),
    ("an odd deal", lambda d: _with(d, rotate_seats=True, arrays={**d["arrays"], **{
        k: v[:3] for k, v in d["arrays"].items()}}), "hold whole deals of 2 games, not 3 games"),
]


@pytest.mark.parametrize("case, damage, message", JSON_CASES, ids=[c[0] for c in JSON_CASES])
def test_a_damaged_json_file_says_what_is_wrong(case, damage, message, saved):
    with pytest.raises(ValueError) as error:
        PlayoutResults.from_json(json.dumps(damage(json.loads(json.dumps(saved)))))
    assert message in str(error.value)
    assert "null null" not in str(error.value)


def test_not_json_at_all_and_bytes(results):
    with pytest.raises(ValueError, match="the results are not valid JSON"):
        PlayoutResults.from_json("{")
    with pytest.raises(ValueError, match="not UTF-8 text"):
        PlayoutResults.from_json(b"\xff\xfe")
    assert PlayoutResults.from_json(results.to_json().encode()).n == 4


def test_load_names_the_file(results, tmp_path):
    path = tmp_path / "r.json"
    path.write_text('{"format": "icewidgets-playouts", "game": "volcano"}')
    with pytest.raises(ValueError, match=r"r\.json: the results' \"options\"|r\.json: the results have no"):
        PlayoutResults.load(path)


# Results files: CSV -----------------------------------------------------------------------------


def _csv_lines(results) -> list[str]:
    return results.to_csv().splitlines()


CSV_CASES = [
    ("empty", lambda lines: [], "the first line must be the '# {…}' settings line"),
    ("only its settings line", lambda lines: lines[:1], "line 2 must be the header of the columns"),
    ("settings that are not JSON", lambda lines: ["# {"] + lines[1:], "line 1 (the settings) is not valid JSON"),
    ("a short row", lambda lines: lines[:3] + [lines[3][:10]] + lines[4:], "line 4 has"),
    ("a long row", lambda lines: lines[:3] + [lines[3] + ",9"] + lines[4:], "values, but the header names"),
    ("a renamed column", lambda lines: [lines[0], lines[1].replace(",turns,", ",tunrs,")] + lines[2:],
     "line 2: the column 'turns' (of the array 'turns') is missing"),
    ("a column twice", lambda lines: [lines[0], lines[1].replace(",turns,", ",plies,")] + lines[2:],
     "line 2: the column 'plies' appears twice"),
    ("a word for a number", lambda lines: lines[:2] + [lines[2].replace(",", ",x,", 1).replace(",0,", ",", 1)]
     + lines[3:], "line 3, column"),
    ("a missing winner column", lambda lines: [lines[0], lines[1].replace("winner_2", "winner_9")] + lines[2:],
     "the column 'winner_2' (of the array 'winners') is missing"),
]


@pytest.mark.parametrize("case, damage, message", CSV_CASES, ids=[c[0] for c in CSV_CASES])
def test_a_damaged_csv_file_says_what_is_wrong(case, damage, message, results):
    with pytest.raises(ValueError) as error:
        PlayoutResults.from_csv("\n".join(damage(_csv_lines(results))))
    assert message in str(error.value)


def test_a_bad_value_names_its_line_and_column(results):
    lines = _csv_lines(results)
    header = lines[1].split(",")
    row = lines[4].split(",")
    row[header.index("turns")] = "many"
    with pytest.raises(ValueError, match="line 5, column 'turns': 'many' is not one of the whole numbers"):
        PlayoutResults.from_csv("\n".join(lines[:4] + [",".join(row)] + lines[5:]))


@pytest.mark.parametrize("cell", ["9" * 5000, "inf", "-1e999"])
def test_a_number_beyond_any_float_is_refused_not_read_as_infinity(results, cell):
    lines = _csv_lines(results)
    header = lines[1].split(",")
    row = lines[3].split(",")
    row[header.index("branching")] = cell
    with pytest.raises(ValueError) as error:
        PlayoutResults.from_csv("\n".join(lines[:3] + [",".join(row)] + lines[4:]))
    assert str(error.value).startswith("line 4, column 'branching': ")
    assert str(error.value).endswith(" is not one of the numbers the array 'branching' holds")
    assert len(str(error.value)) < 200


# Everything the library makes saves and loads back exactly --------------------------------------


def _assert_same(loaded, original):
    assert loaded.n == original.n and loaded.game == original.game and loaded.agents == original.agents
    assert loaded.seed == original.seed and type(loaded.seed) is type(original.seed) or (
        isinstance(original.seed, np.integer) and type(loaded.seed) is int)
    assert (loaded.max_turns, loaded.partial, loaded.engine, loaded.rotate_seats, loaded.precision) == (
        original.max_turns, original.partial, original.engine, original.rotate_seats, original.precision)
    assert list(loaded.arrays) == list(original.arrays)
    for name, array in original.arrays.items():
        again = loaded.arrays[name]
        assert again.dtype == array.dtype and again.shape == array.shape, name
        assert np.array_equal(again, array, equal_nan=True), name
    assert list(loaded.heatmaps) == list(original.heatmaps)
    for name, heat in original.heatmaps.items():
        assert np.array_equal(loaded.heatmaps[name], heat)
    loaded.summary()


def _class_results():
    return read_codes(SAMPLE, "volcano").results()


MADE = {
    "numpy seed": lambda: iw.playouts("volcano", 3, seed=np.int64(5), progress=False),
    "numpy seed tuple": lambda: iw.playouts("volcano", 3, seed=(np.int64(5), 7), progress=False),
    "zero games": lambda: PlayoutResults.from_parts(iw.make("volcano"), ("random", "random"), 0, []),
    "zero games of ice3": lambda: PlayoutResults.from_parts(iw.make("ice3"), ("random", "random"), 1, []),
    "the class's games": _class_results,
    "no class games": lambda: read_codes("", "volcano").results(),
    "seats rotated to a precision": lambda: iw.playouts("volcano", 40, agents=("random", "greedy"), seed=2,
                                                       rotate_seats=True, precision=0.3, progress=False),
    "three players, turn limit": lambda: iw.playouts("volcano", 3, agents="random", options={"players": 3},
                                                     max_turns=4, progress=False),
    "blockade, rules engine": lambda: iw.playouts("blockade", 2, seed=1, max_turns=5, progress=False,
                                                  engine="reference"),
    "volterra, fast engine": lambda: iw.playouts("volterra", 5, seed=1, progress=False),
}


@pytest.mark.parametrize("made", list(MADE))
@pytest.mark.parametrize("suffix", [".json", ".csv"])
def test_everything_the_library_makes_saves_and_loads_back_exactly(made, suffix, tmp_path):
    original = MADE[made]()
    path = tmp_path / f"r{suffix}"
    assert original.save(path) == str(path)
    _assert_same(PlayoutResults.load(path), original)


def test_a_numpy_seed_is_kept_as_a_plain_number():
    results = iw.playouts("volcano", 2, seed=np.int64(5), progress=False)
    assert results.seed == 5 and type(results.seed) is int
    assert json.loads(results.to_json())["seed"] == 5


# Game codes ------------------------------------------------------------------------------------


def _code(data: dict) -> str:
    import base64
    import zlib

    packed = zlib.compress(json.dumps(data).encode(), 9)
    return "iw1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _record_data():
    return iw.Record.new("volcano", seed=1).extend(["b2-c1"]).to_dict()


CODE_CASES = [
    ("options as a list", {"options": [1]}, "\"options\" must be an object of option names and values, not [1]"),
    ("options as text", {"options": "players=2"}, "\"options\" must be an object"),
    ("an option that is an object", {"options": {"players": {"n": 2}}}, "option 'players' must be a number"),
    ("plies as null", {"plies": None}, "\"plies\" must be a list of moves, not null"),
    ("plies as text", {"plies": "b2-c1"}, "\"plies\" must be a list of moves"),
    ("a ply that is a number", {"plies": [5]}, "ply 1 must be a move as text, not 5"),
    ("a seed that is a list", {"seed": [1]}, "\"seed\" must be a whole number ≥ 0 and < 2**128 or null, not [1]"),
    ("a text seed", {"seed": "1"}, "\"seed\" must be a whole number ≥ 0"),
    ("a negative seed", {"seed": -1}, "\"seed\" must be a whole number ≥ 0"),
    ("a true seed", {"seed": True}, "\"seed\" must be a whole number ≥ 0"),
    ("a numeric start", {"start": 5}, "\"start\" must be a position text or null"),
    ("a numeric game", {"game": 5}, "\"game\" must be a game name"),
    ("an unknown game", {"game": "chess"}, "unknown game 'chess'"),
    ("no game", {"game": ...}, "the record has no 'game' field"),
    ("a newer version", {"version": 7}, "this record was saved by a newer icewidgets (its \"version\" is 7; this one "
                                         "reads version 2): upgrade icewidgets to read it"),
    ("version 0", {"version": 0}, "the record's \"version\" must be 1 or 2, not 0"),
    ("a text version", {"version": "1"}, "the record's \"version\" must be 1 or 2, "
                                         "not \"1\""),
    ("a null version", {"version": None}, "the record's \"version\" must be 1 or 2, "
                                          "not null"),
    ("a true version", {"version": True}, "the record's \"version\" must be 1 or 2, "
                                          "not true"),
    ("another format", {"format": "chess-pgn"}, "this is not an icewidgets record: its \"format\" is \"chess-pgn\", "
                                                "not \"icewidgets-record\""),
    ("an illegal ply", {"plies": ["b2-c1", "z9-z8"]}, "the record does not replay at ply 2 (\"z9-z8\")"),
]


@pytest.mark.parametrize("case, change, message", CODE_CASES, ids=[c[0] for c in CODE_CASES])
def test_a_game_code_with_a_wrong_field_says_which(case, change, message):
    data = _record_data()
    for key, value in change.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    for load in (lambda: iw.Record.from_dict(data), lambda: iw.Record.from_json(json.dumps(data)),
                 lambda: iw.Record.from_code(_code(data))):
        with pytest.raises(NotationError) as error:
            load()
        assert message in str(error.value)


def test_a_record_is_checked_when_it_is_made():
    with pytest.raises(TypeError, match=r"seed=\[1\] must be a whole number ≥ 0 and < 2\*\*128 or None"):
        iw.Record("volcano", seed=[1])
    with pytest.raises(TypeError, match="plies must be a tuple of move texts"):
        iw.Record("volcano", plies=None)
    with pytest.raises(ValueError, match="seed=-1 must be a whole number ≥ 0"):
        iw.Record.new("volcano", seed=-1)
    assert hash(iw.Record.new("volcano", seed=np.int64(3))) == hash(iw.Record.new("volcano", seed=3))


def test_the_widget_refuses_a_damaged_code_with_a_message():
    widget = iw.GameWidget("volcano", seed=1)
    data = _record_data()
    data["options"] = [1]
    assert widget.handle({"type": "load", "text": _code(data)}) is False
    assert widget.message_kind == "error" and "\"options\" must be an object" in widget.message
    assert widget.record.plies == ()


# Class codes -----------------------------------------------------------------------------------


def test_read_codes_lists_a_bad_code_and_goes_on():
    good = iw.Record.new("volcano", seed=1)
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    data = _record_data()
    data["options"] = [1]
    games = read_codes(lines[:6] + [None, 5, f"Zoe: {_code(data)}", f"Yan: {_code({**_record_data(), 'plies': None})}"]
                       + lines[6:], "volcano")
    reasons = {s.line: s.reason for s in games.skipped}
    assert reasons[7] == "not text: NoneType"
    assert reasons[8] == "not text: int"
    assert reasons[9].startswith("not a readable game code: the record's \"options\" must be an object")
    assert reasons[10].startswith("not a readable game code: the record's \"plies\" must be a list")
    assert len(games) == 11 and good is not None


def test_read_codes_takes_text_lines_bytes_and_paths_and_refuses_the_rest(tmp_path):
    text = SAMPLE.read_text(encoding="utf-8")
    expected = read_codes(text, "volcano")
    assert read_codes(text.encode(), "volcano") == expected
    for name in (str(SAMPLE), "path/to/codes.txt", " class-codes.CSV\n"):  # a str is the codes, never a file name
        with pytest.raises(ValueError) as raised:
            read_codes(name, "volcano")
        assert str(raised.value) == (f"codes={name!r} looks like a file name, but a str is read as the codes "
                                     f"themselves; did you mean to read the file? pass Path({name!r}) (from pathlib) "
                                     f"or open({name!r}).read()")
    assert read_codes("Ana: lost the code", "volcano").skipped[0].reason == "not a game code: a code starts with 'iw1.'"
    assert read_codes(SAMPLE, "volcano") == expected
    assert read_codes(text.splitlines(), "volcano") == expected
    with pytest.raises(ValueError, match="codes are bytes that are not UTF-8 text"):
        read_codes(b"\xff\xfe", "volcano")
    with pytest.raises(TypeError, match="codes=5 must be a text of codes, a list of lines or a file path, not int"):
        read_codes(5, "volcano")
    with pytest.raises(TypeError, match="game=5 must be a game name or a Game"):
        read_codes(text, 5)


def test_the_class_checks_with_no_games_say_so():
    empty = read_codes("", "volcano")
    for verdict in (check_mean_turns(empty, 30), check_first_player_points(empty, 0.5),
                    check_counter_mean(empty, "eruptions", 3), check_longest_game(empty, "Ana")):
        assert not verdict and verdict.why == ("no finished game was read, so there is nothing to count yet: "
                                               "paste the class's codes and run the notebook again")
    games = read_codes(SAMPLE, "volcano")
    assert check_mean_turns(games, 36.2)  # 398 turns in 11 games: 36.18


@pytest.mark.parametrize("code, version", [("iw2.eJwLSS0uUShJLS4BAA", "2"), ("iw10.abc", "10")])
def test_a_game_code_of_another_version_says_so(code, version):
    with pytest.raises(iw.NotationError) as raised:
        iw.Record.from_code(code)
    assert str(raised.value) == (f"this code is of version {version} (iw{version}.…), which this icewidgets cannot "
                                 "read: it reads iw1.… codes; a newer icewidgets may read it")


@pytest.mark.parametrize("column, cell", [("turns", "2_4"), ("turns", "２４"), ("turns", "٢٤"), ("turns", "24.0"),
                                          ("branching", "2_4.5"), ("branching", "infinity"), ("branching", "0x10")])
def test_a_csv_cell_is_read_as_the_file_writes_numbers_only(results, column, cell):
    lines = _csv_lines(results)
    header = lines[1].split(",")
    row = lines[3].split(",")
    row[header.index(column)] = cell
    with pytest.raises(ValueError, match=f"^line 4, column '{column}': '{cell}' is not one of the "):
        PlayoutResults.from_csv("\n".join(lines[:3] + [",".join(row)] + lines[4:]))


@pytest.mark.parametrize("cell, value", [("+24", 24), (" 24 ", 24)])
def test_a_signed_or_spaced_whole_number_is_read(results, cell, value):
    lines = _csv_lines(results)
    header = lines[1].split(",")
    row = lines[3].split(",")
    row[header.index("turns")] = cell
    loaded = PlayoutResults.from_csv("\n".join(lines[:3] + [",".join(row)] + lines[4:]))
    assert int(loaded.turns[1]) == value


def test_a_byte_order_mark_before_a_file_is_no_text(results):
    for text in ("\ufeff" + results.to_csv(), ("\ufeff" + results.to_csv()).encode()):
        assert PlayoutResults.from_csv(text).to_csv() == results.to_csv()
    assert PlayoutResults.from_json(("\ufeff" + results.to_json()).encode()).to_json() == results.to_json()


def test_a_float32_column_keeps_a_decimal_rounded_and_refuses_one_beyond_its_range(results):
    lines = _csv_lines(results)
    header = lines[1].split(",")
    row = lines[3].split(",")
    row[header.index("branching")] = "24.16"
    loaded = PlayoutResults.from_csv("\n".join(lines[:3] + [",".join(row)] + lines[4:]))
    assert loaded.arrays["branching"][1] == np.float32(24.16)
    row[header.index("branching")] = "1e39"
    with pytest.raises(ValueError, match=r"^the array 'branching' holds 1e\+39 for game 1 \(the 2nd game\), which a "
                                         r"float32 cannot hold$"):
        PlayoutResults.from_csv("\n".join(lines[:3] + [",".join(row)] + lines[4:]))


def test_a_byte_order_mark_before_json_text_is_no_text(results):
    assert PlayoutResults.from_json("\ufeff" + results.to_json()).to_json() == results.to_json()
    record = iw.Record.new("volcano", seed=1)
    assert iw.Record.from_json("\ufeff" + record.to_json()) == record
