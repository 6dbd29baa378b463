"""No output of scan, check, history or the TUI shows a planted secret in full, in any format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.scan import load_store
from curator.tui.app import CuratorApp
from curator.tui.widgets.content_view import ContentView
from tests.secrets.leaks import leaked
from tests.support.fake_secrets import fakes
from tests.support.gitrepo import git
from tests.support.secret_stores import build_claude_project, build_notes_project
from tests.support.tui import screen_text, wait_for, wait_ready

FAKES = fakes()
NOW = "2026-11-29T12:00:00+00:00"


@pytest.fixture(scope="module")
def stores(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("echo")
    return {"claude": build_claude_project(base / "claude"), "notes": build_notes_project(base / "notes")}


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.output


SCAN_VARIANTS = [
    ["--format", "text"],
    ["--format", "text", "--entries"],
    ["--format", "json"],
    ["--format", "markdown"],
    ["--format", "text", "--check"],
    ["--format", "json", "--check"],
    ["--format", "markdown", "--check"],
]


@pytest.mark.parametrize("which", ["claude", "notes"])
@pytest.mark.parametrize("variant", SCAN_VARIANTS, ids=lambda variant: " ".join(variant))
def test_scan_output_never_shows_a_planted_value(stores, which: str, variant: list[str]) -> None:
    output = _run("scan", str(stores[which]), "--now", NOW, *variant)
    assert "secret" in output
    assert leaked(output, FAKES) == []


@pytest.mark.parametrize("which", ["claude", "notes"])
@pytest.mark.parametrize("output_format", ["text", "json"])
def test_check_output_never_shows_a_planted_value(stores, which: str, output_format: str) -> None:
    output = _run("check", str(stores[which]), "--format", output_format, "--now", NOW)
    assert leaked(output, FAKES) == []


def test_json_scan_counts_every_secret_with_masks(stores) -> None:
    report = json.loads(_run("scan", str(stores["notes"]), "--format", "json", "--now", NOW))
    secrets = [
        item for finding in report["findings"] if finding["rule"] == "secret" for item in finding["evidence"]["secrets"]
    ]
    assert sorted(item["type"] for item in secrets) == sorted(fake.kind for fake in FAKES)
    assert all("…" in item["masked"] for item in secrets)


@pytest.mark.parametrize("output_format", ["text", "json"])
def test_history_diffs_never_show_a_planted_value_even_after_redaction(tmp_path: Path, output_format: str) -> None:
    store = build_claude_project(tmp_path / "project")
    redacted = _run("redact", "--all", "--store", str(store))
    assert "WARNING" in redacted and leaked(redacted, FAKES) == []
    assert leaked(git(tmp_path / "project", "log", "--format=%B"), FAKES) == []
    entry_ids = [entry.id for entry in (*load_store(store).entries, *load_store(store).context)]
    assert len(entry_ids) >= 2 * len(FAKES)
    for entry_id in entry_ids:
        output = _run("history", entry_id, "--store", str(store), "--diff", "--format", output_format, "--now", NOW)
        assert leaked(output, FAKES) == [], entry_id


async def test_tui_never_shows_a_planted_value_until_revealed(tmp_path: Path) -> None:
    store = build_claude_project(tmp_path / "project")
    app = CuratorApp(store, now=None, watch_disk=False)
    async with app.run_test(size=(200, 60)) as pilot:
        await wait_ready(pilot, app)
        screen = app.screen
        seen = []
        for entry in app.session.store.entries:
            screen.jump_to(entry.id)
            for tab in ("1", "2", "3", "4"):
                await pilot.press(tab)
                if tab == "2":
                    await wait_for(pilot, lambda: "reading git history" not in screen_text(app), message="history")
                await pilot.pause(0.05)
                text = screen_text(app)
                seen.append(text)
                assert leaked(text, FAKES) == [], (entry.id, tab)
        assert any("masked — r reveals" in text for text in seen)
        screen.jump_to("body_github-token.md")
        await pilot.press("1")
        await pilot.press("r")
        await pilot.pause(0.1)
        view = screen.query_one("#content-view", ContentView)
        assert view.revealed and leaked(screen_text(app), FAKES) == ["github-token"]
        await pilot.press("r")
        await pilot.pause(0.1)
        assert not view.revealed and leaked(screen_text(app), FAKES) == []
        screen.jump_to("body_stripe-access-key.md")
        await pilot.pause(0.1)
        assert not view.revealed


def test_a_secret_is_never_a_probe_argument(tmp_path: Path) -> None:
    from curator.checks import run_checks

    github = FAKES[0].value
    store = build_claude_project(tmp_path / "project", FAKES[:1])
    path = store / "body_github-token.md"
    path.write_text(
        path.read_text(encoding="utf-8") + f"\nThe CI reads `{github}` and `src/app.py`.\n", encoding="utf-8"
    )
    outcome = run_checks(load_store(store))
    subjects = [result.claim.subject for results in outcome.results.values() for result in results]
    assert "src/app.py" in subjects
    assert not [subject for subject in subjects if github[:10] in subject]


@pytest.mark.parametrize(
    "command", [["check"], ["check", "--format", "json"], ["scan", "--check"], ["scan", "--check", "--format", "json"]]
)
def test_probe_output_from_project_files_is_masked(tmp_path: Path, command: list[str]) -> None:
    from tests.support.gitrepo import commit_files, init_repo

    stripe = next(fake for fake in FAKES if fake.kind == "stripe-access-key")
    project = init_repo(tmp_path / "project")
    files = {  # the script probe prints package.json's whole line (identifier probes print only the name)
        "package.json": '{\n  "scripts": {\n    "deploy": "STRIPE_LIVE_KEY=%s node deploy.js"\n  }\n}\n' % stripe.value,
        ".claude/memory/MEMORY.md": "- [Billing](billing.md) — where billing lives\n",
        ".claude/memory/billing.md": "---\nname: Billing\ndescription: billing\ntype: project\n---\n\n"
        "Deploy billing with `npm run deploy`.\n",
    }
    commit_files(project, files, "start", "2026-11-01T12:00:00+00:00")
    output = _run(*command, str(project / ".claude" / "memory"), "--now", NOW)
    if "json" in command:
        assert stripe.value[:4] in output and "STRIPE_LIVE_KEY" in output, "the probe output is shown, masked"
    assert leaked(output, [stripe]) == []


def test_commit_messages_never_carry_a_secret(tmp_path: Path) -> None:
    github = FAKES[0].value
    store = build_claude_project(tmp_path / "project", FAKES[:1])
    new_text = tmp_path / "new.md"
    new_text.write_text(
        "---\nname: body\ndescription: d\ntype: project\n---\n\nRotated; nothing here.\n", encoding="utf-8"
    )
    output = _run(
        "edit",
        "body_github-token.md",
        "--text-file",
        str(new_text),
        "--reason",
        f"dropped {github}",
        "--store",
        str(store),
    )
    assert "commit " in output and leaked(output, FAKES[:1]) == []
    log = git(tmp_path / "project", "log", "-1", "--format=%B")
    assert log.startswith("curator: edit body_github-token.md — dropped ghp_") and leaked(log, FAKES[:1]) == []


async def test_findings_from_the_offloaded_analysis_are_masked(tmp_path: Path) -> None:
    """The child process that analyses big stores sends back findings already masked, checks included."""
    store = build_claude_project(tmp_path / "project")
    app = CuratorApp(store, now=None, watch_disk=False, analysis_in_process=True)
    async with app.run_test(size=(200, 60)) as pilot:
        await wait_ready(pilot, app)
        assert app.analysis_process._pool is not None
        findings = app.session.findings
        assert sum(finding.rule == "secret" for finding in findings) >= len(FAKES) - 1
        shipped = json.dumps([finding.to_json() for finding in findings], ensure_ascii=False)
        assert leaked(shipped, FAKES) == []
        await pilot.press("3")
        await pilot.pause(0.1)
        assert leaked(screen_text(app), FAKES) == []
