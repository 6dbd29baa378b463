"""A progress line on stderr for long scans: stage, counts and elapsed time, only on a terminal."""

from __future__ import annotations

import sys
import threading
import time
from types import TracebackType
from typing import TextIO

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
DELAY_SECONDS = 1.0
REFRESH_SECONDS = 0.1


class StageProgress:
    """Shows `⠹ [2/4] reading git history · 10,000 entries · 3.2 s` once the work has taken a second."""

    def __init__(self, total_stages: int, *, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total_stages = total_stages
        self.number = 0
        self.label = "starting"
        self.count: int | None = None
        self.started = time.monotonic()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._shown = False

    def stage(self, label: str, count: int | None = None) -> None:
        """Move to the next stage."""
        self.number += 1
        self.label = label
        self.count = count

    def line(self, tick: int = 0) -> str:
        """The progress line as it would be drawn now."""
        elapsed = time.monotonic() - self.started
        counted = f" · {self.count:,} entries" if self.count is not None else ""
        return f"{SPINNER[tick % len(SPINNER)]} [{self.number}/{self.total_stages}] {self.label}{counted} · {elapsed:.1f} s"

    def _run(self) -> None:
        tick = 0
        if self._stop.wait(DELAY_SECONDS):
            return
        while not self._stop.is_set():
            self.stream.write("\r\x1b[2K" + self.line(tick))
            self.stream.flush()
            self._shown = True
            tick += 1
            self._stop.wait(REFRESH_SECONDS)

    def __enter__(self) -> StageProgress:
        if self.enabled:
            self._thread = threading.Thread(target=self._run, name="curator-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self._shown:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
