from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompetitionsConfig(AppConfig):
    name = "competitions"
    verbose_name = _("Competitions")

    def ready(self) -> None:
        from competitions.pagecache import keys as cache
        from competitions.players import merge

        cache.connect()  # the public page cache's versions follow every save and delete
        merge.connect()  # a merge of two members moves their seats, attendance and entries
