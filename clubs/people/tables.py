"""django-tables2 tables of the people pages: who has which role, the open invitations, a league's
member clubs, one's API tokens. The action buttons are small POST forms; the page hands the
request's CSRF token to the table, which renders them in its cells."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.tables import BaseTable

ROLE_NAMES = {
    "organiser": gettext_lazy("organiser"),
    "scorer": gettext_lazy("scorer"),
    "member": gettext_lazy("member"),
}


def when(value) -> str:
    """A moment in the site's time zone (tables render in Python: no template localtime)."""
    return date_format(localtime(value), "j M Y H:i") if value else ""


def post_button(url: str, csrf_token: str, label: str, *, name: str = "", fields: dict | None = None) -> str:
    hidden = format_html_join("", '<input type="hidden" name="{}" value="{}">', (fields or {}).items())
    return format_html(
        '<form method="post" action="{}" class="inline"><input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '{}<button type="submit" name="{}">{}</button></form>',
        url,
        csrf_token,
        hidden,
        name,
        label,
    )


class ActionsTable(BaseTable):
    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, records, *, csrf_token: str, **kwargs):
        self.csrf_token = csrf_token
        super().__init__(records, **kwargs)


class PeopleTable(ActionsTable):
    username = tables.Column(verbose_name=gettext_lazy("Username"), accessor="user__username")
    roles = tables.Column(verbose_name=gettext_lazy("Role"), accessor="roles")
    last_login = tables.Column(
        verbose_name=gettext_lazy("Last login"), accessor="user__last_login", default=gettext_lazy("never")
    )
    email = tables.Column(verbose_name=gettext_lazy("Email address"), accessor="user__email", default="—")
    actions = tables.Column(verbose_name="", accessor="user__pk")

    class Meta(ActionsTable.Meta):
        attrs = {"class": "kv-table", "id": "people"}
        row_attrs = {"id": lambda record: f"person-{record.user.pk}"}
        empty_text = gettext_lazy("Nobody has a role yet.")

    def __init__(self, people, *, club, viewer, organisers: int, **kwargs):
        self.club, self.viewer, self.organisers = club, viewer, organisers
        super().__init__(people, **kwargs)

    def render_username(self, record):
        if record.user.pk == self.viewer.pk:
            return format_html('{} <span class="badge">{}</span>', record.user.get_username(), _("you"))
        return record.user.get_username()

    def render_roles(self, record):
        names = []
        for role in record.roles:
            name = str(ROLE_NAMES[role])
            names.append(f"{name}: {record.player.name}" if role == "member" and record.player else name)
        return ", ".join(names)

    def render_last_login(self, value):
        return when(value)

    def render_actions(self, record):
        user = record.user
        revoke = reverse("people:revoke", args=[self.club.slug])
        parts = []
        for role in record.roles:
            if role == "organiser" and self.organisers == 1:
                parts.append(format_html('<span class="muted">{}</span>', _("last organiser")))
                continue
            if role == "organiser":
                label = _("Step down as organiser") if user.pk == self.viewer.pk else _("Revoke organiser")
            else:
                label = _("Revoke scorer") if role == "scorer" else _("Unlink member")
            parts.append(
                post_button(
                    revoke, self.csrf_token, label, name=f"revoke-{role}", fields={"user": user.pk, "role": role}
                )
            )
        if user.pk != self.viewer.pk:
            url = reverse("people:reset-link", args=[self.club.slug])
            parts.append(
                post_button(url, self.csrf_token, _("Password reset link"), name="reset", fields={"user": user.pk})
            )
        return format_html_join(" ", "{}", ((part,) for part in parts))


class InvitationTable(ActionsTable):
    role = tables.Column(verbose_name=gettext_lazy("Role"))
    email = tables.Column(verbose_name=gettext_lazy("Email address"), default="—")
    created_by = tables.Column(verbose_name=gettext_lazy("Invited by"), default="—")
    expires_at = tables.Column(verbose_name=gettext_lazy("Valid until"))
    revoke = tables.Column(verbose_name="", accessor="pk")

    class Meta(ActionsTable.Meta):
        attrs = {"class": "kv-table", "id": "invitations"}
        empty_text = gettext_lazy("No open invitations.")

    def __init__(self, invitations, *, club, **kwargs):
        self.club = club
        super().__init__(invitations, **kwargs)

    def render_role(self, record):
        role = str(ROLE_NAMES[record.role])
        return f"{role}: {record.player.name}" if record.player else role

    def render_created_by(self, value):
        return value.get_username()

    def render_expires_at(self, value):
        return date_format(localtime(value), "j M Y")

    def render_revoke(self, record):
        url = reverse("people:invitation-revoke", args=[self.club.slug, record.pk])
        return post_button(url, self.csrf_token, _("Revoke"), name="revoke")


class MemberClubTable(ActionsTable):
    name = tables.Column(verbose_name=gettext_lazy("Club"))
    organisers = tables.Column(verbose_name=gettext_lazy("Organisers"))
    invite = tables.Column(verbose_name="", accessor="pk")

    class Meta(ActionsTable.Meta):
        attrs = {"class": "kv-table", "id": "member-club-list"}

    def __init__(self, clubs, *, league, **kwargs):
        self.league = league
        super().__init__(clubs, **kwargs)

    def render_name(self, record):
        return f"{record.name} ({record.city})" if record.city else record.name

    def render_organisers(self, record):
        count = len(record.open_organiser_invitations)
        if not count:
            return str(record.organisers)
        invitations = ngettext("%(counter)s open invitation", "%(counter)s open invitations", count) % {
            "counter": count
        }
        return f"{record.organisers} · {invitations}"

    def render_invite(self, record):
        if record.organisers:
            return ""
        url = reverse("people:member-club-invite", args=[self.league.slug, record.slug])
        return format_html(
            '<form method="post" action="{}" class="inline"><input type="hidden" name="csrfmiddlewaretoken" value="{}">'
            '<input type="email" name="email" aria-label="{}" placeholder="{}"> <button type="submit">{}</button></form>',
            url,
            self.csrf_token,
            _("Email address (optional)"),
            _("email (optional)"),
            _("Invite its first organiser"),
        )


class TokenTable(ActionsTable):
    name = tables.Column(verbose_name=gettext_lazy("Name"), default="—")
    prefix = tables.Column(verbose_name=gettext_lazy("Starts with"))
    created = tables.Column(verbose_name=gettext_lazy("Made on"))
    last_used = tables.Column(verbose_name=gettext_lazy("Last used"), default=gettext_lazy("never"))
    revoke = tables.Column(verbose_name="", accessor="pk")

    class Meta(ActionsTable.Meta):
        attrs = {"class": "kv-table", "id": "tokens"}
        row_attrs = {"class": lambda record: "muted" if record.revoked_at else ""}
        empty_text = gettext_lazy("You have no tokens yet.")

    def render_prefix(self, value):
        return format_html("<code>{}…</code>", value)

    def render_created(self, value):
        return when(value)

    def render_last_used(self, value):
        return when(value)

    def render_revoke(self, record):
        if record.revoked_at:
            return _("revoked on %(date)s") % {"date": date_format(localtime(record.revoked_at), "j M Y")}
        return post_button(
            reverse("people:token-revoke", args=[record.pk]), self.csrf_token, _("Revoke"), name="revoke"
        )
