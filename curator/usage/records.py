"""What a transcript record says about the store: the person's prompt, and tool calls on store files."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any

from curator.secrets.signals import may_hold_secret
from curator.usage.locate import TranscriptFile
from curator.usage.model import READ_TOOLS, WRITE_TOOLS, MemoryEvent

MEMORY_SUFFIXES = (".md", ".mdc", ".markdown")
PROMPT_CHARS = 200
SNIPPET_CHARS = 500
MAX_HEADINGS = 50
PATH_KEYS = {
    "Read": "file_path",
    "Write": "file_path",
    "Edit": "file_path",
    "MultiEdit": "file_path",
    "NotebookEdit": "notebook_path",
}
VIEWERS = frozenset({"cat", "head", "tail", "less", "more", "bat", "nl"})
_COMMAND = re.compile(
    r"<command-name>\s*([^<]*?)\s*</command-name>(?:.*?<command-args>\s*([^<]*?)\s*</command-args>)?", re.DOTALL
)


class StorePaths:
    """Decides whether a path a tool named lies inside the store, by realpath, caching per directory."""

    def __init__(self, root: Path) -> None:
        root = Path(root)
        if root.is_file():
            root = root.parent
        self.real_root = os.path.realpath(root)
        self.spellings = sorted({str(root.absolute()), self.real_root}, key=len, reverse=True)
        self.markers = sorted({os.path.basename(spelling).encode("utf-8") for spelling in self.spellings} - {b""})
        self._real_dirs: dict[str, str] = {}
        self.home = os.path.expanduser("~")

    def mentioned(self, line: bytes) -> bool:
        """Cheap pre-check: the raw line names the store directory at all."""
        return not self.markers or any(marker in line for marker in self.markers)

    def inside(self, raw: Any, cwd: Any) -> str | None:
        """The realpath of `raw` (relative to `cwd`) when it is a markdown file inside the store, else None."""
        if not isinstance(raw, str) or not raw or "\x00" in raw:
            return None
        if raw.startswith("~"):
            raw = os.path.expanduser(raw)
        if not os.path.isabs(raw):
            if not isinstance(cwd, str) or not os.path.isabs(cwd):
                return None
            raw = os.path.join(cwd, raw)
        normal = os.path.normpath(raw)
        folder, name = os.path.split(normal)
        real_folder = self._real_dirs.get(folder)
        if real_folder is None:
            real_folder = os.path.realpath(folder)
            self._real_dirs[folder] = real_folder
        real = os.path.join(real_folder, name)
        if real.startswith(self.real_root + os.sep) and real.lower().endswith(MEMORY_SUFFIXES):
            return real
        return None


def user_prompt(record: dict[str, Any]) -> str:
    """The first line of a person's prompt in a user record; empty for tool results and bookkeeping."""
    if record.get("type") != "user" or record.get("isMeta") or record.get("isCompactSummary"):
        return ""
    message = record.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        texts = [content]
    elif isinstance(content, list):
        texts = [item.get("text", "") for item in content if isinstance(item, dict) and item.get("type") == "text"]
    else:
        return ""
    for text in texts:
        line = _first_line(text) if isinstance(text, str) else ""
        if line:
            return _masked(line)
    return ""


def _masked(prompt: str) -> str:
    """The prompt with any secret the person pasted masked, so neither reports nor the usage cache keep it."""
    if not may_hold_secret(prompt):
        return prompt
    from curator.secrets.output import mask_text

    return mask_text(prompt, filename="prompt.md")


def _first_line(text: str) -> str:
    stripped = text.strip()
    if stripped.startswith("<"):
        command = _COMMAND.search(stripped)
        if command is None:
            return ""
        stripped = " ".join(part for part in command.groups() if part)
    for line in stripped.splitlines():
        line = line.strip()
        if line:
            return line[:PROMPT_CHARS]
    return ""


def tool_events(
    record: dict[str, Any], paths: StorePaths, prompt: str, transcript: TranscriptFile, session: str
) -> list[MemoryEvent]:
    """The reads and writes of store files in one assistant record's `tool_use` items."""
    message = record.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return []
    stamp = _text(record.get("timestamp"))
    session_id = _text(record.get("sessionId")) or session
    cwd = record.get("cwd")
    events: list[MemoryEvent] = []
    for item in content:
        if not isinstance(item, dict) or item.get("type") != "tool_use":
            continue
        name, tool_input = item.get("name"), item.get("input")
        if not isinstance(name, str) or not isinstance(tool_input, dict):
            continue
        if name == "Bash":
            targets = _viewed_paths(tool_input.get("command"), paths, cwd)
        elif name in PATH_KEYS:
            target = paths.inside(tool_input.get(PATH_KEYS[name]), cwd)
            targets = [target] if target else []
        else:
            targets = []
        written = _written_text(name, tool_input) if name in WRITE_TOOLS else ""
        for target in targets:
            events.append(
                MemoryEvent(
                    path=target,
                    tool=name,
                    session=session_id,
                    time=stamp,
                    prompt=prompt if name not in READ_TOOLS and name != "Bash" else "",
                    snippet=written[:SNIPPET_CHARS],
                    headings=[line.strip() for line in written.splitlines() if line.startswith("#")][:MAX_HEADINGS],
                    subagent=transcript.subagent or bool(record.get("isSidechain")),
                )
            )
    return events


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _written_text(name: str, tool_input: dict[str, Any]) -> str:
    if name == "Write":
        value = tool_input.get("content")
    elif name == "Edit":
        value = tool_input.get("new_string")
    elif name == "MultiEdit":
        edits = tool_input.get("edits")
        value = (
            "\n".join(str(edit.get("new_string", "")) for edit in edits if isinstance(edit, dict))
            if isinstance(edits, list)
            else ""
        )
    else:
        value = tool_input.get("new_source")
    return value if isinstance(value, str) else ""


def _viewed_paths(command: Any, paths: StorePaths, cwd: Any) -> list[str]:
    """Store files a shell command shows with a viewer (`cat`, `head`, …)."""
    if not isinstance(command, str) or len(command) > 10_000:
        return []
    try:
        words = shlex.split(command, comments=False)
    except ValueError:
        return []
    if not words or os.path.basename(words[0]) not in VIEWERS:
        return []
    found = []
    for word in words[1:]:
        if word.startswith("-"):
            continue
        if word in ("|", "&&", ";", "||"):
            break
        target = paths.inside(word, cwd)
        if target:
            found.append(target)
    return found
