"""A reviewed Claude Code store that an "agent" then changes in two snapshotted sessions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from curator.formats import detect
from curator.ops import inbox as ops_inbox
from curator.ops.snapshot import snapshot
from tests.support.gitrepo import git

TOPICS = {
    "alpha.md": "---\nname: Alpha\ndescription: first topic\ntype: project\n---\n\nAlpha holds 3 rules.\n",
    "beta.md": "---\nname: Beta\ndescription: second topic\ntype: feedback\n---\n\nBeta: never force-push.\r\nKeep CRLF.\r\n",
    "gamma.md": "---\nname: Gamma\ndescription: third topic\ntype: reference\n---\n\nGamma docs live in docs/.\n",
    "delta.md": "---\nname: Delta\ndescription: fourth topic\ntype: user\n---\n\nThe user prefers short answers.\n",
}
NEW_TOPIC = "---\nname: Epsilon\ndescription: added by the agent\ntype: project\n---\n\nEpsilon was added.\n"


def index_text(names: list[str]) -> str:
    return "# Memory\n\n" + "".join(f"- [{name[:-3].title()}]({name}) — {name[:-3]}\n" for name in names)


def reviewed_store(root: Path) -> Path:
    """A store outside any repository, snapshotted (git init) and reviewed once."""
    store = root / "memory"
    store.mkdir(parents=True)
    for name, text in TOPICS.items():
        (store / name).write_bytes(text.encode("utf-8"))
    (store / "MEMORY.md").write_text(index_text(list(TOPICS)), encoding="utf-8")
    snapshot(store)
    ops_inbox.finish_review(detect(store))
    return store


def hook_snapshot(store: Path, session_id: str, event: str = "SessionEnd") -> subprocess.CompletedProcess:
    """Run the installed hook command the way Claude Code does: JSON on stdin, store found from the transcript."""
    transcript = store.parent / f"{session_id}.jsonl"
    payload = {
        "session_id": session_id,
        "transcript_path": str(transcript),
        "cwd": str(store.parent),
        "hook_event_name": event,
        "reason": "prompt_input_exit",
    }
    return subprocess.run(
        [sys.executable, "-m", "curator", "snapshot", "--hook"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=store.parent,
        check=False,
    )


def agent_sessions(store: Path) -> None:
    """Session one edits alpha.md; session two deletes beta.md and gamma.md and adds epsilon.md."""
    with (store / "alpha.md").open("a", encoding="utf-8") as handle:
        handle.write("Alpha now holds 4 rules.\n")
    first = hook_snapshot(store, "11111111-aaaa-bbbb-cccc-000000000001")
    assert first.returncode == 0, first.stderr
    (store / "beta.md").unlink()
    (store / "gamma.md").unlink()
    (store / "epsilon.md").write_text(NEW_TOPIC, encoding="utf-8")
    second = hook_snapshot(store, "22222222-aaaa-bbbb-cccc-000000000002", "PreCompact")
    assert second.returncode == 0, second.stderr


def subjects(store: Path) -> list[str]:
    return git(store, "log", "--format=%s").splitlines()
