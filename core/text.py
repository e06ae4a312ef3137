"""Names are single lines: no line breaks or other control characters.

A newline in a competition's name made calendar.ics a server error (iCalendar refuses a content line
with a bare newline), and a name printed on a score sheet, in a table or in an xlsx cell is one line
everywhere. Refused everywhere a name comes in — the model field (admin, full_clean, any form made
from the model), the site's own forms, the member and results imports — with a message naming the
character; :func:`single_line` mends text that is already stored (the data migrations, and feeds
that must never fail on an old row).

Control characters here: Unicode's category Cc (C0, DEL, C1: tab, newline, carriage return, NUL,
escape…) and the line and paragraph separators U+2028/U+2029.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
SPACES = re.compile(" {2,}")


def control_character(text: str) -> str | None:
    """The first control character of ``text`` as a person can read it ("line break (U+000A)"), or None."""
    found = CONTROL.search(text or "")
    if found is None:
        return None
    char = found.group()
    code = f"U+{ord(char):04X}"
    if char in "\n\r\u2028\u2029\x0b\x0c\x85":
        return _("a line break (%(code)s)") % {"code": code}
    if char == "\t":
        return _("a tab (%(code)s)") % {"code": code}
    return _("a control character (%(code)s)") % {"code": code}


def validate_single_line(value) -> None:
    """A validator: ``value`` is one line of text."""
    what = control_character(str(value)) if value is not None else None
    if what:
        raise ValidationError(
            _("A name is one line: this one contains %(what)s. Type it again without it."),
            code="single_line",
            params={"what": what},
        )


def single_line(text: str) -> str:
    """``text`` with every control character replaced by a space, runs of spaces made one, trimmed."""
    return SPACES.sub(" ", CONTROL.sub(" ", text)).strip() if text else ""


class NameField(models.CharField):
    """A model's name field: one line (:func:`validate_single_line`), also in every form made from it."""

    default_validators = [validate_single_line]

    def formfield(self, **kwargs):
        field = super().formfield(**kwargs)
        if validate_single_line not in field.validators:
            field.validators.append(validate_single_line)
        return field
