"""The member mails' own tasks on the outbox's queue: *compose* the mails of a draw or of an evening's
result, then hand them to the outbox (core.outbox sends them, with its retries).

Why two steps: a publish or a confirmation must write its mails in its own transaction, but rendering
two templates per member costs about 2 ms, 0.5 s for a 200-player draw. So the transaction writes a few
small rows (these tasks, up to ``services.CHUNK`` members each, one INSERT, with everything the mails
say frozen in their arguments: each member's seat signature, the evening's numbers) and the worker
renders them and queues the mails, a chunk in one transaction and one INSERT. Composed once: the
worker claims a task once (never twice), and the mails it queues are sent once.

``mails`` in a task's arguments is how many mails it will write: the organiser's page counts them as
waiting (core.outbox.status)."""

from __future__ import annotations

from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _
from django_tasks import task

from clubs.models import Player
from competitions.models import Evening, Round
from core.outbox import QUEUE
from members.mails.compose import compose, in_language
from members.mails.links import absolute


def _players(ids: list[int]) -> dict[int, Player]:
    return Player.objects.select_related("account", "member_settings", "club").in_bulk(ids)


def _queue(messages: list[EmailMultiAlternatives]) -> int:
    """Hand the composed mails to the outbox (``EMAIL_BACKEND``): all of them or none."""
    with transaction.atomic():
        return get_connection().send_messages(messages) or 0


# --- the draw


def _round(pk: int) -> Round | None:
    return Round.objects.select_related("competition__club", "evening").filter(pk=pk).first()


def _people(signatures: list[str]) -> dict[int, Player]:
    """The partners and opponents named by the draw signatures, by id (one query)."""
    ids: set[int] = set()
    for signature in signatures:
        if signature:
            _table, _seat, partners, opponents = signature.split("|")
            ids.update(int(pk) for pk in (partners.split(",") + opponents.split(",")) if pk)
    return Player.objects.in_bulk(list(ids))


def draw_mail(
    *, member: Player | None, seated: Round, signature: str, corrected: bool, people: dict[int, Player]
) -> EmailMultiAlternatives | None:
    """The draw's mail of one member (``signature`` "table|seat|partner ids|opponent ids"; "" = no
    longer seated); None when there is nobody to write to any more (removed since)."""
    if member is None or member.account_id is None:
        return None
    context = {
        "round": seated,
        "competition": seated.competition,
        "club": seated.competition.club,
        "round_url": absolute(
            reverse("competitions:round", kwargs={"slug": seated.competition.slug, "number": seated.number})
        ),
    }
    table = signature.split("|")[0] if signature else ""

    def names() -> dict:  # in the member's language: the round's label is translated
        return {"round": seated.label, "competition": seated.competition.name, "table": table}

    if not signature:
        return compose(
            player=member,
            kind="draw",
            subject=in_language(member, lambda: _("Changed: you do not play in %(round)s") % names()),
            template="draw_out",
            context=context,
        )
    _table, seat, partners, opponents = signature.split("|")

    def subject() -> str:
        if corrected:
            return _("Changed: %(round)s, you now sit at table %(table)s") % names()
        return _("%(round)s: you sit at table %(table)s") % names()

    return compose(
        player=member,
        kind="draw",
        subject=in_language(member, subject),
        template="draw",
        context={
            **context,
            "table": int(table),
            "seat": seat,
            "partners": [people[int(pk)] for pk in partners.split(",") if pk and int(pk) in people],
            "opponents": [people[int(pk)] for pk in opponents.split(",") if pk and int(pk) in people],
            "corrected": corrected,
        },
    )


@task(queue_name=QUEUE)
def compose_draw_mails(*, round: int, members: list[list], mails: int) -> int:
    """The draw's mails of ``members`` ([player, signature, corrected] each) in one go: four queries
    and one INSERT for the chunk."""
    seated = _round(round)
    if seated is None:
        return 0  # the round was deleted since: nothing to say
    players = _players([m[0] for m in members])
    people = _people([m[1] for m in members])
    messages = [
        draw_mail(member=players.get(pk), seated=seated, signature=signature, corrected=corrected, people=people)
        for pk, signature, corrected in members
    ]
    return _queue([m for m in messages if m is not None])


@task(queue_name=QUEUE)
def write_draw_mail(*, player: int, round: int, signature: str, corrected: bool) -> bool:
    """One member's draw mail: the task of an earlier version (one per member), for rows it queued."""
    seated = _round(round)
    member = _players([player]).get(player)
    message = (
        None
        if seated is None
        else draw_mail(
            member=member, seated=seated, signature=signature, corrected=corrected, people=_people([signature])
        )
    )
    return bool(message is not None and _queue([message]))


# --- the evening's result


def result_mail(
    *, member: Player | None, played: Evening, row: dict, season_row: dict | None, top: list[dict]
) -> EmailMultiAlternatives | None:
    """The evening's result of one member: ``row``, ``season_row`` and ``top`` as the standings were at
    the last confirmation (rank_label, name, points as shown)."""
    if member is None or member.account_id is None:
        return None
    competition = played.competition
    names = {
        "number": played.number,
        "competition": competition.name,
        "place": row["rank_label"],
        "points": row["points"],
    }
    return compose(
        player=member,
        kind="result",
        subject=in_language(
            member, lambda: _("Evening %(number)s of %(competition)s: you are %(place)s with %(points)s points") % names
        ),
        template="result",
        context={
            "evening": played,
            "competition": competition,
            "club": competition.club,
            "top": top,
            "row": row,
            "season_row": season_row,
            "evening_url": absolute(
                reverse("competitions:evening", kwargs={"slug": competition.slug, "number": played.number})
            ),
            "standings_url": absolute(reverse("competitions:standings", kwargs={"slug": competition.slug})),
        },
    )


def _evening(pk: int) -> Evening | None:
    return Evening.objects.select_related("competition__club").filter(pk=pk).first()


@task(queue_name=QUEUE)
def compose_result_mails(*, evening: int, top: list[dict], members: list[dict], mails: int) -> int:
    """The evening's result mails of ``members`` (``player``, ``row``, ``season_row`` each) in one go."""
    played = _evening(evening)
    if played is None:
        return 0
    players = _players([m["player"] for m in members])
    messages = [
        result_mail(member=players.get(m["player"]), played=played, row=m["row"], season_row=m["season_row"], top=top)
        for m in members
    ]
    return _queue([m for m in messages if m is not None])


@task(queue_name=QUEUE)
def write_result_mail(*, player: int, evening: int, row: dict, season_row: dict | None, top: list[dict]) -> bool:
    """One member's result mail: the task of an earlier version (one per member), for rows it queued."""
    played = _evening(evening)
    member = _players([player]).get(player)
    message = (
        None if played is None else result_mail(member=member, played=played, row=row, season_row=season_row, top=top)
    )
    return bool(message is not None and _queue([message]))
