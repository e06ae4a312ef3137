"""``manage.py create_api_token USER``: create an API token and print it (it is shown only once)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from clubs.tokens import create_token


class Command(BaseCommand):
    help = "Create an API token for a user and print it. Only a hash is stored: keep the printed key."

    def add_arguments(self, parser):
        parser.add_argument("username", help="the user the token acts for")
        parser.add_argument("--name", default="", help="a description, e.g. the program that uses the token")

    def handle(self, *args, username, name="", **options):
        User = get_user_model()
        try:
            user = User.objects.get(**{User.USERNAME_FIELD: username})
        except User.DoesNotExist:
            raise CommandError(_("Unknown user %(username)r: no token created.") % {"username": username}) from None
        if not user.is_active:
            raise CommandError(_("User %(username)r is inactive: no token created.") % {"username": username})
        self.stdout.write(create_token(user, name or "command line"))
