"""Serve public pages and API reads from the cache, keyed on the database's state (``competitions.pagecache.keys``).

Only what every anonymous reader sees alike is cached: GET requests without a login, a token or
pending messages. A page is stored with its CSRF token (the language switch's form) replaced by a
placeholder, and every reader gets their own token put back in, so a cached page never hands one
visitor's token to another. Logged-in staff always get a page rendered for them.

The cache is Django's: local memory on a club laptop, Redis on a league server (``CACHE_URL``); the
key is the same on every app server, so several servers share what one of them rendered.
"""

from __future__ import annotations

import hashlib
import json
import re

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.urls import Resolver404, resolve
from django.utils import translation

from competitions.models import Round
from competitions.pagecache import keys as versions

PUBLISHED = Round.Status.PUBLISHED

#: URL names of the public pages, by what their key is read from. The projector is left out: it
#: refreshes itself and keeps its own live check.
CONFIRMED_PAGES = (
    frozenset(  # show confirmed results only (the front page: rounds with their confirmed tables, the latest confirmed)
        {
            "competitions:standings",
            "competitions:fixtures",
            "competitions:calendar",
            "competitions:team",
            "competitions:team_calendar",
            "competitions:detail",
        }
    )
)
#: Pages with an absolute ``webcal:`` link to the feed: without SITE_URL it comes from the address asked.
WEBCAL_PAGES = frozenset({"competitions:detail", "competitions:fixtures"})
COMPETITION_PAGES = frozenset({"competitions:evening", "competitions:player"})
ROUND_PAGES = frozenset({"competitions:round"})  # keyed on the round's own tables
SITE_PAGES = frozenset({"competitions:home"})
MATCH_PAGES = frozenset({"scoring:match"})
API_COMPETITION = re.compile(r"^/api/competitions/(?P<slug>[-\w]+)/(?P<what>[-\w]+)")
API_CONFIRMED = frozenset({"standings", "fixtures"})
API_MATCH = re.compile(r"^/api/matches/(?P<pk>\d+)/?$")
API_MATCH_DEALS = re.compile(r"^/api/matches/(?P<pk>\d+)/deals/?$")
API_LIST = re.compile(r"^/api/competitions/?$")
STORED_TYPES = ("text/html", "application/json", "text/calendar", "image/svg+xml")
CSRF_INPUT = re.compile(rb'(name="csrfmiddlewaretoken" value=")([^"]*)(")')
PLACEHOLDER = b"\x00csrf\x00"
HEADER = "X-Page-Cache"


def _cache():
    return caches[getattr(settings, "PAGE_CACHE_ALIAS", "default")]


def _state(request) -> tuple | None:
    """What the page's key is read from, or None when this request is not served from the cache."""
    path = request.path_info
    if path.startswith("/api/"):
        if match := API_MATCH.match(path):
            return ("m", _match_state(int(match["pk"])))
        if match := API_COMPETITION.match(path):
            return ("c", versions.competition_state(match["slug"], confirmed_only=match["what"] in API_CONFIRMED))
        if API_LIST.match(path):
            return ("s", versions.site_state())
        return None
    try:
        resolved = resolve(path)
    except Resolver404:
        return None
    name = resolved.view_name
    if name in CONFIRMED_PAGES:
        state = versions.competition_state(resolved.kwargs["slug"], confirmed_only=True)
        if state is not None and name in WEBCAL_PAGES and not getattr(settings, "SITE_URL", ""):
            state = (*state, request.scheme, request.get_host())  # the webcal: link names the host asked
        return ("c", state)
    if name in COMPETITION_PAGES:
        return ("c", versions.competition_state(resolved.kwargs["slug"]))
    if name in ROUND_PAGES:
        state = versions.round_state(resolved.kwargs["slug"], resolved.kwargs["number"])
        if state is not None and state[-1] == versions.DUPLICATE:  # fair play: see _match_state
            state = (*state, versions.competition_state(resolved.kwargs["slug"], confirmed_only=True))
        return ("c", state)
    if name in MATCH_PAGES:
        return ("m", _match_state(resolved.kwargs["pk"]))
    if name in SITE_PAGES:
        return ("s", versions.site_state())
    return None


def _match_state(pk) -> tuple | None:
    """A match's own state; a duplicate table's page also keys on the session's confirmed tables, since
    whether its play is shown depends on the other tables (``keys.fair_play_state``)."""
    state = versions.match_state(pk)
    if state is not None and state[-2] == versions.DUPLICATE:
        state = (*state, versions.fair_play_state(state[2]))
    return state


def _anonymous(request) -> bool:
    if request.method != "GET" or "HTTP_AUTHORIZATION" in request.META or "HTTP_HX_REQUEST" in request.META:
        return False
    if "messages" in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    return user is None or not user.is_authenticated


def page_key(request, state: tuple, path: str | None = None) -> str:
    raw = f"{translation.get_language()}|{path or request.get_full_path()}|{state!r}"
    return "page:" + hashlib.sha256(raw.encode()).hexdigest()


class PublicPageCache:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not getattr(settings, "PAGE_CACHE_ENABLED", True):
            return self.get_response(request)
        if request.method == "PUT" and (deals := API_MATCH_DEALS.match(request.path_info)):
            return self._save_and_store(request, int(deals["pk"]))
        if not _anonymous(request):
            return self.get_response(request)
        kind_state = _state(request)
        if kind_state is None or kind_state[1] is None:
            return self.get_response(request)
        key = page_key(request, kind_state)
        stored = _cache().get(key)
        if stored is not None:
            return self._from_cache(request, stored)
        response = self.get_response(request)
        self._store(key, response)
        response[HEADER] = "miss"
        return response

    def _save_and_store(self, request, pk: int):
        """A table's phone reads the match right after saving it (the next ``GET /api/matches/<pk>``),
        and that read would always miss: the save changed the key. The PUT answers with exactly what
        that GET shows (``match_out`` of the saved row; a test holds them equal), so it is stored
        under the GET's new key at once — only when that is certainly right: the match is public
        (published round of a public competition), no structure change (names, seating, rules)
        happened while the save ran, and the stored version is still the one this save wrote."""
        before = versions.match_state(pk)
        response = self.get_response(request)
        if before is None or response.status_code != 200 or before[-2] == versions.DUPLICATE:
            return response  # a duplicate table's play is hidden from the public while others play its deals
        after = versions.match_state(pk)
        if after is None or after[:2] != before[:2] or after[-1] != PUBLISHED:
            return response
        try:
            saved_version = json.loads(response.content)["version"]
        except (ValueError, KeyError, TypeError):
            return response
        if after[3] == saved_version:
            self._store(page_key(request, ("m", after), path=f"/api/matches/{pk}"), response)
        return response

    @staticmethod
    def _store(key: str, response) -> None:
        content_type = response.get("Content-Type", "")
        if response.status_code != 200 or response.streaming or not content_type.startswith(STORED_TYPES):
            return
        if "no-store" in response.get("Cache-Control", "") or "private" in response.get("Cache-Control", ""):
            return
        content = CSRF_INPUT.sub(lambda m: m[1] + PLACEHOLDER + m[3], response.content)
        headers = {h: response[h] for h in ("Content-Type", "Content-Disposition", "Content-Language") if h in response}
        _cache().set(key, (content, headers), getattr(settings, "PAGE_CACHE_SECONDS", 3600))

    @staticmethod
    def _from_cache(request, stored) -> HttpResponse:
        content, headers = stored
        if PLACEHOLDER in content:
            content = content.replace(PLACEHOLDER, get_token(request).encode())
        response = HttpResponse(content)
        for name, value in headers.items():
            response[name] = value
        response[HEADER] = "hit"
        return response
