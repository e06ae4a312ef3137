"""Competitions, their entrants, evenings, rounds and matches (tables).

A *match* is one table: four seats N/E/S/W, side A = N+S ("wij"), side B = E+W ("zij"); at a
three-player table the seats N/E/S are three sides. ``MatchSide`` keeps one row per side with the
totals and statistics that the scoring services compute from the deals — standings aggregate those
rows in the database. Nothing here computes scores: that is the rules engine's job, called by
``scoring.services``.

Past 500 lines and still one idea: the competition and the tables a match is made of. ``Competition`` carries
every option a club sets for its season (rules, standings method, compensation, the reglement's rules of
RULES.md §9), and those are plain fields of one row; splitting them off would only scatter one table.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Team
from competitions.draws.models import WhistRound
from competitions.evenings.models import Attendance, Bye, CallOff, Evening, EveningTotal, SignUp, SitOut, Substitution
from competitions.pagecache.models import PageVersion
from competitions.season.models import SettingsChange
from core.json_limits import LimitedJSONModelField
from core.text import NameField
from scoring.rules.rulesets import LIMITS

#: The engine's range for deals per match (1..64): the form and the admin refuse others.
DEALS_MIN, DEALS_MAX = LIMITS["deals_per_match"]

RULESET_CHOICES = [
    ("amsterdam", _("Amsterdam")),
    ("rotterdam", _("Rotterdam")),
    ("gezellig", _("Op de gezelligheid (no nat)")),
    ("wilde-boom", _("Wilde Boom (kraken)")),
    ("driemans", _("Three players (driemans)")),
    ("klawerjas", _("South African klawerjas")),
]

SEATS = ("N", "E", "S", "W")


class DrawMethod(models.TextChoices):
    """How an individual competition draws its rounds (``Competition.draw_method``)."""

    LOT = "lot", _("by lot (every round drawn anew)")
    WHIST = "whist", _("whist schedule (fixed group: everyone partners everyone once)")


class Competition(models.Model):
    class Format(models.TextChoices):
        INDIVIDUAL = "individual", _("individual club evenings")
        PAIRS = "pairs", _("fixed pairs")
        TEAMS = "teams", _("teams of four")
        DUPLICATE = "duplicate", _("duplicate pairs (portefeuille)")

    class StandingsMethod(models.TextChoices):
        TOTAL = "total", _("total of all evenings")
        BEST_N = "best_n", _("best N evenings")
        BEST_AVERAGE = "best_average", _("best average over N evenings")
        PERIODS = "periods", _("periods")

    class AbsencePolicy(models.TextChoices):
        NOTHING = "nothing", _("no points")
        FIXED = "fixed", _("a fixed number of points")
        FIXED_PIT = "fixed_pit", _("a fixed number of points plus a pit")
        LOWEST = "lowest", _("the evening's lowest score")
        AVERAGE = "average", _("the evening's average")
        OWN_AVERAGE = "own_average", _("the player's own average")

    class ByePolicy(models.TextChoices):
        FIXED = "fixed", _("a fixed number of points")
        FIXED_PIT = "fixed_pit", _("a fixed number of points plus a pit")
        AVERAGE = "average", _("the round's average")
        LOWEST = "lowest", _("the round's lowest score")
        OWN_AVERAGE = "own_average", _("the player's own season average per round")
        NOTHING = "nothing", _("no points")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="competitions", verbose_name=_("club"))
    name = NameField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    format = models.CharField(_("format"), max_length=12, choices=Format.choices, default=Format.INDIVIDUAL)
    draw_method = models.CharField(
        _("draw of individual rounds"), max_length=8, choices=DrawMethod.choices, default="lot"
    )
    ruleset = models.CharField(_("rules"), max_length=20, choices=RULESET_CHOICES, default="amsterdam")
    rule_options = LimitedJSONModelField(
        _("rule options"),
        default=dict,
        blank=True,
        help_text=_('Options that differ from the chosen rules, for example {"four_jacks": 100}.'),
    )
    deals_per_match = models.PositiveSmallIntegerField(
        _("deals per match"), default=16, validators=[MinValueValidator(DEALS_MIN), MaxValueValidator(DEALS_MAX)]
    )
    first_dealer = models.CharField(_("first dealer"), max_length=1, default="N", choices=[(s, s) for s in SEATS])
    points_win = models.PositiveSmallIntegerField(_("match points for a win"), default=2)
    points_draw = models.PositiveSmallIntegerField(_("match points for a draw"), default=1)
    points_loss = models.PositiveSmallIntegerField(_("match points for a loss"), default=0)
    season_start = models.DateField(_("season starts"), null=True, blank=True)
    season_end = models.DateField(_("season ends"), null=True, blank=True)
    organiser_entry_counts = models.BooleanField(
        _("organiser's entry counts at once"),
        default=False,
        help_text=_("A result entered by the organiser needs no second person to confirm it."),
    )

    class SecondCheck(models.TextChoices):
        SCORER = "scorer", _("a scorer or the organiser confirms")
        OPPONENTS = "opponents", _("the opponents accept it at the table")
        BOTH = "both", _("the opponents accept it, then a scorer confirms")

    class EntryMode(models.TextChoices):
        DEALS = "deals", _("deal by deal")
        TOTALS = "totals", _("only each side's total")

    second_check = models.CharField(
        _("who checks a result"),
        max_length=10,
        choices=SecondCheck.choices,
        default=SecondCheck.SCORER,
        help_text=_("The second person who must check a result before it counts."),
    )
    entry_mode = models.CharField(
        _("score entry"),
        max_length=8,
        choices=EntryMode.choices,
        default=EntryMode.DEALS,
        help_text=_("Deal by deal, or only each side's match total (with roem, nat and pit counts if kept)."),
    )
    rounds_per_evening = models.PositiveSmallIntegerField(_("rounds per evening"), default=3)
    three_player_tables = models.BooleanField(
        _("tables of three"),
        default=True,
        help_text=_("When attendance is not divisible by four: tables of three instead of byes."),
    )
    standings_method = models.CharField(
        _("standings"), max_length=16, choices=StandingsMethod.choices, default=StandingsMethod.TOTAL
    )
    count_best = models.PositiveSmallIntegerField(_("number of best evenings (N)"), null=True, blank=True)
    period_length = models.PositiveSmallIntegerField(_("evenings per period"), null=True, blank=True)
    period_best = models.PositiveSmallIntegerField(_("best evenings per period"), null=True, blank=True)
    periods_counted = models.PositiveSmallIntegerField(_("number of best periods"), null=True, blank=True)
    absence_policy = models.CharField(
        _("absence"), max_length=12, choices=AbsencePolicy.choices, default=AbsencePolicy.NOTHING
    )
    absence_points = models.IntegerField(_("points when absent"), default=0)
    bye_policy = models.CharField(_("bye"), max_length=12, choices=ByePolicy.choices, default=ByePolicy.AVERAGE)
    bye_points = models.IntegerField(_("points for a bye"), default=0)
    compensation_limit = models.PositiveSmallIntegerField(
        _("compensated at most"),
        null=True,
        blank=True,
        help_text=_(
            "How many absent evenings and byes per player are compensated in a season (the first ones); empty: no limit."
        ),
    )
    min_evenings = models.PositiveSmallIntegerField(
        _("minimum evenings to qualify"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(200)],
        help_text=_("Players with fewer evenings played are listed after the others without a place; empty: all."),
    )

    class BestFrom(models.TextChoices):
        START = "start", _("from the first evening")
        SEASON_END = "season_end", _("only at the season's end")

    best_from = models.CharField(
        _("worst evenings struck"),
        max_length=12,
        choices=BestFrom.choices,
        default=BestFrom.START,
        help_text=_("At the season's end: until the last planned evening the standing is the plain sum."),
    )
    points_champion = models.BooleanField(
        _("points champion"),
        default=False,
        help_text=_("A second title (puntenkampioen) for the most points over all evenings, with its own prize."),
    )
    unexcused_policy = models.CharField(
        _("absence without calling off"),
        max_length=12,
        choices=[("", _("as an absence called off")), *AbsencePolicy.choices],
        default="",
        blank=True,
    )
    unexcused_points = models.IntegerField(_("points when absent without calling off"), default=0)

    class MissedRoundPolicy(models.TextChoices):
        NOTHING = "nothing", _("no points")
        FIXED = "fixed", _("a fixed number of points")
        FIXED_PIT = "fixed_pit", _("a fixed number of points plus a pit")
        AVERAGE = "average", _("the round's average")

    missed_round_policy = models.CharField(
        _("round missed by a late arrival"),
        max_length=12,
        choices=MissedRoundPolicy.choices,
        default=MissedRoundPolicy.NOTHING,
    )
    missed_round_points = models.IntegerField(_("points for a missed round"), default=0)
    verzaakt_player_penalty = models.PositiveSmallIntegerField(
        _("verzaakt: penalty for the player"),
        default=0,
        validators=[MaxValueValidator(1000)],
        help_text=_("Individual play: points the player who verzaakt loses from their own score (not the partner)."),
    )

    class SubstituteCountsFor(models.TextChoices):
        SUBSTITUTE = "substitute", _("the substitute")
        MEMBER = "member", _("the absent member")
        NOBODY = "nobody", _("nobody")

    substitute_counts_for = models.CharField(
        _("a substitute's score counts for"),
        max_length=10,
        choices=SubstituteCountsFor.choices,
        default=SubstituteCountsFor.SUBSTITUTE,
    )
    guests_in_standings = models.BooleanField(
        _("guests in the season standings"),
        default=False,
        help_text=_("Guests always play and appear in the evening's result; tick to rank them in the season too."),
    )
    prize_per_players = models.PositiveSmallIntegerField(
        _("one prize per N players present"),
        null=True,
        blank=True,
        help_text=_("On a club evening: one prize for every N players present (empty: use the places above)."),
    )
    tie_breakers = LimitedJSONModelField(
        _("tie-breakers"),
        default=list,
        blank=True,
        help_text=_('Tie-breakers in order, for example ["match_points", "points", "roem", "fewest_nat"].'),
    )

    # League publication (competitions.standings.fixtures): how a team match's tables make match points.
    class MatchPointsScheme(models.TextChoices):
        TOTAL = "total", _("by the team match's total (win, draw, loss)")
        TABLES = "tables", _("per table won, plus a bonus for the higher total")

    match_points_scheme = models.CharField(
        _("match points of a team match"),
        max_length=8,
        choices=MatchPointsScheme.choices,
        default=MatchPointsScheme.TOTAL,
    )
    table_win_points = models.PositiveSmallIntegerField(_("match points per table won"), default=2)
    table_draw_points = models.PositiveSmallIntegerField(_("match points per table drawn"), default=1)
    total_bonus = models.PositiveSmallIntegerField(
        _("bonus for the higher total"), default=2, help_text=_("Shared half and half when the totals are equal.")
    )
    rank_by_average = models.BooleanField(
        _("rank by average per match"),
        default=False,
        help_text=_(
            "For entrants who played different numbers of matches: rank by points (teams: match points) per match."
        ),
    )
    prize_places = models.PositiveSmallIntegerField(_("prizes for places 1 to"), default=4)
    prize_every = models.PositiveSmallIntegerField(_("then every n-th place"), default=0)
    booby_prize = models.BooleanField(_("booby prize"), default=True)
    booby_prize_partial = models.BooleanField(
        _("booby prize for a partial evening too"),
        default=False,
        help_text=_(
            "Off: the booby prize goes to the lowest score among those who played every round of the evening "
            "(not to a late arrival or an early leaver). On: to the lowest score of anyone present."
        ),
    )
    is_public = models.BooleanField(_("public"), default=True)
    # The season's plan (competitions/season): how many evenings, on which dates, from what time.
    planned_evenings = models.PositiveSmallIntegerField(
        _("planned evenings"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(366)],
        help_text=_("How many club evenings the season has (empty: not planned)."),
    )
    #: ISO dates (text); edited on the settings page (competitions/season), not in the admin.
    evening_dates = models.JSONField(
        _("dates of the evenings"),
        default=list,
        blank=True,
        editable=False,
        help_text=_("The planned dates, in order."),
    )
    evening_start = models.TimeField(_("evenings start at"), null=True, blank=True)
    double_round_robin = models.BooleanField(
        _("double round robin"),
        default=False,
        help_text=_("Fixed pairs and teams: everyone meets everyone twice (home and away)."),
    )
    previous = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="next_seasons",
        editable=False,
        verbose_name=_("previous season"),
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-season_start", "name"]
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        constraints = [
            models.CheckConstraint(condition=Q(deals_per_match__gte=1), name="competition_deals_per_match_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("competitions:detail", kwargs={"slug": self.slug})

    def clean(self) -> None:
        """The season options that only make sense together (RULES.md §9, real clubs' reglementen)."""
        super().clean()
        errors: dict[str, str | Promise] = {}
        if self.min_evenings and self.planned_evenings and self.min_evenings > self.planned_evenings:
            errors["min_evenings"] = _("At most the number of planned evenings (%(planned)s).") % {
                "planned": self.planned_evenings
            }
        if self.best_from == self.BestFrom.SEASON_END:
            if self.standings_method not in (self.StandingsMethod.BEST_N, self.StandingsMethod.BEST_AVERAGE):
                errors["best_from"] = _("Striking at the season's end needs the standings 'best N evenings'.")
            elif not self.count_best:
                errors["best_from"] = _("Striking at the season's end needs the number of best evenings (N).")
            elif not self.planned_evenings:
                errors["planned_evenings"] = _("Striking at the season's end needs the number of planned evenings.")
        if errors:
            raise ValidationError(errors)


class Division(models.Model):
    """A poule of a league competition."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="divisions")
    name = NameField(_("name"), max_length=60)
    order = models.PositiveSmallIntegerField(_("order"), default=1)

    class Meta:
        ordering = ["competition", "order", "name"]
        verbose_name = _("division")
        verbose_name_plural = _("divisions")
        constraints = [models.UniqueConstraint(fields=["competition", "name"], name="division_unique_name")]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    """Who stands in a competition's standings: a player (individual) or a team (pairs, teams of four)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entrants")
    division = models.ForeignKey(Division, on_delete=models.SET_NULL, null=True, blank=True, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, null=True, blank=True, related_name="entries")
    name = NameField(_("name"), max_length=160)
    seed = models.PositiveIntegerField(_("seed"), default=0)

    class Meta:
        ordering = ["competition", "seed", "name"]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        constraints = [
            models.CheckConstraint(
                condition=(Q(player__isnull=False) & Q(team__isnull=True))
                | (Q(player__isnull=True) & Q(team__isnull=False)),
                name="entrant_player_xor_team",
            ),
            models.UniqueConstraint(fields=["competition", "player"], name="entrant_unique_player"),
            models.UniqueConstraint(fields=["competition", "team"], name="entrant_unique_team"),
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PUBLISHED = "published", _("published")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    evening = models.ForeignKey("Evening", on_delete=models.CASCADE, null=True, blank=True, related_name="rounds")
    date = models.DateField(_("date"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(_("draw seed"), default=0)
    #: The round's number within its evening (1, 2, 3 …): what players see; ``number`` stays internal.
    evening_round = models.PositiveSmallIntegerField(_("round of the evening"), null=True, blank=True)

    class Meta:
        ordering = ["competition", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["competition", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.competition} — {self.label}"

    @property
    def label(self) -> str:
        """ "Evening 11 · round 1" on a club evening, "Round 7" in a league (select_related evening)."""
        if self.evening_id is None or self.evening_round is None or self.evening is None:
            return _("Round %(number)s") % {"number": self.number}
        return _("Evening %(evening)s · round %(round)s") % {
            "evening": self.evening.number,
            "round": self.evening_round,
        }

    def get_absolute_url(self) -> str:
        return reverse("competitions:round", kwargs={"slug": self.competition.slug, "number": self.number})


class Fixture(models.Model):
    """Teams of four: one team against another, played at two tables (two matches)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="fixtures")
    home = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="home_fixtures")
    away = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="away_fixtures")
    home_total = models.IntegerField(default=0)
    away_total = models.IntegerField(default=0)
    complete = models.BooleanField(default=False, help_text="both tables confirmed")

    class Meta:
        ordering = ["round", "id"]
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        constraints = [
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="fixture_two_different_teams"),
        ]

    def __str__(self) -> str:
        return f"{self.home} – {self.away}"


class Match(models.Model):
    """One table playing one match of ``deals_per_match`` deals. Results live in ``scoring.Deal``."""

    class Status(models.TextChoices):
        OPEN = "open", _("not entered yet")
        DRAFT = "draft", _("partly entered")
        ENTERED = "entered", _("entered, awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(_("table"))
    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, null=True, blank=True, related_name="matches")
    sides = models.PositiveSmallIntegerField(_("sides"), default=2, help_text="2, or 3 at a three-player table")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    version = models.PositiveIntegerField(_("version"), default=0)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    deals_played = models.PositiveSmallIntegerField(default=0)
    #: The table link's secret (``/t/<code>/``): made when the round is published, unguessable,
    #: replaced when the table is reseated; no account is needed to enter with it.
    table_code = models.CharField(max_length=32, unique=True, null=True, blank=True, editable=False)
    #: The side that entered the sheet through the table link (None: entered by staff).
    table_entered_side = models.PositiveSmallIntegerField(null=True, blank=True)
    #: When the opponents at the table accepted the entered sheet, and which side they are.
    table_checked_at = models.DateTimeField(null=True, blank=True)
    table_checked_side = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The last change of any kind (entry, check, confirmation): the dashboard shows "how long ago".
    changed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="match_unique_table"),
            models.CheckConstraint(condition=Q(sides__in=[2, 3]), name="match_two_or_three_sides"),
            # Nobody confirms their own entry (an organiser's own entry may count at once: then
            # confirmed_by stays empty and confirmed_at is set).
            models.CheckConstraint(
                condition=Q(confirmed_by__isnull=True)
                | Q(entered_by__isnull=True)
                | ~Q(confirmed_by=models.F("entered_by")),
                name="match_not_confirmed_by_enterer",
            ),
            models.CheckConstraint(
                condition=~Q(status="confirmed") | Q(confirmed_at__isnull=False),
                name="match_confirmed_has_time",
            ),
        ]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"{self.round} — {_('tafel')} {self.table}"

    def get_absolute_url(self) -> str:
        return reverse("scoring:match", kwargs={"pk": self.pk})


class MatchSide(models.Model):
    """One side of a match with its totals and statistics, kept by ``scoring.services``."""

    class Result(models.TextChoices):
        WIN = "win", _("win")
        DRAW = "draw", _("draw")
        LOSS = "loss", _("loss")
        NONE = "", _("no result yet")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="match_sides")
    side = models.PositiveSmallIntegerField(help_text="0 = A (N+S), 1 = B (E+W); 2 = the third player")
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, null=True, blank=True, related_name="match_sides")
    total = models.IntegerField(default=0)
    opponents_total = models.IntegerField(default=0)
    # Statistics: NULL means "not recorded" (a result entered as totals only, without that count);
    # the standings then show "—" for it (competitions.standings.recorded).
    roem = models.IntegerField(default=0, null=True, blank=True)
    bids = models.PositiveSmallIntegerField(default=0, null=True, blank=True)
    made = models.PositiveSmallIntegerField(default=0, null=True, blank=True)
    nat = models.PositiveSmallIntegerField(default=0, null=True, blank=True)
    pits = models.PositiveSmallIntegerField(default=0, null=True, blank=True)
    tegenpits = models.PositiveSmallIntegerField(default=0, null=True, blank=True)
    verzaakt = models.PositiveSmallIntegerField(default=0, null=True, blank=True)
    result = models.CharField(max_length=4, choices=Result.choices, default=Result.NONE, blank=True)

    class Meta:
        ordering = ["match", "side"]
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], name="matchside_unique_side"),
            models.CheckConstraint(condition=Q(side__lte=2), name="matchside_side_0_to_2"),
        ]


class MatchSeat(models.Model):
    """Who sits where. N+S form side 0, E+W side 1; at a three-player table N, E, S are sides 0, 1, 2."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=[(s, s) for s in SEATS])
    side = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    #: Deals of this match in which this seat's player verzaakt (``scoring.Deal.verzaakt_seat``), kept
    #: by the scoring services: the standings charge the club's personal penalty per deal.
    verzaakt = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="matchseat_unique_seat"),
            models.UniqueConstraint(fields=["match", "player"], name="matchseat_unique_player"),
        ]


#: The app's models: its core ones above and its features' (draws/, evenings/, pagecache/, season/), imported at the top so that
#: Django, which imports this module, registers them. Those name the core models as strings
#: ("competitions.Round"), so importing them here makes no cycle.
__all__ = [
    "Attendance",
    "Bye",
    "CallOff",
    "SignUp",
    "Competition",
    "Division",
    "Entrant",
    "Evening",
    "EveningTotal",
    "Fixture",
    "Match",
    "MatchSeat",
    "MatchSide",
    "PageVersion",
    "Round",
    "SettingsChange",
    "SitOut",
    "Substitution",
    "WhistRound",
]
