"""Public read API of competitions (DESIGN.md contract 3): list, standings, rounds.

No authentication: these are the public pages as JSON, for public competitions and published
rounds only; anything else answers 404 ``{"detail": "Not Found"}``. Fields may be added, never
removed or renamed.
"""

from __future__ import annotations

from ninja import Router, Schema

from competitions import selectors
from competitions.standings import standings as standings_of

router = Router(tags=["competitions"])


class NotFound(Schema):
    detail: str


class CompetitionOut(Schema):
    slug: str
    name: str
    format: str
    rules: str
    club: str
    standings_method: str
    url: str


class EveningOut(Schema):
    number: int | None
    points: int
    counted: bool
    absent: bool


class StandingRowOut(Schema):
    rank: int
    rank_label: str
    name: str
    points: int | float
    played: int
    won: int
    drawn: int
    lost: int
    byes: int
    match_points: int
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


class StandingsOut(Schema):
    competition: str
    format: str
    method: str
    tie_breakers: list[str]
    rows: list[StandingRowOut]


class SideOut(Schema):
    side: int
    name: str
    players: list[str]
    total: int | None
    result: str


class MatchOut(Schema):
    id: int
    table: int
    status: str
    url: str
    sides: list[SideOut]


class RoundOut(Schema):
    number: int
    date: str | None
    evening: int | None
    matches: list[MatchOut]
    byes: list[str]


@router.get("/competitions", response=list[CompetitionOut], summary="Public competitions")
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
    response={200: StandingsOut, 404: NotFound},
    summary="Standings of a competition (rank ascending; tied entrants share a rank)",
)
def competition_standings(request, slug: str):
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
                    {"number": e.number, "points": e.points, "counted": e.counted, "absent": e.absent} for e in r.evenings
                ],
            }
            for r in rows
        ],
    }


@router.get(
    "/competitions/{slug}/rounds/{number}",
    response={200: RoundOut, 404: NotFound},
    summary="A published round: its tables with sides, players, totals and status",
)
def competition_round(request, slug: str, number: int):
    competition = selectors.public_competition(slug)
    round_ = selectors.public_round(competition, number)
    matches = []
    for match in selectors.round_matches(round_):
        view = selectors.table_view(match)
        matches.append(
            {
                "id": match.pk,
                "table": match.table,
                "status": match.status,
                "url": match.get_absolute_url(),
                "sides": [
                    {"side": s.side, "name": s.name, "players": [n for _, n in s.players], "total": s.total, "result": s.result}
                    for s in view.sides
                ],
            }
        )
    date = round_.date or (round_.evening.date if round_.evening else None)
    return {
        "number": round_.number,
        "date": date.isoformat() if date else None,
        "evening": round_.evening.number if round_.evening else None,
        "matches": matches,
        "byes": selectors.round_byes(round_),
    }
