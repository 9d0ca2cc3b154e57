"""Garbage-collector settings of the server's processes (and of the bench
client, whose own pauses would count as the server's latency)."""

from __future__ import annotations

import gc

GC_THRESHOLDS = (50_000, 50, 1_000)
"""The garbage collector's thresholds in a server process: young collections
every 50,000 allocations instead of 700, full ones far more rarely. With the
start-up objects frozen, this took the p99 latency of ``herna bench server
--tables 300`` from 178 to 56 ms (full collections of every table's state
stalled the event loop)."""


def tune_gc() -> None:
    """Freeze what start-up made (never scanned again) and set :data:`GC_THRESHOLDS`."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
