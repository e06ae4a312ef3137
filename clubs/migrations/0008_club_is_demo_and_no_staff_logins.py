"""Club.is_demo, set on the clubs ``seed_demo`` made before the field existed; and no login but a
superuser is Django staff any more (organisers and scorers work on the site's own pages, /admin/ is
for superusers only)."""

from django.conf import settings
from django.db import migrations, models

#: The slugs seed_demo gives its clubs (scoring.demo.season as it stood when this migration was written).
DEMO_SLUGS = ("demo", "regio-utrecht", "harten-troef", "vrolijke-boer", "klaveren-aas")
#: seed_demo's organiser login: a club with these slugs is the demo's only where it is organised by it.
DEMO_ORGANISER = "organiser"


def mark_demo_clubs(apps, schema_editor):
    Club = apps.get_model("clubs", "Club")
    StaffRole = apps.get_model("clubs", "StaffRole")
    demo = StaffRole.objects.filter(user__username=DEMO_ORGANISER, club__slug="demo", role="organiser")
    if demo.exists():
        Club.objects.filter(slug__in=DEMO_SLUGS).update(is_demo=True)


def no_staff_but_superusers(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    User.objects.filter(is_staff=True, is_superuser=False).update(is_staff=False)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0007_member_changes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="club",
            name="is_demo",
            field=models.BooleanField(default=False, editable=False, verbose_name="demo"),
        ),
        migrations.RunPython(mark_demo_clubs, migrations.RunPython.noop),
        migrations.RunPython(no_staff_but_superusers, migrations.RunPython.noop),
    ]
