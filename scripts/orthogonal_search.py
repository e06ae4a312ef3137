"""Find a pair of orthogonal Latin squares of order n (the skeleton of a duplicate movement in which
every pair meets every pair of the other line once; competitions/pairings/orthogonal.py).

    .venv/bin/python scripts/orthogonal_search.py 10 1     # order 10, seed 1: about a minute

Method: a random Latin square (row by row, each row a random perfect matching of columns to the
symbols a column has not had yet, restarted when stuck); all its transversals (depth-first); then
an exact cover of its cells by n disjoint transversals (Knuth's algorithm X, the cell with the
fewest transversals first, a step limit per square). The k-th transversal is where the second
square holds symbol k. Deterministic for a seed. Orders from 14 on have too many transversals for
this enumeration.
"""

import random
import sys
import time


def random_latin(n, rng):
    # row by row: random perfect matching columns->symbols avoiding column repeats, with restarts
    while True:
        rows = []
        used = [set() for _ in range(n)]
        ok = True
        for _row in range(n):
            # bipartite matching: column j -> symbol s not in used[j]
            match_s = {}
            order = list(range(n))
            rng.shuffle(order)

            def try_col(j, seen):
                syms = [s for s in range(n) if s not in used[j]]
                rng.shuffle(syms)
                for s in syms:
                    if s in seen:
                        continue
                    seen.add(s)
                    if s not in match_s or try_col(match_s[s], seen):
                        match_s[s] = j
                        return True
                return False

            for j in order:
                if not try_col(j, set()):
                    ok = False
                    break
            if not ok:
                break
            row = [None] * n
            for s, j in match_s.items():
                row[j] = s
            rows.append(row)
            for j in range(n):
                used[j].add(row[j])
        if ok:
            return rows


def transversals(L):
    n = len(L)
    out = []
    cols = [False] * n
    syms = [False] * n
    cur = []

    def dfs(i):
        if i == n:
            out.append(tuple(cur))
            return
        for j in range(n):
            s = L[i][j]
            if not cols[j] and not syms[s]:
                cols[j] = syms[s] = True
                cur.append(j)
                dfs(i + 1)
                cur.pop()
                cols[j] = syms[s] = False

    dfs(0)
    return out


def exact_cover(n, trans, rng, limit):
    # choose n transversals covering every cell (i, j) once
    cover = {(i, j): set() for i in range(n) for j in range(n)}
    for k, t in enumerate(trans):
        for i, j in enumerate(t):
            cover[(i, j)].add(k)
    chosen = []
    steps = [0]

    def select(k):
        removed = []
        for cell in [(i, j) for i, j in enumerate(trans[k])]:
            for k2 in cover[cell]:
                for c2 in [(i, j) for i, j in enumerate(trans[k2])]:
                    if c2 != cell:
                        cover[c2].discard(k2)
            removed.append((cell, cover.pop(cell)))
        return removed

    def deselect(k, removed):
        for cell, ks in reversed(removed):
            cover[cell] = ks
            for k2 in ks:
                for c2 in [(i, j) for i, j in enumerate(trans[k2])]:
                    if c2 != cell:
                        cover[c2].add(k2)

    def solve():
        steps[0] += 1
        if steps[0] > limit:
            return False
        if not cover:
            return True
        cell = min(cover, key=lambda c: len(cover[c]))
        ks = list(cover[cell])
        rng.shuffle(ks)
        for k in ks:
            chosen.append(k)
            rem = select(k)
            if solve():
                return True
            deselect(k, rem)
            chosen.pop()
        return False

    return [trans[k] for k in chosen] if solve() else None


def main(n: int, seed: int):
    rng = random.Random(seed)
    t0 = time.time()
    while True:
        L = random_latin(n, rng)
        T = transversals(L)
        sol = exact_cover(n, T, rng, 200000) if len(T) >= n else None
        print(len(T), sol is not None, round(time.time() - t0, 1), flush=True)
        if sol:
            M = [[None] * n for _ in range(n)]
            for s, t in enumerate(sol):
                for i, j in enumerate(t):
                    M[i][j] = s
            print(L)
            print(M)
            return L, M


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
