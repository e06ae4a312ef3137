"""The transaction of a save that may be refused: a refusal ends it with COMMIT, not ROLLBACK.

The scoring services raise their refusals (``NotAllowed``, ``SheetInvalid``, ``StaleVersion``)
before they write anything: the rights and the sheet are checked first, and the version check is
the save's first write (a conditional UPDATE; refused, it changed no row). Ending such a
transaction with ROLLBACK or with COMMIT comes to the same — but psycopg forgets every prepared
statement of the connection on a rollback, so after each refused save PostgreSQL parsed and planned
the hot queries of that app server anew (``make load``: a third of PostgreSQL's processor time went
to planning, with about 300 expected 409s a minute; two phones on one table make them on a club
night too). Any other exception still rolls back.
"""

from __future__ import annotations

from functools import wraps

from django.db import transaction


def atomic_refusals(*refusals: type[Exception]):
    """``transaction.atomic`` for a service whose ``refusals`` are raised before it writes."""

    def decorate(service):
        @wraps(service)
        def run(*args, **kwargs):
            with transaction.atomic():
                try:
                    return service(*args, **kwargs)
                except refusals as refusal:
                    refused = refusal  # leave the block normally: COMMIT (of nothing), not ROLLBACK
            raise refused

        return run

    return decorate
