"""The rating arithmetic (scoring.ratings.engine): openskill over ordered matches, no database."""

import datetime

from scoring.ratings.engine import Game, display_rating, playable, ranks, rate


def game(step, a, b, totals, day=None):
    return Game(step=step, day=day, sides=(tuple(a), tuple(b)), totals=tuple(totals))


def test_ranks_share_a_place_on_equal_totals():
    assert ranks((2000, 1500)) == [0, 1]
    assert ranks((1500, 2000)) == [1, 0]
    assert ranks((1700, 1700)) == [0, 0]
    assert ranks((900, 1200, 900)) == [1, 0, 1]


def test_a_newcomer_starts_at_zero():
    assert display_rating(25.0, 25.0 / 3) == 0.0


def test_winners_rise_losers_fall_partners_move_alike():
    result = rate([game(1, (1, 2), (3, 4), (2000, 1200))])
    s = result.standings
    assert s[1].mu > 25 > s[3].mu
    assert s[1].mu == s[2].mu and s[3].mu == s[4].mu
    assert (s[1].wins, s[1].losses, s[3].wins, s[3].losses) == (1, 0, 0, 1)
    assert result.rated == 1 and result.skipped == 0


def test_a_draw_moves_equal_players_nowhere_and_counts_as_drawn():
    s = rate([game(1, (1, 2), (3, 4), (1650, 1650))]).standings
    assert abs(s[1].mu - 25) < 1e-9 and s[1].sigma < 25 / 3
    assert s[1].draws == s[3].draws == 1


def test_known_scenario_orders_the_strong_pair_first():
    """A+B beat everybody, C+D beat E+F, E+F lose everything: A,B > C,D > E,F."""
    games = []
    for week in range(6):
        games += [
            game(week, "AB", "CD", (1800, 1300)),
            game(week, "AB", "EF", (1900, 1200)),
            game(week, "CD", "EF", (1700, 1400)),
        ]
    s = rate(games).standings
    order = sorted(s, key=lambda p: -s[p].rating)
    assert order[:2] == ["A", "B"] or order[:2] == ["B", "A"]
    assert set(order[2:4]) == {"C", "D"} and set(order[4:]) == {"E", "F"}
    assert s["A"].matches == 12 and s["A"].wins == 12


def test_beating_a_stronger_pair_earns_more():
    warm = [game(0, "SX", "YZ", (2000, 1000)) for _ in range(5)]  # S and X become strong
    base = rate(warm + [game(1, "PQ", "SX", (1800, 1400))]).standings
    weak = rate(warm + [game(1, "PQ", "YZ", (1800, 1400))]).standings
    assert base["P"].mu > weak["P"].mu


def test_three_player_table_is_three_teams_of_one():
    s = rate([Game(step=1, day=None, sides=((1,), (2,), (3,)), totals=(1100, 900, 500))]).standings
    assert s[1].mu > s[2].mu > s[3].mu
    assert (s[1].wins, s[2].losses, s[3].losses) == (1, 1, 1)
    tied = rate([Game(step=1, day=None, sides=((1,), (2,), (3,)), totals=(1000, 1000, 500))]).standings
    assert tied[1].draws == tied[2].draws == 1 and tied[3].losses == 1


def test_unplayable_matches_are_skipped_and_counted():
    assert not playable(game(1, (), (3, 4), (1, 2)))
    assert not playable(game(1, (1, 2), (2, 3), (1, 2)))  # a player on both sides
    result = rate([game(1, (), (3, 4), (100, 200)), game(1, (1, 2), (3, 4), (200, 100))])
    assert (result.rated, result.skipped) == (1, 1)


def test_the_same_games_give_the_same_floats():
    games = [
        game(k // 3, (k % 7, 10 + k % 5), (20 + k % 3, 30 + k % 4), (1000 + 37 * k % 900, 1200)) for k in range(60)
    ]
    first, second = rate(games), rate(list(games))
    assert {p: (s.mu, s.sigma) for p, s in first.standings.items()} == {
        p: (s.mu, s.sigma) for p, s in second.standings.items()
    }
    assert first.points == second.points


def test_one_history_point_per_player_per_step():
    day = datetime.date(2025, 9, 3)
    games = [
        game("ev1", (1, 2), (3, 4), (1800, 1400), day),
        game("ev1", (1, 3), (2, 4), (1500, 1700), day),
        game("ev2", (1, 4), (2, 3), (1600, 1600), day + datetime.timedelta(days=7)),
    ]
    result = rate(games)
    ones = [p for p in result.points if p.player == 1]
    assert [(p.seq, p.matches, p.day) for p in ones] == [(1, 2, day), (2, 3, day + datetime.timedelta(days=7))]
    assert ones[-1].mu == result.standings[1].mu
