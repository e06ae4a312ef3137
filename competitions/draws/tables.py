"""django-tables2 tables of the draw page."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from core.tables import NUM, BaseTable


class RotationTable(BaseTable):
    """Per present player: how often at a table of three and out of a round, tonight and this season."""

    name = tables.Column(verbose_name=_("Player"))
    threes_tonight = tables.Column(verbose_name=_("Tables of three tonight"), attrs=NUM)
    threes_season = tables.Column(verbose_name=_("Tables of three this season"), attrs=NUM)
    out_tonight = tables.Column(verbose_name=_("Rounds out tonight"), attrs=NUM)
    out_season = tables.Column(verbose_name=_("Rounds out this season"), attrs=NUM)

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "kv-table", "id": "rotation"}
