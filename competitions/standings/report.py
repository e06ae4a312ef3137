"""The evening's report for the local paper and the club's site (issue 26 item 14): one generated
paragraph, in the page's language (Dutch by default), as local papers print them today — the
evening's winner and score, the top 5, the highest game (the highest side total at one table), the
season's standing after this evening, and the points champion when the competition has one.

``evening_report(evening)`` reads the evening's result, the season standings as they stood after
this evening (``standings(up_to_evening=…)``) and the highest game: a fixed number of queries.
``evening_statistics`` adds what clubs publish with it (the evening average, the season's highest and
lowest evening, the most points, who was present every time); after the season's last planned evening
the report names the champion and the points champion instead of the standing "so far".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.utils import formats
from django.utils.translation import gettext as _

from competitions.models import Evening, Match, MatchSide
from competitions.standings import evening_results, individual, standings
from competitions.standings.metrics import StandingRow
from core.numbers import number_text

TOP = 5


@dataclass
class EveningStatistics:
    """The figures clubs publish with an evening (issue 33 item 9): this evening's average score;
    the season's highest and lowest evening score so far, each as (points, names, evening numbers);
    the most points over all evenings (points, names); who was present every evening so far; and
    whether this was the season's last planned evening (``season_over``)."""

    average: Fraction | None = None
    highest: tuple[int, list[str], list[int]] | None = None
    lowest: tuple[int, list[str], list[int]] | None = None
    most_points: tuple[int, list[str]] | None = None
    every_time: list[str] = field(default_factory=list)
    evenings: int = 0
    season_over: bool = False


def season_rows_after(evening: Evening) -> list[StandingRow]:
    """The season's rows (unranked: what the statistics need) as they stood after ``evening``: 3-5
    queries, whatever the season's size."""
    return individual.rows_for(evening.competition, evening.number)


def _extreme(scores: list[tuple[int, str, int]], value: int) -> tuple[int, list[str], list[int]]:
    hits = [(name, number) for points, name, number in scores if points == value]
    return value, list(dict.fromkeys(name for name, _n in hits)), sorted({n for _name, n in hits})


def evening_statistics(evening: Evening, rows: list[StandingRow], season: list[StandingRow]) -> EveningStatistics:
    """``rows``: the evening's result; ``season``: the standings as they stood after this evening.

    Choices: an evening score is a player's score of an evening played or imported (an absence that
    was compensated is no evening played, so it is neither the highest nor the lowest); "present
    every time" counts the evenings with results up to this one; the season is over after the
    competition's last planned evening (never without planned evenings)."""
    stats = EveningStatistics()
    if rows:
        stats.average = Fraction(sum(r.points for r in rows), len(rows))
    scores = [(e.points, r.name, e.number) for r in season for e in r.evenings if not e.absent and e.number is not None]
    if scores:
        stats.highest = _extreme(scores, max(s[0] for s in scores))
        stats.lowest = _extreme(scores, min(s[0] for s in scores))
    numbers = {number for _p, _name, number in scores}
    stats.evenings = len(numbers)
    if season:
        top = max(r.points_total for r in season)
        stats.most_points = top, [r.name for r in season if r.points_total == top]
        stats.every_time = sorted(
            (r.name for r in season if {e.number for e in r.evenings if not e.absent} >= numbers),
            key=str.casefold,
        )
    planned = evening.competition.planned_evenings
    stats.season_over = bool(planned and stats.evenings >= planned and evening.number >= max(numbers or {0}))
    return stats


def statistics_lines(stats: EveningStatistics) -> list[str]:
    """The statistics as sentences, for the evening's page, its PDF and the report."""
    lines = []
    if stats.average is not None:
        lines.append(_("Evening average: %(points)s points.") % {"points": _number(stats.average)})
    if stats.highest:
        points, names, numbers = stats.highest
        lines.append(
            (
                _("Highest evening of the season: %(points)s, %(names)s (evening %(numbers)s).")
                if stats.season_over
                else _("Highest evening so far: %(points)s, %(names)s (evening %(numbers)s).")
            )
            % {"points": _number(points), "names": _names(names), "numbers": ", ".join(map(str, numbers))}
        )
    if stats.lowest:
        points, names, numbers = stats.lowest
        lines.append(
            (
                _("Lowest evening of the season: %(points)s, %(names)s (evening %(numbers)s).")
                if stats.season_over
                else _("Lowest evening so far: %(points)s, %(names)s (evening %(numbers)s).")
            )
            % {"points": _number(points), "names": _names(names), "numbers": ", ".join(map(str, numbers))}
        )
    if stats.most_points:
        points, names = stats.most_points
        lines.append(
            _("Most points over all evenings: %(names)s, %(points)s.")
            % {"names": _names(names), "points": _number(points)}
        )
    if stats.every_time and stats.evenings > 1:
        lines.append(
            _("Present every evening (%(count)s): %(names)s.")
            % {"count": stats.evenings, "names": _names(stats.every_time)}
        )
    return lines


def _names(rows: list[StandingRow] | list[str]) -> str:
    names = [r if isinstance(r, str) else r.name for r in rows]
    if len(names) < 2:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


def _number(value) -> str:
    """A whole number as it is (grouped: 12.345), else one decimal rounded half up (16,25 → 16,3), as
    the standings page shows it: ``core.numbers``, never the cut-off of Django's number_format."""
    return number_text(value, 0 if value == int(value) else 1, grouping=True)


def highest_game(evening: Evening) -> tuple[int, list[str], int | None, int] | None:
    """(total, the side's players, round of the evening, table) of the highest side total of the
    evening's confirmed tables; None without results. Two queries."""
    side = (
        MatchSide.objects.filter(match__round__evening=evening, match__status=Match.Status.CONFIRMED)
        .select_related("match__round")
        .order_by("-total", "match__round__number", "match__table")
        .first()
    )
    if side is None:
        return None
    players = [
        f"{first} {last}".strip()
        for first, last in side.match.seats.filter(side=side.side)
        .order_by("seat")
        .values_list("player__first_name", "player__last_name")
    ]
    round_ = side.match.round
    return side.total, players, round_.evening_round or round_.number, side.match.table


def evening_report(evening: Evening, rows: list[StandingRow] | None = None) -> str:
    """The paragraph; ``rows``: the evening's result when the caller has it already."""
    competition = evening.competition
    rows = evening_results(evening) if rows is None else rows
    if not rows:
        return ""
    when = formats.date_format(evening.date, "l j F Y") if evening.date else ""
    parts = [
        _(
            "On the club evening of %(date)s of %(club)s (%(competition)s, evening %(number)s) %(count)s players took part."
        )
        % {
            "date": when,
            "club": competition.club.name,
            "competition": competition.name,
            "number": evening.number,
            "count": len(rows),
        }
        if when
        else _("On club evening %(number)s of %(club)s (%(competition)s) %(count)s players took part.")
        % {"club": competition.club.name, "competition": competition.name, "number": evening.number, "count": len(rows)}
    ]
    winners = [r for r in rows if r.rank == 1]
    parts.append(
        _("The evening was won by %(names)s with %(points)s points.")
        % {"names": _names(winners), "points": _number(winners[0].points)}
    )
    cut = rows[min(TOP, len(rows)) - 1].rank  # players level with the fifth are in the top 5 too
    top = [r for r in rows if r.rank is not None and cut is not None and r.rank <= cut]
    parts.append(
        _("The top %(n)s: %(list)s.")
        % {"n": TOP, "list": ", ".join(f"{r.rank_label}. {r.name} {_number(r.points)}" for r in top)}
    )
    best = highest_game(evening)
    if best is not None:
        total, players, round_number, table = best
        parts.append(
            _("The highest game was %(points)s, by %(players)s (round %(round)s, table %(table)s).")
            % {"points": _number(total), "players": " & ".join(players), "round": round_number, "table": table}
        )
    season = standings(competition, up_to_evening=evening.number)
    stats = evening_statistics(evening, rows, season)
    parts += statistics_lines(stats)
    leaders = [r for r in season if r.rank == 1]
    champions = [r for r in season if r.points_champion]
    if stats.season_over and leaders:
        # the season's last planned evening: the champions, no longer "so far"
        parts.append(
            _("Champion of the season: %(names)s with %(points)s points.")
            % {"names": _names(leaders), "points": _number(leaders[0].points_display)}
        )
        if competition.points_champion and champions:
            parts.append(
                _("Points champion of the season (every evening added up): %(names)s with %(points)s points.")
                % {"names": _names(champions), "points": _number(champions[0].points_total)}
            )
        return " ".join(parts)
    if leaders:
        parts.append(
            _("Season standing after this evening: at the top %(names)s with %(points)s points, then %(next)s.")
            % {
                "names": _names(leaders),
                "points": _number(leaders[0].points_display),
                "next": ", ".join(
                    f"{r.name} ({_number(r.points_display)})" for r in season[len(leaders) : len(leaders) + 2] if r.rank
                )
                or "—",
            }
        )
    if competition.points_champion and champions:
        parts.append(
            _("Points champion so far (every evening added up): %(names)s with %(points)s points.")
            % {"names": _names(champions), "points": _number(champions[0].points_total)}
        )
    return " ".join(parts)
