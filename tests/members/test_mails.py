"""The draw's and the evening's result mails: written in the transaction of the publish or the
confirmation, in Dutch, plain text and HTML, with a one-click unsubscribe; a reseat mails only those
moved; a member who switched a kind off gets none; an invalid address stops nothing."""

from __future__ import annotations

import pytest
from django.db import transaction
from django_tasks_db.models import DBTaskResult

from competitions import services
from competitions.evenings import services as evening_services
from competitions.models import MatchSeat
from core import outbox
from members.mails.links import read_unsubscribe_token
from members.models import MemberSettings, Notice
from tests.factories import UserFactory, club_evening, play_and_confirm, publish_next_round
from tests.members.helpers import outbox_mails

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def queued(settings):
    settings.EMAIL_BACKEND = "core.outbox.OutboxBackend"
    settings.SITE_URL = "http://club.example.nl"


def queued_mails() -> list[dict]:
    return outbox_mails()


def by_recipient(mails) -> dict[str, dict]:
    return {mail["to"][0]: mail for mail in mails}


def test_publishing_a_round_queues_each_seated_members_table_seat_partner_and_opponents():
    _club, _competition, members, evening, _organiser = club_evening()
    round = publish_next_round(evening)
    mails = by_recipient(queued_mails())
    assert len(mails) == 8
    seat = MatchSeat.objects.select_related("match").get(match__round=round, player=members[0])
    mail = mails[f"lid{members[0].pk}@example.nl"]
    assert mail["subject"] == f"Avond 1 · ronde 1: u zit aan tafel {seat.match.table}"
    assert f"Tafel {seat.match.table}, plaats " in mail["body"]
    mates = MatchSeat.objects.filter(match=seat.match).exclude(player=members[0]).select_related("player")
    for other in mates:
        assert other.player.name in mail["body"]
    assert "Maat:" in mail["body"] and "Tegenstanders:" in mail["body"]
    html = mail["alternatives"][0]
    assert html[1] == "text/html" and f"Tafel {seat.match.table}" in html[0]
    headers = mail["headers"]
    assert headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = headers["List-Unsubscribe"].strip("<>")
    assert link.startswith("http://club.example.nl/me/unsubscribe/")
    assert read_unsubscribe_token(link.rstrip("/").rsplit("/", 1)[1]) == (members[0].pk, "draw")


def test_a_publish_that_rolls_back_leaves_no_mail():
    _club, _competition, _members, evening, _organiser = club_evening()
    services.register_attendance(evening=evening, players=list(evening.competition.club.players.all()))
    round = services.draw_next_round(evening=evening, seed=1)
    with pytest.raises(RuntimeError), transaction.atomic():
        services.publish_round(round=round)
        assert outbox.status().waiting == 8 and Notice.objects.count() == 8
        raise RuntimeError("the request failed after publishing")
    assert DBTaskResult.objects.count() == 0 and Notice.objects.count() == 0


def test_publishing_again_mails_nobody_and_a_reseat_mails_only_those_moved():
    _club, _competition, members, evening, _organiser = club_evening(players=9)  # 2 tables and one bye
    round = publish_next_round(evening)
    first = len(queued_mails())
    services.publish_round(round=round)  # published again, nothing changed
    assert len(queued_mails()) == first
    seats = list(MatchSeat.objects.filter(match__round=round).select_related("match").order_by("match__table", "seat"))
    a, b = seats[0], next(s for s in seats if s.match_id != seats[0].match_id)
    evening_services.reseat(round=round, player_a=a.player, player_b=b.player)
    corrected = queued_mails()[first:]
    moved_names = {f"lid{a.player_id}@example.nl", f"lid{b.player_id}@example.nl"}
    # the two who swapped, and everyone at their two tables (their partner or opponents changed)
    at_tables = {f"lid{s.player_id}@example.nl" for s in MatchSeat.objects.filter(match__in=[a.match_id, b.match_id])}
    assert moved_names <= {m["to"][0] for m in corrected}
    assert {m["to"][0] for m in corrected} == at_tables
    mail = by_recipient(corrected)[f"lid{a.player_id}@example.nl"]
    assert mail["subject"].startswith("Gewijzigd: Avond 1 · ronde 1, u zit nu aan tafel ")


def test_a_member_who_switched_the_draw_off_gets_none_and_an_invalid_address_stops_nothing():
    _club, _competition, members, evening, _organiser = club_evening()
    MemberSettings.objects.create(player=members[0], draw_mail=False)
    members[1].account.email = "geen-adres"
    members[1].account.save()
    publish_next_round(evening)
    to = {m["to"][0] for m in queued_mails()}
    assert f"lid{members[0].pk}@example.nl" not in to
    assert "geen-adres" not in to
    assert len(to) == 6


def test_members_without_an_account_get_no_mail():
    _club, _competition, members, evening, _organiser = club_evening()
    for player in members[:4]:
        player.account = None
        player.save(update_fields=["account"])
    publish_next_round(evening)
    assert len(queued_mails()) == 4


def test_the_evenings_result_is_mailed_once_when_its_last_table_is_confirmed():
    club, competition, members, evening, organiser = club_evening(players=8)
    round = publish_next_round(evening)
    draws = len(queued_mails())
    scorer = UserFactory(scorer_of=club)
    tables = list(round.matches.order_by("table"))
    play_and_confirm(round, scorer=scorer, confirmer=organiser)
    results = queued_mails()[draws:]
    assert len(results) == 8, "one result mail per member, after the last of the two tables"
    assert len(tables) == 2
    mail = results[0]
    assert mail["subject"].startswith(f"Avond 1 van {competition.name}: u bent ")
    assert "De top 5 van de avond" in mail["body"]
    assert "seizoensstand" in mail["body"]
    assert mail["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "List-Unsubscribe" in mail["headers"]
    assert Notice.objects.filter(kind="result", evening=evening).count() == 8


def test_a_member_can_have_the_mails_in_english():
    _club, _competition, members, evening, _organiser = club_evening()
    MemberSettings.objects.create(player=members[0], language="en")
    publish_next_round(evening)
    mail = by_recipient(queued_mails())[f"lid{members[0].pk}@example.nl"]
    assert mail["subject"].startswith("Evening 1 · round 1: you sit at table ")
    assert "Partner:" in mail["body"]


def test_the_mails_reach_a_real_smtp_server_once(settings, transactional_db):
    from django.core.management import call_command

    from tests.mailserver import MailServer

    server = MailServer().start()
    try:
        for name, value in server.settings().items():
            setattr(settings, name, value)
        settings.OUTBOX_EMAIL_BACKEND = outbox.SMTP_BACKEND
        _club, _competition, _members, evening, _organiser = club_evening()
        publish_next_round(evening)
        call_command("send_notifications", "--once", verbosity=0)
        call_command("send_notifications", "--once", verbosity=0)
        received = server.inbox.messages
        assert len(received) == 8 and len(set(server.inbox.message_ids())) == 8
        assert all(m["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click" for m in received)
        assert all(m.get_body(("html",)) is not None for m in received)
    finally:
        server.stop()


@pytest.mark.parametrize("players", [40, 200])
def test_the_draws_mails_cost_three_statements_whatever_the_number_of_members(players, django_assert_num_queries):
    """The seats with what each member was told before, the notices (one upsert), the compose tasks
    (one INSERT): three statements on SQLite and PostgreSQL alike (issue 32 item 7's bar)."""
    from members.mails.services import write_draw_mails

    _club, _competition, _members, evening, _organiser = club_evening(players=players)
    services.register_attendance(evening=evening, players=list(evening.competition.club.players.all()))
    round = services.draw_next_round(evening=evening, seed=1)
    Round = type(round)
    Round.objects.filter(pk=round.pk).update(status=Round.Status.PUBLISHED)
    round = Round.objects.select_related("competition__club", "evening").get(pk=round.pk)
    with transaction.atomic(), django_assert_num_queries(3):
        assert write_draw_mails(round=round) == players
    with transaction.atomic(), django_assert_num_queries(1):  # again, nothing changed: the seats only
        assert write_draw_mails(round=round) == 0
    assert len(queued_mails()) == players


def test_member_mails_still_to_be_composed_count_as_waiting_for_the_organiser(settings):
    settings.EMAIL_HOST = ""
    _club, _competition, _members, evening, _organiser = club_evening()
    publish_next_round(evening)
    state = outbox.status()
    assert state.waiting == 8 and not state.configured and state.problem


def test_a_member_moved_out_by_a_new_draw_hears_it_and_the_others_only_if_their_table_changed():
    """Published, unpublished, redrawn and published again: the member who now has the bye gets "you do
    not play" (the fourth query of write_draw_mails), who sits as before gets nothing."""
    _club, competition, members, evening, _organiser = club_evening(players=9)
    competition.three_player_tables = False  # two tables and a bye
    competition.save(update_fields=["three_player_tables"])
    round = publish_next_round(evening)
    first = {m["to"][0] for m in queued_mails()}
    assert len(first) == 8
    seated = set(MatchSeat.objects.filter(match__round=round).values_list("player_id", flat=True))
    for seed in range(2, 40):
        evening_services.unpublish_round(round=round)
        round = services.redraw(round=round, seed=seed)
        if set(MatchSeat.objects.filter(match__round=round).values_list("player_id", flat=True)) != seated:
            break
        services.publish_round(round=round)
    else:
        pytest.fail("no redraw moved the bye")
    now_seated = set(MatchSeat.objects.filter(match__round=round).values_list("player_id", flat=True))
    (out,) = seated - now_seated
    count = len(queued_mails())
    services.publish_round(round=round)
    corrected = by_recipient(queued_mails()[count:])
    assert corrected[f"lid{out}@example.nl"]["subject"] == "Gewijzigd: u speelt niet in Avond 1 · ronde 1"
    assert Notice.objects.get(kind="draw", round=round, player_id=out).signature == ""
    (new,) = now_seated - seated
    assert corrected[f"lid{new}@example.nl"]["subject"].startswith("Avond 1 · ronde 1: u zit aan tafel ")
    assert all(m["subject"].startswith("Gewijzigd") for to, m in corrected.items() if to != f"lid{new}@example.nl")
