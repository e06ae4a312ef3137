"""Issue 27 item 2: a table's code belongs to its table and round, whatever is reseated, unpublished,
redrawn or published again; it ends only with its table, and a phone is told so in Dutch."""

import pytest
from django.test import override_settings

from competitions import services
from competitions.base.table_codes import ALPHABET, LENGTH, table_code_for
from competitions.evenings import services as evening_services
from competitions.models import Match
from tests.factories import ClubFactory, CompetitionFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_the_code_is_derived_per_round_table_and_purpose_and_keyed_by_the_secret():
    code = table_code_for(7, 3)
    assert len(code) == LENGTH and set(code) <= set(ALPHABET)
    assert table_code_for(7, 3) == code
    others = {table_code_for(7, 4), table_code_for(8, 3), table_code_for(7, 3, "accept")}
    assert code not in others and len(others) == 3
    with override_settings(SECRET_KEY="another-site-another-key-" + "x" * 30):
        assert table_code_for(7, 3) != code


def test_reseat_unpublish_redraw_and_publish_keep_every_printed_code():
    club = ClubFactory()
    competition = CompetitionFactory(club=club, rounds_per_evening=3)
    players = PlayerFactory.create_batch(13, club=club)
    evening = services.create_evening(competition=competition)
    services.register_attendance(evening=evening, players=players[:12])
    round = services.draw_next_round(evening=evening, seed=4)
    services.publish_round(round=round)
    printed = dict(round.matches.values_list("table", "table_code"))
    assert printed == {t: table_code_for(round.pk, t) for t in (1, 2, 3)}
    services.register_attendance(evening=evening, players=players[:12], late=players[12:])
    evening_services.reseat(round=round, player_a=players[0], player_b=players[12])
    assert dict(round.matches.values_list("table", "table_code")) == printed
    evening_services.unpublish_round(round=round)
    assert dict(round.matches.values_list("table", "table_code")) == printed  # paused, not gone
    services.redraw(round=round)
    assert dict(round.matches.values_list("table", "table_code")) == printed  # new rows, same tables
    services.publish_round(round=round)
    assert dict(Match.objects.filter(round=round).values_list("table", "table_code")) == printed
