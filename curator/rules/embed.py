"""Sentence embeddings from a static model shipped inside a wheel (wordllama), behind one swappable function."""

from __future__ import annotations

import importlib.util
import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from curator import scanmemo
from curator.forked import Forked, can_fork

if TYPE_CHECKING:
    import numpy

MODEL_NAME = "wordllama l2_supercat 256-d"
ENCODE_CHUNK = 2000
PREFETCH_MIN_TEXTS = 2000
DIMENSIONS = 256
KIND = "embedding"
_lock = threading.Lock()
_state: dict[str, object] = {}


DISABLE_VARIABLE = "CURATOR_NO_EMBEDDINGS"


def _load() -> object | None:
    """The packaged model, read from the wheel's own files (never downloaded), or None with a note why."""
    if os.environ.get(DISABLE_VARIABLE):
        _state["note"] = f"embeddings switched off ({DISABLE_VARIABLE} is set); paraphrase duplicates are not detected"
        return None
    try:
        import numpy
        from safetensors import safe_open
        from tokenizers import Tokenizer

        spec = importlib.util.find_spec("wordllama")
        if spec is None or not spec.submodule_search_locations:
            raise ImportError("No module named 'wordllama'")
    except (ImportError, ValueError) as error:
        _state["note"] = f"embedding model unavailable ({error}); paraphrase duplicates are not detected"
        return None
    package = Path(next(iter(spec.submodule_search_locations)))
    weights = package / "weights" / "l2_supercat_256.safetensors"
    tokenizer_file = package / "tokenizers" / "l2_supercat_tokenizer_config.json"
    if not weights.is_file() or not tokenizer_file.is_file():
        _state["note"] = (
            "embedding model files missing from the wordllama package; paraphrase duplicates are not detected"
        )
        return None
    try:
        tokenizer = Tokenizer.from_file(str(tokenizer_file))
        with safe_open(str(weights), framework="np", device="cpu") as handle:
            matrix = handle.get_tensor("embedding.weight")
        return StaticModel(numpy.ascontiguousarray(matrix), tokenizer)
    except Exception as error:  # noqa: BLE001 - any failure of an optional model degrades to no embeddings
        _state["note"] = (
            f"embedding model failed to load ({type(error).__name__}: {error}); paraphrase duplicates are not detected"
        )
        return None


class StaticModel:
    """wordllama's dense inference (token rows averaged under the attention mask, then scaled to unit length), reading
    only the rows its texts use, so one new text costs neither the package's imports nor a float32 copy of every row."""

    BATCH = 64

    def __init__(self, matrix: numpy.ndarray, tokenizer: object) -> None:
        self.matrix = matrix
        self.tokenizer = tokenizer
        tokenizer.enable_padding()  # type: ignore[attr-defined]
        tokenizer.no_truncation()  # type: ignore[attr-defined]

    def embed(self, texts: list[str], norm: bool = True) -> numpy.ndarray:
        """One float32 row per text, computed batch by batch exactly as `WordLlamaInference.embed` computes it."""
        import numpy

        pooled = numpy.empty((len(texts), self.matrix.shape[1]), dtype=numpy.float32)
        for start in range(0, len(texts), self.BATCH):
            encoded = self.tokenizer.encode_batch(  # type: ignore[attr-defined]
                texts[start : start + self.BATCH], is_pretokenized=False, add_special_tokens=False
            )
            ids = numpy.array([item.ids for item in encoded], dtype=numpy.int32)
            mask = numpy.array([item.attention_mask for item in encoded], dtype=numpy.float32)
            numpy.clip(ids, 0, self.matrix.shape[0] - 1, out=ids)
            rows = self.matrix[ids].astype(numpy.float32)
            total = numpy.maximum(mask.sum(axis=1, keepdims=True), 1.0).astype(numpy.float32)
            batch = numpy.sum(rows * mask[..., numpy.newaxis], axis=1, dtype=numpy.float32) / total
            if norm:
                batch /= numpy.linalg.norm(batch, axis=1, keepdims=True)
            pooled[start : start + batch.shape[0]] = batch
        return pooled


def model() -> object | None:
    """The loaded model (once per process), or None when it cannot be used."""
    with _lock:
        if "model" not in _state:
            _state["model"] = _load()
        return _state["model"]


def switched_off() -> bool:
    """Whether the environment turns embeddings off (a cached result computed with them must not serve a scan without)."""
    return bool(os.environ.get(DISABLE_VARIABLE))


def note() -> str | None:
    """Why embeddings are unavailable, if they are."""
    return _state.get("note")  # type: ignore[return-value]


def prefetch(texts: list[str]) -> None:
    """Start encoding the texts `encode_remembered(texts)` will need in a forked child, when there are many of them."""
    discard_prefetch()
    if os.environ.get(DISABLE_VARIABLE) or not can_fork():
        return
    memo = scanmemo.active()
    wanted = texts if memo is None else [text for text in texts if not memo.holds(KIND, text)]
    if len(wanted) >= PREFETCH_MIN_TEXTS:
        _state["prefetch"] = (wanted, Forked(lambda: (encode(wanted), note())))


def discard_prefetch() -> None:
    """Stop a prefetch nobody asked for."""
    job = _state.pop("prefetch", None)
    if isinstance(job, tuple):
        job[1].cancel()


def _prefetched(texts: list[str]) -> tuple[bool, numpy.ndarray | None]:
    """(True, vectors) when a prefetch of exactly these texts ran (vectors None: no model, its note kept)."""
    job = _state.pop("prefetch", None)
    if not isinstance(job, tuple):
        return False, None
    wanted, forked = job
    if wanted != texts:
        forked.cancel()
        return False, None
    vectors, why = forked.result()
    if vectors is None:
        with _lock:
            _state.setdefault("model", None)
            if why:
                _state["note"] = why
    return True, vectors


def _recalled(memo: scanmemo.TextMemo, texts: list[str]) -> tuple[list[bytes | None], list[int]]:
    """Each text's remembered vector bytes (None when new), and the rows of the new ones."""
    size = DIMENSIONS * 4
    found = [memo.recall(KIND, text, lambda raw: scanmemo.vector_bytes(raw, size)) for text in texts]
    return found, [row for row, vector in enumerate(found) if vector is None]


def encode_remembered(texts: list[str], *, leave_prefetch: bool = False) -> numpy.ndarray | None:
    """`encode`, reading and filling the active scan memo: the model is loaded only when some text is new to it.

    With `leave_prefetch`, a prefetch of other texts keeps running for the caller it was started for (and many new
    texts are encoded in a forked child of their own).
    """
    import numpy

    compute = _encode_apart if leave_prefetch else encode
    memo = scanmemo.active()
    if memo is None or os.environ.get(DISABLE_VARIABLE):
        return compute(texts)
    vectors = numpy.empty((len(texts), DIMENSIONS), dtype=numpy.float32)
    found, missing = _recalled(memo, texts)
    for row, vector in enumerate(found):
        if vector is not None:
            vectors[row] = numpy.frombuffer(vector, dtype=numpy.float32)
    if missing:
        computed = compute([texts[row] for row in missing])
        if computed is None:
            return None
        for row, vector in zip(missing, computed):
            vectors[row] = vector
            memo.record(KIND, texts[row], scanmemo.vector_to_text(vector))
    return vectors


def encode(texts: list[str]) -> numpy.ndarray | None:
    """Unit-length float32 embeddings, one row per text, or None when no model is available."""

    ready, vectors = _prefetched(texts)
    if ready:
        return vectors
    return _encode_here(texts)


def _encode_apart(texts: list[str]) -> numpy.ndarray | None:
    """`_encode_here`, in a forked child when the texts are many and the model is not loaded here (so it never takes
    this process's memory: about 85 MB with its libraries)."""
    if "model" in _state or len(texts) < PREFETCH_MIN_TEXTS or os.environ.get(DISABLE_VARIABLE) or not can_fork():
        return _encode_here(texts)
    vectors, why = Forked(lambda: (_encode_here(texts), note())).result()
    if vectors is None:
        with _lock:
            _state.setdefault("model", None)
            if why:
                _state["note"] = why
    return vectors


def _encode_here(texts: list[str]) -> numpy.ndarray | None:
    """`encode` in this process, whatever a prefetch is doing."""
    import numpy

    loaded = model()
    if loaded is None:
        return None
    if not texts:
        return numpy.zeros((0, DIMENSIONS), dtype=numpy.float32)
    vectors = numpy.empty((len(texts), DIMENSIONS), dtype=numpy.float32)
    for start in range(0, len(texts), ENCODE_CHUNK):
        chunk = texts[start : start + ENCODE_CHUNK]
        with numpy.errstate(invalid="ignore", divide="ignore"):
            vectors[start : start + len(chunk)] = loaded.embed(chunk, norm=True)  # type: ignore[attr-defined]
    return numpy.nan_to_num(vectors, copy=False)
