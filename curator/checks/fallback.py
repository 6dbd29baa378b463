"""Pure-Python stand-ins for the probe programs, used when a binary is not installed."""

from __future__ import annotations

import fnmatch
import os
import re
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from curator.checks.commands import SafeCommand

SUPPORTED = ("ls", "grep", "wc", "cat", "head", "git ls-files", "git grep", "rg")
BINARY_SNIFF_BYTES = 8192
SKIP_DIRS = {".git"}
READ_CAP_BYTES = 8 * 1024 * 1024
OUTPUT_CAP_CHARS = 2 * 1024 * 1024


class OverBudget(Exception):
    """The stand-in ran past its deadline."""


@dataclass
class Budget:
    """What one stand-in run may spend: a deadline, bytes read per file, characters of output."""

    deadline: float | None = None
    read_cap: int = READ_CAP_BYTES
    output_cap: int = OUTPUT_CAP_CHARS
    output_used: int = 0
    truncated: bool = False

    def tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise OverBudget

    def room(self, text: str) -> bool:
        """Count `text` against the output cap; False once the cap is reached."""
        if self.output_used + len(text) > self.output_cap:
            self.truncated = True
            return False
        self.output_used += len(text) + 1
        return True


_local = threading.local()


def _budget() -> Budget:
    """This thread's budget (probes run in a thread pool, each run with its own)."""
    budget = getattr(_local, "budget", None)
    if budget is None:
        budget = _local.budget = Budget()
    return budget


@dataclass
class FallbackResult:
    exit_code: int | None
    output: str
    timed_out: bool = False
    truncated: bool = False


def supports(command: SafeCommand) -> bool:
    return command.program in SUPPORTED


def run(command: SafeCommand, project: Path, *, timeout: float | None = None) -> FallbackResult:
    """Emulate the validated command in the project root, within the timeout and the read and output caps."""
    handler = {
        "ls": _ls,
        "grep": _grep,
        "rg": _grep,
        "wc": _wc,
        "cat": _cat,
        "head": _head,
        "git ls-files": _git_ls_files,
        "git grep": _git_grep,
    }[command.program]
    _local.budget = budget = Budget(
        deadline=None if timeout is None else time.monotonic() + timeout,
        read_cap=READ_CAP_BYTES,
        output_cap=OUTPUT_CAP_CHARS,
    )
    try:
        exit_code, text = handler(command, Path(project))
    except OverBudget:
        return FallbackResult(None, f"[stopped after {timeout:g} s]\n", timed_out=True)
    if budget.truncated:
        text = text[: budget.output_cap]
    return FallbackResult(exit_code, text, truncated=budget.truncated)


def read_regular(path: Path) -> bytes:
    """At most the read cap of a regular file; FIFOs, devices and sockets raise OSError instead of blocking."""
    _budget().tick()
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise OSError(0, "not a regular file (skipped)")
        chunks: list[bytes] = []
        remaining = _budget().read_cap
        while remaining > 0:
            chunk = os.read(descriptor, min(1 << 20, remaining))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
            _budget().tick()
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _flags(command: SafeCommand) -> set[str]:
    return {option for option in command.options if option.startswith("-")}


def _value(command: SafeCommand, name: str) -> str | None:
    for index, option in enumerate(command.options):
        if option == name and index + 1 < len(command.options):
            return command.options[index + 1]
        if option.startswith(name + "="):
            return option.split("=", 1)[1]
    return None


def walk_files(project: Path, start: str = ".") -> list[str]:
    """Every regular file under `start` (relative to the project), symlinks not followed, `.git` skipped."""
    found: list[str] = []
    base = project / start
    if base.is_file():
        return [start]
    for folder, dirs, files in os.walk(base, followlinks=False):
        dirs[:] = sorted(name for name in dirs if name not in SKIP_DIRS)
        for name in sorted(files):
            full = Path(folder) / name
            _budget().tick()
            try:
                mode = os.lstat(full).st_mode
            except OSError:
                continue
            if not stat.S_ISREG(mode):
                continue
            found.append(os.path.normpath(os.path.relpath(full, project)))
    return found


def _ls(command: SafeCommand, project: Path) -> tuple[int, str]:
    flags = _flags(command)
    show_all, almost_all, as_dir = "-a" in flags, "-A" in flags, "-d" in flags
    out: list[str] = []
    errors = 0
    operands = command.paths or ["."]
    listed_dirs = []
    for operand in operands:
        target = project / operand
        if not os.path.lexists(target):
            out.append(f"ls: cannot access '{operand}': No such file or directory")
            errors = 2
        elif target.is_dir() and not as_dir:
            listed_dirs.append(operand)
        else:
            out.append(operand)
    for operand in listed_dirs:
        names = sorted(os.listdir(project / operand))
        if not (show_all or almost_all):
            names = [name for name in names if not name.startswith(".")]
        if show_all:
            names = [".", "..", *names]
        if len(operands) > 1:
            out.append(f"{operand}:")
        out += names
    return errors, "\n".join(out) + ("\n" if out else "")


def _compile(command: SafeCommand) -> re.Pattern[str]:
    flags = _flags(command)
    parts = [re.escape(p) if ("-F" in flags or "--fixed-strings" in flags) else p for p in command.patterns]
    body = "|".join(f"(?:{part})" for part in parts) or "(?!)"
    if "-w" in flags or "--word-regexp" in flags:
        body = rf"(?<![\w])(?:{body})(?![\w])"
    if "-x" in flags:
        body = rf"^(?:{body})$"
    ignore_case = "-i" in flags or "--ignore-case" in flags
    return re.compile(body, re.IGNORECASE if ignore_case else 0)


def _search(command: SafeCommand, project: Path, files: list[str], *, show_names: bool) -> tuple[int, str]:
    flags = _flags(command)
    pattern = _compile(command)
    invert, numbers = "-v" in flags, "-n" in flags or "--line-number" in flags
    names_only = "-l" in flags or "--files-with-matches" in flags
    count_only = "-c" in flags or "--count" in flags
    skip_binary = "-I" in flags or command.program.startswith("git") or command.program == "rg"
    out: list[str] = []
    matched = False
    for rel in files:
        try:
            data = read_regular(project / rel)
        except OSError as error:
            out.append(f"grep: {rel}: {error.strerror or 'No such file or directory'}")
            continue
        binary = b"\x00" in data[:BINARY_SNIFF_BYTES]
        if binary and skip_binary:
            continue
        text = data.decode("utf-8", errors="replace")
        hits = [
            (number, line) for number, line in enumerate(text.splitlines(), 1) if bool(pattern.search(line)) != invert
        ]
        if not hits:
            continue
        matched = True
        if _budget().truncated:
            break
        if binary:
            out.append(f"Binary file {rel} matches")
        elif names_only:
            out.append(rel)
        elif count_only:
            out.append(f"{rel}:{len(hits)}" if show_names else str(len(hits)))
        else:
            for number, line in hits:
                prefix = (f"{rel}:" if show_names else "") + (f"{number}:" if numbers else "")
                if "-o" in flags and not invert:
                    shown = [prefix + found.group(0) for found in pattern.finditer(line) if found.group(0)]
                else:
                    shown = [prefix + line]
                if not all(_budget().room(item) for item in shown):
                    break
                out += shown
    return (0 if matched else 1), "\n".join(out) + ("\n" if out else "")


def _grep(command: SafeCommand, project: Path) -> tuple[int, str]:
    flags = _flags(command)
    recursive = "-r" in flags or "--recursive" in flags or command.program == "rg"
    operands = command.paths or (["."] if recursive else [])
    files: list[str] = []
    excluded_dirs = [option.split("=", 1)[1] for option in command.options if option.startswith("--exclude-dir=")]
    for operand in operands:
        if (project / operand).is_dir():
            if not recursive:
                continue
            for rel in walk_files(project, operand):
                parts = Path(rel).parts[:-1]
                if any(fnmatch.fnmatch(part, glob) for part in parts for glob in excluded_dirs):
                    continue
                files.append(os.path.join(operand, os.path.relpath(rel, operand)) if operand != "." else "./" + rel)
        else:
            files.append(operand)
    show = ("-H" in flags or len(files) > 1 or recursive) and "-h" not in flags
    if command.program == "rg":
        files = [name[2:] if name.startswith("./") else name for name in files]
    return _search(command, project, files, show_names=show)


def _pathspec_filter(paths: list[str]) -> tuple[list[str], list[str]]:
    include, exclude = [], []
    for spec in paths:
        if spec.startswith(":(exclude)") or spec.startswith(":!"):
            exclude.append(spec.split(")", 1)[1] if spec.startswith(":(") else spec[2:])
        else:
            include.append(spec)
    return include, exclude


def _spec_matches(spec: str, rel: str) -> bool:
    if spec.startswith(":(glob)"):
        pattern = spec[len(":(glob)") :]
        regex = re.escape(pattern).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*").replace(r"\?", "[^/]")
        return re.fullmatch(regex, rel) is not None
    spec = spec.rstrip("/")
    return spec in (".", "") or rel == spec or rel.startswith(spec + "/")


def _git_files(command: SafeCommand, project: Path) -> list[str]:
    include, exclude = _pathspec_filter(command.paths)
    files = walk_files(project)
    return [
        rel
        for rel in files
        if (not include or any(_spec_matches(spec, rel) for spec in include))
        and not any(_spec_matches(spec, rel) for spec in exclude)
    ]


def _git_ls_files(command: SafeCommand, project: Path) -> tuple[int, str]:
    files = _git_files(command, project)
    return 0, "".join(f"{rel}\n" for rel in files)


def _git_grep(command: SafeCommand, project: Path) -> tuple[int, str]:
    return _search(command, project, _git_files(command, project), show_names="-h" not in _flags(command))


def _read(project: Path, command: SafeCommand) -> tuple[int, list[tuple[str, bytes]], list[str]]:
    errors, blobs, messages = 0, [], []
    for rel in command.paths:
        try:
            blobs.append((rel, read_regular(project / rel)))
        except OSError as error:
            errors = 1
            messages.append(f"{command.program}: {rel}: {error.strerror or 'cannot read'}")
    return errors, blobs, messages


def _wc(command: SafeCommand, project: Path) -> tuple[int, str]:
    flags = _flags(command) or {"-l", "-w", "-c"}
    errors, blobs, out = _read(project, command)
    for rel, data in blobs:
        text = data.decode("utf-8", errors="replace")
        counts = [
            str(value)
            for flag, value in (
                ("-l", data.count(b"\n")),
                ("-w", len(text.split())),
                ("-m", len(text)),
                ("-c", len(data)),
            )
            if flag in flags
        ]
        out.append(" ".join(counts) + f" {rel}")
    return errors, "\n".join(out) + ("\n" if out else "")


def _cat(command: SafeCommand, project: Path) -> tuple[int, str]:
    errors, blobs, messages = _read(project, command)
    text = "".join(data.decode("utf-8", errors="replace") for _, data in blobs)
    if "-n" in _flags(command):
        text = "".join(f"{number:6d}\t{line}\n" for number, line in enumerate(text.splitlines(), 1))
    return errors, text + "".join(f"{message}\n" for message in messages)


def _head(command: SafeCommand, project: Path) -> tuple[int, str]:
    limit = 10
    numeric = next((option for option in command.options if option[1:].isdigit()), None)
    if numeric:
        limit = int(numeric[1:])
    if _value(command, "-n"):
        limit = int(_value(command, "-n") or 10)
    byte_limit = _value(command, "-c")
    errors, blobs, messages = _read(project, command)
    parts = []
    for rel, data in blobs:
        if len(blobs) > 1:
            parts.append(f"==> {rel} <==\n")
        if byte_limit:
            parts.append(data[: int(byte_limit)].decode("utf-8", errors="replace"))
        else:
            parts.append("".join(data.decode("utf-8", errors="replace").splitlines(keepends=True)[:limit]))
    return errors, "".join(parts) + "".join(f"{message}\n" for message in messages)
