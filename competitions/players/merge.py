"""What a merge of two members (``clubs.members.merge``) does to the competitions' rows: seats at the
tables (and so every result), attendance, call-offs, sit-outs, substitutes, imported evening totals,
entries and their byes and sides. Registered by ``connect``, which ``CompetitionsConfig.ready`` calls.

Refused (each reason names the table or the evening): both at one table; both present at one
evening, both with an imported total of one evening, both sitting out one round, both with a bye in
one round, or one the other's substitute — moving would double a row or seat a player against
themself. Two entries of one competition become one: the dropped entry's sides and byes move to the
kept entry, which is then the only one. A call-off of one on an evening the other came to is dropped
(the member came). Every competition touched has its public pages' cache version raised.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from clubs.members.merge import move_rows, register, register_renamed, shared
from clubs.models import Player
from competitions.evenings.models import SignUp
from competitions.models import (
    Attendance,
    Bye,
    CallOff,
    Entrant,
    Evening,
    EveningTotal,
    Fixture,
    Match,
    MatchSeat,
    MatchSide,
    Round,
    SitOut,
    Substitution,
)
from competitions.pagecache.keys import bump_competition


def evening_label(evening: Evening) -> str:
    """ "Clubavonden 2025-2026, avond 3 (17 september 2025)" """
    text = _("%(competition)s, evening %(number)s") % {
        "competition": evening.competition.name,
        "number": evening.number,
    }
    return f"{text} ({date_format(evening.date)})" if evening.date else text


def table_label(match: Match) -> str:
    """ "table 4 of Evening 3 · round 2 of Clubavonden 2025-2026" """
    return _("table %(table)s of %(round)s of %(competition)s") % {
        "table": match.table,
        "round": match.round.label,
        "competition": match.round.competition.name,
    }


def _evenings(ids) -> list[Evening]:
    return list(Evening.objects.filter(pk__in=ids).select_related("competition").order_by("competition", "number"))


def check(kept: Player, dropped: Player) -> list[str]:
    names = {"a": kept.name, "b": dropped.name}
    reasons = []
    matches = Match.objects.filter(pk__in=shared(MatchSeat, "player", kept, dropped, together="match"))
    for match in matches.select_related("round__evening", "round__competition").order_by("round", "table"):
        reasons.append(
            _("%(a)s and %(b)s played at the same table: %(table)s.") % {**names, "table": table_label(match)}
        )
    for model, sentence in (
        (Attendance, _("%(a)s and %(b)s were both present at %(evening)s.")),
        (EveningTotal, _("%(a)s and %(b)s both have an imported total for %(evening)s.")),
    ):
        for evening in _evenings(shared(model, "player", kept, dropped, together="evening")):
            reasons.append(sentence % {**names, "evening": evening_label(evening)})
    for round in Round.objects.filter(pk__in=shared(SitOut, "player", kept, dropped, together="round")).select_related(
        "evening", "competition"
    ):
        reasons.append(
            _("%(a)s and %(b)s both sat out %(round)s of %(competition)s.")
            % {**names, "round": round.label, "competition": round.competition.name}
        )
    entries = Entrant.objects.filter(player__in=[kept, dropped])
    byes = Bye.objects.filter(entrant__in=entries).values_list("round", "entrant")
    rounds_seen: dict[int, set[int]] = {}
    for round_id, entrant_id in byes:
        rounds_seen.setdefault(round_id, set()).add(entrant_id)
    doubled = [r for r, entrants in rounds_seen.items() if len(entrants) > 1]
    for round in Round.objects.filter(pk__in=doubled).select_related("evening", "competition"):
        reasons.append(
            _("%(a)s and %(b)s both had a bye in %(round)s of %(competition)s.")
            % {**names, "round": round.label, "competition": round.competition.name}
        )
    pairs = Q(member=kept, substitute=dropped) | Q(member=dropped, substitute=kept)
    for evening in _evenings(Substitution.objects.filter(pairs).values("evening")):
        reasons.append(
            _("%(a)s and %(b)s: one was the other's substitute at %(evening)s.")
            % {**names, "evening": evening_label(evening)}
        )
    for evening in _evenings(shared(Substitution, "substitute", kept, dropped, together="evening")):
        reasons.append(
            _("%(a)s and %(b)s were both substitutes at %(evening)s.") % {**names, "evening": evening_label(evening)}
        )
    return reasons


def _competitions_of(player: Player) -> set[int]:
    ids = set(Entrant.objects.filter(player=player).values_list("competition_id", flat=True))
    ids |= set(MatchSeat.objects.filter(player=player).values_list("match__round__competition_id", flat=True))
    ids |= set(Attendance.objects.filter(player=player).values_list("evening__competition_id", flat=True))
    ids |= set(EveningTotal.objects.filter(player=player).values_list("evening__competition_id", flat=True))
    return ids


def _merge_entries(kept: Player, dropped: Player) -> int:
    """The dropped member's entries: taken over where the kept one has none, else folded into the kept
    one's entry of that competition (its sides and byes move)."""
    kept_entries = {e.competition_id: e for e in Entrant.objects.filter(player=kept)}
    count = 0
    for entry in Entrant.objects.filter(player=dropped):
        mine = kept_entries.get(entry.competition_id)
        if mine is None:
            Entrant.objects.filter(pk=entry.pk).update(player=kept, name=kept.name)
        else:
            MatchSide.objects.filter(entrant=entry).update(entrant=mine)
            Bye.objects.filter(entrant=entry).update(entrant=mine)
            Fixture.objects.filter(home=entry).update(home=mine)
            Fixture.objects.filter(away=entry).update(away=mine)
            Entrant.objects.filter(pk=entry.pk).delete()
        count += 1
    return count


def move(kept: Player, dropped: Player) -> int:
    competitions = _competitions_of(dropped)
    moved = move_rows(MatchSeat, "player", kept, dropped)
    # A call-off of one on an evening the other came to: the member came.
    came = Attendance.objects.filter(player__in=[kept, dropped]).values("evening")
    CallOff.objects.filter(player__in=[kept, dropped], evening__in=came).delete()
    CallOff.objects.filter(
        player=dropped, evening__in=CallOff.objects.filter(player=kept).values("evening")
    ).delete()  # both called off: once is enough
    for model in (Attendance, CallOff, SitOut, EveningTotal):
        moved += move_rows(model, "player", kept, dropped)
    moved += move_rows(Substitution, "member", kept, dropped)
    moved += move_rows(Substitution, "substitute", kept, dropped)
    moved += _merge_entries(kept, dropped)
    for competition_id in sorted(competitions | _competitions_of(kept)):
        bump_competition(competition_id)
    return moved


def rename_entries(player: Player) -> None:
    """A player entrant carries the player's name (made from it): it follows a rename."""
    for competition_id in (
        Entrant.objects.filter(player=player).exclude(name=player.name).values_list("competition_id", flat=True)
    ):
        bump_competition(competition_id)
    Entrant.objects.filter(player=player).exclude(name=player.name).update(name=player.name)


def move_sign_ups(kept: Player, dropped: Player) -> int:
    """The dropped member's own answers for evenings follow; where both answered one evening, the kept
    member's answer stands (one answer per member and evening)."""
    both = SignUp.objects.filter(player=kept).values("evening_id")
    SignUp.objects.filter(player=dropped, evening_id__in=both).delete()
    return SignUp.objects.filter(player=dropped).update(player=kept)


def connect() -> None:
    """Called by ``CompetitionsConfig.ready``."""
    register("competitions.sign_ups", relations=("competitions.SignUp.player",), move=move_sign_ups)
    register(
        "competitions",
        relations=(
            "competitions.MatchSeat.player",
            "competitions.Attendance.player",
            "competitions.CallOff.player",
            "competitions.SitOut.player",
            "competitions.EveningTotal.player",
            "competitions.Substitution.member",
            "competitions.Substitution.substitute",
            "competitions.Entrant.player",
        ),
        check=check,
        move=move,
    )
    register_renamed("competitions.entrants", rename_entries)
