"""Which requests write public output, and with which names (issue 32 item 6, AVG).

A member chooses on their own page how their name shows on public pages (``Player.name_shown``:
full, "Jan de V." or "J.d.V."; ``clubs.names.shown_name``). This middleware runs every request that
is not a private area with the members' choices active (``documents.public_names``, which says where
each kind of output applies them) and rewrites the body of a text response (HTML, JSON, iCalendar,
plain text) on its way out, after the public page cache, so a cached page is rewritten too.

- Private areas, written as they are (full names): the organiser's and staff pages (``/manage/``),
  a member's own pages (``/me/``), the table's own link (``/t/``: the players at that table), a
  match's entry and confirmation, accounts, invitations, set-up, ``/admin/``.
- Public pages for a logged-in reader (on the API: the user of the bearer token) show the full names
  of the members of the clubs where that reader is staff or a member themselves (their own club sees
  them every club evening anyway); everyone else (anonymous readers, other clubs) sees the choices.
- No query on most requests: the members' choices are kept in Django's cache (shared by a league's
  app servers), forgotten whenever a member with a choice is saved (``set_name_shown`` saves) and
  after a minute; read in one query when missing. A logged-in reader's own clubs cost one or two queries
  more, only when some member chose. Whatever the number of members or names on the page.

Default: the full name, so nothing changes for a club whose members chose nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save

from clubs.models import Player
from clubs.names import FULL, shown_name
from clubs.permissions import roles_by_club
from clubs.tokens import authenticate
from documents.public_names import Replacements, shown

PRIVATE_PREFIXES = (
    "/manage/",
    "/me/",
    "/t/",
    "/admin/",
    "/accounts/",
    "/account/",
    "/invite/",
    "/setup/",
    "/i18n/",
    "/static/",
)
#: A match's staff pages live beside its public page (``/matches/<id>/``).
PRIVATE_PATHS = re.compile(r"^/matches/\d+/(enter|confirm|blind)/")
TEXT_TYPES = ("text/html", "application/json", "text/calendar", "text/plain", "text/csv")
CACHE_KEY = "public-names:v1"
CACHE_SECONDS = 60  #: ``PUBLIC_NAMES_CACHE_SECONDS`` overrides it (the tests: None, never expire)


def is_private(path: str) -> bool:
    return path.startswith(PRIVATE_PREFIXES) or bool(PRIVATE_PATHS.match(path))


def chosen_names() -> list[tuple[int, int, str, str]]:
    """(member id, club id, full name, name shown) of every member who chose a form other than the
    full name: from Django's cache, else one query. Forgotten when such a member is saved or deleted
    (:func:`forget`), and after ``PUBLIC_NAMES_CACHE_SECONDS`` whatever happens (a laptop's several
    server processes each cache in their own memory: that bounds how long another process shows the
    old form; with Redis they share one entry)."""
    found = cache.get(CACHE_KEY)
    if found is None:
        found = [
            (pk, club_id, f"{first} {last}".strip(), shown_name(first, last, choice))
            for pk, club_id, first, last, choice in Player.objects.exclude(name_shown=FULL).values_list(
                "pk", "club_id", "first_name", "last_name", "name_shown"
            )
        ]
        cache.set(CACHE_KEY, found, getattr(settings, "PUBLIC_NAMES_CACHE_SECONDS", CACHE_SECONDS))
    return found


def own_clubs(user) -> set[int]:
    """The clubs where ``user`` is staff or a member themselves (one query, two when not known yet)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(roles_by_club(user)) | set(Player.objects.filter(account=user).values_list("club_id", flat=True))


def reader(request):
    """Who reads: the logged-in user, or on the API the user of the bearer token (the API reads it
    again itself: the same prepared lookup), else the anonymous user."""
    user = getattr(request, "user", None)
    if getattr(user, "is_authenticated", False):
        return user
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if request.path_info.startswith("/api/") and header[:7].lower() == "bearer ":
        return authenticate(header[7:].strip()) or user
    return user


def replacements_for(request) -> Replacements:
    """The names to replace for this request's reader: no query on most requests (see
    :func:`chosen_names`); a logged-in reader's (or token's) own clubs cost one or two more, only when
    some member made a choice."""
    chosen = chosen_names()
    if not chosen:
        return Replacements({})
    user = reader(request)
    if getattr(user, "is_superuser", False):
        return Replacements({})
    own = own_clubs(user)
    return compiled(tuple((full, shown) for _pk, club_id, full, shown in chosen if club_id not in own))


@lru_cache(maxsize=64)
def compiled(pairs: tuple[tuple[str, str], ...]) -> Replacements:
    """The replacements of these (full, shown) pairs, compiled once per process for the same pairs
    (every anonymous reader asks the same)."""
    return Replacements(dict(pairs))


def forget(sender, instance, **kwargs) -> None:
    """A member was saved or deleted: when they have a choice, or had one (they are in the cached
    list), the cached choices go now and again after the commit (a reader in between may have cached
    what it read before the commit). Any other member changes nothing here."""
    cached = cache.get(CACHE_KEY)
    if cached is None:
        return
    has_choice = kwargs.get("signal") is post_save and instance.name_shown != FULL
    if has_choice or any(pk == instance.pk for pk, *_rest in cached):
        cache.delete(CACHE_KEY)
        transaction.on_commit(lambda: cache.delete(CACHE_KEY))


def connect() -> None:
    """Called by ``ClubsConfig.ready``."""
    for signal in (post_save, post_delete):
        signal.connect(forget, sender=Player, dispatch_uid=f"public-names-{id(signal)}")


class PublicNamesMiddleware:
    """See the module. Place it after the authentication and before the public page cache."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if is_private(request.path_info):
            return self.get_response(request)
        replacements = replacements_for(request)
        if not replacements:
            return self.get_response(request)
        with shown(replacements):  # PDFs and xlsx apply them while they are written
            response = self.get_response(request)
        content_type = response.get("Content-Type", "").split(";")[0].strip()
        if not getattr(response, "streaming", False) and content_type in TEXT_TYPES:
            charset = getattr(response, "charset", None) or "utf-8"
            text = response.content.decode(charset, errors="surrogateescape")
            rewritten = replacements.apply(text)
            if rewritten != text:
                response.content = rewritten.encode(charset, errors="surrogateescape")
                if response.has_header("Content-Length"):
                    response["Content-Length"] = str(len(response.content))
        return response
