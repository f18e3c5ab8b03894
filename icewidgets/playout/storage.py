"""Playout results as files: JSON and CSV written, and read back with every field checked.

:class:`~icewidgets.playout.PlayoutResults` saves and loads through these functions: the
readers return the arguments of its constructor. What the library writes it reads back
exactly: the same arrays (values, dtypes and shapes), heatmaps and settings, for any number of
games (none too) and any seed it accepts (numpy integers, tuples, or none for games that were
not seeded, like a class's). What it did not write — a damaged, cut short or foreign file — is
refused with a ``ValueError`` that says what is wrong and where (the field, the array, the
line and column of a CSV), never with an error from inside (``KeyError``, ``IndexError``, …)
and never with results that fail later.

>>> import icewidgets as iw
>>> results = iw.playouts(iw.available_games()[0], 3, seed=1, progress=False)
>>> again = iw.PlayoutResults(**from_json(to_json(results)))
>>> all((again.arrays[k] == v).all() and again.arrays[k].dtype == v.dtype for k, v in results.arrays.items())
True
>>> from_json('{"format": "icewidgets-playouts", "version": 1}')
Traceback (most recent call last):
...
ValueError: the results have no "game" field
"""

from __future__ import annotations

import io
import json
import math
import numbers
import re
from typing import Any, Callable, Sequence

import numpy as np

from .. import checks, words
from ..jsontext import read_json
from .balance import PROFILE_BINS
from .arrays import BALANCE_FIELDS, RESULT_CODES, heatmap_shape, result_arrays

__all__ = ["FORMAT", "FORMAT_VERSION", "flat_names", "from_csv", "from_json", "to_csv", "to_json"]

FORMAT = "icewidgets-playouts"
FORMAT_VERSION = 1

_CSV_INT = re.compile(r"[+-]?[0-9]+")
_CSV_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|nan", re.IGNORECASE)
_KINDS = {"b": "true/false", "i": "whole numbers", "u": "whole numbers", "f": "numbers"}
_EXPECTED_KIND = {"b": "b", "i": "iu", "u": "iu", "f": "f"}


# Writing ----------------------------------------------------------------------------------------


def meta(results: Any) -> dict[str, Any]:
    """The settings of ``results`` as plain JSON values (everything but the arrays)."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": results.game.name,
        "options": _jsonable(results.game.options),
        "agents": list(results.agents),
        "seed": _jsonable(results.seed),
        "max_turns": _jsonable(results.max_turns),
        "elapsed": results.elapsed,
        "partial": results.partial,
        "engine": results.engine,
        "rotate_seats": results.rotate_seats,
        "precision": _jsonable(results.precision),
        "fields": {k: {"dtype": v.dtype.name, "shape": list(v.shape[1:])} for k, v in results.arrays.items()},
        "heatmaps": {k: v.tolist() for k, v in results.heatmaps.items()},
        "branching_totals": None if results.branching_totals is None else results.branching_totals.tolist(),
    }


def to_json(results: Any) -> str:
    """Everything as JSON: the settings, every array and the heatmaps (NaN, a tenth of a game
    without a decision, as null: strict JSON)."""
    data = meta(results)
    data["arrays"] = {k: _json_values(v) for k, v in results.arrays.items()}
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def flat_names(name: str, shape: Sequence[int], players: int, labels: dict[str, Any]) -> list[str]:
    """The CSV columns of the array ``name`` whose rows have ``shape``: the name itself for one
    value per game, ``winner_1``… / ``score_1``… and ``<name>_<seat>`` for one per player,
    ``<name>_<labels>`` where the game's counters label the axes, else ``<name>_<index>``.

    >>> flat_names("winners", [2], 2, {})
    ['winner_1', 'winner_2']
    >>> flat_names("captures", [2, 3], 2, {"captures": [["R", "Y"], "123"]})
    ['captures_R1', 'captures_R2', 'captures_R3', 'captures_Y1', 'captures_Y2', 'captures_Y3']
    """
    shape = list(shape)
    if not shape:
        return [name]
    if name in ("winners", "scores") or (len(shape) == 1 and shape[0] == players and name not in labels):
        base = {"winners": "winner", "scores": "score"}.get(name, name)
        return [f"{base}_{p + 1}" for p in range(shape[0])]
    width = math.prod(shape)
    if name in labels:
        combos: list[str] = [""]
        for axis in labels[name]:
            combos = [c + str(label) for c in combos for label in axis]
        if len(combos) == width:
            return [f"{name}_{combo}" for combo in combos]
    return [f"{name}_{j}" for j in range(width)]


def to_csv(results: Any) -> str:
    """One row per game (flat columns, see :meth:`PlayoutResults.columns`); the settings in a
    first ``#`` line."""
    cols = results.columns()
    out = io.StringIO()
    out.write("# " + json.dumps(meta(results), separators=(",", ":"), allow_nan=False) + "\n")
    out.write(",".join(cols) + "\n")
    matrix = [np.asarray(c) for c in cols.values()]
    formats = [_csv_format(c) for c in matrix]
    for i in range(results.n):
        out.write(",".join(f(c[i]) for f, c in zip(formats, matrix)) + "\n")
    return out.getvalue()


# Reading ----------------------------------------------------------------------------------------


def from_json(text: Any) -> dict[str, Any]:
    """The results written by :func:`to_json`, every field checked (ValueError otherwise), as
    the arguments of :class:`~icewidgets.playout.PlayoutResults`."""
    if isinstance(text, (bytes, bytearray)):
        text = _decoded(text)
    if not isinstance(text, str):
        raise TypeError(f"from_json() reads the text of a results file, not {type(text).__name__}")
    try:
        data = read_json(text)
    except ValueError as error:
        raise ValueError(f"the results are not valid JSON: {error}") from None
    settings = _settings(data)
    arrays_data = data.get("arrays")
    if not isinstance(arrays_data, dict):
        raise ValueError(_missing_or_kind(data, "arrays", "an object of arrays by name"))
    fields = settings["fields"]
    unlisted = [name for name in arrays_data if name not in fields]
    missing = [name for name in fields if name not in arrays_data]
    if unlisted or missing:
        where = "not described in" if unlisted else "missing from"
        raise ValueError(f'the array {(unlisted or missing)[0]!r} is {where} "arrays" (the "fields" list the arrays '
                         "the results hold)")
    arrays = {name: _json_array(name, arrays_data[name], fields[name]) for name in fields}
    return _build(settings, arrays)


def from_csv(text: Any) -> dict[str, Any]:
    """The results written by :func:`to_csv`, every field checked (ValueError otherwise), as
    the arguments of :class:`~icewidgets.playout.PlayoutResults`."""
    if isinstance(text, (bytes, bytearray)):
        text = _decoded(text)
    if not isinstance(text, str):
        raise TypeError(f"from_csv() reads the text of a results file, not {type(text).__name__}")
    lines = text.removeprefix("\ufeff").splitlines()  # a spreadsheet may save a byte-order mark first
    if not lines or not lines[0].startswith("# "):
        raise ValueError("not an icewidgets playouts CSV: the first line must be the '# {…}' settings line")
    try:
        data = read_json(lines[0][2:])
    except ValueError as error:
        raise ValueError(f"line 1 (the settings) is not valid JSON: {error}") from None
    settings = _settings(data)
    if len(lines) < 2 or not lines[1].strip():
        raise ValueError("line 2 must be the header of the columns, but the file ends after its settings line")
    header = lines[1].split(",")
    duplicate = next((name for k, name in enumerate(header) if name in header[:k]), None)
    if duplicate is not None:
        raise ValueError(f"line 2: the column {duplicate!r} appears twice")
    body = [(number, line.split(",")) for number, line in enumerate(lines[2:], start=3) if line.strip()]
    for number, row in body:
        if len(row) != len(header):
            raise ValueError(f"line {number} has {len(row)} values, but the header names {len(header)} columns")
    index = {name: j for j, name in enumerate(header)}
    game, n = settings["game"], len(body)
    cells = list(zip(*(row for _, row in body))) if body else [() for _ in header]  # column by column
    lines_of = [number for number, _ in body]
    arrays: dict[str, np.ndarray] = {}
    for name, spec in settings["fields"].items():
        names = flat_names(name, spec["shape"], game.num_players, game.counters.labels)
        absent = [column for column in names if column not in index]
        if absent:
            raise ValueError(f"line 2: the column {absent[0]!r} (of the array {name!r}) is missing")
        columns = [_csv_column(name, column, cells[index[column]], lines_of, spec["dtype"]) for column in names]
        raw = np.stack(columns, axis=1) if columns else np.zeros((n, 0))
        arrays[name] = _typed(name, raw.reshape([n] + spec["shape"]), spec)
    return _build(settings, arrays)


def _csv_column(name: str, column: str, texts: Sequence[str], lines: list[int], dtype: np.dtype) -> np.ndarray:
    """One CSV column's ``texts`` (on ``lines``) as numbers of ``dtype``'s kind, or a ValueError
    naming the first cell that is not one."""
    parse = _csv_parser(dtype)
    try:
        values = list(map(parse, texts))
    except ValueError:
        for number, text in zip(lines, texts):
            try:
                parse(text)
            except ValueError:
                raise ValueError(f"line {number}, column {column!r}: {checks.shown(text)} is not one of the "
                                 f"{_KINDS[dtype.kind]} the array {name!r} holds") from None
        raise
    return np.asarray(values, dtype=np.float64 if dtype.kind == "f" else bool if dtype.kind == "b" else None)


def _decoded(data: bytes) -> str:
    try:
        return bytes(data).decode("utf-8-sig")  # a byte-order mark (a spreadsheet's) is no text
    except UnicodeDecodeError as error:
        raise ValueError(f"the results are not UTF-8 text (byte {error.start})") from None


# The settings -------------------------------------------------------------------------------------


def _settings(data: Any) -> dict[str, Any]:
    """The checked settings of a results file (its JSON object): the Game, agents, seed, …"""
    from ..games import game_class, make

    if not isinstance(data, dict):
        raise ValueError(f"not saved icewidgets playout results: they hold a JSON {_json_kind(data)}, not an object")
    if data.get("format") != FORMAT:
        raise ValueError("not saved icewidgets playout results (the format field is missing or different)")
    version = data.get("version", 1)
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f'the results\' "version" must be a whole number, not {_described(version)}')
    if version > FORMAT_VERSION:
        raise ValueError(f"these results were saved by a newer icewidgets (format version {version})")
    name = _field(data, "game", str, "a game name")
    options = _field(data, "options", dict, "an object of game options", default={})
    try:
        # Results list every option: one left out was saved before it existed.
        options = game_class(name).saved_options(options)
        game = make(name, **{str(key): _tuples(value) for key, value in options.items()})
    except (TypeError, ValueError) as error:
        raise ValueError(f'the results\' "game" and "options" do not make a game: {error}') from None
    agents = _field(data, "agents", list, "a list of agent names")
    if len(agents) != game.num_players or not all(isinstance(a, str) for a in agents):
        raise ValueError(f'the results\' "agents" must name one agent per seat ({game.num_players} for this '
                         f"{game.name}), not {agents!r}")
    if "seed" not in data:
        raise ValueError('the results have no "seed" field')
    seed = data["seed"]
    if seed is not None:
        seed = tuple(seed) if isinstance(seed, list) else seed
        if not _is_seed(seed):
            raise ValueError(f'the results\' "seed" must be a whole number ≥ 0 and < 2**128, a list of them or null, '
                             f"not {_described(list(seed) if isinstance(seed, tuple) else seed)}")
    fields = _field(data, "fields", dict, "an object describing each array")
    settings = {
        "game": game, "agents": tuple(agents), "seed": seed,
        "fields": {key: _field_spec(key, spec) for key, spec in fields.items()},
        "max_turns": _optional(data, "max_turns", lambda v: checks.whole(v, "max_turns", low=1, none=True)),
        "elapsed": _optional(data, "elapsed", lambda v: checks.number(v, "elapsed", low=0), 0.0),
        "partial": _optional(data, "partial", lambda v: checks.flag(v, "partial"), False),
        "engine": _optional(data, "engine", lambda v: _text(v, "engine"), "reference"),
        "rotate_seats": _optional(data, "rotate_seats", lambda v: checks.flag(v, "rotate_seats"), False),
        "precision": _optional(data, "precision", lambda v: checks.number(v, "precision", low=0, high=0.5,
                                                                         low_open=True, high_open=True, none=True)),
    }
    heatmaps = _field(data, "heatmaps", dict, "an object of board heatmaps", default={})
    settings["heatmaps"] = {str(key): _heatmap(key, value, heatmap_shape(game)) for key, value in heatmaps.items()}
    # Files from before the totals were kept derive them from each game's profile.
    settings["branching_totals"] = _optional(data, "branching_totals", _totals)
    return settings


def _totals(values: Any) -> np.ndarray | None:
    """The branching totals of a results file: null, or two rows of PROFILE_BINS numbers."""
    if values is None:
        return None
    totals = _numbers("branching_totals", values)
    if totals.shape != (2, PROFILE_BINS) or (totals < 0).any():
        raise ValueError(f'the results\' "branching_totals" must be two rows of {PROFILE_BINS} numbers ≥ 0 '
                         "(sums and counts by tenth of the games)")
    return totals.astype(np.float64)


def _field(data: dict, key: str, kind: type, what: str, default: Any = ...) -> Any:
    if key not in data and default is not ...:
        return default
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ValueError(_missing_or_kind(data, key, what))
    return value


def _missing_or_kind(data: dict, key: str, what: str) -> str:
    if key not in data:
        return f'the results have no "{key}" field'
    return f'the results\' "{key}" must be {what}, not {_described(data[key])}'


def _optional(data: dict, key: str, check: Callable[[Any], Any], default: Any = None) -> Any:
    if key not in data:
        return default
    try:
        return check(data[key])
    except (TypeError, ValueError) as error:
        if data[key] is None:  # the check's words are Python's (None, NoneType): say it as the file has it
            wanted = str(error).partition(" must be ")[2].partition(", not ")[0].replace("True or False", "true or false")
            raise ValueError(f'the results\' "{key}" must be {wanted}, not null') from None
        raise ValueError(f'the results\' "{key}" is wrong: {error}') from None


def _field_spec(name: Any, spec: Any) -> dict[str, Any]:
    """A field's description, ``{"dtype": "int16", "shape": [2]}``, as a numpy dtype and a list."""
    if not isinstance(spec, dict) or not isinstance(spec.get("dtype"), str) or not isinstance(spec.get("shape"), list):
        raise ValueError(f'the field {name!r} must be described as {{"dtype": …, "shape": […]}}, '
                         f"not {_short(spec)}")
    try:
        dtype = np.dtype(spec["dtype"])
    except TypeError:
        dtype = None
    if dtype is None or dtype.kind not in _KINDS or dtype.name != spec["dtype"]:
        raise ValueError(f"the field {name!r} has the dtype {spec['dtype']!r}; results hold bool, int, uint or float "
                         "arrays (e.g. 'int16', 'float32')")
    shape = spec["shape"]
    if not all(isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 10_000 for d in shape) or len(shape) > 4:
        raise ValueError(f"the field {name!r} has the shape {shape!r}; a row's shape is a list of at most 4 sizes")
    return {"dtype": dtype, "shape": list(shape)}


def _heatmap(name: str, values: Any, shape: tuple[int, int]) -> np.ndarray:
    heat = _numbers(f"the heatmap {name!r}", values)
    if heat.shape != shape or heat.dtype.kind not in "iub" or (heat < 0).any():
        raise ValueError(f"the heatmap {name!r} must be a {shape[0]}×{shape[1]} table of counts ≥ 0 (the board's "
                         f"ranks and files), not {_short(values)}")
    return heat.astype(np.int64)


# The arrays ----------------------------------------------------------------------------------------


def _json_array(name: str, values: Any, spec: dict[str, Any]) -> np.ndarray:
    if not isinstance(values, list):
        raise ValueError(f"the array {name!r} must be a list with one row per game, not {_described(values)}")
    raw = _numbers(f"the array {name!r}", values, nulls=spec["dtype"].kind == "f")
    return _typed(name, raw, spec)


def _numbers(what: str, values: Any, nulls: bool = False) -> np.ndarray:
    """``values`` (JSON lists) as a numpy array of numbers; null is NaN where ``nulls``."""
    try:
        raw = np.asarray(values)
    except ValueError:  # rows of different lengths
        raise ValueError(f"{what} is not a table of numbers: its rows differ in length") from None
    if raw.dtype.kind == "O" and nulls:
        try:
            raw = np.where(raw == None, np.nan, raw).astype(np.float64)  # noqa: E711 (element by element)
        except (TypeError, ValueError):
            pass
    if raw.dtype.kind not in "biuf":
        raise ValueError(f"{what} holds something other than numbers: {_short(values)}")
    return raw


def _typed(name: str, raw: np.ndarray, spec: dict[str, Any]) -> np.ndarray:
    """``raw`` as the field's dtype and row shape, refusing values the dtype cannot hold exactly."""
    dtype, shape = spec["dtype"], spec["shape"]
    if raw.size == 0 and raw.ndim == 1:
        raw = raw.reshape([0] + shape)
    if raw.ndim != len(shape) + 1 or list(raw.shape[1:]) != shape:
        raise ValueError(f"the array {name!r} has rows of shape {list(raw.shape[1:])}, but its field says {shape}")
    if raw.size and raw.dtype.kind not in {"b": "biu", "i": "iu", "u": "iu", "f": "iuf"}[dtype.kind]:
        raise ValueError(f"the array {name!r} holds {_KINDS.get(raw.dtype.kind, 'other values')}, but its dtype is "
                         f"{dtype.name}")
    with np.errstate(all="ignore"):
        try:
            array = raw.astype(dtype)
        except (OverflowError, TypeError, ValueError):
            raise ValueError(f"the array {name!r} holds values that {_a_dtype(dtype)} cannot hold") from None
        if dtype.kind == "f":  # a float32 keeps any number within its range, rounded (and NaN as NaN)
            kept = np.isfinite(array) | ~np.isfinite(raw)
        else:
            kept = array.astype(np.float64) == raw.astype(np.float64)
    if not kept.all():
        row = int(np.flatnonzero(~kept.reshape(len(kept), -1).all(axis=1))[0])
        value = raw[row].tolist()
        raise ValueError(f"the array {name!r} holds {_short(value)} for {_nth_game(row)}, which "
                         f"{_a_dtype(dtype)} cannot hold")
    return array


def _build(settings: dict[str, Any], arrays: dict[str, np.ndarray]) -> dict[str, Any]:
    """The results' constructor arguments, once the arrays are known to fit together and with the game."""
    game, players = settings["game"], settings["game"].num_players
    expected = result_arrays(game, 0)
    required = [name for name in expected if name not in BALANCE_FIELDS]
    missing = [name for name in required if name not in arrays]
    if missing:
        raise ValueError(f"the results have no {missing[0]!r} array ({game.name}'s results hold "
                         f"{', '.join(required)})")
    rows = [len(array) for array in arrays.values()]
    n = max(rows, key=rows.count)  # the count most arrays agree on
    for name, array in arrays.items():
        if len(array) != n:
            raise ValueError(f"the array {name!r} has {len(array)} rows, but the others have {n} (one row per game)")
        if name in expected:
            want = expected[name]
            if array.shape[1:] != want.shape[1:] or array.dtype.kind not in _EXPECTED_KIND[want.dtype.kind]:
                raise ValueError(f"the array {name!r} must be {want.dtype.name} with rows of shape "
                                 f"{list(want.shape[1:])} for {game.name} with {players} players, not "
                                 f"{array.dtype.name} {list(array.shape[1:])}")
    _check_values(arrays, players, n, settings["rotate_seats"])
    return {"game": game, "agents": settings["agents"], "seed": settings["seed"], "arrays": arrays,
            "heatmaps": settings["heatmaps"], "elapsed": settings["elapsed"], "partial": settings["partial"],
            "engine": settings["engine"], "max_turns": settings["max_turns"], "rotate_seats": settings["rotate_seats"],
            "precision": settings["precision"], "branching_totals": settings["branching_totals"]}


def _check_values(arrays: dict[str, np.ndarray], players: int, n: int, rotate_seats: bool) -> None:
    """The values the summaries and plots rely on: seats, result codes, counts, seatings."""
    problems = [
        ("first", lambda a: (a >= 0) & (a < players), f"seats 0 to {players - 1}"),
        ("result", lambda a: np.isin(a, list(RESULT_CODES.values())), "result codes 0 (win), 1 (draw), 2 (unfinished)"),
        ("turns", lambda a: a >= 0, "counts ≥ 0"),
        ("plies", lambda a: a >= 0, "counts ≥ 0"),
    ]
    for name, good, what in problems:
        bad = np.flatnonzero(~good(arrays[name]))
        if bad.size:
            raise ValueError(f"the array {name!r} holds {arrays[name][bad[0]].item()!r} for {_nth_game(bad[0])}: it "
                             f"holds {what}")
    seating = arrays["seating"]
    if n and not (np.sort(seating, axis=1) == np.arange(players)).all():
        row = int(np.flatnonzero(~(np.sort(seating, axis=1) == np.arange(players)).all(axis=1))[0])
        raise ValueError(f"the array 'seating' holds {seating[row].tolist()} for {_nth_game(row)}: each game seats every "
                         f"agent once (a permutation of 0 to {players - 1})")
    if rotate_seats and n % players:
        raise ValueError(f"results with seats rotated hold whole deals of {players} games, not {n} games")
    profile = arrays.get("branching_profile")
    if profile is not None and profile.shape[1:] != (PROFILE_BINS,):
        raise ValueError(f"the array 'branching_profile' must have {PROFILE_BINS} columns")


# Small helpers ------------------------------------------------------------------------------------


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name}={value!r} must be text, not {type(value).__name__}")
    return value


def _is_seed(seed: Any) -> bool:
    return checks.is_seed(seed) or (isinstance(seed, tuple) and len(seed) > 0 and all(map(checks.is_seed, seed)))


def _json_kind(value: Any) -> str:
    return {dict: "object", list: "list", str: "text", bool: "boolean", type(None): "null"}.get(
        type(value), "number" if isinstance(value, (int, float)) else type(value).__name__)


def _described(value: Any) -> str:
    """A JSON value as a message names it: its kind, then the value unless the kind says it all."""
    return _json_kind(value) if value is None else f"{_json_kind(value)} {_short(value)}"


def _short(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (dict, list, str, int, float, bool, type(None))) else repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _a_dtype(dtype: np.dtype) -> str:
    """A dtype's name after its article, as it is said: "an int32", "a uint8", "a float32"."""
    return f"{'an' if dtype.name.startswith('int') else 'a'} {dtype.name}"


def _nth_game(index: int) -> str:
    """A game by its row: its number in the CSV's 0-based game column, and its place counted from 1."""
    return f"game {index} (the {words.ordinal(index + 1)} game)"


def _csv_parser(dtype: np.dtype) -> Callable[[str], Any]:
    if dtype.kind == "b":
        def parse_bool(text: str) -> bool:
            value = {"1": True, "0": False, "true": True, "false": False}.get(text.strip().lower())
            if value is None:
                raise ValueError(text)
            return value
        return parse_bool
    if dtype.kind == "f":
        def parse_float(text: str) -> float:
            # as repr() writes floats: Python's float() also takes "2_4", "１２" and "infinity"
            if not _CSV_FLOAT.fullmatch(text.strip()):
                raise ValueError(text)
            value = float(text)
            if math.isinf(value):  # a number too long for a float
                raise ValueError(text)
            return value
        return parse_float

    def parse_int(text: str) -> int:
        if not _CSV_INT.fullmatch(text.strip()):
            raise ValueError(text)
        return int(text)
    return parse_int


def _json_values(array: np.ndarray) -> list:
    if not np.issubdtype(array.dtype, np.floating) or not np.isnan(array).any():
        return array.tolist()
    values = array.astype(object)
    values[np.isnan(array)] = None  # loads back as NaN
    return values.tolist()


def _csv_format(column: np.ndarray) -> Callable[[Any], str]:
    if column.dtype == bool:
        return lambda v: "1" if v else "0"
    if np.issubdtype(column.dtype, np.floating):
        return lambda v: repr(float(v))
    return lambda v: str(int(v))


def _tuples(value: Any) -> Any:
    """JSON has no tuples: an option saved as a list was a tuple (options are hashable)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _jsonable(value: Any) -> Any:
    """``value`` with numpy scalars as Python numbers and tuples as lists, for JSON."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return value
