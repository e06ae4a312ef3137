"""Every model factory and set-up helper of the tests, in one place (factory_boy).

A test asks only for what it cares about: ``PlayerFactory()`` makes its club, ``RoundFactory(competition=c)``
numbers itself after the last round, ``UserFactory(organiser_of=club)`` is an organiser with password
``PASSWORD``. One module per group of models (clubs, competitions, deals); the multi-step set-ups
(a seated table, a played table, a generated season, a club evening with accounts) are named helpers built
on the factories (tables, evenings). ``tests/architecture/test_factories.py`` keeps model builders here.
"""

from tests.factories.clubs import (
    FIRST,
    LAST,
    PASSWORD,
    ClubFactory,
    PlayerFactory,
    StaffRoleFactory,
    TeamFactory,
    TeamMemberFactory,
    UserFactory,
)
from tests.factories.competitions import (
    ByeFactory,
    CompetitionFactory,
    DivisionFactory,
    EntrantFactory,
    EveningFactory,
    FixtureFactory,
    MatchFactory,
    MatchSeatFactory,
    MatchSideFactory,
    RoundFactory,
)
from tests.factories.deals import DealFactory, fill_match, plausible_deal, simulated_sheet
from tests.factories.evenings import club_evening, play_and_confirm, publish_next_round
from tests.factories.tables import (
    confirm_round,
    generated_individual,
    generated_pairs,
    named_team_entrants,
    pair_match,
    played_match,
    rated_match,
    seated_match,
    seated_round,
    team_entrants,
    team_fixture,
    team_players,
)

__all__ = [
    "FIRST",
    "LAST",
    "PASSWORD",
    "ByeFactory",
    "ClubFactory",
    "CompetitionFactory",
    "DealFactory",
    "DivisionFactory",
    "EntrantFactory",
    "EveningFactory",
    "FixtureFactory",
    "MatchFactory",
    "MatchSeatFactory",
    "MatchSideFactory",
    "PlayerFactory",
    "RoundFactory",
    "StaffRoleFactory",
    "TeamFactory",
    "TeamMemberFactory",
    "UserFactory",
    "club_evening",
    "confirm_round",
    "fill_match",
    "generated_individual",
    "generated_pairs",
    "named_team_entrants",
    "pair_match",
    "play_and_confirm",
    "plausible_deal",
    "played_match",
    "publish_next_round",
    "rated_match",
    "seated_match",
    "seated_round",
    "simulated_sheet",
    "team_entrants",
    "team_fixture",
    "team_players",
]
