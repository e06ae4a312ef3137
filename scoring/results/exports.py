"""The deal-by-deal results export of a competition (xlsx).

The results export is also the import format of a round's results (issue 5): every row carries
the competition, round, table and deal number and every field a scorekeeper records (RULES.md §3),
plus the scores and marks the scoring service computed. Its headers are in the site's language
(Dutch by default); the import reads those and the English keys, and trump as ♣♦♥♠, letters or names.
"""

from __future__ import annotations

from typing import Any

from django.db.models import IntegerField
from django.db.models.functions import Cast
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop as N_
from django.utils.translation import pgettext

from competitions.models import Competition, Match, MatchSeat, MatchSide
from competitions.selectors import EVERYTHING, PlaySeen
from documents.xlsx import Column, Exporter
from scoring.duplicate.selectors import boards_at, setup_of
from scoring.models import Deal

SIDE_LETTERS = ("A", "B", "C")

#: (header, Deal field or None for a column filled from the match, width)
RESULT_COLUMNS = [
    (N_("competition"), None, 18),
    (N_("round"), None, 7),
    (N_("table"), None, 7),
    (N_("deal"), "number", 6),
    (N_("side A"), None, 22),
    (N_("side B"), None, 22),
    (N_("side C"), None, 18),
    (N_("bidder"), "bidder", 7),
    (N_("points A"), "points_a", 9),
    (N_("points B"), "points_b", 9),
    (N_("points C"), "points_c", 9),
    (N_("roem A"), "roem_a", 8),
    (N_("roem B"), "roem_b", 8),
    (N_("roem C"), "roem_c", 8),
    (N_("pit"), "pit", 5),
    (N_("verzaakt"), "verzaakt", 9),
    (N_("trump"), "trump", 6),
    (N_("challenge"), "challenge", 9),
    (N_("nil"), "nil", 5),
    # South African klawerjas: the side declared four jacks or a run of five (a boom of 2 strokes in old play)
    (N_("four jacks/five-run A"), "big_roem_a", 10),
    (N_("four jacks/five-run B"), "big_roem_b", 10),
    (N_("score A"), "score_a", 9),
    (N_("score B"), "score_b", 9),
    (N_("score C"), "score_c", 9),
    (N_("nat"), "nat", 5),
    (N_("mark"), "mark", 6),
    (N_("status"), None, 11),
    (N_("date"), None, 11),  # the round's date (its evening's): added last, so earlier files keep their columns
    # individual play: the seat (N, E, S, W) of the player who verzaakt; last again, for the same reason
    (N_("verzaakt by"), "verzaakt_seat", 9),
    # duplicate: the board number on the wallet (round 2's deals 1-4 are boards 5-8; issue 24 item 2);
    # empty in every other format. Last again, so earlier files keep their columns.
    (N_("board number"), None, 9),
]
RESULT_HEADERS = [header for header, _field, _width in RESULT_COLUMNS]
DEAL_FIELDS = [field for _header, field, _width in RESULT_COLUMNS if field]
SIDE_FIELDS = {"bidder", "pit", "verzaakt"}  # written as A, B, C


#: Trump in the export: the suit symbols, the same in every language (the import reads these, the
#: letters C/D/H/S and the suits' Dutch and English names).
TRUMP_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


class ResultsExporter(Exporter):
    """Every deal of a competition, one row each, in round, table and deal order. Headers in the
    site's language (the import reads them and the English keys); each side named by its entrant,
    or at club evenings by its players."""

    columns = [Column(header, width) for header, _field, width in RESULT_COLUMNS]
    chunk_size = 4000
    autofilter = True  # a filter on the header row: find a table, a player or a round at once

    @property
    def sheet_title(self) -> str:
        """The sheet's name in the site's language ("uitslagen"); the import finds it by either name."""
        return _("results")

    def get_columns(self):
        return [Column(_(header), width) for header, _field, width in RESULT_COLUMNS]

    def __init__(self, competition: Competition, *, round_number: int | None = None, seen: PlaySeen = EVERYTHING):
        self.competition = competition
        self.round_number = round_number
        self.seen = seen  # ``competitions.selectors.play_seen``: a duplicate table's deals wait for every table
        suffix = "-" + pgettext("file name", "round") + f"-{round_number}" if round_number else ""
        self.filename = competition.slug + suffix + "-" + pgettext("file name", "results") + ".xlsx"

    def matches(self) -> dict[int, list]:
        """match id -> (round, date, table, status, side names, board numbers): one query each, a few bytes per table.
        The status is its label in the site's language ("bevestigd"); the date the round's, else its evening's."""
        matches = Match.objects.filter(round__competition=self.competition)
        if self.round_number:
            matches = matches.filter(round__number=self.round_number)
        labels = {value: str(label) for value, label in Match.Status.choices}
        info: dict[int, list[Any]] = {  # [round, date, table, status, side names], then board numbers
            pk: [number, day or evening_day, table, labels.get(status, status), ["", "", ""]]
            for pk, number, day, evening_day, table, status in matches.values_list(
                "id", "round__number", "round__date", "round__evening__date", "table", "status"
            )
        }
        sides = MatchSide.objects.filter(match_id__in=matches.values("id"), entrant__isnull=False)
        for match_id, side, name in sides.values_list("match_id", "side", "entrant__name"):
            info[match_id][4][side] = name
        players: dict[tuple[int, int], list[str]] = {}
        for match_id, side, first, last in (
            MatchSeat.objects.filter(match_id__in=matches.values("id"))
            .order_by("match_id", "seat")
            .values_list("match_id", "side", "player__first_name", "player__last_name")
        ):
            players.setdefault((match_id, side), []).append(f"{first} {last}".strip())
        for (match_id, side), names in players.items():  # club evenings: the players of a side
            if not info[match_id][4][side]:
                info[match_id][4][side] = " & ".join(names)
        setup = setup_of(self.competition) if self.competition.format == Competition.Format.DUPLICATE else None
        for row in info.values():  # deal number -> board number ({} outside duplicate)
            row.append(boards_at(setup, row[0], row[2]))
        return info

    def rows(self):
        slug = self.competition.slug
        matches = self.matches()
        deals = Deal.objects.filter(match__round__competition=self.competition)
        if self.round_number:
            deals = deals.filter(match__round__number=self.round_number)
        if not self.seen.everything:
            deals = deals.filter(match_id__in=sorted(self.seen.matches))
        # booleans read as integers: no per-row converters (a fifth of the time on SQLite)
        fields = [
            Cast(f, IntegerField()) if f in ("nil", "nat", "big_roem_a", "big_roem_b") else f for f in DEAL_FIELDS
        ]
        deals = deals.order_by("match__round__number", "match__table", "number").values_list("match_id", *fields)
        for (
            match_id,
            number,
            bidder,
            pa,
            pb,
            pc,
            ra,
            rb,
            rc,
            pit,
            verzaakt,
            trump,
            challenge,
            nil,
            big_a,
            big_b,
            sa,
            sb,
            sc,
            nat,
            mark,
            offender,
        ) in deals.iterator(chunk_size=self.chunk_size):
            round_number, day, table, status, names, boards = matches[match_id]
            yield (
                slug,
                round_number,
                table,
                number,
                names[0],
                names[1],
                names[2],
                _letter(bidder),
                pa,
                pb,
                pc,
                ra,
                rb,
                rc,
                _letter(pit),
                _letter(verzaakt),
                TRUMP_SYMBOLS.get(trump, trump),
                challenge,
                nil == 1,
                big_a == 1,
                big_b == 1,
                sa,
                sb,
                sc,
                nat == 1,
                mark,
                status,
                day,
                offender or None,
                boards.get(number),
            )


def _letter(side: int | None) -> str | None:
    return None if side is None else SIDE_LETTERS[side]


# --- the round's table list, to hang on the wall ---------------------------------------------
