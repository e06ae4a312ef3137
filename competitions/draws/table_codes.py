"""The table link's secret: a short code per published match, with which a table enters its own
sheet on a phone (``/t/<code>/``), no account needed.

Choices: ten characters of an alphabet without look-alikes (no 0/O, 1/I), drawn with ``secrets``
(50 bits: not guessable by trying, each wrong try answers 404); printed in two groups of five
("K7QMX-2PD9R") and read back case-insensitively, with or without the dash or spaces. The code is
made when the round is published (an unpublished round's table has none, and a lookup also checks
that the round is published), and kept: swapping players is only possible before publishing.
"""

from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction

from competitions.models import Match, Round

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
LENGTH = 10


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalise(text: str) -> str | None:
    """A typed or scanned code in its stored form, or None when it cannot be a code."""
    code = "".join(str(text).split()).replace("-", "").upper()
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        return None
    return code


def printed(code: str) -> str:
    """The code as printed under the QR code: two groups of five."""
    half = LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def assign_table_codes(*, round: Round) -> int:
    """Give every table of a published round without a code a new one; how many were given.

    Called by ``publish_round`` (in its transaction) and, for rounds published before table links
    existed, by the staff pages that show the codes. A collision with another code (2^-50) is retried.
    """
    if round.status != Round.Status.PUBLISHED:
        return 0
    given = 0
    for match in Match.objects.filter(round=round, table_code__isnull=True).only("pk"):
        for _attempt in range(5):
            try:
                with transaction.atomic():
                    updated = Match.objects.filter(pk=match.pk, table_code__isnull=True).update(table_code=new_code())
            except IntegrityError:  # pragma: no cover - a 50-bit collision
                continue
            given += updated
            break
    return given
