"""Standings rows and the metrics they are ranked by (Tabbycat-style: a metric per key, with a
configurable precedence; see ``tiebreak.py``).

Every figure of a row comes from database aggregates (``individual.py``, ``pairs_teams.py``);
derived figures (averages, the share of bids made) are exact fractions here, so that ranking never
depends on floating point or on the database backend. Pages and the API show them rounded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import F
from django.utils.translation import gettext_lazy as _

from competitions.models import Match, MatchSide
from core.numbers import quotient, rounded

#: The place of a player below the minimum of evenings (niet geklasseerd).
NOT_RANKED = _("n.r.")


@dataclass
class EveningScore:
    """A player's score on one club evening of an individual season."""

    number: int  # the evening's number
    points: int
    played: int = 0  # rounds played that evening
    byes: int = 0  # rounds drawn out
    absent: bool = False  # scored by the absence policy
    counted: bool = True  # counts towards the season score (best N, periods)
    imported: bool = False  # brought in by the evening-totals import (counts as played)
    missed: int = 0  # rounds missed by a late arrival (scored by the missed-round compensation)


@dataclass
class StandingRow:
    """One line of the standings. ``rank`` is shared by tied entrants; ``rank_label`` shows "3="."""

    name: str
    entrant_id: int | None = None
    player_id: int | None = None
    team_id: int | None = None
    division: str = ""
    division_order: int = 0
    members: list[tuple[int, str]] = field(default_factory=list)  # (player id, name) of a team
    sort_key: tuple = ()  # the order within a shared place: a player by surname (clubs.names)
    # aggregates
    points: int | Fraction = 0  # the ranking score: season score (individual) or total points
    total: int = 0  # points scored at the table (no byes, no absence)
    opponents: int = 0  # points scored against (pairs and teams)
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    byes: int = 0
    bye_points: int = 0
    missed_points: int = 0  # a late arrival's compensation for the rounds missed (evening results)
    roem: int = 0
    nat: int = 0
    pits: int = 0
    tegenpits: int = 0
    bids: int = 0
    made: int = 0
    verzaakt: int = 0
    match_points: int = 0
    evenings: list[EveningScore] = field(default_factory=list)
    rounds: dict[int, int] = field(default_factory=dict)  # evening results: round number -> points
    booby: bool = False  # evening results: the lowest score of the evening
    # the season's rules (competitions.standings.season_rules)
    # enough evenings played (min_evenings); False: listed without a place; None: not decided yet (the
    # season's last planned evening not played: everyone ranked on the running total, contract 3)
    qualified: bool | None = True
    points_total: int = 0  # every evening added up, nothing struck: the points championship
    best_points: int | Fraction | None = None  # "best N" while the worst are struck only at the end
    total_rank: int = 0  # place in the points championship
    points_champion: bool = False
    # filled by the ranking
    rank: int | None = 0  # None: not qualified (listed after the ranked rows)
    rank_label: str = ""
    position: int = 0
    prize: bool = False
    # statistics some side of the row has not recorded (totals-only entry: competitions.standings.recorded)
    unrecorded: frozenset[str] = field(default=frozenset(), compare=False)

    # --- derived figures (exact) ---------------------------------------------------------------
    @property
    def average(self) -> Fraction:
        """Points scored per match played (byes and absences left out)."""
        return Fraction(self.total, self.played) if self.played else Fraction(0)

    @property
    def match_points_average(self) -> Fraction:
        """Match points per match played (teams: per team match)."""
        return Fraction(self.match_points, self.played) if self.played else Fraction(0)

    @property
    def evenings_played(self) -> int:
        """Evenings with a round played or drawn out, and imported evenings (not absences)."""
        return sum(1 for e in self.evenings if not e.absent)

    @property
    def place_label(self) -> str:
        """The place as the lists show it: "3=", or "n.g." (niet geklasseerd) when not qualified."""
        return self.rank_label if self.rank is not None else str(NOT_RANKED)

    @property
    def best_points_display(self) -> int | float | None:
        return None if self.best_points is None else _rounded(self.best_points)

    @property
    def evening_average(self) -> Fraction:
        """Individual seasons: the evening scores (absences included as scored) per evening."""
        scores = [e.points for e in self.evenings]
        return Fraction(sum(scores), len(scores)) if scores else Fraction(0)

    @property
    def made_share(self) -> Fraction:
        """Bids made as a share of bids played (0 to 1)."""
        return Fraction(self.made, self.bids) if self.bids else Fraction(0)

    @property
    def difference(self) -> int:
        return self.total - self.opponents

    # --- shown rounded ---------------------------------------------------------------------------
    @property
    def points_display(self) -> int | float:
        return _rounded(self.points)

    @property
    def average_display(self) -> float:
        return rounded(self.average, 1)

    @property
    def evening_average_display(self) -> float:
        return rounded(self.evening_average, 1)

    @property
    def made_percent(self) -> int:
        """Bids made in percent, rounded half up."""
        return quotient(100 * self.made, self.bids) if self.bids else 0

    @property
    def evening_map(self) -> dict[int, EveningScore]:
        return {e.number: e for e in self.evenings}


def _rounded(value: int | Fraction) -> int | float:
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else rounded(value, 1)
    return value


@dataclass(frozen=True)
class Metric:
    key: str
    label: object  # a lazy translation
    higher_is_better: bool = True

    def value(self, row: StandingRow):
        return getattr(row, self.key)


#: Every metric a competition may rank by. A tie-breaker is a key below, optionally prefixed by
#: ``fewest_`` (lower is better), or ``head_to_head``.
METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric("points", _("points")),
        Metric("match_points", _("match points")),
        Metric("total", _("points at the table")),
        Metric("difference", _("points difference")),
        Metric("played", _("played")),
        Metric("won", _("won")),
        Metric("drawn", _("drawn")),
        Metric("lost", _("lost"), higher_is_better=False),
        Metric("roem", _("roem")),
        Metric("nat", _("nat"), higher_is_better=False),
        Metric("pits", _("pits")),
        Metric("tegenpits", _("tegenpits")),
        Metric("bids", _("bids")),
        Metric("made", _("bids made")),
        Metric("made_share", _("share of bids made")),
        Metric("verzaakt", _("verzaakt"), higher_is_better=False),
        Metric("average", _("average per match")),
        Metric("evening_average", _("average per evening")),
        Metric("match_points_average", _("match points per match")),
    )
}

HEAD_TO_HEAD = "head_to_head"


def metric_for(key: str) -> Metric | None:
    """The metric of a tie-breaker key: ``roem``, ``fewest_nat``, ``most_pits`` …; None if unknown.

    ``fewest_X`` ranks lower values first and ``most_X`` higher values first, whatever X's default.
    """
    if key in METRICS:
        return METRICS[key]
    for prefix, higher in (("fewest_", False), ("most_", True)):
        if key.startswith(prefix) and key[len(prefix) :] in METRICS:
            base = METRICS[key[len(prefix) :]]
            return Metric(base.key, base.label, higher_is_better=higher)
    return None


def tie_breaker_errors(keys) -> list[str]:
    """Messages naming every tie-breaker a form or import should refuse (empty when all is well)."""
    if not isinstance(keys, list | tuple):
        return [str(_('Tie-breakers must be a list, for example ["match_points", "roem"].'))]
    errors = []
    for key in keys:
        if key != HEAD_TO_HEAD and (not isinstance(key, str) or metric_for(key) is None):
            errors.append(
                str(_("Unknown tie-breaker %(key)r; choose from %(keys)s."))
                % {"key": key, "keys": ", ".join([*METRICS, "fewest_nat", HEAD_TO_HEAD])}
            )
    return errors


def seat_sides(**where):
    """Confirmed match sides joined to the seats of that side: one row per player per match.

    Conditions on the seat (``match__seats__…``) must come in ``where``: a second ``filter()`` on
    a multi-valued relation would join the seats a second time."""
    return MatchSide.objects.filter(
        match__status=Match.Status.CONFIRMED, match__seats__side=F("side"), **where
    ).order_by()
