"""The rules real clubs' reglementen add to an individual season (RULES.md §9, "What real clubs'
reglementen add"), each a competition option, applied by ``individual.rows_for``:

- **Minimum attendance** (``min_evenings``): once the season's last planned evening is played
  (``season_over``), a player with fewer evenings played is not qualified; ``split_qualified`` ranks
  the qualified and lists the others after them without a place. Until then nothing is decided
  (``row.qualified`` None, contract 3): everyone is ranked on the running total, as clubs publish it.
  Choice: a competition without planned evenings has no last evening to wait for, so its minimum
  excludes at once (as before).
  Evenings played: evenings with a round played or drawn out, plus imported evenings; an absence
  that was compensated is not an evening played.
- **Struck only at the end** (``best_from = "season_end"``): with best N, the worst evenings are
  struck once results exist for ``planned_evenings`` evenings; until then the standing is the plain
  sum (best average: the plain average). ``row.best_points`` always holds "best N" for the page.
- **Points champion** (``points_champion``): every evening added up (``row.points_total``, struck
  evenings and compensations included), ranked on its own (``rank_points_total``).
- **Excused or not**: an absent player who called off (``CallOff``) gets ``absence_policy``; one who
  did not gets ``unexcused_policy`` ("" = the same as called off, the behaviour before the option).
- **Late arrival**: a round of the evening played before a late arrival (``Attendance.arrived_late``)
  came — a round with a confirmed table, where they have no seat and no bye (the draw marks a late
  arrival as sitting the first round out: that is the round missed) —
  scores ``missed_round_policy``: nothing, fixed points (plus a pit), or the round's average side total.
- **Substitute** (``Substitution``): from ``from_round`` of that evening the substitute's rounds count
  for the substitute (default), for the absent member, or for nobody (``substitute_counts_for``).
- **Imported evenings** (``EveningTotal``): a player's evening total from the club's own records,
  counted like an evening played (``EveningScore.imported``).

Each loader here is one query, and runs only when its option is on (imported totals always: one
query), so the standings stay a fixed number of queries whatever the season's size.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Exists, F, OuterRef, Q

from competitions.models import (
    Attendance,
    Bye,
    CallOff,
    Competition,
    EveningTotal,
    Match,
    MatchSeat,
    MatchSide,
    Round,
    Substitution,
)
from competitions.standings import compensation
from competitions.standings.metrics import EveningScore, StandingRow

CONFIRMED = Match.Status.CONFIRMED
#: A round's results, counted per player (as ``individual.RESULTS``): they move with a substitute's rounds.
GAMES = ("won", "drawn", "lost")
_GAME_RESULTS = dict(zip(GAMES, (MatchSide.Result.WIN, MatchSide.Result.DRAW, MatchSide.Result.LOSS)))


# --- imported evenings -------------------------------------------------------------------------------
def imported_totals(competition: Competition, number: int | None = None) -> list[tuple[int, int, int]]:
    """(player id, evening number, points) of every imported evening total, or of evening ``number``
    only (one query)."""
    totals = EveningTotal.objects.filter(evening__competition=competition)
    if number is not None:
        totals = totals.filter(evening__number=number)
    return list(totals.order_by().values_list("player_id", "evening__number", "points"))


def add_imported(scores: dict[int, dict], totals) -> None:
    for player, number, points in totals:
        score = scores[player].get(number)
        if score is None:
            scores[player][number] = EveningScore(number=number, points=points, imported=True)
        else:  # a player who also has a result that evening in this system: both count
            score.points += points
            score.imported = True


# --- excused or not ----------------------------------------------------------------------------------
def absence_rule(competition: Competition, excused: bool) -> tuple[str, int]:
    """(policy, fixed points) for an absent player who called off (``excused``) or did not."""
    if excused or not competition.unexcused_policy:
        return competition.absence_policy, competition.absence_points
    return competition.unexcused_policy, competition.unexcused_points


def compensates_absence(competition: Competition) -> bool:
    nothing = Competition.AbsencePolicy.NOTHING
    return competition.absence_policy != nothing or competition.unexcused_policy not in ("", nothing)


def call_offs(competition: Competition) -> set[tuple[int, int]]:
    """(player id, evening number) of every call-off; no query when both absences score alike."""
    if not competition.unexcused_policy:
        return set()
    return set(
        CallOff.objects.filter(evening__competition=competition).order_by().values_list("player_id", "evening__number")
    )


# --- late arrivals -----------------------------------------------------------------------------------
def missed_rounds(competition: Competition, evening: int | None = None) -> list[tuple[int, int, int, int]]:
    """(player id, round id, evening number, round number) of each round a late arrival missed; the
    round's number is the season's (``Round.number``), as a bye's and a played round's are, so the
    compensation stands in that round's own column of the evening result (issue 33 item 11). No query when the competition gives a missed round nothing; else one, and two more
    when someone came late: the evenings' rounds with a result, and who had a seat or a bye in
    them (one UNION)."""
    if competition.missed_round_policy == Competition.MissedRoundPolicy.NOTHING:
        return []
    arrivals = Attendance.objects.filter(evening__competition=competition, arrived_late=True)
    if evening is not None:
        arrivals = arrivals.filter(evening__number=evening)
    late = list(arrivals.order_by().values_list("player_id", "evening_id", "evening__number"))
    if not late:
        return []
    rounds = list(
        Round.objects.filter(evening_id__in={e for _p, e, _n in late})
        .filter(Exists(Match.objects.filter(round_id=OuterRef("pk"), status=CONFIRMED)))
        .order_by()
        .values_list("id", "evening_id", "number")
    )
    round_ids = [r[0] for r in rounds]
    players = {p for p, _e, _n in late}
    there = (
        set(
            MatchSeat.objects.filter(match__round_id__in=round_ids, player_id__in=players)
            .order_by()
            .values_list("match__round_id", "player_id")
            .union(
                Bye.objects.filter(round_id__in=round_ids, entrant__player_id__in=players).values_list(
                    "round_id", "entrant__player_id"
                )
            )
        )
        if round_ids
        else set()
    )
    by_evening = defaultdict(list)
    for round_id, evening_id, round_number in rounds:
        by_evening[evening_id].append((round_id, round_number))
    return [
        (player, round_id, number, round_number)
        for player, evening_id, number in late
        for round_id, round_number in by_evening[evening_id]
        if (round_id, player) not in there
    ]


def missed_round_scores(competition: Competition, missed, round_averages) -> dict[int, int]:
    """Round id -> what a missed round scores; ``round_averages(round_ids)`` answers the average."""
    policy = competition.missed_round_policy
    round_ids = {m[1] for m in missed}
    if policy == Competition.MissedRoundPolicy.AVERAGE:
        averages = round_averages(round_ids)
        return {r: averages.get(r, 0) for r in round_ids}
    if policy == Competition.MissedRoundPolicy.NOTHING:
        return dict.fromkeys(round_ids, 0)
    value = competition.missed_round_points
    if policy == Competition.MissedRoundPolicy.FIXED_PIT:
        value += compensation.pit_bonus(competition)
    return dict.fromkeys(round_ids, value)


# --- substitutes -------------------------------------------------------------------------------------
def substitutions(competition: Competition) -> list[tuple[int, int, int, int]]:
    """(member id, substitute id, evening number, from round) — none (no query) when a
    substitute's score counts for the substitute, as it does at the table."""
    if competition.substitute_counts_for == Competition.SubstituteCountsFor.SUBSTITUTE:
        return []
    return list(
        Substitution.objects.filter(evening__competition=competition)
        .order_by()
        .values_list("member_id", "substitute_id", "evening__number", "from_round")
    )


def substitute_rounds(seat_sides, competition: Competition, subs, points_expression):
    """(substitute id, evening number, round of the evening, points, matches, won, drawn, lost) of the
    substitutes' rounds on their evenings (one query)."""
    players = {s[1] for s in subs}
    evenings = {s[2] for s in subs}
    return list(
        seat_sides(
            match__round__competition=competition,
            match__round__evening__number__in=evenings,
            match__seats__player_id__in=players,
        )
        .values(player=F("match__seats__player_id"), number=F("match__round__evening__number"))
        .annotate(
            points=points_expression,
            played=Count("id"),
            **{name: Count("id", filter=Q(result=value)) for name, value in _GAME_RESULTS.items()},
        )
        .values_list("player", "number", "match__round__evening_round", "points", "played", *GAMES)
    )


def move_substitute_scores(competition: Competition, subs, rounds, scores, rows) -> set[int]:
    """Move the substitutes' rounds from ``from_round`` on to the member (or to nobody): their points,
    the rounds played and their results (won, drawn, lost), so that played stays won + drawn + lost on
    every line. Returns the substitutes left without any evening score (they then have no line in the
    season)."""
    to_member = competition.substitute_counts_for == Competition.SubstituteCountsFor.MEMBER
    # (substitute, evening) -> [points, matches, *GAMES]
    taken: defaultdict[tuple[int, int], list[int]] = defaultdict(lambda: [0] * (2 + len(GAMES)))
    given: defaultdict[tuple[int, int], list[int]] = defaultdict(lambda: [0] * (2 + len(GAMES)))  # (member, evening)
    starts = {(s[1], s[2]): (s[0], s[3]) for s in subs}
    for player, number, evening_round, *counts in rounds:
        member, start = starts.get((player, number), (None, None))
        if member is None or (evening_round or 0) < start:
            continue
        counts = [value or 0 for value in counts]
        taken[(player, number)] = [a + b for a, b in zip(taken[(player, number)], counts)]
        if to_member and member in rows:
            given[(member, number)] = [a + b for a, b in zip(given[(member, number)], counts)]
    for (player, number), (points, played, *games) in taken.items():
        score = scores[player].get(number)
        if score is None:
            continue
        score.points -= points
        score.played -= played
        if score.played <= 0 and not score.byes and not score.imported:
            del scores[player][number]
        if player in rows:
            rows[player].total -= points
            rows[player].played -= played
            for name, value in zip(GAMES, games):
                setattr(rows[player], name, getattr(rows[player], name) - value)
    for (member, number), (points, played, *games) in given.items():
        score = scores[member].setdefault(number, EveningScore(number=number, points=0))
        score.points += points
        score.played += played
        rows[member].total += points
        rows[member].played += played
        for name, value in zip(GAMES, games):
            setattr(rows[member], name, getattr(rows[member], name) + value)
    return {player for player, _number in taken if player in rows and not scores[player]}


# --- qualification, the points championship ----------------------------------------------------------
def season_over(competition: Competition, evenings_with_results: int) -> bool:
    """The season's last planned evening is played: results exist for ``planned_evenings`` evenings
    (always true without planned evenings: there is nothing to wait for)."""
    planned = competition.planned_evenings
    return not planned or evenings_with_results >= planned


def mark_qualified(competition: Competition, rows, *, decided: bool = True) -> None:
    """``row.qualified``: True or False by the minimum attendance once ``decided`` (the season is
    over); None (not decided yet, everyone ranked on the running total) before that."""
    least = competition.min_evenings or 0
    for row in rows:
        row.qualified = row.evenings_played >= least if decided or not least else None


def running_total(rows) -> bool:
    """The standing is a running total: a minimum attendance not decided yet (contract 3)."""
    return any(row.qualified is None for row in rows)


def split_qualified(rows: list[StandingRow], rank) -> list[StandingRow]:
    """Rank the qualified rows (and those not decided yet) with ``rank(rows)``; list the others after
    them without a place (``rank`` None, no prize), by points, then by name."""
    qualified = [row for row in rows if row.qualified is not False]
    others = [row for row in rows if row.qualified is False]
    ranked = rank(qualified)
    others.sort(key=lambda r: (-r.points, r.sort_key or (r.name.casefold(),), r.player_id or 0))
    for position, row in enumerate(others, start=len(ranked) + 1):
        row.rank = None
        row.rank_label = ""
        row.position = position
        row.prize = False
    return ranked + others


def rank_points_total(rows: list[StandingRow], *, prize: bool) -> list[StandingRow]:
    """The points championship: every row by ``points_total`` (ties share a place); the first place
    (shared when level) is the points champion when the competition awards it. Returns the rows in
    that order; ``row.total_rank`` is set."""
    ordered = sorted(rows, key=lambda r: (-r.points_total, r.sort_key or (r.name.casefold(),), r.player_id or 0))
    position = 0
    previous = None
    for index, row in enumerate(ordered, start=1):
        if row.points_total != previous:
            position, previous = index, row.points_total
        row.total_rank = position
        row.points_champion = prize and position == 1 and row.points_total > 0
    return ordered
