"""Two reference answers to Blockade's end-of-turn question, written apart from the engine.

"Can the turn still be ended from this position, with these pips?" (Every moved piece brought
to rest where it may; a fifth tower completed on the way changes nothing.) The engine
(:mod:`icewidgets.games.blockade.ending`) answers it with shortcuts and bounds; these answer it
with none of the engine's code but the rules' own moves (``board.move_piece``,
``board.stranded_pieces``, the landing table and the distances):

- :func:`every_move` tries every move of every piece, depth first, remembering positions:
  nothing is skipped, so it is the definition of the answer. It is exponential in the pips
  (one refusal with 8 pips left took 1.8 million positions), so it serves small cases.
- :func:`reference` is the same search over every move with one cut, the plain necessary
  condition :func:`_pieces_can_settle`, proved in its docstring from the rules. The tests check
  this search against :func:`every_move` on hundreds of small positions; it is fast enough to
  judge every ply of tens of thousands of decisions of real games.
"""

from __future__ import annotations

from icewidgets.games.blockade import board as bk



class Search:
    """One turn's searches: positions are remembered with the pips (more pips never hurt, so a
    failure with more pips or a success with fewer settles a position). ``nodes`` counts the
    positions expanded; past ``budget`` a search raises :class:`TimeoutError`."""

    def __init__(self, ctx: bk.Context, cut: bool = True, budget: int = 5_000_000):
        self.ctx, self.cut, self.budget = ctx, cut, budget
        self.nodes = 0
        self.memo: dict[tuple, dict[tuple[int, int], bool]] = {}

    def finishable(self, board: tuple, points: tuple, moved: tuple, supply: tuple) -> bool:
        stranded = bk.stranded_pieces(board, moved)
        if not stranded:
            return True
        key = (board, moved, supply)
        for pips, result in self.memo.get(key, {}).items():
            if (result and pips[0] <= points[0] and pips[1] <= points[1]) or (
                    not result and pips[0] >= points[0] and pips[1] >= points[1]):
                return result
        self.nodes += 1
        if self.nodes > self.budget:
            raise TimeoutError(f"more than {self.budget:,} positions")
        ctx = self.ctx
        result = False
        if not self.cut or _pieces_can_settle(ctx, board, points, stranded):
            for src, dst, index, cost in _moves(ctx, board, points, stranded):
                after, after_moved, after_supply, _ = bk.move_piece(board, moved, supply, src, dst, ctx.counts)
                if self.finishable(after, bk.spend(points, index, cost), after_moved, after_supply):
                    result = True
                    break
        self.memo.setdefault(key, {})[points] = result
        return result


def every_move(ctx, board, points, moved, supply, budget: int = 5_000_000) -> bool:
    """The answer by trying every move (no cut at all)."""
    return Search(ctx, cut=False, budget=budget).finishable(board, points, moved, supply)


def reference(ctx, board, points, moved, supply, search: Search | None = None) -> bool:
    """The answer by trying every move, cut only where the pieces that must move cannot settle."""
    return (search or Search(ctx)).finishable(board, points, moved, supply)


def _moves(ctx, board, points, stranded):
    """Every move (src, dst, colour index, pips), stranded pieces first and for each piece the
    squares where it may rest first (the order only makes answers come sooner)."""
    dist, _, order = bk.routes(ctx.blocked)
    first = [square for square, _ in stranded]
    for src in first + [s for s in range(25) if s not in first]:
        index = bk.mover_index(board[src], ctx)
        if index < 0 or not points[index]:
            continue
        piece = board[src][-1]
        targets = [dst for dst in order[src] if dist[src][dst] <= points[index]]
        targets.sort(key=lambda dst: not bk.can_rest(piece, board[dst]))
        for dst in targets:
            yield src, dst, index, dist[src][dst]


def _base(piece, stack, ctx) -> int:
    """The highest k such that ``piece`` may rest on ``stack[:k]`` once the pieces above are gone,
    if only the mover's movable pieces can go; -1 when none."""
    k = len(stack)
    while True:
        if bk.can_rest(piece, stack[:k]):
            return k
        if not k or bk.mover_index(stack[:k], ctx) < 0:
            return -1
        k -= 1


def _pieces_can_settle(ctx, board, points, stranded) -> bool:
    """A necessary condition for ending the turn.

    Every stranded piece, and every piece on it, must still move: a piece's base changes only
    when it moves. Each ends on some square (its own, after going out and back: 2 pips at least;
    another: its distance at least, distances being fixed for the turn). At the end it rests,
    directly or through pieces of its colour no bigger than the ones below, on a part of that
    square's stack that stayed, or on the black of a tower completed there, whose large stayed:
    so that square has a base for it under nothing but the mover's movable pieces, and those
    covers left and must end somewhere legal too: 1 pip each at least, 2 if no neighbouring
    square has a base for them (they go farther, or out and back). Different pieces, different
    moves: so some choice of a square per piece must fit each colour's pips, counting each
    square's covers once."""
    dist, _, order = bk.routes(ctx.blocked)
    leaving = dict(stranded)

    def cover_pips(cover, square):
        near = any(_base(cover, board[t][: leaving.get(t)], ctx) >= 0 for t in order[square] if dist[square][t] == 1)
        return 1 if near else 2

    movers = []  # (colour index, [(pips, square, base height)])
    for square, level in stranded:
        stack = board[square]
        for height in range(level, len(stack)):
            piece = stack[height]
            if piece.colour not in ctx.colours:
                return False
            index = ctx.colours.index(piece.colour)
            options = []
            if points[index] >= 2 and _base(piece, stack[:level], ctx) >= 0:
                options.append((2, square, _base(piece, stack[:level], ctx)))
            for target in order[square]:
                if dist[square][target] <= points[index]:
                    base = _base(piece, board[target][: leaving.get(target)], ctx)
                    if base >= 0:
                        options.append((dist[square][target], target, base))
            if not options:
                return False
            movers.append((index, options))

    def total(choice):
        need = [0, 0]
        lowest: dict[int, int] = {}
        for (index, _), (pips, target, base) in zip(movers, choice):
            need[index] += pips
            lowest[target] = min(lowest.get(target, base), base)
        for target, base in lowest.items():
            for cover in board[target][base: leaving.get(target, len(board[target]))]:
                need[ctx.colours.index(cover.colour)] += cover_pips(cover, target)
        return need

    def search(k, choice, ways):
        if ways[0] > points[0] or ways[1] > points[1]:
            return False
        if k == len(movers):
            need = total(choice)
            return need[0] <= points[0] and need[1] <= points[1]
        index = movers[k][0]
        return any(search(k + 1, choice + [option], [ways[0] + option[0] * (index == 0), ways[1] + option[0] * (index == 1)])
                   for option in movers[k][1])

    return search(0, [], [0, 0])


# Judging the engine's plies -------------------------------------------------------------------


def wrong_plies(state, search: Search | None = None) -> list[str]:
    """The piece moves on which ``state.legal_moves()`` and the reference disagree, as
    ``"b3-c3: listed, but …"`` texts (empty when they agree). ``search`` carries a turn's
    remembered positions from one decision to the next."""
    from icewidgets.protocol import CHANCE

    if state.to_move == CHANCE or state.is_over:
        return []
    ctx = state._ctx
    listed = {str(m) for m in state.legal_moves()}
    dist, _, order = bk.routes(ctx.blocked)
    strict = state.game.landing == "strict"
    wrong = []
    for src, stack in enumerate(state.board):
        index = bk.mover_index(stack, ctx)
        if index < 0 or not state.points[index]:
            continue
        for dst in order[src]:
            cost = dist[src][dst]
            if cost > state.points[index]:
                break
            after, moved, supply, won = bk.move_piece(state.board, state.moved, state.supply, src, dst, ctx.counts)
            if strict:
                legal = bk.can_rest(stack[-1], state.board[dst])
            else:
                legal = won or reference(ctx, after, bk.spend(state.points, index, cost), moved, supply, search)
            name = f"{bk.GRID.names[src]}-{bk.GRID.names[dst]}"
            if legal != (name in listed):
                wrong.append(f"{name}: {'listed' if name in listed else 'refused'}, but the reference says "
                             f"{'legal' if legal else 'illegal'}")
    return wrong


def decisions(n: int, agents: str, landing: str, seed: int = 0, max_turns: int = 1000):
    """``n`` decisions (positions where a player moves) of seeded games of ``agents`` ("random"
    or "greedy") under ``landing``: game i from ``new_state(seed + i)`` with ``random.Random(seed + i)``
    (for the greedy rule, ``numpy.random.default_rng(seed + i)``)."""
    import random

    import numpy as np

    import icewidgets as iw
    from icewidgets.agents import get_agent
    from icewidgets.protocol import CHANCE

    game = iw.make("blockade", landing=landing, max_turns=max_turns)
    agent = get_agent(agents)
    found = 0
    game_seed = seed
    while found < n:
        rng, np_rng = random.Random(game_seed), np.random.default_rng(game_seed)
        state = game.new_state(seed=game_seed)
        while not state.is_over and found < n:
            if state.to_move == CHANCE:
                state = state.play(rng.choice(state.legal_moves()))
                continue
            yield state
            found += 1
            move = rng.choice(state.legal_moves()) if agents == "random" else agent(state, np_rng)
            state = state.play(move)
        game_seed += 1


BLOCK = 1_000
"""Decisions per digest line."""
DIGESTS = __import__("pathlib").Path(__file__).with_name("data") / "blockade-legal-lists.txt"
"""The digests of the legal lists of the judged decisions (see :func:`main`)."""
RUNS = (("random", "end"), ("greedy", "end"), ("random", "strict"), ("greedy", "strict"))


def digest_lines(n: int, seed: int, judge: bool = False, report=print, legal_list=None) -> tuple[list[str], int]:
    """One line per :data:`BLOCK` decisions of each run (``n`` decisions in all): the run, the
    decisions' numbers and the SHA-256 of their legal lists; with ``judge``, every ply of every
    decision is judged against the reference too. Returns (lines, decisions with a wrong ply).

    ``legal_list(state)`` gives the list digested (default: the rules engine's
    ``state.legal_moves()``): the compiled kernel's lists are digested the same way."""
    import hashlib
    import time

    start = time.process_time()
    lines, bad = [], 0
    for agents, landing in RUNS:
        search, turn, digest, count = None, None, hashlib.sha256(), 0
        for state in decisions(n // len(RUNS), agents, landing, seed):
            listed = state.legal_moves() if legal_list is None else legal_list(state)
            digest.update((" ".join(map(str, listed)) + "\n").encode())
            if judge:
                if search is None or state.turn_table is None or state.turn_table is not turn:
                    search, turn = Search(state._ctx), state.turn_table
                wrong = wrong_plies(state, search)
                if wrong:
                    bad += 1
                    report(f"DISAGREE ({agents}, {landing}): {'; '.join(wrong)}\n{state.to_text()}")
            count += 1
            if count % BLOCK == 0:
                lines.append(f"{agents} {landing} {count - BLOCK}-{count - 1} {digest.hexdigest()}")
                digest = hashlib.sha256()
        report(f"{agents:>6} {landing:>6}: {count:,} decisions{' judged' if judge else ''}, "
               f"{time.process_time() - start:.0f} cpu-s")
    return lines, bad


def main(argv=None) -> int:
    """Judge every ply of many decisions against the reference, and record their legal lists'
    digests for the tests: ``python tests/blockade_reference.py -n 20000 --write``."""
    import argparse

    parser = argparse.ArgumentParser(description="Judge Blockade's legal plies against the reference search.")
    parser.add_argument("-n", type=int, default=20_000, help="decisions in all (split over random/greedy × end/strict)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--write", action="store_true", help=f"write the digests to {DIGESTS} when all agree")
    args = parser.parse_args(argv)
    lines, bad = digest_lines(args.n, args.seed, judge=True, report=lambda text: print(text, flush=True))
    print(f"{bad} decisions with a wrong ply")
    if args.write and not bad:
        DIGESTS.parent.mkdir(exist_ok=True)
        header = (f"# Blockade's legal lists, judged ply by ply against tests/blockade_reference.py: "
                  f"python tests/blockade_reference.py -n {args.n} --seed {args.seed} --write\n")
        DIGESTS.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {DIGESTS}")
    return 1 if bad else 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
