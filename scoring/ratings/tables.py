"""django-tables2 tables of the ratings page: the ranking, and the lists apart (guests, not ranked yet)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from core.numbers import number_text
from core.tables import BaseTable, num
from scoring.ratings.chart import sparkline_svg

PER_PAGE = 100
WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}  # hidden on a phone (ratings.css)


class RatingTable(BaseTable):
    rank = num(_("Place"))
    player = tables.Column(verbose_name=_("Player"), accessor="player__last_name")
    rating = num(_("Rating"))
    matches = num(_("Matches"))
    record = tables.Column(
        verbose_name=_("W–D–L"),
        accessor="wins",
        attrs={"th": {"class": "num wide-only"}, "td": {"class": "num nowrap wide-only"}},
    )
    last_date = tables.Column(verbose_name=_("Last played"), default="—", attrs=WIDE_ONLY)
    course = tables.Column(verbose_name=_("Course"), accessor="player_id", orderable=False)

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, records, *, slug: str, **kwargs):
        self.slug = slug
        self.courses: dict[int, list[float]] = {}
        super().__init__(records, **kwargs)

    def page_player_ids(self) -> list[int]:
        return [row.record.player_id for row in self.paginated_rows]

    def render_player(self, record):
        url = reverse("ratings:player", args=[self.slug, record.player_id])
        return format_html('<a href="{}">{}</a>', url, record.player.name)

    def render_rating(self, value):
        return number_text(value, 1)

    def render_last_date(self, value):
        return date_format(value, "SHORT_DATE_FORMAT")  # not tables2's DateColumn: it compiles a template per cell

    def render_record(self, record):
        return f"{record.wins}–{record.draws}–{record.losses}"

    def render_course(self, record):
        values = self.courses.get(record.player_id, [])
        return mark_safe(sparkline_svg(values, title=_("Course of %(name)s") % {"name": record.player.name}))


def ranking_table(records, *, slug: str, prefix: str, ranked: bool) -> RatingTable:
    return RatingTable(records, slug=slug, prefix=prefix, exclude=() if ranked else ("rank",))
