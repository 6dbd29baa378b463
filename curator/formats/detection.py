"""Which format a path holds, where its store root is, and which memory a project has."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from curator import lazyre as re
from curator.formats import claude_code, instructions, notes, openclaw
from curator.formats.common import find_git_root
from curator.formats.project import claude_store_name, encode_project_path
from curator.model import FormatName

FORMATS = ("claude-code", "notes", "openclaw", "instructions")
_TOPIC_KEYS = re.compile(r"^(type|metadata)\s*:", re.MULTILINE)
_NAME_KEY = re.compile(r"^name\s*:", re.MULTILINE)
_DESCRIPTION_KEY = re.compile(r"^description\s*:", re.MULTILINE)
_DATE_IN_NAME = re.compile(r"(?:^|[_\-/])(\d{4}-\d{2}-\d{2})[^/]*\.md$")
_OPENCLAW_MARKERS = ("SOUL.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "TOOLS.md")
_PROJECT_FILES = ("README.md", "package.json", "pyproject.toml", "Cargo.toml", "go.mod", "src")
_INSTRUCTION_NAMES = ("CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "GEMINI.md", "copilot-instructions.md")


class DetectError(Exception):
    """The path does not exist, holds nothing curator recognises, or names an unknown format."""


@dataclass
class Candidate:
    """A memory location found for a directory, with why it was picked."""

    path: Path
    format: FormatName
    reason: str


@dataclass
class Plan:
    """What to load: the format, the store root and (optionally) exactly which files."""

    format: FormatName
    root: Path
    reason: str
    files: list[str] | None = None
    extra: dict[str, object] = field(default_factory=dict)


def claude_project_dir(git_root: Path, home: Path) -> Path:
    """`~/.claude/projects/<encoded git root>/memory` (encoded forward, never decoded)."""
    return Path(home) / ".claude" / "projects" / encode_project_path(Path(git_root)) / "memory"


def is_claude_projects_store(root: Path) -> bool:
    """True for `~/.claude/projects/<encoded>/memory` (any home)."""
    return claude_store_name(root) is not None


def _head(path: Path, size: int = 4096) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read(size).decode("utf-8", errors="replace").lstrip("\ufeff")
    except OSError:
        return ""


def looks_like_topic(path: Path) -> bool:
    """A markdown file whose frontmatter looks like a Claude Code memory (type/metadata, or name+description)."""
    head = _head(path)
    if not head.startswith("---"):
        return False
    block = head.split("\n---", 1)[0]
    return bool(_TOPIC_KEYS.search(block)) or bool(_NAME_KEY.search(block) and _DESCRIPTION_KEY.search(block))


def looks_like_notes(path: Path) -> bool:
    """A file named *notes.md, or one with `## YYYY-MM-DD` section headings."""
    return path.name.endswith("notes.md") or notes.has_dated_sections(_head(path, 65536))


def _md_children(directory: Path) -> list[Path]:
    try:
        return sorted(child for child in directory.iterdir() if child.suffix in (".md", ".mdc") and child.is_file())
    except OSError:
        return []


def _rel_to(path: Path, root: Path) -> str:
    return path.absolute().relative_to(root.absolute()).as_posix()


# ---- files ---------------------------------------------------------------------------------


def plan_file(path: Path) -> Plan | None:
    """How to load a single file given on the command line."""
    path = path.absolute()
    name = path.name
    if name == "MEMORY.md":
        if index_dir_format(path.parent) == "openclaw":
            return Plan("openclaw", path.parent, "MEMORY.md of an OpenClaw workspace")
        return Plan("claude-code", path.parent, "MEMORY.md index of a Claude Code store")
    if path.parent.name == openclaw.DAILY_DIR and openclaw.DAILY_NAME.match(name):
        if not (path.parent / "MEMORY.md").exists() or not looks_like_topic(path):
            return Plan("openclaw", path.parent.parent, "daily log of an OpenClaw workspace")
    if name.endswith(".archive.md"):
        live = path.with_name(name[: -len(".archive.md")] + ".md")
        if live.exists() and looks_like_notes(live):
            return Plan("notes", path.parent, "archive of a notes file", [live.name])
    located = instructions.locate(path)
    if located is not None:
        project, rel = located
        return Plan("instructions", project, "instruction file", [rel])
    if looks_like_topic(path):
        if path.parent.name == claude_code.ARCHIVE_DIR:
            return Plan("claude-code", path.parent.parent, "archived topic file of a Claude Code store")
        return Plan("claude-code", path.parent, "topic file of a Claude Code store")
    if name.endswith("MEMORY.md"):
        return Plan("claude-code", path.parent, "memory index file", [name], {"index_name": name})
    if _DATE_IN_NAME.search(name) and not name.endswith("notes.md"):
        return Plan("openclaw", path.parent, "dated memory log", [name])
    if looks_like_notes(path):
        return Plan("notes", path.parent, "notes file with dated sections", [name])
    if path.suffix in (".md", ".mdc") or name.endswith(_INSTRUCTION_NAMES):
        return Plan("instructions", path.parent, "markdown instructions", [name])
    if path.is_file():
        return Plan("instructions", path.parent, "plain text file read as instructions", [name])
    return None


# ---- directories ---------------------------------------------------------------------------


def plan_store_dir(directory: Path) -> Plan | None:
    """A plan when `directory` is itself a memory store (not a project holding one)."""
    directory = directory.absolute()
    if is_claude_projects_store(directory):
        return Plan("claude-code", directory, "Claude Code store under ~/.claude/projects")
    if openclaw.is_workspace(directory):
        return Plan("openclaw", directory, "OpenClaw workspace (memory/ holds daily logs)")
    has_index = (directory / "MEMORY.md").exists()
    if directory.name == openclaw.DAILY_DIR and not has_index and openclaw.daily_files(directory.parent):
        return Plan("openclaw", directory.parent, "memory/ directory of an OpenClaw workspace")
    if has_index:
        if index_dir_format(directory) == "openclaw":
            return Plan("openclaw", directory, "OpenClaw workspace (MEMORY.md at a project or workspace root)")
        return Plan("claude-code", directory, "directory with a MEMORY.md index")
    if (directory / "notes.md").is_file():
        return Plan("notes", directory, "directory with notes.md", ["notes.md"])
    if directory.name == "memory" and directory.parent.name == ".claude":
        return Plan("claude-code", directory, "Claude Code store committed as .claude/memory")
    return None


def index_dir_format(directory: Path) -> str:
    """For a directory holding MEMORY.md: an OpenClaw workspace root or a Claude Code store."""
    workspace_markers = (*_OPENCLAW_MARKERS, *_PROJECT_FILES, openclaw.DAILY_DIR, *instructions.ROOT_FILES)
    if is_claude_projects_store(directory):
        return "claude-code"
    if any((directory / marker).exists() for marker in workspace_markers):
        return "openclaw"
    return "claude-code"


def _is_project(directory: Path, home: Path) -> bool:
    """A directory that looks like a project root (git, agent config, or a Claude store for it)."""
    markers = (".git", ".claude", "memory", "memory-bank", ".cursor", ".windsurf", ".github", *instructions.ROOT_FILES)
    if any((directory / marker).exists() for marker in markers):
        return True
    return claude_project_dir(directory.absolute(), home).is_dir()


def _rule_dir_plan(directory: Path) -> Plan | None:
    """A rules directory (`.cursor/rules`, `memory-bank`, ...) loads its files with project-relative ids."""
    absolute = directory.absolute()
    for rule_dir, suffixes in instructions.RULE_DIRS:
        parts = Path(rule_dir).parts
        if absolute.parts[-len(parts) :] == parts:
            project = Path(*absolute.parts[: -len(parts)])
            files = [
                _rel_to(child, project)
                for child in sorted(absolute.rglob("*"))
                if child.is_file() and child.name.endswith(suffixes)
            ]
            return Plan("instructions", project, f"{rule_dir}/ rule files", files)
    return None


def _generic_dir_plan(directory: Path) -> Plan | None:
    """Fallback for a directory with no known layout, judged by the markdown files it holds."""
    children = _md_children(directory)
    if any(child.suffix == ".md" and looks_like_topic(child) for child in children[:200]):
        return Plan("claude-code", directory, "directory of memory topic files")
    named = [child.name for child in children if child.suffix == ".mdc" or child.name.endswith(_INSTRUCTION_NAMES)]
    if named:
        return Plan("instructions", directory, "directory of instruction files", [c.name for c in children])
    notes_files = [child.name for child in children if looks_like_notes(child)]
    if notes_files:
        return Plan("notes", directory, "directory of notes files", notes_files)
    dated = [child.name for child in children if _DATE_IN_NAME.search(child.name)]
    if dated and len(dated) == len(children):
        return Plan("openclaw", directory, "directory of dated memory logs", dated)
    if children:
        return Plan("instructions", directory, "directory of markdown files", [child.name for child in children])
    nested = sorted(
        _rel_to(child, directory)
        for child in directory.rglob("*")
        if child.is_file()
        and child.suffix in (".md", ".mdc")
        and not any(part.startswith(".") for part in child.relative_to(directory).parts[:-1])
    )
    if nested:
        return Plan("instructions", directory, "markdown files in subdirectories", nested[:5000])
    return None


def project_candidates(project: Path, home: Path) -> list[Candidate]:
    """Every memory location of a project directory, best first."""
    project = project.absolute()
    git_root = find_git_root(project)
    bases = [project] if git_root is None or git_root == project else [git_root, project]
    found: list[Candidate] = []
    for base in bases:
        for key in dict.fromkeys((base, base.resolve())):
            store = claude_project_dir(key, home)
            if store.is_dir():
                found.append(Candidate(store, "claude-code", f"Claude Code store for {base}"))
    for base in bases:
        if (base / ".claude" / "memory").is_dir():
            found.append(
                Candidate(base / ".claude" / "memory", "claude-code", "Claude Code store committed in .claude/memory")
            )
        if (base / "memory" / "notes.md").is_file():
            found.append(Candidate(base / "memory" / "notes.md", "notes", "memory/notes.md notes file"))
        if openclaw.is_workspace(base) or (base / "MEMORY.md").is_file() and index_dir_format(base) == "openclaw":
            found.append(Candidate(base, "openclaw", "OpenClaw workspace (MEMORY.md, memory/ logs)"))
        elif (base / "memory" / "MEMORY.md").is_file():
            found.append(Candidate(base / "memory", "claude-code", "Claude Code store committed in memory/"))
        if instructions.instruction_files(base):
            found.append(Candidate(base, "instructions", "instruction files (CLAUDE.md, AGENTS.md, rules)"))
    unique: dict[tuple[str, str], Candidate] = {}
    for candidate in found:
        unique.setdefault((str(candidate.path), candidate.format), candidate)
    return list(unique.values())


def discover(cwd: Path, home: Path | None = None) -> list[Candidate]:
    """The memory of the current directory, best first (the directory itself when it is a store)."""
    home = Path(home) if home is not None else Path.home()
    cwd = Path(cwd).absolute()
    try:
        own = plan_store_dir(cwd)
        mine = [Candidate(cwd, own.format, own.reason)] if own is not None else []
        projects = project_candidates(cwd, home)
        found = projects + mine if (cwd / ".git").exists() else mine + projects
    except OSError:
        return []
    unique: dict[tuple[str, str], Candidate] = {}
    for candidate in found:
        unique.setdefault((str(candidate.path), candidate.format), candidate)
    return list(unique.values())


def plan_dir(directory: Path, home: Path) -> Plan | None:
    """How to load a directory: a store itself, a project holding memory, or loose markdown."""
    if (directory / ".git").exists():
        candidates = project_candidates(directory, home)
        if candidates:
            return plan_candidate(candidates[0])
    own = plan_store_dir(directory)
    if own is not None:
        return own
    rule_plan = _rule_dir_plan(directory)
    if rule_plan is not None:
        return rule_plan
    if _is_project(directory, home):
        candidates = project_candidates(directory, home)
        if candidates:
            return plan_candidate(candidates[0])
    return _generic_dir_plan(directory.absolute())


def plan_candidate(candidate: Candidate) -> Plan:
    """The plan that loads a discovered candidate exactly as discovery described it."""
    path = candidate.path.absolute()
    if candidate.format == "notes":
        return Plan("notes", path.parent, candidate.reason, [path.name])
    if candidate.format == "instructions":
        return Plan("instructions", path, candidate.reason, instructions.instruction_files(path))
    return Plan(candidate.format, path, candidate.reason)


def plan_path(path: Path, home: Path) -> Plan | None:
    """The plan for any existing path (file or directory), or None when nothing is recognisable."""
    return plan_dir(path, home) if path.is_dir() else plan_file(path)


def forced_plan(path: Path, format_name: str) -> Plan:
    """The plan when `--format` names the reader."""
    path = path.absolute()
    if format_name == "claude-code":
        if path.is_dir():
            return Plan("claude-code", path, "--format claude-code")
        if path.name == "MEMORY.md":
            return Plan("claude-code", path.parent, "--format claude-code")
        return Plan(
            "claude-code",
            path.parent,
            "--format claude-code (single file)",
            [path.name],
            {"index_name": path.name} if path.name.endswith("MEMORY.md") else {},
        )
    if format_name == "notes":
        if path.is_dir():
            names = (
                ["notes.md"]
                if (path / "notes.md").is_file()
                else [c.name for c in _md_children(path) if c.suffix == ".md"]
            )
            return Plan("notes", path, "--format notes", names)
        return Plan("notes", path.parent, "--format notes", [path.name])
    if format_name == "openclaw":
        if path.is_dir():
            root = path.parent if path.name == openclaw.DAILY_DIR and not (path / "MEMORY.md").exists() else path
            return Plan("openclaw", root, "--format openclaw")
        if path.name == "MEMORY.md":
            return Plan("openclaw", path.parent, "--format openclaw")
        if path.parent.name == openclaw.DAILY_DIR:
            return Plan("openclaw", path.parent.parent, "--format openclaw", [f"{openclaw.DAILY_DIR}/{path.name}"])
        return Plan("openclaw", path.parent, "--format openclaw", [path.name])
    if path.is_dir():
        files = instructions.instruction_files(path) or [child.name for child in _md_children(path)]
        return Plan("instructions", path, "--format instructions", files)
    located = instructions.locate(path)
    if located is not None:
        return Plan("instructions", located[0], "--format instructions", [located[1]])
    return Plan("instructions", path.parent, "--format instructions", [path.name])
