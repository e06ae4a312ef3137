"""The setup link: ``/setup/?token=…`` for a browser on another machine (the laptop's own browser needs
no token). The token is derived from the site's secret key, so ``make run`` and ``manage.py setup_link``
print the same link; it opens /setup/ only while the site has no club of its own, so it works once.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac

from core.network import WILDCARD_HOSTS, phones_address

SALT = "clubs.setup.link"


def setup_token() -> str:
    return salted_hmac(SALT, "the first club of this site", algorithm="sha256").hexdigest()[:32]


def token_is_valid(token: str | None) -> bool:
    if not token:
        return False
    return constant_time_compare(token, setup_token())


def setup_url(base_url: str) -> str:
    """The whole link, ``base_url`` being the site's address (``http://192.168.1.20:8000``)."""
    return f"{base_url.rstrip('/')}{reverse('setup:setup')}?token={setup_token()}"


def setup_link(host: str, port: str | int, *, lan: str | None, site_url: str = "") -> str:
    """The setup link at the address other computers reach (the phones' address) where there is one,
    else at this computer's."""
    base = phones_address(host, port, lan=lan, site_url=site_url)
    if base is None:
        base = f"http://{'127.0.0.1' if host in WILDCARD_HOSTS else host}:{port}/"
    return setup_url(base)


def setup_lines(host: str, port: str | int, *, lan: str | None, site_url: str = "") -> list[str]:
    """What ``make run`` prints while the site has no club of its own."""
    return [
        f"  No club of its own yet: set up your club with the one-time link {setup_link(host, port, lan=lan, site_url=site_url)}"
    ]
