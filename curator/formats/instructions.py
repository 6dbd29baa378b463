"""Instruction files (CLAUDE.md, AGENTS.md, .cursor/rules/*.mdc, ...): one entry per top-level rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from curator import lazyre as re
from curator.formats import frontmatter
from curator.formats.common import build_index, record_problem, walk_files
from curator.formats.markdown import (
    Line,
    comment_fields,
    heading_level,
    heading_text,
    short_name,
    split_lines,
    to_datetime,
)
from curator.formats.source import ParseProblem, read_source
from curator.model import Entry, SourceFile, Store

ROOT_FILES = (
    "CLAUDE.md",
    "CLAUDE.local.md",
    "AGENTS.md",
    "GEMINI.md",
    ".claude/CLAUDE.md",
    ".github/copilot-instructions.md",
    ".cursorrules",
    ".windsurfrules",
)
RULE_DIRS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (".claude/rules", (".md",)),
    (".cursor/rules", (".mdc", ".md")),
    (".windsurf/rules", (".md",)),
    (".github/instructions", (".md",)),
    ("memory-bank", (".md",)),
)
PRIMARY_ORDER = ("CLAUDE.md", "AGENTS.md", "GEMINI.md", "CLAUDE.local.md", ".github/copilot-instructions.md")

_BULLET = re.compile(r"^ ?(?:[-*+]|\d{1,3}[.)])(?:[ \t]+|$)")
_HR = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_COMMENT_ONLY = re.compile(r"^\s*(?:<!--.*?-->\s*)+$", re.DOTALL)


def instruction_files(project: Path) -> list[str]:
    """Project-relative paths of every instruction file that exists under `project`."""
    found = [rel for rel in ROOT_FILES if (project / rel).is_file()]
    scratch = Store(root=project, format="instructions")
    for rule_dir, suffixes in RULE_DIRS:
        if (project / rule_dir).is_dir():
            found.extend(walk_files(scratch, rule_dir, suffixes))
    return found


def locate(path: Path) -> tuple[Path, str] | None:
    """(project root, relative path) when `path` is a known instruction file, else None."""
    path = path.absolute()
    for rel in ROOT_FILES:
        parts = Path(rel).parts
        if path.parts[-len(parts) :] == parts:
            return Path(*path.parts[: -len(parts)]), rel
    for rule_dir, suffixes in RULE_DIRS:
        dir_parts = Path(rule_dir).parts
        for depth in range(len(path.parts) - len(dir_parts) - 1, -1, -1):
            if path.parts[depth : depth + len(dir_parts)] == dir_parts and path.name.endswith(suffixes):
                project = Path(*path.parts[:depth]) if depth else Path(path.anchor)
                return project, Path(*path.parts[depth:]).as_posix()
    if path.suffix == ".mdc":
        return path.parent, path.name
    return None


def _frontmatter(text: str) -> tuple[dict[str, Any], int, list[str]]:
    """Fields of one or two leading frontmatter blocks (tolerant), the body offset, and problems."""
    fields: dict[str, Any] = {}
    problems: list[str] = []
    offset = 0
    for _ in range(2):
        block = frontmatter.split(text[offset:])
        if block is None:
            break
        parsed, problem = frontmatter.parse_yaml(block.raw, first_line=text.count("\n", 0, offset) + 2)
        for key, value in parsed.items():
            fields.setdefault(key, value)
        if problem is not None:
            problems.append(f"{problem.reason}{problem.where()}")
        offset += block.body_start
    return fields, offset, problems


def always_loaded(rel: str, fields: dict[str, Any]) -> bool:
    """Whether the agent loads this file every session (glob- or description-triggered rules are not)."""
    if rel.endswith(".mdc") or rel.startswith((".cursor/", ".windsurf/")):
        apply = fields.get("alwaysApply")
        trigger = str(fields.get("trigger") or "")
        return (
            apply is True
            or str(apply).lower() == "true"
            or trigger == "always_on"
            or apply is None
            and not fields.get("globs")
        )
    if rel.startswith(".claude/rules/"):
        return not fields.get("paths")
    if rel.startswith(".github/instructions/"):
        return str(fields.get("applyTo") or "").strip() in ("**", "**/*")
    return True


def _group_rules(lines: list[Line]) -> list[tuple[list[Line], str]]:
    """Top-level bullets and paragraphs (with nested lines and fenced code) and their section names."""
    rules: list[tuple[list[Line], str]] = []
    current: list[Line] | None = None
    section = ""
    after_blank = False
    last_section_rule: list[Line] | None = None
    for line in lines:
        if line.in_code:
            if current is None:
                current = last_section_rule if last_section_rule is not None else _new(rules, section)
            current.append(line)
            after_blank = False
            continue
        if line.blank:
            after_blank = True
            continue
        content = line.content
        if heading_level(content):
            current = last_section_rule = None
            section = heading_text(content)
        elif _HR.match(content):
            current = None
        elif _BULLET.match(content):
            current = last_section_rule = _new(rules, section)
            current.append(line)
        elif content[:1] in (" ", "\t"):
            target = current if current is not None else last_section_rule
            if target is None:
                target = last_section_rule = _new(rules, section)
            target.append(line)
            current = target
        elif current is not None and not after_blank:
            current.append(line)
        else:
            current = last_section_rule = _new(rules, section)
            current.append(line)
        after_blank = False
    return rules


def _new(rules: list[tuple[list[Line], str]], section: str) -> list[Line]:
    group: list[Line] = []
    rules.append((group, section))
    return group


def rules_of(source: SourceFile, *, origin: str = "store", id_prefix: str = "") -> tuple[list[Entry], list[str]]:
    """The rule entries of one instruction file, plus frontmatter problems that were tolerated."""
    text = source.text or ""
    fields, body_start, problems = _frontmatter(text)
    lines = [line for line in split_lines(text) if line.start >= body_start]
    loaded = always_loaded(source.rel, fields)
    rel = id_prefix + source.rel
    entries: list[Entry] = []
    for group, section in _group_rules(lines):
        content_lines = [line for line in group if not line.blank]
        if not content_lines:
            continue
        first, last = content_lines[0], content_lines[-1]
        rule_text = text[first.start : last.end]
        plain = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s*", "", rule_text).strip()
        if not plain or _COMMENT_ONLY.match(rule_text):
            continue
        stamps = comment_fields(rule_text)
        entries.append(
            Entry(
                id=f"{rel}:L{first.number}",
                path=rel,
                kind="rule",
                line=first.number,
                line_end=last.number,
                name=short_name(rule_text),
                body=rule_text,
                text=rule_text,
                fields={**fields, **stamps, "section": section},
                reviewed=to_datetime(stamps.get("reviewed") or ""),
                expires=to_datetime(stamps.get("expires") or ""),
                span=(first.start, last.end),
                always_loaded=loaded,
                origin=origin,
            )
        )
    return entries, problems


def load(store: Store, rels: list[str]) -> None:
    """Fill `store` with the rules of the instruction files `rels` (relative to its root)."""
    loaded_sources: dict[str, SourceFile] = {}
    for rel in rels:
        result = read_source(store.root, rel)
        if isinstance(result, ParseProblem):
            record_problem(store, result, rel, rel)
            continue
        store.files[rel] = result
        loaded_sources[rel] = result
        entries, problems = rules_of(result)
        store.entries.extend(entries)
        for problem in problems:
            store.notes.append(f"{rel}: frontmatter read line by line ({problem})")
    primary = next((rel for rel in PRIMARY_ORDER if rel in loaded_sources), None)
    if primary is None and loaded_sources:
        primary = next(iter(loaded_sources))
    if primary is not None:
        source = loaded_sources[primary]
        store.index = build_index(source, split_lines(source.text or ""), whole_file_loaded=True)
        store.index.entries = []
    store.notes.append(f"instruction files under {store.root}: {', '.join(rels) if rels else 'none'}")


def load_context(store: Store, project: Path, *, exclude: set[str] | None = None) -> None:
    """Read the project's instruction files into `store.context` so rules can compare against them."""
    for rel in instruction_files(project):
        if exclude and rel in exclude:
            continue
        result = read_source(project, rel)
        if isinstance(result, ParseProblem):
            store.notes.append(f"project instruction file {rel} skipped: {result.reason}")
            continue
        store.context_files[rel] = result
        entries, _ = rules_of(result, origin="project")
        store.context.extend(entries)
