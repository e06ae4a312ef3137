"""``Player.user`` (the older one-to-one login of a member) folded into ``Player.account`` (the member's
own account, made by a member's invitation): both meant "this member's login".

A member with a ``user`` and no ``account`` gets the ``user`` as account. Where the two differ the
account stays (it is the one the member's invitation made and ``/me/`` reads) and the migration says
so in its output and the log; so it does where the login is already another member's account at the
same club (one account per member per club). Then ``user`` goes, in the next migration (0011): on
PostgreSQL a table whose rows were just updated in a transaction cannot be altered in the same one
("pending trigger events"), and each migration is its own transaction.

Backwards: ``user`` comes back empty (nothing reads it any more).
"""

import logging
import sys

from django.db import migrations
from django.db.models import Exists, F, OuterRef

logger = logging.getLogger("clubs.migrations")


def report(line: str) -> None:
    sys.stdout.write(f"  clubs 0010: {line}\n")
    logger.warning("clubs 0010: %s", line)


def fold_user_into_account(apps, schema_editor):
    Player = apps.get_model("clubs", "Player")
    linked = Player.objects.filter(user__isnull=False)
    taken = Player.objects.filter(club=OuterRef("club"), account=OuterRef("user"))
    fields = ("pk", "club__slug", "first_name", "last_name", "user__username", "account__username")
    for pk, club, first, last, user, account in (
        linked.filter(account__isnull=False).exclude(account=F("user")).order_by("pk").values_list(*fields)
    ):
        report(
            f"{first} {last} (#{pk}, {club}) keeps the account {account}; "
            f"the older login {user} is no longer linked to this member."
        )
    for pk, club, first, last, user, _account in (
        linked.filter(account__isnull=True).filter(Exists(taken)).order_by("pk").values_list(*fields)
    ):
        report(
            f"{first} {last} (#{pk}, {club}) stays without an account: the login {user} is another "
            f"member's account at {club} already."
        )
    linked.filter(account__isnull=True).exclude(Exists(taken)).update(account=F("user"))


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0009_club_signup_deadline"),
    ]

    operations = [
        migrations.RunPython(fold_user_into_account, migrations.RunPython.noop),
    ]
