"""The public page cache (competitions.cache). Until its version table lands this middleware passes
every request straight through."""

from __future__ import annotations


class PublicPageCache:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
