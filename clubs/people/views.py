"""The people pages: a club's roles and invitations (its organisers only; anyone else gets 404),
a league's member clubs, and the invitation link itself. Thin: ``clubs.people.services`` writes,
``clubs.people.selectors`` reads; a refusal becomes a message or a form error."""

from __future__ import annotations

import logging
from smtplib import SMTPException

from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.models import Club, Invitation
from clubs.people import selectors, services
from clubs.people.forms import AcceptForm, InviteForm, MemberClubForm
from clubs.people.pdf import InvitationCard, InvitationSheetRenderer
from clubs.people.services import PeopleRefused, role_name
from clubs.people.tables import InvitationTable, MemberClubTable, PeopleTable
from clubs.permissions import is_organiser_of
from core import outbox
from core.site_address import site_url
from documents.pdf import pdf_response
from documents.qr import qr_svg

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
logger = logging.getLogger(__name__)


MAIL_FAILED = gettext_lazy(
    "The mail could not be sent, so no invitation was made. Try again later, or leave the email address "
    "empty and hand over the link yourself."
)


def organised_club(request, slug: str) -> Club:
    """The club of ``slug`` for its organiser (or a site admin); for anyone else it does not exist."""
    club = get_object_or_404(Club, slug=slug)
    if not is_organiser_of(request.user, club):
        raise Http404
    return club


def new_link(request, token: str) -> dict:
    link = site_url(request) + services.invitation_path(token)
    return {"link": link, "qr": qr_svg(link, label=_("Invitation link"))}


def _page(request, club: Club, *, status: int = 200, **extra):
    csrf_token = get_token(request)
    organisers = selectors.organiser_count(club)
    context = {
        "club": club,
        "people": PeopleTable(
            selectors.people_of(club), club=club, viewer=request.user, organisers=organisers, csrf_token=csrf_token
        ),
        "organisers": organisers,
        "invitations": InvitationTable(selectors.open_invitations(club), club=club, csrf_token=csrf_token),
        "members": list(selectors.members_without_account(club).only("pk", "first_name", "last_name")),
        "roles": Invitation.Role.choices,
        "mail_ready": outbox.is_configured(),
        "invite_form": InviteForm(initial={"role": Invitation.Role.SCORER}),
        "club_form": MemberClubForm(),
        **extra,
    }
    if club.is_league:
        context["member_clubs"] = MemberClubTable(selectors.member_clubs(club), league=club, csrf_token=csrf_token)
    return render(request, "clubs/people/people.html", context, status=status)


@never_cache
@login_required
def people(request, slug):
    club = organised_club(request, slug)
    if request.method != "POST":
        return _page(request, club)
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _page(request, club, status=400, invite_form=form)
    data = form.cleaned_data
    player = None
    if data["role"] == Invitation.Role.MEMBER:
        player = selectors.player(data["player"])
        if player is None:
            form.add_error("player", _("That member does not belong to %(club)s.") % {"club": club.name})
            return _page(request, club, status=400, invite_form=form)
    try:
        invitation, token = services.invite(
            club=club, role=data["role"], player=player, email=data["email"], by=request.user, site=site_url(request)
        )
    except PeopleRefused as refused:
        form.add_error(refused.field if refused.field in form.fields else None, refused.message)
        return _page(request, club, status=400, invite_form=form)
    except (OSError, SMTPException) as error:  # the mail could not go out: the invitation was rolled back with it
        logger.warning("invitation mail to %s not sent: %s", data["email"], error)
        form.add_error("email", MAIL_FAILED)
        return _page(request, club, status=503, invite_form=form)
    return _page(request, club, invited=invitation, **new_link(request, token))


@never_cache
@login_required
@require_POST
def invitation_sheets(request, slug):
    """The printed sheet of members' invitations (``clubs.people.pdf``): a new one-time invitation for
    every member without an account (or the members ``player`` names), one QR card each. A refusal
    makes none and says why on the member list."""
    club = organised_club(request, slug)
    chosen = request.POST.getlist("player") or None
    try:
        made = services.invite_members(club=club, by=request.user, player_ids=chosen)
    except PeopleRefused as refused:
        messages.error(request, refused.message)
        return redirect("clubs:members", slug=club.slug)
    if not made:
        messages.info(request, _("Every member of %(club)s has an account already.") % {"club": club.name})
        return redirect("clubs:members", slug=club.slug)
    site = site_url(request)
    cards = [
        InvitationCard(name=player.name, link=site + services.invitation_path(token), expires_at=invitation.expires_at)
        for player, invitation, token in made
    ]
    content = InvitationSheetRenderer(club, cards).render()
    return pdf_response(content, f"{club.slug}-invitations.pdf", inline=False)


@login_required
@require_POST
def revoke_invitation(request, slug, pk):
    club = organised_club(request, slug)
    invitation = get_object_or_404(Invitation, pk=pk, club=club)
    try:
        services.revoke_invitation(invitation=invitation, by=request.user)
    except PeopleRefused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, _("The invitation is revoked: its link no longer works."))
    return redirect("people:people", slug=club.slug)


@login_required
@require_POST
def revoke_role(request, slug):
    club = organised_club(request, slug)
    subject = selectors.staff_account(club, _int(request.POST.get("user")))
    if subject is None:
        messages.error(request, _("That account has no role at %(club)s.") % {"club": club.name})
        return redirect("people:people", slug=club.slug)
    role = request.POST.get("role", "")
    try:
        services.revoke_role(club=club, subject=subject, role=role, by=request.user)
    except PeopleRefused as refused:
        messages.error(request, refused.message)
        return redirect("people:people", slug=club.slug)
    if subject.pk == request.user.pk:
        messages.success(
            request, _("You are no longer %(role)s of %(club)s.") % {"role": role_name(role), "club": club.name}
        )
        if not is_organiser_of(_fresh(request), club):
            return redirect("/")
    else:
        messages.success(
            request,
            _("%(name)s is no longer %(role)s of %(club)s.")
            % {"name": subject.get_username(), "role": role_name(role), "club": club.name},
        )
    return redirect("people:people", slug=club.slug)


@never_cache
@login_required
@require_POST
def reset_link(request, slug):
    club = organised_club(request, slug)
    subject = selectors.staff_account(club, _int(request.POST.get("user")))
    if subject is None:
        messages.error(request, _("That account has no role at %(club)s.") % {"club": club.name})
        return redirect("people:people", slug=club.slug)
    try:
        path = services.reset_link(club=club, subject=subject, by=request.user)
    except PeopleRefused as refused:
        messages.error(request, refused.message)
        return redirect("people:people", slug=club.slug)
    link = site_url(request) + path
    return _page(request, club, reset_for=subject, reset_link=link, reset_qr=qr_svg(link, label=_("Reset link")))


@never_cache
@login_required
@require_POST
def member_club_new(request, slug):
    league = organised_club(request, slug)
    if not league.is_league:
        raise Http404
    form = MemberClubForm(request.POST)
    if not form.is_valid():
        return _page(request, league, status=400, club_form=form)
    data = form.cleaned_data
    try:
        club = services.create_member_club(league=league, name=data["name"], city=data["city"], by=request.user)
    except PeopleRefused as refused:
        form.add_error(refused.field if refused.field in form.fields else None, refused.message)
        return _page(request, league, status=400, club_form=form)
    # a second transaction: the club stands even if the mail of its invitation cannot go out
    try:
        invitation, token = services.invite(
            club=club, role=Invitation.Role.ORGANISER, email=data["email"], by=request.user, site=site_url(request)
        )
    except PeopleRefused as refused:
        messages.error(request, refused.message)
        return redirect("people:people", slug=league.slug)
    return _page(request, league, invited=invitation, invited_club=club, **new_link(request, token))


@never_cache
@login_required
@require_POST
def member_club_invite(request, slug, club_slug):
    league = organised_club(request, slug)
    club = get_object_or_404(league.member_clubs, slug=club_slug)
    try:
        invitation, token = services.invite(
            club=club,
            role=Invitation.Role.ORGANISER,
            email=request.POST.get("email", ""),
            by=request.user,
            site=site_url(request),
        )
    except PeopleRefused as refused:
        messages.error(request, refused.message)
        return redirect("people:people", slug=league.slug)
    return _page(request, league, invited=invitation, invited_club=club, **new_link(request, token))


GONE: dict[str, str] = {  # by Invitation.state(), a plain string
    Invitation.State.ACCEPTED: "used",
    Invitation.State.EXPIRED: "expired",
    Invitation.State.REVOKED: "revoked",
}


@never_cache
def invitation(request, token):
    """The link of an invitation: who invites for what; accept with a new account, or with one click
    when logged in already. Used, expired or revoked: 410 with what to do."""
    found = selectors.invitation_by_token(token)
    if found is None:
        raise Http404
    state = found.state()
    if state != Invitation.State.OPEN:
        return render(
            request, "clubs/people/invitation_gone.html", {"invitation": found, "reason": GONE[state]}, status=410
        )
    context = {"invitation": found, "role": role_name(found.role), "token": token}
    if request.method != "POST":
        context["form"] = AcceptForm(initial={"email": found.email})
        return render(request, "clubs/people/invitation.html", context)
    if request.user.is_authenticated:
        try:
            services.accept_as(invitation=found, user=request.user)
        except PeopleRefused as refused:
            return _refused(request, found, context, refused)
        user = request.user
    else:
        form = AcceptForm(request.POST)
        if not form.is_valid():
            context["form"] = form
            return render(request, "clubs/people/invitation.html", context, status=400)
        try:
            user = services.accept_as_new_account(
                invitation=found,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data.get("email") or "",
            )
        except PeopleRefused as refused:
            form.add_error(refused.field if refused.field in form.fields else None, refused.message)
            context["form"] = form
            return _refused(request, found, context, refused)
        login(request, user, backend=MODEL_BACKEND)
    messages.success(
        request,
        _("Welcome, %(name)s: you are now %(role)s of %(club)s.")
        % {"name": user.get_username(), "role": role_name(found.role), "club": found.club.name},
    )
    return redirect(_landing(found))


def _refused(request, found: Invitation, context: dict, refused: PeopleRefused):
    found.refresh_from_db()
    state = found.state()
    if state != Invitation.State.OPEN:
        return render(
            request, "clubs/people/invitation_gone.html", {"invitation": found, "reason": GONE[state]}, status=410
        )
    context.setdefault("form", AcceptForm(initial={"email": found.email}))
    context["refusal"] = refused.message
    return render(request, "clubs/people/invitation.html", context, status=400)


def _landing(found: Invitation) -> str:
    if found.role == Invitation.Role.ORGANISER:
        return reverse("people:people", args=[found.club.slug])
    if found.role == Invitation.Role.SCORER:
        return reverse("tonight:index")
    return "/"


def _fresh(request):
    """The request's user with its cached roles dropped (after a role of its own changed)."""
    return get_user_model().objects.get(pk=request.user.pk)


def _int(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
