"""What a setting's key says about its bare value: a unit (`_ms`, `timeout`), the thing counted (`num_workers`), a ceiling
(`max_`, `_limit`), bytes (`UPLOAD_LIMIT=10485760`); and Rails unit helpers (`50.megabytes`, `2.hours`)."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.quantity_units import _canonical_unit, _unit
from curator.rules.facts.subject import stem

_KEY_UNITS = {
    "ms": "millisecond",
    "millis": "millisecond",
    "milliseconds": "millisecond",
    "msec": "millisecond",
    "s": "second",
    "sec": "second",
    "secs": "second",
    "seconds": "second",
    "mins": "minute",
    "minutes": "minute",
    "hours": "hour",
    "hrs": "hour",
    "hr": "hour",
    "h": "hour",
    "min": "minute",
    "days": "day",
    "kb": "kb",
    "mb": "mb",
    "gb": "gb",
}
_SHORT_TIME_UNITS = frozenset({"h", "hr", "min"})
_KEY_UNIT = re.compile(
    r"(?P<cut>)_(?:in_)?(?P<unit>"
    + "|".join(sorted(set(_KEY_UNITS) - _SHORT_TIME_UNITS, key=len, reverse=True))
    + r")$"
)
_TIME_WORD = r"(?:timeout|ttl|interval|delay|expiry|expires_in|max_age|seconds|secs|sec)"
_TIMED_KEY = re.compile(r"(?:^|_)" + _TIME_WORD + r"$")
_TIMED_KEY_UNIT = re.compile(r"(?:^|_)" + _TIME_WORD + r"(?P<cut>)_(?P<unit>" + "|".join(_SHORT_TIME_UNITS) + r")$")
RAILS_UNIT = re.compile(
    r"\.(seconds?|minutes?|hours?|days?|weeks?|bytes?|kilobytes?|megabytes?|gigabytes?|terabytes?)\b(?!\()"
)
RAILS_UNITS = {
    "second": "s",
    "minute": "min",
    "hour": "h",
    "day": "d",
    "week": "week",
    "byte": "byte",
    "kilobyte": "kb",
    "megabyte": "mb",
    "gigabyte": "gb",
    "terabyte": "tb",
}
RAILS_UNITS |= {f"{word}s": short for word, short in RAILS_UNITS.items()}


def seconds_by_convention(key: str, value: float) -> bool:
    """A bare number under a time-named key is seconds, unless the key is camelCase or the number a round thousand:
    JavaScript and Java settings (`testTimeout: 30000`, `connectTimeout=5000`) count milliseconds."""
    return not re.search(r"[a-z][A-Z]", key) and not (value >= 1000 and value % 1000 == 0)


def key_unit(snake: str) -> tuple[str, int] | None:
    """The unit a key's last part names (`cache_ttl_ms`, `timeout_in_seconds`, `token_ttl_min`) and where that part starts."""
    named = _KEY_UNIT.search(snake) or _TIMED_KEY_UNIT.search(snake)
    return (_KEY_UNITS[named.group("unit")], named.start("cut")) if named else None


def timed_key(snake: str) -> bool:
    """Whether a key names a span of time (`NCCL_TIMEOUT`, `session_ttl`, `health_check_interval`, `POLL_SECONDS`)."""
    return bool(_TIMED_KEY.search(snake))


_UPPER_KEY_WORDS = frozenset({"max", "maximum", "limit", "cap"})
BARE_KEY_WORDS = frozenset(
    stem(word)
    for word in "size length len limit cap max min count value amount total timeout ttl interval delay retention period".split()
)
_COUNT_PREFIXES = frozenset({"num", "n", "max", "number"})
_COUNT_SUFFIXES = frozenset({"count", "limit", "max", "cap"})
_NOT_COUNTED = frozenset(
    "size length len width height age value amount total rate ratio level version port id timeout ttl interval delay "
    "memory mem heap depth score weight factor percent pct".split()
)


def key_names_ceiling(snake: str) -> bool:
    """Whether a key names a ceiling (`max_retries`, `upload_limit`, `client_max_body_size`)."""
    return bool(set(snake.split("_")) & _UPPER_KEY_WORDS)


def key_names_floor(snake: str) -> bool:
    """Whether a key names a floor (`min_replicas`, `minAvailable`): another quantity than the ceiling beside it."""
    return bool(set(snake.split("_")) & {"min", "minimum"})


def counted_noun(snake: str) -> str | None:
    """What a count-shaped key counts: `num_workers`, `n_jobs`, `max_retries`, `pr_count`, `seat_limit`, `bt_max_connection`
    name the rest."""
    parts = [part for part in snake.split("_") if part]
    prefix = next((index for index, part in enumerate(parts[:-1]) if part in _COUNT_PREFIXES), None)
    if prefix is not None:
        rest = parts[prefix + 1 :]
    elif len(parts) > 1 and parts[-1] in _COUNT_SUFFIXES:
        rest = parts[:-1]
    else:
        return None
    if rest[-1] in _NOT_COUNTED or rest[-1] in _COUNT_SUFFIXES or not rest[-1].isalpha():
        return None
    noun = _unit(rest[-1])[0]
    return _canonical_unit(noun)[0] if noun else None


_BYTE_KEY = re.compile(
    r"(?:^|_)(?:upload|body|payload|file|attachment|request|message|memory|mem|heap|buffer|bytes)(?:_|$)"
)
_NOT_BYTE_KEY = re.compile(r"(?:^|_)(?:batch|page|pool|queue|count|num|n|port|id)(?:_|$)")


def counts_bytes(snake: str, value: float) -> bool:
    """`UPLOAD_LIMIT=10485760`, `MAX_BODY_BYTES=1048576`: a whole number of KiB over a mebibyte under a size key is bytes."""
    if snake.endswith("_bytes"):
        return True
    return value >= 1024**2 and value % 1024 == 0 and bool(_BYTE_KEY.search(snake)) and not _NOT_BYTE_KEY.search(snake)


_ABBREVIATIONS = {
    "conn": "connection",
    "conns": "connections",
    "cxn": "connection",
    "req": "request",
    "reqs": "requests",
    "msg": "message",
    "msgs": "messages",
    "proc": "process",
    "procs": "processes",
    "cnt": "count",
    "buf": "buffer",
    "concurrent": "concurrency",
}
_KCONFIG_PREFIX = "config_"


def spelled_key(snake: str) -> str:
    """A snake-case key with its abbreviated words spelled out and a Kconfig `CONFIG_` prefix dropped
    (`config_bt_max_conn` → `bt_max_connection`), so the key names its subject and what it counts."""
    if snake.startswith(_KCONFIG_PREFIX) and snake.count("_") > 1:
        snake = snake[len(_KCONFIG_PREFIX) :]
    return "_".join(_ABBREVIATIONS.get(part, part) for part in snake.split("_"))
