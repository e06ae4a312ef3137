"""Import of a competition's results from the results export's own xlsx (issue 5).

The format is :class:`competitions.exports.ResultsExporter`'s: one row per deal with the
competition's short name, round, table, deal number, the side names, every field a scorekeeper
records and the computed scores, nat, mark and status. Headers in Dutch (the export) or English keys.
The style and the checks of broken uploads are those of the members import (``clubs.members.services``),
whose helpers are reused: "Row 7, column 'points A': ...", every error at once, nothing imported
while anything is wrong.

How it works: the whole sheet is read and every row checked first (cell types, the round and
table, the sides, deal numbers 1..n per table, then every table's deals through the rules engine
as the scoring service would check them). Only a file without a single error is written, in one
transaction that saves each table's sheet through :func:`scoring.services.save_deals`; if any call
refuses, everything is rolled back and its errors are reported with their row numbers.

Choices:

- **Matching.** A row goes to the table of the *target* competition with its round number and
  table number; a round or table that does not exist is an error. Where the target's table has
  entrant names (pairs, teams) and the file's "side A/B/C" cell is filled, they must agree, so a
  file of another fixture list cannot land on the wrong tables. Club evenings have no side names
  (every table is four individual players): there round and table numbers alone decide.
- **Another competition.** A file whose "competition" column names another competition is refused
  unless the organiser ticks "import into this competition" (``into_this_competition``), which is
  how an export is copied into a fresh competition. One file holds one competition: rows naming
  different competitions are errors either way.
- **Status.** An import is the importing organiser's entry of every table: what the "status"
  column says (it is checked to be a status, and counted) is not carried over, since a file can be
  edited after export and the second pair of eyes must be this competition's. A complete table is
  therefore "entered, awaiting confirmation" and another person confirms it as usual, or it counts
  at once where the competition lets an organiser's entry count (``organiser_entry_counts``); an
  incomplete table is a draft. All of this is ``save_deals``'s own rule, not decided here.
- **Tables that already have results.** A table whose results are the same as the file's is left
  alone (reported as unchanged: importing the same file twice changes nothing, and a confirmed
  result stays confirmed). Other results are replaced only when the organiser ticks "replace"
  (``replace``; a correction, kept in the audit log, and a confirmed result must be confirmed
  again); otherwise that table is an error.
- **Computed columns.** "score A/B/C", "nat" and "mark" are recomputed by the engine; the file's
  values are only checked to be numbers and yes/no, so editing points without the scores is fine.
- **Numbers typed as text** ("81" in a text cell) are read as numbers; any other text in a number
  cell is an error.
- Size limits are the members import's: 5 MB and 5,000 deal rows per file (about 300 tables): a
  larger competition is imported a round at a time (the export takes ``?round=n``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from clubs.permissions import is_organiser_of
from competitions.base.rulesets import ruleset_for_match
from competitions.models import Competition, Match, MatchSide
from core.text import control_character
from documents.workbook import ImportRefused, RowError, cell_text
from scoring.results.exports import SIDE_LETTERS
from scoring.results.file import SHEET, read_results, side_cell, trump_cell, whole_cell, yes_no_cell
from scoring.rules import InvalidDeal, score_match
from scoring.services import NotAllowed, SheetInvalid, StaleVersion, compare_sheets, save_deals, stored_deals
from scoring.sheet.deal_input import (
    DealError,
    check_deal,
    deal_to_dict,
    parse_sheet,
    to_deal_input,
    translate_engine_message,
)

logger = logging.getLogger(__name__)

#: the engine's field names (``DealError.field``) -> the column that holds them
ENGINE_COLUMNS = {
    "points": "points A",
    "roem": "roem A",
    "number": "deal",
    "deals": "deal",
    "big_roem": "four jacks/five-run A",
    "verzaakt_seat": "verzaakt by",
}
#: The seat of the player who verzaakt as a cell may hold it: the code, or the Dutch O(ost) and Z(uid).
SEAT_CELLS = {"N": "N", "E": "E", "S": "S", "W": "W", "O": "E", "Z": "S"}
STATUSES = set(Match.Status.values)


def status_code(text: str) -> str | None:
    """The status a cell names: its code ("confirmed") or its label in Dutch or English ("bevestigd"),
    as the export writes it in the site's language. None when it names none."""
    wanted = text.strip().casefold()
    for value, label in Match.Status.choices:
        names = {value, str(label).casefold()}
        for language in ("nl", "en"):
            with translation.override(language):
                names.add(str(label).casefold())
        if wanted in names:
            return value
    return None


@dataclass
class ResultsImported:
    tables: int = 0  # tables written
    deals: int = 0  # deals written
    unchanged: int = 0  # tables whose results were already the file's
    replaced: int = 0  # tables whose earlier results were replaced
    confirmed: int = 0  # written tables that count at once (the organiser's entry counts)
    awaiting: int = 0  # written tables a second person must confirm
    drafts: int = 0  # written tables whose sheet is not complete
    confirmed_in_file: int = 0  # tables the file says were confirmed where it came from


@dataclass
class _Table:
    match: Match
    rows: dict[int, int]  # deal number -> row number
    deals: list[dict]
    first_row: int
    confirmed_in_file: bool = False
    broken: bool = False  # some row of the table has an error: the table is not scored as a whole
    clean: set[int] = field(default_factory=set)  # deal numbers whose row has no error


# --- checking ----------------------------------------------------------------------------------


def _targets(competition: Competition) -> tuple[dict[tuple[int, int], Match], set[int], dict[tuple[int, int], str]]:
    """(round, table) -> match; the round numbers; (match id, side) -> entrant name."""
    matches = {}
    for match in Match.objects.filter(round__competition=competition).select_related("round"):
        match.round.competition = competition
        matches[(match.round.number, match.table)] = match
    rounds = set(competition.rounds.values_list("number", flat=True))
    names = {
        (match_id, side): name
        for match_id, side, name in MatchSide.objects.filter(
            match__round__competition=competition, entrant__isnull=False
        ).values_list("match_id", "side", "entrant__name")
    }
    return matches, rounds, names


def _check_rows(competition, rows, errors: list, problems: list, *, into_this_competition: bool) -> dict[int, _Table]:
    """Every cell of every row; returns the tables (match id -> :class:`_Table`) the rows fill."""
    matches, round_numbers, side_names = _targets(competition)
    tables: dict[int, _Table] = {}
    first_slug: tuple[str, int] | None = None
    named: set[tuple[int, int]] = set()  # (match id, side) whose name was already checked
    for number, values in rows:
        before = len(errors)
        err = lambda column, message: errors.append(RowError(SHEET, number, column, message))  # noqa: E731

        def whole(column, *, required=False, minimum=None):
            try:
                value = whole_cell(values.get(column))
            except ValueError as exc:
                err(column, str(exc))
                return None
            if value is None and required:
                err(column, _("missing"))
            elif value is not None and minimum is not None and value < minimum:
                err(column, _("must be %(minimum)s or more, not %(value)s") % {"minimum": minimum, "value": value})
                return None
            return value

        slug = cell_text(values.get("competition"))
        if not slug:
            err("competition", _("missing"))
        elif first_slug is None:
            first_slug = (slug, number)
        elif slug != first_slug[0]:
            err(
                "competition",
                _("'%(slug)s' differs from '%(first)s' in row %(row)s; a file holds the results of one competition")
                % {"slug": slug, "first": first_slug[0], "row": first_slug[1]},
            )
        round_number = whole("round", required=True, minimum=1)
        table = whole("table", required=True, minimum=1)
        deal = whole("deal", required=True, minimum=1)
        match = None
        if round_number is not None and table is not None:
            match = matches.get((round_number, table))
            if match is None and round_number not in round_numbers:
                err("round", _("this competition has no round %(round)s") % {"round": round_number})
            elif match is None:
                err(
                    "table",
                    _("round %(round)s of this competition has no table %(table)s")
                    % {"round": round_number, "table": table},
                )
        sides = match.sides if match is not None else 3  # unknown table: check what can be checked

        if match is not None:
            for side, letter in enumerate(SIDE_LETTERS[: match.sides]):
                column = f"side {letter}"
                name, expected = cell_text(values.get(column)), side_names.get((match.pk, side))
                if what := control_character(name):
                    err(column, _("contains %(what)s; a name is one line") % {"what": what})
                elif name and expected and name.casefold() != expected.casefold() and (match.pk, side) not in named:
                    named.add((match.pk, side))
                    err(
                        column,
                        _("'%(name)s' does not play at this table in this competition: side %(side)s is '%(expected)s'")
                        % {"name": name, "side": letter, "expected": expected},
                    )
        points = [whole("points A", required=True), whole("points B", required=True)]
        roem = [whole("roem A") or 0, whole("roem B") or 0]
        points_c, roem_c = whole("points C"), whole("roem C")
        if sides == 3:
            points.append(points_c)
            roem.append(roem_c or 0)
            if match is not None and cell_text(values.get("points C")) == "":
                err("points C", _("missing: this table has three players"))
        else:
            if points_c is not None:
                err("points C", _("this table has two sides; leave this cell empty"))
            if roem_c:
                err("roem C", _("this table has two sides; leave this cell empty"))
        for column in ("score A", "score B", "score C"):
            whole(column)
        challenge = whole("challenge", minimum=0) or 0
        marks = {}
        for column in ("bidder", "pit", "verzaakt"):
            try:
                marks[column] = side_cell(values.get(column), sides)
            except ValueError as exc:
                err(column, str(exc))
        flags = {}
        for column in ("nil", "nat", "four jacks/five-run A", "four jacks/five-run B"):
            try:
                flags[column] = yes_no_cell(values.get(column))
            except ValueError as exc:
                err(column, str(exc))
        status_text = cell_text(values.get("status"))
        status = status_code(status_text) if status_text.strip() else ""
        if status is None:
            err(
                "status",
                _("'%(value)s' is not one of %(statuses)s")
                % {"value": cell_text(values.get("status")), "statuses": ", ".join(Match.Status.values)},
            )

        if match is None or deal is None:
            continue
        entry = tables.get(match.pk)
        if entry is None:
            entry = tables[match.pk] = _Table(match=match, rows={}, deals=[], first_row=number)
        if len(errors) > before:
            entry.broken = True
        entry.confirmed_in_file |= status == Match.Status.CONFIRMED
        if deal in entry.rows:
            err(
                "deal",
                _("deal %(deal)s of this table is also in row %(row)s") % {"deal": deal, "row": entry.rows[deal]},
            )
            entry.broken = True
            continue
        entry.rows[deal] = number
        if len(errors) == before:
            entry.clean.add(deal)
        entry.deals.append(
            {
                "number": deal,
                "bidder": marks.get("bidder"),
                "points": points,
                "roem": roem,
                "pit": marks.get("pit"),
                "verzaakt": marks.get("verzaakt"),
                "verzaakt_seat": _seat(values.get("verzaakt by")),
                "trump": trump_cell(values.get("trump")),
                "challenge": challenge,
                "nil": bool(flags.get("nil")),
                "big_roem": _big_roem(flags, sides),
            }
        )

    if first_slug is not None and first_slug[0] != competition.slug and not into_this_competition:
        problems.append(
            _(
                "This file holds the results of '%(file)s', not of '%(slug)s'. To import them into this "
                "competition anyway, tick 'Import into this competition'."
            )
            % {"file": first_slug[0], "slug": competition.slug}
        )
    for entry in tables.values():
        entry.deals.sort(key=lambda d: d["number"])
        for expected_number, deal in enumerate(entry.deals, start=1):
            if deal["number"] != expected_number:
                errors.append(
                    RowError(
                        SHEET,
                        entry.rows[deal["number"]],
                        "deal",
                        _("deal %(missing)s of round %(round)s, table %(table)s is missing")
                        % {"missing": expected_number, "round": entry.match.round.number, "table": entry.match.table},
                    )
                )
                entry.broken = True
                break
    return tables


def _seat(value) -> str | None:
    """The seat in the "verzaakt by" cell: N, E, S, W (or Dutch O, Z); anything else is passed on as
    typed, for the entry service to refuse naming the deal."""
    text = cell_text(value).strip().upper()
    return SEAT_CELLS.get(text, text) or None


def _big_roem(flags: dict, sides: int) -> list[bool] | None:
    """South African klawerjas: the four-jacks/five-run flags of sides A and B (a third side has no
    column), None when neither; the entry service refuses them outside klawerjas."""
    big = [bool(flags.get("four jacks/five-run A")), bool(flags.get("four jacks/five-run B"))] + [False] * (sides - 2)
    return big if any(big) else None


def _engine_errors(entry: _Table, deal_errors, errors: list) -> None:
    for error in deal_errors:
        row = entry.rows.get(error.deal, entry.first_row)
        errors.append(RowError(SHEET, row, ENGINE_COLUMNS.get(error.field, error.field), error.message))


WRITE, SAME, WRONG = "write", "same", "wrong"


def _check_deals_alone(entry: _Table, errors: list) -> None:
    """A table with errors in some rows: the engine still checks each of its other deals on its own,
    so that every error of the file is reported at once."""
    rules = ruleset_for_match(entry.match)
    for deal in entry.deals:
        if deal["number"] in entry.clean:
            parsed = to_deal_input(deal, number=deal["number"], rules=rules)
            if not isinstance(parsed, DealError):
                parsed = check_deal(parsed, number=deal["number"], rules=rules)
            if isinstance(parsed, DealError):
                _engine_errors(entry, [parsed], errors)


def _check_table(entry: _Table, errors: list, *, replace: bool) -> str:
    """The engine's verdict on a table's deals (as ``save_deals`` will check them), then what to do
    with the table's earlier results: WRITE, SAME (nothing to do) or WRONG (errors added)."""
    match = entry.match
    rules = ruleset_for_match(match)
    inputs, _results, deal_errors = parse_sheet(entry.deals, rules=rules)
    if not deal_errors and inputs:
        try:
            score_match(rules, inputs)
        except InvalidDeal as exc:
            deal_errors = [DealError(exc.deal or len(inputs), exc.field or "deals", translate_engine_message(exc))]
    if deal_errors:
        _engine_errors(entry, deal_errors, errors)
        return WRONG
    if match.status == Match.Status.OPEN and not match.deals_played:
        return WRITE
    stored = stored_deals(match)
    if len(stored) == len(inputs) and not compare_sheets(stored, [deal_to_dict(d) for d in inputs], rules=rules):
        return SAME
    if not replace:
        errors.append(
            RowError(
                SHEET,
                entry.first_row,
                "table",
                _(
                    "round %(round)s, table %(table)s already has other results (%(status)s); tick 'Replace results that "
                    "are already entered' to replace them"
                )
                % {"round": match.round.number, "table": match.table, "status": match.get_status_display()},
            )
        )
        return WRONG
    return WRITE


# --- the import --------------------------------------------------------------------------------


def import_results(
    *, competition: Competition, user, data: bytes, into_this_competition: bool = False, replace: bool = False
) -> ResultsImported:
    """Check every row, then save every table through ``save_deals`` in one transaction — or change
    nothing and raise :class:`documents.workbook.ImportRefused` with every reason. One log line either way."""
    try:
        result = _import_results(competition, user, data, into_this_competition=into_this_competition, replace=replace)
    except ImportRefused as refused:
        first = refused.messages[0] if refused.messages else ""
        logger.info(
            "results import refused: %s by %s: %d problems, first: %s",
            competition.slug,
            user.get_username(),
            len(refused.messages),
            first,
        )
        raise
    logger.info("results imported: %s by %s: %s", competition.slug, user.get_username(), result)
    return result


def _import_results(
    competition: Competition, user, data: bytes, *, into_this_competition: bool, replace: bool
) -> ResultsImported:
    if not is_organiser_of(user, competition.club_id):
        raise ImportRefused(
            [_("Only an organiser of %(club)s may import its results.") % {"club": competition.club.name}]
        )
    rows = read_results(data)
    errors: list[RowError] = []
    problems: list[str] = []
    tables = _check_rows(competition, rows, errors, problems, into_this_competition=into_this_competition)
    result = ResultsImported()
    to_write = []
    for entry in sorted(tables.values(), key=lambda e: (e.match.round.number, e.match.table)):
        result.confirmed_in_file += entry.confirmed_in_file
        if entry.broken:
            _check_deals_alone(entry, errors)
            continue
        verdict = _check_table(entry, errors, replace=replace)
        if verdict == WRITE:
            to_write.append(entry)
        result.unchanged += verdict == SAME
    if problems or errors:
        raise ImportRefused(problems + sorted(errors, key=lambda e: e.row))

    with transaction.atomic():
        for entry in to_write:
            match = entry.match
            had_results = match.status != Match.Status.OPEN or match.deals_played > 0
            try:
                saved = save_deals(match=match, user=user, deals=entry.deals, version=match.version)
            except SheetInvalid as refused:
                _engine_errors(entry, refused.errors, errors)
                continue
            except (NotAllowed, StaleVersion) as refused:
                errors.append(RowError(SHEET, entry.first_row, "table", str(refused)))
                continue
            result.tables += 1
            result.deals += len(entry.deals)
            result.replaced += had_results
            result.confirmed += saved.status == Match.Status.CONFIRMED
            result.awaiting += saved.status == Match.Status.ENTERED
            result.drafts += saved.status == Match.Status.DRAFT
        if errors:
            raise ImportRefused(sorted(errors, key=lambda e: e.row))  # leaving the block rolls everything back
    return result
