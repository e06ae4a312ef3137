"""The club's own rules as competition options: absence scored as the player's own average; a bye
scored as nothing or as the round's lowest."""

import pytest
from django.utils import timezone

from competitions import services
from competitions.models import Match, MatchSide
from competitions.standings import standings
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def play(competition, players, seed, *, threes=True):
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    round = services.draw_next_round(evening=evening, seed=seed)
    for i, match in enumerate(round.matches.all()):
        for side in match.match_sides.all():
            MatchSide.objects.filter(pk=side.pk).update(total=1000 + 100 * i + 10 * side.side)
    Match.objects.filter(round=round).update(status=Match.Status.CONFIRMED, confirmed_at=timezone.now())
    return round


def test_absence_scores_the_players_own_average():
    club = ClubFactory()
    competition = CompetitionFactory(club=club, absence_policy="own_average", rounds_per_evening=1)
    players = PlayerFactory.create_batch(8, club=club)
    play(competition, players, 1)
    play(competition, players[:4] + players[5:8] + [], 2, threes=True)  # players[4] stays home
    row = next(r for r in standings(competition) if r.player_id == players[4].pk)
    first = row.evenings[0]
    absent = [e for e in row.evenings if e.absent]
    assert len(absent) == 1 and absent[0].points == first.points  # own average of one evening: that evening


@pytest.mark.parametrize("policy, expected", [("nothing", 0), ("lowest", 1000), ("fixed", 1450)])
def test_a_bye_scores_as_the_competition_says(policy, expected):
    club = ClubFactory()
    competition = CompetitionFactory(
        club=club, bye_policy=policy, bye_points=1450, three_player_tables=False, rounds_per_evening=1
    )
    players = PlayerFactory.create_batch(9, club=club)
    round = play(competition, players, 3)
    bye_player = round.byes.get().entrant.player_id
    row = next(r for r in standings(competition) if r.player_id == bye_player)
    assert row.bye_points == expected
