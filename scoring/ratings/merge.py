"""What a merge of two members (``clubs.members.merge``) does to the stored ratings: they are derived
data, so the dropped member's are deleted and every pool the kept member's results count in (the
club, and each league it plays in) that has ratings is recomputed from the merged results, in the
merge's transaction. Registered by ``connect``, which ``ScoringConfig.ready`` calls."""

from __future__ import annotations

from clubs.members.merge import register
from clubs.models import Club, Player
from scoring.ratings.models import PlayerRating, RatingPoint, RatingRun
from scoring.ratings.services import recompute


def move(kept: Player, dropped: Player) -> int:
    count, _by_model = PlayerRating.objects.filter(player=dropped).delete()
    points, _by_model = RatingPoint.objects.filter(player=dropped).delete()
    return count + points


def after(kept: Player) -> None:
    pools = Club.objects.filter(pk=kept.club_id) | Club.objects.filter(member_clubs=kept.club_id)
    for club in pools.filter(pk__in=RatingRun.objects.values("club")).distinct().order_by("pk"):
        recompute(club=club)


def connect() -> None:
    register(
        "scoring.ratings",
        relations=("scoring.PlayerRating.player", "scoring.RatingPoint.player"),
        move=move,
        after=after,
    )
