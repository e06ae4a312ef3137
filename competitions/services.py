"""The organiser's writes: evenings and attendance, rounds and their draws, fixtures, Swiss rounds.

Every function takes keyword-only arguments and runs in one transaction; it locks the row it
changes (the competition or the round) so two organisers clicking at once cannot draw twice.
Anything refused raises :class:`DrawError` with a message an organiser can read, and changes
nothing. The pairing itself is the pure engine's, reached through :mod:`competitions.draws`.

Rules the issue left open, chosen here:

- a round's draw can be changed (swapped, redrawn) only while it is a draft and none of its tables
  has results; publishing is one way (nothing here unpublishes);
- round numbers run through the whole competition (evening 2 of a 3-round competition starts
  with round 4);
- an individual competition has one Entrant per player, made when the player is first registered
  present (and on any draw that needs it);
- a fixture list is generated at once for every division; generating it again replaces it, but
  only when asked to and only while no round of it is published or has results.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs.models import Player, TeamMember
from competitions import draws
from competitions.models import (
    Attendance,
    Bye,
    Competition,
    Entrant,
    Evening,
    Fixture,
    Match,
    MatchSeat,
    MatchSide,
    SEATS,
    Round,
)

INDIVIDUAL = Competition.Format.INDIVIDUAL
PAIRS = Competition.Format.PAIRS
TEAMS = Competition.Format.TEAMS


class DrawError(ValueError):
    """An organiser's request that cannot be done; the message says why, in their words."""


# --- evenings and attendance -----------------------------------------------------------------


@transaction.atomic
def create_evening(*, competition: Competition, date: datetime.date | None = None) -> Evening:
    """Add the next club evening (numbered on from the last) to an individual competition."""
    competition = _lock_competition(competition)
    _require_format(competition, INDIVIDUAL, _("Only individual competitions have club evenings."))
    last = competition.evenings.aggregate(last=Max("number"))["last"] or 0
    return Evening.objects.create(competition=competition, number=last + 1, date=date)


@transaction.atomic
def register_attendance(*, evening: Evening, players: Iterable[Player], late: Iterable[Player] = ()) -> list[Attendance]:
    """Make ``players`` plus ``late`` exactly the players present at ``evening``.

    The attendance form shows the current list ticked, so what comes back is the whole list:
    ticked members are present, ``late`` ones present and marked as late arrivals (they take part
    from the next round drawn). A player who already sits in a drawn round of the evening cannot
    be taken off the list. Every player present gets the competition's Entrant.
    """
    evening = Evening.objects.select_related("competition__club").get(pk=evening.pk)
    competition = _lock_competition(evening.competition)
    late_ids = {p.pk for p in late}
    wanted = {p.pk: p for p in players} | {p.pk: p for p in late}
    _require_members(competition, wanted.values())

    current = {a.player_id: a for a in evening.attendances.all()}
    leaving = set(current) - set(wanted)
    playing = _players_in_rounds(Round.objects.filter(evening=evening), leaving)
    if playing:
        player = Player.objects.get(pk=next(iter(sorted(playing))))
        raise DrawError(
            _("%(name)s already plays in round %(number)s of this evening; swap them out of that round first.")
            % {"name": player.name, "number": playing[player.pk]}
        )
    Attendance.objects.filter(evening=evening, player_id__in=leaving).delete()
    changed = [a for pk, a in current.items() if pk in wanted and a.arrived_late != (pk in late_ids)]
    for attendance in changed:
        attendance.arrived_late = attendance.player_id in late_ids
    Attendance.objects.bulk_update(changed, ["arrived_late"])
    Attendance.objects.bulk_create(
        [Attendance(evening=evening, player_id=pk, arrived_late=pk in late_ids) for pk in wanted if pk not in current]
    )
    _ensure_entrants(competition, wanted.keys())
    return list(evening.attendances.select_related("player").order_by("player__last_name", "player__first_name"))


# --- rounds ------------------------------------------------------------------------------------


@transaction.atomic
def create_round(*, competition: Competition, evening: Evening | None = None, date: datetime.date | None = None) -> Round:
    """Add the next round (numbered on through the competition), as a draft without tables.

    Individual competitions draw a round within a club evening; pairs and teams rounds have none.
    """
    competition = _lock_competition(competition)
    if competition.format == INDIVIDUAL and evening is None:
        raise DrawError(_("A round of club evenings belongs to an evening."))
    if competition.format != INDIVIDUAL and evening is not None:
        raise DrawError(_("Only individual competitions have club evenings."))
    if evening is not None and evening.competition_id != competition.pk:
        raise DrawError(_("This evening belongs to another competition."))
    return _new_round(competition, evening=evening, date=date or (evening.date if evening else None))


@transaction.atomic
def draw_round(*, round: Round, seed: int | None = None) -> Round:
    """Draw the tables of a round of an individual evening ("loting").

    Everyone present at the evening gets a seat, or with tables of four only (and at 5 players) a
    bye that goes to the players with the fewest byes this season. The engine avoids repeat
    partners first and repeat opponents second, over this evening and the recent evenings.
    ``seed`` makes the draw repeatable; without one a random seed is chosen and kept on the round.
    """
    round = _lock_round(round)
    _require_individual_round(round)
    if round.matches.exists() or round.byes.exists():
        raise DrawError(_("Round %(number)s is already drawn; redraw it instead.") % {"number": round.number})
    _require_changeable(round, "draw")
    return _draw_individual(round, seed)


@transaction.atomic
def draw_next_round(*, evening: Evening, seed: int | None = None) -> Round:
    """Create the evening's next round and draw it, in one go."""
    round = create_round(competition=evening.competition, evening=evening)
    return draw_round(round=round, seed=seed)


@transaction.atomic
def redraw(*, round: Round, seed: int | None = None) -> Round:
    """Throw away a draft draw without results and draw the round anew (with a new seed)."""
    round = _lock_round(round)
    _require_individual_round(round)
    _require_changeable(round, "redraw")
    drawn_later = Round.objects.filter(evening=round.evening, number__gt=round.number, matches__isnull=False)
    later = drawn_later.order_by("-number").first()
    if later is not None:
        raise DrawError(
            _("Round %(later)s of this evening is drawn after round %(number)s; redraw that one first.")
            % {"later": later.number, "number": round.number}
        )
    round.matches.all().delete()
    round.byes.all().delete()
    if seed is None:
        seed = _new_seed(avoid=round.seed)
    return _draw_individual(round, seed)


@transaction.atomic
def publish_round(*, round: Round) -> Round:
    """Publish a drawn round: its tables appear on the public pages and can be entered.
    Publishing a published round changes nothing."""
    round = _lock_round(round)
    if not round.matches.exists():
        raise DrawError(_("Round %(number)s has no tables yet; draw it first.") % {"number": round.number})
    if round.status != Round.Status.PUBLISHED:
        round.status = Round.Status.PUBLISHED
        round.save(update_fields=["status"])
    return round


@transaction.atomic
def swap_players(*, round: Round, player_a: Player, player_b: Player) -> None:
    """Swap two players' seats (at one table or across tables), or a seated player with one who has
    a bye. Individual evenings only; the draw must be a draft without results."""
    round = _lock_round(round)
    if round.competition.format != INDIVIDUAL:
        raise DrawError(_("Players are swapped one by one only at club evenings; swap pairs instead."))
    _require_individual_round(round)
    _require_changeable(round, "swap")
    if player_a.pk == player_b.pk:
        raise DrawError(_("Choose two different players."))
    seats = {s.player_id: s for s in MatchSeat.objects.filter(match__round=round, player__in=[player_a, player_b])}
    byes = {b.entrant.player_id: b for b in round.byes.select_related("entrant").filter(entrant__player__in=[player_a, player_b])}
    for player in (player_a, player_b):
        if player.pk not in seats and player.pk not in byes:
            raise DrawError(_("%(name)s does not play in round %(number)s.") % {"name": player.name, "number": round.number})
    if not seats:
        raise DrawError(_("Both players have a bye; there is nothing to swap."))
    if len(seats) == 2:
        _reseat({seats[player_a.pk]: player_b.pk, seats[player_b.pk]: player_a.pk})
        return
    seated, out = (player_a, player_b) if player_a.pk in seats else (player_b, player_a)
    _reseat({seats[seated.pk]: out.pk})
    bye = byes[out.pk]
    bye.entrant = _ensure_entrants(round.competition, [seated.pk])[seated.pk]
    bye.save(update_fields=["entrant"])


@transaction.atomic
def swap_pairs(*, round: Round, player_a: Player, player_b: Player) -> None:
    """Swap the pair (side) of ``player_a`` with the pair of ``player_b``: both partners move,
    across tables or between the two sides of one table; in a pairs competition the sides'
    entrants move with them. Not for teams of four, whose tables follow the team fixture."""
    round = _lock_round(round)
    if round.competition.format == TEAMS:
        raise DrawError(_("The tables of a team match follow its teams; pairs cannot be swapped by hand."))
    _require_changeable(round, "swap")
    found = {
        s.player_id: (s.match_id, s.side)
        for s in MatchSeat.objects.filter(match__round=round, player__in=[player_a, player_b])
    }
    for player in (player_a, player_b):
        if player.pk not in found:
            raise DrawError(_("%(name)s has no seat in round %(number)s.") % {"name": player.name, "number": round.number})
    side_a, side_b = found[player_a.pk], found[player_b.pk]
    if side_a == side_b:
        raise DrawError(
            _("%(a)s and %(b)s are partners; choose one player of each pair.") % {"a": player_a.name, "b": player_b.name}
        )
    both = Q(match_id=side_a[0], side=side_a[1]) | Q(match_id=side_b[0], side=side_b[1])
    seats = list(MatchSeat.objects.filter(both))
    order = SEATS.index
    seats_a = sorted((s for s in seats if (s.match_id, s.side) == side_a), key=lambda s: order(s.seat))
    seats_b = sorted((s for s in seats if (s.match_id, s.side) == side_b), key=lambda s: order(s.seat))
    if len(seats_a) != len(seats_b):
        raise DrawError(_("A player alone at a table of three can only be swapped with another single player."))
    moves = {a: b.player_id for a, b in zip(seats_a, seats_b)} | {b: a.player_id for a, b in zip(seats_a, seats_b)}
    _reseat(moves)
    sides = {(s.match_id, s.side): s for s in MatchSide.objects.filter(both)}
    if len(sides) == 2:
        first, second = sides[side_a], sides[side_b]
        first.entrant_id, second.entrant_id = second.entrant_id, first.entrant_id
        MatchSide.objects.bulk_update([first, second], ["entrant"])


# --- leagues: fixtures and Swiss rounds --------------------------------------------------------


@transaction.atomic
def generate_fixtures(*, competition: Competition, double: bool = False, replace: bool = False) -> list[Round]:
    """Generate the whole fixture list of a pairs or teams league: a round robin per division
    (twice, home and away swapped, when ``double``). Round *r* holds round *r* of every division;
    an odd division gives one entrant a bye each round (recorded as a Bye). The rounds are drafts.

    With fixtures already there, ``replace`` must be set, and then none of them may be published
    or have results.
    """
    competition = _lock_competition(competition)
    _require_league(competition)
    existing = list(competition.rounds.all())
    if existing and not replace:
        raise DrawError(
            ngettext(
                "%(name)s already has %(count)s round; tick “replace” to generate the fixture list anew.",
                "%(name)s already has %(count)s rounds; tick “replace” to generate the fixture list anew.",
                len(existing),
            )
            % {"name": competition.name, "count": len(existing)}
        )
    for old in existing:
        _require_changeable(old, "replace")
    competition.rounds.all().delete()

    entrants = _league_entrants(competition)
    groups = draws.division_groups(entrants)
    for group in groups:
        if len(group) < 2:
            name = group[0].division.name if group and group[0].division else competition.name
            raise DrawError(_("%(name)s needs at least two entrants for a fixture list.") % {"name": name})
    schedules = [draws.schedule(group, double=double) for group in groups]
    places = _team_places(entrants, competition.format)
    rounds = Round.objects.bulk_create(
        [Round(competition=competition, number=n) for n in range(1, max(len(s) for s in schedules) + 1)]
    )
    plans = []
    for index, round in enumerate(rounds):
        plan = draws.RoundPlan()
        for games in schedules:
            if index < len(games):
                draws.plan_pairings(games[index], teams_of_four=competition.format == TEAMS, places=places, plan=plan)
        plans.append((round, plan))
    _write_plans(plans)
    return rounds


@transaction.atomic
def next_swiss_round(*, competition: Competition) -> Round:
    """Pair the next Swiss round of a pairs competition, per division, once every table of the
    previous round is confirmed. Ranking: total points of confirmed results so far (see
    ``draws.swiss_ranking``); no rematch where one can be avoided; neighbours in the ranking meet;
    the bye goes to the lowest-ranked entrant without one. The new round is a draft."""
    competition = _lock_competition(competition)
    _require_format(competition, PAIRS, _("Swiss rounds are for pairs competitions."))
    last = competition.rounds.order_by("-number").first()
    if last is not None:
        total = last.matches.count()
        if not total:
            raise DrawError(_("Round %(number)s has no tables yet.") % {"number": last.number})
        waiting = last.matches.exclude(status=Match.Status.CONFIRMED).count()
        if waiting:
            raise DrawError(
                ngettext(
                    "Round %(number)s is not finished: %(waiting)s of %(total)s tables is not confirmed yet.",
                    "Round %(number)s is not finished: %(waiting)s of %(total)s tables are not confirmed yet.",
                    waiting,
                )
                % {"number": last.number, "waiting": waiting, "total": total}
            )
    entrants = _league_entrants(competition)
    if len(entrants) < 2:
        raise DrawError(_("%(name)s needs at least two entrants for a Swiss round.") % {"name": competition.name})
    met, byes = draws.swiss_history(competition=competition)
    places = _team_places(entrants, competition.format)
    round = _new_round(competition)
    plan = draws.RoundPlan()
    for group in draws.division_groups(entrants):
        ranking = draws.swiss_ranking(competition=competition, entrants=group)
        draws.plan_pairings(draws.pair_swiss(ranking, met, byes), teams_of_four=False, places=places, plan=plan)
    _write_plans([(round, plan)])
    return round


# --- helpers -----------------------------------------------------------------------------------


def _lock_competition(competition: Competition) -> Competition:
    return Competition.objects.select_for_update(of=("self",)).select_related("club").get(pk=competition.pk)


def _lock_round(round: Round) -> Round:
    return Round.objects.select_for_update(of=("self",)).select_related("competition__club", "evening").get(pk=round.pk)


def _new_round(competition: Competition, **fields) -> Round:
    last = competition.rounds.aggregate(last=Max("number"))["last"] or 0
    return Round.objects.create(competition=competition, number=last + 1, **fields)


def _new_seed(avoid: int | None = None) -> int:
    seed = secrets.randbelow(2**31)
    return seed if seed != avoid else seed + 1


def _require_format(competition: Competition, format: str, message: str) -> None:
    if competition.format != format:
        raise DrawError(message)


def _require_league(competition: Competition) -> None:
    if competition.format not in (PAIRS, TEAMS):
        raise DrawError(_("Fixture lists are for pairs and teams competitions; club evenings are drawn round by round."))


def _require_individual_round(round: Round) -> None:
    _require_format(round.competition, INDIVIDUAL, _("Only rounds of individual club evenings are drawn by lot."))
    if round.evening_id is None:
        raise DrawError(_("Round %(number)s belongs to no club evening.") % {"number": round.number})


_REFUSALS = {  # action: (when the round has results, when it is published) — whole sentences for translators
    "draw": (
        gettext_lazy("Round %(number)s already has results; it cannot be drawn."),
        gettext_lazy("Round %(number)s is published; it cannot be drawn."),
    ),
    "redraw": (
        gettext_lazy("Round %(number)s already has results; it cannot be redrawn."),
        gettext_lazy("Round %(number)s is published; it cannot be redrawn."),
    ),
    "swap": (
        gettext_lazy("Round %(number)s already has results; its seats can no longer be swapped."),
        gettext_lazy("Round %(number)s is published; its seats can no longer be swapped."),
    ),
    "replace": (
        gettext_lazy("Round %(number)s already has results; the fixture list cannot be replaced."),
        gettext_lazy("Round %(number)s is published; the fixture list cannot be replaced."),
    ),
}


def _require_changeable(round: Round, action: str) -> None:
    """Refuse when the round has results (any deal, or a table past "not entered yet") or is published."""
    with_results, published = _REFUSALS[action]
    has_results = Match.objects.filter(round=round).filter(
        Q(deals__isnull=False) | ~Q(status=Match.Status.OPEN) | Q(deals_played__gt=0)
    )
    if has_results.exists():
        raise DrawError(str(with_results) % {"number": round.number})
    if round.status == Round.Status.PUBLISHED:
        raise DrawError(str(published) % {"number": round.number})


def _require_members(competition: Competition, players: Iterable[Player]) -> None:
    clubs = {competition.club_id}
    if competition.club.is_league:
        clubs |= set(competition.club.member_clubs.values_list("pk", flat=True))
    for player in players:
        if player.club_id not in clubs:
            raise DrawError(_("%(name)s is not a member of %(club)s.") % {"name": player.name, "club": competition.club.name})


def _players_in_rounds(rounds, player_ids: set[int]) -> dict[int, int]:
    """Player id → the first round number in which they have a seat or a bye, among ``rounds``."""
    if not player_ids:
        return {}
    found: dict[int, int] = {}
    seated = MatchSeat.objects.filter(match__round__in=rounds, player_id__in=player_ids)
    out = Bye.objects.filter(round__in=rounds, entrant__player_id__in=player_ids)
    for player, number in [
        *seated.values_list("player_id", "match__round__number"),
        *out.values_list("entrant__player_id", "round__number"),
    ]:
        found[player] = min(number, found.get(player, number))
    return found


def _ensure_entrants(competition: Competition, player_ids: Iterable[int]) -> dict[int, Entrant]:
    """The Entrant of each of these players in an individual competition, made where missing."""
    ids = set(player_ids)
    have = {e.player_id: e for e in Entrant.objects.filter(competition=competition, player_id__in=ids)}
    missing = [p for p in Player.objects.filter(pk__in=ids - set(have))]
    Entrant.objects.bulk_create([Entrant(competition=competition, player=p, name=p.name) for p in missing])
    if missing:
        have = {e.player_id: e for e in Entrant.objects.filter(competition=competition, player_id__in=ids)}
    return have


def _reseat(moves: dict[MatchSeat, int]) -> None:
    """Give each seat a new player. Deleted and recreated, so no (match, player) is ever taken twice."""
    MatchSeat.objects.filter(pk__in=[s.pk for s in moves]).delete()
    MatchSeat.objects.bulk_create(
        [MatchSeat(match_id=s.match_id, seat=s.seat, side=s.side, player_id=player) for s, player in moves.items()]
    )


def _draw_individual(round: Round, seed: int | None) -> Round:
    competition = round.competition
    present = list(round.evening.attendances.values_list("player_id", flat=True))
    least = draws.minimum_players(competition.three_player_tables)
    if len(present) < least:
        raise DrawError(
            _("At least %(least)s players must be present to draw a round; %(count)s are.")
            % {"least": least, "count": len(present)}
        )
    round.seed = _new_seed() if seed is None else seed
    round.save(update_fields=["seed"])
    partnered, opposed = draws.pair_history(round=round)
    plan = draws.plan_individual_round(
        player_ids=present,
        partnered=partnered,
        opposed=opposed,
        byes_so_far=draws.earlier_bye_players(competition=competition),
        seed=round.seed,
        three_player_tables=competition.three_player_tables,
    )
    entrants = _ensure_entrants(competition, present)
    plan.bye_entrants = [entrants[p] for p in plan.bye_players]
    _write_plans([(round, plan)])
    return round


def _league_entrants(competition: Competition) -> list[Entrant]:
    entrants = list(competition.entrants.select_related("division", "team"))
    for entrant in entrants:
        if entrant.team_id is None:
            raise DrawError(_("%(name)s is not a pair or team.") % {"name": entrant.name})
    return entrants


def _team_places(entrants: list[Entrant], format: str) -> dict[int, dict[int, int]]:
    """Team id → {place: player id}, checked complete: places 1–2 for pairs, 1–4 for teams of four."""
    places: dict[int, dict[int, int]] = {e.team_id: {} for e in entrants}
    for team_id, position, player_id in TeamMember.objects.filter(team__in=list(places)).values_list(
        "team_id", "position", "player_id"
    ):
        places[team_id][position] = player_id
    needed = range(1, 5) if format == TEAMS else range(1, 3)
    for entrant in entrants:
        for place in needed:
            if place not in places[entrant.team_id]:
                raise DrawError(
                    _("%(team)s has no player at place %(place)s.") % {"team": entrant.name, "place": place}
                )
    return places


def _write_plans(plans: list[tuple[Round, draws.RoundPlan]]) -> None:
    """Create the fixtures, tables (matches), sides, seats and byes of these plans in bulk."""
    fixtures: dict[tuple[int, int, int], Fixture] = {}
    for round, plan in plans:
        for table in plan.tables:
            if table.fixture is not None:
                home, away = table.fixture
                fixtures.setdefault((round.pk, home.pk, away.pk), Fixture(round=round, home=home, away=away))
    Fixture.objects.bulk_create(list(fixtures.values()))

    matches = []
    for round, plan in plans:
        for table in plan.tables:
            key = (round.pk, *(e.pk for e in table.fixture)) if table.fixture else None
            matches.append(Match(round=round, table=table.table, sides=table.sides, fixture=fixtures.get(key)))
    Match.objects.bulk_create(matches)

    tables = [table for _round, plan in plans for table in plan.tables]
    MatchSide.objects.bulk_create(
        [
            MatchSide(match=match, side=side, entrant=entrant)
            for match, table in zip(matches, tables)
            for side, entrant in enumerate(table.entrants)
        ]
    )
    MatchSeat.objects.bulk_create(
        [
            MatchSeat(match=match, seat=seat, side=side, player_id=player)
            for match, table in zip(matches, tables)
            for seat, side, player in table.seats
        ]
    )
    Bye.objects.bulk_create([Bye(round=round, entrant=entrant) for round, plan in plans for entrant in plan.bye_entrants])
