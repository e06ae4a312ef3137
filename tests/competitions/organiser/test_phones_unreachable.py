"""Issue 33 item 5: when the server listens only on the laptop itself (a loopback request, no SITE_URL,
no network address), the draw page says phones cannot reach it and how to start it for phones."""

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.competitions.organiser.test_views import club, evening_round, organiser  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def draw_page(client, organiser, evening_round, host):  # noqa: F811
    client.force_login(organiser)
    url = reverse("staff:draw", args=[evening_round.competition.slug, evening_round.number])
    return client.get(url, HTTP_HOST=host).content.decode()


@override_settings(SITE_URL="", LAN_ADDRESS=None)
def test_the_draw_page_says_phones_cannot_reach_a_laptop_only_server(client, organiser, evening_round):  # noqa: F811
    page = draw_page(client, organiser, evening_round, "127.0.0.1:8000")
    assert 'id="phones-unreachable"' in page
    assert "make run HOST=0.0.0.0" in page


@pytest.mark.parametrize(
    "host, lan, site",
    [
        ("127.0.0.1:8000", "192.168.1.20", ""),
        ("127.0.0.1:8000", None, "http://192.168.1.20:8000"),
        ("testserver", None, ""),
    ],
)
def test_the_draw_page_says_nothing_when_phones_reach_it(client, organiser, evening_round, host, lan, site):  # noqa: F811
    with override_settings(SITE_URL=site, LAN_ADDRESS=lan):
        page = draw_page(client, organiser, evening_round, host)
    assert 'id="phones-unreachable"' not in page
