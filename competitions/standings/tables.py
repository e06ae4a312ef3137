"""django-tables2 tables of the standings: the season's standings, an evening's result and the projector list."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from competitions.standings.exports import duplicate_labels
from competitions.standings.notes import IMPORTED_MARK, best_label, imported_evenings
from competitions.standings.recorded import NOT_RECORDED, shown, unrecorded
from competitions.tables import player_link, player_links
from core.tables import NUM, BaseTable, num


class RoundScoreColumn(tables.Column):
    def __init__(self, number, **kwargs):
        self.number = number
        super().__init__(accessor="rounds", empty_values=(), orderable=False, **kwargs)

    def render(self, value):
        return value.get(self.number, "·")


class StatColumn(tables.Column):
    """A statistic (roem, nat, pits …): "—" where some of the row's matches did not record it
    (totals-only entry, ``competitions.standings.recorded``)."""

    def __init__(self, label, key: str, **kwargs):
        self.key = key
        super().__init__(verbose_name=label, attrs=NUM, **kwargs)

    def render(self, record, value):
        return shown(record, self.key, value)


#: The points column stays on screen on a phone while the rest of a wide table scrolls (``td.points``
#: is sticky at the right edge of its box below 700 px, static/css/competitions.css).
POINTS = {"th": {"class": "num points"}, "td": {"class": "num points"}}


# --- tables of a round and matches ------------------------------------------------------------------


class StandingsTable(BaseTable):
    """Season standings. Columns that mean nothing for a format are left out by ``for_format``."""

    rank_label = tables.Column(
        verbose_name="#",
        accessor="place_label",
        order_by=("position",),
        attrs={"td": {"class": "num rank"}, "th": {"class": "num"}},
    )
    name = tables.Column(verbose_name=_("Name"), order_by=("name",), attrs={"td": {"class": "name"}})
    played = num(_("Played"))
    won = num(_("Won"))
    drawn = num(_("Drawn"))
    lost = num(_("Lost"))
    byes = num(_("Byes"))
    match_points = num(_("Match points"))
    points_display = tables.Column(verbose_name=_("Points"), order_by=("points",), attrs=POINTS)
    best_points_display = num(_("Best N"), order_by=("best_points",))
    points_total = num(_("All evenings"))
    total_rank = num(_("Place (all evenings)"))
    average_display = num(_("Average"), order_by=("average",))
    evening_average_display = num(_("Per evening"), order_by=("evening_average",))
    roem = StatColumn("roem", "roem")
    nat = StatColumn("nat", "nat")
    pits = StatColumn(_("pits"), "pits")
    tegenpits = StatColumn(_("tegenpits"), "tegenpits")
    bids = StatColumn(_("Bids"), "bids")
    made_percent = num(_("Made"), order_by=("made_share",))

    class Meta(BaseTable.Meta):
        row_attrs = {
            "class": lambda record: "prize" if record.prize else ("unqualified" if record.rank is None else "")
        }
        sequence = (
            "rank_label",
            "name",
            "played",
            "won",
            "drawn",
            "lost",
            "byes",
            "match_points",
            "...",
            "points_display",
            "best_points_display",
            "points_total",
            "total_rank",
            "average_display",
            "evening_average_display",
            "roem",
            "nat",
            "pits",
            "tegenpits",
            "bids",
            "made_percent",
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
        best = any(r.best_points is not None for r in rows)
        if not best:
            exclude.append("best_points_display")
        if not (individual and competition.points_champion):
            exclude += ["points_total", "total_rank"]
        imported = set(imported_evenings(rows))
        extra = [
            (
                f"evening_{n}",
                EveningColumn(
                    n,
                    verbose_name=imported_header(n) if n in imported else str(n),
                    attrs={"th": {"class": "num ev"}, "td": {"class": "num ev"}},
                ),
            )
            for n in evening_numbers
        ]
        if best:  # "Best 5": labelled with the competition's N
            extra.append(("best_points_display", num(best_label(competition), order_by=("best_points",))))
        if competition.format == "duplicate":  # boards, MP and MP % (issue 34 item 4)
            exclude += ["won", "drawn", "lost"]
            labels = duplicate_labels(competition)
            extra += [
                ("played", num(_(labels["played"]))),
                ("match_points", num(_(labels["match_points"]))),
                (
                    "points_display",
                    tables.Column(verbose_name=_(labels["points_display"]), order_by=("points",), attrs=POINTS),
                ),
            ]
        super().__init__(rows, exclude=exclude, extra_columns=extra, **kwargs)

    def render_name(self, record, value):
        if record.player_id:
            link = player_link(self.slug, record.player_id, value)
        else:
            link = format_html("<strong>{}</strong>", value)
        if record.members:
            link = format_html(
                '{} <span class="members">{}</span>', link, player_links(self.slug, record.members, ", ")
            )
        return link

    def render_made_percent(self, record, value):
        return f"{value}%" if record.bids and not unrecorded(record, "made_percent") else NOT_RECORDED

    def render_rank_label(self, record, value):
        if record.rank is None:
            return format_html('<abbr title="{}">{}</abbr>', _("not ranked"), record.place_label)
        if record.prize:
            return format_html('{} <span class="prize-mark" title="{}">★</span>', value, _("prize"))
        return value

    def render_total_rank(self, record, value):
        if record.points_champion:
            return format_html('{} <span class="prize-mark" title="{}">★</span>', value, _("points champion"))
        return value


def imported_header(number: int):
    """An imported evening's number with its mark, explained on hover and in the note under the table."""
    return format_html(
        '{}<abbr class="imported-mark" title="{}">{}</abbr>',
        number,
        _("imported from the club's own records"),
        IMPORTED_MARK,
    )


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
    rank_label = tables.Column(
        verbose_name="#", order_by=("position",), attrs={"td": {"class": "num rank"}, "th": {"class": "num"}}
    )
    name = tables.Column(verbose_name=_("Name"))
    played = StatColumn(_("Rounds"), "played")  # "—" for an evening entered as totals (imported)
    points = tables.Column(verbose_name=_("Points"), attrs=POINTS)
    roem = StatColumn("roem", "roem")
    nat = StatColumn("nat", "nat")
    award = tables.Column(verbose_name=_("Prize"), accessor="prize", empty_values=(), orderable=False)

    class Meta(BaseTable.Meta):
        row_attrs = {"class": lambda record: "prize" if record.prize else ("booby" if record.booby else "")}
        sequence = ("rank_label", "name", "...", "played", "points", "roem", "nat", "award")

    def __init__(self, rows, *, competition, round_numbers=(), round_labels=None, **kwargs):
        self.slug = competition.slug
        labels = round_labels or {}  # season round number -> the round of the evening (1, 2, 3)
        extra = [
            (f"round_{n}", RoundScoreColumn(n, verbose_name=format_html("{} {}", _("R"), labels.get(n, n)), attrs=NUM))
            for n in round_numbers
        ]
        super().__init__(rows, extra_columns=extra, **kwargs)

    def render_name(self, record, value):
        return player_link(self.slug, record.player_id, value)

    def render_award(self, record):
        if record.prize:
            return format_html('<span class="prize-mark">★</span> {}', _("prize"))
        if record.booby:
            return format_html('<span class="booby-mark">▼</span> {}', _("booby prize"))
        return ""


class ProjectorTable(BaseTable):
    """The standings on the club wall: few columns, large type (see static/css/projector.css)."""

    rank_label = tables.Column(
        verbose_name="#", accessor="place_label", attrs={"td": {"class": "num rank"}, "th": {"class": "num"}}
    )
    name = tables.Column(verbose_name=_("Name"), attrs={"td": {"class": "name"}})  # wraps, never cut
    played = num(_("Played"))
    match_points = num(_("Match points"))
    points_display = num(_("Points"))

    class Meta(BaseTable.Meta):
        orderable = False
        attrs = {"class": "kv-table projector-table"}
        row_attrs = {"class": lambda record: "prize" if record.prize else ("booby" if record.booby else "")}

    def __init__(self, rows, *, competition, show_played=True, **kwargs):
        exclude = (
            []
            if competition.format == "teams" or "match_points" in (competition.tie_breakers or [])
            else ["match_points"]
        )
        if not show_played:
            exclude.append("played")
        super().__init__(rows, exclude=exclude, **kwargs)
