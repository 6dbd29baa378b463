"""benchmarks/trace_pairs.py: every labeled pair the rules miss in a blind store is traced to a stage of the rules."""

from __future__ import annotations

from pathlib import Path

from benchmarks.trace_pairs import trace_store

STORE = Path(__file__).parent / "blind7hold" / "zephyr-firmware-cc"
STAGE_PREFIXES = (
    "entry not read",
    "reported as ",
    "no fact read on ",
    "sides read different kinds of fact",
    "units differ",
    "not a number candidate",
    "number: ",
    "choices not opposed",
    "choice: ",
    "actions not matched",
    "polarity not read",
    "action: ",
    "duplicate: ",
)


def test_every_missed_pair_of_a_blind_store_gets_a_stage(tmp_path: Path) -> None:
    traced = trace_store(STORE, tmp_path)
    assert traced, "the store has labeled pairs the rules miss"
    for rule, entries, stage in traced:
        assert rule in ("conflict", "duplicate")
        assert stage.name.startswith(STAGE_PREFIXES), (entries, stage)
