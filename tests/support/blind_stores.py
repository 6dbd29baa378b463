"""Rebuild a held-out set of stores (files, git.json dates, truth.json labels) as git repos and score the rules on it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path

from curator import rules
from curator.scan import load_store

BLIND = Path(__file__).resolve().parents[1] / "rules" / "blind"
DRIFT = ("conflict", "duplicate", "outdated-number", "expired-date", "stale")
_SECTION = re.compile(r"^## ", re.M)


def _git(repo: Path, *args: str, date: str | None = None) -> None:
    env = dict(
        os.environ,
        GIT_AUTHOR_NAME="Blind",
        GIT_AUTHOR_EMAIL="blind@example.com",
        GIT_COMMITTER_NAME="Blind",
        GIT_COMMITTER_EMAIL="blind@example.com",
    )
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    subprocess.run(["git", "-c", "commit.gpgsign=false", *args], cwd=repo, env=env, check=True, capture_output=True)


def _sections(text: str) -> tuple[str, list[str]]:
    """The header before the first `## ` and each `## ` section with its body."""
    starts = [match.start() for match in _SECTION.finditer(text)]
    if not starts:
        return text, []
    bounds = starts + [len(text)]
    return text[: starts[0]], [text[bounds[i] : bounds[i + 1]] for i in range(len(starts))]


def build(source: Path, target: Path) -> None:
    """The store as a git repository whose commits carry git.json's dates."""
    dates = json.loads((source / "git.json").read_text(encoding="utf-8"))
    target.mkdir(parents=True)
    _git(target, "init", "-q", "-b", "main")
    events: dict[str, list[tuple[str, str | None]]] = defaultdict(list)
    for rel, history in dates.items():
        for item in history:
            if isinstance(item, str):
                events[item].append((rel, None))
            else:
                events[item["date"]].append((rel, ",".join(str(n) for n in item["sections"])))
    added: dict[str, set[int]] = defaultdict(set)
    for moment in sorted(events, key=lambda value: datetime.fromisoformat(value.replace("Z", "+00:00"))):
        for rel, sections in events[moment]:
            final = (source / rel).read_text(encoding="utf-8")
            destination = target / rel
            destination.parent.mkdir(parents=True, exist_ok=True)
            if sections is None:
                destination.write_text(final, encoding="utf-8")
            else:
                added[rel].update(int(n) for n in sections.split(","))
                header, parts = _sections(final)
                destination.write_text(
                    header + "".join(part for n, part in enumerate(parts, 1) if n in added[rel]), encoding="utf-8"
                )
            _git(target, "add", "--", rel)
        _git(target, "commit", "-q", "-m", f"memory as of {moment}", date=moment)


def score(root: Path, verbose: bool) -> dict:
    found, planted, reported, correct = Counter(), Counter(), Counter(), Counter()
    violated: Counter = Counter()
    negatives_total: Counter = Counter()
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        for source in sorted(path for path in root.iterdir() if (path / "truth.json").is_file()):
            truth = json.loads((source / "truth.json").read_text(encoding="utf-8"))
            repo = Path(scratch) / source.name
            build(source, repo)
            store = load_store(repo / truth["store_root"], format_name=truth["format"], project=repo)
            now = datetime.fromisoformat(truth["now"].replace("Z", "+00:00"))
            findings = [f for f in rules.analyze(store, now=now).findings if f.rule in DRIFT]
            positives = {(p["rule"], frozenset(p["entries"])): p for p in truth["positives"]}
            seen = {(f.rule, frozenset(f.entries)) for f in findings}
            for key, positive in positives.items():
                label = "stale-auto" if positive.get("auto") else key[0]
                planted[label] += 1
                if key in seen:
                    found[label] += 1
                elif verbose:
                    lines.append(
                        f"MISS   {source.name} {label} {sorted(key[1])} [{positive.get('lang')}] {positive.get('why', '')[:110]}"
                    )
            negatives = {}
            for negative in truth["negatives"]:
                key = (negative["rule"], frozenset(negative["entries"]))
                if key[0] == "duplicate" and ("conflict", key[1]) in positives:
                    continue
                negatives[key] = negative
                negatives_total[negative["rule"]] += 1
            for finding in findings:
                key = (finding.rule, frozenset(finding.entries))
                reported[finding.rule] += 1
                if key in positives:
                    correct[finding.rule] += 1
                    continue
                labeled = key in negatives or (
                    len(finding.entries) == 1 and any(len(k[1]) == 1 and k[1] == key[1] for k in negatives)
                )
                if key in negatives:
                    violated[finding.rule] += 1
                if verbose:
                    kind = "FALSE(labeled)" if labeled else "UNLABELED"
                    lines.append(f"{kind} {source.name} {finding.rule} {finding.entries} {finding.message[:220]}")
    return {
        "found": found,
        "planted": planted,
        "reported": reported,
        "correct": correct,
        "violated": violated,
        "negatives": negatives_total,
        "lines": lines,
    }


def missed(result: dict, rule: str) -> str:
    """The MISS lines of one rule, for an assertion message."""
    return "\n".join(line for line in result["lines"] if line.startswith("MISS") and f" {rule} " in line)


def overall_recall(result: dict) -> float:
    """Found over planted across every rule, side-effect stale left out."""
    planted = sum(count for rule, count in result["planted"].items() if rule != "stale-auto")
    found = sum(count for rule, count in result["found"].items() if rule != "stale-auto")
    return found / planted


def false_alarms(result: dict) -> list[str]:
    """The FALSE lines: findings that match a labeled negative."""
    return [line for line in result["lines"] if line.startswith("FALSE")]


def conflict_precision(result: dict) -> float:
    """Correct conflict findings over all of them, labeled or not."""
    return result["correct"]["conflict"] / result["reported"]["conflict"]
