"""Standings of formats ranked outside this package: a provider per format, registered by the app
that can compute them (duplicate pairs need every deal, so ``scoring`` registers them in its
``AppConfig.ready``; imports keep pointing scoring → competitions)."""

from __future__ import annotations

from collections.abc import Callable

PROVIDERS: dict[str, Callable] = {}


def register(format: str, provider: Callable) -> None:
    """``provider(competition) -> list[StandingRow]``, ranked, for competitions of ``format``."""
    PROVIDERS[format] = provider
