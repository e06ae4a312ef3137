"""What a cached public page is keyed on, and how a change makes the next request miss.

Never stale, by construction: every key is built from the database as it stands *for this request*,
read before the page is rendered, and every change that a page shows moves one of its parts in the
same transaction as the change itself. A reader therefore either sees the committed change (a new
key: a miss, rendered afresh) or does not see it yet (the old key, whose page did not show it
either). Nothing waits for ``on_commit``, and no server keeps a private notion of "current": two or
twenty app servers behind a proxy, sharing one Redis, agree because they all ask the database.

A key has two parts:

- **results**: a fingerprint of the competition's match rows — their count, the sum of their
  ``version`` numbers, the number confirmed and the latest ``changed_at`` (pages that show only
  confirmed results: the same over the confirmed tables alone, see ``competition_state``). Saving a sheet and
  confirming it raise the match's ``version`` in the same UPDATE that changes it (the API's
  optimistic locking relies on that), so any result change, correction or confirmation changes the
  sum. Read in the one query that also finds the competition.
- **structure**: ``PageVersion.structure`` of the competition and of the site, raised (to at least
  the current time in microseconds, so it never repeats after a restore) by ``bump`` inside the
  writing transaction. The signal receivers below call it on every save or delete of the models a
  public page shows, and the organiser's services call it when they lock a competition or round.
  A match page keys on its own row instead of the competition's results, so entering one table
  leaves the other tables' pages cached; a round's page keys on its own round's tables
  (``round_state``), so a save in one round leaves the other rounds' pages cached.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from contextvars import ContextVar

from django.db.models import Count, F, Max, Q, Subquery, Sum
from django.db.models.functions import Greatest
from django.db.models.signals import post_delete, post_save

from clubs.models import Club, Player, Team, TeamMember
from competitions.models import (
    Bye,
    Competition,
    Division,
    Entrant,
    Evening,
    Fixture,
    Match,
    MatchSeat,
    MatchSide,
    Round,
)
from competitions.pagecache.models import PageVersion
from core.prepared import PreparedQuery, cached_relation

SITE = "site"
#: Match fields that only results change: a save of only these leaves the structure alone (the
#: results fingerprint and the match page's own key see them).
RESULT_FIELDS = frozenset(
    {
        "version",
        "status",
        "deals_played",
        "entered_by",
        "entered_at",
        "confirmed_by",
        "confirmed_at",
        "changed_at",
        "table_entered_side",
        "table_checked_at",
        "table_checked_side",
        "table_code",
    }
)
FIXTURE_RESULT_FIELDS = frozenset({"home_total", "away_total", "complete"})


def _key(competition_id: int | None) -> str:
    return SITE if competition_id is None else f"c{competition_id}"


def bump(competition_id: int | None = None) -> None:
    """Raise the structure number of a competition (None: of the site) in the current transaction."""
    key = _key(competition_id)
    now = time.time_ns() // 1000
    if (
        not PageVersion.objects.filter(key=key).update(structure=Greatest(F("structure") + 1, now))
        and competition_id is None
    ):
        # the site's row (made by the migration) was deleted: make it anew. A competition's row is
        # made with the competition; without one its pages are simply not cached.
        PageVersion.objects.bulk_create([PageVersion(key=key)], ignore_conflicts=True)
        PageVersion.objects.filter(key=key).update(structure=Greatest(F("structure") + 1, now))


def bump_competition(competition: Competition | int) -> None:
    bump(competition if isinstance(competition, int) else competition.pk)


# --- reading the key parts: one query each -------------------------------------------------------


def _site_number():
    return Subquery(PageVersion.objects.filter(key=SITE).values("structure")[:1])


#: Σ(id·K + version) over confirmed tables: changes whenever a table joins or leaves the confirmed
#: ones or a confirmed table changes (its version rises), whatever else happens at once — two
#: different (id, version) pairs never weigh the same while versions stay below K.
K = 2**24
SMALL_MAX, BIG_MAX = 2**15 - 1, 2**63 - 1  # the largest round number and id the columns hold


def competition_state(slug: str, *, confirmed_only: bool = False) -> tuple | None:
    """(site, competition structure, table count, results fingerprint…) of a public competition, or
    None (not public, unknown, or no version row yet: then nothing is cached).

    ``confirmed_only``: for pages that show confirmed results only (standings, fixtures, calendars,
    a team's page): the fingerprint of the confirmed tables, so entering a table that is not
    confirmed yet leaves them cached."""
    row = _results_row(_COMPETITION_CONFIRMED if confirmed_only else _COMPETITION, str(slug))
    return None if row is None else (confirmed_only, *row)


def round_state(slug: str, number: int) -> tuple | None:
    """(site, competition structure, the round's own tables: count, Σ version, confirmed, last
    change) for a round's page of a public competition, or None.

    A round's page shows its own tables (and, for teams, their fixture lines, refreshed in the same
    transaction as the tables); the rest of it — the byes, the link to the next round, the names —
    is structure. So a save in round 3 leaves the pages of the other rounds cached."""
    if not 0 <= int(number) <= SMALL_MAX:  # no such round (Round.number is a small integer)
        return None
    row = _results_row(_ROUND, str(slug), int(number))
    return None if row is None else ("r", number, *row)


def _results_query(*, confirmed_only: bool = False, one_round: bool = False) -> PreparedQuery:
    """The query of :func:`_results_row`, built once: (site, structure, count, Σ, confirmed, last
    change) over a public competition's tables (one round's only, with ``one_round``)."""

    def build(slug: str, *number: int):
        scope = Q(rounds__number=number[0]) if one_round else Q()
        confirmed = scope & Q(rounds__matches__status=Match.Status.CONFIRMED)
        if confirmed_only:
            results = {
                "v": Sum(F("rounds__matches__id") * K + F("rounds__matches__version"), filter=confirmed),
                "c": Count("rounds__matches", filter=confirmed),
                "t": Max("rounds__matches__confirmed_at", filter=confirmed),
            }
        else:
            results = {
                "v": Sum("rounds__matches__version", filter=scope),
                "c": Count("rounds__matches", filter=confirmed),
                "t": Max("rounds__matches__changed_at", filter=scope),
            }
        return (
            Competition.objects.filter(slug=slug, is_public=True)
            .annotate(
                site=_site_number(),
                number=F("page_version__structure"),
                n=Count("rounds__matches", filter=scope),
                **results,
            )
            .values_list("site", "number", "n", "v", "c", "t", "format")
            .order_by()[:1]
        )

    return PreparedQuery(build, str, int) if one_round else PreparedQuery(build, str)


_COMPETITION = _results_query()
_COMPETITION_CONFIRMED = _results_query(confirmed_only=True)
_ROUND = _results_query(one_round=True)


def _results_row(query: PreparedQuery, *args) -> tuple | None:
    """One query: (site, structure, count, Σ, confirmed, last change), or None without a public
    competition and its version row."""
    rows = query.rows(*args)
    row = rows[0] if rows else None
    return None if row is None or row[1] is None else row


_MATCH = PreparedQuery(
    lambda pk: (
        Match.objects.filter(pk=pk, round__competition__is_public=True)
        .annotate(site=_site_number(), number=F("round__competition__page_version__structure"))
        .values_list(
            "site",
            "number",
            "round__competition_id",
            "version",
            "status",
            "deals_played",
            "changed_at",
            "table_checked_at",
            "confirmed_at",
            "round__competition__format",
            "round__status",
        )
        .order_by()[:1]
    ),
    int,
)


def match_state(pk: int) -> tuple | None:
    """(site, competition structure, the match's own version, status, deals, changes, the
    competition's format, the round's status) of a match of a public competition, or None."""
    if not 0 < int(pk) <= BIG_MAX:  # no such match, and a number the database would refuse
        return None
    rows = _MATCH.rows(int(pk))
    if not rows or rows[0][1] is None:
        return None
    return rows[0]


DUPLICATE = Competition.Format.DUPLICATE


def fair_play_state(competition_id: int) -> tuple:
    """What a duplicate table's page (and its round's page) also keys on: the fingerprint of the
    competition's confirmed tables. Whether a table's play is shown follows from which tables of the
    session are confirmed (``competitions.selectors.play_seen``, issue 24), so a page cached while a
    board was still to be played misses once that board is complete — and a page that hid it is never
    served after. One query."""
    confirmed = Q(status=Match.Status.CONFIRMED)
    row = Match.objects.filter(round__competition_id=competition_id).aggregate(
        v=Sum(F("id") * K + F("version"), filter=confirmed),
        c=Count("id", filter=confirmed),
        t=Max("confirmed_at", filter=confirmed),
    )
    return ("fair", row["v"], row["c"], row["t"])


def site_state() -> tuple:
    """The whole site's state, for pages that list every competition (counts of confirmed results):
    the structure numbers of all rows and the fingerprint of all confirmed tables."""
    confirmed = Q(status=Match.Status.CONFIRMED)
    matches = Match.objects.aggregate(
        n=Count("id"),
        v=Sum(F("id") * K + F("version"), filter=confirmed),
        c=Count("id", filter=confirmed),
        t=Max("confirmed_at", filter=confirmed),
    )
    numbers = PageVersion.objects.aggregate(total=Sum("structure"), rows=Count("key"))
    return (numbers["total"], numbers["rows"], matches["n"], matches["v"], matches["c"], matches["t"])


# --- who bumps: every save or delete of what a public page shows -------------------------------


def _competition_of(instance) -> int | None:
    """The competition a changed row belongs to (a parent deleted in the same cascade: None, and
    that parent's own delete bumps)."""

    if getattr(instance, "competition_id", None) is not None:
        return instance.competition_id
    for name, model, path in (
        ("round", Round, "competition_id"),
        ("evening", Evening, "competition_id"),
        ("match", Match, "round__competition_id"),
    ):
        parent_id = getattr(instance, f"{name}_id", None)
        if parent_id is None:
            continue
        parent = cached_relation(instance, name)
        if isinstance(parent, Round | Evening):  # a match's competition is its round's
            return parent.competition_id
        return model.objects.filter(pk=parent_id).values_list(path, flat=True).first()
    return None


#: True inside ``one_bump_for_the_site``: the receivers leave the rows of a bulk change alone.
_BULK = ContextVar("pagecache_bulk_change", default=False)


@contextmanager
def one_bump_for_the_site():
    """A change of thousands of rows in one transaction (removing the demo: every seat, side and table
    of its seasons) raises the site's structure number once at its end instead of a query or two per
    row; the site's number is part of every page's key, so every cached page misses afterwards. Only
    this thread's (this context's) changes are left to it; use it inside the writing transaction."""
    token = _BULK.set(True)
    try:
        yield
    finally:
        _BULK.reset(token)
    bump(None)


def _changed(sender, instance, **kwargs) -> None:
    if _BULK.get():
        return
    fields = kwargs.get("update_fields")
    if sender is Match and fields and set(fields) <= RESULT_FIELDS:
        return  # a result: the fingerprint sees it
    if sender.__name__ == "Fixture" and fields and set(fields) <= FIXTURE_RESULT_FIELDS:
        return  # the sum of a team match's tables: follows the tables' results
    if sender is Competition:
        if kwargs.get("created"):
            PageVersion.objects.bulk_create(
                [PageVersion(key=_key(instance.pk), competition_id=instance.pk)], ignore_conflicts=True
            )
        if kwargs.get("signal") is post_delete:
            return
        bump(instance.pk)
        return
    competition_id = _competition_of(instance)
    if competition_id is not None:
        bump(competition_id)


def _site_changed(sender, instance, **kwargs) -> None:
    if not _BULK.get():
        bump(None)


def connect() -> None:
    """Called by ``CompetitionsConfig.ready``."""

    for model in (Competition, Division, Entrant, Evening, Round, Bye, Fixture, Match, MatchSide, MatchSeat):
        for signal in (post_save, post_delete):
            signal.connect(_changed, sender=model, dispatch_uid=f"page-cache-{model.__name__}-{id(signal)}")
    for site_model in (Club, Player, Team, TeamMember):
        for signal in (post_save, post_delete):
            signal.connect(
                _site_changed, sender=site_model, dispatch_uid=f"page-cache-site-{site_model.__name__}-{id(signal)}"
            )
