"""Benchmarks of the printed sheets and the exports (issue 5, item 6), for ``manage.py bench``.

Data is generated with ``bulk_create`` in the bench's throw-away database. ``manage.py bench`` finds it
as it finds every ``benchmarks.py`` of a feature folder.

Each file's target is a ratio to the bare library doing the least of the same work in the same run:
a PDF of plain reportlab pages with a 16-line grid and a few words each, an xlsx of as many rows of
plain values written by openpyxl's write-only workbook. Memory keeps an absolute bar.
"""

from __future__ import annotations

import ctypes
import gc
import io
import os
import random
import tempfile
import threading
import time

from openpyxl import Workbook
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from benchmarking import Measurement, Stopwatch, at_most, benchmark, cost_ratio, rate, sized
from clubs.models import Club, Player, Team
from competitions.models import Competition, Entrant, Match, MatchSeat, MatchSide, Round
from competitions.standings import standings
from competitions.standings.exports import StandingsExporter
from competitions.standings.pdf import StandingsRenderer
from documents.xlsx import write_xlsx
from scoring.models import Deal
from scoring.prints.pdf import ScoreSheetRenderer
from scoring.prints.sheets import sheets_for_round
from scoring.results.exports import ResultsExporter

SHEETS_TABLES = 250
RESULT_DEALS = 480_000
# Times the bare library's cost for the same count (bars with a margin over what the code does today;
# they replace 100 sheets/s, 30,000 rows/s and 2,000 ms, absolute figures that moved with the processor).
# Both sides in CPU time (``time.process_time``: everything runs in this process), per sheet or per row.
SHEETS_BAR = 22  # 14-16x measured
RESULTS_XLSX_BAR = 0.2  # 0.08-0.1x measured: documents/xlsx.py writes rows ~10x faster than plain openpyxl
STANDINGS_XLSX_BAR = 3  # 1.7-2.2x measured
BARE_ROWS = 20_000  # the bare export's sample, per-row cost compared


def cpu_seconds(func, *args) -> float:
    started = time.process_time()
    func(*args)
    return time.process_time() - started


def bare_pdf(pages: int) -> int:
    """The bare reference of a PDF of sheets: plain reportlab pages, a 16-line grid and a few words each."""
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    for page in range(pages):
        canvas.setFont("Helvetica", 11)
        canvas.drawString(40, 800, f"Tafel {page + 1}")
        for line in range(17):
            canvas.line(40, 760 - 20 * line, 555, 760 - 20 * line)
            canvas.drawString(44, 745 - 20 * line, str(line + 1))
        canvas.showPage()
    canvas.save()
    return len(out.getvalue())


def bare_xlsx(rows: int, columns: int) -> int:
    """The bare reference of an export: ``rows`` rows of plain values in openpyxl's write-only workbook."""
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("bare")
    for row in range(rows):
        sheet.append([f"Speler {row}" if column == 0 else row + column for column in range(columns)])
    with tempfile.TemporaryFile() as out:
        workbook.save(out)
        return out.tell()


def _club_and_competition(slug: str, **kwargs):

    club, _ = Club.objects.get_or_create(slug="bench-exports", defaults={"name": "KC Bench"})
    Competition.objects.filter(slug=slug).delete()
    return club, Competition.objects.create(club=club, name=f"Bench {slug}", slug=slug, **kwargs)


def _players(club, count: int):

    start = Player.objects.filter(club=club).count()
    Player.objects.bulk_create(
        [
            Player(club=club, member_number=f"b{start + i}", first_name=f"Speler{start + i}", last_name="van den Berg")
            for i in range(count)
        ]
    )
    return list(Player.objects.filter(club=club).order_by("-id")[:count])


def make_round_with_tables(tables: int):
    """One round of ``tables`` four-player tables with seats and named sides."""

    club, competition = _club_and_competition("bench-sheets", rule_options={"trump_choice": "verplicht"})
    players = _players(club, tables * 4)
    entrants = Entrant.objects.bulk_create([Entrant(competition=competition, player=p, name=p.name) for p in players])
    round_ = Round.objects.create(competition=competition, number=1, status=Round.Status.PUBLISHED)
    matches = Match.objects.bulk_create([Match(round=round_, table=t) for t in range(1, tables + 1)])
    seats, sides = [], []
    for i, match in enumerate(matches):
        four = players[4 * i : 4 * i + 4]
        seats += [MatchSeat(match=match, seat=s, side=n % 2, player=p) for n, (s, p) in enumerate(zip("NESW", four))]
        sides += [
            MatchSide(match=match, side=0, entrant=entrants[4 * i]),
            MatchSide(match=match, side=1, entrant=entrants[4 * i + 1]),
        ]
    MatchSeat.objects.bulk_create(seats)
    MatchSide.objects.bulk_create(sides)
    return round_


@benchmark("score sheets of a round", group="exports", needs_db=True)
def bench_sheets(size: str):

    tables = sized(size, small=4, quick=40, full=SHEETS_TABLES)
    round_ = make_round_with_tables(tables)
    urls = lambda m: (f"http://club.local/matches/{m.pk}/enter/", f"club.local/matches/{m.pk}/enter/")  # noqa: E731
    cpu = time.process_time()
    with Stopwatch() as sw:
        pdf = ScoreSheetRenderer(sheets_for_round(round_, urls=urls)).render()
    cpu = time.process_time() - cpu
    value = rate(tables, sw.seconds)
    bare = cpu_seconds(bare_pdf, tables)
    target, ok, against = cost_ratio(cpu, bare, bar=SHEETS_BAR, baseline="bare reportlab pages")
    return Measurement(
        "sheets.pdf",
        value,
        "sheets/s",
        target,
        ok,
        f"{tables} tables, {len(pdf) // 1024} kB; {rate(tables, cpu):.0f}/s of CPU time",
        against,
    )


def make_results(deals: int, *, per_match: int = 16, tables_per_round: int = 300):
    """A competition with ``deals`` plausible deals (two sides each), inserted in batches."""
    from django.utils import timezone

    club, competition = _club_and_competition("bench-results")
    players = _players(club, 600)
    entrants = Entrant.objects.bulk_create([Entrant(competition=competition, player=p, name=p.name) for p in players])
    rng = random.Random(5)
    now = timezone.now()
    match_count = deals // per_match
    rounds = Round.objects.bulk_create(
        [
            Round(competition=competition, number=n + 1, status=Round.Status.PUBLISHED)
            for n in range((match_count - 1) // tables_per_round + 1)
        ]
    )
    batch = 1000  # matches per batch: 16,000 deals
    for start in range(0, match_count, batch):
        matches = Match.objects.bulk_create(
            [
                Match(
                    round=rounds[i // tables_per_round],
                    table=i % tables_per_round + 1,
                    status="confirmed",
                    confirmed_at=now,
                )
                for i in range(start, min(start + batch, match_count))
            ]
        )
        MatchSide.objects.bulk_create(
            [
                MatchSide(match=m, side=s, entrant=entrants[(m.pk * 2 + s) % len(entrants)])
                for m in matches
                for s in (0, 1)
            ]
        )
        rows = []
        for m in matches:
            for number in range(1, per_match + 1):
                a = rng.randrange(20, 143)
                roem_a, roem_b = rng.choice((0, 0, 20, 50)), rng.choice((0, 0, 20))
                made = a + roem_a > 162 - a + roem_b
                rows.append(
                    (
                        m.pk,
                        number,
                        0,
                        a,
                        162 - a,
                        roem_a,
                        roem_b,
                        "",
                        0,
                        False,
                        a + roem_a if made else 0,
                        162 - a + roem_b if made else 162 + roem_a + roem_b,
                        not made,
                        "" if made else "N",
                    )
                )
        _insert_deals(rows)
    return competition


def _insert_deals(rows: list[tuple]) -> None:
    """Plain executemany: model instances would make generating 480,000 deals take minutes."""
    from django.db import connection

    fields = [
        "match",
        "number",
        "bidder",
        "points_a",
        "points_b",
        "roem_a",
        "roem_b",
        "trump",
        "challenge",
        "nil",
        "score_a",
        "score_b",
        "nat",
        "mark",
    ]
    # Every other column gets its model default (None where it has none): a column added to Deal later
    # (big_roem_a, ...) then needs no change here, and tests/benchmarking runs this on small data.
    columns_by_name = {field.name: field for field in Deal._meta.concrete_fields}
    given = [columns_by_name[name] for name in fields]
    rest = [f for f in Deal._meta.concrete_fields if not f.primary_key and f not in given]
    defaults = tuple(f.get_default() if f.has_default() else None for f in rest)
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column or f.attname) for f in [*given, *rest])  # concrete: a column each
    marks = ", ".join(["%s"] * (len(given) + len(rest)))
    sql = f"INSERT INTO {quote(Deal._meta.db_table)} ({columns}) VALUES ({marks})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(*row, *defaults) for row in rows])


class PeakRss:
    """Samples the process's resident memory in a thread (``/proc/self/statm``): the peak in MB.

    On entry the memory that earlier benchmarks of the same ``bench`` run freed is handed back to the
    system (a garbage collection, then glibc's ``malloc_trim``): without it the whole run's high-water
    mark stood in the figure (343 MB in a full run against 194 MB for the export alone). ``start`` is the
    resident size after that, ``peak`` the highest sampled inside."""

    def __enter__(self):
        gc.collect()
        try:
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):  # not glibc: the resident size as it is
            pass
        self.start = self.peak = self._rss()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def _sample(self):
        while not self._stop.wait(0.02):
            self.peak = max(self.peak, self._rss())

    @staticmethod
    def _rss() -> float:
        try:
            with open("/proc/self/statm") as f:
                return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
        except OSError:  # not Linux: the peak of the whole process so far
            import resource

            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self._rss())
        return False


@benchmark("deal-by-deal results export", group="exports", needs_db=True)
def bench_results(size: str):

    deals = sized(size, small=1_600, quick=32_000, full=RESULT_DEALS)
    competition = make_results(deals)
    cpu = time.process_time()
    with tempfile.TemporaryFile() as out, PeakRss() as memory, Stopwatch() as sw:
        rows = write_xlsx(ResultsExporter(competition), out)
        file_size = out.tell()
    cpu = time.process_time() - cpu
    value = rate(rows, sw.seconds)
    sample = min(rows, BARE_ROWS)
    bare = cpu_seconds(bare_xlsx, sample, len(ResultsExporter(competition).get_columns())) / sample
    target, ok, against = cost_ratio(cpu / rows, bare, bar=RESULTS_XLSX_BAR, baseline="bare openpyxl, per row")
    # The bar is on what the export itself adds: the generated data of this and every earlier benchmark
    # of the run lives in the same process (SQLite's pages among it), 180 MB alone and 316 MB in a full
    # run, while the export adds about 13 MB. 100 MB is stricter than the old 300 MB for the whole
    # process, which left the export 120 MB over the 180 MB it starts from when run alone.
    growth = memory.peak - memory.start
    mem_target, mem_ok = at_most(growth, 100, "MB")
    return [
        Measurement(
            "results.xlsx",
            value,
            "rows/s",
            target,
            ok,
            f"{rows:,} deals, {file_size / 2**20:.0f} MB file; {rate(rows, cpu):,.0f}/s of CPU time",
            against,
        ),
        Measurement(
            "results.xlsx memory added",
            growth,
            "MB",
            mem_target,
            mem_ok,
            f"resident memory of the whole process: {memory.start:.0f} MB before the export, peak {memory.peak:.0f} MB",
        ),
    ]


def make_pairs_standings(entrants: int, rounds: int = 5):
    """A pairs competition of ``entrants`` teams, each round every team at a confirmed table."""
    from django.utils import timezone

    club, competition = _club_and_competition("bench-standings", format="pairs")
    Team.objects.filter(club=club, name__startswith="Bench pair ").delete()
    teams = Team.objects.bulk_create([Team(club=club, name=f"Bench pair {i}") for i in range(entrants)])
    people = Entrant.objects.bulk_create([Entrant(competition=competition, team=t, name=t.name) for t in teams])
    rng, now = random.Random(9), timezone.now()
    for number in range(1, rounds + 1):
        round_ = Round.objects.create(competition=competition, number=number, status=Round.Status.PUBLISHED)
        matches = Match.objects.bulk_create(
            [Match(round=round_, table=t + 1, status="confirmed", confirmed_at=now) for t in range(entrants // 2)]
        )
        order = people[:]
        rng.shuffle(order)
        sides = []
        for i, match in enumerate(matches):
            a, b = rng.randrange(1800, 3200), rng.randrange(1800, 3200)
            result = ("win", "loss") if a > b else (("loss", "win") if a < b else ("draw", "draw"))
            sides += [
                MatchSide(
                    match=match,
                    side=0,
                    entrant=order[2 * i],
                    total=a,
                    opponents_total=b,
                    result=result[0],
                    roem=rng.randrange(0, 400),
                    bids=8,
                    made=rng.randrange(4, 9),
                ),
                MatchSide(
                    match=match,
                    side=1,
                    entrant=order[2 * i + 1],
                    total=b,
                    opponents_total=a,
                    result=result[1],
                    roem=rng.randrange(0, 400),
                    bids=8,
                    made=rng.randrange(4, 9),
                ),
            ]
        MatchSide.objects.bulk_create(sides)
    return competition


@benchmark("standings.xlsx and standings.pdf", group="exports", needs_db=True)
def bench_standings(size: str):

    entrants = sized(size, small=20, quick=200, full=2000)
    competition = make_pairs_standings(entrants)
    exporter = StandingsExporter(competition, standings(competition))
    cpu = time.process_time()
    with tempfile.TemporaryFile() as out, Stopwatch() as sw:
        rows = write_xlsx(exporter, out)
    cpu = time.process_time() - cpu
    with Stopwatch() as pdf:
        StandingsRenderer(competition, standings(competition)).render()
    bare = cpu_seconds(bare_xlsx, rows, len(exporter.get_columns()))
    target, ok, against = cost_ratio(cpu, bare, bar=STANDINGS_XLSX_BAR, baseline="bare openpyxl (CPU)")
    return [
        Measurement(
            "standings.xlsx",
            sw.seconds * 1000,
            "ms",
            target,
            ok,
            f"{entrants:,} entrants, 5 rounds; {cpu * 1000:.0f} ms of CPU time",
            against,
        ),
        Measurement("standings.pdf", pdf.seconds * 1000, "ms", "", None, f"{entrants:,} entrants, 5 rounds"),
    ]
