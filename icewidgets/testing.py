"""What the tests run on every game: ``check_game(game)``, ``check_playthrough(...)`` and ``reference_games(...)``.

:func:`check_game` first checks the rules a Game class follows (:func:`check_outline`: the
options, ``repr``, the rules in plain words), then plays seeded random games and checks the
protocol at every ply: legal
moves exist until the game is over, their notation parses back to the same move, ``play``
never mutates (neither the state it is called on nor any earlier one), every ply has events, position text round-trips, and the game ends within its
bound; and it exercises every hook a game plugs in (its grid, view, controls, counters and
greedy rule, whose turn and why it ended; its own level agents are looked up, not played). A fifth game that passes it works with the widget,
the agents and the playouts. A broken rule fails with a :class:`ConformanceError` that names the
rule (``rule: …``), as CONTRIBUTING's table of the contract states it.
:func:`playthrough` writes a golden playthrough and :func:`check_playthrough` compares one with
its file (a game published as a package of its own runs both in its tests);
:func:`reference_games` is the plain loop a compiled kernel's games are compared with, ply for ply.

>>> import icewidgets as iw
>>> report = check_game(iw.make(iw.available_games()[0]), n_games=2, seed=1)
>>> report["games"]
2
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import functools
import importlib
import inspect
import os
import random
import re
import traceback
from pathlib import Path
from typing import Any, Sequence

from . import checks
from . import counters as counters_module
from .pieces import COLOUR_NAMES
from .protocol import CHANCE, LEVEL_NAMES, Event, Game, IllegalMoveError, State, move_types_problem
from .reference import ReferenceGame, reference_games  # noqa: F401 - part of this module's API
from .view import BoardArea, Dice, Line, Pieces, Stage, square_choice

HOW_TO_PLAY_LENGTHS = {"summary": 100, "text": 1000, "paragraphs": 4}
"""The least a game's rules in plain words hold (``how_to_play``): more characters than these
in the summary and the text, and at least this many paragraphs (the rules sheet lays them out)."""


class ConformanceError(AssertionError):
    """A game broke the protocol; the message names the game, the ply and the position."""


def check_game(game: Game, n_games: int = 20, seed: int = 0, max_plies: int | None = None,
               outline: bool = True) -> dict[str, Any]:
    """Check the rules of the Game class (:func:`check_outline`), then play ``n_games`` seeded
    random games of ``game`` and check the protocol at every ply.

    ``max_plies`` caps each game (default: the game's own ``ply_bound``, else 100,000); a game
    that passes it without ending fails the check. ``outline=False`` leaves out the class's rules
    but its grid (for a game whose rules in plain words are not written yet; the tests of every
    registered game check them). Returns counts of games, plies and results.
    """
    if not isinstance(game, Game):
        raise TypeError(f"check_game(game) takes a Game (icewidgets.make(name)), not {type(game).__name__}")
    n_games = checks.whole(n_games, "n_games", low=1)
    seed = checks.seed(seed)
    max_plies = checks.whole(max_plies, "max_plies", low=1, none=True)
    bound = max_plies or game.ply_bound or 100_000
    report: dict[str, Any] = {"games": 0, "plies": 0, "results": {}}
    if outline:
        check_outline(game)
    _check_levels(game)
    if not outline:
        _expect(game.grid is not None, f"{game.name}: the Game has no grid (set grid = Grid(files, ranks)) "
                                       "(rule: a Game has a grid)")
    for index in range(n_games):
        rng = random.Random(f"{seed}:{index}")
        state = game.new_state(seed=rng.randrange(2**32))
        number = index + 1  # messages count games and plies from 1, as the rest of the library does
        _check_state(game, state, f"game {number}, start")
        if index == 0:
            _check_partial(game, state)
        counted = _Counted(game)
        history = [(state, _snapshot(state))]
        greedy_rng = random.Random(f"{seed}:{index}:greedy")  # its own stream: the games stay the same
        plies = 0
        while not state.is_over:
            where = f"game {number}, ply {plies + 1}"
            if plies >= bound:
                raise ConformanceError(f"{where}: the game did not end within {bound} plies\n{state.to_text()}")
            move = _pick_move(game, state, rng, where)
            _check_controls(game, state, where)
            if state.to_move != CHANCE and game.greedy is not None and plies % 7 == 0:
                _check_greedy(game, state, greedy_rng, where)
            before = _snapshot(state)
            after = state.play(move)
            _expect(_snapshot(state) == before, f"{where}: play() changed the old state: {_changed(before, state)} "
                                                "(rule: play() never changes a state)")
            _expect(bool(after.events), f"{where}: {move} produced no events")
            for ev in after.events:
                _expect(isinstance(ev, Event) and bool(str(ev).strip()), f"{where}: {move} produced an event with no text")
                _check_event_places(ev, where)
            _check_view(game, state, move, after, where)
            counted.ply(after, where)
            state = after
            plies += 1
            _check_state(game, state, where)
            history.append((state, _snapshot(state)))
        _check_history(history, f"game {number}")
        _expect(state.legal_moves() == [], f"game {number}: a finished game still lists legal moves")
        counted.final(state, f"game {number}, end")
        report["games"] += 1
        report["plies"] += plies
        report["results"][state.result] = report["results"].get(state.result, 0) + 1
    if outline:
        check_counters_in_playouts(game, seed=seed)
    if type(game) not in _ORDER_CHECKED:
        _ORDER_CHECKED.add(type(game))
        check_move_order(game, seed=seed)
    return report


_ORDER_CHECKED: set[type] = set()
"""The Game classes whose move order :func:`check_game` has compared with a new process already."""


def check_move_order(game: Game, seed: int = 0, plies: int = 60) -> bool:
    """Check that ``legal_moves()`` lists its moves in the same order in a new process, whose
    string hashes differ (``PYTHONHASHSEED``): a list built from a set is in a different order
    there, so seeded games and the kernels' replays would differ. Two seeded random games of up
    to ``plies`` plies each are compared (their moves chosen by their sorted notation, so both
    processes play the same games).

    Returns False without checking when the game's class cannot be imported in a new process
    (a game defined in a notebook or at a prompt), or when the new process plays another game
    (its rules changed in this one, as a test may do); True when the orders were compared and
    agree. A difference is a :class:`ConformanceError` naming the rule.
    """
    import subprocess
    import sys

    cls = type(game)
    module = sys.modules.get(cls.__module__)
    if cls.__module__ == "__main__" or "<" in cls.__qualname__ or not getattr(module, "__file__", None):
        return False
    here = _move_orders(game, seed, plies)
    hash_seed = "2" if os.environ.get("PYTHONHASHSEED") == "1" else "1"
    script = ("import ast, importlib, sys\nfrom icewidgets.testing import _move_orders\n"
              "cls = importlib.import_module(sys.argv[1])\nfor part in sys.argv[2].split('.'):\n"
              "    cls = getattr(cls, part)\n"
              "sys.stdout.write('\\n'.join(_move_orders(cls(**ast.literal_eval(sys.argv[3])), int(sys.argv[4]), "
              "int(sys.argv[5]))))")
    env = dict(os.environ, PYTHONHASHSEED=hash_seed,
               PYTHONPATH=os.pathsep.join([p for p in sys.path if p] + [os.environ.get("PYTHONPATH", "")]))
    try:
        done = subprocess.run([sys.executable, "-c", script, cls.__module__, cls.__qualname__, repr(game.options),
                               str(seed), str(plies)], capture_output=True, text=True, encoding="utf-8", env=env,
                              timeout=300)
    except (OSError, subprocess.SubprocessError):
        return False
    there = done.stdout.split("\n")
    if done.returncode != 0 or len(there) != len(here):
        return False
    for number, (mine, theirs) in enumerate(zip(here, there), 1):
        if mine != theirs:
            if sorted(mine.split(" ")) != sorted(theirs.split(" ")):
                return False  # another game there: nothing to compare
            raise ConformanceError(
                f"{game.name}: legal_moves() lists the same moves in another order in a new process (hash seed "
                f"{hash_seed}), at ply {number} of a seeded game: here {mine[:80]!r}, there {theirs[:80]!r}; build "
                f"the list in a fixed order (board order), never from a set "
                f"(rule: legal_moves() lists its moves in the same order in every process)")
    return True


def _move_orders(game: Game, seed: int, plies: int) -> list[str]:
    """The notation of the listed moves at every ply of two seeded random games, each move chosen
    by its place among the sorted notations (so the games do not depend on the order listed)."""
    orders = []
    for index in range(2):
        rng = random.Random(f"{seed}:order:{index}")
        state = game.new_state(seed=rng.randrange(2**32))
        for _ in range(plies):
            if state.is_over:
                break
            if state.to_move == CHANCE:
                outcomes = sorted(state.chance_outcomes(), key=lambda outcome: str(outcome[0]))
                move = rng.choices([m for m, _ in outcomes], weights=[p for _, p in outcomes])[0]
                orders.append(" ".join(str(m) for m, _ in state.chance_outcomes()))
            else:
                moves = state.legal_moves()
                orders.append(" ".join(map(str, moves)))
                move = sorted(moves, key=str)[rng.randrange(len(moves))]
            state = state.play(move)
    return orders


def check_outline(game: Game) -> None:
    """Check the rules of the contract a Game class follows before any game is played: it has a
    grid; it is a frozen dataclass declared with ``repr=False`` (its ``repr`` is how to make it);
    ``players`` is its first option and ``max_turns=None`` one of them; the Game and its State
    give every hook the layers use (:data:`GAME_HOOKS`, :data:`STATE_HOOKS`); its ``how_to_play``
    is long enough for a rules sheet (:data:`HOW_TO_PLAY_LENGTHS`); ``move_types`` are the Move
    classes and ``example_move`` is one; its rules module keeps the outline
    (:func:`check_rules_module`); its counters are in their format (:func:`check_counters`); and
    the example of ``how_to_play`` plays (with the default options, as the rules sheet draws it).
    Each failure is a :class:`ConformanceError` that names the rule.

    >>> import icewidgets as iw
    >>> check_outline(iw.make(iw.available_games()[0]))
    """
    name, cls = game.name, type(game)

    def rule(condition: bool, problem: str, which: str) -> None:
        _expect(condition, f"{name}: {problem} (rule: {which})")

    rule(game.grid is not None, "the Game has no grid (set grid = Grid(files, ranks))", "a Game has a grid")
    rule(dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen,  # type: ignore[attr-defined]
         f"{cls.__name__} is not a frozen dataclass", "the Game is a @dataclass(frozen=True, repr=False)")
    rule(cls.__repr__ is Game.__repr__, f"repr() gives {repr(game)[:60]!r}, not make({name!r}, …): declare "
         f"{cls.__name__} with @dataclasses.dataclass(frozen=True, repr=False)",
         "the Game is a @dataclass(frozen=True, repr=False)")
    options = [field.name for field in dataclasses.fields(cls)]
    rule(bool(options) and options[0] == "players", f"its options are {options}; the first must be players",
         "players is the first option")
    rule("max_turns" in options and dataclasses.fields(cls)[options.index("max_turns")].default is None,
         "it has no option max_turns=None",
         "every game has the option max_turns=None")
    _check_hooks(game)
    rules = game.how_to_play
    which = "how_to_play: a summary of more than 100 characters, a text of more than 1000 and 4 paragraphs"
    rule(rules is not Game.how_to_play, f"no how_to_play is plugged in: write the rules in plain words as a HowToPlay "
                                        f"in teaching.py and attach it with {cls.__name__}.plug_in(how_to_play=…) in "
                                        f"the package's __init__ (or pass outline=False to check_game until then)",
         which)
    rule(len(rules.summary) > HOW_TO_PLAY_LENGTHS["summary"],
         f"how_to_play.summary has {len(rules.summary)} characters", which)
    rule(len(rules.text) > HOW_TO_PLAY_LENGTHS["text"], f"how_to_play.text has {len(rules.text)} characters", which)
    paragraphs = sum(block.kind == "paragraph" for block in rules.blocks())
    rule(paragraphs >= HOW_TO_PLAY_LENGTHS["paragraphs"], f"how_to_play.text has {paragraphs} paragraphs", which)
    rule(bool(rules.example) and bool(rules.example_caption), "how_to_play has no example plies or no caption",
         "how_to_play has an example for the rules sheet")
    _check_move_types(game)
    check_rules_module(game)
    check_counters(game)
    state = cls().new_state(seed=rules.example_seed)  # the rules sheet's example: default options
    for ply in rules.example:
        try:
            state = state.play(ply)
        except ValueError as error:
            rule(False, f"the example ply {ply!r} of how_to_play cannot be played: {error}",
                 "how_to_play has an example for the rules sheet")


GAME_HOOKS = ("new_state", "state_from_text", "parse_move")
"""What a Game subclass writes itself (CONTRIBUTING, "Adding a game", step 1)."""
STATE_HOOKS = ("legal_moves", "_why_illegal", "_apply", "to_text", "stack", "scores", "winners", "end_reason",
               "events", "_ascii")
"""What a State subclass writes itself; the base class computes the rest from them."""


def _check_hooks(game: Game) -> None:
    """The Game and its State define every hook of :data:`GAME_HOOKS` and :data:`STATE_HOOKS`."""
    which = "the Game and its State give the hooks of step 1"

    def missing(cls: type, hooks: Sequence[str], base: type) -> list[str]:
        return [hook for hook in hooks
                if not any(hook in vars(klass) for klass in cls.__mro__ if klass not in base.__mro__)]

    absent = missing(type(game), GAME_HOOKS, Game)
    _expect(not absent, f"{game.name}: {type(game).__name__} has no {', '.join(absent)} (rule: {which})")
    state = game.new_state(seed=1)
    _expect(isinstance(state, State), f"{game.name}: new_state() gives {checks.shown(state)}, not a State "
                                      f"(rule: {which})")
    absent = missing(type(state), STATE_HOOKS, State)
    _expect(not absent, f"{game.name}: {type(state).__name__} has no {', '.join(absent)}: write "
                        f"{'it' if len(absent) == 1 else 'them'} (CONTRIBUTING, \"Adding a game\", step 1; the base class computes "
                        f"the rest from them) (rule: {which})")


OUTLINE_SECTIONS = ("Options", "Moves", "State", "Private helpers")
"""The comment headers of a rules module's sections, in order (``# Options ----``)."""
STATE_SECTIONS = ("Queries", "Results", "Rules", "Text")
"""The comment headers inside the State class, in order (``    # Queries ----``)."""
RULES_DOC_LENGTH = 1500
"""The least characters of a rules module's docstring (the rules taught, with notation and a doctest)."""


def rules_module(game: Game) -> Any:
    """The module of ``game``'s rules: the module of the class that defines its ``new_state``
    (a subclass made in a test to break one rule keeps its game's rules module)."""
    owner = next((klass for klass in type(game).__mro__ if "new_state" in vars(klass)), type(game))
    return importlib.import_module(owner.__module__)


def check_rules_module(game: Game) -> None:
    """Check the outline of the game's rules module (CONTRIBUTING, "The outline of a game
    package"): its sections in order (:data:`OUTLINE_SECTIONS`, and :data:`STATE_SECTIONS` inside
    the State), a docstring that teaches the rules (more than :data:`RULES_DOC_LENGTH`
    characters, a ``Notation`` part and a doctest), ``COLOURS`` as a string of colour letters,
    the names of move fields (``source``/``target``), and ``events`` and ``end_reason`` as
    properties of the State. Each failure is a :class:`ConformanceError` that names the rule.

    >>> import icewidgets as iw
    >>> check_rules_module(iw.make(iw.available_games()[0]))
    """
    module, name = rules_module(game), game.name
    which = "the outline of rules.py"
    path = Path(getattr(module, "__file__", "") or "")
    _expect(path.is_file(), f"{name}: the rules module {module.__name__} has no source file to read (rule: {which})")
    source = path.read_text(encoding="utf-8")
    top = re.findall(r"^# ([A-Z][\w ]*?)(?::[^\n-]*)? -{3,}$", source, re.M)
    first = [section for n, section in enumerate(top) if section in OUTLINE_SECTIONS and section not in top[:n]]
    _expect(first == list(OUTLINE_SECTIONS), f"{name}: the sections of {path.name} are {top}, not "
                                             f"{list(OUTLINE_SECTIONS)} in that order, each a line '# Options ----' "
                                             f"(rule: {which})")
    _expect(all(section == "Private helpers" for section in top[top.index("Private helpers"):]),
            f"{name}: private helpers come last in {path.name} (rule: {which})")
    inner = re.findall(r"^    # (\w+) -{3,}$", source, re.M)
    _expect(inner == list(STATE_SECTIONS), f"{name}: the State's sections in {path.name} are {inner}, not "
                                           f"{list(STATE_SECTIONS)}, each a line '    # Queries ----' (rule: {which})")
    doc = module.__doc__ or ""
    _expect(len(doc) > RULES_DOC_LENGTH and ">>> " in doc and "Notation" in doc,
            f"{name}: the docstring of {path.name} has {len(doc)} characters, {'a' if '>>> ' in doc else 'no'} doctest "
            f"and {'a' if 'Notation' in doc else 'no'} Notation part (rule: {which}: a docstring of more than "
            f"{RULES_DOC_LENGTH} characters that teaches the rules, with their notation and a doctest that plays a move)")
    colours = getattr(module, "COLOURS", None)
    _expect(isinstance(colours, str) and colours.isalpha() and colours.isupper(),
            f"{name}: COLOURS = {colours!r} in {path.name} (rule: {which}: COLOURS, a string of the colour letters "
            "of the game's pieces)")
    for move_type in game.move_types:
        if dataclasses.is_dataclass(move_type):
            fields = {field.name for field in dataclasses.fields(move_type)}
            _expect(not fields & {"src", "dst", "square", "frm", "to"},
                    f"{name}: {move_type.__name__} has the fields {sorted(fields)}; a move's squares are called "
                    f"source and target (rule: {which})")
    state_type = type(game.new_state(seed=1))
    _expect(isinstance(getattr(state_type, "events", None), functools.cached_property),
            f"{name}: {state_type.__name__}.events is not a functools.cached_property (rule: events are a cached "
            "property, built when first read or primed by _apply with _prime(events=…))")
    _expect(isinstance(getattr(state_type, "end_reason", None), (functools.cached_property, property)),
            f"{name}: {state_type.__name__}.end_reason is not a property (rule: {which}: end_reason, why the game "
            "ended)")


def _check_move_types(game: Game) -> None:
    """``move_types`` holds the Move classes, and the example move is one of them."""
    which = "move_types are the Move classes"
    types = type(game).move_types
    problem = move_types_problem(type(game))
    _expect(problem is None, f"{game.name}: {problem}")
    _expect(bool(types), f"{game.name}: move_types = (); write a tuple of the Move classes after them, e.g. "
                         f"{type(game).__name__}.move_types = (Place,) (rule: {which})")
    try:
        example = game.parse_move(game.example_move)
    except ValueError as error:
        raise ConformanceError(f"{game.name}: example_move = {game.example_move!r} does not parse: {error} "
                               f"(rule: {which})") from None
    _expect(isinstance(example, types), f"{game.name}: parse_move(example_move) gives a {type(example).__name__}, "
                                        f"which is not one of move_types (rule: {which})")


COUNTER_DTYPES = counters_module.DTYPES
"""The numpy types a counter's field may have (``Counters.fields``)."""


def check_counters(game: Game) -> None:
    """Check the format of the game's :class:`~icewidgets.counters.Counters` before any playout
    uses it (:func:`icewidgets.counters.check_format`, which the playouts run too): ``fields``
    maps a name to ``(dtype, shape, description)`` (a dtype of :data:`COUNTER_DTYPES`, a tuple of
    sizes or ``"players"``, words), ``heatmaps`` a name to what it counts, ``labels`` a field's
    name to one tuple of labels per extra axis; ``new_row()`` gives each field its shape and
    ``progress`` one value per player. Each failure is a :class:`ConformanceError` that names the
    rule.

    >>> import icewidgets as iw
    >>> check_counters(iw.make(iw.available_games()[0]))
    """
    try:
        counters_module.check_format(game)
    except ValueError as error:
        raise ConformanceError(str(error)) from None


def check_counters_in_playouts(game: Game, n_games: int = 4, seed: int = 0) -> None:
    """Run the game's counters the way the layers above use them: a playout run of ``n_games``
    random games on the rules engines, its CSV columns (the fields and their labels), its
    summary (``summary_rows``) and its heatmaps. A failure is a :class:`ConformanceError` that
    says what failed and names the rule."""
    from .playout import playouts

    which = "the counters work in a playout run"
    try:
        results = playouts(game, n_games, agents="random", seed=seed, engine="reference", progress=False, workers=1)
        results.columns()
        rows = game.counters.summary_rows(results)
        _expect(isinstance(rows, list) and all(isinstance(row, (list, tuple)) and len(row) == 3
                                               and all(isinstance(cell, str) for cell in row) for row in rows),
                f"{game.name}: summary_rows(results) gives {checks.shown(rows)}; it gives a list of rows [label, "
                f"value, detail], three texts each, e.g. [['captures per game', '1.50', '']] (rule: {which})")
        results.summary()
        for heatmap in game.counters.heatmaps:
            _expect(heatmap in results.heatmaps, f"{game.name}: the heatmap {heatmap!r} was not counted (rule: {which})")
    except ConformanceError:
        raise
    except Exception as error:  # noqa: BLE001 - whatever breaks, it is said with the rule
        raise ConformanceError(f"{game.name}: a playout run of {n_games} games failed in the game's counters: "
                               f"{type(error).__name__}: {error} (rule: {which})") from error


def _check_levels(game: Game) -> None:
    """The agents a game offers for levels (``Game.levels``) are agents: callables, or
    ``"module:name"`` texts that import one. They are not played here: a search that needs a
    compiled kernel would compile it."""
    which = "a game's own level agents are agents"
    for level, agent in type(game).levels.items():
        where = f"{game.name}: levels[{level!r}]"
        _expect(level in LEVEL_NAMES, f"{where}: {level!r} is not a level a game may play its own agent for "
                                      f"(rule: {which})")
        if isinstance(agent, str):
            module_name, _, attribute = agent.partition(":")
            try:
                agent = getattr(importlib.import_module(module_name), attribute)
            except (ImportError, AttributeError) as error:
                raise ConformanceError(f"{where} = {agent!r} names no agent: {error} (rule: {which})") from None
        _expect(callable(agent), f"{where} is not an agent(state, rng) -> move: {agent!r} (rule: {which})")


def _snapshot(state: State) -> tuple:
    """What a state holds, as text: its position text, its hash and the ``repr`` of each of its
    fields, those left out of comparison (history, counters) included."""
    fields = dataclasses.fields(state) if dataclasses.is_dataclass(state) else ()
    return ((".to_text()", state.to_text()), ("hash", repr(hash(state))),
            *((field.name, repr(getattr(state, field.name))) for field in fields))


def _changed(before: tuple, state: State) -> str:
    """The parts of ``state`` that differ from its ``before`` snapshot, named."""
    now = dict(_snapshot(state))
    names = [name for name, text in before if now.get(name) != text]
    return "its " + ", ".join(names) + " changed"


def _check_history(history: list[tuple[State, tuple]], where: str) -> None:
    """Every position of the game still holds what it held when it was reached: a state that
    shares a list, dict or set with later ones, which a later ``play`` changed, is caught here."""
    for ply, (state, before) in enumerate(history):
        _expect(_snapshot(state) == before,
                f"{where}: the state after ply {ply} changed while later plies were played: {_changed(before, state)} "
                "(a State shares a list, dict or set with the states after it: keep tuples or frozensets, or copy "
                "before changing) (rule: play() never changes a state)")


def _pick_move(game: Game, state: State, rng: random.Random, where: str) -> Any:
    if state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        _expect(bool(outcomes), f"{where}: a chance ply with no outcomes")
        total = sum(p for _, p in outcomes)
        _expect(abs(total - 1) < 1e-9, f"{where}: chance probabilities sum to {total}, not 1")
        moves = [m for m, _ in outcomes]
        move = rng.choices(moves, weights=[p for _, p in outcomes])[0]
    else:
        moves = state.legal_moves()
        _expect(bool(moves), f"{where}: the game is not over but there is no legal move\n{state.to_text()}")
        move = rng.choice(moves)
    _expect(len(set(moves)) == len(moves), f"{where}: legal_moves() lists a move twice")
    for m in moves:
        try:
            back = game.parse_move(str(m))
        except ValueError as error:
            raise ConformanceError(f"{where}: {m!r} does not survive str() and parse_move(): parse_move({str(m)!r}) "
                                   f"says: {error}") from None
        _expect(back == m, f"{where}: {m!r} does not survive str() and parse_move(): it reads back as {back!r}")
    sample = moves if len(moves) <= 8 else rng.sample(moves, 8)  # this draw stays: the golden playthroughs follow it
    _check_listed(state, moves if len(moves) <= LEGALITY_SAMPLE else sample, where)
    _expect(state.legal_moves() == state.legal_moves(), f"{where}: legal_moves() order is not deterministic")
    return move


def _check_partial(game: Game, state: State) -> None:
    """``state_from_text`` takes ``partial`` and ends with ``_admit``: the layers that load
    diagrams of part of a board pass it."""
    which = "state_from_text(text, partial=None) ends with self._admit(state, partial)"
    text = state.to_text()
    for partial in (True, False):
        try:
            loaded = game.state_from_text(text, partial=partial)
        except TypeError as error:
            raise ConformanceError(f"{game.name}: state_from_text(text, partial={partial}) fails: {error}; write "
                                   f"def state_from_text(self, text, partial=None) and end it with "
                                   f"return self._admit(state, partial) (rule: {which})") from None
        except ValueError as error:
            raise ConformanceError(f"{game.name}: state_from_text(text, partial={partial}) refuses the starting "
                                   f"position: {error} (rule: {which})") from None
        _expect(loaded == state, f"{game.name}: state_from_text(text, partial={partial}) differs from the state "
                                 f"(rule: {which})")
    try:
        game.state_from_text(text, partial="yes")
    except ValueError:
        pass
    else:
        raise ConformanceError(f"{game.name}: state_from_text(text, partial='yes') loads: end it with "
                               f"return self._admit(state, partial), which checks partial (rule: {which})")


def _check_state(game: Game, state: State, where: str) -> None:
    text = state.to_text()
    try:
        loaded = game.state_from_text(text)
    except ValueError as error:
        raise ConformanceError(f"{where}: state_from_text(to_text()) refused a position the game reached: {error}\n"
                               f"{text}\n(rule: every position a game reaches loads, finished ones too)") from None
    _expect(loaded == state, f"{where}: state_from_text(to_text()) differs from the state\n{text}")
    _expect(loaded.to_text() == text, f"{where}: to_text() does not round-trip\n{text}\n---\n{loaded.to_text()}")
    _expect(hash(loaded) == hash(state), f"{where}: equal states hash differently")
    _expect(loaded.is_over == state.is_over and loaded.winners == state.winners,
            f"{where}: a loaded state does not know its result: is_over {loaded.is_over}, winners {loaded.winners} "
            f"loaded, but is_over {state.is_over}, winners {state.winners} played\n{text}\n(rule: a loaded position "
            "knows its result, so end_reason and winners come from the position; where the result depends on who "
            "moved last, the mover keeps to_move when the game ends)")
    _expect(len(state.scores) == game.num_players, f"{where}: scores has {len(state.scores)} entries, not one per player")
    _expect(set(state.winners) <= set(range(game.num_players)), f"{where}: winners {state.winners} are not players")
    _expect(state.to_move == CHANCE or 0 <= state.to_move < game.num_players, f"{where}: to_move={state.to_move}")
    _expect(0 <= state.player < game.num_players, f"{where}: state.player={state.player} is not a player")
    _expect(state.to_move == CHANCE or state.player == state.to_move, f"{where}: state.player differs from to_move")
    ended = state.end_reason
    _expect(ended is None or (isinstance(ended, str) and ended.strip()), f"{where}: end_reason={ended!r} is not words")
    _expect(state.is_over == (ended is not None or state.unfinished),
            f"{where}: is_over={state.is_over} but end_reason={ended!r} and unfinished={state.unfinished}")
    for name in game.grid.names:
        _expect(isinstance(state.stack(name), str), f"{where}: stack({name!r}) is not a text")
    _expect(bool(str(state).strip()), f"{where}: str(state) is empty")
    if state.is_over:
        try:
            state.play(state.game.example_move)  # any well-formed move must be refused
        except IllegalMoveError:
            pass
        else:  # pragma: no cover - only a broken game gets here
            raise ConformanceError(f"{where}: a finished game accepted a move")


def _check_controls(game: Game, state: State, where: str) -> None:
    """Every legal move is clicked on squares of the board, or has a button with a label; the
    squares of a choice of squares are of the board, a set to each move."""
    if state.to_move == CHANCE:
        _expect(bool(game.controls.roll_label), f"{where}: the controls have no roll_label")
        return
    squares = set(game.grid.names)
    moves = state.legal_moves()
    for move, every in zip(moves, game.controls.all_move_squares(state, moves)):
        pairs = game.controls.move_squares(state, move)
        _expect(every == pairs, f"{where}: controls.all_move_squares gives {every} for {move}, "
                                f"but controls.move_squares gives {pairs}")
        for source, target in pairs:
            _expect((source is None or source in squares) and target in squares,
                    f"{where}: controls.move_squares({move}) gives ({source}, {target}), not squares of the board")
        if not pairs:
            label = game.controls.button_label(move)
            _expect(isinstance(label, str) and bool(label.strip()), f"{where}: the button of {move} has no label")
    try:  # the moves that choose squares (controls.chosen_squares) make one choice
        square_choice(state, game.controls, moves)
    except ValueError as error:
        raise ConformanceError(f"{where}: {error}") from None


class _CountingDraws:
    """A stand-in generator that counts its draws (the greedy rule makes exactly one)."""

    def __init__(self, rng: random.Random):
        self.rng, self.draws = rng, 0

    def random(self) -> float:
        self.draws += 1
        return self.rng.random()


LEGALITY_SAMPLE = 200
"""Up to this many listed moves, :func:`check_game` asks ``is_legal`` of every one (else of a
seeded sample of 8)."""


def _check_listed(state: State, moves: Sequence[Any], where: str) -> None:
    for m in moves:
        _expect(state.is_legal(m), f"{where}: listed move {m} is not accepted: {state.why_illegal(m)}")


def _check_greedy(game: Game, state: State, rng: random.Random, where: str) -> None:
    draws = _CountingDraws(rng)
    try:
        move = game.greedy(state, draws)
    except Exception as error:  # noqa: BLE001 - the rules' own rules first, then the greedy rule's failure
        moves = state.legal_moves()
        _check_listed(state, moves, where)  # a listed move the rules refuse is the real cause
        for m in moves:  # and so is a ply that says nothing, which a greedy rule may read
            _expect(bool(state.play(m).events), f"{where}: {m} produced no events")
        frames = traceback.extract_tb(error.__traceback__)
        place = f" ({Path(frames[-1].filename).name}, line {frames[-1].lineno})" if frames else ""
        raise ConformanceError(f"{where}: the greedy rule raised {type(error).__name__}: {error}{place}") from error
    _expect(state.is_legal(move), f"{where}: the greedy rule chose {move}, which is not legal")
    _expect(draws.draws == 1, f"{where}: the greedy rule drew {draws.draws} times, not once")


def _check_event_places(ev: Event, where: str) -> None:
    """An event's ``piece``, ``source`` and ``target`` are texts (square names, areas, pieces),
    before the view or the counters read them."""
    for key in ("piece", "source", "target"):
        value = ev.get(key)
        _expect(value is None or isinstance(value, str),
                f"{where}: the event {ev.kind!r} has {key}={checks.shown(value)}, not a text: name squares as "
                f"'c3' (GRID.name(index)), pieces as 'R3' (rule: an event that moves a piece names squares or the "
                f"view's areas as its source and target)")


def _check_view(game: Game, before: State, move: Any, after: State, where: str) -> None:
    """The view's data is well-formed: areas hold tokens, the panel has only panel items whose
    pieces are the areas' own, marks name squares, and stages move pieces between places."""
    view, squares = game.view, set(game.grid.names)
    areas = view.areas(after)
    _expect(isinstance(areas, dict) and not set(areas) & squares, f"{where}: view.areas() must name places off the board")
    for item in view.panel(after, areas):
        _expect(isinstance(item, (Line, Dice, Pieces)), f"{where}: view.panel() gave {item!r}, not a Line, Dice or Pieces")
        if isinstance(item, Pieces):
            placed = sorted(token for row in item.rows for group in row for token in group)
            _expect(placed == sorted(areas.get(item.area, [])), f"{where}: the panel's {item.area} pieces differ from its area")
    for square, kind in view.marks(after).items():
        _expect(square in squares and kind in ("last", "path"), f"{where}: view.marks() gives {square}: {kind}")
    marked = view.board_areas(after)
    which = "the view's board areas are BoardArea values of squares of the board"
    _expect(isinstance(marked, (list, tuple)), f"{where}: view.board_areas() gives {checks.shown(marked)}, not a list "
                                               f"(rule: {which})")
    for area in marked:
        _expect(isinstance(area, BoardArea) and set(area.squares) <= squares,
                f"{where}: view.board_areas() gives {checks.shown(area)}, not a BoardArea of squares of the board "
                f"(rule: {which})")
        _expect(area.colour is None or area.colour in COLOUR_NAMES,
                f"{where}: the board area {area.label!r} has colour={area.colour!r}, which no piece has: declare it "
                f"with pieces.declare_colours (rule: {which})")
    places = squares | set(areas) | set(view.areas(before))
    for ev in after.events:
        piece, source, target = ev.get("piece"), ev.get("source"), ev.get("target")
        if isinstance(piece, str) and isinstance(source, str) and isinstance(target, str):
            _expect(source in places and target in places,
                    f"{where}: the event {ev.kind!r} moves a piece from {source!r} to {target!r}, and "
                    f"{source if source not in places else target!r} is neither a square nor an area of the view "
                    "(rule: an event that moves a piece names squares or the view's areas as its source and target, "
                    "e.g. target='captured:0' for the area of player 1's captured pieces)")
    held: set[str] = set()  # places off the picture that a stage puts pieces in for a moment
    for stage in view.stages(before, move, after):
        _expect(isinstance(stage, Stage) and bool(stage.text), f"{where}: view.stages() gave {stage!r}")
        for source, target in stage.moves:
            _expect(source in places or source in held, f"{where}: a stage takes a piece from {source}, where none is")
            if target and target not in places:
                held.add(target)


class _Counted:
    """Runs a game's playout counters alongside a checked game."""

    def __init__(self, game: Game):
        self.game = game
        self.counters = game.counters
        self.size = game.grid.size
        self.row = self.counters.new_row()
        self.hits = self.counters.new_hits()

    def ply(self, state: State, where: str) -> None:
        self._run("ply(row, hits, state)", self.counters.ply, where, self.row, self.hits, state)
        for name, hits in self.hits.items():
            _expect(all(isinstance(square, int) and 0 <= square < self.size for square in hits),
                    f"{where}: heatmap {name} counts {hits!r}: square indices of the board, 0 to {self.size - 1} "
                    f"(GRID.index(square)) (rule: the counters work in a playout run)")

    def final(self, state: State, where: str) -> None:
        self._run("final(row, state)", self.counters.final, where, self.row, state)
        unknown = set(self.row) - set(self.counters.fields)
        _expect(not unknown, f"{where}: the counters fill {sorted(unknown)}, which are not in their fields")
        progress = self.counters.progress(state)
        _expect(isinstance(progress, (tuple, list)) and len(progress) == self.game.num_players,
                f"{where}: progress(state) gives {checks.shown(progress)}; it must give one value per player, "
                f"{self.game.num_players} here (rule: Counters.progress gives one value per player)")

    def _run(self, call: str, method: Any, where: str, *args: Any) -> None:
        """Run one of the counters' methods; a failure says which, and why where it can."""
        which = "the counters work in a playout run"
        try:
            method(*args)
        except counters_module.UnknownHeatmap as error:
            raise ConformanceError(f"{where}: the counters' {call} failed: {error}") from None
        except KeyError as error:
            key = error.args[0] if error.args else None
            why = (f"new_row() does not start {key!r}, which {call.split('(')[0]}() changes: start it there"
                   if key in self.counters.fields else f"{key!r} is not one of Counters.fields "
                                                       f"({', '.join(self.counters.fields) or 'none'})")
            raise ConformanceError(f"{where}: the counters' {call} failed: KeyError {key!r}: {why} "
                                   f"(rule: {which})") from None
        except Exception as error:  # noqa: BLE001 - whatever breaks, it is said with the rule
            raise ConformanceError(f"{where}: the counters' {call} failed: {type(error).__name__}: {error} "
                                   f"(rule: {which})") from error


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def playthrough(game: Game, seed: int = 0, max_plies: int = 200, start: State | None = None) -> str:
    """A golden playthrough: every ply of a seeded random game, with the position, the legal
    moves, the move chosen and its events, as stable text (after OpenSpiel's playthrough files).

    Tests compare it with a file under ``tests/golden/``; regenerate such a file only on purpose,
    when a rule change is intended (``ICEWIDGETS_REGEN_GOLDEN=1 pytest tests/test_golden.py``).
    """
    rng = random.Random(seed)
    state = start if start is not None else game.new_state(seed=seed)
    lines = [
        "# icewidgets golden playthrough",
        f"game: {game.name}",
        f"options: {', '.join(f'{k}={v!r}' for k, v in _header_options(game).items())}",
        f"seed: {seed}",
        "agent: uniform random over legal_moves() (chance plies by probability), random.Random(seed)",
        "",
    ]
    for ply in range(max_plies):
        lines += [f"== ply {ply} ==", f"to_move: {state.to_move}", "position:", state.to_text()]
        if state.is_over:
            break
        lines.append("legal: " + " ".join(map(str, state.legal_moves())))
        move = _pick_move(game, state, rng, f"ply {ply}")
        state = state.play(move)
        lines.append(f"move: {move}")
        lines += ["events:"] + [f"  - {ev}" for ev in state.events]
        lines.append("")
    lines += ["", f"result: {state.result}", f"winners: {list(state.winners)}", f"scores: {list(state.scores)}"]
    return "\n".join(lines) + "\n"


def _header_options(game: Game) -> dict[str, Any]:
    """The options a playthrough header lists: all but those at their earlier default, which
    a header written before they existed leaves out (:attr:`Game.earlier_defaults
    <icewidgets.protocol.Game.earlier_defaults>`)."""
    earlier = type(game).earlier_defaults
    return {key: value for key, value in game.options.items() if key not in earlier or earlier[key] != value}


def read_playthrough_header(text: str) -> tuple[str, dict[str, Any], int]:
    """(game name, options, seed) from the header of a playthrough file (:func:`playthrough`).

    >>> import icewidgets as iw
    >>> read_playthrough_header(playthrough(iw.make(iw.available_games()[0]), seed=5, max_plies=0))[2]
    5
    """
    fields = {}
    for line in text.splitlines():
        if line.startswith("== ply"):
            break
        key, sep, value = line.partition(": ")
        if sep:
            fields[key] = value
    missing = [key for key in ("game", "options", "seed") if key not in fields]
    if missing:
        raise ValueError(f"the header has no {', '.join(missing)} line")
    call = ast.parse(f"f({fields['options']})", mode="eval").body
    options = {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}  # type: ignore[attr-defined]
    from .games import game_class

    return fields["game"], game_class(fields["game"]).saved_options(options), int(fields["seed"])


def check_playthrough(name: str, path: str | os.PathLike, regenerate: bool | None = None, new_seed: int = 1) -> None:
    """Compare the golden playthrough file ``path`` of the registered game ``name`` with a fresh
    one (made from the file's header: its game, options and seed), exactly; a difference raises
    :class:`ConformanceError` showing it. With ``regenerate`` (default: the environment variable
    ``ICEWIDGETS_REGEN_GOLDEN=1``) the file is written instead, from its header, or for a new
    file with the default options and ``new_seed``: regenerate only on purpose, when a rule
    change is intended. A missing file fails, saying which path it tried and how to make it.

    A relative ``path`` is read from the folder of the file that calls this (a test's
    ``"golden/<name>.txt"`` is the ``golden`` folder beside it), wherever pytest runs from.
    """
    from .games import make

    if regenerate is None:
        regenerate = os.environ.get("ICEWIDGETS_REGEN_GOLDEN") == "1"
    path = Path(checks.path(path, "path"))
    if not path.is_absolute():
        caller = Path(inspect.stack(context=0)[1].filename)
        if caller.is_file():  # not code typed at a prompt or in a notebook: their folder is the working one
            path = caller.resolve().parent / path
    if not path.exists() and not regenerate:
        raise ConformanceError(f"{path} is missing: make it with ICEWIDGETS_REGEN_GOLDEN=1 (it plays "
                               f"make({name!r}) with seed {new_seed}; edit the header's options and seed and run that "
                               "again to choose others)")
    if path.exists():
        expected = path.read_text(encoding="utf-8")
        game_name, options, seed = read_playthrough_header(expected)
        _expect(game_name == name, f"{path.name} plays {game_name!r}, not {name!r}")
    else:
        expected, options, seed = "", {}, new_seed
    text = playthrough(make(name, **options), seed=seed)
    _expect(text == playthrough(make(name, **options), seed=seed), f"{name}: a playthrough must be deterministic")
    if regenerate:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        return
    if expected != text:
        diff = difflib.unified_diff(expected.splitlines(), text.splitlines(), path.name, "this run", lineterm="", n=2)
        shown = "\n".join(line for _, line in zip(range(60), diff))
        raise ConformanceError(f"the playthrough differs from {path.name}:\n{shown}")
