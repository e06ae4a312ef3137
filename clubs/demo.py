"""The demo club (placeholder until the data model is complete)."""

from django.contrib.auth import get_user_model
from django.db import transaction

from clubs.models import Club, StaffRole


@transaction.atomic
def seed_demo() -> str:
    User = get_user_model()
    club, _ = Club.objects.get_or_create(slug="demo", defaults={"name": "KV De Troefboer", "city": "Utrecht"})
    for username, role in (("organiser", StaffRole.Role.ORGANISER), ("scorer", StaffRole.Role.SCORER)):
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password("demo")
            user.save()
        StaffRole.objects.get_or_create(user=user, club=club, role=role)
    return "Demo club ready: logins organiser/demo and scorer/demo."
