"""The admin is the site administrator's (a Django superuser) alone.

Organisers, scorers and members work on the site's own pages and are never Django staff (issue 31
item 7: an organiser with ``is_staff`` could read every username through an admin add form). Every
admin page, its autocomplete and its pop-ups ask ``has_permission``: anyone but an active superuser
gets the admin's login page, which shows nothing of the site's data. Wired in ``INSTALLED_APPS`` in
place of ``django.contrib.admin``; ``admin.site`` and ``@admin.register`` stay as they are.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig


class SuperuserAdminSite(admin.AdminSite):
    def has_permission(self, request) -> bool:
        user = request.user
        return bool(user.is_active and user.is_superuser)


class SuperuserAdminConfig(AdminConfig):
    default_site = "core.admin_site.SuperuserAdminSite"
