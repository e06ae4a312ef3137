"""What live pages (the projector, tonight's dashboard) poll: one tiny query that tells whether
anything they show may have changed. A fixed single query whatever the size of the competition."""

from __future__ import annotations

from django.db.models import Count, Max, Prefetch, Q, Subquery, Sum

from competitions.models import Competition, Match, MatchSeat, MatchSide, Round


def stamp(competition: Competition) -> str:
    """A short text that changes whenever a result of ``competition`` may have changed: every save,
    confirmation and correction bumps a match's version, a table check sets its time, and a drawn or
    published round adds tables or a published round number."""
    row = Match.objects.filter(round__competition=competition).aggregate(
        n=Count("pk"),
        versions=Sum("version"),
        top=Max("pk"),
        checked=Count("pk", filter=Q(table_checked_at__isnull=False)),
        last=Max("changed_at"),
        published=Max("round__number", filter=Q(round__status=Round.Status.PUBLISHED)),
    )
    last = row["last"].timestamp() if row["last"] else 0
    parts = (row["n"], row["versions"] or 0, row["top"] or 0, row["checked"], row["published"] or 0)
    return ".".join(str(p) for p in parts) + f".{last:.3f}"


def live_round_matches(competition: Competition) -> list[Match]:
    """The tables of the latest published round, with that round (and its evening), seats and
    players, sides and entrants: 3 queries, whatever the size."""
    latest = (
        Round.objects.filter(competition=competition, status=Round.Status.PUBLISHED)
        .order_by("-number")
        .values("pk")[:1]
    )
    return list(
        Match.objects.filter(round=Subquery(latest))
        .select_related("round__evening", "fixture")
        .prefetch_related(
            Prefetch("seats", queryset=MatchSeat.objects.select_related("player").order_by("side", "seat")),
            Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant").order_by("side")),
        )
        .order_by("table")
    )
