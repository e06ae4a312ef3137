"""Organiser flow for two of the season's rules (RULES.md §9): who called off (afgemeld) ticked on
the attendance page, and a substitute (invaller) for the rest of an evening."""

import pytest
from django.urls import reverse

from competitions import services
from competitions.models import CallOff, MatchSeat, SitOut, Substitution
from competitions.services import DrawError
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def competition(club):
    return CompetitionFactory(club=club)


def seated(round_) -> set[int]:
    return set(MatchSeat.objects.filter(match__round=round_).values_list("player_id", flat=True))


def test_called_off_is_kept_apart_from_present(club, competition):
    players = PlayerFactory.create_batch(6, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:4], called_off=players[4:6])
    assert set(CallOff.objects.filter(evening=evening).values_list("player_id", flat=True)) == {
        players[4].pk,
        players[5].pk,
    }
    services.register_attendance(evening=evening, players=players[:4], called_off=players[5:6])
    assert list(CallOff.objects.filter(evening=evening).values_list("player_id", flat=True)) == [players[5].pk]
    with pytest.raises(DrawError, match="both present and called off"):
        services.register_attendance(evening=evening, players=players[:5], called_off=players[4:5])
    assert list(CallOff.objects.filter(evening=evening).values_list("player_id", flat=True)) == [players[5].pk]


def test_the_attendance_page_ticks_called_off(client, club, competition):
    players = PlayerFactory.create_batch(5, club=club)
    evening = services.create_evening(competition=competition)
    client.force_login(UserFactory(username="org-afm", organiser_of=club))
    url = reverse("staff:attendance", args=[competition.slug, evening.number])
    data = {"present": [p.pk for p in players[:4]], "called_off": [players[4].pk]}
    assert client.post(url, data).status_code == 302
    assert list(CallOff.objects.filter(evening=evening).values_list("player_id", flat=True)) == [players[4].pk]
    page = client.get(url).content.decode()
    assert f'name="called_off" value="{players[4].pk}"' in page and "Called off" in page


def test_a_substitute_takes_the_seat_in_drawn_rounds_and_is_drawn_instead_later(club, competition):
    players = PlayerFactory.create_batch(9, club=club)
    member, sub = players[0], players[8]
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:8])
    first = services.draw_next_round(evening=evening, seed=1)
    services.publish_round(round=first)
    second = services.draw_next_round(evening=evening, seed=2)
    services.publish_round(round=second)
    services.substitute(evening=evening, member=member, substitute=sub, from_round=2)
    first.refresh_from_db()
    assert member.pk in seated(first) and sub.pk not in seated(first)  # round 1: the member played
    assert sub.pk in seated(second) and member.pk not in seated(second)  # round 2: the substitute sits there
    assert SitOut.objects.filter(round=second, player=member).exists()
    third = services.draw_next_round(evening=evening, seed=3)
    assert sub.pk in seated(third) and member.pk not in seated(third)  # and is drawn instead from then on
    assert Substitution.objects.get(evening=evening).from_round == 2


def test_a_substitute_is_refused_for_a_member_not_present(club, competition):
    players = PlayerFactory.create_batch(3, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:1])
    with pytest.raises(DrawError, match="not present"):
        services.substitute(evening=evening, member=players[1], substitute=players[2], from_round=1)
    with pytest.raises(DrawError, match="themselves"):
        services.substitute(evening=evening, member=players[0], substitute=players[0], from_round=1)
    assert not Substitution.objects.exists()


def test_the_substitute_form_on_the_attendance_page(client, club, competition):
    players = PlayerFactory.create_batch(9, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:8])
    client.force_login(UserFactory(username="org-inv", organiser_of=club))
    url = reverse("staff:substitute", args=[competition.slug, evening.number])
    response = client.post(url, {"member": players[0].pk, "substitute": players[8].pk, "from_round": 1}, follow=True)
    assert "plays for" in response.content.decode()
    assert Substitution.objects.filter(member=players[0], substitute=players[8], from_round=1).exists()
    bad = client.post(url, {"member": players[0].pk, "substitute": players[8].pk, "from_round": 0}, follow=True)
    assert "From round" in bad.content.decode()
