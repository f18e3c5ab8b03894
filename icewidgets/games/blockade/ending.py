"""Can the turn still be ended? Blockade's end-of-turn search (``landing="end"``).

After a ply, some pieces moved this turn may rest where they may not end the turn (they are
*stranded*). The ply is legal only if the turn can still be ended legally after it: some
sequence of further moves, with the pips left, brings every moved piece to rest legally (a
fifth tower completed on the way changes nothing here; a ply that completes one is legal
anyway and wins at once). :func:`finishable` answers that question exactly, once per position
of a turn (the answers of a turn live in its :class:`TurnTable`).

It is a depth-first search over real moves, with two kinds of help, neither of which can
change an answer:

- **Witnesses** accept a position: a greedy repair (:func:`_greedy`) plays actual moves until no
  piece is stranded, so a True from it is a completing sequence.
- **Necessary conditions** refuse a position. Each follows from these facts of the rules, so a
  refused position has no sequence that ends the turn:

  1. *A piece's base never changes while it stays*: only top pieces move. So a stranded piece,
     and every piece above it, must move at least once more.
  2. *Distances are fixed for the turn*: a path may cross anything but the opponent's
     blockades, and no move of the mover adds or removes one. A piece's moves cost at least
     the distance from where it is to where it ends (2 if it ends where it is: out and back).
  3. *A piece that ends the turn on a square rests on a part of that square's stack that
     stayed.* The pieces that end on a square lie on each other, each resting legally, so the
     lowest that arrived rests on the part that stayed, and each one above it is of its colour
     and no bigger: what the lower one may rest on, the upper one may too. (So the pieces
     that end on one square are of one colour.) A tower completed
     there in the turn stands on a large that stayed, of the colour of the pieces on its cap.
     So a piece can end only where :func:`~.board.rest_height` finds a base, and everything
     above that base (the *covers*, all of them the mover's movable pieces) must leave.
  4. *A cover that leaves must rest somewhere too*: 1 pip at least if a neighbouring square
     might hold it (fact 3), else 2 (it goes farther, or leaves and comes back).
  5. *A piece that reaches its last square in one move leaves its own square after that
     square's covers have left*: so a cover that ends where the piece was (on what lay under
     it) went somewhere else first, 2 pips at least; else the piece moves twice (2 pips).
  6. *Of two pieces on one square, the upper leaves first*: if both must leave and end on a
     square next door where the upper must lie above the lower (it is smaller: fact 3; unless
     it is a small that completes a tower there on a medium that stayed or came before it, and
     the lower, a medium, lies on the large black that caps it), the upper cannot get there in
     one move.
  7. *One move is one moment*: pieces that each go next door in one move cannot all keep the
     orders the stacks impose on them (above before below, covers before the piece that comes,
     the piece that leaves before those that end where it was) when these form a cycle: one of
     them moves twice (see :func:`_cycle_extras`).
  8. *A new tower takes the largest black left*: smalls that end together on a large and
     medium of their colour complete a tower with the first, and when only small blacks are
     left nothing may rest on its cap, unless a medium came first or the supply ran out first
     (see :func:`_cap_extras`).

  :func:`_near_enough` adds up fact 2 per colour; :func:`_rest_bound` looks for a square for
  every piece that must move and then for every cover that must leave a square chosen (a
  square's covers once, however many pieces choose it), paying every way (facts 5 to 8).

The search tries the moves of the pieces that must move first, then the moves that uncover a
square where one of them could rest (:func:`_useful_sources`). Tests compare its answers with a
search over every move (``tests/blockade_reference.py``) on small positions and on every ply of
thousands of decisions of real games.
"""

from __future__ import annotations

from ...pieces import Piece
from .board import (INF, Context, can_rest, might_rest, move_piece, mover_index, rest_height, routes, spend,
                    stranded_pieces, tower_colour)


class TurnTable:
    """Which partial turns of one turn can still be ended: (board, moved, supply) → {pips: bool}.

    Made after the roll and shared by every state of the turn (a state hands it on to the
    states its plies lead to), so each position met while listing the plies of any state of
    the turn is decided once. Results are kept without the pips: more pips never hurt, so a
    failure with more pips (or a success with fewer) settles a position too. It holds at most
    :attr:`LIMIT` positions (it starts afresh when full) and goes with the turn's states.
    """

    LIMIT = 50_000

    def __init__(self) -> None:
        self.results: dict[tuple, dict[tuple[int, int], bool]] = {}

    def known(self, key: tuple, points: tuple[int, int]) -> bool | None:
        """The answer for position ``key`` with ``points`` pips, if what is stored settles it."""
        for pips, result in self.results.get(key, {}).items():
            if (pips[0] >= points[0] and pips[1] >= points[1]) if not result else (pips[0] <= points[0] and pips[1] <= points[1]):
                return result
        return None

    def store(self, key: tuple, points: tuple[int, int], result: bool) -> None:
        if key not in self.results and len(self.results) >= self.LIMIT:
            self.results.clear()
        self.results.setdefault(key, {})[points] = result


def finishable(ctx: Context, board: tuple, points: tuple, moved: tuple, supply: tuple, table: TurnTable) -> bool:
    """Whether the turn can still be ended legally from this position: some sequence of moves
    with the pips left brings every moved piece to rest where it may."""
    stranded = stranded_pieces(board, moved)
    if not stranded:
        return True
    key = (board, moved, supply)
    known = table.known(key, points)
    if known is not None:
        return known
    result = False
    if _near_enough(ctx, board, points, stranded):
        result = _greedy(ctx, board, points, moved, supply)
        if not result:
            plan = _rest_bound(ctx, board, points, stranded, supply)
            result = plan is not None and (_follow(ctx, board, points, moved, supply, plan)
                                           or _greedy(ctx, board, points, moved, supply, deep=True)
                                           or _search(ctx, board, points, moved, supply, stranded, table))
    table.store(key, points, result)
    return result


# Necessary conditions ---------------------------------------------


def _near_enough(ctx: Context, board: tuple, points: tuple, stranded: list) -> bool:
    """Facts 1–3, summed per colour: every piece that must move can reach a square where it
    might end (its own square for 2 pips)."""
    dist, _, order = routes(ctx.blocked)
    leaving = dict(stranded)
    need = [0, 0]
    for square, level in stranded:
        stack = board[square]
        for height in range(level, len(stack)):
            piece = stack[height]
            if piece.colour not in ctx.colours:
                return False
            index = ctx.colours.index(piece.colour)
            best = 2 if might_rest(piece, stack[:level], ctx) else INF
            for target in order[square]:
                cost = dist[square][target]
                if cost >= best:
                    break
                if might_rest(piece, board[target][: leaving.get(target)], ctx):
                    best = cost
                    break
            need[index] += best
            if need[index] > points[index]:
                return False
    return True


_REST_BOUND_STEPS = 4_000
"""Choices :func:`_rest_bound` tries before it gives up (and refuses nothing)."""


def _rest_bound(ctx: Context, board: tuple, points: tuple, stranded: list, supply: tuple) -> list | None:
    """Facts 1–6: whether every piece that must move, and every cover that must then leave, can
    be given a square to end on such that, per colour, their ways fit the pips left. None when
    they cannot; else the squares found, as [((square, height), square to end on), …] (empty
    when the search for them gave up early), a plan for :func:`_follow` to try.

    A piece's options are the squares with a base for it (fact 3) within its pips (fact 2),
    its own square for 2. Choosing a square makes the pieces above the lowest base chosen there
    covers (once, however many pieces choose it), which must be given squares in turn (fact 4).
    The pieces above a stranded one leave anyway, so a square's stack counts only up to its
    stranded piece, and a piece's own square only below it."""
    dist, _, order = routes(ctx.blocked)
    leaving = dict(stranded)
    tops: dict[int, int] = {}  # square -> the height below which its pieces may stay

    def top(square: int) -> int:
        found = tops.get(square)
        if found is None:
            found = tops[square] = leaving.get(square, len(board[square]))
        return found

    options_of: dict[tuple, list] = {}

    def options(square: int, height: int, must: bool) -> list:
        """(pips, square, base, barred) for the piece at ``board[square][height]``; ``must``: a
        stranded piece or one on it (it may come back only onto what lies below the stranded one)."""
        found = options_of.get((square, height))
        if found is not None:
            return found
        stack = board[square]
        piece = stack[height]
        budget = points[ctx.colours.index(piece.colour)]
        found = []
        if budget >= 2:  # out and back
            base = rest_height(piece, stack[: leaving[square] if must else height], ctx)
            if base >= 0:
                found.append((2, square, base, -1))
        for target in order[square]:
            cost = dist[square][target]
            if cost > budget:
                break
            base = rest_height(piece, board[target][: top(target)], ctx)
            if base < 0:
                continue
            # A small on a large and medium of its colour may also end on the large alone, the
            # medium gone (fact 8 holds only where the medium stays).
            bases = (base, 1) if base == 2 and piece.size == 1 and _tower_spot(board[target], piece.colour) else (base,)
            for base in bases:
                if cost == 1 and must:  # fact 5: in one move (its covers pay to end where it was), or in two
                    found.append((1, target, base, square))
                    if budget >= 2:
                        found.append((2, target, base, -1))
                else:
                    found.append((cost, target, base, -1))
        found.sort(key=lambda option: (option[0], -option[2]) + option[1:])
        options_of[square, height] = found
        return found

    queue = []  # the pieces to place: (square, height, must move)
    for square, level in stranded:
        stack = board[square]
        for height in range(level, len(stack)):
            if stack[height].colour not in ctx.colours:
                return False
            queue.append((square, height, True))
    chosen: dict[int, tuple[int, frozenset, str]] = {}  # square -> lowest base chosen there, squares barred to
    #                                                      its covers, the colour of the pieces ending there
    ends: dict[tuple[int, int], int] = {}  # (square, height) of a piece placed -> the square chosen for it
    paid: dict[tuple[int, int], int] = {}  # … -> the pips counted for it
    pending: list[tuple[int, int, tuple[int, int]]] = []  # fact 6's exceptions to check: colour index, square, lower piece
    steps = 0

    def _waits_fit(need0: int, need1: int) -> bool:
        """Once every piece is placed: fact 6's exception (the small that came first completes a
        tower under the medium, so a medium lay on that large when it came: one that stayed, or
        another piece that ends there; if neither, the small waited elsewhere after all, 1 pip),
        then facts 7 and 8 (:func:`_cycle_extras`, :func:`_cap_extras`)."""
        need = [need0, need1]
        for index, target, lower in pending:
            stack = board[target]
            stays = len(stack) > 1 and stack[1].size == 2 and stack[1].colour == stack[0].colour \
                and chosen[target][0] >= 2
            # A medium from under the small on its square leaves after it: not that one.
            medium = any(at == target and board[key[0]][key[1]].size == 2 and not (key[0] == lower[0] and key[1] <= lower[1])
                         for key, at in ends.items())
            if not stays and not medium:
                need[index] += 1
        if need[0] > points[0] or need[1] > points[1]:
            return False
        extras = _cycle_extras(ctx, board, ends, paid, chosen) + _cap_extras(ctx, board, dist, ends, chosen, supply)
        return _extras_fit(extras, [points[0] - need[0], points[1] - need[1]])

    def place(k: int, need0: int, need1: int) -> bool:
        nonlocal steps
        if k == len(queue):
            if _waits_fit(need0, need1):
                plan.extend(ends.items())
                return True
            return False
        square, height, must = queue[k]
        piece = board[square][height]
        colour = piece.colour
        index = ctx.colours.index(colour)
        # Every piece still queued costs at least its cheapest option (a bar or a wait only
        # raises a cost), so a choice that leaves too few pips for them cannot succeed.
        later = [0, 0]
        for waiting in queue[k + 1:]:
            cheapest = options(*waiting)
            if not cheapest:
                return False
            later[ctx.colours.index(board[waiting[0]][waiting[1]].colour)] += cheapest[0][0]
        limit0, limit1 = points[0] - later[0], points[1] - later[1]
        barred = _NOTHING if must else chosen.get(square, _UNCHOSEN)[1]
        below = ends.get((square, height - 1))  # where the piece under it ends, if it was placed
        for cost, target, base, bar in options(square, height, must):
            steps += 1
            if steps > _REST_BOUND_STEPS:
                return True  # gave up: no plan, and no refusal
            if target in barred:
                cost = max(cost, 2)  # fact 5: it went somewhere else first
            waits = cost == 1 and target == below and piece.size < board[square][height - 1].size
            if waits and not _may_rise(ctx, board[target], colour, supply):
                cost = 2  # fact 6: it left first, must end above a bigger piece, so it waited elsewhere
                waits = False
            now0, now1 = (need0 + cost, need1) if index == 0 else (need0, need1 + cost)
            if now0 > limit0 or now1 > limit1:
                continue
            before = chosen.get(target) or (top(target), _NOTHING, "")
            if before[2] and before[2] != colour:
                continue  # fact 3: the pieces that end on one square are of one colour
            after = (min(before[0], base), before[1] | {bar} if bar >= 0 else before[1], colour)
            added = len(queue)
            queue.extend((target, h, False) for h in range(after[0], before[0]))
            chosen[target] = after
            ends[square, height] = target
            paid[square, height] = cost
            if waits:
                pending.append((index, target, (square, height - 1)))
            found = place(k + 1, now0, now1)
            if waits:
                pending.pop()
            del ends[square, height], paid[square, height]
            if before[2]:
                chosen[target] = before
            else:
                del chosen[target]
            del queue[added:]
            if found:
                return True
        return False

    plan: list = []
    return plan if place(0, 0, 0) else None


def _cycle_extras(ctx: Context, board: tuple, ends: dict, paid: dict, chosen: dict) -> list[list[tuple[int, int]]]:
    """Fact 7, for a placing of every piece (``ends``: (square, height) → square to end on;
    ``paid``: the pips counted for it): one more pip in every cycle of pieces counted at 1 pip
    (one move next door), as alternatives per colour (see :func:`_extras_fit`).

    If every piece went in one move, one moment each, a piece would move after the pieces
    above it on its square, after the covers of its square to be, and before the pieces that
    end on the square it leaves. A cycle of such orders among pieces that go next door (1 pip
    each) cannot be kept: one of them moves twice, 1 pip more (a piece going farther may stop
    on its way for nothing, so it breaks no cycle). Different cycles, different pieces."""
    moves = [key for key, target in ends.items() if target != key[0] and paid[key] == 1]
    if len(moves) < 2:
        return []
    ones = set(moves)
    after: dict[tuple, list] = {key: [] for key in moves}  # key -> the pieces that move after it
    for key in moves:
        square, height = key
        above = (square, height + 1)
        if above in ones:
            after[above].append(key)
        target = ends[key]
        for cover in ones:
            if cover[0] == target and cover[1] >= chosen[target][0]:
                after[cover].append(key)
        for other in moves:
            if other != key and ends[other] == square:
                after[key].append(other)
    extras = []
    for group in _strongly_connected(moves, after):
        if len(group) > 1:
            colours = {ctx.colours.index(board[s][h].colour) for s, h in group}
            extras.append([(1, 0) if index == 0 else (0, 1) for index in sorted(colours)])
    return extras


def _cap_extras(ctx: Context, board: tuple, dist: tuple, ends: dict, chosen: dict,
                supply: tuple) -> list[list[tuple[int, int]]]:
    """Fact 8: smalls that end together on a large and medium of their colour that stay (where
    the medium goes, the placing chose base 1 there and counts it as a cover). The
    first completes a tower there, and a small black caps it when only smalls are left in the
    supply: nothing may rest on that. So a medium came first (another, from elsewhere: its
    way, in the colour's pips), or the supply ran out first (each black left went to another
    tower completed earlier, by a small arriving: 1 pip for each beyond the towers the placing
    already completes elsewhere, in either colour)."""
    if supply[0] or supply[1] or not supply[2]:
        return []
    extras = []
    for target, (base, _, colour) in chosen.items():
        stack = board[target]
        if base != 2 or not _tower_spot(stack, colour) or tower_colour(stack, ctx.counts) is not None:
            continue
        arriving = [key for key, at in ends.items() if at == target]
        if len(arriving) < 2 or any(board[s][h].size != 1 for s, h in arriving):
            continue
        completed = {at for (s, h), at in ends.items() if at != target and board[s][h].size == 1
                     and board[at] and board[at][0].size == 3 and board[at][0].colour == board[s][h].colour
                     and tower_colour(board[at], ctx.counts) is None}
        short = max(0, supply[2] - len(completed))
        index = ctx.colours.index(colour)
        mediums = [dist[s][target] for s, stack_s in enumerate(board) for h, piece in enumerate(stack_s)
                   if piece.colour == colour and piece.size == 2 and (s, h) not in ends and s != target
                   and h >= (3 if tower_colour(stack_s, ctx.counts) else 0)]
        options = [(a, short - a) for a in range(short + 1)]
        if mediums:
            options.append((min(mediums), 0) if index == 0 else (0, min(mediums)))
        extras.append(options)
    return extras


def _tower_spot(stack: tuple, colour: str) -> bool:
    """Whether ``stack`` starts with a large and a medium of ``colour``."""
    return (len(stack) >= 2 and stack[0].size == 3 and stack[0].colour == colour
            and stack[1].size == 2 and stack[1].colour == colour)


def _extras_fit(extras: list[list[tuple[int, int]]], room: list[int]) -> bool:
    """Whether one alternative of every item of ``extras`` (pips per colour) fits ``room``."""
    if room[0] < 0 or room[1] < 0:
        return False

    def pay(k: int) -> bool:
        if k == len(extras):
            return True
        for add0, add1 in extras[k]:
            if add0 <= room[0] and add1 <= room[1]:
                room[0] -= add0
                room[1] -= add1
                found = pay(k + 1)
                room[0] += add0
                room[1] += add1
                if found:
                    return True
        return False

    return pay(0)


def _strongly_connected(nodes: list, edges: dict) -> list[list]:
    """The strongly connected groups of a small directed graph (Tarjan's algorithm)."""
    index: dict = {}
    low: dict = {}
    stack: list = []
    on_stack: set = set()
    groups: list[list] = []

    def visit(node: tuple) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            groups.append(group)

    for node in nodes:
        if node not in index:
            visit(node)
    return groups


def _may_rise(ctx: Context, stack: tuple, colour: str, supply: tuple) -> bool:
    """Whether a small of ``colour`` might complete a tower on this square in the turn and a
    large black cap it, so that a medium could then lie above that small (on the black)."""
    return (bool(stack) and stack[0].colour == colour and stack[0].size == 3 and supply[0] > 0
            and tower_colour(stack, ctx.counts) is None)


_NOTHING: frozenset = frozenset()
_UNCHOSEN = (0, _NOTHING, "")


def _cover_leaving(ctx: Context, board: tuple, leaving: dict, cover: Piece, square: int) -> int:
    """Fact 4: the fewest pips ``cover`` needs to leave ``square`` and end the turn where it may
    rest: 1 if a neighbour is a square where it might rest, else 2."""
    dist, _, order = routes(ctx.blocked)
    for target in order[square]:
        if dist[square][target] > 1:
            break
        if might_rest(cover, board[target][: leaving.get(target)], ctx):
            return 1
    return 2


# Witnesses ----------------------------------------------------------------------------------


def _follow(ctx: Context, board: tuple, points: tuple, moved: tuple, supply: tuple, plan: list) -> bool:
    """Play the plan :func:`_rest_bound` found: again and again, the first piece of it that is on
    top, may rest on its square's top now and is within reach goes there (when none can, the
    last one on top goes to the nearest other square where it may rest now). True when no
    piece is stranded in the end (so the moves played are a completing sequence)."""
    dist = routes(ctx.blocked)[0]
    ids = [[None] * len(stack) for stack in board]  # which piece of the plan each level holds
    where = {}
    for key, target in plan:
        if target == key[0]:
            return False  # out and back: not a plan to follow blindly
        ids[key[0]][key[1]] = key
        where[key] = key[0]
    waiting = dict(plan)
    _, _, order = routes(ctx.blocked)
    while waiting:
        for key, target in waiting.items():
            square = where[key]
            piece = board[square][-1]
            index = mover_index(board[square], ctx)
            if ids[square][-1] == key and index >= 0 and dist[square][target] <= points[index] \
                    and can_rest(piece, board[target]):
                break
        else:
            # Stuck (the plan asks one piece to wait for another): the last piece of it on top
            # (the covers of covers come last) goes to the nearest square where it may rest now.
            for key in reversed(list(waiting)):
                square = where[key]
                index = mover_index(board[square], ctx)
                if ids[square][-1] != key or index < 0:
                    continue
                piece = board[square][-1]
                target = next((t for t in order[square] if dist[square][t] <= points[index]
                               and t not in waiting.values() and can_rest(piece, board[t])), None)
                if target is not None:
                    break
            else:
                return False
        height = len(board[target])
        board, moved, supply, _ = move_piece(board, moved, supply, square, target, ctx.counts)
        points = spend(points, index, dist[square][target])
        ids[square].pop()
        ids[target].extend([key] + [None] * (len(board[target]) - height - 1))  # and a black, on a new tower
        del waiting[key]
    return not stranded_pieces(board, moved)



def _greedy(ctx: Context, board: tuple, points: tuple, moved: tuple, supply: tuple, deep: bool = False) -> bool:
    """Try to settle the stranded pieces one by one: each goes to the nearest square where it
    may rest, perhaps after the pieces covering that square have gone to theirs. With ``deep``,
    a cover may also go where it may rest only once the pieces covering that square have gone
    to theirs. Every step is a real move, so True comes with a completing sequence."""
    dist, _, order = routes(ctx.blocked)
    while True:
        stranded = stranded_pieces(board, moved)
        if not stranded:
            return True
        busy = {square for square, _ in stranded}
        src = stranded[0][0]
        piece = board[src][-1]
        index = mover_index(board[src], ctx)
        if index < 0:
            return False
        for dst in order[src]:
            cost = dist[src][dst]
            if cost > points[index]:
                return False
            if dst in busy:
                continue
            left, avoid = spend(points, index, cost), busy | {src}
            plan = (_clear_for(ctx, board, left, moved, supply, piece, dst, avoid, False, deep)
                    or _clear_for(ctx, board, left, moved, supply, piece, dst, avoid, True, deep))
            if plan is not None:
                board, points, moved, supply = plan
                board, moved, supply, _ = move_piece(board, moved, supply, src, dst, ctx.counts)
                break
        else:
            return False


def _clear_for(ctx: Context, board: tuple, points: tuple, moved: tuple, supply: tuple, piece: Piece, dst: int,
               avoid: set, hop: bool, deep: bool = False):
    """Take the covers off ``dst`` (each to its nearest square where it may rest) until ``piece``
    may rest there: (board, points, moved, supply), or None if that does not work out.
    With ``hop``, a small lying on a bigger piece of its colour hops to the nearest square
    instead, to settle later (perhaps back on that bigger piece: "hop off, medium in, hop back").
    With ``deep``, a cover with no such square within reach goes to the nearest square where it
    may rest once that square's covers have gone to theirs."""
    dist, _, order = routes(ctx.blocked)
    while not can_rest(piece, board[dst]):
        stack = board[dst]
        index = mover_index(stack, ctx)
        if index < 0:
            return None
        cover = stack[-1]
        anywhere = hop and cover.size == 1 and len(stack) > 1 and stack[-2].colour == cover.colour and stack[-2].size == 2
        target = _rest_for(ctx, board, points[index], cover, dst, avoid, anywhere)
        if target is None and deep:
            for target in order[dst]:
                cost = dist[dst][target]
                if cost > points[index]:
                    return None
                if target in avoid or not might_rest(cover, board[target], ctx):
                    continue
                plan = _clear_for(ctx, board, spend(points, index, cost), moved, supply, cover, target, avoid | {dst}, False)
                if plan is not None:
                    board, points, moved, supply = plan
                    points = spend(points, index, -cost)  # move_piece below pays for the cover
                    break
            else:
                return None
        elif target is None:
            return None
        board, moved, supply, _ = move_piece(board, moved, supply, dst, target, ctx.counts)
        points = spend(points, index, dist[dst][target])
    return board, points, moved, supply


def _rest_for(ctx: Context, board: tuple, budget: int, cover: Piece, square: int, avoid: set, anywhere: bool) -> int | None:
    """The nearest square within ``budget`` pips of ``square`` (not in ``avoid``) where ``cover``
    may rest (any square with ``anywhere``), or None."""
    dist, _, order = routes(ctx.blocked)
    for target in order[square]:
        if dist[square][target] > budget:
            return None
        if target not in avoid and (anywhere or can_rest(cover, board[target])):
            return target
    return None


# The search ---------------------------------------------------------------------------------


def _search(ctx: Context, board: tuple, points: tuple, moved: tuple, supply: tuple, stranded: list,
            table: TurnTable) -> bool:
    """True as soon as a useful move (:func:`_useful_sources`) leads to a position where the
    turn can be ended; stranded pieces first, and for each piece the squares where it may rest
    first, nearest first."""
    dist, _, order = routes(ctx.blocked)
    for src in _useful_sources(ctx, board, points, stranded, supply):
        index = mover_index(board[src], ctx)
        budget = points[index]
        piece = board[src][-1]
        reach = [dst for dst in order[src] if dist[src][dst] <= budget]
        reach.sort(key=lambda dst: not can_rest(piece, board[dst]))  # stable: nearest legal first
        for dst in reach:
            after, after_moved, after_supply, _ = move_piece(board, moved, supply, src, dst, ctx.counts)
            if finishable(ctx, after, spend(points, index, dist[src][dst]), after_moved, after_supply, table):
                return True
    return False


def _useful_sources(ctx: Context, board: tuple, points: tuple, stranded: list, supply: tuple) -> list[int]:
    """Squares whose top piece is worth moving: those of stranded pieces
    (and the pieces on them); then squares within reach of a piece that may have to move (its
    own square too, for a piece that must move: out and back), where the top covers a piece it
    could rest on (closed: those covers may have to move too), while taking the covers off fits
    the pips left (the piece's way and fact 4); then, when the turn might use up the blacks
    left (:func:`_may_use_up_blacks`), every other square whose top the mover may move.

    Why no other move can help: a piece that ends on a square rests on what stayed there, or on
    pieces of its colour no smaller than it that rest there (fact 3), so moving a piece never
    makes a place to rest that was not one already; the mover's moves make no blockade for
    the mover (fact 2); and a tower completed anywhere only freezes pieces and takes the
    largest black, which makes later caps smaller, never larger - except that taking the last
    one leaves the next tower uncapped, and a small may rest on an uncapped tower's small."""
    dist = routes(ctx.blocked)[0]
    leaving = dict(stranded)
    pending = [(square, piece) for square, level in stranded for piece in board[square][level:]]
    seen = set(pending)
    useful = list(leaving)
    covering: set[int] = set()
    while pending:
        square, piece = pending.pop()
        index = ctx.colours.index(piece.colour)
        budget = points[index]
        for target, stack in enumerate(board):
            way = dist[square][target] if target != square else (2 if square in leaving else INF)
            if way > budget:
                continue
            stack = stack[: leaving.get(target)]
            if can_rest(piece, stack):
                continue
            height = len(stack)
            covers = [0, 0]
            covers[index] = way
            while height and mover_index(stack[:height], ctx) >= 0:
                covers[mover_index(stack[:height], ctx)] += _cover_leaving(ctx, board, leaving, stack[height - 1], target)
                if covers[0] > points[0] or covers[1] > points[1]:
                    break  # taking the covers off would cost more pips than are left
                height -= 1
                if can_rest(piece, stack[:height]):
                    covering.add(target)
                    for cover in stack[height:]:
                        if (target, cover) not in seen:
                            seen.add((target, cover))
                            pending.append((target, cover))
                    break
    useful += sorted(covering - set(leaving))
    if _may_use_up_blacks(ctx, board, points, supply):
        useful += [square for square in range(len(board)) if square not in leaving and square not in covering]
    return [s for s in useful if mover_index(board[s], ctx) >= 0]


def _may_use_up_blacks(ctx: Context, board: tuple, points: tuple, supply: tuple) -> bool:
    """Whether the turn might use up the blacks left: each new tower takes one, and a tower
    is completed by a small's move (a pip at least) on a large of the mover's that stays."""
    left = sum(supply)
    if not left or left > points[0] + points[1]:
        return False
    bases = sum(1 for stack in board if stack and stack[0].size == 3 and stack[0].colour in ctx.colours
                and tower_colour(stack, ctx.counts) is None)
    return left <= bases
