"""``manage.py loadtest``: gunicorn on loopback, many clients reading pages and entering scores.

Runs against the configured database (``make load`` points it at a dedicated PostgreSQL database
seeded with the demo). Prints throughput, latency percentiles, errors and lost writes.
"""

from django.core.management.base import BaseCommand, CommandError

from benchmarking import loadtest


class Command(BaseCommand):
    help = "Load test on 127.0.0.1: N clients for S seconds, 80% public pages and 20% score entry."

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=int, default=60)
        parser.add_argument("--clients", type=int, default=50)
        # 3, as `make serve` (WEB_CONCURRENCY): on 2 cores shared with PostgreSQL, Redis and the
        # clients, 5 workers only fought over the cores (104 against 126 requests/s, same code).
        parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes (default 3)")
        parser.add_argument("--write-share", type=float, default=0.2)

    def handle(self, *args, seconds, clients, workers, write_share, **options):
        if not 1 <= seconds <= 600:
            raise CommandError("--seconds must be between 1 and 600")
        if not 1 <= clients <= 200:
            raise CommandError("--clients must be between 1 and 200")
        report = loadtest.run(seconds=seconds, clients=clients, workers=workers, write_share=write_share)
        rows = [
            ("duration", f"{report['seconds']} s", ""),
            ("clients", report["clients"], ""),
            ("requests", report["requests"], ""),
            ("throughput", f"{report['throughput']:.1f} req/s", ""),
            ("errors", report["errors"], "bar: 0"),
            ("lost writes", report["lost_writes"], "bar: 0"),
            ("writes saved", report["writes"], ""),
            ("409 conflicts (expected)", report["conflicts"], ""),
            (
                "reads from the page cache",
                f"{report['read_cache_hits']} hit, {report['read_cache_misses']} rendered",
                "a save re-renders the pages it changes",
            ),
        ]
        for kind in ("all", "read", "write"):
            rows.append(
                (
                    f"{kind} latency p50/p95/p99",
                    f"{report[f'{kind}_p50_ms']:.0f} / {report[f'{kind}_p95_ms']:.0f} / {report[f'{kind}_p99_ms']:.0f} ms",
                    "",
                )
            )
        width = max(len(r[0]) for r in rows)
        for name, value, note in rows:
            self.stdout.write(f"{name.ljust(width)}  {value}  {note}".rstrip())
        if report["error_samples"]:
            self.stdout.write("error samples: " + "; ".join(report["error_samples"]))
        self.stdout.write(f"gunicorn's log: {report['server_log']}")
        if report["errors"] or report["lost_writes"]:
            raise CommandError("the load test missed its bar: errors or lost writes")
