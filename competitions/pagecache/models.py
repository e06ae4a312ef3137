"""The version rows the public page cache keys on (``competitions.pagecache.keys``).

One row per competition and one for the whole site ("site": club, member and team names). Each row
holds ``structure``: a number that only grows, raised inside the transaction of every change to what
public pages show apart from results (entrants, rounds, seats, settings, names). Results themselves
are not counted here: the cache keys on a fingerprint of the competition's match rows read per
request (every result change raises its match's ``version`` in the same transaction).
"""

from __future__ import annotations

import secrets
import time

from django.db import models


def fresh_number() -> int:
    """A starting number never handed out before: microseconds since the epoch plus a little noise,
    so a competition made anew (a test database, a restored backup) never meets an old key."""
    return time.time_ns() // 1000 + secrets.randbelow(1000)


class PageVersion(models.Model):
    key = models.CharField(primary_key=True, max_length=40)  # "site" or "c<competition id>"
    competition = models.OneToOneField(
        "competitions.Competition", on_delete=models.CASCADE, null=True, blank=True, related_name="page_version"
    )
    structure = models.BigIntegerField(default=fresh_number)

    class Meta:
        verbose_name = "page version"

    def __str__(self) -> str:
        return f"{self.key}: {self.structure}"
