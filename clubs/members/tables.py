"""The organiser's list of a club's members (django-tables2, on the project's ``BaseTable``)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core.tables import BaseTable, num

PER_PAGE = 100


class MemberTable(BaseTable):
    member_number = tables.Column(verbose_name=_("Member number"), orderable=False)
    name = tables.Column(verbose_name=_("Name"), accessor="pk", orderable=False)
    kind = tables.Column(verbose_name=_("Member or guest"), accessor="guest", orderable=False)
    played = num(_("Tables played"), accessor="tables")
    active = tables.Column(verbose_name=_("Active"), orderable=False)

    class Meta(BaseTable.Meta):
        orderable = False

    def __init__(self, records, *, slug: str, **kwargs):
        self.slug = slug
        super().__init__(records, **kwargs)

    def render_name(self, record):
        url = reverse("clubs:member", args=[self.slug, record.pk])
        return format_html('<a href="{}">{}</a>', url, record.name)

    def render_kind(self, record):
        if record.guest:
            return _("guest (%(club)s)") % {"club": record.guest_club} if record.guest_club else _("guest")
        return _("member")

    def render_active(self, value):
        return _("yes") if value else _("no")
