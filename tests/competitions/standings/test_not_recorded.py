"""Statistics not recorded (totals-only entry): the standings page, PDF and xlsx show "—" for a
statistic some of an entrant's counted matches lack, numbers where all have it; no extra query;
and the admin refuses totals-only entry for rule sets without a fixed-length total."""

from __future__ import annotations

import io
import json
import re

import openpyxl
import pytest
from django.db import connection
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext

from clubs.models import Club
from competitions.admin import CompetitionForm
from competitions.models import Competition
from competitions.standings import standings
from scoring import services
from scoring.totals.services import save_totals
from tests.factories import (
    ClubFactory,
    CompetitionFactory,
    EveningFactory,
    PlayerFactory,
    RoundFactory,
    UserFactory,
    named_team_entrants,
    pair_match,
    played_match,
)
from tests.readback import pdf_pages_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

FULL = dict(roem=100, nat=1, pits=1, tegenpits=0, bids=8, made=7, verzaakt=0)
TOTALS_ROEM_ONLY = dict(roem=40, nat=None, pits=None, tegenpits=None, bids=None, made=None, verzaakt=None)


@pytest.fixture
def league():
    """Aas played a full sheet and a totals-only match (roem kept); Boer only full sheets; Heer
    only the totals-only match."""
    comp = CompetitionFactory(format="pairs", slug="mixed", entry_mode="totals")
    aas, boer, heer = named_team_entrants(comp, ["Aas", "Boer", "Heer"])
    pair_match(
        RoundFactory(competition=comp, number=1), aas, boer, (1700, 1000), stats=[FULL, dict(FULL, roem=20, nat=2)]
    )
    pair_match(
        RoundFactory(competition=comp, number=2),
        aas,
        heer,
        (1600, 1100),
        stats=[TOTALS_ROEM_ONLY, dict(TOTALS_ROEM_ONLY, roem=0)],
    )
    return comp


def by_name(rows):
    return {r.name: r for r in rows}


def test_rows_know_which_statistics_are_not_recorded(league):
    rows = by_name(standings(league))
    assert rows["Aas"].unrecorded == {"nat", "pits", "tegenpits", "bids", "made", "verzaakt"}
    assert rows["Aas"].roem == 140 and rows["Aas"].nat == 1  # the sum of what was recorded
    assert rows["Boer"].unrecorded == frozenset() and rows["Boer"].nat == 2
    assert rows["Heer"].unrecorded == {"nat", "pits", "tegenpits", "bids", "made", "verzaakt"}
    assert rows["Heer"].roem == 0 and "roem" not in rows["Heer"].unrecorded  # 0 recorded is not "not recorded"


def cells_of(html: str, name: str) -> list[str]:
    row = next(tr for tr in re.findall(r"<tr[^>]*>.*?</tr>", html, re.S) if f">{name}<" in tr)
    return [re.sub(r"<[^>]+>", "", td).strip() for td in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def header_of(html: str) -> list[str]:
    head = re.search(r"<thead[^>]*>(.*?)</thead>", html, re.S).group(1)
    return [re.sub(r"<[^>]+>", "", th).strip() for th in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]


def test_the_standings_page_shows_a_dash_for_what_is_not_recorded(client, league):
    html = client.get("/competitions/mixed/standings/").content.decode()
    header = header_of(html)
    aas = dict(zip(header, cells_of(html, "Aas")))
    boer = dict(zip(header, cells_of(html, "Boer")))
    assert aas["roem"] == "140" and aas["nat"] == "—" and aas["pits"] == "—" and aas["Made"] == "—"
    assert boer["roem"] == "20" and boer["nat"] == "2" and boer["Made"] == "88%"


def test_the_xlsx_and_pdf_show_a_dash_too(client, league):
    content = b"".join(client.get("/competitions/mixed/standings.xlsx").streaming_content)
    rows = list(openpyxl.load_workbook(io.BytesIO(content)).active.iter_rows(values_only=True))
    header = list(rows[0])
    data = {r[1]: dict(zip(header, r)) for r in rows[1:]}
    # not recorded: an empty cell in the xlsx (a number column holds numbers only: issue 34 item 6)
    assert data["Aas"]["roem"] == 140 and data["Aas"]["nat"] is None and data["Aas"]["Made %"] is None
    assert data["Boer"]["nat"] == 2 and data["Boer"]["Bids"] == 8
    text = "\n".join(pdf_pages_text(client.get("/competitions/mixed/standings.pdf").content))
    # Aas and Heer: nat, pits, tegenpits, bids and made % not recorded; Boer: all recorded
    assert text.count("—") == 2 * 5 + text.count("Mixed —")
    assert "140" in text.split()


def test_individual_seasons_and_evenings_mark_them_too():
    comp = CompetitionFactory(format="individual", slug="avonden", entry_mode="totals")
    evening = EveningFactory(competition=comp, number=1)
    p = [PlayerFactory(club=comp.club, name=full_name) for full_name in ["An A", "Bo B", "Cor C", "Dirk D"]]
    round_ = RoundFactory(competition=comp, number=1, evening=evening)
    played_match(
        round_, totals=(1700, 1000), players=p, stats=[dict(TOTALS_ROEM_ONLY, nat=1), dict(TOTALS_ROEM_ONLY, nat=0)]
    )
    rows = by_name(standings(comp))
    assert rows["An A"].unrecorded == {"pits", "tegenpits", "bids", "made", "verzaakt"}
    assert rows["An A"].nat == 1 and rows["An A"].roem == 40
    from competitions.standings import evening_results

    evening_rows = by_name(evening_results(evening))
    assert evening_rows["An A"].unrecorded == {"pits", "tegenpits", "bids", "made", "verzaakt"}


def test_through_the_services_a_confirmed_totals_result_counts_with_dashes(client):
    club = ClubFactory(slug="totalen")
    comp = CompetitionFactory(club=club, format="pairs", slug="totalen", entry_mode="totals")
    aas, boer = named_team_entrants(comp, ["Aas", "Boer"])
    match = pair_match(RoundFactory(competition=comp, number=1), aas, boer, (0, 0), confirmed=False)
    match.status = "open"
    match.save()
    scorer, organiser = UserFactory(username="s", scorer_of=club), UserFactory(username="o", organiser_of=club)
    saved = save_totals(match=match, user=scorer, version=0, totals=[1800, 1200], nat=[1, 3])
    assert by_name(standings(comp))["Aas"].played == 0  # not confirmed yet: does not count
    services.confirm_match(match=saved, user=organiser)
    rows = by_name(standings(comp))
    assert rows["Aas"].points == 1800 and rows["Aas"].nat == 1 and rows["Aas"].unrecorded >= {"roem", "pits", "bids"}
    html = client.get("/competitions/totalen/standings/").content.decode()
    aas = dict(zip(header_of(html), cells_of(html, "Aas")))
    assert aas["nat"] == "1" and aas["roem"] == "—"


def page_queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_no_extra_queries_for_not_recorded_statistics(client, league, django_assert_max_num_queries):
    full = CompetitionFactory(format="pairs", slug="full")
    aas, boer, heer = named_team_entrants(full, ["Aas", "Boer", "Heer"])
    pair_match(RoundFactory(competition=full, number=1), aas, boer, (1700, 1000), stats=[FULL, FULL])
    pair_match(RoundFactory(competition=full, number=2), aas, heer, (1600, 1100), stats=[FULL, FULL])
    for suffix in ("standings/", "standings.xlsx", "standings.pdf"):
        mixed = page_queries(client, f"/competitions/mixed/{suffix}")
        assert mixed == page_queries(client, f"/competitions/full/{suffix}")
    with django_assert_max_num_queries(12):
        client.get("/competitions/mixed/standings/")


# --- the admin refuses totals-only entry where there is no fixed-length total ----------------------


@pytest.fixture
def base():
    club = Club.objects.create(name="Totaalclub", slug="totaalclub")
    data = model_to_dict(Competition(club=club, name="Totalen", slug="totalen-admin"), exclude=["id"])
    data = {key: value for key, value in data.items() if value is not None}
    data["tie_breakers"] = json.dumps(data.get("tie_breakers") or [])
    data["rule_options"] = "{}"
    return data


@pytest.mark.parametrize(
    "ruleset, options, refused",
    [
        ("amsterdam", "{}", None),
        ("rotterdam", "{}", None),
        ("driemans", "{}", None),
        ("klawerjas", "{}", "strokes"),
        ("amsterdam", '{"target_score": 1500}', "target score"),
    ],
)
def test_the_admin_refuses_totals_only_for_a_target_score_or_the_boom(base, ruleset, options, refused):
    form = CompetitionForm(data={**base, "ruleset": ruleset, "rule_options": options, "entry_mode": "totals"})
    if refused is None:
        assert form.is_valid(), form.errors
    else:
        assert not form.is_valid()
        assert list(form.errors) == ["entry_mode"] and refused in form.errors["entry_mode"][0]
        # deal by deal those rules are fine
        assert CompetitionForm(
            data={**base, "ruleset": ruleset, "rule_options": options, "entry_mode": "deals"}
        ).is_valid()
