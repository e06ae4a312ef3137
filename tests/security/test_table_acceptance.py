"""Issue 25, item 3: one phone could confirm a sheet alone — save it as "wij", then accept it as
"zij" with the same table code: confirmed, 2592–0. The opponents' acceptance now needs their side's
acceptance code, which only their half of the score sheet carries (printed in their signature box
on the staff's sheets.pdf, listed on the organiser's phones page); the dashboard shows who typed and
who accepted. The table code itself is unchanged."""

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import translation

from competitions.base.table_codes import normalise, printed_pin, side_pin
from competitions.models import Competition, Match
from scoring import services
from scoring.models import AuditEntry
from scoring.phones import services as table_services
from tests.competitions.pdf_overlap import overlaps
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet
from tests.readback import pdf_pages_text
from tests.scoring.phones.test_table_link import form_data, publish, save

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(slug="pincode")


@pytest.fixture
def organiser(club):
    return UserFactory(username="pin-organiser", organiser_of=club)


@pytest.fixture
def typed(club):
    """A table whose sheet the "wij" phone typed and saved; the opponents' acceptance confirms."""
    match = publish(seated_match(club=club, second_check=Competition.SecondCheck.OPPONENTS, slug="alleen"))
    phone = Client()
    assert save(phone, match, form_data(simulated_sheet(match), side=0)).status_code == 200
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED and match.table_entered_side == 0
    return match, phone


def accept(phone, match, side: int, pin: str | None):
    data = {"side": side, "version": match.version}
    if pin is not None:
        data["pin"] = pin
    return phone.post(f"/t/{match.table_code}/accept/", data, HTTP_ACCEPT_LANGUAGE="en")


def test_the_same_phone_cannot_accept_as_the_opponents_with_the_table_code_alone(typed):
    match, phone = typed
    wij_pin = printed_pin(side_pin(match.table_code, 0))  # what the typing side holds
    for pin in (None, "", "AAAAAA", wij_pin, match.table_code, match.table_code[:6], "' OR 1=1 --"):
        response = accept(phone, match, 1, pin)
        assert response.status_code == 302  # back to the table page, with the refusal as a message
        match.refresh_from_db()
        assert match.status == Match.Status.ENTERED and match.table_checked_at is None, pin
    page = phone.get(f"/t/{match.table_code}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "not the acceptance code of zij" in page and 'data-state="check"' in page
    assert not AuditEntry.objects.filter(match=match, action__in=["accept", "confirm"]).exists()
    with translation.override("en"), pytest.raises(services.NotAllowed, match="acceptance code"):
        table_services.accept_at_table(match=match, side=1, version=match.version, pin=wij_pin)


def test_the_opponents_with_their_code_confirm(typed):
    match, _typing_phone = typed
    opponents = Client()  # the same phone or another: what counts is the code only they hold
    pin = printed_pin(side_pin(match.table_code, 1)).lower().replace("-", " ")  # typed however
    assert accept(opponents, match, 1, pin).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.table_checked_side == 1
    trail = list(AuditEntry.objects.filter(match=match).order_by("id").values_list("action", "table_side"))
    assert trail == [("save", 0), ("confirm", 1)]


def test_codes_differ_per_side_and_table_and_keep_the_table_code(club):
    first = publish(seated_match(club=club, slug="codes-een"))
    second = publish(seated_match(club=club, slug="codes-twee"))
    assert normalise(first.table_code) == first.table_code  # the table code: ten characters, as before
    pins = {side_pin(m.table_code, side) for m in (first, second) for side in (0, 1)}
    assert len(pins) == 4 and all(len(p) == 6 for p in pins)
    assert side_pin(first.table_code, 1) == side_pin(first.table_code, 1)  # stable: printed once, valid all night


def test_the_staff_sheets_print_each_sides_code_and_the_public_never_sees_one(club, organiser):
    match = publish(seated_match(club=club, slug="papier"))
    url = reverse("scoring_exports:round_sheets", args=[match.round.competition.slug, 1])
    staff = Client()
    staff.force_login(organiser)
    pdf = staff.get(url).content
    assert overlaps(pdf) == []  # the code sits in the signature box, clear of its label
    text = " ".join(" ".join(pdf_pages_text(pdf)).split())
    for side in (0, 1):
        assert printed_pin(side_pin(match.table_code, side)) in text
    public = " ".join(pdf_pages_text(Client().get(url).content))
    assert not any(printed_pin(side_pin(match.table_code, side)) in public for side in (0, 1))


def test_the_phones_page_lists_the_codes_and_the_dashboard_who_accepted(typed, organiser):
    match, _phone = typed
    staff = Client()
    staff.force_login(organiser)
    phones = staff.get(reverse("table:phones")).content.decode()
    assert printed_pin(side_pin(match.table_code, 0)) in phones and printed_pin(side_pin(match.table_code, 1)) in phones
    accept(Client(), match, 1, side_pin(match.table_code, 1))
    slug = match.round.competition.slug
    board = staff.get(reverse("tonight:dashboard", args=[slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "typed by wij, accepted by zij with its code" in board


def test_trying_codes_is_paused_after_ten_wrong_ones(typed):
    match, phone = typed
    caches["default"].clear()
    for n in range(10):
        accept(phone, match, 1, f"AAA{n:03d}")
    right = printed_pin(side_pin(match.table_code, 1))
    accept(phone, match, 1, right)  # even the right code waits now
    match.refresh_from_db()
    assert match.status == Match.Status.ENTERED
    page = phone.get(f"/t/{match.table_code}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Too many wrong acceptance codes" in page
    caches["default"].clear()  # a quarter of an hour later
    accept(phone, match, 1, right)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
