"""``Player.user`` goes, once 0010 has folded it into ``Player.account`` (its own transaction: see 0010)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0010_player_user_folded_into_account"),
    ]

    operations = [
        migrations.RemoveField(model_name="player", name="user"),
    ]
