"""A computation in a forked child gives what the parent would compute, and the parent recovers when it fails."""

from __future__ import annotations

import os

import numpy
import pytest

from curator import forked
from curator.forked import Forked, ForkedStream
from curator.rules import embed


@pytest.fixture(autouse=True)
def _single_threaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fork as a CLI process would: pytest may keep threads of earlier tests alive."""
    monkeypatch.setattr(forked.threading, "active_count", lambda: 1)


def test_child_result_travels_back() -> None:
    parent = os.getpid()
    job = Forked(lambda: (os.getpid(), [1, 2, 3]))
    pid, values = job.result()
    assert values == [1, 2, 3]
    assert pid != parent  # computed in another process
    assert job.result() == (pid, values)  # asked twice, received once


def test_failing_child_is_computed_here() -> None:
    calls = []

    def compute() -> int:
        calls.append(os.getpid())
        if os.getpid() != parent:
            raise RuntimeError("the child fails")
        return 7

    parent = os.getpid()
    assert Forked(compute).result() == 7
    assert calls == [parent]  # the child's call is not visible here; the parent's is


def test_no_fork_beside_other_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked.threading, "active_count", lambda: 2)
    assert Forked(os.getpid).pid is None


def test_no_fork_when_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(forked.DISABLE_VARIABLE, "1")
    job = Forked(os.getpid)
    assert job.pid is None
    assert job.result() == os.getpid()


def test_cancelled_child_is_reaped() -> None:
    job = Forked(lambda: sum(range(10**9)))
    pid = job.pid
    assert pid is not None
    job.cancel()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)


def test_prefetched_embeddings_equal_computed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [f"deploy the service number {index} after the tests pass" for index in range(40)]
    direct = embed.encode(texts)
    if direct is None:
        pytest.skip("no embedding model installed")
    monkeypatch.setattr(embed, "PREFETCH_MIN_TEXTS", 10)
    embed.prefetch(texts)
    job = embed._state.get("prefetch")
    assert isinstance(job, tuple) and job[1].pid is not None
    prefetched = embed.encode(texts)
    assert prefetched is not None
    assert numpy.array_equal(prefetched, direct)
    assert "prefetch" not in embed._state


def test_prefetch_for_other_texts_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [f"always rebase branch {index} before merging" for index in range(20)]
    monkeypatch.setattr(embed, "PREFETCH_MIN_TEXTS", 10)
    embed.prefetch(texts)
    other = texts[:5]
    assert numpy.array_equal(embed.encode(other), embed.encode(list(other)))
    assert "prefetch" not in embed._state


def test_encoding_beside_a_prefetch_leaves_it_running(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [f"squash merge feature branch {index} into main" for index in range(20)]
    direct = embed.encode(texts)
    if direct is None:
        pytest.skip("no embedding model installed")
    monkeypatch.setattr(embed, "PREFETCH_MIN_TEXTS", 10)
    embed.prefetch(texts)
    aside = embed.encode_remembered(texts[:3], leave_prefetch=True)
    assert aside is not None and numpy.array_equal(aside, direct[:3])
    job = embed._state.get("prefetch")
    assert isinstance(job, tuple) and job[0] == texts
    assert numpy.array_equal(embed.encode(texts), direct)
    assert "prefetch" not in embed._state


def test_value_larger_than_a_pipe_travels_back_whole() -> None:
    value = {f"text {index}": (frozenset({"deploy", str(index)}), "x" * 300) for index in range(5000)}
    assert Forked(lambda: value).result() == value


def test_child_dying_mid_stream_is_computed_here() -> None:
    parent = os.getpid()

    class DiesWhilePickled:
        def __reduce__(self):  # noqa: ANN204 - pickling protocol
            if os.getpid() != parent:
                os._exit(3)  # the child dies after the first frames of its answer went out
            return (str, ("here",))

    def compute() -> object:
        if os.getpid() == parent:
            return "here"
        return ["a" * 200_000, DiesWhilePickled()]

    assert Forked(compute).result() == "here"


def _square_in_child(parent: int) -> object:
    def compute(number: int) -> tuple[int, bool]:
        return number * number, os.getpid() != parent

    return compute


def test_stream_values_arrive_in_order_from_the_child() -> None:
    job = ForkedStream(list(range(1000)), _square_in_child(os.getpid()), chunk=64)
    assert job.pid is not None
    values = list(job.results())
    assert [value for value, _ in values] == [number * number for number in range(1000)]
    assert all(in_child for _, in_child in values)


def test_stream_child_dying_mid_way_leaves_the_rest_to_this_process() -> None:
    parent = os.getpid()

    def compute(number: int) -> tuple[int, bool]:
        if os.getpid() != parent and number == 300:
            os._exit(3)
        return number * number, os.getpid() != parent

    values = list(ForkedStream(list(range(1000)), compute, chunk=64).results())
    assert [value for value, _ in values] == [number * number for number in range(1000)]
    assert values[0][1] and not values[-1][1]  # the first chunks came from the child, the rest was computed here


def test_stream_without_a_child_computes_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(forked.DISABLE_VARIABLE, "1")
    job = ForkedStream([1, 2, 3], _square_in_child(os.getpid()))
    assert job.pid is None
    assert list(job.results()) == [(1, False), (4, False), (9, False)]


def test_stream_left_half_read_is_reaped() -> None:
    job = ForkedStream(list(range(100_000)), _square_in_child(os.getpid()), chunk=16)
    pid = job.pid
    results = job.results()
    assert next(results) == (0, True)
    results.close()
    assert job.pid is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
