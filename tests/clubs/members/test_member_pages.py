"""The organiser's member pages (issue 31 item 6): the list, a member's page (rename, member number,
guest or member) and every bad input with its reason and nothing changed; organisers of that club
only, everyone else a 404."""

import pytest
from django.urls import reverse

from clubs.models import Club, MemberChange, Player
from competitions.models import Entrant
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club():
    return ClubFactory(name="KC Henk")


@pytest.fixture
def organiser(club, client):
    user = UserFactory(organiser_of=club)
    client.force_login(user)
    return user


@pytest.fixture
def henk(club):
    return Player.objects.create(club=club, member_number="12", first_name="Henk", last_name="Hebers")


def _post(client, player, **changes):
    data = {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "member_number": player.member_number,
        "guest": "guest" if player.guest else "member",
        "guest_club": player.guest_club,
        **changes,
    }
    return client.post(reverse("clubs:member", args=[player.club.slug, player.pk]), data)


def test_the_list_shows_every_member_with_a_link_to_their_page(client, organiser, club, henk):
    PlayerFactory.create_batch(3, club=club)
    response = client.get(reverse("clubs:members", args=[club.slug]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Henk Hebers" in page
    assert reverse("clubs:member", args=[club.slug, henk.pk]) in page
    found = client.get(reverse("clubs:members", args=[club.slug]), {"q": "hebers"}).content.decode()
    assert "Henk Hebers" in found and "P1 " not in found


def test_the_list_runs_as_many_queries_for_300_members_as_for_3(client, organiser, club, django_assert_max_num_queries):
    PlayerFactory.create_batch(3, club=club)
    client.get(reverse("clubs:members", args=[club.slug]))  # warm: session, content types
    with django_assert_max_num_queries(8) as small:
        client.get(reverse("clubs:members", args=[club.slug]))
    PlayerFactory.create_batch(297, club=club)
    with django_assert_max_num_queries(len(small.captured_queries)):
        response = client.get(reverse("clubs:members", args=[club.slug]))
    assert response.content.decode().count('href="/manage/clubs/') >= 100  # a page of 100


def test_rename_number_and_guest_are_saved_with_an_audit_row(client, organiser, club, henk):
    competition = CompetitionFactory(club=club)
    Entrant.objects.create(competition=competition, player=henk, name=henk.name)
    response = _post(client, henk, first_name="Hendrik", last_name="Hebers", member_number="12a", guest="guest")
    assert response.status_code == 302
    henk.refresh_from_db()
    assert (henk.name, henk.member_number, henk.guest, henk.active) == ("Hendrik Hebers", "12a", True, False)
    assert Entrant.objects.get(player=henk).name == "Hendrik Hebers"  # the standings' copy follows
    change = MemberChange.objects.get(player=henk)
    assert change.user == organiser and change.action == MemberChange.Action.EDIT
    assert change.changes["first_name"] == ["Henk", "Hendrik"]
    assert change.changes["member_number"] == ["12", "12a"]
    page = client.get(reverse("clubs:member", args=[club.slug, henk.pk])).content.decode()
    assert "first name: Henk → Hendrik; member number: 12 → 12a; guest: no → yes; active: yes → no" in page


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"last_name": ""}, "last_name", "The surname is empty"),
        ({"last_name": "   "}, "last_name", "The surname is empty"),
        ({"first_name": "Henk\nHebers"}, "first_name", "a line break (U+000A)"),
        ({"last_name": "Heb\ters"}, "last_name", "a tab (U+0009)"),
        ({"last_name": "Hebers\x1b"}, "last_name", "a control character (U+001B)"),
        ({"last_name": "Hebers\u2028"}, "last_name", "a line break (U+2028)"),
        ({"member_number": ""}, "member_number", "The member number is empty"),
        ({"member_number": "1\n2"}, "member_number", "A member number is one line"),
        ({"member_number": "x" * 21}, "member_number", "At most 20 characters"),
        ({"last_name": "x" * 81}, "last_name", "At most 80 characters"),
        ({"guest": "maybe"}, "guest", "Choose member or guest"),
        ({"guest": ""}, "guest", "Choose member or guest"),
        ({"guest": "guest", "guest_club": "KC\rElders"}, "guest_club", "a line break (U+000D)"),
    ],
)
def test_bad_input_is_refused_with_its_reason_and_nothing_changes(client, organiser, henk, changes, field, message):
    response = _post(client, henk, **changes)
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    assert message.split("(")[0] in response.content.decode()
    henk.refresh_from_db()
    assert (henk.name, henk.member_number, henk.guest) == ("Henk Hebers", "12", False)
    assert not MemberChange.objects.exists()


def test_a_member_number_of_another_member_is_refused_naming_them(client, organiser, club, henk):
    Player.objects.create(club=club, member_number="13", first_name="Jan", last_name="de Vries")
    response = _post(client, henk, member_number="13")
    assert response.status_code == 400
    assert response.context["form"].errors["member_number"] == ["Member number 13 is already Jan de Vries's."]
    henk.refresh_from_db()
    assert henk.member_number == "12"


def test_the_same_number_in_another_club_is_fine(client, organiser, henk):
    Player.objects.create(club=ClubFactory(), member_number="13", first_name="Jan", last_name="de Vries")
    assert _post(client, henk, member_number="13").status_code == 302


def test_nothing_changed_writes_no_audit_row(client, organiser, henk):
    assert _post(client, henk).status_code == 302
    assert not MemberChange.objects.exists()


def test_a_near_match_on_the_page_offers_the_merge(client, organiser, club, henk):
    sr = Player.objects.create(club=club, member_number="G1", first_name="Henk", last_name="Hebers sr.", guest=True)
    Player.objects.create(club=club, member_number="14", first_name="Jan", last_name="de Wit")
    page = client.get(reverse("clubs:member", args=[club.slug, henk.pk])).content.decode()
    assert f"?other={sr.pk}" in page and "Merge with Henk Hebers sr. (G1)" in page
    assert "Merge with Jan de Wit" not in page


@pytest.mark.parametrize("who", ["anonymous", "scorer", "other organiser"])
def test_only_the_clubs_organisers_see_the_pages(client, club, henk, who):
    if who == "scorer":
        client.force_login(UserFactory(scorer_of=club))
    elif who == "other organiser":
        client.force_login(UserFactory(organiser_of=ClubFactory()))
    for url in (
        reverse("clubs:members", args=[club.slug]),
        reverse("clubs:member", args=[club.slug, henk.pk]),
        reverse("clubs:member-merge", args=[club.slug, henk.pk]),
    ):
        response = client.get(url)
        if who == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"]
        else:
            assert response.status_code == 404
    if who != "anonymous":
        assert _post(client, henk, last_name="Kwaad").status_code == 404
    henk.refresh_from_db()
    assert henk.last_name == "Hebers"


def test_a_member_of_another_club_is_not_found_on_this_clubs_pages(client, organiser, club):
    stranger = PlayerFactory.create_batch(1, club=ClubFactory())[0]
    assert client.get(reverse("clubs:member", args=[club.slug, stranger.pk])).status_code == 404
    assert client.get(reverse("clubs:members", args=["no-such-club"])).status_code == 404


def test_a_league_has_no_member_pages(client):
    league = Club.objects.create(name="Bond", slug="bond", is_league=True)
    client.force_login(UserFactory(organiser_of=league))
    assert client.get(reverse("clubs:members", args=[league.slug])).status_code == 404


def test_a_members_page_runs_as_many_queries_in_a_big_club(
    client, organiser, club, henk, django_assert_max_num_queries
):
    def more(count):
        start = Player.objects.count()
        Player.objects.bulk_create(
            [
                Player(club=club, member_number=f"x{start + i}", first_name="Lid", last_name=f"L{start + i}")
                for i in range(count)
            ]
        )

    more(3)
    url = reverse("clubs:member", args=[club.slug, henk.pk])
    client.get(url)
    with django_assert_max_num_queries(12) as small:
        client.get(url)
    queries = len(small.captured_queries)  # read now: the next request clears the log
    more(300)
    _post(client, henk, first_name="Hendrik")
    with django_assert_max_num_queries(queries + 1):  # + the changes' users, now there are some
        assert client.get(url).status_code == 200
