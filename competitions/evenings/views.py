"""The evening's result as an A4 PDF to hang up (public, like the evening's page)."""

from __future__ import annotations

from django.utils.translation import pgettext

from competitions import selectors
from competitions.evenings.pdf import EveningResultRenderer
from competitions.evenings.selectors import evening_rounds
from competitions.standings import evening_results
from documents.pdf import pdf_response


def evening_result_pdf(request, slug, number):
    competition = selectors.public_competition(slug)
    evening = selectors.public_evening(competition, number)
    content = EveningResultRenderer(competition, evening, evening_results(evening), evening_rounds(evening)).render()
    return pdf_response(content, "-".join([slug, pgettext("file name", "evening"), str(number)]) + ".pdf")
