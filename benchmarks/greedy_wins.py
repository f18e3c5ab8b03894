"""How often the greedy rule (the medium level, the rollouts' policy) takes a win on the spot.

Usage: ``python benchmarks/greedy_wins.py [game ...]`` (default: all four games).

Walks every position of bot games (medium and easy levels, on the rules engine, at most 400
plies a game) and counts the positions where the player to move has a ply after which the game
is over with them the sole winner, and how many of those the greedy rule's ply wins. For a game
whose turn has several plies (Volterra: a tower action, then a pawn move), it also counts the
first plies of turns from which some whole turn wins, and how often the greedy rule's own turn
(its first ply, then its second) wins from there.
"""

from __future__ import annotations

import sys

import numpy as np

import icewidgets as iw
from icewidgets import agents
from icewidgets.analysis.teaching import bot_game
from icewidgets.protocol import CHANCE

# game → (options, seeds): the sample the benchmarks README reports.
SAMPLES = {
    "volcano": ({}, range(100)),
    "volterra": ({}, range(100)),
    "ice3": ({"goal": "loose"}, range(20)),
    "blockade": ({}, range(20)),
}
LEVELS = ("medium", "easy")
MAX_PLIES = 400


def sole_win(state, player) -> bool:
    """Whether ``state`` is over with ``player`` its only winner."""
    return state.is_over and tuple(state.winners) == (player,)


def winning_plies(state) -> list:
    """The plies after which the game is over with the player to move its sole winner."""
    player = state.to_move
    return [move for move in state.legal_moves() if sole_win(state.play(move), player)]


def turn_wins(state) -> bool:
    """Whether some ply, then some ply of the same player's continuing turn, wins."""
    player = state.to_move
    for move in state.legal_moves():
        after = state.play(move)
        if after.is_over or after.to_move != player:
            continue
        if winning_plies(after):
            return True
    return False


def count(name: str) -> dict[str, int]:
    options, seeds = SAMPLES[name]
    game = iw.make(name, **options)
    tally = dict(positions=0, with_win=0, took=0, first_plies=0, turn_win=0, turn_took=0)
    for level in LEVELS:
        for seed in seeds:
            record = bot_game(game, level, seed=seed, max_plies=MAX_PLIES)
            for state in list(record.states())[:-1]:
                if state.is_over or state.to_move == CHANCE:
                    continue
                tally["positions"] += 1
                player = state.to_move
                if winning_plies(state):
                    tally["with_win"] += 1
                    move = agents.greedy(state, np.random.default_rng(0))
                    tally["took"] += sole_win(state.play(move), player)
                    continue
                if name != "volterra" or state.done != "-":
                    continue
                # The first ply of a Volterra turn: does some whole turn win, and does greedy's?
                tally["first_plies"] += 1
                if turn_wins(state):
                    tally["turn_win"] += 1
                    rng = np.random.default_rng(0)
                    after = state.play(agents.greedy(state, rng))
                    if not after.is_over and after.to_move == player:
                        after = after.play(agents.greedy(after, rng))
                    tally["turn_took"] += sole_win(after, player)
    return tally


def main(names: list[str]) -> None:
    for name in names:
        tally = count(name)
        line = (f"{name:9} positions {tally['positions']:6,}  with a win on the spot {tally['with_win']:4}  "
                f"greedy took {tally['took']:4}")
        if name == "volterra":
            line += (f"  | first plies {tally['first_plies']:,}, with a winning turn {tally['turn_win']}, "
                     f"greedy's turn won {tally['turn_took']}")
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or list(SAMPLES))
