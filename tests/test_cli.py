"""The command line, end to end and in process: summaries, files, pictures, clear errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

import icewidgets as iw
from icewidgets.__main__ import main


def test_playouts_end_to_end(tmp_path):
    out, png = tmp_path / "results.json", tmp_path / "stats.png"
    proc = subprocess.run(
        [sys.executable, "-m", "icewidgets", "playouts", "volcano", "-n", "40", "--agents", "random,greedy",
         "--seed", "1", "--out", str(out), "--plot", str(png)],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Volcano playouts: random vs greedy (seed 1)" in proc.stdout
    assert "seat 2 (greedy) points" in proc.stdout and "games/s" in proc.stdout
    results = iw.PlayoutResults.load(out)
    assert results.n == 40 and results.agents == ("random", "greedy") and results.seed == 1
    assert png.stat().st_size > 10_000
    again = iw.playouts("volcano", 40, agents=("random", "greedy"), seed=1, progress=False)
    assert (again.plies == results.plies).all()


def test_in_process_options_csv_and_tournament(tmp_path, capsys):
    csv = tmp_path / "r.csv"
    assert main(["playouts", "volcano", "-n", "5", "-o", "players=3", "--agents", "greedy",
                 "--max-turns", "4", "--out", str(csv), "-q"]) == 0
    text = capsys.readouterr().out
    assert "seat 3 (greedy) points" in text and "unfinished" in text
    assert iw.PlayoutResults.load(csv).winners.shape == (5, 3)
    assert "branching_profile" not in iw.PlayoutResults.load(csv).arrays  # summed by tenth, unless asked for
    assert main(["playouts", "volcano", "-n", "5", "--branching-profile", "--out", str(csv), "-q"]) == 0
    assert iw.PlayoutResults.load(csv).branching_profile.shape == (5, 10)
    capsys.readouterr()
    assert main(["tournament", "volcano", "-n", "4", "--agents", "random,greedy", "-q"]) == 0
    text = capsys.readouterr().out
    assert "round robin" in text and "both seatings" in text and "Seat 1 scored" in text
    assert main(["games"]) == 0
    assert "blockade" in capsys.readouterr().out


def test_precision_and_rotated_seats(capsys):
    assert main(["playouts", "volcano", "--precision", "0.05", "--seed", "1", "-q"]) == 0
    text = capsys.readouterr().out
    assert "games                       390 " in text and "played to ±5% on the first player's points" in text
    assert main(["playouts", "volcano", "-n", "6", "--agents", "greedy,random", "--rotate-seats", "-q"]) == 0
    text = capsys.readouterr().out
    assert "seats rotated" in text and "agent 1 (greedy) points" in text and "3 deals" in text


def test_compare_prints_the_variants_side_by_side(tmp_path, capsys):
    png = tmp_path / "compare.png"
    # Under capture="must" the plus opening's edge for random seat 1 is clear (p<0.001); under "may",
    # the default, these seeds give +0.7 pts, p=0.151. Two options in a variant, comma-separated.
    assert main(["compare", "volcano", "--variant", "diag:capture=must", "--variant", "plus:opening=plus,capture=must",
                 "-n", "20000", "--seed", "1", "-q", "--plot", str(png)]) == 0
    text = capsys.readouterr().out
    lines = {line.split("  ")[0]: line for line in text.splitlines()}
    assert "plus − diag" in text and "Differences from 'diag'" in text
    assert "53.6% [52.9–54.3]" in lines["seat 1 (random) points"]
    assert "55.4% [54.7–56.1]" in lines["seat 1 (random) points"] and "p<0.001" in lines["seat 1 (random) points"]
    assert png.stat().st_size > 10_000
    assert main(["compare", "volcano", "-v", "two:", "-v", "three:players=3", "-n", "30", "-q"]) == 0
    assert "first player's edge over 1/players" in capsys.readouterr().out


@pytest.mark.parametrize("argv, message", [
    (["compare", "volcano", "-n", "10"], "compare needs at least one --variant"),
    (["compare", "volcano", "-v", "opening=plus"], "must be written LABEL:KEY=VALUE"),
    (["compare", "volcano", "-v", "a:", "-v", "a:players=3"], "label 'a' is given twice"),
    (["compare", "volcano", "-v", "wide:colour=red", "-n", "5"], "variant 'wide': volcano has no option 'colour'"),
    (["playouts", "volcano", "--precision", "0.6"], "precision=0.6 must be a number between 0 and 0.5"),
    (["playouts", "volcano", "--rotate-seats"], "rotate_seats=True needs one agent per seat"),
    (["playouts", "volcano", "-n", "0"], "-n must be at least 1 game, not 0"),
    (["playouts", "volcano", "-n", "-5"], "-n must be at least 1 game"),
    (["playouts", "volcano", "--agents", "random,smart"], "unknown agent 'smart'"),
    (["playouts", "volcano", "--agents", "random,random,random", "-n", "2"], "has 2 players, but 3 agents"),
    (["playouts", "chess"], "unknown game 'chess'"),
    (["playouts", "volcano", "-o", "colour=red"], "volcano has no option 'colour'"),
    (["playouts", "volcano", "-o", "players"], "KEY=VALUE"),
    (["playouts", "volcano", "-n", "ten"], "invalid int value"),
    (["tournament", "volcano", "--agents", "greedy"], "at least two agents"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_are_one_clear_line_with_status_2(argv, message, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1 and err.startswith("error: ")


def test_help(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["playouts", "--help"])
    assert exit_info.value.code == 0
    text = capsys.readouterr().out
    assert "--agents" in text and f"one of: {', '.join(iw.available_games())}" in " ".join(text.split())
    assert main([]) == 2


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"icewidgets {iw.__version__}\n"


def test_the_policy_and_ladder_measurements_run_for_a_plugin_game(nest_row, capsys):
    assert main(["bench-policy", "nestrow", "-n", "6", "--rollouts", "4", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["game", "source", "policy", "finished", "Brier", "baseline", "skill", "ms/rollout"]
    assert [line.split()[:3] for line in lines[1:]] == [["nestrow", "medium", "random"], ["nestrow", "medium", "greedy"],
                                                        ["nestrow", "easy", "random"], ["nestrow", "easy", "greedy"]]
    assert main(["ladder", "nestrow", "-n", "2", "--quick-n", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [" ".join(line.split()[1:4]) for line in lines[2:-1]] == ["easy vs random", "medium vs easy", "hard vs medium"]
    assert [int(line.split()[4]) for line in lines[2:-1]] == [4, 4, 2]
    assert lines[2].split()[-1] == "—" and lines[-1] == (
        "met: yes when the level scored at least 0.70 points a game against the rung below, thinking at most 1 s a "
        "move, else NO; — for easy vs random, shown for reference (random is no level)")
    assert main(["ladder", "nestrow", "--quick-n", "0"]) == 2
    assert "error: --quick-n must be at least 1, not 0" in capsys.readouterr().err


def test_the_guide_for_game_authors_is_printed(capsys):
    assert main(["contributing", "--path"]) == 0
    path = capsys.readouterr().out.strip()
    assert path.endswith("CONTRIBUTING.md")
    assert main(["contributing"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# Contributing to icewidgets") and "## The hooks" in text and "## The contract" in text
