"""The JSON API (contract 3 in DESIGN.md), with its OpenAPI schema at /api/openapi.json.

Each app contributes a router from its own ``api`` module; ``core.api_errors`` gives every refusal
one JSON shape and bounds what a body may be. Swagger UI (/api/docs) is served from ninja's own
static files (``ninja`` is in INSTALLED_APPS): no CDN.
"""

from core.api_errors import JsonBodyParser, KlaverjasAPI, install

api = KlaverjasAPI(
    title="Klaverjas club system API",
    version="1",
    urls_namespace="api",
    parser=JsonBodyParser(),
    description=(
        'Every refusal (4xx) answers `{"detail": "...", "errors": [{"deal", "field", "message"}]}`, '
        "in Dutch unless the request asks for English (Accept-Language). Writes need "
        "`Authorization: Bearer <token>` (`manage.py create_api_token USER`)."
    ),
)
install(api)

from competitions.api import router as competitions_router  # noqa: E402
from competitions.league.api import router as fixtures_router  # noqa: E402
from competitions.season.api import router as season_router  # noqa: E402
from competitions.season.api_history import router as history_router  # noqa: E402
from scoring.api import router as scoring_router  # noqa: E402

api.add_router("", competitions_router)
api.add_router("", fixtures_router)
api.add_router("", season_router)
api.add_router("", history_router)
api.add_router("", scoring_router)
