"""Competitions and what they hold: evenings, rounds, entrants, fixtures, byes, tables (``Match``) with seats and sides."""

from __future__ import annotations

import factory
from factory.django import DjangoModelFactory

from competitions.evenings.models import Evening
from competitions.models import Bye, Competition, Division, Entrant, Fixture, Match, MatchSeat, MatchSide, Round
from tests.factories.clubs import ClubFactory, PlayerFactory


class CompetitionFactory(DjangoModelFactory):
    """An individual competition of a new club (``club=`` to choose), slug ``comp-<n>``, named after its slug
    (``winter-league`` → "Winter League")."""

    class Meta:
        model = Competition

    club = factory.SubFactory(ClubFactory)
    slug = factory.Sequence(lambda n: f"comp-{n}")
    name = factory.LazyAttribute(lambda o: o.slug.replace("-", " ").title())
    format = Competition.Format.INDIVIDUAL


class DivisionFactory(DjangoModelFactory):
    class Meta:
        model = Division

    competition = factory.SubFactory(CompetitionFactory)
    name = factory.Sequence(lambda n: f"Poule {n}")


class EveningFactory(DjangoModelFactory):
    """A club evening, numbered after the competition's last one unless ``number=``."""

    class Meta:
        model = Evening

    competition = factory.SubFactory(CompetitionFactory)
    number = factory.LazyAttribute(lambda o: o.competition.evenings.count() + 1)


class RoundFactory(DjangoModelFactory):
    """A round, numbered after the competition's last one unless ``number=``; published unless ``status=``
    (a draft round is private: competitions.selectors.is_visible_round)."""

    class Meta:
        model = Round

    competition = factory.SubFactory(CompetitionFactory)
    number = factory.LazyAttribute(lambda o: o.competition.rounds.count() + 1)
    status = Round.Status.PUBLISHED


class EntrantFactory(DjangoModelFactory):
    """An entrant: ``player=`` (an individual; a new member of the club unless ``team=``) or ``team=``;
    named after them unless ``name=``. A member is entered once: asking again gives the same entrant."""

    class Meta:
        model = Entrant

    competition = factory.SubFactory(CompetitionFactory)
    team = None
    player = factory.Maybe(
        "team",
        yes_declaration=None,
        no_declaration=factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..competition.club")),
    )
    name = factory.LazyAttribute(lambda o: o.player.name if o.player else o.team.name)

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        if kwargs.get("player") is not None:
            entered = model_class.objects.filter(competition=kwargs["competition"], player=kwargs["player"]).first()
            if entered is not None:
                return entered
        return super()._create(model_class, *args, **kwargs)


class FixtureFactory(DjangoModelFactory):
    class Meta:
        model = Fixture

    round = factory.SubFactory(RoundFactory)
    home = factory.SubFactory(EntrantFactory, competition=factory.SelfAttribute("..round.competition"))
    away = factory.SubFactory(EntrantFactory, competition=factory.SelfAttribute("..round.competition"))


class ByeFactory(DjangoModelFactory):
    class Meta:
        model = Bye

    round = factory.SubFactory(RoundFactory)
    entrant = factory.SubFactory(EntrantFactory, competition=factory.SelfAttribute("..round.competition"))


class MatchFactory(DjangoModelFactory):
    """A table of a round (no seats: ``seated_match`` seats players), numbered after the round's last one."""

    class Meta:
        model = Match

    round = factory.SubFactory(RoundFactory)
    table = factory.LazyAttribute(lambda o: o.round.matches.count() + 1)
    sides = 2


class MatchSideFactory(DjangoModelFactory):
    class Meta:
        model = MatchSide

    match = factory.SubFactory(MatchFactory)
    side = 0


class MatchSeatFactory(DjangoModelFactory):
    class Meta:
        model = MatchSeat

    match = factory.SubFactory(MatchFactory)
    seat = "N"
    side = 0
    player = factory.SubFactory(PlayerFactory, club=factory.SelfAttribute("..match.round.competition.club"))
