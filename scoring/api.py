"""API of matches: read a match, replace its deals (token auth)."""

from ninja import Router

router = Router(tags=["matches"])
