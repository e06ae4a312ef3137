"""Small builders for scoring tests: a club, a competition, a round and one table with four players."""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model

from clubs.models import Club, Player, StaffRole
from competitions.base.rulesets import ruleset_for
from competitions.models import Competition, Match, MatchSeat, MatchSide, Round
from scoring.rules import dealer_for_deal, simulate_deal
from scoring.sheet.deal_input import deal_to_dict


def make_user(username: str, *, club: Club | None = None, role: str | None = None):
    user = get_user_model().objects.create_user(username=username, password="pw")
    if club is not None and role is not None:
        StaffRole.objects.create(user=user, club=club, role=role)
    return user


def make_club(slug: str = "troef") -> Club:
    return Club.objects.create(name=f"Club {slug}", slug=slug)


def make_match(
    club: Club | None = None, *, ruleset: str = "amsterdam", slug: str | None = None, **competition
) -> Match:
    club = club or make_club()
    comp = Competition.objects.create(
        club=club,
        name=f"Avonden {club.slug}",
        slug=slug or f"avonden-{club.slug}-{ruleset}",
        ruleset=ruleset,
        **competition,
    )
    round_ = Round.objects.create(competition=comp, number=1, status=Round.Status.PUBLISHED)  # public tables
    three = ruleset == "driemans"
    match = Match.objects.create(round=round_, table=1, sides=3 if three else 2)
    seats = ("N", "E", "S") if three else ("N", "E", "S", "W")
    for index, seat in enumerate(seats):
        player = Player.objects.create(
            club=club, member_number=f"{club.pk}-{comp.pk}-{index}", first_name=f"Speler{index}", last_name=seat
        )
        MatchSeat.objects.create(match=match, seat=seat, side=index if three else index % 2, player=player)
    MatchSide.objects.bulk_create([MatchSide(match=match, side=s) for s in range(3 if three else 2)])
    return match


def simulated_sheet(match: Match, *, seed: int = 1, count: int | None = None) -> list[dict]:
    rules = ruleset_for(match.round.competition)
    rng = random.Random(seed)
    deals = []
    for number in range(1, (count or rules.deals_per_match) + 1):
        deal = simulate_deal(rules, rng, dealer=dealer_for_deal(rules, number)).deal
        deals.append(deal_to_dict(deal))
    return deals
