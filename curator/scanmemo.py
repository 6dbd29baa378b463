"""Per-text results of the rules' pure functions (statement facts, fingerprints, embeddings), kept across scans.

An unchanged entry costs a lookup instead of its parsing, segmenting and encoding. Each kind of value is one
JSON file beside the pairwise cache (never pickle), keyed by a hash of the text it was computed from and
stamped with a digest of the code and libraries that computed it, and signed with a key only this user can
read. A file with a bad signature or another code digest, a value of the wrong shape, or an unreadable
file is ignored and recomputed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from curator import __version__
from curator.model import Store
from curator.scancache import CACHE_ENV, MAX_CACHE_BYTES, cache_dir, leads_elsewhere, user_cache_root

Value = TypeVar("Value")


class Secrets(Protocol):
    """What the memo needs of a secrets masker: whether a text holds a known value."""

    def finds(self, text: str) -> bool: ...


FILE_PREFIX = "memo-"
KEPT_UNUSED = 1000
VALUES_PER_ENTRY = 20
SEGMENT_SUFFIX = ".seg"
MAX_SEGMENTS = 8
MAX_READ_SEGMENTS = 4 * MAX_SEGMENTS
SEGMENT_MIN_VALUES = 2000
SEGMENT_SHARE = 10
KEY_FILE = "memo-key"
KEY_BYTES = 32
_STRING_TYPE = {str}
SEPARATOR = "\x1f"
_LIBRARIES = ("jieba", "cn2an", "wordllama", "rapidfuzz", "detect-secrets")
_active: ContextVar[TextMemo | None] = ContextVar("curator_text_memo", default=None)


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A digest of curator's version, the source of the rules and secrets packages, and the libraries they call."""
    hasher = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parent
    for folder in ("rules", "secrets"):
        for path in sorted((package / folder).rglob("*.py")):
            hasher.update(str(path.relative_to(package)).encode())
            hasher.update(path.read_bytes())
    installed = installed_versions()
    for library in _LIBRARIES:
        hasher.update(f"{library}={installed.get(_normalised(library), 'none')}".encode())
    return hasher.hexdigest()


def _normalised(distribution: str) -> str:
    return distribution.lower().replace("-", "_").replace(".", "_")


def installed_versions() -> dict[str, str]:
    """Version of each distribution installed on sys.path, from its `<name>-<version>.dist-info` folder name.

    importlib.metadata parses every METADATA file it meets (about 100 ms); a folder listing is enough here.
    """
    versions: dict[str, str] = {}
    for folder in reversed(sys.path):
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info") and "-" in name:
                distribution, _, version = name[: -len(".dist-info")].partition("-")
                versions[_normalised(distribution)] = version
    return versions


def _sign(key: bytes, body: bytes) -> bytes:
    return hmac.new(key, body, hashlib.sha256).hexdigest().encode()


def _well_formed(key: bytes) -> bool:
    return len(key) == 2 * KEY_BYTES and all(byte in b"0123456789abcdef" for byte in key)


def _replace_key(location: Path) -> None:
    """Write a fresh key beside `location` and move it into place (a malformed key file would disable the memo)."""
    handle, temporary = tempfile.mkstemp(prefix=".memo-key-", dir=location.parent)
    try:
        with os.fdopen(handle, "w", encoding="ascii") as stream:
            stream.write(secrets.token_hex(KEY_BYTES))
        os.replace(temporary, location)
    except BaseException:
        os.unlink(temporary)
        raise


@lru_cache(maxsize=8)
def _signing_key(path: str) -> bytes | None:
    location = Path(path)
    try:
        location.parent.mkdir(parents=True, exist_ok=True)
        try:
            handle = os.open(location, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(handle, "w", encoding="ascii") as stream:
                stream.write(secrets.token_hex(KEY_BYTES))
        if location.is_symlink():
            return None
        key = location.read_bytes().strip()
        if not _well_formed(key) and location.is_file():
            _replace_key(location)
            key = location.read_bytes().strip()
    except OSError:
        return None
    return key if _well_formed(key) else None


def signing_key() -> bytes | None:
    """This user's key that signs memo files (made on first use, mode 0600), or None when it cannot be kept.

    A memo file whose signature does not match was not written by curator for this user: it is ignored.
    """
    override = os.environ.get(CACHE_ENV)
    base = Path(override) if override else user_cache_root()
    return _signing_key(str(base / KEY_FILE))


def _key(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


class TextMemo:
    """Values per (kind, text), read lazily from one file per kind and written back only when new ones were computed."""

    def __init__(self, directory: Path, code: str | None = None, limit: int = KEPT_UNUSED) -> None:
        self.directory = directory
        self.code = code or code_digest()
        self.limit = limit
        self.stored: dict[str, dict[str, Any]] = {}
        self.used: dict[str, dict[str, Any]] = {}
        self.computed: set[str] = set()
        self.segments: dict[str, list[Path]] = {}
        self.hits = 0
        self.misses = 0
        self.withheld: Secrets | None = None

    @classmethod
    def for_store(cls, store: Store) -> TextMemo:
        """The memo of one store, keeping up to VALUES_PER_ENTRY values of each kind per entry (at least KEPT_UNUSED)."""
        entries = len(store.entries) + len(store.context)
        return cls(cache_dir(store.root), limit=max(KEPT_UNUSED, VALUES_PER_ENTRY * entries))

    def value(
        self,
        kind: str,
        text: str,
        compute: Callable[[], Value],
        encode: Callable[[Value], Any],
        decode: Callable[[Any], Value],
        keep: Callable[[Value], bool] | None = None,
    ) -> Value:
        """The value computed from `text`, from the memo when a well-formed one is stored, else computed and recorded.

        A value is not recorded when `keep` rejects it or the text holds a withheld (secret or private) value.
        """
        key = _key(text)
        used = self.used.setdefault(kind, {})
        raw = used.get(key)
        if raw is None:
            raw = self._stored(kind).get(key)
        if raw is not None:
            try:
                decoded = decode(raw)
            except (TypeError, ValueError, KeyError, IndexError):
                decoded = None
            if decoded is not None:
                used[key] = raw
                self.hits += 1
                return decoded
        self.misses += 1
        result = compute()
        if (keep is None or keep(result)) and not self._withholds(text):
            used[key] = encode(result)
            self.computed.add(kind)
        return result

    def _withholds(self, text: str) -> bool:
        return self.withheld is not None and self.withheld.finds(text)

    def recall(self, kind: str, text: str, decode: Callable[[Any], Value]) -> Value | None:
        """The stored value for (kind, text) when it is well-formed, else None (for callers that compute in batches)."""
        key = _key(text)
        raw = self.used.get(kind, {}).get(key)
        if raw is None:
            raw = self._stored(kind).get(key)
        if raw is None:
            return None
        try:
            decoded = decode(raw)
        except (TypeError, ValueError, KeyError, IndexError):
            return None
        self.used.setdefault(kind, {})[key] = raw
        self.hits += 1
        return decoded

    def holds(self, kind: str, text: str) -> bool:
        """Whether a value for (kind, text) is stored (not yet checked for form; `recall` does that, and counts)."""
        key = _key(text)
        return key in self.used.get(kind, {}) or key in self._stored(kind)

    def held_before(self, kind: str, text: str) -> bool:
        """Whether the memo files held a value for (kind, text) before this scan (a text new to the store has none)."""
        return _key(text) in self._stored(kind)

    def record(self, kind: str, text: str, encoded: Any) -> None:
        """Keep a value computed outside `value` (already encoded for JSON), unless its text holds a withheld value."""
        self.misses += 1
        if self._withholds(text):
            return
        self.used.setdefault(kind, {})[_key(text)] = encoded
        self.computed.add(kind)

    def _path(self, kind: str) -> Path:
        return self.directory / f"{FILE_PREFIX}{kind}.json"

    def _segment_paths(self, kind: str) -> list[Path]:
        try:
            return sorted(self.directory.glob(f"{FILE_PREFIX}{kind}.*{SEGMENT_SUFFIX}"))
        except OSError:
            return []

    def _stored(self, kind: str) -> dict[str, Any]:
        if kind not in self.stored:
            values = self._read(self._path(kind))
            segments = self._segment_paths(kind)
            for segment in segments[:MAX_READ_SEGMENTS]:
                values.update(self._read(segment))
            self.stored[kind] = values
            self.segments[kind] = segments
        return self.stored[kind]

    def _read(self, path: Path) -> dict[str, Any]:
        """The values of one signed memo file (a whole kind or a segment); empty when it is not curator's or not this code's."""
        key = signing_key()
        try:
            if key is None or path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_CACHE_BYTES:
                return {}
            signature, _, body = path.read_bytes().partition(b"\n")
            if not hmac.compare_digest(signature, _sign(key, body)):
                return {}
            data = json.loads(body)
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("code") != self.code or not isinstance(data.get("values"), dict):
            return {}
        return data["values"]

    def save(self) -> None:
        """Write what each kind gained: as a small segment beside a big memo, else the whole kind afresh.

        A whole write keeps this scan's values, then older ones up to the memo's limit (a long-lived process, the
        TUI, asks the memo only for texts it has not seen), and folds the segments it read back in.
        """
        for kind in sorted(self.computed):
            used, stored = self.used[kind], self._stored(kind)
            gained = {key: raw for key, raw in used.items() if stored.get(key) is not raw}
            if not gained:
                continue
            if self._segment_fits(kind, len(gained)):
                self._write(kind, self._body(gained), segment=True)
                continue
            room = self.limit - len(used)
            values = dict(used)
            for key, raw in stored.items():
                if room <= 0:
                    break
                if key not in values:
                    values[key] = raw
                    room -= 1
            if self._write(kind, self._body(values), segment=False):
                self._remove_segments(kind)
        self.computed.clear()

    def _segment_fits(self, kind: str, gained: int) -> bool:
        """A segment is written when the kind is big, the gain small beside it, and the segments few."""
        stored = len(self.stored.get(kind, {}))
        return (
            stored >= SEGMENT_MIN_VALUES
            and gained * SEGMENT_SHARE <= stored
            and len(self.segments.get(kind, [])) < MAX_SEGMENTS
        )

    def _body(self, values: dict[str, Any]) -> bytes:
        return json.dumps({"code": self.code, "values": values}, ensure_ascii=False).encode()

    def _remove_segments(self, kind: str) -> None:
        """Delete the kind's segments once its whole file is written (their values are in it, up to the limit)."""
        for segment in self._segment_paths(kind):
            try:
                segment.unlink()
            except OSError:
                pass
        self.segments[kind] = []

    def _write(self, kind: str, body: bytes, *, segment: bool) -> bool:
        """Sign and write `body` atomically as the kind's file or as a new segment of it; False when nothing was written."""
        key = signing_key()
        if key is None or len(body) > MAX_CACHE_BYTES:
            return False
        try:
            if leads_elsewhere(self.directory):
                return False
            self.directory.mkdir(parents=True, exist_ok=True)
            if leads_elsewhere(self.directory):
                return False
            handle, temporary = tempfile.mkstemp(prefix=f".{FILE_PREFIX}", dir=self.directory)
            target = self._path(kind)
            if segment:
                target = self.directory / f"{FILE_PREFIX}{kind}.{secrets.token_hex(8)}{SEGMENT_SUFFIX}"
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(_sign(key, body) + b"\n" + body)
                os.replace(temporary, target)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError:
            return False
        return True


@contextmanager
def using(memo: TextMemo | None) -> Iterator[None]:
    """Make `memo` the one `remembered` reads and fills in this context (None: compute everything)."""
    token = _active.set(memo)
    try:
        yield
    finally:
        _active.reset(token)


def remembered(
    kind: str,
    text: str,
    compute: Callable[[], Value],
    encode: Callable[[Value], Any],
    decode: Callable[[Any], Value],
    keep: Callable[[Value], bool] | None = None,
) -> Value:
    """`compute()`, or the value the active memo holds for (kind, text)."""
    memo = _active.get()
    if memo is None:
        return compute()
    return memo.value(kind, text, compute, encode, decode, keep)


def active() -> TextMemo | None:
    """The memo of the scan running in this context, if any."""
    return _active.get()


def strings(raw: Any) -> list[str]:
    """A JSON list of strings, checked."""
    if type(raw) is not list or not set(map(type, raw)) <= _STRING_TYPE:
        raise TypeError("not a list of strings")
    return raw


def string_triples(raw: Any) -> list[tuple[str, str, str]]:
    """Rows of three strings, as a memo stored them."""
    if type(raw) is not list:
        raise TypeError("not a list of rows")
    rows: list[tuple[str, str, str]] = []
    for item in raw:
        if type(item) is not list or len(item) != 3 or not all(type(part) is str for part in item):
            raise TypeError("not a row of three strings")
        rows.append((item[0], item[1], item[2]))
    return rows


def joinable(tokens: Iterable[str]) -> bool:
    """Whether tokens can be stored joined by SEPARATOR and split back unchanged (none empty, none holding it)."""
    return all(token and SEPARATOR not in token for token in tokens)


def joined(tokens: Iterable[str]) -> str:
    """Tokens as one JSON string (a list of short strings costs an object each when read back)."""
    return SEPARATOR.join(tokens)


def split(raw: Any) -> list[str]:
    """The tokens of a `joined` string, checked."""
    text = string(raw)
    return text.split(SEPARATOR) if text else []


def string(raw: Any) -> str:
    if not isinstance(raw, str):
        raise TypeError("not a string")
    return raw


def vector_to_text(vector: Any) -> str:
    return base64.b64encode(vector.tobytes()).decode("ascii")


def vector_bytes(raw: Any, size: int) -> bytes:
    """The raw bytes of a stored vector of `size` bytes, checked."""
    data = base64.b64decode(string(raw), validate=True)
    if len(data) != size:
        raise ValueError("vector of the wrong length")
    return data
