"""`python -m curator.screenshots`: SVG screenshots of the TUI on the demo store, for the README."""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Awaitable, Callable

from curator import formats, ops
from curator.demo import build_demo
from curator.demo_usage import write_demo_transcripts
from curator.ops import inbox as ops_inbox
from curator.ops.snapshot import snapshot
from curator.tui.app import CuratorApp
from curator.tui.screens.inbox import InboxScreen
from curator.tui.view import pair_findings

DEFAULT_NOW = "2026-11-29T12:00:00+00:00"
DEFAULT_SIZE = (120, 36)
WAIT_SECONDS = 60.0


async def _wait(pilot, condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit("timed out waiting for the app")
        await pilot.pause(0.05)


async def _settle(pilot) -> None:
    app = pilot.app
    await _wait(pilot, lambda: app.session.stage == "ready" and not app.op_running)
    for screen in app.screen_stack:
        for widget in screen.query("Input, TextArea"):
            widget.cursor_blink = False
    await pilot.pause(0.3)


def _failing_entry(app) -> str | None:
    for entry_id, results in sorted(app.session.check_results.items()):
        if any(getattr(result, "verdict", "") == "fail" for result in results):
            return entry_id
    return None


def _mergeable_pair(app) -> list[str] | None:
    """The first conflict or duplicate pair ops can draft a merge for (two memory entries, not an instruction)."""
    for finding in pair_findings(app.session.findings):
        ids = list(finding.entries[:2])
        try:
            ops.merge_draft(app.session.store, ids)
        except ops.OpError:
            continue
        return ids
    return None


async def _shoot(
    store: Path, now: datetime, size: tuple[int, int], name: str, steps, out: Path, claude_dir: Path | None = None
) -> Path:
    app = CuratorApp(store, now=now, watch_disk=False, claude_dir=claude_dir)
    async with app.run_test(size=size) as pilot:
        await _settle(pilot)
        await steps(app, pilot)
        await _settle(pilot)
        target = out / f"{name}.svg"
        target.write_text(app.export_screenshot(title=f"curator — {name.replace('-', ' ')}"), encoding="utf-8")
    return target


async def _main_screen(app, pilot) -> None:
    return None


async def _check_pane(app, pilot) -> None:
    entry_id = _failing_entry(app)
    if entry_id:
        app.screen.jump_to(entry_id)
    await pilot.press("4")


async def _merge(app, pilot) -> None:
    pair = _mergeable_pair(app)
    if pair:
        app.screen.open_merge(pair)
    await pilot.pause(0.2)


async def _index_row(app, pilot) -> None:
    store = app.session.store
    if store is not None and store.index is not None:
        app.screen.jump_to(store.index.path)
    await pilot.press("3")


async def _review_summary(app, pilot) -> None:
    """Decide three entries (an index fix, a keep, an expire), then open the summary."""
    from curator.tui.index_row import is_index
    from curator.tui.screens.expire import ExpireModal
    from curator.tui.screens.index_fix import IndexFixModal
    from curator.tui.screens.keep_expired import KeepExpiredModal

    await pilot.press("R")
    await pilot.pause(0.3)
    for key in ("k", "x"):
        review = app.screen
        if is_index(review.current_entry):
            await pilot.press("I")
            await pilot.pause(0.2)
            if isinstance(app.screen, IndexFixModal):
                await pilot.press("enter")
                await pilot.pause(0.2)
        await pilot.press(key)
        await pilot.pause(0.2)
        if isinstance(app.screen, (KeepExpiredModal, ExpireModal)):
            await pilot.press("enter")
            await pilot.pause(0.1)
        if isinstance(app.screen, ExpireModal):
            await pilot.press("enter")
        await pilot.pause(0.2)
    await pilot.press("escape")


async def _conflicts(app, pilot) -> None:
    await pilot.press("c")


async def _review(app, pilot) -> None:
    await pilot.press("R")


async def _trends(app, pilot) -> None:
    await pilot.press("T")
    await _wait(pilot, lambda: "point(s)" in str(app.screen.query_one("#trends-header").render()))


async def _inbox(app, pilot) -> None:
    await _wait(pilot, lambda: isinstance(app.screen, InboxScreen) and app.screen.inbox is not None)
    await pilot.press("down", "down")


def _agent_changed_after_review(store: Path, now: datetime) -> None:
    """Finish a review of the demo store, then let an "agent" change it in two snapshotted sessions."""
    ops_inbox.finish_review(formats.detect(store), now=now)
    topics = sorted(path for path in store.glob("*.md") if path.name != "MEMORY.md")
    with topics[0].open("a", encoding="utf-8") as handle:
        handle.write("\nUpdated by the agent after the review.\n")
    snapshot(store, event="SessionEnd", session_id="3f9c2a71-5d1e-4c1b-9a57-0b6e2c8d4f10", now=now)
    topics[1].unlink()
    (store / "agent_new_fact.md").write_text(
        "---\nname: New fact\ndescription: written by the agent\ntype: project\n---\n\nThe agent learned this.\n",
        encoding="utf-8",
    )
    snapshot(store, event="PreCompact", session_id="8b2d4e06-7c3a-4f58-b1e9-2a6f0d9c3e71", now=now)


async def _usage_columns(app, pilot) -> None:
    while app.screen.view_state.sort_column != "reads":
        await pilot.press("s")
    app.screen.jump_to("publishing.md")
    await pilot.press("w")


async def _prune(app, pilot) -> None:
    await pilot.press("P")


USAGE_SHOTS: tuple[tuple[str, Callable[..., Awaitable[None]]], ...] = (
    ("usage-columns", _usage_columns),
    ("prune", _prune),
)

SHOTS: tuple[tuple[str, Callable[..., Awaitable[None]]], ...] = (
    ("main-screen", _main_screen),
    ("check-pane", _check_pane),
    ("merge", _merge),
    ("conflicts", _conflicts),
    ("review-mode", _review),
    ("index-row", _index_row),
    ("review-summary", _review_summary),
    ("trends", _trends),
    ("inbox", _inbox),
)
SETUPS: dict[str, Callable[[Path, datetime], None]] = {"inbox": _agent_changed_after_review}


async def make_screenshots(out: Path, now: datetime, size: tuple[int, int]) -> list[Path]:
    """Build the demo in a temporary directory and write one SVG per screen into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="curator-shots-") as scratch:
        paths = build_demo(Path(scratch) / "demo", now)
        for name, steps in SHOTS:
            if name in SETUPS:
                SETUPS[name](paths.claude_store, now)
            written.append(await _shoot(paths.claude_store, now, size, name, steps, out))
        fresh = build_demo(Path(scratch) / "demo-with-sessions", now)
        claude_dir = write_demo_transcripts(fresh, now)
        for name, steps in USAGE_SHOTS:
            written.append(await _shoot(fresh.claude_store, now, size, name, steps, out, claude_dir))
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m curator.screenshots", description=__doc__)
    parser.add_argument(
        "--out", type=Path, default=Path("screenshots"), help="where the SVGs go (default: screenshots/)"
    )
    parser.add_argument("--now", default=DEFAULT_NOW, help=f"the demo's clock (default: {DEFAULT_NOW})")
    parser.add_argument("--size", default=f"{DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}", help="terminal size COLSxROWS")
    args = parser.parse_args(argv)
    now = datetime.fromisoformat(args.now.replace("Z", "+00:00"))
    now = now if now.tzinfo else now.replace(tzinfo=timezone.utc)
    columns, rows = (int(part) for part in args.size.lower().split("x"))
    for path in asyncio.run(make_screenshots(args.out, now, (columns, rows))):
        print(path)


if __name__ == "__main__":
    main()
