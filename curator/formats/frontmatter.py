"""Byte-preserving YAML frontmatter: find the block, parse it tolerantly, change single keys."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from functools import cache
from types import ModuleType
from typing import Any

from curator import lazyre as re
from curator.formats.source import ParseProblem, newline_style
from curator.formats.yamlish import TOP_KEY, fallback_parse, fast_parse, unquote


@cache
def _yaml() -> tuple[ModuleType, Any, type]:
    """PyYAML, python-frontmatter's YAML handler (it parses and renders) and the fastest safe loader, on first need.

    Imported late because most blocks take the fast path; finding the block and splicing it stay here (byte-exact).
    """
    import yaml
    from frontmatter.default_handlers import YAMLHandler

    return yaml, YAMLHandler(), getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_FENCE = re.compile(r"\ufeff?---[ \t]*(?:\r\n|\n|\r|$)")
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


@dataclass
class Frontmatter:
    """Where the frontmatter block sits in a text: `raw` is the YAML between the fences."""

    raw: str
    span: tuple[int, int]
    raw_span: tuple[int, int]
    body_start: int

    @property
    def first_line(self) -> int:
        """1-based file line of the first YAML line (the line after the opening fence)."""
        return 2


def split(text: str) -> Frontmatter | None:
    """Find a frontmatter block that opens on the first line; None when there is no closed block."""
    opening = _FENCE.match(text)
    if opening is None:
        return None
    raw_start = opening.end()
    if raw_start == len(text):
        return None
    closing = _CLOSE.search(text, raw_start)
    if closing is None:
        return None
    block_end = closing.end()
    if text.startswith("\r\n", block_end):
        block_end += 2
    elif block_end < len(text) and text[block_end] in "\r\n":
        block_end += 1
    return Frontmatter(
        raw=text[raw_start : closing.start()],
        span=(0, block_end),
        raw_span=(raw_start, closing.start()),
        body_start=block_end,
    )


def unclosed(text: str) -> bool:
    """True when the text opens a frontmatter fence on line 1 but never closes it."""
    return _FENCE.match(text) is not None and split(text) is None


def jsonable(value: Any) -> Any:
    """YAML values made JSON-safe: dates become ISO strings, other odd scalars strings."""
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def _first_alias_line(raw: str) -> int | None:
    """The 0-based line of the first YAML anchor or alias token, or None (tokens only; nothing is built)."""
    if "&" not in raw and "*" not in raw:
        return None
    yaml, _, loader = _yaml()
    for token in yaml.scan(raw, Loader=loader):
        if isinstance(token, (yaml.AliasToken, yaml.AnchorToken)):
            return int(token.start_mark.line)
    return None


def parse_yaml(raw: str, first_line: int = 1) -> tuple[dict[str, Any], ParseProblem | None]:
    """Parse frontmatter YAML; on failure return the line-by-line reading plus the problem."""
    if not raw.strip():
        return {}, None
    quick = fast_parse(raw)
    if quick is not None:
        return quick, None
    yaml, handler, loader = _yaml()
    try:
        alias_line = _first_alias_line(raw)
        if alias_line is not None:
            return fallback_parse(raw), ParseProblem(
                "frontmatter uses YAML anchors or aliases (&name / *name), which curator does not expand "
                "(they can nest without limit)",
                alias_line + first_line,
                None,
            )
        loaded = handler.load(raw, Loader=loader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem_text = getattr(error, "problem", None) or str(error).splitlines()[0]
        context = getattr(error, "context", None)
        reason = f"frontmatter is not valid YAML: {problem_text}"
        if context:
            reason = f"frontmatter is not valid YAML: {context}, {problem_text}"
        line = mark.line + first_line if mark is not None else None
        column = mark.column + 1 if mark is not None else None
        return fallback_parse(raw), ParseProblem(reason, line, column)
    except (ValueError, TypeError, OverflowError, RecursionError) as error:
        return fallback_parse(raw), ParseProblem(f"frontmatter could not be read: {error}", first_line, None)
    if loaded is None:
        return {}, None
    if not isinstance(loaded, dict):
        kind = type(loaded).__name__
        return fallback_parse(raw), ParseProblem(
            f"frontmatter is a YAML {kind}, not a mapping of keys to values", first_line, 1
        )
    return jsonable(loaded), None


def parse(text: str) -> tuple[dict[str, Any], ParseProblem | None]:
    """Parse frontmatter fields from a whole document (its `---` block) or from bare YAML text."""
    block = split(text)
    if block is not None:
        return parse_yaml(block.raw, first_line=2)
    if _FENCE.match(text):
        return {}, ParseProblem("frontmatter block opened on line 1 is never closed with ---", 1, 1)
    return parse_yaml(text)


# ---- writing ------------------------------------------------------------------------------

_PLAIN_SAFE = re.compile(r"^[^\s\-?:,\[\]{}#&*!|>'\"%@`][^#]*$")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"}


def _scalar(value: Any, quote: str = "") -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    text = str(value)
    if quote == "'" and "\n" not in text:
        return "'" + text.replace("'", "''") + "'"
    if quote == '"':
        return json.dumps(text, ensure_ascii=False)
    needs_quotes = (
        not text
        or not _PLAIN_SAFE.match(text)
        or text.lower() in _RESERVED
        or text != text.strip()
        or ": " in text
        or text.endswith(":")
        or re.fullmatch(r"[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?", text) is not None
        or re.fullmatch(r"\d{4}-\d{2}-\d{2}.*", text) is not None
        and not isinstance(value, str)
    )
    if not needs_quotes:
        needs_quotes = not _reads_back(text)
    return json.dumps(text, ensure_ascii=False) if needs_quotes else text


def _reads_back(text: str) -> bool:
    """Whether `text` written as a plain YAML scalar reads back as the same value (`1:0` reads as 60; dates stay)."""
    yaml, handler, loader = _yaml()
    try:
        return jsonable(handler.load(f"k: {text}", Loader=loader)) == {"k": text}
    except yaml.YAMLError:
        return False


def render_field(key: str, value: Any, newline: str, quote: str = "") -> str:
    """One `key: value` frontmatter entry (several lines for lists and mappings)."""
    if isinstance(value, (dict, list, tuple)):
        if not value:
            return f"{key}: {'{}' if isinstance(value, dict) else '[]'}{newline}"
        dumped = _yaml()[1].export({key: jsonable(value)}, sort_keys=False) + "\n"
        return dumped.replace("\n", newline)
    return f"{key}: {_scalar(value, quote)}{newline}"


def _lines_with_offsets(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """(offset, line-with-ending) pairs covering text[start:end]."""
    lines = []
    position = start
    for line in re.findall(r"[^\n]*\n|[^\n]+$", text[start:end]):
        lines.append((position, line))
        position += len(line)
    return lines


def _key_extents(text: str, block: Frontmatter) -> dict[str, tuple[int, int, str]]:
    """Top-level key -> (start, end, old value text) of its lines inside the block."""
    extents: dict[str, tuple[int, int, str]] = {}
    lines = _lines_with_offsets(text, *block.raw_span)
    index = 0
    while index < len(lines):
        offset, line = lines[index]
        top = TOP_KEY.match(line) if line and not line[0].isspace() else None
        if top is None:
            index += 1
            continue
        key = unquote(top.group(1))
        value_text = line[top.end() :].rstrip("\r\n")
        end = offset + len(line)
        follower = index + 1
        while follower < len(lines):
            next_offset, next_line = lines[follower]
            body = next_line.rstrip("\r\n")
            continues = (
                next_line[:1] in (" ", "\t") or (body.startswith("- ") or body == "-") and not value_text.strip()
            )
            if not continues:
                break
            end = next_offset + len(next_line)
            follower += 1
        if key not in extents:
            extents[key] = (offset, end, value_text)
        index = follower
    return extents


def _quote_style(value_text: str) -> str:
    stripped = value_text.strip()
    if stripped[:1] in ("'", '"') and stripped[-1:] == stripped[:1] and len(stripped) >= 2:
        return stripped[0]
    return ""


def _nested_extents(text: str, start: int, end: int) -> dict[str, tuple[int, int, str, str]]:
    """Second-level key -> (start, end, old value, indent) inside one top-level key's lines."""
    nested: dict[str, tuple[int, int, str, str]] = {}
    child_indent: str | None = None
    current: str | None = None
    for offset, line in _lines_with_offsets(text, start, end)[1:]:
        match = re.match(r"^([ \t]+)([^\s#:\-][^:]*?)[ \t]*:(?:[ \t]|\r?$)", line)
        if match and (child_indent is None or match.group(1) == child_indent):
            child_indent = match.group(1)
            current = unquote(match.group(2))
            if current not in nested:
                nested[current] = (offset, offset + len(line), line[match.end() :].rstrip("\r\n"), child_indent)
            else:
                current = None
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        if current is not None and child_indent is not None and indent > len(child_indent) and line.strip():
            child_start, _, old_value, child_indent_text = nested[current]
            nested[current] = (child_start, offset + len(line), old_value, child_indent_text)
        else:
            current = None
    return nested


def set_fields(text: str, updates: dict[str, object | None]) -> str:
    """Change only the lines of the updated keys (None removes one); `a.b` edits a nested key."""
    newline = newline_style(text)
    block = split(text)
    if block is None:
        additions = "".join(
            render_field(key, value, newline) for key, value in updates.items() if value is not None and "." not in key
        )
        nested_additions: dict[str, dict[str, object]] = {}
        for key, value in updates.items():
            if value is not None and "." in key:
                parent, _, child = key.partition(".")
                nested_additions.setdefault(parent, {})[child] = value
        additions += "".join(render_field(key, value, newline) for key, value in nested_additions.items())
        if not additions:
            return text
        return f"---{newline}{additions}---{newline}{text}"
    edits: list[tuple[int, int, str]] = []
    appended: list[str] = []
    extents = _key_extents(text, block)
    for key, value in updates.items():
        if "." in key and key.split(".", 1)[0] in extents:
            parent, _, child = key.partition(".")
            parent_start, parent_end, parent_value = extents[parent]
            nested = _nested_extents(text, parent_start, parent_end)
            if child in nested:
                child_start, child_end, old_value, indent = nested[child]
                replacement = (
                    "" if value is None else indent + render_field(child, value, newline, _quote_style(old_value))
                )
                edits.append((child_start, child_end, replacement))
            elif value is not None and not parent_value.strip():
                indent = next(iter(nested.values()))[3] if nested else "  "
                line_text = indent + render_field(child, value, newline)
                tail = text[parent_start:parent_end]
                insert_at = parent_end if tail.endswith(("\n", "\r")) else parent_end
                prefix = "" if tail.endswith(("\n", "\r")) else newline
                edits.append((insert_at, insert_at, prefix + line_text))
            continue
        if "." in key:
            if value is not None:
                parent, _, child = key.partition(".")
                appended.append(render_field(parent, {child: value}, newline))
            continue
        if key in extents:
            start, end, old_value = extents[key]
            replacement = "" if value is None else render_field(key, value, newline, _quote_style(old_value))
            if replacement and not text[start:end].endswith(("\n", "\r")):
                replacement = replacement[: -len(newline)]
            edits.append((start, end, replacement))
        elif value is not None:
            appended.append(render_field(key, value, newline))
    if appended:
        insert_at = block.raw_span[1]
        prefix = "" if insert_at == block.raw_span[0] or text[insert_at - 1] in "\r\n" else newline
        edits.append((insert_at, insert_at, prefix + "".join(appended)))
    for start, end, replacement in sorted(edits, key=lambda edit: (edit[0], edit[1]), reverse=True):
        text = text[:start] + replacement + text[end:]
    return text
