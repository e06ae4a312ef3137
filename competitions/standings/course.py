"""The season's course for the standings page and the team page: points (teams: match points) summed
evening by evening or round by round, for the leaders and for one entrant a reader picks.

Club evenings use the evening scores the standings already hold (no query); pairs and teams the
fixture lines (``competitions.standings.fixtures``: one query; a pairs league's standings page only its
leaders' lines and, in a second query, the rounds with a result).
"""

from __future__ import annotations

from collections import defaultdict

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from competitions.models import Competition
from competitions.standings import charts
from competitions.standings.fixtures import FixtureLine, fixture_lines, pairs_rounds_with_results
from competitions.standings.tiebreak import row_id

LEADERS = 5


def league_context(competition: Competition, rows: list, follow) -> dict:
    """The standings page's pictures and, for a league of teams, its latest team matches (one query)."""
    if competition.format != Competition.Format.TEAMS:  # the chart reads only what it draws
        return {"course": season_course(competition, rows, follow=follow, published_only=True), "latest_lines": []}
    lines = fixture_lines(competition)
    played = [line for line in lines if line.result is not None]
    latest = max((line.round for line in played), default=None)
    return {
        "course": season_course(competition, rows, follow=follow, lines=lines),
        "latest_lines": [line for line in played if line.round == latest]
        if competition.format == Competition.Format.TEAMS
        else [],
    }


def _follow_id(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def per_round(competition: Competition, lines: list[FixtureLine]) -> tuple[list[int], dict[int, dict[int, int]]]:
    """Round numbers with a complete result, and per entrant what each of those rounds earned."""
    teams = competition.format == Competition.Format.TEAMS
    earned: dict[int, dict[int, int]] = defaultdict(dict)
    rounds = set()
    for line in lines:
        if line.match_points is None:
            continue
        rounds.add(line.round)
        outcome = line.match_points if teams else line.result
        assert outcome is not None  # a line with match points has its result
        home, away = outcome
        for entrant_id, value in ((line.home_id, home), (line.away_id, away)):
            earned[entrant_id][line.round] = earned[entrant_id].get(line.round, 0) + value
    return sorted(rounds), earned


def season_course(
    competition: Competition,
    rows: list,
    follow=None,
    lines: list[FixtureLine] | None = None,
    *,
    published_only: bool = False,
) -> dict:
    """What the standings page shows above the table: the chart, and the entrants one may follow.
    ``lines``: every fixture line, when the caller has them already; else a pairs competition reads
    only the chosen entrants' (``fixture_lines(entrant_ids=…)``) and its rounds from the database."""
    follow = _follow_id(follow)
    chosen = [r for r in rows[:LEADERS]]
    extra = next((r for r in rows if row_id(r) == follow), None)
    if extra is not None and extra not in chosen:
        chosen.append(extra)
    if competition.format == Competition.Format.INDIVIDUAL:
        numbers = sorted({e.number for r in rows for e in r.evenings if e.number is not None})
        labels = [str(n) for n in numbers]
        per_entrant = {row_id(r): {e.number: e.points for e in r.evenings} for r in chosen}
        y_label, x_title = _("points"), _("evening")
    else:
        if lines is None and competition.format == Competition.Format.PAIRS:
            # Only the chosen entrants' fixtures, and the rounds axis aggregated in the database: a
            # 2,000-team league's page built the lines of all its 30,000 tables for five series.
            lines = fixture_lines(
                competition, published_only=published_only, entrant_ids=[r.entrant_id for r in chosen]
            )
            numbers = pairs_rounds_with_results(competition, published_only=published_only)
            earned = per_round(competition, lines)[1]
        else:
            if lines is None:
                lines = fixture_lines(competition, published_only=published_only)
            numbers, earned = per_round(competition, lines)
        labels = [str(n) for n in numbers]
        per_entrant = {row_id(r): earned.get(r.entrant_id, {}) for r in chosen}
        teams = competition.format == Competition.Format.TEAMS
        y_label, x_title = (_("match points") if teams else _("points")), _("round")
    series = []
    for row in chosen:
        running, values = 0, []
        scores = per_entrant.get(row_id(row), {})
        for number in numbers:
            running += scores.get(number, 0)
            values.append(running)
        series.append(
            charts.Series(
                label=f"{row.rank_label}. {row.name}",
                values=values,
                highlight=row is extra and extra not in rows[:LEADERS],
            )
        )
    title = _("The season so far: %(what)s added up per %(step)s") % {"what": y_label, "step": x_title}
    choices = [(row_id(r), r.name) for r in sorted(rows, key=lambda r: r.name.casefold())]
    return {
        "svg": charts.line_chart(title, labels, series, y_label=y_label) if len(numbers) >= 1 else "",
        "title": title,
        "choices": choices,
        "options": follow_options(choices, follow),
        "follow": follow,
    }


def follow_options(choices: list[tuple[int | None, str]], follow: int | None) -> str:
    """The ``<option>`` list of the "follow" menu, every entrant of the competition: written here
    rather than by a template loop, which took 15 ms of a 2,000-team league's page."""
    return mark_safe(
        "".join(
            f'<option value="{pk}"{" selected" if pk == follow else ""}>{escape(name)}</option>' for pk, name in choices
        )
    )
