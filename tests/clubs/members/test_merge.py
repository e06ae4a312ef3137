"""Merging two members into one (issue 31 item 6) over a played season built through the services
(attendance, draws, sheets saved and confirmed by two people, ratings computed): the standings, the
ratings and every row follow the one kept; the audit names who did it; a refusal changes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.apps import apps
from django.urls import reverse

from clubs.members.merge import MergeRefused, merge_members, player_relations
from clubs.models import ApartPair, MemberChange, Player, Team, TeamMember
from competitions import services as organise
from competitions.models import Attendance, CallOff, Competition, Entrant, EveningTotal, Match, MatchSeat
from competitions.season.history import import_evening_totals
from competitions.standings import standings
from scoring import services as scoring
from scoring.ratings.models import PlayerRating, RatingPoint
from scoring.ratings.services import recompute
from tests.factories import ClubFactory, UserFactory, simulated_sheet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
START = datetime.date(2025, 9, 3)


@pytest.fixture
def season():
    """Eight regulars; "Henk Hebers" plays evening 1, "Henk Hebers sr." (a walk-in, the same man)
    evening 2; every table confirmed; the club's ratings computed."""
    club = ClubFactory(name="KC De Hebers")
    scorer, organiser = UserFactory(scorer_of=club), UserFactory(organiser_of=club)
    regulars = [
        Player.objects.create(club=club, member_number=str(n), first_name=f"Lid{n}", last_name=f"Achter{n}")
        for n in range(1, 8)
    ]
    henk = Player.objects.create(club=club, member_number="12", first_name="Henk", last_name="Hebers")
    sr = Player.objects.create(club=club, member_number="G1", first_name="Henk", last_name="Hebers sr.")
    competition = Competition.objects.create(
        club=club,
        name="Clubavonden",
        slug="hebers-avonden",
        format=Competition.Format.INDIVIDUAL,
        ruleset="amsterdam",
        rounds_per_evening=2,
        is_public=True,
    )
    for number, who in ((1, henk), (2, sr)):
        evening = organise.create_evening(competition=competition, date=START + datetime.timedelta(weeks=number - 1))
        organise.register_attendance(evening=evening, players=[*regulars, who])
        for r in range(2):
            round = organise.draw_next_round(evening=evening, seed=number * 10 + r)
            organise.publish_round(round=round)
            for match in round.matches.order_by("table"):
                sheet = simulated_sheet(match, seed=match.pk)
                saved = scoring.save_deals(match=match, user=scorer, deals=sheet, version=match.version)
                scoring.confirm_match(match=saved, user=organiser, version=saved.version)
    recompute(club=club)
    return {"club": club, "henk": henk, "sr": sr, "competition": competition, "organiser": organiser}


def rows_by_name(competition):
    return {row.name: row for row in standings(competition)}


def everything(club) -> dict:
    """Every row of every model that names a player of the club, as (model, pk, field values)."""
    seen = {}
    for label in sorted(player_relations()):
        app_label, model_name, field_name = label.split(".")
        model = apps.get_model(app_label, model_name)
        if model._meta.get_field(field_name).many_to_many:
            continue
        rows = model._default_manager.filter(**{f"{field_name}__club": club}).order_by("pk")
        seen[label] = sorted(rows.values_list(*[f.attname for f in model._meta.concrete_fields]))
    seen["players"] = sorted(Player.objects.filter(club=club).values_list())
    seen["changes"] = MemberChange.objects.count()
    return seen


def test_the_season_of_both_becomes_the_kept_members(season):
    henk, sr, competition = season["henk"], season["sr"], season["competition"]
    before = rows_by_name(competition)
    assert before["Henk Hebers"].played == 2 and before["Henk Hebers sr."].played == 2
    expected_total = before["Henk Hebers"].total + before["Henk Hebers sr."].total
    assert PlayerRating.objects.get(player=sr).matches == 2
    seats = MatchSeat.objects.filter(player=sr).count()

    result = merge_members(kept=henk, dropped=sr, user=season["organiser"])

    assert result.dropped_name == "Henk Hebers sr." and not Player.objects.filter(pk=sr.pk).exists()
    after = rows_by_name(competition)
    assert "Henk Hebers sr." not in after
    assert after["Henk Hebers"].played == 4
    assert after["Henk Hebers"].total == expected_total
    assert len(after) == len(before) - 1
    assert MatchSeat.objects.filter(player=henk).count() == 2 + seats
    assert Attendance.objects.filter(player=henk).count() == 2
    assert Entrant.objects.filter(competition=competition, player=henk).count() == 1
    rating = PlayerRating.objects.get(player=henk)  # recomputed from both men's tables
    assert rating.matches == 4
    assert RatingPoint.objects.filter(player=henk).count() == 2  # one per evening
    change = MemberChange.objects.get(action=MemberChange.Action.MERGE)
    assert change.user == season["organiser"] and change.player == henk
    assert change.changes["merged"]["name"] == "Henk Hebers sr."
    assert change.changes["merged"]["member_number"] == "G1"


def test_the_public_pages_show_the_kept_player_afterwards(season, client):
    competition, henk, sr = season["competition"], season["henk"], season["sr"]
    url = reverse("competitions:standings", args=[competition.slug])
    assert "Henk Hebers sr." in client.get(url).content.decode()  # cached now
    merge_members(kept=henk, dropped=sr, user=season["organiser"])
    page = client.get(url).content.decode()
    assert "Henk Hebers sr." not in page and "Henk Hebers" in page
    evening = client.get(reverse("competitions:evening", args=[competition.slug, 2])).content.decode()
    assert "Henk Hebers sr." not in evening and "Henk Hebers" in evening


def test_both_at_the_same_evening_is_refused_naming_it_and_nothing_changes(season):
    club, henk, sr, competition = season["club"], season["henk"], season["sr"], season["competition"]
    evening = organise.create_evening(competition=competition, date=START + datetime.timedelta(weeks=2))
    others = list(Player.objects.filter(club=club).exclude(pk__in=[henk.pk, sr.pk]))[:6]
    organise.register_attendance(evening=evening, players=[*others, henk, sr])
    round = organise.draw_next_round(evening=evening, seed=99)
    at_one_table = Match.objects.filter(round=round, seats__player=henk).filter(seats__player=sr).first()
    before = everything(club)
    with pytest.raises(MergeRefused) as refused:
        merge_members(kept=henk, dropped=sr, user=season["organiser"])
    reasons = refused.value.reasons
    assert "Henk Hebers and Henk Hebers sr. were both present at Clubavonden, evening 3 (Sept. 17, 2025)." in reasons
    if at_one_table is not None:
        assert any(f"played at the same table: table {at_one_table.table} of Evening 3 · round 1" in r for r in reasons)
    assert everything(club) == before


def test_both_at_one_table_is_refused_naming_the_table(season):
    henk, sr = season["henk"], season["sr"]
    match = MatchSeat.objects.filter(player=henk).select_related("match__round").first().match
    seat = match.seats.exclude(player=henk).first()
    MatchSeat.objects.filter(pk=seat.pk).update(player=sr)  # as if the walk-in had sat at Henk's table
    before = everything(season["club"])
    with pytest.raises(MergeRefused) as refused:
        merge_members(kept=sr, dropped=henk, user=season["organiser"])
    assert (
        f"Henk Hebers sr. and Henk Hebers played at the same table: table {match.table} of Evening 1 · round "
        f"{match.round.evening_round} of Clubavonden." in refused.value.reasons
    )
    assert everything(season["club"]) == before


def test_a_member_with_themself_or_across_clubs_is_refused(season):
    henk = season["henk"]
    stranger = Player.objects.create(club=ClubFactory(), member_number="1", first_name="Henk", last_name="Hebers")
    before = everything(season["club"])
    with pytest.raises(MergeRefused, match="cannot be merged with themself"):
        merge_members(kept=henk, dropped=henk, user=season["organiser"])
    with pytest.raises(MergeRefused, match="belong to different clubs"):
        merge_members(kept=henk, dropped=stranger, user=season["organiser"])
    assert everything(season["club"]) == before and Player.objects.filter(pk=stranger.pk).exists()


def test_a_failing_step_undoes_every_step_before_it(season, monkeypatch):
    """One transaction: a step that breaks after others moved their rows leaves nothing moved."""
    from clubs.members import merge

    def broken(kept, dropped):
        raise RuntimeError("a step broke")

    before = everything(season["club"])
    monkeypatch.setitem(merge.STEPS, "zz-broken", merge.Step(name="zz", relations=frozenset(), move=broken))
    with pytest.raises(RuntimeError):
        merge_members(kept=season["henk"], dropped=season["sr"], user=season["organiser"])
    assert everything(season["club"]) == before


def test_teams_pairs_apart_history_and_logins_follow(season):
    club, henk, sr = season["club"], season["henk"], season["sr"]
    other, third = Player.objects.filter(club=club, member_number__in=["1", "2"]).order_by("member_number")
    team = Team.objects.create(club=club, name="Hebers / Achter1")
    TeamMember.objects.create(team=team, player=sr, position=1)
    TeamMember.objects.create(team=team, player=other, position=2)
    ApartPair(club=club, player_a=sr, player_b=other).normalised().save()
    ApartPair(club=club, player_a=henk, player_b=sr).normalised().save()
    ApartPair(club=club, player_a=henk, player_b=third).normalised().save()
    ApartPair(club=club, player_a=sr, player_b=third).normalised().save()
    login = UserFactory(username="hebers-sr")
    Player.objects.filter(pk=sr.pk).update(account=login, email="sr@example.org")
    import_evening_totals(
        competition=season["competition"],
        user=None,
        rows=[{"player": "Henk Hebers sr.", "date": "2025-06-01", "points": 4000}],
        create_players=False,
    )
    CallOff.objects.create(evening=season["competition"].evenings.get(number=1), player=sr)  # Henk came that evening
    merge_members(kept=henk, dropped=sr, user=season["organiser"])
    henk.refresh_from_db()
    assert henk.account == login and henk.email == "sr@example.org"
    assert list(team.members.values_list("player", flat=True)) == [henk.pk, other.pk]
    pairs = set(ApartPair.objects.filter(club=club).values_list("player_a", "player_b"))
    assert pairs == {tuple(sorted((henk.pk, other.pk))), tuple(sorted((henk.pk, third.pk)))}
    assert EveningTotal.objects.get(player=henk).points == 4000
    assert not CallOff.objects.exists()


def test_both_in_one_team_or_both_with_a_login_is_refused(season):
    club, henk, sr = season["club"], season["henk"], season["sr"]
    team = Team.objects.create(club=club, name="Vader en zoon")
    TeamMember.objects.create(team=team, player=henk, position=1)
    TeamMember.objects.create(team=team, player=sr, position=2)
    Player.objects.filter(pk=henk.pk).update(account=UserFactory(username="henk"))
    Player.objects.filter(pk=sr.pk).update(account=UserFactory(username="sr"))
    with pytest.raises(MergeRefused) as refused:
        merge_members(kept=henk, dropped=sr, user=None)
    assert "Both are in the team Vader en zoon; take one of them out of the team first." in refused.value.reasons
    assert any("each have their own login" in r for r in refused.value.reasons)


# --- the pages ----------------------------------------------------------------------------------------


def test_the_merge_pages_show_both_and_merge_into_the_one_chosen(season, client):
    club, henk, sr = season["club"], season["henk"], season["sr"]
    client.force_login(season["organiser"])
    url = reverse("clubs:member-merge", args=[club.slug, sr.pk])
    page = client.get(url, {"other": henk.pk})
    assert page.status_code == 200 and page.context["other"] == henk
    response = client.post(url, {"other": henk.pk, "keep": henk.pk})
    assert response.status_code == 302 and response["Location"] == reverse("clubs:member", args=[club.slug, henk.pk])
    assert not Player.objects.filter(pk=sr.pk).exists()
    follow = client.get(response["Location"]).content.decode()
    assert "Henk Hebers sr. (G1) is merged into Henk Hebers" in follow
    assert "Henk Hebers sr. (G1) merged into this member" in follow


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"other": "self", "keep": "self"}, "A member cannot be merged with themself: choose another member."),
        ({"other": "stranger", "keep": "self"}, "Choose a member of this club to merge with."),
        ({"other": "", "keep": "self"}, "Choose the member to merge with."),
        ({"other": "x1", "keep": "self"}, "Choose a member of this club to merge with."),
        ({"other": "henk", "keep": "stranger"}, "Keep one of the two members."),
        ({"other": "henk", "keep": "third"}, "Keep one of the two members."),
    ],
)
def test_bad_merge_input_is_refused_on_the_page(season, client, data, message):
    club, henk, sr = season["club"], season["henk"], season["sr"]
    stranger = Player.objects.create(club=ClubFactory(), member_number="9", first_name="Henk", last_name="Hebers")
    third = Player.objects.get(club=club, member_number="1")
    ids = {"self": sr.pk, "henk": henk.pk, "stranger": stranger.pk, "third": third.pk}
    client.force_login(season["organiser"])
    before = everything(club)
    response = client.post(
        reverse("clubs:member-merge", args=[club.slug, sr.pk]), {k: ids.get(v, v) for k, v in data.items()}
    )
    assert response.status_code == 400
    assert message in response.content.decode().replace("&#x27;", "'")
    assert everything(club) == before


def test_a_refused_merge_page_names_the_evening(season, client):
    club, henk, sr, competition = season["club"], season["henk"], season["sr"], season["competition"]
    evening = competition.evenings.get(number=1)
    Attendance.objects.create(evening=evening, player=sr)
    client.force_login(season["organiser"])
    response = client.post(reverse("clubs:member-merge", args=[club.slug, sr.pk]), {"other": henk.pk, "keep": henk.pk})
    assert response.status_code == 400
    assert "were both present at Clubavonden, evening 1 (Sept. 3, 2025)." in response.content.decode()
    assert Player.objects.filter(pk=sr.pk).exists()
