"""The organiser's page of a duplicate competition: set tables and deals, deal the boards (login;
the club's organiser only). The service does the work and names what it refuses."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.permissions import organised_competition
from core.refusals import show_refusal
from scoring.duplicate.models import DuplicateSetup
from scoring.duplicate.services import MAX_BOARDS, MAX_TABLES, DuplicateError, create_duplicate, pairs_in_order


class DealForm(forms.Form):
    tables = forms.IntegerField(label=gettext_lazy("Tables"), min_value=2, max_value=MAX_TABLES)
    boards = forms.IntegerField(label=gettext_lazy("Deals"), min_value=2, max_value=MAX_BOARDS, initial=16)
    method = forms.ChoiceField(
        label=gettext_lazy("Ranking"), choices=DuplicateSetup.Method.choices, initial=DuplicateSetup.Method.MATCHPOINTS
    )
    missed_percentage = forms.TypedChoiceField(
        label=gettext_lazy("A pair that missed a deal scores"),
        choices=DuplicateSetup.MissedAverage.choices,
        coerce=int,
        required=False,
        # django-stubs says str; Django returns empty_value as it is, here the choice's number
        empty_value=DuplicateSetup.MissedAverage.AVERAGE,  # type: ignore[arg-type]
        initial=DuplicateSetup.MissedAverage.AVERAGE,
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Dealing number"),
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text=gettext_lazy("Empty: a new random deal. The same number deals the same cards again."),
    )


@login_required
def deal(request, slug):
    competition = organised_competition(request, slug)
    setup = DuplicateSetup.objects.filter(competition=competition).first()
    pairs = pairs_in_order(competition)
    form = DealForm(request.POST if request.method == "POST" else None, initial={"tables": max(2, len(pairs) // 2)})
    if request.method == "POST" and form.is_valid():
        try:
            setup = create_duplicate(competition=competition, **form.cleaned_data)
        except DuplicateError as error:
            show_refusal(request, error, form)
        else:
            messages.success(
                request,
                _("%(deals)s deals dealt for %(tables)s tables; the rounds are published.")
                % {"deals": setup.boards, "tables": setup.tables},
            )
            return redirect("duplicate:overview", slug=slug)
    context = {"competition": competition, "form": form, "setup": setup, "pairs": pairs}
    return render(request, "scoring/duplicate/staff_deal.html", context, status=400 if form.errors else 200)
