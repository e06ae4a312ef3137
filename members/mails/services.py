"""The mails of the draw and of an evening's result, written in the transaction of the publish or the
confirmation that caused them (``competitions.notices``; the outbox, core.outbox, sends them after
commit).

- **The draw** (``round_seated``): every member at a table of the published round who wants it gets
  their table, seat, partner and opponents. Published again, or reseated, only those whose table,
  seat, partner or opponents changed get a corrected mail (and one moved out of the round hears
  that); everyone else nothing. ``Notice.signature`` remembers what each member was told.
- **The evening's result** (``table_confirmed``): when a confirmation completes the evening's last
  planned round, each member who played gets their place and points, the evening's top 5 and their
  season place, once.
- **The reminder** (``write_reminders``, run by the worker before each pass): a few days before an
  evening, each member who has not answered yet gets signed one-click "ik kom" / "ik kom niet" links.
- **An evening called off** (``evening_cancelled``): the members who said "ik kom" hear that it does
  not go ahead, with the organiser's reason.
- **A league result to confirm** (``result_awaits``): the other club entered a match of our team; its
  members hear that it waits for our club's confirmation.
"""

from __future__ import annotations

import datetime

from django.core.mail import get_connection
from django.db import transaction
from django.db.models import Count, OuterRef, Subquery
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from clubs.models import Player
from competitions import standings
from competitions.evenings import signups
from competitions.evenings.selectors import evening_over
from competitions.models import Evening, Match, MatchSeat, MatchSide, Round
from competitions.permissions import entering_club_ids, team_clubs_by_side
from core.numbers import number_text
from core.outbox import bulk_enqueue
from core.upsert import upsert_rows
from members.mails.compose import address_from, compose, in_language, wants
from members.mails.links import absolute, answer_url
from members.mails.tasks import compose_draw_mails, compose_result_mails
from members.models import Notice


def round_seated(*, round: Round) -> None:
    """Listener of ``notices.ROUND_SEATED``."""
    write_draw_mails(round=round)


def table_confirmed(*, match: Match) -> None:
    """Listener of ``notices.TABLE_CONFIRMED``: one query unless the evening is over."""
    found = (
        Round.objects.filter(pk=match.round_id, evening__isnull=False)
        .values_list("evening_id", "competition__rounds_per_evening")
        .first()
    )
    if found is not None and evening_over(*found):
        write_result_mails(evening=Evening.objects.select_related("competition__club").get(pk=found[0]))


# --- the draw

#: Members per compose task (members.mails.tasks): a 200-player draw is two rows of the outbox, 5,000
#: evening results fifty, each composed by the worker in one go.
CHUNK = 100


def _chunks(entries: list) -> list[list]:
    return [entries[i : i + CHUNK] for i in range(0, len(entries), CHUNK)]


def _wants_draw(row: dict) -> bool:
    """:func:`compose.wants` on a row of values (account, addresses, the member's draw switch)."""
    return (
        row["player__account_id"] is not None
        and bool(address_from(row["player__account__email"], row["player__email"]))
        and row["player__member_settings__draw_mail"] is not False  # no settings row: every kind on
    )


_MEMBER = ("player_id", "player__account_id", "player__account__email", "player__email")


def _seats(round: Round) -> list[dict]:
    """The round's seats, each with what its member was told before (``told``: the signature, None
    when never) and how many draw notices the round has (``told_count``): one query."""
    told = Notice.objects.filter(kind=Notice.Kind.DRAW, round=round)
    return list(
        MatchSeat.objects.filter(match__round=round)
        .annotate(
            told=Subquery(told.filter(player=OuterRef("player_id")).values("signature")[:1]),
            told_count=Subquery(told.order_by().values("round").annotate(n=Count("pk")).values("n")[:1]),
        )
        .order_by("match__table", "seat")
        .values(
            *_MEMBER,
            "player__member_settings__draw_mail",
            "match_id",
            "match__table",
            "seat",
            "side",
            "told",
            "told_count",
        )
    )


def _signatures(seats: list[dict]) -> dict[int, str]:
    """Player id -> "table|seat|partner ids|opponent ids" (opponents by id): what the mail says."""
    by_match: dict[int, list[dict]] = {}
    for seat in seats:
        by_match.setdefault(seat["match_id"], []).append(seat)
    signatures = {}
    for seat in seats:
        table = by_match[seat["match_id"]]
        me = seat["player_id"]
        partners = [str(s["player_id"]) for s in table if s["side"] == seat["side"] and s["player_id"] != me]
        opponents = sorted(s["player_id"] for s in table if s["side"] != seat["side"])
        signatures[me] = "|".join(
            [str(seat["match__table"]), seat["seat"], ",".join(partners), ",".join(str(p) for p in opponents)]
        )
    return signatures


def write_draw_mails(*, round: Round) -> int:
    """Queue the draw's mails of a published ``round`` (see the module); returns how many. Three
    statements whatever the number of members: the seats with what each was told before (one query),
    the notices (one upsert), the compose tasks (members.mails.tasks, one INSERT): the worker renders
    and sends the mails. A fourth query only when a republish moved a member who was told out of the
    round."""
    if round.status != Round.Status.PUBLISHED:
        return 0
    seats = _seats(round)
    signatures = _signatures(seats)
    jobs: list[list] = []  # [player, signature, corrected]
    for seat in seats:
        signature, before = signatures[seat["player_id"]], seat["told"]
        if before == signature or not _wants_draw(seat):
            continue  # told already and nothing changed for them, or they want no draw mail
        jobs.append([seat["player_id"], signature, before is not None])
    told_seated = sum(1 for seat in seats if seat["told"] is not None)
    if not seats or (seats[0]["told_count"] or 0) > told_seated:  # told before, not seated now (a bye)
        gone = (
            Notice.objects.filter(kind=Notice.Kind.DRAW, round=round)
            .exclude(player_id__in=list(signatures))
            .exclude(signature="")
            .values(*_MEMBER, "player__member_settings__draw_mail")
        )
        jobs.extend([row["player_id"], "", True] for row in gone if _wants_draw(row))
    if not jobs:
        return 0
    upsert_rows(
        Notice,
        fields=["player", "signature"],
        rows=[job[:2] for job in jobs],
        same={"kind": Notice.Kind.DRAW.value, "round": round.pk, "written_at": timezone.now()},
        conflict=["kind", "player", "round"],
        update=["signature", "written_at"],
    )
    bulk_enqueue(
        compose_draw_mails, [{"round": round.pk, "members": chunk, "mails": len(chunk)} for chunk in _chunks(jobs)]
    )
    return len(jobs)


# --- the evening's result


def _shown(value) -> str | int:
    return value if isinstance(value, int) else number_text(value, 1)


def write_result_mails(*, evening: Evening) -> int:
    """Queue the result mails of a finished ``evening`` to the members who played, once each (the
    numbers frozen as they are now; :func:`queue_result_mails`)."""
    competition = evening.competition
    rows = standings.evening_results(evening)
    season = {row.player_id: row for row in standings.standings(competition)}
    told = set(Notice.objects.filter(kind=Notice.Kind.RESULT, evening=evening).values_list("player_id", flat=True))
    players: dict[int | None, Player] = {
        p.pk: p
        for p in Player.objects.filter(pk__in=[r.player_id for r in rows])
        .exclude(pk__in=told)
        .select_related("account", "member_settings")
    }
    top = [{"rank_label": r.rank_label, "name": r.name, "points": _shown(r.points)} for r in rows[:5]]
    members = []
    for row in rows:
        player = players.get(row.player_id)
        if player is None or not wants(player, "result"):
            continue
        in_season = season.get(row.player_id)
        members.append(
            {
                "player": player.pk,
                "row": {"rank_label": row.rank_label, "points": _shown(row.points)},
                "season_row": None
                if in_season is None
                else {"rank": in_season.rank, "rank_label": in_season.rank_label, "points": _shown(in_season.points)},
            }
        )
    return queue_result_mails(evening_id=evening.pk, members=members, top=top)


def queue_result_mails(*, evening_id: int, members: list[dict], top: list[dict]) -> int:
    """Queue the result mails of the evening ``evening_id`` to ``members`` (each ``player``, ``row``
    and ``season_row`` as the mail says them): two statements whatever their number, the notices (one
    upsert) and the compose tasks (one INSERT)."""
    if not members:
        return 0
    upsert_rows(
        Notice,
        fields=["player"],
        rows=[[m["player"]] for m in members],
        same={
            "kind": Notice.Kind.RESULT.value,
            "evening": evening_id,
            "signature": "",
            "written_at": timezone.now(),
        },
        conflict=["kind", "player", "evening"],
    )
    bulk_enqueue(
        compose_result_mails,
        [{"evening": evening_id, "top": top, "members": chunk, "mails": len(chunk)} for chunk in _chunks(members)],
    )
    return len(members)


# --- the reminder before an evening

REMINDER_DAYS = 3  #: the reminder goes this many days (or fewer) before an evening


def write_reminders(*, now: datetime.datetime | None = None) -> int:
    """Queue a reminder, once, to each member of a club with an evening in the next ``REMINDER_DAYS``
    days whose sign-up is still open: with signed one-click "ik kom" / "ik kom niet" links (no login).
    Run before each pass of the worker (core.outbox.before_each_pass); safe to run by several at once
    (the Notice of each reminder is unique)."""
    now = now or timezone.now()
    today = timezone.localdate(now)
    evenings = [
        e
        for e in Evening.objects.filter(
            date__gte=today,
            date__lte=today + datetime.timedelta(days=REMINDER_DAYS),
            cancelled=False,
            rounds__isnull=True,
        ).select_related("competition__club")
        if (closes := signups.deadline(e)) is not None and now < closes  # an evening with a date has a deadline
    ]
    written = 0
    for evening in evenings:
        with transaction.atomic():
            written += _remind(evening, now)
    return written


def _remind(evening: Evening, now: datetime.datetime) -> int:
    competition = evening.competition
    told = set(Notice.objects.filter(kind=Notice.Kind.REMINDER, evening=evening).values_list("player_id", flat=True))
    answered = set(evening.sign_ups.values_list("player_id", flat=True))
    players = (
        Player.objects.filter(club=competition.club, active=True, account__isnull=False)
        .exclude(pk__in=told | answered)
        .select_related("account", "member_settings")
    )
    context = {
        "evening": evening,
        "competition": competition,
        "club": competition.club,
        "starts": signups.starts_at(evening),
        "deadline": signups.deadline(evening),
    }
    mails, notices = [], []
    for player in players:
        if not wants(player, "reminder"):
            continue
        links = {
            "yes_url": answer_url(player_id=player.pk, evening_id=evening.pk, coming=True),
            "no_url": answer_url(player_id=player.pk, evening_id=evening.pk, coming=False),
        }
        mails.append(
            compose(
                player=player,
                kind="reminder",
                subject=in_language(
                    player,
                    lambda: (
                        _("Are you coming? Evening %(number)s of %(competition)s, %(date)s")
                        % {"number": evening.number, "competition": competition.name, "date": date_format(evening.date)}  # type: ignore[arg-type]  # dated evenings only
                    ),
                ),
                template="reminder",
                context={**context, **links},
            )
        )
        notices.append(Notice(kind=Notice.Kind.REMINDER, player=player, evening=evening))
    Notice.objects.bulk_create(notices, ignore_conflicts=True)
    if mails:
        get_connection().send_messages(mails)
    return len(mails)


# --- an evening called off


def evening_cancelled(*, evening: Evening) -> int:
    """Listener of ``notices.EVENING_CANCELLED``: each member who said "ik kom" for ``evening`` and has
    mails about coming evenings on (the ``reminder`` switch) hears that it does not go ahead, with the
    organiser's reason. Written in the cancellation's transaction (the outbox); a few mails, composed
    here (a cancellation is one click of the organiser, not a league-wide publish)."""
    competition = evening.competition
    players = Player.objects.filter(
        sign_ups__evening=evening, sign_ups__coming=True, account__isnull=False
    ).select_related("account", "member_settings")
    assert evening.date is not None  # cancel_evening refuses an evening without a date
    day = date_format(evening.date)
    context: dict[str, object] = {"evening": evening, "competition": competition, "club": competition.club}
    context["starts"] = signups.starts_at(evening)
    mails = [
        compose(
            player=player,
            kind="reminder",
            subject=in_language(
                player,
                lambda: _("The evening of %(date)s does not go ahead") % {"date": day},
            ),
            template="cancelled",
            context=context,
        )
        for player in players
        if wants(player, "reminder")
    ]
    if mails:
        get_connection().send_messages(mails)
    return len(mails)


# --- a league result waiting for our club's confirmation


def result_awaits(*, match: Match) -> int:
    """Listener of ``notices.RESULT_AWAITS``: in a league, one club entered a match's result and the
    other club's confirmation is awaited (``competitions.permissions.entering_club_ids``). The members
    of the waiting club's team in that match (``TeamMember``: members are linked to their teams, so
    the team hears it, not the whole club) who have the ``confirm`` kind on get "Uitslag wacht op
    jullie bevestiging" with a link to the match's page, where a scorer or organiser of their club
    confirms it. Once per member and round (a team of four plays two tables of one team match; a
    correction before the confirmation mails nobody again). Nothing when the league's own staff
    entered it (either club may confirm then) or outside a league."""
    competition = match.round.competition
    if not competition.club.is_league:
        return 0
    sides = team_clubs_by_side(match)
    entered = entering_club_ids(match, sides)
    waiting = [side for side, club_id in sides.items() if club_id not in entered]
    if not entered or not waiting:
        return 0
    teams = MatchSide.objects.filter(match=match, side__in=waiting, entrant__team__isnull=False)
    told = Notice.objects.filter(kind=Notice.Kind.CONFIRM, round_id=match.round_id).values("player_id")
    players = list(
        Player.objects.filter(team_places__team__entries__match_sides__in=teams, account__isnull=False)
        .exclude(pk__in=told)
        .select_related("account", "member_settings", "club")
        .distinct()
    )
    names = MatchSide.objects.filter(match=match).select_related("entrant").order_by("side")
    entrants = {side.side: side.entrant for side in names if side.entrant is not None}
    title = " – ".join(entrant.name for entrant in entrants.values())
    entering = " / ".join(sorted({entrant.name for side, entrant in entrants.items() if sides.get(side) in entered}))
    context = {
        "match": match,
        "competition": competition,
        "round": match.round,
        "title": title,
        "entering": entering,
        "match_url": absolute(reverse("scoring:match", args=[match.pk])),
    }
    mails, notices = [], []
    for player in players:
        if not wants(player, "confirm"):
            continue
        mails.append(
            compose(
                player=player,
                kind="confirm",
                subject=in_language(
                    player, lambda: _("A result waits for your confirmation: %(match)s") % {"match": title}
                ),
                template="confirm",
                context={**context, "club": player.club},
            )
        )
        notices.append(Notice(kind=Notice.Kind.CONFIRM, player=player, round_id=match.round_id))
    Notice.objects.bulk_create(notices, ignore_conflicts=True)
    if mails:
        get_connection().send_messages(mails)
    return len(mails)
