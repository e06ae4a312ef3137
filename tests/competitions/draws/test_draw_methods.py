"""The app's draws use the engine fully: a whist schedule for a fixed group (falling back to a draw
by lot when someone is missing), the club's pairs kept apart, North rotating over an evening."""

from collections import Counter

import pytest

from clubs.models import ApartPair
from competitions import services
from competitions.draws.whist import whist_status
from competitions.models import Bye, MatchSeat, WhistRound
from competitions.services import DrawError
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def tables_of(round):
    """[(N, E, S, W)] of a round, player ids."""
    seats: dict[int, dict[str, int]] = {}
    for match, seat, player in MatchSeat.objects.filter(match__round=round).values_list(
        "match_id", "seat", "player_id"
    ):
        seats.setdefault(match, {})[seat] = player
    return [tuple(s[x] for x in "NESW" if x in s) for s in seats.values()]


def evening_of(competition, players):
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    return evening


@pytest.mark.parametrize("count", [8, 9])
def test_a_fixed_group_plays_a_whole_whist_schedule_over_evenings(count):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, draw_method="whist")
    players = PlayerFactory.create_batch(count, club=club)
    rounds = []
    total = count - 1 if count % 4 == 0 else count
    while len(rounds) < total:
        evening = evening_of(competition, players)
        for _ in range(min(3, total - len(rounds))):  # three rounds an evening, evening after evening
            rounds.append(services.draw_next_round(evening=evening, seed=len(rounds)))
    assert [r.whist_round.number for r in rounds] == list(range(total))
    partners, opponents = Counter(), Counter()
    for round in rounds:
        for n, e, s, w in tables_of(round):
            partners.update([frozenset((n, s)), frozenset((e, w))])
            opponents.update(frozenset(p) for p in ((n, e), (n, w), (s, e), (s, w)))
    pairs = count * (count - 1) // 2
    assert len(partners) == pairs and set(partners.values()) == {1}
    assert len(opponents) == pairs and set(opponents.values()) == {2}
    if count % 4 == 1:  # one player sits out each round, each player once
        out = Counter(Bye.objects.filter(round__in=rounds).values_list("entrant__player_id", flat=True))
        assert sorted(out) == sorted(p.pk for p in players) and set(out.values()) == {1}
    status = whist_status(round=rounds[2])
    assert (status.following, status.number, status.rounds, status.players) == (True, 3, total, count)


def test_someone_missing_falls_back_to_a_draw_by_lot_and_the_schedule_waits():
    club = ClubFactory()
    competition = CompetitionFactory(club=club, draw_method="whist")
    players = PlayerFactory.create_batch(8, club=club)
    first = services.draw_next_round(evening=evening_of(competition, players), seed=1)
    short = services.draw_next_round(evening=evening_of(competition, players[:7]), seed=2)
    back = services.draw_next_round(evening=evening_of(competition, players), seed=3)
    assert first.whist_round.number == 0
    assert not WhistRound.objects.filter(round=short).exists()
    assert len(tables_of(short)) == 2  # 7 players: a table of four and one of three, by lot
    assert back.whist_round.number == 1  # the schedule goes on where it stopped
    status = whist_status(round=short)
    assert (status.following, status.players) == (False, 8)


def test_redraw_of_a_whist_round_keeps_its_schedule_round():
    club = ClubFactory()
    competition = CompetitionFactory(club=club, draw_method="whist")
    players = PlayerFactory.create_batch(12, club=club)
    evening = evening_of(competition, players)
    services.draw_next_round(evening=evening, seed=1)
    second = services.draw_next_round(evening=evening, seed=2)
    before = sorted(tables_of(second))
    services.redraw(round=second)
    second.refresh_from_db()
    assert second.whist_round.number == 1 and sorted(tables_of(second)) == before


def test_the_lot_method_records_no_schedule():
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    round = services.draw_next_round(evening=evening_of(competition, PlayerFactory.create_batch(8, club=club)), seed=1)
    assert not WhistRound.objects.filter(round=round).exists()
    assert whist_status(round=round) is None


def test_pairs_kept_apart_never_share_a_table():
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(16, club=club)
    couples = [(players[2 * i], players[2 * i + 1]) for i in range(4)]
    for a, b in couples:
        ApartPair.objects.create(club=club, player_a=a, player_b=b)
    evening = evening_of(competition, players)
    for seed in range(4):
        round = services.draw_next_round(evening=evening, seed=seed)
        for table in tables_of(round):
            for a, b in couples:
                assert not {a.pk, b.pk} <= set(table)


def test_pairs_that_cannot_be_kept_apart_are_named_in_a_draw_error():
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(4, club=club)
    ApartPair.objects.create(club=club, player_a=players[0], player_b=players[1])
    with pytest.raises(DrawError, match="cannot all be kept apart with 4 players"):
        services.draw_next_round(evening=evening_of(competition, players), seed=1)


def test_north_rotates_over_an_evening():
    """At every table North (who deals first) is a player who sat North least often tonight."""
    club = ClubFactory()
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(16, club=club)
    evening = evening_of(competition, players)
    north = Counter()
    for seed in range(5):
        round = services.draw_next_round(evening=evening, seed=seed)
        tables = tables_of(round)
        for table in tables:
            assert north[table[0]] == min(north[p] for p in table), (seed, table, north)
        north.update(t[0] for t in tables)
    assert len(north) >= 16  # five rounds of four tables: everyone dealt first at least once


def test_apart_pair_clean_refuses_one_player_twice_and_another_club():
    from django.core.exceptions import ValidationError

    club, other = ClubFactory(), ClubFactory()
    mine, theirs = PlayerFactory.create_batch(2, club=club), PlayerFactory.create_batch(1, club=other)
    with pytest.raises(ValidationError, match="two different"):
        ApartPair(club=club, player_a=mine[0], player_b=mine[0]).full_clean()
    with pytest.raises(ValidationError, match="belong to the club"):
        ApartPair(club=club, player_a=mine[0], player_b=theirs[0]).full_clean()
    pair = ApartPair(club=club, player_a=mine[1], player_b=mine[0])
    pair.full_clean()
    pair.save()
    assert pair.player_a_id < pair.player_b_id


def test_the_draw_page_names_the_schedule_round_or_the_fallback(client):
    from django.urls import reverse

    from tests.factories import UserFactory

    club = ClubFactory()
    competition = CompetitionFactory(club=club, draw_method="whist")
    players = PlayerFactory.create_batch(8, club=club)
    client.force_login(UserFactory(organiser_of=club))
    first = services.draw_next_round(evening=evening_of(competition, players), seed=1)
    short = services.draw_next_round(evening=evening_of(competition, players[:7]), seed=2)
    page = client.get(reverse("staff:draw", args=[competition.slug, first.number])).content.decode()
    assert "Whist schedule: round 1 of 7 (8 players" in page
    page = client.get(reverse("staff:draw", args=[competition.slug, short.number])).content.decode()
    assert "not the whist schedule&#x27;s group of 8" in page or "not the whist schedule's group of 8" in page


def test_the_draw_page_names_who_is_kept_apart_and_where_to_set_it(client):
    from django.urls import reverse

    from tests.factories import UserFactory

    club, other = ClubFactory(), ClubFactory(name="elders")
    competition = CompetitionFactory(club=club)
    players = PlayerFactory.create_batch(8, club=club)
    client.force_login(UserFactory(organiser_of=club))
    round = services.draw_next_round(evening=evening_of(competition, players), seed=1)
    url = reverse("staff:draw", args=[competition.slug, round.number])
    page = client.get(url).content.decode()
    assert "No members are kept apart at the draw." in page
    link = reverse("admin:clubs_apartpair_changelist") + f"?club__id__exact={club.pk}"
    assert link in page
    ApartPair.objects.create(club=club, player_a=players[0], player_b=players[1])
    theirs = PlayerFactory.create_batch(2, club=other)
    ApartPair.objects.create(club=other, player_a=theirs[0], player_b=theirs[1])  # another club's: not shown
    page = client.get(url).content.decode()
    assert "Never at one table:" in page and f"{players[0].name} &amp; {players[1].name}" in page
    assert theirs[0].name not in page
