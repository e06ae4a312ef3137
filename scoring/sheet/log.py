"""One log line for every write of a result (save, correction, confirmation, a table's check). Reads
only the match's own fields: no query is added to a save. (The automatic backup is started by the
confirming services themselves, ``scoring.backup.auto.after_confirmation``.)"""

from __future__ import annotations

import logging

from competitions.models import Match

logger = logging.getLogger(__name__)


def result_written(match: Match, *, action: str, user=None, table_side: int | None = None) -> None:
    who = user.get_username() if user is not None else f"the table (side {table_side})"
    logger.info(
        "result %s: match %s (round id %s, table %s) now version %s, %s, by %s",
        action,
        match.pk,
        match.round_id,
        match.table,
        match.version,
        match.status,
        who,
    )
