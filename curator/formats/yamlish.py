"""Reading frontmatter without a YAML parser: a fast path for plain keys, a fallback for broken YAML."""

from __future__ import annotations

from datetime import date
from typing import Any

from curator import lazyre as re

TOP_KEY = re.compile(r"^([^\s#:\-][^:]*?|-[^\s:-][^:]*?)[ \t]*:(?:[ \t]|\r?$)")


def unquote(value: str) -> str:
    """A scalar without its surrounding quotes."""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1]
    return value


def fallback_parse(raw: str) -> dict[str, Any]:
    """Read `key: value` lines one by one, for frontmatter a YAML parser rejects (`globs: *.ts`)."""
    fields: dict[str, Any] = {}
    current_key: str | None = None
    for line in raw.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        top = TOP_KEY.match(line)
        if top and not line[0].isspace():
            current_key = unquote(top.group(1))
            value = line[top.end() :].strip()
            fields[current_key] = unquote(value) if value else None
            continue
        if current_key is None:
            continue
        stripped = line.strip()
        existing = fields.get(current_key)
        if stripped.startswith("- ") or stripped == "-":
            item = unquote(stripped[1:])
            fields[current_key] = (existing if isinstance(existing, list) else []) + [item]
        elif ":" in stripped and (existing is None or isinstance(existing, dict)):
            nested_key, _, nested_value = stripped.partition(":")
            nested = existing if isinstance(existing, dict) else {}
            nested[unquote(nested_key)] = unquote(nested_value) or None
            fields[current_key] = nested
        elif isinstance(existing, str):
            fields[current_key] = f"{existing} {stripped}".strip()
        elif existing is None:
            fields[current_key] = stripped
    return fields


_FAST_KEY = re.compile(r"^([A-Za-z_][\w-]*):(?:[ \t]+(.*?))?[ \t]*$")
_FAST_NESTED = re.compile(r"^([ ]{2,})([A-Za-z_][\w-]*):(?:[ \t]+(.*?))?[ \t]*$")
_FAST_PLAIN = re.compile(r"^(?:[A-Za-z_(/]|[^\x00-\x7f])[^#]*$")
_FAST_INT = re.compile(r"-?[1-9]\d{0,17}|0")
_FAST_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_FAST_RESERVED = {"null", "true", "false", "yes", "no", "on", "off", "y", "n"}


def _calendar_date(value: str) -> bool:
    """Whether YYYY-MM-DD names a real day (YAML reads it as that date, whose ISO form is the same text)."""
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _fast_scalar(value: str | None) -> tuple[bool, Any]:
    """(ok, value) for the scalars YAML reads unambiguously; ok=False means ask the YAML parser."""
    if value is None or value == "":
        return True, None
    if value in ("true", "false"):
        return True, value == "true"
    if _FAST_INT.fullmatch(value):
        return True, int(value)
    if _FAST_DATE.fullmatch(value) and _calendar_date(value):
        return True, value
    if len(value) >= 2 and value[0] == value[-1] == '"' and '"' not in value[1:-1] and "\\" not in value:
        return True, value[1:-1]
    if len(value) >= 2 and value[0] == value[-1] == "'" and "'" not in value[1:-1]:
        return True, value[1:-1]
    if (
        _FAST_PLAIN.match(value)
        and value.lower() not in _FAST_RESERVED
        and ": " not in value
        and not value.endswith(":")
        and "\t" not in value
    ):
        return True, value
    return False, None


def fast_parse(raw: str) -> dict[str, Any] | None:
    """Plain `key: value` frontmatter (one nesting level) without a YAML parser, or None to use one."""
    fields: dict[str, Any] = {}
    parent: str | None = None
    indent: str | None = None
    for line in raw.splitlines():
        if not line.strip():
            continue
        top = _FAST_KEY.match(line)
        if top:
            ok, value = _fast_scalar(top.group(2))
            if not ok or top.group(1) in fields:
                return None
            fields[top.group(1)] = value
            parent, indent = (top.group(1), None) if value is None else (None, None)
            continue
        nested = _FAST_NESTED.match(line)
        if nested is None or parent is None or (indent is not None and nested.group(1) != indent):
            return None
        indent = nested.group(1)
        ok, value = _fast_scalar(nested.group(3))
        if not ok or value is None:
            return None
        container = fields[parent] if isinstance(fields[parent], dict) else {}
        if nested.group(2) in container:
            return None
        container[nested.group(2)] = value
        fields[parent] = container
    return fields
