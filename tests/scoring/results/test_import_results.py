"""Import of a competition's results in the results export's own format (issue 5, items 4 and 5).

A good import; every kind of broken upload refused with a message and nothing imported (deals,
versions, statuses and the audit log unchanged); the club boundary; and the round trip: export a
competition, import it into a fresh one with the same tables, and the standings are identical.

How a fresh competition gets the same tables: pairs and teams leagues enter the same teams with
the same seeds and generate the fixture list (deterministic, checked table by table); club
evenings, whose draw is random, get a copy of the original's evenings, attendance, rounds, seats
and byes (``copy_seating``).
"""

from __future__ import annotations

import io
import random
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.members.services import ImportRefused
from clubs.members.template import template_workbook
from clubs.models import Team
from competitions import services as competition_services
from competitions.base.rulesets import first_dealer_of, ruleset_for_match
from competitions.models import Attendance, Bye, Competition, Entrant, Evening, Match, MatchSeat, MatchSide, Round
from competitions.standings import standings
from scoring import services as scoring_services
from scoring.models import AuditEntry, Deal
from scoring.results import imports
from scoring.results.exports import RESULT_HEADERS
from scoring.results.imports import import_results
from scoring.rules import dealer_for_deal, simulate_deal
from scoring.sheet.deal_input import DealError, deal_to_dict
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory, UserFactory, team_entrants

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]
PAIRS, TEAMS, INDIVIDUAL = Competition.Format.PAIRS, Competition.Format.TEAMS, Competition.Format.INDIVIDUAL
SETTINGS = dict(deals_per_match=8, tie_breakers=["points", "roem", "fewest_nat"])


# --- building competitions with results ----------------------------------------------------------


def simulated(match: Match, seed: int) -> list[dict]:
    rules = ruleset_for_match(match)
    rng = random.Random(seed)
    first = first_dealer_of(match.round.competition) % rules.players
    return [
        deal_to_dict(simulate_deal(rules, rng, dealer=dealer_for_deal(rules, n, first)).deal)
        for n in range(1, rules.deals_per_match + 1)
    ]


def play_everything(competition: Competition, *, enterer, confirmer) -> None:
    """Every table through the services: saved by one person, confirmed by another."""
    matches = Match.objects.filter(round__competition=competition).select_related("round__competition")
    for index, match in enumerate(matches.order_by("round__number", "table")):
        match = scoring_services.save_deals(
            match=match, user=enterer, deals=simulated(match, seed=index + 1), version=0
        )
        assert match.status == Match.Status.ENTERED, match
        scoring_services.confirm_match(match=match, user=confirmer)


def league(club, format=PAIRS, *, count=5, **fields) -> tuple[Competition, list[Entrant]]:
    competition = CompetitionFactory(club=club, format=format, **SETTINGS, **fields)
    kind = Team.Kind.FOUR if format == TEAMS else Team.Kind.PAIR
    entrants = team_entrants(competition, count, kind=kind)
    competition_services.generate_fixtures(competition=competition)
    return competition, entrants


def same_league(original: Competition, entrants: list[Entrant], **fields) -> Competition:
    """A fresh competition with the same teams, seeds and so the same fixture list."""
    fresh = CompetitionFactory(club=original.club, format=original.format, **SETTINGS, **fields)
    for entrant in entrants:
        Entrant.objects.create(competition=fresh, team=entrant.team, name=entrant.name, seed=entrant.seed)
    competition_services.generate_fixtures(competition=fresh)
    assert tables_of(fresh) == tables_of(original)
    return fresh


def tables_of(competition: Competition) -> list[tuple]:
    sides = MatchSide.objects.filter(match__round__competition=competition)
    return sorted(sides.values_list("match__round__number", "match__table", "side", "entrant__name"))


def copy_seating(original: Competition, fresh: Competition) -> None:
    """Club evenings: the same evenings, attendance, rounds, seats and byes as ``original``."""
    entrants = {
        e.pk: Entrant.objects.create(competition=fresh, player=e.player, name=e.name, seed=e.seed)
        for e in original.entrants.all()
    }
    evenings = {
        e.pk: Evening.objects.create(competition=fresh, number=e.number, date=e.date) for e in original.evenings.all()
    }
    Attendance.objects.bulk_create(
        [
            Attendance(evening=evenings[a.evening_id], player_id=a.player_id, arrived_late=a.arrived_late)
            for a in Attendance.objects.filter(evening__competition=original)
        ]
    )
    for old in original.rounds.order_by("number"):
        new = Round.objects.create(
            competition=fresh, number=old.number, evening=evenings[old.evening_id], status=old.status, seed=old.seed
        )
        for match in old.matches.all():
            copy = Match.objects.create(round=new, table=match.table, sides=match.sides)
            MatchSeat.objects.bulk_create(
                [MatchSeat(match=copy, seat=s.seat, side=s.side, player_id=s.player_id) for s in match.seats.all()]
            )
            MatchSide.objects.bulk_create(
                [
                    MatchSide(match=copy, side=s.side, entrant=entrants.get(s.entrant_id))
                    for s in match.match_sides.all()
                ]
            )
        Bye.objects.bulk_create([Bye(round=new, entrant=entrants[b.entrant_id]) for b in old.byes.all()])


def exported(client, competition: Competition) -> bytes:
    response = client.get(f"/competitions/{competition.slug}/results.xlsx")
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def table_of_standings(competition: Competition) -> list[tuple]:
    return [
        (
            row.rank,
            row.rank_label,
            row.name,
            row.points,
            row.total,
            row.opponents,
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.byes,
            row.bye_points,
            row.roem,
            row.nat,
            row.pits,
            row.tegenpits,
            row.bids,
            row.made,
            row.verzaakt,
            row.match_points,
            row.prize,
            [(e.number, e.points, e.played, e.byes, e.absent, e.counted) for e in row.evenings],
        )
        for row in standings(competition)
    ]


def snapshot(competition: Competition) -> tuple:
    matches = Match.objects.filter(round__competition=competition).order_by("pk")
    return (
        list(matches.values_list("pk", "version", "status", "deals_played", "entered_by", "confirmed_at")),
        list(
            Deal.objects.filter(match__round__competition=competition)
            .order_by("pk")
            .values_list("pk", "match_id", "number", "points_a", "points_b", "roem_a", "score_a", "score_b")
        ),
        AuditEntry.objects.filter(match__round__competition=competition).count(),
        list(
            MatchSide.objects.filter(match__round__competition=competition)
            .order_by("pk")
            .values_list("total", "result")
        ),
    )


def edit(
    data: bytes,
    cells: dict | None = None,
    *,
    rename: dict | None = None,
    drop: str | None = None,
    keep_rows: int | None = None,
) -> bytes:
    """The file with cells changed ({(row, column): value}), headers renamed, a column or rows dropped."""
    wb = openpyxl.load_workbook(io.BytesIO(data))
    ws = wb.active
    for (row, column), value in (cells or {}).items():
        ws.cell(row=row, column=RESULT_HEADERS.index(column) + 1).value = value
    for old, new in (rename or {}).items():
        ws.cell(row=1, column=RESULT_HEADERS.index(old) + 1, value=new)
    if drop:
        ws.delete_cols(RESULT_HEADERS.index(drop) + 1)
    if keep_rows is not None:
        ws.delete_rows(keep_rows + 1, ws.max_row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def cell(data: bytes, row: int, column: str):
    return openpyxl.load_workbook(io.BytesIO(data)).active.cell(row=row, column=RESULT_HEADERS.index(column) + 1).value


# --- fixtures ------------------------------------------------------------------------------------


@pytest.fixture
def club():
    return ClubFactory(name="KC De Zwarte Boer")


@pytest.fixture
def organiser(club):
    return UserFactory(organiser_of=club)


@pytest.fixture
def scorer(club):
    return UserFactory(scorer_of=club)


@pytest.fixture
def source(club, organiser, scorer):
    """A pairs league of 5 pairs (byes every round), every table entered and confirmed."""
    competition, entrants = league(club)
    play_everything(competition, enterer=scorer, confirmer=organiser)
    return competition, entrants


@pytest.fixture
def file(client, source):
    return exported(client, source[0])


@pytest.fixture
def target(source, organiser, scorer, file):
    """A fresh league with the same tables; round 1, table 1 already holds the file's results, confirmed."""
    fresh = same_league(*source)
    match = Match.objects.get(round__competition=fresh, round__number=1, table=1)
    original = Match.objects.get(round__competition=source[0], round__number=1, table=1)
    deals = [
        {k: v for k, v in d.items() if k not in ("scores", "nat", "mark")}
        for d in scoring_services.stored_deals(original)
    ]
    scoring_services.save_deals(match=match, user=scorer, deals=deals, version=0)
    scoring_services.confirm_match(match=match, user=organiser)
    return fresh


def post(client, competition, data: bytes, name="results.xlsx", **fields):
    return client.post(
        f"/manage/competitions/{competition.slug}/results/import/", {"file": SimpleUploadedFile(name, data), **fields}
    )


# --- a good import --------------------------------------------------------------------------------


def test_page_shows_the_form_and_the_format(client, target, organiser):
    client.force_login(organiser)
    page = client.get(f"/manage/competitions/{target.slug}/results/import/").content.decode()
    for text in (
        "Import results",
        "Download the results export (.xlsx)",
        "points A",
        "Import into this competition",
        "Replace results that are already entered",
        f"/competitions/{target.slug}/results.xlsx",
    ):
        assert text in page, text


def test_good_import_saves_every_table_through_the_service(client, source, target, file, organiser):
    client.force_login(organiser)
    response = post(client, target, file, into_this_competition="1")
    assert response.status_code == 302, response.content.decode()[:3000]
    page = client.get(response["Location"]).content.decode()
    tables = Match.objects.filter(round__competition=target).count()
    assert f"Imported {(tables - 1) * 8} deals at {tables - 1} tables." in page
    assert f"{tables - 1} tables await confirmation by a second person." in page
    assert "1 table already had these results and was left as it was." in page
    # every deal as in the source, scored again by the engine
    assert Deal.objects.filter(match__round__competition=target).count() == tables * 8
    fields = (
        "match__round__number",
        "match__table",
        "number",
        "bidder",
        "points_a",
        "points_b",
        "roem_a",
        "roem_b",
        "pit",
        "verzaakt",
        "score_a",
        "score_b",
        "nat",
        "mark",
    )
    assert list(
        Deal.objects.filter(match__round__competition=target).order_by(*fields[:3]).values_list(*fields)
    ) == list(Deal.objects.filter(match__round__competition=source[0]).order_by(*fields[:3]).values_list(*fields))
    # the organiser's entry: awaiting a second person (the file's "confirmed" is not carried over)
    imported = Match.objects.filter(round__competition=target).exclude(round__number=1, table=1)
    assert set(imported.values_list("status", "entered_by", "version")) == {(Match.Status.ENTERED, organiser.pk, 1)}
    assert Match.objects.get(round__competition=target, round__number=1, table=1).status == Match.Status.CONFIRMED
    assert AuditEntry.objects.filter(match__in=imported, user=organiser, action="save").count() == tables - 1
    # the same file again changes nothing
    before = snapshot(target)
    response = post(client, target, file, into_this_competition="1")
    assert response.status_code == 302
    assert f"{tables} tables already had these results" in client.get(response["Location"]).content.decode()
    assert snapshot(target) == before


def test_organiser_entry_counts_at_once_where_the_competition_says_so(source, file, organiser):
    fresh = same_league(*source, organiser_entry_counts=True)
    result = import_results(competition=fresh, user=organiser, data=file, into_this_competition=True)
    assert result.tables == result.confirmed == Match.objects.filter(round__competition=fresh).count()
    assert result.awaiting == 0 and result.confirmed_in_file == result.tables
    assert table_of_standings(fresh) == table_of_standings(source[0])


def test_file_of_another_competition_needs_the_tick(client, target, file, organiser):
    client.force_login(organiser)
    before = snapshot(target)
    response = post(client, target, file)
    assert response.status_code == 400
    page = response.content.decode()
    slug = cell(file, 2, "competition")
    assert (
        f"This file holds the results of &#x27;{slug}&#x27;, not of &#x27;{target.slug}&#x27;. To import them "
        "into this competition anyway, tick &#x27;Import into this competition&#x27;."
    ) in page
    assert "Nothing was imported from results.xlsx" in page
    assert snapshot(target) == before


def test_own_export_imports_without_the_tick_and_other_results_need_replace(client, source, file, organiser, scorer):
    competition = source[0]
    # change one deal: the table has other results now, so the import needs "replace"
    changed = edit(
        file,
        {
            (2, "points A"): cell(file, 2, "points B"),
            (2, "points B"): cell(file, 2, "points A"),
            (2, "roem A"): cell(file, 2, "roem B"),
            (2, "roem B"): cell(file, 2, "roem A"),
            (2, "bidder"): {"A": "B", "B": "A", None: None}[cell(file, 2, "bidder")],
            (2, "pit"): {"A": "B", "B": "A", None: None}[cell(file, 2, "pit")],
            (2, "verzaakt"): {"A": "B", "B": "A", None: None}[cell(file, 2, "verzaakt")],
        },
    )
    before = snapshot(competition)
    with pytest.raises(ImportRefused) as refused:
        import_results(competition=competition, user=organiser, data=changed)
    assert [str(m) for m in refused.value.messages] == [
        "Row 2, column 'table': round 1, table 1 already has other results (confirmed); tick 'Replace results that "
        "are already entered' to replace them"
    ]
    assert snapshot(competition) == before
    result = import_results(competition=competition, user=organiser, data=changed, replace=True)
    assert (result.tables, result.replaced, result.unchanged) == (
        1,
        1,
        Match.objects.filter(round__competition=competition).count() - 1,
    )
    match = Match.objects.get(round__competition=competition, round__number=1, table=1)
    assert match.status == Match.Status.ENTERED and match.entered_by == organiser  # confirmed again by someone else
    assert AuditEntry.objects.filter(match=match, action="correct").count() == 1


# --- broken uploads: refused with a message, nothing imported ------------------------------------


def _members_sheet(file):
    wb = openpyxl.load_workbook(io.BytesIO(template_workbook()))
    del wb["teams"]
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _csv(file):
    wb = openpyxl.load_workbook(io.BytesIO(file))
    return "\n".join(
        ",".join("" if v is None else str(v) for v in row) for row in wb.active.iter_rows(values_only=True)
    ).encode()


def _zip_of_text(file):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("readme.txt", "not a workbook")
    return out.getvalue()


NOT_XLSX = "This file is not an Excel workbook (.xlsx). Export the results, change them and save the file as .xlsx."

BROKEN = {
    "empty file": (lambda f: b"", ["The file is empty."]),
    "not an xlsx at all": (lambda f: b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj", [NOT_XLSX]),
    "a CSV renamed .xlsx": (_csv, [NOT_XLSX]),
    "a zip that is no workbook": (_zip_of_text, [NOT_XLSX]),
    "only the header": (lambda f: edit(f, keep_rows=1), ["The file has no results to import."]),
    "the members template": (lambda f: template_workbook(), ["The workbook has no sheet called 'results'."]),
    "a sheet of members": (
        _members_sheet,
        [
            "Sheet 'members': column 'member number' is not one of the template's columns",
            "Sheet 'members': the column 'competition' is missing.",
            "Sheet 'members': the column 'points A' is missing.",
        ],
    ),
    "a renamed column": (
        lambda f: edit(f, rename={"points A": "punten wij"}),
        [
            "Sheet 'results': column 'punten wij' is not one of the template's columns",
            "Sheet 'results': the column 'points A' is missing.",
        ],
    ),
    "a missing column": (lambda f: edit(f, drop="table"), ["Sheet 'results': the column 'table' is missing."]),
    "text in a number cell": (
        lambda f: edit(f, {(5, "points A"): "tachtig"}),
        ["Row 5, column 'points A': must be a number, not 'tachtig'"],
    ),
    "a fraction in a number cell": (
        lambda f: edit(f, {(6, "roem B"): 20.5}),
        ["Row 6, column 'roem B': must be a whole number, not 20.5"],
    ),
    "text in the round": (
        lambda f: edit(f, {(7, "round"): "een"}),
        ["Row 7, column 'round': must be a number, not 'een'"],
    ),
    "points not adding up to 162": (
        lambda f: edit(f, {(4, "points A"): cell(f, 4, "points A") + 10}),
        ["Row 4, column 'points A': points must add up to 162 in a deal, but"],
    ),
    "an unknown round": (
        lambda f: edit(f, {(3, "round"): 99}),
        ["Row 3, column 'round': this competition has no round 99"],
    ),
    "an unknown table": (
        lambda f: edit(f, {(3, "table"): 42}),
        ["Row 3, column 'table': round 1 of this competition has no table 42"],
    ),
    "a deal twice": (
        lambda f: edit(f, {(4, "deal"): 2}),
        ["Row 4, column 'deal': deal 2 of this table is also in row 3"],
    ),
    "a deal missing": (
        lambda f: edit(f, {(4, "deal"): 20}),
        ["Row 5, column 'deal': deal 3 of round 1, table 1 is missing"],
    ),
    "a side that is no side": (
        lambda f: edit(f, {(8, "bidder"): "X"}),
        ["Row 8, column 'bidder': 'X' is not a side of this table (A, B)"],
    ),
    "a third side at a table of two": (
        lambda f: edit(f, {(9, "points C"): 0}),
        ["Row 9, column 'points C': this table has two sides; leave this cell empty"],
    ),
    "another pair at the table": (
        lambda f: edit(f, {(10, "side B"): "De Schoppenboeren"}),
        ["Row 10, column 'side B': 'De Schoppenboeren' does not play at this table"],
    ),
    "no yes or no": (
        lambda f: edit(f, {(11, "nil"): "misschien"}),
        ["Row 11, column 'nil': 'misschien' is not yes or no"],
    ),
    "an unknown status": (lambda f: edit(f, {(12, "status"): "ok"}), ["Row 12, column 'status': 'ok' is not one of"]),
    "two competitions in one file": (
        lambda f: edit(f, {(13, "competition"): "iets-anders"}),
        ["Row 13, column 'competition': 'iets-anders' differs from"],
    ),
    "a missing round": (lambda f: edit(f, {(14, "round"): None}), ["Row 14, column 'round': missing"]),
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_broken_upload_is_refused_with_a_message_and_nothing_imported(client, target, file, organiser, kind):
    make, expected = BROKEN[kind]
    client.force_login(organiser)
    before = snapshot(target)
    response = post(client, target, make(file), into_this_competition="1")
    assert response.status_code == 400
    page = response.content.decode().replace("&#x27;", "'")
    assert "Nothing was imported from results.xlsx" in page
    for message in expected:
        assert message in page, (message, page[page.find("import-errors") :][:2000])
    assert snapshot(target) == before


def test_every_error_is_reported_at_once_in_row_order(target, file, organiser):
    """Cell errors, a row sent to an unknown table, and the engine's verdict on the other deals of the
    tables concerned (rows 18-25 are one table: its row 19 has a cell error, its rows 20 and 25 the
    engine's), all in one answer."""
    broken = edit(
        file,
        {
            (30, "points B"): "veel",
            (2, "table"): 42,
            (20, "points A"): cell(file, 20, "points A") + 1,
            (25, "trump"): "Z",
            (19, "nil"): "misschien",
        },
    )
    before = snapshot(target)
    with pytest.raises(ImportRefused) as refused:
        import_results(competition=target, user=organiser, data=broken, into_this_competition=True)
    messages = [str(m) for m in refused.value.messages]
    assert [m.split(":")[0] for m in messages] == [
        "Row 2, column 'table'",
        "Row 3, column 'deal'",
        "Row 19, column 'nil'",
        "Row 20, column 'points A'",
        "Row 25, column 'trump'",
        "Row 30, column 'points B'",
    ]
    assert messages[1] == "Row 3, column 'deal': deal 1 of round 1, table 1 is missing"  # row 2 went to table 42
    assert messages[-1] == "Row 30, column 'points B': must be a number, not 'veel'"
    assert snapshot(target) == before


def test_a_refusal_of_the_service_rolls_back_every_table(target, file, organiser, monkeypatch):
    """The rows were fine, but the service refuses the third table: the two saved before are rolled back
    and the service's error is reported with the row of its deal."""
    calls = []

    def refusing(*, match, **kwargs):
        calls.append(match.pk)
        if len(calls) == 3:
            raise scoring_services.SheetInvalid([DealError(5, "roem", "roem must be a multiple of 10")])
        return scoring_services.save_deals(match=match, **kwargs)

    monkeypatch.setattr(imports, "save_deals", refusing)
    before = snapshot(target)
    with pytest.raises(ImportRefused) as refused:
        import_results(competition=target, user=organiser, data=file, into_this_competition=True)
    match = Match.objects.select_related("round").get(pk=calls[2])
    round_number, table = match.round.number, match.table
    wb = openpyxl.load_workbook(io.BytesIO(file)).active
    row = next(
        i for i, values in enumerate(wb.iter_rows(values_only=True), start=1) if values[1:4] == (round_number, table, 5)
    )
    assert [str(m) for m in refused.value.messages][0] == f"Row {row}, column 'roem A': roem must be a multiple of 10"
    assert len(calls) > 3  # the other tables were still tried, to report every refusal
    assert snapshot(target) == before


# --- the club boundary ---------------------------------------------------------------------------


def test_only_the_clubs_organiser_may_import(client, target, file, scorer):
    url = f"/manage/competitions/{target.slug}/results/import/"
    before = snapshot(target)
    assert "login" in client.get(url)["Location"]
    other = UserFactory(organiser_of=ClubFactory(name="Club B"))
    for user in (other, scorer):  # another club's organiser; a scorer of the club itself
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert post(client, target, file, into_this_competition="1").status_code == 403
    with pytest.raises(ImportRefused):
        import_results(competition=target, user=other, data=file, into_this_competition=True)
    assert snapshot(target) == before


# --- the round trip ------------------------------------------------------------------------------


@pytest.mark.parametrize("format", [PAIRS, TEAMS])
def test_round_trip_of_a_league(client, club, organiser, scorer, format):
    original, entrants = league(club, format, count=5 if format == PAIRS else 4, bye_policy="average")
    play_everything(original, enterer=scorer, confirmer=organiser)
    expected = table_of_standings(original)
    assert len(expected) == len(entrants) and expected[0][3] > 0

    fresh = same_league(original, entrants, bye_policy="average")
    client.force_login(organiser)
    assert post(client, fresh, exported(client, original), into_this_competition="1").status_code == 302
    assert table_of_standings(fresh) != expected  # nothing counts before a second person confirms
    for match in Match.objects.filter(round__competition=fresh):
        assert match.status == Match.Status.ENTERED
        scoring_services.confirm_match(match=match, user=scorer)
    assert table_of_standings(fresh) == expected


def test_round_trip_of_club_evenings_with_tables_of_three(client, club, organiser, scorer):
    original = CompetitionFactory(
        club=club, format=INDIVIDUAL, **SETTINGS, absence_policy="lowest", bye_policy="average"
    )
    players = PlayerFactory.create_batch(11, club=club)
    for evening_number, present in ((1, players[:10]), (2, players[1:])):
        evening = competition_services.create_evening(competition=original)
        competition_services.register_attendance(evening=evening, players=present)
        for _round in range(2):
            competition_services.publish_round(
                round=competition_services.draw_next_round(evening=evening, seed=evening_number * 10 + _round)
            )
    assert Match.objects.filter(round__competition=original, sides=3).exists()
    play_everything(original, enterer=scorer, confirmer=organiser)
    expected = table_of_standings(original)
    assert len(expected) == 11

    fresh = CompetitionFactory(
        club=club,
        format=INDIVIDUAL,
        **SETTINGS,
        absence_policy="lowest",
        bye_policy="average",
        organiser_entry_counts=True,
    )
    copy_seating(original, fresh)
    client.force_login(organiser)
    response = post(client, fresh, exported(client, original), into_this_competition="1")
    assert response.status_code == 302
    tables = Match.objects.filter(round__competition=fresh).count()
    assert f"{tables} tables count at once" in client.get(response["Location"]).content.decode()
    assert table_of_standings(fresh) == expected


def test_the_import_page_names_the_columns_as_the_dutch_file_does(client, target, organiser, settings):
    """Issue 34 item 6: the file is written in the reader's language, so its columns are listed so."""
    from django.utils import translation

    settings.LANGUAGE_CODE = "nl"
    client.force_login(organiser)
    with translation.override("nl"):
        page = client.get(f"/manage/competitions/{target.slug}/results/import/", HTTP_ACCEPT_LANGUAGE="nl")
    listed = page.content.decode()
    listed = listed[listed.index('<ul class="columns">') :]
    assert "<code>wij (A)</code>" in listed and "<code>side A</code>" not in listed
