"""Two members of a club made one (issue 31 item 6): "Henk Hebers sr." typed in on a walk-in evening
while "Henk Hebers" was already on the list. Everything of the one dropped — seats at tables (and so
results), attendance, call-offs, sit-outs, substitutes, entries and byes, imported evening totals,
ratings, team places, pairs kept apart, the audit of changes — moves to the one kept; then the dropped
member is deleted. The audit (``MemberChange``, action "merge") keeps who did it, when, and the
dropped member's name and number.

Every row that names a player is handled by a *step*. Steps of this app's own models are registered
below; ``competitions`` and ``scoring`` register theirs from their ``AppConfig.ready``
(``competitions.players.merge``, ``scoring.ratings.merge``), since clubs may not import them.
:func:`unhandled_relations` names every foreign key to ``Player`` in the installed models that no step
handles; tests/clubs/members/test_merge_graph.py keeps it empty, so a new foreign key to a player
cannot be forgotten by the merge.

Refused, with a Dutch sentence per reason and nothing changed (one transaction, every check before
the first write): a member with themself, two clubs, both at the same table, both at the same
evening where a row would be doubled (attendance, an imported total, a sit-out, a bye), one the
other's substitute, both in one team, both with their own login.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import models, transaction
from django.utils.translation import gettext as _

from clubs.models import ApartPair, Invitation, MemberChange, Player, TeamMember


class MergeRefused(Exception):
    """The merge was refused; ``reasons`` says why (Dutch sentences). Nothing was changed."""

    def __init__(self, reasons: list[str]):
        super().__init__(" ".join(reasons))
        self.reasons = reasons


@dataclass(frozen=True)
class Step:
    """How the rows of some relations to ``Player`` follow a merge.

    ``check(kept, dropped)`` returns the reasons to refuse (it writes nothing); ``move(kept,
    dropped)`` moves (or removes) the dropped member's rows and returns how many; ``after(kept)`` runs
    once every step has moved, before the audit is written (derived data recomputed)."""

    name: str
    relations: frozenset[str]
    move: Callable[[Player, Player], int]
    check: Callable[[Player, Player], list[str]] | None = None
    after: Callable[[Player], None] | None = None


STEPS: dict[str, Step] = {}


def register(
    name: str,
    *,
    relations: tuple[str, ...],
    move: Callable[[Player, Player], int],
    check: Callable[[Player, Player], list[str]] | None = None,
    after: Callable[[Player], None] | None = None,
) -> None:
    """Register (or replace, by ``name``) a step; ``relations`` are labels "app_label.Model.field"."""
    STEPS[name] = Step(name=name, relations=frozenset(relations), move=move, check=check, after=after)


#: Called with a player whose name changed (a rename, or the kept member of a merge), for copies of
#: the name kept elsewhere (a competition's entrant); registered like the steps.
RENAMED: dict[str, Callable[[Player], None]] = {}


def register_renamed(name: str, callback: Callable[[Player], None]) -> None:
    RENAMED[name] = callback


def renamed(player: Player) -> None:
    for callback in RENAMED.values():
        callback(player)


# --- the model graph ---------------------------------------------------------------------------------


def relation_label(model_field) -> str:
    return f"{model_field.model._meta.label}.{model_field.name}"


def player_relations() -> set[str]:
    """Every foreign key (or one-to-one) to ``Player`` in the installed models, as a label; a
    many-to-many with a table of its own counts as its table's key (``Team.players`` is
    ``TeamMember.player``)."""
    found = set()
    for relation in Player._meta.get_fields(include_hidden=True):
        if not isinstance(relation, models.ForeignObjectRel) or not relation.auto_created or relation.concrete:
            continue  # a relation to Player is reverse on Player: a ForeignObjectRel
        if relation.many_to_many:
            found.add(relation_label(relation.field))  # handled as such, or through its own model's key
            continue
        if relation.one_to_many or relation.one_to_one:
            found.add(relation_label(relation.field))
    return found


def through_relations() -> set[str]:
    """The many-to-many fields to ``Player`` whose table is a model of ours (counted by its key)."""
    return {
        relation_label(r.field)
        for r in Player._meta.get_fields(include_hidden=True)
        if isinstance(r, models.ManyToManyRel)
        and r.auto_created
        and r.through is not None
        and not r.through._meta.auto_created
    }


def unhandled_relations() -> set[str]:
    handled = set().union(*(step.relations for step in STEPS.values())) if STEPS else set()
    return player_relations() - through_relations() - handled


# --- helpers the steps share -------------------------------------------------------------------------


def move_rows(model: type[models.Model], field_name: str, kept: Player, dropped: Player) -> int:
    """Point ``model.field_name`` of the dropped member's rows at the kept one; how many."""
    return model._default_manager.filter(**{field_name: dropped}).update(**{field_name: kept})


def shared(model: type[models.Model], field_name: str, kept: Player, dropped: Player, *, together: str) -> list:
    """The values of ``together`` (an evening, a match …) for which both members have a row: moving
    would double it."""
    theirs = model._default_manager.filter(**{field_name: dropped}).values(together)
    return list(
        model._default_manager.filter(**{field_name: kept, f"{together}__in": theirs})
        .values_list(together, flat=True)
        .distinct()
        .order_by(together)
    )


# --- this app's own rows ----------------------------------------------------------------------------


def _team_check(kept: Player, dropped: Player) -> list[str]:
    both = TeamMember.objects.filter(player=kept, team__in=TeamMember.objects.filter(player=dropped).values("team"))
    return [
        _("Both are in the team %(team)s; take one of them out of the team first.") % {"team": place.team.name}
        for place in both.select_related("team")
    ]


def _move_apart_pairs(kept: Player, dropped: Player) -> int:
    pairs = list(ApartPair.objects.filter(models.Q(player_a=dropped) | models.Q(player_b=dropped)))
    theirs = set(
        ApartPair.objects.filter(models.Q(player_a=kept) | models.Q(player_b=kept)).values_list("player_a", "player_b")
    )
    kept_with = {a if b == kept.pk else b for a, b in theirs}
    ApartPair.objects.filter(pk__in=[p.pk for p in pairs]).delete()
    new = []
    for pair in pairs:
        other = pair.player_b_id if pair.player_a_id == dropped.pk else pair.player_a_id
        if other == kept.pk or other in kept_with:
            continue  # a pair of the two themselves, or one the kept member already has
        a, b = sorted((kept.pk, other))
        new.append(ApartPair(club_id=pair.club_id, player_a_id=a, player_b_id=b, note=pair.note))
        kept_with.add(other)
    ApartPair.objects.bulk_create(new)
    return len(pairs)


register(
    "clubs.teams",
    relations=("clubs.TeamMember.player",),
    check=_team_check,
    move=lambda kept, dropped: move_rows(TeamMember, "player", kept, dropped),
)
register("clubs.apart", relations=("clubs.ApartPair.player_a", "clubs.ApartPair.player_b"), move=_move_apart_pairs)
register(
    "clubs.invitations",
    relations=("clubs.Invitation.player",),
    move=lambda kept, dropped: move_rows(Invitation, "player", kept, dropped),
)
register(
    "clubs.changes",
    relations=("clubs.MemberChange.player",),
    move=lambda kept, dropped: move_rows(MemberChange, "player", kept, dropped),
)


# --- the merge ---------------------------------------------------------------------------------------


@dataclass
class MergeResult:
    kept: Player
    dropped_name: str
    dropped_number: str
    moved: dict[str, int] = field(default_factory=dict)


def snapshot(player: Player) -> dict:
    return {
        "id": player.pk,
        "name": player.name,
        "member_number": player.member_number,
        "guest": player.guest,
        "email": player.email,
        "account": player.account_id,
    }


def merge_members(*, kept: Player, dropped: Player, user) -> MergeResult:
    """Merge ``dropped`` into ``kept`` (see the module's docstring), or raise :class:`MergeRefused`."""
    if kept.pk == dropped.pk:
        raise MergeRefused([_("A member cannot be merged with themself: choose another member.")])
    if kept.club_id != dropped.club_id:
        raise MergeRefused([_("%(a)s and %(b)s belong to different clubs.") % {"a": kept.name, "b": dropped.name}])
    with transaction.atomic():
        locked = {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[kept.pk, dropped.pk])}
        if len(locked) < 2:
            raise MergeRefused([_("One of the two members no longer exists; reload the page.")])
        kept, dropped = locked[kept.pk], locked[dropped.pk]
        reasons = []
        for step in STEPS.values():
            if step.check is not None:
                reasons += step.check(kept, dropped)
        if kept.account_id and dropped.account_id:
            reasons.append(
                _("%(a)s and %(b)s each have their own login; a merged member can have one only.")
                % {"a": kept.name, "b": dropped.name}
            )
        if reasons:
            raise MergeRefused(reasons)
        result = MergeResult(kept=kept, dropped_name=dropped.name, dropped_number=dropped.member_number)
        before = snapshot(dropped)
        for step in STEPS.values():
            result.moved[step.name] = step.move(kept, dropped)
        updates = []
        if dropped.account_id:  # the member's own account (clubs.people)
            Player.objects.filter(pk=dropped.pk).update(account=None)  # one per club: free it first
            kept.account_id = dropped.account_id
            updates.append("account")
        if not kept.email and dropped.email:
            kept.email = dropped.email
            updates.append("email")
        if updates:
            kept.save(update_fields=updates)
        Player.objects.filter(pk=dropped.pk).delete()
        for step in STEPS.values():
            if step.after is not None:
                step.after(kept)
        renamed(kept)
        MemberChange.objects.create(
            club_id=kept.club_id,
            player=kept,
            user=user if getattr(user, "is_authenticated", False) else None,
            action=MemberChange.Action.MERGE,
            changes={"merged": before, "kept": snapshot(kept), "moved": result.moved},
        )
    return result
