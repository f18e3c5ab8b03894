"""iw.playout.compare: variants of a game side by side, each metric with its interval and a test
of its difference from the first variant; openings, tie rules, landing rules, goals and player
counts; bad variants named."""

from __future__ import annotations

import pytest

import icewidgets as iw
from icewidgets.playout import Comparison, compare
from icewidgets.stats import format_difference


def row(comparison, label):
    return next(r for r in comparison.table().rows if r[0] == label)


def test_volcano_openings_side_by_side():
    assert iw.compare is compare
    # Pinned under the capture rule these figures were first measured with (every capture taken at once).
    c = iw.compare(iw.make("volcano", capture="must"), {"diag": {}, "plus": {"opening": "plus"}, "x": {"opening": "x"}},
                   n=20_000, seed=1, progress=False)
    assert isinstance(c, Comparison) and c.labels == ["diag", "plus", "x"]
    assert all(run.engine == "fast" and run.n == 20_000 for run in c.results.values())
    assert c.table().columns == ["", "diag", "plus", "plus − diag", "x", "x − diag"]
    first = row(c, "first player's points")
    assert first[1:4] == ["53.6% [52.9–54.3]", "55.4% [54.7–56.1]", "+1.8 pts [+0.8, +2.8] p<0.001"]
    assert first[4].startswith("54.5% [") and first[5].endswith("p=0.086")
    turns = c.differences["plus"]["turns"]
    assert turns.high < 0 and turns.p < 0.001  # the plus opening ends games sooner
    text = str(c)
    assert "captures per game" in text and "Differences from 'diag'" in text
    assert "<table" in c._repr_html_()


def test_tie_rules_change_only_how_ties_are_scored():
    c = compare("volcano", {"shared": {}, "draw": {"tie_rule": "draw"}}, n=2_000, seed=3, progress=False)
    shared, draw = c.results["shared"], c.results["draw"]
    ties = int((shared.winners.sum(axis=1) > 1).sum())
    assert ties > 0 and int(draw.outcome("draw").sum()) == ties  # the same games, the ties now draws
    assert (shared.turns == draw.turns).all()
    assert c.differences["draw"]["turns"].value == 0 and c.differences["draw"]["turns"].p == 1.0
    assert c.differences["draw"]["shared"].value == pytest.approx(-ties / 2_000)
    assert c.differences["draw"]["draws"].p < 0.001
    # With two players a shared win and a draw are both half a point: the points cannot move.
    assert c.differences["draw"]["first_player"].value == 0


def test_player_counts_compare_the_first_players_edge():
    c = compare("volcano", {"two": {}, "three": {"players": 3}}, n=40, seed=2, engine="reference", progress=False)
    labels = [r[0] for r in c.table().rows]
    assert labels.index("seat 3 (random) points") == labels.index("seat 2 (random) points") + 1
    edge = row(c, "first player's edge over 1/players")
    two, three = c.estimates("two")["first_player_edge"], c.estimates("three")["first_player_edge"]
    assert two.value == pytest.approx(c.results["two"].first_player_points().mean() - 1 / 2)
    assert three.value == pytest.approx(c.results["three"].first_player_points().mean() - 1 / 3)
    assert edge[3] == format_difference(c.differences["three"]["first_player_edge"], "rate")
    assert row(c, "seat 3 (random) points")[1] == "–"


def test_landing_rules_and_goals():
    blockade = compare("blockade", {"end": {}, "strict": {"landing": "strict"}}, n=40, agents="greedy", seed=1,
                       progress=False)
    assert [run.options["landing"] for run in blockade.results.values()] == ["end", "strict"]
    assert all(run.engine == "fast" for run in blockade.results.values())
    ice3 = compare("ice3", {"exact": {}, "loose": {"goal": "loose"}}, n=12, agents="greedy", seed=1, progress=False)
    assert [run.game.goal for run in ice3.results.values()] == ["exact", "loose"]
    assert "goals reached" in str(ice3)


def test_a_game_with_options_of_its_own_and_rotated_seats():
    base = iw.make("volcano", opening="x")
    c = compare(base, {"x": {}, "x, draws": {"tie_rule": "draw"}}, n=6, agents=("greedy", "random"), seed=1,
                rotate_seats=True, engine="reference", progress=False)
    assert [run.game for run in c.results.values()] == [base, iw.make("volcano", opening="x", tie_rule="draw")]
    assert all(run.rotate_seats for run in c.results.values())
    assert "agent 1 (greedy) points" in str(c)


@pytest.mark.parametrize("variants, error, message", [
    ({}, ValueError, "variants={} is empty"),
    ([("a", {})], TypeError, "variants must be a dict"),
    ({"a": {"colour": "red"}}, TypeError, "variant 'a': volcano has no option 'colour'; its options are: players"),
    ({"a": {}, "b": {"opening": "spiral"}}, ValueError, "variant 'b': "),
    ({"a": "opening=plus"}, TypeError, "variant 'a': its options must be a dict"),
    ({"": {}}, TypeError, "variant labels must be non-empty strings"),
    ({"a": {}, "b": {"players": 3}}, ValueError, "variant 'b': volcano with these options has 3 players, but 2 agents"),
])
def test_bad_variants_are_named(variants, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace("{", r"\{").replace("}", r"\}")):
        compare("volcano", variants, n=2, agents=("random", "greedy"), progress=False)


def test_a_game_object_with_an_unknown_option_is_named():
    with pytest.raises(TypeError, match="variant 'a': volcano has no option 'colour'"):
        compare(iw.make("volcano"), {"a": {"colour": "red"}}, n=2, progress=False)
