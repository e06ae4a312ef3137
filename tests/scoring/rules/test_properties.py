"""Properties over thousands of simulated deals of every preset, and over random hands."""

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import (
    RULESETS,
    Card,
    DealInput,
    InvalidDeal,
    Suit,
    deck,
    hand_roem,
    hand_roem_by_side,
    legal_cards,
    score_deal,
    score_match,
    simulate_deal,
    trick_roem,
    trick_winner,
)
from scoring.rules.rulesets import next_seat, side_of_seat

SIMULATIONS_PER_PRESET = 2000
EXTRA = {  # variations that exercise the other ways of choosing trump and the options
    "verplicht": dataclasses.replace(RULESETS["amsterdam"], trump_choice="verplicht"),
    "dealer-first": dataclasses.replace(RULESETS["rotterdam"], trump_choice="dealer-first"),
    "turned-card": dataclasses.replace(RULESETS["amsterdam"], trump_choice="turned-card"),
    "turned-card-other": dataclasses.replace(RULESETS["wilde-boom"], trump_choice="turned-card-other"),
    "driemans-verplicht": dataclasses.replace(RULESETS["driemans"], trump_choice="verplicht"),
    "rotterdam-undertrump": dataclasses.replace(RULESETS["rotterdam"], must_undertrump=True),
    "amsterdam-undertrump": dataclasses.replace(RULESETS["amsterdam"], must_undertrump=True),
    "klawerjas-undertrump": dataclasses.replace(RULESETS["klawerjas"], must_undertrump=True),
    # Wilde Boom counted as before seed 000 (each side its hand roem, the stuk in one trick)
    "wilde-boom-each-side": dataclasses.replace(RULESETS["wilde-boom"], hand_roem_rule="each-side", stuk="same-trick"),
    "amsterdam-one-player-stuk": dataclasses.replace(RULESETS["amsterdam"], stuk="one-player"),
    "klawerjas-highest": dataclasses.replace(RULESETS["klawerjas"], hand_roem_rule="highest"),
}
ALL_RULES = {**RULESETS, **EXTRA}


def check_simulated(rules, sim):
    """Every property a simulated deal must have."""
    n = rules.players
    deal = sim.deal
    # replay: every card played was legal, in turn, and the trick went to its winner
    hands = [list(h) for h in sim.hands]
    if sim.talon:
        hands[sim.maker] = [c for c in hands[sim.maker] + list(sim.talon) if c not in sim.discards]
    leader = next_seat(rules, sim.dealer)
    for trick in sim.tricks:
        assert trick.leader == leader
        played = []
        seat = leader
        for card, who in zip(trick.cards, trick.seats):
            assert who == seat
            assert card in legal_cards(rules, hands[seat], played, sim.trump)
            hands[seat].remove(card)
            played.append(card)
            seat = next_seat(rules, seat)
        assert trick.winner == trick.seats[trick_winner(played, sim.trump)]
        assert trick.roem == trick_roem(rules, played, sim.trump)
        leader = trick.winner
    assert all(not h for h in hands)
    check_announced(rules, sim)
    assert len(sim.tricks) == (10 if n == 3 else 8)
    all_cards = [c for t in sim.tricks for c in t.cards] + list(sim.discards)
    assert sorted(c.index for c in all_cards) == list(range(32))
    # points add up to the deal total
    assert sum(deal.points) == rules.deal_total
    assert all(p >= 0 for p in deal.points)
    # pit iff one side won every trick
    winners = {side_of_seat(rules, t.winner) for t in sim.tricks}
    assert (deal.pit is not None) == (len(winners) == 1)
    if deal.pit is not None:
        assert winners == {deal.pit}
    # the sheet's line scores, and no score is negative
    result = score_deal(rules, deal)
    assert all(s >= 0 for s in result.scores)
    effective = list(deal.roem)
    if deal.pit is not None:
        effective[deal.pit] += rules.pit_bonus
    counts = [p + r for p, r in zip(deal.points, effective)]
    whole = rules.deal_total + sum(effective)
    if not rules.has_bidder:
        assert deal.bidder is None and not result.nat
        assert result.scores == tuple(counts)
        return result
    b = deal.bidder
    assert b == side_of_seat(rules, sim.maker)
    if n == 3:
        failed = 2 * counts[b] <= whole
    elif deal.challenge:
        challenger = b if deal.challenge == 2 else 1 - b
        won = counts[challenger] > counts[1 - challenger]
        failed = won != (challenger == b)
    else:
        failed = counts[b] <= counts[1 - b]
    # nat iff the bidder did not beat the defenders (never with "no nat")
    assert result.nat == (failed and not rules.no_nat)
    if n == 2 and not rules.no_nat:
        assert sum(result.scores) == (
            whole * result.multiplier if result.nat or deal.challenge else sum(counts) * result.multiplier
        )
    return result


def check_announced(rules, sim):
    """The recorded roem is the tricks' roem plus the hand roem plus the announced stuk, each
    as the rule set counts it (RULES.md §5, §6)."""
    held = [list(h) for h in sim.hands]
    if sim.talon:
        held[sim.maker] = [c for c in held[sim.maker] + list(sim.talon) if c not in sim.discards]
    leader = next_seat(rules, sim.dealer)
    assert sim.hand_roem == hand_roem_by_side(rules, held, sim.trump, leader)
    if rules.hand_roem_rule == "highest":
        assert sum(1 for r in sim.hand_roem if r) <= 1  # one side at most scores hand roem
        own = [0] * rules.sides
        for seat, hand in enumerate(held):
            own[side_of_seat(rules, seat)] += hand_roem(rules, hand, sim.trump)
        assert all(r in (0, own[side]) for side, r in enumerate(sim.hand_roem))
    if not rules.hand_roem:
        assert not any(sim.hand_roem)
    holders = [s for s, h in enumerate(held) if {Card.parse("K" + sim.trump), Card.parse("Q" + sim.trump)} <= set(h)]
    assert sim.stuk_seat == (holders[0] if holders and rules.stuk == "one-player" else None)
    roem = list(sim.hand_roem)
    for trick in sim.tricks:
        roem[side_of_seat(rules, trick.winner)] += trick.roem
    if sim.stuk_seat is not None:
        roem[side_of_seat(rules, sim.stuk_seat)] += 20
    assert tuple(roem) == sim.deal.roem


@pytest.mark.parametrize("name", list(ALL_RULES))
def test_thousands_of_simulated_deals(name):
    rules = ALL_RULES[name]
    rng = random.Random(f"klaverjas-{name}")
    pits = challenges = 0
    for i in range(SIMULATIONS_PER_PRESET):
        sim = simulate_deal(rules, rng, dealer=i % rules.players)
        check_simulated(rules, sim)
        pits += sim.deal.pit is not None
        challenges += sim.deal.challenge > 0
    assert pits > 0  # the strategies do produce pits
    if rules.challenges:
        assert challenges > 0


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(ALL_RULES)), seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_simulated_deal_properties(name, seed, dealer):
    rules = ALL_RULES[name]
    check_simulated(rules, simulate_deal(rules, random.Random(seed), dealer % rules.players))


def test_simulated_matches_add_up():
    rng = random.Random(3)
    for name in ("amsterdam", "wilde-boom", "driemans"):
        rules = RULESETS[name]
        deals = [simulate_deal(rules, rng, dealer=d % rules.players).deal for d in range(16)]
        match = score_match(rules, deals)
        assert match.finished
        assert match.totals == tuple(map(sum, zip(*(r.scores for r in match.results))))
    rules = RULESETS["klawerjas"]
    deals = []
    while True:
        deals.append(simulate_deal(rules, rng, dealer=len(deals) % 4).deal)
        match = score_match(rules, deals)
        if match.finished:
            break
    assert max(match.strokes) >= 5 and match.winner == match.strokes.index(max(match.strokes))


def test_simulation_is_deterministic():
    a = simulate_deal(RULESETS["amsterdam"], random.Random(5))
    b = simulate_deal(RULESETS["amsterdam"], random.Random(5))
    assert a.deal == b.deal and a.tricks == b.tricks


@st.composite
def positions(draw):
    rules = draw(
        st.sampled_from(
            [
                RULESETS["amsterdam"],
                RULESETS["rotterdam"],
                RULESETS["driemans"],
                RULESETS["klawerjas"],
                EXTRA["rotterdam-undertrump"],
                EXTRA["amsterdam-undertrump"],
            ]
        )
    )
    cards = draw(st.permutations(deck()))
    size = draw(st.integers(1, 10 if rules.players == 3 else 8))
    played = draw(st.integers(0, rules.players - 1))
    return rules, cards[:size], cards[size : size + played], draw(st.sampled_from(list(Suit)))


@settings(max_examples=600, deadline=None)
@given(positions())
def test_legal_cards_never_empty_and_from_the_hand(position):
    rules, hand, trick, trump = position
    legal = legal_cards(rules, hand, trick, trump)
    assert legal
    assert legal == [c for c in hand if c in legal]  # a subset, in hand order
    if trick and any(c.suit == trick[0].suit for c in hand):
        assert all(c.suit == trick[0].suit for c in legal)


deals = st.builds(
    DealInput,
    points=st.integers(0, 162).map(lambda a: (a, 162 - a)),
    roem=st.tuples(st.sampled_from([0, 20, 40, 50, 70, 100, 200, 300]), st.sampled_from([0, 20, 50, 100])),
    bidder=st.sampled_from([0, 1]),
    verzaakt=st.sampled_from([None, None, 0, 1]),
    trump=st.sampled_from(list(Suit)),
    challenge=st.sampled_from([0, 0, 1, 2, 3]),
)


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(["amsterdam", "rotterdam", "gezellig", "wilde-boom"]), deal=deals)
def test_scores_never_negative_and_add_up(name, deal):
    rules = RULESETS[name]
    if not rules.challenges:
        deal = dataclasses.replace(deal, challenge=0)
    result = score_deal(rules, deal)
    assert all(s >= 0 for s in result.scores)
    whole = 162 + sum(deal.roem) + (rules.verzaakt_bonus if deal.verzaakt is not None else 0)
    if result.nat or deal.verzaakt is not None or deal.challenge:
        assert sorted(result.scores) == [0, whole * result.multiplier]


@settings(max_examples=300, deadline=None)
@given(a=st.integers(-200, 400), b=st.integers(-200, 400), ra=st.integers(-50, 1200), rb=st.integers(-50, 1200))
def test_any_numbers_either_score_or_name_the_field(a, b, ra, rb):
    try:
        score_deal(RULESETS["amsterdam"], DealInput((a, b), (ra, rb)))
    except InvalidDeal as error:
        assert error.field in ("points", "roem")
        assert error.field == "points" or (a + b == 162 and a >= 0 and b >= 0)
    else:
        assert a + b == 162 and min(a, b) >= 0
        assert ra % 10 == rb % 10 == 0 and {ra, rb}.isdisjoint({10, 30}) and max(ra, rb) <= 1000
