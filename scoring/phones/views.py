"""The table link's pages: a phone at the table enters its own sheet (``/t/<code>/``), the opponents
check it there; and the organiser's page with the address phones reach and a big QR code to it.
No account is needed at the table: the code is the key (a wrong or old code answers 404). Thin:
the services in ``scoring.phones.services`` decide; this turns their refusals into messages."""

from __future__ import annotations

import hashlib
import json
import secrets
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from clubs.permissions import clubs_staffed_by
from competitions.base.table_codes import assign_table_codes, normalise, printed
from competitions.models import Match, Round
from core.site_address import phones_reach
from documents.qr import qr_svg
from scoring import selectors
from scoring.models import AuditEntry
from scoring.phones import services as table_services
from scoring.phones.conflict import comparison
from scoring.phones.selectors import (
    State,
    TableLinkPaused,
    match_for_code,
    names_at_table,
    printed_code,
    short_address,
    side_pins,
    side_words,
    site_url,
    state_of,
)
from scoring.phones.sheet import TRUMPS, cards, initial_form, phone_layout, rules_for_phone, summary
from scoring.services import NotAllowed, SheetInvalid, StaleVersion, record_conflict, stored_deals
from scoring.sheet.deal_input import sheet_words
from scoring.sheet.forms import SheetForm
from scoring.sheet.layout import side_labels, whole_number
from scoring.sheet.preview import sheet_preview


def table_link(view):
    """A table link's view, answering a paused or ended link in words (Dutch by default), never with
    the site's bare 404: a page for a person, JSON for the phone's script (423 "locked" while the round
    is unpublished, so the script keeps the sheet and sends it again; 410 once the table is no more)."""

    @wraps(view)
    def answer(request, code: str, *args, **kwargs):
        try:
            return view(request, code, *args, **kwargs)
        except TableLinkPaused:
            paused = True
        except Http404:
            paused = False
        if paused:
            message = _(
                "The organiser is changing this round: this table link is paused. It works again, the same "
                "link, as soon as the round is published again. What you typed stays on this phone."
            )
        else:
            message = _(
                "This table link no longer works: its table is not in the round any more. What you typed "
                "stays on this phone: open your new table's sheet (scan its QR code or type its code) and "
                "the deals you typed come along."
            )
        if _wants_json(request):
            return JsonResponse(
                {"message": message, "paused": paused, "ended": not paused}, status=423 if paused else 410
            )
        context = {"message": message, "paused": paused, "ended_code": normalise(code) or ""}
        return render(request, "scoring/phones/link_state.html", context, status=423 if paused else 404)

    return answer


def table_home(request):
    """``/t/``: type the code printed on the sheet."""
    typed = request.GET.get("code", "")
    error = ""
    if typed:
        code = normalise(typed)
        if code and Match.objects.filter(table_code=code, round__status=Round.Status.PUBLISHED).exists():
            return redirect("table:page", code=code)
        error = _("No table has the code %(code)s. Check the code on the score sheet.") % {"code": typed.strip()[:20]}
    return render(request, "scoring/phones/home.html", {"error": error, "typed": typed}, status=404 if error else 200)


def _context(request, match: Match, *, form: SheetForm | None = None) -> dict:
    state = state_of(match)
    sides = selectors.sides_of(match)
    words = side_words(sides)
    seat_names = {seat.seat: seat.player.name for seat in match.seats.all()}
    last = AuditEntry.objects.filter(match=match).order_by("-at", "-id").first()
    context = {
        "tally_signs": TALLY_SIGNS,
        "match": match,
        "competition": match.round.competition,
        "state": state,
        "words": words,
        "code": match.table_code,
        "printed_code": printed_code(match),
        "version": match.version,
        "sent_back_by": words[last.table_side]
        if last and last.action == AuditEntry.Action.SEND_BACK and last.table_side is not None and state == State.ENTER
        else None,
        "entered_by": words[match.table_entered_side] if match.table_entered_side is not None else None,
        "checked_by": words[match.table_checked_side] if match.table_checked_side is not None else None,
        "opponents": [w for w in words if w.index != match.table_entered_side],
        "second_check": match.round.competition.second_check,
        "saved": request.GET.get("saved") == "1",
        "names": names_at_table(match),  # the page's names map (static/js/table_names.js), as polled
    }
    if state == State.ENTER:
        stored = stored_deals(match)
        layout = form.layout if form is not None else phone_layout(match, stored)
        form = form if form is not None else initial_form(match, layout, stored)
        with sheet_words(side_labels(match.sides)):
            preview = sheet_preview(form)
            phone_cards = cards(form, words, seat_names, preview)
        context.update(
            form=form,
            layout=layout,
            cards=phone_cards,
            preview=preview,
            totals=list(zip(words, preview["totals"])),
            trumps=TRUMPS,
            deal_rules=rules_for_phone(layout.rules),
            key=secrets.token_urlsafe(16),
            typed_side=request.POST.get("side", ""),
        )
    else:
        context["summary"] = summary(match, seat_names)
    return context


#: The roem tally symbols a phone's picker offers (RULES.md §8), with what each is worth.
TALLY_SIGNS = (("|", 20), ("V", 50), ("O", 100))


@require_GET
def table_worker(request):
    """The table pages' service worker (scope /t/): a table page reloaded without a connection is
    the last copy this phone loaded (the sheet it kept in localStorage comes back on it), not the
    browser's offline page. Served from /t/ because a worker only controls pages under its own path."""
    response = render(request, "scoring/phones/worker.js", content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@table_link
def table_page(request, code: str):
    """What the table can do now: type the sheet, check it, or see the result."""
    match = match_for_code(code)
    return render(request, "scoring/phones/page.html", _context(request, match))


@require_GET
@table_link
def table_names(request, code: str):
    """Who sits at the table now (JSON), polled by the page's script (static/js/table_names.js) so a
    reseat or a new publication shows on an open phone without a reload. An ETag of the names: while
    nothing changed the answer is 304 and costs no more than its 4 queries."""
    names = names_at_table(match_for_code(code, deals=False))
    etag = '"%s"' % hashlib.sha256(json.dumps(names, sort_keys=True).encode()).hexdigest()[:32]
    response: HttpResponse
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = JsonResponse(names)
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
@table_link
def table_preview(request, code: str):
    """The engine's answer for the sheet as typed so far (as the desktop sheet's); saves nothing."""
    match = match_for_code(code)
    form = SheetForm(
        request.POST, layout=phone_layout(match, stored_deals(match)), seats=selectors.offender_seats(match)
    )
    with sheet_words(side_labels(match.sides)):
        return JsonResponse(sheet_preview(form))


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@require_POST
@table_link
def table_save(request, code: str):
    """Save the sheet typed at the table. JSON for the page's script (200 saved, 400 with the errors
    at their deals, 403 refused, 409 changed meanwhile); a plain form post redirects or shows errors."""
    match = match_for_code(code)
    form = SheetForm(
        request.POST, layout=phone_layout(match, stored_deals(match)), seats=selectors.offender_seats(match)
    )
    with sheet_words(side_labels(match.sides)):
        return _save_typed_sheet(request, code, match, form)


def _save_typed_sheet(request, code: str, match: Match, form: SheetForm):
    as_json = _wants_json(request)
    problem, status = "", 200
    if form.is_valid():
        side = whole_number(request.POST.get("side", ""))
        try:
            saved, written = table_services.save_table_sheet(
                match=match,
                side=side,
                deals=form.cleaned_data["deals"],
                version=form.cleaned_data["version"],
                key=request.POST.get("key", ""),
            )
        except SheetInvalid as refused:
            form.add_deal_errors(refused.errors)
            problem, status = _("Nothing was saved: correct the deals marked in red."), 400
        except StaleVersion as stale:
            message = _(
                "The sheet was changed on another phone or by a scorer meanwhile. Nothing was saved; "
                "what you typed is still here."
            )
            mine = form.cleaned_data["deals"]
            record_conflict(match=match, table_side=side if isinstance(side, int) else None, stale=stale, mine=mine)
            if as_json:
                now = Match.objects.select_related("entered_by").get(pk=match.pk)
                answer = comparison(now, stale.current_deals, mine, sheet_preview(form))
                return JsonResponse({"message": message, "version": stale.current_version, **answer}, status=409)
            problem, status = message, 409
        except NotAllowed as refused:
            if as_json:
                return JsonResponse({"message": str(refused)}, status=403)
            problem, status = str(refused), 403
        else:
            done = ngettext("Saved: %(n)s deal.", "Saved: %(n)s deals.", saved.deals_played) % {"n": saved.deals_played}
            if as_json:
                return JsonResponse(
                    {
                        "saved": True,
                        "written": written,
                        "status": saved.status,
                        "version": saved.version,
                        "deals": saved.deals_played,
                        "message": done,
                    }
                )
            messages.success(request, done)
            return redirect(request.path.rsplit("save/", 1)[0] + "?saved=1")
    else:
        problem, status = _("Nothing was saved: correct the deals marked in red."), 400
    if as_json:
        return JsonResponse({"message": problem, "preview": sheet_preview(form)}, status=status)
    match = match_for_code(code)
    context = _context(
        request, match, form=SheetForm(request.POST, layout=form.layout, seats=selectors.offender_seats(match))
    )
    context["problem"] = problem
    return render(request, "scoring/phones/page.html", context, status=status)


def _check(request, code: str, action, **extra):
    match = match_for_code(code)
    side, version = whole_number(request.POST.get("side", "")), whole_number(request.POST.get("version", ""))
    try:
        done = action(match=match, side=side, version=-1 if version is None else version, **extra)
    except StaleVersion:
        messages.error(request, _("The sheet changed while you were checking it; check it again."))
    except table_services.WrongPin:
        raise  # counted by table_accept
    except NotAllowed as refused:
        messages.error(request, str(refused))
    else:
        return done
    return None


#: Wrong acceptance codes one table may type within ``WRONG_PINS_SECONDS`` before accepting is
#: paused: a code has 30 bits, so with this limit it cannot be found by trying.
WRONG_PINS_LIMIT = 10
WRONG_PINS_SECONDS = 15 * 60


def _wrong_pins_key(code: str) -> str:
    return f"table-wrong-pins:{normalise(code) or code[:20]}"


@require_POST
@table_link
def table_accept(request, code: str):
    key = _wrong_pins_key(code)
    if (cache.get(key) or 0) >= WRONG_PINS_LIMIT:
        match_for_code(code)  # a wrong table code is still a 404
        messages.error(
            request,
            _("Too many wrong acceptance codes at this table: wait a quarter of an hour, or let a scorer confirm."),
        )
        return redirect("table:page", code=code)
    try:
        done = _check(request, code, table_services.accept_at_table, pin=request.POST.get("pin", "")[:40])
    except table_services.WrongPin as refused:
        cache.add(key, 0, WRONG_PINS_SECONDS)
        try:
            cache.incr(key)
        except ValueError:  # expired meanwhile
            cache.set(key, 1, WRONG_PINS_SECONDS)
        messages.error(request, str(refused))
        done = None
    if done is not None:
        if done.status == Match.Status.CONFIRMED:
            messages.success(request, _("Accepted. The result is confirmed and counts in the standings."))
        else:
            messages.success(request, _("Accepted. A scorer confirms the result at the desk."))
    return redirect("table:page", code=code)


@require_POST
@table_link
def table_send_back(request, code: str):
    if _check(request, code, table_services.send_back_at_table) is not None:
        messages.warning(request, _("Sent back: the sheet can be corrected and checked again."))
    return redirect("table:page", code=code)


@login_required
def phones(request):
    """The organiser's page for the phones: the address they reach, a big QR code to open the site,
    and the table links of each competition's latest published round."""
    clubs = list(clubs_staffed_by(request.user).values_list("pk", flat=True))
    if not clubs:
        raise PermissionDenied
    address = site_url(request)
    rounds = []
    latest = (
        Round.objects.filter(competition__club_id__in=clubs, status=Round.Status.PUBLISHED)
        .select_related("competition", "evening")
        .order_by("competition__name", "-number")
    )
    seen = set()
    for round_ in latest:
        if round_.competition_id in seen:
            continue
        seen.add(round_.competition_id)
        assign_table_codes(round=round_)  # rounds published before table links existed
        matches = list(
            Match.objects.filter(round=round_).order_by("table").only("table", "status", "table_code", "sides")
        )
        rounds.append(
            {
                "round": round_,
                "tables": [
                    {
                        "table": m.table,
                        "status": m.get_status_display(),
                        "code": printed(m.table_code),
                        "pins": side_pins(m),
                        "url": f"{address}/t/{m.table_code}/",
                    }
                    for m in matches
                    if m.table_code
                ],
            }
        )
    return render(
        request,
        "scoring/phones/phones.html",
        {
            "address": address,
            "reach": (reach := phones_reach(request)),  # no QR code to an address nobody serves
            "qr": mark_safe(qr_svg(address + "/", label=address)) if reach else "",
            "short": short_address(request),
            "rounds": rounds,
        },
    )
