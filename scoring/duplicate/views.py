"""Pages and PDFs of a duplicate evening. Thin: the selectors read, records shape, tables list.

Who sees what (choice): the standings and the movement are public at once. The hands and each
board's results tell a pair still to play that board what is in the wallet, so the board pages,
the pairs' comparisons and the frequency sheets are public only once every table is confirmed;
the club's staff (organiser, scorer) see them all evening. The hand record (to fill the wallets)
is for the club's staff only.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from competitions import selectors as public
from competitions.models import Competition, Match
from competitions.permissions import is_staff_of
from documents.pdf import pdf_response
from scoring.duplicate import records
from scoring.duplicate.exports import FrequencyRenderer, HandRecordRenderer
from scoring.duplicate.hands import diagram
from scoring.duplicate.models import DuplicateSetup
from scoring.duplicate.selectors import (
    DuplicateEvening,
    load_evening,
    matchpoints_text,
    movement_note,
    standing_rows,
)
from scoring.duplicate.tables import DuplicateStandingsTable, FrequencyTable, MovementTable, PairBoardsTable


def _setup(competition: Competition) -> DuplicateSetup:
    setup = DuplicateSetup.objects.filter(competition=competition).first()
    if setup is None:
        raise Http404(_("This competition has no duplicate deals."))
    setup.competition = competition  # loaded already (with its club)
    return setup


def _complete(competition: Competition) -> bool:
    return not Match.objects.filter(round__competition=competition).exclude(status=Match.Status.CONFIRMED).exists()


def _may_see_boards(request, competition: Competition) -> bool:
    return is_staff_of(request.user, competition.club_id) or _complete(competition)


def _require_boards(request, competition: Competition) -> None:
    if not _may_see_boards(request, competition):
        raise Http404(_("The deals are shown once every table is confirmed."))


def overview(request, slug):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    evening = load_evening(setup)
    rows = standing_rows(setup, evening)
    show_boards = _may_see_boards(request, competition)
    context = {
        "competition": competition,
        "setup": setup,
        "standings": DuplicateStandingsTable(records.standings_records(evening, rows, slug), prefix="s-"),
        "movement": MovementTable(records.movement_records(evening), prefix="m-"),
        "boards": [b.number for b in evening.boards] if show_boards else [],
        "show_boards": show_boards,
        "staff": is_staff_of(request.user, competition.club_id),
        "movement_note": movement_note(setup),
        "missed_percentage": setup.missed_percentage,
    }
    return render(request, "duplicate/overview.html", context)


def board_page(request, slug, number):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    _require_boards(request, competition)
    evening = load_evening(setup)
    board = evening.board(number)
    if board is None:
        raise Http404(_("There is no deal %(number)s.") % {"number": number})
    context = {
        "competition": competition,
        "setup": setup,
        "board": board,
        **diagram(board),
        "table": FrequencyTable(records.frequency_records(evening, board, slug)),
        "previous": number - 1 if number > 1 else None,
        "next": number + 1 if number < setup.boards else None,
    }
    return render(request, "duplicate/board.html", context)


def pair_page(request, slug, entrant_id):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    _require_boards(request, competition)
    evening = load_evening(setup)
    pair = evening.pairs.get(entrant_id)
    if pair is None:
        raise Http404(_("This pair does not play in %(name)s.") % {"name": competition.name})
    total = evening.totals.get(entrant_id)
    context = {
        "competition": competition,
        "pair": pair,
        "total": total,
        "percentage": records.percent(total.percentage) if total else None,
        "matchpoints": matchpoints_text(total.matchpoints) if total else None,
        "deals": total.boards + total.missed if total else 0,
        "table": PairBoardsTable(records.pair_records(evening, entrant_id, slug)),
    }
    return render(request, "duplicate/pair.html", context)


def frequency_pdf(request, slug, number=None):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    _require_boards(request, competition)
    evening = load_evening(setup)
    boards = evening.boards
    if number is not None:
        board = evening.board(number)
        if board is None:
            raise Http404(_("There is no deal %(number)s.") % {"number": number})
        boards = [board]
    content = FrequencyRenderer(evening, boards=boards).render()
    name = (
        f"{slugify(competition.slug)}-{_('deal')}-{number}.pdf"
        if number
        else f"{slugify(competition.slug)}-{_('frequency')}.pdf"
    )
    return pdf_response(content, name)


def hand_record_pdf(request, slug):
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not is_staff_of(request.user, competition.club_id):
        raise PermissionDenied(_("Only the club's organiser and scorers may print the hand records."))
    setup = _setup(competition)
    evening: DuplicateEvening = load_evening(setup)
    content = HandRecordRenderer(evening).render()
    return pdf_response(content, f"{slugify(competition.slug)}-{_('hand-records')}.pdf")
