"""SVG snapshot of the Content tab on an entry holding a (generated) GitHub token."""

from __future__ import annotations

from pathlib import Path

from curator.tui.app import CuratorApp
from tests.support.fake_secrets import fakes
from tests.support.secret_stores import build_claude_project
from tests.tui.test_snapshots import WIDE, jump, prepare


def test_content_tab_masks_a_secret(tmp_path: Path, now, snap_compare) -> None:
    """The Content tab of body_github-token.md: fields, the yellow line “🔒 1 secret masked — r reveals here,
    D redacts”, and the body where the token reads `ghp_…` plus its last four characters; the summary bar
    counts three errors: the token in this body, in another file's frontmatter and in a CLAUDE.md bullet."""
    store = build_claude_project(tmp_path / "project", fakes()[:1])
    app = CuratorApp(store, now=now, watch_disk=False)
    assert snap_compare(app, terminal_size=WIDE, run_before=prepare(jump("body_github-token.md")))
