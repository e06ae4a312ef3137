"""Pagination of a listing from the request, with the request's numbers checked first.

django-tables2 takes ``per_page`` and ``page`` as any integer: ``per_page=-1`` made the paginator
raise EmptyPage even for the last page (a server error). Here a ``per_page`` that is not a whole
number from 1 to :data:`MAX_PER_PAGE` in ASCII digits is a bad request (400, with a message), and
the page falls back to the first or last page as django-tables2 does."""

from __future__ import annotations

from django.core.exceptions import BadRequest
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

MAX_PER_PAGE = 1000


def _whole(text: str, *, low: int, high: int) -> bool:
    return text.isascii() and text.isdigit() and len(text) <= 7 and low <= int(text) <= high


def paginate(request, table, *, per_page: int):
    """Configure ``table`` (ordering, pagination) from the request; :class:`BadRequest` on a bad number."""
    asked = request.GET.get(table.prefixed_per_page_field)
    if asked is not None and not _whole(asked, low=1, high=MAX_PER_PAGE):
        raise BadRequest(
            _("'%(name)s' must be a whole number from 1 to %(max)s.")
            % {"name": table.prefixed_per_page_field, "max": MAX_PER_PAGE}
        )
    page = request.GET.get(table.prefixed_page_field)
    if page is not None and not _whole(page, low=1, high=10**6):
        raise BadRequest(_("'%(name)s' must be a page number.") % {"name": table.prefixed_page_field})
    return RequestConfig(request, paginate={"per_page": per_page}).configure(table)
