"""Issue 33 item 5: a server that listens only on the laptop itself prints no QR code to an address
nobody serves: the score sheets and tables.pdf say phones cannot reach it and how to start it for
phones. ``make run`` on 127.0.0.1 leaves the settings without a network address."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import override_settings

from competitions.base.table_codes import printed
from core.network import lan_address
from core.site_address import phones_reach
from tests.readback import pdf_pages_text
from tests.scoring.phones.test_table_link import publish

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
HOW = "make run HOST=0.0.0.0"


@pytest.fixture
def table(match):
    return publish(match)


@override_settings(ALLOWED_HOSTS=["*"])
def test_phones_reach_the_site_unless_it_serves_only_the_laptop(rf):
    with override_settings(SITE_URL="", LAN_ADDRESS=None):
        assert not phones_reach(rf.get("/", HTTP_HOST="127.0.0.1:8000"))
        assert not phones_reach(rf.get("/", HTTP_HOST="localhost"))
        assert not phones_reach(rf.get("/", HTTP_HOST="[::1]:8000"))
        assert phones_reach(rf.get("/", HTTP_HOST="club.example:8000"))
    with override_settings(SITE_URL="", LAN_ADDRESS="192.168.1.20"):
        assert phones_reach(rf.get("/", HTTP_HOST="127.0.0.1:8000"))
    with override_settings(SITE_URL="http://192.168.1.20:8000", LAN_ADDRESS=None):
        assert phones_reach(rf.get("/", HTTP_HOST="127.0.0.1:8000"))


@override_settings(SITE_URL="", LAN_ADDRESS=None)
def test_the_staff_sheets_and_table_list_say_how_to_serve_the_phones_instead_of_a_qr_code(table, client, scorer):
    client.force_login(scorer)
    client.cookies["django_language"] = "en"
    slug, number = table.round.competition.slug, table.round.number
    sheet = pdf_pages_text(
        client.get(f"/competitions/{slug}/rounds/{number}/sheets.pdf", HTTP_HOST="127.0.0.1:8000").content
    )[0]
    flat = " ".join(sheet.split())
    assert HOW in flat, sheet
    assert "127.0.0.1:8000/t/" not in sheet and printed(table.table_code) not in sheet
    tables = "".join(
        pdf_pages_text(
            client.get(f"/competitions/{slug}/rounds/{number}/tables.pdf", HTTP_HOST="127.0.0.1:8000").content
        )
    )
    assert HOW in " ".join(tables.split()), tables


@override_settings(SITE_URL="", LAN_ADDRESS="192.168.1.20")
def test_with_a_network_address_the_sheets_keep_their_qr_code(table, client, scorer):
    client.force_login(scorer)
    slug, number = table.round.competition.slug, table.round.number
    sheet = pdf_pages_text(
        client.get(f"/competitions/{slug}/rounds/{number}/sheets.pdf", HTTP_HOST="127.0.0.1:8000").content
    )[0]
    assert "192.168.1.20:8000/t/" in sheet and HOW not in " ".join(sheet.split())


@pytest.mark.parametrize("host, none", [("127.0.0.1", True), ("localhost", True), ("0.0.0.0", False)])
def test_make_run_on_loopback_leaves_no_network_address(host, none):
    code = "import config.settings.local as s; print(s.LAN_ADDRESS is None)"
    env = {**os.environ, "SERVE_HOST": host, "SECRET_KEY": "x" * 50}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    if none:
        assert out.stdout.strip() == "True"
    else:  # 0.0.0.0: the network address when the machine has one (lan_address)
        assert out.stdout.strip() == str(lan_address() is None)


@override_settings(SITE_URL="", LAN_ADDRESS=None)
def test_the_phones_page_says_how_to_serve_the_phones_instead_of_a_qr_code(table, client, scorer):
    client.force_login(scorer)
    html = client.get("/manage/phones/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'id="phones-unreachable"' in html and HOW in html and "<svg" not in html
    with override_settings(LAN_ADDRESS="192.168.1.20"):
        html = client.get("/manage/phones/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert 'id="phones-unreachable"' not in html and "<svg" in html
