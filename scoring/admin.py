"""Admin of deals, blind entries and the audit log: read-only, within the club boundary.

Deals are written only by ``scoring.services`` (which checks them with the rules engine, keeps
totals, versions and the audit log); editing them here would bypass all of that.
"""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from clubs.admin import ClubScopedAdmin, ReadOnlyInlineMixin, ReadOnlyMixin
from competitions.admin import MatchAdmin
from competitions.models import Match
from scoring.models import AuditEntry, BlindEntry, Deal


class ReadOnlyAdmin(ReadOnlyMixin, ClubScopedAdmin):
    club_path = "match__round__competition__club"


@admin.register(Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = [
        "match",
        "number",
        "bidder",
        "points_a",
        "points_b",
        "roem_a",
        "roem_b",
        "score_a",
        "score_b",
        "mark",
    ]
    list_filter = ["nat", "mark", "match__round__competition"]
    search_fields = ["match__round__competition__name"]
    list_select_related = ["match__round__competition"]


@admin.register(BlindEntry)
class BlindEntryAdmin(ReadOnlyAdmin):
    list_display = ["match", "entered_by", "created"]
    list_filter = ["match__round__competition"]
    list_select_related = ["match__round__competition", "entered_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["match", "action", "user", "at", "version", "deal_count"]
    list_filter = ["action", "match__round__competition"]
    search_fields = ["user__username", "match__round__competition__name"]
    list_select_related = ["match__round__competition", "user"]
    date_hierarchy = "at"

    @admin.display(description=_("deals after"))
    def deal_count(self, obj):
        return len(obj.after or [])


class DealInline(ReadOnlyInlineMixin, admin.TabularInline):
    model = Deal
    fields = [
        "number",
        "bidder",
        "points_a",
        "points_b",
        "roem_a",
        "roem_b",
        "pit",
        "verzaakt",
        "score_a",
        "score_b",
        "nat",
        "mark",
    ]

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def get_queryset(self, request):
        # Each row's title shows its match: fetch it with the deals, not once per deal.
        return super().get_queryset(request).select_related("match__round__competition")


class MatchWithDealsAdmin(MatchAdmin):
    """The match admin of ``competitions`` with its deals shown below the seats and sides."""

    inlines = [*MatchAdmin.inlines, DealInline]


admin.site.unregister(Match)
admin.site.register(Match, MatchWithDealsAdmin)
