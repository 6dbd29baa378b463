"""Export/import round trips between every format, project identity, and promote to an instruction file."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from curator.cli import main
from curator.formats import detect
from curator.history import annotate
from curator.ops.convert import export_store, import_entries
from curator.ops.promote import insert_rule, promote
from curator.sync.convert import portable_entries
from curator.sync.identity import normalise_remote, project_identity
from tests.support.gitrepo import commit_files, git, init_repo

TOPICS = {
    "cadence.md": ("feedback", "Cadence", "Publish at most 4 posts per week.\n\n**Why:** readers complained."),
    "stack.md": ("project", "Stack", "The site is built with Astro and deployed by CI."),
    "person.md": ("user", "Person", "The user writes in English and prefers short answers."),
    "links.md": ("reference", "Links", "Analytics live in the Plausible dashboard."),
}


def source_store(root: Path) -> Path:
    store = root / "memory"
    store.mkdir(parents=True)
    index = []
    for number, (name, (kind, title, body)) in enumerate(TOPICS.items()):
        stamp = datetime(2026, 3 + number, 10, tzinfo=timezone.utc).isoformat()
        (store / name).write_text(
            f"---\nname: {title}\ndescription: {title} topic\ntype: {kind}\ncreated: {stamp}\nupdated: {stamp}\n---\n\n{body}\n",
            encoding="utf-8",
        )
        index.append(f"- [{title}]({name}) — {title.lower()}\n")
    (store / "MEMORY.md").write_text("".join(index), encoding="utf-8")
    return store


def loaded(path: Path, format_name: str | None = None):
    store = detect(path, format_name=format_name)
    annotate(store)
    return store


def comparable(path: Path, format_name: str | None = None) -> list[tuple]:
    return sorted((p.content, p.type, p.created, p.modified) for p in portable_entries(loaded(path, format_name)))


@pytest.mark.parametrize(
    ("to", "reader", "written"),
    [
        ("claude-code", "claude-code", "."),
        ("notes", "notes", "notes.md"),
        ("openclaw", "openclaw", "."),
        ("agents-md", "instructions", "AGENTS.md"),
    ],
)
def test_export_then_import_back_keeps_text_dates_and_types(tmp_path: Path, to: str, reader: str, written: str) -> None:
    original = source_store(tmp_path)
    out = tmp_path / f"out-{to}"
    assert len(comparable(original)) == len(TOPICS)
    export_store(loaded(original), to, out)
    exported_path = out if written == "." else out / written
    assert comparable(exported_path, reader) == comparable(original)
    back = tmp_path / "back"
    back.mkdir()
    (back / "MEMORY.md").write_text("", encoding="utf-8")
    import_entries(loaded(back, "claude-code"), loaded(exported_path, reader))
    assert comparable(back, "claude-code") == comparable(original)


def test_export_never_overwrites_and_import_skips_what_is_there(tmp_path: Path) -> None:
    original = source_store(tmp_path)
    out = tmp_path / "out"
    export_store(loaded(original), "notes", out)
    before = (out / "notes.md").read_bytes()
    result = CliRunner().invoke(main, ["export", "--to", "notes", str(out), "--store", str(original)])
    assert result.exit_code == 1 and "already has notes.md" in result.output
    assert (out / "notes.md").read_bytes() == before
    again = import_entries(loaded(original), loaded(out / "notes.md", "notes"))
    assert again.changed == [] and "already" in again.message


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("git@github.com:Org/Repo.git", "github.com/Org/Repo"),
        ("https://user@GitHub.com/Org/Repo/", "github.com/Org/Repo"),
        ("ssh://git@github.com:22/Org/Repo.git", "github.com/Org/Repo"),
        ("https://gitlab.example.com/group/sub/project.git", "gitlab.example.com/group/sub/project"),
        ("/srv/git/memory.git", "file:/srv/git/memory"),
    ],
)
def test_remote_urls_normalise(url: str, expected: str) -> None:
    assert normalise_remote(url) == expected


def test_two_checkouts_of_one_repository_share_an_identity(tmp_path: Path) -> None:
    first, second = init_repo(tmp_path / "one"), init_repo(tmp_path / "two")
    git(first, "remote", "add", "origin", "git@github.com:Org/Blog.git")
    git(second, "remote", "add", "origin", "https://github.com/Org/Blog")
    (second / "web").mkdir()
    assert project_identity(first).key == project_identity(second).key == "github.com/Org/Blog"
    assert project_identity(second / "web").key == "github.com/Org/Blog/web"
    lonely = init_repo(tmp_path / "lonely")
    assert project_identity(lonely).key == f"path:{lonely.resolve().as_posix()}"


def test_promote_writes_the_rule_and_archives_the_memory_in_one_commit(tmp_path: Path) -> None:
    project = init_repo(tmp_path / "project")
    commit_files(
        project,
        {
            "CLAUDE.md": "# Blog\n\n## Testing\n\n* Tests run with vitest.\n\n## Style\n\nTwo spaces.\n",
            ".claude/memory/MEMORY.md": "- [CI](ci.md) — ci\n",
            ".claude/memory/ci.md": "---\nname: CI\ndescription: ci\ntype: feedback\n---\n\nRun vitest with --run in CI.\n",
        },
        "init",
        "2026-11-01T10:00:00+00:00",
    )
    store = loaded(project / ".claude" / "memory")
    before = git(project, "rev-list", "--count", "HEAD").strip()
    result = promote(store, "ci.md", to="CLAUDE.md", heading="Testing")
    assert (project / "CLAUDE.md").read_text() == (
        "# Blog\n\n## Testing\n\n* Tests run with vitest.\n* Run vitest with --run in CI.\n\n## Style\n\nTwo spaces.\n"
    )
    archived = (project / ".claude" / "memory" / ".archive" / "ci.md").read_text()
    assert "promoted to CLAUDE.md" in archived and "Run vitest with --run in CI." in archived
    assert not (project / ".claude" / "memory" / "ci.md").exists()
    assert int(git(project, "rev-list", "--count", "HEAD")) == int(before) + 1
    assert result.commit and set(git(project, "show", "--name-only", "--format=", "HEAD").split()) == {
        "CLAUDE.md",
        ".claude/memory/MEMORY.md",
        ".claude/memory/ci.md",
        ".claude/memory/.archive/ci.md",
    }
    undone = CliRunner().invoke(main, ["undo", "--store", str(project / ".claude" / "memory")])
    assert undone.exit_code == 0, undone.output
    assert (
        "Run vitest" not in (project / "CLAUDE.md").read_text() and (project / ".claude" / "memory" / "ci.md").exists()
    )


@pytest.mark.parametrize("to", ["../outside.md", "/etc/CLAUDE.md", "README.md", ".claude/rules/../../x.md"])
def test_promote_refuses_targets_outside_the_instruction_files(tmp_path: Path, to: str) -> None:
    project = init_repo(tmp_path / "project")
    commit_files(
        project,
        {
            ".claude/memory/ci.md": "---\nname: CI\ndescription: ci\ntype: feedback\n---\n\nRule.\n",
            ".claude/memory/MEMORY.md": "- [CI](ci.md) — ci\n",
        },
        "init",
        "2026-11-01T10:00:00+00:00",
    )
    result = CliRunner().invoke(main, ["promote", "ci.md", "--to", to, "--store", str(project / ".claude" / "memory")])
    assert result.exit_code == 1
    assert (project / ".claude" / "memory" / "ci.md").exists()


def test_insert_rule_creates_the_heading_when_missing() -> None:
    assert insert_rule("# A\n\nIntro.", "Learned", "- rule\n") == "# A\n\nIntro.\n\n## Learned\n\n- rule\n"
