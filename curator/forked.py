"""One computation run in a forked child process while this one goes on: the second core of a big scan.

The child inherits everything already loaded, computes, sends the pickled result through a pipe and exits
without running any of the parent's exit handlers; it never writes a file. When forking is unsafe (another
thread is running, no `os.fork`) or switched off, or the child fails, the parent computes the value itself, so
the result never depends on whether a child ran.
"""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

DISABLE_VARIABLE = "CURATOR_NO_FORK"
Value = TypeVar("Value")


def can_fork() -> bool:
    """Whether a child may be forked here: only from a single-threaded process (a forked thread's locks stay held)."""
    return hasattr(os, "fork") and not os.environ.get(DISABLE_VARIABLE) and threading.active_count() == 1


def _wait_for_child(pid: int | None) -> None:
    """Wait for a forked child so it leaves no zombie."""
    if pid is not None:
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass


class Forked(Generic[Value]):
    """`compute()` started in a forked child now; `result()` waits for it (or computes it here when no child ran)."""

    def __init__(self, compute: Callable[[], Value]) -> None:
        self.compute = compute
        self.pid: int | None = None
        self.read = -1
        self.delivered: tuple[Value] | None = None
        if not can_fork():
            return
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: compute, send, exit at once
            os.close(read)
            _send(write, compute)
        os.close(write)
        self.pid, self.read = pid, read

    def result(self) -> Value:
        """The child's value, or the value computed here when the child did not deliver one."""
        if self.delivered is None:
            self.delivered = (self._receive(),)
        return self.delivered[0]

    def _receive(self) -> Value:
        if self.pid is None:
            return self.compute()
        try:
            with os.fdopen(self.read, "rb") as stream:
                status, value = pickle.load(stream)  # noqa: S301 - our own forked child's output, read as it arrives
        except Exception:  # noqa: BLE001 - a child that died mid-way: compute here instead
            self._reap()
            return self.compute()
        self._reap()
        return value if status == "ok" else self.compute()

    def cancel(self) -> None:
        """Stop a child whose value is no longer wanted."""
        if self.pid is None or self.delivered is not None:
            return
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        os.close(self.read)
        self._reap()

    def _reap(self) -> None:
        _wait_for_child(self.pid)
        self.pid = None


def _send(write: int, compute: Callable[[], object]) -> None:
    status = 0
    try:
        try:
            outcome: tuple[str, object] = ("ok", compute())
        except BaseException as error:  # noqa: BLE001 - any failure goes back as a status, never as a traceback
            outcome = ("failed", type(error).__name__)
            status = 1
        with os.fdopen(write, "wb") as stream:
            pickle.dump(outcome, stream, protocol=pickle.HIGHEST_PROTOCOL)  # written as it is pickled, never whole
    except BaseException:  # noqa: BLE001 - the parent went away
        status = 1
    finally:
        os._exit(status)


Item = TypeVar("Item")


class ForkedStream(Generic[Item, Value]):
    """`compute(item)` for each item in a forked child, sent back in chunks and read one chunk at a time.

    `results()` yields the values in the items' order while the child is still sending; whatever the child did
    not deliver (it failed, died or never ran) is computed here, so the values never depend on where they were made.
    The parent never holds more than one unpickled chunk beyond what its caller keeps.
    """

    def __init__(self, items: list[Item], compute: Callable[[Item], Value], chunk: int = 256) -> None:
        self.items = items
        self.compute = compute
        self.pid: int | None = None
        self.read = -1
        if not can_fork():
            return
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            _stream(write, items, compute, chunk)
        os.close(write)
        self.pid, self.read = pid, read

    def results(self) -> Iterator[Value]:
        """Each item's value, in order (from the child while it delivers, then computed here)."""
        delivered = 0
        if self.pid is not None:
            try:
                with os.fdopen(self.read, "rb") as stream:
                    while delivered < len(self.items):
                        status, values = pickle.load(stream)  # noqa: S301 - our own forked child's output
                        if status != "chunk":
                            break
                        yield from values
                        delivered += len(values)
            except Exception:  # noqa: BLE001, S110 - a child that died mid-way: the rest is computed here
                pass
            finally:
                self._reap()
        for item in self.items[delivered:]:
            yield self.compute(item)

    def cancel(self) -> None:
        """Stop a child whose values are no longer wanted."""
        if self.pid is None:
            return
        try:
            os.kill(self.pid, 9)
        except ProcessLookupError:
            pass
        try:
            os.close(self.read)
        except OSError:
            pass
        self._reap()

    def _reap(self) -> None:
        _wait_for_child(self.pid)
        self.pid = None


def _stream(write: int, items: list[Item], compute: Callable[[Item], object], chunk: int) -> None:
    status = 0
    try:
        with os.fdopen(write, "wb") as stream:
            for start in range(0, len(items), chunk):
                values = [compute(item) for item in items[start : start + chunk]]
                pickle.dump(("chunk", values), stream, protocol=pickle.HIGHEST_PROTOCOL)
                stream.flush()  # the parent may start on this chunk now
    except BaseException:  # noqa: BLE001 - the parent computes what it did not get
        status = 1
    finally:
        os._exit(status)
