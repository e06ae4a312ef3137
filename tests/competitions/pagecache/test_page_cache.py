"""The public page cache: a second reader is served from the cache, and a saved, confirmed or
corrected result (or a renamed team, a published round) shows on the very next request."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Player
from competitions.models import Entrant, Match, MatchSide, Round
from scoring import services
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    match = seated_match(club=ClubFactory(slug="troef"), slug="cache-avonden")
    club = match.round.competition.club
    return (
        match,
        UserFactory(username="cache-scorer", scorer_of=club),
        UserFactory(username="cache-org", organiser_of=club),
    )


def standings_url(match):
    return reverse("competitions:standings", args=[match.round.competition.slug])


def test_a_second_reader_is_served_from_the_cache_with_one_query(client, table, django_assert_num_queries):
    match, _scorer, _organiser = table
    url = standings_url(match)
    assert client.get(url)["X-Page-Cache"] == "miss"
    with django_assert_num_queries(1):  # the competition's state, nothing else
        response = Client().get(url)
    assert response["X-Page-Cache"] == "hit" and response.status_code == 200


def test_saved_then_confirmed_result_shows_on_the_next_request(client, table):
    match, scorer, organiser = table
    url = standings_url(match)
    player = match.seats.get(seat="N").player.name
    client.get(url)
    assert client.get(url)["X-Page-Cache"] == "hit"
    saved = services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=3), version=match.version)
    # entered, not confirmed: the standings do not change and stay cached; the round page shows it
    assert client.get(url)["X-Page-Cache"] == "hit"
    round_page = client.get(reverse("competitions:round", args=[match.round.competition.slug, 1]))
    assert (
        round_page["X-Page-Cache"] == "miss"
        and str(MatchSide.objects.get(match=match, side=0).total) in round_page.content.decode()
    )
    services.confirm_match(match=saved, user=organiser, version=saved.version)
    response = client.get(url)
    total = MatchSide.objects.get(match=match, side=0).total
    assert response["X-Page-Cache"] == "miss"
    assert player in response.content.decode() and str(total) in response.content.decode()
    corrected = services.save_deals(
        match=saved, user=organiser, deals=simulated_sheet(match, seed=4), version=saved.version + 1
    )
    assert str(total) not in client.get(url).content.decode()  # corrected: awaiting confirmation again
    services.confirm_match(match=corrected, user=scorer, version=corrected.version)
    new_total = MatchSide.objects.get(match=match, side=0).total
    assert new_total != total and str(new_total) in client.get(url).content.decode()
    api = client.get(f"/api/competitions/{match.round.competition.slug}/standings").json()
    assert new_total in [row["points"] for row in api["rows"]]


def test_a_renamed_player_and_a_new_round_show_at_once(client, table):
    match, _scorer, _organiser = table
    comp = match.round.competition
    url = reverse("competitions:round", args=[comp.slug, 1])
    client.get(url)
    player = match.seats.get(seat="N").player
    player.first_name = "Hendrika"
    player.save()
    response = client.get(url)
    assert response["X-Page-Cache"] == "miss" and "Hendrika" in response.content.decode()
    detail = reverse("competitions:detail", args=[comp.slug])
    client.get(detail)
    Round.objects.create(competition=comp, number=2, status=Round.Status.PUBLISHED)
    assert client.get(detail)["X-Page-Cache"] == "miss"
    Entrant.objects.create(
        competition=comp,
        player=Player.objects.create(club=comp.club, first_name="Nieuw", last_name="Lid"),
        name="Nieuw Lid",
    )
    assert "Nieuw Lid" in client.get(reverse("competitions:standings", args=[comp.slug])).content.decode()


def test_one_tables_save_leaves_the_other_tables_pages_cached(client, table):
    match, scorer, _organiser = table
    other = Match.objects.create(round=match.round, table=2)
    MatchSide.objects.bulk_create([MatchSide(match=other, side=s) for s in (0, 1)])
    client.get(reverse("scoring:match", args=[match.pk]))
    client.get(reverse("scoring:match", args=[other.pk]))
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=5), version=match.version)
    assert client.get(reverse("scoring:match", args=[match.pk]))["X-Page-Cache"] == "miss"
    assert client.get(reverse("scoring:match", args=[other.pk]))["X-Page-Cache"] == "hit"


def test_each_reader_gets_their_own_csrf_token_from_a_cached_page(table):
    match, _scorer, _organiser = table
    url = standings_url(match)
    Client().get(url)
    reader = Client(enforce_csrf_checks=True)
    response = reader.get(url)
    assert response["X-Page-Cache"] == "hit"
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', response.content.decode())[1]
    switched = reader.post("/i18n/setlang/", {"language": "en", "next": url, "csrfmiddlewaretoken": token})
    assert switched.status_code == 302  # the token put into the cached page is this reader's own
    english = reader.get(url)
    assert (
        english["X-Page-Cache"] == "miss" and "Standings" in english.content.decode()
    )  # the language is part of the key


def test_staff_always_get_a_page_rendered_for_them(client, table):
    match, _scorer, organiser = table
    url = standings_url(match)
    Client().get(url)
    client.force_login(organiser)
    response = client.get(url)
    assert "X-Page-Cache" not in response and organiser.username in response.content.decode()


def test_a_save_re_renders_its_own_round_and_leaves_the_other_rounds_cached(client, table):
    """Round pages key on their own tables (competitions.pagecache.keys.round_state): a busy evening's saves in
    round 2 do not re-render round 1's page, and round 2's page shows the save on the next request."""
    match, scorer, _organiser = table
    slug = match.round.competition.slug
    second_round = Round.objects.create(competition=match.round.competition, number=2, status=Round.Status.PUBLISHED)
    second = Match.objects.create(round=second_round, table=1, sides=2)
    for seat in match.seats.all():
        second.seats.create(seat=seat.seat, side=seat.side, player=seat.player)
    MatchSide.objects.bulk_create([MatchSide(match=second, side=s) for s in range(2)])
    first_url = reverse("competitions:round", args=[slug, 1])
    second_url = reverse("competitions:round", args=[slug, 2])
    for url in (first_url, second_url):
        assert client.get(url)["X-Page-Cache"] == "miss"
        assert client.get(url)["X-Page-Cache"] == "hit"
    services.save_deals(match=second, user=scorer, deals=simulated_sheet(second, seed=6), version=second.version)
    assert client.get(first_url)["X-Page-Cache"] == "hit"
    response = client.get(second_url)
    assert response["X-Page-Cache"] == "miss"
    assert str(MatchSide.objects.get(match=second, side=0).total) in response.content.decode()
    assert client.get(second_url)["X-Page-Cache"] == "hit"


def test_a_save_through_the_api_stores_what_the_next_get_reads(client, table):
    """The table's phone reads the match right after its save: that GET is served from the cache, byte
    for byte what rendering it afresh gives — and a draft round's table is stored for nobody."""
    import json as json_module

    from django.test import override_settings

    from clubs.tokens import create_token

    match, scorer, _organiser = table
    auth = {"HTTP_AUTHORIZATION": f"Bearer {create_token(scorer, 'phone')}"}
    body = {"version": match.version, "deals": simulated_sheet(match, seed=6)}
    put = client.put(
        f"/api/matches/{match.pk}/deals", data=json_module.dumps(body), content_type="application/json", **auth
    )
    assert put.status_code == 200, put.content
    cached = Client().get(f"/api/matches/{match.pk}")
    assert cached["X-Page-Cache"] == "hit"
    with override_settings(PAGE_CACHE_ENABLED=False):
        fresh = Client().get(f"/api/matches/{match.pk}")
    assert cached.content == fresh.content and cached["Content-Type"] == fresh["Content-Type"]
    assert cached.json()["version"] == put.json()["version"] == match.version + 1

    Round.objects.filter(pk=match.round_id).update(status=Round.Status.DRAFT)  # hidden from the public
    match.refresh_from_db()
    body = {"version": match.version, "deals": simulated_sheet(match, seed=7)}
    put = client.put(
        f"/api/matches/{match.pk}/deals", data=json_module.dumps(body), content_type="application/json", **auth
    )
    assert put.status_code == 200
    assert Client().get(f"/api/matches/{match.pk}").status_code == 404


def test_the_front_page_of_a_competition_waits_for_confirmation(client, table):
    """The competition's front page shows confirmed tables only (counts per round, the latest
    results): a save that awaits confirmation leaves it cached, the confirmation shows at once."""
    match, scorer, organiser = table
    url = reverse("competitions:detail", args=[match.round.competition.slug])
    client.get(url)
    saved = services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=8), version=match.version)
    assert client.get(url)["X-Page-Cache"] == "hit"
    services.confirm_match(match=saved, user=organiser, version=saved.version)
    response = client.get(url)
    assert response["X-Page-Cache"] == "miss"
    assert str(MatchSide.objects.get(match=match, side=0).total) in response.content.decode()
