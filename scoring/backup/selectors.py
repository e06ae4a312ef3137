"""Who may take a backup home, and what the organiser's page says about the backups."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from clubs.models import Club
from clubs.permissions import ORGANISER, is_site_admin, roles_by_club
from scoring.backup.services import BackupFile, backup_dir, latest_backup


def may_download_backups(user) -> bool:
    """A backup holds every club's data (members, results, logins' password hashes), so only someone who
    may see all of it downloads one: a site administrator (superuser), or the organiser of every club in
    the database (the club laptop with its one club). An organiser of one club on a league server may not."""
    if is_site_admin(user):
        return True
    organised = {club_id for club_id, roles in roles_by_club(user).items() if ORGANISER in roles}
    return bool(organised) and not Club.objects.exclude(pk__in=organised).exists()


@dataclass(frozen=True)
class BackupStatus:
    latest: BackupFile | None
    may_download: bool
    folder: str
    automatic: bool


def backup_status(user) -> BackupStatus:
    return BackupStatus(
        latest=latest_backup(),
        may_download=may_download_backups(user),
        folder=str(backup_dir()),
        automatic=settings.BACKUP_AUTO,
    )
