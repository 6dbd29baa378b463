"""Chinese segmentation in a forked child: it loads jieba's dictionary and segments a big store's CJK runs ahead.

This process then reads the rest of the store on its own core. Runs the child has sent are answered from
memory; any other run is asked for, and the child answers such requests before its own work. This process waits
for every answer, since loading jieba here too would cost more CPU than any wait, and segments on its own only
when the child has died or stayed silent for REPLY_TIMEOUT_SECONDS. The child runs the very function this process
would (`subject._segment_here`), so the words never depend on where they were cut.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
from collections import deque
from collections.abc import Callable

from curator.forked import can_fork

EXPECT_CHUNK = 256
WORK_CHUNK = 4
REPLY_TIMEOUT_SECONDS = 30.0
_HEADER = struct.Struct(">I")

Segment = Callable[[str], tuple[str, ...]]


class Segmenter:
    """A forked child that segments CJK runs: the ones it is told to expect, and any asked for (first)."""

    def __init__(self, segment: Segment, prepare: Callable[[], object]) -> None:
        requests_read, self.requests = os.pipe()
        self.replies, replies_write = os.pipe()
        self.pid: int | None = os.fork()
        if self.pid == 0:
            os.close(self.requests)
            os.close(self.replies)
            _serve(requests_read, replies_write, segment, prepare)
        os.close(requests_read)
        os.close(replies_write)
        os.set_blocking(self.requests, False)
        self.outgoing = bytearray()
        self.words: dict[str, tuple[str, ...]] = {}
        self.spellings: dict[str, str] = {}

    def _take(self, answers: dict[str, tuple[str, ...]]) -> None:
        """Keep the child's answers with one string per distinct word (each message unpickles its own copies)."""
        spelling = self.spellings.setdefault
        for run, words in answers.items():
            self.words[run] = tuple(spelling(word, word) for word in words)

    def expect(self, runs: list[str]) -> None:
        """Runs this process will ask for, in about the order it will ask (sent as the pipe takes them)."""
        distinct = list(runs)
        for start in range(0, len(distinct), EXPECT_CHUNK):
            self.outgoing += _framed(("expect", distinct[start : start + EXPECT_CHUNK]))
        self._exchange(wait=False)

    def segment(self, run: str) -> tuple[str, ...] | None:
        """The run's words from the child; None once the child has died or stopped answering (then it is closed)."""
        if self.pid is None:
            return None
        found = self.words.get(run)
        if found is not None:
            return found
        try:
            self._exchange(wait=False)
            if run not in self.words:
                self.outgoing += _framed(("segment", [run]))
                self._exchange(wait=True)
                while run not in self.words:
                    if not select.select([self.replies], [], [], REPLY_TIMEOUT_SECONDS)[0]:
                        raise TimeoutError("the segmenting child stopped answering")
                    self._take(_read(self.replies))
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError):
            self.close()
            return None
        return self.words[run]

    def close(self) -> None:
        """Let the child go (it exits when its request pipe closes) and reap it."""
        if self.pid is None:
            return
        for descriptor in (self.requests, self.replies):
            try:
                os.close(descriptor)
            except OSError:
                pass
        try:
            os.kill(self.pid, signal.SIGKILL)  # it never writes a file; it may still be loading its dictionary
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        self.pid = None

    def _exchange(self, *, wait: bool) -> None:
        """Read the replies waiting and send what the pipe takes; with `wait`, until everything is sent."""
        while True:
            readable, writable, _ = select.select([self.replies], [self.requests] if self.outgoing else [], [], 0)
            if readable:
                self._take(_read(self.replies))
            if writable:
                try:
                    written = os.write(self.requests, self.outgoing)
                except BlockingIOError:
                    written = 0
                del self.outgoing[:written]
            if not self.outgoing and not readable:
                return
            if not wait and not readable and not writable:
                return
            if wait and not readable and not writable:
                ready = select.select([self.replies], [self.requests], [], REPLY_TIMEOUT_SECONDS)
                if not ready[0] and not ready[1]:
                    raise TimeoutError("the segmenting child stopped reading")


def start(segment: Segment, prepare: Callable[[], object]) -> Segmenter | None:
    """A segmenting child, or None when this process must not fork."""
    if not can_fork():
        return None
    return Segmenter(segment, prepare)


def _serve(requests: int, replies: int, segment: Segment, prepare: Callable[[], object]) -> None:
    """The child: load the segmenter, then answer requests first and work through the expected runs between them."""
    status = 0
    try:
        prepare()
        pending: deque[str] = deque()
        inbox = bytearray()
        while True:
            if select.select([requests], [], [], 0 if pending else None)[0]:
                data = os.read(requests, 1 << 20)
                if not data:
                    break
                inbox += data
                for kind, runs in _unframed(inbox):
                    if kind == "expect":
                        pending.extend(runs)
                    else:
                        _write(replies, {run: segment(run) for run in runs})
                continue
            chunk = [pending.popleft() for _ in range(min(WORK_CHUNK, len(pending)))]
            _write(replies, {run: segment(run) for run in chunk})
    except BaseException:  # noqa: BLE001 - the parent sees a closed pipe and segments on its own
        status = 1
    finally:
        os._exit(status)


def _framed(message: object) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


def _unframed(inbox: bytearray) -> list:
    """The complete messages at the start of `inbox`, removed from it."""
    messages = []
    while len(inbox) >= _HEADER.size:
        size = _HEADER.unpack_from(inbox)[0]
        if len(inbox) < _HEADER.size + size:
            break
        messages.append(pickle.loads(bytes(inbox[_HEADER.size : _HEADER.size + size])))  # noqa: S301 - our parent's
        del inbox[: _HEADER.size + size]
    return messages


def _write(descriptor: int, message: object) -> None:
    view = memoryview(_framed(message))
    while view:
        written = os.write(descriptor, view)
        view = view[written:]


def _read(descriptor: int):  # noqa: ANN202 - a message from our own forked process
    size = _HEADER.unpack(_read_exactly(descriptor, _HEADER.size))[0]
    return pickle.loads(_read_exactly(descriptor, size))  # noqa: S301 - our own forked child's output


def _read_exactly(descriptor: int, size: int) -> bytes:
    parts: list[bytes] = []
    while size:
        part = os.read(descriptor, min(size, 1 << 20))
        if not part:
            raise EOFError("the other end closed")
        parts.append(part)
        size -= len(part)
    return b"".join(parts)
