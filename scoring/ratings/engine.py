"""The rating arithmetic: openskill's Plackett–Luce model (Weng–Lin) over a list of matches, no Django.

A match is two sides (three at a three-player table), each a tuple of player ids, and each side's
total. The side with the higher total wins; equal totals are a tie. The players of a side are one
openskill *team*, so partners share the win or the loss, weighted by what openskill expects of them.
A three-player table is three teams of one, ranked by their totals (openskill rates n teams).

Everything is in the order given: the caller sorts (date, round, table, id). The same list gives the
same floats on every run: openskill is plain arithmetic, with no randomness.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from datetime import date

from openskill.models import PlackettLuce, PlackettLuceRating

#: Bump when the model or its settings change: stored ratings then count as stale (services.fingerprint).
MODEL_VERSION = "openskill-6.2.0 PlackettLuce mu=25 sigma=25/3 tau=25/300"


def make_model() -> PlackettLuce:
    return PlackettLuce()  # mu 25, sigma 25/3, beta 25/6, tau 25/300: openskill's defaults


def display_rating(mu: float, sigma: float) -> float:
    """The number shown: a cautious estimate, mu − 3σ (openskill's ``ordinal``). A newcomer starts at 0."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class Game:
    """One confirmed match. ``step`` names the evening or round it belongs to (one history point per
    player per step); ``day`` is that step's date (or None)."""

    step: Hashable
    day: date | None
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]


@dataclass
class Standing:
    """A player's rating after the matches seen so far."""

    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    last_day: date | None = None

    @property
    def rating(self) -> float:
        return display_rating(self.mu, self.sigma)


@dataclass(frozen=True)
class Point:
    """A player's rating at the end of one step (evening or round) in which they played."""

    player: int
    seq: int
    day: date | None
    mu: float
    sigma: float
    matches: int


@dataclass
class Result:
    standings: dict[int, Standing] = field(default_factory=dict)
    points: list[Point] = field(default_factory=list)
    rated: int = 0
    skipped: int = 0


def ranks(totals: tuple[int, ...]) -> list[float]:  # whole numbers; openskill takes floats
    """openskill ranks (0 = best): the number of sides with a strictly higher total, so ties share."""
    return [sum(other > mine for other in totals) for mine in totals]


def playable(game: Game) -> bool:
    """At least two sides, each with a player, the totals matching the sides, nobody on two sides."""
    players = [p for side in game.sides for p in side]
    return (
        len(game.sides) >= 2
        and len(game.totals) == len(game.sides)
        and all(game.sides)
        and len(players) == len(set(players))
    )


def rate(games: Iterable[Game]) -> Result:
    """Rate every player from scratch over ``games`` in their order."""
    model = make_model()
    current: dict[int, PlackettLuceRating] = {}
    result = Result()
    last_points: dict[tuple[int, Hashable], Point] = {}
    seqs: dict[int, int] = {}
    for game in games:
        if not playable(game):
            result.skipped += 1
            continue
        teams = [[current.get(p) or model.rating() for p in side] for side in game.sides]
        order = ranks(game.totals)
        rated = model.rate(teams, ranks=order)
        best = min(order)
        shared = order.count(best) > 1  # a tie for first place: a draw for those sharing it
        for side, new_side, place in zip(game.sides, rated, order):
            for player, new in zip(side, new_side):
                current[player] = new
                standing = result.standings.get(player)
                if standing is None:
                    standing = result.standings[player] = Standing(mu=new.mu, sigma=new.sigma)
                standing.mu, standing.sigma = new.mu, new.sigma
                standing.matches += 1
                if place == best:
                    if shared:
                        standing.draws += 1
                    else:
                        standing.wins += 1
                else:
                    standing.losses += 1
                if game.day is not None:
                    standing.last_day = game.day
                key = (player, game.step)
                seq = last_points[key].seq if key in last_points else seqs.get(player, 0) + 1
                seqs[player] = max(seqs.get(player, 0), seq)
                last_points[key] = Point(player, seq, game.day, new.mu, new.sigma, standing.matches)
        result.rated += 1
    result.points = list(last_points.values())
    return result
