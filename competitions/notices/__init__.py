"""The moments a member may be told about, and who listens: a registry filled by the apps above.

``members`` (which may import this app, never the other way round) registers its listeners in its
``AppConfig.ready``; the services here and in ``scoring`` call :func:`tell` *inside their own
transaction*, so the mails the listeners queue (core.outbox) commit or roll back with the publish or
the confirmation that caused them. ``transaction.on_commit`` would not do: a crash between the commit
and the callback would lose the mail. Without listeners (a project without ``members``) a moment costs
nothing. The same pattern as ``competitions.standings.formats`` and ``register_play_guard``.

Moments and their facts (keyword arguments):

- ``ROUND_SEATED``: ``round`` — a round was published, or reseated while published;
- ``TABLE_CONFIRMED``: ``match`` — a table's result was confirmed;
- ``EVENING_CANCELLED``: ``evening`` — the organiser called a planned evening off
  (``Evening.cancel_reason`` says why);
- ``RESULT_AWAITS``: ``match`` — in a league, one club entered a match's result and the other
  club's confirmation is awaited (``scoring``'s confirmation service).
"""

from __future__ import annotations

from collections.abc import Callable

ROUND_SEATED = "round-seated"
TABLE_CONFIRMED = "table-confirmed"
EVENING_CANCELLED = "evening-cancelled"
RESULT_AWAITS = "result-awaits"

_listeners: dict[str, list[Callable[..., object]]] = {
    ROUND_SEATED: [],
    TABLE_CONFIRMED: [],
    EVENING_CANCELLED: [],
    RESULT_AWAITS: [],
}


def listen(moment: str, listener: Callable[..., object]) -> None:
    """Call ``listener(**facts)`` at every ``moment`` (once per listener, however often registered)."""
    if listener not in _listeners[moment]:
        _listeners[moment].append(listener)


def tell(moment: str, **facts) -> None:
    for listener in _listeners[moment]:
        listener(**facts)
