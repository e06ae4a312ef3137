"""Who may open /setup/: the machine itself, or a browser with the setup link's token."""

from __future__ import annotations

import ipaddress

from clubs.setup.link import token_is_valid

#: Headers a proxy in front of the site adds: a request through a proxy comes from loopback for every
#: visitor, so it counts as coming from elsewhere.
PROXY_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP", "HTTP_X_FORWARDED_HOST")


def is_from_this_machine(request) -> bool:
    if any(request.META.get(header) for header in PROXY_HEADERS):
        return False
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


def may_set_up(request) -> bool:
    return is_from_this_machine(request) or token_is_valid(request.GET.get("token"))
