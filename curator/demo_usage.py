"""Session transcripts for the demo: which memories the demo agent read and which sessions wrote them."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from curator.demo import DemoPaths
from curator.formats.detection import encode_project_path
from curator.usage.writer import TranscriptWriter, session_file

SESSIONS = 40
FIRST_SESSION_DAYS_AGO = 44
READ_EVERY = {"publishing.md": (2, 29), "feed_builder.md": (3, 1), "testing.md": (4, 1), "blog_cadence_q4.md": (5, 1)}
READ_ONCE = {"user_profile.md": 2, "pre_push_checks.md": 25}
WRITES = {
    12: ("Remember: run pnpm lint and pnpm test before every push", ["pre_push_checks.md", "project_stack.md"]),
    28: ("Write down how we publish a week of posts\nand the newsletter too", ["publishing.md", "newsletter.md"]),
}


def demo_claude_dir(paths: DemoPaths) -> Path:
    """Where the demo keeps its Claude Code config (`projects/<encoded project>/*.jsonl`)."""
    return paths.root / "claude-config"


def write_demo_transcripts(paths: DemoPaths, now: datetime) -> Path:
    """Forty sessions over the last six weeks for the demo project; returns the Claude config dir."""
    claude_dir = demo_claude_dir(paths)
    project_dir = claude_dir / "projects" / encode_project_path(paths.project.absolute())
    store = paths.claude_store
    for number in range(1, SESSIONS + 1):
        days_ago = FIRST_SESSION_DAYS_AGO - number * FIRST_SESSION_DAYS_AGO / (SESSIONS + 1)
        session = f"{number:08x}-de70-4000-8000-{number:012d}"
        start = (now - timedelta(days=days_ago)).replace(microsecond=0)
        with open(session_file(project_dir, session), "w", encoding="utf-8") as stream:
            writer = TranscriptWriter(stream, session, str(paths.project), start)
            prompt, written = WRITES.get(number, (f"Help with the blog, task {number}", []))
            writer.prompt(prompt)
            for name in written:
                writer.write(store / name, (store / name).read_text(encoding="utf-8"))
            for name, (every, first) in READ_EVERY.items():
                if number >= first and number % every == 0:
                    writer.read(store / name)
            for name, when in READ_ONCE.items():
                if number == when:
                    writer.read(store / name)
            writer.say("Done.")
    return claude_dir
