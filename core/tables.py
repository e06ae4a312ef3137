"""The table base of every listing (django-tables2): ``BaseTable``, whose body is rendered in Python
with each column's render signature and cell attributes worked out once per table, not once per cell;
and ``num``, a right-aligned tabular number column, so columns of scores read like a score sheet.
Tables over lists (standings rows, table views) are sorted in Python by tables2 (``?sort=``). Its
header and footer rows come from ``core/templatetags/table_parts.py``; the template stays
``competitions/_table.html``.

PRIVATE INTERNALS: this is the one module that leans on django-tables2's internals (``BoundColumn._table``,
``.render``, ``.link``; ``BoundRow.get_cell``, ``get_even_odd_css_class``; ``AttributeDict.blacklist``),
kept because the bench shows it pays (a page of 100 standings rows). Upgrading django-tables2:
tests/core/test_private_internals.py names what changed and checks the body byte for byte against
tables2's own rendering.
"""

from __future__ import annotations

import html
import inspect
from decimal import Decimal

import django_tables2 as tables
from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Model
from django.utils.formats import localize
from django.utils.safestring import mark_safe
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
        body: list[str] = []
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
