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


class InvalidRuleSet(ValueError):
    """A rule set option out of its range or not fitting the others: the message names the option
    and, for a number, the range allowed (``RuleSet.__post_init__``).

    ``option`` is the name of the ``RuleSet`` field at fault; ``template`` and ``params`` are the
    untranslated message and its values, as in :class:`InvalidDeal`; ``message`` is the message.
    """

    def __init__(self, option: str, template: str, **params: object):
        self.option = option
        self.field = option
        self.template = template
        self.params = {"option": option, **params}
        self.message = template.format(**self.params)
        super().__init__(self.message)


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the engine has no Django).

    ``makemessages`` extracts every ``N_("...")`` (the project's command adds ``--keyword=N_``);
    ``scoring.sheet.deal_input.translate_engine_message`` translates the template when it is shown.
    """
    return message


# The messages, plain format strings marked for extraction and translated where they are shown.
POINTS_SIDES = N_("points: give one number per {what} ({count}), not {given}")
POINTS_WHOLE = N_("points of {side} must be a whole number, not {value!r}")
POINTS_NEGATIVE = N_("points of {side} cannot be negative ({value})")
POINTS_TOTAL = N_("points must add up to {total} in a deal, but {shown} add up to {sum}")
ROEM_SIDES = N_("roem: give one number per {what} ({count}), not {given}")
ROEM_WHOLE = N_("roem of {side} must be a whole number, not {value!r}")
ROEM_NEGATIVE = N_("roem of {side} cannot be negative ({value})")
ROEM_ITEMS = N_("roem of {side} must be 0 or made of roem items 20, 50, 100 and 200; {value} cannot be made that way")
ROEM_MAX = N_("roem of {side} can be at most {max}, not {value}")
BIDDER_MISSING = N_("bidder: say which {what} chose trump")
BIDDER_UNKNOWN = N_("bidder must be {choices}, not {value!r}")
PIT_UNKNOWN = N_("pit must be empty or {choices}, not {value!r}")
PIT_POINTS = N_("pit: {side} can only have a pit with all {total} points, not {value}")
VERZAAKT_UNKNOWN = N_("verzaakt must be empty or {choices}, not {value!r}")
VERZAAKT_PIT = N_("verzaakt cannot be recorded together with a pit in the same deal")
CHALLENGE_RANGE = N_("challenge must be 0 (none), 1 (kraak), 2 (rekraak) or 3 (superkraak), not {value!r}")
CHALLENGE_RULES = N_("challenge: only Wilde Boom has kraak, rekraak and superkraak")
TRUMP_MISSING = N_("trump: this game needs the trump suit of every deal")
TRUMP_UNKNOWN = N_("trump must be one of C, D, H, S, not {value!r}")
NIL_RULES = N_("nil: this competition does not play nil bids")
RULE_RANGE = N_("{option} must be a whole number from {low} to {high}, not {value!r}")
RULE_RANGE_OR_NONE = N_("{option} must be empty (none) or a whole number from {low} to {high}, not {value!r}")
RULE_CHOICE = N_("{option} must be one of {choices}, not {value!r}")
RULE_RANKS = N_("{option} must hold only the ranks 7, 8, 9, 10, J, Q, K and A, not {value!r}")
RULE_FOUR_PLAYERS = N_("{option}: Wilde Boom challenges and the South African boom need four players")
RULE_NEEDS_BIDDER = N_("{option}: nil bids and challenges need a rule set with a bidder")
MATCH_OVER = N_("deals: the match was over after deal {last}; deal {number} is one too many")

# The words the engine puts into the messages' {side}, {what} and {choices} (see ``deal._side``,
# ``deal._choices`` and ``deal._as_pair``), marked so that they are translated too.
PARAM_WORDS = (
    N_("side"),
    N_("player"),
    N_("side A"),
    N_("side B"),
    N_("player 1"),
    N_("player 2"),
    N_("player 3"),
    N_("0 (side A) or 1 (side B)"),
    N_("0, 1 or 2 (player 1, 2 or 3)"),
)
