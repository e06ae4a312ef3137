"""A member's own page (/me/), built for a phone: thin views over ``members.me.selectors`` and the
services. Only an account linked to a club member (``Player.account``) has one; a staff login without
a member sees a plain sentence, never another member's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs.models import Player
from competitions.evenings import signups
from competitions.models import Evening
from members import services
from members.mails.compose import settings_of
from members.mails.links import read_answer_token
from members.me import selectors
from members.me.calendar import member_feed
from members.me.export import member_data
from members.me.forms import AnswerForm, MailChoicesForm, NameShownForm
from members.models import SWITCHES, MemberSettings

POLL_MS = 15000  #: how often /me/ asks for tonight's scores while the member has a table tonight


@login_required
def me(request):
    members = selectors.members_of(request.user)
    if not members:
        return render(request, "members/me/me.html", {"members": []}, status=403)
    pages = []
    for player in members:
        choices = settings_of(player)
        if choices.pk is None:  # the calendar's secret is made the first time the page is seen
            choices = services.ensure_settings(player=player)
        pages.append(
            {
                "player": player,
                "planned": selectors.planned_evenings(player),
                "tonight": selectors.tonight(player),
                "results": selectors.results(player),
                "rating": selectors.rating(player),
                "form": MailChoicesForm(
                    initial={
                        "draw": choices.draw_mail,
                        "result": choices.result_mail,
                        "reminder": choices.reminder_mail,
                        "confirm": choices.confirm_mail,
                        "language": choices.language,
                    },
                    prefix=f"p{player.pk}",
                ),
                "name_form": NameShownForm(
                    initial={"name_shown": player.name_shown}, player=player, prefix=f"n{player.pk}"
                ),
                "calendar_url": request.build_absolute_uri(f"/me/calendar/{choices.calendar_token}.ics"),
            }
        )
    return render(request, "members/me/me.html", {"members": pages, "poll_ms": POLL_MS})


@login_required
def tonight_part(request):
    """Tonight's tables with their running scores, polled by /me/ (``static/js/refresh.js``) while an
    evening is on: only the member's own tables, three queries per club."""
    player = next((p for p in selectors.members_of(request.user) if str(p.pk) == request.GET.get("player")), None)
    if player is None:
        raise Http404
    response = render(request, "members/me/_tonight.html", {"player": player, "tonight": selectors.tonight(player)})
    response["Cache-Control"] = "no-cache"
    return response


@login_required
@require_POST
def answer(request, pk: int):
    evening = get_object_or_404(Evening.objects.select_related("competition__club"), pk=pk)
    form = AnswerForm(request.POST)
    if not form.is_valid():
        messages.error(request, str(form.errors["answer"][0]))
        return redirect("members:me")
    player = next((p for p in selectors.members_of(request.user) if p.club_id == evening.competition.club_id), None)
    if player is None:
        messages.error(request, _("This evening belongs to another club; you can only sign up for your own club's."))
        return redirect("members:me")
    try:
        sign_up = signups.answer(evening=evening, player=player, coming=form.cleaned_data["answer"] == "yes")
    except signups.SignUpRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("members:me")
    if sign_up.late:
        messages.warning(
            request,
            _("Noted, but after the deadline: the organiser sees it as a late answer."),
        )
    else:
        messages.success(request, _("Noted: you come.") if sign_up.coming else _("Noted: you sent apologies."))
    return redirect("members:me")


@login_required
@require_POST
def mail_choices(request):
    try:
        player = next(p for p in selectors.members_of(request.user) if str(p.pk) == request.POST.get("player"))
    except StopIteration:
        raise Http404 from None
    form = MailChoicesForm(request.POST, prefix=f"p{player.pk}")
    if not form.is_valid():
        messages.error(request, _("Choose a language from the list."))
        return redirect("members:me")
    services.set_mail_choices(
        player=player,
        choices={kind: form.cleaned_data[kind] for kind in SWITCHES},
        via="page",
        language=form.cleaned_data["language"],
    )
    messages.success(request, _("Your mail choices are saved."))
    return redirect("members:me")


@login_required
@require_POST
def name_shown(request):
    """How my name shows on public pages (AVG): full, "Jan de V." or "J.d.V."."""
    try:
        player = next(p for p in selectors.members_of(request.user) if str(p.pk) == request.POST.get("player"))
    except StopIteration:
        raise Http404 from None
    form = NameShownForm(request.POST, player=player, prefix=f"n{player.pk}")
    if not form.is_valid():
        messages.error(request, form.errors["name_shown"][0])
        return redirect("members:me")
    services.set_name_shown(player=player, choice=form.cleaned_data["name_shown"])
    messages.success(request, _("Saved: this is how your name shows on public pages."))
    return redirect("members:me")


def calendar(request, token: str):
    member = MemberSettings.objects.select_related("player__club").filter(calendar_token=token).first()
    if member is None:
        raise Http404
    body = member_feed(member.player, url=request.build_absolute_uri("/"))
    return HttpResponse(body, content_type="text/calendar; charset=utf-8")


def answer_link(request, token: str):
    """A reminder's signed "ik kom" / "ik kom niet" link: no login. ``GET`` shows the one button (a
    mail scanner that opens links changes nothing), ``POST`` records the answer."""
    try:
        player_id, evening_id, coming = read_answer_token(token)
    except signing.SignatureExpired:
        return _answer_refused(request, _("This link has expired. Answer on your own page instead."), 410)
    except signing.BadSignature:
        return _answer_refused(
            request, _("This link is not valid: it was changed or cut short. Use the link in the mail itself."), 400
        )
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    evening = Evening.objects.select_related("competition__club").filter(pk=evening_id).first()
    if player is None or player.account_id is None or evening is None:  # removed, or anonymised
        return _answer_refused(request, _("This link belongs to a member or evening that is no longer there."), 410)
    if request.user.is_authenticated and player.account_id not in (None, request.user.pk):
        return _answer_refused(
            request, _("This link is another member's. Log out first, or answer for yourself on your own page."), 403
        )
    context = {"player": player, "evening": evening, "coming": coming}
    if request.method != "POST":
        return render(request, "members/me/answer.html", context)
    try:
        sign_up = signups.answer(evening=evening, player=player, coming=coming)
    except signups.SignUpRefused as refusal:
        return _answer_refused(request, str(refusal), 409)
    done = _("Noted: you come.") if sign_up.coming else _("Noted: you sent apologies.")
    if sign_up.late:
        done = _("Noted, but after the deadline: the organiser sees it as a late answer.")
    return render(request, "members/me/answer.html", {**context, "done": done})


def _answer_refused(request, message: str, status: int):
    return render(request, "members/me/answer.html", {"error": message}, status=status)


@login_required
def export(request):
    """Everything the club keeps about the logged-in member (AVG), as a JSON download."""
    members = selectors.members_of(request.user)
    if not members:
        raise Http404
    response = JsonResponse(
        {"members": [member_data(player) for player in members]}, json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = 'attachment; filename="mijn-gegevens.json"'
    return response
