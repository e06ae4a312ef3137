"""Who may remove the demo: a superuser, or an organiser of a club of its own (not only of the demo)."""

from __future__ import annotations

from clubs.models import StaffRole
from clubs.permissions import is_site_admin


def may_remove_demo(user) -> bool:
    if is_site_admin(user):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return StaffRole.objects.filter(user=user, role=StaffRole.Role.ORGANISER, club__is_demo=False).exists()
