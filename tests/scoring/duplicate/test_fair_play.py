"""Fair play at a duplicate evening (issue 24 item 1, DESIGN.md "Duplicate play"): nothing of a board's
play is shown to anyone but the club's staff until every table of the session has played that board.

The session is the demo's one in progress (``scoring.duplicate.demo.seed_duplicate_in_progress``): round
1 confirmed at every table, round 2 entered at table 1. With a Mitchell-type movement every table plays
every board once over the rounds, so no board is complete yet. Every anonymous route — page, PDF, xlsx,
API, and the same request again served from the page cache — is walked, and none shows a table's total
(the number every leak of the play would carry), a board page, a frequency or a hand. The same walk once
the evening is complete shows those totals (so the check can fail), and the cached pages follow.
"""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from django.core.cache import caches
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from clubs.models import TeamMember
from competitions.models import Competition, Match, MatchSide
from competitions.pairings import mitchell
from competitions.selectors import play_seen
from scoring import services
from scoring.duplicate.demo import LIVE_SLUG, play_evening, seed_duplicate_in_progress
from scoring.duplicate.models import DuplicateSetup
from scoring.duplicate.selectors import boards_seen
from tests.competitions.factories import make_club, make_players, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture(autouse=True)
def empty_cache(settings):
    settings.PAGE_CACHE_ENABLED = True
    caches["default"].clear()
    yield
    caches["default"].clear()


def in_progress():
    club = make_club()
    organiser, scorer = make_user(organiser_of=club), make_user(scorer_of=club)
    competition = seed_duplicate_in_progress(club, make_players(club, 16), enterer=scorer, confirmer=organiser, seed=5)
    return competition, organiser, scorer


def body_of(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def text_of(response) -> str:
    kind = response.get("Content-Type", "")
    content = body_of(response)
    if kind.startswith("application/pdf"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    if "spreadsheet" in kind:
        book = load_workbook(io.BytesIO(content), read_only=True)
        return "\n".join(
            " ".join("" if v is None else str(v) for v in row)
            for sheet in book
            for row in sheet.iter_rows(values_only=True)
        )
    body = content.decode()
    if kind.startswith("application/json"):
        return json.dumps(json.loads(body))
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return re.sub(r"<[^>]+>", " ", body)


def routes(competition: Competition) -> list[str]:
    """Every public route of the competition and of its tables."""
    slug = competition.slug
    setup = DuplicateSetup.objects.get(competition=competition)
    urls = [
        "/",
        reverse("competitions:detail", args=[slug]),
        reverse("competitions:standings", args=[slug]),
        reverse("competitions:projector", args=[slug]),
        reverse("competitions:fixtures", args=[slug]),
        reverse("competitions:calendar", args=[slug]),
        f"/competitions/{slug}/results.xlsx",
        f"/competitions/{slug}/results.xlsx?round=1",
        f"/competitions/{slug}/standings.xlsx",
        f"/competitions/{slug}/standings.pdf",
        reverse("duplicate:overview", args=[slug]),
        reverse("duplicate:frequency_pdf", args=[slug]),
        reverse("duplicate:hand_records", args=[slug]),
        f"/api/competitions/{slug}/standings",
        f"/api/competitions/{slug}/fixtures",
        "/api/competitions",
    ]
    for number in range(1, setup.tables + 1):
        urls += [
            reverse("competitions:round", args=[slug, number]),
            f"/competitions/{slug}/rounds/{number}/sheets.pdf",
            f"/competitions/{slug}/rounds/{number}/tables.pdf",
            f"/api/competitions/{slug}/rounds/{number}",
        ]
    for number in range(1, setup.boards + 1):
        urls += [
            reverse("duplicate:board", args=[slug, number]),
            reverse("duplicate:board_pdf", args=[slug, number]),
        ]
    for entrant in competition.entrants.all():
        urls += [
            reverse("duplicate:pair", args=[slug, entrant.pk]),
            reverse("competitions:team", args=[slug, entrant.pk]),
        ]
        for member in TeamMember.objects.filter(team=entrant.team):
            urls.append(reverse("competitions:player", args=[slug, member.player_id]))
    for match in Match.objects.filter(round__competition=competition):
        urls += [f"/matches/{match.pk}/", f"/matches/{match.pk}/sheet.pdf", f"/api/matches/{match.pk}"]
    return [u for u in urls if u]


def secrets(competition: Competition) -> set[str]:
    """Each played table's side totals (of 100 and more: no page number, no count looks like one)."""
    totals = MatchSide.objects.filter(
        match__round__competition=competition, match__status__in=[Match.Status.ENTERED, Match.Status.CONFIRMED]
    ).values_list("total", flat=True)
    return {str(t) for t in totals if t is not None and t >= 100}


def walk(client, urls, secret: set[str]) -> dict[str, set[str]]:
    """url -> the secret numbers its text shows, for each url asked twice (the second from the cache
    where the page is cached)."""
    shown = {}
    for url in urls:
        for attempt in (1, 2):
            response = client.get(url)
            assert response.status_code in (200, 302, 403, 404), (url, response.status_code)
            if response.status_code != 200:
                continue
            words = set(re.findall(r"(?<![\d,.])\d+(?![\d,.]\d)", text_of(response)))
            found = words & secret
            if found:
                shown.setdefault(url, set()).update(found)
            if attempt == 2 and response.get("X-Page-Cache"):
                assert response["X-Page-Cache"] == "hit", url
    return shown


def test_the_demo_session_in_progress_is_as_the_issue_says():
    competition, _organiser, _scorer = in_progress()
    statuses = {(m.round.number, m.table): m.status for m in Match.objects.filter(round__competition=competition)}
    assert all(statuses[(1, t)] == Match.Status.CONFIRMED for t in range(1, 5))
    assert statuses[(2, 1)] == Match.Status.ENTERED
    assert all(status == Match.Status.OPEN for (r, t), status in statuses.items() if r > 1 and (r, t) != (2, 1))
    assert competition.slug == LIVE_SLUG
    seen = boards_seen(None, competition)
    assert not seen.everything and seen.boards == frozenset() and seen.matches == frozenset()


def test_no_anonymous_route_reveals_a_board_a_table_still_has_to_play(client, django_assert_max_num_queries):
    competition, organiser, _scorer = in_progress()
    secret = secrets(competition)
    assert len(secret) >= 6  # round 1's four tables and round 2's first: their totals
    urls = routes(competition)
    assert walk(client, urls, secret) == {}
    for number in range(1, 17):  # no board page, no frequency of one
        assert client.get(reverse("duplicate:board", args=[competition.slug, number])).status_code == 404
    match = Match.objects.get(round__competition=competition, round__number=1, table=1)
    assert client.get(f"/api/matches/{match.pk}").status_code == 404
    # the organiser sees it all, and what they were shown is not served to the public after
    client.force_login(organiser)
    page = client.get(f"/matches/{match.pk}/")
    assert page.status_code == 200 and secrets_in(page, secret)
    assert secrets_in(client.get(reverse("competitions:round", args=[competition.slug, 1])), secret)
    client.logout()
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    assert not secrets_in(client.get(reverse("competitions:round", args=[competition.slug, 1])), secret)
    with django_assert_max_num_queries(4):  # the selector: the setup and the tables, whatever the size
        play_seen(None, competition)


def secrets_in(response, secret) -> set[str]:
    return set(re.findall(r"(?<![\d,.])\d+(?![\d,.]\d)", text_of(response))) & secret


def test_once_every_table_has_played_the_same_routes_and_the_cached_pages_show_the_play(client):
    competition, organiser, scorer = in_progress()
    round_page = reverse("competitions:round", args=[competition.slug, 1])
    assert client.get(round_page)["X-Page-Cache"] == "miss"
    assert client.get(round_page)["X-Page-Cache"] == "hit"  # cached while hidden
    setup = DuplicateSetup.objects.get(competition=competition)
    done = tuple((1, t) for t in range(1, 5))
    play_evening(setup, random.Random(3), enterer=scorer, confirmer=organiser, skip=done + ((2, 1),))
    second = Match.objects.get(round__competition=competition, round__number=2, table=1)
    services.confirm_match(match=second, user=organiser, version=second.version)
    assert not Match.objects.filter(round__competition=competition).exclude(status=Match.Status.CONFIRMED).exists()
    secret = secrets(competition)
    again = client.get(round_page)
    assert again["X-Page-Cache"] == "miss" and secrets_in(again, secret)  # the key followed the boards
    shown = walk(client, routes(competition), secret)
    match = Match.objects.get(round__competition=competition, round__number=1, table=1)
    for url in (
        f"/matches/{match.pk}/",
        f"/matches/{match.pk}/sheet.pdf",
        f"/api/matches/{match.pk}",
        f"/competitions/{competition.slug}/results.xlsx",
        reverse("duplicate:board", args=[competition.slug, 1]),
    ):
        assert url in shown or url.endswith("/deals/1/"), url
    assert client.get(reverse("duplicate:board", args=[competition.slug, 1])).status_code == 200


def test_a_board_shows_once_every_table_has_played_it_and_a_table_once_all_its_boards_have():
    competition, organiser, scorer = in_progress()
    setup = DuplicateSetup.objects.get(competition=competition)
    rng = random.Random(2)
    # rounds 2 and 3 everywhere (round 2 table 1 confirmed too), round 4 at tables 1-3 only
    table_one = Match.objects.get(round__competition=competition, round__number=2, table=1)
    services.confirm_match(match=table_one, user=organiser, version=table_one.version)
    play_evening(setup, rng, enterer=scorer, confirmer=organiser, skip=((1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (4, 4)))
    seen = boards_seen(None, competition)
    wallet = mitchell.wallet_at(4, 3, 3, setup.movement)  # table 4, round 4
    open_boards = set(mitchell.wallet_boards(wallet, setup.per_round))
    assert seen.boards == frozenset(set(range(1, 17)) - open_boards)
    by_place = {(m.round.number, m.table): m.pk for m in Match.objects.filter(round__competition=competition)}
    for (r, t), pk in by_place.items():
        boards = set(mitchell.wallet_boards(mitchell.wallet_at(4, t - 1, r - 1, setup.movement), setup.per_round))
        assert seen.match(pk) == (not boards & open_boards), (r, t)
    assert boards_seen(organiser, competition).everything
    assert boards_seen(scorer, competition).everything
    assert not boards_seen(make_user(), competition).everything
