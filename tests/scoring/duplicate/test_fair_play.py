"""Fair play at a duplicate evening (issue 24 item 1, DESIGN.md "Duplicate play"): nothing of a board's
play is shown to anyone but the club's staff until every table of the session has played that board.

The session is the demo's one in progress (``scoring.duplicate.demo.seed_duplicate_in_progress``): round
1 confirmed at every table, round 2 entered at table 1. With a Mitchell-type movement every table plays
every board once over the rounds, so no board is complete yet. Every anonymous route — page, PDF, xlsx,
API, and the same request again served from the page cache — is walked, and none shows a table's total
(the number every leak of the play would carry), a board page, a frequency or a hand. The same walk once
the evening is complete shows those totals (so the check can fail), and the cached pages follow.

The routes include the ratings (pools, ranking, each player's course), the teams' calendars, the
evening routes and the evening report API (a duplicate session has no club evening: 404) and the live
projector's fragment. A second walk in a MIXED state (twelve boards complete, four not) changes every
hidden table's totals, roem, points and trump behind the site's back and finds no public text changed;
a complete board's page and hands show, an open one's hands are in no public frequency sheet; the
standings' roem and the ratings' match counts are those of the shown tables alone.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections import defaultdict

import pytest
from django.core.cache import caches
from django.db.models import F
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from clubs.models import TeamMember
from competitions.models import Competition, Match, MatchSeat, MatchSide
from competitions.pairings import mitchell
from competitions.selectors import play_seen
from scoring import services
from scoring.duplicate.demo import LIVE_SLUG, play_evening, seed_duplicate_in_progress
from scoring.duplicate.models import DuplicateSetup
from scoring.duplicate.selectors import boards_seen
from scoring.models import Deal
from scoring.ratings.models import PlayerRating
from tests.factories import ClubFactory, PlayerFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


@pytest.fixture(autouse=True)
def empty_cache(settings):
    settings.PAGE_CACHE_ENABLED = True
    caches["default"].clear()
    yield
    caches["default"].clear()


def in_progress():
    club = ClubFactory()
    organiser, scorer = UserFactory(organiser_of=club), UserFactory(scorer_of=club)
    competition = seed_duplicate_in_progress(
        club, PlayerFactory.create_batch(16, club=club), enterer=scorer, confirmer=organiser, seed=5
    )
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
        reverse("competitions:projector", args=[slug]) + "?part=live",  # the live projector's fragment
        # the evening routes (a duplicate session has no club evening: they answer 404, never the play)
        reverse("competitions:evening", args=[slug, 1]),
        reverse("competitions:evening-report", args=[slug, 1]),
        f"/competitions/{slug}/evenings/1/result.pdf",
        f"/api/competitions/{slug}/evenings/1/report",
        # the ratings: the pools, the club's ranking and each player's course (W-D-L, rating)
        reverse("ratings:index"),
        reverse("ratings:ranking", args=[competition.club.slug]),
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
            reverse("competitions:team_calendar", args=[slug, entrant.pk]),
        ]
        for member in TeamMember.objects.filter(team=entrant.team):
            urls.append(reverse("competitions:player", args=[slug, member.player_id]))
            urls.append(reverse("ratings:player", args=[competition.club.slug, member.player_id]))
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
    # the ratings (walked above) count none of these tables: no W-D-L, no rating from them
    assert not PlayerRating.objects.filter(club=competition.club, matches__gt=0).exists()
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
    assert not boards_seen(UserFactory(), competition).everything


def mixed():
    """Rounds 1-3 confirmed everywhere, round 4 confirmed at tables 1-3 and only entered at table 4: the
    boards of table 4's last wallet are not complete (their four tables' play stays hidden), the
    other twelve boards are (their tables' play is shown)."""
    competition, organiser, scorer = in_progress()
    setup = DuplicateSetup.objects.get(competition=competition)
    table_one = Match.objects.get(round__competition=competition, round__number=2, table=1)
    services.confirm_match(match=table_one, user=organiser, version=table_one.version)
    first = tuple((1, t) for t in range(1, 5)) + ((2, 1),)
    play_evening(setup, random.Random(2), enterer=scorer, confirmer=organiser, skip=first + ((4, 4),))
    play_evening(
        setup,
        random.Random(4),
        enterer=scorer,
        confirmer=None,
        skip=tuple((r, t) for r in range(1, 5) for t in range(1, 5) if (r, t) != (4, 4)),
    )
    wallet = mitchell.wallet_at(4, 3, 3, setup.movement)
    open_boards = set(mitchell.wallet_boards(wallet, setup.per_round))
    hidden, shown = set(), set()
    for match in Match.objects.filter(round__competition=competition).select_related("round"):
        boards = set(
            mitchell.wallet_boards(
                mitchell.wallet_at(4, match.table - 1, match.round.number - 1, setup.movement), setup.per_round
            )
        )
        (hidden if boards & open_boards else shown).add(match.pk)
    return competition, organiser, setup, open_boards, hidden, shown


def snapshot(client, urls) -> dict[str, str]:
    """url -> its status and text (clock times and calendar stamps left out: the projector and the PDFs
    show the time, a calendar when it was made)."""
    found = {}
    for url in urls:
        response = client.get(url)
        text = text_of(response) if response.status_code == 200 else ""
        found[url] = f"{response.status_code} " + re.sub(r"\b\d{1,2}:\d\d(:\d\d)?\b|DTSTAMP:\S+", "", text)
    return found


def lines_of(response) -> set[str]:
    assert response.status_code == 200
    return {line.strip() for line in text_of(response).split("\n") if line.strip()}


def test_in_a_mixed_state_only_the_complete_boards_show(client):
    competition, organiser, setup, open_boards, hidden, shown = mixed()
    assert len(hidden) == 4 and len(shown) == 12
    assert Match.objects.filter(pk__in=hidden, status=Match.Status.ENTERED).count() == 1
    seen = play_seen(None, competition)
    assert seen.boards == frozenset(set(range(1, 17)) - open_boards) and seen.matches == frozenset(shown)
    # the public routes say the same whatever the hidden tables played: their totals, roem, points
    # and trump changed behind the site's back (the page cache emptied) change no byte of text
    urls = routes(competition)
    client.get(reverse("ratings:ranking", args=[competition.club.slug]))  # the ratings computed first
    before = snapshot(client, urls)
    Deal.objects.filter(match__in=hidden).update(
        points_a=F("points_b"),
        points_b=F("points_a"),
        roem_a=F("roem_b") + 10,
        roem_b=F("roem_a") + 20,
        score_a=F("score_b") + 7,
        score_b=F("score_a") + 3,
        trump="H",
        bidder=1,
    )
    MatchSide.objects.filter(match__in=hidden).update(
        total=F("total") + 37, opponents_total=F("opponents_total") + 11, roem=F("roem") + 30, nat=F("nat") + 1
    )
    caches["default"].clear()
    after = snapshot(client, urls)
    assert [u for u in urls if before[u] != after[u]] == []
    # a hidden table's page, sheet and API answer 404; a shown one's show its deals, trump and roem
    for pk in hidden:
        for url in (f"/matches/{pk}/", f"/matches/{pk}/sheet.pdf", f"/api/matches/{pk}"):
            assert client.get(url).status_code == 404, url
    for pk in list(shown)[:3]:
        data = client.get(f"/api/matches/{pk}").json()
        deals = Deal.objects.filter(match_id=pk).order_by("number")
        assert [d["roem"] for d in data["deals"]] == [[d.roem_a, d.roem_b] for d in deals]
        assert [d.get("trump") for d in data["deals"]] == [d.trump or None for d in deals]
    # boards: a complete board's page (its hands, trump and frequency) shows, an open one does not
    for number in range(1, 17):
        board = client.get(reverse("duplicate:board", args=[competition.slug, number]))
        assert board.status_code == (404 if number in open_boards else 200), number
        assert (
            client.get(reverse("duplicate:board_pdf", args=[competition.slug, number])).status_code == board.status_code
        )
    # hands, trump and frequencies: the lines the organiser's sheet of an open board has and no
    # complete board's has are nowhere in the public frequency sheets
    client.force_login(organiser)
    lines = {n: lines_of(client.get(reverse("duplicate:board_pdf", args=[competition.slug, n]))) for n in range(1, 17)}
    client.logout()
    common = set().union(*(lines[n] for n in range(1, 17) if n not in open_boards))
    public = lines_of(client.get(reverse("duplicate:frequency_pdf", args=[competition.slug])))
    for number in open_boards:
        own = lines[number] - common
        assert own and not own & public, number
    # roem in the standings: the sum over the shown tables only
    api = client.get(f"/api/competitions/{competition.slug}/standings").json()
    roem = defaultdict(int)
    for side in MatchSide.objects.filter(match__in=shown):
        roem[side.entrant_id] += side.roem or 0
    assert {r["entrant_id"]: r["roem"] for r in api["rows"]} == {
        e: roem[e] for e in (r["entrant_id"] for r in api["rows"])
    }
    # the ratings count exactly the shown tables
    client.get(reverse("ratings:ranking", args=[competition.club.slug]))
    rated = dict(PlayerRating.objects.filter(club=competition.club).values_list("player_id", "matches"))
    expected = defaultdict(int)
    for player_id in MatchSeat.objects.filter(match__in=shown).values_list("player_id", flat=True):
        expected[player_id] += 1
    assert {p: n for p, n in rated.items() if n} == dict(expected)
