"""The organiser's writes: evenings and attendance, rounds and their draws, fixtures, Swiss rounds. The one
door to them for the organiser's pages (``competitions/organiser/views.py`` imports no feature's services).

Every function takes keyword-only arguments and runs in one transaction; it locks the row it
changes (the competition or the round) so two organisers clicking at once cannot draw twice.
Anything refused raises :class:`DrawError` with a message an organiser can read, and changes
nothing. The pairing itself is the pure engine's, reached through :mod:`competitions.base.pairing`.

Rules the issue left open, chosen here:

- a round's draw can be changed (swapped, redrawn) only while it is a draft and none of its tables
  has results; publishing is one way (nothing here unpublishes);
- round numbers run through the whole competition (evening 2 of a 3-round competition starts
  with round 4);
- an individual competition has one Entrant per player, made when the player is first registered
  present (and on any draw that needs it);
- a fixture list is generated at once for every division; generating it again replaces it, but
  only when asked to and only while no round of it is published or has results.
"""

from competitions.base.checks import DrawError
from competitions.draws.services import draw_next_round, draw_round, publish_round, redraw, swap_pairs, swap_players
from competitions.evenings.removal import delete_evening, evening_contents
from competitions.evenings.services import (
    NearMatches,
    add_walk_in,
    create_evening,
    create_round,
    delete_round,
    register_attendance,
    reseat,
    set_evening_tables,
    set_sit_outs,
    unpublish_round,
)
from competitions.evenings.substitutes import substitute
from competitions.league.services import generate_fixtures, next_swiss_round

__all__ = [
    "NearMatches",
    "DrawError",
    "add_walk_in",
    "create_evening",
    "create_round",
    "delete_evening",
    "delete_round",
    "evening_contents",
    "draw_next_round",
    "draw_round",
    "generate_fixtures",
    "next_swiss_round",
    "publish_round",
    "redraw",
    "register_attendance",
    "reseat",
    "set_evening_tables",
    "set_sit_outs",
    "substitute",
    "swap_pairs",
    "swap_players",
    "unpublish_round",
]
