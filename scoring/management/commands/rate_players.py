"""``manage.py rate_players``: recompute every pool's player ratings from scratch (or one, ``--club``)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from clubs.models import Club
from scoring.ratings import services


class Command(BaseCommand):
    help = "Recompute the player ratings of every club and league from all confirmed matches, from scratch."

    def add_arguments(self, parser):
        parser.add_argument("--club", default="", help="only this club or league (its short name)")

    def handle(self, *args, **options):
        if options["club"]:
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(_("No club or league with the short name %(slug)s.") % {"slug": options["club"]})
            clubs = [club]
        else:
            clubs = services.pools()
        total_matches = total_players = 0
        for club in clubs:
            started = time.perf_counter()
            run = services.recompute(club=club)
            total_matches += run.matches
            total_players += run.players
            self.stdout.write(
                _("%(club)s: %(matches)s matches rated, %(skipped)s skipped, %(players)s players (%(seconds).1f s)")
                % {
                    "club": club.name,
                    "matches": run.matches,
                    "skipped": run.skipped,
                    "players": run.players,
                    "seconds": time.perf_counter() - started,
                }
            )
        self.stdout.write(
            _("Ratings recomputed: %(pools)s clubs and leagues, %(matches)s matches, %(players)s players.")
            % {"pools": len(clubs), "matches": total_matches, "players": total_players}
        )
