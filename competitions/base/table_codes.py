"""The table link's secret: a short code per table of a published round, with which a table enters
its own sheet on a phone (``/t/<code>/``), no account needed.

Choices: ten characters of an alphabet without look-alikes (no 0/O, 1/I): 50 bits, not guessable by
trying (each wrong try answers 404); printed in two groups of five ("K7QMX-2PD9R") and read back
case-insensitively, with or without the dash or spaces.

A code belongs to the *table and round*, not to the match row (issue 27 item 2): printed QR codes
must survive whatever the organiser does to the draw after printing. So the code is derived from
(round, table number, purpose) with an HMAC keyed by the site's secret key (``table_code_for``),
stored on the match when the round is published, and kept:
- a reseat moves players, never codes; unpublishing keeps the codes (the links pause: a lookup
  also checks that the round is published) and publishing again finds the same ones;
- a redraw makes new match rows, which get the same derived code for the same table number.
A code ends only when its table does (the round deleted, or drawn again with fewer tables).
``purpose`` gives a table more than one stable code (e.g. the opponents' acceptance code): each is
its own HMAC, so one cannot be told from another. A derived code that is taken already (2^-50) falls
back to a random one.

The table code lets a phone type and see the table's sheet; it is printed once for the table. So
that one phone cannot type a sheet as one side and accept it as the other, each side also has an
**acceptance code** of its own (:func:`side_pin`): six characters of the same alphabet (30 bits),
printed in that side's signature box on the score sheet and shown on the organiser's phones page;
the opponents type theirs when they accept. It is derived from the table's code and the side with an
HMAC keyed by ``SECRET_KEY`` (``salted_hmac``), so it needs no column, is as stable as the table's
code (through reseats and redraws), and cannot be worked out from it; a new ``SECRET_KEY`` makes new
ones (print the sheets again).
"""

from __future__ import annotations

import hmac
import secrets

from django.db import IntegrityError, transaction
from django.utils.crypto import salted_hmac

from competitions.models import Match, Round

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
LENGTH = 10


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def table_code_for(round_id: int, table: int, purpose: str = "table") -> str:
    """The code of table ``table`` of round ``round_id`` for ``purpose``: the same every time it is
    asked (on one site: the key is ``SECRET_KEY``), unguessable without the key."""
    digest = salted_hmac("competitions.draws.table_codes." + purpose, f"{round_id}:{table}", algorithm="sha256")
    number = int.from_bytes(digest.digest(), "big")
    characters = []
    for _ in range(LENGTH):
        number, index = divmod(number, len(ALPHABET))
        characters.append(ALPHABET[index])
    return "".join(characters)


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


PIN_LENGTH = 6


def side_pin(code: str, side: int) -> str:
    """The acceptance code of ``side`` (0, 1, 2) at the table whose link code is ``code``."""
    digest = salted_hmac("klaverjas.table-side-pin", f"{code}|{side}", algorithm="sha256").digest()
    return "".join(ALPHABET[byte % len(ALPHABET)] for byte in digest[:PIN_LENGTH])  # 256 = 8 × 32: no bias


def printed_pin(pin: str) -> str:
    """An acceptance code as printed: two groups of three ("K7Q-MX2")."""
    half = PIN_LENGTH // 2
    return f"{pin[:half]}-{pin[half:]}"


def pin_matches(code: str | None, side: int, typed: str) -> bool:
    """Whether ``typed`` (any case, with or without the dash or spaces) is ``side``'s acceptance code."""
    if not code:
        return False
    cleaned = "".join(str(typed or "").split()).replace("-", "").upper()
    return hmac.compare_digest(cleaned.encode(), side_pin(code, side).encode())


def assign_table_codes(*, round: Round, drafts: bool = False) -> int:
    """Give every table of a published round without a code its table's code; how many were given.

    Called by ``publish_round`` (in its transaction) and, for rounds published before table links
    existed, by the staff pages that show the codes; with ``drafts`` also for a draft (a round that
    was published, unpublished and redrawn: its phones see "paused", not "ended"). A collision with
    another code (2^-50) gets a random code instead.
    """
    if round.status != Round.Status.PUBLISHED and not drafts:
        return 0
    given = 0
    for match in Match.objects.filter(round=round, table_code__isnull=True).only("pk", "table"):
        candidates = [table_code_for(round.pk, match.table)] + [new_code() for _ in range(4)]
        for code in candidates:
            try:
                with transaction.atomic():
                    updated = Match.objects.filter(pk=match.pk, table_code__isnull=True).update(table_code=code)
            except IntegrityError:  # pragma: no cover - a 50-bit collision
                continue
            given += updated
            break
    return given
