"""Import of a competition's results from the results export's format (organisers of its club only).

Thin: ``scoring.results.imports`` does the work. GET shows the form and the format; POST shows every
error (status 400, nothing imported) or redirects back with a success message and the counts.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from competitions.permissions import organised_competition
from documents.workbook import MAX_BYTES, ImportRefused, RowError, UploadForm
from scoring.results.exports import RESULT_HEADERS
from scoring.results.file import REQUIRED
from scoring.results.imports import import_results

TEMPLATE = "scoring/results/import_results.html"


def _summary(result) -> str:
    text = ngettext(
        "Imported %(deals)s deals at %(tables)s table.", "Imported %(deals)s deals at %(tables)s tables.", result.tables
    ) % {"deals": result.deals, "tables": result.tables}
    parts = []
    if result.awaiting:
        parts.append(
            ngettext(
                "%(count)s table awaits confirmation by a second person.",
                "%(count)s tables await confirmation by a second person.",
                result.awaiting,
            )
            % {"count": result.awaiting}
        )
    if result.confirmed:
        parts.append(
            ngettext(
                "%(count)s table counts at once (the organiser's entry counts).",
                "%(count)s tables count at once (the organiser's entry counts).",
                result.confirmed,
            )
            % {"count": result.confirmed}
        )
    if result.drafts:
        parts.append(
            ngettext("%(count)s table is not complete yet.", "%(count)s tables are not complete yet.", result.drafts)
            % {"count": result.drafts}
        )
    if result.replaced:
        parts.append(
            ngettext(
                "%(count)s table's earlier results were replaced.",
                "%(count)s tables' earlier results were replaced.",
                result.replaced,
            )
            % {"count": result.replaced}
        )
    if result.unchanged:
        parts.append(
            ngettext(
                "%(count)s table already had these results and was left as it was.",
                "%(count)s tables already had these results and were left as they were.",
                result.unchanged,
            )
            % {"count": result.unchanged}
        )
    return " ".join([text, *parts])


@login_required
def import_results_view(request, slug):
    competition = organised_competition(request, slug)
    context = {
        "competition": competition,
        "max_mb": MAX_BYTES // (1024 * 1024),
        # named as the file names them, in the reader's language (issue 34 item 6; the import reads both)
        "columns": [(_(header), header in REQUIRED) for header in RESULT_HEADERS],
    }
    if request.method != "POST":
        return render(request, TEMPLATE, context)
    context["into_this_competition"] = bool(request.POST.get("into_this_competition"))
    context["replace"] = bool(request.POST.get("replace"))
    form = UploadForm(request.POST, request.FILES)
    if form.upload is not None:
        context["filename"] = form.upload.name
    if not form.is_valid():
        context["problems"] = form.problems
        return render(request, TEMPLATE, context, status=400)
    upload = form.cleaned_data["file"]
    try:
        result = import_results(
            competition=competition,
            user=request.user,
            data=upload.read(),
            into_this_competition=context["into_this_competition"],
            replace=context["replace"],
        )
    except ImportRefused as refused:
        context["problems"] = [m for m in refused.messages if not isinstance(m, RowError)]
        context["row_errors"] = [m for m in refused.messages if isinstance(m, RowError)]
        return render(request, TEMPLATE, context, status=400)
    messages.success(request, _summary(result))
    return redirect("scoring_staff:import-results", slug=competition.slug)
