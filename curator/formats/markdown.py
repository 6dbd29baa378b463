"""Small markdown helpers shared by the readers: lines with offsets, fences, links, dates."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any
from urllib.parse import unquote

from curator import lazyre as re

_FENCE_OPEN = re.compile(r"^( {0,3})(`{3,}|~{3,})")
_MD_LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_WIKI_LINK = re.compile(r"\[\[([^\[\]|#\n]+)(?:#[^\[\]|\n]*)?(?:\|[^\[\]\n]*)?\]\]")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_LINE = re.compile(r"[^\n]*\n|[^\n]+$")
_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?")


@dataclass
class Line:
    """One line of a text: its 1-based number, offsets (end includes the line break) and content."""

    number: int
    start: int
    end: int
    content: str
    in_code: bool = False

    @property
    def blank(self) -> bool:
        """True for an empty or whitespace-only line."""
        return not self.content.strip()


def split_lines(text: str) -> list[Line]:
    """Every `\n`-ended line (as git counts them) with offsets; lines in fenced code are marked `in_code`."""
    lines: list[Line] = []
    position = 0
    fence: str | None = None
    for number, raw in enumerate(_LINE.findall(text), start=1):
        content = raw.rstrip("\r\n")
        line = Line(number, position, position + len(raw), content)
        opener = _FENCE_OPEN.match(content)
        if fence is None:
            if opener:
                fence = opener.group(2)
                line.in_code = True
        else:
            line.in_code = True
            stripped = content.strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                fence = None
        lines.append(line)
        position += len(raw)
    return lines


def comment_fields(text: str) -> dict[str, str]:
    """`key: value` pairs from HTML metadata comments (`<!-- type: note | reviewed: 2026-05-01 -->`)."""
    fields: dict[str, str] = {}
    for match in _COMMENT.finditer(text):
        inner = match.group(1)
        if inner.lstrip().startswith("curator-archive"):
            continue
        for part in re.split(r"[|\n]", inner):
            key, colon, value = part.partition(":")
            key = key.strip()
            if colon and re.fullmatch(r"[A-Za-z_][\w-]*", key) and value.strip():
                fields.setdefault(key, value.strip())
    return fields


def heading_level(content: str) -> int:
    """ATX heading level of a line (0 when it is not a heading)."""
    match = re.match(r"^ {0,3}(#{1,6})(?:[ \t]|$)", content)
    return len(match.group(1)) if match else 0


def heading_text(content: str) -> str:
    """The text of an ATX heading without the hashes, closing hashes and bold markers."""
    text = re.sub(r"^ {0,3}#{1,6}[ \t]*", "", content)
    text = re.sub(r"[ \t]+#+[ \t]*$", "", text).strip()
    return strip_inline(text)


def level2_sections(lines: list[Line]) -> list[tuple[Line, list[Line]]]:
    """Each `##` heading with the lines up to the next `#`/`##` heading (code blocks ignored)."""
    sections: list[tuple[Line, list[Line]]] = []
    current: list[Line] | None = None
    for line in lines:
        level = 0 if line.in_code else heading_level(line.content)
        if level == 2:
            current = []
            sections.append((line, current))
        elif level == 1:
            current = None
        elif current is not None:
            current.append(line)
    return sections


def strip_inline(text: str) -> str:
    """Plain text of a line: bullets, bold/italic markers and link syntax removed."""
    text = re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?", "", text)
    text = _MD_LINK.sub(lambda match: match.group(1), text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"\2", text)
    text = re.sub(r"<!--.*?-->", "", text)
    return text.strip()


def short_name(text: str, limit: int = 80) -> str:
    """The first non-blank line of `text`, made plain and cut to `limit` characters."""
    for raw_line in text.splitlines():
        plain = strip_inline(raw_line)
        plain = re.sub(r"^#+\s*", "", plain).strip(" -*:")
        if plain:
            return plain if len(plain) <= limit else plain[: limit - 1].rstrip() + "…"
    return ""


def local_target(target: str) -> str | None:
    """A link target as a store-relative path, or None for URLs, anchors and mail links."""
    target = target.strip()
    if not target or target.startswith("#") or _SCHEME.match(target) and not re.match(r"^[A-Za-z]:[\\/]", target):
        return None
    target = unquote(target.split("#", 1)[0].split("?", 1)[0])
    while target.startswith("./"):
        target = target[2:]
    return target or None


def markdown_links(text: str) -> list[tuple[str, str]]:
    """(link text, local target) for every markdown link to a local file."""
    links = []
    for match in _MD_LINK.finditer(text):
        target = local_target(match.group(2))
        if target is not None:
            links.append((match.group(1), target))
    return links


def wiki_links(text: str) -> list[str]:
    """Targets of `[[name]]` links, in order, without duplicates."""
    seen: dict[str, None] = {}
    for match in _WIKI_LINK.finditer(text):
        name = match.group(1).strip()
        if name:
            seen.setdefault(name, None)
    return list(seen)


def body_wiki_links(lines: list[Line]) -> list[str]:
    """`[[name]]` targets outside fenced code and inline code spans."""
    seen: dict[str, None] = {}
    for line in lines:
        if line.in_code or "[[" not in line.content:
            continue
        for name in wiki_links(re.sub(r"`[^`]*`", "", line.content)):
            seen.setdefault(name, None)
    return list(seen)


def to_datetime(value: Any) -> datetime | None:
    """A timezone-aware UTC datetime from a YAML date, datetime or ISO-like string."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=timezone.utc)
    if not isinstance(value, str):
        return None
    match = _ISO_DATE.search(value)
    if match is None:
        return None
    return _from_match(match)


def _from_match(match: re.Match[str]) -> datetime | None:
    year, month, day, hour, minute, second, zone = match.groups()
    try:
        moment = datetime(int(year), int(month), int(day), int(hour or 0), int(minute or 0), int(second or 0))
    except ValueError:
        return None
    if zone and zone != "Z":
        sign = 1 if zone[0] == "+" else -1
        digits = zone[1:].replace(":", "")
        offset = timedelta(hours=int(digits[:2]), minutes=int(digits[2:4] or 0))
        return (moment - sign * offset).replace(tzinfo=timezone.utc)
    return moment.replace(tzinfo=timezone.utc)


def field_date(fields: dict[str, Any], *keys: str) -> datetime | None:
    """The first of `keys` in `fields` that holds a date."""
    for key in keys:
        if key in fields:
            moment = to_datetime(fields[key])
            if moment is not None:
                return moment
    return None
