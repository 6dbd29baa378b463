"""Make untrusted text safe for a terminal: control characters become visible symbols, never escape sequences."""

from __future__ import annotations

import re

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _symbol(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "\u2421"
    return f"\\x{code:02x}"


def visible(text: str) -> str:
    """C0 and C1 control characters (except newline and tab) shown visibly: ESC as ␛, CR as ␍, CSI as \\x9b."""
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub(_symbol, text)
