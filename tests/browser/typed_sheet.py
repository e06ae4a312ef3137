"""A paper score sheet of 16 deals as a scorer types it, and the rules engine's answer for it."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.rules import DealInput, score_deal

DEAL_TOTAL = 162  # Dutch card values: 152 + 10 for the last trick


@dataclass(frozen=True)
class TypedDeal:
    """One row of the paper sheet as the scorer types it. Sides: 0 wij (N–S), 1 zij (E–W)."""

    bidder: str  # "w" or "z"
    points_a: int  # typed; the page fills in the other side's points
    roem_a: str = ""  # typed as written: a number or tally symbols (| = 20, V = 50, O = 100)
    roem_b: str = ""
    pit: str = ""

    @property
    def points_b(self) -> int:
        return DEAL_TOTAL - self.points_a

    def engine_input(self) -> DealInput:
        return DealInput(
            points=(self.points_a, DEAL_TOTAL - self.points_a),
            roem=(_roem(self.roem_a), _roem(self.roem_b)),
            bidder={"w": 0, "z": 1}[self.bidder],
            pit={"": None, "w": 0, "z": 1}[self.pit],
        )


def _roem(text: str) -> int:
    if text.isdigit():
        return int(text)
    return sum({"|": 20, "V": 50, "O": 100}[c] for c in text.upper())


# Sixteen deals as on a paper sheet: deal 3 goes nat (wij bid and fall short), deal 4 is a pit for
# zij, deal 9 has roem written as tally symbols.
SHEET = [
    TypedDeal("w", 92, roem_a="20"),
    TypedDeal("z", 60, roem_b="20"),
    TypedDeal("w", 70),  # nat: wij bid with 70 of 162
    TypedDeal("z", 0, roem_b="50", pit="z"),  # pit: zij win every trick
    TypedDeal("w", 101),
    TypedDeal("z", 45, roem_b="20"),
    TypedDeal("w", 88, roem_a="50"),
    TypedDeal("z", 72),
    TypedDeal("w", 110, roem_a="|V"),  # tally roem: | + V = 70
    TypedDeal("z", 61, roem_a="20"),
    TypedDeal("w", 95),
    TypedDeal("z", 30, roem_b="100"),
    TypedDeal("w", 104, roem_b="20"),
    TypedDeal("z", 66, roem_a="20", roem_b="20"),
    TypedDeal("w", 120),
    TypedDeal("z", 52),
]
NAT_DEAL, PIT_DEAL = 3, 4


def expected_rows(rules) -> list[dict]:
    """The rules engine's answer for ``SHEET``: per deal the scores, the mark and the running totals."""
    running = [0, 0]
    rows = []
    for deal in SHEET:
        result = score_deal(rules, deal.engine_input())
        running = [t + s for t, s in zip(running, result.scores)]
        rows.append(
            {"scores": list(result.scores), "marks": list(result.marks), "mark": result.mark, "running": list(running)}
        )
    return rows
