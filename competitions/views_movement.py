"""The organiser's movement card of a fixed-pairs competition (page and A4 PDF). Thin: the card
comes from ``competitions.movement_cards``."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from competitions.movement_cards import MovementUnavailable, movement_card
from competitions.pdf_movement import MovementRenderer
from competitions.views_staff import _competition
from documents.pdf import pdf_response


@login_required
def movement(request, slug):
    competition = _competition(request, slug)
    try:
        card, error = movement_card(competition), None
    except MovementUnavailable as unavailable:
        card, error = None, str(unavailable)
    context = {"competition": competition, "card": card, "error": error}
    return render(request, "staff/competitions/movement.html", context, status=200 if card else 400)


@login_required
def movement_pdf(request, slug):
    competition = _competition(request, slug)
    try:
        card = movement_card(competition)
    except MovementUnavailable as unavailable:
        return render(request, "staff/competitions/movement.html",
                      {"competition": competition, "card": None, "error": str(unavailable)}, status=400)
    return pdf_response(MovementRenderer(card).render(), f"{competition.slug}-movement.pdf")
