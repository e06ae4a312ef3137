"""``/manage/demo/remove/``: GET shows what goes, POST removes it (``services.remove_demo``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from clubs.permissions import clubs_managed_by
from scoring.demo.permissions import may_remove_demo
from scoring.demo.selectors import demo_contents
from scoring.demo.services import DemoRemovalError, remove_demo


@login_required
def remove(request):
    if not may_remove_demo(request.user):
        raise PermissionDenied
    if request.method == "POST":
        try:
            gone = remove_demo(user=request.user)
        except DemoRemovalError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                _(
                    "The demo is removed: %(clubs)d clubs, %(competitions)d competitions, %(players)d members and %(logins)d logins."
                )
                % {
                    "clubs": len(gone.clubs),
                    "competitions": gone.competitions,
                    "players": gone.players,
                    "logins": len(gone.logins),
                },
            )
            own = clubs_managed_by(request.user).filter(is_demo=False).order_by("name").first()
            return redirect("club:page", slug=own.slug) if own else redirect("staff:dashboard")
    return render(request, "scoring/demo/remove.html", {"contents": demo_contents()})
