"""Totals-only entry: each side's total after the match, without deals."""
