"""The phone's own deal scoring (static/js/deal_score.js, used while offline) gives what the rules
engine gives: thousands of generated deals, valid and not, for every preset and every house rule
that changes a deal's score, scored in chromium and by ``scoring.rules.score_deal``."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from scoring.phones.sheet import rules_for_phone
from scoring.rules import RULESETS, DealInput, InvalidDeal, score_deal

pytestmark = [pytest.mark.browser]

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "deal_score.js"
DEALS_PER_RULE_SET = 800
BATCH = 800
ROEM = (0, 0, 0, 0, 20, 20, 40, 50, 70, 100, 120, 200, 250, 1000, 10, 30, 15, 1010)


def rule_sets(only: str | None = None):
    """Every preset (or the one named), and with each house rule that changes a deal's score."""
    options = (
        {"pit_bonus": 50},
        {"slot_bonus": 50},
        {"no_nat": True},
        {"nat_on_tie": False},
        {"verzaakt_bonus": 100},
        {"verzaakt_penalty": "fixed-points", "verzaakt_points": 50},
        {"verzaakt_penalty": "replay"},
        {"nil_bid": True, "nil_bonus": 70},
        {"no_nat": True, "slot_bonus": 100, "pit_bonus": 0, "verzaakt_bonus": 20},
    )
    out = []
    for name, preset in RULESETS.items():
        if only is not None and name != only:
            continue
        out.append((name, preset))
        for change in options:
            if not preset.has_bidder and change.get("nil_bid"):
                continue  # a rule set without a bidder has no nil bid (refused by RuleSet)
            out.append((f"{name} {change}", dataclasses.replace(preset, **change)))
    return out


def generated_deal(rules, rng: random.Random) -> DealInput:
    n, total = rules.sides, rules.deal_total
    sides = list(range(n))
    if n == 2:
        a = rng.choice((0, total, rng.randint(0, total), rng.randint(0, total), total // 2))
        points = [a, total - a]
    else:
        a = rng.randint(0, total)
        b = rng.randint(0, total - a)
        points = [a, b, total - a - b]
        rng.shuffle(points)
    if rng.random() < 0.05:
        points[rng.randrange(n)] += rng.choice((10, -1, 1))  # not the deal's total
    roem = [rng.choice(ROEM) if rng.random() < 0.97 else rng.choice((0, 20)) for _ in sides]
    if rng.random() < 0.9:
        roem = [r if r not in (10, 30, 15, 1010) else 20 for r in roem]
    pit = None
    if rng.random() < 0.15:
        pit = rng.choice(sides)
        if rng.random() < 0.9:
            points = [total if i == pit else 0 for i in sides]
    verzaakt = rng.choice(sides) if rng.random() < 0.12 else None
    bidder = rng.choice(sides) if rng.random() < 0.97 else None
    trump = rng.choice("CDHS") if rules.needs_trump and rng.random() < 0.97 or rng.random() < 0.1 else None
    challenge = rng.choice((0, 0, 1, 2, 3)) if rules.challenges or rng.random() < 0.03 else 0
    nil = rng.random() < (0.25 if rules.nil_bid else 0.02)
    if nil and bidder is not None and rng.random() < 0.5:
        points = [0 if i == bidder else points[i] for i in sides]
        points[(bidder + 1) % n] += total - sum(points)
        if rng.random() < 0.5:
            roem[bidder] = 0  # else hand roem of the nil side (Wilde Boom may have it)
        if n == 2 and verzaakt is None and rng.random() < 0.7:
            pit = 1 - bidder  # the defenders took every trick: the nil bid is made (RULES.md §4)
    return DealInput(
        points=tuple(points),
        roem=tuple(roem),
        bidder=bidder,
        pit=pit,
        verzaakt=verzaakt,
        trump=trump,
        challenge=challenge,
        nil=nil,
    )


def engine(rules, deal: DealInput) -> dict:
    try:
        result = score_deal(rules, deal)
    except InvalidDeal as exc:
        return {"error": exc.field}
    return {"scores": list(result.scores), "marks": list(result.marks), "mark": result.mark}


def as_json(deal: DealInput) -> dict:
    return {
        "points": list(deal.points),
        "roem": list(deal.roem),
        "bidder": deal.bidder,
        "pit": deal.pit,
        "verzaakt": deal.verzaakt,
        "trump": deal.trump,
        "challenge": deal.challenge,
        "nil": deal.nil,
    }


@pytest.fixture
def scorer(browser):
    page = browser.new_page()
    page.set_content("<!DOCTYPE html><title>deal score</title>")
    page.add_script_tag(path=str(SCRIPT))
    yield page
    page.close()


def test_every_preset_and_house_rule_is_compared_on_tens_of_thousands_of_deals():
    assert sum(len(rule_sets(preset)) for preset in RULESETS) == len(rule_sets())
    assert len(rule_sets()) * DEALS_PER_RULE_SET >= 40_000


# One test per preset (with its house rules), so that the comparison spreads over the workers.
@pytest.mark.parametrize("preset", list(RULESETS))
def test_the_phone_scores_every_deal_as_the_engine(preset, scorer):
    rng = random.Random(f"27 {preset}")
    compared = errors = 0
    for name, rules in rule_sets(preset):
        deals = [generated_deal(rules, rng) for _ in range(DEALS_PER_RULE_SET)]
        expected = [engine(rules, deal) for deal in deals]
        got = []
        for start in range(0, len(deals), BATCH):
            got += scorer.evaluate(
                """([rules, deals]) => deals.map((d) => {
                    const r = window.KlaverjasScore.scoreDeal(rules, d);
                    return r.error ? { error: r.error } : { scores: r.scores, marks: r.marks, mark: r.mark };
                })""",
                [rules_for_phone(rules), [as_json(d) for d in deals[start : start + BATCH]]],
            )
        for deal, want, have in zip(deals, expected, got):
            assert have == want, f"{name}: {deal}"
        compared += len(deals)
        errors += sum(1 for want in expected if "error" in want)
    assert compared == len(rule_sets(preset)) * DEALS_PER_RULE_SET
    assert compared // 10 < errors < compared // 2, "both valid and refused deals were compared"


def test_the_phone_reads_a_deal_as_the_sheet_form(scorer):
    """The form's text as the phone reads it: the other side's points, tally roem, the verplicht
    bidder, and what the server's form refuses."""
    rules = rules_for_phone(RULESETS["amsterdam"])
    cases = [
        ({"bidder": "w", "points": ["97", ""], "roem": ["", ""]}, {"points": [97, 65], "roem": [0, 0], "bidder": 0}),
        (
            {"bidder": "", "forced": 1, "points": ["", "40"], "roem": ["|V", "O"]},
            {"points": [122, 40], "roem": [70, 100], "bidder": 1},
        ),
        # more than the deal has: refused as "170 is more than 162" (issue 33 item 1)
        ({"bidder": "z", "points": ["170", ""], "roem": ["", ""]}, {"error": "points", "reason": "over", "value": 170}),
        ({"bidder": "z", "points": ["9x", ""], "roem": ["", ""]}, {"error": "points"}),
        ({"bidder": "z", "points": ["90", ""], "roem": ["2x", ""]}, {"error": "roem"}),
        ({"bidder": "w", "points": ["", ""], "roem": ["", ""]}, {"empty": True}),
        # "verz." is a whole deal without made-up points (issue 33 item 2): all points to the other side
        (
            {"bidder": "w", "points": ["", ""], "roem": ["", ""], "verzaakt": "z"},
            {"points": [162, 0], "roem": [0, 0], "bidder": 0},
        ),
        ({"bidder": "w", "points": ["", ""], "roem": ["", ""], "pit": "w"}, {"error": "points"}),
    ]
    for typed, want in cases:
        have = scorer.evaluate("([rules, typed]) => window.KlaverjasScore.readDeal(rules, typed)", [rules, typed])
        if "deal" in have:
            have = {k: have["deal"][k] for k in ("points", "roem", "bidder")}
        have = {k: v for k, v in have.items() if v not in ("", None)}  # no reason of its own
        assert have == want, typed


def test_a_verzaakt_deal_needs_no_bid_on_the_phone(scorer):
    """Issue 33 item 2: "verz." and its side, nothing else typed, is a whole deal on the phone too:
    scored as the engine scores it (the other side 162 plus all roem, no bidder), and under
    "fixed-points" (the deal scored as played) the bid is still asked, as by the engine."""
    cases = [
        (RULESETS["amsterdam"], {"bidder": "", "points": ["", ""], "roem": ["|", ""], "verzaakt": "z"}),
        (RULESETS["amsterdam"], {"bidder": "", "points": ["", ""], "roem": ["", "V"], "verzaakt": "w"}),
        (
            dataclasses.replace(RULESETS["amsterdam"], verzaakt_bonus=100),
            {"bidder": "", "points": ["", ""], "roem": ["", ""], "verzaakt": "w"},
        ),
        (
            dataclasses.replace(RULESETS["amsterdam"], verzaakt_penalty="fixed-points", verzaakt_points=100),
            {"bidder": "", "points": ["100", ""], "roem": ["", ""], "verzaakt": "z"},
        ),
    ]
    for rules, typed in cases:
        read = scorer.evaluate(
            "([rules, typed]) => window.KlaverjasScore.readDeal(rules, typed)", [rules_for_phone(rules), typed]
        )
        assert "deal" in read and read["deal"]["bidder"] is None, typed
        d = read["deal"]
        deal = DealInput(tuple(d["points"]), tuple(d["roem"]), bidder=None, verzaakt=d["verzaakt"])
        have = scorer.evaluate(
            "([rules, deal]) => window.KlaverjasScore.scoreDeal(rules, deal)", [rules_for_phone(rules), d]
        )
        want = engine(rules, deal)
        assert {k: have.get(k) for k in want} == want, typed
    amsterdam = [engine(RULESETS["amsterdam"], DealInput((162, 0), (20, 0), bidder=None, verzaakt=1))]
    assert amsterdam == [{"scores": [182, 0], "marks": ["", "V"], "mark": "V"}]
    fixed = dataclasses.replace(RULESETS["amsterdam"], verzaakt_penalty="fixed-points", verzaakt_points=100)
    assert engine(fixed, DealInput((100, 62), bidder=None, verzaakt=1)) == {"error": "bidder"}
