"""A member chooses how their name shows on public pages (issue 32 item 6, AVG): full, "Jan de V." or
"J.d.V.". A crawl of every public page, feed, PDF, xlsx and API answer of a played season, as an
anonymous visitor and as another club's organiser, never finds the full name of a member who chose
initials (nor their first name or surname on their own); the club's own organiser pages and the
member's own page show it in full; a club whose members chose nothing looks as before; one query
more per public page, whatever the number of members and choices."""

from __future__ import annotations

import io
import re
from urllib.parse import urljoin, urlsplit

import pytest
from django.core.cache import cache
from icalendar import Calendar
from openpyxl import load_workbook
from pypdf import PdfReader

from clubs.models import Player
from clubs.names import INITIALS, SHORT, shown_name
from clubs.public_names import CACHE_KEY, is_private
from clubs.tokens import create_token
from documents.public_names import Replacements
from members.services import set_name_shown
from tests.factories import ClubFactory, PlayerFactory, UserFactory, club_evening, play_and_confirm, publish_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_choices_kept():
    """The choices are cached (clubs.public_names); the test database rolls back, the cache does not:
    none chosen again afterwards."""
    cache.set(CACHE_KEY, [], None)
    yield
    cache.set(CACHE_KEY, [], None)  # as every test starts (tests/conftest.py)


FULL_NAME, FIRST, SURNAME, INITIALS_SHOWN = "Johanna van der Heijden", "Johanna", "Heijden", "J.v.d.H."
HREF = re.compile(r"""href="([^"#]+)""")


def text_of(response) -> str:
    content = b"".join(response.streaming_content) if response.streaming else response.content
    kind = response.get("Content-Type", "")
    if kind.startswith("application/pdf"):
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    if "spreadsheet" in kind:
        book = load_workbook(io.BytesIO(content), read_only=True)
        return "\n".join(
            " ".join(str(v) for v in row if v is not None)
            for sheet in book
            for row in sheet.iter_rows(values_only=True)
        )
    if kind.startswith("text/calendar"):
        return "\n".join(
            str(e.get("SUMMARY", "")) + str(e.get("DESCRIPTION", "")) for e in Calendar.from_ical(content).walk()
        )
    return content.decode()


@pytest.fixture
def season():
    """A public competition with one played evening; one member (Johanna van der Heijden) chose
    initials, one (Kees Bakker) first name and surname's initial."""
    club, competition, members, evening, organiser = club_evening(players=8, rounds=1)
    Player.objects.filter(pk=members[0].pk).update(first_name=FIRST, last_name="van der Heijden")
    Player.objects.filter(pk=members[1].pk).update(first_name="Kees", last_name="Bakker")
    members[0].refresh_from_db()
    members[1].refresh_from_db()
    round_ = publish_next_round(evening)
    play_and_confirm(round_, scorer=UserFactory(scorer_of=club), confirmer=organiser)
    set_name_shown(player=members[0], choice=INITIALS)
    set_name_shown(player=members[1], choice=SHORT)
    return club, competition, members, evening, organiser, round_


def crawl(client, start: list[str], *, limit: int = 150) -> dict[str, str]:
    """Every public address reachable from ``start`` by the links on the pages: address -> text."""
    seen: dict[str, str] = {}
    queue = list(start)
    while queue and len(seen) < limit:
        url = queue.pop(0)
        path = urlsplit(url).path
        if (
            url in seen
            or is_private(path)
            or not path.startswith(("/competitions/", "/matches/", "/api/", "/ratings/"))
        ):
            continue
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="nl")
        if response.status_code != 200:
            seen[url] = ""
            continue
        seen[url] = text = text_of(response)
        if response.get("Content-Type", "").startswith("text/html"):
            for href in HREF.findall(text):
                target = urljoin(url, href.replace("&amp;", "&"))
                if urlsplit(target).netloc in ("", "testserver") and "sort=" not in target:  # not every order
                    queue.append(
                        urlsplit(target).path + (f"?{urlsplit(target).query}" if urlsplit(target).query else "")
                    )
    return seen


def starts(competition, round_, evening) -> list[str]:
    slug = competition.slug
    match = round_.matches.order_by("table").first()
    return [
        f"/competitions/{slug}/",
        f"/competitions/{slug}/standings/",
        f"/competitions/{slug}/standings/projector/",
        f"/competitions/{slug}/standings.pdf",
        f"/competitions/{slug}/standings.xlsx",
        f"/competitions/{slug}/evenings/{evening.number}/",
        f"/competitions/{slug}/evenings/{evening.number}/result.pdf",
        f"/competitions/{slug}/evenings/{evening.number}/report/",
        f"/competitions/{slug}/rounds/{round_.number}/",
        f"/competitions/{slug}/rounds/{round_.number}/tables.pdf",
        f"/competitions/{slug}/results.xlsx",
        f"/competitions/{slug}/calendar.ics",
        f"/matches/{match.pk}/",
        f"/matches/{match.pk}/sheet.pdf",
        "/api/competitions",
        f"/api/competitions/{slug}/standings",
        f"/api/competitions/{slug}/rounds/{round_.number}",
        *[f"/api/matches/{m.pk}" for m in round_.matches.all()],
    ]


def the_seat_of(round_, player) -> str:
    return f"/matches/{round_.matches.get(seats__player=player).pk}/"


def assert_hidden(pages: dict[str, str]) -> None:
    for url, text in pages.items():
        for word in (FULL_NAME, FIRST, SURNAME, "Bakker"):
            assert word.casefold() not in text.casefold(), f"{word!r} on {url}"


def test_a_crawl_of_every_public_output_never_shows_the_chosen_members_full_name(client, season):
    _club, competition, members, evening, _organiser, round_ = season
    pages = crawl(client, [*starts(competition, round_, evening), the_seat_of(round_, members[0])])
    kinds = {u.rsplit(".", 1)[-1] for u in pages if "." in u.rsplit("/", 1)[-1]}
    assert {"pdf", "xlsx", "ics"} <= kinds and sum(bool(t) for t in pages.values()) >= 15, "a real crawl"
    assert_hidden(pages)
    standings = pages[f"/competitions/{competition.slug}/standings/"]
    assert INITIALS_SHOWN in standings and "Kees B." in standings, "the names shown instead"
    assert INITIALS_SHOWN in pages[f"/competitions/{competition.slug}/standings.pdf"]
    assert INITIALS_SHOWN in pages[f"/competitions/{competition.slug}/standings.xlsx"]
    assert INITIALS_SHOWN in pages[f"/api/competitions/{competition.slug}/standings"]
    assert INITIALS_SHOWN in pages[the_seat_of(round_, members[0])]
    assert members[2].name in standings, "a member who chose nothing: the full name, as before"


def test_another_clubs_organiser_sees_the_choice_the_own_club_sees_the_full_name(client, season):
    club, competition, members, evening, organiser, round_ = season
    other = UserFactory(organiser_of=ClubFactory())
    client.force_login(other)
    assert_hidden(crawl(client, starts(competition, round_, evening)))

    client.force_login(organiser)
    standings = client.get(f"/competitions/{competition.slug}/standings/").content.decode()
    assert FULL_NAME in standings, "the own club's staff read the full name, on public pages too"
    for url in (
        f"/manage/competitions/{competition.slug}/evenings/{evening.number}/attendance/",
        f"/manage/competitions/{competition.slug}/rounds/{round_.number}/draw/",
        f"/manage/clubs/{club.slug}/members/",
    ):
        response = client.get(url)
        assert response.status_code == 200 and FULL_NAME in response.content.decode(), url

    client.force_login(members[0].account)
    page = client.get("/me/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert FULL_NAME in page and "Alleen initialen: J.v.d.H." in page


def test_the_member_chooses_on_their_page_and_the_next_public_page_follows(client, season):
    _club, competition, members, _evening, _organiser, _round = season
    member = members[2]
    standings = f"/competitions/{competition.slug}/standings/"
    assert member.name in client.get(standings).content.decode()  # cached for the anonymous reader now
    client.force_login(member.account)
    response = client.post("/me/name/", {"player": member.pk, f"n{member.pk}-name_shown": SHORT})
    assert response.status_code == 302
    assert Player.objects.get(pk=member.pk).name_shown == SHORT
    exported = client.get("/me/export.json").json()["members"][0]["member"]
    assert exported["name_on_public_pages"] == SHORT, "the choice is part of the member's own data"
    client.logout()
    text = client.get(standings).content.decode()
    assert member.name not in text and shown_name(member.first_name, member.last_name, SHORT) in text

    client.force_login(member.account)
    bad = client.post("/me/name/", {"player": member.pk, f"n{member.pk}-name_shown": "nickname"}, follow=True)
    assert "Kies hoe je naam op openbare pagina" in bad.content.decode()
    assert Player.objects.get(pk=member.pk).name_shown == SHORT, "nothing changed"
    other = members[3]
    assert client.post("/me/name/", {"player": other.pk, f"n{other.pk}-name_shown": SHORT}).status_code == 404
    assert Player.objects.get(pk=other.pk).name_shown == "full", "another member's choice is not mine to make"


@pytest.mark.parametrize("chosen", [2, 40])
def test_a_public_page_costs_no_query_more_whatever_the_number_of_choices(
    client, chosen, django_assert_max_num_queries, settings
):
    settings.PAGE_CACHE_ENABLED = False
    club, competition, _members, evening, organiser = club_evening(players=8, rounds=1)
    round_ = publish_next_round(evening)
    play_and_confirm(round_, scorer=UserFactory(scorer_of=club), confirmer=organiser)
    url = f"/competitions/{competition.slug}/standings/"
    client.get(url)
    with django_assert_max_num_queries(12) as before:
        client.get(url)
    baseline = len(before.captured_queries)
    others = PlayerFactory.create_batch(chosen, club=ClubFactory())
    for player in others:
        set_name_shown(player=player, choice=INITIALS)
    assert client.get(url).status_code == 200  # reads the choices once (one query), then keeps them
    with django_assert_max_num_queries(baseline) as after:
        client.get(url)
    assert len(after.captured_queries) == baseline, "no query more, whatever was chosen"
    client.force_login(UserFactory(organiser_of=ClubFactory()))  # a reader of another club: their clubs, once
    client.get(url)
    with django_assert_max_num_queries(baseline + 2 + 4):  # + the session, the user and their clubs
        client.get(url)


@pytest.mark.parametrize(
    ("first", "last", "short", "initials"),
    [
        ("Jan", "de Vries", "Jan de V.", "J.d.V."),
        ("Jan Willem", "van der Meer", "Jan Willem van der M.", "J.W.v.d.M."),
        ("Piet", "Smit-Jansen", "Piet S.", "P.S."),
        ("", "Bakker", "B.", "B."),
        ("Kees", "", "Kees", "Kees"),
    ],
)
def test_the_shown_forms_of_a_name(first, last, short, initials):
    assert shown_name(first, last, SHORT) == short
    assert shown_name(first, last, INITIALS) == initials
    assert shown_name(first, last, "full") == f"{first} {last}".strip()


def test_a_name_inside_a_longer_word_or_name_is_left_alone():
    replace = Replacements({"Jan Bos": "J.B.", "Anne d'Arc": "A.D."})
    assert replace.apply("Jan Bos, Jan Bosman, xJan Bos") == "J.B., Jan Bosman, xJan Bos"
    assert replace.apply("<td>Anne d&#x27;Arc</td>") == "<td>A.D.</td>"
    assert replace.apply('{"name": "Jan Bos"}') == '{"name": "J.B."}'


def test_the_api_with_a_token_of_the_own_club_shows_the_full_name_another_clubs_token_the_choice(client, season):
    _club, competition, _members, _evening, organiser, _round = season
    url = f"/api/competitions/{competition.slug}/standings"
    own = create_token(organiser)
    other = create_token(UserFactory(organiser_of=ClubFactory()))
    assert FULL_NAME in client.get(url, HTTP_AUTHORIZATION=f"Bearer {own}").content.decode()
    text = client.get(url, HTTP_AUTHORIZATION=f"Bearer {other}").content.decode()
    assert FULL_NAME not in text and INITIALS_SHOWN in text
    text = client.get(url, HTTP_AUTHORIZATION="Bearer not-a-token").content.decode()
    assert FULL_NAME not in text
