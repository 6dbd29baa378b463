"""Items 2 and 4: hostile YAML, pathological text and hostile projects cannot hang, crash or leak."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from curator.checks import fallback
from curator.checks.probes import run_adhoc
from tests.adversarial.hostile import invoke

NOW = ("--now", "2026-11-29")
ROOT = Path(__file__).resolve().parents[2]

BILLION_LAUGHS = "\n".join(
    ["a0: &a0 ['lol','lol','lol','lol','lol','lol','lol','lol','lol']"]
    + [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
)
YAML_BOMBS = {
    "billion laughs": BILLION_LAUGHS,
    "self-reference": "x: &x [*x]",
    "self-reference mapping": "name: n\nx: &x {a: *x}",
    "merge key alias": "base: &b {type: project}\nname: n\n<<: *b",
}


def _scan_in_process(store: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "curator", "scan", str(store), "--format", "json", "--fail-on", "never", *NOW],
        cwd=store,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.mark.parametrize("label", sorted(YAML_BOMBS))
def test_yaml_aliases_are_a_finding_not_a_hang_or_a_crash(tmp_path: Path, label: str) -> None:
    store = tmp_path / "store"
    store.mkdir()
    (store / "MEMORY.md").write_text("# Memory\n- [Bomb](bomb.md) — b\n- [Fine](fine.md) — f\n")
    (store / "bomb.md").write_text(f"---\n{YAML_BOMBS[label]}\n---\nBody.\n")
    (store / "fine.md").write_text("---\nname: fine\ndescription: d\ntype: user\n---\nStill loads.\n")
    try:
        done = _scan_in_process(store)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{label}: scan did not finish in 60 s")
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert any(
        finding["rule"] == "parse-error" and finding["entries"] == ["bomb.md"] and "alias" in finding["message"]
        for finding in report["findings"]
    ), report["findings"]
    assert "fine.md" in [entry["id"] for entry in report["entries"]]


PATHOLOGICAL_BODIES = {
    "80,000-char word": "a" * 80_000,
    "brackets": "[" * 200_000,
    "digits and dots": "1." * 100_000,
    "unclosed comments": "<!--" * 50_000,
    "unclosed fences": "```\n~~~~\n" * 20_000,
    "hyphenated word": "a-" * 100_000,
}


def test_pathological_bodies_scan_in_bounded_time(tmp_path: Path) -> None:
    """Generous bound (60 s for all shapes together; each takes well under a second, see benchmarks/bench_hostile.py)."""
    store = tmp_path / "store"
    store.mkdir()
    index = ["# Memory"]
    for number, body in enumerate(PATHOLOGICAL_BODIES.values()):
        (store / f"shape{number}.md").write_text(f"---\nname: s{number}\ndescription: d\ntype: project\n---\n{body}\n")
        index.append(f"- [S{number}](shape{number}.md) — s")
    (store / "MEMORY.md").write_text("\n".join(index) + "\n")
    try:
        done = _scan_in_process(store, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("scanning the pathological bodies did not finish in 60 s")
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(json.loads(done.stdout)["entries"]) == len(PATHOLOGICAL_BODIES)


def test_duplicate_path_regex_starts_matches_only_at_token_boundaries() -> None:
    """Structural: a match attempt can only start where a path token starts, so one long word is one attempt."""
    from curator.rules.duplicate_prints import PATH

    for branch in PATH.pattern.split("|", 1)[0], PATH.pattern.split("|")[1]:
        assert branch.startswith("(?<!["), branch


# ---- the pure-Python rg/grep stand-in -----------------------------------------------------


@pytest.fixture
def no_binaries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty_bin = tmp_path / "empty-bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))


def test_fallback_grep_skips_fifos_instead_of_blocking(tmp_path: Path, no_binaries: None) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "a.txt").write_text("needle here\n")
    os.mkfifo(project / "pipe.txt")
    results: list = []
    worker = threading.Thread(
        target=lambda: results.append(run_adhoc(project, "grep -r -n needle .", timeout=5)), daemon=True
    )
    worker.start()
    worker.join(timeout=30)
    if worker.is_alive():
        with open(project / "pipe.txt", "w"):  # release the blocked reader
            pass
        pytest.fail("the grep stand-in blocked on a FIFO")
    probe = results[0]
    assert probe.program_missing_fallback and probe.exit_code == 0
    assert "a.txt:1:needle here" in probe.output


def test_fallback_grep_honours_the_timeout(tmp_path: Path, no_binaries: None) -> None:
    project = tmp_path / "proj"
    for folder in range(40):
        (project / f"d{folder}").mkdir(parents=True)
        for number in range(50):
            (project / f"d{folder}" / f"f{number}.txt").write_text("nothing to see\n" * 200)
    probe = run_adhoc(project, "grep -r -n needle .", timeout=0.001)
    assert probe.program_missing_fallback
    assert probe.timed_out and probe.exit_code is None


def test_fallback_grep_caps_its_output(tmp_path: Path, no_binaries: None) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "big.txt").write_text("needle " + "x" * 90 + "\n" * 1 + ("needle " + "y" * 90 + "\n") * 40_000)
    probe = run_adhoc(project, "grep -n needle big.txt", timeout=30)
    assert probe.truncated
    assert len(probe.full_output) <= fallback.OUTPUT_CAP_CHARS


def test_fallback_reads_at_most_the_read_cap(
    tmp_path: Path, no_binaries: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "long.txt").write_text("x" * 10_000 + "\nneedle at the end\n")
    monkeypatch.setattr(fallback, "READ_CAP_BYTES", 4096)
    probe = run_adhoc(project, "grep -n needle long.txt", timeout=30)
    assert probe.exit_code == 1 and "needle at the end" not in probe.output


# ---- project facts (item 2) ---------------------------------------------------------------

LEAK = "pnpm@9.9.9-SECRET-FROM-OUTSIDE"


def test_project_facts_do_not_read_a_manifest_symlinked_out_of_the_project(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "package.json").write_text(json.dumps({"packageManager": LEAK, "engines": {"node": "99"}}))
    (outside / "nvmrc").write_text("77\n")
    project = tmp_path / "proj"
    store = project / ".claude" / "memory"
    store.mkdir(parents=True)
    (project / "package.json").symlink_to(outside / "package.json")
    (project / ".nvmrc").symlink_to(outside / "nvmrc")
    (project / "pnpm-lock.yaml").symlink_to(outside / "package.json")
    (store / "MEMORY.md").write_text("# Memory\n- [Stack](stack.md) — s\n")
    (store / "stack.md").write_text(
        "---\nname: stack\ndescription: s\ntype: project\n---\nThe project uses pnpm. Node 20.\n"
    )
    result = invoke("scan", str(store), "--project", str(project), "--format", "json", "--fail-on", "never", *NOW)
    assert LEAK not in result.output and "SECRET" not in result.output
    assert "pnpm-lock.yaml" not in result.output
    from curator.rules.project_facts import project_facts, versions

    assert project_facts(project) == {}
    assert versions(project) == {}


def test_project_facts_still_read_regular_files_and_in_project_symlinks(tmp_path: Path) -> None:
    from curator.rules.project_facts import project_facts, versions

    project = tmp_path / "proj"
    (project / "config").mkdir(parents=True)
    (project / "config" / "package.json").write_text(json.dumps({"packageManager": "pnpm@9.1.0"}))
    (project / "package.json").symlink_to(Path("config") / "package.json")
    (project / ".nvmrc").write_text("20\n")
    os.mkfifo(project / ".python-version")
    assert project_facts(project) == {"pnpm": ["package.json (packageManager: pnpm@9.1.0)"]}
    assert versions(project) == {"node": ("20", ".nvmrc")}
