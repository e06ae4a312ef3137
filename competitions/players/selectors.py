"""Reads behind a player's page in a competition: their tables, evenings, partners and statistics."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import Count, Exists, F, OuterRef, Q, Sum
from django.shortcuts import get_object_or_404

from clubs.models import Player
from competitions.models import Bye, Competition, EveningTotal, Match, MatchSide, Round
from competitions.selectors import EVERYTHING, PlaySeen, table_view, with_tables
from competitions.standings.individual import RESULTS, bye_scores_by_round
from competitions.standings.pairs_teams import STAT_FIELDS
from core.numbers import rounded

CONFIRMED = Match.Status.CONFIRMED
PUBLISHED = Round.Status.PUBLISHED


@dataclass
class PlayerMatch:
    match: Match
    side: int
    partners: list[tuple[int, str]]
    opponents: list[tuple[int, str]]
    total: int | None
    opponents_total: int | None
    result: str
    #: Each opponent side's total, in the order of ``opponents`` (a table of three: two sides).
    opponent_totals: list[int | None] = field(default_factory=list)


@dataclass
class PlayerSummary:
    player: Player
    matches: list[PlayerMatch] = field(default_factory=list)
    evenings: list[dict] = field(default_factory=list)  # number, date, played, byes, points
    partners: list[dict] = field(default_factory=list)  # player_id, name, times, points, won
    stats: dict = field(default_factory=dict)


def competition_player(competition: Competition, player_id: int) -> Player:
    """A player who plays (or played) in the competition, or 404. Evenings brought in from the club's
    records count (issue 33 item 8: a player with only imported evenings has a page too)."""
    in_competition = (
        Q(entries__competition=competition)
        | Q(seats__match__round__competition=competition)
        | Q(team_places__team__entries__competition=competition)
        | Q(pk__in=EveningTotal.objects.filter(evening__competition=competition).values("player_id"))
    )
    return get_object_or_404(Player.objects.filter(in_competition).distinct(), pk=player_id)


def player_summary(competition: Competition, player: Player, seen: PlaySeen = EVERYTHING) -> PlayerSummary:
    """The player's tables, evenings, partners and statistics in this competition: 5 queries. Only
    the tables whose play ``seen`` (:func:`play_seen`) shows count."""
    summary = PlayerSummary(player=player)
    seats = with_tables(
        Match.objects.filter(round__competition=competition, round__status=PUBLISHED, seats__player=player)
    ).order_by("round__number", "table")
    partners: Counter = Counter()
    partner_points: Counter = Counter()
    partner_won: Counter = Counter()
    names: dict[int, str] = {}
    for match in seats:
        if not seen.match(match.pk):
            continue
        view = table_view(match)
        mine = next(s for s in view.sides if any(pid == player.pk for pid, _ in s.players))
        others = [s for s in view.sides if s is not mine]
        known = [s.total for s in others if s.total is not None]
        # the opponents' totals are shown (and known) together with the player's own
        opponents_total = sum(known) if mine.total is not None and len(known) == len(others) else None
        pm = PlayerMatch(
            match=match,
            side=mine.side,
            partners=[(pid, n) for pid, n in mine.players if pid != player.pk],
            opponents=[p for s in others for p in s.players],
            total=mine.total,
            opponents_total=opponents_total,
            result=mine.result,
            opponent_totals=[s.total if mine.total is not None else None for s in others],
        )
        summary.matches.append(pm)
        if match.status == CONFIRMED:
            for pid, name in pm.partners:
                names[pid] = name
                partners[pid] += 1
                partner_points[pid] += mine.total or 0
                partner_won[pid] += mine.result == MatchSide.Result.WIN
    summary.partners = sorted(
        (
            {"player_id": pid, "name": names[pid], "times": n, "points": partner_points[pid], "won": partner_won[pid]}
            for pid, n in partners.items()
        ),
        key=lambda p: (-p["times"], -p["points"], p["name"]),
    )
    player_evenings(competition, player, summary, seen)
    return summary


def player_evenings(
    competition: Competition, player: Player, summary: PlayerSummary, seen: PlaySeen = EVERYTHING
) -> None:
    """Per evening (one aggregate query), the byes (one query) and, for club evenings, the imported
    evening totals (one query); statistics summed from those."""
    stats = dict.fromkeys(("points", "played", "byes", "bye_points", "imported_points", *RESULTS, *STAT_FIELDS), 0)
    evenings: dict = {}
    sides = MatchSide.objects.filter(
        match__status=CONFIRMED,
        match__seats__side=F("side"),
        match__seats__player=player,
        match__round__competition=competition,
    )
    if not seen.everything:
        sides = sides.filter(match_id__in=sorted(seen.matches))
    for agg in (
        sides.values("match__round__evening__number", "match__round__evening__date")
        .annotate(
            points=Sum("total"),
            played=Count("id"),
            **{name: Count("id", filter=Q(result=value)) for name, value in RESULTS.items()},
            **{name: Sum(name) for name in STAT_FIELDS},
        )
        .order_by("match__round__evening__number")
    ):
        number = agg["match__round__evening__number"]
        evenings[number] = {
            "number": number,
            "date": agg["match__round__evening__date"],
            "played": agg["played"],
            "byes": 0,
            "points": agg["points"],
        }
        for key in ("points", "played", *RESULTS, *STAT_FIELDS):
            # the stubs' row type lists only the keyword annotations, not those passed as **{...}
            stats[key] += agg[key] or 0  # type: ignore[literal-required]
    byes = list(
        Bye.objects.filter(round__competition=competition, entrant__player=player)
        .filter(Exists(Match.objects.filter(round_id=OuterRef("round_id"), status=CONFIRMED)))
        .order_by()
        .values_list("round_id", "round__evening__number", "round__evening__date")
    )
    scored = (
        bye_scores_by_round(competition, [(player.pk, round_id, number, None) for round_id, number, _ in byes])
        if byes
        else {}
    )
    for round_id, number, date in byes:
        evening = evenings.setdefault(number, {"number": number, "date": date, "played": 0, "byes": 0, "points": 0})
        evening["byes"] += 1
        evening["points"] += scored[round_id]
        stats["byes"] += 1
        stats["bye_points"] += scored[round_id]
    if competition.format == Competition.Format.INDIVIDUAL:  # evenings from the club's records (issue 26 item 12)
        for number, date, points in EveningTotal.objects.filter(
            evening__competition=competition, player=player
        ).values_list("evening__number", "evening__date", "points"):
            evening = evenings.setdefault(number, {"number": number, "date": date, "played": 0, "byes": 0, "points": 0})
            evening["points"] += points
            evening["imported"] = True
            stats["imported_points"] += points
    summary.evenings = sorted(evenings.values(), key=lambda e: (e["number"] is None, e["number"] or 0))
    c = competition
    stats["match_points"] = stats["won"] * c.points_win + stats["drawn"] * c.points_draw + stats["lost"] * c.points_loss
    # before absences and best-N; imported evenings count like played ones
    season_points = stats["points"] + stats["bye_points"] + stats["imported_points"]
    summary.stats = {  # the counts (ints), then the averages (rounded: an int or a float)
        **stats,
        "average": rounded(Fraction(stats["points"], stats["played"]), 1) if stats["played"] else 0,
        "season_points": season_points,
        "evening_average": rounded(Fraction(season_points, len(summary.evenings)), 1) if summary.evenings else 0,
        "made_percent": rounded(Fraction(100 * stats["made"], stats["bids"])) if stats["bids"] else 0,
    }
