"""Backups by themselves after a fully confirmed round and at the end of an evening (into BACKUP_DIR, the
newest BACKUP_KEEP kept, the software's version in the manifest),
and the organiser's page: when the last one was made, the download only for whoever may see every club."""

from __future__ import annotations

import json
import logging
import zipfile

import pytest
from django.utils import timezone

from competitions.models import Match, MatchSeat, MatchSide
from scoring import services
from scoring.backup import auto
from scoring.backup.services import VERSION, backups_in, make_backup
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet


@pytest.fixture
def backups(settings, tmp_path):
    settings.BACKUP_AUTO = True
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_KEEP = 3
    return settings.BACKUP_DIR


def second_table(match: Match) -> Match:
    other = Match.objects.create(round=match.round, table=2, sides=2)
    MatchSide.objects.bulk_create([MatchSide(match=other, side=s) for s in range(2)])
    return other


def enter_and_confirm(match: Match, scorer, organiser) -> None:
    saved = services.save_deals(match=match, user=scorer, deals=simulated_sheet(match), version=match.version)
    services.confirm_match(match=saved, user=organiser, version=saved.version)


@pytest.mark.django_db(transaction=True)
def test_a_backup_is_made_once_every_table_of_the_round_is_confirmed(backups, caplog):
    club = ClubFactory(slug="auto")
    match = seated_match(club=club)
    other = second_table(match)
    scorer = UserFactory(username="auto-scorer", scorer_of=club)
    organiser = UserFactory(username="auto-organiser", organiser_of=club)
    with caplog.at_level(logging.INFO):
        enter_and_confirm(match, scorer, organiser)
        auto.wait()
        assert backups_in(backups) == [], "a round with a table still to confirm is not complete"
        enter_and_confirm(other, scorer, organiser)
        auto.wait()
    made = backups_in(backups)
    assert len(made) == 1
    with zipfile.ZipFile(made[0].path) as archive:
        assert '"reason": "round' in archive.read("manifest.json").decode()
    lines = [r.getMessage() for r in caplog.records]
    assert any(line.startswith("result saved: match") for line in lines)
    assert any(line.startswith("result confirmed: match") for line in lines)
    assert any(line.startswith("backup made: ") for line in lines)


@pytest.mark.django_db(transaction=True)
def test_only_the_newest_backups_are_kept(backups):
    for _ in range(5):
        make_backup()
    names = [b.name for b in backups_in(backups)]
    assert len(names) == 3 and names == sorted(names, reverse=True)


@pytest.mark.django_db(transaction=True)
def test_the_organiser_of_the_only_club_sees_the_last_backup_and_downloads_it(backups, client):
    club = ClubFactory(slug="enige")
    organiser = UserFactory(username="enige-organiser", organiser_of=club)
    client.force_login(organiser)
    page = client.get("/manage/").content.decode()
    assert "Nog geen backup gemaakt" in page
    response = client.post("/manage/backups/new/", follow=True)
    assert "Backup gemaakt: klaverjas-" in response.content.decode()
    page = client.get("/manage/").content.decode()
    assert "Laatste backup gemaakt op" in page and "/manage/backups/latest/" in page
    download = client.get("/manage/backups/latest/")
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith('attachment; filename="klaverjas-')
    with zipfile.ZipFile(__import__("io").BytesIO(b"".join(download.streaming_content))) as archive:
        assert "manifest.json" in archive.namelist()


@pytest.mark.django_db(transaction=True)
def test_an_organiser_of_one_club_among_several_may_not_take_every_clubs_data(backups, client):
    club = ClubFactory(slug="een")
    ClubFactory(slug="ander")
    make_backup()
    organiser = UserFactory(username="een-organiser", organiser_of=club)
    client.force_login(organiser)
    page = client.get("/manage/").content.decode()
    assert "Laatste backup gemaakt op" in page
    assert "/manage/backups/latest/" not in page
    assert client.get("/manage/backups/latest/").status_code == 403
    assert client.post("/manage/backups/new/").status_code == 403
    scorer = UserFactory(username="een-scorer", scorer_of=club)
    client.force_login(scorer)
    assert client.get("/manage/backups/latest/").status_code == 403
    client.logout()
    assert client.get("/manage/backups/latest/").status_code == 302  # to the login page
    admin = UserFactory(username="beheerder")
    admin.is_superuser = True
    admin.save()
    client.force_login(admin)
    assert client.get("/manage/backups/latest/").status_code == 200


def evening_of(club, rounds: int) -> list[Match]:
    """An individual competition's club evening of ``rounds`` published rounds (its planned number),
    one table each."""
    from competitions.models import Evening, Round

    first = seated_match(club=club, format="individual", rounds_per_evening=rounds)
    evening = Evening.objects.create(competition=first.round.competition, number=1)
    Round.objects.filter(pk=first.round_id).update(evening=evening)
    tables = [first]
    for number in range(2, rounds + 1):
        round_ = Round.objects.create(
            competition=evening.competition, number=number, evening=evening, status=Round.Status.PUBLISHED
        )
        table = Match.objects.create(round=round_, table=1, sides=2)
        MatchSeat.objects.bulk_create(
            [MatchSeat(match=table, seat=seat.seat, side=seat.side, player=seat.player) for seat in first.seats.all()]
        )
        MatchSide.objects.bulk_create([MatchSide(match=table, side=s) for s in range(2)])
        tables.append(table)
    return tables


CONFIRMED = {"status": Match.Status.CONFIRMED, "confirmed_at": timezone.now(), "entered_at": timezone.now()}


def reasons(directory) -> list[str]:
    found = []
    for backup in backups_in(directory):
        with zipfile.ZipFile(backup.path) as archive:
            found.append(json.loads(archive.read("manifest.json"))["reason"])
    return found


@pytest.mark.django_db(transaction=True)
def test_the_end_of_an_evening_makes_its_own_backup(backups, caplog):
    """A round ends with a round's backup; the confirmation that completes the evening's last planned
    round makes the evening's backup, named so in the manifest and the log, with the software's version."""
    club = ClubFactory(slug="slot")
    first, last = evening_of(club, rounds=2)
    scorer = UserFactory(username="slot-scorer", scorer_of=club)
    organiser = UserFactory(username="slot-organiser", organiser_of=club)
    enter_and_confirm(first, scorer, organiser)
    auto.wait()
    assert reasons(backups) == [f"round {first.round_id} confirmed"], "the first round: a round's backup"
    with caplog.at_level(logging.INFO):
        enter_and_confirm(last, scorer, organiser)
        auto.wait()
    made = backups_in(backups)
    assert reasons(backups)[0] == f"end of evening 1 of {first.round.competition.slug}"
    assert any("end of evening 1" in r.getMessage() for r in caplog.records if r.getMessage().startswith("backup made"))
    with zipfile.ZipFile(made[0].path) as archive:
        software = json.loads(archive.read("manifest.json"))["software"]
    assert software["klaverjas"].startswith(VERSION) and software["django"] and software["python"]


@pytest.mark.django_db
def test_an_evening_is_over_only_when_every_planned_round_is_played_and_confirmed():
    from competitions.evenings.selectors import evening_over

    club = ClubFactory(slug="half")
    first, last = evening_of(club, rounds=2)
    evening_id = Match.objects.get(pk=first.pk).round.evening_id
    assert not evening_over(evening_id, 2)
    Match.objects.filter(pk=first.pk).update(**CONFIRMED)
    assert not evening_over(evening_id, 2), "the last round still has a table to confirm"
    Match.objects.filter(pk=last.pk).update(**CONFIRMED)
    assert evening_over(evening_id, 2)
    assert not evening_over(evening_id, 3), "a third round was planned and not drawn yet"
    extra = Match.objects.create(round=last.round, table=2, sides=2)
    assert not evening_over(evening_id, 2)
    extra.delete()
    from competitions.models import Round

    Round.objects.create(competition=last.round.competition, number=3, evening_id=evening_id, status="published")
    assert not evening_over(evening_id, 2), "a published round without tables is not played"
