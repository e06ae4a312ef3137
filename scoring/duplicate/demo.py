"""A played duplicate evening for ``seed_demo`` (and the end-to-end tests): every table plays the
boards of its wallet set with the engine's simulation of those very hands, the sheet is saved and
confirmed through the ordinary scoring services, as a club would enter it."""

from __future__ import annotations

import datetime
import random

from clubs.models import Club, Player, Team, TeamMember
from competitions.base.rulesets import ruleset_for_match
from competitions.models import Competition, Entrant, Match, Round
from competitions.pairings import mitchell
from scoring import services as scoring
from scoring.duplicate.models import Board, DuplicateSetup
from scoring.duplicate.services import create_duplicate
from scoring.rules.boards import Board as DealtBoard
from scoring.rules.boards import parse_hands, play_board
from scoring.sheet.deal_input import deal_to_dict

SLUG = "demo-portefeuille"
LIVE_SLUG = "demo-portefeuille-bezig"
TABLES, BOARDS = 4, 16


def table_sheet(match: Match, boards: dict[int, Board], setup: DuplicateSetup, rng: random.Random) -> list[dict]:
    """The sheet of one table: its wallet set's boards, each played from the dealt hands."""
    rules = ruleset_for_match(match)
    wallet = mitchell.wallet_at(setup.tables, match.table - 1, match.round.number - 1, setup.movement)
    sheet = []
    for number in mitchell.wallet_boards(wallet, setup.per_round):
        row = boards[number]
        dealt = DealtBoard(row.number, row.dealer, row.maker, parse_hands(row.hands))
        sheet.append(deal_to_dict(play_board(rules, rng, dealt).deal))
    return sheet


def play_evening(setup: DuplicateSetup, rng: random.Random, *, enterer, confirmer, skip: tuple = ()) -> None:
    """Enter and confirm every table of the evening; ``skip``: (round, table) left unplayed."""
    boards = {b.number: b for b in setup.board_rows.all()}
    matches = Match.objects.filter(round__competition=setup.competition).select_related("round__competition")
    for match in matches.order_by("round__number", "table"):
        if (match.round.number, match.table) in skip:
            continue
        saved = scoring.save_deals(
            match=match, user=enterer, deals=table_sheet(match, boards, setup, rng), version=match.version
        )
        if confirmer is not None and saved.status == Match.Status.ENTERED:
            scoring.confirm_match(match=saved, user=confirmer, version=saved.version)


def seed_duplicate_evening(club: Club, members: list[Player], *, enterer, confirmer, seed: int) -> Competition | None:
    """The demo's played duplicate evening (4 tables × 16 deals, 8 pairs); once: a second run finds
    it and changes nothing. ``members``: at least 16 players of ``club``."""
    if Competition.objects.filter(slug=SLUG).exists():
        return None
    competition, setup = _dealt(club, members, SLUG, "Portefeuille-avond oktober", datetime.date(2025, 10, 17), seed)
    play_evening(setup, random.Random(seed), enterer=enterer, confirmer=confirmer)
    return competition


def seed_duplicate_in_progress(
    club: Club, members: list[Player], *, enterer, confirmer, seed: int
) -> Competition | None:
    """A duplicate evening still being played, to see fair play (issue 24): round 1 confirmed at every
    table, round 2 entered (not confirmed) at table 1, the rest to play. No deal has been played by
    every table yet, so the public sees none of the play; the organiser sees it all. Once."""
    if Competition.objects.filter(slug=LIVE_SLUG).exists():
        return None
    competition, setup = _dealt(
        club, members, LIVE_SLUG, "Portefeuille-avond (bezig)", datetime.date(2025, 11, 21), seed
    )
    rng = random.Random(seed)
    later = tuple((r, t) for r in range(2, TABLES + 1) for t in range(1, TABLES + 1))
    play_evening(setup, rng, enterer=enterer, confirmer=confirmer, skip=later)
    first = tuple((r, t) for r in range(1, TABLES + 1) for t in range(1, TABLES + 1) if (r, t) != (2, 1))
    play_evening(setup, rng, enterer=enterer, confirmer=None, skip=first)
    return competition


def _pair_name(a: Player, b: Player, members: list[Player]) -> str:
    """The pair by its last names, or full names where a last name is not unique among ``members``."""
    last = [m.last_name for m in members]
    return " / ".join(p.last_name if last.count(p.last_name) == 1 else f"{p.first_name} {p.last_name}" for p in (a, b))


def _dealt(club: Club, members: list[Player], slug: str, name: str, date: datetime.date, seed: int):
    competition = Competition.objects.create(
        club=club,
        name=name,
        slug=slug,
        format=Competition.Format.DUPLICATE,
        ruleset="amsterdam",
        season_start=date,
        season_end=date,
    )
    entrants = []
    for i in range(2 * TABLES):
        a, b = members[2 * i], members[2 * i + 1]
        team, _created = Team.objects.get_or_create(
            club=club, name=_pair_name(a, b, members) + " (P)", kind=Team.Kind.PAIR
        )
        for position, player in enumerate((a, b), start=1):
            TeamMember.objects.get_or_create(team=team, position=position, defaults={"player": player})
        entrants.append(Entrant(competition=competition, team=team, name=team.name.removesuffix(" (P)"), seed=i + 1))
    Entrant.objects.bulk_create(entrants)
    setup = create_duplicate(competition=competition, tables=TABLES, boards=BOARDS, seed=seed)
    Round.objects.filter(competition=competition).update(date=date)
    return competition, setup
