"""django-tables2 tables of the public competition pages. Sortable (``?sort=``), printable.

Tables over lists (standings rows, table views) are sorted in Python by tables2; numbers are right
aligned (``num``) and tabular, so columns of scores read like a score sheet.
"""

from __future__ import annotations

import html
import inspect
from decimal import Decimal

import django_tables2 as tables
from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Model
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _
from django_tables2.columns import ManyToManyColumn
from django_tables2.columns.linkcolumn import BaseLinkColumn
from django_tables2.utils import A, AttributeDict

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class BaseTable(tables.Table):
    """A tables2 table whose body is rendered by ``body()``: the same columns, accessors, render
    methods, sorting and pagination, but each column's render signature is looked up once per
    table instead of once per cell (tables2 inspects it for every cell, which made a page of 100
    standings rows cost a few hundred milliseconds)."""

    class Meta:
        template_name = "competitions/_table.html"
        attrs = {"class": "kv-table"}
        orderable = True

    def column_attrs(self, bound_column) -> dict:
        """``bound_column.attrs`` (its ``th``, ``td`` and ``tf`` attributes), worked out once per
        column of this table: tables2's property computes all three on every access, and the
        header, the body and the footer each asked for it (30 µs a column each time)."""
        known = self.__dict__.setdefault("_column_attrs", {})
        if bound_column.name not in known:
            known[bound_column.name] = bound_column.attrs
        return known[bound_column.name]

    def body(self) -> list[str]:
        """The visible page's rows, each as safe ``<tr>`` HTML."""
        rows = list(self.paginated_rows)
        plan = [_column_plan(bound_column, rows[0].record if rows else None) for bound_column in self.columns]
        plain_ints = not settings.USE_THOUSAND_SEPARATOR  # then localize gives a whole number as str() does
        row_attrs = _row_attrs_plan(self)
        body = []
        for row in rows:
            record = row.record
            cells = []
            for bound_column, accessor, render, takes_all, names, td_open, by_tables2 in plan:
                if by_tables2:
                    content = row.get_cell(bound_column.name)
                else:
                    value = accessor.resolve(record, quiet=True)
                    if value in bound_column.column.empty_values:
                        content = bound_column.default
                    else:
                        arguments = {
                            "value": value,
                            "record": record,
                            "column": bound_column.column,
                            "bound_column": bound_column,
                            "bound_row": row,
                            "table": self,
                        }
                        content = render(**(arguments if takes_all else {n: arguments[n] for n in names}))
                        if bound_column.link:
                            content = bound_column.link(content, **arguments)
                if plain_ints and type(content) is int:
                    content = str(content)
                elif isinstance(content, int | float | Decimal) and not isinstance(content, bool):
                    content = localize(content)
                cells.append(f"{td_open}{_escaped(content)}</td>")
            attrs = row_attrs(row) if row_attrs else row.attrs.as_html()
            body.append(mark_safe(f"<tr {attrs}>" + "".join(cells) + "</tr>"))
        return body


#: (names, takes **kwargs) of a render function or row attribute, by its code and whether it is a bound method: the
#: same for every table of a class (and for the deal table's class made per page, whose render
#: functions are new objects of the same code), and ``inspect.signature`` costs tens of microseconds.
_RENDER_SIGNATURES: dict = {}


def _render_signature(render) -> tuple[list[str], bool]:
    code = getattr(getattr(render, "__func__", render), "__code__", None)
    key = (code, hasattr(render, "__self__"))
    if code is None or key not in _RENDER_SIGNATURES:
        parameters = inspect.signature(render).parameters  # of a bound method: without self
        takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
        names = [
            n
            for n, p in parameters.items()  # as tables2's ``utils.signature``: no *args, **kwargs
            if p.kind not in (inspect.Parameter.VAR_KEYWORD, inspect.Parameter.VAR_POSITIONAL)
        ]
        if code is None:
            return names, takes_all
        _RENDER_SIGNATURES[key] = (names, takes_all)
    return _RENDER_SIGNATURES[key]


def _column_plan(bound_column, first_record) -> tuple:
    """How ``body`` renders a column's cells. Cells whose value tables2 gets in its own ways — a
    model field with choices (shown by ``get_FOO_display``), link and many-to-many columns — are left
    to tables2 (``by_tables2``); the rest are rendered here as tables2 would."""
    render = bound_column.render
    names, takes_all = _render_signature(render)
    accessor = A(bound_column.accessor)
    return (
        bound_column,
        accessor,
        render,
        takes_all,
        names,
        _td_open(bound_column),
        _rendered_by_tables2(bound_column, accessor, first_record),
    )


def _rendered_by_tables2(bound_column, accessor, record) -> bool:
    if isinstance(bound_column.column, BaseLinkColumn | ManyToManyColumn):
        return True
    if record is None:
        return False
    penultimate, remainder = accessor.penultimate(record)
    if not isinstance(penultimate, Model) or not remainder:
        return False
    try:
        field = accessor.get_field(record)
    except FieldDoesNotExist:
        return False
    return bool(getattr(field, "choices", ())) and hasattr(penultimate, f"get_{remainder}_display")


def _row_attrs_plan(table):
    """The ``<tr>`` attributes of a row as tables2's ``BoundRow.attrs`` gives them, with each
    callable's signature looked up once (``_render_signature``) instead of once per row; None when
    an attribute is a dict (then tables2 computes them)."""
    plan = []
    for name, value in table.row_attrs.items():
        if isinstance(value, dict):
            return None
        plan.append((name, value, _render_signature(value) if callable(value) else None))

    def attrs(row) -> str:
        given = {"table": table, "record": row.record}
        computed = {}
        for name, value, signature in plan:
            if signature is not None:  # as tables2's call_with_appropriate
                names, takes_all = signature
                wanted = given if takes_all else {k: v for k, v in given.items() if k in names}
                value = value(**wanted) if takes_all or all(n in wanted for n in names) else None
                if isinstance(value, dict):
                    return row.attrs.as_html()  # nested attributes: as tables2 computes them
            computed[name] = value
        css = row.get_even_odd_css_class()
        computed["class"] = f"{computed['class']} {css}" if computed.get("class") else css
        return _attributes_html(computed)

    return attrs


def _escaped(content) -> str:
    """``conditional_escape(content)`` as a plain ``str`` (the row is marked safe as a whole):
    Django's ``escape`` is ``html.escape(str(text))`` behind a lazy-string check that cost more than
    the escaping, once for every cell of every table."""
    if hasattr(content, "__html__"):
        return content.__html__()
    return html.escape(str(content))


def _attributes_html(attributes: dict) -> str:
    """``AttributeDict(attributes).as_html()``: ``key="value"`` pairs, callables called, None and
    tables2's nested keys (th, td, ...) left out, keys and values escaped unless safe."""
    pairs = []
    for key, value in attributes.items():
        value = value() if callable(value) else value
        if key not in AttributeDict.blacklist and value is not None:
            pairs.append(f'{_escaped(key)}="{_escaped(value)}"')
    return " ".join(pairs)


def _td_open(bound_column) -> str:
    """``<td …>`` with the column's cell attributes as tables2 renders them (classes sorted), worked
    out once per column. Attributes that depend on the row (callables) are not supported here."""
    td = (dict(bound_column._table.attrs) | dict(bound_column.column.attrs)).get("td") or {}
    if any(callable(v) for v in td.values()):
        raise ValueError(f"BaseTable: column {bound_column.name!r} has per-row cell attributes")
    attributes = bound_column._table.column_attrs(bound_column)["td"].as_html()
    return mark_safe(f"<td {attributes}>" if attributes else "<td>")


def num(label, **kwargs) -> tables.Column:
    return tables.Column(verbose_name=label, attrs=NUM, **kwargs)


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
