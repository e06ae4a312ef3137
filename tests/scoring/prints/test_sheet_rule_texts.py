"""The sheet's list of club options names the issue 24 options, so a table knows how it counts."""

from __future__ import annotations

import dataclasses

from django.utils import translation

from scoring.prints.sheets import rule_option_texts
from scoring.rules import RULESETS


def test_wilde_boom_sheet_says_how_stuk_and_hand_roem_count():
    with translation.override("en"):
        texts = rule_option_texts(RULESETS["wilde-boom"])
        assert "stuk: one player's king and queen" in texts
        assert "hand roem: only the highest combination" in texts
        today = rule_option_texts(
            dataclasses.replace(RULESETS["wilde-boom"], stuk="same-trick", hand_roem_rule="each-side")
        )
        assert "hand roem: each side its own" in today and not any(t.startswith("stuk") for t in today)
        assert not any("hand roem" in t or t.startswith("stuk") for t in rule_option_texts(RULESETS["amsterdam"]))


def test_target_winner_bidder_is_on_the_sheet():
    rules = dataclasses.replace(RULESETS["amsterdam"], target_score=1500, target_winner="bidder")
    with translation.override("en"):
        assert "both past 1500: the bidder side wins" in rule_option_texts(rules)
        assert not any("both past" in t for t in rule_option_texts(dataclasses.replace(rules, target_winner="higher")))
    with translation.override("nl"):
        assert "beide over 1500: de spelende partij wint" in rule_option_texts(rules)
