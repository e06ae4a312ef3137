"""The organiser API's bodies, built from the Competition model's own fields (DESIGN.md contract 3).

Every setting is a body field named as the model names it (``ruleset`` is ``rules``, as in the
public API), typed from the model field: choices become an enumeration, numbers carry the
validators' bounds, nullable fields accept null. A field added to the model (a new standings
option) is therefore in the API and its OpenAPI schema at once, with no second list to keep. The
pydantic check is only the shape; ``competitions.season.services`` checks the whole, as for the
settings page.
"""

from __future__ import annotations

import datetime
from types import GenericAlias
from typing import Any, Literal, Optional

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import translation
from ninja import Field, Schema
from pydantic import ConfigDict, create_model

from competitions.base.rulesets import EDITABLE_OPTIONS
from competitions.models import Competition
from competitions.season.reglementen import TEMPLATES
from competitions.season.validation import setting_names
from competitions.standings import HEAD_TO_HEAD, METRICS

#: The API's name of a model field where the two differ.
API_NAMES = {"ruleset": "rules"}
MODEL_NAMES = {v: k for k, v in API_NAMES.items()}
RuleValue = int | bool | str | list[str] | None
TemplateName = Literal[tuple(t.key for t in TEMPLATES)]  # type: ignore[valid-type]
#: What a request may name (the names ``settings_errors`` accepts, so that the schema says what the
#: service refuses): house rules the organiser may change, and tie-breakers (a metric, ``fewest_`` or
#: ``most_`` a metric, or head to head). Answers carry what is stored, so they keep plain strings.
RuleOptionName = Literal[tuple(EDITABLE_OPTIONS)]  # type: ignore[valid-type]
TieBreakerName = Literal[  # type: ignore[valid-type]
    tuple([*METRICS, *(f"{p}{m}" for p in ("fewest_", "most_") for m in METRICS), HEAD_TO_HEAD])
]


def api_name(model_name: str) -> str:
    if model_name == "__all__":
        return "body"
    if model_name.startswith("rule_options."):
        return model_name
    return API_NAMES.get(model_name, model_name)


def _bounds(field: models.Field) -> dict:
    bounds = {}
    for validator in field.validators:
        if isinstance(validator, MinValueValidator):
            bounds["ge"] = validator.limit_value
        elif isinstance(validator, MaxValueValidator):
            bounds["le"] = validator.limit_value
    if isinstance(field, models.PositiveSmallIntegerField | models.PositiveIntegerField):
        bounds.setdefault("ge", 0)
    if isinstance(field, models.SmallIntegerField | models.PositiveSmallIntegerField):
        bounds.setdefault("le", 32767)
        bounds.setdefault("ge", -32768)
    elif isinstance(field, models.IntegerField):
        bounds.setdefault("le", 2**31 - 1)
        bounds.setdefault("ge", -(2**31))
    return bounds


def _type(field: models.Field, *, inbound: bool = False):
    """(python type, Field keyword arguments) of a model field's value in the API (``inbound``: in a
    request body, where only names the service accepts are allowed)."""
    if field.name == "rule_options":
        # GenericAlias is what ``dict[...]`` builds at run time; mypy reads ``dict[...]`` as a type only
        return GenericAlias(dict, (RuleOptionName if inbound else str, RuleValue)), {
            "description": "house rules that differ from the preset: option -> value (replaces the stored ones)"
        }
    if field.name == "tie_breakers":
        return GenericAlias(list, (TieBreakerName if inbound else str,)), {
            "description": "tie-breakers in order (metric keys, fewest_<metric>, head_to_head)"
        }
    if field.name == "evening_dates":
        return list[datetime.date], {"description": "the planned evenings' dates, in order"}
    with translation.override("en"):  # the schema is in English, whatever language is active at import
        extra: dict = {"description": str(field.verbose_name)}
    kind: Any  # a type object built at run time for pydantic
    if field.choices:
        kind = Literal[tuple(value for value, _label in field.flatchoices)]
    elif isinstance(field, models.BooleanField):
        kind = bool
    elif isinstance(field, models.IntegerField):
        kind = int
        extra.update(_bounds(field))
    elif isinstance(field, models.DateField):
        kind = datetime.date
    elif isinstance(field, models.TimeField):
        kind = datetime.time
    elif isinstance(field, models.CharField):
        kind = str
        extra["max_length"] = field.max_length
        if not field.blank:
            extra["min_length"] = 1
    else:  # pragma: no cover - a field of a kind the settings do not have yet
        kind = object
    if field.null:
        kind = Optional[kind]  # noqa: UP045  (a runtime type object: ``X | None`` needs a class)
    return kind, extra


def _settings_fields(*, required: bool) -> dict:
    fields = {}
    for name in setting_names():
        field = Competition._meta.get_field(name)
        assert isinstance(field, models.Field)  # a setting is a column, never a relation's other end
        kind, extra = _type(field, inbound=not required)
        if required:
            fields[api_name(name)] = (kind, Field(..., **extra))
        else:
            fields[api_name(name)] = (Optional[kind], Field(None, **extra))  # noqa: UP045
    return fields


class _Strict(Schema):
    model_config = ConfigDict(extra="forbid")


class _Out(Schema):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


_NAME_LENGTH = Competition._meta.get_field("name").max_length


class ClubOut(_Out):
    slug: str
    name: str
    is_league: bool


CompetitionCreateIn = create_model(
    "CompetitionCreateIn",
    __base__=_Strict,
    club=(str, Field(..., min_length=1, max_length=60, description="the club's short name (GET /api/clubs)")),
    # a type built at run time is an object to mypy, not the TypeForm create_model's stubs ask for
    template=(  # type: ignore[arg-type]
        Optional[TemplateName],  # noqa: UP045
        Field(None, description="a season template whose settings come first; the other fields override them"),
    ),
    **(
        _settings_fields(required=False)
        # a competition needs a name (the service refuses one without): required in the schema too
        | {"name": (str, Field(..., min_length=1, max_length=_NAME_LENGTH, description="the competition's name"))}
    ),
)

CompetitionPatchIn = create_model(
    "CompetitionPatchIn",
    __base__=_Strict,
    confirm=(
        bool,
        Field(
            False,
            description="true: also save a change that recomputes the standings of confirmed results "
            "(without it such a change answers 409 naming the settings)",
        ),
    ),
    **_settings_fields(required=False),
)

CompetitionSettingsOut = create_model(
    "CompetitionSettingsOut",
    __base__=_Out,
    slug=(str, ...),
    club=(str, Field(..., description="the club's short name")),
    url=(str, ...),
    previous=(Optional[str], Field(..., description="the previous season's slug")),  # noqa: UP045
    plain_rules=(list[str], Field(..., description="the reglement in plain words (the request's language)")),
    **_settings_fields(required=True),
)


def settings_from_body(body: dict) -> dict:
    """A request body (fields that were sent) in model terms."""
    return {MODEL_NAMES.get(k, k): v for k, v in body.items()}
