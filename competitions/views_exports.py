"""Public files of a competition (contract 3): the round's table list, results and standings.

A competition that is not public is shown to the staff of its club only (404 for anyone else)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404

from clubs.permissions import is_staff_of
from competitions.exports import ResultsExporter, TableListRenderer
from competitions.exports_standings import StandingsExporter, StandingsRenderer
from competitions.models import Competition, Round
from competitions.standings import standings
from documents.pdf import pdf_response
from documents.xlsx import xlsx_response
from scoring.sheets import sheets_for_round


def _competition(request, slug) -> Competition:
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if not (competition.is_public or is_staff_of(request.user, competition.club_id)):
        raise Http404
    return competition


def round_tables(request, slug, number):
    competition = _competition(request, slug)
    round_ = get_object_or_404(Round, competition=competition, number=number)
    round_.competition = competition
    sheets = sheets_for_round(round_, urls=lambda match: ("", ""))
    content = TableListRenderer(round_, sheets).render()
    return pdf_response(content, f"{slug}-round-{number}-tables.pdf")


def results_xlsx(request, slug):
    competition = _competition(request, slug)
    round_number = request.GET.get("round")
    exporter = ResultsExporter(competition, round_number=int(round_number) if (round_number or "").isdigit() else None)
    return xlsx_response(exporter)


def standings_xlsx(request, slug):
    competition = _competition(request, slug)
    return xlsx_response(StandingsExporter(competition, standings(competition)))


def standings_pdf(request, slug):
    competition = _competition(request, slug)
    content = StandingsRenderer(competition, standings(competition)).render()
    return pdf_response(content, f"{slug}-standings.pdf")
