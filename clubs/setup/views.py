"""``/setup/``: thin; the rights are ``permissions``, the write ``services.set_up_club``."""

from __future__ import annotations

from django.contrib.auth import login
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache

from clubs.setup import selectors
from clubs.setup.forms import SetupForm
from clubs.setup.permissions import may_set_up
from clubs.setup.services import SetupError, set_up_club


@never_cache
def setup(request):
    if not selectors.setup_is_open():
        return render(request, "clubs/setup/closed.html", {"done": True}, status=404)
    if not may_set_up(request):
        return render(request, "clubs/setup/closed.html", {"done": False}, status=404)
    form = SetupForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        data = form.cleaned_data
        try:
            club, user = set_up_club(
                club_name=data["club_name"],
                is_league=data["is_league"],
                username=data["username"],
                email=data["email"],
                password=data["password1"],
            )
        except SetupError as error:
            form.add_error(error.field, str(error))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("club:page", slug=club.slug)
    context = {"form": form, "demo_clubs": selectors.demo_clubs(), "token": request.GET.get("token", "")}
    return render(request, "clubs/setup/setup.html", context)
