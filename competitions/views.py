"""Public pages of competitions. Thin: selectors read, templates show."""

from django.shortcuts import get_object_or_404, render

from competitions.models import Competition, Round


def home(request):
    competitions = Competition.objects.filter(is_public=True).select_related("club")
    return render(request, "competitions/home.html", {"competitions": competitions})


def competition_detail(request, slug):
    competition = get_object_or_404(Competition.objects.select_related("club"), slug=slug, is_public=True)
    rounds = competition.rounds.all()
    return render(request, "competitions/detail.html", {"competition": competition, "rounds": rounds})


def round_detail(request, slug, number):
    round_ = get_object_or_404(
        Round.objects.select_related("competition__club"), competition__slug=slug, number=number
    )
    matches = round_.matches.all()
    return render(request, "competitions/round.html", {"round": round_, "matches": matches})
