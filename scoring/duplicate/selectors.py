"""Reads of a duplicate evening: every table's result per board, matchpoints, standings by
percentage and a pair's deal-by-deal comparison.

``load_evening`` reads the whole evening in a fixed number of queries (the setup, its boards, the
deals of confirmed tables, the tables' sides) whatever its size; everything after that is Python
over those rows with the pure arithmetic of ``scoring.rules.matchpoints``.

Choices: only confirmed tables count (as in every standings); one ranking of all pairs by
percentage (a pair is compared only within its line, and a percentage is comparable across lines),
the line shown beside the name.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from competitions.models import Competition, Match, MatchSide
from competitions.pairings import mitchell
from competitions.standings.metrics import StandingRow
from competitions.standings.tiebreak import rank_rows
from scoring.duplicate.hands import seat_hands
from scoring.duplicate.models import Board, DuplicateSetup
from scoring.models import Deal
from scoring.rules import SEATS
from scoring.rules.matchpoints import BoardScore, PairTotal, pair_totals, score_board, table_result

NS, EW = 0, 1


def line_name(line: int) -> str:
    return _("N–S") if line == NS else _("E–W")


@dataclass
class Pair:
    entrant_id: int
    name: str
    line: int  # NS or EW
    number: int  # 1.. within its line (N–S pair n starts at table n)

    @property
    def label(self) -> str:
        return f"{line_name(self.line)} {self.number}"


@dataclass
class TableResult:
    """One table's result on one board."""

    board: int
    round: int
    table: int
    match_id: int
    ns: int  # entrant ids
    ew: int
    deal: Deal
    ns_score: BoardScore | None = None
    ew_score: BoardScore | None = None

    @property
    def ns_result(self) -> int:
        return table_result(self.deal.score_a, self.deal.score_b)

    def score_of(self, entrant_id: int) -> BoardScore | None:
        return self.ns_score if entrant_id == self.ns else self.ew_score


@dataclass
class BoardSheet:
    """A board with its hands and every table's result on it (the frequency sheet)."""

    row: Board
    results: list[TableResult] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.row.number

    @property
    def dealer(self) -> str:
        return SEATS[self.row.dealer]

    @property
    def maker(self) -> str:
        return "" if self.row.maker is None else SEATS[self.row.maker]

    @property
    def hands(self) -> dict[str, list]:
        """Seat letter → its suit lines (``hands.SuitLine``), for the hand diagram."""
        return dict(zip(SEATS, seat_hands(self.row.hands)))


@dataclass
class DuplicateEvening:
    setup: DuplicateSetup
    pairs: dict[int, Pair]
    boards: list[BoardSheet]
    totals: dict[int, PairTotal]

    def board(self, number: int) -> BoardSheet | None:
        return next((b for b in self.boards if b.number == number), None)

    def pair_results(self, entrant_id: int) -> list[TableResult]:
        return [r for b in self.boards for r in b.results if entrant_id in (r.ns, r.ew)]


def setup_of(competition: Competition) -> DuplicateSetup | None:
    return DuplicateSetup.objects.filter(competition=competition).first()


def load_evening(setup: DuplicateSetup) -> DuplicateEvening:
    """The whole evening: 3 queries (boards, deals of confirmed tables, the tables' sides)."""
    competition_id = setup.competition_id
    per_round = setup.per_round
    sides = MatchSide.objects.filter(match__round__competition_id=competition_id, entrant__isnull=False)
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # match id -> side -> entrant id
    pairs: dict[int, Pair] = {}
    for match_id, side, entrant_id, name, table, number in sides.values_list(
        "match_id", "side", "entrant_id", "entrant__name", "match__table", "match__round__number"
    ):
        seated[match_id][side] = entrant_id
        if entrant_id not in pairs:
            pairs[entrant_id] = Pair(entrant_id, name, side, 0)
        if side == NS:
            pairs[entrant_id].number = table
        elif number == 1:
            pairs[entrant_id].number = table  # E–W pair n starts round 1 at table n
    sheets = {b.number: BoardSheet(b) for b in Board.objects.filter(setup=setup).order_by("number")}
    deals = Deal.objects.filter(match__round__competition_id=competition_id, match__status=Match.Status.CONFIRMED)
    for deal in deals.select_related("match__round").only(
        "number",
        "match_id",
        "score_a",
        "score_b",
        "points_a",
        "points_b",
        "roem_a",
        "roem_b",
        "bidder",
        "pit",
        "verzaakt",
        "nat",
        "trump",
        "match__table",
        "match__round__number",
    ):
        table, round_number = deal.match.table, deal.match.round.number
        wallet = (table - 1 + round_number - 1) % setup.tables
        if deal.number > per_round:
            continue  # not a board of this movement (a longer sheet cannot be saved, but be safe)
        board = mitchell.board_of(wallet, per_round, deal.number)
        sides_of = seated.get(deal.match_id, {})
        if board in sheets and NS in sides_of and EW in sides_of:
            sheets[board].results.append(
                TableResult(board, round_number, table, deal.match_id, sides_of[NS], sides_of[EW], deal)
            )
    by_board: dict[int, dict[int, BoardScore]] = {}
    for number, sheet in sheets.items():
        ns = score_board({r.ns: r.ns_result for r in sheet.results})
        ew = score_board({r.ew: -r.ns_result for r in sheet.results})
        for r in sheet.results:
            r.ns_score, r.ew_score = ns[r.ns], ew[r.ew]
        sheet.results.sort(key=lambda r: (-r.ns_result, r.table))
        by_board[number] = {**ns, **ew}
    return DuplicateEvening(setup, pairs, list(sheets.values()), pair_totals(by_board))


def standing_rows(setup: DuplicateSetup, evening: DuplicateEvening | None = None) -> list[StandingRow]:
    """Ranked rows: ``points`` is the matchpoint percentage (or, ranked by the difference to the
    average, that sum), ``match_points`` the matchpoints, ``played`` the boards played."""
    evening = evening or load_evening(setup)
    by_difference = setup.method == DuplicateSetup.Method.DIFFERENCE
    rows = []
    for entrant_id, pair in evening.pairs.items():
        total = evening.totals.get(entrant_id, PairTotal())
        rows.append(
            StandingRow(
                name=pair.name,
                entrant_id=entrant_id,
                points=total.difference if by_difference else total.percentage,
                total=int(total.difference) if total.difference.denominator == 1 else round(total.difference),
                played=total.boards,
                match_points=total.matchpoints,
            )
        )
    competition = setup.competition
    return rank_rows(
        rows,
        ["points", "match_points"],
        None,
        prize_places=competition.prize_places,
        prize_every=competition.prize_every,
    )


def standings_for(competition: Competition) -> list[StandingRow]:
    """The standings of a duplicate competition (the hook of ``competitions.standings``); empty
    before the boards are dealt."""
    setup = DuplicateSetup.objects.select_related("competition").filter(competition=competition).first()
    return standing_rows(setup) if setup is not None else []


def percent(value: Fraction) -> str:
    """A percentage as shown: two decimals, in the reader's notation (Dutch: 57,29)."""
    return number_format(float(value), 2)


@dataclass
class MovementLine:
    round: int
    table: int
    boards: range
    ns: Pair | None
    ew: Pair | None
    ew_to: int  # where this table's E-W pair goes after the round (table number)
    wallets_to: int  # where this table's wallets go after the round


def movement_lines(setup: DuplicateSetup, pairs: dict[int, Pair]) -> list[MovementLine]:
    """The movement as printed for the tables: each round, each table's boards and pairs, and
    where the E–W pair and the wallets go next (no query: the pairs come from ``load_evening``)."""
    by_line = {(p.line, p.number): p for p in pairs.values()}
    lines = []
    for seatings in mitchell.movement(setup.tables):
        for s in seatings:
            lines.append(
                MovementLine(
                    round=s.round + 1,
                    table=s.table + 1,
                    boards=mitchell.wallet_boards(s.wallet_set, setup.per_round),
                    ns=by_line.get((NS, s.ns + 1)),
                    ew=by_line.get((EW, s.ew + 1)),
                    ew_to=mitchell.next_table_of_ew(setup.tables, s.table, s.round) + 1,
                    wallets_to=mitchell.next_table_of_wallets(setup.tables, s.table) + 1,
                )
            )
    return lines
