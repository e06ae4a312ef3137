"""Writes of a club's people: invitations to a role, accepting them, revoking roles, password reset
links, API tokens on a page, and a league's new member club. Each write is one transaction with an
audit row (``PeopleChange``); a refusal raises ``PeopleRefused`` with a sentence for the person and
leaves nothing behind.

Who may invite: an organiser of the club; for a member club of a league that has no organiser yet,
also an organiser of that league (its first organiser). Organisers, scorers and members are never
Django staff: nothing here sets ``is_staff``.

Mail goes out when mail is set up (``core.outbox.is_configured``) through Django's mail API,
inside the transaction (the site's mail backend keeps an outbox in the database), so an invitation
is never made without its mail or the other way round.
"""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs import permissions, tokens
from clubs.models import ApiToken, Club, Invitation, PeopleChange, Player, StaffRole
from clubs.people.models import INVITATION_VALID_FOR, hash_token
from core import outbox
from core.text import control_character

ROLES = {Invitation.Role.ORGANISER, Invitation.Role.SCORER, Invitation.Role.MEMBER}
STAFF_ROLES = {StaffRole.Role.ORGANISER, StaffRole.Role.SCORER}


class PeopleRefused(Exception):
    """A write refused; ``str()`` is the sentence for the person, ``field`` the form field it is about."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def role_name(role: str) -> str:
    names: dict[str, str] = {  # a role's value is its plain string as well
        Invitation.Role.ORGANISER: _("organiser"),
        Invitation.Role.SCORER: _("scorer"),
        Invitation.Role.MEMBER: _("member"),
    }
    return names[role]


def may_invite(user, club: Club, role: str) -> bool:
    """An organiser of the club; a league's organiser for the first organiser of a member club."""
    if permissions.is_organiser_of(user, club):
        return True
    if role != Invitation.Role.ORGANISER or club.is_league:
        return False
    if StaffRole.objects.filter(club=club, role=StaffRole.Role.ORGANISER).exists():
        return False
    return any(permissions.is_organiser_of(user, league) for league in club.leagues.all())


def _audit(*, club, by, action, role="", subject=None, invitation=None) -> None:
    PeopleChange.objects.create(
        club=club,
        user=by if getattr(by, "is_authenticated", False) else None,
        action=action,
        role=role,
        subject=subject,
        subject_name=subject.get_username() if subject is not None else "",
        invitation=invitation,
    )


def invite(
    *, club: Club, role: str, by, player: Player | None = None, email: str = "", site: str = ""
) -> tuple[Invitation, str]:
    """A one-time invitation for ``role`` at ``club`` (a member's: for ``player``). Returns it and its
    token (shown once: only the hash is stored). Mailed to ``email`` when given and mail is set up;
    ``site`` is the scheme and host the mailed link starts with."""
    if role not in ROLES:
        raise PeopleRefused(_("Choose a role: organiser, scorer or member."), field="role")
    if not may_invite(by, club, role):
        raise PeopleRefused(_("You are not an organiser of %(club)s.") % {"club": club.name})
    email = checked_email(email)
    if role == Invitation.Role.MEMBER:
        if player is None:
            raise PeopleRefused(_("Choose the member this invitation is for."), field="player")
        if player.club_id != club.pk:
            raise PeopleRefused(_("That member does not belong to %(club)s.") % {"club": club.name}, field="player")
        if player.account_id is not None:
            raise PeopleRefused(
                _("%(name)s already has an account at this club.") % {"name": player.name}, field="player"
            )
    else:
        player = None
    token = secrets.token_urlsafe(32)
    now = timezone.now()
    with transaction.atomic():
        invitation = Invitation.objects.create(
            club=club,
            role=role,
            player=player,
            email=email,
            token_hash=hash_token(token),
            created_by=by,
            created_at=now,
            expires_at=now + INVITATION_VALID_FOR,
        )
        _audit(club=club, by=by, action=PeopleChange.Action.INVITE, role=role, invitation=invitation)
        if email and outbox.is_configured():
            _mail_invitation(invitation, token=token, site=site, by=by)
    return invitation, token


#: The most members' invitations one printed sheet makes (a club of a few hundred members fits).
SHEET_MAX = 500


def invite_members(*, club: Club, by, player_ids: list[str] | None = None) -> list[tuple[Player, Invitation, str]]:
    """A member's invitation for each member of ``club`` without an account (not guests, not inactive),
    or for the members ``player_ids`` names: for the printed sheet of QR codes. One transaction: every
    invitation or none (an id that is not such a member of the club refuses them all). Each is a
    one-time link like any other (only its hash stored); an older open invitation of the same member
    stays valid until it expires, and once either is used the member has an account and the others
    are refused (``_grant``). Returns (member, invitation, token) in the list's order."""
    if not permissions.is_organiser_of(by, club):
        raise PeopleRefused(_("You are not an organiser of %(club)s.") % {"club": club.name})
    members = Player.objects.filter(club=club, account__isnull=True, guest=False, active=True).order_by(
        "sort_name", "first_name", "last_name"
    )
    if player_ids is not None:
        wanted = set()
        for value in player_ids:
            try:
                wanted.add(int(value))
            except (TypeError, ValueError):
                raise PeopleRefused(_("“%(value)s” is not a member's number.") % {"value": value}) from None
        chosen = list(members.filter(pk__in=wanted))
        if len(chosen) != len(wanted):
            raise PeopleRefused(
                _("Only members of %(club)s without an account can get a printed invitation.") % {"club": club.name}
            )
    else:
        chosen = list(members[: SHEET_MAX + 1])
    if len(chosen) > SHEET_MAX:
        raise PeopleRefused(
            _("At most %(max)s invitations at once: choose the members on the people page.") % {"max": SHEET_MAX}
        )
    made = []
    with transaction.atomic():
        for player in chosen:
            invitation, token = invite(club=club, role=Invitation.Role.MEMBER, by=by, player=player)
            made.append((player, invitation, token))
    return made


def invitation_path(token: str) -> str:
    return reverse("people:invitation", args=[token])


def _mail_invitation(invitation: Invitation, *, token: str, site: str, by) -> None:
    context = {
        "club": invitation.club,
        "role": role_name(invitation.role),
        "player": invitation.player,
        "by": by.get_full_name() or by.get_username(),
        "link": site.rstrip("/") + invitation_path(token),
        "expires_at": invitation.expires_at,
    }
    subject = _("Invitation: %(role)s at %(club)s") % {"role": context["role"], "club": invitation.club.name}
    body = render_to_string("clubs/people/invitation_email.txt", context)
    message = EmailMultiAlternatives(subject, body, to=[invitation.email])
    message.attach_alternative(render_to_string("clubs/people/invitation_email.html", context), "text/html")
    message.send()


def revoke_invitation(*, invitation: Invitation, by) -> None:
    if not permissions.is_organiser_of(by, invitation.club) and invitation.created_by_id != getattr(by, "pk", None):
        raise PeopleRefused(_("You are not an organiser of %(club)s.") % {"club": invitation.club.name})
    with transaction.atomic():
        changed = Invitation.objects.filter(pk=invitation.pk, accepted_at__isnull=True, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        if not changed:
            raise PeopleRefused(_("This invitation was already used or revoked."))
        _audit(
            club=invitation.club,
            by=by,
            action=PeopleChange.Action.REVOKE_INVITATION,
            role=invitation.role,
            invitation=invitation,
        )


def _take(invitation: Invitation) -> Invitation:
    """Lock the invitation row and check it is still usable (two tabs accepting at once: one wins)."""
    locked = Invitation.objects.select_for_update(of=("self",)).select_related("club", "player").get(pk=invitation.pk)
    if not locked.is_usable:
        raise PeopleRefused(_("This invitation can no longer be used."))
    return locked


def _grant(invitation: Invitation, user) -> None:
    club = invitation.club
    if invitation.role == Invitation.Role.MEMBER:
        assert invitation.player_id is not None  # the model's check: a member's invitation names the member
        player = Player.objects.select_for_update().get(pk=invitation.player_id)
        if player.account_id not in (None, user.pk):
            raise PeopleRefused(_("%(name)s already has an account at this club.") % {"name": player.name})
        if Player.objects.filter(club=club, account=user).exclude(pk=player.pk).exists():
            raise PeopleRefused(
                _("Your account is already linked to another member of %(club)s.") % {"club": club.name}
            )
        player.account = user
        player.save(update_fields=["account"])
    else:
        StaffRole.objects.get_or_create(user=user, club=club, role=invitation.role)
    now = timezone.now()
    # used once, also where the database cannot lock the row (SQLite): the second of two at once updates nothing
    taken = Invitation.objects.filter(
        pk=invitation.pk, accepted_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now
    ).update(accepted_at=now, accepted_by=user)
    if not taken:
        raise PeopleRefused(_("This invitation can no longer be used."))
    invitation.accepted_at, invitation.accepted_by = now, user
    _audit(
        club=club, by=user, action=PeopleChange.Action.ACCEPT, role=invitation.role, subject=user, invitation=invitation
    )


def accept_as_new_account(*, invitation: Invitation, username: str, password: str, email: str = ""):
    """Make the account (username and password checked by the form) and grant the invitation's role."""
    with transaction.atomic():
        locked = _take(invitation)
        User = get_user_model()
        if User.objects.filter(username__iexact=username).exists():
            raise PeopleRefused(_("The username “%(name)s” is taken.") % {"name": username}, field="username")
        try:
            with transaction.atomic():
                user = User.objects.create_user(username=username, password=password, email=email or locked.email)
        except IntegrityError:
            raise PeopleRefused(_("The username “%(name)s” is taken.") % {"name": username}, field="username") from None
        _grant(locked, user)
    return user


def accept_as(*, invitation: Invitation, user):
    """The logged-in ``user`` accepts: the role is added to that account."""
    with transaction.atomic():
        locked = _take(invitation)
        _grant(locked, user)
    return user


def revoke_role(*, club: Club, subject, role: str, by) -> None:
    """Take ``role`` at ``club`` from ``subject`` (a member: unlink the account from the member).
    A club's last organiser keeps the role: invite a successor first."""
    if not permissions.is_organiser_of(by, club):
        raise PeopleRefused(_("You are not an organiser of %(club)s.") % {"club": club.name})
    if role not in ROLES:
        raise PeopleRefused(_("Choose a role: organiser, scorer or member."), field="role")
    with transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()  # one role change at a time per club
        if role == Invitation.Role.MEMBER:
            removed = Player.objects.filter(club=club, account=subject).update(account=None)
        else:
            roles = StaffRole.objects.filter(club=club, role=role)
            if role == StaffRole.Role.ORGANISER and roles.filter(user=subject).exists() and roles.count() == 1:
                raise PeopleRefused(
                    _(
                        "%(name)s is the last organiser of %(club)s and keeps that role. Invite a successor as "
                        "organiser first; once they have accepted, the role can be given up."
                    )
                    % {"name": subject.get_username(), "club": club.name}
                )
            removed, _rows = roles.filter(user=subject).delete()
        if not removed:
            raise PeopleRefused(
                _("%(name)s is not %(role)s of %(club)s.")
                % {"name": subject.get_username(), "role": role_name(role), "club": club.name}
            )
        _audit(club=club, by=by, action=PeopleChange.Action.REVOKE_ROLE, role=role, subject=subject)


def reset_link(*, club: Club, subject, by) -> str:
    """A one-time link (Django's token generator) with which ``subject`` chooses a new password.

    Only for an account whose every role is at this club: an organiser cannot take over an account
    that also holds a role elsewhere (that person uses "forgotten password", or the site's
    administrator helps), nor a site administrator's."""
    if not permissions.is_organiser_of(by, club):
        raise PeopleRefused(_("You are not an organiser of %(club)s.") % {"club": club.name})
    clubs = set(StaffRole.objects.filter(user=subject).values_list("club_id", flat=True))
    clubs |= set(Player.objects.filter(account=subject).values_list("club_id", flat=True))
    if club.pk not in clubs:
        raise PeopleRefused(
            _("%(name)s has no role at %(club)s.") % {"name": subject.get_username(), "club": club.name}
        )
    if subject.is_superuser or clubs != {club.pk}:
        raise PeopleRefused(
            _(
                "%(name)s also has a role elsewhere, so only they can reset their password "
                "(“forgotten password” on the login page) or the site's administrator."
            )
            % {"name": subject.get_username()}
        )
    if not subject.is_active:
        raise PeopleRefused(_("The account %(name)s is switched off.") % {"name": subject.get_username()})
    with transaction.atomic():
        _audit(club=club, by=by, action=PeopleChange.Action.RESET_LINK, subject=subject)
    uid = urlsafe_base64_encode(force_bytes(subject.pk))
    return reverse(
        "password_reset_confirm", kwargs={"uidb64": uid, "token": default_token_generator.make_token(subject)}
    )


def checked_email(email: str | None) -> str:
    """``email`` without the spaces around it ("" for none); refused at "email" when it is no address."""
    email = (email or "").strip()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise PeopleRefused(_("“%(email)s” is not an email address.") % {"email": email}, field="email") from None
    return email


def set_email(*, user, email: str) -> None:
    email = checked_email(email)
    with transaction.atomic():
        get_user_model().objects.filter(pk=user.pk).update(email=email)
        user.email = email


def make_api_token(*, user, name: str) -> str:
    """A new API token for ``user`` (the same as ``manage.py create_api_token`` makes); the plain key
    is returned once and never stored."""
    name = (name or "").strip()
    if not name:
        raise PeopleRefused(_("Give the token a name, e.g. the laptop or script that uses it."), field="name")
    if len(name) > 80 or control_character(name):
        raise PeopleRefused(_("A token's name is one line of at most 80 characters."), field="name")
    with transaction.atomic():
        return tokens.create_token(user, name)


def revoke_api_token(*, user, token_id: int) -> ApiToken:
    with transaction.atomic():
        token = ApiToken.objects.filter(pk=token_id, user=user).first()
        if token is None:
            raise PeopleRefused(_("That token does not exist."))
        if token.revoked_at is not None:
            raise PeopleRefused(_("That token was already revoked."))
        tokens.revoke(token)
    return token


def free_slug(name: str) -> str:
    base = (slugify(name) or "club")[:50]
    slug, n = base, 2
    while Club.objects.filter(slug=slug).exists():
        slug, n = f"{base}-{n}", n + 1
    return slug


def create_member_club(*, league: Club, name: str, city: str = "", by) -> Club:
    """A new club in ``league`` (by an organiser of the league); its first organiser is then invited."""
    if not league.is_league:
        raise PeopleRefused(_("%(club)s is not a league.") % {"club": league.name})
    if not permissions.is_organiser_of(by, league):
        raise PeopleRefused(_("You are not an organiser of %(club)s.") % {"club": league.name})
    name, city = " ".join((name or "").split()), " ".join((city or "").split())
    if not name:
        raise PeopleRefused(_("Give the club a name."), field="name")
    if len(name) > 120 or len(city) > 80:
        raise PeopleRefused(_("A club's name is at most 120 characters, its place 80."), field="name")
    if Club.objects.filter(name__iexact=name).exists():
        raise PeopleRefused(_("A club named “%(name)s” already exists.") % {"name": name}, field="name")
    with transaction.atomic():
        club = Club.objects.create(name=name, city=city, slug=free_slug(name))
        league.member_clubs.add(club)
        _audit(club=club, by=by, action=PeopleChange.Action.CREATE_CLUB)
    return club
