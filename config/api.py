"""The JSON API (contract 3 in DESIGN.md), with its OpenAPI schema at /api/openapi.json.

Each app contributes a router from its own ``api`` module.
"""

from ninja import NinjaAPI

api = NinjaAPI(title="Klaverjas club system API", version="1", urls_namespace="api")

from competitions.api import router as competitions_router  # noqa: E402
from scoring.api import router as scoring_router  # noqa: E402

api.add_router("", competitions_router)
api.add_router("", scoring_router)
