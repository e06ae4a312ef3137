"""``{% table_head table %}`` and ``{% table_foot table %}``: the header and footer rows of a
tables2 table as its ``django_tables2/table.html`` renders them, built in Python.

With the body already built by ``BaseTable.body``, the template's loops over the columns (each
cell's attributes, header, sort link and footer resolved through the template engine) were half the
cost of rendering a table: a third of a match page. Same markup, same escaping, same sort links
(tables2's ``querystring_replace``: the request's query with the sort field replaced).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.base import render_value_in_context
from django.utils.html import escape
from django.utils.http import urlencode
from django.utils.safestring import mark_safe

register = template.Library()


def _cell_attrs(table, column, name: str) -> str:
    """The ``th``/``tf`` attributes of a column as HTML (``BaseTable`` works them out once a column;
    only its tables use this template)."""
    return table.column_attrs(column)[name].as_html()


def _attrs(attrs, name: str) -> str:
    value: Any = attrs.get(name) if hasattr(attrs, "get") else None
    return value.as_html() if hasattr(value, "as_html") else ""


@register.simple_tag(takes_context=True)
def table_head(context, table) -> str:
    if not table.show_header:
        return ""
    cells = []
    for column in table.columns:
        header = render_value_in_context(column.header, context)
        if column.orderable:
            params = dict(context["request"].GET)
            params[table.prefixed_order_by_field] = column.order_by_alias.next
            header = f'<a href="{escape("?" + urlencode(params, doseq=True))}">{header}</a>'
        cells.append(f"<th {_cell_attrs(table, column, 'th')}>{header}</th>")
    return mark_safe(f"<thead {_attrs(table.attrs, 'thead')}><tr>{''.join(cells)}</tr></thead>")


@register.simple_tag(takes_context=True)
def table_foot(context, table) -> str:
    if not table.has_footer():
        return ""
    cells = "".join(
        f"<td {_cell_attrs(table, column, 'tf')}>{render_value_in_context(column.footer, context)}</td>"
        for column in table.columns
    )
    return mark_safe(f"<tfoot {_attrs(table.attrs, 'tfoot')}><tr>{cells}</tr></tfoot>")
