"""Bringing a club's history along (issue 26 item 12): evening totals from the club's own spreadsheet,
imported into an individual competition — the organiser's xlsx upload and
``POST /api/competitions/<slug>/evening-totals`` both call ``import_evening_totals``.

- A row is (player name, evening date, points). Names are matched to the club's players by their
  full name ("Jan van der Berg"), whatever the case and spacing; a name that two players share is
  refused. Unknown names are refused with ``create_players=False`` (the page lists them for the
  organiser to confirm) and created as members with ``create_players=True`` (the API; the page
  after confirming), split at the first space into first name and surname. An unknown name that
  nearly matches a member ("Henk Hebers sr." next to "Henk Hebers", ``clubs.names``) is
  refused, naming its first row and the member, unless ``create_near_matches`` says it is someone
  else (issue 31 item 6): the API's field of that name, the page's checkbox. A name with a line
  break or another control character is refused (issue 25 item 4), naming its row and column.
- Evenings are matched by date: a date of an evening imported before gets its totals replaced
  row by row; a date of an evening played in this system is refused (its results are already
  counted); a new date becomes a new evening marked ``imported``, numbered on after the last
  evening (in date order).
- A new evening on a date the season does not expect is asked first, never taken silently (issue
  33 item 10): a date that is not one of the planned dates (``Competition.evening_dates``, when the
  season has them), that lies before ``season_start`` or after ``season_end``, or that lies after
  today (history is played already) — a typo like 19-10-2024 for 18-10-2024, or 2031. Each such
  date is refused (code ``unplanned_date``, on its first row, naming the date and why) unless it is
  among ``confirm_dates``: the page's confirmation step ticks each date, the API sends them.
- All rows or none: every bad row is named (row, column, why) and nothing is written. The same
  rows sent again change nothing. An audit row (``SettingsChange``, action "import") records what
  was imported, by whom and through which door.
"""

from __future__ import annotations

import datetime
import logging
import re
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Max
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from clubs import names
from clubs.models import Player
from competitions.models import Competition, Evening, EveningTotal
from competitions.season.models import SettingsChange
from core.planner_statistics import BULK_ROWS, refresh_statistics
from core.text import control_character

logger = logging.getLogger(__name__)

# Choice (issue 33 item 10): a negative evening total is refused, not taken silently: no evening of
# cards ends below zero (a verzaakt penalty takes points off a deal, never a whole evening below 0).
POINTS_MIN, POINTS_MAX = 0, 100_000
NAME_MAX = 140
ROWS_MAX = 20_000


@dataclass(frozen=True)
class RowError:
    row: int  # 1-based: the API's row in "rows", the sheet's row in an upload
    column: str  # "player", "date" or "points"
    message: str
    code: str = ""  # "near_match": the name nearly matches a member (confirm to create it anyway)


NEAR_MATCH = "near_match"
UNPLANNED = "unplanned_date"


class HistoryRefused(Exception):
    """Nothing was imported; ``errors`` name every row at fault."""

    def __init__(self, errors: list[RowError]):
        super().__init__("; ".join(f"{e.row}/{e.column}: {e.message}" for e in errors[:5]))
        self.errors = errors


@dataclass
class ImportResult:
    evenings_created: int = 0
    totals_created: int = 0
    totals_changed: int = 0
    totals_unchanged: int = 0
    players_created: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "evenings_created": self.evenings_created,
            "totals_created": self.totals_created,
            "totals_changed": self.totals_changed,
            "totals_unchanged": self.totals_unchanged,
            "players_created": self.players_created,
        }


def name_key(name: str) -> str:
    return re.sub(r"\s+", " ", name).strip().casefold()


def _club_players(competition: Competition) -> dict[str, list[Player]]:
    by_name: dict[str, list[Player]] = {}
    for player in Player.objects.filter(club=competition.club_id).order_by("pk"):
        by_name.setdefault(name_key(f"{player.first_name} {player.last_name}"), []).append(player)
    return by_name


def check_rows(competition: Competition, rows, *, first_row: int = 1):
    """The rows parsed and checked: ([(row number, name, date, points)], [RowError]) — nothing written."""
    errors: list[RowError] = []
    parsed = []
    seen: dict[tuple[str, datetime.date], int] = {}
    if competition.format != Competition.Format.INDIVIDUAL:
        return [], [RowError(0, "rows", _("Evening totals belong to an individual competition (club evenings)."))]
    if len(rows) > ROWS_MAX:
        return [], [RowError(0, "rows", _("At most %(max)s rows at a time.") % {"max": ROWS_MAX})]
    for number, row in enumerate(rows, start=first_row):
        if not isinstance(row, dict):
            errors.append(RowError(number, "rows", _("A row has a player, a date and points.")))
            continue
        name, day, points = row.get("player"), row.get("date"), row.get("points")
        ok = True
        if not isinstance(name, str) or not name.strip():
            errors.append(RowError(number, "player", _("The player's name is missing.")))
            ok = False
        elif len(name.strip()) > NAME_MAX:
            errors.append(
                RowError(number, "player", _("The name is longer than %(max)s characters.") % {"max": NAME_MAX})
            )
            ok = False
        elif control_character(name):  # issue 25 item 4: a name is one line, also when imported
            what = control_character(name)
            errors.append(
                RowError(
                    number,
                    "player",
                    _("A name is one line: this one contains %(what)s. Type it again without it.") % {"what": what},
                )
            )
            ok = False
        if isinstance(day, datetime.datetime):
            day = day.date()
        if isinstance(day, str):
            try:
                day = datetime.date.fromisoformat(day.strip())
            except ValueError:
                day = None
        if not isinstance(day, datetime.date):
            errors.append(RowError(number, "date", _("Not a date: write it as YYYY-MM-DD, for example 2025-09-12.")))
            ok = False
        if isinstance(points, float) and points.is_integer():
            points = int(points)
        if isinstance(points, str) and re.fullmatch(r"\s*-?\d+\s*", points):
            points = int(points)
        if isinstance(points, bool) or not isinstance(points, int):
            errors.append(RowError(number, "points", _("Points must be a whole number.")))
            ok = False
        elif not POINTS_MIN <= points <= POINTS_MAX:
            errors.append(
                RowError(
                    number,
                    "points",
                    _("Points must be between %(low)s and %(high)s.") % {"low": POINTS_MIN, "high": POINTS_MAX},
                )
            )
            ok = False
        if not ok:
            continue
        assert isinstance(name, str) and isinstance(day, datetime.date)  # checked above
        key = (name_key(name), day)
        if key in seen:
            errors.append(
                RowError(
                    number,
                    "player",
                    _("%(name)s already has a total on %(date)s in row %(row)s.")
                    % {"name": name.strip(), "date": day.isoformat(), "row": seen[key]},
                )
            )
            continue
        seen[key] = number
        parsed.append((number, re.sub(r"\s+", " ", name).strip(), day, points))
    played = set(
        Evening.objects.filter(competition=competition, imported=False, date__in={p[2] for p in parsed}).values_list(
            "date", flat=True
        )
    )
    for number, _name, day, _points in parsed:
        if day in played:
            errors.append(
                RowError(
                    number,
                    "date",
                    _("%(date)s is an evening played in this system; its results already count.")
                    % {"date": day.isoformat()},
                )
            )
    return parsed, errors


def unknown_names(competition: Competition, parsed) -> list[str]:
    """The names of no member, each once however its case and spacing differ (as first written)."""
    players = _club_players(competition)
    unknown: dict[str, str] = {}
    for _n, name, _d, _p in parsed:
        if name_key(name) not in players:
            unknown.setdefault(name_key(name), name)
    return sorted(unknown.values(), key=str.casefold)


def near_names(competition: Competition, parsed) -> dict[str, list[Player]]:
    """The unknown names of the rows that nearly match members of the club: name → those members."""
    unknown = unknown_names(competition, parsed)
    if not unknown:
        return {}
    listed = [
        (p, names.name_key(p.first_name, p.last_name))
        for p in Player.objects.filter(club=competition.club_id).order_by("sort_name", "pk")
    ]
    found = {name: names.near_matches(names.full_name_key(name), listed) for name in unknown}
    return {name: players for name, players in found.items() if players}


def near_match_errors(competition: Competition, parsed) -> list[RowError]:
    """One error per unknown name nearly a member's, on its first row."""
    near = {name_key(name): (name, players) for name, players in near_names(competition, parsed).items()}
    errors, seen = [], set()
    for number, name, _day, _points in parsed:
        if name_key(name) in near and name_key(name) not in seen:
            seen.add(name_key(name))
            name, similar = near[name_key(name)]
            listed = ", ".join(
                _("%(name)s (member number %(number)s)") % {"name": p.name, "number": p.member_number} for p in similar
            )
            errors.append(
                RowError(
                    number,
                    "player",
                    _(
                        "%(name)s is not a member yet but nearly matches %(listed)s. The same person? Write the "
                        "name as on the list. Someone else? Confirm to create a new member."
                    )
                    % {"name": name, "listed": listed},
                    code=NEAR_MATCH,
                )
            )
    return errors


def day_text(day: datetime.date) -> str:
    """A date as the club writes it: 19-10-2024."""
    return formats.date_format(day, "d-m-Y")


def unplanned_dates(competition: Competition, parsed) -> dict[datetime.date, str]:
    """The dates of the rows that would make a new evening the season does not expect, each with the
    question the organiser answers (date -> question); nothing written."""
    have = set(Evening.objects.filter(competition=competition).values_list("date", flat=True))
    planned = set()
    for text in competition.evening_dates or []:
        try:
            planned.add(datetime.date.fromisoformat(str(text)))
        except ValueError:
            continue
    start, end, today = competition.season_start, competition.season_end, timezone.localdate()
    questions = {}
    for day in sorted({p[2] for p in parsed} - have):
        what = {"date": day_text(day)}
        if planned and day not in planned:
            questions[day] = _("%(date)s is not a planned evening of this season: add it anyway?") % what
        elif (start and day < start) or (end and day > end):
            what |= {"start": day_text(start) if start else "…", "end": day_text(end) if end else "…"}
            questions[day] = _("%(date)s lies outside the season (%(start)s to %(end)s): add it anyway?") % what
        elif day > today:
            questions[day] = _("%(date)s lies after today, so it cannot have been played yet: add it anyway?") % what
    return questions


def unplanned_errors(competition: Competition, parsed, confirmed) -> list[RowError]:
    """One error per unexpected new date not in ``confirmed``, on its first row."""
    questions = unplanned_dates(competition, parsed)
    errors, seen = [], set()
    for number, _name, day, _points in parsed:
        if day in questions and day not in confirmed and day not in seen:
            seen.add(day)
            errors.append(RowError(number, "date", questions[day], code=UNPLANNED))
    return errors


def import_evening_totals(
    *,
    competition: Competition,
    user,
    rows,
    create_players: bool,
    create_near_matches: bool = False,
    confirm_dates=(),
    via: str = SettingsChange.Via.PAGE,
    first_row: int = 1,
) -> ImportResult:
    """Import the rows, all or none (``HistoryRefused`` names every bad row). ``confirm_dates``: the
    dates of new evenings the season does not expect that the organiser said yes to. One log line
    either way (issue 28 item 4), as the members and results imports write."""
    who = user.get_username() if user is not None else "-"
    try:
        result = _import(
            competition=competition,
            user=user,
            rows=rows,
            create_players=create_players,
            create_near_matches=create_near_matches,
            confirm_dates=set(confirm_dates),
            via=via,
            first_row=first_row,
        )
    except HistoryRefused as refused:
        first = refused.errors[0] if refused.errors else None
        logger.info(
            "evening totals import refused: %s by %s via %s: %d problems, first: %s",
            competition.slug,
            who,
            via,
            len(refused.errors),
            f"row {first.row}, {first.column}: {first.message}" if first else "",
        )
        raise
    logger.info(
        "evening totals imported: %s by %s via %s: %s rows, %s",
        competition.slug,
        who,
        via,
        len(rows),
        ", ".join(f"{k} {v}" for k, v in result.as_dict().items() if k != "players_created")
        + f", players_created {len(result.players_created)}",
    )
    return result


@transaction.atomic
def _import(
    *,
    competition: Competition,
    user,
    rows,
    create_players: bool,
    create_near_matches: bool,
    confirm_dates: set[datetime.date],
    via: str,
    first_row: int,
) -> ImportResult:
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    parsed, errors = check_rows(competition, rows, first_row=first_row)
    players = _club_players(competition)
    for number, name, _day, _points in parsed:
        found = players.get(name_key(name), [])
        if len(found) > 1:
            errors.append(
                RowError(
                    number, "player", _("Two members are called %(name)s; tell them apart first.") % {"name": name}
                )
            )
        elif not found and not create_players:
            errors.append(RowError(number, "player", _("%(name)s is not a member of the club.") % {"name": name}))
    if create_players and not create_near_matches:
        errors += near_match_errors(competition, parsed)
    errors += unplanned_errors(competition, parsed, confirm_dates)
    if errors:
        raise HistoryRefused(sorted(errors, key=lambda e: (e.row, e.column)))
    result = ImportResult()
    for name in unknown_names(competition, parsed):
        first, _space, last = name.partition(" ")
        player = Player.objects.create(
            club=competition.club,
            member_number=_history_number(competition),
            first_name=first if last else "",
            last_name=last or first,
        )
        players[name_key(name)] = [player]
        result.players_created.append(name)
    evenings = {e.date: e for e in Evening.objects.filter(competition=competition, imported=True)}
    last_number = competition.evenings.aggregate(last=Max("number"))["last"] or 0
    for day in sorted({p[2] for p in parsed} - set(evenings)):
        last_number += 1
        evenings[day] = Evening.objects.create(competition=competition, number=last_number, date=day, imported=True)
        result.evenings_created += 1
    have = {
        (t.evening_id, t.player_id): t
        for t in EveningTotal.objects.filter(evening__in=[evenings[p[2]] for p in parsed])
    }
    new = []
    for _number, name, day, points in parsed:
        evening, player = evenings[day], players[name_key(name)][0]
        total = have.get((evening.pk, player.pk))
        if total is None:
            new.append(EveningTotal(evening=evening, player=player, points=points))
        elif total.points != points:
            total.points = points
            total.save(update_fields=["points"])
            result.totals_changed += 1
        else:
            result.totals_unchanged += 1
    EveningTotal.objects.bulk_create(new)
    result.totals_created = len(new)
    if len(new) >= BULK_ROWS:  # a season at once: the standings that follow are planned on its real size
        refresh_statistics(EveningTotal, Evening, Player)
    if result.evenings_created or result.totals_created or result.totals_changed or result.players_created:
        SettingsChange.objects.create(
            competition=competition,
            user=user,
            action=SettingsChange.Action.IMPORT,
            via=via,
            changes={"evening_totals": [None, {"rows": len(parsed), **result.as_dict()}]},
        )
    return result


def _history_number(competition: Competition) -> str:
    """The next free member number "H1", "H2" … of a member created by the import."""
    taken = {
        int(m[1:])
        for m in Player.objects.filter(club=competition.club_id, member_number__startswith="H").values_list(
            "member_number", flat=True
        )
        if re.fullmatch(r"H\d{1,9}", m)
    }
    return f"H{max(taken, default=0) + 1}"
