"""The public pages: what they show, who may see them, and a fixed number of queries each."""

import pytest
from django.urls import reverse

from competitions.models import Competition, Match
from tests.factories import (
    CompetitionFactory,
    RoundFactory,
    generated_individual,
    generated_pairs,
    named_team_entrants,
    pair_match,
)

pytestmark = pytest.mark.django_db

MAX_QUERIES = 10


def page_urls(comp):
    urls = [
        reverse("competitions:home"),
        reverse("competitions:detail", args=[comp.slug]),
        reverse("competitions:standings", args=[comp.slug]),
        reverse("competitions:projector", args=[comp.slug]),
        reverse("competitions:round", args=[comp.slug, 1]),
        reverse("competitions:round", args=[comp.slug, comp.rounds.count()]),
    ]
    seat = Match.objects.filter(round__competition=comp).first().seats.first()
    urls.append(reverse("competitions:player", args=[comp.slug, seat.player_id]))
    if comp.format == Competition.Format.INDIVIDUAL:
        urls.append(reverse("competitions:evening", args=[comp.slug, 1]))
    return urls


SIZES = {
    "individual": [dict(players=8, evenings=1, rounds=2), dict(players=40, evenings=4, rounds=3)],
    "pairs": [dict(pairs=4, rounds=2), dict(pairs=24, rounds=8)],
    "teams": [dict(pairs=4, rounds=2, format="teams"), dict(pairs=12, rounds=6, format="teams")],
}


@pytest.mark.parametrize("kind", ["individual", "pairs", "teams"])
@pytest.mark.parametrize("size", [0, 1], ids=["small", "larger"])
def test_every_page_runs_at_most_ten_queries_whatever_the_size(client, django_assert_max_num_queries, kind, size):
    fields = SIZES[kind][size]
    if kind == "individual":
        comp = generated_individual(
            tie_breakers=["roem", "head_to_head"], bye_policy="average", absence_policy="average", **fields
        )
    else:
        comp = generated_pairs(tie_breakers=["match_points", "roem", "head_to_head"], bye_policy="average", **fields)
    for url in page_urls(comp):
        # the evening's page reads the season as it stood after it too (its statistics, issue 33 item
        # 9): three queries more, still whatever the size
        evening = "/evenings/" in url
        with django_assert_max_num_queries(MAX_QUERIES + 3 if evening else MAX_QUERIES):
            response = client.get(url)
        assert response.status_code == 200, url


@pytest.fixture
def league():
    comp = CompetitionFactory(format="pairs", slug="paren", name="Parencompetitie", tie_breakers=["roem"])
    a, b, c = named_team_entrants(comp, ["Aas", "Boer", "Heer"])
    r1 = RoundFactory(competition=comp, number=1)
    match = pair_match(r1, a, b, (2100, 1500))
    pair_match(RoundFactory(competition=comp, number=2), c, a, (1700, 1700))
    RoundFactory(competition=comp, number=3, status="draft")
    return comp, match


def test_home_lists_public_competitions_only(client, league):
    CompetitionFactory(slug="geheim", name="Geheime competitie", is_public=False)
    page = client.get("/").content.decode()
    assert "Parencompetitie" in page and "Geheime competitie" not in page
    assert reverse("competitions:standings", args=["paren"]) in page


def test_a_private_competition_and_a_draft_round_are_not_found(client, league):
    comp = CompetitionFactory(slug="geheim", is_public=False)
    assert client.get(reverse("competitions:detail", args=[comp.slug])).status_code == 404
    assert client.get(reverse("competitions:standings", args=[comp.slug])).status_code == 404
    assert client.get(reverse("competitions:round", args=["paren", 3])).status_code == 404
    assert client.get(reverse("competitions:round", args=["paren", 9])).status_code == 404


def test_standings_page_shows_ranks_names_links_and_a_print_stylesheet(client, league):
    comp, _ = league
    page = client.get(reverse("competitions:standings", args=[comp.slug])).content.decode()
    assert page.index("Aas") < page.index("Heer") < page.index("Boer")
    aas_player = comp.entrants.get(name="Aas").team.members.first().player
    assert reverse("competitions:player", args=[comp.slug, aas_player.pk]) in page
    assert "competitions.css" in page and "@media print" in open("static/css/competitions.css").read()


def test_standings_can_be_sorted_by_a_column(client, league):
    comp, _ = league
    page = client.get(reverse("competitions:standings", args=[comp.slug]) + "?sort=points_display").content.decode()
    assert page.index("Boer") < page.index("Heer") < page.index("Aas")  # fewest points first


def test_round_page_shows_tables_players_totals_status_and_links_to_the_match(client, league):
    comp, match = league
    page = client.get(reverse("competitions:round", args=[comp.slug, 1])).content.decode()
    assert "2100" in page and "1500" in page and "Aas A" in page and "Boer B" in page
    assert reverse("scoring:match", args=[match.pk]) in page
    assert "status confirmed" in page


def test_overview_links_rounds_and_shows_latest_results(client, league):
    comp, match = league
    page = client.get(reverse("competitions:detail", args=[comp.slug])).content.decode()
    assert reverse("competitions:round", args=[comp.slug, 1]) in page
    assert reverse("competitions:round", args=[comp.slug, 3]) not in page  # draft
    assert reverse("scoring:match", args=[match.pk]) in page


def test_player_page_shows_matches_partners_and_statistics(client, league):
    comp, match = league
    seat = match.seats.get(seat="N")
    response = client.get(reverse("competitions:player", args=[comp.slug, seat.player_id]))
    assert response.status_code == 200
    summary = response.context["summary"]
    assert [m.total for m in summary.matches] == [2100, 1700]
    assert summary.partners[0]["times"] == 2 and summary.partners[0]["points"] == 3800
    assert response.context["stats"]["won"] == 1 and response.context["stats"]["drawn"] == 1
    other = CompetitionFactory(slug="anders")
    assert client.get(reverse("competitions:player", args=[other.slug, seat.player_id])).status_code == 404


def test_projector_is_large_type_and_refreshes_itself(client):
    comp = generated_individual(players=8, evenings=2, rounds=2, slug="avonden")
    page = client.get(reverse("competitions:projector", args=[comp.slug])).content.decode()
    assert 'http-equiv="refresh" content="30"' in page and "refresh.js" in page and "projector.css" in page
    assert "Evening" in page or "Avond" in page  # tonight's result beside the season


def test_evening_page_lists_prizes_and_the_booby_prize(client):
    comp = generated_individual(players=8, evenings=1, rounds=2, slug="avond", prize_places=2)
    response = client.get(reverse("competitions:evening", args=[comp.slug, 1]))
    rows = response.context["table"].data.data
    assert sum(r.prize for r in rows) >= 2 and any(r.booby for r in rows)
    assert "▼" in response.content.decode()
