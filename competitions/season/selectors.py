"""Reads of the season's set-up: "speel vorig seizoen opnieuw" (the standings that unsaved settings
would give on results already played), what a change alters, and the competitions to replay.

The replay never writes: it computes the standings of an unsaved copy of the source competition
(``copy.copy``: same primary key, so the same results are read) with the new settings set on the
copy alone. Only settings that decide standings from stored results are applied; the game's
settings (preset, house rules, deals) cannot change stored totals, and a different format cannot
be replayed on these results at all (``ReplayRefused``). Evening totals imported from a club's
spreadsheet count like played evenings (the standings read them), so a season brought in that way
can be replayed too.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from django.core.exceptions import FieldDoesNotExist
from django.db.models import Count, Exists, Field, OuterRef, Q
from django.utils.translation import gettext as _

from competitions.models import Competition, EveningTotal, Match
from competitions.season.validation import LOCKED, QUIET
from competitions.standings import StandingRow, standings


class ReplayRefused(ValueError):
    pass


@dataclass
class ReplayLine:
    name: str
    rank_before: int | None
    rank_after: int | None
    points_before: object
    points_after: object
    qualified_before: bool = True
    qualified_after: bool = True

    @property
    def changed(self) -> bool:
        return (self.rank_before, self.points_before, self.qualified_before) != (
            self.rank_after,
            self.points_after,
            self.qualified_after,
        )


def replay_sources(competition: Competition):
    """Competitions of the same club and format with confirmed (or imported) results, newest first; the
    competition itself included (it may have results of its own)."""
    return club_replay_sources(competition.club_id, competition.format)


def club_replay_sources(club_id: int, format: str):
    """The club's competitions of ``format`` that have confirmed or imported results, newest first."""
    confirmed = Match.objects.filter(round__competition=OuterRef("pk"), status=Match.Status.CONFIRMED)
    imported = EveningTotal.objects.filter(evening__competition=OuterRef("pk"))
    return (
        Competition.objects.filter(club_id=club_id, format=format)
        .filter(Exists(confirmed) | Exists(imported))
        .select_related("club")
        .order_by("-season_start", "-created")
    )


def default_source(competition: Competition, sources: list[Competition]) -> Competition | None:
    """This competition when it has results, else its previous season, else the newest other."""
    by_pk = {s.pk: s for s in sources}
    for pk in (competition.pk, competition.previous_id):
        if pk in by_pk:
            return by_pk[pk]
    return sources[0] if sources else None


def _row_key(row: StandingRow):
    return (row.player_id, row.entrant_id) if row.entrant_id is None else ("e", row.entrant_id)


def replay(source: Competition, values: dict) -> list[ReplayLine]:
    """The standings of ``source``'s results under its own settings and under ``values``."""
    if values.get("format", source.format) != source.format:
        raise ReplayRefused(
            _("These settings are for another format (%(format)s): they cannot be tried on these results.")
            % {"format": values["format"]}
        )
    trial = copy.copy(source)
    for key, value in values.items():
        if key not in LOCKED and key not in QUIET and hasattr(trial, key):
            setattr(trial, key, value)
    before = {_row_key(r): r for r in standings(source)}
    after = standings(trial)
    lines = []
    for row in after:
        old = before.pop(_row_key(row), None)
        lines.append(
            ReplayLine(
                name=row.name,
                rank_before=_rank(old),
                rank_after=_rank(row),
                points_before=old.points_display if old else None,
                points_after=row.points_display,
                qualified_before=_qualified(old),
                qualified_after=_qualified(row),
            )
        )
    for old in before.values():
        lines.append(ReplayLine(old.name, _rank(old), None, old.points_display, None, _qualified(old), False))
    return lines


def _rank(row: StandingRow | None) -> int | None:
    return None if row is None or not _qualified(row) else row.rank


def _qualified(row: StandingRow | None) -> bool:
    return row is not None and getattr(row, "qualified", True) is not False  # None: not decided yet


def results_count(competition: Competition) -> dict:
    """How many tables have results and how many are confirmed (one query)."""
    return Match.objects.filter(round__competition=competition).aggregate(
        entered=Count("id", filter=~Q(status=Match.Status.OPEN)),
        confirmed=Count("id", filter=Q(status=Match.Status.CONFIRMED)),
    )


def changes_in_words(form, before: dict, after: dict) -> list[tuple[str, str, str]]:
    """(label, before, after) of every setting that differs (settings in model terms, compared as
    the form shows them: each house rule and each tie-breaker on its own), for the warning."""
    before, after = form.initial_for(before), form.initial_for(after)
    out = []
    for key in after:
        if key in before and before[key] != after[key]:
            field = form.fields.get(key)
            label = str(field.label) if field is not None else key
            out.append((label, _shown(field, before[key]), _shown(field, after[key])))
    return out


def labelled_changes(changes) -> list:
    """The settings change log with each changed setting named in words (its field's label, as the
    settings page shows it), never the model's code ("organiser_entry_counts"): ``change.labels``."""
    changes = list(changes)
    for change in changes:
        names = change.changes if isinstance(change.changes, dict) else {}
        change.labels = [setting_label(name) for name in names]
    return changes


def setting_label(name: str) -> str:
    """A setting's name in words: its model field's label; a house rule's as the catalogue words it."""
    try:
        model_field = Competition._meta.get_field(name)
    except FieldDoesNotExist:
        return {"evening_totals": _("evening totals imported"), "evening_removed": _("evening removed")}.get(
            name, name.replace("_", " ")
        )
    assert isinstance(model_field, Field)  # a setting is a field of the competition, never a relation to it
    return str(model_field.verbose_name)


def _shown(field, value) -> str:
    choices = dict(getattr(field, "choices", []) or [])
    if value in choices:
        return str(choices[value])
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if value is None or value == "" or value == []:
        return "—"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) or "—"
    return str(value)
