"""Score the live checks on a blind set of projects: recall of false claims, and true claims wrongly failed.

Usage: python benchmarks/score_checks.py DIR [-v]

DIR holds one folder per project, each with the project's files in `project/` and a `truth.json` beside it:
`{"store_root": ..., "format": ..., "positives": [{"entry", "claim", "kind", "why"}], "negatives": [...]}`.
A positive is a claim that is false in the project; a negative one that is true. Each project is
copied to a temporary directory, committed as one git repository, and scanned with checks at a
fixed `now`. A positive is found when a `check-failed` finding names its entry and its claim; a
negative is hit when such a finding names it. Each finding counts for the
labeled claim on its entry it most resembles (containment, else shared tokens). Other check-failed findings are listed as unlabeled.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from curator.scan import run_scan  # noqa: E402
from tests.support.gitrepo import git, init_repo  # noqa: E402

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
GIT_DATE = "2026-11-30T10:00:00+00:00"


def _core(claim: str) -> str:
    """The claim without markdown decoration, lower-cased, for overlap tests."""
    return re.sub(r"[`*_\s]+", " ", claim).strip().lower()


def _tokens(claim: str) -> set[str]:
    return {token for token in re.findall(r"[\w./@:-]{3,}", claim.lower()) if not token.isdigit()}


def claim_likeness(labeled: str, reported: str) -> float:
    """How surely a reported claim is the labeled one: containment first (1 + shared tokens), else shared tokens (Jaccard)."""
    left, right = _core(labeled), _core(reported)
    left_tokens, right_tokens = _tokens(labeled), _tokens(reported)
    shared = len(left_tokens & right_tokens) / len(left_tokens | right_tokens) if left_tokens and right_tokens else 0.0
    if left and right and (left in right or right in left):
        return 1.0 + shared
    return shared


def assign(failures: list[tuple[str, str, str]], labeled: list[dict]) -> dict[int, int]:
    """Each finding's index -> the index of the labeled claim on its entry it most likely is (none below 0.3)."""
    chosen: dict[int, int] = {}
    for index, (entry, claim, _) in enumerate(failures):
        scored = [
            (claim_likeness(item["claim"], claim), position)
            for position, item in enumerate(labeled)
            if item["entry"] == entry
        ]
        best = max(scored, default=(0.0, -1))
        if best[0] >= 0.3:
            chosen[index] = best[1]
    return chosen


def commit_project(source: Path, target: Path) -> None:
    shutil.copytree(source / "project", target)
    init_repo(target)
    git(target, "add", "-A")
    git(target, "commit", "-q", "-m", "project", date=GIT_DATE)


def failed_claims(project: Path, truth: dict) -> list[tuple[str, str, str]]:
    """(entry, claim, message) of every check-failed finding of a checked scan."""
    result = run_scan(project / truth.get("store_root", "."), project=project, now=NOW, check=True, usage=False)
    found = []
    for finding in result.findings:
        if finding.rule != "check-failed":
            continue
        claim = str((finding.evidence or {}).get("claim", ""))
        for entry in finding.entries:
            found.append((entry, claim, finding.message))
    return found


def main() -> None:
    arguments = [arg for arg in sys.argv[1:] if not arg.startswith("-")]
    verbose = "-v" in sys.argv
    root = Path(arguments[0])
    planted, found, negatives, hit, unlabeled = Counter(), Counter(), Counter(), Counter(), 0
    reported = 0
    with tempfile.TemporaryDirectory(prefix="curator-score-checks-") as scratch:
        for source in sorted(path for path in root.iterdir() if (path / "truth.json").is_file()):
            truth = json.loads((source / "truth.json").read_text(encoding="utf-8"))
            project = Path(scratch) / source.name
            commit_project(source, project)
            failures = failed_claims(project, truth)
            reported += len(failures)
            labeled = [{**item, "label": "positive"} for item in truth["positives"]]
            labeled += [{**item, "label": "negative"} for item in truth["negatives"]]
            chosen = assign(failures, labeled)
            used = set(chosen)
            claimed = {position: index for index, position in chosen.items()}
            for position, item in enumerate(labeled):
                counted = planted if item["label"] == "positive" else negatives
                counted[item["kind"]] += 1
                if item["label"] == "positive":
                    if position in claimed:
                        found[item["kind"]] += 1
                    elif verbose:
                        print(f"MISS  {source.name} {item['entry']} [{item['kind']}] {item['claim']!r}")
                elif position in claimed:
                    hit[item["kind"]] += 1
                    if verbose:
                        print(f"FALSE {source.name} {item['entry']} [{item['kind']}] {failures[claimed[position]][2]}")
            for index, (entry, _, message) in enumerate(failures):
                if index not in used:
                    unlabeled += 1
                    if verbose:
                        print(f"UNLABELED {source.name} {entry}: {message}")
    print(f"{'kind':<12} {'planted':>7} {'found':>5} {'recall':>6} {'true claims':>11} {'failed':>6}")
    for kind in sorted(set(planted) | set(negatives)):
        recall = f"{found[kind] / planted[kind]:.2f}" if planted[kind] else "-"
        print(f"{kind:<12} {planted[kind]:>7} {found[kind]:>5} {recall:>6} {negatives[kind]:>11} {hit[kind]:>6}")
    total_planted, total_found = sum(planted.values()), sum(found.values())
    print(
        f"{'all':<12} {total_planted:>7} {total_found:>5} {total_found / max(total_planted, 1):>6.2f} "
        f"{sum(negatives.values()):>11} {sum(hit.values()):>6}"
    )
    print(f"check-failed findings: {reported}, unlabeled: {unlabeled}")


if __name__ == "__main__":
    main()
