"""What every page needs to know about the visitor: whether to show the organiser's menu, and the
"My page" link of a member (one query for both: ``clubs.permissions.roles_by_club``)."""

from clubs import permissions


def staff_menu(request) -> dict:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"is_staff_somewhere": False, "is_scoring_somewhere": False, "is_member_somewhere": False}

    def organises_something() -> bool:
        # the roles are loaded once per request and cached on the user (clubs.permissions)
        return permissions.is_site_admin(user) or any(
            permissions.ORGANISER in roles for roles in permissions.roles_by_club(user).values()
        )

    def scores_somewhere() -> bool:
        # organiser or scorer anywhere: the link to tonight's dashboard
        return permissions.is_site_admin(user) or bool(permissions.roles_by_club(user))

    def is_member() -> bool:
        # linked to a player of some club: the link to their own page (/me/)
        return bool(permissions.member_club_ids(user))

    return {
        "is_staff_somewhere": organises_something,
        "is_scoring_somewhere": scores_somewhere,
        "is_member_somewhere": is_member,
    }
