"""Settings written as flags, calls and clock durations, and the quantity every named setting becomes."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_subjects import _content
from curator.rules.facts.quantity_units import _UNIT_ALIASES, _canonical_unit
from curator.rules.facts.subject import proper_names, stem, subject_tokens

GENERIC_KEY_WORDS = frozenset(
    stem(word)
    for word in "max min num n number count resources spec config settings values defaults default params options".split()
)
_SHORT_FLAG = re.compile(r"\b(?P<command>[a-z][\w-]*)\s+(?:with\s+`?|`)?-(?P<flag>[a-zA-Z])\s*(?P<num>\d+)\b(?![.\w])")
_PROPERTY_FLAG = re.compile(r"(?<![\w-])-[DP](?P<key>[A-Za-z][\w.-]*)=(?P<num>\d+(?:\.\d+)?)(?![\w.])")
_JVM_FLAG = re.compile(r"(?<![\w-])-X(?P<flag>mx|ms|ss)(?P<num>\d+)(?P<suffix>[kmgKMG])\b")
_JVM_NAMES = {"mx": "jvm-max-heap", "ms": "jvm-initial-heap", "ss": "jvm-thread-stack"}
BYTE_SUFFIX = {
    "k": "kb",
    "kb": "kb",
    "ki": "kb",
    "kib": "kb",
    "m": "mb",
    "mb": "mb",
    "mi": "mb",
    "mib": "mb",
    "g": "gb",
    "gb": "gb",
    "gi": "gb",
    "gib": "gb",
    "t": "tb",
    "tb": "tb",
}
_CLOCK_DURATION = re.compile(
    r"(?<![\w.-])-{0,2}(?P<key>(?:[a-z]+_)*(?:time|walltime|timeout|duration|time_limit|ttl))[`'\"]?\s*[=:]\s*[`'\"]?"
    r"(?P<h>\d{1,3}):(?P<m>[0-5]\d):(?P<s>[0-5]\d)(?![\d:])",
    re.I,
)
_TIME_KEY_WORDS = frozenset({"time", "limit", "duration"})
COUNTED_NOUNS = frozenset(
    "worker job thread process replica run connection task shard partition node step epoch token chunk".split()
)
CODE_SPAN = re.compile(r"`[^`]*`")
_CLAUSE_START = re.compile(r"[.;!?](?=\s)|[。；！？\n]|\s[—–]\s")


def flag_settings(statement: str, scope: frozenset[str]) -> list[Quantity]:
    """Settings written as flags, calls and clock durations: `-Dpool.size=4`, `-Xmx4g`, `pytest -n 4`, "Sidekiq runs with
    `-c 25`", `Duration(seconds: 30)`, `walltime=48:00:00`."""
    found: list[Quantity] = _duration_calls(statement, scope)
    for match in _PROPERTY_FLAG.finditer(statement):
        last = match.group("key").split(".")[-1]
        name = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", last).lower().replace("-", "_")
        every_word = subject_tokens(name.replace("_", " "))
        words = tuple(word for word in every_word if word not in GENERIC_KEY_WORDS)
        unit = words[-1] if len(every_word) > 1 and words and words[-1] in COUNTED_NOUNS else f"value:{name}"
        found.append(setting_quantity(statement, match.group(0), float(match.group("num")), name, words, unit, scope))
    for match in _JVM_FLAG.finditer(statement):
        unit, factor = _canonical_unit(BYTE_SUFFIX[match.group("suffix").lower()])
        name = _JVM_NAMES[match.group("flag").lower()]
        found.append(
            setting_quantity(statement, match.group(0), float(match.group("num")) * factor, name, (name,), unit, scope)
        )
    for match in _SHORT_FLAG.finditer(statement):
        name = f"{match.group('command').lower()} -{match.group('flag')}"
        found.append(
            setting_quantity(
                statement,
                match.group(0).strip(),
                float(match.group("num")),
                name,
                (match.group("command").lower(),),
                f"value:{name}",
                scope,
            )
        )
    found.extend(_tool_flags(statement, scope))
    for match in _CLOCK_DURATION.finditer(statement):
        words = tuple(
            word for word in subject_tokens(match.group("key").replace("_", " ")) if word not in _TIME_KEY_WORDS
        )
        hours, minutes, seconds = (int(match.group(part)) for part in ("h", "m", "s"))
        if not words:
            lead = CODE_SPAN.sub(_code_words, statement[clause_start(statement, match.start()) : match.start()])
            words = tuple(word for word in _content(lead.lower()) if word)
        span = match.group(0).lstrip("-")
        found.append(
            setting_quantity(
                statement, span, hours * 3600.0 + minutes * 60 + seconds, match.group("key"), words, "duration", scope
            )
        )
    return found


def _code_words(span: re.Match[str]) -> str:
    """A code span of a clause as its words (`jobs/train.sbatch` → jobs train sbatch): the file a flag is written in."""
    return " " + re.sub(r"[\W_]+", " ", span.group(0)) + " "


def setting_quantity(
    statement: str,
    span: str,
    value: float,
    name: str,
    words: tuple[str, ...],
    unit: str,
    scope: frozenset[str],
) -> Quantity:
    """A named value as an exact quantity of `unit` about `words` (a ceiling when a word of the name is "limit")."""
    kind, low, high = "exact", value, value
    if "limit" in words:
        kind, low = "upper", float("-inf")
    subject = frozenset(words) - {unit, stem(unit), "limit"}
    sequence = tuple(dict.fromkeys(word for word in words if word in subject))
    return Quantity(statement, span, kind, low, high, unit, None, subject, sequence, scope)


def clause_start(statement: str, position: int) -> int:
    """Where the sentence part holding `position` starts."""
    starts = [found.end() for found in _CLAUSE_START.finditer(statement, 0, position)]
    return starts[-1] if starts else 0


DURATION_CALL = re.compile(
    r"\b(?:Duration|timedelta)\s*\(\s*(?P<named>milliseconds|seconds|minutes|hours|days)\s*[:=]\s*(?P<num>\d+(?:\.\d+)?)\s*\)"
    r"|\bDuration(?:::|\.)(?:from_|of)(?P<method>millis|secs|seconds|mins|minutes|hours|days)\s*\(\s*(?P<arg>\d+)\s*\)",
    re.I,
)
_CALL_UNITS = {"millis": "ms", "milliseconds": "ms", "secs": "s", "seconds": "s", "mins": "min", "minutes": "min"}
_CALL_UNITS |= {"hours": "h", "days": "d"}
UNIT_ARGUMENT_CALL = re.compile(
    r"(?<!\w)(?:[A-Za-z_]\w*\.)*(?P<name>[A-Za-z_]\w*)\s*\(\s*(?P<num>\d{1,3}(?:_\d{3})+(?![\d_])|\d+(?:\.\d+)?)[lL]?\s*,\s*"
    r"(?:(?:java\.util\.concurrent\.)?TimeUnit\.|ChronoUnit\.)?(?P<unit>MILLISECONDS|MILLIS|SECONDS|MINUTES|HOURS|DAYS)\s*\)"
)
"""A call whose arguments are an amount and its time unit (`readTimeout(30, SECONDS)`, `expireAfterWrite(10,
TimeUnit.MINUTES)`): the setting the call names, in seconds."""


def _duration_calls(statement: str, scope: frozenset[str]) -> list[Quantity]:
    """`Duration(seconds: 30)`, `timedelta(minutes=5)`, `Duration::from_secs(30)`, `Duration.ofSeconds(30)`: a duration
    about the keys and words before it in its sentence ("bumped `connectTimeout` to `Duration(seconds: 30)`")."""
    found: list[Quantity] = []
    for match in DURATION_CALL.finditer(statement):
        named = (match.group("named") or match.group("method")).lower()
        unit, factor = _canonical_unit(_UNIT_ALIASES[_CALL_UNITS[named]])
        value = float(match.group("num") or match.group("arg")) * factor
        before = statement[clause_start(statement, match.start()) : match.start()].replace("`", " ")
        spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", before).replace("_", " ")
        ordered = tuple(word for word in _content(spaced.lower()) if word)
        quantity = Quantity(statement, match.group(0), "exact", value, value, unit, None, frozenset(ordered), ordered)
        found.append(replace(quantity, scope=scope, names=proper_names(statement)))
    for match in UNIT_ARGUMENT_CALL.finditer(statement):
        unit, factor = _canonical_unit(_UNIT_ALIASES[_CALL_UNITS[match.group("unit").lower()]])
        name = re.sub(r"^set(?=[A-Z])", "", match.group("name"))
        words = tuple(subject_tokens(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ")))
        if not words:
            continue
        value = float(match.group("num").replace("_", "")) * factor
        quantity = Quantity(statement, match.group(0), "exact", value, value, unit, None, frozenset(words), words)
        found.append(replace(quantity, scope=scope, names=proper_names(statement)))
    return found


_FLAG = re.compile(r"(?<![\w-])-(?P<flag>[a-zA-Z])\s*(?P<num>\d+)\b(?![.\w])")
_COMMAND_BEFORE = re.compile(r"`([a-z][\w-]*)(?:\s+[^`\s]+)*?\s+$")
_TOOL_FLAGS = {
    "sidekiq": {"c": "value:concurrency"},
    "celery": {"c": "value:concurrency"},
    "ansible": {"f": "fork"},
    "ansible-playbook": {"f": "fork"},
    "make": {"j": "job"},
    "ninja": {"j": "job"},
    "cargo": {"j": "job"},
    "pytest": {"n": "worker"},
    "gunicorn": {"w": "worker"},
    "xargs": {"P": "process"},
}


def _tool_flags(statement: str, scope: frozenset[str]) -> list[Quantity]:
    """A short flag whose meaning its tool fixes, when the statement names the tool apart from it: "Sidekiq runs with
    `-c 25`" is a concurrency of 25 (`sidekiq -c 25` written together stays the tool's own setting)."""
    tools = [tool for tool in _TOOL_FLAGS if re.search(rf"(?<![\w-]){re.escape(tool)}(?![\w-])", statement, re.I)]
    found: list[Quantity] = []
    for match in _FLAG.finditer(statement):
        command = _COMMAND_BEFORE.search(statement, 0, match.start())
        if command and command.group(1).lower() not in _TOOL_FLAGS:
            continue
        written = _SHORT_FLAG.search(statement, max(0, match.start() - 40), match.end())
        if written and written.end() == match.end() and written.group("command").lower() in _TOOL_FLAGS:
            continue
        for tool in tools:
            unit = _TOOL_FLAGS[tool].get(match.group("flag"))
            if unit:
                words = tuple(subject_tokens(tool.replace("-", " ")))
                found.append(
                    setting_quantity(statement, match.group(0), float(match.group("num")), tool, words, unit, scope)
                )
                break
    return found
