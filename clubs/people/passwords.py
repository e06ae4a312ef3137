"""Django's minimum-length check with a message the Dutch catalogue has.

Django 5.2 changed that validator's message to a ``%d`` form that its own Dutch catalogue does not
translate yet, so a too short password was refused in English on a Dutch page. The check is
Django's; only the sentence is ours (settings.AUTH_PASSWORD_VALIDATORS names this class).
"""

from __future__ import annotations

from django.contrib.auth import password_validation
from django.utils.translation import ngettext


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    def get_error_message(self):
        return ngettext(
            "This password is too short: use at least %(min_length)d character.",
            "This password is too short: use at least %(min_length)d characters.",
            self.min_length,
        ) % {"min_length": self.min_length}
