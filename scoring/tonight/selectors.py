"""Tonight's dashboard: every table of the current round with its state and how long since its last
change, what the scorer can confirm, and whether (and how) the next round can be drawn.

A fixed number of queries whatever the number of tables (the tests count them at 2 and at 20).

States, in the order a table passes them:

- ``open``: nothing entered yet;
- ``entering``: part of the sheet is saved (being entered);
- ``entered``: the whole sheet is in, waiting for its second check;
- ``checked``: the opponents at the table accepted the sheet (through the table link);
- ``confirmed``: it counts;
- ``conflict``: the opponents sent the sheet back, or a blind second entry differs from it.

Apart from its state, a table whose save was refused because another had been saved meanwhile (two
phones, a phone and a scorer) shows that two versions existed and whose stands (``two_versions``,
``stands``); the audit keeps both (``services.record_conflict``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Exists, OuterRef, Prefetch, Subquery
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy as _

from competitions.models import Competition, Match, MatchSeat, MatchSide, Round
from scoring.models import AuditEntry, BlindEntry
from scoring.phones.selectors import side_label

OPEN, ENTERING, ENTERED, CHECKED, CONFIRMED, CONFLICT = (
    "open",
    "entering",
    "entered",
    "checked",
    "confirmed",
    "conflict",
)
STATE_LABELS = {
    OPEN: _("open"),
    ENTERING: _("being entered"),
    ENTERED: _("entered"),
    CHECKED: _("checked at the table"),
    CONFIRMED: _("confirmed"),
    CONFLICT: _("in conflict"),
}
#: The audit action written when the opponents at the table send a sheet back.
SENT_BACK = "sendback"
#: The audit actions that write a version of the sheet: the last one is the version that stands.
SAVES = (AuditEntry.Action.SAVE, AuditEntry.Action.CORRECT)


@dataclass
class TonightTable:
    match: Match
    state: str
    sides: list[str]  # the pairs', teams' or players' names, side by side
    totals: list[int] | None  # shown once something is entered
    changed_at: datetime | None

    @property
    def state_label(self) -> str:
        return str(STATE_LABELS[self.state])

    @property
    def accepted_by(self) -> str | None:
        """The side (wij/zij, a seat at a table of three) that accepted the sheet at the table with its
        acceptance code, or None."""
        if self.match.table_checked_at is None or self.match.table_checked_side is None:
            return None
        return side_label(self.match, self.match.table_checked_side)

    @property
    def typed_by(self) -> str:
        side = self.match.table_entered_side
        return side_label(self.match, side) if side is not None else "–"

    @property
    def two_versions(self) -> bool:
        """A save of this sheet was refused because another had been saved meanwhile (a conflict)."""
        return bool(getattr(self.match, "had_conflict", False))

    @property
    def stands(self) -> str:
        """Whose version of the sheet stands: the last save's side at the table, or its scorer."""
        user = getattr(self.match, "stands_user", None)
        if user:
            return user
        side = getattr(self.match, "stands_side", None)
        return side_label(self.match, side) if side is not None else "–"

    @property
    def waiting(self) -> bool:
        """Entered (and where the table checks, checked), waiting for a scorer."""
        return self.state in (ENTERED, CHECKED)


@dataclass
class NextStep:
    """How the next round comes: ``kind`` is "evening" (draw the evening's next round), "swiss",
    "publish" (the next round exists: open its draw), "new-evening" or "" (nothing to do)."""

    kind: str = ""
    evening: int | None = None
    round: int | None = None
    label: str = ""  # the round as people say it: "Avond 11 · ronde 1"


@dataclass
class Tonight:
    competition: Competition
    round: Round | None
    tables: list[TonightTable] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    next_step: NextStep = field(default_factory=NextStep)
    later_round: Round | None = None  # a round drawn after this one (draft or published)

    @property
    def all_in(self) -> bool:
        """Every table confirmed: the next round can be drawn."""
        return bool(self.tables) and all(t.state == CONFIRMED for t in self.tables)

    @property
    def waiting(self) -> list[TonightTable]:
        return [t for t in self.tables if t.waiting]

    @property
    def state_counts(self) -> list[tuple[str, str, int]]:
        """``(state, label, number of tables)`` for every state, in the order a table passes them."""
        return [(state, str(label), self.counts.get(state, 0)) for state, label in STATE_LABELS.items()]


def current_round(competition: Competition, number: int | None = None) -> Round | None:
    """The round being played: the highest published round (or round ``number``)."""
    rounds = Round.objects.filter(competition=competition).select_related("evening")
    if number is not None:
        found = rounds.filter(number=number).first()
    else:
        found = rounds.filter(status=Round.Status.PUBLISHED).order_by("-number").first()
    if found is not None:
        found.competition = competition
    return found


def _tables(round_: Round) -> list[Match]:
    last_action = AuditEntry.objects.filter(match=OuterRef("pk")).order_by("-at", "-id").values("action")[:1]
    saves = AuditEntry.objects.filter(match=OuterRef("pk"), action__in=SAVES).order_by("-at", "-id")
    conflicts = AuditEntry.objects.filter(match=OuterRef("pk"), action=AuditEntry.Action.CONFLICT)
    blind_after_entry = BlindEntry.objects.filter(match=OuterRef("pk"), created__gte=OuterRef("entered_at"))
    return list(
        Match.objects.filter(round=round_)
        .select_related("entered_by")
        .annotate(
            last_action=Subquery(last_action),
            blind_differs=Exists(blind_after_entry),
            last_change=Coalesce("changed_at", "confirmed_at", "entered_at"),
            had_conflict=Exists(conflicts),
            stands_side=Subquery(saves.values("table_side")[:1]),
            stands_user=Subquery(saves.values("user__username")[:1]),
        )
        .prefetch_related(
            Prefetch("seats", queryset=MatchSeat.objects.select_related("player").order_by("side", "seat")),
            Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant").order_by("side")),
        )
        .order_by("table")
    )


def state_of(match: Match) -> str:
    if match.status == Match.Status.CONFIRMED:
        return CONFIRMED
    if getattr(match, "last_action", None) == SENT_BACK:
        return CONFLICT
    if match.status == Match.Status.ENTERED:
        # A blind second entry of a complete sheet that agreed would have confirmed it: one made
        # since the last save and still not confirmed differs from it.
        if getattr(match, "blind_differs", False):
            return CONFLICT
        return CHECKED if match.table_checked_at is not None else ENTERED
    if match.status == Match.Status.DRAFT:
        return ENTERING
    return OPEN


def _row(match: Match) -> TonightTable:
    players: dict[int, list[str]] = {}
    for seat in match.seats.all():
        players.setdefault(seat.side, []).append(seat.player.name)
    by_side = {s.side: s for s in match.match_sides.all()}
    names, totals = [], []
    for side in range(match.sides):
        row = by_side.get(side)
        names.append(row.entrant.name if row is not None and row.entrant else " & ".join(players.get(side, [])))
        totals.append(row.total if row is not None else 0)
    shown = match.status != Match.Status.OPEN
    last_change = match.last_change  # type: ignore[attr-defined]  # an annotation of the tonight query
    return TonightTable(match, state_of(match), names, totals if shown else None, last_change)


def _next_step(competition: Competition, round_: Round, later: Round | None) -> NextStep:
    if later is not None:
        return NextStep("publish", round=later.number, label=later.label)
    if competition.format == Competition.Format.INDIVIDUAL and round_.evening_id:
        played = Round.objects.filter(evening_id=round_.evening_id).count()
        if played < competition.rounds_per_evening:
            assert round_.evening is not None  # evening_id is set
            return NextStep("evening", evening=round_.evening.number)
        return NextStep("new-evening")
    if competition.format == Competition.Format.PAIRS:
        return NextStep("swiss")
    return NextStep()


def tonight(competition: Competition, number: int | None = None) -> Tonight:
    """The dashboard of ``competition``: its current round (or round ``number``) table by table."""
    round_ = current_round(competition, number)
    if round_ is None:
        return Tonight(competition, None)
    tables = [_row(m) for m in _tables(round_)]
    counts = {state: 0 for state in STATE_LABELS}
    for table in tables:
        counts[table.state] += 1
    later = (
        Round.objects.filter(competition=competition, number__gt=round_.number)
        .select_related("evening")
        .order_by("number")
        .first()
    )
    return Tonight(competition, round_, tables, counts, _next_step(competition, round_, later), later)
