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
from functools import lru_cache

import django_tables2 as tables2
from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.http import urlencode

from competitions.models import Round
from competitions.pagecache import keys as versions

PUBLISHED = Round.Status.PUBLISHED

#: URL names of the public pages, by what their key is read from. The projector is left out: it
#: refreshes itself and keeps its own live check.
CONFIRMED_PAGES = (
    frozenset(  # show confirmed results only (the front page: rounds with their confirmed tables, the latest confirmed)
        {
            "standings:page",
            "competitions:fixtures",
            "competitions:calendar",
            "competitions:team",
            "competitions:team_calendar",
            "competitions:detail",
        }
    )
)
#: Pages with an absolute ``webcal:`` link to the feed: without SITE_URL it comes from the address asked.
WEBCAL_PAGES = frozenset({"competitions:detail", "competitions:fixtures", "competitions:team"})
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


#: The query parameters each cached page reads, by URL name, and what a value may be. Every other
#: parameter is taken off the request before the page is rendered (the page never saw it anyway),
#: so ``?junk=1``, ``?junk=2``… are all one page, rendered once and served from the cache: a junk
#: parameter once made every request a render (54 instead of 336 requests/s) and grew Redis without
#: bound. A value that fails its check is taken off too, where the page would ignore it (a sort by
#: no column, a follow that is not a number); the others are kept for the page to refuse (a 400 or
#: 404, never stored). The API's cached reads take no parameters. A page that starts reading a new
#: parameter adds it here (tests/competitions/pagecache/test_query_parameters.py checks every sort
#: and page link of the pages against this list).
SORT, NUMBER, KEEP, FLAG = "sort", "number", "keep", "flag"
PARAMETERS: dict[str, dict[str, str]] = {
    "competitions:home": {"sort": SORT},
    "competitions:detail": {"r-sort": SORT, "e-sort": SORT},
    "standings:page": {"sort": SORT, "page": KEEP, "per_page": KEEP, "follow": NUMBER},
    "competitions:round": {"sort": SORT},
    "competitions:evening": {"sort": SORT},
    "competitions:player": {"m-sort": SORT, "p-sort": SORT, "e-sort": SORT},
    "competitions:fixtures": {"division": KEEP},
    "scoring:match": {"tally": FLAG},
}
WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")


@lru_cache(maxsize=1)
def _orderable_columns() -> frozenset[str]:
    """Every column name a public table may be sorted by (``sort=name`` or ``sort=-name``): the
    columns of every django-tables2 table class of the site, read once (the URLconf has imported
    the views, and with them every table, before the first page is keyed)."""
    names: set[str] = set()
    classes = list(tables2.Table.__subclasses__())
    while classes:
        cls = classes.pop()
        classes.extend(cls.__subclasses__())
        names.update(name for name, column in getattr(cls, "base_columns", {}).items() if column.orderable is not False)
    return frozenset(names)


def _accepted(kind: str, value: str) -> str | None:
    if kind == SORT:
        return value if value.removeprefix("-") in _orderable_columns() else None
    if kind == NUMBER:
        return value if WHOLE_NUMBER.fullmatch(value) else None
    if kind == FLAG:
        return "1" if value == "1" else None
    return value[:100]  # KEEP: the page checks it


def canonical_query(query: QueryDict, parameters: dict[str, str]) -> str:
    """The query string of only the parameters a page reads, in a fixed order, each once (its last
    value, as ``QueryDict.get`` reads it), each value checked."""
    kept = []
    for name, kind in parameters.items():
        values = query.getlist(name)
        if values and (value := _accepted(kind, values[-1])) is not None:
            kept.append((name, value))
    return urlencode(kept)


def _state(request) -> tuple[str, tuple] | None:
    """(URL name, (kind, key state)) of a page served from the cache, or None when this request is not."""
    path = request.path_info
    if path.startswith("/api/"):
        if match := API_MATCH.match(path):
            return "api", ("m", _match_state(int(match["pk"])))
        if match := API_COMPETITION.match(path):
            return "api", (
                "c",
                versions.competition_state(match["slug"], confirmed_only=match["what"] in API_CONFIRMED),
            )
        if API_LIST.match(path):
            return "api", ("s", versions.site_state())
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
        return name, ("c", state)
    if name in COMPETITION_PAGES:
        return name, ("c", versions.competition_state(resolved.kwargs["slug"]))
    if name in ROUND_PAGES:
        state = versions.round_state(resolved.kwargs["slug"], resolved.kwargs["number"])
        if state is not None and state[-1] == versions.DUPLICATE:  # fair play: see _match_state
            state = (*state, versions.competition_state(resolved.kwargs["slug"], confirmed_only=True))
        return name, ("c", state)
    if name in MATCH_PAGES:
        return name, ("m", _match_state(resolved.kwargs["pk"]))
    if name in SITE_PAGES:
        return name, ("s", versions.site_state())
    return None


def _match_state(pk) -> tuple | None:
    """A match's own state; a duplicate table's page also keys on the session's confirmed tables, since
    whether its play is shown depends on the other tables (``keys.fair_play_state``)."""
    state = versions.match_state(pk)
    if state is not None and state[-2] == versions.DUPLICATE:
        state = (*state, versions.fair_play_state(state[2]))
    return state


def _only_what_the_page_reads(request, name: str) -> None:
    """Take every parameter the page does not read off the request, before it is keyed and rendered:
    the page, its links (sort links, the login's ``next``) and its key are those of the clean query."""
    query = canonical_query(request.GET, PARAMETERS.get(name, {}))
    if query != request.META.get("QUERY_STRING", ""):
        request.META["QUERY_STRING"] = query
        request.GET = QueryDict(query)


def _anonymous(request) -> bool:
    if request.method != "GET" or "HTTP_AUTHORIZATION" in request.META or "HTTP_HX_REQUEST" in request.META:
        return False
    if "messages" in request.COOKIES:
        return False
    user = getattr(request, "user", None)
    return user is None or not user.is_authenticated


#: Pages that carry absolute links (the calendar feeds' event links). Without ``SITE_URL`` those
#: links come from the address the page was asked at, so their key includes it (scheme and host;
#: ``ALLOWED_HOSTS`` bounds the hosts): a feed asked at one host name once handed its links to the
#: readers of another. Every other page links by path only and stays one entry for every host, so
#: app servers behind one proxy share what one of them rendered (a test renders each cached page and
#: finds no host in it).
ABSOLUTE_LINK_PAGES = frozenset({"competitions:calendar", "competitions:team_calendar"})


def page_key(request, state: tuple, path: str | None = None, name: str = "") -> str:
    """The cache key of a page: its language, its path with the clean query
    (``_only_what_the_page_reads``), the state read from the database and, for a page with
    absolute links built from the request, the address it was asked at."""
    site = ""
    if name in ABSOLUTE_LINK_PAGES and not getattr(settings, "SITE_URL", ""):
        site = f"{request.scheme}://{request.get_host()}"
    raw = f"{translation.get_language()}|{site}|{path or request.get_full_path()}|{state!r}"
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
        found = _state(request)
        if found is None or found[1][1] is None:
            return self.get_response(request)
        name, kind_state = found
        _only_what_the_page_reads(request, name)
        key = page_key(request, kind_state, name=name)
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
