"""django-tables2 tables of a player's page: their matches, partners and evenings."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from competitions.standings.notes import IMPORTED_MARK
from competitions.tables import player_link, player_links
from core.tables import NUM, BaseTable, num


class PlayerMatchTable(BaseTable):
    class Meta(BaseTable.Meta):
        pass

    evening = tables.Column(verbose_name=_("Evening"), accessor="match__round__evening__number", default="—", attrs=NUM)
    round = tables.Column(verbose_name=_("Round"), accessor="match__round__number", attrs=NUM)
    table = tables.Column(verbose_name=_("Table"), accessor="match__table", attrs=NUM)
    partners = tables.Column(verbose_name=_("Partner"), empty_values=(), orderable=False)
    opponents = tables.Column(verbose_name=_("Opponents"), empty_values=(), orderable=False)
    total = num(_("Points"), default="—")
    opponents_total = num(_("Against"), default="—")
    result = tables.Column(verbose_name=_("Result"), default="")
    link = tables.Column(verbose_name="", accessor="match__pk", empty_values=(), orderable=False)

    def __init__(self, records, *, slug: str, **kwargs):
        self.slug = slug
        super().__init__(records, **kwargs)

    def render_partners(self, value):
        return player_links(self.slug, value) if value else "—"

    def render_opponents(self, value):
        return player_links(self.slug, value)

    def render_round(self, record, value):
        """The round of the evening (1, 2, 3) at club evenings; the season's number is internal."""
        return record.match.round.evening_round or value

    def render_opponents_total(self, record, value):
        """A table of three: each opponent's own total, not their sum."""
        totals = [t for t in record.opponent_totals if t is not None]
        if len(record.opponent_totals) > 1 and len(totals) == len(record.opponent_totals):
            return " · ".join(str(t) for t in totals)
        return value

    def render_result(self, record, value):
        labels = {"win": _("won"), "draw": _("drawn"), "loss": _("lost")}
        return format_html('<span class="{}">{}</span>', value, labels.get(value, ""))

    def render_link(self, record):
        return format_html('<a href="{}">{}</a>', reverse("scoring:match", args=[record.match.pk]), _("deals"))


class PartnerTable(BaseTable):
    class Meta(BaseTable.Meta):
        pass

    name = tables.Column(verbose_name=_("Partner"))
    times = num(_("Together"))
    points = num(_("Points"))
    won = num(_("Won"))

    def __init__(self, records, *, slug: str, **kwargs):
        self.slug = slug
        super().__init__(records, **kwargs)

    def render_name(self, record, value):
        return player_link(self.slug, record["player_id"], value)


class PlayerEveningTable(BaseTable):
    class Meta(BaseTable.Meta):
        pass

    number = tables.Column(verbose_name=_("Evening"), default="—", attrs=NUM)
    date = tables.DateColumn(verbose_name=_("Date"), short=True, default="")
    played = num(_("Rounds"))
    byes = num(_("Byes"))
    points = num(_("Points"))

    def __init__(self, records, *, slug: str, **kwargs):
        self.slug = slug
        super().__init__(records, **kwargs)

    def render_number(self, record, value):
        link = format_html('<a href="{}">{}</a>', reverse("competitions:evening", args=[self.slug, value]), value)
        if record.get("imported"):
            return format_html(
                '{}<abbr class="imported-mark" title="{}">{}</abbr>',
                link,
                _("imported from the club's own records"),
                IMPORTED_MARK,
            )
        return link
