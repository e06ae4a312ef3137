"""A service's refusal shown on the page: the one step between a domain error (``DrawError``,
``DuplicateError`` …, whose message is written for the person at the screen) and what they see."""

from __future__ import annotations

from django.contrib import messages
from django.forms import Form
from django.http import HttpRequest


def show_refusal(request: HttpRequest, error: Exception, form: Form | None = None) -> str:
    """On the form when the page shows one (a form-wide error), else as a message on the next page."""
    text = str(error)
    if form is not None:
        form.add_error(None, text)
    else:
        messages.error(request, text)
    return text
