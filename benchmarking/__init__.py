"""The harness behind ``manage.py bench`` (``harness``) and ``manage.py loadtest`` (``loadtest``).

``harness`` imports no app and every app's ``benchmarks*`` modules use it; ``loadtest`` drives the
whole served system and so sits above all three apps.
"""

from benchmarking.harness import (
    REGISTRY,
    SIZES,
    Benchmark,
    Measurement,
    Stopwatch,
    at_least,
    at_most,
    bare_reference,
    benchmark,
    cost_ratio,
    interleaved,
    rate,
    seconds_text,
    sized,
)

__all__ = [
    "REGISTRY",
    "SIZES",
    "Benchmark",
    "Measurement",
    "Stopwatch",
    "at_least",
    "at_most",
    "bare_reference",
    "benchmark",
    "cost_ratio",
    "interleaved",
    "rate",
    "seconds_text",
    "sized",
]
