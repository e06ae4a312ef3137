"""Individual club evenings: a player's score on an evening is the sum of their side's totals over
the rounds they played (RULES.md §9), plus what byes and absence score as the competition chose.

The database does the summing: one aggregate query joins each confirmed match side to the seats of
that side and groups by player and evening (``evening_rows``). Python then applies the season's
method to those few rows per player — total, best N of M, best average over N, or periods (best k
of each period, then the best p periods).

Choices where the rules are silent:
- An evening counts once it has a confirmed match. A player is *absent* on a counted evening when
  they neither played nor had a bye in any of its rounds; every player of the competition (an
  entrant, or anyone who sat at one of its tables) is scored for every counted evening.
- "The evening's lowest" and "the evening's average" are over the players present that evening;
  averages are rounded half up to whole points. Absence "nothing" means no evening score at all,
  so it neither adds nor counts as an evening (best average divides by the evenings counted).
- Absences and byes score as the competition chose, at most ``compensation_limit`` times per
  player (``compensation.py``): fixed points (plus a pit), the lowest, the average, the player's own
  average, or nothing.
- Best N: with fewer than N evening scores, all of them count. Periods are evening numbers
  1..L, L+1..2L, … (L = evenings per period).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from django.db.models import Count, Exists, F, Min, OuterRef, Q, Sum
from django.utils.translation import gettext

from clubs.models import Player
from clubs.names import full_name_sort_key, surname_key
from competitions.models import Bye, Competition, Entrant, Match, MatchSide
from competitions.standings import compensation, recorded, season_rules
from competitions.standings.metrics import EveningScore, StandingRow, seat_sides
from competitions.standings.pairs_teams import STAT_FIELDS
from competitions.standings.tiebreak import compare_mutual
from core.numbers import quotient

CONFIRMED = Match.Status.CONFIRMED
#: An evening entered as a total only (imported): no games, roem or other counts were recorded for it.
IMPORTED_UNRECORDED = frozenset(recorded.STATS) | {"played", "won", "drawn", "lost"}
RESULTS = {"won": MatchSide.Result.WIN, "drawn": MatchSide.Result.DRAW, "lost": MatchSide.Result.LOSS}


def evening_rows(competition: Competition, *, by: str = "evening", evening: int | None = None):
    """The aggregate query: per player and evening (or round) the sum of their side's totals, the
    rounds played, results and statistics. ``by`` is "evening" or "round"."""
    group = {"evening": "match__round__evening__number", "round": "match__round__number"}[by]
    qs = seat_sides(match__round__competition=competition)
    if evening is not None:
        qs = qs.filter(match__round__evening__number=evening)
    return (
        qs.values(player=F("match__seats__player_id"), key=F(group))
        .annotate(
            points=personal_points(competition),
            played=Count("id"),
            **{name: Count("id", filter=Q(result=value)) for name, value in RESULTS.items()},
            **recorded.missing_counts(),  # before the sums below take the fields' names
            **{name: Sum(name) for name in STAT_FIELDS},
        )
        .order_by()
    )


def personal_points(competition: Competition):
    """A player's points of a match: their side's total, less the club's personal verzaakt penalty
    for each deal they verzaakt themselves (``MatchSeat.verzaakt``; the partner loses nothing)."""
    penalty = competition.verzaakt_player_penalty
    if not penalty:
        return Sum("total")
    return Sum(F("total") - F("match__seats__verzaakt") * penalty)


def _players(
    competition: Competition, ids, guests: set[int] | None = None, sort_keys: dict | None = None
) -> dict[int, str]:
    """Names of the competition's players: its player entrants and these player ids (those who
    sat at its tables, from the aggregate). Guests are named as such, and their ids are added
    to ``guests`` when given (the season leaves them out unless the competition ranks them)."""
    where = Q(pk__in=Entrant.objects.filter(competition=competition, player__isnull=False).values("player_id"))
    if ids:
        where |= Q(pk__in=list(ids))
    names = {}
    for pk, first, last, guest in (
        Player.objects.filter(where).order_by().values_list("id", "first_name", "last_name", "guest")
    ):
        names[pk] = guest_name(f"{first} {last}".strip()) if guest else f"{first} {last}".strip()
        if sort_keys is not None:
            sort_keys[pk] = (surname_key(last), first.casefold())
        if guest and guests is not None:
            guests.add(pk)
    return names


def guest_name(name: str) -> str:
    return gettext("%(name)s (guest)") % {"name": name}


def _byes(competition: Competition, evening: int | None = None) -> list[tuple[int, int, int | None, int]]:
    """(player id, round id, evening number, round number) of byes in rounds with a confirmed match."""
    qs = Bye.objects.filter(round__competition=competition, entrant__player__isnull=False).filter(
        Exists(Match.objects.filter(round_id=OuterRef("round_id"), status=CONFIRMED))
    )
    if evening is not None:
        qs = qs.filter(round__evening__number=evening)
    return list(qs.order_by().values_list("entrant__player_id", "round_id", "round__evening__number", "round__number"))


def bye_scores_by_round(competition: Competition, byes) -> dict[int, int]:
    """Round id -> what a bye scores in that round."""
    round_ids = {b[1] for b in byes}
    policy = competition.bye_policy
    if policy == Competition.ByePolicy.NOTHING:
        return {r: 0 for r in round_ids}
    if policy == Competition.ByePolicy.LOWEST:  # the lowest side total of the round
        lowest = dict(
            seat_sides(match__round_id__in=round_ids)
            .values("match__round_id")
            .annotate(low=Min("total"))
            .values_list("match__round_id", "low")
        )
        return {r: lowest.get(r) or 0 for r in round_ids}
    if policy in (Competition.ByePolicy.FIXED, "fixed_pit"):
        value = compensation.fixed_points(competition, bye=True)
        return {r: value for r in round_ids}
    if policy == Competition.ByePolicy.OWN_AVERAGE:  # per player: here the (first) player of each round
        own = compensation.own_round_averages(competition, {b[0] for b in byes})
        return {b[1]: own.get(b[0], 0) for b in reversed(byes)}
    averages = _round_averages(round_ids)  # AVERAGE
    return {r: averages.get(r, 0) for r in round_ids}


def bye_scores(competition: Competition, byes, own: dict[int, int] | None = None) -> dict[tuple[int, int], int]:
    """(player id, round id) -> what that player's bye scores; ``own``: the players' own season
    averages per round, when already known (else one query for the own-average policy)."""
    if competition.bye_policy != Competition.ByePolicy.OWN_AVERAGE:
        by_round = bye_scores_by_round(competition, byes)
        return {(b[0], b[1]): by_round[b[1]] for b in byes}
    if own is None:
        own = compensation.own_round_averages(competition, {b[0] for b in byes})
    return {(b[0], b[1]): own.get(b[0], 0) for b in byes}


def _add_stats(row: StandingRow, agg: dict) -> None:
    row.total += agg["points"]
    row.played += agg["played"]
    for name in (*RESULTS, *STAT_FIELDS):
        setattr(row, name, getattr(row, name) + (agg[name] or 0))


def rows_for(competition: Competition, up_to: int | None = None) -> list[StandingRow]:
    """Unranked season rows: 3 queries (4 when byes score the round's average). ``up_to``: the
    season as it stood after that evening (its number): later evenings left out."""
    c = competition
    fields = ("points", "played", *RESULTS, *STAT_FIELDS, *recorded.MISSING)
    season = evening_rows(c) if up_to is None else evening_rows(c).filter(match__round__evening__number__lte=up_to)
    aggregates = list(season.values_list("player", "key", *fields))
    imported = [t for t in season_rules.imported_totals(c) if up_to is None or t[1] <= up_to]
    guests: set[int] = set()
    sort_keys: dict[int, tuple] = {}
    names = _players(c, {agg[0] for agg in aggregates} | {t[0] for t in imported}, guests, sort_keys)
    rows = {pk: StandingRow(name=name, player_id=pk, sort_key=sort_keys[pk]) for pk, name in names.items()}
    scores: dict[int, dict] = defaultdict(dict)  # player -> evening number -> EveningScore
    sums: dict[int, list[int]] = {}
    for player, number, *values in aggregates:
        total = sums.get(player)
        sums[player] = [a + (b or 0) for a, b in zip(total, values)] if total else [v or 0 for v in values]
        scores[player][number] = EveningScore(number=number, points=values[0], played=values[1])
    for player, values in sums.items():
        row = rows[player]
        for name, value in zip(fields, values):
            setattr(row, "total" if name == "points" else name, value)
        recorded.mark(row, dict(zip(fields, values)))
    season_rules.add_imported(scores, imported)
    subs = [s for s in season_rules.substitutions(c) if up_to is None or s[2] <= up_to]
    if subs:
        moved = season_rules.substitute_rounds(seat_sides, c, subs, personal_points(c))
        for player in season_rules.move_substitute_scores(c, subs, moved, scores, rows):
            del rows[player]  # a substitute with nothing left to count
    byes = [b for b in _byes(c) if b[0] in rows and (up_to is None or (b[2] or 0) <= up_to)]
    numbers = sorted(
        {n for per_player in scores.values() for n in per_player} | {b[2] for b in byes},
        key=lambda n: (n is None, n or 0),
    )
    present = defaultdict(set)
    for player, per_player in scores.items():
        for number in per_player:
            present[number].add(player)
    for b in byes:
        present[b[2]].add(b[0])
    excused = season_rules.call_offs(c) if season_rules.compensates_absence(c) else set()
    absences = (
        [
            (pk, n)
            for n in numbers
            for pk in rows
            if pk not in present[n]
            and season_rules.absence_rule(c, (pk, n) in excused)[0] != Competition.AbsencePolicy.NOTHING
        ]
        if season_rules.compensates_absence(c)
        else []
    )
    allowed = _allowed(c, absences, byes)
    if byes:
        own = {pk: quotient(row.total, row.played) for pk, row in rows.items() if row.played}
        bye_score = bye_scores(c, byes, own)
        for player, round_id, number, _round_number in byes:
            value = bye_score[(player, round_id)] if ("bye", player, round_id) in allowed else 0
            # an individual competition's rounds are club evenings' rounds: the number is never None
            evening = scores[player].setdefault(number, EveningScore(number=number, points=0))  # type: ignore[arg-type]
            evening.points += value
            evening.byes += 1
            rows[player].byes += 1
            rows[player].bye_points += value
    missed = [m for m in season_rules.missed_rounds(c) if up_to is None or m[2] <= up_to]
    _score_missed_rounds(c, missed, scores, rows)
    _score_absences(c, rows, scores, numbers, {(pk, n) for kind, pk, n in allowed if kind == "absence"}, excused)
    struck = c.best_from != Competition.BestFrom.SEASON_END or season_rules.season_over(c, len(numbers))
    for pk, row in rows.items():
        row.evenings = sorted(scores[pk].values(), key=lambda e: (e.number is None, e.number or 0))
        row.points = season_points(c, row.evenings)
        if not struck:  # best N struck only after the last planned evening: the plain sum until then
            row.best_points = row.points
            for e in row.evenings:
                e.counted = True
            row.points = season_points(c, row.evenings, strike=False)
        row.points_total = sum(e.points for e in row.evenings)
        row.match_points = row.won * c.points_win + row.drawn * c.points_draw + row.lost * c.points_loss
    season_rules.mark_qualified(c, rows.values(), decided=season_rules.season_over(c, len(numbers)))
    if not c.guests_in_standings:  # guests play and show in the evening's result only
        return [row for pk, row in rows.items() if pk not in guests]
    return list(rows.values())


def _allowed(c: Competition, absences, byes) -> set[tuple[str, int, int]]:
    """The absences ("absence", player, evening number) and byes ("bye", player, round id) that are
    compensated: all of them, or each player's first ``compensation_limit`` (a policy of nothing
    compensates nothing, so it uses none of the limit)."""
    allowance = compensation.Allowance(c)
    byes_count = c.bye_policy != Competition.ByePolicy.NOTHING
    allowed = set()
    for kind, player, item in compensation.in_order(absences, byes if byes_count else []):
        if allowance.take(player):
            allowed.add((kind, player, item if kind == "absence" else item[1]))
    if not byes_count:
        allowed |= {("bye", b[0], b[1]) for b in byes}
    return allowed


def _score_absences(c: Competition, rows, scores, numbers, allowed, excused) -> None:
    """Absent players' evening scores: called off (``excused``) or not, each by its own policy."""
    if not season_rules.compensates_absence(c):
        return
    for number in numbers:
        present = [scores[pk][number].points for pk in rows if number in scores[pk]]
        for pk in rows:
            if number not in scores[pk] and (pk, number) in allowed:
                policy, points = season_rules.absence_rule(c, (pk, number) in excused)
                if policy == Competition.AbsencePolicy.OWN_AVERAGE:  # the player's own average evening
                    own = [e.points for n, e in scores[pk].items() if not e.absent and n in numbers]
                    value = quotient(sum(own), len(own)) if own else 0
                elif policy in (Competition.AbsencePolicy.FIXED, "fixed_pit"):
                    value = points + (compensation.pit_bonus(c) if policy == "fixed_pit" else 0)
                elif policy == Competition.AbsencePolicy.LOWEST:
                    value = min(present) if present else 0
                else:
                    value = quotient(sum(present), len(present)) if present else 0
                scores[pk][number] = EveningScore(number=number, points=value, absent=True)


def _round_averages(round_ids) -> dict[int, int]:
    """The average side total of each of these rounds (one query)."""
    return {
        round_id: quotient(points, count)
        for round_id, points, count in seat_sides(match__round_id__in=round_ids)
        .values("match__round_id")
        .annotate(points=Sum("total"), count=Count("id"))
        .values_list("match__round_id", "points", "count")
        if count
    }


def _score_missed_rounds(c: Competition, missed, scores, rows) -> dict[tuple[int, int], int]:
    """Add each late arrival's missed rounds to their evening score; (player, round id) -> points."""
    if not missed:
        return {}
    value = season_rules.missed_round_scores(c, missed, _round_averages)
    out = {}
    for player, round_id, number, _round in missed:
        if player not in rows or number not in scores[player]:  # a late arrival who then played
            continue
        evening = scores[player][number]
        evening.points += value[round_id]
        evening.missed += 1
        out[(player, round_id)] = value[round_id]
    return out


def season_points(c: Competition, evenings: list[EveningScore], *, strike: bool = True) -> int | Fraction:
    """The season score of these evening scores by the competition's method; marks ``counted``.
    ``strike=False``: nothing struck (the plain sum, or the plain average for best average)."""
    method = c.standings_method
    best_first = sorted(evenings, key=lambda e: (-e.points, e.number or 0))
    if not strike:
        pass
    elif method in (Competition.StandingsMethod.BEST_N, Competition.StandingsMethod.BEST_AVERAGE) and c.count_best:
        for e in best_first[c.count_best :]:
            e.counted = False
    elif method == Competition.StandingsMethod.PERIODS and c.period_length:
        periods: dict[int, list[EveningScore]] = defaultdict(list)
        for e in best_first:
            periods[((e.number or 1) - 1) // c.period_length].append(e)
        period_scores = []
        for index, members in periods.items():
            for e in members[c.period_best or len(members) :]:
                e.counted = False
            period_scores.append((-sum(e.points for e in members if e.counted), index))
        for _, index in sorted(period_scores)[c.periods_counted or len(period_scores) :]:
            for e in periods[index]:
                e.counted = False
    counted = [e.points for e in evenings if e.counted]
    if method == Competition.StandingsMethod.BEST_AVERAGE:
        return Fraction(sum(counted), len(counted)) if counted else Fraction(0)
    return sum(counted)


def head_to_head_loader(competition: Competition):
    """Two tied players' mutual results: the matches where they sat on opposite sides."""
    c = competition
    points_of = {
        MatchSide.Result.WIN: c.points_win,
        MatchSide.Result.DRAW: c.points_draw,
        MatchSide.Result.LOSS: c.points_loss,
    }

    def load(pairs):
        ids = {row.player_id for pair in pairs for row in pair}
        by_match: dict[int, dict[int, tuple]] = defaultdict(dict)
        for match_id, player, side, total, result in seat_sides(
            match__round__competition=c, match__seats__player_id__in=ids
        ).values_list("match_id", "match__seats__player_id", "side", "total", "result"):
            by_match[match_id][player] = (side, total, result)
        verdicts = {}
        for first, second in pairs:
            a, b = first.player_id, second.player_id
            meetings = []
            for seats in by_match.values():
                if a in seats and b in seats and seats[a][0] != seats[b][0]:
                    (_, ta, ra), (_, tb, rb) = seats[a], seats[b]
                    meetings.append((points_of.get(ra, 0) - points_of.get(rb, 0), ta - tb))
            verdicts[(a, b)] = compare_mutual(meetings)
        return verdicts

    return load


def evening_rows_for(
    competition: Competition, number: int, names: dict[int, str] | None = None, *, imported: bool | None = None
) -> tuple[list[StandingRow], list[int]]:
    """Unranked rows of evening ``number`` (present players only) and its round numbers: 2–4
    queries (one fewer when the players' ``names`` are known already), one more for the evening's
    imported totals unless ``imported`` says the evening has none (False)."""
    c = competition
    rows: dict[int, StandingRow] = {}
    for agg in evening_rows(c, by="round", evening=number):
        row = rows.setdefault(agg["player"], StandingRow(name="", player_id=agg["player"]))
        _add_stats(row, agg)
        recorded.mark(row, agg)
        row.rounds[agg["key"]] = row.rounds.get(agg["key"], 0) + agg["points"]
    byes = _byes(c, number)
    if byes:
        bye_score = bye_scores(c, byes)
        for player, round_id, _number, round_number in byes:
            row = rows.setdefault(player, StandingRow(name="", player_id=player))
            row.byes += 1
            row.bye_points += bye_score[(player, round_id)]
            row.rounds[round_number] = row.rounds.get(round_number, 0) + bye_score[(player, round_id)]
    missed = [m for m in season_rules.missed_rounds(c, number) if m[0] in rows]  # late, then played
    if missed:
        value = season_rules.missed_round_scores(c, missed, _round_averages)
        for player, round_id, _number, round_number in missed:
            rows[player].missed_points += value[round_id]
            rows[player].rounds[round_number] = rows[player].rounds.get(round_number, 0) + value[round_id]
    # Issue 33 item 8: an evening brought in from the club's records is an evening too: its players'
    # totals have places, a day winner and a booby prize like a played evening (one query).
    imported_points = (
        {player: points for player, _n, points in season_rules.imported_totals(c, number)}
        if imported is not False
        else {}
    )
    for player in imported_points:
        row = rows.setdefault(player, StandingRow(name="", player_id=player))
        if not row.played and not row.byes:  # entered as a total only: no games to count
            row.unrecorded = getattr(row, "unrecorded", frozenset()) | IMPORTED_UNRECORDED
    sort_keys: dict[int, tuple] = {}
    if names is None or not rows.keys() <= names.keys():
        names = _players(c, rows.keys(), sort_keys=sort_keys)
    for pk, row in rows.items():
        row.name = names.get(pk, "?")
        row.sort_key = sort_keys.get(pk) or full_name_sort_key(row.name)
        points = row.total + row.bye_points + row.missed_points + imported_points.get(pk, 0)
        row.points = points
        row.match_points = row.won * c.points_win + row.drawn * c.points_draw + row.lost * c.points_loss
        row.evenings = [
            EveningScore(number=number, points=points, played=row.played, byes=row.byes, imported=pk in imported_points)
        ]
    round_numbers = sorted({n for row in rows.values() for n in row.rounds})
    return list(rows.values()), round_numbers
