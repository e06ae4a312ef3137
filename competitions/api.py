"""Public read API of competitions (DESIGN.md contract 3): list, standings, rounds.

No authentication: these are the public pages as JSON, for public competitions and published
rounds only; anything else answers 404 in the one error shape of ``core.api_errors``
(``{"detail", "errors": [{"deal", "field", "message"}]}``), as does a malformed path parameter (400).
Fields may be added, never removed or renamed. Component names are unique across the whole API
(``RoundMatchOut`` here, ``MatchOut`` of the matches API): a generated client relies on it.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Literal, TypeAlias

from ninja import Field, Path, Router, Schema
from pydantic import ConfigDict

from competitions import selectors
from competitions.models import RULESET_CHOICES, Competition, Match, MatchSide
from competitions.standings import standings as standings_of
from competitions.standings.report import evening_report
from core.api_errors import ApiErrors

router = Router(tags=["competitions"])

if TYPE_CHECKING:  # the names are built from the models' choices at run time, which mypy cannot follow
    FormatName: TypeAlias = str
    RuleSetName: TypeAlias = str
    StandingsMethodName: TypeAlias = str
    MatchStatusName: TypeAlias = str
    ResultName: TypeAlias = str
else:
    FormatName = Literal[tuple(Competition.Format.values)]
    RuleSetName = Literal[tuple(code for code, _label in RULESET_CHOICES)]
    StandingsMethodName = Literal[tuple(Competition.StandingsMethod.values)]
    MatchStatusName = Literal[tuple(Match.Status.values)]
    ResultName = Literal[tuple(MatchSide.Result.values)]

SLUG = Path(..., min_length=1, max_length=80, pattern=r"^[-a-zA-Z0-9_]+$", description="the competition's short name")
EVENING_NUMBER = Path(..., ge=1, le=32767, description="the evening's number, from 1")
ROUND_NUMBER = Path(..., ge=1, le=32767, description="the round's number, from 1")
NOT_FOUND = {400: ApiErrors, 404: ApiErrors}


class Out(Schema):
    """Every field of an answer is always sent: the schema says so (all required)."""

    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class CompetitionOut(Out):
    slug: str
    name: str
    format: FormatName
    rules: RuleSetName
    club: str
    standings_method: StandingsMethodName
    url: str


class EveningOut(Out):
    number: int | None
    points: int
    counted: bool
    absent: bool
    imported: bool = Field(description="brought in by the evening-totals import")


class StandingRowOut(Out):
    rank: int | None = Field(description="null: not qualified (fewer evenings than the minimum); listed last")
    rank_label: str
    name: str
    points: int | float = Field(description="what ranks: the season score")
    qualified: bool | None = Field(
        description="false: fewer evenings played than the minimum, listed without a place; null: not decided "
        "yet (the season's last planned evening is not played: every row is ranked on the running total)"
    )
    total: int = Field(description="every evening added up, nothing struck: the points championship")
    total_rank: int = Field(description="place in the points championship (ties share it); 0 outside club evenings")
    points_champion: bool
    best: int | float | None = Field(
        description="best N while the worst evenings are struck only at the season's end; else null"
    )
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: int | float  # duplicate: matchpoints scaled by Neuberg's formula may be fractions
    roem: int
    nat: int
    pits: int
    tegenpits: int
    bids: int
    made: int
    made_percent: int
    verzaakt: int
    average: float
    division: str
    prize: bool
    entrant_id: int | None
    player_id: int | None
    evenings: list[EveningOut]


class StandingsOut(Out):
    competition: str
    format: str
    method: StandingsMethodName
    tie_breakers: list[str]
    rows: list[StandingRowOut]


class RoundSideOut(Out):
    side: int = Field(ge=0, le=2)
    name: str
    players: list[str]
    total: int | None
    result: ResultName = Field(description="win, draw, loss, or empty while there is no result")


class RoundMatchOut(Out):
    id: int = Field(description="the match's id: GET /api/matches/{id} has it deal by deal")
    table: int
    status: MatchStatusName
    url: str
    sides: list[RoundSideOut]


class RoundOut(Out):
    number: int
    date: datetime.date | None
    evening: int | None
    matches: list[RoundMatchOut]
    byes: list[str]


@router.get(
    "/competitions",
    response=list[CompetitionOut],
    operation_id="list_competitions",
    summary="Public competitions",
    openapi_extra={
        "responses": {
            200: {
                "links": {
                    "Standings": {"operationId": "get_standings", "parameters": {"slug": "$response.body#/0/slug"}},
                    "FirstRound": {
                        "operationId": "get_round",
                        "parameters": {"slug": "$response.body#/0/slug", "number": "1"},
                    },
                }
            }
        }
    },
)
def list_competitions(request):
    return [
        {
            "slug": c.slug,
            "name": c.name,
            "format": c.format,
            "rules": c.ruleset,
            "club": c.club.name,
            "standings_method": c.standings_method,
            "url": c.get_absolute_url(),
        }
        for c in selectors.public_competitions().order_by("name")
    ]


@router.get(
    "/competitions/{slug}/standings",
    response={200: StandingsOut, **NOT_FOUND},
    operation_id="get_standings",
    summary="Standings of a competition (rank ascending; tied entrants share a rank)",
)
def competition_standings(request, slug: str = SLUG):
    competition = selectors.public_competition(slug)
    rows = standings_of(competition)
    return {
        "competition": competition.slug,
        "format": competition.format,
        "method": competition.standings_method,
        "tie_breakers": [str(k) for k in competition.tie_breakers or []],
        "rows": [
            {
                "rank": r.rank,
                "rank_label": r.rank_label,
                "name": r.name,
                "points": r.points_display,
                "qualified": r.qualified,
                "total": r.points_total,
                "total_rank": r.total_rank,
                "points_champion": r.points_champion,
                "best": r.best_points_display,
                "played": r.played,
                "won": r.won,
                "drawn": r.drawn,
                "lost": r.lost,
                "byes": r.byes,
                "match_points": r.match_points,
                "roem": r.roem,
                "nat": r.nat,
                "pits": r.pits,
                "tegenpits": r.tegenpits,
                "bids": r.bids,
                "made": r.made,
                "made_percent": r.made_percent,
                "verzaakt": r.verzaakt,
                "average": r.average_display,
                "division": r.division,
                "prize": r.prize,
                "entrant_id": r.entrant_id,
                "player_id": r.player_id,
                "evenings": [
                    {
                        "number": e.number,
                        "points": e.points,
                        "counted": e.counted,
                        "absent": e.absent,
                        "imported": e.imported,
                    }
                    for e in r.evenings
                ],
            }
            for r in rows
        ],
    }


@router.get(
    "/competitions/{slug}/rounds/{number}",
    response={200: RoundOut, **NOT_FOUND},
    operation_id="get_round",
    summary="A published round: its tables with sides, players, totals and status",
    openapi_extra={
        "responses": {
            200: {
                "links": {
                    "Match": {"operationId": "get_match", "parameters": {"match_id": "$response.body#/matches/0/id"}},
                }
            }
        }
    },
)
def competition_round(request, slug: str = SLUG, number: int = ROUND_NUMBER):
    competition = selectors.public_competition(slug)
    round_ = selectors.public_round(competition, number)
    matches = []
    seen = selectors.play_seen(None, competition)  # the public's view (this read is cached for everyone)
    for match in selectors.round_matches(round_):
        view = selectors.table_view(match, play_shown=seen.match(match.pk))
        matches.append(
            {
                "id": match.pk,
                "table": match.table,
                "status": match.status,
                "url": match.get_absolute_url(),
                "sides": [
                    {
                        "side": s.side,
                        "name": s.name,
                        "players": [n for _, n in s.players],
                        "total": s.total,
                        "result": s.result,
                    }
                    for s in view.sides
                ],
            }
        )
    date = round_.date or (round_.evening.date if round_.evening else None)
    return {
        "number": round_.number,
        "date": date,
        "evening": round_.evening.number if round_.evening else None,
        "matches": matches,
        "byes": selectors.round_byes(round_),
    }


class EveningReportOut(Out):
    evening: int
    date: datetime.date | None
    text: str = Field(description="the evening's report for the local paper: one paragraph of plain text")


@router.get(
    "/competitions/{slug}/evenings/{number}/report",
    response={200: EveningReportOut, **NOT_FOUND},
    operation_id="get_evening_report",
    url_name="evening_report",
    summary="The evening's report for the local paper (plain text, in the request's language)",
)
def evening_report_text(request, slug: str = SLUG, number: int = EVENING_NUMBER):
    competition = selectors.public_competition(slug)
    evening = selectors.public_evening(competition, number)
    return {"evening": evening.number, "date": evening.date, "text": evening_report(evening)}
