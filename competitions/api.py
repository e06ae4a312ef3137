"""Public read API of competitions: list, standings, rounds."""

from ninja import Router

router = Router(tags=["competitions"])
