"""Create a duplicate evening: deal the boards, seat the movement, publish the rounds.

One transaction; anything refused raises :class:`DuplicateError` (a ``DrawError``) with a message
naming what is wrong, and nothing is written. After this the evening is entered table by table as
any score sheet (``scoring.services.save_deals``): the engine checks each sheet of
``deals per round`` deals.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from competitions import services as organise
from competitions.base import pairing as draws
from competitions.base.checks import DrawError
from competitions.base.rows import lock_competition, write_plans
from competitions.base.rulesets import RuleOptionError, first_dealer_of, ruleset_for
from competitions.league.services import team_places
from competitions.models import Competition, Entrant, Round
from competitions.pairings import mitchell
from scoring.duplicate.models import Board, DuplicateSetup
from scoring.rules.boards import deal_boards

MAX_TABLES = 30
MAX_BOARDS = 64  # the engine's most deals per sheet, and a night's work


class DuplicateError(DrawError):
    """A duplicate evening that cannot be made as asked; the message says why."""


def pairs_in_order(competition: Competition) -> list[Entrant]:
    """The competition's pairs as they are seated: the first half N–S (pair 1 at table 1 …), the
    second half E–W. Choice: in the entrants' seed order, then by name."""
    return list(competition.entrants.filter(team__isnull=False).select_related("team").order_by("seed", "name", "pk"))


def check_request(competition: Competition, *, tables: int, boards: int) -> int:
    """Deals per round; :class:`DuplicateError` naming the first thing that is wrong."""
    if competition.format != Competition.Format.DUPLICATE:
        raise DuplicateError(_("%(name)s is not a duplicate competition.") % {"name": competition.name})
    if not 2 <= tables <= MAX_TABLES:
        raise DuplicateError(_("Tables: choose between 2 and %(most)s tables.") % {"most": MAX_TABLES})
    if not tables <= boards <= MAX_BOARDS:
        raise DuplicateError(
            _("Deals: choose between %(least)s and %(most)s deals.") % {"least": tables, "most": MAX_BOARDS}
        )
    if boards % tables:
        lower, higher = boards - boards % tables, boards - boards % tables + tables
        raise DuplicateError(
            _(
                "Deals: %(deals)s deals do not divide over %(tables)s tables; choose a multiple of %(tables)s, for example %(lower)s or %(higher)s."
            )
            % {"deals": boards, "tables": tables, "lower": lower, "higher": higher}
        )
    return mitchell.check(tables, boards)


def _check_rules(competition: Competition, per_round: int):
    competition.deals_per_match = per_round
    try:
        rules = ruleset_for(competition)
    except RuleOptionError as exc:
        raise DuplicateError(str(exc)) from exc
    if rules.players != 4:
        raise DuplicateError(_("Rules: duplicate is played by pairs; choose rules for four players."))
    if rules.boom or rules.target_score is not None:
        raise DuplicateError(_("Rules: duplicate needs a fixed number of deals, not a game to a target score."))
    return rules


@transaction.atomic
def create_duplicate(
    *,
    competition: Competition,
    tables: int,
    boards: int,
    seed: int | None = None,
    method: str = DuplicateSetup.Method.MATCHPOINTS,
    missed_percentage: int = DuplicateSetup.MissedAverage.AVERAGE,
    movement: str = DuplicateSetup.Movement.ONCE,
    publish: bool = True,
) -> DuplicateSetup:
    """Deal ``boards`` boards for ``tables`` tables (2 × tables pairs entered), make the rounds of
    the movement with their tables, and publish them (``publish``). ``movement``: "once" (every
    pair meets every pair of the other line once, where possible; else the skip Mitchell, and the
    movement card says why) or "skip"; ``missed_percentage``: the club's average for a missed
    deal (40, 50 or 60)."""
    competition = lock_competition(competition)
    per_round = check_request(competition, tables=tables, boards=boards)
    if DuplicateSetup.objects.filter(competition=competition).exists() or competition.rounds.exists():
        raise DuplicateError(_("%(name)s has already been dealt.") % {"name": competition.name})
    if method not in DuplicateSetup.Method.values:
        raise DuplicateError(_("Ranking: choose matchpoints or the difference to the average."))
    if missed_percentage not in DuplicateSetup.MissedAverage.values:
        raise DuplicateError(_("A missed deal: choose 40, 50 or 60%."))
    if movement not in DuplicateSetup.Movement.values:
        raise DuplicateError(_("Movement: choose one of the movements offered."))
    pairs = pairs_in_order(competition)
    if len(pairs) != 2 * tables:
        raise DuplicateError(
            _("Pairs: %(tables)s tables need %(needed)s pairs; %(name)s has %(count)s.")
            % {"tables": tables, "needed": 2 * tables, "name": competition.name, "count": len(pairs)}
        )
    rules = _check_rules(competition, per_round)
    competition.save(update_fields=["deals_per_match"])
    seed = secrets.randbelow(2**31) if seed is None else seed
    setup = DuplicateSetup.objects.create(
        competition=competition,
        tables=tables,
        boards=boards,
        seed=seed,
        method=method,
        missed_percentage=missed_percentage,
        movement=movement,
    )
    dealt = deal_boards(rules, boards, seed, per_set=per_round, first_dealer=first_dealer_of(competition))
    Board.objects.bulk_create(
        [Board(setup=setup, number=b.number, dealer=b.dealer, maker=b.maker, hands=b.hands_text()) for b in dealt]
    )
    places = team_places(pairs, Competition.Format.PAIRS)
    ns, ew = pairs[:tables], pairs[tables:]
    rounds = Round.objects.bulk_create([Round(competition=competition, number=n) for n in range(1, tables + 1)])
    plans = []
    for round, seatings in zip(rounds, mitchell.movement(tables, setup.movement)):
        plan = draws.RoundPlan()
        draws.plan_pairings([(ns[s.ns], ew[s.ew]) for s in seatings], teams_of_four=False, places=places, plan=plan)
        plans.append((round, plan))
    write_plans(plans)
    if publish:
        for round in rounds:
            organise.publish_round(round=round)
    return setup
