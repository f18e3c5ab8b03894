"""What playouts count in a game beyond winners, scores and lengths: the :class:`Counters` hook.

:func:`icewidgets.playouts` plays many games and keeps one row of numbers per game. The
generic part (winners, scores, turns, plies, …) is the same for every game; a game adds its
own per-game numbers and board heatmaps with a :class:`Counters` subclass, set with
``Game.plug_in(counters=…)``. The playouts call :meth:`Counters.ply` after every ply and
:meth:`Counters.final` at the end of each game, and :meth:`Counters.summary_rows` adds the
game's lines to ``results.summary()``. :meth:`Counters.progress` is the game's measure of who
is ahead, for the lead changes and comebacks of the balance report.

Nothing here imports numpy: a game package stays importable without it. Rows are plain
dicts of numbers (or nested lists of them), and the arrays are made by the playouts.

>>> Counters().new_row()
{}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from .checks import shown

if TYPE_CHECKING:
    from .protocol import State


DTYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32", "float64")
"""The numpy types a counter's field may have (:attr:`Counters.fields`)."""


class UnknownHeatmap(KeyError):
    """``hits[name]`` for a name :attr:`Counters.heatmaps` does not declare; the message names it."""

    def __str__(self) -> str:
        return str(self.args[0])


class Hits(dict):
    """What :meth:`Counters.ply` appends square indices to: a list per declared heatmap. Any
    other name is an :class:`UnknownHeatmap` error that says which names there are.

    >>> hits = Hits(Counters())
    >>> hits["slides"]
    Traceback (most recent call last):
    ...
    icewidgets.counters.UnknownHeatmap: 'slides' is not a heatmap of Counters: its heatmaps are []; declare it in Counters.heatmaps (rule: Counters.heatmaps maps a name to what it counts)
    """

    def __init__(self, counters: "Counters"):
        super().__init__({name: [] for name in counters.heatmaps})
        self.owner = type(counters).__name__

    def __missing__(self, key: Any) -> list[int]:
        raise UnknownHeatmap(f"{key!r} is not a heatmap of {self.owner}: its heatmaps are {sorted(self)}; declare it "
                             f"in {self.owner}.heatmaps (rule: Counters.heatmaps maps a name to what it counts)")


class Counters:
    """Per-game counters and board heatmaps, collected from a game's plies."""

    fields: ClassVar[dict[str, tuple[str, tuple[Any, ...], str]]] = {}
    """name → (numpy dtype name, extra shape, description). ``"players"`` in a shape stands for
    the number of players; e.g. ``{"captured": ("uint8", ("players",), "pieces captured")}``."""

    heatmaps: ClassVar[dict[str, str]] = {}
    """name → what it counts; a heatmap is a (ranks, files) count over all the games of a run."""

    labels: ClassVar[dict[str, tuple[tuple[str, ...], ...]]] = {}
    """name → labels of each extra axis of a field, for CSV column names (``captures_R1``)."""

    def new_row(self) -> dict[str, Any]:
        """The counters of a game that has not started (fields left out are zero)."""
        return {}

    def new_hits(self) -> Hits:
        """An empty list of squares per heatmap, for :meth:`ply` to append to."""
        return Hits(self)

    def ply(self, row: dict[str, Any], hits: dict[str, list[int]], state: "State") -> None:
        """Count what the ply that led to ``state`` did: add to ``row``, and append to
        ``hits[name]`` the square indices each heatmap counts."""

    def final(self, row: dict[str, Any], state: "State") -> None:
        """Fill in the counters read from the final position ``state``."""

    def progress(self, state: "State") -> tuple:
        """Who is ahead in ``state``: one comparable value per player, higher is better.

        The balance report measures lead changes and comebacks on it (sampled at the start
        and after every ply that completes a turn or ends the game; see
        :mod:`icewidgets.playout.balance`). Values compare with Python's ``<`` (a tuple
        compares item by item), so a game can rank by a first measure and break ties with a
        second. A game's compiled kernel must compute the same measure. The default is each
        player's live score, ``((s,) for s in state.scores)``.

        >>> import icewidgets as iw
        >>> state = iw.make(iw.available_games()[0]).new_state(seed=1)
        >>> Counters().progress(state) == tuple((s,) for s in state.scores)
        True
        """
        return tuple((s,) for s in state.scores)

    def summary_rows(self, results: Any) -> list[list[str]]:
        """Rows ``[label, value, detail]`` this game adds to ``results.summary()`` (the results
        hold at least one game)."""
        return []


def check_format(game: Any) -> None:
    """Check ``game.counters`` before a playout uses them: ``fields`` maps a name to ``(dtype,
    shape, description)`` (a dtype of :data:`DTYPES`, a tuple of sizes or ``"players"``, words),
    ``heatmaps`` a name to what it counts, ``labels`` a field's name to one tuple of labels per
    extra axis; ``new_row()`` gives each field it starts its shape, and ``progress`` one value
    per player of the starting position. A failure is a ``ValueError`` that names the rule of
    the contract (CONTRIBUTING), before any game is played.

    >>> import icewidgets as iw
    >>> check_format(iw.make(iw.available_games()[0]))
    """
    counters, name = game.counters, game.name
    fields = counters.fields
    rule = "Counters.fields maps a name to (dtype, shape, description)"
    _require(isinstance(fields, dict), f"{name}: Counters.fields is {shown(fields)}, not a dict (rule: {rule})")
    for field, spec in fields.items():
        ok = (isinstance(field, str) and field.isidentifier() and isinstance(spec, tuple) and len(spec) == 3
              and spec[0] in DTYPES and isinstance(spec[1], tuple)
              and all(dim == "players" or (isinstance(dim, int) and not isinstance(dim, bool) and dim >= 1)
                      for dim in spec[1])
              and isinstance(spec[2], str) and bool(spec[2].strip()))
        _require(ok, f"{name}: {shown(field)} maps to {shown(spec)}: a name maps to a tuple (dtype, shape, "
                     f"description), the dtype one of {', '.join(DTYPES)}, the shape a tuple of sizes or "
                     f"'players' (() for one number a game), the description words; "
                     f"e.g. {{'captures': ('uint8', ('players',), 'pieces captured')}} (rule: {rule})")
    rule = "Counters.heatmaps maps a name to what it counts"
    heatmaps = counters.heatmaps
    _require(isinstance(heatmaps, dict) and all(isinstance(k, str) and k.isidentifier() and isinstance(v, str)
                                                and bool(v.strip()) for k, v in heatmaps.items()),
             f"{name}: Counters.heatmaps is {shown(heatmaps)}; it maps a name to the words that say what it "
             f"counts, e.g. {{'captures': 'squares where pieces were captured'}} (rule: {rule})")
    rule = "Counters.labels give each extra axis of a field its labels"
    labels = counters.labels
    _require(isinstance(labels, dict), f"{name}: Counters.labels is {shown(labels)}, not a dict (rule: {rule})")
    shapes = {field: tuple(game.num_players if dim == "players" else dim for dim in spec[1])
              for field, spec in fields.items()}
    for field, axes in labels.items():
        _require(field in fields, f"{name}: Counters.labels names {shown(field)}, which is not a field (rule: {rule})")
        shape = shapes[field]
        ok = (isinstance(axes, tuple) and len(axes) == len(shape)
              and all(isinstance(axis, (tuple, str)) and len(axis) == size for axis, size in zip(axes, shape)))
        _require(ok, f"{name}: Counters.labels[{field!r}] is {shown(axes)}; the field's extra shape is {shape}, "
                     f"so it needs a tuple of {len(shape)} tuples of labels of those lengths, e.g. "
                     f"(('R', 'Y'),) for a shape ('players',) of 2 players (rule: {rule})")
    rule = "Counters.new_row gives each field it starts its shape"
    row = counters.new_row()
    _require(isinstance(row, dict), f"{name}: new_row() gives {shown(row)}, not a dict of the fields (rule: {rule})")
    for field, value in row.items():
        _require(field in fields, f"{name}: new_row() starts {shown(field)}, which is not in Counters.fields "
                                  f"(rule: {rule})")
        _require(_has_shape(value, shapes[field]),
                 f"{name}: new_row() starts {field!r} at {shown(value)}, but its shape is {shapes[field]}: "
                 f"{'a number' if not shapes[field] else 'nested lists of that shape, e.g. ' + repr(_zeros(shapes[field]))}"
                 f" (rule: {rule})")
    rule = "Counters.progress gives one value per player"
    start = game.new_state(seed=0)
    progress = counters.progress(start)
    _require(isinstance(progress, (tuple, list)) and len(progress) == game.num_players,
             f"{name}: progress(state) gives {shown(progress)} for the starting position; it must give one value per "
             f"player, {game.num_players} here, e.g. {tuple((s,) for s in start.scores)!r} (rule: {rule})")


def _has_shape(value: Any, shape: tuple[int, ...]) -> bool:
    if not shape:
        return isinstance(value, (int, float)) or type(value).__name__.startswith(("int", "uint", "float", "bool"))
    return (isinstance(value, (list, tuple)) and len(value) == shape[0]
            and all(_has_shape(item, shape[1:]) for item in value))


def _zeros(shape: tuple[int, ...]) -> Any:
    return 0 if not shape else [_zeros(shape[1:]) for _ in range(shape[0])]


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)
