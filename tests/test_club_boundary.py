"""The club boundary, for every URL the project serves: walk the URL configuration, fill each URL with
club A's objects, and check that an organiser of club B never sees or changes anything of club A.

A URL that answers an anonymous visitor with 200 is public. Every other URL is a staff URL: it must send
an anonymous visitor to the login page (or refuse), refuse club B's organiser (403/404) for GET and POST
with nothing changed, and let club A's organiser in. A new staff URL is covered automatically; one with
an argument this test cannot fill fails it, so that it gets added here.
"""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from clubs.models import Club, Player
from competitions import services as competition_services
from competitions.models import Attendance, Competition, Match, MatchSide, Round
from scoring import services as scoring_services
from scoring.models import Deal
from tests.factories import UserFactory, simulated_sheet

pytestmark = pytest.mark.django_db

#: Django's own, the API (tests/scoring/test_api*) and the table link, whose secret code is its only
#: key — no club role — so it is walked by its own tests (tests/scoring/test_table_*); a member's own
#: pages and signed links (/me/: an account's own member, no club role), walked by tests/members.
SKIPPED_PREFIXES = (
    "admin/",
    "accounts/",
    "i18n/",
    "api/",
    "t/",
    "me/",
    "favicon.ico",
)  # favicon.ico: a redirect to the icon
#: Site-wide: a backup holds every club's data (tests/scoring/backup walks who may take one).
BACKUPS = "/manage/backups/"
#: POST-only actions of the user's own that hold nothing of one club: make a backup, send the mail
#: queue's possibly unsent mails again (the outbox is the server's, not a club's)
POST_ONLY = (BACKUPS, "/manage/outbox/resend-stale/")


def all_patterns(patterns=None, prefix=""):
    for p in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(p, URLResolver):
            yield from all_patterns(p.url_patterns, prefix + str(p.pattern))
        elif isinstance(p, URLPattern):
            yield prefix + str(p.pattern), p


@pytest.fixture
def world():
    club_a = Club.objects.create(name="Club A", slug="club-a")
    club_b = Club.objects.create(name="Club B", slug="club-b")
    org_a = UserFactory(username="org_a", organiser_of=club_a)
    scorer_a = UserFactory(username="scorer_a", scorer_of=club_a)
    org_b = UserFactory(username="org_b", organiser_of=club_b)
    UserFactory(username="scorer_b", scorer_of=club_b)
    competition = Competition.objects.create(club=club_a, name="Avonden A", slug="avonden-a")
    players = [
        Player.objects.create(club=club_a, member_number=str(i), first_name=f"Lid{i}", last_name="A") for i in range(8)
    ]
    evening = competition_services.create_evening(competition=competition)
    competition_services.register_attendance(evening=evening, players=players)
    round_ = competition_services.draw_next_round(evening=evening, seed=1)
    round_ = competition_services.publish_round(round=round_)
    match = round_.matches.order_by("table").first()
    scoring_services.save_deals(match=match, user=scorer_a, deals=simulated_sheet(match), version=0)
    return {
        "club": club_a,
        "competition": competition,
        "round": round_,
        "match": match,
        "player": players[0],
        "org_a": org_a,
        "org_b": org_b,
    }


def fill(path: str, world) -> str:
    converters = {
        "<slug:slug>": world["club"].slug
        if path.startswith(("manage/clubs/", "ratings/"))
        else world["competition"].slug,
        "<slug:club_slug>": world["club"].slug,
        "<str:token>": "no-such-invitation",
        "<int:number>": "1",
        # a member's pages take a member's id, every other <int:pk> is a table's
        "<int:pk>": str(world["player"].pk if "/members/<int:pk>" in path else world["match"].pk),
        "<int:player_id>": str(world["player"].pk),
        "<int:entrant_id>": str(
            MatchSide.objects.filter(match=world["match"]).values_list("entrant_id", flat=True).first()
        ),
    }
    for placeholder, value in converters.items():
        path = path.replace(placeholder, value)
    assert "<" not in path, f"the boundary test cannot fill the arguments of {path}: add them to fill()"
    return "/" + path


def snapshot():
    return (
        Competition.objects.count(),
        Round.objects.count(),
        Match.objects.count(),
        Deal.objects.count(),
        Attendance.objects.count(),
        Player.objects.count(),
        list(Match.objects.order_by("pk").values_list("version", "status")),
        list(Round.objects.order_by("pk").values_list("status", "seed")),
    )


def test_every_staff_url_keeps_other_clubs_out(client, world):
    public, staff = [], []
    for pattern, _ in all_patterns():
        if pattern.startswith(SKIPPED_PREFIXES) or "(?P" in pattern:
            continue
        url = fill(pattern, world)
        client.logout()
        response = client.get(url)
        if response.status_code == 405:
            response = client.post(url)
        if response.status_code == 200:
            assert not url.startswith("/manage/"), f"{url} is open to anonymous visitors"
            public.append(url)
            continue
        if response.status_code == 404 and not url.startswith("/manage/"):
            continue  # a public page that does not apply to this competition (e.g. the duplicate overview)
        assert response.status_code in (302, 401, 403), f"{url}: anonymous got {response.status_code}"
        if response.status_code == 302:
            assert "login" in response["Location"], f"{url}: anonymous redirected to {response['Location']}"
        staff.append(url)

        before = snapshot()
        client.force_login(world["org_b"])
        if "<" not in pattern:
            # a page of the user's own (e.g. the organiser's dashboard): it may open, but shows nothing of club A
            answer = client.get(url)
            own = (200, 403, 404) + ((405,) if url.startswith(POST_ONLY) else ())
            assert answer.status_code in own, f"{url}: club B's organiser got {answer.status_code}"
            text = answer.content.decode()
            assert world["competition"].name not in text and world["club"].name not in text, url
        else:
            for method in (client.get, client.post):
                answer = method(url)
                assert answer.status_code in (403, 404, 405), f"{url}: club B's organiser got {answer.status_code}"
        assert snapshot() == before, f"{url}: club B's organiser changed something"

        client.force_login(world["org_a"])
        answer = client.get(url)
        # the duplicate pages exist only for a duplicate competition (tests/duplicate walks those)
        allowed = (200, 302, 404, 405) if "/duplicate/" in url else (200, 302, 405)
        if url.startswith(BACKUPS):  # a backup holds every club's data: not for the organiser of one of two
            allowed = (403, 405)
        assert answer.status_code in allowed, f"{url}: club A's organiser got {answer.status_code}"
    assert len(staff) >= 15, staff
    assert len(public) >= 5, public
