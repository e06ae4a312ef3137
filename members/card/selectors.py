"""A member's score card of one evening: every deal of the tables they played, round by round, as the
score sheet shows them (points, roem, the mark, each deal's score and the running total), read from
the stored sheets and laid out by the match page's own rows (``scoring.matches.tables.deal_rows``):
nothing is scored here. Four queries, whatever the number of rounds.

Whose card: the member's own, or any member's of a club for its organisers (``may_see``); anyone
else is told the card does not exist. A duplicate session's play stays hidden until every table has
played it (``competitions.selectors.play_seen``), on the card too.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from clubs.models import Player
from clubs.permissions import is_organiser_of
from competitions.base.rulesets import first_dealer_of, ruleset_for_match
from competitions.models import Evening, Match, MatchSeat, MatchSide, Round
from competitions.selectors import play_seen
from scoring.matches.tables import SIDE_SUFFIXES, deal_rows
from scoring.models import Deal
from scoring.selectors import SideView, sides_of


@dataclass
class CardRound:
    match: Match
    side: int  #: the member's side at the table
    sides: list[SideView]  #: every side: label ("wij"/"zij", a seat at a table of three), names, total
    partners: list[str]
    opponents: list[str]
    rows: list[dict]  #: the deals as ``deal_rows`` gives them (points_a, roem_a, mark, score_a, running_a…)
    has_bidder: bool

    @property
    def round(self) -> Round:
        return self.match.round

    @property
    def mine(self) -> int:
        return self.sides[self.side].total

    @property
    def lead_columns(self) -> int:
        """The columns before the scores: number, bidder (where the rules have one), points, roem, mark."""
        return 1 + int(self.has_bidder) + 2 * len(self.sides) + 1

    @property
    def suffixes(self) -> tuple[str, ...]:
        return SIDE_SUFFIXES[: len(self.sides)]

    @property
    def cells(self) -> list[dict]:
        """Each deal's values side by side, ready for a page or a PDF: ``points``, ``roem`` and
        ``scores`` are lists with one entry per side (the member's side marked by ``side``)."""
        return [
            {
                "number": row.get("board", row["number"]),
                "bidder": self.sides[row["bidder"]].label if row["bidder"] is not None else "",
                "points": [row[f"points_{s}"] for s in self.suffixes],
                "roem": [row[f"roem_{s}"] or "" for s in self.suffixes],
                "scores": [row[f"score_{s}"] for s in self.suffixes],
                "running": [row[f"running_{s}"] for s in self.suffixes],
                "mark": row["mark"],
                "mark_side": self.sides[row["mark_side"]].label if row["mark_side"] is not None else "",
                "offender": row["offender"],
            }
            for row in self.rows
        ]


@dataclass
class ScoreCard:
    player: Player
    evening: Evening
    rounds: list[CardRound]
    hidden: int = 0  #: tables whose play is not shown yet (a duplicate session still being played)

    @property
    def total(self) -> int:
        return sum(r.mine for r in self.rounds)


def may_see(user, player: Player) -> bool:
    """The member themselves, or an organiser of their club (a site admin too)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return player.account_id == user.pk or is_organiser_of(user, player.club_id)


def score_card(player: Player, evening: Evening, *, user) -> ScoreCard:
    """The card of ``player`` on ``evening`` (of their club: the caller checks): the tables of its
    published rounds where they sat (four queries)."""
    matches = list(
        Match.objects.filter(round__evening=evening, round__status=Round.Status.PUBLISHED, seats__player=player)
        .select_related("round__competition__club", "round__evening")
        .prefetch_related(
            Prefetch("seats", queryset=MatchSeat.objects.select_related("player")),
            Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant")),
            Prefetch("deals", queryset=Deal.objects.order_by("number")),
        )
        .order_by("round__number", "table")
    )
    card = ScoreCard(player, evening, [])
    if not matches:
        return card
    competition = matches[0].round.competition
    seen = play_seen(user, competition)
    first_dealer = first_dealer_of(competition)
    for match in matches:
        if not seen.match(match.pk):
            card.hidden += 1
            continue
        seats = list(match.seats.all())
        side = next(s.side for s in seats if s.player_id == player.pk)
        rules = ruleset_for_match(match)
        card.rounds.append(
            CardRound(
                match=match,
                side=side,
                sides=sides_of(match),
                partners=[s.player.name for s in seats if s.side == side and s.player_id != player.pk],
                opponents=[s.player.name for s in seats if s.side != side],
                rows=deal_rows(match, rules, first_dealer, {s.seat: s.player.name for s in seats}),
                has_bidder=rules.has_bidder,
            )
        )
    return card
