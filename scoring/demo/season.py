"""``manage.py seed_demo``: a demo club with a simulated season, built through the services.

What it makes (once; running it again changes nothing):

- the club "KV De Troefboer" with 28 members, and three neighbouring clubs with a few members;
- the league "Regio Utrecht" with those four clubs as member clubs;
- club evenings: 10 evenings x 3 rounds, attendance 24-28, drawn by ``competitions.services``
  (attendance not divisible by four gives byes, see ``THREE_PLAYER_TABLES``);
- fixed pairs: 8 pairs, a round robin of 7 rounds of which 5 are (partly) played;
- the league: six teams of four, a round robin of 5 rounds of which 3 are played;
- a duplicate (portefeuille) evening: 8 pairs, 4 tables x 16 deals, played and confirmed.

Every result is a sheet of ``simulate_deal`` deals saved by ``scoring.services.save_deals`` and
mostly confirmed by a second person with ``confirm_match``; a few tables stay entered or half
entered, to show the confirmation flow. Demo logins: ``organiser`` and ``scorer``, password ``demo``.
"""

from __future__ import annotations

import datetime
import random

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Player, StaffRole, Team, TeamMember
from clubs.names import with_sort_names
from competitions import services as organise
from competitions.base.rulesets import first_dealer_of, ruleset_for_match
from competitions.models import Competition, Division, Entrant, Match, Round
from core.planner_statistics import refresh_statistics
from scoring import services as scoring
from scoring.duplicate.demo import seed_duplicate_evening, seed_duplicate_in_progress
from scoring.models import Deal
from scoring.ratings.demo import seed_ratings
from scoring.rules import dealer_for_deal, simulate_deal
from scoring.sheet.deal_input import deal_to_dict

SEED = 1946  # the random seed of the whole demo season: the same data every time
PASSWORD = "demo"
SEASON_START = datetime.date(2025, 9, 3)
# Attendance not divisible by four: tables of three, which play driemans (competitions.base.rulesets).
THREE_PLAYER_TABLES = True
EVENINGS = 10
ATTENDANCE = (28, 26, 24, 27, 25, 28, 26, 25, 27, 24)

DEMO = ("demo", "KV De Troefboer", "Utrecht")
LEAGUE = ("regio-utrecht", "Regio Utrecht", "Utrecht")
NEIGHBOURS = (  # slug, name, place, members
    ("harten-troef", "KC Harten Troef", "Amersfoort", 8),
    ("vrolijke-boer", "De Vrolijke Boer", "Zeist", 4),
    ("klaveren-aas", "KV Klaveren Aas", "Nieuwegein", 4),
)
FIRST_NAMES = (
    "Jan Piet Kees Henk Gerrit Willem Marja Ans Riet Truus Joke Bep Cor Dirk Fenna Gerda Hans Ineke "
    "Joop Klaas Lies Margriet Nel Oene Rob Sjaak Tineke Wim Anneke Bram Corrie Evert Hennie Jaap"
).split()
LAST_NAMES = (
    "de Vries",
    "Jansen",
    "van den Berg",
    "Bakker",
    "Visser",
    "Smit",
    "Meijer",
    "de Boer",
    "Mulder",
    "de Groot",
    "Bos",
    "Vos",
    "Peters",
    "Hendriks",
    "van Leeuwen",
    "Dekker",
    "Brouwer",
    "de Wit",
    "Dijkstra",
    "Smits",
    "de Graaf",
    "van der Meer",
    "van der Linden",
    "Kok",
    "Jacobs",
    "de Haan",
    "Vermeulen",
    "van Dijk",
    "Schouten",
    "Willems",
    "Hoekstra",
    "Koster",
    "Prins",
    "Huisman",
)


class DemoConflict(ValueError):
    """The demo cannot be made: a club of its own uses one of its addresses."""


def database_is_empty() -> bool:
    """No club and no login yet: a new install, the only one ``make run`` seeds the demo into (once the
    demo is removed, a club of its own or the superuser who removed it remains, so it never comes back)."""
    return not Club.objects.exists() and not get_user_model().objects.exists()


@transaction.atomic
def seed_demo() -> str:
    """Create the demo data once; a second run finds it and changes nothing. Returns a summary."""
    rng = random.Random(SEED)
    club = _club(*DEMO)
    members = _members(club, 28, offset=0)
    organiser = _user("organiser", club, StaffRole.Role.ORGANISER)
    scorer = _user("scorer", club, StaffRole.Role.SCORER)
    league = _club(*LEAGUE, is_league=True)
    StaffRole.objects.get_or_create(user=organiser, club=league, role=StaffRole.Role.ORGANISER)
    neighbours = []
    for index, (slug, name, place, count) in enumerate(NEIGHBOURS):
        other = _club(slug, name, place)
        neighbours.append((other, _members(other, count, offset=7 * (index + 1)), _helper_scorer(other)))
    league.member_clubs.add(club, *(n[0] for n in neighbours))

    people = _People(organiser=organiser, scorer=scorer, club_scorers={c.pk: s for c, _m, s in neighbours})
    if not Competition.objects.filter(slug="demo-clubavonden").exists():
        _club_evenings(club, members, people, random.Random(rng.random()))
    if not Competition.objects.filter(slug="demo-vaste-paren").exists():
        _fixed_pairs(club, members, people, random.Random(rng.random()))
    if not Competition.objects.filter(slug="regio-utrecht-teams").exists():
        teams = [(club, members[:8], 2)] + [(c, m, len(m) // 4) for c, m, _s in neighbours]
        _league(league, teams, people, random.Random(rng.random()))
    # A played duplicate (portefeuille) evening of 4 tables x 16 deals (scoring.duplicate.demo).
    seed_duplicate_evening(club, members[:16], enterer=scorer, confirmer=organiser, seed=SEED)
    # One still being played (round 1 confirmed, round 2 entered at one table): fair play, issue 24.
    seed_duplicate_in_progress(club, members[12:28], enterer=scorer, confirmer=organiser, seed=SEED + 1)
    _refresh_statistics()
    return _summary() + seed_ratings()  # player ratings of every club and league (scoring.ratings)


def _refresh_statistics() -> None:
    """Seasons written at once: PostgreSQL plans the draws', the ratings' and every page's queries on
    their real size (core.planner_statistics: on tables analysed while empty, one standings query of the
    demo took 47 s)."""
    models = (
        model for label in ("clubs", "competitions", "scoring") for model in apps.get_app_config(label).get_models()
    )
    refresh_statistics(*models)


# --- clubs, members and people ------------------------------------------------------------------


def _club(slug: str, name: str, city: str, *, is_league: bool = False) -> Club:
    club, _created = Club.objects.get_or_create(
        slug=slug, defaults={"name": name, "city": city, "is_league": is_league, "is_demo": True}
    )
    if not club.is_demo:
        raise DemoConflict(
            _("A club of its own has the demo's address %(slug)s: the demo is not made beside it.") % {"slug": slug}
        )
    return club


def _members(club: Club, count: int, *, offset: int) -> list[Player]:
    """``count`` members numbered 1001 on; names drawn from the lists in a fixed order."""
    existing = {p.member_number: p for p in club.players.all()}
    new = []
    for i in range(count):
        number = str(1001 + i)
        if number not in existing:
            first = FIRST_NAMES[(i + offset) % len(FIRST_NAMES)]
            last = LAST_NAMES[(i * 7 + offset) % len(LAST_NAMES)]
            new.append(Player(club=club, member_number=number, first_name=first, last_name=last))
    Player.objects.bulk_create(with_sort_names(new))
    return list(club.players.filter(member_number__in=[str(1001 + i) for i in range(count)]).order_by("member_number"))


def _user(username: str, club: Club, role: str):
    """A demo login: never Django staff (organisers and scorers work on the site's own pages)."""
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(PASSWORD)
        user.save(update_fields=["password"])
    StaffRole.objects.get_or_create(user=user, club=club, role=role)
    return user


def _helper_scorer(club: Club):
    """The scorer of a neighbouring club (no password: it cannot log in), who enters its league tables."""
    user, created = get_user_model().objects.get_or_create(username=f"scorer-{club.slug}")
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    StaffRole.objects.get_or_create(user=user, club=club, role=StaffRole.Role.SCORER)
    return user


class _People:
    """Who enters and who confirms a table: a scorer enters, the organiser confirms."""

    def __init__(self, *, organiser, scorer, club_scorers: dict):
        self.organiser, self.scorer, self.club_scorers = organiser, scorer, club_scorers

    def enterer(self, match: Match, demo_club_id: int):
        clubs = {s.entrant.team.club_id for s in match.match_sides.all() if s.entrant and s.entrant.team}
        if not clubs or demo_club_id in clubs:
            return self.scorer
        return self.club_scorers[min(clubs)]


# --- results --------------------------------------------------------------------------------------


def _play(match: Match, rng: random.Random, *, enterer, confirmer, deals: int | None = None) -> None:
    """Save a simulated sheet (all deals, or the first ``deals``), then let ``confirmer`` confirm it."""
    competition = match.round.competition
    rules = ruleset_for_match(match)
    first = first_dealer_of(competition)
    count = rules.deals_per_match if deals is None else deals
    sheet = [
        deal_to_dict(simulate_deal(rules, rng, dealer=dealer_for_deal(rules, n, first)).deal)
        for n in range(1, count + 1)
    ]
    saved = scoring.save_deals(match=match, user=enterer, deals=sheet, version=match.version)
    if confirmer is not None and saved.status == Match.Status.ENTERED:
        scoring.confirm_match(match=saved, user=confirmer, version=saved.version)


def _play_round(
    round: Round, rng: random.Random, people: _People, *, demo_club_id: int, open_tables: tuple = ()
) -> None:
    """Play every table of a round. ``open_tables``: per table from the end, "entered" (not confirmed),
    "draft" (half a sheet) or "open" (nothing)."""
    matches = list(
        round.matches.select_related("round__competition")
        .prefetch_related("match_sides__entrant__team")
        .order_by("table")
    )
    states = dict(zip(reversed([m.table for m in matches]), open_tables))
    for match in matches:
        state = states.get(match.table, "confirmed")
        if state == "open":
            continue
        enterer = people.enterer(match, demo_club_id)
        league = match.round.competition.club.is_league  # there the league's organiser confirms (issue 34)
        if state == "confirmed" and enterer == people.scorer and match.table % 4 == 0 and not league:
            enterer = people.organiser  # now and then the organiser enters and the scorer confirms
        confirmer = people.organiser if enterer != people.organiser else people.scorer
        if state == "draft":
            _play(match, rng, enterer=enterer, confirmer=None, deals=8)
        else:
            _play(match, rng, enterer=enterer, confirmer=confirmer if state == "confirmed" else None)


# --- the three competitions ---------------------------------------------------------------------


def _club_evenings(club: Club, members: list[Player], people: _People, rng: random.Random) -> None:
    competition = Competition.objects.create(
        club=club,
        name="Clubavonden 2025-2026",
        slug="demo-clubavonden",
        format=Competition.Format.INDIVIDUAL,
        ruleset="amsterdam",
        rounds_per_evening=3,
        three_player_tables=THREE_PLAYER_TABLES,
        season_start=SEASON_START,
        season_end=SEASON_START + datetime.timedelta(weeks=EVENINGS),
        standings_method=Competition.StandingsMethod.BEST_N,
        count_best=8,
        # A real club's reglement (RULES.md §9): best 8 of 12 planned evenings, struck only at the
        # season's end (after 10 played the standing is still the plain sum), at least 6 evenings
        # played to be ranked, and a points champion over all evenings.
        planned_evenings=12,
        best_from=Competition.BestFrom.SEASON_END,
        min_evenings=6,
        points_champion=True,
    )
    for number, present in enumerate(ATTENDANCE, start=1):
        date = SEASON_START + datetime.timedelta(weeks=number - 1)
        evening = organise.create_evening(competition=competition, date=date)
        organise.register_attendance(evening=evening, players=rng.sample(members, present))
        for r in range(competition.rounds_per_evening):
            round = organise.draw_next_round(evening=evening, seed=SEED * 100 + number * 10 + r)
            organise.publish_round(round=round)
            last = number == EVENINGS and r == competition.rounds_per_evening - 1
            _play_round(
                round, rng, people, demo_club_id=club.pk, open_tables=("draft", "entered", "entered") if last else ()
            )
        if number == 1:
            _refresh_statistics()  # the next evenings' draws read the standings of the first


def _pair_teams(club: Club, members: list[Player], count: int) -> list[Team]:
    teams = []
    for i in range(count):
        a, b = members[2 * i], members[2 * i + 1]
        team, _created = Team.objects.get_or_create(
            club=club, name=f"{a.last_name} / {b.last_name}", kind=Team.Kind.PAIR
        )
        for position, player in enumerate((a, b), start=1):
            TeamMember.objects.get_or_create(team=team, position=position, defaults={"player": player})
        teams.append(team)
    return teams


def _fixed_pairs(club: Club, members: list[Player], people: _People, rng: random.Random) -> None:
    competition = Competition.objects.create(
        club=club,
        name="Parencompetitie 2025-2026",
        slug="demo-vaste-paren",
        format=Competition.Format.PAIRS,
        ruleset="rotterdam",
        season_start=SEASON_START,
        season_end=datetime.date(2026, 5, 27),
    )
    pairs = _pair_teams(club, members[12:], 8)
    Entrant.objects.bulk_create(
        [Entrant(competition=competition, team=t, name=t.name, seed=i) for i, t in enumerate(pairs, start=1)]
    )
    rounds = organise.generate_fixtures(competition=competition)
    for index, round in enumerate(rounds[:5]):
        _date_and_publish(round, SEASON_START + datetime.timedelta(days=2, weeks=2 * index))
        open_tables = ("draft", "entered") if index == 4 else ()
        _play_round(round, rng, people, demo_club_id=club.pk, open_tables=open_tables)


def _league(league: Club, teams: list[tuple[Club, list[Player], int]], people: _People, rng: random.Random) -> None:
    competition = Competition.objects.create(
        club=league,
        name="Regiocompetitie viertallen 2025-2026",
        slug="regio-utrecht-teams",
        format=Competition.Format.TEAMS,
        ruleset="amsterdam",
        season_start=SEASON_START,
        season_end=datetime.date(2026, 4, 30),
    )
    division = Division.objects.create(competition=competition, name="Hoofdklasse", order=1)
    entrants: list[Entrant] = []
    for club, members, count in teams:
        for n in range(1, count + 1):
            team, _created = Team.objects.get_or_create(club=club, name=f"{club.name} {n}", kind=Team.Kind.FOUR)
            for position, player in enumerate(members[4 * (n - 1) : 4 * n], start=1):
                TeamMember.objects.get_or_create(team=team, position=position, defaults={"player": player})
            entrants.append(
                Entrant(competition=competition, division=division, team=team, name=team.name, seed=len(entrants) + 1)
            )
    Entrant.objects.bulk_create(entrants)
    rounds = organise.generate_fixtures(competition=competition)
    demo_club_id = teams[0][0].pk
    for index, round in enumerate(rounds):
        _date_and_publish(round, SEASON_START + datetime.timedelta(days=9, weeks=4 * index))
        if index < 3:
            _play_round(round, rng, people, demo_club_id=demo_club_id, open_tables=("entered",) if index == 2 else ())


def _date_and_publish(round: Round, date: datetime.date) -> None:
    Round.objects.filter(pk=round.pk).update(date=date)
    organise.publish_round(round=round)


def _summary() -> str:
    matches = Match.objects.filter(round__competition__club__slug__in=[DEMO[0], LEAGUE[0]])
    counts = {status: matches.filter(status=status).count() for status in Match.Status.values}
    return _(
        "Demo ready: %(clubs)s clubs and a league, %(members)s members of %(club)s, %(competitions)s competitions, "
        "%(matches)s tables (%(confirmed)s confirmed, %(entered)s awaiting confirmation, %(draft)s partly entered, "
        "%(open)s not played yet), %(deals)s deals. Logins: organiser / demo and scorer / demo."
    ) % {
        "clubs": Club.objects.filter(slug__in=[DEMO[0]] + [n[0] for n in NEIGHBOURS]).count(),
        "members": Player.objects.filter(club__slug=DEMO[0]).count(),
        "club": DEMO[1],
        "competitions": Competition.objects.filter(club__slug__in=[DEMO[0], LEAGUE[0]]).count(),
        "matches": matches.count(),
        "confirmed": counts[Match.Status.CONFIRMED],
        "entered": counts[Match.Status.ENTERED],
        "draft": counts[Match.Status.DRAFT],
        "open": counts[Match.Status.OPEN],
        "deals": Deal.objects.filter(match__in=matches).count(),
    }
