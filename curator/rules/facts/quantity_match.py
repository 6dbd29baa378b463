"""Whether two quantity claims speak of one subject ("3 retries for the payment callback" vs "5 retries for the mail job")."""

from __future__ import annotations

from dataclasses import replace

from curator import lazyre as re
from curator.rules.facts.cadences import CADENCE
from curator.rules.facts.chinese_subjects import chinese, without_generic
from curator.rules.facts.cross_language import across_languages, coded
from curator.rules.facts.glossary import concept, concepts_of
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_comparators import perks
from curator.rules.facts.quantity_subjects import RETAINED
from curator.rules.facts.quantity_values import MINIMUM
from curator.rules.facts.scope import relation
from curator.rules.facts.setting_flags import UNIT_ARGUMENT_CALL
from curator.rules.facts.subject import stem
from curator.rules.facts.subject_modifiers import GENERIC_CONCEPTS, as_concepts, different_modifiers
from curator.rules.facts.time_zones import ZONE_WORDS
from curator.rules.text import IS_CJK

_MEASURE_UNITS = frozenset(
    {
        "time",
        "duration",
        "percent",
        "count",
        "byte",
        "item",
        "char",
        "word",
        "line",
        "request",
        "post",
        "month",
        "year",
        "kb",
        "mb",
        "gb",
        "step",
        "epoch",
        "token",
        "sample",
        "row",
        "record",
        "point",
        "clock",
        "port",
        "frequency",
        "px",
        "dp",
    }
)


def same_subject(left: Quantity, right: Quantity) -> bool:
    """Same quantity: see _same_subject; a qualified unit ("CT tests") needs the same qualifier on the other side, and
    how long something is kept is not how long something lasts or may run ("cache kept 1.5 h" vs "cap every job at
    30 min")."""
    for one, other in ((left, right), (right, left)):
        if one.qualifier and one.qualifier != other.qualifier and not _names_qualifier(other, one.qualifier):
            return False
    if left.scope and right.scope and relation(concepts_of(left.scope), concepts_of(right.scope)) == "disjoint":
        return False
    if left.measure and right.measure and left.measure != right.measure:
        return False
    for one, other in ((left, right), (right, left)):
        if one.measure == RETAINED and other.measure != RETAINED and _LIMITING.search(other.statement):
            return False
    if left.unit == "clock":
        return _same_schedule(left, right)
    if CADENCE in (left.measure, right.measure):
        return _same_schedule(left, right) or _one_thing_runs(left, right) or bool(_shared_runner(left, right))
    if left.unit.startswith("money:") and _other_perks(left, right):
        return False
    if _call_unnamed(left, right) or _call_unnamed(right, left):
        return False
    return _same_subject(left, right)


def _call_unnamed(call: Quantity, prose: Quantity) -> bool:
    """A setting call (`readTimeout(30, SECONDS)`) meets prose that does not name its setting as one phrase ("read
    timeout"): words of its name scattered in a sentence ("calls … time out") name some other limit."""
    written = UNIT_ARGUMENT_CALL.fullmatch(call.span)
    if not written or UNIT_ARGUMENT_CALL.search(prose.span):
        return False
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", re.sub(r"^set(?=[A-Z])", "", written.group("name"))).lower().split()
    phrase = r"[\s_-]*".join(re.escape(word) for word in words)
    return not re.search(rf"\b{phrase}", prose.statement.lower())


MINIMUM_KEY = "minimum"
"""The qualifier of a setting whose key names a floor (`min_replicas`, `MIN_PASSWORD_LENGTH`)."""

_LIMITING = re.compile(r"\b(?:caps?|capped|time(?:s|d)? out|timeouts?|limits?)\b|超时|上限", re.I)


def _other_perks(left: Quantity, right: Quantity) -> bool:
    """Two amounts that are thresholds of different perks ("free delivery over ¥30" vs "orders over ¥30 get 10 % off")."""
    one, other = perks(left.statement), perks(right.statement)
    return bool(one and other and one.isdisjoint(other))


def _names_qualifier(quantity: Quantity, qualifier: str) -> bool:
    """Whether a quantity's subject names the qualifier, in either language ("blog posts" vs 博客…篇); a floor a key
    names (`MIN_USERNAME_LENGTH`) is named by a statement that says it is a minimum."""
    if qualifier == MINIMUM_KEY and (quantity.kind == "lower" or MINIMUM.search(quantity.statement)):
        return True
    stemmed = stem(qualifier)
    return stemmed in quantity.subject or concept(stemmed) in concepts_of(quantity.subject)


_SCHEDULING_WORDS = (
    frozenset(
        concept(word)
        for word in "run start begin open happen fire kick send go push trigger schedul execut mov shift set "
        "release releas publish night nightly daily morning noon afternoon evening 开 推送 发 发送 开始 执行 运行 跑 触发 改到 改成 挪到 挪 提醒时间 时间".split()
    )
    | ZONE_WORDS
)


def _scheduled(quantity: Quantity) -> frozenset[str]:
    """What a clock time is the time of: its subject's concepts without the verbs of scheduling, time zones, or a
    weekday's lone numeral (四 of 周四)."""
    return concepts_of(quantity.subject) - _SCHEDULING_WORDS - _WEEKDAY_NUMERALS


_WEEKDAY_NUMERALS = frozenset("一二三四五六日天")


MIN_SCHEDULED_WORDS = 2
"""A scheduled thing named in this many words or more is the same thing inside a longer name (笔记 on 周五 inside
小红书笔记 on 周五); one word alone ("the job") is too little to say so."""


def _inside(one: frozenset[str], other: frozenset[str]) -> bool:
    """One scheduled thing's name inside the other's, the shorter named in enough words to say so."""
    return len(min(one, other, key=len)) >= MIN_SCHEDULED_WORDS and (one <= other or other <= one)


def _one_script(left: Quantity, right: Quantity) -> bool:
    """Both subjects written in Chinese, or both in English (a name and its translation may be two things: 推文 and
    blog posts)."""
    return chinese(left) == chinese(right)


def _same_schedule(left: Quantity, right: Quantity) -> bool:
    """One scheduled thing: the same words, one name inside the other in one language, or shared words where each side's
    own words are named in the other statement."""
    one, other = _scheduled(left), _scheduled(right)
    if one == other or (_one_script(left, right) and _inside(one, other)):
        return True
    return bool(one & other) and one - other <= right.names and other - one <= left.names


_CADENCE_NOISE = frozenset(
    concept(word) for word in "job task cron 任务 触发 早上 晚上 凌晨 周 天 点 不用 不再 现在 now".split()
)
"""Words of a cadence's clause that name no thing that runs: the scheduler, the part of the day, a negation."""


def _runs(quantity: Quantity) -> frozenset[str]:
    """What runs at a cadence, as concepts: no scheduling or day-part words, no one-character Chinese word the glossary
    does not know (由, 把)."""
    return (
        frozenset(
            concept(token)
            for token in quantity.subject
            if not (len(token) == 1 and IS_CJK.match(token) and concept(token) == token)
        )
        - _SCHEDULING_WORDS
        - _CADENCE_NOISE
        - GENERIC_CONCEPTS
    )


def _one_thing_runs(left: Quantity, right: Quantity) -> bool:
    """A cadence and another schedule of one thing: the same words, or one's words inside the other's, the shorter named
    in enough words to say so (`mark_no_show` on pg_cron is not whatever else pg_cron triggers)."""
    one, other = _runs(left), _runs(right)
    if one and one == other:
        return True
    if len(min(one, other, key=len)) >= MIN_SCHEDULED_WORDS and (one <= other or other <= one):
        return True
    shared = one & other - _holder_words(left) - _holder_words(right)
    if len(shared) < MIN_SHARED_RUN_WORDS or len(shared) < len(min(one, other, key=len)) / 2:
        return False
    return _modified_words(left.sequence, shared).isdisjoint(_modified_words(right.sequence, shared))


def _modified_words(sequence: tuple[str, ...], shared: frozenset[str]) -> frozenset[str]:
    """The shared words a subject puts a word of its own right before ("EU invoice" → invoice), as concepts."""
    concepts = [concept(token) if token else "" for token in sequence]
    return frozenset(
        following
        for token, following in zip(concepts, concepts[1:])
        if token and token not in shared and following in shared
    )


def _holder_words(quantity: Quantity) -> frozenset[str]:
    """The words of the settings files and schedulers a statement names (`deploy.yml`, `crontab`), which hold many jobs."""
    return frozenset(
        concept(word)
        for name in _CODE_NAME.findall(quantity.statement)
        if _SETTINGS_FILE.search(name)
        for word in _name_words(name.lower())
    )


MIN_SHARED_RUN_WORDS = 2
"""Two cadences whose runs share this many words (digest, SLA; trivy, 扫描), at least half of the shorter side's, and
qualify none apart ("EU export" vs "APAC export") name one thing that runs."""


_FILE_PATH = re.compile(r"`([\w.-]*(?:/[\w.-]+)+|[\w-]+\.[a-z]{1,6})`")


def files_apart(left: Quantity, right: Quantity) -> bool:
    """Each statement names the file its setting is written in and the files differ (`jobs/train.sbatch` vs
    `jobs/eval.sbatch`): two settings of one name."""
    files = [{path.lower() for path in _FILE_PATH.findall(side.statement)} for side in (left, right)]
    return bool(files[0]) and bool(files[1]) and files[0].isdisjoint(files[1])


_CODE_NAME = re.compile(r"`([A-Za-z_][\w./-]*)`")
_SETTINGS_FILE = re.compile(r"\.(?:ya?ml|json|toml|ini|conf|cfg|env|lock)$|^(?:s?crontab|cron|[\w-]*cron)$", re.I)


def _shared_runner(left: Quantity, right: Quantity) -> frozenset[str]:
    """The code names (`UsageSyncJob`, `jobs/nightly.sh`) both cadences' statements give what runs, in the words of both
    subjects; a settings file or a scheduler (`deploy.yml`, `crontab`) can hold many jobs and names none."""
    names = [
        {
            name.lower()
            for name in _CODE_NAME.findall(side.statement)
            if not _SETTINGS_FILE.search(name) and re.search(r"[a-z][A-Z]|[_./]", name)
        }
        for side in (left, right)
    ]
    shared = names[0] & names[1]
    return frozenset(
        name
        for name in shared
        if all(set(_name_words(name)) & (side.subject | concepts_of(side.subject)) for side in (left, right))
    )


def _name_words(name: str) -> list[str]:
    """The words of a code name, stemmed as subjects are (`jobs/bench_full.sbatch` → job, bench, full, sbatch)."""
    return [stem(word) for word in re.split(r"[^a-z0-9]+", name) if word] + [stem(re.sub(r"[^a-z0-9]", "", name))]


TERMS = frozenset(
    "ttl api url uri cpu gpu ram sdk ui ux db sql http https json yaml xml ci cd pr qps tps rps rtt dns tls ssl cdn jvm "
    "gc io os vm id uuid".split()
)


def _same_subject(left: Quantity, right: Quantity) -> bool:
    """Same quantity: one subject contains the other, or they mostly overlap; an empty subject needs a shared rate."""
    if key_named_around(left, right):
        return True
    if not left.subject or not right.subject:
        if left.rate and left.rate == right.rate:
            return True
        if left.unit in _MEASURE_UNITS or right.unit in _MEASURE_UNITS:
            return False
        wide_left, wide_right = left.subject | left.scope, right.subject | right.scope
        return not wide_left or not wide_right or bool(concepts_of(wide_left) & concepts_of(wide_right))
    left, right = _measure_named_alike(left), _measure_named_alike(right)
    across = across_languages(left, right)
    if across is not None:
        return across
    both_chinese = chinese(left) and chinese(right)
    if both_chinese:
        left, right = without_generic(left, right)
    left, right = as_concepts(left), as_concepts(right)
    shared = left.subject & right.subject - GENERIC_CONCEPTS
    inside = left.subject <= right.subject | _scoped(right) or right.subject <= left.subject | _scoped(left)
    if inside or (shared and (shared == left.subject or shared == right.subject)):
        return True
    if not shared:
        return False
    left_words = left.subject | {concept(token) for token in left.subject}
    right_words = right.subject | {concept(token) for token in right.subject}
    left_names, right_names = left.names - TERMS, right.names - TERMS
    if (left_names - right_words) & (left.subject - shared) and (right_names - left_words) & (right.subject - shared):
        return False
    if named_anchor(left, right):
        return True
    named = int(left.unit not in _MEASURE_UNITS and left.unit not in shared)
    if different_modifiers(left.sequence, right.sequence, shared, named, both_chinese):
        return False
    return True


_MEASURE_WORDS = {
    "frequency": frozenset("frequency clock speed rate 频率 时钟 主频 速率 速度".split()),
    "px": frozenset("wide width tall high height 宽 宽度 高 高度".split()),
}
"""Words that name what a unit measures, which its unit already says ("SWD clock at 4 MHz" is the SWD frequency, "800px
wide" a size in pixels)."""


_RETENTION_WORDS = frozenset(
    stem(word) for word in "retention retain retained keep kept period 保留 保留期 留存".split()
)
"""Words that say a duration is how long something is kept, which a retention measure already says."""


def _measure_named_alike(quantity: Quantity) -> Quantity:
    """A quantity without the words naming its unit's measure, which its unit already says (轮询频率 is how often
    轮询 runs, `retention_period` how long something is kept); a subject of those words alone keeps them, written as
    the unit."""
    words = _RETENTION_WORDS if quantity.measure == RETAINED else _MEASURE_WORDS.get(quantity.unit)
    if not words or words.isdisjoint(quantity.subject):
        return quantity
    if quantity.subject <= words:
        return replace(quantity, subject=frozenset({quantity.unit}), sequence=(quantity.unit,))
    return replace(
        quantity,
        subject=quantity.subject - words,
        sequence=tuple("" if token in words else token for token in quantity.sequence),
    )


def _scoped(quantity: Quantity) -> frozenset[str]:
    """A quantity's scope words, also as concepts: what one subject may leave to its scope ("开票接口失败" for 开票)."""
    return quantity.scope | concepts_of(quantity.scope)


_KEY_SPAN = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\s*[:=]|\b[a-z]+[A-Z]\w*\s*[:=]", re.I)
"""A value set under a code key (`MAX_REFUND_RETRIES = 4`, `maxRetries: 3`)."""


def key_named_around(left: Quantity, right: Quantity) -> bool:
    """A code key's words (`MAX_REFUND_RETRIES` → refund) all named by a prose statement of the same unit, in its
    subject or in what it scopes the number to ("退款接口失败时自动重试两次"): the key sets what the sentence describes."""
    for key, prose in ((left, right), (right, left)):
        words = key.subject - _DURATION_WORDS if key.unit == "duration" else key.subject
        if words and _KEY_SPAN.search(key.span) and not _KEY_SPAN.search(prose.span):
            named = prose.subject | prose.scope
            if concepts_of(words) <= named | concepts_of(named):
                return True
    return False


_DURATION_WORDS = frozenset(stem(word) for word in "timeout timer time duration delay wait".split())
"""Words of a duration key that say it is a duration (`InactivityTimer.TIMEOUT_MS`), which its unit already says."""


def named_anchor(left: Quantity, right: Quantity) -> bool:
    """Both bind a bare number to one shared name (MAPQ, `max_conns`, BME280) and neither names another thing."""
    if not all(side.unit == "count" or side.unit.startswith("value:") for side in (left, right)):
        return False
    shared = left.subject & right.subject
    anchors = (shared & left.names & right.names) | (coded(left) & coded(right) & shared)
    return bool(anchors - TERMS) and not (left.names - anchors - TERMS) and not (right.names - anchors - TERMS)
