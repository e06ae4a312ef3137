"""The organiser's movement card of a fixed-pairs competition (page and A4 PDF). Thin: the card
comes from ``competitions.movement.cards``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import pgettext

from competitions.movement.cards import MovementUnavailable, movement_card
from competitions.movement.pdf import MovementRenderer
from competitions.permissions import organised_competition
from documents.pdf import pdf_response


@login_required
def movement(request, slug):
    competition = organised_competition(request, slug)
    try:
        card, error = movement_card(competition), None
    except MovementUnavailable as unavailable:
        card, error = None, str(unavailable)
    context = {"competition": competition, "card": card, "error": error}
    # A competition without a movement (not fixed pairs, too few or too many pairs) gets the page
    # with the reason in words: a page an organiser opened from the menu, not a bad request.
    return render(request, "competitions/movement/movement.html", context)


@login_required
def movement_pdf(request, slug):
    competition = organised_competition(request, slug)
    try:
        card = movement_card(competition)
    except MovementUnavailable:
        return redirect("staff:movement", slug=competition.slug)  # the page says why there is none
    return pdf_response(
        MovementRenderer(card).render(), "-".join([competition.slug, pgettext("file name", "movement")]) + ".pdf"
    )
