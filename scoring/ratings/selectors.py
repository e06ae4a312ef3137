"""Reads for the ratings pages: who is listed where, and each player's course. No query per row.

Who a pool's page lists (the club boundary): the players of the club itself, for a league those of
the league and its member clubs. Guests (``Player.guest``) are rated like everyone — their results
count for the players they met — but listed apart, under the ranking, and never ranked. Members with
fewer than ``MIN_MATCHES`` rated matches are listed apart as "not ranked yet". Players of any other
club who met the pool's players are rated but not shown on this pool's page.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, F, Q, QuerySet, Window
from django.db.models.functions import Rank

from clubs.models import Club, Player
from clubs.permissions import is_staff_of
from competitions.models import Competition
from scoring.ratings.models import PlayerRating, RatingPoint

#: Matches a member needs before being ranked.
MIN_MATCHES = 5


def home_club_ids(club: Club) -> list[int]:
    """The clubs whose players this pool's page lists: the club; a league and its member clubs."""
    if not club.is_league:
        return [club.pk]
    return [club.pk, *club.member_clubs.values_list("pk", flat=True)]


def is_visible(club: Club, user) -> bool:
    """Public, unless every competition of the club is private: then only its staff see the ratings."""
    figures = Competition.objects.filter(club=club).aggregate(
        all=Count("id"), public=Count("id", filter=Q(is_public=True))
    )
    return not figures["all"] or bool(figures["public"]) or is_staff_of(user, club)


def visible_pools(user) -> list[Club]:
    """Every club and league with a competition that this user may see, leagues after clubs, with
    its stored run (``rating_run``, absent before a first computation) — two queries."""
    clubs = (
        Club.objects.filter(competitions__isnull=False)
        .distinct()
        .select_related("rating_run")
        .annotate(public=Count("competitions", filter=Q(competitions__is_public=True), distinct=True))
        .order_by("is_league", "name")
    )
    return [club for club in clubs if club.public or is_staff_of(user, club.pk)]


def _ordered(queryset: QuerySet[PlayerRating]) -> QuerySet[PlayerRating]:
    return queryset.select_related("player").order_by(
        "-rating", "-matches", "player__last_name", "player__first_name", "player_id"
    )


def ranking(club: Club, homes: list[int]) -> QuerySet[PlayerRating]:
    """Ranked members, best first; equal ratings share a rank."""
    rows = PlayerRating.objects.filter(club=club, player__club__in=homes, player__guest=False, matches__gte=MIN_MATCHES)
    return _ordered(rows.annotate(rank=Window(Rank(), order_by=[F("rating").desc()])))


def not_ranked_yet(club: Club, homes: list[int]) -> QuerySet[PlayerRating]:
    return _ordered(
        PlayerRating.objects.filter(club=club, player__club__in=homes, player__guest=False, matches__lt=MIN_MATCHES)
    )


def guests(club: Club, homes: list[int]) -> QuerySet[PlayerRating]:
    return _ordered(PlayerRating.objects.filter(club=club, player__club__in=homes, player__guest=True))


def courses(club: Club, player_ids: list[int]) -> dict[int, list[float]]:
    """Each of these players' rating after every evening or round they played (one query)."""
    found: dict[int, list[float]] = defaultdict(list)
    if player_ids:
        for player_id, rating in (
            RatingPoint.objects.filter(club=club, player_id__in=player_ids)
            .order_by("player_id", "seq")
            .values_list("player_id", "rating")
        ):
            found[player_id].append(rating)
    return found


def listed_player(club: Club, homes: list[int], player_id: int) -> Player | None:
    return Player.objects.filter(pk=player_id, club__in=homes).first()


def player_course(club: Club, player: Player) -> tuple[PlayerRating | None, list[RatingPoint]]:
    rating = PlayerRating.objects.filter(club=club, player=player).first()
    points = list(RatingPoint.objects.filter(club=club, player=player).order_by("seq")) if rating else []
    return rating, points


def position(club: Club, homes: list[int], rating: PlayerRating) -> int | None:
    """The member's place in the ranking (None for a guest or one not ranked yet)."""
    if rating.player.guest or rating.matches < MIN_MATCHES or rating.player.club_id not in homes:
        return None
    better = PlayerRating.objects.filter(
        club=club, player__club__in=homes, player__guest=False, matches__gte=MIN_MATCHES, rating__gt=rating.rating
    ).count()
    return better + 1
