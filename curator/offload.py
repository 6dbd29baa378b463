"""The analysis stages (rules, checks) run in a spawned child process, so a UI thread never waits on the GIL."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from datetime import datetime
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any, Callable

from curator.model import Finding

MIN_ENTRIES = 2000


def analyze_path(
    path: Path,
    format_name: str | None,
    project: Path | None,
    now: datetime,
    usage: Any = None,
) -> tuple[list[Finding], int, Any]:
    """Load the store at `path` with its history and the parent's transcript `usage`, and run the rules.

    The findings, suppressed count and review state travel back.
    """
    from curator.scan import analyze_store, load_store

    store = load_store(path, format_name=format_name, project=project)
    store.usage = usage
    result = analyze_store(store, now=now, cache=True)
    return result.findings, result.suppressed, result.review


def check_path(path: Path, format_name: str | None, project: Path | None) -> Any:
    """Load the store at `path` and probe its claims; the check stage (results and kept findings) travels back."""
    from curator.scan import check, load_store

    return check(load_store(path, format_name=format_name, project=project))


class AnalysisProcess:
    """One spawned worker process, started on first use and kept for later reloads.

    Made before the UI starts: multiprocessing's resource tracker needs the real stderr, which Textual replaces.
    """

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        resource_tracker.ensure_running()

    def submit(self, function: Callable[..., Any], *args: Any) -> Future:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_quiet
            )
        return self._pool.submit(function, *args)

    def warm(self) -> None:
        """Start the child now, so its imports overlap with loading."""
        self.submit(_warm)

    def close(self) -> None:
        """Stop the child at once: an analysis nobody will read must not keep the program from exiting."""
        if self._pool is None:
            return
        children = list((getattr(self._pool, "_processes", None) or {}).values())
        self._pool.shutdown(wait=False, cancel_futures=True)
        for child in children:
            if child.is_alive():
                child.terminate()
        self._pool = None


def _quiet() -> None:
    """The child never writes to the terminal the UI is drawing on."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)


def _warm() -> None:
    import curator.checks  # noqa: F401
    import curator.rules.conflict  # noqa: F401
    import curator.rules.duplicate  # noqa: F401
    import curator.scan  # noqa: F401
