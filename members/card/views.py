"""A member's score card of an evening, as a page (for a phone) and a PDF. Only the member themselves
and their club's organisers open it; for anyone else it does not exist (404, as a missing one)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils.text import slugify

from clubs.models import Player
from competitions.models import Evening
from documents.pdf import pdf_response
from members.card.pdf import ScoreCardRenderer
from members.card.selectors import ScoreCard, may_see, score_card


def _card(request, player_id: int, evening_id: int) -> ScoreCard:
    player = Player.objects.select_related("club").filter(pk=player_id).first()
    evening = Evening.objects.select_related("competition__club").filter(pk=evening_id).first()
    if player is None or evening is None or evening.competition.club_id != player.club_id:
        raise Http404
    if not may_see(request.user, player):
        raise Http404
    return score_card(player, evening, user=request.user)


@login_required
def card(request, player_id: int, evening_id: int):
    found = _card(request, player_id, evening_id)
    return render(request, "members/card/card.html", {"card": found})


@login_required
def card_pdf(request, player_id: int, evening_id: int):
    found = _card(request, player_id, evening_id)
    name = slugify(f"{found.player.name} {found.evening.competition.name} {found.evening.number}") or "card"
    return pdf_response(ScoreCardRenderer(found).render(), f"score-card-{name}.pdf")
