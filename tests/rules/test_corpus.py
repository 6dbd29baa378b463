"""The drift rules over every store of the shared corpus: no crash, and none of the noise tuned away returns."""

from __future__ import annotations

import csv
from pathlib import Path

from curator import formats, rules
from tests.conftest import NOW

QUIET_ON_CORPUS = ("conflict", "outdated-number", "expired-date", "derivable")


def _rebuild(corpus: Path, target: Path) -> set[Path]:
    folders: set[Path] = set()
    with open(corpus / "SOURCES.tsv", encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            destination = target / row["repo"].replace("/", "__") / row["path"]
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_bytes((corpus / row["saved_path"]).read_bytes())
            folders.add(destination.parent)
    return folders


def test_rules_on_every_corpus_store(corpus: Path, tmp_path: Path) -> None:
    noisy = []
    duplicates = 0
    for folder in sorted(_rebuild(corpus, tmp_path)):
        store = formats.detect(folder)
        for finding in rules.analyze(store, now=NOW).findings:
            assert finding.message and finding.rule
            if finding.rule in QUIET_ON_CORPUS:
                noisy.append((str(folder.relative_to(tmp_path)), finding.rule, finding.entries))
            duplicates += finding.rule == "duplicate"
    assert noisy == []
    assert duplicates <= 6
