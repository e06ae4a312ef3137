from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scores")

    def ready(self) -> None:
        from competitions.selectors import register_play_guard
        from competitions.standings import formats
        from scoring.duplicate.selectors import boards_seen, standings_for
        from scoring.ratings import merge

        formats.register("duplicate", standings_for)  # duplicate pairs rank by matchpoints
        register_play_guard("duplicate", boards_seen)  # a board's play waits for every table (issue 24)
        merge.connect()  # a merge of two members recomputes the ratings they count in
