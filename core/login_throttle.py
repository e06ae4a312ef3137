"""Login throttling (django-axes) per account and address, and per account across addresses.

Axes counts failures for each of ``AXES_LOCKOUT_PARAMETERS`` and compares the largest count with one
limit. We want two limits: five wrong passwords for one account from one address lock that account
at that address (``AXES_FAILURE_LIMIT``), so the other players behind the club's one router still log
in; and guesses for one account spread over many addresses are stopped at
``AXES_ACCOUNT_FAILURE_LIMIT``, so an attacker cannot rotate addresses. The parameters are
``[["username", "ip_address"], "username"]`` in that order, and this handler gives each its limit.
"""

from __future__ import annotations

import ipaddress

from axes.conf import settings
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.db.models import Sum


def client_address(request) -> str | None:
    """The address a login attempt came from (``AXES_CLIENT_IP_CALLABLE``).

    Behind ``TRUSTED_PROXY_COUNT`` reverse proxies (README, Production) every request comes from the
    last proxy's address, and five wrong passwords from anyone locked the organiser out for everyone.
    Each trusted proxy appends the address it received the request from to ``X-Forwarded-For``, so
    the client is the entry that many places from the right; anything left of it the client wrote
    itself and is ignored. Without proxies (the default, 0), or when the header has fewer entries
    than there are proxies (the request did not come through them), or the entry is not an
    address: ``REMOTE_ADDR``, and ``X-Forwarded-For`` is not trusted at all.

    Written here rather than through django-ipware: its count of proxies assumes another layout of
    the header and answered no address (or the proxy's) for a client that sends its own header."""
    remote = request.META.get("REMOTE_ADDR")
    count = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if count <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    if len(forwarded) < count:
        return remote
    candidate = forwarded[-count]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


#: (lockout parameter, the setting holding its limit), in the order of AXES_LOCKOUT_PARAMETERS
PARAMETERS = [(["username", "ip_address"], "AXES_FAILURE_LIMIT"), ("username", "AXES_ACCOUNT_FAILURE_LIMIT")]
LOCKOUT_PARAMETERS = [parameter for parameter, _limit in PARAMETERS]


class AccountAndAddressHandler(AxesDatabaseHandler):
    def is_locked(self, request, credentials: dict | None = None) -> bool:
        if not settings.AXES_LOCK_OUT_AT_FAILURE:
            return False
        combination_limit = get_failure_limit(request, credentials)
        account_limit = getattr(settings, "AXES_ACCOUNT_FAILURE_LIMIT", 4 * combination_limit)
        attempts = self.get_user_attempts(request, credentials)
        if len(attempts) != len(PARAMETERS):  # parameters changed in the settings: axes' own rule
            return super().is_locked(request, credentials)
        for queryset, limit in zip(attempts, (combination_limit, account_limit)):
            if (queryset.aggregate(n=Sum("failures_since_start"))["n"] or 0) >= limit:
                return True
        return False
