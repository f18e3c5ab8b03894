"""The contract (CONTRIBUTING, "The contract"): a game that breaks one of its rules fails with an
error that names the rule, as the first column of that table states it.

Each case is tests/extra_game.py's Nest Row with one rule broken.
"""

from __future__ import annotations

import dataclasses
from functools import cached_property
from pathlib import Path

import pytest

import icewidgets as iw
from extra_game import HOW_TO_PLAY, NestRow, NestRowCounters, NestRowState, NestRowView, Place
from icewidgets.protocol import event
from icewidgets.view import BoardArea
from icewidgets.testing import ConformanceError, check_game, check_move_order, check_outline

CONTRIBUTING = (Path(__file__).resolve().parent.parent / "CONTRIBUTING.md").read_text(encoding="utf-8")
CONTRACT = CONTRIBUTING.split("## The contract", 1)[1].split("\n## ", 1)[0]
RULES = [line.split("|")[1].strip().replace("`", "") for line in CONTRACT.splitlines()
         if line.startswith("| ") and not line.startswith("| Rule")]


def _names_a_rule(message: str) -> None:
    assert "(rule: " in message, message
    named = message.rsplit("(rule: ", 1)[1]
    assert any(named.startswith(rule) for rule in RULES), f"CONTRIBUTING's contract has no rule {named!r}"


def _fails(game, match: str) -> str:
    with pytest.raises(ConformanceError, match=match) as info:
        check_game(game, n_games=3, seed=1)
    _names_a_rule(str(info.value))
    return str(info.value)


def test_the_table_lists_the_rules():
    assert len(RULES) == 25 and RULES[0] == "a Game has a grid"


def test_repr_false():
    @dataclasses.dataclass(frozen=True)
    class WithRepr(NestRow):
        pass

    _fails(WithRepr(), r"nestrow: repr\(\) gives '[\w.<>]*WithRepr\(players=2, max_turns=None\)', not make\('nestrow', …\): "
                       r"declare WithRepr with @dataclasses.dataclass\(frozen=True, repr=False\) "
                       r"\(rule: the Game is a @dataclass\(frozen=True, repr=False\)\)")


def test_players_comes_first():
    @dataclasses.dataclass(frozen=True, repr=False)
    class Sized:
        size: int = 3

    @dataclasses.dataclass(frozen=True, repr=False)
    class SizeFirst(NestRow, Sized):  # the fields of Sized come first
        pass

    _fails(SizeFirst(), r"its options are \['size', 'players', 'max_turns'\]; the first must be players "
                        r"\(rule: players is the first option\)")


def test_max_turns_none():
    @dataclasses.dataclass(frozen=True, repr=False)
    class Limited(NestRow):
        max_turns: int | None = 5

    _fails(Limited(), r"nestrow: it has no option max_turns=None \(rule: every game has the option max_turns=None\)")


@pytest.mark.parametrize("change, message", [
    ({"summary": "Place pieces; make a row."}, "how_to_play.summary has 25 characters"),
    ({"text": "**Setup.** Short.\n\nToo short."}, "how_to_play.text has 29 characters"),
    ({"text": HOW_TO_PLAY.text.replace("\n\n", "\n")}, "how_to_play.text has 1 paragraphs"),
    ({"example": ("b2", "b2")}, "the example ply 'b2' of how_to_play cannot be played: b2 is illegal: b2 holds the "
                                "orange large"),
    ({"example_caption": ""}, "how_to_play has no example plies or no caption"),
])
def test_the_rules_in_plain_words(monkeypatch, change, message):
    monkeypatch.setattr(NestRow, "how_to_play", dataclasses.replace(HOW_TO_PLAY, **change))
    _fails(NestRow(), message)


def test_a_game_without_its_rules_in_plain_words_yet_can_be_played_through(monkeypatch):
    monkeypatch.setattr(NestRow, "how_to_play", dataclasses.replace(HOW_TO_PLAY, summary="", text=""))
    assert check_game(NestRow(), n_games=3, seed=1, outline=False)["games"] == 3
    _fails(NestRow(), "how_to_play.summary has 0 characters")


def test_every_registered_game_keeps_the_outline():
    for name in iw.available_games():
        check_outline(iw.make(name))


@pytest.mark.parametrize("levels, message", [
    ({"hard": "no_such_module:bot"}, r"nestrow: levels\['hard'\] = 'no_such_module:bot' names no agent: No module named "
                                     r"'no_such_module' \(rule: a game's own level agents are agents\)"),
    ({"hard": 3}, r"nestrow: levels\['hard'\] is not an agent\(state, rng\) -> move: 3 \(rule: a game's own level agents are agents\)"),
    ({"medium": lambda state, rng: None}, r"nestrow: levels\['medium'\]: 'medium' is not a level a game may play its own "
                                          r"agent for \(rule: a game's own level agents are agents\)"),
])
def test_level_agents_must_be_agents(levels, message):
    class OwnLevels(NestRow):  # set past plug_in, which refuses these
        pass

    OwnLevels.levels = levels
    _fails(OwnLevels(), message)


def test_finished_positions_must_load(monkeypatch):
    loads = NestRow.state_from_text

    def refuse_finished(self, text, partial=None):
        state = loads(self, text, partial)
        if state.is_over:
            raise iw.NotationError("a row is already made")
        return state

    monkeypatch.setattr(NestRow, "state_from_text", refuse_finished)
    _fails(NestRow(), r"state_from_text\(to_text\(\)\) refused a position the game reached: a row is already made")


def test_a_state_sharing_a_list_that_play_changes_is_caught(monkeypatch):
    # The history of moves is a list every state shares and play() appends to: neither the
    # position text nor the hash shows it, but the old state's field changed.
    apply = NestRowState._apply

    class MoveLog(list):  # reads as its last move wherever the last move is read
        def __getattr__(self, name):
            return getattr(self[-1], name)

        def __str__(self):
            return str(self[-1])

    def shared_history(self, move):
        after = apply(self, move)
        history = self.last_move if isinstance(self.last_move, MoveLog) else MoveLog()
        history.append(move)
        object.__setattr__(after, "last_move", history)
        return after

    monkeypatch.setattr(NestRowState, "_apply", shared_history)
    _fails(NestRow(), r"game 1, ply 2: play\(\) changed the old state: its last_move changed \(rule: play\(\) never "
                      r"changes a state\)")


def test_a_state_changed_by_a_later_ply_is_caught(monkeypatch):
    # legal_moves() of a later state changes the board tuple of the first one, through a list it
    # shares with the first state's field.
    listing = NestRowState.legal_moves
    first = {}

    def spoiling(self):
        if self.turns == 0:
            first.setdefault("state", self)
        elif self.turns == 3 and "state" in first:
            object.__setattr__(first["state"], "last_move", "spoiled")
        return listing(self)

    monkeypatch.setattr(NestRowState, "legal_moves", spoiling)
    _fails(NestRow(), r"game 1: the state after ply 0 changed while later plies were played: its last_move changed")


def test_a_loaded_position_knows_its_result(monkeypatch):
    # A result read from the last move, which a position text does not hold.
    monkeypatch.setattr(NestRowState, "winners", property(lambda self: (0,) if self.last_move and self.turns >= 3 else ()))
    _fails(NestRow(), r"a loaded state does not know its result: is_over False, winners \(\) loaded, but is_over True, "
                      r"winners \(0,\) played")


def test_events_name_squares_or_areas(monkeypatch):
    apply = NestRowState._apply

    def to_nowhere(self, move):
        after = apply(self, move)
        return after._prime(events=after.events + (
            event("sent", "A piece goes to the pile.", piece="O1", source=move.target, target="pile"),))

    monkeypatch.setattr(NestRowState, "_apply", to_nowhere)
    _fails(NestRow(), r"moves a piece from '\w\d' to 'pile', and 'pile' is neither a square nor an area of the view")


def test_prime_fills_only_cached_properties():
    @dataclasses.dataclass(frozen=True, eq=False)
    class Plain(NestRowState):
        @property
        def events(self):
            return ()

    with pytest.raises(TypeError, match=r"Plain._prime\(events=…\) fills a cached property, but Plain.events is not "
                                        r"one: declare it with @functools.cached_property") as info:
        Plain(NestRow(), ((),) * 9)._prime(events=[])
    _names_a_rule(str(info.value))
    primed = NestRowState(NestRow(), ((),) * 9)._prime(events=[event("x", "X.")])
    assert primed.events == (event("x", "X."),) and isinstance(NestRowState.__dict__["events"], cached_property)


def test_the_outline_check_names_its_rule():
    source = (Path(iw.__file__).parent / "testing.py").read_text(encoding="utf-8")
    for named in ('which = "the outline of rules.py"', "(rule: events are a cached "):
        assert named in source
    assert "the outline of rules.py" in RULES


def test_move_types_are_the_move_classes(monkeypatch):
    monkeypatch.setattr(NestRow, "move_types", ("Place",))
    _fails(NestRow(), r"nestrow: move_types holds 'Place', not a class: write NestRow.move_types = \(…,\) with the Move "
                      r"classes themselves, after the # Moves section that defines them \(rule: move_types are the Move classes\)")
    monkeypatch.setattr(NestRow, "move_types", ())
    _fails(NestRow(), r"move_types = \(\); write a tuple of the Move classes after them")


class _Counters(NestRowCounters):
    pass


@pytest.mark.parametrize("change, message", [
    ({"fields": {"captures": "int"}}, r"nestrow: 'captures' maps to 'int': a name maps to a tuple \(dtype, shape, "
                                      r"description\).* \(rule: Counters.fields maps a name to \(dtype, shape, description\)\)"),
    ({"fields": {"nested": ("int", (), "x")}}, r"'nested' maps to \('int', \(\), 'x'\)"),
    ({"fields": {"nested": ("uint8", 3, "x")}}, r"'nested' maps to \('uint8', 3, 'x'\)"),
    ({"heatmaps": {"placed": 3}}, r"Counters.heatmaps is \{'placed': 3\}; it maps a name to the words .* \(rule: "
                                  r"Counters.heatmaps maps a name to what it counts\)"),
    ({"labels": {"nested": ("a", "b")}}, r"Counters.labels\['nested'\] is \('a', 'b'\); the field's extra shape is "
                                         r"\(\), .* \(rule: Counters.labels give each extra axis of a field its labels\)"),
    ({"labels": {"other": (("a",),)}}, r"Counters.labels names 'other', which is not a field"),
    ({"new_row": lambda self: {"nested": [0, 0]}}, r"nestrow: new_row\(\) starts 'nested' at \[0, 0\], but its shape "
                                                   r"is \(\): a number \(rule: Counters.new_row gives each field it "
                                                   r"starts its shape\)"),
    ({"new_row": lambda self: {}}, r"game 1, ply 1: the counters' ply\(row, hits, state\) failed: KeyError 'nested': "
                                   r"new_row\(\) does not start 'nested', which ply\(\) changes: start it there "
                                   r"\(rule: the counters work in a playout run\)"),
    ({"ply": lambda self, row, hits, state: hits["place"].append(0)},
     r"game 1, ply 1: the counters' ply\(row, hits, state\) failed: 'place' is not a heatmap of _Counters: its "
     r"heatmaps are \['placed'\]; declare it in _Counters.heatmaps \(rule: Counters.heatmaps maps a name to what "
     r"it counts\)"),
    ({"progress": lambda self, state: (1,)}, r"nestrow: progress\(state\) gives \(1,\) for the starting position; it "
                                             r"must give one value per player, 2 here, e.g. \(\(0,\), \(0,\)\) "
                                             r"\(rule: Counters.progress gives one value per player\)"),
    ({"summary_rows": lambda self, results: [["nested", results.arrays["missing"], ""]]},
     r"a playout run of 4 games failed in the game's counters: KeyError: 'missing' \(rule: the counters work in a "
     r"playout run\)"),
])
def test_counters_are_checked_in_their_format_and_in_a_playout_run(monkeypatch, change, message):
    for name, value in change.items():
        monkeypatch.setattr(_Counters, name, value)
    monkeypatch.setattr(NestRow, "counters", _Counters())
    _fails(NestRow(), message)


def test_the_playouts_check_the_counters_before_any_game(monkeypatch):
    monkeypatch.setattr(_Counters, "fields", {"nested": ("uint8", "players", "pieces nested")})
    monkeypatch.setattr(NestRow, "counters", _Counters())
    with pytest.raises(ValueError, match=r"nestrow: 'nested' maps to \('uint8', 'players', 'pieces nested'\): .*"
                                         r"\(rule: Counters.fields maps a name to \(dtype, shape, description\)\)"):
        iw.playouts(NestRow(), 2, progress=False)


@pytest.mark.parametrize("areas, message", [
    (lambda self, state: ["the centre"], r"view.board_areas\(\) gives 'the centre', not a BoardArea of squares of the board"),
    (lambda self, state: "b2", r"view.board_areas\(\) gives 'b2', not a list"),
    (lambda self, state: [BoardArea("far", ("z9",))], r"not a BoardArea of squares of the board"),
    (lambda self, state: [BoardArea("mine", ("b2",), colour="Q")], r"the board area 'mine' has colour='Q', which no "
                                                                    r"piece has: declare it with pieces.declare_colours"),
])
def test_board_areas_are_checked(monkeypatch, areas, message):
    monkeypatch.setattr(NestRowView, "board_areas", areas)
    text = _fails(NestRow(), message)
    assert text.endswith("(rule: the view's board areas are BoardArea values of squares of the board)")


@pytest.mark.parametrize("hook", ["scores", "to_text", "stack"])
def test_a_state_without_a_hook_is_told_which(monkeypatch, hook):
    monkeypatch.delattr(NestRowState, hook)
    _fails(NestRow(), rf"nestrow: NestRowState has no {hook}: write it \(CONTRIBUTING, \"Adding a game\", step 1; "
                      r"the base class computes the rest from them\) \(rule: the Game and its State give the hooks of "
                      r"step 1\)")


def test_state_from_text_takes_partial(monkeypatch):
    loads = NestRow.state_from_text
    monkeypatch.setattr(NestRow, "state_from_text", lambda self, text: loads(self, text))
    _fails(NestRow(), r"nestrow: state_from_text\(text, partial=True\) fails: .*unexpected keyword argument 'partial'; "
                      r"write def state_from_text\(self, text, partial=None\)")
    monkeypatch.setattr(NestRow, "state_from_text", lambda self, text, partial=None: loads(self, text))
    _fails(NestRow(), r"state_from_text\(text, partial='yes'\) loads: end it with return self._admit\(state, partial\)")


def test_move_types_are_checked_where_the_game_is_registered_and_played(monkeypatch):
    monkeypatch.setattr(NestRow, "move_types", ("Place",))
    rule = r"\(rule: move_types are the Move classes\)"
    with pytest.raises(ValueError, match=r"register\(\) refuses NestRow: move_types holds 'Place', not a class: .*" + rule):
        iw.games.register(NestRow)
    state = NestRow().new_state()
    with pytest.raises(TypeError, match=r"nestrow: move_types holds 'Place', not a class: .*" + rule):
        state.play(NestRowState.legal_moves(state)[0])


def test_a_move_whose_text_does_not_parse_is_named_before_anything_plays_it(monkeypatch):
    monkeypatch.setattr(Place, "__str__", lambda self: f"@{self.target}")
    with pytest.raises(ConformanceError, match=r"game 1, ply 1: Place\(target='a1'\) does not survive str\(\) and "
                                               r"parse_move\(\): parse_move\('@a1'\) says: "):
        check_game(NestRow(), n_games=1, seed=1, outline=False)


def test_a_listed_move_the_rules_refuse_is_named_before_the_greedy_rule_plays_it(monkeypatch):
    why = NestRowState._why_illegal
    monkeypatch.setattr(NestRowState, "_why_illegal", lambda self, move: "a1 is cold" if move.target == "a1" else why(self, move))
    monkeypatch.setattr(NestRow, "greedy", staticmethod(lambda state, rng: rng.random() and state.play("a1").last_move))
    with pytest.raises(ConformanceError, match=r"game 1, ply 1: listed move a1 is not accepted: a1 is cold"):
        check_game(NestRow(), n_games=1, seed=1, outline=False)


def test_an_event_naming_a_square_by_its_index_is_named(monkeypatch):
    apply = NestRowState._apply

    def by_index(self, move):
        after = apply(self, move)
        return after._prime(events=after.events + (event("hit", "A piece lands.", target=4),))

    monkeypatch.setattr(NestRowState, "_apply", by_index)
    _fails(NestRow(), r"game 1, ply 1: the event 'hit' has target=4, not a text: name squares as 'c3' "
                      r"\(GRID.name\(index\)\)")


def test_a_game_without_its_rules_in_plain_words_is_told_to_plug_them_in(monkeypatch):
    monkeypatch.setattr(NestRow, "how_to_play", iw.Game.how_to_play)
    _fails(NestRow(), r"nestrow: no how_to_play is plugged in: write the rules in plain words as a HowToPlay in "
                      r"teaching.py and attach it with NestRow.plug_in\(how_to_play=…\)")


SET_ORDER = '''
import dataclasses
from extra_game import NestRow, NestRowState

board_order = NestRowState.legal_moves
NestRowState.legal_moves = lambda self: list(set(board_order(self)))  # a set's order changes with the hash seed


@dataclasses.dataclass(frozen=True, repr=False)
class SetRow(NestRow):
    pass
'''


def test_legal_moves_listed_from_a_set_are_caught_in_a_new_process(tmp_path, monkeypatch):
    (tmp_path / "set_row.py").write_text(SET_ORDER, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(NestRowState, "legal_moves", NestRowState.legal_moves)  # put back after the test
    from set_row import SetRow

    with pytest.raises(ConformanceError, match=r"nestrow: legal_moves\(\) lists the same moves in another order in a "
                                               r"new process \(hash seed \d\), at ply 1 of a seeded game: .* never "
                                               r"from a set \(rule: legal_moves\(\) lists its moves in the same order "
                                               r"in every process\)") as info:
        check_game(SetRow(), n_games=1, seed=1, outline=False)
    _names_a_rule(str(info.value))
    monkeypatch.undo()
    assert check_move_order(NestRow(), seed=1) is True  # compared, and the same


def test_a_greedy_rule_that_fails_is_named_after_the_rules_it_may_have_tripped_on(monkeypatch):
    def reads_events(state, rng):
        rng.random()
        return max(state.legal_moves(), key=lambda move: len(state.play(move).events[0].text))

    monkeypatch.setattr(NestRow, "greedy", staticmethod(reads_events))
    monkeypatch.setattr(NestRowState, "_apply", lambda self, move: NestRowState(self.game, self.board, 1 - self.to_move,
                                                                                 self.turns + 1, move)._prime(events=[]))
    with pytest.raises(ConformanceError, match=r"game 1, ply 1: a1 produced no events"):
        check_game(NestRow(), n_games=1, seed=1, outline=False)
    monkeypatch.undo()
    monkeypatch.setattr(NestRow, "greedy", staticmethod(lambda state, rng: rng.random() and state.legal_moves()[99]))
    with pytest.raises(ConformanceError, match=r"game 1, ply 1: the greedy rule raised IndexError: list index out of "
                                               r"range \(test_contract.py, line \d+\)"):
        check_game(NestRow(), n_games=1, seed=1, outline=False)


def test_summary_rows_are_three_texts(monkeypatch):
    monkeypatch.setattr(_Counters, "summary_rows", lambda self, results: [["nested pieces per game", 1.5]])
    monkeypatch.setattr(NestRow, "counters", _Counters())
    _fails(NestRow(), r"nestrow: summary_rows\(results\) gives \[\['nested pieces per game', 1.5\]\]; it gives a list "
                      r"of rows \[label, value, detail\], three texts each")


def test_an_option_checked_but_not_declared_is_named():
    @dataclasses.dataclass(frozen=True, repr=False)
    class Careless(NestRow):
        def __post_init__(self):
            iw.checks.option_bool(self, "ice")

    with pytest.raises(TypeError, match=r"Careless checks the option 'ice' but has no such field: declare it in the "
                                        r"Game dataclass, with its default"):
        Careless()
