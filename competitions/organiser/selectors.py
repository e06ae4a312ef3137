"""Reads for the organiser's pages. Every function runs a fixed number of queries, whatever the
number of tables, players or rounds."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, Q, QuerySet

from clubs.models import Player
from clubs.names import player_sort_key
from clubs.permissions import clubs_managed_by
from competitions.models import (
    SEATS,
    Attendance,
    Bye,
    Competition,
    Evening,
    Match,
    MatchSeat,
    MatchSide,
    Round,
    SignUp,
)
from core.compass import seat_label

SEAT_ORDER = SEATS  # N, E, S, W


def managed_competitions(user) -> QuerySet[Competition]:
    """The competitions of every club or league the user organises, club by club."""
    return (
        Competition.objects.filter(club__in=clubs_managed_by(user))
        .select_related("club")
        .order_by("club__name", "-season_start", "name")
    )


def evenings_of(competition: Competition) -> list[Evening]:
    """The competition's evenings with ``present`` (count) and ``round_list`` (their rounds)."""
    rounds = Round.objects.annotate(tables=Count("matches")).order_by("number")
    return list(
        competition.evenings.annotate(present=Count("attendances", distinct=True))
        .prefetch_related(Prefetch("rounds", queryset=rounds, to_attr="round_list"))
        .order_by("number")
    )


def rounds_of(competition: Competition) -> QuerySet[Round]:
    """The competition's rounds with ``tables`` and ``confirmed`` counts."""
    return competition.rounds.annotate(
        tables=Count("matches"), confirmed=Count("matches", filter=Q(matches__status=Match.Status.CONFIRMED))
    ).order_by("number")


def divisions_of(competition: Competition) -> list[dict]:
    """``[{"name", "entrants"}]`` per division (entrants without one under the competition's name)."""
    counts = (
        competition.entrants.values("division__name", "division__order")
        .annotate(entrants=Count("pk"))
        .order_by("division__order", "division__name")
    )
    return [{"name": row["division__name"] or competition.name, "entrants": row["entrants"]} for row in counts]


@dataclass
class Member:
    player: Player
    present: bool
    late: bool
    last_time: bool = False  # present at the previous evening ("same as last evening")
    called_off: bool = False  # afgemeld: absent, compensated as an absence called off
    sign_up: SignUp | None = None  # the member's own answer on their page (/me/): coming or not, when, late


def attendance_list(evening: Evening) -> list[Member]:
    """The club's active members, and anyone already present, ticked as they are now; by surname
    without tussenvoegsels ("de Boer" under B). Before any attendance is saved the list starts from
    the sign-ups: who answered "ik kom" is ticked (the organiser still changes anything). Five queries."""
    competition = evening.competition
    present = dict(evening.attendances.values_list("player_id", "arrived_late"))
    previous = (
        Evening.objects.filter(competition=competition, number__lt=evening.number).order_by("-number").values("pk")[:1]
    )
    last_time = set(Attendance.objects.filter(evening__in=previous).values_list("player_id", flat=True))
    called_off = set(evening.call_offs.values_list("player_id", flat=True))
    answers = {s.player_id: s for s in SignUp.objects.filter(evening=evening)}
    from_sign_ups = not present
    clubs = Q(club=competition.club_id)
    if competition.club.is_league:
        clubs |= Q(club__leagues=competition.club_id)
    players = Player.objects.filter(clubs & Q(active=True) | Q(pk__in=list(present))).distinct()
    members = [
        Member(
            player=p,
            present=p.pk in present or (from_sign_ups and p.pk in answers and answers[p.pk].coming),
            late=present.get(p.pk, False),
            last_time=p.pk in last_time,
            called_off=p.pk in called_off,
            sign_up=answers.get(p.pk),
        )
        for p in players
    ]
    return sorted(members, key=lambda m: player_sort_key(m.player))


@dataclass
class Table:
    match: Match
    seats: dict[str, Player]
    sides: list[str] = field(default_factory=list)  # entrant names per side ("" for individual)

    @property
    def has_result(self) -> bool:
        return self.match.status != Match.Status.OPEN or self.match.deals_played > 0

    @property
    def row(self) -> list[Player | None]:
        return [self.seats.get(seat) for seat in SEAT_ORDER]


@dataclass
class Draw:
    round: Round
    tables: list[Table]
    byes: list[Bye]

    @property
    def drawn(self) -> bool:
        return bool(self.tables or self.byes)

    @property
    def has_results(self) -> bool:
        return any(t.has_result for t in self.tables)

    @property
    def changeable(self) -> bool:
        return self.round.status == Round.Status.DRAFT and not self.has_results

    @property
    def has_entrants(self) -> bool:
        return any(any(t.sides) for t in self.tables)

    @property
    def choices(self) -> list[tuple[int, str]]:
        """Everyone in the round as form choices, by table and seat as the language writes it: "3 O —
        Jan Jansen" in Dutch (N/O/Z/W, issue 33 item 6), "3 E — …" in English."""
        seated = [
            (player.pk, f"{table.match.table} {seat_label(seat)} — {player.name}")
            for table in self.tables
            for seat, player in sorted(table.seats.items(), key=lambda item: SEAT_ORDER.index(item[0]))
        ]
        return seated + [(bye.entrant.player.pk, f"— {bye.entrant.name}") for bye in self.byes if bye.entrant.player]


def round_draw(round: Round) -> Draw:
    """The tables of a round with their seats and sides, and its byes: four queries."""
    matches = Match.objects.filter(round=round).prefetch_related(
        Prefetch("seats", queryset=MatchSeat.objects.select_related("player")),
        Prefetch("match_sides", queryset=MatchSide.objects.select_related("entrant").order_by("side")),
    )
    tables = [
        Table(
            match=match,
            seats={s.seat: s.player for s in match.seats.all()},
            sides=[side.entrant.name if side.entrant else "" for side in match.match_sides.all()],
        )
        for match in matches.order_by("table")
    ]
    byes = list(round.byes.select_related("entrant__player").order_by("entrant__name"))
    return Draw(round=round, tables=tables, byes=byes)


def player_map(draw: Draw) -> dict[int, Player]:
    """The players of a drawn round by id (for the swap form, without another query)."""
    players = {p.pk: p for t in draw.tables for p in t.seats.values()}
    players.update({b.entrant.player.pk: b.entrant.player for b in draw.byes if b.entrant.player})
    return players
