"""Import a club's members and teams from an xlsx whose template can be downloaded.

Two sheets, "members" and "teams" (either may be left empty). Every row is checked first and
every error is reported with its sheet, row and column ("Row 7, column 'member number': missing");
nothing is written while any row is wrong, and then everything is written in one transaction.
Members are matched by member number within the club: an existing member is updated, never
duplicated. A team is matched by name within the club; its members are replaced by the file's.

Headers are matched case-insensitively in English or in the current language, so a template
downloaded in Dutch imports in English and the other way round.

A new member (a member number the club does not have yet) whose name nearly matches a member already
on the list ("Henk Hebers sr." next to "Henk Hebers": ``clubs.names``) stops the import with
:class:`NearMatches`, naming each row and whom it resembles; with ``confirm_new`` (the organiser
ticked "add them anyway") it is imported as a new member.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from clubs.models import Club, Player, Team, TeamMember
from clubs.names import name_key, near_matches, with_sort_names
from core.text import control_character
from documents.workbook import NO, YES, ImportRefused, RowError, cell_text, find_sheet, open_workbook, read_sheet

logger = logging.getLogger(__name__)
MEMBERS, TEAMS = gettext_noop("members"), gettext_noop("teams")
#: (column key, required, max length)
MEMBER_COLUMNS = [
    (gettext_noop("member number"), True, 20),
    (gettext_noop("first name"), True, 60),
    (gettext_noop("last name"), True, 80),
    (gettext_noop("email"), False, 254),
    (gettext_noop("active"), False, 0),
]
TEAM_COLUMNS = [
    (gettext_noop("team"), True, 120),
    (gettext_noop("kind"), False, 0),
    (gettext_noop("member 1"), True, 20),
    (gettext_noop("member 2"), True, 20),
    (gettext_noop("member 3"), False, 20),
    (gettext_noop("member 4"), False, 20),
]
KINDS = {"pair": Team.Kind.PAIR, "four": Team.Kind.FOUR, "team of four": Team.Kind.FOUR}


@dataclass(frozen=True)
class NearRow:
    """A new member of the file (sheet row ``row``) whose name nearly matches members on the list."""

    row: int
    name: str
    matches: tuple[str, ...]  # "Henk Hebers (12)"

    def __str__(self) -> str:
        return _("Row %(row)s: %(name)s nearly matches %(matches)s on the list.") % {
            "row": self.row,
            "name": self.name,
            "matches": ", ".join(self.matches),
        }


class NearMatches(Exception):
    """New members whose names nearly match listed ones: asked, nothing written (``rows``)."""

    def __init__(self, rows: list[NearRow]):
        super().__init__("; ".join(str(r) for r in rows))
        self.rows = rows


@dataclass
class ImportResult:
    members_created: int = 0
    members_updated: int = 0
    teams_created: int = 0
    teams_updated: int = 0


# --- reading -----------------------------------------------------------------------------------


def read_workbook(data: bytes) -> tuple[list, list]:
    """(member rows, team rows) of an uploaded file, or :class:`ImportRefused` with the reasons."""
    wb = open_workbook(
        data,
        not_xlsx=_(
            "This file is not an Excel workbook (.xlsx). Download the template, fill it in and save it as .xlsx."
        ),
    )
    try:
        members_ws, teams_ws = find_sheet(wb, MEMBERS), find_sheet(wb, TEAMS)
        if members_ws is None and teams_ws is None and len(wb.worksheets) == 1:
            members_ws = wb.worksheets[0]  # a single sheet of members under another name
        if members_ws is None and teams_ws is None:
            raise ImportRefused(
                [
                    _("The workbook has no sheet called '%(members)s' or '%(teams)s'.")
                    % {"members": _(MEMBERS), "teams": _(TEAMS)}
                ]
            )
        problems: list = []
        members = read_sheet(members_ws, MEMBERS, MEMBER_COLUMNS, problems) if members_ws is not None else []
        teams = read_sheet(teams_ws, TEAMS, TEAM_COLUMNS, problems) if teams_ws is not None else []
    finally:
        wb.close()
    if problems:
        raise ImportRefused(problems)
    if not members and not teams:
        raise ImportRefused([_("The file has no members or teams to import.")])
    return members, teams


# --- checking ----------------------------------------------------------------------------------


def _member_number(value) -> str | None:
    """A member number as text; numbers typed in Excel (1001 or 1001.0) become "1001"."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ValueError(_("must be a member number, not yes/no"))
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(_("must be a whole number or text, not %(value)s") % {"value": value})
        value = int(value)
    if not isinstance(value, int | str):
        raise ValueError(_("must be a member number, not a date or time"))
    return str(value).strip() or None


def _check_members(rows, errors: list) -> dict[str, dict]:
    seen: dict[str, int] = {}
    checked: dict[str, dict] = {}
    for number, values in rows:
        err = lambda column, message: errors.append(RowError(MEMBERS, number, column, message))  # noqa: E731
        try:
            member_number = _member_number(values.get("member number"))
        except ValueError as exc:
            err("member number", str(exc))
            member_number = None
        else:
            if member_number is None:
                err("member number", _("missing"))
            elif len(member_number) > 20:
                err("member number", _("longer than 20 characters"))
            elif member_number in seen:
                err(
                    "member number",
                    _("%(number)s is also in row %(row)s") % {"number": member_number, "row": seen[member_number]},
                )
            else:
                seen[member_number] = number
        record = {"row": number}
        for key, required, max_length in MEMBER_COLUMNS[1:4]:
            text = cell_text(values.get(key))
            if required and not text:
                err(key, _("missing"))
            elif len(text) > max_length:
                err(key, _("longer than %(max)s characters") % {"max": max_length})
            elif what := control_character(text):
                err(key, _("contains %(what)s; a name is one line") % {"what": what})
            record[key] = text
        if record["email"]:
            try:
                validate_email(record["email"])
            except ValidationError:
                err("email", _("'%(value)s' is not an email address") % {"value": record["email"]})
        active = values.get("active")
        if active is None or cell_text(active) == "":
            record["active"] = None
        elif isinstance(active, bool):
            record["active"] = active
        elif cell_text(active).casefold() in YES | {_("yes").casefold()}:
            record["active"] = True
        elif cell_text(active).casefold() in NO | {_("no").casefold()}:
            record["active"] = False
        else:
            err("active", _("'%(value)s' is not yes or no") % {"value": active})
        if member_number and member_number not in checked:
            checked[member_number] = record
    return checked


def _check_teams(rows, errors: list, known_numbers: set[str]) -> list[dict]:
    seen: dict[str, int] = {}
    teams = []
    kinds = dict(KINDS)
    kinds.update(
        {
            _("pair").casefold(): Team.Kind.PAIR,
            _("four").casefold(): Team.Kind.FOUR,
            _("team of four").casefold(): Team.Kind.FOUR,
        }
    )
    for number, values in rows:
        err = lambda column, message: errors.append(RowError(TEAMS, number, column, message))  # noqa: E731
        name = cell_text(values.get("team"))
        if not name:
            err("team", _("missing"))
        elif len(name) > 120:
            err("team", _("longer than 120 characters"))
        elif what := control_character(name):
            err("team", _("contains %(what)s; a name is one line") % {"what": what})
        elif name.casefold() in seen:
            err("team", _("'%(name)s' is also in row %(row)s") % {"name": name, "row": seen[name.casefold()]})
        else:
            seen[name.casefold()] = number
        members: list[tuple[int, str]] = []
        for position in range(1, 5):
            key = f"member {position}"
            try:
                member_number = _member_number(values.get(key))
            except ValueError as exc:
                err(key, str(exc))
                continue
            if member_number is None:
                continue
            if member_number not in known_numbers:
                err(key, _("no member with number %(number)s in the club or in this file") % {"number": member_number})
            elif member_number in [m for _p, m in members]:
                err(key, _("member %(number)s is already in this team") % {"number": member_number})
            members.append((position, member_number))
        kind_text = cell_text(values.get("kind")).casefold()
        if kind_text:
            kind = kinds.get(kind_text)
            if kind is None:
                err(
                    "kind",
                    _("'%(value)s' is not '%(pair)s' or '%(four)s'")
                    % {"value": values.get("kind"), "pair": _("pair"), "four": _("four")},
                )
        else:
            kind = Team.Kind.FOUR if len(members) > 2 else Team.Kind.PAIR
        positions = [p for p, _m in members]
        if kind == Team.Kind.PAIR and positions and positions != [1, 2]:
            err(
                "member 1" if 1 not in positions else ("member 2" if 2 not in positions else "member 3"),
                _("a pair has exactly two members, in 'member 1' and 'member 2'"),
            )
        elif kind == Team.Kind.FOUR and positions != [1, 2, 3, 4]:
            missing = next((p for p in range(1, 5) if p not in positions), 4)
            err(f"member {missing}", _("a team of four needs four members"))
        elif not positions:
            err("member 1", _("missing"))
        teams.append({"row": number, "name": name, "kind": kind, "members": members})
    return teams


# --- the import --------------------------------------------------------------------------------


def near_rows(existing: dict[str, Player], members: dict[str, dict]) -> list[NearRow]:
    """The file's new members whose names nearly match a member already on the list."""
    listed = [(p, name_key(p.first_name, p.last_name)) for p in existing.values()]
    rows = []
    for number, record in members.items():
        if number in existing:
            continue
        found = near_matches(name_key(record["first name"], record["last name"]), listed)
        if found:
            name = f"{record['first name']} {record['last name']}".strip()
            rows.append(NearRow(record["row"], name, tuple(f"{p.name} ({p.member_number})" for p in found)))
    return sorted(rows, key=lambda r: r.row)


def import_members_and_teams(*, club: Club, data: bytes, confirm_new: bool = False) -> ImportResult:
    """Check everything, then write everything in one transaction; raise :class:`ImportRefused`, or
    :class:`NearMatches` for new names nearly on the list unless ``confirm_new``."""
    member_rows, team_rows = read_workbook(data)
    errors: list[RowError] = []
    members = _check_members(member_rows, errors)
    existing = {p.member_number: p for p in Player.objects.filter(club=club)}
    teams = _check_teams(team_rows, errors, set(existing) | set(members))
    if errors:
        logger.info("members import refused: club %s: %d problems", club.slug, len(errors))
        raise ImportRefused(sorted(errors, key=lambda e: (e.sheet != MEMBERS, e.row)))
    if not confirm_new:
        near = near_rows(existing, members)
        if near:
            logger.info("members import asked: club %s: %d names nearly on the list", club.slug, len(near))
            raise NearMatches(near)
    result = ImportResult()
    with transaction.atomic():
        to_create, to_update = [], []
        for member_number, record in members.items():
            player = existing.get(member_number)
            if player is None:
                to_create.append(
                    Player(
                        club=club,
                        member_number=member_number,
                        first_name=record["first name"],
                        last_name=record["last name"],
                        email=record["email"],
                        active=True if record["active"] is None else record["active"],
                    )
                )
            else:
                player.first_name, player.last_name = record["first name"], record["last name"]
                player.email = record["email"] or player.email
                if record["active"] is not None:
                    player.active = record["active"]
                to_update.append(player)
        Player.objects.bulk_create(with_sort_names(to_create))
        Player.objects.bulk_update(
            with_sort_names(to_update), ["first_name", "last_name", "sort_name", "email", "active"]
        )
        result.members_created, result.members_updated = len(to_create), len(to_update)
        if teams:
            players = {p.member_number: p for p in Player.objects.filter(club=club)}
            by_name = {t.name.casefold(): t for t in Team.objects.filter(club=club)}
            for record in teams:
                team = by_name.get(record["name"].casefold())
                if team is None:
                    team = Team.objects.create(club=club, name=record["name"], kind=record["kind"])
                    result.teams_created += 1
                else:
                    team.kind = record["kind"]
                    team.save(update_fields=["kind"])
                    TeamMember.objects.filter(team=team).delete()
                    result.teams_updated += 1
                TeamMember.objects.bulk_create(
                    [TeamMember(team=team, player=players[n], position=p) for p, n in record["members"]]
                )
    logger.info("members imported: club %s: %s", club.slug, result)
    return result
