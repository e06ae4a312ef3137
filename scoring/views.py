"""Match pages and score entry. Thin: services write, selectors read."""

from django.shortcuts import get_object_or_404, render

from competitions.models import Match


def match_detail(request, pk):
    match = get_object_or_404(Match.objects.select_related("round__competition__club"), pk=pk)
    return render(request, "scoring/match.html", {"match": match, "deals": match.deals.all()})
