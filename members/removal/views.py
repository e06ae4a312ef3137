"""The member's "remove me" (on /me/) and the organiser's "anonymise" (on the organiser's page)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import permissions
from clubs.models import Player
from members.me import selectors
from members.removal import services


@login_required
@require_POST
def remove_me(request):
    player = next((p for p in selectors.members_of(request.user) if str(p.pk) == request.POST.get("player")), None)
    if player is None:
        raise Http404
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick that you want to be removed, then press the button."))
        return redirect("members:me")
    services.request_removal(player=player)
    messages.success(request, _("Your request has gone to the organiser of %(club)s.") % {"club": player.club.name})
    return redirect("members:me")


@login_required
@require_POST
def anonymise(request, slug: str, pk: int):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk, club__slug=slug)
    if not permissions.is_organiser_of(request.user, player.club):
        raise Http404
    services.anonymise(player=player, by=request.user)
    messages.success(request, _("The member is anonymised: their results stay, their name is gone."))
    return redirect("staff:dashboard")
