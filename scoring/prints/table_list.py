"""The round's table list (``tables.pdf``) with a title that never runs into the club's name: the
title shrinks, then is cut, to leave the club its room (``documents.pdf.draw_title_bar``)."""

from __future__ import annotations

from django.utils import formats

from documents.pdf import draw_title_bar
from scoring.results.exports import TableListRenderer


class TableListPdf(TableListRenderer):
    def header(self, canvas, page_number: int) -> None:
        competition = self.round.competition
        line = self.round.label
        if self.round.date:
            line += " · " + formats.date_format(self.round.date, "DATE_FORMAT")
        draw_title_bar(canvas, self.pagesize, f"{competition.name} — {line}", competition.club.name, size=16)
