"""A late arrival's compensation stands in its own round's column (issue 33 item 11): on a second
evening (season rounds 3 and 4, rounds 1 and 2 of the evening) H misses the evening's first round;
its compensation stands under that round (season round 3, headed "R 1"), not in a column of its own
that is headed "R 1" a second time.

Known answer, by hand (fixed 250 for a missed round):
  evening 2, round 1 (season round 3): A C 400 – B D 300 | E 300, F 200, G 100 (three players)
  evening 2, round 2 (season round 4): A C 500 – B D 200 | E G 350 – F H 250
  H: round 1 250 (missed), round 2 250, evening 500.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from competitions.models import Attendance, Round
from competitions.standings import evening_results_by_number
from tests.factories import CompetitionFactory, EveningFactory, PlayerFactory, played_match
from tests.readback import pdf_pages_text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def second_evening():
    comp = CompetitionFactory(format="individual", missed_round_policy="fixed", missed_round_points=250)
    people = dict(
        zip(
            "ABCDEFGH",
            [PlayerFactory(club=comp.club, name=full_name) for full_name in [f"Laat {x}" for x in "ABCDEFGH"]],
        )
    )
    p = people
    first = EveningFactory(competition=comp, number=1)
    for number in (1, 2):
        round_ = Round.objects.create(
            competition=comp, number=number, evening=first, evening_round=number, status="published"
        )
        played_match(round_, totals=(300, 300), players=[p["A"], p["B"], p["C"], p["D"]])
    evening = EveningFactory(competition=comp, number=2)
    one = Round.objects.create(competition=comp, number=3, evening=evening, evening_round=1, status="published")
    two = Round.objects.create(competition=comp, number=4, evening=evening, evening_round=2, status="published")
    played_match(one, totals=(400, 300), players=[p["A"], p["B"], p["C"], p["D"]])
    played_match(one, totals=(300, 200, 100), players=[p["E"], p["F"], p["G"]])
    played_match(two, totals=(500, 200), players=[p["A"], p["B"], p["C"], p["D"]])
    played_match(two, totals=(350, 250), players=[p["E"], p["F"], p["G"], p["H"]])
    Attendance.objects.bulk_create(
        [Attendance(evening=evening, player=x, arrived_late=letter == "H") for letter, x in people.items()]
    )
    return comp, people


def test_the_missed_round_is_keyed_by_its_own_round():
    comp, people = second_evening()
    rows = {r.player_id: r for r in evening_results_by_number(comp, 2)}
    h = rows[people["H"].pk]
    assert h.points == 500
    assert h.rounds == {3: 250, 4: 250}  # season rounds 3 and 4; never a key 1 beside them
    assert rows[people["E"].pk].rounds == {3: 300, 4: 350}


def test_the_evening_page_and_pdf_head_each_round_once(client):
    comp, people = second_evening()
    page = client.get(f"/competitions/{comp.slug}/evenings/2/")
    assert page.status_code == 200
    html = page.content.decode()
    head = html[html.index("<thead") : html.index("</thead>")]
    assert head.count("R 1") == 1 and head.count("R 2") == 1
    pdf = client.get(reverse("competition_exports:evening_pdf", kwargs={"slug": comp.slug, "number": 2}))
    assert pdf.status_code == 200
    text = " ".join(pdf_pages_text(b"".join(pdf.streaming_content) if pdf.streaming else pdf.content))
    assert text.count("R1") == 1 and text.count("R2") == 1
