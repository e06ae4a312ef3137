"""Small ORM factories for the sheet, export and import tests (rows made directly, plausibly scored)."""

from __future__ import annotations

import datetime
import itertools
import random

from django.contrib.auth import get_user_model
from django.utils import timezone

from clubs.models import Club, Player, StaffRole, Team, TeamMember
from competitions.models import Competition, Entrant, Match, MatchSeat, MatchSide, Round
from scoring.models import Deal

_seq = itertools.count(1)
FIRST = [
    "Jan",
    "Piet",
    "Kees",
    "Marijke",
    "Anneke",
    "Joëlle",
    "Sjaak",
    "Geertruida",
    "Ĳsbrand",
    "Henk",
    "Truus",
    "Bram",
]
LAST = ["de Vries", "Jansen", "van den Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "Dekker"]


def make_club(name: str = "KC De Zwarte Boer", **kwargs) -> Club:
    n = next(_seq)
    return Club.objects.create(name=name, slug=kwargs.pop("slug", f"club-{n}"), **kwargs)


def make_player(club: Club, first: str | None = None, last: str | None = None, number: str | None = None) -> Player:
    n = next(_seq)
    return Player.objects.create(
        club=club,
        member_number=number or str(1000 + n),
        first_name=first or FIRST[n % len(FIRST)],
        last_name=last or LAST[n % len(LAST)],
    )


def make_user(username: str | None = None, *, club: Club | None = None, role: str = "organiser"):
    user = get_user_model().objects.create_user(username or f"user{next(_seq)}", password="pw")
    if club is not None:
        StaffRole.objects.create(user=user, club=club, role=role)
    return user


def make_competition(club: Club | None = None, **kwargs) -> Competition:
    club = club or make_club()
    n = next(_seq)
    kwargs.setdefault("name", f"Wintercompetitie {n}")
    kwargs.setdefault("slug", f"winter-{n}")
    return Competition.objects.create(club=club, **kwargs)


def make_round(
    competition: Competition, number: int = 1, date=datetime.date(2025, 3, 14), *, status: str = Round.Status.PUBLISHED
) -> Round:
    """A round, published unless told (a draft round is private: competitions.selectors.is_visible_round)."""
    return Round.objects.create(competition=competition, number=number, date=date, status=status)


def make_team(club: Club, name: str, players: list[Player]) -> Team:
    team = Team.objects.create(club=club, name=name, kind="pair" if len(players) == 2 else "four")
    for position, player in enumerate(players, 1):
        TeamMember.objects.create(team=team, player=player, position=position)
    return team


def make_match(round_: Round, table: int, players: list[Player] | None = None, *, team_names=None) -> Match:
    """A table: 4 players N, E, S, W (sides 0, 1, 0, 1) or 3 players N, E, S (sides 0, 1, 2)."""
    club = round_.competition.club
    players = players or [make_player(club) for _ in range(4)]
    three = len(players) == 3
    match = Match.objects.create(round=round_, table=table, sides=3 if three else 2)
    seats = ("N", "E", "S") if three else ("N", "E", "S", "W")
    for seat, player in zip(seats, players):
        side = seats.index(seat) if three else seats.index(seat) % 2
        MatchSeat.objects.create(match=match, seat=seat, side=side, player=player)
    if team_names:
        competition = round_.competition
        pairs = [[players[0], players[2]], [players[1], players[3]]]
        for side, (name, pair) in enumerate(zip(team_names, pairs)):
            team = Team.objects.filter(club=club, name=name).first() or make_team(club, name, pair)
            entrant, _ = Entrant.objects.get_or_create(competition=competition, team=team, defaults={"name": name})
            MatchSide.objects.create(match=match, side=side, entrant=entrant)
    else:
        for side in range(3 if three else 2):
            MatchSide.objects.get_or_create(match=match, side=side)
    return match


def plausible_deal(rng: random.Random, number: int, *, bidder: int | None = None, sides: int = 2) -> dict:
    """One deal's fields, scored by the standard rules (made / nat / pit), for two or three sides."""
    bidder = rng.randrange(sides) if bidder is None else bidder
    if sides == 3:
        a = rng.randrange(0, 163)
        b = rng.randrange(0, 163 - a)
        points = [a, b, 162 - a - b]
        roem = [rng.choice([0, 0, 0, 20]) for _ in range(3)]
        total = sum(points) + sum(roem)
        made = points[bidder] + roem[bidder] > total / 2
        scores = [p + r for p, r in zip(points, roem)] if made else [0 if s == bidder else total for s in range(3)]
        return dict(
            number=number,
            bidder=bidder,
            points_a=points[0],
            points_b=points[1],
            points_c=points[2],
            roem_a=roem[0],
            roem_b=roem[1],
            roem_c=roem[2],
            score_a=scores[0],
            score_b=scores[1],
            score_c=scores[2],
            nat=not made,
            mark="" if made else "N",
        )
    pit = rng.random() < 0.04
    if pit:
        points = [162, 0] if bidder == 0 else [0, 162]
    else:
        a = rng.randrange(20, 143)
        points = [a, 162 - a]
    roem = [rng.choice([0, 0, 0, 20, 50, 40, 100]) for _ in range(2)]
    bonus = [100 * (points[s] == 162) for s in range(2)]
    other = 1 - bidder
    made = points[bidder] + roem[bidder] + bonus[bidder] > points[other] + roem[other] + bonus[other]
    if made:
        scores = [points[s] + roem[s] + bonus[s] for s in range(2)]
        mark = "P" if bonus[bidder] else ""
    else:
        scores = [0, 0]
        scores[other] = 162 + sum(roem) + sum(bonus)
        mark = "TP" if bonus[other] else "N"
    return dict(
        number=number,
        bidder=bidder,
        points_a=points[0],
        points_b=points[1],
        roem_a=roem[0],
        roem_b=roem[1],
        pit=(0 if points[0] == 162 else 1) if pit else None,
        score_a=scores[0],
        score_b=scores[1],
        nat=not made,
        mark=mark,
    )


def fill_match(
    match: Match, *, seed: int = 1, deals: int | None = None, confirmed: bool = True, user=None
) -> list[Deal]:
    """Enter plausible deals (and the side totals) straight into the database."""
    rng = random.Random(seed)
    count = deals or match.round.competition.deals_per_match
    rows = [Deal(match=match, **plausible_deal(rng, n, sides=match.sides)) for n in range(1, count + 1)]
    Deal.objects.bulk_create(rows)
    for side in MatchSide.objects.filter(match=match):
        field = "score_" + "abc"[side.side]
        side.total = sum(getattr(d, field) or 0 for d in rows)
        side.save(update_fields=["total"])
    match.deals_played = count
    match.status = Match.Status.CONFIRMED if confirmed else Match.Status.ENTERED
    if confirmed:
        match.confirmed_at = timezone.now()
        match.confirmed_by = user
    match.save()
    return rows


# --- reading files back -----------------------------------------------------------------------


def pdf_pages_text(content: bytes) -> list[str]:
    import io

    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages]


def render_png(content: bytes, tmp_path, *, page: int = 1, dpi: int = 60):
    """Render one page with poppler's pdftoppm; return the PNG path (fails if poppler refuses the PDF)."""
    import subprocess

    pdf = tmp_path / "file.pdf"
    pdf.write_bytes(content)
    prefix = tmp_path / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(pdf), str(prefix)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return prefix.with_suffix(".png")


def ink_ratio(png_path) -> float:
    """The share of pixels that are not (nearly) white: 0 for a blank page."""
    from PIL import Image

    image = Image.open(png_path).convert("L")
    histogram = image.histogram()
    dark = sum(histogram[:200])
    return dark / (image.width * image.height)
