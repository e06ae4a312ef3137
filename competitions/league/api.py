"""Public read API of a competition's fixture list (DESIGN.md contract 3):
``GET /api/competitions/<slug>/fixtures`` → ``{"fixtures": [{"round", "date", "home", "away",
"result": [home, away] | null, "match_points": [home, away] | null}]}``.

Home and away are entrant names as in the standings; a result (the sum of a team match's tables)
and its match points (by the competition's scheme) appear once every table of it is confirmed.
Published rounds only; club evenings have no fixtures (an empty list). Fields may be added, never
removed or renamed.
"""

from __future__ import annotations

import datetime

from ninja import Router, Schema
from pydantic import ConfigDict

from competitions import selectors
from competitions.api import SLUG
from competitions.standings.fixtures import fixture_lines
from core.api_errors import ApiErrors

router = Router(tags=["competitions"])


class FixtureOut(Schema):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    round: int
    date: datetime.date | None
    home: str
    away: str
    result: list[int] | None
    match_points: list[int] | None
    venue: str
    tables: int
    tables_confirmed: int


class FixturesOut(Schema):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)

    competition: str
    fixtures: list[FixtureOut]


@router.get(
    "/competitions/{slug}/fixtures",
    response={200: FixturesOut, 400: ApiErrors, 404: ApiErrors},
    operation_id="get_fixtures",
    summary="The fixture list of a competition, with results and match points as they come in",
)
def competition_fixtures(request, slug: str = SLUG):
    competition = selectors.public_competition(slug)
    return {
        "competition": competition.slug,
        "fixtures": [
            {
                "round": line.round,
                "date": line.date,
                "home": line.home,
                "away": line.away,
                "result": list(line.result) if line.result is not None else None,
                "match_points": list(line.match_points) if line.match_points is not None else None,
                "venue": line.venue,
                "tables": line.tables,
                "tables_confirmed": line.confirmed,
            }
            for line in fixture_lines(competition)
        ],
    }
