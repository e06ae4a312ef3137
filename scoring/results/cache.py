"""``results.xlsx`` for anonymous readers, from the page cache (issue 34 item 12: it cost 2.3 s of
CPU per request, and six parallel downloads made a cached page wait 20 s on a 3-worker server).

The file is keyed like a public page (``competitions.pagecache.keys``): the competition's results
fingerprint read from the database on every request (a duplicate evening's also on which boards are
complete, as its play is shown only then), the round asked for and the language, so a saved or
confirmed result is in the very next download. Built files up to ``CACHED_MAX_BYTES`` are kept in the
cache (a bigger one, a league's whole history, is streamed from a temporary file as before).

Builds are bounded: at most ``RESULTS_XLSX_BUILDS`` at once per process (default 1). A request that
finds them all busy waits up to ``WAIT_SECONDS`` (and then takes the file another request built, if
it is the same one); after that it is answered 503 with ``Retry-After``, rather than every worker
building the same file. Logged-in staff get a fresh file, also bounded.
"""

from __future__ import annotations

import hashlib
import io
import tempfile
import threading

from django.conf import settings
from django.core.cache import caches
from django.http import FileResponse, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

from competitions.models import Competition
from competitions.pagecache.keys import competition_state, fair_play_state
from documents.xlsx import XLSX_TYPE, write_xlsx

CACHED_MAX_BYTES = 32 * 2**20
WAIT_SECONDS = 30
RETRY_AFTER = 10
BUILDS = threading.BoundedSemaphore(getattr(settings, "RESULTS_XLSX_BUILDS", 1))


def results_key(competition: Competition, round_number: int | None) -> str | None:
    """The cache key of the public file, or None when it is not cached (a private competition)."""
    state = competition_state(competition.slug)
    if state is None:
        return None
    if competition.format == Competition.Format.DUPLICATE:
        state = (*state, fair_play_state(competition.pk))
    raw = f"{translation.get_language()}|{competition.slug}|{round_number}|{state!r}"
    return "xlsx:results:" + hashlib.sha256(raw.encode()).hexdigest()


def _attachment(data: bytes, filename: str, state: str) -> FileResponse:
    response = FileResponse(io.BytesIO(data), as_attachment=True, filename=filename, content_type=XLSX_TYPE)
    response["X-Page-Cache"] = state
    return response


def busy() -> HttpResponse:
    response = HttpResponse(
        _("The results file is being made for other readers; try again in a few seconds."),
        status=503,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def results_response(request, competition: Competition, exporter, round_number: int | None):
    """The file for this request: from the cache, or built (bounded) and kept."""
    anonymous = not getattr(request.user, "is_authenticated", False)
    key = results_key(competition, round_number) if anonymous and settings.PAGE_CACHE_ENABLED else None
    cache = caches[getattr(settings, "PAGE_CACHE_ALIAS", "default")]
    if key is not None:
        data = cache.get(key)
        if data is not None:
            return _attachment(data, exporter.filename, "hit")
    if not BUILDS.acquire(timeout=WAIT_SECONDS):
        data = cache.get(key) if key is not None else None
        return _attachment(data, exporter.filename, "hit") if data is not None else busy()
    try:
        if key is not None:
            data = cache.get(key)  # built by the request this one waited for
            if data is not None:
                return _attachment(data, exporter.filename, "hit")
        spool = tempfile.TemporaryFile()
        write_xlsx(exporter, spool)
        size = spool.tell()
        spool.seek(0)
        if key is None or size > CACHED_MAX_BYTES:
            return FileResponse(spool, as_attachment=True, filename=exporter.filename, content_type=XLSX_TYPE)
        data = spool.read()
        spool.close()
        cache.set(key, data, settings.PAGE_CACHE_SECONDS)
        return _attachment(data, exporter.filename, "miss")
    finally:
        BUILDS.release()
