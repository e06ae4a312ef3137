"""Taking back the organiser's steps while nothing depends on them yet.

- ``delete_evening``: the competition's last evening, while none of its tables has a result.
- ``delete_round``: the competition's last round, a draft without results.
- ``unpublish_round``: back to a draft while none of its tables has a result; the table links
  pause (the phones are told so) and work again, the same links, when the round is published again.
- ``reseat``: after publishing, a late arrival or a leaver: two players swap seats (or a seated
  player with one who has a bye or sits out, or is present but not in the round), while the
  tables involved have no results. The tables keep their links (a phone typing there goes on; the
  QR codes printed stay good); the function returns those tables, whose sheets show new names.

Choices: only the *last* evening or round can be deleted, so numbers stay without gaps (the
"previous round" links and the season's evening columns rely on that). Entrants made only for the
deleted evening (a player ticked present by mistake) go with it, so they do not appear in the
standings with nothing.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from clubs.models import Player
from competitions.draws.table_codes import assign_table_codes
from competitions.models import Attendance, Bye, Entrant, Evening, Match, MatchSeat, MatchSide, Round, SitOut
from competitions.organiser.checks import DrawError, require_individual_round
from competitions.organiser.rows import ensure_entrants, lock_competition, lock_round


def with_results(matches):
    """The tables among ``matches`` that have any result (a deal, or a status past "not entered")."""
    return matches.filter(Q(deals__isnull=False) | ~Q(status=Match.Status.OPEN) | Q(deals_played__gt=0)).distinct()


@transaction.atomic
def delete_evening(*, evening: Evening) -> int:
    """Delete the competition's last evening with its attendance and rounds; its number."""
    competition = lock_competition(evening.competition)
    evening = Evening.objects.get(pk=evening.pk)
    last = competition.evenings.aggregate(last=Max("number"))["last"]
    if evening.number != last:
        raise DrawError(
            _("Only the last evening (evening %(last)s) can be deleted; evening %(number)s has later ones.")
            % {"last": last, "number": evening.number}
        )
    if with_results(Match.objects.filter(round__evening=evening)).exists():
        raise DrawError(_("Evening %(number)s already has results; it cannot be deleted.") % {"number": evening.number})
    player_ids = set(evening.attendances.values_list("player_id", flat=True))
    number = evening.number
    evening.delete()  # rounds, tables, seats, byes and attendance go with it (cascade)
    _drop_unused_entrants(competition, player_ids)
    return number


def _drop_unused_entrants(competition, player_ids: set[int]) -> None:
    """Entrants of these players that nothing else in the competition refers to."""
    if not player_ids:
        return
    elsewhere = set(
        Attendance.objects.filter(evening__competition=competition, player_id__in=player_ids).values_list(
            "player_id", flat=True
        )
    )
    unused = (
        Entrant.objects.filter(competition=competition, player_id__in=player_ids - elsewhere)
        .exclude(pk__in=MatchSide.objects.filter(entrant__isnull=False).values("entrant_id"))
        .exclude(pk__in=Bye.objects.values("entrant_id"))
    )
    unused.delete()


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
    return round  # the tables keep their codes (competitions.draws.table_codes): the links only pause


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
    return list(Match.objects.filter(pk__in=match_ids).order_by("table"))


def _move(moves: dict[MatchSeat, int]) -> None:
    MatchSeat.objects.filter(pk__in=[s.pk for s in moves]).delete()
    MatchSeat.objects.bulk_create(
        [MatchSeat(match_id=s.match_id, seat=s.seat, side=s.side, player_id=player) for s, player in moves.items()]
    )
