"""Detection: every plugin type in every place memory holds text, the detect-secrets allow-list conventions, and
documentation stand-ins that must stay quiet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from detect_secrets.core.potential_secret import PotentialSecret

from curator.scan import run_scan
from curator.secrets import default_detector, is_placeholder, scan_store
from curator.secrets.mask import mask_value
from tests.conftest import NOW
from tests.support.fake_secrets import fakes
from tests.support.secret_stores import build_claude_project, build_notes_project

FAKES = fakes()
KINDS = [fake.kind for fake in FAKES]


def _secret_kinds(findings) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for finding in findings:
        if finding.rule == "secret":
            subject = finding.entries[0] if finding.entries else finding.evidence["path"]
            found.setdefault(subject, set()).update(item["type"] for item in finding.evidence["secrets"])
    return found


@pytest.fixture(scope="module")
def claude_scan(tmp_path_factory):
    store = build_claude_project(tmp_path_factory.mktemp("claude") / "project")
    return run_scan(store, now=NOW)


@pytest.fixture(scope="module")
def notes_scan(tmp_path_factory):
    return run_scan(build_notes_project(tmp_path_factory.mktemp("notes") / "project"), now=NOW)


@pytest.mark.parametrize("kind", KINDS)
def test_detected_in_a_topic_body(claude_scan, kind: str) -> None:
    assert kind in _secret_kinds(claude_scan.findings).get(f"body_{kind}.md", set())


@pytest.mark.parametrize("kind", [kind for kind in KINDS if kind != "private-key"])
def test_detected_in_frontmatter_values(claude_scan, kind: str) -> None:
    assert kind in _secret_kinds(claude_scan.findings).get(f"front_{kind}.md", set())


@pytest.mark.parametrize("position,kind", list(enumerate(KINDS, start=1)))
def test_detected_in_notes_sections(notes_scan, position: int, kind: str) -> None:
    assert _secret_kinds(notes_scan.findings).get(f"notes.md#{position}") == {kind}


@pytest.mark.parametrize("position,kind", list(enumerate(KINDS)))
def test_detected_in_claude_md_bullets(claude_scan, position: int, kind: str) -> None:
    assert _secret_kinds(claude_scan.findings).get(f"CLAUDE.md:L{3 + position}") == {kind}


def test_secret_findings_are_errors_naming_line_type_and_mask(claude_scan) -> None:
    github = FAKES[0]
    finding = next(
        item for item in claude_scan.findings if item.rule == "secret" and item.entries == ["body_github-token.md"]
    )
    assert finding.severity == "error"
    assert finding.evidence["secrets"][0] == {
        "line": 7,
        "type": "github-token",
        "label": "GitHub Token",
        "masked": mask_value(github.value),
    }
    assert mask_value(github.value) in finding.message and "curator redact body_github-token.md" in finding.message


def test_private_key_covers_the_whole_block() -> None:
    key = next(fake for fake in FAKES if fake.kind == "private-key")
    hits = default_detector().scan_text(key.line + "\nafter\n", "x.md")
    assert [(hit.kind, hit.value) for hit in hits] == [("private-key", key.value)]


@pytest.mark.parametrize(
    "text",
    [
        'token = "YOUR_API_KEY"',
        "api_key: xxxxxxxxxxxxxxxxxxxx",
        'password = "<your password>"',
        'secret = "${SECRET_FROM_ENV}"',
        "export GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
        'password = "changeme"',
        "Use `sk_live_...` keys only in production.",
        "password: <redacted:secret-keyword>",
        "- [Deploy](deploy.md) — the deploy token lives in the vault",
        'The commit "3f2c1a7" fixed it.',
        "Fixed in commit `3f9a7c2e5b8d1f4a6c0e9b2d7a5f8c1e3f9a7c2e` last week.",
        "The tarball sha256 is `9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08`.",
        "Run `npm run build:production` and open `src/components/FooterNavigation.tsx`.",
        '---\npassword_policy: min 12 chars\napi_key_location: stored in 1Password under "Deploy"\n---',
        "- Password reset: use the admin panel.",
        "- AUTH_SECRET=$(openssl rand -base64 32)",
        "Local db: postgres://postgres:postgres@localhost/app",
        "```yaml\nPOSTGRES_PASSWORD: postgres\n```",
    ],
)
def test_documentation_stand_ins_are_not_secrets(text: str) -> None:
    assert default_detector().scan_text(text + "\n", "notes.md") == []


@pytest.mark.parametrize("template", ["The staging key is `{value}` for now.", 'The staging key is "{value}" for now.'])
@pytest.mark.parametrize("kind", ["base64-high-entropy-string", "hex-high-entropy-string"])
def test_high_entropy_strings_in_quotes_and_inline_code(template: str, kind: str) -> None:
    value = next(fake.value for fake in FAKES if fake.kind == kind)
    hits = default_detector().scan_text(template.format(value=value) + "\n", "notes.md")
    assert [(hit.kind, hit.value) for hit in hits] == [(kind, value)]


@pytest.mark.parametrize(
    "value,placeholder", [("YOUR_TOKEN", True), ("xxxxyyyy", True), ("sk_XXXXXXXXXX", True), ("q8Zr3LmT9vXk", False)]
)
def test_is_placeholder(value: str, placeholder: bool) -> None:
    assert is_placeholder(value) is placeholder


def test_pragma_allowlist_comments_are_honoured() -> None:
    github = FAKES[0].value
    text = (
        f"Token {github} <!-- pragma: allowlist secret -->\n"
        "<!-- pragma: allowlist nextline secret -->\n"
        f"Again {github}\n"
        f"Unmarked {github}\n"
    )
    assert [hit.line for hit in default_detector().scan_text(text, "notes.md")] == [4]


def _write_store(root: Path, body: str) -> Path:
    store = root / "memory"
    store.mkdir(parents=True)
    (store / "notes.md").write_text(f"## 2026-10-01 - creds\n\n{body}\n", encoding="utf-8")
    return store / "notes.md"


def test_a_baseline_accepts_audited_values_but_not_confirmed_secrets(tmp_path: Path) -> None:
    github, stripe = FAKES[0].value, FAKES[3].value
    notes = _write_store(tmp_path, f"gh {github}\nstripe {stripe}\n")
    results = {
        "memory/notes.md": [
            {
                "type": "GitHub Token",
                "hashed_secret": PotentialSecret.hash_secret(github),
                "is_secret": False,
                "line_number": 3,
            },
            {
                "type": "Stripe Access Key",
                "hashed_secret": PotentialSecret.hash_secret(stripe),
                "is_secret": True,
                "line_number": 4,
            },
        ]
    }
    (tmp_path / "memory" / ".secrets.baseline").write_text(
        json.dumps({"version": "1.5.0", "results": results}), encoding="utf-8"
    )
    found = run_scan(notes, now=NOW)
    kinds = _secret_kinds(found.findings)
    assert kinds == {"notes.md#1": {"stripe-access-key"}}


def test_a_baseline_never_imports_custom_plugin_files(tmp_path: Path) -> None:
    notes = _write_store(tmp_path, f"gh {FAKES[0].value}\n")
    marker = tmp_path / "imported"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('x')\n", encoding="utf-8")
    baseline = {"plugins_used": [{"name": "Evil", "path": f"file://{evil}"}, {"name": "GitHubTokenDetector"}]}
    (tmp_path / "memory" / ".secrets.baseline").write_text(json.dumps(baseline), encoding="utf-8")
    found = run_scan(notes, now=NOW)
    assert not marker.exists()
    assert _secret_kinds(found.findings) == {"notes.md#1": {"github-token"}}


def test_a_broken_baseline_is_reported_and_ignored(tmp_path: Path) -> None:
    notes = _write_store(tmp_path, f"gh {FAKES[0].value}\n")
    (tmp_path / "memory" / ".secrets.baseline").write_text("{not json", encoding="utf-8")
    found = run_scan(notes, now=NOW)
    assert _secret_kinds(found.findings) == {"notes.md#1": {"github-token"}}
    assert any(item.rule == "parse-error" and ".secrets.baseline" in item.message for item in found.findings)


def test_the_rules_can_be_disabled_and_suppressed(tmp_path: Path) -> None:
    notes = _write_store(tmp_path, f"gh {FAKES[0].value}\nmail alice.smith@acme-corp.dev\n")
    (tmp_path / "memory" / ".curator.toml").write_text(
        '[rules]\ndisable = ["private-data"]\n\n[[ignore]]\nrule = "secret"\nentries = ["notes.md#1"]\nreason = "rotated"\n',
        encoding="utf-8",
    )
    found = run_scan(notes, now=NOW)
    assert not [item for item in found.findings if item.rule in ("secret", "private-data")]
    assert found.suppressed == 1


def test_archived_entries_are_scanned_too(tmp_path: Path) -> None:
    store = build_claude_project(tmp_path / "p", FAKES[:1])
    archive = store / ".archive"
    archive.mkdir()
    (store / "body_github-token.md").rename(archive / "body_github-token.md")
    found = scan_store(run_scan(store, now=NOW).store)
    assert [(item.entry_id, item.archived) for item in found.secrets if item.path.startswith(".archive")] == [
        (".archive/body_github-token.md", True)
    ]


def test_detection_never_touches_the_network(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from detect_secrets.settings import get_settings

    from curator.secrets.detect import VERIFY_FILTER, Detector

    def refuse(*_args, **_kwargs):
        raise AssertionError("network access during a scan")

    get_settings().filters[VERIFY_FILTER] = {"min_level": 2}
    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    hits = Detector().scan_text("".join(f"{fake.line}\n" for fake in FAKES), "notes.md")
    assert {hit.kind for hit in hits} == set(KINDS)
    assert VERIFY_FILTER not in get_settings().filters


def test_baseline_exclude_patterns_apply_but_runaway_ones_are_dropped(tmp_path: Path) -> None:
    github, stripe = FAKES[0].value, FAKES[3].value
    notes = _write_store(tmp_path, f"gh {github}\nstripe {stripe} # ci-only\n")
    filters = [
        {"path": "detect_secrets.filters.regex.should_exclude_line", "pattern": ["ci-only$", "(a+)+$"]},
        {"path": "detect_secrets.filters.regex.should_exclude_secret", "pattern": "(x*)*y"},
    ]
    (tmp_path / "memory" / ".secrets.baseline").write_text(json.dumps({"filters_used": filters}), encoding="utf-8")
    from curator.secrets.baseline import find, load

    baseline = load(find(tmp_path / "memory"))
    assert [pattern.pattern for pattern in baseline.exclude_lines] == ["ci-only$"] and baseline.exclude_secrets == []
    assert _secret_kinds(run_scan(notes, now=NOW).findings) == {"notes.md#1": {"github-token"}}


def test_openclaw_daily_logs_and_memory_sections_are_scanned(tmp_path: Path) -> None:
    workspace = tmp_path / "workspace"
    (workspace / "memory").mkdir(parents=True)
    (workspace / "MEMORY.md").write_text(f"# Memory\n\n## Deploys\n\n{FAKES[1].line}\n", encoding="utf-8")
    (workspace / "memory" / "2026-02-01.md").write_text(f"# 2026-02-01\n\n- {FAKES[0].line}\n", encoding="utf-8")
    found = run_scan(workspace, now=NOW)
    assert found.store.format == "openclaw"
    assert _secret_kinds(found.findings) == {
        "memory/2026-02-01.md": {"github-token"},
        "MEMORY.md#1": {"aws-access-key"},
    }
