"""Issue 27 item 6: a late arrival ("te laat" on the attendance page) sits out the evening's first round,
the draw page says so, and the booby prize never goes to a partial evening unless the club chooses so."""

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions import services
from competitions.models import Match, MatchSide, SitOut
from competitions.standings import evening_results
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def play(round, scores):
    """Confirm every table; ``scores(player_ids_of_side) -> total`` sets each side's total."""
    services.publish_round(round=round)
    for match in round.matches.prefetch_related("seats", "match_sides"):
        for side in match.match_sides.all():
            ids = {s.player_id for s in match.seats.all() if s.side == side.side}
            MatchSide.objects.filter(pk=side.pk).update(total=scores(ids), result="")
    Match.objects.filter(round=round).update(status=Match.Status.CONFIRMED, confirmed_at=timezone.now())


@pytest.fixture
def evening():
    club = ClubFactory()
    competition = CompetitionFactory(club=club, rounds_per_evening=2, three_player_tables=False)
    players = PlayerFactory.create_batch(9, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:8], late=[players[8]])
    return competition, evening, players


def test_a_late_arrival_sits_out_round_one_and_plays_round_two(evening):
    competition, evening, players = evening
    late = players[8]
    first = services.draw_next_round(evening=evening, seed=1)
    seated = {s.player_id for m in first.matches.all() for s in m.seats.all()}
    assert late.pk not in seated and len(seated) == 8 and not first.byes.exists()
    assert SitOut.objects.filter(round=first, player=late).exists()
    services.publish_round(round=first)
    second = services.draw_next_round(evening=evening, seed=2)
    in_second = {s.player_id for m in second.matches.all() for s in m.seats.all()} | {
        b.entrant.player_id for b in second.byes.select_related("entrant")
    }
    assert late.pk in in_second and not SitOut.objects.filter(round=second).exists()


def test_the_draw_page_shows_who_sits_out_because_they_came_late(client, evening):
    competition, evening, players = evening
    round = services.draw_next_round(evening=evening, seed=1)
    client.force_login(UserFactory(organiser_of=competition.club))
    page = client.get(reverse("staff:draw", args=[competition.slug, round.number])).content.decode()
    assert f"{players[8].name} (late)" in page and 'id="sitting-out"' in page


def test_the_booby_prize_skips_a_partial_evening_unless_the_club_chooses_so(evening):
    competition, evening, players = evening
    late = players[8]
    first = services.draw_next_round(evening=evening, seed=1)
    play(first, lambda ids: 900 + 10 * min(ids) % 97)
    second = services.draw_next_round(evening=evening, seed=2)
    play(second, lambda ids: 100 if late.pk in ids else 900 + 10 * min(ids) % 97)  # the late one scores lowest
    rows = evening_results(evening)
    late_row = next(r for r in rows if r.player_id == late.pk)
    assert late_row.points == min(r.points for r in rows) and not late_row.booby
    boobies = [r for r in rows if r.booby]
    assert boobies and all(r.played == 2 for r in boobies)
    assert boobies[0].points == min(r.points for r in rows if r.player_id != late.pk)
    competition.booby_prize_partial = True
    competition.save()
    evening.competition = competition
    assert [r.player_id for r in evening_results(evening) if r.booby] == [late.pk]
