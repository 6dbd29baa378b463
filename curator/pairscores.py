"""Similarity scores of text pairs kept across scans, so an edit re-scores only the pairs whose texts changed.

A score is a pure function of the scorer and the two texts, so it is keyed by a hash of each text (never an
entry id or position: renamed and moved entries still hit) and by the scorer's name; which pairs are candidates
is decided afresh by every scan. One numpy file per store beside the scan memo (loaded without pickle), stamped
with the memo's code digest (curator and rapidfuzz versions) and signed with the memo's key: a forged, foreign or
malformed file is ignored. It keeps the pairs the last scan scored.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

from curator.scancache import MAX_CACHE_BYTES, cache_dir, leads_elsewhere
from curator.scanmemo import TextMemo, code_digest, signing_key

if TYPE_CHECKING:
    import numpy

    from curator.model import Store

FILE_NAME = "pair-scores.npz"
MIN_PAIRS = 5_000
HASH_BYTES = 16
Scorer = Callable[..., float]
Compute = Callable[[Sequence[str], Sequence[tuple[int, int]], Scorer], list[float]]
_active: ContextVar[PairScores | None] = ContextVar("curator_pair_scores", default=None)


def scorer_name(scorer: Scorer) -> str | None:
    """A stable name for a module-level scorer; None for a lambda or a local function (not cached)."""
    name = f"{getattr(scorer, '__module__', '')}.{getattr(scorer, '__qualname__', '')}"
    return None if "<" in name or name.startswith(".") or name.endswith(".") else name


def text_hash(text: str) -> bytes:
    """A text's 128-bit blake2b digest."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=HASH_BYTES).digest()


class PairScores:
    """Scores per (scorer, left text, right text), read from one file and written back when new ones were computed."""

    def __init__(self, directory: Path, code: str | None = None, memo: TextMemo | None = None) -> None:
        self.directory = directory
        self.code = code or code_digest()
        self.memo = memo
        self.loaded: dict[str, tuple[numpy.ndarray, numpy.ndarray]] | None = None
        self.kept: dict[str, list[tuple[numpy.ndarray, numpy.ndarray]]] = {}
        self.computed = 0
        self.reused = 0
        self._digests: dict[str, bytes] = {}

    @classmethod
    def for_store(cls, store: Store, memo: TextMemo | None = None) -> PairScores:
        return cls(cache_dir(store.root), memo=memo)

    def scores(
        self, texts: Sequence[str], pairs: Sequence[tuple[int, int]], scorer: Scorer, compute: Compute
    ) -> list[float]:
        """`compute(texts, pairs, scorer)`, reading the score of every pair whose two texts were scored before.

        Fewer than MIN_PAIRS pairs are scored directly: that is cheaper than hashing them, and needs no numpy.
        """
        name = scorer_name(scorer)
        if name is None or len(pairs) < MIN_PAIRS:
            return compute(texts, pairs, scorer)
        import numpy

        hashes = self._text_hashes(texts)
        index = numpy.asarray(pairs, dtype=numpy.int64).reshape(-1, 2)
        keys = numpy.concatenate((hashes[index[:, 0]], hashes[index[:, 1]]), axis=1)
        values = numpy.full(len(keys), numpy.nan)
        found = self._lookup(name, keys, values)
        missing = numpy.flatnonzero(~found)
        if len(missing):
            fresh = compute(texts, [pairs[position] for position in missing.tolist()], scorer)
            values[missing] = fresh
            self.computed += len(missing)
            recordable = self._recordable(texts, index[missing])
            missing = missing[recordable]
        self.reused += int(found.sum())
        kept = numpy.concatenate((numpy.flatnonzero(found), missing))
        self.kept.setdefault(name, []).append((keys[kept], values[kept]))
        return values.tolist()

    def _text_hashes(self, texts: Sequence[str]) -> numpy.ndarray:
        """Each text's digest as two uint64 columns (digests kept per text: callers score the same texts often)."""
        import numpy

        digests = self._digests
        joined = b"".join([digests.get(text) or digests.setdefault(text, text_hash(text)) for text in texts])
        return numpy.frombuffer(joined, dtype=numpy.uint64).reshape(len(texts), 2)

    def _recordable(self, texts: Sequence[str], pairs: numpy.ndarray) -> numpy.ndarray:
        """Which freshly scored pairs may be kept: neither text holds a withheld (secret or private) value."""
        import numpy

        withheld = self.memo.withheld if self.memo is not None else None
        if withheld is None or not len(pairs):
            return numpy.ones(len(pairs), dtype=bool)
        flagged = {position for position in numpy.unique(pairs).tolist() if withheld.finds(texts[position])}
        if not flagged:
            return numpy.ones(len(pairs), dtype=bool)
        return numpy.fromiter(
            (left not in flagged and right not in flagged for left, right in pairs.tolist()),
            dtype=bool,
            count=len(pairs),
        )

    def _lookup(self, name: str, keys: numpy.ndarray, values: numpy.ndarray) -> numpy.ndarray:
        """Fill `values` from the stored scores of `name`; returns which keys were found."""
        import numpy

        stored = self._stored().get(name)
        if stored is None or not len(stored[0]):
            return numpy.zeros(len(keys), dtype=bool)
        stored_keys, stored_values = stored
        positions = numpy.searchsorted(_packed(stored_keys), _packed(keys))
        positions = numpy.minimum(positions, len(stored_keys) - 1)
        found = numpy.all(stored_keys[positions] == keys, axis=1)
        values[found] = stored_values[positions[found]]
        return found

    def _stored(self) -> dict[str, tuple[numpy.ndarray, numpy.ndarray]]:
        if self.loaded is None:
            self.loaded = self._read()
        return self.loaded

    def _read(self) -> dict[str, tuple[numpy.ndarray, numpy.ndarray]]:
        import numpy

        path = self.directory / FILE_NAME
        key = signing_key()
        try:
            if key is None or path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_CACHE_BYTES:
                return {}
            signature, _, body = path.read_bytes().partition(b"\n")
            if not hmac.compare_digest(signature, _sign(key, body)):
                return {}
            with numpy.load(io.BytesIO(body), allow_pickle=False) as archive:
                arrays = {name: archive[name] for name in archive.files}
        except (OSError, ValueError, KeyError, EOFError):
            return {}
        return _decoded(arrays, self.code)

    def save(self) -> None:
        """Write the pairs this scan scored (read or computed), when it computed any; older pairs are dropped."""
        if not self.computed:
            return
        import numpy

        arrays: dict[str, Any] = {"code": numpy.frombuffer(self.code.encode("ascii"), dtype=numpy.uint8)}
        for number, (name, parts) in enumerate(sorted(self.kept.items())):
            keys = numpy.concatenate([part[0] for part in parts])
            values = numpy.concatenate([part[1] for part in parts])
            order = numpy.argsort(_packed(keys), kind="stable")
            keys, values = keys[order], values[order]
            arrays[f"name{number}"] = numpy.frombuffer(name.encode("utf-8"), dtype=numpy.uint8)
            arrays[f"keys{number}"] = keys
            arrays[f"values{number}"] = values
        buffer = io.BytesIO()
        numpy.savez(buffer, **arrays)
        self._write(buffer.getvalue())
        self.computed = 0

    def _write(self, body: bytes) -> None:
        key = signing_key()
        if key is None or len(body) > MAX_CACHE_BYTES:
            return
        try:
            if leads_elsewhere(self.directory):
                return
            self.directory.mkdir(parents=True, exist_ok=True)
            if leads_elsewhere(self.directory):
                return
            handle, temporary = tempfile.mkstemp(prefix=".pair-scores-", dir=self.directory)
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(_sign(key, body) + b"\n" + body)
                os.replace(temporary, self.directory / FILE_NAME)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            pass


def _sign(key: bytes, body: bytes) -> bytes:
    return hmac.new(key, body, hashlib.sha256).hexdigest().encode()


def _packed(keys: numpy.ndarray) -> numpy.ndarray:
    """One sortable uint64 per key (the left text's first half mixed with the right's); equal keys pack equal."""
    import numpy

    return keys[:, 0] ^ (keys[:, 2] * numpy.uint64(0x9E3779B97F4A7C15))


def _decoded(arrays: dict[str, Any], code: str) -> dict[str, tuple[numpy.ndarray, numpy.ndarray]]:
    """The scores per scorer name of a loaded archive, checked; empty when anything is off."""
    import numpy

    stamp = arrays.get("code")
    if stamp is None or stamp.dtype != numpy.uint8 or stamp.tobytes() != code.encode("ascii"):
        return {}
    found: dict[str, tuple[numpy.ndarray, numpy.ndarray]] = {}
    number = 0
    while f"name{number}" in arrays:
        name, keys, values = arrays[f"name{number}"], arrays.get(f"keys{number}"), arrays.get(f"values{number}")
        if keys is None or values is None or name.dtype != numpy.uint8:
            return {}
        if keys.dtype != numpy.uint64 or keys.ndim != 2 or keys.shape[1] != 4:
            return {}
        if values.dtype != numpy.float64 or values.shape != (len(keys),) or not numpy.all(numpy.isfinite(values)):
            return {}
        packed = _packed(keys)
        if len(packed) > 1 and not numpy.all(packed[1:] >= packed[:-1]):
            return {}
        found[name.tobytes().decode("utf-8", "replace")] = (keys, values)
        number += 1
    return found


@contextmanager
def using(scores: PairScores | None) -> Iterator[None]:
    """Make `scores` the one `pairing.score_pairs` reads and fills in this context (None: score every pair)."""
    token = _active.set(scores)
    try:
        yield
    finally:
        _active.reset(token)


def active() -> PairScores | None:
    """The pair scores of the scan running in this context, if any."""
    return _active.get()
