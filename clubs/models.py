"""Clubs and leagues, their members (players), teams and the staff roles that guard them.

The *club boundary*: every competition belongs to one club (or league); an organiser or scorer
holds a role at one club and can act only on that club's data. A league is a club row with
``is_league`` set whose ``member_clubs`` are the clubs that take part.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from clubs.members.models import MemberChange
from clubs.names import FULL, INITIALS, SHORT, surname_key
from clubs.people.models import Invitation, PeopleChange
from core.text import NameField


class Club(models.Model):
    name = NameField(_("name"), max_length=120)
    slug = models.SlugField(_("short name"), max_length=60, unique=True)
    city = models.CharField(_("place"), max_length=80, blank=True)
    is_league = models.BooleanField(
        _("league"),
        default=False,
        help_text=_("A league organises competitions with teams from several clubs."),
    )
    member_clubs = models.ManyToManyField(
        "self",
        symmetrical=False,
        blank=True,
        related_name="leagues",
        verbose_name=_("member clubs"),
        limit_choices_to={"is_league": False},
    )
    #: Made by ``manage.py seed_demo`` (the demo club, its league and neighbours): removed in one step by
    #: ``scoring.demo.removal``, and no club "of its own" (``clubs.setup``: /setup/ stays open beside it).
    is_demo = models.BooleanField(_("demo"), default=False, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    #: Members sign up or send apologies until this many hours before an evening starts (its
    #: competition's ``evening_start``, else 20:00); later answers
    #: are kept but marked late, and a late apology does not count as "afgemeld".
    signup_closes_hours = models.PositiveSmallIntegerField(_("sign-up closes (hours before the start)"), default=2)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club or league")
        verbose_name_plural = _("clubs and leagues")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A member of a club. The member number is unique within the club (imports match on it)."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players", verbose_name=_("club"))
    member_number = models.CharField(_("member number"), max_length=20)
    first_name = NameField(_("first name"), max_length=60)
    last_name = NameField(_("last name"), max_length=80)
    #: The surname without its tussenvoegsels ("van der Meer" → "meer"), kept for ordering in the
    #: database: Dutch lists put "de Boer" under B. Derived from ``last_name`` on every save (and by
    #: ``with_sort_names`` before a bulk create); nothing else writes it.
    sort_name = models.CharField(_("sort name"), max_length=80, blank=True, editable=False)
    email = models.EmailField(_("email"), blank=True)
    active = models.BooleanField(_("active"), default=True)
    #: A guest ("introducé") plays on the evening he came to; not a member of the club.
    guest = models.BooleanField(_("guest"), default=False)
    guest_club = NameField(_("guest's own club"), max_length=120, blank=True)
    #: The member's own account (made through a member's invitation, ``clubs.people``): one per club.
    #: (The older one-to-one ``user`` meant the same; migration 0010 folded it into this field.)
    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player_accounts",
        verbose_name=_("account"),
    )

    class NameShown(models.TextChoices):
        """How the name shows on public pages (the member's own choice, AVG; ``clubs.public_names``)."""

        FULL = FULL, _("full name (Jan de Vries)")
        SHORT = SHORT, _("first name and initial of the surname (Jan de V.)")
        INITIALS = INITIALS, _("initials only (J.d.V.)")

    #: Chosen by the member on their own page; staff pages and the member's own pages show the full name.
    name_shown = models.CharField(
        _("name on public pages"), max_length=8, choices=NameShown.choices, default=NameShown.FULL
    )

    class Meta:
        ordering = ["sort_name", "first_name", "last_name"]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["club", "member_number"], name="player_member_number_unique_per_club"),
            models.UniqueConstraint(
                fields=["club", "account"], condition=Q(account__isnull=False), name="player_one_per_account_per_club"
            ),
        ]
        indexes = [
            models.Index(fields=["club", "last_name", "first_name"]),
            models.Index(fields=["club", "sort_name", "first_name"], name="player_club_sort_name"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.sort_name = surname_key(self.last_name)[:80]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "last_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "sort_name"}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class Team(models.Model):
    """A fixed pair (two players) or a team of four (two pairs, playing at two tables)."""

    class Kind(models.TextChoices):
        PAIR = "pair", _("pair")
        FOUR = "four", _("team of four")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="teams", verbose_name=_("club"))
    name = NameField(_("name"), max_length=120)
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.PAIR)
    players = models.ManyToManyField(Player, through="TeamMember", related_name="teams", verbose_name=_("players"))

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="team_name_unique_per_club")]

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player's place in a team: position 1–2 in a pair; 1–4 in a team of four (1+2 and 3+4 pair up)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="team_places")
    position = models.PositiveSmallIntegerField(_("place"), default=1)

    class Meta:
        ordering = ["team", "position"]
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="teammember_unique_player"),
            models.UniqueConstraint(fields=["team", "position"], name="teammember_unique_position"),
            models.CheckConstraint(
                condition=Q(position__gte=1) & Q(position__lte=4), name="teammember_position_1_to_4"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.player}"


class StaffRole(models.Model):
    """A user's role at one club or league. Site administrators are Django superusers."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        SCORER = "scorer", _("scorer")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_roles", verbose_name=_("user")
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="staff_roles", verbose_name=_("club"))
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)

    class Meta:
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        constraints = [models.UniqueConstraint(fields=["user", "club", "role"], name="staffrole_unique")]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} — {self.club}"


class ApiToken(models.Model):
    """A bearer token for the JSON API, bound to one user and revocable. Only its hash is stored."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("user")
    )
    name = models.CharField(_("description"), max_length=80, blank=True)
    key_hash = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(max_length=8)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user})"


class ApartPair(models.Model):
    """Two members of a club who never share a table in an individual draw (e.g. a couple).

    Stored with the lower player id first (``normalised``), so a pair is stored once."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="apart_pairs", verbose_name=_("club"))
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("member"))
    player_b = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("never at a table with")
    )
    note = models.CharField(_("note"), max_length=80, blank=True)

    class Meta:
        ordering = ["club", "player_a", "player_b"]
        verbose_name = _("pair kept apart")
        verbose_name_plural = _("pairs kept apart")
        constraints = [
            models.UniqueConstraint(fields=["club", "player_a", "player_b"], name="apartpair_unique"),
            models.CheckConstraint(condition=Q(player_a__lt=models.F("player_b")), name="apartpair_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.player_a} ≠ {self.player_b}"

    def normalised(self) -> ApartPair:
        """The same pair with the lower player id first (what the constraint wants)."""
        if self.player_a_id and self.player_b_id and self.player_a_id > self.player_b_id:
            self.player_a, self.player_b = self.player_b, self.player_a
        return self

    def clean(self) -> None:
        if not (self.player_a_id and self.player_b_id):
            return
        if self.player_a_id == self.player_b_id:
            raise ValidationError(_("Choose two different members."))
        clubs = {self.player_a.club_id, self.player_b.club_id}
        if self.club_id and clubs != {self.club_id}:
            raise ValidationError(_("Both members must belong to the club of this pair."))
        self.normalised()
        duplicate = ApartPair.objects.filter(
            club_id=self.club_id, player_a_id=self.player_a_id, player_b_id=self.player_b_id
        )
        if duplicate.exclude(pk=self.pk).exists():
            raise ValidationError(_("These two members are already kept apart."))


#: The app's models: its core ones above and its features' (members/, people/), imported at the top so that
#: Django, which imports this module, registers them. Those name the core models as strings ("clubs.Club"),
#: so importing them here makes no cycle.
__all__ = [
    "ApartPair",
    "ApiToken",
    "Club",
    "Invitation",
    "MemberChange",
    "PeopleChange",
    "Player",
    "StaffRole",
    "Team",
    "TeamMember",
]
