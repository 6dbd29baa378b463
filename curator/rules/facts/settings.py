"""Named settings as quantities: `max_workers=4`, `timeout: 30s`, `--jobs 8`, `-Xmx4g`, `warn_after 2 小时`."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.code_values import ports, rate_strings, worker_flags
from curator.rules.facts.quantities import _ANY_DIGIT, Quantity
from curator.rules.facts.quantity_rates import _RATE_ALIASES
from curator.rules.facts.quantity_subjects import _SEGMENT_BREAK, _content, _measured, _segment_of
from curator.rules.facts.quantity_units import _KNOWN_UNITS, _UNIT_ALIASES, SECONDS_PER, _canonical_unit, _unit
from curator.rules.facts.scope import component_tokens, scope_tokens
from curator.rules.facts.setting_flags import (
    BYTE_SUFFIX,
    CODE_SPAN,
    COUNTED_NOUNS,
    DURATION_CALL,
    GENERIC_KEY_WORDS,
    clause_start,
    flag_settings,
    setting_quantity,
)
from curator.rules.facts.setting_keys import (
    BARE_KEY_WORDS,
    RAILS_UNIT,
    RAILS_UNITS,
    counted_noun,
    counts_bytes,
    key_names_ceiling,
    key_names_floor,
    key_unit,
    seconds_by_convention,
    spelled_key,
    timed_key,
)
from curator.rules.facts.subject import proper_names, subject_tokens
from curator.rules.text import STOPWORDS

_SETTING = re.compile(
    r"(?<![\w.-])(?P<dash>--?)?(?P<key>[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)*)[`'\"]?\s*(?P<sep>=|:|\s|\s+(?:is|of|at)\s+"
    r"|\s*(?:是|为|设为|设成|设置为|设|定为|定成|改成|改为|调到|调成|调整为|提到|提高到|升到|降到|降低到|=)\s*)\s*[`'\"]?"
    r"(?:(?:int|float)\(\s*(?=\d[\d_.e]*\)))?(?P<num>\d{1,3}(?:_\d{3})+(?![\d_])|\d+(?:\.\d+)?(?:e\d+(?=\)|\W|$))?)(?:(?<=\d)\))?"
    r"(?:[fFL](?=[`'\";,\s)]|$))?"
    r"(?P<unit>(?i:ms|s|m|h|d|min|sec|[kmgt]i?b?))?(?![\w:/-]|\.\d|\s?%|\s(?!(?:in|on|for|at|and|or|to|with|by|of|per|when|if|the|is|are|was|than|from|after|before|until)\b)[a-zA-Z])"
)
_VERSION_SUFFIX = re.compile(r"_?(?:version|ver)$")
_MEMORY_KEY = re.compile(r"mem|heap|size|cache|ram|disk|storage|volume", re.I)
_NOT_KEYS = frozenset(
    "version v node python java go rust step steps since in from to at on by of is are was for top page line lines item items "
    "phase stage level tier round day week month year q h p release rc build pr issue ticket port ios iphone ipad android "
    "macos windows ubuntu debian chrome safari firefox api sdk chapter section table figure sprint below above under over "
    "than about around".split()
)


def settings(statement: str) -> list[Quantity]:
    """Named values as quantities: `max_workers=4`, `timeout: 30s`, `RETRIES = 2`, `--jobs 8`, `pytest -n 4`,
    "failure threshold 3", "tracesSampleRate is 0.05", `spark.executor.memory 8g`."""
    found: list[Quantity] = []
    if not _ANY_DIGIT.search(statement):
        return found
    scope = scope_tokens(statement) | component_tokens(statement)
    for match in _SETTING.finditer(statement):
        own_scope = (
            scope_tokens(_segment_of(statement, match.start())) | component_tokens(statement)
            if _SEGMENT_BREAK.search(statement)
            else scope
        )
        key, separator = match.group("key"), match.group("sep").strip()
        counted_per = _COUNTED_PER.search(statement, 0, match.start("key")) if separator else None
        if counted_per and not match.group("unit"):
            found.append(_counted_per(statement, match, counted_per, own_scope))
            continue
        code_like = (
            "_" in key
            or "." in key
            or (key.isupper() and len(key) > 1)
            or match.group("dash") == "--"
            or separator == "="
            or bool(re.search(r"[a-z][A-Z]", key))
            or statement.count("`", 0, match.start()) % 2 == 1
        )
        if DURATION_CALL.search(statement, max(0, match.start() - 40), match.end() + 2):
            continue
        if key.lower() in _NOT_KEYS or key.lower() in STOPWORDS or re.fullmatch(r"(19|20)\d\d", match.group("num")):
            continue
        if not code_like and not separator and not _noun_key(statement, match.start("key")):
            continue
        if separator == ":" and statement[match.end("key") : match.end("key") + 2][1:2].isdigit() and "_" not in key:
            continue
        suffix = (match.group("unit") or "").lower()
        if match.group("dash") == "-" or (suffix and not code_like):
            continue
        product = _LITERAL_PRODUCT.match(statement, match.end())
        value_end = product.end() if product else match.end()
        multiplied = _DURATION_PRODUCT.match(statement, value_end)
        if multiplied and not suffix:
            suffix = _DURATION_CONSTANTS[multiplied.group(1).lower()]
        rails = RAILS_UNIT.match(statement, value_end) if not suffix else None
        if rails:
            suffix = RAILS_UNITS[rails.group(1).lower()]
        chinese_unit = _CJK_DURATION_AFTER.match(statement, match.end()) if code_like and not suffix else None
        if chinese_unit:
            suffix = _CJK_DURATION_SUFFIX[chinese_unit.group(1)]
        if not code_like and _unit(statement[match.end("num") :].lower())[0] in _KNOWN_UNITS:
            continue
        value = float(match.group("num")) * _product(product)
        plain = key.lower().lstrip("-").replace("-", "_").replace(".", "_")
        name = _VERSION_SUFFIX.sub("", plain) or plain
        snake = spelled_key(
            re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower().lstrip("-").replace("-", "_").replace(".", "_")
        )
        every_word = subject_tokens(snake.replace("_", " "))
        words = tuple(word for word in every_word if word not in GENERIC_KEY_WORDS)
        if suffix in BYTE_SUFFIX and (suffix != "m" or _MEMORY_KEY.search(key)):
            unit, factor = _canonical_unit(BYTE_SUFFIX[suffix])
        elif suffix and suffix in _UNIT_ALIASES:
            unit, factor = _canonical_unit(_UNIT_ALIASES[suffix])
        elif suffix:
            continue
        elif named := key_unit(snake):
            unit, factor = _canonical_unit(named[0])
            words = tuple(word for word in subject_tokens(snake[: named[1]].replace("_", " ")) if word)
            words = tuple(word for word in words if word not in GENERIC_KEY_WORDS) or words
        elif timed_key(snake):
            unit, factor = _canonical_unit("second" if seconds_by_convention(key, value) else "millisecond")
        elif plain.rsplit("_", 1)[-1] in _PERIOD_ADVERBS and "_" in plain:
            unit, factor = plain.rsplit("_", 1)[-1], 1.0
            words = tuple(word for word in words if word != unit and word not in ("keep", "retain"))
        elif _LINE_LENGTH_KEY.search(plain):
            unit, factor, words = "char", 1.0, ("line",)
        elif counts_bytes(snake, value):
            unit, factor = "byte", 1.0
        elif counted := counted_noun(snake):
            unit, factor = counted, 1.0
        elif {"retry"} & set(words):
            unit, factor = "retry", 1.0
        elif (
            words
            and words[-1] in COUNTED_NOUNS
            and (len(every_word) > 1 or (_PLURAL_KEY.fullmatch(key) and not match.group("dash")))
        ):
            unit, factor = words[-1], 1.0
        elif code_like and (written := _unit_after_code(statement, value_end)):
            unit, factor = _canonical_unit(written)
        else:
            unit, factor = f"value:{name}", 1.0
        span = statement[match.start() : value_end].strip()
        quantity = setting_quantity(statement, span, value * factor, name, words, unit, own_scope)
        if unit not in ("duration", "char") and key_names_ceiling(snake):
            quantity = replace(quantity, ceiling=True)
        elif unit not in ("duration", "char") and key_names_floor(snake):
            quantity = replace(quantity, qualifier="minimum")
        if unit in _PERIOD_ADVERBS:
            quantity = replace(quantity, rate=_RATE_ALIASES[unit])
        elif _SPACING_KEY.search(plain) and not unit.startswith("value:"):
            quantity = replace(quantity, rate="interval")
        if unit == "duration":
            quantity = replace(quantity, measure=_measured(snake.replace("_", " ")))
        per = _PER_AFTER.match(statement, match.end())
        if per and code_like:
            quantity = replace(quantity, rate=_per_unit(per.group(1)))
        if code_like and (set(words) <= BARE_KEY_WORDS or not quantity.subject or quantity.rate == "interval"):
            before = _content(CODE_SPAN.sub(" ", statement[clause_start(statement, match.start()) : match.start()]))
            preceding = tuple(word for word in before if word and word not in quantity.subject)
            if preceding:
                found.append(quantity)
                quantity = replace(
                    quantity, subject=quantity.subject | frozenset(preceding), sequence=preceding + quantity.sequence
                )
        if not code_like:
            ordered = tuple(word for word in _content(statement[: match.start()].lower()) if word)
            context = frozenset(ordered)
            quantity = Quantity(
                statement,
                quantity.span,
                "exact",
                quantity.low,
                quantity.high,
                unit,
                None,
                quantity.subject | context,
                ordered + tuple(word for word in quantity.sequence if word not in context),
                own_scope,
                proper_names(statement),
            )
        owner = _CALL_OWNER.search(statement, 0, match.start()) if plain in _DURATION_CONSTANTS else None
        if owner:
            owned = subject_tokens(re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", owner.group("owner")).replace("_", " "))
            quantity = replace(
                quantity, subject=frozenset(owned) or quantity.subject, sequence=owned or quantity.sequence
            )
        found.append(quantity)
    found.extend(flag_settings(statement, scope))
    found.extend(ports(statement) + rate_strings(statement) + worker_flags(statement))
    return found


_PERIOD_ADVERBS = frozenset({"hourly", "daily", "weekly", "monthly", "yearly"})
_SPACING_KEY = re.compile(r"(?:^|_)(?:every|each|interval|freq|frequency)(?:_|$)")
"""A key naming how far apart something happens (`save_every`, `eval_interval_steps`): its value is an interval."""
_UNIT_AFTER_CODE = re.compile(r"[`'\"]\s*(?=\S)")
_COUNTED_AFTER_CODE = frozenset({"step", "epoch", "iteration", "sample", "token", "batch"})


def _unit_after_code(statement: str, value_end: int) -> str | None:
    """The counted unit written after a code value's closing quote (`save_every: 500` steps, `warmup: 100` 步)."""
    closing = _UNIT_AFTER_CODE.match(statement, value_end)
    if not closing:
        return None
    unit = _unit(" " + statement[closing.end() :].lower())[0]
    return unit if unit in _COUNTED_AFTER_CODE else None


_LINE_LENGTH_KEY = re.compile(r"line_?(?:length|len|width)|print_?width|column_?limit|max_?columns")
_DURATION_PRODUCT = re.compile(
    r"\s*\*\s*(?:time\.|TimeUnit\.|chrono::)?(Millisecond|Second|Minute|Hour|MILLISECONDS|SECONDS|MINUTES|HOURS)s?\b"
)
_LITERAL_PRODUCT = re.compile(r"(?:\s*\*\s*\d+(?:\.\d+)?(?![\w.]))+")
_FACTOR = re.compile(r"\d+(?:\.\d+)?")


def _product(product: re.Match[str] | None) -> float:
    """The factors written after a setting's number (`max_age = 2 * 3600`, `60 * 60 * 24`), multiplied."""
    factor = 1.0
    for written in _FACTOR.findall(product.group(0) if product else ""):
        factor *= float(written)
    return factor


_CALL_OWNER = re.compile(r"`?(?P<owner>[A-Za-z_]\w*)`?\s*(?:=|:|\bto\b)\s*`?(?:const\s+)?[A-Za-z_][\w.]*\(\s*$")
_CJK_DURATION_AFTER = re.compile(r"\s*(毫秒|秒|分钟|小时)")
_CJK_DURATION_SUFFIX = {"毫秒": "ms", "秒": "s", "分钟": "min", "小时": "h"}
_DURATION_CONSTANTS = {
    "millisecond": "ms",
    "milliseconds": "ms",
    "second": "s",
    "seconds": "s",
    "minute": "min",
    "minutes": "min",
    "hour": "h",
    "hours": "h",
}
_PLURAL_KEY = re.compile(r"[a-z]+s")


def _noun_key(statement: str, start: int) -> bool:
    """'failure threshold 3': a plain word names a value when it follows another content word of a label."""
    before = statement[:start].rstrip()
    return (
        bool(before)
        and bool(re.search(r"[A-Za-z][\w-]*$", before))
        and not re.search(
            r"\b(?:the|a|an|of|to|in|on|at|for|with|by|and|or|is|are|was|were|be|than|every|each|per|about|around|after|before)$",
            before,
            re.I,
        )
    )


_PER_AFTER = re.compile(r"`?\s*(?:per|/)\s*(?:each\s+)?([A-Za-z][A-Za-z-]+)\b")
_COUNTED_PER = re.compile(r"\b([A-Za-z][A-Za-z-]+)((?:\s+per\s+[A-Za-z][A-Za-z-]+)*)\s+per\s+$")
_PER_WORD = re.compile(r"per\s+([A-Za-z][A-Za-z-]+)")


def _per_unit(word: str) -> str:
    """The rate a 'per …' names, as the quantities layer names it (per GPU → gpu, per minute → minute)."""
    lowered = word.lower()
    singular = lowered[:-1] if len(lowered) > 3 and lowered.endswith("s") and not lowered.endswith("ss") else lowered
    return _RATE_ALIASES.get(singular, _UNIT_ALIASES.get(singular, singular))


def _counted_per(statement: str, match: re.Match[str], counted_per: re.Match[str], scope: frozenset[str]) -> Quantity:
    """ "PRs per reviewer: 3", "uploads per user per day: 20": an allowance (a ceiling) of the noun before 'per', at the
    rate of a time unit among the 'per' nouns or else of the first one, as prose reads "5 PRs per reviewer"."""
    value = float(match.group("num"))
    counted = _unit(counted_per.group(1).lower())[0] or counted_per.group(1).lower()
    counted = _canonical_unit(counted)[0]
    pers = [_per_unit(word) for word in _PER_WORD.findall(counted_per.group(2))] + [_per_unit(match.group("key"))]
    rate = next((per for per in pers if per in SECONDS_PER), pers[0])
    before = _content(statement[clause_start(statement, match.start()) : counted_per.start()].lower())
    ordered = tuple(word for word in before if word and word not in (counted, rate))
    ordered += tuple(subject_tokens(" ".join(per for per in pers if per != rate)))
    return Quantity(
        statement,
        match.group(0).strip(),
        "exact",
        value,
        value,
        counted,
        rate,
        frozenset(ordered) | {rate},
        ordered,
        scope,
        proper_names(statement),
        ceiling=True,
    )
