"""The organiser's member pages: the import of members and teams (organisers of the club only, else
403), and the list, a member's page and a merge of two members (issue 31 item 6: organisers of that
club only, else 404 — the page does not say whether a club or member exists). Thin: the services
(``services`` the import, ``edit`` a member's name, number and kind, ``merge`` two members) do the work
and give the reasons; a refusal is shown on the page it came from with status 400."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from clubs.members import selectors
from clubs.members.edit import MemberRefused, update_member
from clubs.members.forms import MemberForm, MergeForm
from clubs.members.merge import MergeRefused, merge_members
from clubs.members.services import NearMatches, import_members_and_teams
from clubs.members.tables import PER_PAGE, MemberTable
from clubs.members.template import template_workbook
from clubs.models import Club
from clubs.permissions import is_organiser_of, organised_club
from core.paging import paginate
from documents.workbook import MAX_BYTES, ImportRefused, RowError, UploadForm
from documents.xlsx import XLSX_TYPE


@login_required
def import_members(request, slug):
    club = organised_club(request, slug)
    context = {"club": club, "max_mb": MAX_BYTES // (1024 * 1024)}
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if not form.is_valid():
            context["problems"] = form.problems
            return render(request, "clubs/members/import.html", context, status=400)
        upload = form.cleaned_data["file"]
        try:
            result = import_members_and_teams(
                club=club, data=upload.read(), confirm_new=request.POST.get("confirm_new") == "1"
            )
        except NearMatches as near:
            context["near"] = near.rows
            context["filename"] = upload.name
            return render(request, "clubs/members/import.html", context)
        except ImportRefused as refused:
            row_errors = [m for m in refused.messages if isinstance(m, RowError)]
            context["problems"] = [m for m in refused.messages if not isinstance(m, RowError)]
            context["row_errors"] = row_errors
            context["filename"] = upload.name
            return render(request, "clubs/members/import.html", context, status=400)
        messages.success(
            request,
            _("Imported: %(mc)s new members, %(mu)s members updated, %(tc)s new teams, %(tu)s teams updated.")
            % {
                "mc": result.members_created,
                "mu": result.members_updated,
                "tc": result.teams_created,
                "tu": result.teams_updated,
            },
        )
        return redirect("clubs:import", slug=club.slug)
    return render(request, "clubs/members/import.html", context)


@login_required
def import_template(request, slug):
    club = organised_club(request, slug)
    response = HttpResponse(template_workbook(), content_type=XLSX_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-members-and-teams.xlsx"'
    return response


# --- the member list, a member's page, a merge -------------------------------------------------------


def _organised_club(request, slug: str) -> Club:
    """The club of ``slug`` for its organiser (or a site admin); anyone else: 404."""
    club = Club.objects.filter(slug=slug, is_league=False).first()
    if club is None or not is_organiser_of(request.user, club):
        raise Http404(_("No such club among the clubs you organise."))
    return club


def _member(club: Club, pk):
    player = selectors.member_of(club, pk)
    if player is None:
        raise Http404(_("No such member in this club."))
    return player


@login_required
def member_list(request, slug):
    club = _organised_club(request, slug)
    search = request.GET.get("q", "").strip()[:80]
    table = MemberTable(selectors.members_of(club, search=search), slug=club.slug)
    paginate(request, table, per_page=PER_PAGE)  # the request's page numbers checked first (core.paging)
    return render(request, "clubs/members/members.html", {"club": club, "table": table, "search": search})


def _member_context(club, player, **extra) -> dict:
    return {
        "club": club,
        "player": player,
        "changes": selectors.changes_of(player),
        "near": selectors.nearly_named(
            club, first_name=player.first_name, last_name=player.last_name, exclude=player.pk
        ),
        "others": selectors.merge_choices(club, player),
        **extra,
    }


@login_required
def member_detail(request, slug, pk):
    club = _organised_club(request, slug)
    player = _member(club, pk)
    if request.method != "POST":
        return render(request, "clubs/members/member.html", _member_context(club, player, form=MemberForm.of(player)))
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            update_member(player=player, user=request.user, **form.cleaned_data)
        except MemberRefused as refused:
            for field, message in refused.errors.items():
                form.add_error(field, message)
        else:
            messages.success(request, _("The changes to %(name)s are saved.") % {"name": _member(club, pk).name})
            return redirect("clubs:member", slug=club.slug, pk=player.pk)
    context = _member_context(club, player, form=form)
    return render(request, "clubs/members/member.html", context, status=400)


@login_required
def member_merge(request, slug, pk):
    """GET ``?other=<id>``: the two side by side and which to keep; POST ``other`` and ``keep``: merge."""
    club = _organised_club(request, slug)
    player = _member(club, pk)
    choices = selectors.merge_choices(club, player)
    data = request.POST if request.method == "POST" else request.GET
    form = MergeForm(data if "other" in data else None, player=player, choices=choices)
    context = {"club": club, "player": player, "form": form, "others": choices}
    if not form.is_bound:
        return render(request, "clubs/members/merge.html", context)
    if not form.is_valid():
        return render(request, "clubs/members/merge.html", context, status=400)
    other = _member(club, form.cleaned_data["other"])
    context["other"] = other
    keep = form.cleaned_data.get("keep")
    if request.method != "POST":
        context["keep"] = other.pk if (other.tables, -other.pk) > (player.tables, -player.pk) else player.pk
        return render(request, "clubs/members/merge.html", context)
    if keep not in (player.pk, other.pk):
        form.add_error("keep", _("Keep one of the two members."))
        return render(request, "clubs/members/merge.html", context, status=400)
    kept, dropped = (player, other) if keep == player.pk else (other, player)
    try:
        result = merge_members(kept=kept, dropped=dropped, user=request.user)
    except MergeRefused as refused:
        context["reasons"] = refused.reasons
        context["keep"] = keep
        return render(request, "clubs/members/merge.html", context, status=400)
    messages.success(
        request,
        _("%(dropped)s (%(number)s) is merged into %(kept)s: every result, evening and rating is now theirs.")
        % {"dropped": result.dropped_name, "number": result.dropped_number, "kept": result.kept.name},
    )
    return redirect("clubs:member", slug=club.slug, pk=result.kept.pk)
