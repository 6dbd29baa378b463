"""Items 6 and 10: a full disk (a small tmpfs) refuses cleanly and leaves every file as it was."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.adversarial.hostile import claude_store, git, invoke, snapshot

NOW = ("--now", "2026-11-29")


@pytest.fixture
def small_disk(tmp_path: Path):
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount_point)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode().strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], capture_output=True)


def _fill(directory: Path, leave_bytes: int) -> None:
    """Fill the filesystem holding `directory` until about `leave_bytes` are free."""
    stats = os.statvfs(directory)
    free = stats.f_bavail * stats.f_frsize
    with open(directory / "filler.bin", "wb") as handle:
        handle.write(b"\0" * max(0, free - leave_bytes))


@pytest.mark.parametrize("op", [("expire", "big.md"), ("review", "big.md")])
def test_a_full_disk_refuses_and_puts_everything_back(small_disk: Path, op: tuple[str, str]) -> None:
    files = {
        "MEMORY.md": "# Memory\n- [Big](big.md) — big\n",
        "big.md": "---\nname: big\ndescription: d\ntype: project\n---\n" + "A long remembered line.\n" * 12_000,
    }
    project = small_disk / "proj"
    root = claude_store(project, files=files)
    before, head = snapshot(root), git(project, "rev-parse", "HEAD")
    _fill(small_disk, leave_bytes=64 * 1024)
    result = invoke(*op, "--store", str(root), *NOW)
    assert result.exit_code == 1, result.output
    assert "No space left" in result.output or "nothing was changed" in result.output
    assert "Traceback" not in result.output
    assert snapshot(root) == before
    assert git(project, "rev-parse", "HEAD") == head
    leftovers = [path.name for path in root.rglob("*") if path.name.startswith(".curator-")]
    assert leftovers == []
