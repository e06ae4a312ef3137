"""This machine's address on the local network, for a club laptop that serves the phones at the
tables (``make run HOST=0.0.0.0``): printed QR codes must not point at 127.0.0.1."""

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
