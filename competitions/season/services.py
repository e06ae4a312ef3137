"""The organiser's writes of a season's set-up: create a competition, change its settings, start a
new season from last season's. One service behind the organiser's pages and the organiser's API.

Each function takes keyword-only arguments, checks the user's right (organiser of the club, or
site admin), checks every setting (``validation.settings_errors``), runs in one transaction and
writes a ``SettingsChange`` audit row beside the change. A refusal raises :class:`SettingsRefused`
(``errors``: ``{field: message}``, fields named as the model names them, house rules as
``rule_options.<option>``) or :class:`NotOrganiser`, and writes nothing. A change that would alter
standings of confirmed results raises :class:`NeedsConfirmation` until it is sent again with
``confirmed=True`` (see ``validation`` for which field is locked, quiet or needs confirmation).

A club has one competition of a name in a season (issue 33 item 10): a second with the same name
(whatever its case and spacing) whose season overlaps the first's (``season_start`` .. ``season_end``,
an end left open runs on) is refused at ``name`` — on create, on a rename or new dates, and for a new
season. Two competitions without any season dates count as the same season (nothing tells them
apart on a page); one without dates is not compared with a dated one. A database constraint
cannot say "overlapping seasons" (and would fail on clubs that have such twins today), so the check
is here, under a lock on the club's row so two requests cannot both pass it.
"""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import formats
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.permissions import is_organiser_of
from competitions.models import Competition, Division, Entrant, EveningTotal, Match
from competitions.season.models import SettingsChange
from competitions.season.validation import LOCKED, QUIET, settings_errors, settings_of


class SettingsRefused(ValueError):
    def __init__(self, errors: dict[str, str]):
        self.errors = dict(errors)
        super().__init__("; ".join(f"{field}: {message}" for field, message in self.errors.items()))


class NotOrganiser(PermissionError):
    pass


class NeedsConfirmation(Exception):
    """The change alters the standings of confirmed results: ``fields`` say which settings."""

    def __init__(self, fields: list[str]):
        self.fields = fields
        super().__init__(
            _("These changes alter the standings of results already confirmed: %(fields)s.")
            % {"fields": ", ".join(fields)}
        )


def may_set_up(user, club: Club) -> bool:
    """Whether ``user`` may create and change the competitions of ``club`` (its organiser, or site admin)."""
    return is_organiser_of(user, club.pk)


def _check_right(user, club: Club) -> None:
    if not may_set_up(user, club):
        raise NotOrganiser(_("Only an organiser of %(club)s may set up its competitions.") % {"club": club.name})


def _plain(value):
    """A value as JSON has it (the audit row)."""
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return value


def _normalised(values: dict) -> dict:
    """Dates in ``evening_dates`` as ISO text, sorted input kept as given."""
    if isinstance(values.get("evening_dates"), list):
        values["evening_dates"] = [_plain(d) for d in values["evening_dates"]]
    return values


def unique_slug(name: str, club: Club) -> str:
    base = (slugify(name) or slugify(club.name) or "competitie")[:70].strip("-")
    slug, n = base, 1
    while Competition.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def _name_key(name) -> str:
    return " ".join(str(name or "").split()).casefold()


def _overlap(a_start, a_end, b_start, b_end) -> bool:
    if a_start is None and a_end is None and b_start is None and b_end is None:
        return True  # both without dates: the same (undated) season
    if (a_start is None and a_end is None) or (b_start is None and b_end is None):
        return False
    return (a_start is None or b_end is None or a_start <= b_end) and (
        b_start is None or a_end is None or b_start <= a_end
    )


def _day(value) -> datetime.date | None:
    if value is None or value == "" or isinstance(value, datetime.date):
        return value or None
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError:
        return None


def same_name_error(club: Club, settings: dict, *, exclude: int | None = None) -> dict[str, str]:
    """``{"name": why}`` when ``club`` has another competition of this name in an overlapping season
    (``settings``: name, season_start, season_end, evening_dates as the services hold them); locks
    the club's row first. Reads the club's competitions of that name (one query)."""
    Club.objects.select_for_update().filter(pk=club.pk).first()
    bounds = dict(settings)
    _season_bounds(bounds)
    start, end = _day(bounds.get("season_start")), _day(bounds.get("season_end"))
    key = _name_key(settings.get("name"))
    twins = Competition.objects.filter(club=club, name__iexact=str(settings.get("name") or "").strip())
    if exclude is not None:
        twins = twins.exclude(pk=exclude)
    for other in twins.only("name", "season_start", "season_end").order_by("pk"):
        if _name_key(other.name) == key and _overlap(start, end, other.season_start, other.season_end):
            if other.season_start is None and other.season_end is None:
                message = _(
                    "There is already a competition “%(name)s” without season dates; give this one another name "
                    "(for example with the season in it) or give both their season's dates."
                )
            else:
                message = _(
                    "There is already a competition “%(name)s” in this season (%(start)s to %(end)s); give this one "
                    "another name, for example with the season in it."
                )
            return {
                "name": message
                % {
                    "name": other.name,
                    "start": _short(other.season_start),
                    "end": _short(other.season_end),
                }
            }
    return {}


def _short(day) -> str:
    return formats.date_format(day, "d-m-Y") if day else "…"


def has_results(competition: Competition) -> bool:
    """Whether any table has results (entered or confirmed): the game's settings are locked then."""
    return Match.objects.filter(round__competition=competition).exclude(status=Match.Status.OPEN).exists()


def has_confirmed_results(competition: Competition) -> bool:
    """Confirmed tables, or evening totals imported from the club's spreadsheet: those count in the
    standings like confirmed evenings, so a change that recomputes them is confirmed first too."""
    if Match.objects.filter(round__competition=competition, status=Match.Status.CONFIRMED).exists():
        return True
    return EveningTotal.objects.filter(evening__competition=competition).exists()


def _season_bounds(values: dict) -> None:
    """A season without start or end takes them from its planned dates."""
    dates = values.get("evening_dates") or []
    if dates and not values.get("season_start"):
        values["season_start"] = datetime.date.fromisoformat(str(dates[0]))
    if dates and not values.get("season_end"):
        values["season_end"] = datetime.date.fromisoformat(str(dates[-1]))


@transaction.atomic
def create_competition(*, club: Club, user, values: dict, via: str = SettingsChange.Via.PAGE) -> Competition:
    """A new competition of ``club`` with ``values`` (model field names; the rest the defaults)."""
    _check_right(user, club)
    settings = settings_of(Competition()) | _normalised(dict(values))
    name = str(settings.get("name") or "").strip()
    errors = settings_errors(settings)
    if not name:
        errors["name"] = _("Give the competition a name.")
    else:
        errors = same_name_error(club, settings | {"name": name}) | errors
    if errors:
        raise SettingsRefused(errors)
    settings["name"] = name
    _season_bounds(settings)
    competition = Competition.objects.create(club=club, slug=unique_slug(name, club), **settings)
    SettingsChange.objects.create(
        competition=competition,
        user=user,
        action=SettingsChange.Action.CREATE,
        via=via,
        changes={k: [None, _plain(v)] for k, v in settings.items()},
    )
    return competition


@transaction.atomic
def update_competition(
    *, competition: Competition, user, changes: dict, via: str = SettingsChange.Via.PAGE, confirmed: bool = False
) -> list[str]:
    """Change settings of ``competition``; returns the names of the settings that changed."""
    _check_right(user, competition.club)
    locked = Competition.objects.select_for_update().get(pk=competition.pk)
    before = settings_of(locked)
    after = before | _normalised({k: v for k, v in changes.items() if k in before})
    changed = [k for k in before if after[k] != before[k]]
    if "name" in changed and not str(after["name"] or "").strip():
        raise SettingsRefused({"name": _("Give the competition a name.")})
    errors = settings_errors(after)
    if any(k in LOCKED for k in changed) and has_results(locked):
        for key in changed:
            if key in LOCKED:
                errors.update(_locked_errors(key, before, after))
    elif "format" in changed and locked.rounds.exists():
        errors["format"] = _("Rounds are drawn for this format already: delete them first, or start a new competition.")
    if {"name", "season_start", "season_end", "evening_dates"} & set(changed):
        errors = same_name_error(locked.club, after, exclude=locked.pk) | errors
    if errors:
        raise SettingsRefused(errors)
    if not changed:
        return []
    recomputed = [k for k in changed if k not in QUIET and k not in LOCKED]
    if recomputed and not confirmed and has_confirmed_results(locked):
        raise NeedsConfirmation(recomputed)
    for key in changed:
        setattr(locked, key, after[key])
        setattr(competition, key, after[key])
    locked.save(update_fields=changed)
    SettingsChange.objects.create(
        competition=locked,
        user=user,
        action=SettingsChange.Action.CHANGE,
        via=via,
        changes={k: [_plain(before[k]), _plain(after[k])] for k in changed},
    )
    return changed


def _locked_errors(key: str, before: dict, after: dict) -> dict[str, str]:
    message = _(
        "Results are in: this would change how they were scored, so it is locked. Start a new season "
        "(or a new competition) to play by other rules."
    )
    if key != "rule_options":
        return {key: message}
    old, new = before[key] or {}, after[key] or {}
    options = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return {f"rule_options.{k}": message for k in options} or {key: message}


@transaction.atomic
def start_new_season(
    *,
    competition: Competition,
    user,
    name: str,
    evening_dates: list,
    season_start: datetime.date | None = None,
    season_end: datetime.date | None = None,
    via: str = SettingsChange.Via.PAGE,
) -> Competition:
    """ "Nieuw seizoen": a copy of ``competition`` (its settings, players and teams, divisions) with
    a new name and new dates, linked to it as its previous season. Results are not copied."""
    _check_right(user, competition.club)
    settings = settings_of(competition) | _normalised(
        {"name": (name or "").strip(), "evening_dates": list(evening_dates or [])}
    )
    settings["season_start"], settings["season_end"] = season_start, season_end
    if settings["planned_evenings"] and len(settings["evening_dates"]) > settings["planned_evenings"]:
        settings["planned_evenings"] = len(settings["evening_dates"])
    errors = settings_errors(settings)
    if not settings["name"]:
        errors["name"] = _("Give the new season a name.")
    else:
        errors = same_name_error(competition.club, settings) | errors
    if errors:
        raise SettingsRefused(errors)
    _season_bounds(settings)
    season = Competition.objects.create(
        club=competition.club, slug=unique_slug(settings["name"], competition.club), previous=competition, **settings
    )
    divisions: dict[int | None, Division] = {
        d.pk: Division.objects.create(competition=season, name=d.name, order=d.order)
        for d in competition.divisions.all()
    }
    Entrant.objects.bulk_create(
        [
            Entrant(
                competition=season,
                player_id=e.player_id,
                team_id=e.team_id,
                name=e.name,
                seed=e.seed,
                division=divisions.get(e.division_id),
            )
            for e in competition.entrants.all()
        ]
    )
    SettingsChange.objects.create(
        competition=season,
        user=user,
        action=SettingsChange.Action.NEW_SEASON,
        via=via,
        changes={"previous": [None, competition.slug], **{k: [None, _plain(v)] for k, v in settings.items()}},
    )
    return season
