"""Organiser pages: the club boundary on every URL, and the flow as an organiser clicks through it."""

import pytest
from django.urls import reverse

from clubs.models import Team
from competitions import services
from competitions.models import Attendance, Bye, Competition, Match, MatchSeat, Round
from scoring.models import Deal
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory, confirm_round, team_entrants

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club():
    return ClubFactory(name="KV Troef")


@pytest.fixture
def evening_round(club):
    """An individual competition with an evening of 8 present and round 1 drawn."""
    competition = CompetitionFactory(club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=PlayerFactory.create_batch(8, club=club))
    return services.draw_next_round(evening=evening, seed=1)


@pytest.fixture
def organiser(club):
    return UserFactory(username="boss", organiser_of=club)


def urls(round):
    """(method, url) of every organiser page and action, for this round's competition."""
    slug, number = round.competition.slug, round.number
    evening = round.evening.number
    return [
        ("get", reverse("staff:competition", args=[slug])),
        ("post", reverse("staff:evening-create", args=[slug])),
        ("get", reverse("staff:attendance", args=[slug, evening])),
        ("post", reverse("staff:attendance", args=[slug, evening])),
        ("post", reverse("staff:round-next", args=[slug, evening])),
        ("get", reverse("staff:draw", args=[slug, number])),
        ("post", reverse("staff:draw", args=[slug, number])),
        ("post", reverse("staff:redraw", args=[slug, number])),
        ("post", reverse("staff:swap", args=[slug, number])),
        ("post", reverse("staff:publish", args=[slug, number])),
        ("get", reverse("staff:fixtures", args=[slug])),
        ("post", reverse("staff:fixtures", args=[slug])),
        ("get", reverse("staff:swiss", args=[slug])),
        ("post", reverse("staff:swiss", args=[slug])),
    ]


def test_anonymous_is_sent_to_log_in(client, evening_round):
    for method, url in [("get", reverse("staff:dashboard")), *urls(evening_round)]:
        response = getattr(client, method)(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), url


@pytest.mark.parametrize("who", ["other organiser", "scorer", "plain user"])
def test_nobody_but_the_clubs_organiser_gets_in(client, club, evening_round, who):
    other = ClubFactory()
    user = {
        "other organiser": lambda: UserFactory(organiser_of=other),
        "scorer": lambda: UserFactory(scorer_of=club),
        "plain user": lambda: UserFactory(),
    }[who]()
    client.force_login(user)
    seats = list(
        MatchSeat.objects.filter(match__round=evening_round).order_by("pk").values_list("player_id", flat=True)
    )
    for method, url in urls(evening_round):
        data = {"player_a": seats[0], "player_b": seats[5], "what": "players", "present": seats}
        response = client.get(url) if method == "get" else client.post(url, data)
        assert response.status_code == 403, (who, url)
    assert Round.objects.count() == 1 and Round.objects.get().status == Round.Status.DRAFT
    assert (
        list(MatchSeat.objects.filter(match__round=evening_round).order_by("pk").values_list("player_id", flat=True))
        == seats
    )


def test_the_dashboard_lists_only_my_clubs(client, club, organiser):
    mine = CompetitionFactory(club=club, name="Mine")
    theirs = CompetitionFactory(club=ClubFactory(), name="Theirs")
    client.force_login(organiser)
    page = client.get(reverse("staff:dashboard")).content.decode()
    assert mine.name in page and theirs.name not in page
    client.force_login(UserFactory(scorer_of=club))
    assert client.get(reverse("staff:dashboard")).status_code == 403


def test_a_site_admin_may_manage_any_club(client, evening_round):
    client.force_login(UserFactory(is_superuser=True))
    assert client.get(reverse("staff:draw", args=[evening_round.competition.slug, 1])).status_code == 200
    assert client.get(reverse("staff:dashboard")).status_code == 200


def test_unknown_competition_or_round_is_404(client, organiser, evening_round):
    client.force_login(organiser)
    assert client.get(reverse("staff:competition", args=["nope"])).status_code == 404
    assert client.get(reverse("staff:draw", args=[evening_round.competition.slug, 9])).status_code == 404


def test_an_evening_from_the_competition_page_to_a_published_round(client, club, organiser):
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(9, club=club)
    client.force_login(organiser)
    page = client.get(reverse("staff:competition", args=[competition.slug]))
    assert page.status_code == 200
    response = client.post(reverse("staff:evening-create", args=[competition.slug]), {"date": "2026-01-09"})
    assert response["Location"] == reverse("staff:attendance", args=[competition.slug, 1])
    page = client.get(response["Location"]).content.decode()
    assert players[0].name in page
    response = client.post(
        reverse("staff:attendance", args=[competition.slug, 1]),
        {"present": [p.pk for p in players[:8]], "late": [players[8].pk]},
    )
    assert response.status_code == 302
    assert Attendance.objects.filter(evening__competition=competition).count() == 9
    assert Attendance.objects.get(player=players[8]).arrived_late
    response = client.post(reverse("staff:round-next", args=[competition.slug, 1]))
    assert response["Location"] == reverse("staff:draw", args=[competition.slug, 1])
    page = client.get(response["Location"]).content.decode()
    assert "Swap players" in page and "Redraw" in page
    assert Match.objects.filter(round__competition=competition).count() == 2  # the late arrival sits out round 1
    client.post(reverse("staff:publish", args=[competition.slug, 1]))
    assert Round.objects.get(competition=competition).status == Round.Status.PUBLISHED
    page = client.get(reverse("staff:draw", args=[competition.slug, 1])).content.decode()
    assert "Swap players" not in page and "Redraw" not in page


def test_swap_and_redraw_from_the_draw_page(client, organiser, evening_round):
    client.force_login(organiser)
    slug = evening_round.competition.slug
    north = MatchSeat.objects.get(match__round=evening_round, match__table=1, seat="N")
    east = MatchSeat.objects.get(match__round=evening_round, match__table=2, seat="E")
    response = client.post(
        reverse("staff:swap", args=[slug, 1]),
        {"player_a": north.player_id, "player_b": east.player_id, "what": "players"},
    )
    assert response.status_code == 302
    assert MatchSeat.objects.get(match__round=evening_round, match__table=1, seat="N").player_id == east.player_id
    response = client.post(reverse("staff:redraw", args=[slug, 1]), {"seed": "99"})
    assert response.status_code == 302
    assert Round.objects.get(pk=evening_round.pk).seed == 99


def test_a_refused_swap_is_shown_on_the_page(client, organiser, evening_round):
    client.force_login(organiser)
    north = MatchSeat.objects.get(match__round=evening_round, match__table=1, seat="N")
    south = MatchSeat.objects.get(match__round=evening_round, match__table=1, seat="S")
    response = client.post(
        reverse("staff:swap", args=[evening_round.competition.slug, 1]),
        {"player_a": north.player_id, "player_b": south.player_id, "what": "pairs"},
    )
    assert response.status_code == 400
    assert "are partners; choose one player of each pair" in response.content.decode()


def test_a_refused_redraw_becomes_a_message(client, organiser, evening_round):
    client.force_login(organiser)
    match = evening_round.matches.first()
    Deal.objects.create(match=match, number=1, points_a=100, points_b=62, score_a=100, score_b=62)
    before = list(MatchSeat.objects.filter(match__round=evening_round).values_list("pk", flat=True))
    url = reverse("staff:redraw", args=[evening_round.competition.slug, 1])
    page = client.post(url, follow=True).content.decode()
    assert "Evening 1 · round 1 already has results; it cannot be redrawn." in page
    assert list(MatchSeat.objects.filter(match__round=evening_round).values_list("pk", flat=True)) == before


def test_a_removed_player_who_plays_is_a_form_error(client, organiser, evening_round):
    client.force_login(organiser)
    evening = evening_round.evening
    present = list(Attendance.objects.filter(evening=evening).values_list("player_id", flat=True))
    response = client.post(
        reverse("staff:attendance", args=[evening_round.competition.slug, 1]), {"present": present[1:]}
    )
    assert response.status_code == 200
    assert "already plays in round 1" in response.content.decode()
    assert Attendance.objects.filter(evening=evening).count() == 8


@pytest.mark.parametrize("players", [8, 40])
def test_the_pages_run_the_same_queries_for_any_number_of_tables(
    client, club, organiser, players, django_assert_max_num_queries
):
    competition = CompetitionFactory(club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=PlayerFactory.create_batch(players, club=club))
    services.draw_next_round(evening=evening, seed=1)
    client.force_login(organiser)
    # +1: who is present, for the reseat and sit-out forms; +1: their tables of three and rounds out
    with django_assert_max_num_queries(12):
        response = client.get(reverse("staff:draw", args=[competition.slug, 1]))
    assert response.status_code == 200
    with django_assert_max_num_queries(12):  # +1: who came to the previous evening ("same as last evening")
        response = client.get(reverse("staff:attendance", args=[competition.slug, 1]))
    assert response.status_code == 200
    with django_assert_max_num_queries(8):
        response = client.get(reverse("staff:competition", args=[competition.slug]))
    assert response.status_code == 200


def test_fixtures_and_swiss_pages(client, organiser, club):
    pairs = CompetitionFactory(club=club, format=Competition.Format.PAIRS)
    team_entrants(pairs, 4)
    client.force_login(organiser)
    assert client.get(reverse("staff:fixtures", args=[pairs.slug])).status_code == 200
    response = client.post(reverse("staff:fixtures", args=[pairs.slug]), {"double": "on"})
    assert response.status_code == 302
    assert Round.objects.filter(competition=pairs).count() == 6
    response = client.post(reverse("staff:fixtures", args=[pairs.slug]), {})
    assert response.status_code == 400 and "already has 6 rounds" in response.content.decode()
    page = client.get(reverse("staff:competition", args=[pairs.slug])).content.decode()
    assert "Round 6" in page

    swiss = CompetitionFactory(club=club, format=Competition.Format.PAIRS)
    team_entrants(swiss, 5)
    assert "No rounds yet" in client.get(reverse("staff:swiss", args=[swiss.slug])).content.decode()
    response = client.post(reverse("staff:swiss", args=[swiss.slug]))
    assert response["Location"] == reverse("staff:draw", args=[swiss.slug, 1])
    assert Bye.objects.filter(round__competition=swiss).count() == 1
    page = client.get(response["Location"]).content.decode()
    assert "Swap pairs" in page and "Swap players" not in page
    response = client.post(reverse("staff:swiss", args=[swiss.slug]))
    assert response.status_code == 400 and "not confirmed yet" in response.content.decode()
    confirm_round(Round.objects.get(competition=swiss))
    assert client.post(reverse("staff:swiss", args=[swiss.slug])).status_code == 302


def test_a_league_organiser_generates_team_fixtures(client):
    league = ClubFactory(is_league=True)
    competition = CompetitionFactory(club=league, format=Competition.Format.TEAMS)
    team_entrants(competition, 4, kind=Team.Kind.FOUR)
    client.force_login(UserFactory(organiser_of=league))
    client.post(reverse("staff:fixtures", args=[competition.slug]))
    assert Match.objects.filter(round__competition=competition).count() == 3 * 2 * 2
    page = client.get(reverse("staff:draw", args=[competition.slug, 1])).content.decode()
    assert "Swap players" not in page and "Swap pairs" not in page and "Publish" in page


def test_the_phones_page_is_linked_from_the_dashboard_the_draw_and_tonight(client, organiser, evening_round):
    """Issue 33 item 5: /manage/phones/ is one click from where the organiser is on the evening."""
    client.force_login(organiser)
    slug = evening_round.competition.slug
    for url in (
        reverse("staff:dashboard"),
        reverse("staff:draw", args=[slug, evening_round.number]),
        reverse("tonight:dashboard", args=[slug]),
    ):
        page = client.get(url).content.decode()
        assert 'id="phones-link" href="/manage/phones/"' in page, url


def test_the_swap_list_names_the_seats_in_dutch(client, organiser, evening_round):
    """Issue 33 item 6: the draft's swap list writes N/O/Z/W, as the draw's tables do."""
    client.force_login(organiser)
    url = reverse("staff:draw", args=[evening_round.competition.slug, evening_round.number])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    options = page[page.index('id="id_player_a"') : page.index("</select>", page.index('id="id_player_a"'))]
    assert ">1 O — " in options and ">1 Z — " in options and ">1 E — " not in options and ">1 S — " not in options
