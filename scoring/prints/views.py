"""Public files built from the deals and sheets (contract 3): blank score sheets of a round, a match's
filled sheet, the round's table list for the wall and the deal-by-deal results export."""

from __future__ import annotations

from django.core.exceptions import BadRequest
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from clubs.permissions import is_staff_of
from competitions import selectors
from competitions.base.table_codes import assign_table_codes, printed
from competitions.evenings.selectors import off_table
from competitions.models import Match, Round
from competitions.selectors import is_visible_match, is_visible_round, play_seen
from core.site_address import phones_reach
from documents.pdf import pdf_response
from scoring.phones.selectors import short_address, side_pins, site_url, table_url
from scoring.prints.pdf import ScoreSheetRenderer
from scoring.prints.sheets import build_sheet, match_for_sheet, sheets_for_round
from scoring.prints.table_list import TableListPdf
from scoring.results.cache import results_response
from scoring.results.exports import ResultsExporter

ENTRY_PATH = "/matches/{pk}/enter/"  # contract 3: the table's entry page


def entry_urls(request, *, table_links: bool = False):
    """``urls(match) -> (absolute URL, the short address printed under the QR code[, code, side codes])``.

    The address is one phones reach (``scoring.phones.selectors.site_url``: not 127.0.0.1). With
    ``table_links`` (the club's staff printing a published round), a table's QR code is its table
    link and its code is printed with it, and each side's acceptance code in its signature box; otherwise (anyone else) the staff entry page, which needs
    a login: the public never sees a table's code.
    """
    base = site_url(request)
    host = base.split("://", 1)[-1]
    if not phones_reach(request):  # served on 127.0.0.1 only: no QR code to an address nobody serves

        def unreachable(match):
            return "", unreachable_notice()

        return unreachable

    def urls(match):
        if table_links and match.table_code:
            pins = [pin for _label, pin in side_pins(match)]  # each side's acceptance code, in its signature box
            return table_url(request, match), short_address(request), printed(match.table_code), pins
        return base + ENTRY_PATH.format(pk=match.pk), f"{host}{ENTRY_PATH.format(pk=match.pk)}"

    return urls


def unreachable_notice() -> str:
    """What a printed sheet says where its QR code would be when phones cannot reach the site."""
    return _("Phones cannot reach this laptop. For phones, start it with: make run HOST=0.0.0.0")


def _table_links(request, round_) -> bool:
    """The club's staff print the table links of a published round (made now if it has none yet)."""
    if not is_staff_of(request.user, round_.competition.club_id):
        return False
    assign_table_codes(round=round_)
    return round_.status == Round.Status.PUBLISHED


def round_sheets(request, slug, number):
    round_ = get_object_or_404(Round.objects.select_related("competition__club"), competition__slug=slug, number=number)
    if not is_visible_round(request.user, round_):  # a draft round is the staff's only
        raise Http404
    sheets = sheets_for_round(round_, urls=entry_urls(request, table_links=_table_links(request, round_)))
    title = _("%(competition)s — round %(number)s — score sheets") % {
        "competition": round_.competition.name,
        "number": round_.number,
    }
    content = ScoreSheetRenderer(sheets, title=title).render()
    return pdf_response(
        content, "-".join([slug, pgettext("file name", "round"), str(number), pgettext("file name", "sheets")]) + ".pdf"
    )


def match_sheet(request, pk):
    try:
        match = match_for_sheet(pk)
    except Match.DoesNotExist:
        raise Http404 from None
    if not is_visible_match(request.user, match):  # a table of a draft round is the staff's only
        raise Http404
    if not play_seen(request.user, match.round.competition).match(match.pk):  # duplicate: still to be played
        raise Http404(_("The play of this table is shown once every table of the session has played its deals."))
    tally = request.GET.get("tally") in ("1", "true", "yes")
    sheet = build_sheet(match, urls=entry_urls(request), filled=True, tally=tally)
    title = _("%(competition)s — round %(number)s — table %(table)s") % {
        "competition": sheet.competition,
        "number": sheet.round_number,
        "table": sheet.table,
    }
    content = ScoreSheetRenderer([sheet], title=title).render()
    return pdf_response(
        content, "-".join([pgettext("file name", "match"), str(pk), pgettext("file name", "sheet")]) + ".pdf"
    )


def round_tables(request, slug, number):
    competition = selectors.visible_competition(request, slug)
    round_ = get_object_or_404(Round, competition=competition, number=number)
    round_.competition = competition
    if not is_visible_round(request.user, round_):
        raise Http404
    links = _table_links(request, round_)
    sheets = sheets_for_round(round_, urls=entry_urls(request, table_links=True) if links else lambda match: ("", ""))
    notice = "" if phones_reach(request) else unreachable_notice()
    content = TableListPdf(round_, sheets, off_table(round_), notice=notice).render()
    return pdf_response(
        content, "-".join([slug, pgettext("file name", "round"), str(number), pgettext("file name", "tables")]) + ".pdf"
    )


def results_xlsx(request, slug):
    competition = selectors.visible_competition(request, slug)
    round_number = request.GET.get("round") or ""
    if round_number and not (round_number.isascii() and round_number.isdigit() and len(round_number) <= 6):
        raise BadRequest(_("'round' must be a round number."))  # not int("²"): a 400, not a server error
    number = int(round_number) if round_number else None
    exporter = ResultsExporter(competition, round_number=number, seen=play_seen(request.user, competition))
    return results_response(request, competition, exporter, number)  # cached and bounded (issue 34 item 12)
