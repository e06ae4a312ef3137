"""Pages and PDFs of a duplicate evening. Thin: the selectors read, records shape, tables list.

Who sees what (issue 24): one selector, ``selectors.boards_seen``, decides. The club's staff
(organiser, scorers) see every board all evening. Anyone else sees a board (its hands, its
results, its frequency) once every table of the session has played it, and the standings and a
pair's comparison over those boards only. The movement is public at once; the hand record (to
fill the wallets) is for the club's staff only.
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.permissions import is_staff_of
from competitions import selectors as public
from competitions.models import Competition
from competitions.selectors import PlaySeen
from documents.pdf import pdf_response
from scoring.duplicate import records
from scoring.duplicate.exports import FrequencyRenderer, HandRecordRenderer
from scoring.duplicate.hands import diagram
from scoring.duplicate.models import DuplicateSetup
from scoring.duplicate.selectors import (
    DuplicateEvening,
    boards_seen,
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


def _require_board(seen: PlaySeen, number: int) -> None:
    if not seen.board(number):
        raise Http404(_("A deal is shown once every table of the session has played it."))


def overview(request, slug):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    seen = boards_seen(request.user, competition)
    evening = load_evening(setup, seen)
    rows = standing_rows(setup, evening)
    show_boards = bool(evening.boards)
    context = {
        "competition": competition,
        "setup": setup,
        "standings": DuplicateStandingsTable(records.standings_records(evening, rows, slug), prefix="s-"),
        "movement": MovementTable(records.movement_records(evening), prefix="m-"),
        "boards": [b.number for b in evening.boards] if show_boards else [],
        "show_boards": show_boards,
        "all_boards": seen.everything or len(seen.boards) >= setup.boards,
        "staff": is_staff_of(request.user, competition.club_id),
        "movement_note": movement_note(setup),
        "missed_percentage": setup.missed_percentage,
    }
    return render(request, "scoring/duplicate/overview.html", context)


def board_page(request, slug, number):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    seen = boards_seen(request.user, competition)
    _require_board(seen, number)
    evening = load_evening(setup, seen)
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
    return render(request, "scoring/duplicate/board.html", context)


def pair_page(request, slug, entrant_id):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    evening = load_evening(setup, boards_seen(request.user, competition))
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
    return render(request, "scoring/duplicate/pair.html", context)


def frequency_pdf(request, slug, number=None):
    competition = public.public_competition(slug)
    setup = _setup(competition)
    seen = boards_seen(request.user, competition)
    if number is not None:
        _require_board(seen, number)
    evening = load_evening(setup, seen)
    boards = evening.boards
    if not boards:
        raise Http404(_("A deal is shown once every table of the session has played it."))
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
