"""Admin of clubs, members, teams, roles and API tokens — and the club boundary for every admin.

Only superusers reach the admin (``core.admin_site``: organisers and scorers are never Django staff); the
scoping below stays as a second wall. Site administrators (superusers) see everything. An organiser with ``is_staff`` sees and changes
only the rows of the clubs and leagues they organise (``clubs.permissions.clubs_managed_by``);
choices in foreign-key fields are narrowed the same way, so a row can never be moved into another
club. Scorers and staff without an organiser role see nothing here. ``ClubScopedAdmin`` is the
base of the admin classes of every app; each says how its rows reach their club (``club_path``).
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from clubs import permissions, tokens
from clubs.models import ApartPair, ApiToken, Club, MemberChange, Player, StaffRole, Team, TeamMember

#: How rows of each model reach their club, for querysets and foreign-key choices.
CLUB_PATHS = {
    "clubs.Club": "pk",
    "clubs.Player": "club",
    "clubs.Team": "club",
    "clubs.ApartPair": "club",
    "competitions.Competition": "club",
    "competitions.Division": "competition__club",
    "competitions.Entrant": "competition__club",
    "competitions.Evening": "competition__club",
    "competitions.Round": "competition__club",
    "competitions.Fixture": "round__competition__club",
    "competitions.Match": "round__competition__club",
}

#: Relations each model's ``__str__`` follows: fetched with the choices, not once per option.
CHOICE_RELATIONS = {
    "competitions.Evening": ["competition"],
    "competitions.Round": ["competition"],
    "competitions.Match": ["round__competition"],
}

#: Models whose rows an organiser may also *choose* from the member clubs of a league they run
#: (a league's teams and players belong to its member clubs), though not see or change.
MEMBER_CLUB_CHOICES = {"clubs.Player", "clubs.Team"}


def managed_ids(user) -> list[int]:
    cached = getattr(user, "_klaverjas_managed_ids", None)
    if cached is None:
        cached = list(permissions.clubs_managed_by(user).values_list("pk", flat=True))
        user._klaverjas_managed_ids = cached
    return cached


def choice_ids(user) -> list[int]:
    """Managed clubs plus the member clubs of managed leagues."""
    cached = getattr(user, "_klaverjas_choice_ids", None)
    if cached is None:
        ids = managed_ids(user)
        members = Club.member_clubs.through.objects.filter(from_club_id__in=ids).values_list("to_club_id", flat=True)
        cached = user._klaverjas_choice_ids = sorted(set(ids) | set(members))
    return cached


def scope(queryset, user, *, for_choices: bool = False):
    """``queryset`` narrowed to the user's clubs (unchanged for superusers and unscoped models)."""
    if permissions.is_site_admin(user):
        return queryset
    label = queryset.model._meta.label
    path = CLUB_PATHS.get(label)
    if path is None:
        return queryset
    ids = choice_ids(user) if for_choices and label in MEMBER_CLUB_CHOICES else managed_ids(user)
    field = "pk__in" if path == "pk" else f"{path}__in"
    return queryset.filter(Q(**{field: ids}))


class ClubScopedMixin:
    """Querysets, permissions and choices limited to the organiser's clubs (both admins and inlines)."""

    club_path: str = "club"

    def _is_organiser(self, request) -> bool:
        return permissions.is_site_admin(request.user) or bool(request.user.is_staff and managed_ids(request.user))

    def _in_scope(self, request, obj) -> bool:
        if obj is None or permissions.is_site_admin(request.user):
            return True
        cache = request.__dict__.setdefault("_klaverjas_in_scope", {})
        key = (obj._meta.label, obj.pk)
        if key not in cache:
            cache[key] = scope(type(obj)._default_manager.filter(pk=obj.pk), request.user).exists()
        return cache[key]

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if permissions.is_site_admin(request.user):
            return queryset
        ids = managed_ids(request.user)
        field = "pk__in" if self.club_path == "pk" else f"{self.club_path}__in"
        return queryset.filter(**{field: ids})

    def has_module_permission(self, request):
        return self._is_organiser(request)

    def has_view_permission(self, request, obj=None):
        return self._is_organiser(request) and self._in_scope(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._is_organiser(request) and self._in_scope(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._is_organiser(request) and self._in_scope(request, obj)

    def has_add_permission(self, request, obj=None):
        return self._is_organiser(request)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if field is not None and hasattr(field, "queryset"):
            queryset = scope(field.queryset, request.user, for_choices=True)
            related = CHOICE_RELATIONS.get(queryset.model._meta.label)
            field.queryset = queryset.select_related(*related) if related else queryset
            plain_select = db_field.name not in (*self.get_autocomplete_fields(request), *self.raw_id_fields)
            if isinstance(self, admin.options.InlineModelAdmin) and plain_select and "widget" not in kwargs:
                # One query for the options of all rows of an inline, not one per row.
                field.choices = list(field.choices)
        return field

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        field = super().formfield_for_manytomany(db_field, request, **kwargs)
        if field is not None and hasattr(field, "queryset"):
            field.queryset = scope(field.queryset, request.user, for_choices=True)
        return field


class ClubScopedAdmin(ClubScopedMixin, admin.ModelAdmin):
    list_per_page = 50


class ReadOnlyMixin:
    """Rows kept by a service (results, audit): shown, never added, changed or deleted in the admin."""

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInlineMixin(ReadOnlyMixin):
    """An inline that shows rows kept by a service: no adding, changing or deleting here."""

    can_delete = False
    extra = 0

    def has_view_permission(self, request, obj=None):
        return True  # the parent admin decided who sees the page


class StaffRoleInline(admin.TabularInline):
    """Roles are granted by site administrators; organisers see who holds a role at their club."""

    model = StaffRole
    extra = 0
    autocomplete_fields = ["user"]

    def _admin(self, request) -> bool:
        return permissions.is_site_admin(request.user)

    def has_view_permission(self, request, obj=None):
        return True

    def has_add_permission(self, request, obj=None):
        return self._admin(request)

    def has_change_permission(self, request, obj=None):
        return self._admin(request)

    def has_delete_permission(self, request, obj=None):
        return self._admin(request)


@admin.register(Club)
class ClubAdmin(ClubScopedAdmin):
    club_path = "pk"
    list_display = ["name", "slug", "city", "is_league", "member_count"]
    list_filter = ["is_league", "city"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["member_clubs"]
    inlines = [StaffRoleInline]

    def get_queryset(self, request):
        from django.db.models import Count

        return super().get_queryset(request).annotate(_members=Count("players", distinct=True))

    @admin.display(description=_("members"), ordering="_members")
    def member_count(self, obj):
        return obj._members

    def get_readonly_fields(self, request, obj=None):
        # member clubs only by a superuser: an organiser who added a club to their own would see its members
        return [] if permissions.is_site_admin(request.user) else ["slug", "is_league", "member_clubs"]

    def get_prepopulated_fields(self, request, obj=None):
        return self.prepopulated_fields if permissions.is_site_admin(request.user) else {}

    def has_add_permission(self, request, obj=None):
        return permissions.is_site_admin(request.user)

    def has_delete_permission(self, request, obj=None):
        return permissions.is_site_admin(request.user)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        # Any club may join a league: the choice is not narrowed to the organiser's clubs.
        return admin.ModelAdmin.formfield_for_manytomany(self, db_field, request, **kwargs)


@admin.register(Player)
class PlayerAdmin(ClubScopedAdmin):
    list_display = ["last_name", "first_name", "member_number", "club", "active", "account"]
    list_display_links = ["last_name", "first_name"]
    list_filter = ["active", "club"]
    search_fields = ["first_name", "last_name", "member_number", "email"]
    list_select_related = ["club", "account"]
    raw_id_fields = ["account"]
    ordering = ["sort_name", "first_name"]


class TeamMemberInline(ClubScopedMixin, admin.TabularInline):
    model = TeamMember
    extra = 0
    max_num = 4
    autocomplete_fields = ["player"]
    club_path = "team__club"


@admin.register(Team)
class TeamAdmin(ClubScopedAdmin):
    list_display = ["name", "kind", "club", "player_names"]
    list_filter = ["kind", "club"]
    search_fields = ["name", "players__first_name", "players__last_name"]
    list_select_related = ["club"]
    inlines = [TeamMemberInline]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("members__player")

    @admin.display(description=_("players"))
    def player_names(self, obj):
        return ", ".join(m.player.name for m in obj.members.all())


@admin.register(StaffRole)
class StaffRoleAdmin(admin.ModelAdmin):
    """Site administrators only (Django's own permissions; organisers see roles in their club's page)."""

    list_display = ["user", "role", "club"]
    list_filter = ["role", "club"]
    search_fields = ["user__username", "club__name"]
    autocomplete_fields = ["user", "club"]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are made by ``manage.py create_api_token`` (the key is shown once); here they are revoked."""

    list_display = ["prefix", "user", "name", "created", "last_used", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["user__username", "name", "prefix"]
    readonly_fields = ["user", "prefix", "created", "last_used", "revoked_at"]
    exclude = ["key_hash"]
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=_("Revoke the selected tokens"))
    def revoke(self, request, queryset):
        count = sum(tokens.revoke(token) for token in queryset)
        self.message_user(
            request,
            ngettext("%(count)d token revoked.", "%(count)d tokens revoked.", count) % {"count": count},
            messages.SUCCESS,
        )


@admin.register(ApartPair)
class ApartPairAdmin(ClubScopedAdmin):
    """Members who never share a table in an individual draw (competitions.base.pairing passes them on)."""

    list_display = ["player_a", "player_b", "club", "note"]
    list_select_related = ["player_a", "player_b", "club"]
    list_filter = ["club"]
    search_fields = ["player_a__last_name", "player_b__last_name"]


@admin.register(MemberChange)
class MemberChangeAdmin(ReadOnlyMixin, ClubScopedAdmin):
    """The audit of renames, member numbers, guest or member, and merges (``clubs.members``): read only."""

    list_display = ("at", "club", "player", "action", "user")
    list_filter = ("action",)
