"""Reads of a duplicate evening: every table's result per board, matchpoints, standings by
percentage and a pair's deal-by-deal comparison.

``load_evening`` reads the whole evening in a fixed number of queries (the setup, its boards, the
deals of confirmed tables, the tables' sides) whatever its size; everything after that is Python
over those rows with the pure arithmetic of ``scoring.rules.matchpoints``.

Choices: only confirmed tables count (as in every standings); one ranking of all pairs by
percentage (a pair is compared only within its line, and a percentage is comparable across lines),
the line shown beside the name.

Missing results (RULES.md §9): a board with fewer results than tables is scaled by Neuberg's
formula (``matchpoints.score_board(expected=tables)``), and a pair that *missed* a board scores the
club's average (``DuplicateSetup.missed_percentage``, ``matchpoints.missed_board``). Choice: a pair
missed the boards of a round when its table of that round has no confirmed sheet while the evening
has gone past that round — a table has confirmed a sheet of a later round — or, in the last round,
when every other table of that round has confirmed. Until then the round is still being played and
its boards count for nobody (the live standings are over the boards played, as before). A sheet is
only confirmed complete, so a confirmed table never misses a board of its wallet.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from clubs.permissions import is_staff_of
from competitions.models import Competition, Match, MatchSide
from competitions.pairings import mitchell
from competitions.selectors import EVERYTHING, PlaySeen
from competitions.standings.metrics import StandingRow
from competitions.standings.pairs_teams import STAT_FIELDS
from competitions.standings.tiebreak import rank_rows
from core.numbers import number_text, rounded
from scoring.duplicate.hands import seat_hands
from scoring.duplicate.models import Board, DuplicateSetup
from scoring.models import Deal
from scoring.rules import SEATS
from scoring.rules.matchpoints import BoardScore, PairTotal, missed_board, pair_totals, score_board, table_result

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
        return SEATS[self.row.dealer]  # a code: seat_name() and the diagram show it in words

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
    #: board number -> entrant id -> the club's average given for a board the pair missed
    missed: dict[int, dict[int, BoardScore]] = field(default_factory=dict)
    #: entrant id -> its tables' statistics (roem, nat, pits, ... as ``MatchSide`` keeps them), summed
    #: over its confirmed tables whose play is shown (issue 24 item 6: the generic standings show them)
    stats: dict[int, dict[str, int]] = field(default_factory=dict)

    def board(self, number: int) -> BoardSheet | None:
        return next((b for b in self.boards if b.number == number), None)

    def pair_results(self, entrant_id: int) -> list[TableResult]:
        return [r for b in self.boards for r in b.results if entrant_id in (r.ns, r.ew)]


def setup_of(competition: Competition) -> DuplicateSetup | None:
    return DuplicateSetup.objects.filter(competition=competition).first()


def board_numbers(match: Match, setup: DuplicateSetup | None = None) -> dict[int, int]:
    """Deal number on a table's sheet -> the board number on the wallet (issue 24 item 2: round 2's
    table 1 plays boards 5-8, not 1-4); {} outside a duplicate competition (no query then), else one
    query for the setup unless it is given."""
    competition = match.round.competition
    if competition.format != Competition.Format.DUPLICATE:
        return {}
    if setup is None:
        setup = DuplicateSetup.objects.filter(competition_id=competition.pk).first()
    return boards_at(setup, match.round.number, match.table)


def boards_at(setup: DuplicateSetup | None, round_number: int, table: int) -> dict[int, int]:
    """Deal number -> board number of the table ``table`` in round ``round_number`` (no query)."""
    if setup is None or not (1 <= round_number <= setup.tables and 1 <= table <= setup.tables):
        return {}
    wallet = mitchell.wallet_at(setup.tables, table - 1, round_number - 1, setup.movement)
    return {n: mitchell.board_of(wallet, setup.per_round, n) for n in range(1, setup.per_round + 1)}


def boards_seen(user, competition: Competition) -> PlaySeen:
    """Fair play (DESIGN.md "Duplicate play", issue 24): which boards of this session, and which
    tables' play, ``user`` may see. The one selector every page, PDF, xlsx, API read and cache key of
    a duplicate competition asks (through ``competitions.selectors.play_seen``). 2 queries.

    The club's staff (organiser and scorers: they enter every table's sheet) see everything. Anyone
    else sees a board once every table of the session has played it — choice: a table has played its
    boards once its sheet is *confirmed* (the confirmed tables are also what the public cache keys
    of standings and calendars follow, so a cached page changes exactly when a board is complete) —
    and a table's play once every board it played is such a board. A table that *missed* its round
    — a table of a later round has confirmed, so the wallets have moved on — will not play those
    boards any more, so it counts as done. Unlike the standings, the last round is never taken as
    missed: its last table may still be playing. Without dealt boards nothing is shown."""
    if is_staff_of(user, competition.club_id):
        return EVERYTHING
    setup = DuplicateSetup.objects.filter(competition_id=competition.pk).values_list("tables", "boards", "movement")
    found = setup.first()
    if found is None:
        return PlaySeen(everything=False)
    tables, boards, kind = found
    per_round = boards // tables
    played: dict[int, int] = defaultdict(int)  # board -> tables done with it (confirmed or missed)
    boards_of: dict[int, range] = {}
    matches = Match.objects.filter(round__competition_id=competition.pk).order_by()
    rows = list(matches.values_list("id", "round__number", "table", "status"))
    confirmed = Match.Status.CONFIRMED
    later = max((r for _pk, r, _t, status in rows if status == confirmed), default=0)
    for match_id, round_number, table, status in rows:
        if not (1 <= round_number <= tables and 1 <= table <= tables):
            boards_of[match_id] = range(0)  # not a table of the movement: its play stays hidden
            continue
        wallet = mitchell.wallet_at(tables, table - 1, round_number - 1, kind)
        boards_of[match_id] = mitchell.wallet_boards(wallet, per_round)
        if status == confirmed or round_number < later:
            for number in boards_of[match_id]:
                played[number] += 1
    complete = frozenset(number for number, count in played.items() if count >= tables)
    visible = frozenset(pk for pk, numbers in boards_of.items() if numbers and set(numbers) <= complete)
    return PlaySeen(everything=False, boards=complete, matches=visible)


def load_evening(setup: DuplicateSetup, seen: PlaySeen = EVERYTHING) -> DuplicateEvening:
    """The whole evening: 3 queries (boards, deals of confirmed tables, the tables' sides). With
    ``seen`` (:func:`boards_seen`) only the boards the viewer may see, and only their results: the
    matchpoints, percentages and standings are then over those boards alone."""
    competition_id = setup.competition_id
    per_round = setup.per_round
    kind = setup.movement
    sides = MatchSide.objects.filter(match__round__competition_id=competition_id, entrant__isnull=False)
    seated: dict[int, dict[int, int]] = defaultdict(dict)  # match id -> side -> entrant id
    tables_of: dict[int, tuple[int, int, bool]] = {}  # match id -> (round, table, confirmed)
    pairs: dict[int, Pair] = {}
    stats: dict[int, dict[str, int]] = defaultdict(lambda: dict.fromkeys(STAT_FIELDS, 0))
    for match_id, side, entrant_id, name, table, number, status, *figures in sides.values_list(
        "match_id",
        "side",
        "entrant_id",
        "entrant__name",
        "match__table",
        "match__round__number",
        "match__status",
        *STAT_FIELDS,
    ):
        if status == Match.Status.CONFIRMED and seen.match(match_id):
            for name_of, value in zip(STAT_FIELDS, figures, strict=True):
                stats[entrant_id][name_of] += value or 0
        seated[match_id][side] = entrant_id
        tables_of[match_id] = (number, table, status == Match.Status.CONFIRMED)
        if entrant_id not in pairs:
            pairs[entrant_id] = Pair(entrant_id, name, side, 0)
        if side == NS:
            pairs[entrant_id].number = table
        elif number == 1:
            pairs[entrant_id].number = table  # E–W pair n starts round 1 at table n
    sheets = {
        b.number: BoardSheet(b) for b in Board.objects.filter(setup=setup).order_by("number") if seen.board(b.number)
    }
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
        wallet = mitchell.wallet_at(setup.tables, table - 1, round_number - 1, kind)
        if deal.number > per_round:
            continue  # not a board of this movement (a longer sheet cannot be saved, but be safe)
        board = mitchell.board_of(wallet, per_round, deal.number)
        if not seen.board(board):
            continue
        sides_of = seated.get(deal.match_id, {})
        if board in sheets and NS in sides_of and EW in sides_of:
            sheets[board].results.append(
                TableResult(board, round_number, table, deal.match_id, sides_of[NS], sides_of[EW], deal)
            )
    expected = setup.tables  # a complete board has one result per table
    by_board: dict[int, dict[int, BoardScore]] = {}
    for number, sheet in sheets.items():
        ns = score_board({r.ns: r.ns_result for r in sheet.results}, expected)
        ew = score_board({r.ew: -r.ns_result for r in sheet.results}, expected)
        for r in sheet.results:
            r.ns_score, r.ew_score = ns[r.ns], ew[r.ew]
        sheet.results.sort(key=lambda r: (-r.ns_result, r.table))
        by_board[number] = {**ns, **ew}
    missed = _missed_boards(setup, tables_of, seated, set(sheets))
    for number, scores in missed.items():
        by_board.setdefault(number, {}).update(scores)
    return DuplicateEvening(setup, pairs, list(sheets.values()), pair_totals(by_board), missed, dict(stats))


def _missed_boards(
    setup: DuplicateSetup,
    tables_of: dict[int, tuple[int, int, bool]],
    seated: dict[int, dict[int, int]],
    boards: set[int],
) -> dict[int, dict[int, BoardScore]]:
    """The boards each pair missed (see the module's docstring), with the club's average."""
    last_round = setup.tables
    later = max((r for r, _t, confirmed in tables_of.values() if confirmed), default=0)
    open_in_last = sum(1 for r, _t, confirmed in tables_of.values() if r == last_round and not confirmed)
    average = missed_board(setup.missed_percentage, setup.tables)
    missed: dict[int, dict[int, BoardScore]] = defaultdict(dict)
    for match_id, (round_number, table, confirmed) in tables_of.items():
        over = round_number < later or (round_number == last_round and open_in_last == 1)
        if confirmed or not over:
            continue
        wallet = mitchell.wallet_at(setup.tables, table - 1, round_number - 1, setup.movement)
        for number in mitchell.wallet_boards(wallet, setup.per_round):
            if number in boards:
                for entrant_id in seated[match_id].values():
                    missed[number][entrant_id] = average
    return dict(missed)


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
                total=int(total.difference) if total.difference.denominator == 1 else rounded(total.difference),
                played=total.boards,
                # a fraction of a matchpoint (Neuberg) is a float: shown, never averaged (match_points_average)
                match_points=matchpoints_number(total.matchpoints),  # type: ignore[arg-type]
                # the statistics are StandingRow's figures by name (roem, nat, pits …), all numbers
                **evening.stats.get(entrant_id, {}),  # type: ignore[arg-type]
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
    """The public standings of a duplicate competition (the hook of ``competitions.standings``):
    over the boards every table has played (:func:`boards_seen` of the public), so they reveal no
    board a table has still to play; empty before the boards are dealt."""
    setup = DuplicateSetup.objects.select_related("competition").filter(competition=competition).first()
    if setup is None:
        return []
    return standing_rows(setup, load_evening(setup, boards_seen(None, competition)))


def matchpoints_number(value) -> int | float:
    """Matchpoints as a plain number: whole matchpoints stay an int; a fraction (Neuberg's formula,
    a missed deal) is rounded half up to two decimals."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else rounded(value, 2)


def matchpoints_text(value) -> str:
    """Matchpoints as shown: whole numbers plain, fractions with two decimals rounded half up, in
    the reader's notation (Dutch: 5,67)."""
    value = Fraction(value)
    return str(int(value)) if value.denominator == 1 else number_text(value, 2)


def percent(value: Fraction) -> str:
    """A percentage as shown: two decimals rounded half up (61.458 → 61.46, 4/6 → 66.67), in the
    reader's notation (Dutch: 57,29). Django's number_format alone would cut the decimals off."""
    return number_text(Fraction(value), 2)


def movement_note(setup: DuplicateSetup) -> str:
    """How the pairs and wallets move, for the movement card (page and PDF); where the evening
    cannot let every pair meet every pair of the other line once, it says why (issue 24)."""
    tables = setup.tables
    played = setup.movement_played
    if played == mitchell.ONCE and tables % 2 == 0:
        return _(
            "The N–S pairs stay at their table. After each round the E–W pairs and the wallets go to the "
            "tables the movement lists (not simply one table on), so that every pair meets every pair of the "
            "other line once and plays every deal once."
        )
    note = _(
        "Mitchell: the N–S pairs stay at their table; after each round the E–W pairs move up one table and the wallets move down one table."
    )
    if tables % 2 == 1:
        return note + " " + _("Every pair meets every pair of the other line once and plays every deal once.")
    note += " " + _("After round %(round)s the E–W pairs skip a table (they move up two).") % {"round": tables // 2}
    note += " " + _("So each E–W pair meets one N–S pair twice (on other deals) and one not at all.")
    if setup.movement == mitchell.ONCE:
        reason = mitchell.once_unavailable(tables)
        if tables == 2:
            why = _(
                "With 2 tables no movement lets every pair meet both pairs of the other line: the E–W pair that "
                "played table 1's deals in round 1 would have to play them again at table 2 in round 2."
            )
        elif reason == mitchell.IMPOSSIBLE:
            why = _(
                "With %(tables)s tables no movement lets every pair meet every pair of the other line once while "
                "every pair plays every deal once: it would need two orthogonal Latin squares of order %(tables)s, "
                "which do not exist (Euler's 36 officers, proved by Tarry in 1900)."
            ) % {"tables": tables}
        else:
            why = _(
                "With %(tables)s tables a movement in which every pair meets every pair of the other line once "
                "exists, but this app cannot make it yet."
            ) % {"tables": tables}
        note += " " + why
    return note


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
    kind = setup.movement
    for seatings in mitchell.movement(setup.tables, kind):
        for s in seatings:
            lines.append(
                MovementLine(
                    round=s.round + 1,
                    table=s.table + 1,
                    boards=mitchell.wallet_boards(s.wallet_set, setup.per_round),
                    ns=by_line.get((NS, s.ns + 1)),
                    ew=by_line.get((EW, s.ew + 1)),
                    ew_to=mitchell.next_table_of_ew(setup.tables, s.table, s.round, kind) + 1,
                    wallets_to=mitchell.next_table_of_wallets(setup.tables, s.table, s.round, kind) + 1,
                )
            )
    return lines
