"""Deals: a plausible scored deal, a table filled with them, a simulated sheet as the entry services take it."""

from __future__ import annotations

import random

import factory
from django.utils import timezone
from factory.django import DjangoModelFactory

from competitions.base.rulesets import ruleset_for
from competitions.models import Match, MatchSide
from scoring.models import Deal
from scoring.rules import dealer_for_deal, simulate_deal
from scoring.sheet.deal_input import deal_to_dict
from tests.factories.competitions import MatchFactory


class DealFactory(DjangoModelFactory):
    """One entered deal of a table: 82–80 for side A, bidder A, made."""

    class Meta:
        model = Deal

    match = factory.SubFactory(MatchFactory)
    number = factory.LazyAttribute(lambda o: o.match.deals.count() + 1)
    bidder = 0
    points_a = 82
    points_b = 80
    score_a = 82
    score_b = 80


def plausible_deal(rng: random.Random, number: int, *, bidder: int | None = None, sides: int = 2) -> dict:
    """One deal's fields, scored by the standard rules (made / nat / pit), for two or three sides."""
    bidder = rng.randrange(sides) if bidder is None else bidder
    if sides == 3:
        a = rng.randrange(0, 163)
        b = rng.randrange(0, 163 - a)
        points = [a, b, 162 - a - b]
        roem = [rng.choice([0, 0, 0, 20]) for _ in range(3)]
        total = sum(points) + sum(roem)
        made = points[bidder] + roem[bidder] > total / 2
        scores = [p + r for p, r in zip(points, roem)] if made else [0 if s == bidder else total for s in range(3)]
        return dict(
            number=number,
            bidder=bidder,
            points_a=points[0],
            points_b=points[1],
            points_c=points[2],
            roem_a=roem[0],
            roem_b=roem[1],
            roem_c=roem[2],
            score_a=scores[0],
            score_b=scores[1],
            score_c=scores[2],
            nat=not made,
            mark="" if made else "N",
        )
    pit = rng.random() < 0.04
    if pit:
        points = [162, 0] if bidder == 0 else [0, 162]
    else:
        a = rng.randrange(20, 143)
        points = [a, 162 - a]
    roem = [rng.choice([0, 0, 0, 20, 50, 40, 100]) for _ in range(2)]
    bonus = [100 * (points[s] == 162) for s in range(2)]
    other = 1 - bidder
    made = points[bidder] + roem[bidder] + bonus[bidder] > points[other] + roem[other] + bonus[other]
    if made:
        scores = [points[s] + roem[s] + bonus[s] for s in range(2)]
        mark = "P" if bonus[bidder] else ""
    else:
        scores = [0, 0]
        scores[other] = 162 + sum(roem) + sum(bonus)
        mark = "TP" if bonus[other] else "N"
    return dict(
        number=number,
        bidder=bidder,
        points_a=points[0],
        points_b=points[1],
        roem_a=roem[0],
        roem_b=roem[1],
        pit=(0 if points[0] == 162 else 1) if pit else None,
        score_a=scores[0],
        score_b=scores[1],
        nat=not made,
        mark=mark,
    )


def fill_match(
    match: Match, *, seed: int = 1, deals: int | None = None, confirmed: bool = True, user=None
) -> list[Deal]:
    """Enter plausible deals (and the side totals) straight into the database."""
    rng = random.Random(seed)
    count = deals or match.round.competition.deals_per_match
    rows = [DealFactory.build(match=match, **plausible_deal(rng, n, sides=match.sides)) for n in range(1, count + 1)]
    Deal.objects.bulk_create(rows)
    for side in MatchSide.objects.filter(match=match):
        field = "score_" + "abc"[side.side]
        side.total = sum(getattr(d, field) or 0 for d in rows)
        side.save(update_fields=["total"])
    match.deals_played = count
    match.status = Match.Status.CONFIRMED if confirmed else Match.Status.ENTERED
    if confirmed:
        match.confirmed_at = timezone.now()
        match.confirmed_by = user
    match.save()
    return rows


def simulated_sheet(match: Match, *, seed: int = 1, count: int | None = None) -> list[dict]:
    """A whole sheet of simulated deals (``count`` or the rules' number), as the entry services take them."""
    rules = ruleset_for(match.round.competition)
    rng = random.Random(seed)
    deals = []
    for number in range(1, (count or rules.deals_per_match) + 1):
        deal = simulate_deal(rules, rng, dealer=dealer_for_deal(rules, number)).deal
        deals.append(deal_to_dict(deal))
    return deals
