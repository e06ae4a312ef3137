"""(Messages in Dutch: the default language.) Restore: the site answers exactly as before (pages, API, audit), and a broken, foreign or newer
file, or a database that holds data, is refused with a message and changes nothing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client

from competitions.models import Competition, Match
from scoring import services
from scoring.backup.services import make_backup
from scoring.demo.season import seed_demo
from scoring.models import AuditEntry
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

ROOT = Path(__file__).resolve().parents[3]
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


def row_counts() -> dict[str, int]:
    return {m._meta.label: m._base_manager.count() for m in apps.get_models(include_auto_created=True)}


def answers(client: Client) -> dict[str, bytes]:
    """What the public pages and the API answer, for every competition, round and match."""
    urls = ["/", "/api/competitions"]
    for competition in Competition.objects.order_by("slug"):
        urls += [
            f"/competitions/{competition.slug}/",
            f"/competitions/{competition.slug}/standings/",
            f"/api/competitions/{competition.slug}/standings",
        ]
        for number in competition.rounds.order_by("number").values_list("number", flat=True).distinct():
            urls += [
                f"/competitions/{competition.slug}/rounds/{number}/",
                f"/api/competitions/{competition.slug}/rounds/{number}",
            ]
    for index, pk in enumerate(Match.objects.order_by("pk").values_list("pk", flat=True)):
        urls += [f"/api/matches/{pk}"] + ([f"/matches/{pk}/"] if index % 5 == 0 else [])  # every 5th page: time
    out = {}
    for url in urls:
        response = client.get(url)
        out[url] = (response.status_code, CSRF.sub(b"", response.content))
    return out


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_after_a_restore_every_page_and_the_api_answer_exactly_as_before(tmp_path):
    seed_demo()
    before = answers(Client())
    audit = list(AuditEntry.objects.order_by("pk").values_list())
    counts = row_counts()
    path = make_backup(directory=tmp_path)
    call_command("flush", interactive=False, verbosity=0)
    assert Match.objects.count() == 0
    call_command("restore", str(path), verbosity=0)
    assert answers(Client()) == before
    assert list(AuditEntry.objects.order_by("pk").values_list()) == audit
    counts.pop("sessions.Session"), row_counts().pop("sessions.Session")
    after = row_counts()
    after.pop("sessions.Session")
    assert after == counts
    # New rows get new keys (on PostgreSQL the sequences were reset past the restored rows).
    match = Match.objects.exclude(status=Match.Status.CONFIRMED).filter(round__competition__format="individual").first()
    user = UserFactory(username="na-de-restore")
    user.is_superuser = True
    user.save()
    saved = services.save_deals(match=match, user=user, deals=simulated_sheet(match, count=3), version=match.version)
    assert saved.version == match.version + 1
    assert AuditEntry.objects.latest("pk").pk > audit[-1][0]


@pytest.fixture
def small_backup(transactional_db, tmp_path):
    match = seated_match(club=ClubFactory(slug="troef"))
    organiser = UserFactory(username="backup-organiser")
    organiser.is_superuser = True
    organiser.save()
    services.save_deals(match=match, user=organiser, deals=simulated_sheet(match, count=4), version=match.version)
    return make_backup(directory=tmp_path / "made")


def rewritten(path: Path, target: Path, *, manifest=None, member=None) -> Path:
    """A copy of the backup with the manifest (or one member) changed by the given function."""
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(target, "w") as out:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "manifest.json" and manifest:
                data = json.dumps(manifest(json.loads(data))).encode()
            elif member and info.filename == member[0]:
                data = member[1](data)
            out.writestr(info, data)
    return target


def refused(path: Path, words: str) -> None:
    counts = row_counts()
    with pytest.raises(CommandError, match=words):
        call_command("restore", str(path), verbosity=0)
    assert row_counts() == counts, "a refused restore changed the database"


def newer_migrations(manifest):
    manifest["migrations"]["scoring"].append("9999_from_the_future")
    return manifest


def other_app(manifest):
    manifest["migrations"]["weather"] = ["0001_initial"]
    return manifest


def test_a_truncated_file_is_refused(small_backup, tmp_path):
    cut = tmp_path / "cut.zip"
    data = small_backup.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    refused(cut, "is afgebroken")


def test_a_file_that_is_no_zip_at_all_is_refused(small_backup, tmp_path):
    other = tmp_path / "notes.zip"
    other.write_text("boodschappen: brood, kaas\n")
    refused(other, "afgebroken of helemaal geen backup")


def test_a_foreign_zip_is_refused(small_backup, tmp_path):
    other = tmp_path / "photos.zip"
    with zipfile.ZipFile(other, "w") as out:
        out.writestr("photo.txt", "not a backup")
    refused(other, "geen Klaverjas-backup: er zit geen manifest.json in")
    foreign = rewritten(small_backup, tmp_path / "foreign.zip", manifest=lambda m: {**m, "format": "other-app"})
    refused(foreign, "een ander programma")
    refused(rewritten(small_backup, tmp_path / "weather.zip", manifest=other_app), "andere software.*weather")


def test_a_newer_file_is_refused(small_backup, tmp_path):
    newer = rewritten(small_backup, tmp_path / "newer.zip", manifest=lambda m: {**m, "format_version": 2})
    refused(newer, "nieuwere versie.*formaat 2")
    refused(
        rewritten(small_backup, tmp_path / "future.zip", manifest=newer_migrations),
        "nieuwere versie.*9999_from_the_future",
    )


def test_a_changed_or_damaged_row_is_refused(small_backup, tmp_path):
    edited = rewritten(
        small_backup,
        tmp_path / "edited.zip",
        member=("data/scoring.deal.jsonl", lambda data: data.replace(b",162,", b",152,", 1) + b"[]\n"),
    )
    refused(edited, "beschadigd")


def test_a_database_that_holds_data_is_refused(small_backup):
    refused(small_backup, "niet leeg")


def test_the_command_exits_with_a_status_other_than_0_and_leaves_a_new_database_empty(small_backup, tmp_path):
    broken = tmp_path / "broken.zip"
    broken.write_bytes(small_backup.read_bytes()[:-40])
    database = tmp_path / "new.sqlite3"
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{database}", DJANGO_SETTINGS_MODULE="config.settings.test")
    result = subprocess.run(
        [sys.executable, "manage.py", "restore", str(broken)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "broken.zip" in result.stderr and "Traceback" not in result.stderr
    tables = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sqlite3; print(sqlite3.connect({str(database)!r}).execute('select count(*) from sqlite_master').fetchone()[0])",
        ],
        capture_output=True,
        text=True,
    )
    assert tables.stdout.strip() == "0"


def test_a_backup_names_its_moment_and_carries_its_migrations(small_backup):
    assert re.fullmatch(r"klaverjas-\d{8}-\d{6}\.zip", small_backup.name)
    with zipfile.ZipFile(small_backup) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    assert manifest["format"] == "klaverjas-backup" and manifest["format_version"] == 1
    assert manifest["engine"] == connection.vendor
    assert "0001_initial" in manifest["migrations"]["scoring"]
    assert {t["model"] for t in manifest["tables"]} >= {"scoring.deal", "competitions.match", "auth.user"}
    assert "sessions.session" not in {t["model"] for t in manifest["tables"]}


def with_extra(path: Path, target: Path, name: str, data: bytes) -> Path:
    """A copy of the backup with one more entry."""
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for info in source.infolist():
            out.writestr(info, source.read(info))
        out.writestr(name, data)
    return target


@pytest.mark.parametrize(
    "name, size",
    [("../../etc/cron.d/klaverjas", 40), ("data/../../escape.jsonl", 40), ("photos/holiday.bin", 20_000_000)],
)
def test_an_entry_a_backup_does_not_have_is_refused_not_ignored(small_backup, tmp_path, name, size):
    """Issue 34 item 13: a ``../`` path or an extra (big) file refuses the whole file."""
    extra = with_extra(small_backup, tmp_path / "extra.zip", name, b"\0" * size)
    refused(extra, "geweigerd: er zitten onderdelen in die een backup niet heeft")


def test_a_manifest_naming_data_elsewhere_is_refused(small_backup, tmp_path):
    def elsewhere(manifest):
        manifest["tables"][0]["member"] = "../" + manifest["tables"][0]["member"]
        return manifest

    refused(rewritten(small_backup, tmp_path / "elsewhere.zip", manifest=elsewhere), "onverwachte plaats")
