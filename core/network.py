"""This machine's address on the local network, for a club laptop that serves the phones at the
tables (``make run HOST=0.0.0.0``): printed QR codes must not point at 127.0.0.1."""

from __future__ import annotations

import socket

from django.conf import settings


def lan_address() -> str | None:
    """The IPv4 address this machine would use to reach the network, or None (no network).

    Connecting a UDP socket sends nothing; it only makes the system choose the outgoing interface.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


WILDCARD_HOSTS = {"0.0.0.0", "0", "::", "[::]", ""}
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def phones_address(host: str, port: str | int, *, lan: str | None, site_url: str = "") -> str | None:
    """The address the phones at the tables must open (``http://192.168.1.20:8000/``), or None when
    the server cannot be reached from the club's network (loopback only, or no network)."""
    if site_url:
        return site_url.rstrip("/") + "/"
    if host in WILDCARD_HOSTS:
        return f"http://{lan}:{port}/" if lan else None
    if host in LOOPBACK_HOSTS:
        return None
    return f"http://{host}:{port}/"


def welcome(host: str, port: str | int, *, lan: str | None, site_url: str = "") -> list[str]:
    """The lines ``make run`` prints: the address to open on this laptop, the one the phones use and
    where the phones page is. ``0.0.0.0`` is never printed: a browser cannot open it."""
    here = f"http://{'127.0.0.1' if host in WILDCARD_HOSTS else host}:{port}/"
    lines = [f"  Klaverjas club system: {here}"]
    phones = phones_address(host, port, lan=lan, site_url=site_url)
    if phones:
        lines.append(f"  Phones at the tables use: {phones}")
        lines.append(f"  Table links and QR codes (the phones page): {phones}manage/phones/")
    elif host in WILDCARD_HOSTS:
        lines.append("  Phones: this laptop has no network address (join the club's wifi, then start again).")
    else:
        lines.append("  Phones cannot reach this address: serve the club's network with `make run HOST=0.0.0.0`.")
    return lines


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
