"""This machine's address on the local network, for a club laptop that serves the phones at the
tables (``make run HOST=0.0.0.0``): printed QR codes must not point at 127.0.0.1. Standard library only:
the launcher loads this file before Django is installed (``scripts/launcher.py``); the site's address as
a request sees it is ``core.site_address``."""

from __future__ import annotations

import socket


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
