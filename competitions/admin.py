"""Admin of competitions, evenings, rounds, fixtures and matches, within the club boundary.

Results are never written here: a match, its sides (totals), seats and deals are shown read-only
(they are made by the draw services and by ``scoring.services``, which check, version and audit
every change); results are entered on ``/matches/<id>/enter/``.
"""

from __future__ import annotations

from types import SimpleNamespace

from django import forms
from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from clubs.admin import ClubScopedAdmin, ClubScopedMixin, ReadOnlyInlineMixin
from competitions.base.rulesets import RuleOptionError, option_error_message, ruleset_for
from competitions.models import (
    Attendance,
    Bye,
    Competition,
    Division,
    Entrant,
    Evening,
    Fixture,
    Match,
    MatchSeat,
    MatchSide,
    Round,
)
from competitions.season.entry_modes import totals_refusal
from competitions.standings import tie_breaker_errors


class CompetitionForm(forms.ModelForm):
    class Meta:
        model = Competition
        fields = "__all__"  # noqa: DJ007  (the admin edits every field, within the club boundary)

    def clean(self):
        data = super().clean()
        probe = SimpleNamespace(
            ruleset=data.get("ruleset") or "amsterdam",
            rule_options=data.get("rule_options") or {},
            deals_per_match=data.get("deals_per_match") or 16,
        )
        if not isinstance(probe.rule_options, dict):
            self.add_error("rule_options", _('Rule options must be an object, for example {"four_jacks": 100}.'))
            return data
        try:
            rules = ruleset_for(probe)
        except RuleOptionError as exc:
            self.add_error("rule_options", option_error_message(exc))
        else:
            refusal = totals_refusal(rules) if data.get("entry_mode") == Competition.EntryMode.TOTALS else None
            if refusal:
                self.add_error("entry_mode", refusal)
        for message in tie_breaker_errors(data.get("tie_breakers") or []):
            self.add_error("tie_breakers", message)
        return data


class DivisionInline(ClubScopedMixin, admin.TabularInline):
    model = Division
    extra = 0
    club_path = "competition__club"


class EntrantInline(ClubScopedMixin, admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ["name", "player", "team", "division", "seed"]
    club_path = "competition__club"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player", "team", "division")


@admin.register(Competition)
class CompetitionAdmin(ClubScopedAdmin):
    form = CompetitionForm
    list_display = ["name", "club", "format", "ruleset", "deals_per_match", "season_start", "is_public"]
    list_filter = ["format", "ruleset", "is_public", "club"]
    search_fields = ["name", "slug", "club__name"]
    list_select_related = ["club"]
    prepopulated_fields = {"slug": ["name"]}
    date_hierarchy = "season_start"
    inlines = [DivisionInline, EntrantInline]
    fieldsets = [
        (None, {"fields": ["club", "name", "slug", "format", "is_public", ("season_start", "season_end")]}),
        (
            _("Rules"),
            {"fields": ["ruleset", "rule_options", "deals_per_match", "first_dealer", "organiser_entry_counts"]},
        ),
        (
            _("Club evenings"),
            {
                "classes": ["collapse"],
                "fields": [
                    "rounds_per_evening",
                    "three_player_tables",
                    "draw_method",
                    "standings_method",
                    "count_best",
                    "period_length",
                    "period_best",
                    "periods_counted",
                    "absence_policy",
                    "absence_points",
                    "bye_policy",
                    "bye_points",
                    "compensation_limit",
                ],
            },
        ),
        (
            _("Standings and prizes"),
            {
                "classes": ["collapse"],
                "fields": [
                    ("points_win", "points_draw", "points_loss"),
                    "match_points_scheme",
                    ("table_win_points", "table_draw_points", "total_bonus"),
                    "rank_by_average",
                    "tie_breakers",
                    "prize_places",
                    "prize_every",
                    "prize_per_players",
                    "booby_prize",
                    "booby_prize_partial",
                ],
            },
        ),
    ]


@admin.register(Entrant)
class EntrantAdmin(ClubScopedAdmin):
    club_path = "competition__club"
    list_display = ["name", "competition", "division", "seed"]
    list_filter = ["competition"]
    search_fields = ["name", "player__last_name", "team__name"]
    list_select_related = ["competition", "division"]


class AttendanceInline(ClubScopedMixin, admin.TabularInline):
    model = Attendance
    extra = 0
    club_path = "evening__competition__club"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player")


@admin.register(Evening)
class EveningAdmin(ClubScopedAdmin):
    club_path = "competition__club"
    list_display = ["__str__", "competition", "number", "date", "present"]
    list_filter = ["competition"]
    search_fields = ["competition__name"]
    list_select_related = ["competition"]
    date_hierarchy = "date"
    inlines = [AttendanceInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_present=Count("attendances"))

    @admin.display(description=_("present"), ordering="_present")
    def present(self, obj):
        return obj._present


class ByeInline(ReadOnlyInlineMixin, admin.TabularInline):
    model = Bye

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("entrant")


@admin.register(Round)
class RoundAdmin(ClubScopedAdmin):
    club_path = "competition__club"
    list_display = ["__str__", "competition", "number", "evening", "date", "status", "tables"]
    list_filter = ["status", "competition"]
    search_fields = ["competition__name"]
    list_select_related = ["competition", "evening__competition"]
    readonly_fields = ["seed"]
    inlines = [ByeInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_tables=Count("matches"))

    @admin.display(description=_("tables"), ordering="_tables")
    def tables(self, obj):
        return obj._tables


@admin.register(Fixture)
class FixtureAdmin(ClubScopedAdmin):
    club_path = "round__competition__club"
    list_display = ["__str__", "round", "home_total", "away_total", "complete"]
    list_filter = ["complete", "round__competition"]
    search_fields = ["home__name", "away__name"]
    list_select_related = ["round__competition", "home", "away"]
    readonly_fields = ["home_total", "away_total", "complete"]


class MatchSeatInline(ReadOnlyInlineMixin, admin.TabularInline):
    model = MatchSeat

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("player")


class MatchSideInline(ReadOnlyInlineMixin, admin.TabularInline):
    model = MatchSide

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("entrant")


@admin.register(Match)
class MatchAdmin(ClubScopedAdmin):
    """Read-only: tables are drawn by the services and results entered on the score entry page."""

    club_path = "round__competition__club"
    list_display = ["__str__", "table", "status", "version", "deals_played", "entered_by", "confirmed_by"]
    list_filter = ["status", "round__competition"]
    search_fields = ["round__competition__name", "seats__player__last_name"]
    list_select_related = ["round__competition", "entered_by", "confirmed_by"]
    inlines = [MatchSeatInline, MatchSideInline]  # scoring.admin adds the deals

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in Match._meta.fields]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # one by one, and only tables without results
        return actions

    def has_delete_permission(self, request, obj=None):
        # A table without results may go (e.g. drawn by mistake); results are never deleted here.
        return super().has_delete_permission(request, obj) and (obj is None or obj.deals_played == 0)
