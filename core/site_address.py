"""The site's address as the phones at the tables (and the people opening an invitation) reach it,
read from a request and the settings; and whether phones can reach this site at all."""

from __future__ import annotations

from django.conf import settings

LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


def site_url(request) -> str:
    """The site's address as phones on the club's network reach it, without a trailing slash:
    ``settings.SITE_URL`` when set; otherwise the address the request came in on — except a loopback
    address (the organiser browsing at 127.0.0.1 on the laptop that serves), which a phone cannot
    reach: then this machine's address on the local network (``settings.LAN_ADDRESS``) with the same
    port. Used for the table links and the invitation links."""
    configured = getattr(settings, "SITE_URL", "")
    if configured:
        return configured.rstrip("/")
    host = request.get_host()
    name, port = _name_and_port(host)
    lan = getattr(settings, "LAN_ADDRESS", None)
    if name in LOOPBACK and lan:
        host = f"{lan}:{port}" if port else lan
    return f"{request.scheme}://{host}"


def _name_and_port(host: str) -> tuple[str, str]:
    if host.startswith("["):  # [::1]:8000
        name, _sep, port = host.partition("]")
        return name + "]", port.lstrip(":")
    name, _sep, port = host.partition(":")
    return name, port


def phones_reach(request) -> bool:
    """Whether the phones at the tables can reach this site. Not when it serves only the laptop
    itself: the request came in on a loopback address and neither ``settings.SITE_URL`` nor a network
    address (``settings.LAN_ADDRESS``: none while ``make run`` listens on 127.0.0.1) is set — a QR
    code would point at an address nobody serves."""
    if getattr(settings, "SITE_URL", "") or getattr(settings, "LAN_ADDRESS", None):
        return True
    return _name_and_port(request.get_host())[0] not in LOOPBACK
