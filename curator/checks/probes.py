"""Run allow-listed probes as real processes (argument lists, never a shell) with a timeout and caps."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path

from curator.checks import fallback
from curator.checks.commands import SafeCommand, build, parse_command_line
from curator.checks.confine import Refused
from curator.checks.results import ProbeResult

EXCERPT_LINES = 40
EXCERPT_CHARS = 4000
READ_CAP_BYTES = 2 * 1024 * 1024
BATCH_TIMEOUT_FACTOR = 4
BATCH_READ_CAP = 32 * 1024 * 1024
GIT_SAFE_CONFIG = {"core.fsmonitor": "false", "core.quotepath": "off", "grep.fallbackToNoIndex": "false"}


def probe_env() -> dict[str, str]:
    """The environment probes run with: the caller's, plus no pagers, prompts, locale surprises or git hooks."""
    env = dict(os.environ)
    env.update(
        {"LC_ALL": "C.UTF-8", "GIT_PAGER": "cat", "PAGER": "cat", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0"}
    )
    base = int(env.get("GIT_CONFIG_COUNT", "0") or 0)
    for offset, (key, value) in enumerate(GIT_SAFE_CONFIG.items()):
        env[f"GIT_CONFIG_KEY_{base + offset}"] = key
        env[f"GIT_CONFIG_VALUE_{base + offset}"] = value
    env["GIT_CONFIG_COUNT"] = str(base + len(GIT_SAFE_CONFIG))
    return env


def find_program(name: str) -> str | None:
    """The program's path on the current PATH, or None when it is not installed."""
    return shutil.which(name, path=os.environ.get("PATH", os.defpath))


def excerpt(text: str) -> tuple[str, bool]:
    """The first lines of `text` for display, and whether anything was cut."""
    lines = text.splitlines()
    kept = "\n".join(lines[:EXCERPT_LINES])
    cut = len(lines) > EXCERPT_LINES
    if len(kept) > EXCERPT_CHARS:
        kept, cut = kept[:EXCERPT_CHARS], True
    return kept, cut


def finish(
    argv: list[str],
    exit_code: int | None,
    raw: str,
    started: float,
    *,
    fallback_used: bool = False,
    timed_out: bool = False,
    truncated: bool = False,
) -> ProbeResult:
    shown, cut = excerpt(raw)
    return ProbeResult(
        argv=list(argv),
        command=shlex.join(argv),
        exit_code=exit_code,
        output=shown,
        duration_s=time.monotonic() - started,
        program_missing_fallback=fallback_used,
        output_lines=sum(1 for line in raw.splitlines() if line.strip()),
        truncated=cut or truncated,
        timed_out=timed_out,
        full_output=raw,
        capped=truncated,
    )


def execute(
    command: SafeCommand,
    project: Path,
    *,
    timeout: float,
    stdin_data: bytes | None = None,
    read_cap: int = READ_CAP_BYTES,
) -> ProbeResult:
    """Run one validated command in the project root; fall back to pure Python when its binary is missing."""
    argv = command.argv
    started = time.monotonic()
    binary = find_program(argv[0])
    if binary is None:
        if stdin_data is None and fallback.supports(command):
            stand_in = fallback.run(command, project, timeout=timeout)
            return finish(
                argv,
                stand_in.exit_code,
                stand_in.output,
                started,
                fallback_used=True,
                timed_out=stand_in.timed_out,
                truncated=stand_in.truncated,
            )
        return finish(
            argv,
            None,
            f"{argv[0]}: not installed, and no pure-Python stand-in for {command.program}",
            started,
            fallback_used=True,
        )
    try:
        process = subprocess.Popen(  # noqa: S603 - argument list, allow-listed program, never a shell
            argv,
            executable=binary,
            cwd=project,
            stdout=subprocess.PIPE,
            stdin=subprocess.DEVNULL if stdin_data is None else subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=probe_env(),
            start_new_session=True,
            shell=False,
        )
    except OSError as error:
        return finish(argv, None, f"{argv[0]}: could not start ({error.strerror or error})", started)
    chunks: list[bytes] = []
    state = {"read": 0, "capped": False}

    def drain() -> None:
        assert process.stdout is not None
        while True:
            chunk = process.stdout.read(65536)
            if not chunk:
                return
            if state["read"] < read_cap:
                chunks.append(chunk[: read_cap - state["read"]])
            state["read"] += len(chunk)
            if state["read"] >= read_cap and not state["capped"]:
                state["capped"] = True
                _kill_group(process)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    if stdin_data is not None:
        threading.Thread(target=_feed, args=(process, stdin_data), daemon=True).start()
    timed_out = False
    try:
        exit_code: int | None = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(process)
        process.wait()
        exit_code = None
    reader.join(timeout=2)
    if process.stdout is not None:
        process.stdout.close()
    text = b"".join(chunks).decode("utf-8", errors="replace")
    if timed_out:
        text += f"\n[killed after {timeout:g} s]"
    if state["capped"]:
        exit_code = exit_code if exit_code is not None and exit_code >= 0 else 0
    return finish(argv, exit_code, text, started, timed_out=timed_out, truncated=bool(state["capped"]))


def narrowed(probe: ProbeResult, lines: list[str], command: str | None = None) -> ProbeResult:
    """A probe seen from one claim: the command that really ran, and only the lines that concern the claim."""
    text = "".join(f"{line}\n" for line in lines)
    shown, cut = excerpt(text)
    return ProbeResult(
        argv=list(probe.argv),
        command=command or probe.command,
        exit_code=0 if lines else 1,
        output=shown,
        duration_s=probe.duration_s,
        output_lines=len(lines),
        truncated=cut,
        timed_out=probe.timed_out,
        full_output=text,
        program_missing_fallback=probe.program_missing_fallback,
    )


def _feed(process: subprocess.Popen, data: bytes) -> None:
    """Write `data` to the process's stdin and close it (a process that exits early just stops reading)."""
    assert process.stdin is not None
    try:
        process.stdin.write(data)
        process.stdin.close()
    except (BrokenPipeError, OSError, ValueError):
        pass


def _kill_group(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def refused(argv_text: str, reason: str) -> ProbeResult:
    """A probe that was not run because it would leave the project root or the allow-list."""
    return ProbeResult(argv=[], command=argv_text, exit_code=None, output=f"refused: {reason}", duration_s=0.0)


class ProbeRunner:
    """Runs probes for one check pass, sharing results of identical commands between claims."""

    def __init__(self, project: Path, *, timeout: float = 5.0) -> None:
        self.project = Path(project)
        self.timeout = timeout
        self._cache: dict[tuple[str, ...], ProbeResult] = {}
        self._locks: dict[tuple[str, ...], threading.Lock] = {}
        self._guard = threading.Lock()
        self.started = 0
        self.durations: list[float] = []

    def run(self, tokens: list[str]) -> ProbeResult:
        """Validate `tokens` (raises Refused) and run them, once per distinct argv."""
        command = build(tokens, self.project)
        key = tuple(command.argv)
        with self._guard:
            lock = self._locks.setdefault(key, threading.Lock())
        with lock:
            cached = self._cache.get(key)
            if cached is None:
                cached = execute(command, self.project, timeout=self.timeout)
                self.started += 1
                self.durations.append(cached.duration_s)
                self._cache[key] = cached
            return cached

    def run_batch(self, command: SafeCommand | list[str], stdin_data: bytes | None, *, read_cap: int) -> ProbeResult:
        """Run a pass over the whole project (patterns on stdin) with a longer timeout and a larger output cap."""
        if isinstance(command, list):
            command = build(command, self.project)
        result = execute(
            command, self.project, timeout=self.timeout * BATCH_TIMEOUT_FACTOR, stdin_data=stdin_data, read_cap=read_cap
        )
        with self._guard:
            self.started += 1
            self.durations.append(result.duration_s)
        return result

    def have(self, program: str) -> bool:
        return find_program(program) is not None


def run_adhoc(project: Path, command_line: str, *, timeout: float = 5.0) -> ProbeResult:
    """Run a person's ad-hoc `ls`/`grep` line under the same allow-list and confinement as every probe."""
    try:
        command = parse_command_line(command_line, Path(project))
    except Refused as reason:
        return refused(command_line, str(reason))
    return execute(command, Path(project), timeout=timeout)
