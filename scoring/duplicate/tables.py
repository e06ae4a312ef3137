"""django-tables2 tables of the duplicate pages: standings by percentage, a board's frequency
sheet, a pair's deal-by-deal comparison, the movement."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core.tables import NUM, BaseTable


def _link(url: str, text: str):
    return format_html('<a href="{}">{}</a>', url, text) if url else text


class DuplicateStandingsTable(BaseTable):
    rank = tables.Column(verbose_name="#", attrs=NUM)
    name = tables.Column(verbose_name=_("Pair"))
    line = tables.Column(verbose_name=_("Line"))
    percentage = tables.Column(verbose_name=_("%"), attrs=NUM)
    matchpoints = tables.Column(verbose_name=_("MP"), attrs=NUM)
    top = tables.Column(verbose_name=_("Top"), attrs=NUM)
    boards = tables.Column(verbose_name=_("Deals"), attrs=NUM)
    difference = tables.Column(verbose_name=_("± average"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_name(self, record, value):
        return _link(record["url"], value)


class FrequencyTable(BaseTable):
    table = tables.Column(verbose_name=_("Table"), attrs=NUM)
    ns = tables.Column(verbose_name=_("N–S"))
    ew = tables.Column(verbose_name=_("E–W"))
    contract = tables.Column(verbose_name=_("Played by"))
    score_ns = tables.Column(verbose_name=_("Score N–S"), attrs=NUM)
    score_ew = tables.Column(verbose_name=_("Score E–W"), attrs=NUM)
    result = tables.Column(verbose_name=_("Result N–S"), attrs=NUM)
    mp_ns = tables.Column(verbose_name=_("MP N–S"), attrs=NUM)
    mp_ew = tables.Column(verbose_name=_("MP E–W"), attrs=NUM)
    difference = tables.Column(verbose_name=_("± average N–S"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_ns(self, record, value):
        return _link(record["ns_url"], value)

    def render_ew(self, record, value):
        return _link(record["ew_url"], value)


class PairBoardsTable(BaseTable):
    board = tables.Column(verbose_name=_("Deal"), attrs=NUM)
    round = tables.Column(verbose_name=_("Round"), attrs=NUM)
    table = tables.Column(verbose_name=_("Table"), attrs=NUM)
    opponents = tables.Column(verbose_name=_("Opponents"))
    own = tables.Column(verbose_name=_("Score"), attrs=NUM)
    against = tables.Column(verbose_name=_("Opponents' score"), attrs=NUM)
    result = tables.Column(verbose_name=_("Result"), attrs=NUM)
    field = tables.Column(verbose_name=_("Results in the line"))
    matchpoints = tables.Column(verbose_name=_("MP"), attrs=NUM)
    percentage = tables.Column(verbose_name=_("%"), attrs=NUM)
    difference = tables.Column(verbose_name=_("± average"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False

    def render_board(self, record, value):
        return _link(record["url"], value)


class MovementTable(BaseTable):
    round = tables.Column(verbose_name=_("Round"), attrs=NUM)
    table = tables.Column(verbose_name=_("Table"), attrs=NUM)
    boards = tables.Column(verbose_name=_("Deals"), attrs={"td": {"class": "dup-nowrap"}})
    ns = tables.Column(verbose_name=_("N–S"))
    ew = tables.Column(verbose_name=_("E–W"))
    ew_to = tables.Column(verbose_name=_("E–W then to table"), attrs=NUM)
    wallets_to = tables.Column(verbose_name=_("Wallets then to table"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False
