from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scores")

    def ready(self) -> None:
        from competitions.standings import formats
        from scoring.duplicate.selectors import standings_for

        formats.register("duplicate", standings_for)  # duplicate pairs rank by matchpoints
