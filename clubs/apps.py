from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = _("Clubs")

    def ready(self) -> None:
        from clubs import public_names

        public_names.connect()  # the members' chosen names, forgotten when a member changes
