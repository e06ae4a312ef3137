"""Club evenings, the organiser's writes: the evening, who came (and who came late), a new round of the
evening, walk-ins, odd numbers, and taking steps back.

- Walk-ins: a guest ("introducé") or a new member, added in one line and ticked present at once. A
  guest is a ``Player`` of the competition's club marked ``guest`` (with their own club's name if
  given) and a member number "G1", "G2" …; a new member gets the next free numeric member number. A
  name that is already on the club's list is refused (tick that member instead), so the same person
  does not end up twice in the standings; a name that *nearly* matches one on the list ("Henk Hebers
  sr.", "henk hébers" next to "Henk Hebers": ``clubs.names``) raises :class:`NearMatches`
  naming them, and is added only when asked again with ``confirm_new``.
- Odd numbers: ``three_player_tables(round)`` is the evening's own choice
  (``Evening.three_player_tables``) or, when it has none, the competition's; ``players_to_draw(round)``
  is everyone present at the evening except those marked as sitting this round out (``SitOut``: no
  seat, no bye, and so no bye compensation); ``set_sit_outs`` marks who sits a round out, before it
  is drawn (or redrawn).
- Undo: removing a whole evening is ``competitions.evenings.removal``.
- Taking steps back, while nothing depends on the step yet: ``delete_round`` (the last round, a draft without
  results), ``unpublish_round`` (back to a draft while none of its tables has a result; the table
  links stop working, a new one is made when the round is published again) and ``reseat`` (after
  publishing, a late arrival or a leaver: two players swap seats, or a seated player with one who
  has a bye, sits out or is present but not in the round, while the tables involved have no
  results; those tables get new table links, so the function returns them for their sheets to be
  printed again). Only the *last* round can be deleted, so round numbers stay without gaps.
  Entrants made only for the deleted evening (a player ticked present by mistake) go with it, so
  they do not appear in the standings with nothing.

One module since issue 23: the four parts were split only to keep modules under a line cap."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from clubs.models import Player
from clubs.names import name_key, near_matches
from competitions import notices
from competitions.base.checks import (
    INDIVIDUAL,
    DrawError,
    require_changeable,
    require_format,
    require_individual_round,
    require_members,
)
from competitions.base.rows import ensure_entrants, lock_competition, lock_round, new_round, players_in_rounds
from competitions.base.table_codes import assign_table_codes
from competitions.models import (
    Attendance,
    CallOff,
    Competition,
    Evening,
    Match,
    MatchSeat,
    Round,
    SitOut,
    Substitution,
)
from core.text import control_character


@transaction.atomic
def create_evening(*, competition: Competition, date: datetime.date | None = None) -> Evening:
    """Add the next club evening (numbered on from the last) to an individual competition."""
    competition = lock_competition(competition)
    require_format(competition, INDIVIDUAL, _("Only individual competitions have club evenings."))
    last = competition.evenings.aggregate(last=Max("number"))["last"] or 0
    return Evening.objects.create(competition=competition, number=last + 1, date=date)


@transaction.atomic
def register_attendance(
    *,
    evening: Evening,
    players: Iterable[Player],
    late: Iterable[Player] = (),
    called_off: Iterable[Player] | None = None,
) -> list[Attendance]:
    """Make ``players`` plus ``late`` exactly the players present at ``evening``.

    The attendance form shows the current list ticked, so what comes back is the whole list:
    ticked members are present, ``late`` ones present and marked as late arrivals (they take part
    from the next round drawn). A player who already sits in a drawn round of the evening cannot
    be taken off the list. Every player present gets the competition's Entrant.
    ``called_off`` (when given) becomes exactly the members who called off (afgemeld): absent, and
    compensated as the competition says for an absence called off; nobody is both.
    """
    evening = Evening.objects.select_related("competition__club").get(pk=evening.pk)
    competition = lock_competition(evening.competition)
    late_ids = {p.pk for p in late}
    wanted = {p.pk: p for p in players} | {p.pk: p for p in late}
    require_members(competition, wanted.values())
    if called_off is not None:
        excused = {p.pk: p for p in called_off}
        both = sorted((p for pk, p in excused.items() if pk in wanted), key=lambda p: p.name)
        if both:
            raise DrawError(_("%(name)s is ticked both present and called off; choose one.") % {"name": both[0].name})
        require_members(competition, excused.values())
        CallOff.objects.filter(evening=evening).exclude(player_id__in=excused).delete()
        have = set(CallOff.objects.filter(evening=evening).values_list("player_id", flat=True))
        CallOff.objects.bulk_create([CallOff(evening=evening, player_id=pk) for pk in excused if pk not in have])
        ensure_entrants(competition, excused.keys())

    current = {a.player_id: a for a in evening.attendances.all()}
    leaving = set(current) - set(wanted)
    playing = players_in_rounds(Round.objects.filter(evening=evening), leaving)
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
    ensure_entrants(competition, wanted.keys())
    return list(evening.attendances.select_related("player").order_by("player__last_name", "player__first_name"))


@transaction.atomic
def create_round(
    *, competition: Competition, evening: Evening | None = None, date: datetime.date | None = None
) -> Round:
    """Add the next round (numbered on through the competition), as a draft without tables.

    Individual competitions draw a round within a club evening; pairs and teams rounds have none.
    """
    competition = lock_competition(competition)
    if competition.format == INDIVIDUAL and evening is None:
        raise DrawError(_("A round of club evenings belongs to an evening."))
    if competition.format != INDIVIDUAL and evening is not None:
        raise DrawError(_("Only individual competitions have club evenings."))
    if evening is not None and evening.competition_id != competition.pk:
        raise DrawError(_("This evening belongs to another competition."))
    return new_round(competition, evening=evening, date=date or (evening.date if evening else None))


NAME_MAX = 60


class NearMatches(DrawError):
    """The walk-in's name nearly matches members on the list (``players``): asked, not refused."""

    def __init__(self, name: str, players: list[Player]):
        listed = ", ".join(
            _("%(name)s (member number %(number)s)") % {"name": p.name, "number": p.member_number} for p in players
        )
        super().__init__(
            _(
                "%(name)s nearly matches %(listed)s on the list. The same person? Tick them instead. "
                "Someone else? Confirm to add %(name)s."
            )
            % {"name": name, "listed": listed}
        )
        self.name, self.players = name, players


@transaction.atomic
def add_walk_in(
    *,
    evening: Evening,
    first_name: str,
    last_name: str,
    guest: bool = False,
    guest_club: str = "",
    confirm_new: bool = False,
) -> Player:
    """Add a guest or a new member to the club and tick them present at ``evening``; a name nearly
    a listed member's raises :class:`NearMatches` unless ``confirm_new``."""
    evening = Evening.objects.select_related("competition__club").get(pk=evening.pk)
    competition = lock_competition(evening.competition)
    require_format(competition, INDIVIDUAL, _("Only individual competitions have club evenings."))
    for text in (first_name, last_name, guest_club):
        if what := control_character(str(text)):
            raise DrawError(_("A name is one line: this one contains %(what)s.") % {"what": what})
    first_name, last_name, guest_club = (" ".join(str(v).split()) for v in (first_name, last_name, guest_club))
    if not last_name:
        raise DrawError(_("Give the surname of the player who came in."))
    if len(first_name) > NAME_MAX or len(last_name) > 80 or len(guest_club) > 120:
        raise DrawError(_("That name is too long."))
    club = competition.club
    same = Player.objects.filter(club=club, first_name__iexact=first_name, last_name__iexact=last_name).first()
    if same is not None:
        raise DrawError(
            _("%(name)s is already on the list (member number %(number)s); tick them there.")
            % {"name": same.name, "number": same.member_number}
        )
    if not confirm_new:
        listed = Player.objects.filter(club=club).only("pk", "first_name", "last_name", "member_number")
        key = name_key(first_name, last_name)
        near = near_matches(key, ((p, name_key(p.first_name, p.last_name)) for p in listed.order_by("sort_name", "pk")))
        if near:
            raise NearMatches(f"{first_name} {last_name}".strip(), near)
    player = Player.objects.create(
        club=club,
        member_number=_next_number(club, guest),
        first_name=first_name,
        last_name=last_name,
        guest=guest,
        guest_club=guest_club if guest else "",
        active=not guest,
    )
    Attendance.objects.create(evening=evening, player=player)
    ensure_entrants(competition, [player.pk])
    return player


def _next_number(club, guest: bool) -> str:
    numbers = Player.objects.filter(club=club).values_list("member_number", flat=True)
    if guest:
        taken = [int(m[1:]) for m in numbers if re.fullmatch(r"G\d{1,9}", m)]
        return f"G{max(taken, default=0) + 1}"
    taken = [int(m) for m in numbers if m.isdigit() and len(m) < 10]
    return str(max(taken, default=0) + 1)


def three_player_tables(round: Round) -> bool:
    choice = round.evening.three_player_tables if round.evening else None
    return round.competition.three_player_tables if choice is None else choice


def players_to_draw(round: Round) -> list[int]:
    out = set(SitOut.objects.filter(round=round).values_list("player_id", flat=True))
    out |= substituted_out(round)
    assert round.evening is not None, "a round of a club evening"
    return [p for p in round.evening.attendances.values_list("player_id", flat=True) if p not in out]


def substituted_out(round: Round) -> set[int]:
    """Who is not drawn in ``round`` because of a substitute (``evenings.substitutes``): the members
    replaced from this round of the evening on, and the substitutes whose turn has not come yet."""
    if not round.evening_id:
        return set()
    number = round.evening_round or 0
    return {
        member if number >= start else sub
        for member, sub, start in Substitution.objects.filter(evening_id=round.evening_id).values_list(
            "member_id", "substitute_id", "from_round"
        )
    }


@transaction.atomic
def set_sit_outs(*, round: Round, player_ids: Iterable[int]) -> None:
    """Make exactly ``player_ids`` (players present at the evening) sit out this round; only while
    the round can still be drawn or redrawn."""
    round = lock_round(round)
    require_individual_round(round)
    require_changeable(round, "draw")
    wanted = set(player_ids)
    assert round.evening is not None, "a round of a club evening"
    present = set(round.evening.attendances.values_list("player_id", flat=True))
    if wanted - present:
        raise DrawError(_("Only players present at the evening can sit a round out."))
    SitOut.objects.filter(round=round).exclude(player_id__in=wanted).delete()
    have = set(SitOut.objects.filter(round=round).values_list("player_id", flat=True))
    SitOut.objects.bulk_create([SitOut(round=round, player_id=p) for p in wanted - have])


@transaction.atomic
def sit_out_late_arrivals(*, round: Round) -> list[int]:
    """Mark the evening's late arrivals as sitting out ``round`` when it is the evening's first round
    and not drawn yet; the player ids marked."""
    if round.evening_id is None or round.evening_round != 1 or round.matches.exists():
        return []
    assert round.evening is not None  # evening_id is set
    late = set(round.evening.attendances.filter(arrived_late=True).values_list("player_id", flat=True)) - set(
        SitOut.objects.filter(round=round).values_list("player_id", flat=True)
    )
    SitOut.objects.bulk_create([SitOut(round=round, player_id=p) for p in sorted(late)])
    return sorted(late)


@transaction.atomic
def set_evening_tables(*, evening: Evening, three_player_tables: bool | None) -> Evening:
    """This evening's choice for odd numbers: tables of three (True), byes (False), or as the
    competition says (None). Rounds drawn already keep their tables; the choice applies to the
    next draw or redraw."""
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    evening.three_player_tables = three_player_tables
    evening.save(update_fields=["three_player_tables"])
    return evening


def with_results(matches):
    """The tables among ``matches`` that have any result (a deal, or a status past "not entered")."""
    return matches.filter(Q(deals__isnull=False) | ~Q(status=Match.Status.OPEN) | Q(deals_played__gt=0)).distinct()


@transaction.atomic
def delete_round(*, round: Round) -> None:
    """Delete the competition's last round: a draft whose tables have no results."""
    round = lock_round(round)
    last = Round.objects.filter(competition=round.competition).aggregate(last=Max("number"))["last"]
    if round.number != last:
        raise DrawError(_("Only the last round can be deleted; %(round)s has later ones.") % {"round": round.label})
    if with_results(round.matches.all()).exists():
        raise DrawError(_("%(round)s already has results; it cannot be deleted.") % {"round": round.label})
    if round.status == Round.Status.PUBLISHED:
        raise DrawError(_("%(round)s is published; unpublish it first.") % {"round": round.label})
    round.delete()


@transaction.atomic
def unpublish_round(*, round: Round) -> Round:
    """A published round back to a draft, while none of its tables has a result."""
    round = lock_round(round)
    if round.status != Round.Status.PUBLISHED:
        raise DrawError(_("%(round)s is not published.") % {"round": round.label})
    if with_results(round.matches.all()).exists():
        raise DrawError(_("%(round)s already has results; it can no longer be unpublished.") % {"round": round.label})
    round.status = Round.Status.DRAFT
    round.save(update_fields=["status"])
    return round  # the tables keep their codes (competitions.base.table_codes): the links only pause


@transaction.atomic
def reseat(*, round: Round, player_a: Player, player_b: Player) -> list[Match]:
    """Swap ``player_a`` (seated in the round) with ``player_b`` (seated, with a bye, sitting out,
    or present at the evening but not in the round yet) in a published round of a club evening,
    while the tables involved have no results. Returns the tables whose sheets must be reprinted."""
    round = lock_round(round)
    require_individual_round(round)
    if player_a.pk == player_b.pk:
        raise DrawError(_("Choose two different players."))
    seats = {s.player_id: s for s in MatchSeat.objects.filter(match__round=round, player__in=[player_a, player_b])}
    if not seats:
        raise DrawError(
            _("Neither %(a)s nor %(b)s has a seat in %(round)s.")
            % {"a": player_a.name, "b": player_b.name, "round": round.label}
        )
    seated, other = (player_a, player_b) if player_a.pk in seats else (player_b, player_a)
    match_ids = {s.match_id for s in seats.values()}
    busy = with_results(Match.objects.filter(pk__in=match_ids)).order_by("table").first()
    if busy is not None:
        raise DrawError(
            _("Table %(table)s already has results; its players can no longer be moved.") % {"table": busy.table}
        )
    if other.pk in seats:
        _move({seats[seated.pk]: other.pk, seats[other.pk]: seated.pk})
    else:
        assert round.evening is not None, "a round of a club evening"
        present = round.evening.attendances.filter(player=other).exists()
        bye = round.byes.filter(entrant__player=other).first()
        if not present and bye is None:
            raise DrawError(
                _("%(name)s is not present at this evening; tick them present first.") % {"name": other.name}
            )
        _move({seats[seated.pk]: other.pk})
        SitOut.objects.filter(round=round, player=other).delete()
        if bye is not None:  # the seated player takes the bye
            bye.entrant = ensure_entrants(round.competition, [seated.pk])[seated.pk]
            bye.save(update_fields=["entrant"])
        else:
            ensure_entrants(round.competition, [other.pk])
            SitOut.objects.get_or_create(round=round, player=seated)
    assign_table_codes(round=round)  # codes stay with their tables; only a table without one gets it
    notices.tell(notices.ROUND_SEATED, round=round)  # a corrected mail to those moved (members)
    return list(Match.objects.filter(pk__in=match_ids).order_by("table"))


def _move(moves: dict[MatchSeat, int]) -> None:
    MatchSeat.objects.filter(pk__in=[s.pk for s in moves]).delete()
    MatchSeat.objects.bulk_create(
        [
            # the seat keeps its verzaakt count: it belongs to the deals (Deal.verzaakt_seat), which stay
            MatchSeat(match_id=s.match_id, seat=s.seat, side=s.side, player_id=player, verzaakt=s.verzaakt)
            for s, player in moves.items()
        ]
    )
