"""Reads of the organiser's member pages: the list (one query a page, whatever the club's size), a
member's changes, and the members whose name nearly matches (``clubs.names``)."""

from __future__ import annotations

from django.db.models import Count, Field, Q, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from clubs.models import Club, MemberChange, Player
from clubs.names import name_key, near_matches


def members_of(club: Club, *, search: str = "") -> QuerySet[Player]:
    """The club's members and guests in Dutch name order, each with ``tables``: the tables played
    (seats: the reverse name of ``competitions.MatchSeat.player``, counted in the one query)."""
    players = Player.objects.filter(club=club)
    for word in search.split():
        players = players.filter(
            Q(first_name__icontains=word) | Q(last_name__icontains=word) | Q(member_number__iexact=word)
        )
    return players.annotate(tables=Count("seats")).order_by("sort_name", "first_name", "last_name", "pk")


def member_of(club: Club, pk) -> Player | None:
    """The member ``pk`` of this club, with the tables played; None if it is not the club's."""
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        return None
    return members_of(club).filter(pk=pk).first()


#: The order an edit's fields are shown in, as on the form (PostgreSQL's jsonb keeps no key order).
FIELD_ORDER = {
    name: i for i, name in enumerate(("first_name", "last_name", "member_number", "guest", "guest_club", "active"))
}


def changes_of(player: Player, limit: int = 20) -> list[MemberChange]:
    """The member's last changes, newest first; an edit's ``lines`` as (field's name, before, after)."""
    changes = list(MemberChange.objects.filter(player=player).select_related("user").order_by("-at", "-id")[:limit])
    for change in changes:
        lines = [
            (_label(name), _shown(values[0]), _shown(values[1]))
            for name, values in sorted(change.changes.items(), key=lambda item: FIELD_ORDER.get(item[0], 99))
            if change.action == MemberChange.Action.EDIT and isinstance(values, list) and len(values) == 2
        ]
        # for the page only: MemberChange has no such field, so mypy is told through setattr
        setattr(change, "lines", lines)  # noqa: B010
    return changes


def _label(name: str) -> str | Promise:
    """A member field's label (its ``verbose_name``); an edit only records the member's own fields."""
    model_field = Player._meta.get_field(name)
    assert isinstance(model_field, Field)  # not a relation to the member: those are never edited
    return model_field.verbose_name


def _shown(value) -> str:
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    return str(value) if value not in (None, "") else "—"


def nearly_named(club: Club, *, first_name: str, last_name: str, exclude: int | None = None) -> list[Player]:
    """The club's members (guests too) whose name nearly matches this one: one query."""
    rows = Player.objects.filter(club=club).only("pk", "first_name", "last_name", "member_number")
    if exclude is not None:
        rows = rows.exclude(pk=exclude)
    key = name_key(first_name, last_name)
    return near_matches(key, ((p, name_key(p.first_name, p.last_name)) for p in rows.order_by("sort_name", "pk")))


def merge_choices(club: Club, player: Player) -> list[tuple[int, str]]:
    """The other members of the club, for "merge with": (id, "name (number)")."""
    rows = Player.objects.filter(club=club).exclude(pk=player.pk).order_by("sort_name", "first_name", "pk")
    return [
        (p.pk, f"{p.name} ({p.member_number})") for p in rows.only("pk", "first_name", "last_name", "member_number")
    ]
