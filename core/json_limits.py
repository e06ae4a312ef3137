"""Limits on JSON a person or a client sends: how deep it nests and how long it is.

Python's ``json`` parser recurses once per level of nesting: a few thousand ``[`` made it raise
``RecursionError`` (a server error) in the admin's rule options, and how deep it may go depended on
the stack. Here the depth is measured on the text first, in one pass without recursion, and a
document deeper or longer than the limit is refused with a message that names the limit — before
anything parses it. ``LimitedJSONField`` is the form field (the admin's JSON fields);
``LimitedJSONModelField`` the model field, validating a value that never came as text (an import,
a shell) before Django's own check encodes it.
"""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext as _

#: Rule options are one object of options whose values are numbers, words or a list (depth 2).
RULE_OPTIONS_DEPTH = 4
RULE_OPTIONS_CHARS = 4000


def text_depth(text: str | bytes) -> int:
    """How deep the brackets of a JSON text nest (strings skipped); one pass, no recursion."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def value_depth(value) -> int:
    """How deep a parsed value nests (a scalar 0, ``[]`` 1, ``{"a": [1]}`` 2); no recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            deepest = max(deepest, level)
            stack.extend((v, level + 1) for v in item)
    return deepest


def too_deep_message(limit: int) -> str:
    return _("This JSON is nested too deeply: at most %(n)s levels of [ ] and { }.") % {"n": limit}


def too_long_message(limit: int) -> str:
    return _("This JSON is too long: at most %(n)s characters.") % {"n": limit}


def json_text_problem(text: str | bytes, *, max_depth: int, max_chars: int) -> str | None:
    """The message refusing ``text`` (too long, then too deep), or None when it is within the limits."""
    if len(text) > max_chars:
        return too_long_message(max_chars)
    if text_depth(text) > max_depth:
        return too_deep_message(max_depth)
    return None


class LimitedJSONField(forms.JSONField):
    """Django's JSON form field, refusing (with a message) a text too long or too deep to parse safely."""

    def __init__(self, *args, max_depth: int = RULE_OPTIONS_DEPTH, max_chars: int = RULE_OPTIONS_CHARS, **kwargs):
        self.max_depth, self.max_chars = max_depth, max_chars
        super().__init__(*args, **kwargs)

    def to_python(self, value):
        if isinstance(value, (str, bytes)) and not self.disabled:
            problem = json_text_problem(value, max_depth=self.max_depth, max_chars=self.max_chars)
            if problem:
                raise ValidationError(problem, code="invalid")
        return super().to_python(value)

    def bound_data(self, data, initial):
        """The form shown again with its error: the refused text as typed, never parsed."""
        if isinstance(data, (str, bytes)) and not self.disabled:
            if json_text_problem(data, max_depth=self.max_depth, max_chars=self.max_chars):
                return InvalidJSONInput(data)
        return super().bound_data(data, initial)


def validate_json_value(value, *, max_depth: int = RULE_OPTIONS_DEPTH, max_chars: int = RULE_OPTIONS_CHARS) -> None:
    """A model validator: ``value`` (already parsed) within the limits."""
    if value_depth(value) > max_depth:
        raise ValidationError(too_deep_message(max_depth), code="invalid")
    if len(json.dumps(value)) > max_chars:
        raise ValidationError(too_long_message(max_chars), code="invalid")


class LimitedJSONModelField(models.JSONField):
    """A model's JSON field within the limits: validated (depth first: Django's own check encodes the
    value, which recursed too deep) and edited through :class:`LimitedJSONField`."""

    def __init__(self, *args, max_depth: int = RULE_OPTIONS_DEPTH, max_chars: int = RULE_OPTIONS_CHARS, **kwargs):
        self.max_depth, self.max_chars = max_depth, max_chars
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        if self.max_depth != RULE_OPTIONS_DEPTH:
            kwargs["max_depth"] = self.max_depth
        if self.max_chars != RULE_OPTIONS_CHARS:
            kwargs["max_chars"] = self.max_chars
        return name, path, args, kwargs

    def validate(self, value, model_instance):
        validate_json_value(value, max_depth=self.max_depth, max_chars=self.max_chars)
        super().validate(value, model_instance)

    def formfield(self, **kwargs):
        return super().formfield(
            **{"form_class": LimitedJSONField, "max_depth": self.max_depth, "max_chars": self.max_chars, **kwargs}
        )
