"""Writes of the ratings: recompute a pool from scratch, in one transaction.

When ratings refresh (never silently stale):
- ``manage.py rate_players`` recomputes every pool (or one, ``--club``); run it after an import or
  from cron on a league server;
- the ranking page compares the stored fingerprint with the results' (one query); when a result was
  confirmed, corrected or reopened since, a pool of at most ``AUTO_REFRESH_MATCHES`` confirmed
  matches (any club's season) is recomputed before the page is shown; a bigger pool (a league's
  history takes seconds, see the bench) shows the ranking with a visible notice that results came in
  after "computed at", and its organiser gets a button to recompute now;
- ``seed_demo`` computes the demo's ratings at its end.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from clubs.models import Club
from competitions.models import Competition
from scoring.ratings import engine
from scoring.ratings.models import PlayerRating, RatingPoint, RatingRun
from scoring.ratings.sources import fingerprint, load_games

#: Pools up to this many confirmed matches are recomputed when their page is opened and they are stale.
AUTO_REFRESH_MATCHES = 5000
BATCH = 5000


@dataclass(frozen=True)
class Freshness:
    run: RatingRun | None
    stale: bool
    confirmed: int  # confirmed matches in the pool now


def freshness(club: Club) -> Freshness:
    """Whether the stored ratings still match the results (two queries)."""
    digest, confirmed = fingerprint(club)
    run = RatingRun.objects.filter(club=club).first()
    return Freshness(run=run, stale=run is None or run.fingerprint != digest, confirmed=confirmed)


def _locked_run(club: Club) -> RatingRun:
    """The pool's run row, locked until the transaction ends, so two recomputes never interleave."""
    run = RatingRun.objects.select_for_update().filter(club=club).first()
    if run is None:
        try:
            with transaction.atomic():
                RatingRun.objects.create(club=club, computed_at=timezone.now(), fingerprint="")
        except IntegrityError:  # made meanwhile by another recompute: wait for it below
            pass
        run = RatingRun.objects.select_for_update().get(club=club)
    return run


@transaction.atomic
def recompute(*, club: Club, only_if_stale: bool = False) -> RatingRun:
    """Rate the pool's confirmed matches from scratch and replace its stored ratings and history.
    With ``only_if_stale``, a pool whose results did not change since (checked under the lock) is
    left alone."""
    run = _locked_run(club)
    digest, _confirmed = fingerprint(club)
    if only_if_stale and run.fingerprint == digest:
        return run
    result = engine.rate(load_games(club))
    PlayerRating.objects.filter(club=club).delete()
    RatingPoint.objects.filter(club=club).delete()
    _insert(
        PlayerRating,
        ("club", "player", "mu", "sigma", "rating", "matches", "wins", "draws", "losses", "last_date"),
        (
            (club.pk, player, st.mu, st.sigma, st.rating, st.matches, st.wins, st.draws, st.losses, st.last_day)
            for player, st in sorted(result.standings.items())
        ),
    )
    _insert(
        RatingPoint,
        ("club", "player", "seq", "date", "mu", "sigma", "rating", "matches"),
        (
            (club.pk, p.player, p.seq, p.day, p.mu, p.sigma, engine.display_rating(p.mu, p.sigma), p.matches)
            for p in result.points
        ),
    )
    run.computed_at = timezone.now()
    run.fingerprint = digest
    run.matches, run.skipped, run.players = result.rated, result.skipped, len(result.standings)
    run.save()
    return run


def _insert(model, names: tuple[str, ...], rows) -> None:
    """Plain ``executemany`` INSERTs in batches: a league's 120,000 history rows without building a
    model instance each (bulk_create spent most of a recompute on that). Values are adapted per field
    (dates as the backend stores them)."""
    fields = [model._meta.get_field(name) for name in names]
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        connection.ops.quote_name(model._meta.db_table),
        ", ".join(connection.ops.quote_name(f.column) for f in fields),
        ", ".join(["%s"] * len(fields)),
    )
    dates = [i for i, f in enumerate(fields) if f.get_internal_type() == "DateField"]
    adapt = connection.ops.adapt_datefield_value
    with connection.cursor() as cursor:
        batch = []
        for row in rows:
            if dates:
                row = list(row)
                for i in dates:
                    row[i] = adapt(row[i])
            batch.append(row)
            if len(batch) >= BATCH:
                cursor.executemany(sql, batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)


def refresh_if_stale(club: Club) -> Freshness:
    """What the ranking page calls: recompute a small stale pool; report a big one as stale."""
    state = freshness(club)
    if state.stale and state.confirmed <= AUTO_REFRESH_MATCHES:
        return Freshness(run=recompute(club=club, only_if_stale=True), stale=False, confirmed=state.confirmed)
    return state


def pools() -> list[Club]:
    """Every club and league that organises a competition, in a fixed order."""
    ids = Competition.objects.values_list("club_id", flat=True).distinct()
    return list(Club.objects.filter(pk__in=ids).order_by("slug"))


def recompute_all(*, only_if_stale: bool = False) -> list[tuple[Club, RatingRun]]:
    return [(club, recompute(club=club, only_if_stale=only_if_stale)) for club in pools()]
