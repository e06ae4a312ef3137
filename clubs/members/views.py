"""Import of members and teams (organisers of the club only). Thin: ``clubs.members.services`` does the work."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from clubs.members.services import import_members_and_teams
from clubs.members.template import template_workbook
from clubs.permissions import organised_club
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
            result = import_members_and_teams(club=club, data=upload.read())
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
