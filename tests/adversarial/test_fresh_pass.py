"""Cases a second adversarial pass found: a planted cache symlink, a section id that climbs out, escapes in usage
errors, and a git failure at the end of a review."""

from __future__ import annotations

import os
from pathlib import Path

from tests.adversarial.hostile import commit_files, git, init_repo, invoke

TOPIC = "---\nname: {name}\ndescription: {name}\ntype: project\n---\n\n{name} body.\n"


def store_repo(tmp_path: Path, extra: dict[str, str] | None = None) -> Path:
    repo = init_repo(tmp_path / "repo")
    files = {"mem/MEMORY.md": "- [Alpha](alpha.md) — a\n", "mem/alpha.md": TOPIC.format(name="alpha")}
    files.update(extra or {})
    commit_files(repo, files, "init", "2026-11-01T10:00:00+00:00")
    return repo


def test_a_symlinked_cache_folder_is_never_written_through(tmp_path: Path) -> None:
    repo = store_repo(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, repo / ".git" / "curator")
    result = invoke(*["scan", str(repo / "mem")])
    assert result.exit_code in (0, 1), result.output
    assert list(outside.rglob("*")) == []


def test_a_section_record_id_that_climbs_out_is_a_parse_error(tmp_path: Path) -> None:
    stamp = '<!-- curator-archive {"from": "notes.md", "id": "../../outside/pwn.md#1", "line": 3} -->'
    repo = init_repo(tmp_path / "repo")
    commit_files(
        repo,
        {
            "memory/notes.md": "# Notes\n\n## 2026-11-01 - Kept\n\nKept.\n",
            "memory/notes.archive.md": f"# Archive\n\n## 2026-10-01 - Gone\n{stamp}\n\nGone.\n",
        },
        "init",
        "2026-11-01T10:00:00+00:00",
    )
    scanned = invoke(*["scan", str(repo / "memory" / "notes.md"), "--format", "json"])
    assert "parse-error" in scanned.output
    restored = invoke(*["restore", "notes.archive.md#1", "--store", str(repo / "memory" / "notes.md")])
    assert restored.exit_code != 0
    assert not (tmp_path / "outside").exists()


def test_usage_errors_show_control_characters_visibly(tmp_path: Path) -> None:
    name = "beta\x1b]0;pwn\x1b\\.md"
    repo = store_repo(tmp_path, {f"mem/{name}": TOPIC.format(name="beta")})
    for args in (["history", "betx.md", "--store", str(repo / "mem")], ["check", str(repo / "mem"), "--entry", "betx"]):
        result = invoke(*args)
        assert result.exit_code == 2
        assert "\x1b" not in result.output and "\x9b" not in result.output


def test_review_done_reports_a_refused_commit_instead_of_a_traceback(tmp_path: Path) -> None:
    repo = store_repo(tmp_path)
    git(repo, "config", "commit.gpgsign", "true")
    git(repo, "config", "gpg.program", "/bin/false")
    result = invoke(*["review", "--done", "--store", str(repo / "mem")])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
