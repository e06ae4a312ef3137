"""One JSON error shape for every refusal of the API (DESIGN.md contract 3).

Every 4xx answer of ``/api/`` — a bad body, a bad path parameter, a missing token, no right, an
unknown address, a wrong method, a body too large, a stale version — is
``{"detail": "<one sentence>", "errors": [{"deal": 0, "field": "...", "message": "..."}]}``:
``detail`` sums it up for a person, ``errors`` names every problem (``deal`` is the 1-based deal
for a problem in a deal, 0 for the request as a whole). Messages are translated (Dutch default).

The apps' ``api`` modules build their answers with :func:`refusal`; ``config/api.py`` installs
:func:`install` (ninja's own refusals in this shape) and ``ApiErrorsMiddleware`` catches what never
reaches ninja (no such address, a method an address does not have, a body over Django's limit).
"""

from __future__ import annotations

import io
import json
import logging
import reprlib
from collections.abc import Iterable

from django.core.exceptions import RequestDataTooBig
from django.core.handlers.wsgi import LimitedStream
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from ninja import Field, NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.parser import Parser

from core.json_limits import text_depth, too_deep_message

logger = logging.getLogger(__name__)

#: More problems than this in one answer are summed up in one last item (an 800,000-deal body
#: once answered with an 85 MB error list).
MAX_ERRORS = 20

_short = reprlib.Repr()
_short.maxlevel, _short.maxstring, _short.maxother, _short.maxlist, _short.maxdict = 2, 40, 40, 4, 4


def short_repr(value) -> str:
    """A bounded ``repr`` for messages: deep or long input never makes a long (or endless) message."""
    try:
        return _short.repr(value)
    except RecursionError:  # pragma: no cover - maxlevel keeps this from happening
        return "…"


class ApiProblem(Schema):
    deal: int = Field(ge=0, description="1-based number of the deal at fault; 0 for the request as a whole")
    field: str = Field(description="the field at fault (a body field, a path parameter, Authorization, ...)")
    message: str = Field(description="what is wrong, in the request's language (Dutch by default)")
    # a problem of sent rows (evening totals) adds "row", its 1-based number (documented in
    # ``for_clients``; that answer is written as it is, not through this schema)


class ApiErrors(Schema):
    """Every refusal: a summary and the list of problems."""

    detail: str = Field(description="one sentence for a person")
    errors: list[ApiProblem] = Field(min_length=1)


class Problem:
    """One problem of a refused request (``DealError`` of the scoring app has the same three fields);
    ``row``: the sent row at fault where a body is rows, not deals (then ``deal`` is 0)."""

    def __init__(self, deal: int, field: str, message: str, *, row: int | None = None):
        self.deal, self.field, self.message, self.row = deal, field, message, row

    def as_dict(self) -> dict:
        found = {"deal": self.deal, "field": self.field, "message": self.message}
        if self.row:
            found["row"] = self.row
        return found


def problems_body(problems: Iterable, detail: str | None = None) -> dict:
    """The error body for ``problems`` (objects with ``as_dict()`` or dicts), capped at ``MAX_ERRORS``."""
    items = [p if isinstance(p, dict) else p.as_dict() for p in problems]
    if len(items) > MAX_ERRORS:
        more = len(items) - (MAX_ERRORS - 1)
        items = items[: MAX_ERRORS - 1] + [
            {"deal": 0, "field": "errors", "message": _("and %(n)s more problems") % {"n": more}}
        ]
    if detail is None:
        detail = items[0]["message"] if len(items) == 1 else _("The request has %(n)s problems.") % {"n": len(items)}
    return {"detail": detail, "errors": items}


def refusal(status: int, message: str, *, field: str = "", deal: int = 0, **extra) -> dict:
    """A one-problem error body (``extra`` adds fields, as the 409 does with the current sheet)."""
    return dict(problems_body([Problem(deal, field, message)], detail=message), **extra)


# --- pydantic's findings in our words ----------------------------------------------------------


def _message(error: dict, field: str) -> str:
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    value = short_repr(error.get("input"))
    params = {"field": field, "value": value}
    if kind == "missing":
        return _("%(field)s is required") % params
    if kind == "extra_forbidden":
        return _("unknown field %(field)s") % params
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("%(field)s must be a whole number, not %(value)s") % params
    if kind in ("bool_type", "bool_parsing"):
        return _("%(field)s must be true or false, not %(value)s") % params
    if kind in ("string_type",):
        return _("%(field)s must be text, not %(value)s") % params
    if kind in ("list_type", "tuple_type"):
        return _("%(field)s must be a list, not %(value)s") % params
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return _("%(field)s must be an object with its fields, not %(value)s") % params
    if kind in ("greater_than_equal", "greater_than"):
        return _("%(field)s must be at least %(limit)s, not %(value)s") % dict(
            params, limit=ctx.get("ge", ctx.get("gt"))
        )
    if kind in ("less_than_equal", "less_than"):
        return _("%(field)s must be at most %(limit)s, not %(value)s") % dict(
            params, limit=ctx.get("le", ctx.get("lt"))
        )
    if kind == "too_short":
        return _("%(field)s needs at least %(n)s items") % dict(params, n=ctx.get("min_length"))
    if kind == "too_long":
        return _("%(field)s may have at most %(n)s items") % dict(params, n=ctx.get("max_length"))
    if kind == "string_too_short":
        return _("%(field)s may not be empty") % params
    if kind == "string_too_long":
        return _("%(field)s may be at most %(n)s characters long") % dict(params, n=ctx.get("max_length"))
    if kind == "string_pattern_mismatch":
        return _("%(field)s may hold only letters a-z, digits, - and _, not %(value)s") % params
    if kind in ("literal_error", "enum"):
        return _("%(field)s must be one of %(choices)s, not %(value)s") % dict(params, choices=ctx.get("expected", "?"))
    if kind == "side":
        return _('%(field)s must be a side: 0, 1 or 2, or "A", "B" or "C"; not %(value)s') % params
    return _("%(field)s has a value that is not allowed: %(value)s") % params


def problems_from_pydantic(errors: Iterable[dict], *, skip: int = 0, deals_key: str = "deals") -> list[Problem]:
    """Pydantic's errors as problems: one per (deal, field), named as a client wrote them.

    ``skip`` drops leading location parts (ninja puts ``path``/``body`` first). A location
    ``deals.3.points.1`` becomes deal 4, field ``points``.
    """
    seen: dict[tuple[int, str], Problem] = {}
    for error in errors:
        loc = [part for part in error.get("loc", ())[skip:]]
        deal = 0
        if len(loc) >= 2 and loc[0] == deals_key and isinstance(loc[1], int):
            deal = loc[1] + 1
            names = [str(p) for p in loc[2:] if isinstance(p, str) and not p.startswith(("literal[", "function-"))]
        else:
            names = [str(p) for p in loc if isinstance(p, str) and not p.startswith(("literal[", "function-"))]
        field = names[0] if names else (deals_key if deal else "body")
        if (deal, field) not in seen:
            seen[(deal, field)] = Problem(deal, field, _message(error, field))
    return list(seen.values())


# --- wiring: ninja's refusals in the one shape --------------------------------------------------


class KlaverjasAPI(NinjaAPI):
    """ninja's API, keeping the value a client sent in each validation error (ninja drops it), so
    the message can quote it: "points must be a whole number, not 100.5" rather than "not None".
    Only the message quotes it, shortened (``short_repr``); the error body has no raw input.

    Its schema is made for generated clients (issue 34 item 8, ``for_clients``)."""

    def get_openapi_schema(self, *args, **kwargs):
        return for_clients(super().get_openapi_schema(*args, **kwargs))

    def validation_error_from_error_contexts(self, error_contexts) -> ValidationError:
        errors = []
        for context in error_contexts:
            model = context.model
            for error in context.pydantic_validation_error.errors(include_url=False):
                error["loc"] = (model.__ninja_param_source__,) + model.__ninja_flatten_map_reverse__.get(
                    error["loc"], error["loc"]
                )
                if isinstance((error.get("ctx") or {}).get("error"), Exception):
                    error["ctx"]["error"] = str(error["ctx"]["error"])
                errors.append(dict(error))
        return ValidationError(errors)


def install(api) -> None:
    """Answer ninja's own refusals (422, 401, 404, other HttpErrors, too big) in the one shape."""

    def validation_error(request, exc: ValidationError):
        # ninja's locations start with where ("path", "body"), a body's with the parameter's name.
        problems = [
            problem
            for error in exc.errors
            for problem in problems_from_pydantic([error], skip=2 if error.get("loc", ("",))[0] == "body" else 1)
        ]
        unique = {(p.deal, p.field): p for p in reversed(problems)}  # the first of each (deal, field) kept
        problems = [p for p in problems if unique[(p.deal, p.field)] is p]
        return api.create_response(request, problems_body(problems), status=400)

    def not_authenticated(request, exc: AuthenticationError):
        message = _("A valid API token is needed: send the header Authorization: Bearer <token>.")
        response = api.create_response(request, refusal(401, message, field="Authorization"), status=401)
        response["WWW-Authenticate"] = "Bearer"
        return response

    def not_found(request, exc: Http404):
        return api.create_response(request, refusal(404, _("Not found.")), status=404)

    def http_error(request, exc: HttpError):
        cause = exc.__cause__
        if isinstance(cause, BodyRefused):  # ninja wraps what the parser refused in a 400
            return api.create_response(request, refusal(cause.status, cause.message, field="body"), status=cause.status)
        return api.create_response(request, refusal(exc.status_code, str(exc)), status=exc.status_code)

    def too_big(request, exc: RequestDataTooBig):
        return api.create_response(request, refusal(413, too_big_message(), field="body"), status=413)

    api.add_exception_handler(ValidationError, validation_error)
    api.add_exception_handler(AuthenticationError, not_authenticated)
    api.add_exception_handler(Http404, not_found)
    api.add_exception_handler(HttpError, http_error)
    api.add_exception_handler(RequestDataTooBig, too_big)


def too_big_message(limit: int | None = None) -> str:
    if limit:
        return _("The request body is too large: at most %(n)s bytes.") % {"n": limit}
    return _("The request body is too large.")


# --- what never reaches ninja --------------------------------------------------------------------

_FALLBACK = {
    400: lambda: _("Bad request."),
    404: lambda: _("Not found: there is no such API address."),
    405: lambda: _("This address does not answer that method."),
    413: too_big_message,
}


class ApiErrorsMiddleware:
    """Under ``/api/``, an error answer that is not JSON (Django's HTML 404, ninja's empty 405,
    Django's 400 for a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``) becomes the one JSON shape."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/") and not read_chunked_body(request):
            return JsonResponse(refusal(413, too_big_message(MAX_BODY_BYTES), field="body"), status=413)
        response = self.get_response(request)
        if not request.path.startswith("/api/") or response.status_code < 400:
            return response
        if not response.get("Content-Type", "").startswith("application/json"):
            response = self.as_json(response)
        log_refusal(request, response)
        return response

    @staticmethod
    def as_json(response):
        status = response.status_code
        message = _FALLBACK.get(
            status, lambda: _("The request could not be answered (%(status)s).") % {"status": status}
        )()
        replaced = JsonResponse(refusal(status, message), status=status)
        if response.has_header("Allow"):
            replaced["Allow"] = response["Allow"]
        return replaced


def log_refusal(request, response) -> None:
    """One log line per refusal of the API: what was asked, the status and the summary (no user: reading
    it would touch the session of an answer that must not vary by cookie)."""
    try:
        detail = json.loads(response.content).get("detail", "")
    except (ValueError, AttributeError):
        detail = ""
    logger.info("api refused: %s %s -> %s %s", request.method, request.path, response.status_code, short_repr(detail))


# --- reading a body -------------------------------------------------------------------------------

#: The largest body the API reads: a 16-deal sheet is about 3 KB, the longest match (256 deals)
#: pretty-printed under 100 KB.
MAX_BODY_BYTES = 128 * 1024


#: Deeper nesting than this is refused before the body is parsed (a sheet nests 4 levels deep).
MAX_BODY_DEPTH = 16


def read_chunked_body(request) -> bool:
    """A body sent with ``Transfer-Encoding: chunked`` and no ``Content-Length``: Django reads such a
    body as empty (it reads ``Content-Length`` bytes), so a small valid sheet was refused with "body
    is required". Where the server has decoded the chunks and ends the stream (gunicorn:
    ``wsgi.input_terminated``, PEP 3333's extension), the body is read here, at most
    ``MAX_BODY_BYTES`` + 1 bytes, and handed on as if it had come with its length. False when it is
    over the limit (the caller answers 413); True otherwise (also when there is nothing to do).
    Django's own development server (runserver) does not decode chunks: there the body stays empty."""
    meta = request.META
    if "chunked" not in meta.get("HTTP_TRANSFER_ENCODING", "").lower() or meta.get("CONTENT_LENGTH"):
        return True
    if not meta.get("wsgi.input_terminated") or getattr(request, "_read_started", True):
        return True
    source = meta["wsgi.input"]
    parts, size = [], 0
    while size <= MAX_BODY_BYTES:
        part = source.read(MAX_BODY_BYTES + 1 - size)
        if not part:
            break
        parts.append(part)
        size += len(part)
    if size > MAX_BODY_BYTES:
        return False
    body = b"".join(parts)
    meta["CONTENT_LENGTH"] = str(len(body))
    request._stream = LimitedStream(io.BytesIO(body), len(body))
    return True


class BodyRefused(Exception):
    """A body the API will not read: too large (413) or not JSON (400)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class JsonBodyParser(Parser):
    """ninja's parser, bounded: a body over ``MAX_BODY_BYTES`` or nested too deep is refused."""

    def parse_body(self, request):
        if len(request.body) > MAX_BODY_BYTES:
            raise BodyRefused(413, too_big_message(MAX_BODY_BYTES))
        if text_depth(request.body) > MAX_BODY_DEPTH:  # before parsing: json recurses once per level
            raise BodyRefused(400, too_deep_message(MAX_BODY_DEPTH))
        try:
            return json.loads(request.body)
        except RecursionError:
            raise BodyRefused(400, _("The request body is nested too deeply.")) from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise BodyRefused(400, _("The request body is not valid JSON: %(error)s") % {"error": exc}) from None


# --- the schema as generated clients read it -----------------------------------------------------

#: What a request body's field typed loosely on purpose (so the service can name the row at fault)
#: promises a client: the type to send.
CLIENT_TYPES = {
    ("EveningTotalIn", "points"): {"type": "integer", "description": "the player's total of that evening"},
    ("EveningTotalIn", "date"): {"type": "string", "format": "date", "description": "the evening's date, YYYY-MM-DD"},
}


#: ... and which of them a client must send (the service names a row that lacks one)
CLIENT_REQUIRED = {"EveningTotalIn": {"player", "date", "points"}}


def _refs(node, found: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            found.add(ref.rsplit("/", 1)[-1])
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)


def for_clients(schema: dict) -> dict:
    """The schema as a client generator reads it (openapi-typescript, openapi-python-client):

    - a field with a default in what clients send carries the default in its description only: with
      ``default`` openapi-typescript makes it required (``roem``, ``challenge``, ``nil``, ``confirm``);
    - the evening-totals rows are typed as they are to be sent (``points`` an integer, ``date`` a date);
    - every operation lists the 405 (another method of its path) in the one error shape;
    - an answer that is one of two shapes where the one adds optional fields to the other (a match read
      with or without the staff's ``table_url``) is one shape with those fields optional."""
    components = schema.get("components", {}).get("schemas", {})
    sent: set[str] = set()
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "requestBody" in operation:
                _refs(operation["requestBody"], sent)
    pending = set(sent)
    while pending:  # the schemas those refer to are sent too
        more: set[str] = set()
        _refs([components.get(name, {}) for name in pending], more)
        pending = more - sent
        sent |= pending
    for name, fields in CLIENT_REQUIRED.items():
        if name in components:
            components[name]["required"] = sorted(set(components[name].get("required", [])) | fields)
    for name in sent:
        for field, prop in components.get(name, {}).get("properties", {}).items():
            if (name, field) in CLIENT_TYPES:
                prop.clear()
                prop.update(CLIENT_TYPES[name, field], title=field.replace("_", " ").title())
            if "default" in prop:
                default = prop.pop("default")
                note = f"(default: {json.dumps(default)})"
                prop["description"] = f"{prop['description']} {note}" if prop.get("description") else note
    _one_shape(schema, components)
    problem = components.get("ApiProblem")
    if problem is not None:
        problem.setdefault("properties", {})["row"] = {
            "type": "integer",
            "minimum": 1,
            "title": "Row",
            "description": "where the body is rows (evening totals): the 1-based row at fault; absent otherwise",
        }
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"].setdefault(
                    405,
                    {
                        "description": "Method Not Allowed: this path does not take that method",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ApiErrors"}}},
                    },
                )
    return schema


def _one_shape(schema: dict, components: dict) -> None:
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            content = (operation.get("responses", {}).get(200) or operation.get("responses", {}).get("200") or {}).get(
                "content", {}
            )
            body = content.get("application/json", {}).get("schema", {})
            refs = [part.get("$ref", "") for part in body.get("anyOf", [])]
            if len(refs) != 2 or not all(refs):
                continue
            wider, narrower = (components[ref.rsplit("/", 1)[-1]] for ref in refs)
            if len(wider.get("properties", {})) < len(narrower.get("properties", {})):
                wider, narrower = narrower, wider
            if not set(narrower.get("properties", {})) <= set(wider.get("properties", {})):
                continue
            extra = set(wider["properties"]) - set(narrower["properties"])
            wider["required"] = [name for name in wider.get("required", []) if name not in extra]
            for name in extra:
                note = "present only where it applies (the staff's view)"
                described = wider["properties"][name].get("description")
                wider["properties"][name]["description"] = f"{described}; {note}" if described else note
            content["application/json"]["schema"] = {
                "$ref": refs[0] if components[refs[0].rsplit("/", 1)[-1]] is wider else refs[1]
            }
