"""Round-robin schedules by the circle (Berger) method."""

from __future__ import annotations

Pairing = tuple[int, int | None]


def round_robin(n: int, double: bool = False) -> list[list[Pairing]]:
    """Rounds of ``(home, away)`` in which every pair of entrants ``0..n-1`` meets once.

    With ``double`` a second cycle follows in which every pairing of the first is repeated with
    home and away swapped, in the same order of rounds. For odd ``n`` every round has one
    ``(entrant, None)``: a bye, exactly once per entrant per cycle.

    Home and away: circle method with one entrant fixed (the bye for odd ``n``) and the rest
    rotating; each rotating entrant alternates home and away, and the fixed entrant alternates
    too, so every entrant has ``|home - away| <= 1`` per cycle (``0`` for odd ``n``) and at most
    one break (two home or two away in a row) per cycle.

    Choice: ``n < 2`` gives no rounds at all (``[]``); a single entrant needs no schedule.
    Choice: the bye, if any, is listed last in its round; the fixed entrant's pairing first.
    """
    if n < 0:
        raise ValueError(f"round_robin needs a non-negative number of entrants, got {n}")
    if n < 2:
        return []
    size = n if n % 2 == 0 else n + 1  # with a phantom entrant: meeting it is a bye
    fixed = size - 1
    rotating = size - 1  # entrants 0..size-2 rotate; there are as many rounds
    half = size // 2
    rounds: list[list[Pairing]] = []
    for r in range(rotating):
        # The fixed entrant meets entrant r; it alternates home and away by round.
        games: list[Pairing] = [(fixed, r) if r % 2 else (r, fixed)]
        # Entrant x at offset d = x - r walks d = 1, 0, -1, ... as rounds go by: flipping the
        # orientation of the pair (r + i, r - i) with the parity of i makes each entrant alternate.
        games += [
            ((r + i) % rotating, (r - i) % rotating) if i % 2 else ((r - i) % rotating, (r + i) % rotating)
            for i in range(1, half)
        ]
        if n % 2:  # the fixed entrant is the phantom: entrant r has the bye, listed last
            games = [*games[1:], (r, None)]
        rounds.append(games)
    if double:
        rounds += [[(home, None) if away is None else (away, home) for home, away in rnd] for rnd in rounds]
    return rounds
