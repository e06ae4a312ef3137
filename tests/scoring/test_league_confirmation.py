"""A league match's result is confirmed by the opposing club or the league's organiser, never by the
club that entered it (issue 34 item 10: a scorer and the organiser of one club confirmed their own
match alone). Through the service and through the API, and nothing changes when refused."""

from __future__ import annotations

import json

import pytest

from clubs.models import Club, Player, Team, TeamMember
from clubs.tokens import create_token
from competitions.models import Competition, Entrant, Match, MatchSeat, MatchSide, Round
from scoring import services as scoring
from scoring.services import NotAllowed
from tests.factories import UserFactory, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def team(club: Club, competition: Competition, name: str) -> tuple[Entrant, list[Player]]:
    players = [
        Player.objects.create(club=club, member_number=f"{club.slug}-{i}", first_name=f"{name}{i}", last_name=club.slug)
        for i in range(2)
    ]
    t = Team.objects.create(club=club, name=name, kind=Team.Kind.PAIR)
    for position, player in enumerate(players, start=1):
        TeamMember.objects.create(team=t, player=player, position=position)
    return Entrant.objects.create(competition=competition, team=t, name=name), players


@pytest.fixture
def league_match():
    league = Club.objects.create(name="Regio", slug="regio", is_league=True)
    home_club = Club.objects.create(name="De Troef", slug="de-troef")
    away_club = Club.objects.create(name="Harten Vrouw", slug="harten-vrouw")
    league.member_clubs.add(home_club, away_club)
    competition = Competition.objects.create(
        club=league, name="Regio paren", slug="regio-paren", format=Competition.Format.PAIRS
    )
    home, home_players = team(home_club, competition, "Troef 1")
    away, away_players = team(away_club, competition, "Vrouw 1")
    round_ = Round.objects.create(competition=competition, number=1, status=Round.Status.PUBLISHED)
    match = Match.objects.create(round=round_, table=1)
    for seat, side, player in zip(
        "NESW", (0, 1, 0, 1), (home_players[0], away_players[0], home_players[1], away_players[1])
    ):
        MatchSeat.objects.create(match=match, seat=seat, side=side, player=player)
    MatchSide.objects.create(match=match, side=0, entrant=home)
    MatchSide.objects.create(match=match, side=1, entrant=away)
    people = {
        "home_scorer": UserFactory(username="home-scorer", scorer_of=home_club),
        "home_organiser": UserFactory(username="home-organiser", organiser_of=home_club),
        "away_scorer": UserFactory(username="away-scorer", scorer_of=away_club),
        "league_organiser": UserFactory(username="league-organiser", organiser_of=league),
    }
    return match, people


def entered_by(match, user):
    return scoring.save_deals(match=match, user=user, deals=simulated_sheet(match, seed=5), version=match.version)


def test_the_club_that_entered_it_cannot_confirm_it(league_match):
    match, people = league_match
    saved = entered_by(match, people["home_scorer"])
    with pytest.raises(NotAllowed, match="opposing club"):
        scoring.confirm_match(match=saved, user=people["home_organiser"], version=saved.version)
    with pytest.raises(NotAllowed, match="opposing club"):
        scoring.submit_blind_entry(match=saved, user=people["home_organiser"], deals=simulated_sheet(match, seed=5))
    assert Match.objects.get(pk=match.pk).status == Match.Status.ENTERED


@pytest.mark.parametrize("confirmer", ["away_scorer", "league_organiser"])
def test_the_opposing_club_or_the_league_organiser_confirms(league_match, confirmer):
    match, people = league_match
    saved = entered_by(match, people["home_scorer"])
    confirmed = scoring.confirm_match(match=saved, user=people[confirmer], version=saved.version)
    assert confirmed.status == Match.Status.CONFIRMED


def test_entered_by_the_away_club_the_home_club_confirms(league_match):
    match, people = league_match
    saved = entered_by(match, people["away_scorer"])
    assert scoring.confirm_match(match=saved, user=people["home_organiser"]).status == Match.Status.CONFIRMED


def test_the_api_refuses_the_own_club_with_403_and_a_dutch_message(client, league_match):
    match, people = league_match
    saved = entered_by(match, people["home_scorer"])
    response = client.post(
        f"/api/matches/{match.pk}/confirm",
        json.dumps({"version": saved.version}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {create_token(people['home_organiser'])}",
        HTTP_ACCEPT_LANGUAGE="nl",
    )
    assert response.status_code == 403
    assert "tegenpartij" in json.dumps(response.json(), ensure_ascii=False)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ENTERED
