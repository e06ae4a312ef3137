"""What ratings are computed from: a pool's confirmed matches, read in a fixed order.

Queries: one for the matches, then their seats and sides by id, two queries per
``MATCHES_PER_QUERY`` matches (plain ``IN`` lists of ids: a plan that is linear whatever the
planner's statistics say; a correlated sub-select behind a server-side cursor once ran for minutes
on a PostgreSQL whose statistics were stale), and one for entrants when some matches have no seats.

A pool is a club or a league; its matches are the confirmed tables of the published rounds of the
competitions it organises. Order: the date (the round's, else its evening's; undated last), the
round's number and id, the table, the match id — the same order on every run.

The players of a side are the match's seats (every draw seats them). A match without seats (an
import, generated data) falls back to its entrants: the player of an individual entrant, or both
members of a fixed pair; a team of four without seats cannot say which pair sat there, so that match
is skipped (and counted as skipped).

Fair play (issue 24 item 1, DESIGN.md "Duplicate play"): a duplicate session's table counts once its
play may be shown to the public (``competitions.selectors.play_seen`` for an anonymous viewer: every
board it played has been played by every table of the session). Ratings are one list for everyone,
so the public's rule is the one: until then a W-D-L or a rating would tell how a table did on boards
that others still have to play. Choice: such tables count later rather than never (they are games
like any other once the session is over); the digest follows, so the ratings refresh when they
become visible. One query, and two per duplicate competition of the pool with confirmed tables.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict

from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.db.models.functions import Coalesce

from clubs.models import Club, Team, TeamMember
from competitions.models import Competition, Entrant, Match, MatchSeat, MatchSide, Round
from competitions.selectors import play_seen
from scoring.ratings.engine import MODEL_VERSION, Game


def pool_matches(club: Club | int) -> QuerySet[Match]:
    confirmed = Match.objects.filter(
        round__competition__club=club, round__status=Round.Status.PUBLISHED, status=Match.Status.CONFIRMED
    )
    hidden = hidden_play(confirmed)
    return confirmed if hidden is None else confirmed.exclude(hidden)


def hidden_play(confirmed: QuerySet[Match]) -> Q | None:
    """Which of these confirmed tables belong to a duplicate session and may not be shown to the
    public yet (None: none may be hidden). One query, and two per duplicate session."""
    sessions = Competition.objects.filter(
        format=Competition.Format.DUPLICATE, pk__in=confirmed.values("round__competition_id")
    )
    hidden = None
    for competition in sessions:
        seen = play_seen(None, competition)
        if not seen.everything:
            q = Q(round__competition=competition) & ~Q(pk__in=seen.matches)
            hidden = q if hidden is None else hidden | q
    return hidden


def fingerprint(club: Club | int) -> tuple[str, int]:
    """A digest of the pool's confirmed results (one query) and how many there are. A result that is
    confirmed, corrected (its version moves), reopened or deleted changes the digest."""
    figures = pool_matches(club).aggregate(
        n=Count("id"), ids=Sum("id"), versions=Sum("version"), changed=Max("changed_at"), confirmed=Max("confirmed_at")
    )
    text = "|".join(str(figures[k]) for k in ("n", "ids", "versions", "changed", "confirmed")) + "|" + MODEL_VERSION
    return hashlib.sha256(text.encode()).hexdigest(), figures["n"] or 0


MATCHES_PER_QUERY = 5000


def load_games(club: Club | int) -> list[Game]:
    """The pool's confirmed matches as engine games, in rating order."""
    rows = list(
        pool_matches(club)
        .annotate(day=Coalesce("round__date", "round__evening__date"))
        .order_by(F("day").asc(nulls_last=True), "round__number", "round_id", "table", "id")
        .values_list("id", "round_id", "round__evening_id", "day")
    )
    ids = sorted(row[0] for row in rows)
    seated: dict[int, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    totals: dict[int, dict[int, tuple[int, int | None]]] = defaultdict(dict)
    for start in range(0, len(ids), MATCHES_PER_QUERY):
        chunk = ids[start : start + MATCHES_PER_QUERY]
        for match_id, side, player_id in (
            MatchSeat.objects.filter(match_id__in=chunk)
            .order_by("match_id", "side", "seat")
            .values_list("match_id", "side", "player_id")
        ):
            seated[match_id][side].append(player_id)
        for match_id, side, total, entrant_id in MatchSide.objects.filter(match_id__in=chunk).values_list(
            "match_id", "side", "total", "entrant_id"
        ):
            totals[match_id][side] = (total, entrant_id)
    unseated = {e for m, _r, _e, _d in rows if m not in seated for _t, e in totals[m].values() if e is not None}
    members = _entrant_players(unseated) if unseated else {}

    games = []
    for match_id, round_id, evening_id, day in rows:
        sides = totals[match_id]
        order = sorted(sides)
        if match_id in seated:
            players = tuple(tuple(seated[match_id].get(s, ())) for s in order)
        else:
            players = tuple(members.get(sides[s][1], ()) for s in order)
        step = ("evening", evening_id) if evening_id else ("round", round_id)
        games.append(Game(step=step, day=day, sides=players, totals=tuple(sides[s][0] for s in order)))
    return games


def _entrant_players(entrant_ids: set[int]) -> dict[int | None, tuple[int, ...]]:
    """Entrant id -> its players, for matches without seats: one player, or a fixed pair's two."""
    found: dict[int | None, tuple[int, ...]] = {}  # looked up by a side's entrant id, which may be None
    pairs: dict[int, list[int]] = defaultdict(list)
    for entrant_id, player_id, team_id, kind in Entrant.objects.filter(pk__in=entrant_ids).values_list(
        "id", "player_id", "team_id", "team__kind"
    ):
        if player_id is not None:
            found[entrant_id] = (player_id,)
        elif kind == Team.Kind.PAIR:
            pairs[team_id].append(entrant_id)
    for team_id, player_id in (
        TeamMember.objects.filter(team_id__in=list(pairs), team__kind=Team.Kind.PAIR)
        .filter(Q(position__lte=2))
        .order_by("team_id", "position")
        .values_list("team_id", "player_id")
    ):
        for entrant_id in pairs[team_id]:
            found[entrant_id] = found.get(entrant_id, ()) + (player_id,)
    return found
