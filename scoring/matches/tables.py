"""The match page's listings (django-tables2): the deals, the statistics per side, the audit trail.

Every table is built from rows already in memory (the prefetched match), so rendering one runs no
query whatever the size of the match. They are ``core.tables.BaseTable``s: the same cells,
each column's render signature and cell attributes worked out once per table, not once per cell.
"""

from __future__ import annotations

from dataclasses import dataclass

import django_tables2 as tables
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from competitions.models import SEATS
from core.compass import seat_label
from core.tables import BaseTable
from scoring.rules import RuleSet, dealer_for_deal, to_tally
from scoring.services import compare_sheets
from scoring.sheet.layout import FIELD_LABELS
from scoring.sheet.offenders import offender_label
from scoring.totals.services import describe_totals, is_totals_entry

SIDE_SUFFIXES = ("a", "b", "c")
MARK_TITLES = {
    "N": gettext_lazy("nat"),
    "P": gettext_lazy("pit"),
    "TP": gettext_lazy("tegenpit"),
    "V": gettext_lazy("verzaakt"),
}


def _side_of_mark(deal) -> int | None:
    """Which side a deal's stored mark belongs to: nat to the bidder, a pit to the side that made
    it, verzaakt to the side that reneged."""
    if deal.mark == "N":
        return deal.bidder
    if deal.mark in ("P", "TP"):
        return deal.pit
    if deal.mark == "V":
        return deal.verzaakt
    return None


def deal_rows(match, rules: RuleSet, first_dealer: int, seat_names: dict[str, str]) -> list[dict]:
    """The prefetched deals of ``match`` as rows with the dealer and running totals."""
    sides = match.sides
    running = [0] * sides
    rows = []
    for deal in match.deals.all():
        scores = deal.scores
        running = [t + s for t, s in zip(running, scores)]
        seat = SEATS[dealer_for_deal(rules, deal.number, first_dealer)]
        row = {
            "number": deal.number,
            "dealer": seat,
            "dealer_name": seat_names.get(seat, ""),
            "bidder": deal.bidder,
            "mark": deal.mark,
            "mark_side": _side_of_mark(deal),
            "nat": deal.nat,
            "trump": deal.trump,
            "challenge": deal.challenge,
            "offender": offender_label(deal.verzaakt_seat, seat_names),
        }
        for i, suffix in enumerate(SIDE_SUFFIXES[:sides]):
            row[f"points_{suffix}"] = deal.points[i]
            row[f"roem_{suffix}"] = deal.roem[i]
            row[f"score_{suffix}"] = scores[i]
            row[f"running_{suffix}"] = running[i]
        rows.append(row)
    return rows


def _row_class(record) -> str:
    classes = ["deal"]
    if record["mark"]:
        classes.append(f"mark-{record['mark']}")
    return " ".join(classes)


class _DealTableBase(BaseTable):
    number = tables.Column(verbose_name="#", attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    dealer = tables.Column(
        verbose_name=gettext_lazy("dealer"), attrs={"td": {"class": "dealer"}}, footer=gettext_lazy("final totals")
    )

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "sheet deals", "id": "deals"}
        row_attrs = {
            "class": _row_class,
            "data-deal": lambda record: record["number"],
            "data-mark": lambda record: record["mark"],
        }

    def render_number(self, value, record):
        return record.get("board", value)  # duplicate: the board number on the wallet

    def render_dealer(self, value, record):
        if record["dealer_name"]:
            return format_html('{} <span class="muted small">{}</span>', seat_label(value), record["dealer_name"])
        return seat_label(value)


def deal_table(
    rows: list[dict], *, sides: int, labels: tuple[str, ...], totals: list[int], rules: RuleSet, as_tally: bool
) -> tables.Table:
    """The deal-by-deal table for a match of ``sides`` sides; roem as tally symbols when asked."""
    attrs: dict = {}
    suffixes = SIDE_SUFFIXES[:sides]

    def num(extra: str = "", **data) -> dict:
        css = f"num {extra}".strip()
        return {"td": {"class": css, **data}, "th": {"class": css}, "tf": {"class": css}}

    if rules.has_bidder:
        attrs["bidder"] = tables.Column(verbose_name=gettext_lazy("bidder"), attrs={"td": {"class": "bidder"}})

        def render_bidder(self, value):
            return labels[value] if value is not None else "–"

        attrs["render_bidder"] = render_bidder
    if rules.needs_trump:
        attrs["trump"] = tables.Column(verbose_name=gettext_lazy("trump"))
    if rules.challenges:
        attrs["challenge"] = tables.Column(verbose_name=gettext_lazy("challenge"), attrs=num())
    for i, (suffix, label) in enumerate(zip(suffixes, labels)):
        attrs[f"points_{suffix}"] = tables.Column(
            verbose_name=format_html("{}<br>{}", _("points"), label), attrs=num("points", **{"data-side": i})
        )
    for i, (suffix, label) in enumerate(zip(suffixes, labels)):
        attrs[f"roem_{suffix}"] = tables.Column(
            verbose_name=format_html("{}<br>{}", _("roem"), label),
            attrs=num("roem", **{"data-side": i}),
            default="",
        )
        attrs[f"render_roem_{suffix}"] = _render_roem(as_tally)
    attrs["mark"] = tables.Column(verbose_name=gettext_lazy("mark"), attrs={"td": {"class": "mark"}}, default="")
    attrs["render_mark"] = _render_mark(labels)
    for i, (suffix, label) in enumerate(zip(suffixes, labels)):
        attrs[f"score_{suffix}"] = tables.Column(
            verbose_name=format_html("{}<br>{}", _("score"), label),
            attrs=num("score", **{"data-side": i}),
            footer=str(totals[i]) if i < len(totals) else "",
        )
        attrs[f"render_score_{suffix}"] = _render_score(i)
    for i, (suffix, label) in enumerate(zip(suffixes, labels)):
        attrs[f"running_{suffix}"] = tables.Column(
            verbose_name=format_html("{}<br>{}", _("total"), label),
            attrs=num("running", **{"data-side": i}),
        )
    attrs["Meta"] = type("Meta", (_DealTableBase.Meta,), {})
    table_class = type("DealTable", (_DealTableBase,), attrs)
    return table_class(rows)


def _render_roem(as_tally: bool):
    def render(self, value):
        if not value:
            return ""
        return to_tally(value) if as_tally else value

    return render


def _render_mark(labels):
    def render(self, value, record):
        if not value:
            return ""
        side = record["mark_side"]
        title = MARK_TITLES.get(value, value)
        who = labels[side] if side is not None and side < len(labels) else ""
        mark = format_html('<span class="mark mark-{}" title="{} {}">{}</span>', value, title, who, value)
        if record.get("offender"):
            return format_html(
                '{} <span class="offender small" title="{}">{}</span>', mark, _("verzaakt by"), record["offender"]
            )
        return mark

    return render


def _render_score(side: int):
    def render(self, value, record):
        if record["mark_side"] == side and record["mark"] == "N":
            return format_html('<span class="nat-score">{}</span>', value)
        return value

    return render


# --- statistics per side


@dataclass(frozen=True)
class StatRow:
    label: str
    name: str
    total: int
    roem: int
    bids: int
    made: int
    nat: int
    pits: int
    tegenpits: int
    verzaakt: int


class StatsTable(BaseTable):
    label = tables.Column(verbose_name=gettext_lazy("side"))
    name = tables.Column(verbose_name=gettext_lazy("name"))
    bids = tables.Column(verbose_name=gettext_lazy("bids"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    made = tables.Column(verbose_name=gettext_lazy("made"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    nat = tables.Column(verbose_name=gettext_lazy("nat"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    pits = tables.Column(verbose_name=gettext_lazy("pits"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    tegenpits = tables.Column(
        verbose_name=gettext_lazy("tegenpits"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    verzaakt = tables.Column(
        verbose_name=gettext_lazy("verzaakt"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    roem = tables.Column(verbose_name=gettext_lazy("roem"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    total = tables.Column(
        verbose_name=gettext_lazy("total"), attrs={"td": {"class": "num total"}, "th": {"class": "num"}}
    )

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "sheet stats", "id": "stats"}
        row_attrs = {"data-side-label": lambda record: record.label}


def stat_rows(match, sides) -> list[StatRow]:
    """One row per side from the prefetched ``MatchSide`` rows (kept by the services)."""
    by_side = {s.side: s for s in match.match_sides.all()}
    rows = []
    for side in sides:
        s = by_side.get(side.index)
        rows.append(
            StatRow(
                label=side.label,
                name=side.name,
                total=getattr(s, "total", 0),
                roem=getattr(s, "roem", 0),
                bids=getattr(s, "bids", 0),
                made=getattr(s, "made", 0),
                nat=getattr(s, "nat", 0),
                pits=getattr(s, "pits", 0),
                tegenpits=getattr(s, "tegenpits", 0),
                verzaakt=getattr(s, "verzaakt", 0),
            )
        )
    return rows


# --- the audit trail (staff only)


FIELD_NAMES = FIELD_LABELS  # one list of the sheet's field names (scoring.sheet.forms)


def describe_value(field: str, value, labels: tuple[str, ...]) -> str:
    """A value of a deal field as an organiser reads it: sides by name, pairs as 100–62."""
    if value is None or value == "":
        return "–"
    if field in ("bidder", "pit", "verzaakt"):
        return labels[value] if isinstance(value, int) and 0 <= value < len(labels) else str(value)
    if field == "verzaakt_seat":
        return seat_label(str(value))
    if field in ("points", "roem") and isinstance(value, (list, tuple)):
        return "–".join(str(v) for v in value)
    if field == "nil":
        return _("yes") if value else _("no")
    if field == "deal" and isinstance(value, dict):
        parts = []
        if value.get("bidder") is not None:
            parts.append(f"{_('bidder')} {describe_value('bidder', value['bidder'], labels)}")
        parts.append(f"{_('points')} {describe_value('points', value.get('points'), labels)}")
        if any(value.get("roem") or []):
            parts.append(f"{_('roem')} {describe_value('roem', value.get('roem'), labels)}")
        for name in ("pit", "verzaakt"):
            if value.get(name) is not None:
                parts.append(f"{_(name)} {describe_value(name, value[name], labels)}")
        return ", ".join(parts)
    return str(value)


@dataclass(frozen=True)
class Change:
    deal: int
    field: str
    before: str
    after: str


def changes_of(entry, labels: tuple[str, ...]) -> list[Change]:
    """What an audit entry changed, deal by deal and field by field."""
    if not entry.before and not entry.after:
        return []
    return [
        Change(
            d.deal,
            str(FIELD_NAMES.get(d.field, d.field)),
            describe_value(d.field, d.first, labels),
            describe_value(d.field, d.second, labels),
        )
        for d in compare_sheets(entry.before or [], entry.after or [])
    ]


class AuditTable(BaseTable):
    at = tables.DateTimeColumn(verbose_name=gettext_lazy("when"), format="j M Y H:i")
    user = tables.Column(verbose_name=gettext_lazy("who"), empty_values=())
    action = tables.Column(verbose_name=gettext_lazy("what"))
    version = tables.Column(
        verbose_name=gettext_lazy("version"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    changes = tables.Column(verbose_name=gettext_lazy("before → after"), empty_values=(), orderable=False)

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "sheet audit", "id": "audit"}
        row_attrs = {"data-action": lambda record: record.action}

    def __init__(self, data, *, labels: tuple[str, ...], **kwargs):
        self.labels = labels
        super().__init__(data, **kwargs)

    def render_user(self, record):
        if record.user is not None:
            return record.user.get_username()
        if record.table_side is not None and record.table_side < len(self.labels):  # the table link
            return _("at the table: %(side)s") % {"side": self.labels[record.table_side]}
        return "–"

    def render_action(self, record):
        return record.get_action_display()

    def render_changes(self, record):
        if is_totals_entry(record):  # a totals-only result (scoring.totals.services)
            return format_html(
                "<del>{}</del> → <ins>{}</ins>",
                describe_totals(record.before, self.labels),
                describe_totals(record.after, self.labels),
            )
        if not record.before and record.after:
            n = len(record.after)
            return ngettext("%(n)s deal entered", "%(n)s deals entered", n) % {"n": n}
        changes = changes_of(record, self.labels)
        if not changes:
            return "" if not record.after and not record.before else _("no change")
        return format_html(
            '<ul class="changes">{}</ul>',
            format_html_join(
                "",
                '<li><span class="deal-no">{} {}</span> {}: <del>{}</del> → <ins>{}</ins></li>',
                ((_("deal"), c.deal, c.field, c.before, c.after) for c in changes),
            ),
        )


# --- differences between two entries of one sheet (a conflict, a blind entry)


class DifferenceTable(BaseTable):
    """Deal by deal where two entries differ; the column titles name the two entries."""

    deal = tables.Column(verbose_name=gettext_lazy("deal"), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    field = tables.Column(verbose_name=gettext_lazy("field"))

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "sheet differences", "id": "differences"}
        row_attrs = {"data-deal": lambda record: record.deal, "data-field": lambda record: record.field}

    def __init__(self, differences, *, labels: tuple[str, ...], first: str, second: str, **kwargs):
        rows = [
            Change(
                d.deal,
                str(FIELD_NAMES.get(d.field, d.field)),
                describe_value(d.field, d.first, labels),
                describe_value(d.field, d.second, labels),
            )
            for d in differences
        ]
        extra = [
            ("before", tables.Column(verbose_name=first, attrs={"td": {"class": "first"}})),
            ("after", tables.Column(verbose_name=second, attrs={"td": {"class": "second"}})),
        ]
        super().__init__(rows, extra_columns=extra, **kwargs)
