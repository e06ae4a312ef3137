"""Public pages of competitions (no login). Thin: selectors read, tables list, templates show.

Each page runs a fixed number of queries whatever the size of the competition (at most 10; the
tests count them on a small and a larger generated competition).
"""

from __future__ import annotations

from django.shortcuts import redirect, render
from django.utils.http import urlencode
from django.views.decorators.http import condition
from django_tables2 import RequestConfig

from clubs.setup.selectors import has_own_club
from competitions import selectors
from competitions.evenings.selectors import evening_complete, evening_rounds
from competitions.league.calendar import webcal_url
from competitions.league.selectors import round_lines
from competitions.models import Competition
from competitions.pagecache.live import live_round_matches, stamp
from competitions.players import selectors as player_selectors
from competitions.players.tables import PartnerTable, PlayerEveningTable, PlayerMatchTable
from competitions.season.forms import tie_choices
from competitions.standings import (
    evening_results,
    evening_results_by_number,
    standings,
)
from competitions.standings.notes import imported_note, season_notes
from competitions.standings.prizes import prize_rule_text
from competitions.standings.report import evening_report, evening_statistics, season_rows_after, statistics_lines
from competitions.standings.tables import EveningResultTable, ProjectorTable
from competitions.tables import CompetitionTable, EveningTable, MatchTable, RoundTable

PROJECTOR_ROWS = 200  # every row: long lists page by themselves (static/js/projector.js)
PROJECTOR_REFRESH = 30  # seconds: the page reloads itself without JavaScript
PROJECTOR_POLL_MS = 1500  # with JavaScript: asks whether anything changed, shows it within 2 s
PROJECTOR_PAGE_SECONDS = 8  # a long list shows its next page after this many seconds
PROJECTOR_SCREEN_ROWS = 12  # without JavaScript: rows per screen, the page refreshing to the next screen


def home(request):
    if not has_own_club():  # a fresh install (the demo's clubs do not count): set up the club first
        return redirect("setup:setup")
    table = CompetitionTable(selectors.public_competitions(), order_by="-last_date")
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "competitions/home.html", {"table": table})


def competition_detail(request, slug):
    competition = selectors.public_competition(slug)
    rounds = RoundTable(selectors.published_rounds(competition), slug=slug, prefix="r-")
    RequestConfig(request, paginate=False).configure(rounds)
    evenings = None
    if competition.format == Competition.Format.INDIVIDUAL:
        evenings = EveningTable(selectors.evenings_with_results(competition), slug=slug, prefix="e-")
        RequestConfig(request, paginate=False).configure(evenings)
    seen = selectors.play_seen(request.user, competition)
    latest = [selectors.table_view(m) for m in selectors.latest_results(competition) if seen.match(m.pk)]
    latest_table = MatchTable(latest, slug=slug, show_round=True, prefix="l-", orderable=False)
    context = {
        "competition": competition,
        "rounds": rounds,
        "evenings": evenings,
        "latest": latest_table,
        "has_latest": bool(latest),
        "webcal": webcal_url(request, competition),
        # the tie-breakers in words, never their codes ("total, evening_average"; issue 33 item 11)
        "tie_breakers": [str(dict(tie_choices()).get(k, k)) for k in competition.tie_breakers or []],
    }
    return render(request, "competitions/detail.html", context)


def live_etag(request, slug) -> str | None:
    """The projector's competition, and for its live part (``?part=live``) the ETag from
    ``competitions.pagecache.live.stamp``; found once, kept on the request for the view."""
    competition = selectors.public_competition(slug)
    live = request.GET.get("part") == "live"
    etag = f'"{stamp(competition)}-{request.LANGUAGE_CODE}"' if live else ""  # the page's first poll gets one
    request.projected = (competition, etag)
    return etag or None


@condition(etag_func=live_etag)
def projector(request, slug):
    """The standings for the club wall: large type, live. For club evenings also the latest
    evening's result, and the current round's tables with their results.

    The page polls itself (``?part=live``: only the lists, with an ETag from
    ``competitions.pagecache.live.stamp``, so a poll while nothing changed costs two small queries and no
    rendering: Django's ``condition()`` answers 304); static/js/projector.js pages long lists on a small beamer."""
    competition, etag = request.projected
    live = bool(etag)
    context = dict(_projector_context(request, competition), etag=etag)
    response = render(request, "competitions/projector_live.html" if live else "competitions/projector.html", context)
    if live:
        response["Cache-Control"] = "no-cache"
    return response


def _projector_context(request, competition) -> dict:
    try:
        limit = max(5, min(int(request.GET.get("rows", PROJECTOR_ROWS)), PROJECTOR_ROWS))
    except ValueError:
        limit = PROJECTOR_ROWS
    try:
        pace = max(1, min(int(request.GET.get("pace", PROJECTOR_PAGE_SECONDS)), 60))
    except ValueError:
        pace = PROJECTOR_PAGE_SECONDS
    rows = standings(competition)
    season_rows, tonight_rows = rows[:limit], []
    tonight = evening = None
    if competition.format == Competition.Format.INDIVIDUAL:
        played = [e.number for r in rows for e in r.evenings if not e.absent and e.number is not None]
        if played:
            evening = max(played)
            names = {r.player_id: r.name for r in rows}
            tonight_rows = evening_results_by_number(
                competition,
                evening,
                names=names,
                imported=any(e.imported for r in rows for e in r.evenings if e.number == evening),
            )[:limit]
    matches = live_round_matches(competition)
    round_ = matches[0].round if matches else None
    seen = selectors.play_seen(request.user, competition)
    tables = [selectors.table_view(m, play_shown=seen.match(m.pk)) for m in matches]
    # Without JavaScript (issue 34 item 7): ?screen=N shows the N-th screenful of every list, and the
    # page's meta refresh (and a plain link) goes on to the next screen, then back to the first.
    screens = max(1, *(-(-len(rows_) // PROJECTOR_SCREEN_ROWS) for rows_ in (season_rows, tonight_rows, tables)))
    screen = request.GET.get("screen", "")
    screen = int(screen) if screen.isascii() and screen.isdigit() and 1 <= int(screen) <= screens else None
    if screen is not None:
        part = slice((screen - 1) * PROJECTOR_SCREEN_ROWS, screen * PROJECTOR_SCREEN_ROWS)
        season_rows, tonight_rows, tables = season_rows[part], tonight_rows[part], tables[part]
    following = (screen or 1) % screens + 1
    query = {k: v for k, v in request.GET.dict().items() if k not in ("part", "screen")}
    season = ProjectorTable(season_rows, competition=competition)
    if evening is not None:
        tonight = ProjectorTable(tonight_rows, competition=competition, show_played=False)
    return {
        "screen": screen or 1,
        "screens": screens,
        "next_url": f"{request.path}?{urlencode({**query, 'screen': following})}",
        "competition": competition,
        "season": season,
        "season_notes": season_notes(competition, rows),
        "tonight": tonight,
        "evening": evening,
        "round": round_,
        "tables": tables,
        "refresh": PROJECTOR_REFRESH,
        "poll_ms": PROJECTOR_POLL_MS,
        "pace": pace,
        "live_url": f"{request.path}?{urlencode({**request.GET.dict(), 'part': 'live'})}",
    }


def round_detail(request, slug, number):
    competition = selectors.public_competition(slug)
    round_ = selectors.public_round(competition, number)
    seen = selectors.play_seen(request.user, competition)
    records = [selectors.table_view(m, play_shown=seen.match(m.pk)) for m in selectors.round_matches(round_)]
    table = MatchTable(records, slug=slug)
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "competition": competition,
        "round": round_,
        "table": table,
        "byes": selectors.round_byes(round_),
        "has_next": selectors.has_published_round(competition, number + 1),
        "fixture_lines": round_lines(competition, number) if competition.format == Competition.Format.TEAMS else [],
    }
    return render(request, "competitions/round.html", context)


def evening_detail(request, slug, number):
    competition = selectors.public_competition(slug)
    evening = selectors.public_evening(competition, number)
    season = season_rows_after(evening)  # for the evening's statistics; its names serve the result too
    rows = evening_results(evening, names={r.player_id: r.name for r in season})
    rounds = sorted({n for r in rows for n in r.rounds})
    tables = evening_rounds(evening)  # each round's tables and totals (competitions.evenings.selectors)
    labels = {lines.round.number: lines.round.evening_round for lines in tables if lines.round.evening_round}
    table = EveningResultTable(rows, competition=competition, round_numbers=rounds, round_labels=labels)
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "competition": competition,
        "evening": evening,
        "table": table,
        "statistics": statistics_lines(evening_statistics(evening, rows, season)) if rows else [],
        "rounds": tables,
        "complete": evening_complete(tables, competition.rounds_per_evening),
        "prize_rule": prize_rule_text(competition, len(rows)),
    }
    return render(request, "competitions/evening.html", context)


def evening_report_page(request, slug, number):
    """The evening's report for the local paper, ready to copy (competitions.standings.report)."""
    competition = selectors.public_competition(slug)
    evening = selectors.public_evening(competition, number)
    context = {"competition": competition, "evening": evening, "report": evening_report(evening)}
    return render(request, "competitions/evening_report.html", context)


def player_detail(request, slug, player_id):
    competition = selectors.public_competition(slug)
    player = player_selectors.competition_player(competition, player_id)
    summary = player_selectors.player_summary(competition, player, selectors.play_seen(request.user, competition))
    matches = PlayerMatchTable(summary.matches, slug=slug, prefix="m-")
    partners = PartnerTable(summary.partners, slug=slug, prefix="p-")
    evenings = PlayerEveningTable(summary.evenings, slug=slug, prefix="e-")
    imported = [e["number"] for e in summary.evenings if e.get("imported")]
    for table in (matches, partners, evenings):
        RequestConfig(request, paginate=False).configure(table)
    context = {
        "competition": competition,
        "player": player,
        "summary": summary,
        "stats": summary.stats,
        "matches": matches,
        "partners": partners,
        "evenings": evenings if competition.format == Competition.Format.INDIVIDUAL else None,
        "imported_note": imported_note(imported) if imported else "",
    }
    return render(request, "competitions/player.html", context)
