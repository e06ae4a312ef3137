"""A competition's standings (contract 3): the page, and beside it the same standings as PDF and xlsx
(the round's table list and the results export are in ``scoring.prints.views``, as they need the
deals and sheets). The three are routed together in ``competitions/standings/urls.py``.

The page shows public competitions only; the files of a competition that is not public are shown to
the staff of its club only (404 for anyone else)."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import pgettext

from competitions import selectors
from competitions.models import Competition
from competitions.standings import points_championship, standings, team_members
from competitions.standings.course import league_context
from competitions.standings.exports import StandingsExporter
from competitions.standings.notes import season_notes
from competitions.standings.pdf import StandingsRenderer
from competitions.standings.prizes import prize_rule_text
from competitions.standings.tables import StandingsTable
from core.paging import paginate
from documents.pdf import pdf_response
from documents.xlsx import xlsx_response

STANDINGS_PER_PAGE = 100
POINTS_CHAMPIONSHIP_ROWS = 5  # the standings page lists the points championship's first five
EVENING_COLUMNS_MAX = 20  # individual seasons: one column per evening up to this many


def _evening_numbers(competition, rows) -> list[int]:
    if competition.format != Competition.Format.INDIVIDUAL:
        return []
    numbers = sorted({e.number for r in rows for e in r.evenings if e.number is not None})
    return numbers if len(numbers) <= EVENING_COLUMNS_MAX else []


def standings_page(request, slug):
    competition = selectors.public_competition(slug)
    rows = standings(competition)
    table = StandingsTable(rows, competition=competition, evening_numbers=_evening_numbers(competition, rows))
    paginate(request, table, per_page=STANDINGS_PER_PAGE)  # checked numbers: a bad per_page is a 400
    team_members([bound.record for bound in table.page.object_list] if table.page else rows)  # only the rows shown
    divisions = sorted({(r.division_order, r.division) for r in rows if r.division})
    context = {
        "competition": competition,
        "table": table,
        "divisions": [name for _, name in divisions],
        "counted_note": competition.standings_method != Competition.StandingsMethod.TOTAL,
        "prize_rule": prize_rule_text(competition, len(rows)),
        "season_notes": season_notes(competition, rows),
        "points_champions": points_championship(rows)[:POINTS_CHAMPIONSHIP_ROWS] if competition.points_champion else [],
        **league_context(competition, rows, request.GET.get("follow")),  # the course chart, a league's latest matches
    }
    return render(request, "competitions/standings.html", context)


def standings_xlsx(request, slug):
    competition = selectors.visible_competition(request, slug)
    return xlsx_response(StandingsExporter(competition, standings(competition)))


def standings_pdf(request, slug):
    competition = selectors.visible_competition(request, slug)
    content = StandingsRenderer(competition, standings(competition)).render()
    return pdf_response(content, "-".join([slug, pgettext("file name", "standings")]) + ".pdf")
