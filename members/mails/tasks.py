"""The member mails' own tasks on the outbox's queue: *compose* one member's mail, then hand it to the
outbox (core.outbox.deliver sends it, with its retries).

Why two steps: a publish or a confirmation must write its mails in its own transaction, but rendering
two templates per member costs about 2 ms, 0.5 s for a 200-player draw. So the transaction writes one
small row per member (these tasks, one bulk INSERT, with everything the mail says frozen in their
arguments: the draw's seat signature, the evening's numbers) and the worker renders and queues the mail.
Composed once: the worker claims a task once (django-tasks), and the mail it queues is sent once."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django_tasks import task

from clubs.models import Player
from competitions.models import Evening, Round
from core.outbox import QUEUE
from members.mails.compose import compose, in_language
from members.mails.links import absolute


def _player(pk: int) -> Player | None:
    return Player.objects.select_related("account", "member_settings", "club").filter(pk=pk).first()


@task(queue_name=QUEUE)
def write_draw_mail(*, player: int, round: int, signature: str, corrected: bool) -> bool:
    """The draw's mail (``signature`` "table|seat|partner ids|opponent ids"; "" = no longer seated)."""
    member = _player(player)
    seated = Round.objects.select_related("competition__club", "evening").filter(pk=round).first()
    if member is None or member.account_id is None or seated is None:
        return False  # removed since, or the round was deleted: nothing to say
    context = {
        "round": seated,
        "competition": seated.competition,
        "club": seated.competition.club,
        "round_url": absolute(
            reverse("competitions:round", kwargs={"slug": seated.competition.slug, "number": seated.number})
        ),
    }

    def names() -> dict:  # in the member's language: the round's label is translated
        return {"round": seated.label, "competition": seated.competition.name, "table": table}

    table = signature.split("|")[0] if signature else ""
    if not signature:
        message = compose(
            player=member,
            kind="draw",
            subject=in_language(member, lambda: _("Changed: you do not play in %(round)s") % names()),
            template="draw_out",
            context=context,
        )
    else:
        table, seat, partners, opponents = signature.split("|")
        ids = [int(pk) for pk in (partners.split(",") + opponents.split(",")) if pk]
        people = Player.objects.in_bulk(ids)

        def subject() -> str:
            if corrected:
                return _("Changed: %(round)s, you now sit at table %(table)s") % names()
            return _("%(round)s: you sit at table %(table)s") % names()

        message = compose(
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
    message.send()
    return True


@task(queue_name=QUEUE)
def write_result_mail(*, player: int, evening: int, row: dict, season_row: dict | None, top: list[dict]) -> bool:
    """The evening's result: ``row``, ``season_row`` and ``top`` as the standings were at the last
    confirmation (rank_label, name, points as shown)."""
    member = _player(player)
    played = Evening.objects.select_related("competition__club").filter(pk=evening).first()
    if member is None or member.account_id is None or played is None:
        return False
    competition = played.competition
    names = {
        "number": played.number,
        "competition": competition.name,
        "place": row["rank_label"],
        "points": row["points"],
    }
    message = compose(
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
    message.send()
    return True
