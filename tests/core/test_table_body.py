"""core.tables.BaseTable: every table of the site is rendered the same way (the site's table
template, its ``kv-table`` look), and ``body()`` gives the cells tables2 itself would give."""

import re

import django_tables2 as tables
import pytest
from django.test import RequestFactory
from django.utils import translation

import core.tables as site_tables
from competitions.models import Competition, Match
from competitions.tables import CompetitionTable
from core.tables import BaseTable
from scoring.matches.tables import deal_table
from scoring.rules import RULESETS
from tests.factories import ClubFactory, seated_match

pytestmark = pytest.mark.django_db


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _import_every_table_module():
    import competitions.players.tables
    import competitions.standings.tables  # noqa: F401
    import scoring.duplicate.tables
    import scoring.matches.tables  # noqa: F401


def test_every_table_uses_the_site_table_template_and_has_its_attributes():
    """tables2 gives a table without a ``Meta`` of its own the library's defaults, not its parent's:
    seven tables (the round's tables among them) were rendered by the Semantic UI template, without
    the site's ``kv-table`` look and with tables2's slower per-cell path."""
    _import_every_table_module()
    found = [cls for cls in _subclasses(BaseTable) if not cls.__name__.startswith("DealTable")]
    assert len(found) >= 15
    for cls in found:
        assert cls._meta.template_name == "competitions/_table.html", cls.__name__
        assert cls._meta.attrs.get("class"), f"{cls.__name__} has no table class"


def _cells(html: str) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", html, re.DOTALL)


def _tables2_cells(table) -> list[str]:
    """The cells as tables2's own row rendering gives them (``BoundRow.get_cell``), escaped."""
    from django.utils.html import conditional_escape

    return [
        str(conditional_escape(row.get_cell(column.name))) for row in table.paginated_rows for column in table.columns
    ]


def test_a_linkified_column_keeps_its_link():
    match = seated_match(club=ClubFactory(slug="troef"), slug="body-links")
    competition = Competition.objects.select_related("club").get(pk=match.round.competition_id)
    with translation.override("nl"):
        table = CompetitionTable([competition])
        body = "".join(table.body())
    assert f'<a href="/competitions/{competition.slug}/">{competition.name}</a>' in body


def test_a_choices_field_shows_its_display_value_as_tables2_does():
    match = seated_match(club=ClubFactory(slug="troef"), slug="body-choices")

    class StatusTable(BaseTable):
        table = tables.Column()
        status = tables.Column()  # a model field with choices: tables2 shows get_status_display()
        round = tables.Column(accessor="round__number")

        class Meta(BaseTable.Meta):
            pass

    with translation.override("nl"):
        table = StatusTable(Match.objects.filter(pk=match.pk).select_related("round"))
        body = "".join(table.body())
        expected = _tables2_cells(table)
    assert _cells(body) == expected
    assert match.get_status_display() in expected[1]


def test_each_page_renders_the_deal_table_without_growing_the_signature_cache():
    """The deal table's class is made per page; its render functions are new objects of the same
    code, so the cache of render signatures stays the same size however many pages are shown."""
    rules = RULESETS["amsterdam"]
    rows = []

    def render() -> str:
        table = deal_table(rows, sides=2, labels=("Wij", "Zij"), totals=[0, 0], rules=rules, as_tally=False)
        table.request = RequestFactory().get("/")
        return "".join(table.body())

    render()
    size = len(site_tables._RENDER_SIGNATURES)
    for _ in range(5):
        render()
    assert len(site_tables._RENDER_SIGNATURES) == size


def test_cells_and_row_attributes_are_escaped_as_django_and_tables2_escape_them():
    from django.utils.html import conditional_escape
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext_lazy
    from django_tables2.utils import AttributeDict

    values = [
        "<b>\"Kees\" & 'Ans'</b>",
        mark_safe("<em>veilig</em>"),
        gettext_lazy("Points"),
        162,
        0,
        "",
        '=HYPERLINK("x")',
        "\u202eomgekeerd",
        3.5,
    ]
    for value in values:
        assert site_tables._escaped(value) == str(conditional_escape(value))
    attributes = {
        "class": "deal mark-N",
        "data-name": '<"x">',
        "data-safe": mark_safe("<ok>"),
        "td": {"x": 1},
        "data-none": None,
        "data-call": lambda: "ja & nee",
        "data-zero": 0,
        "data-false": False,
    }
    assert site_tables._attributes_html(attributes) == AttributeDict(attributes).as_html()
