"""Reading one memory file from disk safely: the single place curator reads memory bytes."""

from __future__ import annotations

import errno
import os
import stat as stat_module
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from curator.model import SourceFile

MAX_FILE_BYTES = 1024 * 1024
UTF8_BOM = b"\xef\xbb\xbf"


@dataclass
class ParseProblem:
    """Why a file (or its frontmatter) could not be read, with the position when known."""

    reason: str
    line: int | None = None
    column: int | None = None
    rel: str = ""
    source: SourceFile | None = None

    def evidence(self) -> dict[str, object]:
        """The evidence dict of a parse-error finding."""
        return {"reason": self.reason, "line": self.line, "column": self.column}

    def where(self) -> str:
        """' (line 3, column 7)' or '' when the position is unknown."""
        if self.line is None:
            return ""
        if self.column is None:
            return f" (line {self.line})"
        return f" (line {self.line}, column {self.column})"


def newline_style(text: str) -> str:
    """The line ending of the first line break in `text` ("\\n" when there is none)."""
    first_break = text.find("\n")
    if first_break > 0 and text[first_break - 1] == "\r":
        return "\r\n"
    if first_break < 0 and "\r" in text:
        return "\r"
    return "\n"


def line_column(data: bytes | str, offset: int) -> tuple[int, int]:
    """1-based line and column of `offset` in `data`."""
    if isinstance(data, bytes):
        line, line_start = data.count(b"\n", 0, offset) + 1, data.rfind(b"\n", 0, offset) + 1
    else:
        line, line_start = data.count("\n", 0, offset) + 1, data.rfind("\n", 0, offset) + 1
    return line, offset - line_start + 1


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=256)
def _real_root(root: str) -> Path:
    return Path(root).resolve(strict=True)


def _plain_stat(root: Path, rel: str) -> os.stat_result | None:
    """The stat of `root/rel` when neither it nor a directory between root and it is a symlink."""
    current = os.fspath(root)
    result = None
    for part in rel.split("/"):
        if part in ("", ".", ".."):
            return None
        current = f"{current}{os.sep}{part}"
        try:
            result = os.lstat(current)
        except OSError:
            return None
        if stat_module.S_ISLNK(result.st_mode):
            return None
    return result


def resolve_inside(root: Path, rel: str) -> tuple[Path | None, str | None]:
    """The real path of `root/rel`, or a reason it cannot be followed (loop, escape, missing)."""
    candidate = root / rel
    if _plain_stat(root, rel) is not None:
        return candidate, None
    try:
        real_root = _real_root(str(root))
        real = candidate.resolve(strict=True)
    except RuntimeError:
        return None, "symlink loop"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return None, "symlink loop"
        if candidate.is_symlink():
            return None, "symlink points to a file that does not exist"
        if error.errno in (errno.EACCES, errno.EPERM):
            return None, "permission denied"
        return None, error.strerror or "cannot be opened"
    if not _inside(real, real_root):
        return None, f"symlink points outside the store (to {real})"
    return real, None


def decode(raw: bytes) -> tuple[str | None, bool, ParseProblem | None]:
    """Decode UTF-8 bytes (BOM stripped), or explain why they are not text."""
    nul_at = raw.find(b"\x00")
    if nul_at >= 0:
        line, column = line_column(raw, nul_at)
        return None, False, ParseProblem(f"binary file (NUL byte at offset {nul_at})", line, column)
    bom = raw.startswith(UTF8_BOM)
    payload = raw[len(UTF8_BOM) :] if bom else raw
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as error:
        offset = error.start + (len(UTF8_BOM) if bom else 0)
        line, column = line_column(raw, offset)
        bad_byte = raw[offset]
        return None, bom, ParseProblem(f"not valid UTF-8 (byte 0x{bad_byte:02x} at offset {offset})", line, column)
    return text, bom, None


def read_source(root: Path, rel: str) -> SourceFile | ParseProblem:
    """Read `root/rel` as UTF-8 text, or return why it cannot be read; never modifies anything."""
    abspath = root / rel
    stat = _plain_stat(root, rel)
    real: Path | None = abspath
    if stat is None:
        real, refusal = resolve_inside(root, rel)
        if real is None:
            return ParseProblem(refusal or "cannot be opened", rel=rel)
        try:
            stat = real.stat()
        except OSError as error:
            return ParseProblem(error.strerror or "cannot be opened", rel=rel)
    if not stat_module.S_ISREG(stat.st_mode):
        return ParseProblem("not a regular file", rel=rel)
    if stat.st_size > MAX_FILE_BYTES:
        return ParseProblem(f"file is {stat.st_size} bytes, over the 1 MB limit curator reads", rel=rel)
    assert real is not None
    try:
        with open(real, "rb") as handle:
            raw = handle.read(stat.st_size + 1)
            if len(raw) > stat.st_size:
                raw += handle.read(MAX_FILE_BYTES + 1 - len(raw))
    except PermissionError:
        return ParseProblem("permission denied", rel=rel)
    except OSError as error:
        return ParseProblem(error.strerror or "cannot be read", rel=rel)
    if len(raw) > MAX_FILE_BYTES:
        return ParseProblem("file grew past the 1 MB limit curator reads while it was read", rel=rel)
    text, bom, problem = decode(raw)
    source = SourceFile(
        rel=rel,
        abspath=abspath,
        raw=raw,
        text=text,
        bom=bom,
        newline=newline_style(text) if text is not None else "\n",
        mtime_ns=stat.st_mtime_ns,
    )
    if problem is not None:
        problem.rel = rel
        problem.source = source
        return problem
    if not (text or "").strip():
        return ParseProblem("file is empty" if not raw else "file holds only whitespace", rel=rel, source=source)
    return source
