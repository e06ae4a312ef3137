"""Issue 28 item 4: the apps log imports and refusals in one line each — the evening-totals import
(page and API), the members import and the results import — with who and what, read back with caplog."""

from __future__ import annotations

import logging

import pytest

from clubs.members.services import ImportRefused, import_members_and_teams
from clubs.models import Club
from clubs.tokens import create_token
from competitions.season.history import HistoryRefused, import_evening_totals
from scoring.results.imports import import_results
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory
from tests.scoring.results.test_import_results import (  # noqa: F401 (fixtures)
    club,
    edit,
    file,
    organiser,
    scorer,
    source,
    target,
)
from tests.security.test_single_line_names import members_file

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

ROWS = [
    {"player": "Anna Aap", "date": "2025-09-05", "points": 3000},
    {"player": "Bert Bok", "date": "2025-09-05", "points": 2800},
]


def lines(caplog, logger: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == logger and r.levelno == logging.INFO]


@pytest.fixture
def history():
    comp = CompetitionFactory(format="individual", slug="logboek")
    [PlayerFactory(club=comp.club, name=full_name) for full_name in ["Anna Aap", "Bert Bok"]]
    return comp, UserFactory(username="log-boss", organiser_of=comp.club)


def test_the_evening_totals_import_logs_one_line_on_success(history, caplog):
    comp, boss = history
    caplog.set_level(logging.INFO, logger="competitions.season.history")
    import_evening_totals(competition=comp, user=boss, rows=ROWS, create_players=False)
    assert lines(caplog, "competitions.season.history") == [
        "evening totals imported: logboek by log-boss via page: 2 rows, evenings_created 1, totals_created 2,"
        " totals_changed 0, totals_unchanged 0, players_created 0"
    ]


def test_the_evening_totals_import_logs_one_line_on_refusal_through_the_api(client, history, caplog):
    comp, boss = history
    caplog.set_level(logging.INFO, logger="competitions.season.history")
    bad = [*ROWS, {"player": "Anna Aap", "date": "gisteren", "points": 1}]
    response = client.post(
        f"/api/competitions/{comp.slug}/evening-totals",
        {"rows": bad},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {create_token(boss)}",
    )
    assert response.status_code == 400
    (line,) = lines(caplog, "competitions.season.history")
    assert line.startswith(
        "evening totals import refused: logboek by log-boss via api: 1 problems, first: row 3, date:"
    )
    with pytest.raises(HistoryRefused):
        import_evening_totals(competition=comp, user=boss, rows=bad, create_players=False)
    assert len(lines(caplog, "competitions.season.history")) == 2


def test_the_members_import_logs_the_import_and_the_refusal(caplog):
    home = Club.objects.create(name="Logclub", slug="logclub")
    caplog.set_level(logging.INFO, logger="clubs.members.services")
    import_members_and_teams(club=home, data=members_file("Jan", "Vries"))
    with pytest.raises(ImportRefused):
        import_members_and_teams(club=home, data=members_file("Jan", "de\nVries"))
    imported, refused = lines(caplog, "clubs.members.services")
    assert imported.startswith("members imported: club logclub: ")
    assert refused == "members import refused: club logclub: 1 problems"


def test_the_results_import_logs_the_import_and_the_refusal(target, file, organiser, caplog):  # noqa: F811
    caplog.set_level(logging.INFO, logger="scoring.results.imports")
    with pytest.raises(ImportRefused):
        import_results(
            competition=target, user=organiser, data=edit(file, {(10, "side B"): "A\nB"}), into_this_competition=True
        )
    import_results(competition=target, user=organiser, data=file, into_this_competition=True)
    refused, imported = lines(caplog, "scoring.results.imports")
    assert refused.startswith(
        f"results import refused: {target.slug} by {organiser.get_username()}: 1 problems, first: Row 10"
    )
    assert imported.startswith(f"results imported: {target.slug} by {organiser.get_username()}: ")
