"""Leagues: the fixture list of every division (round robin) and Swiss rounds."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import TeamMember
from competitions.base import pairing as draws
from competitions.base.checks import PAIRS, TEAMS, DrawError, require_changeable, require_format, require_league
from competitions.base.rows import lock_competition, new_round, write_plans
from competitions.models import (
    Competition,
    Entrant,
    Match,
    Round,
)


@transaction.atomic
def generate_fixtures(*, competition: Competition, double: bool = False, replace: bool = False) -> list[Round]:
    """Generate the whole fixture list of a pairs or teams league: a round robin per division
    (twice, home and away swapped, when ``double``). Round *r* holds round *r* of every division;
    an odd division gives one entrant a bye each round (recorded as a Bye). The rounds are drafts.

    With fixtures already there, ``replace`` must be set, and then none of them may be published
    or have results.
    """
    competition = lock_competition(competition)
    require_league(competition)
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
        require_changeable(old, "replace")
    competition.rounds.all().delete()

    entrants = league_entrants(competition)
    groups = draws.division_groups(entrants)
    for group in groups:
        if len(group) < 2:
            name = group[0].division.name if group and group[0].division else competition.name
            raise DrawError(_("%(name)s needs at least two entrants for a fixture list.") % {"name": name})
    schedules = [draws.schedule(group, double=double) for group in groups]
    places = team_places(entrants, competition.format)
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
    write_plans(plans)
    return rounds


@transaction.atomic
def next_swiss_round(*, competition: Competition) -> Round:
    """Pair the next Swiss round of a pairs competition, per division, once every table of the
    previous round is confirmed. Ranking: total points of confirmed results so far (see
    ``draws.swiss_ranking``); no rematch where one can be avoided; neighbours in the ranking meet;
    the bye goes to the lowest-ranked entrant without one. The new round is a draft."""
    competition = lock_competition(competition)
    require_format(competition, PAIRS, _("Swiss rounds are for pairs competitions."))
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
    entrants = league_entrants(competition)
    if len(entrants) < 2:
        raise DrawError(_("%(name)s needs at least two entrants for a Swiss round.") % {"name": competition.name})
    met, byes = draws.swiss_history(competition=competition)
    places = team_places(entrants, competition.format)
    round = new_round(competition)
    plan = draws.RoundPlan()
    for group in draws.division_groups(entrants):
        ranking = draws.swiss_ranking(competition=competition, entrants=group)
        draws.plan_pairings(draws.pair_swiss(ranking, met, byes), teams_of_four=False, places=places, plan=plan)
    write_plans([(round, plan)])
    return round


def league_entrants(competition: Competition) -> list[Entrant]:
    entrants = list(competition.entrants.select_related("division", "team"))
    for entrant in entrants:
        if entrant.team_id is None:
            raise DrawError(_("%(name)s is not a pair or team.") % {"name": entrant.name})
    return entrants


def team_places(entrants: list[Entrant], format: str) -> dict[int | None, dict[int, int]]:
    """Team id → {place: player id}, checked complete: places 1–2 for pairs, 1–4 for teams of four."""
    places: dict[int | None, dict[int, int]] = {e.team_id: {} for e in entrants}
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
