"""The standings benchmark at league scale (it needs deals, so it lives in scoring)."""
