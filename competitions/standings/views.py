"""Public files of a competition (contract 3): the standings as PDF and xlsx (the round's table list
and the results export are in ``scoring.prints.views``, as they need the deals and sheets).

A competition that is not public is shown to the staff of its club only (404 for anyone else)."""

from __future__ import annotations

from django.utils.translation import pgettext

from competitions import selectors
from competitions.standings import standings
from competitions.standings.exports import StandingsExporter
from competitions.standings.pdf import StandingsRenderer
from documents.pdf import pdf_response
from documents.xlsx import xlsx_response


def standings_xlsx(request, slug):
    competition = selectors.visible_competition(request, slug)
    return xlsx_response(StandingsExporter(competition, standings(competition)))


def standings_pdf(request, slug):
    competition = selectors.visible_competition(request, slug)
    content = StandingsRenderer(competition, standings(competition)).render()
    return pdf_response(content, "-".join([slug, pgettext("file name", "standings")]) + ".pdf")
