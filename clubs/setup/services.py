"""The one write of the set-up: the club (or league) of its own and its first organiser, together.

Everything is checked again here (the form checks first, for its messages) and made in one
transaction: a refused set-up leaves nothing behind. The audit is the log line ``clubs.setup``.
"""

from __future__ import annotations

import logging

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club, StaffRole
from clubs.setup.selectors import has_own_club
from core.text import single_line

logger = logging.getLogger(__name__)


class SetupError(Exception):
    """The set-up is refused: ``field`` is the form field the message belongs to (None: the whole form)."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.field = field


def club_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be the new club's name, or None."""
    if not name:
        return _("Fill in the club's name.")
    if Club.objects.filter(name__iexact=name).exists():
        return _("There is already a club called %(name)s: choose another name.") % {"name": name}
    return None


def username_problem(username: str) -> str | None:
    User = get_user_model()
    if not username:
        return _("Choose a username.")
    if User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": username}).exists():
        return _("The username %(username)s is taken: choose another.") % {"username": username}
    return None


def free_slug(name: str) -> str:
    """A slug for the club's addresses from its name, not used by any club (the demo's included)."""
    base = slugify(name)[:50] or "club"
    slug, number = base, 1
    while Club.objects.filter(slug=slug).exists():
        number += 1
        slug = f"{base}-{number}"
    return slug


@transaction.atomic
def set_up_club(*, club_name: str, username: str, password: str, email: str = "", is_league: bool = False):
    """Make the site's club of its own and its organiser; returns ``(club, user)``. Raises ``SetupError``
    when the site has a club of its own already or any value is refused; nothing is made then."""
    # Two set-ups at once on PostgreSQL: the second waits on this row lock until the first commits, and
    # then finds its club (SQLite writes one transaction at a time anyway).
    list(ContentType.objects.select_for_update().filter(app_label="clubs", model="club").values_list("pk"))
    if has_own_club():
        raise SetupError(_("This site has a club of its own already: the set-up is done."))
    name = single_line(club_name or "")
    if problem := club_name_problem(name):
        raise SetupError(problem, field="club_name")
    if problem := username_problem(username):
        raise SetupError(problem, field="username")
    User = get_user_model()
    user = User(**{User.USERNAME_FIELD: username}, email=email)
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise SetupError(" ".join(error.messages), field="password2") from None
    club = Club.objects.create(name=name, slug=free_slug(name), is_league=is_league)
    user.set_password(password)
    user.save()
    StaffRole.objects.create(user=user, club=club, role=StaffRole.Role.ORGANISER)
    logger.info("set-up: %s %s made, organiser %s", "league" if is_league else "club", club.slug, username)
    return club, user
