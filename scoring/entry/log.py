"""One log line for every write of a result (save, correction, confirmation, a table's check), and
the automatic backup once a confirmation completes a round (or an evening). Reads only the match's own fields: no
query is added to a save."""

from __future__ import annotations

import logging

from competitions import notices
from competitions.models import Match
from scoring.backup.auto import after_confirmation

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
    if match.status == Match.Status.CONFIRMED:
        after_confirmation(match)
        notices.tell(notices.TABLE_CONFIRMED, match=match)  # the evening's result mails, in this transaction
