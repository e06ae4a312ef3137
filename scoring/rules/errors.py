"""The engine's errors. Every error is a ``ValueError``, as in python-chess."""

from __future__ import annotations


class InvalidDeal(ValueError):
    """A deal a scorekeeper cannot record: the message names the field and the rule broken.

    ``field`` is the name of the ``DealInput`` field at fault ("points", "roem", "bidder", "pit",
    "verzaakt", "trump", "challenge", "nil"; "deals" for a match), so a form can show the
    message beside it. ``template`` and ``params`` are the untranslated message and its values
    (``str(error) == error.template.format(**error.params)``). ``deal`` is the deal's number in a
    match (1-based), or None. ``message`` is the message itself.
    """

    def __init__(self, field: str, template: str, deal: int | None = None, **params: object):
        self.field = field
        self.template = template
        self.params = params
        self.deal = deal
        self.message = template.format(**params)
        super().__init__(self.message)

    def in_deal(self, number: int) -> InvalidDeal:
        """The same error, marked with the deal's number in a match."""
        return InvalidDeal(self.field, self.template, deal=number, **self.params)


# The messages, plain format strings so that they can be translated later.
POINTS_SIDES = "points: give one number per {what} ({count}), not {given}"
POINTS_WHOLE = "points of {side} must be a whole number, not {value!r}"
POINTS_NEGATIVE = "points of {side} cannot be negative ({value})"
POINTS_TOTAL = "points must add up to {total} in a deal, but {shown} add up to {sum}"
ROEM_SIDES = "roem: give one number per {what} ({count}), not {given}"
ROEM_WHOLE = "roem of {side} must be a whole number, not {value!r}"
ROEM_NEGATIVE = "roem of {side} cannot be negative ({value})"
ROEM_ITEMS = ("roem of {side} must be 0 or made of roem items 20, 50, 100 and 200; "
              "{value} cannot be made that way")
ROEM_MAX = "roem of {side} can be at most {max}, not {value}"
BIDDER_MISSING = "bidder: say which {what} chose trump"
BIDDER_UNKNOWN = "bidder must be {choices}, not {value!r}"
PIT_UNKNOWN = "pit must be empty or {choices}, not {value!r}"
PIT_POINTS = "pit: {side} can only have a pit with all {total} points, not {value}"
VERZAAKT_UNKNOWN = "verzaakt must be empty or {choices}, not {value!r}"
VERZAAKT_PIT = "verzaakt cannot be recorded together with a pit in the same deal"
CHALLENGE_RANGE = ("challenge must be 0 (none), 1 (kraak), 2 (rekraak) or 3 (superkraak), "
                   "not {value!r}")
CHALLENGE_RULES = "challenge: only Wilde Boom has kraak, rekraak and superkraak"
TRUMP_MISSING = "trump: this game needs the trump suit of every deal"
TRUMP_UNKNOWN = "trump must be one of C, D, H, S, not {value!r}"
NIL_RULES = "nil: this competition does not play nil bids"
MATCH_OVER = "deals: the match was over after deal {last}; deal {number} is one too many"
