"""The organiser's pages for an evening as a whole: removing it (issue 33 item 10: any evening, after a
page that names what goes) and calling it off or on again (issue 32: "Avond afgelasten"; the signed-up
members are told through ``competitions.evenings.cancel``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions import services
from competitions.evenings import cancel
from competitions.evenings.forms import CancelEveningForm
from competitions.organiser.lookups import attendance_url, evening_of, posted
from competitions.permissions import organised_competition
from competitions.services import DrawError
from core.refusals import show_refusal


@login_required
def evening_delete(request, slug, number):
    """Remove an evening (issue 33 item 10): GET names what goes with it (its tables and results,
    imported totals, attendance) and which evenings move down a number; POST with the tick removes it."""
    competition = organised_competition(request, slug)
    evening = evening_of(competition, number)
    contents = services.evening_contents(evening)
    context = {"competition": competition, "evening": evening, "contents": contents}
    if request.method != "POST":
        return render(request, "competitions/organiser/evening_delete.html", context)
    if request.POST.get("confirm") != "1":
        context["error"] = _("Tick that evening %(number)s goes with everything listed, or go back.") % {
            "number": number
        }
        return render(request, "competitions/organiser/evening_delete.html", context, status=400)
    try:
        services.delete_evening(evening=evening, user=request.user, confirmed=True)
    except DrawError as error:
        show_refusal(request, error)
        return redirect(attendance_url(slug, number))
    if contents.later:
        text = _("Evening %(number)s is deleted; the evenings after it moved down one number.")
    else:
        text = _("Evening %(number)s is deleted.")
    messages.success(request, text % {"number": number})
    return redirect("staff:competition", slug=slug)


@login_required
def evening_cancel(request, slug, number):
    """ "Avond afgelasten": ``GET`` asks first (how many members signed up and will be told, the reason);
    ``POST`` calls the evening off (competitions.evenings.cancel)."""
    competition = organised_competition(request, slug, hidden=True)
    evening = evening_of(competition, number)
    form = CancelEveningForm(posted(request))
    if form.is_valid():
        try:
            cancel.cancel_evening(evening=evening, user=request.user, reason=form.cleaned_data["reason"])
        except DrawError as error:
            show_refusal(request, error, form)
        else:
            messages.success(request, _("Evening %(number)s is cancelled.") % {"number": number})
            return redirect(attendance_url(slug, number))
    context = {
        "competition": competition,
        "evening": evening,
        "form": form,
        "signed_up": evening.sign_ups.filter(coming=True).count(),
    }
    return render(request, "competitions/organiser/evening_cancel.html", context, status=400 if form.is_bound else 200)


@login_required
@require_POST
def evening_uncancel(request, slug, number):
    competition = organised_competition(request, slug, hidden=True)
    evening = evening_of(competition, number)
    try:
        cancel.uncancel_evening(evening=evening, user=request.user)
    except DrawError as error:
        show_refusal(request, error)
    else:
        messages.success(request, _("Evening %(number)s is on again; members can sign up.") % {"number": number})
    return redirect(attendance_url(slug, number))
