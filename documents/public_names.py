"""Members' names as public output shows them (issue 32 item 6, AVG): one mechanism at the edge of
every kind of output, so no page, export or feed can forget it.

Names reach public output from many places (the standings' rows, a round's seats, a match's sides,
the projector, the evening's report, ratings, PDFs, xlsx, calendars, the API), most of them copies of
a member's full name (``Entrant.name``) or built from it. Rather than trusting each of them, a request
for public output runs with :class:`Replacements` active (``clubs.public_names`` decides which
requests and builds them from the members' choices in one query), and each kind of output passes its
text through them once, where it is written:

- HTML, JSON, iCalendar and plain text: the response's body (``clubs.public_names`` middleware);
- PDF: the canvas every PDF is drawn on (``documents.pdf.FooterCanvas``: every string drawn);
- xlsx: the sheet writer (``documents.xlsx.write_xlsx``: every string cell).

A full name is replaced only as a whole name (not inside a longer word), in the forms in which the
outputs write it: as is, HTML-escaped, and JSON-escaped. Two members with one full name, one of whom
chose initials: both show as initials (hiding too much, never too little). Known limit: a PDF
paragraph that wraps one name over two lines draws it in two pieces, which are not recognised; the
project's PDFs put names in table cells that shrink to fit (``documents.pdf.fit_text``) instead.

Standard library only. It lives in ``documents`` because the PDF and xlsx writers there apply it and
``documents`` imports nothing but itself; ``clubs`` (the middleware) and ``scoring`` (the score sheets)
import it from here.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar


class Replacements:
    """Full name → the name shown, in every written form; :meth:`apply` rewrites a text."""

    def __init__(self, names: Mapping[str, str]):
        forms: dict[str, str] = {}
        for full, shown in names.items():
            if not full or full == shown:
                continue
            forms[full] = shown
            forms.setdefault(html.escape(full), html.escape(shown))
            forms.setdefault(json.dumps(full)[1:-1], json.dumps(shown)[1:-1])
        self.forms = forms
        alternatives = "|".join(re.escape(form) for form in sorted(forms, key=len, reverse=True))
        self.pattern = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)") if forms else None

    def __bool__(self) -> bool:
        return self.pattern is not None

    def apply(self, text: str) -> str:
        if self.pattern is None or not text:
            return text
        return self.pattern.sub(lambda found: self.forms[found.group(0)], text)


NONE = Replacements({})
_active: ContextVar[Replacements] = ContextVar("public_names", default=NONE)


@contextmanager
def shown(replacements: Replacements) -> Iterator[Replacements]:
    """Run the block (a request's view) writing public output with ``replacements``."""
    token = _active.set(replacements)
    try:
        yield replacements
    finally:
        _active.reset(token)


def active() -> Replacements:
    return _active.get()


def public(text):
    """``text`` as public output writes it (unchanged outside a public request, and when not a str)."""
    replacements = _active.get()
    if not replacements or not isinstance(text, str):
        return text
    return replacements.apply(text)
