"""The evening's result as an A4 PDF to hang up (public, like the evening's page)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import pgettext

from competitions import selectors
from competitions.evenings.pdf import EveningResultRenderer
from competitions.evenings.selectors import evening_rounds
from competitions.standings import evening_results
from competitions.standings.report import evening_statistics, season_rows_after, statistics_lines
from core.site_address import phones_reach, site_url
from documents.pdf import pdf_response


def evening_result_pdf(request, slug, number):
    competition = selectors.public_competition(slug)
    evening = selectors.public_evening(competition, number)
    season = season_rows_after(evening)
    rows = evening_results(evening, names={r.player_id: r.name for r in season})
    statistics = statistics_lines(evening_statistics(evening, rows, season)) if rows else []
    # the members' own page, where phones reach the site (not a laptop serving 127.0.0.1 only)
    members_url = site_url(request) + reverse("members:me") if phones_reach(request) else ""
    content = EveningResultRenderer(
        competition, evening, rows, evening_rounds(evening), statistics=statistics, members_url=members_url
    ).render()
    return pdf_response(content, "-".join([slug, pgettext("file name", "evening"), str(number)]) + ".pdf")
