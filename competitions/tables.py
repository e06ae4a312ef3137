"""django-tables2 tables of the public competition pages, on ``core.tables.BaseTable``. Sortable
(``?sort=``), printable; numbers are right aligned (``num``) and tabular.
"""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from core.tables import NUM, BaseTable, num


def player_link(slug: str, player_id: int, name: str) -> str:
    return format_html('<a href="{}">{}</a>', reverse("competitions:player", args=[slug, player_id]), name)


def player_links(slug: str, players, separator: str = " & ") -> str:
    return format_html_join(
        separator, '<a href="{}">{}</a>', ((reverse("competitions:player", args=[slug, pid]), n) for pid, n in players)
    )


# --- home and overview ---------------------------------------------------------------------------


class CompetitionTable(BaseTable):
    class Meta(BaseTable.Meta):
        pass

    name = tables.Column(verbose_name=_("Competition"), linkify=True)
    club = tables.Column(verbose_name=_("Club"), accessor="club__name")
    format = tables.Column(verbose_name=_("Format"))
    ruleset = tables.Column(verbose_name=_("Rules"))
    entrant_count = num(_("Entrants"))
    round_count = num(_("Rounds"))
    result_count = num(_("Results"))
    last_date = tables.DateColumn(verbose_name=_("Last played"), short=True)
    standings = tables.Column(verbose_name="", accessor="slug", empty_values=(), orderable=False)

    def render_format(self, record):
        return record.get_format_display()

    def render_ruleset(self, record):
        return record.get_ruleset_display()

    def render_standings(self, record):
        return format_html('<a href="{}">{}</a>', reverse("competitions:standings", args=[record.slug]), _("Standings"))


class RoundTable(BaseTable):
    class Meta(BaseTable.Meta):
        pass

    number = tables.Column(verbose_name=_("Round"), attrs=NUM)
    evening = tables.Column(verbose_name=_("Evening"), accessor="evening__number", default="—")
    date = tables.DateColumn(verbose_name=_("Date"), short=True, default="")
    tables = num(_("Tables"))
    confirmed = num(_("Confirmed"))

    def __init__(self, *args, slug: str = "", **kwargs):
        self.slug = slug
        super().__init__(*args, **kwargs)

    def render_number(self, value):
        return format_html('<a href="{}">{}</a>', reverse("competitions:round", args=[self.slug, value]), value)

    def render_evening(self, record, value):
        url = reverse("competitions:evening", args=[self.slug, value])
        return format_html('<a href="{}">{}</a>', url, value)

    def render_confirmed(self, record, value):
        if record.tables and value == record.tables:
            return format_html('<span class="done" title="{}">{} ✓</span>', _("all results confirmed"), value)
        return value


class EveningTable(BaseTable):
    class Meta(BaseTable.Meta):
        pass

    number = tables.Column(verbose_name=_("Evening"), attrs=NUM)
    date = tables.DateColumn(verbose_name=_("Date"), short=True, default="")
    rounds_count = num(_("Rounds"))
    results = num(_("Results"))

    def __init__(self, *args, slug: str = "", **kwargs):
        self.slug = slug
        super().__init__(*args, **kwargs)

    def render_number(self, value):
        return format_html('<a href="{}">{}</a>', reverse("competitions:evening", args=[self.slug, value]), value)


# --- standings ---------------------------------------------------------------------------------


def _side_cell(slug, side):
    if side is None:
        return ""
    names = player_links(slug, side.players) if side.players else side.name
    if side.players and side.name and side.name != " & ".join(n for _, n in side.players):
        return format_html('<strong>{}</strong><br><span class="members">{}</span>', side.name, names)
    return names


#: A match's status as one sign, for the narrow round table on a phone.
STATUS_SIGNS = {"open": "–", "draft": "½", "entered": "✎", "confirmed": "✓"}


class MatchTable(BaseTable):
    """Tables (matches) as ``selectors.TableView`` records: sides, totals, status, link."""

    class Meta(BaseTable.Meta):
        pass

    table = tables.Column(verbose_name=_("Table"), accessor="match__table", attrs=NUM)
    round = tables.Column(verbose_name=_("Round"), accessor="match__round__number", attrs=NUM)
    side_a = tables.Column(verbose_name=_("Side A (N–S)"), accessor="sides", empty_values=(), orderable=False)
    total_a = num(_("Points"), accessor="sides", empty_values=(), orderable=False)
    total_b = num(_("Points"), accessor="sides", empty_values=(), orderable=False)
    side_b = tables.Column(verbose_name=_("Side B (E–W)"), accessor="sides", empty_values=(), orderable=False)
    side_c = tables.Column(verbose_name=_("Third"), accessor="sides", empty_values=(), orderable=False)
    total_c = num(_("Points"), accessor="sides", empty_values=(), orderable=False)
    status = tables.Column(
        verbose_name=_("Status"),
        accessor="match__status",
        attrs={"th": {"class": "col-status"}, "td": {"class": "col-status"}},
    )
    link = tables.Column(
        verbose_name="",
        accessor="match__pk",
        empty_values=(),
        orderable=False,
        attrs={"th": {"class": "col-link"}, "td": {"class": "col-link"}},
    )

    def __init__(self, records, *, slug: str, show_round: bool = False, **kwargs):
        self.slug = slug
        exclude = [] if show_round else ["round"]
        if not any(len(r.sides) > 2 for r in records):
            exclude += ["side_c", "total_c"]
        super().__init__(records, exclude=exclude, **kwargs)

    def _side(self, record, index):
        return record.sides[index] if index < len(record.sides) else None

    def render_side_a(self, record):
        return _side_cell(self.slug, self._side(record, 0))

    def render_side_b(self, record):
        return _side_cell(self.slug, self._side(record, 1))

    def render_side_c(self, record):
        return _side_cell(self.slug, self._side(record, 2))

    def _total(self, record, index):
        side = self._side(record, index)
        if side is None or side.total is None:
            return "—"
        return format_html('<span class="{}">{}</span>', side.result, side.total)

    def render_total_a(self, record):
        return self._total(record, 0)

    def render_total_b(self, record):
        return self._total(record, 1)

    def render_total_c(self, record):
        return self._total(record, 2)

    def render_table(self, value, record):
        """The table number leads to its deals too: on a phone the "deals" column is left out."""
        return format_html('<a href="{}">{}</a>', reverse("scoring:match", args=[record.match.pk]), value)

    def render_status(self, record):
        """The status in words, and a sign for a phone (which shows the sign, the words as its title)."""
        status, words = record.match.status, record.match.get_status_display()
        return format_html(
            '<span class="status {}" title="{}"><span class="status-long">{}</span>'
            '<span class="status-short" aria-hidden="true">{}</span></span>',
            status,
            words,
            words,
            STATUS_SIGNS.get(status, "·"),
        )

    def render_link(self, record):
        return format_html('<a href="{}">{}</a>', reverse("scoring:match", args=[record.match.pk]), _("deals"))
