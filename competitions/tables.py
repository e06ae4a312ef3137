"""django-tables2 tables of the public competition pages. Sortable (``?sort=``), printable.

Tables over lists (standings rows, table views) are sorted in Python by tables2; numbers are right
aligned (``num``) and tabular, so columns of scores read like a score sheet.
"""

from __future__ import annotations

import inspect
from decimal import Decimal

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import mark_safe
from django_tables2.utils import A
from django.utils.translation import gettext_lazy as _

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

    def body(self) -> list[str]:
        """The visible page's rows, each as safe ``<tr>`` HTML."""
        plan = []
        for bound_column in self.columns:
            column = bound_column.column
            render = bound_column.render
            parameters = inspect.signature(render).parameters
            takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
            names = [n for n, p in parameters.items() if p.kind is not inspect.Parameter.VAR_KEYWORD]
            td_class = (column.attrs.get("td") or {}).get("class", "")
            td_open = format_html('<td class="{}">', td_class) if td_class else mark_safe("<td>")
            plan.append((bound_column, A(bound_column.accessor), render, takes_all, names, td_open))
        body = []
        for row in self.paginated_rows:
            record = row.record
            cells = []
            for bound_column, accessor, render, takes_all, names, td_open in plan:
                value = accessor.resolve(record, quiet=True)
                if value in bound_column.column.empty_values:
                    content = bound_column.default
                else:
                    arguments = {
                        "value": value, "record": record, "column": bound_column.column,
                        "bound_column": bound_column, "bound_row": row, "table": self,
                    }
                    content = render(**(arguments if takes_all else {n: arguments[n] for n in names}))
                if isinstance(content, int | float | Decimal) and not isinstance(content, bool):
                    content = localize(content)
                cells.append(td_open + conditional_escape(content) + "</td>")
            row_class = row.attrs.get("class", "")
            tr = format_html('<tr class="{}">', row_class) if row_class else "<tr>"
            body.append(mark_safe(tr + "".join(cells) + "</tr>"))
        return body


def num(label, **kwargs) -> tables.Column:
    return tables.Column(verbose_name=label, attrs=NUM, **kwargs)


def player_link(slug: str, player_id: int, name: str) -> str:
    return format_html('<a href="{}">{}</a>', reverse("competitions:player", args=[slug, player_id]), name)


def player_links(slug: str, players, separator: str = " & ") -> str:
    return format_html_join(separator, '<a href="{}">{}</a>', ((reverse("competitions:player", args=[slug, pid]), n) for pid, n in players))


# --- home and overview ---------------------------------------------------------------------------


class CompetitionTable(BaseTable):
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


class StandingsTable(BaseTable):
    """Season standings. Columns that mean nothing for a format are left out by ``for_format``."""

    rank_label = tables.Column(verbose_name="#", order_by=("position",), attrs={"td": {"class": "num rank"}, "th": {"class": "num"}})
    name = tables.Column(verbose_name=_("Name"), order_by=("name",), attrs={"td": {"class": "name"}})
    played = num(_("Played"))
    won = num(_("Won"))
    drawn = num(_("Drawn"))
    lost = num(_("Lost"))
    byes = num(_("Byes"))
    match_points = num(_("Match points"))
    points_display = num(_("Points"), order_by=("points",))
    average_display = num(_("Average"), order_by=("average",))
    evening_average_display = num(_("Per evening"), order_by=("evening_average",))
    roem = num("roem")
    nat = num("nat")
    pits = num(_("pits"))
    tegenpits = num(_("tegenpits"))
    bids = num(_("Bids"))
    made_percent = num(_("Made"), order_by=("made_share",))

    class Meta(BaseTable.Meta):
        row_attrs = {"class": lambda record: "prize" if record.prize else ""}
        sequence = (
            "rank_label", "name", "played", "won", "drawn", "lost", "byes", "match_points", "...",
            "points_display", "average_display", "evening_average_display", "roem", "nat", "pits", "tegenpits", "bids", "made_percent",
        )

    def __init__(self, rows, *, competition, evening_numbers=(), **kwargs):
        self.slug = competition.slug
        individual = competition.format == "individual"
        exclude = []
        if not individual:
            exclude.append("evening_average_display")
        elif "match_points" not in (competition.tie_breakers or []):
            exclude.append("match_points")
        if not any(r.byes for r in rows):
            exclude.append("byes")
        extra = [
            (f"evening_{n}", EveningColumn(n, verbose_name=str(n), attrs={"th": {"class": "num ev"}, "td": {"class": "num ev"}}))
            for n in evening_numbers
        ]
        super().__init__(rows, exclude=exclude, extra_columns=extra, **kwargs)

    def render_name(self, record, value):
        if record.player_id:
            link = player_link(self.slug, record.player_id, value)
        else:
            link = format_html("<strong>{}</strong>", value)
        if record.members:
            link = format_html('{} <span class="members">{}</span>', link, player_links(self.slug, record.members, ", "))
        return link

    def render_made_percent(self, record, value):
        return f"{value}%" if record.bids else "—"

    def render_rank_label(self, record, value):
        if record.prize:
            return format_html('{} <span class="prize-mark" title="{}">★</span>', value, _("prize"))
        return value


class EveningColumn(tables.Column):
    """One evening's score in the season standings; a score that does not count is struck out."""

    def __init__(self, number, **kwargs):
        self.number = number
        super().__init__(accessor="evening_map", empty_values=(), orderable=False, **kwargs)

    def render(self, value):
        score = value.get(self.number)
        if score is None:
            return "·"
        css = ["absent" if score.absent else "", "" if score.counted else "dropped"]
        title = _("absent") if score.absent else ""
        return format_html('<span class="{}" title="{}">{}</span>', " ".join(c for c in css if c), title, score.points)


class EveningResultTable(BaseTable):
    rank_label = tables.Column(verbose_name="#", order_by=("position",), attrs={"td": {"class": "num rank"}, "th": {"class": "num"}})
    name = tables.Column(verbose_name=_("Name"))
    played = num(_("Rounds"))
    points = num(_("Points"))
    roem = num("roem")
    nat = num("nat")
    award = tables.Column(verbose_name=_("Prize"), accessor="prize", empty_values=(), orderable=False)

    class Meta(BaseTable.Meta):
        row_attrs = {"class": lambda record: "prize" if record.prize else ("booby" if record.booby else "")}
        sequence = ("rank_label", "name", "...", "played", "points", "roem", "nat", "award")

    def __init__(self, rows, *, competition, round_numbers=(), **kwargs):
        self.slug = competition.slug
        extra = [
            (f"round_{n}", RoundScoreColumn(n, verbose_name=format_html("{} {}", _("R"), n), attrs=NUM))
            for n in round_numbers
        ]
        super().__init__(rows, extra_columns=extra, **kwargs)

    def render_name(self, record, value):
        return player_link(self.slug, record.player_id, value)

    def render_award(self, record):
        if record.prize:
            return format_html('<span class="prize-mark">★</span> {}', _("prize"))
        if record.booby:
            return format_html('<span class="booby-mark">🐩</span> {}', _("booby prize"))
        return ""


class RoundScoreColumn(tables.Column):
    def __init__(self, number, **kwargs):
        self.number = number
        super().__init__(accessor="rounds", empty_values=(), orderable=False, **kwargs)

    def render(self, value):
        return value.get(self.number, "·")


# --- tables of a round and matches ------------------------------------------------------------------


def _side_cell(slug, side):
    if side is None:
        return ""
    names = player_links(slug, side.players) if side.players else side.name
    if side.players and side.name and side.name != " & ".join(n for _, n in side.players):
        return format_html('<strong>{}</strong><br><span class="members">{}</span>', side.name, names)
    return names


class MatchTable(BaseTable):
    """Tables (matches) as ``selectors.TableView`` records: sides, totals, status, link."""

    table = tables.Column(verbose_name=_("Table"), accessor="match__table", attrs=NUM)
    round = tables.Column(verbose_name=_("Round"), accessor="match__round__number", attrs=NUM)
    side_a = tables.Column(verbose_name=_("Side A (N–S)"), accessor="sides", empty_values=(), orderable=False)
    total_a = num(_("Points"), accessor="sides", empty_values=(), orderable=False)
    total_b = num(_("Points"), accessor="sides", empty_values=(), orderable=False)
    side_b = tables.Column(verbose_name=_("Side B (E–W)"), accessor="sides", empty_values=(), orderable=False)
    side_c = tables.Column(verbose_name=_("Third"), accessor="sides", empty_values=(), orderable=False)
    total_c = num(_("Points"), accessor="sides", empty_values=(), orderable=False)
    status = tables.Column(verbose_name=_("Status"), accessor="match__status")
    link = tables.Column(verbose_name="", accessor="match__pk", empty_values=(), orderable=False)

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

    def render_status(self, record):
        return format_html('<span class="status {}">{}</span>', record.match.status, record.match.get_status_display())

    def render_link(self, record):
        return format_html('<a href="{}">{}</a>', reverse("scoring:match", args=[record.match.pk]), _("deals"))


class PlayerMatchTable(BaseTable):
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

    def render_result(self, record, value):
        labels = {"win": _("won"), "draw": _("drawn"), "loss": _("lost")}
        return format_html('<span class="{}">{}</span>', value, labels.get(value, ""))

    def render_link(self, record):
        return format_html('<a href="{}">{}</a>', reverse("scoring:match", args=[record.match.pk]), _("deals"))


class PartnerTable(BaseTable):
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
    number = tables.Column(verbose_name=_("Evening"), default="—", attrs=NUM)
    date = tables.DateColumn(verbose_name=_("Date"), short=True, default="")
    played = num(_("Rounds"))
    byes = num(_("Byes"))
    points = num(_("Points"))

    def __init__(self, records, *, slug: str, **kwargs):
        self.slug = slug
        super().__init__(records, **kwargs)

    def render_number(self, value):
        return format_html('<a href="{}">{}</a>', reverse("competitions:evening", args=[self.slug, value]), value)


class ProjectorTable(BaseTable):
    """The standings on the club wall: few columns, large type (see static/css/projector.css)."""

    rank_label = tables.Column(verbose_name="#", attrs={"td": {"class": "num rank"}, "th": {"class": "num"}})
    name = tables.Column(verbose_name=_("Name"))
    played = num(_("Played"))
    match_points = num(_("Match points"))
    points_display = num(_("Points"))

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "kv-table projector-table"}
        row_attrs = {"class": lambda record: "prize" if record.prize else ("booby" if record.booby else "")}

    def __init__(self, rows, *, competition, show_played=True, **kwargs):
        exclude = [] if competition.format == "teams" or "match_points" in (competition.tie_breakers or []) else ["match_points"]
        if not show_played:
            exclude.append("played")
        super().__init__(rows, exclude=exclude, **kwargs)
