"""Organiser flow: drawing the rounds of a club evening, swapping by hand, redraw, publish."""

from collections import Counter

import pytest
from django.utils import timezone

from competitions import services
from competitions.models import Bye, Match, MatchSeat, MatchSide, Round
from competitions.services import DrawError
from scoring.models import Deal
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def evening_with(count: int, **competition_fields):
    club = ClubFactory()
    competition = CompetitionFactory(club=club, **competition_fields)
    players = PlayerFactory.create_batch(count, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players)
    return evening, players


def seats_of(round):
    """{table: {seat: (side, player_id)}} of a round."""
    tables = {}
    for table, seat, side, player in MatchSeat.objects.filter(match__round=round).values_list(
        "match__table", "seat", "side", "player_id"
    ):
        tables.setdefault(table, {})[seat] = (side, player)
    return tables


def bye_players(round):
    return set(Bye.objects.filter(round=round).values_list("entrant__player_id", flat=True))


@pytest.mark.parametrize(
    "count, fours, threes",
    [(16, 4, 0), (17, 2, 3), (18, 3, 2), (19, 4, 1), (28, 7, 0)],
)
def test_everyone_present_gets_one_seat(count, fours, threes):
    evening, players = evening_with(count)
    round = services.draw_next_round(evening=evening, seed=7)
    tables = seats_of(round)
    sizes = Counter(len(seats) for seats in tables.values())
    assert sizes == Counter({4: fours, 3: threes}) - Counter()
    seated = [player for seats in tables.values() for _side, player in seats.values()]
    assert sorted(seated) == sorted(p.pk for p in players)
    assert sorted(tables) == list(range(1, len(tables) + 1))
    assert not bye_players(round)


def test_seats_sides_and_match_sides():
    evening, _ = evening_with(7)
    round = services.draw_next_round(evening=evening, seed=3)
    for match in Match.objects.filter(round=round):
        seats = {s.seat: s.side for s in match.seats.all()}
        if match.sides == 2:
            assert seats == {"N": 0, "E": 1, "S": 0, "W": 1}
        else:
            assert match.sides == 3 and seats == {"N": 0, "E": 1, "S": 2}
        sides = list(MatchSide.objects.filter(match=match).values_list("side", "entrant"))
        assert sides == [(side, None) for side in range(match.sides)]
    assert Match.objects.filter(round=round, sides=3).count() == 1


@pytest.mark.parametrize("count, byes", [(17, 1), (18, 2), (19, 3)])
def test_without_tables_of_three_the_rest_have_a_bye(count, byes):
    evening, players = evening_with(count, three_player_tables=False)
    round = services.draw_next_round(evening=evening, seed=5)
    tables = seats_of(round)
    assert all(len(seats) == 4 for seats in tables.values())
    out = bye_players(round)
    assert len(out) == byes
    seated = {player for seats in tables.values() for _side, player in seats.values()}
    assert seated | out == {p.pk for p in players} and not seated & out


def test_byes_go_round_to_those_without_one():
    evening, players = evening_with(17, three_player_tables=False)
    out = [bye_players(services.draw_next_round(evening=evening, seed=s)) for s in (1, 2, 3)]
    assert len(set().union(*out)) == 3


@pytest.mark.parametrize("count", [16, 17, 18, 19, 28])
def test_no_repeat_partner_within_an_evening_of_three_rounds(count):
    evening, _ = evening_with(count)
    partners = Counter()
    for seed in (11, 12, 13):
        round = services.draw_next_round(evening=evening, seed=seed)
        for seats in seats_of(round).values():
            if len(seats) == 4:
                partners[frozenset((seats["N"][1], seats["S"][1]))] += 1
                partners[frozenset((seats["E"][1], seats["W"][1]))] += 1
    assert max(partners.values()) == 1


def test_the_same_seed_gives_the_same_draw():
    evening, _ = evening_with(18)
    round = services.draw_next_round(evening=evening, seed=42)
    first = seats_of(round)
    services.redraw(round=round, seed=42)
    assert seats_of(round) == first
    assert Round.objects.get(pk=round.pk).seed == 42


def test_a_round_is_drawn_once_then_redrawn():
    evening, _ = evening_with(16)
    round = services.draw_next_round(evening=evening, seed=1)
    with pytest.raises(DrawError, match="already drawn"):
        services.draw_round(round=round)
    before = seats_of(round)
    services.redraw(round=round)
    assert seats_of(round) != before
    assert Match.objects.filter(round=round).count() == 4


def test_too_few_players():
    evening, _ = evening_with(2)
    with pytest.raises(DrawError, match="At least 3 players"):
        services.draw_next_round(evening=evening)
    assert not Round.objects.exists()  # create and draw are one transaction


def test_swap_two_players_across_tables():
    evening, _ = evening_with(8)
    round = services.draw_next_round(evening=evening, seed=1)
    before = seats_of(round)
    a, b = before[1]["N"][1], before[2]["E"][1]
    services.swap_players(round=round, player_a=_player(a), player_b=_player(b))
    after = seats_of(round)
    assert after[1]["N"] == (0, b) and after[2]["E"] == (1, a)
    assert {k: v for k, v in after[1].items() if k != "N"} == {k: v for k, v in before[1].items() if k != "N"}


def test_swap_a_seated_player_with_one_who_has_a_bye():
    evening, _ = evening_with(9, three_player_tables=False)
    round = services.draw_next_round(evening=evening, seed=1)
    (out,) = bye_players(round)
    seated = seats_of(round)[1]["W"][1]
    services.swap_players(round=round, player_a=_player(out), player_b=_player(seated))
    assert bye_players(round) == {seated}
    assert seats_of(round)[1]["W"] == (1, out)


def test_swap_two_pairs():
    evening, _ = evening_with(8)
    round = services.draw_next_round(evening=evening, seed=1)
    before = seats_of(round)
    services.swap_pairs(round=round, player_a=_player(before[1]["S"][1]), player_b=_player(before[2]["E"][1]))
    after = seats_of(round)
    assert (after[1]["N"][1], after[1]["S"][1]) == (before[2]["E"][1], before[2]["W"][1])
    assert (after[2]["E"][1], after[2]["W"][1]) == (before[1]["N"][1], before[1]["S"][1])
    assert after[1]["E"] == before[1]["E"] and after[2]["N"] == before[2]["N"]


def test_partners_are_not_two_pairs():
    evening, _ = evening_with(8)
    round = services.draw_next_round(evening=evening, seed=1)
    seats = seats_of(round)[1]
    with pytest.raises(DrawError, match="partners"):
        services.swap_pairs(round=round, player_a=_player(seats["N"][1]), player_b=_player(seats["S"][1]))


def test_a_player_of_another_round_cannot_be_swapped():
    evening, _ = evening_with(8)
    round = services.draw_next_round(evening=evening, seed=1)
    stranger = PlayerFactory.create_batch(1, club=ClubFactory())[0]
    with pytest.raises(DrawError, match="does not play in round 1"):
        services.swap_players(round=round, player_a=stranger, player_b=_player(seats_of(round)[1]["N"][1]))


def test_redraw_and_swap_refused_after_results():
    evening, players = evening_with(8)
    round = services.draw_next_round(evening=evening, seed=1)
    match = Match.objects.filter(round=round).first()
    Deal.objects.create(match=match, number=1, points_a=100, points_b=62, score_a=100, score_b=62)
    with pytest.raises(DrawError, match="Evening 1 · round 1 already has results; it cannot be redrawn"):
        services.redraw(round=round)
    with pytest.raises(DrawError, match="already has results"):
        services.swap_players(round=round, player_a=players[0], player_b=players[1])
    with pytest.raises(DrawError, match="already has results"):
        services.swap_pairs(round=round, player_a=players[0], player_b=players[1])
    assert Match.objects.filter(round=round).count() == 2


def test_an_earlier_round_is_not_redrawn_under_a_later_one():
    evening, _ = evening_with(8)
    first = services.draw_next_round(evening=evening, seed=1)
    services.draw_next_round(evening=evening, seed=2)
    with pytest.raises(DrawError, match="Round 2 of this evening is drawn after round 1"):
        services.redraw(round=first)


def test_a_confirmed_table_counts_as_a_result():
    evening, _ = evening_with(8)
    round = services.draw_next_round(evening=evening, seed=1)
    Match.objects.filter(round=round, table=2).update(status=Match.Status.CONFIRMED, confirmed_at=timezone.now())
    with pytest.raises(DrawError, match="already has results"):
        services.redraw(round=round)


def test_publish_then_no_more_changes():
    evening, players = evening_with(8)
    round = services.draw_next_round(evening=evening, seed=1)
    services.publish_round(round=round)
    services.publish_round(round=round)  # twice changes nothing
    assert Round.objects.get(pk=round.pk).status == Round.Status.PUBLISHED
    with pytest.raises(DrawError, match="published"):
        services.redraw(round=round)
    with pytest.raises(DrawError, match="published"):
        services.swap_players(round=round, player_a=players[0], player_b=players[1])


def test_an_empty_round_cannot_be_published():
    evening, _ = evening_with(8)
    round = services.create_round(competition=evening.competition, evening=evening)
    with pytest.raises(DrawError, match="no tables yet"):
        services.publish_round(round=round)


def test_rounds_number_on_through_the_evenings():
    evening, players = evening_with(8)
    for _ in range(3):
        services.draw_next_round(evening=evening)
    second = services.create_evening(competition=evening.competition)
    services.register_attendance(evening=second, players=players)
    assert services.draw_next_round(evening=second).number == 4


def test_earlier_evenings_count_in_the_draw():
    """Over two evenings of 3 rounds of 16 players nobody partners the same player twice when it
    can be avoided (16 players have 15 possible partners each)."""
    evening, players = evening_with(16)
    partners = Counter()
    for night in range(2):
        if night:
            evening = services.create_evening(competition=evening.competition)
            services.register_attendance(evening=evening, players=players)
        for number in range(3):
            # Fixed seeds: the draw's search has a bounded budget, and a random seed made it miss
            # the repeat-free draw about once in a few hundred runs (a flaky test, not a rule broken).
            round = services.draw_next_round(evening=evening, seed=1000 * night + number + 1)
            for seats in seats_of(round).values():
                partners[frozenset((seats["N"][1], seats["S"][1]))] += 1
                partners[frozenset((seats["E"][1], seats["W"][1]))] += 1
    assert max(partners.values()) == 1


def _player(pk):
    from clubs.models import Player

    return Player.objects.get(pk=pk)
