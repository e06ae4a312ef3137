"""Stored ratings: recomputed from scratch, identical on every run, guests and tables of three
handled, the club boundary kept, pages with a fixed number of queries, a chart that renders."""

import datetime
import xml.etree.ElementTree as ET
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from clubs.models import Club, Team, TeamMember
from competitions.models import Entrant, Match, MatchSeat, MatchSide
from scoring.ratings import services
from scoring.ratings.models import PlayerRating, RatingPoint, RatingRun
from scoring.ratings.selectors import MIN_MATCHES
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory, rated_match

pytestmark = pytest.mark.django_db
DAY = datetime.date(2025, 9, 3)


def stored(club):
    return (
        list(
            PlayerRating.objects.filter(club=club)
            .order_by("player_id")
            .values_list("player_id", "mu", "sigma", "rating", "matches", "wins", "draws", "losses")
        ),
        list(
            RatingPoint.objects.filter(club=club)
            .order_by("player_id", "seq")
            .values_list("player_id", "seq", "date", "mu", "sigma")
        ),
    )


@pytest.fixture
def season():
    """Club Alfa: Anna+Bert always win, Cor+Dirk beat Els+Frits; a guest; a table of three; one unconfirmed match."""
    club = Club.objects.create(name="KV Alfa", slug="alfa")
    p = {
        full_name: PlayerFactory(club=club, first_name=full_name, last_name="Test")
        for full_name in "Anna Bert Cor Dirk Els Frits Hans".split()
    }
    guest = {
        full_name: PlayerFactory(club=club, first_name=full_name, last_name="Test", guest=True)
        for full_name in "Quirijn".split()
    }["Quirijn"]
    comp = CompetitionFactory(club=club, slug="alfa-avonden", name="Competitie " + "alfa-avonden")
    number = 0
    for week in range(MIN_MATCHES):
        day = DAY + datetime.timedelta(days=7 * week)
        number += 1
        rated_match(comp, number, [[p["Anna"], p["Bert"]], [p["Cor"], p["Dirk"]]], [1800, 1300], table=1, day=day)
        rated_match(comp, number, [[p["Els"], guest], [p["Frits"], p["Hans"]]], [1500, 1500], table=2, day=day)
        number += 1
        rated_match(comp, number, [[p["Anna"], p["Bert"]], [p["Els"], p["Frits"]]], [1900, 1200], table=1, day=day)
        rated_match(comp, number, [[p["Cor"], p["Dirk"]], [p["Els"], p["Frits"]]], [1700, 1400], table=2, day=day)
    three = rated_match(
        comp, number + 1, [[p["Anna"]], [p["Cor"]], [guest]], [1200, 900, 600], day=DAY + datetime.timedelta(days=70)
    )
    rated_match(
        comp, number + 2, [[p["Anna"], p["Bert"]], [p["Cor"], p["Dirk"]]], [100, 2000], status=Match.Status.ENTERED
    )
    return {"club": club, "players": p, "guest": guest, "competition": comp, "three": three}


def test_two_recomputes_store_identical_ratings(season):
    club = season["club"]
    services.recompute(club=club)
    first = stored(club)
    services.recompute(club=club)
    assert stored(club) == first
    assert len(first[0]) == 8 and len(first[1]) > 7


def test_known_scenario_ordering_and_only_confirmed_matches(season):
    run = services.recompute(club=season["club"])
    p = season["players"]
    rating = {r.player_id: r for r in PlayerRating.objects.filter(club=season["club"])}
    assert min(rating[p["Anna"].pk].rating, rating[p["Bert"].pk].rating) > max(
        rating[p["Cor"].pk].rating, rating[p["Dirk"].pk].rating
    )
    assert min(rating[p["Cor"].pk].rating, rating[p["Dirk"].pk].rating) > max(
        rating[p["Els"].pk].rating, rating[p["Frits"].pk].rating
    )
    assert run.matches == 4 * MIN_MATCHES + 1 and run.skipped == 0  # the entered match does not count
    assert rating[p["Bert"].pk].losses == 0 and rating[p["Bert"].pk].matches == 2 * MIN_MATCHES


def test_three_player_table_rates_three_sides_of_one(season):
    services.recompute(club=season["club"])
    p, guest = season["players"], season["guest"]
    anna = PlayerRating.objects.get(club=season["club"], player=p["Anna"])
    assert anna.matches == 2 * MIN_MATCHES + 1 and anna.wins == anna.matches
    bert = PlayerRating.objects.get(club=season["club"], player=p["Bert"])
    assert anna.mu > bert.mu  # Anna also won the table of three; Bert did not play it
    assert PlayerRating.objects.get(club=season["club"], player=guest).losses == 1


def test_guests_are_rated_but_listed_apart(client, season):
    url = reverse("ratings:ranking", args=["alfa"])
    html = client.get(url).content.decode()
    ranking, guests = html.split('id="r-list"')[1].split('id="g-list"')
    assert "Quirijn" not in ranking and "Anna" in ranking
    assert "Quirijn" in guests
    assert PlayerRating.objects.filter(player=season["guest"]).exists()


def test_club_boundary_and_player_pages(client, season):
    other = Club.objects.create(name="KV Beta", slug="beta")
    q = {
        full_name: PlayerFactory(club=other, first_name=full_name, last_name="Test")
        for full_name in "Wim Xander Yvonne Zoe".split()
    }
    comp = CompetitionFactory(club=other, slug="beta-avonden", name="Competitie " + "beta-avonden")
    rated_match(comp, 1, [[q["Wim"], q["Xander"]], [q["Yvonne"], q["Zoe"]]], [1700, 1500], day=DAY)
    beta = client.get(reverse("ratings:ranking", args=["beta"])).content.decode()
    assert "Wim" in beta and "Anna" not in beta and "Quirijn" not in beta
    alfa = client.get(reverse("ratings:ranking", args=["alfa"])).content.decode()
    assert "Wim" not in alfa
    assert client.get(reverse("ratings:player", args=["beta", season["players"]["Anna"].pk])).status_code == 404
    page = client.get(reverse("ratings:player", args=["alfa", season["players"]["Anna"].pk]))
    assert page.status_code == 200 and "Anna" in page.content.decode()


def test_a_league_lists_its_member_clubs_players(client, season):
    league = Club.objects.create(name="Regio", slug="regio", is_league=True)
    league.member_clubs.add(season["club"])
    stranger = {
        full_name: PlayerFactory(
            club=Club.objects.create(name="KV Gamma", slug="gamma"), first_name=full_name, last_name="Test"
        )
        for full_name in "Stranger".split()
    }["Stranger"]
    comp = CompetitionFactory(club=league, slug="regio-paren", name="Competitie " + "regio-paren")
    p = season["players"]
    rated_match(comp, 1, [[p["Anna"], p["Bert"]], [p["Cor"], stranger]], [1800, 1400], day=DAY)
    html = client.get(reverse("ratings:ranking", args=["regio"])).content.decode()
    assert "Anna" in html and "Stranger" not in html  # rated (he played) but not a player of the league's clubs
    assert PlayerRating.objects.filter(club=league, player=stranger).exists()
    assert PlayerRating.objects.filter(club=league).count() == 4  # the league's ratings are its own


def test_private_club_ratings_are_for_its_staff_only(client, season):
    season["competition"].is_public = False
    season["competition"].save()
    url = reverse("ratings:ranking", args=["alfa"])
    assert client.get(url).status_code == 404
    client.force_login(UserFactory(username="scorer_alfa", scorer_of=season["club"]))
    assert client.get(url).status_code == 200


def test_stale_ratings_refresh_on_view_and_big_pools_say_so(client, season, monkeypatch):
    club, p = season["club"], season["players"]
    url = reverse("ratings:ranking", args=["alfa"])
    client.get(url)
    computed = RatingRun.objects.get(club=club).computed_at
    rated_match(
        season["competition"],
        99,
        [[p["Els"], p["Frits"]], [p["Anna"], p["Bert"]]],
        [2000, 1000],
        day=DAY + datetime.timedelta(days=90),
    )
    monkeypatch.setattr(services, "AUTO_REFRESH_MATCHES", 0)
    html = client.get(url).content.decode()
    assert 'class="ratings-stale"' in html and RatingRun.objects.get(club=club).computed_at == computed
    monkeypatch.setattr(services, "AUTO_REFRESH_MATCHES", 5000)
    html = client.get(url).content.decode()
    assert 'class="ratings-stale"' not in html and RatingRun.objects.get(club=club).matches == 4 * MIN_MATCHES + 2
    # a correction after confirmation (the version moves) makes it stale again
    Match.objects.filter(round__number=99).update(version=2)
    assert services.freshness(club).stale


def test_recompute_button_is_for_the_clubs_organiser(client, season):
    url = reverse("ratings:recompute", args=["alfa"])
    assert client.post(url).status_code == 302 and not RatingRun.objects.exists()  # to the login page
    client.force_login(UserFactory(username="org_other", organiser_of=Club.objects.create(name="X", slug="x")))
    assert client.post(url).status_code == 403 and not RatingRun.objects.exists()
    client.force_login(UserFactory(username="org_alfa", organiser_of=season["club"]))
    assert client.get(reverse("ratings:ranking", args=["alfa"])).content.decode().count(url) == 1
    assert client.post(url).status_code == 302 and RatingRun.objects.get(club=season["club"]).players == 8


def grow(season, extra: int):
    """``extra`` more pairs of members, each playing a match (more rows, same page)."""
    club, comp = season["club"], season["competition"]
    for k in range(extra):
        q = {
            full_name: PlayerFactory(club=club, first_name=full_name, last_name="Test")
            for full_name in f"X{k}a X{k}b X{k}c X{k}d".split()
        }
        for week in range(MIN_MATCHES):
            rated_match(
                comp,
                200 + week,
                [[q[f"X{k}a"], q[f"X{k}b"]], [q[f"X{k}c"], q[f"X{k}d"]]],
                [1600 + k, 1500],
                table=10 + k,
                day=DAY,
            )


def test_ranking_and_player_pages_run_a_fixed_number_of_queries(client, season, django_assert_max_num_queries):
    url = reverse("ratings:ranking", args=["alfa"])
    player_url = reverse("ratings:player", args=["alfa", season["players"]["Anna"].pk])
    client.get(url)  # computes
    with django_assert_max_num_queries(12):
        small = client.get(url)
    grow(season, 8)
    client.get(url)  # recomputes
    with django_assert_max_num_queries(12):
        big = client.get(url)
    assert big.content.decode().count("<svg") > small.content.decode().count("<svg")
    with django_assert_max_num_queries(10):
        assert client.get(player_url).status_code == 200


def test_the_course_chart_is_valid_svg_with_a_point_per_evening(client, season):
    html = client.get(reverse("ratings:player", args=["alfa", season["players"]["Anna"].pk])).content.decode()
    svg = html[html.index("<svg") : html.index("</svg>") + 6]
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{ns}title").text.endswith("Anna Test")
    assert root.get("viewBox") == "0 0 480 300"
    rating_line = root.findall(f"{ns}polyline")[-1]
    assert (
        len(rating_line.get("points").split())
        == RatingPoint.objects.filter(player=season["players"]["Anna"]).count()
        == 2 * MIN_MATCHES + 1
    )
    assert "http" not in svg.replace("http://www.w3.org/2000/svg", "")


def test_pairs_without_seats_use_the_pairs_members(season):
    """An imported pairs match has sides but no seats: the fixed pair's two members are rated."""
    club, p = season["club"], season["players"]
    team_ab = Team.objects.create(club=club, name="AB")
    team_cd = Team.objects.create(club=club, name="CD")
    for team, (x, y) in ((team_ab, ("Anna", "Bert")), (team_cd, ("Cor", "Dirk"))):
        TeamMember.objects.create(team=team, player=p[x], position=1)
        TeamMember.objects.create(team=team, player=p[y], position=2)
    comp = CompetitionFactory(club=club, slug="alfa-paren", format="pairs", name="Competitie " + "alfa-paren")
    ab = Entrant.objects.create(competition=comp, team=team_ab, name="AB")
    cd = Entrant.objects.create(competition=comp, team=team_cd, name="CD")
    match = rated_match(comp, 1, [[p["Anna"], p["Bert"]], [p["Cor"], p["Dirk"]]], [1500, 1600], day=DAY)
    MatchSeat.objects.filter(match=match).delete()
    MatchSide.objects.filter(match=match, side=0).update(entrant=ab)
    MatchSide.objects.filter(match=match, side=1).update(entrant=cd)
    run = services.recompute(club=club)
    assert run.skipped == 0
    assert PlayerRating.objects.get(club=club, player=p["Cor"]).wins == MIN_MATCHES + 1


def test_rate_players_command(season):
    out = StringIO()
    call_command("rate_players", stdout=out)
    again = StringIO()
    call_command("rate_players", "--club", "alfa", stdout=again)
    assert "KV Alfa" in out.getvalue() and "KV Alfa" in again.getvalue()
    assert RatingRun.objects.get(club=season["club"]).matches == 4 * MIN_MATCHES + 1
    with pytest.raises(Exception, match="nope"):
        call_command("rate_players", "--club", "nope")


def test_the_index_lists_visible_pools_even_before_a_first_computation(client, season, django_assert_max_num_queries):
    hidden = Club.objects.create(name="KV Geheim", slug="geheim")
    CompetitionFactory(club=hidden, slug="geheim-avonden", is_public=False, name="Competitie " + "geheim-avonden")
    with django_assert_max_num_queries(3):
        html = client.get(reverse("ratings:index")).content.decode()
    assert "KV Alfa" in html and "KV Geheim" not in html
    services.recompute(club=season["club"])
    assert "8" in client.get(reverse("ratings:index")).content.decode().split("KV Alfa")[1][:60]
    client.force_login(UserFactory(username="org_geheim", organiser_of=hidden))
    assert "KV Geheim" in client.get(reverse("ratings:index")).content.decode()
