"""The organiser's evening without friction: round numbers per evening, undo (delete an evening or
a draft round, unpublish, reseat after publishing), walk-ins and guests, odd numbers and sit-outs."""

import pytest
from django.urls import reverse

from clubs.models import Player
from competitions import services
from competitions.evenings import removal as evening_removal
from competitions.evenings import services as evening_services
from competitions.models import Attendance, Entrant, Evening, Match, Round, SitOut
from competitions.services import DrawError
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def competition(club):
    return CompetitionFactory(club=club, rounds_per_evening=3)


def evening_with(competition, players):
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    return evening


def seated(round):
    return {s.player_id for m in round.matches.all() for s in m.seats.all()}


def test_rounds_are_numbered_per_evening_and_labelled(club, competition):
    players = PlayerFactory.create_batch(8, club=club)
    first = evening_with(competition, players)
    r1 = services.draw_next_round(evening=first, seed=1)
    r2 = services.draw_next_round(evening=first, seed=2)
    second = evening_with(competition, players)
    r3 = services.draw_next_round(evening=second, seed=3)
    assert [r.number for r in (r1, r2, r3)] == [1, 2, 3]  # the season index stays internal
    assert [r.evening_round for r in (r1, r2, r3)] == [1, 2, 1]
    assert Round.objects.select_related("evening").get(pk=r3.pk).label == "Evening 2 · round 1"


def test_the_pages_show_the_evenings_round_not_the_season_index(client, club, competition):
    players = PlayerFactory.create_batch(8, club=club)
    evening_with(competition, players)
    second = evening_with(competition, players)
    round = services.draw_next_round(evening=second, seed=3)
    services.publish_round(round=round)
    page = client.get(round.get_absolute_url()).content.decode()
    assert "Evening 2 · round 1" in page
    sheets = client.get(reverse("scoring_exports:round_sheets", args=[competition.slug, round.number]))
    import io

    from pypdf import PdfReader

    text = PdfReader(io.BytesIO(sheets.content)).pages[0].extract_text()
    assert "Evening 2 · round 1" in text


def test_any_evening_can_be_deleted_and_its_entrants_go(club, competition):
    """Issue 33 item 10: not only the last; the evenings after it move down one number."""
    players = PlayerFactory.create_batch(8, club=club)
    first = evening_with(competition, players[:4])
    second = evening_with(competition, players)
    services.draw_next_round(evening=second, seed=1)
    assert evening_removal.delete_evening(evening=first) == 1
    assert list(competition.evenings.values_list("number", flat=True)) == [1]
    assert list(Round.objects.filter(competition=competition).values_list("number", "evening_id")) == [(1, second.pk)]
    assert evening_removal.delete_evening(evening=Evening.objects.get(pk=second.pk)) == 1
    assert not Round.objects.filter(competition=competition).exists()


def test_the_last_evening_without_results_can_be_deleted_and_its_entrants_go(club, competition):
    players = PlayerFactory.create_batch(8, club=club)
    evening_with(competition, players[:4])
    second = evening_with(competition, players)
    services.draw_next_round(evening=second, seed=1)
    assert evening_removal.delete_evening(evening=second) == 2
    assert list(competition.evenings.values_list("number", flat=True)) == [1]
    assert not Round.objects.filter(competition=competition).exists()
    # the four who only came to the deleted evening no longer stand in the competition
    assert set(Entrant.objects.filter(competition=competition).values_list("player_id", flat=True)) == {
        p.pk for p in players[:4]
    }


def test_an_evening_with_a_result_is_deleted_only_when_confirmed(club, competition):
    evening = evening_with(competition, PlayerFactory.create_batch(8, club=club))
    round = services.draw_next_round(evening=evening, seed=1)
    Match.objects.filter(round=round, table=1).update(status=Match.Status.DRAFT, deals_played=3)
    with pytest.raises(DrawError, match="has results"):
        evening_removal.delete_evening(evening=evening)
    assert Evening.objects.filter(pk=evening.pk).exists() and Match.objects.filter(round=round).count() == 2
    evening_removal.delete_evening(evening=evening, confirmed=True)
    assert not Evening.objects.filter(pk=evening.pk).exists()


def test_only_the_last_draft_round_without_results_is_deleted(club, competition):
    evening = evening_with(competition, PlayerFactory.create_batch(8, club=club))
    r1 = services.draw_next_round(evening=evening, seed=1)
    r2 = services.draw_next_round(evening=evening, seed=2)
    with pytest.raises(DrawError, match="Only the last round"):
        evening_services.delete_round(round=r1)
    services.publish_round(round=r2)
    with pytest.raises(DrawError, match="unpublish it first"):
        evening_services.delete_round(round=r2)
    evening_services.unpublish_round(round=r2)
    evening_services.delete_round(round=r2)
    r3 = services.draw_next_round(evening=evening, seed=3)
    assert (r3.number, r3.evening_round) == (2, 2)


def test_unpublish_only_without_results_and_the_table_links_come_back_the_same(club, competition):
    evening = evening_with(competition, PlayerFactory.create_batch(8, club=club))
    round = services.draw_next_round(evening=evening, seed=1)
    services.publish_round(round=round)
    codes = dict(round.matches.values_list("table", "table_code"))
    assert all(codes.values())
    evening_services.unpublish_round(round=round)
    round.refresh_from_db()
    assert round.status == Round.Status.DRAFT
    services.redraw(round=round)  # new match rows, the same tables
    services.publish_round(round=round)
    assert dict(round.matches.values_list("table", "table_code")) == codes  # printed QR codes still work
    Match.objects.filter(round=round, table=2).update(status=Match.Status.ENTERED)
    with pytest.raises(DrawError, match="can no longer be unpublished"):
        evening_services.unpublish_round(round=round)


def test_a_late_arrival_takes_a_leavers_seat_after_publishing(club, competition):
    players = PlayerFactory.create_batch(9, club=club)
    evening = evening_with(competition, players[:8])
    round = services.draw_next_round(evening=evening, seed=1)
    services.publish_round(round=round)
    services.register_attendance(evening=evening, players=players[:8], late=players[8:])
    leaver = players[0]
    table = Match.objects.get(round=round, seats__player=leaver)
    old_code = table.table_code
    other = Match.objects.filter(round=round).exclude(pk=table.pk).get()
    other_code = other.table_code
    reprint = evening_services.reseat(round=round, player_a=leaver, player_b=players[8])
    assert [m.pk for m in reprint] == [table.pk]
    assert players[8].pk in seated(round) and leaver.pk not in seated(round)
    assert SitOut.objects.filter(round=round, player=leaver).exists()
    table.refresh_from_db()
    other.refresh_from_db()
    assert table.table_code == old_code  # the phone typing there goes on; its printed QR code still works
    assert other.table_code == other_code


def test_reseating_is_refused_where_a_table_has_results(club, competition):
    players = PlayerFactory.create_batch(8, club=club)
    evening = evening_with(competition, players)
    round = services.draw_next_round(evening=evening, seed=1)
    services.publish_round(round=round)
    a = players[0]
    table = Match.objects.get(round=round, seats__player=a)
    b = Match.objects.exclude(pk=table.pk).get(round=round).seats.first().player
    Match.objects.filter(pk=table.pk).update(deals_played=1, status=Match.Status.DRAFT)
    before = seated(round)
    with pytest.raises(DrawError, match=f"Table {table.table} already has results"):
        evening_services.reseat(round=round, player_a=a, player_b=b)
    assert seated(round) == before


def test_a_walk_in_guest_is_added_and_ticked_present(club, competition):
    PlayerFactory.create_batch(3, club=club)
    evening = evening_with(competition, [])
    guest = evening_services.add_walk_in(
        evening=evening, first_name=" Anna ", last_name="de  Vries", guest=True, guest_club="KC Harlingen"
    )
    assert (guest.name, guest.guest, guest.guest_club, guest.member_number, guest.active) == (
        "Anna de Vries",
        True,
        "KC Harlingen",
        "G1",
        False,
    )
    member = evening_services.add_walk_in(evening=evening, first_name="Bert", last_name="Bakker")
    assert (member.guest, member.member_number) == (False, "4")
    assert set(Attendance.objects.filter(evening=evening).values_list("player_id", flat=True)) == {guest.pk, member.pk}
    with pytest.raises(DrawError, match="already on the list"):
        evening_services.add_walk_in(evening=evening, first_name="anna", last_name="De Vries", guest=True)
    with pytest.raises(DrawError, match="surname"):
        evening_services.add_walk_in(evening=evening, first_name="Cor", last_name="  ")
    assert Player.objects.filter(club=club).count() == 5


def test_guests_play_on_the_evening_but_not_in_the_season_unless_chosen(club, competition):
    from competitions.standings import evening_results, standings
    from tests.factories import confirm_round

    players = PlayerFactory.create_batch(7, club=club)
    evening = evening_with(competition, players)
    guest = evening_services.add_walk_in(evening=evening, first_name="Gast", last_name="Gastmans", guest=True)
    round = services.draw_next_round(evening=evening, seed=1)
    assert guest.pk in seated(round)
    confirm_round(round)
    names = [row.name for row in evening_results(Evening.objects.select_related("competition").get(pk=evening.pk))]
    assert any("Gastmans" in n for n in names)
    assert not any("Gastmans" in row.name for row in standings(competition))
    competition.guests_in_standings = True
    competition.save()
    assert any("Gastmans" in row.name for row in standings(competition))


def test_sit_outs_and_the_evenings_choice_of_byes(club, competition):
    players = PlayerFactory.create_batch(9, club=club)
    evening = evening_with(competition, players)
    evening_services.set_evening_tables(evening=evening, three_player_tables=False)
    round = services.create_round(competition=competition, evening=evening)
    evening_services.set_sit_outs(round=round, player_ids=[players[0].pk])
    services.draw_round(round=round, seed=4)
    assert players[0].pk not in seated(round)
    assert not round.byes.filter(entrant__player=players[0]).exists()
    assert round.matches.count() == 2 and round.byes.count() == 0  # 8 left: two tables of four
    stranger = PlayerFactory.create_batch(1, club=club)[0]
    with pytest.raises(DrawError, match="Only players present"):
        evening_services.set_sit_outs(round=round, player_ids=[stranger.pk])


def test_odd_numbers_with_byes_tonight(club, competition):
    players = PlayerFactory.create_batch(9, club=club)
    evening = evening_with(competition, players)
    evening_services.set_evening_tables(evening=evening, three_player_tables=False)
    round = services.draw_next_round(evening=evening, seed=4)
    assert round.byes.count() == 1 and all(m.sides == 2 for m in round.matches.all())


def test_a_fourth_round_needs_confirming(client, club, competition):
    client.force_login(UserFactory(organiser_of=club))
    evening = evening_with(competition, PlayerFactory.create_batch(8, club=club))
    for seed in range(3):
        services.draw_next_round(evening=evening, seed=seed)
    url = reverse("staff:round-next", args=[competition.slug, evening.number])
    response = client.post(url)
    assert response.status_code == 200 and b"too-many-rounds" in response.content
    assert evening.rounds.count() == 3
    response = client.post(url, {"confirm": "1"})
    assert response.status_code == 302 and evening.rounds.count() == 4


def test_a_new_evening_needs_a_date(client, club, competition):
    client.force_login(UserFactory(organiser_of=club))
    response = client.post(reverse("staff:evening-create", args=[competition.slug]), {"date": ""})
    assert response.status_code == 302 and not competition.evenings.exists()
    client.post(reverse("staff:evening-create", args=[competition.slug]), {"date": "2025-03-04"})
    assert str(competition.evenings.get().date) == "2025-03-04"


def test_the_undo_views(client, club, competition):
    client.force_login(UserFactory(organiser_of=club))
    players = PlayerFactory.create_batch(9, club=club)
    evening = evening_with(competition, players[:8])
    round = services.draw_next_round(evening=evening, seed=1)
    draw_url = reverse("staff:draw", args=[competition.slug, round.number])
    page = client.get(draw_url).content.decode()
    assert 'id="delete-round"' in page and 'id="unpublish"' not in page
    client.post(reverse("staff:publish", args=[competition.slug, round.number]))
    page = client.get(draw_url).content.decode()
    assert 'id="unpublish"' in page and 'id="reseat"' in page
    services.register_attendance(evening=evening, players=players[:8], late=players[8:])
    response = client.post(
        reverse("staff:reseat", args=[competition.slug, round.number]),
        {"player_a": players[0].pk, "player_b": players[8].pk},
        follow=True,
    )
    assert b"Print the new sheets" in response.content and b"sheet.pdf" in response.content
    client.post(reverse("staff:unpublish", args=[competition.slug, round.number]))
    client.post(reverse("staff:round-delete", args=[competition.slug, round.number]))  # not ticked: asks first
    assert Round.objects.filter(pk=round.pk).exists()
    client.post(reverse("staff:round-delete", args=[competition.slug, round.number]), {"confirm": "1"})
    assert not Round.objects.filter(pk=round.pk).exists()
    delete_url = reverse("staff:evening-delete", args=[competition.slug, evening.number])
    assert client.post(delete_url).status_code == 400  # not ticked: asks first
    assert competition.evenings.exists()
    client.post(delete_url, {"confirm": "1"})
    assert not competition.evenings.exists()


def test_walk_in_view_and_attendance_page(client, club, competition, django_assert_max_num_queries):
    client.force_login(UserFactory(organiser_of=club))
    evening = evening_with(competition, [])
    url = reverse("staff:walk-in", args=[competition.slug, evening.number])
    client.post(url, {"first_name": "Jan", "last_name": "van der Meer", "guest": "on", "guest_club": "De Klaver"})
    PlayerFactory.create_batch(20, club=club)
    with django_assert_max_num_queries(14):
        page = client.get(reverse("staff:attendance", args=[competition.slug, evening.number])).content.decode()
    assert "Jan van der Meer" in page and "De Klaver" in page
    response = client.post(url, {"first_name": "Jan", "last_name": ""}, follow=True)
    assert b"Surname" in response.content and Player.objects.filter(last_name="").count() == 0
