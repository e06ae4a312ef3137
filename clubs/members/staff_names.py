"""How the staff who entered or confirmed a result are named on public pages and printed sheets:
their full name, or else the word of their role ("teller", "wedstrijdleider") — never the login
name, which is half of what it takes to log in."""

from __future__ import annotations

from clubs.models import StaffRole


def staff_display_names(users, *, club_id: int) -> dict[int, str]:
    """Display names by user id of ``users`` (None skipped) for a result of club ``club_id``: the
    full name, else 'organiser' for the club's organisers and site administrators, else 'scorer'.
    One query at most, and none when every user has a full name."""
    users = {u.pk: u for u in users if u is not None}
    names = {pk: u.get_full_name().strip() for pk, u in users.items()}
    nameless = [pk for pk, name in names.items() if not name]
    if nameless:
        organisers = set(
            StaffRole.objects.filter(user_id__in=nameless, club_id=club_id, role=StaffRole.Role.ORGANISER).values_list(
                "user_id", flat=True
            )
        )
        for pk in nameless:
            organiser = pk in organisers or users[pk].is_superuser
            names[pk] = str(StaffRole.Role.ORGANISER.label if organiser else StaffRole.Role.SCORER.label)
    return names


def result_staff_names(match) -> dict[str, str]:
    """``{"entered": ..., "confirmed": ...}`` for a match (with ``entered_by``/``confirmed_by`` loaded);
    cached on the match, so a page and its status line share the one query."""
    cached = getattr(match, "_staff_names", None)
    if cached is None:
        entered, confirmed = (
            match.entered_by if match.entered_by_id else None,
            (match.confirmed_by if match.confirmed_by_id else None),
        )
        names = staff_display_names([entered, confirmed], club_id=match.round.competition.club_id)
        cached = {"entered": names.get(match.entered_by_id, ""), "confirmed": names.get(match.confirmed_by_id, "")}
        match._staff_names = cached
    return cached
