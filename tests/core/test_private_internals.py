"""The private internals the speed work leans on, each contained in one module that says so
(``core.prepared``: Django's query compiler, an instance's prefetch and relation caches; ``core.tables``: django-tables2's bound
columns and rows; the page cache's Redis client is django-redis, no internals). An upgrade of Django or
django-tables2 that renames or reshapes one of them fails here, by name, before a page breaks or slows."""

from __future__ import annotations

import inspect

import django_tables2 as tables
import pytest
from django.db.models import QuerySet
from django.db.models.sql.compiler import SQLCompiler
from django.template import Context, Template
from django_tables2.rows import BoundRow
from django_tables2.utils import AttributeDict

from core.tables import BaseTable, num


def test_django_query_internals_that_core_prepared_uses():
    from django.db.models.query import get_related_populators

    assert list(inspect.signature(get_related_populators).parameters) == ["klass_info", "select", "db"]
    for name in ("as_sql", "get_converters", "apply_converters"):
        assert hasattr(SQLCompiler, name), f"SQLCompiler.{name} is gone"
    assert list(inspect.signature(SQLCompiler.apply_converters).parameters) == ["self", "rows", "converters"]
    from competitions.models import Match

    queryset = Match.objects.select_related("round")
    compiler = queryset.query.get_compiler(using="default")
    compiler.as_sql()
    for name in ("select", "klass_info", "annotation_col_map", "col_count", "has_extra_select"):
        assert hasattr(compiler, name), f"a compiled query has no {name}"
    assert {"model", "select_fields"} <= set(compiler.klass_info)
    for name in ("_prefetch_related_lookups", "_known_related_objects", "_result_cache", "_prefetch_done"):
        assert hasattr(queryset, name) or name in QuerySet.__init__.__code__.co_names, f"QuerySet.{name} is gone"
    assert list(inspect.signature(Match.from_db).parameters) == ["db", "field_names", "values"]


@pytest.mark.django_db
def test_django_instance_caches_that_core_prepared_reads():
    """``prefetched`` reads ``_prefetched_objects_cache`` (filled by ``prefetch_related``) and
    ``cached_relation`` reads ``_state.fields_cache`` (filled by ``select_related``): the page cache's
    signal handlers and a save's answer rely on both, without a query."""
    from clubs.models import Club
    from competitions.models import Competition, Round
    from core.prepared import cached_relation, prefetched

    club = Club.objects.create(name="Internals", slug="internals")
    competition = Competition.objects.create(club=club, name="Internals", slug="internals")
    Round.objects.create(competition=competition, number=1)
    loaded = Competition.objects.prefetch_related("rounds").get(pk=competition.pk)
    assert "_prefetched_objects_cache" in loaded.__dict__, "prefetch_related no longer fills _prefetched_objects_cache"
    assert "rounds" in prefetched(loaded) and [r.number for r in prefetched(loaded)["rounds"]] == [1]
    assert prefetched(Competition.objects.get(pk=competition.pk)) == {}
    round_ = Round.objects.select_related("competition").get(competition=competition)
    assert isinstance(round_._state.fields_cache, dict), "Model._state.fields_cache is gone"
    assert "competition" in round_._state.fields_cache, "select_related no longer fills _state.fields_cache"
    assert cached_relation(round_, "competition") == competition
    assert cached_relation(Round.objects.get(pk=round_.pk), "competition") is None


def test_django_tables2_internals_that_core_tables_uses():
    for name in ("get_cell", "get_even_odd_css_class", "attrs", "record"):
        assert hasattr(BoundRow, name), f"BoundRow.{name} is gone"
    assert "td" in AttributeDict.blacklist and "th" in AttributeDict.blacklist
    table = _Sample(_records())
    bound = table.columns["name"]
    for name in ("_table", "render", "accessor", "link", "default", "attrs", "column"):
        assert hasattr(bound, name), f"BoundColumn.{name} is gone"
    assert bound._table is table
    assert hasattr(table, "paginated_rows") and hasattr(table, "row_attrs")


class _Sample(BaseTable):
    name = tables.Column()
    points = num("points")
    share = num("share")
    note = tables.Column(default="—")

    class Meta(BaseTable.Meta):
        row_attrs = {"data-id": lambda record: record["id"], "class": lambda record: "me" if record["me"] else ""}

    def render_points(self, value, record):
        return f"{value} ({record['id']})"


def _records() -> list[dict]:
    return [
        {"id": 1, "name": "Jan & Piet", "points": 4321, "share": 61.5, "note": "", "me": False},
        {"id": 2, "name": "<Kees>", "points": 0, "share": 12, "note": "late", "me": True},
        {"id": 3, "name": "Anna", "points": 17, "share": None, "note": None, "me": False},
    ]


_CELL = Template("{{ cell }}")  # as tables2's template writes a cell: escaped, numbers localized


def _tables2_rows(table) -> list[str]:
    """The rows as tables2's own template writes them: ``<tr {{ row.attrs.as_html }}>`` and per cell
    ``<td {{ column.attrs.td.as_html }}>{{ cell }}</td>``."""
    out = []
    for row in table.paginated_rows:
        cells = []
        for column in table.columns:
            td = column.attrs["td"].as_html()
            cells.append(f"<td {td}>" if td else "<td>")
            cells.append(_CELL.render(Context({"cell": row.get_cell(column.name)})) + "</td>")
        out.append(f"<tr {row.attrs.as_html()}>" + "".join(cells) + "</tr>")
    return out


@pytest.mark.parametrize("language", ["nl", "en"])
def test_the_fast_body_renders_byte_identical_to_tables2(language, settings):
    from django.utils import translation

    with translation.override(language):
        fast = [str(row) for row in _Sample(_records()).body()]
        own = _tables2_rows(_Sample(_records()))
    assert fast == own
    assert "&lt;Kees&gt;" in fast[1] and "Jan &amp; Piet" in fast[0]
