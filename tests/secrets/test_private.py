"""Private data: e-mail addresses, phone numbers, private-range IPs and internal host names; and their allow-list."""

from __future__ import annotations

from pathlib import Path

import pytest

from curator.scan import run_scan
from curator.secrets.private import AllowList, scan_line
from tests.conftest import NOW


@pytest.mark.parametrize(
    "line,expected",
    [
        ("Ask alice.smith@acme-corp.dev about billing.", [("email", "alice.smith@acme-corp.dev")]),
        ("Mail **bob@firma.ch** – Termine", [("email", "bob@firma.ch")]),
        ("인증은 slowpoke42@gmail.com으로만 된다", [("email", "slowpoke42@gmail.com")]),
        ("The cache box is 10.20.30.40 (ext4).", [("private-ip", "10.20.30.40")]),
        ("ssh deploy@192.168.7.12 -p 22", [("private-ip", "192.168.7.12")]),
        ("Jenkins runs at https://ci.build.internal:8443/job", [("internal-host", "ci.build.internal")]),
        ("The printer is printer01.corp on the third floor.", [("internal-host", "printer01.corp")]),
        ("Call Dana at +41 79 123 45 67 before deploys.", [("phone", "+41 79 123 45 67")]),
        ("Office line (415) 555-0134.", [("phone", "(415) 555-0134")]),
        ("手机 13812345678 联系运维", [("phone", "13812345678")]),
    ],
)
def test_private_data_is_found(line: str, expected: list[tuple[str, str]]) -> None:
    assert list(scan_line(line)) == expected


@pytest.mark.parametrize(
    "line",
    [
        "Write to you@example.com or team@docs.example.org.",
        "Co-Authored-By: Claude <noreply@anthropic.com>",
        "git remote add origin git@github.com:acme/site.git",
        "The retina logo is logo@2x.png.",
        "Run on 127.0.0.1:8080 or 0.0.0.0, metadata at 169.254.169.254.",
        "Docs use 192.0.2.10, 198.51.100.7 and 203.0.113.9.",
        "Private ranges are 10.0.0.0/8 and 192.168.0.0/16; netmask 255.255.255.0.",
        "Edit CLAUDE.local.md and settings.local.json, never *.local files.",
        "Version 10.2.1.4 of the SDK; released 2026-04-15; build 1234-5678-9012.",
        "Use @types/node and pkg@1.2.3; decorators like @app.route stay.",
        "The public DNS is 8.8.8.8.",
        "Mirror https://deployer:hunter2secret@mirror.acme-corp.dev/pkgs",
        "Timestamps like 1700000000123 are ids, not phones.",
        "From a container reach host.docker.internal; GCP serves metadata.google.internal.",
        "Services resolve as redis.default.svc.cluster.local inside the cluster.",
        "Clone with ssh git@gitlab.acme-corp.dev/group/repo.",
        "The Android emulator reaches the host at 10.0.2.2; containers use 172.17.0.1.",
        "Logged at 2026-11-29 12:00 +0800 and +08:00; bumped to +1.2.3.",
    ],
)
def test_look_alikes_are_not_private(line: str) -> None:
    assert list(scan_line(line)) == []


@pytest.mark.parametrize(
    "patterns,value,allowed",
    [
        (["*@acme-corp.dev"], "Alice@ACME-corp.dev", True),
        (["10.0.0.1"], "10.0.0.1", True),
        (["10.0.0.1"], "10.0.0.12", False),
        (["10.20.*"], "10.20.30.40", True),
        ([], "bob@firma.ch", False),
    ],
)
def test_allow_list_globs(patterns: list[str], value: str, allowed: bool) -> None:
    assert AllowList(patterns).allows(value) is allowed


def _notes(root: Path, text: str) -> Path:
    (root / "memory").mkdir(parents=True)
    notes = root / "memory" / "notes.md"
    notes.write_text(text, encoding="utf-8")
    return notes


def test_private_data_finding_and_curator_toml_allow_list(tmp_path: Path) -> None:
    notes = _notes(tmp_path, "## 2026-10-01 - contacts\n\nAsk alice@acme-corp.dev; the db is 10.1.2.3.\n")
    finding = next(item for item in run_scan(notes, now=NOW).findings if item.rule == "private-data")
    assert finding.severity == "warning" and finding.entries == ["notes.md#1"]
    assert [item["value"] for item in finding.evidence["items"]] == ["alice@acme-corp.dev", "10.1.2.3"]
    (tmp_path / "memory" / ".curator.toml").write_text(
        '[private-data]\nallow = ["*@acme-corp.dev"]\n', encoding="utf-8"
    )
    finding = next(item for item in run_scan(notes, now=NOW).findings if item.rule == "private-data")
    assert [item["value"] for item in finding.evidence["items"]] == ["10.1.2.3"]
    (tmp_path / "memory" / ".curator.toml").write_text(
        '[private-data]\nallow = ["*@acme-corp.dev", "10.1.2.3"]\n', encoding="utf-8"
    )
    assert not [item for item in run_scan(notes, now=NOW).findings if item.rule == "private-data"]


def test_a_bad_allow_list_is_a_config_problem(tmp_path: Path) -> None:
    notes = _notes(tmp_path, "## 2026-10-01 - x\n\nplain\n")
    (tmp_path / "memory" / ".curator.toml").write_text('[private-data]\nallow = "everything"\n', encoding="utf-8")
    problems = [item for item in run_scan(notes, now=NOW).findings if item.rule == "parse-error"]
    assert problems and "[private-data] allow must be a list" in problems[0].message
