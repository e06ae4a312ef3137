"""Local search for the tables of one round (and, optionally, one round ahead).

The search works on local indexes ``0..m-1`` of the seated players and on integer cost matrices
built by :mod:`.individual`:

``meet[i][j]``: the cost of ``i`` and ``j`` sharing a table. (Who partners whom at a table is
settled afterwards, table by table; see :mod:`.seats`.) The cost of a plan is additive over pairs,
so a swap's effect is computed from the handful of pairs it changes.

A *plan* is ``horizon`` rounds (1 or 2): the round being drawn and, with 2, a look-ahead round
whose only purpose is to keep the drawn round extendable — at 16 players, for instance, three
rounds can be drawn without a repeat after which no fourth round exists; planning one round ahead
avoids such dead ends. Planned rounds cost ``cross`` for every pair that shares a table in both.
The drawn round's costs weigh ``weight`` times those of the look-ahead round.

Algorithm: a greedy start (each seat takes the cheapest remaining player), then tabu search with
swap moves in the spirit of the min-conflicts search for the social golfer problem (Dotú & Van
Hentenryck): among (up to ``_CANDIDATES``) players who sit with someone they should not, the swap
with a player at another table of the same round that lowers the total most is made (ties drawn);
the table each leaves is tabu to them for a few iterations unless the swap gives a new best; after
a long stall a few random swaps shake the plan. The search stops at cost zero or after a budget of
evaluated swaps — a count, not a clock, so the result depends only on ``rng``.

``allowed[r][p]``: the table sizes player ``p`` may take in planned round ``r`` (``None``: any). It is
how the fair rotation of tables of three (:mod:`.rotation`) is kept: the start respects it and no
swap or shake breaks it (a swap between tables of one size always keeps it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

_STALL = 80  # iterations without a new best before a shake
_SHAKE = 3  # random swaps per shake
_CANDIDATES = 12  # players (in conflict) whose swaps one iteration evaluates


class TableSearch:
    """One search; construct, then :meth:`run`; the best plan is in :attr:`best`.

    ``cost[r][a][b]`` is what ``a`` and ``b`` at one table of planned round ``r`` add to the plan:
    ``weight·meet`` (round 0) or ``meet`` (look-ahead), plus ``cross`` when they share a table in
    the other planned round (kept up to date after every swap). ``own[r][p]`` is what player ``p``
    adds where they sit in round ``r``.
    """

    def __init__(
        self,
        sizes: Sequence[int],
        meet: list[list[int]],
        rng: random.Random,
        *,
        horizon: int = 1,
        weight: int = 1,
        cross: int = 0,
        fixed: Sequence[dict[int, int]] = (),
        allowed: Sequence[Sequence[frozenset[int]] | None] = (),
    ) -> None:
        self.sizes = list(sizes)
        self.allowed = [allowed[r] if r < len(allowed) else None for r in range(horizon)]
        self.m = sum(self.sizes)
        self.rng = rng
        self.horizon = horizon
        self.cross = cross if horizon > 1 else 0
        self.rounds: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        for r in range(horizon):
            tables = self._greedy(meet, fixed[r] if r < len(fixed) else {}, self.allowed[r])
            self.rounds.append(tables)
            self.where.append(self._where_of(tables))
        weights = [weight] + [1] * (horizon - 1)
        self.cost = [[[w * v for v in row] for row in meet] if w != 1 else [row[:] for row in meet] for w in weights]
        if self.cross:
            for r in range(horizon):
                for table in self.rounds[1 - r]:
                    for a in table:
                        for b in table:
                            if a != b:
                                self.cost[r][a][b] += self.cross
        self.own = [[0] * self.m for _ in range(horizon)]
        for r in range(horizon):
            self._refresh_own(r)
        self.total = self.plan_cost()
        self.best = [[t[:] for t in tables] for tables in self.rounds]
        self.best_total = self.total

    def plan_cost(self) -> int:
        """Weighted meeting costs of every planned round plus ``cross`` per pair together in both."""
        total = sum(sum(own) for own in self.own) // 2
        return total - self._together_in_both() * self.cross if self.cross else total

    def _together_in_both(self) -> int:
        other = self.where[1]
        return sum(
            1
            for table in self.rounds[0]
            for i in range(len(table))
            for j in range(i + 1, len(table))
            if other[table[i]] == other[table[j]]
        )

    def _refresh_own(self, r: int, tables: Sequence[Sequence[int]] | None = None) -> None:
        cost, own = self.cost[r], self.own[r]
        for table in self.rounds[r] if tables is None else tables:
            for p in table:
                row = cost[p]
                own[p] = sum(row[z] for z in table)

    # --- construction ---------------------------------------------------------------------

    @staticmethod
    def _where_of(tables: list[list[int]]) -> list[int]:
        where = [0] * sum(len(t) for t in tables)
        for index, table in enumerate(tables):
            for p in table:
                where[p] = index
        return where

    def _greedy(
        self, meet: list[list[int]], fixed: dict[int, int], allowed: Sequence[frozenset[int]] | None = None
    ) -> list[list[int]]:
        """Fill the tables seat by seat with the cheapest remaining player (random ties);
        players in ``fixed`` (player -> table) are seated there first. With ``allowed``, each table
        draws only from the players meant for its size (see :meth:`_pools`)."""
        if allowed is not None:
            fixed, pools = self._pools(fixed, allowed)
        tables: list[list[int]] = [[] for _ in self.sizes]
        for player, fixed_at in sorted(fixed.items()):
            tables[fixed_at].append(player)
        rest = [p for p in range(self.m) if p not in fixed]
        self.rng.shuffle(rest)
        for index, size in enumerate(self.sizes):
            table = tables[index]
            if allowed is not None:
                rest = pools[size]
            while len(table) < size:
                if not table:
                    table.append(rest.pop())
                    continue
                best_k, best_cost = 0, None
                for k, p in enumerate(rest):
                    row = meet[p]
                    cost = sum(row[q] for q in table)
                    if best_cost is None or cost < best_cost:
                        best_k, best_cost = k, cost
                        if cost == 0:
                            break
                table.append(rest.pop(best_k))
        return tables

    def _pools(
        self, fixed: dict[int, int], allowed: Sequence[frozenset[int]]
    ) -> tuple[dict[int, int], dict[int, list[int]]]:
        """Which size of table each unfixed player starts at: those allowed one size there, the
        others (shuffled) wherever seats are left. A ``fixed`` seat that breaks ``allowed`` or
        takes a seat that a one-size player needs is dropped (``fixed`` is a starting hint)."""
        seats: dict[int, int] = {}
        for size in self.sizes:
            seats[size] = seats.get(size, 0) + size
        only = {size: [p for p in range(self.m) if allowed[p] == {size}] for size in seats}
        need = {size: len(players) for size, players in only.items()}
        kept: dict[int, int] = {}
        for player, table in sorted(fixed.items()):
            size = self.sizes[table]
            if size not in allowed[player]:
                continue
            if allowed[player] == {size}:
                need[size] -= 1
            elif seats[size] - need[size] <= 0:
                continue
            seats[size] -= 1
            kept[player] = table
        pools: dict[int, list[int]] = {size: [p for p in only[size] if p not in kept] for size in seats}
        for size in seats:
            seats[size] -= len(pools[size])
            if seats[size] < 0:
                raise ValueError(f"table search: more players must sit at tables of {size} than there are seats")
        flexible = [p for p in range(self.m) if p not in kept and len(allowed[p] & seats.keys()) > 1]
        self.rng.shuffle(flexible)
        for p in flexible:
            size = next(size for size in sorted(seats) if seats[size] > 0 and size in allowed[p])
            seats[size] -= 1
            pools[size].append(p)
        for pool in pools.values():
            self.rng.shuffle(pool)
        return kept, pools

    # --- search ---------------------------------------------------------------------------

    def run(self, budget: int) -> None:
        """Search until the plan costs nothing or ``budget`` swaps have been evaluated."""
        if len(self.sizes) < 2:
            return  # one table: nothing to swap
        rng = self.rng
        tabu = [[[0] * len(self.sizes) for _ in range(self.m)] for _ in range(self.horizon)]
        tenure = 2 + len(self.sizes) // 2
        iteration, stall, evaluated = 0, 0, 0
        while self.total > 0 and evaluated < budget:
            iteration += 1
            candidates = [(r, p) for r in range(self.horizon) for p in range(self.m) if self.own[r][p] > 0]
            if not candidates:
                break
            if len(candidates) > _CANDIDATES:
                candidates = rng.sample(candidates, _CANDIDATES)
            best_delta, moves = None, []
            for r, x in candidates:
                tables, where, cost, own, banned = self.rounds[r], self.where[r], self.cost[r], self.own[r], tabu[r]
                allowed = self.allowed[r]
                t = where[x]
                rest_t = [z for z in tables[t] if z != x]
                cx, own_x = cost[x], own[x]
                for u, other in enumerate(tables):
                    if u == t:
                        continue
                    crossing = allowed is not None and self.sizes[u] != self.sizes[t]
                    if crossing and allowed is not None and self.sizes[u] not in allowed[x]:
                        continue
                    x_at_u = sum(cx[z] for z in other)
                    x_banned = banned[x][u] > iteration
                    for y in other:
                        if crossing and allowed is not None and self.sizes[t] not in allowed[y]:
                            continue
                        cy = cost[y]
                        delta = sum(cy[z] for z in rest_t) - own_x + x_at_u - cx[y] - own[y]
                        if (x_banned or banned[y][t] > iteration) and self.total + delta >= self.best_total:
                            continue
                        if best_delta is None or delta < best_delta:
                            best_delta, moves = delta, [(r, x, y)]
                        elif delta == best_delta:
                            moves.append((r, x, y))
                    evaluated += len(other)
            if not moves:
                evaluated += 1  # every swap tabu: let the iteration count on
                continue
            assert best_delta is not None  # set with the first move
            r, x, y = moves[rng.randrange(len(moves))]
            t, u = self.where[r][x], self.where[r][y]
            self._swap(r, x, y)
            tabu[r][x][t] = iteration + 1 + rng.randrange(tenure)
            tabu[r][y][u] = iteration + 1 + rng.randrange(tenure)
            self.total += best_delta
            if self.total < self.best_total:
                self.best_total = self.total
                self.best = [[tb[:] for tb in tabs] for tabs in self.rounds]
                stall = 0
            else:
                stall += 1
                if stall >= _STALL:
                    stall = 0
                    self._shake()

    def _swap(self, r: int, x: int, y: int) -> None:
        """Swap ``x`` and ``y`` (at different tables of round ``r``); keep costs up to date."""
        tables, where = self.rounds[r], self.where[r]
        t, u = where[x], where[y]
        old = (tables[t][:], tables[u][:])
        tables[t][tables[t].index(x)] = y
        tables[u][tables[u].index(y)] = x
        where[x], where[y] = u, t
        if self.cross:
            other = self.cost[1 - r]
            for mover, before, after in ((x, old[0], tables[u]), (y, old[1], tables[t])):
                for z in before:
                    if z != mover:
                        other[mover][z] -= self.cross
                        other[z][mover] -= self.cross
                for z in after:
                    if z != mover:
                        other[mover][z] += self.cross
                        other[z][mover] += self.cross
            self._refresh_own(1 - r)
        self._refresh_own(r, (tables[t], tables[u]))

    def _shake(self) -> None:
        """A few random swaps between tables of a random planned round."""
        rng = self.rng
        r = rng.randrange(self.horizon)
        tables = self.rounds[r]
        if len(tables) < 2:
            return
        allowed = self.allowed[r]
        for _ in range(_SHAKE):
            t, u = rng.sample(range(len(tables)), 2)
            x, y = rng.choice(tables[t]), rng.choice(tables[u])
            if allowed is not None and (self.sizes[u] not in allowed[x] or self.sizes[t] not in allowed[y]):
                continue  # this swap would break the rotation: skip it
            self._swap(r, x, y)
        self.total = self.plan_cost()
