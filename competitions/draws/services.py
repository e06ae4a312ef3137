"""The draw of a round and its changes while it is a draft: draw, redraw, swap, publish.

The plan of an individual round (``plan_draw``) is the competition's whist schedule when its group is
present, else a draw by lot that keeps the club's apart pairs apart and rotates North (who deals
first); ``draw_individual`` makes and records it inside its transaction."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from clubs.models import Player
from competitions import notices
from competitions.base import pairing as draws
from competitions.base.checks import INDIVIDUAL, TEAMS, DrawError, require_changeable, require_individual_round
from competitions.base.rows import ensure_entrants, lock_round, new_seed, reseat, write_plans
from competitions.base.table_codes import assign_table_codes
from competitions.draws.whist import plan_whist_round
from competitions.evenings.services import create_round, players_to_draw, sit_out_late_arrivals, three_player_tables
from competitions.models import (
    SEATS,
    Evening,
    MatchSeat,
    MatchSide,
    Round,
    WhistRound,
)


@transaction.atomic
def draw_round(*, round: Round, seed: int | None = None) -> Round:
    """Draw the tables of a round of an individual evening ("loting").

    Everyone present at the evening gets a seat, or with tables of four only (and at 5 players) a
    bye that goes to the players with the fewest byes this season. The engine avoids repeat
    partners first and repeat opponents second, over this evening and the recent evenings.
    ``seed`` makes the draw repeatable; without one a random seed is chosen and kept on the round.
    """
    round = lock_round(round)
    require_individual_round(round)
    if round.matches.exists() or round.byes.exists():
        raise DrawError(_("Round %(number)s is already drawn; redraw it instead.") % {"number": round.number})
    require_changeable(round, "draw")
    return draw_individual(round, seed)


@transaction.atomic
def draw_next_round(*, evening: Evening, seed: int | None = None) -> Round:
    """Create the evening's next round and draw it, in one go. The late arrivals sit out the
    evening's first round."""
    round = create_round(competition=evening.competition, evening=evening)
    sit_out_late_arrivals(round=round)
    return draw_round(round=round, seed=seed)


@transaction.atomic
def redraw(*, round: Round, seed: int | None = None) -> Round:
    """Throw away a draft draw without results and draw the round anew (with a new seed)."""
    round = lock_round(round)
    require_individual_round(round)
    require_changeable(round, "redraw")
    drawn_later = Round.objects.filter(evening=round.evening, number__gt=round.number, matches__isnull=False)
    later = drawn_later.order_by("-number").first()
    if later is not None:
        raise DrawError(
            _("Round %(later)s of this evening is drawn after round %(number)s; redraw that one first.")
            % {"later": later.number, "number": round.number}
        )
    had_links = round.matches.filter(table_code__isnull=False).exists()  # published before, then unpublished
    round.matches.all().delete()
    round.byes.all().delete()
    if seed is None:
        seed = new_seed(avoid=round.seed)
    round = draw_individual(round, seed)
    if had_links:  # the same table keeps its code: a phone there sees "paused", not "ended"
        assign_table_codes(round=round, drafts=True)
    return round


@transaction.atomic
def publish_round(*, round: Round) -> Round:
    """Publish a drawn round: its tables appear on the public pages and can be entered.
    Publishing a published round changes nothing."""
    round = lock_round(round)
    if not round.matches.exists():
        raise DrawError(_("Round %(number)s has no tables yet; draw it first.") % {"number": round.number})
    if round.status != Round.Status.PUBLISHED:
        round.status = Round.Status.PUBLISHED
        round.save(update_fields=["status"])
    assign_table_codes(round=round)  # each table's link for the phones (competitions.base.table_codes)
    notices.tell(notices.ROUND_SEATED, round=round)  # the draw's mails, in this transaction (members)
    return round


@transaction.atomic
def swap_players(*, round: Round, player_a: Player, player_b: Player) -> None:
    """Swap two players' seats (at one table or across tables), or a seated player with one who has
    a bye. Individual evenings only; the draw must be a draft without results."""
    round = lock_round(round)
    if round.competition.format != INDIVIDUAL:
        raise DrawError(_("Players are swapped one by one only at club evenings; swap pairs instead."))
    require_individual_round(round)
    require_changeable(round, "swap")
    if player_a.pk == player_b.pk:
        raise DrawError(_("Choose two different players."))
    seats = {s.player_id: s for s in MatchSeat.objects.filter(match__round=round, player__in=[player_a, player_b])}
    byes = {
        b.entrant.player_id: b
        for b in round.byes.select_related("entrant").filter(entrant__player__in=[player_a, player_b])
    }
    for player in (player_a, player_b):
        if player.pk not in seats and player.pk not in byes:
            raise DrawError(
                _("%(name)s does not play in round %(number)s.") % {"name": player.name, "number": round.number}
            )
    if not seats:
        raise DrawError(_("Both players have a bye; there is nothing to swap."))
    if len(seats) == 2:
        reseat({seats[player_a.pk]: player_b.pk, seats[player_b.pk]: player_a.pk})
        return
    seated, out = (player_a, player_b) if player_a.pk in seats else (player_b, player_a)
    reseat({seats[seated.pk]: out.pk})
    bye = byes[out.pk]
    bye.entrant = ensure_entrants(round.competition, [seated.pk])[seated.pk]
    bye.save(update_fields=["entrant"])


@transaction.atomic
def swap_pairs(*, round: Round, player_a: Player, player_b: Player) -> None:
    """Swap the pair (side) of ``player_a`` with the pair of ``player_b``: both partners move,
    across tables or between the two sides of one table; in a pairs competition the sides'
    entrants move with them. Not for teams of four, whose tables follow the team fixture."""
    round = lock_round(round)
    if round.competition.format == TEAMS:
        raise DrawError(_("The tables of a team match follow its teams; pairs cannot be swapped by hand."))
    require_changeable(round, "swap")
    found = {
        s.player_id: (s.match_id, s.side)
        for s in MatchSeat.objects.filter(match__round=round, player__in=[player_a, player_b])
    }
    for player in (player_a, player_b):
        if player.pk not in found:
            raise DrawError(
                _("%(name)s has no seat in round %(number)s.") % {"name": player.name, "number": round.number}
            )
    side_a, side_b = found[player_a.pk], found[player_b.pk]
    if side_a == side_b:
        raise DrawError(
            _("%(a)s and %(b)s are partners; choose one player of each pair.")
            % {"a": player_a.name, "b": player_b.name}
        )
    both = Q(match_id=side_a[0], side=side_a[1]) | Q(match_id=side_b[0], side=side_b[1])
    seats = list(MatchSeat.objects.filter(both))
    order = SEATS.index
    seats_a = sorted((s for s in seats if (s.match_id, s.side) == side_a), key=lambda s: order(s.seat))
    seats_b = sorted((s for s in seats if (s.match_id, s.side) == side_b), key=lambda s: order(s.seat))
    if len(seats_a) != len(seats_b):
        raise DrawError(_("A player alone at a table of three can only be swapped with another single player."))
    moves = {a: b.player_id for a, b in zip(seats_a, seats_b)} | {b: a.player_id for a, b in zip(seats_a, seats_b)}
    reseat(moves)
    sides = {(s.match_id, s.side): s for s in MatchSide.objects.filter(both)}
    if len(sides) == 2:
        first, second = sides[side_a], sides[side_b]
        first.entrant_id, second.entrant_id = second.entrant_id, first.entrant_id
        MatchSide.objects.bulk_update([first, second], ["entrant"])


def draw_individual(round: Round, seed: int | None) -> Round:
    competition = round.competition
    present = players_to_draw(round)  # those present, less who sit this round out
    threes = three_player_tables(round)  # the evening's choice, else the competition's
    least = draws.minimum_players(threes)
    if len(present) < least:
        raise DrawError(
            _("At least %(least)s players must be present to draw a round; %(count)s are.")
            % {"least": least, "count": len(present)}
        )
    round.seed = new_seed() if seed is None else seed
    round.save(update_fields=["seed"])
    plan = plan_draw(round=round, present=present, three_player_tables=threes)  # whist or lot
    entrants = ensure_entrants(competition, present)
    plan.bye_entrants = [entrants[p] for p in plan.bye_players]
    write_plans([(round, plan)])
    record_plan(round=round, plan=plan)
    return round


def plan_draw(*, round: Round, present: Sequence[int], three_player_tables: bool) -> draws.RoundPlan:
    plan = plan_whist_round(round=round, present=present)
    if plan is not None:
        return plan
    competition = round.competition
    partnered, opposed = draws.pair_history(round=round)
    try:
        return draws.plan_individual_round(
            player_ids=present,
            partnered=partnered,
            opposed=opposed,
            seed=round.seed,
            three_player_tables=three_player_tables,
            apart=draws.apart_pairs(competition=competition),
            north=draws.north_counts(round=round),
            odd=draws.odd_counts(round=round),
        )
    except draws.ApartError as error:
        raise DrawError(
            _(
                "The members who must not share a table cannot all be kept apart with %(count)s players; "
                "remove a pair kept apart in the admin or draw with other players."
            )
            % {"count": len(present)}
        ) from error


def record_plan(*, round: Round, plan: draws.RoundPlan) -> None:
    """Note which schedule round this round follows (or that it follows none)."""
    if plan.schedule_round is None:
        WhistRound.objects.filter(round=round).delete()
        return
    WhistRound.objects.update_or_create(
        round=round, defaults={"number": plan.schedule_round, "players": plan.schedule_players}
    )
