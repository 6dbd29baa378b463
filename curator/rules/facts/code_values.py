"""Values in code and prose shapes the key-value reader leaves out: ports (`:8443`, `localhost:8443`, "port 9100",
端口 9898), quoted rate strings (`rate_limit='10/m'`) and a worker's bare short flag (`-c 16`)."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.quantities import Quantity
from curator.rules.facts.quantity_rates import _RATE_ALIASES
from curator.rules.facts.quantity_subjects import _content
from curator.rules.facts.subject import proper_names, subject_tokens

_PORT_NUMBER = r"(?P<num>\d{2,5})(?![\w:/%-]|\.\w)"
_PORT_WORD = re.compile(
    r"(?<!\w)(?:(?P<key>[A-Za-z][\w.-]*[_.-])?port|端口号?)[`'\"]?\s*"
    r"(?:[:=：]|\s(?:is|to|of|at)\s|是|为|改成|改为|换成|改到|设为|设成|调到)?\s*(?:了\s*)?[`'\"]?\s*" + _PORT_NUMBER,
    re.I,
)
_COLON_PORT = re.compile(
    r"(?:(?P<host>\blocalhost|\b\d{1,3}(?:\.\d{1,3}){3}|(?<![\w/])[A-Za-z][\w-]*(?:\.[\w-]+)*)|(?<=[\s`'\"=(]))"
    r":" + _PORT_NUMBER
)
MIN_NAMED_HOST_PORT = 80
_LOCAL_HOSTS = re.compile(r"localhost|\d{1,3}(?:\.\d{1,3}){3}|https?", re.I)
_CODE_SPAN = re.compile(r"`[^`]*`")
_ADDRESS_KEY = re.compile(
    r"(?P<key>[A-Za-z][\w.-]*)[`'\"]?\s*[:=]\s*[`'\"]?(?:[A-Za-z][\w.-]*|\d{1,3}(?:\.\d{1,3}){3})?:\d", re.I
)
_ADDRESS_WORDS = frozenset("port bind address addr listen host http https server serving metricsserver".split())
_FROM_BEFORE = re.compile(r"(?:\bfrom|\binstead of|\bnot|从|由|而不是|不是)\s*(?:port\s*|端口\s*)?$", re.I)
_CLAUSE_START = re.compile(r"[.;!?](?=\s)|[。；！？，,\n]|\s[—–]\s")


def ports(statement: str) -> list[Quantity]:
    """Ports a statement sets or names for something: "on port 9100", 端口改成 9898, `--metrics-bind-address=:8080`,
    `BindAddress: ":8443"`, `redis:6379`; the port is about the key's words, the host, or else its clause."""
    found: list[Quantity] = []
    code = [match.span() for match in _CODE_SPAN.finditer(statement)]
    for match in _PORT_WORD.finditer(statement):
        if _FROM_BEFORE.search(statement, 0, match.start()):
            continue
        key = _key_words(match.group("key") or "")
        found.append(_port(statement, match, key))
    for match in _COLON_PORT.finditer(statement):
        if not any(start <= match.start() < end for start, end in code) or _FROM_BEFORE.search(
            statement, 0, match.start()
        ):
            continue
        host = match.group("host") or ""
        if host and not _LOCAL_HOSTS.fullmatch(host) and int(match.group("num")) < MIN_NAMED_HOST_PORT:
            continue
        words = () if _LOCAL_HOSTS.fullmatch(host) else _key_words(host)
        bound = _ADDRESS_KEY.search(statement, max(0, match.start() - 60), match.end())
        if bound and bound.end() >= match.start("num"):
            words = _key_words(bound.group("key")) + words
        found.append(_port(statement, match, words))
    return found


def _key_words(key: str) -> tuple[str, ...]:
    """The subject words of a key or host name, without the words every address has (bind, addr, listen, port)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", key).replace("_", " ").replace(".", " ").replace("-", " ")
    return tuple(word for word in subject_tokens(spaced) if word and word not in _ADDRESS_WORDS)


def _port(statement: str, match: re.Match[str], words: tuple[str, ...]) -> Quantity:
    value = float(match.group("num"))
    if not words:
        before = _CODE_SPAN.sub(" ", statement[_clause_start(statement, match.start()) : match.start()])
        words = tuple(word for word in _content(before.lower()) if word and word not in _ADDRESS_WORDS)
    span = match.group(0).strip()
    return Quantity(
        statement, span, "exact", value, value, "port", None, frozenset(words), words, names=proper_names(statement)
    )


def _clause_start(statement: str, position: int) -> int:
    starts = [found.end() for found in _CLAUSE_START.finditer(statement, 0, position)]
    return starts[-1] if starts else 0


_RATE_STRING = re.compile(
    r"(?P<key>[A-Za-z][\w.-]*)[`'\"]?\s*[:=]\s*['\"](?P<num>\d+(?:\.\d+)?)\s*/\s*(?P<per>s|sec|second|m|min|minute|h|hr|hour|d|day)['\"]",
    re.I,
)
_LIMIT_KEY_WORDS = frozenset("rate limit ratelimit throttl throttle default".split())


def rate_strings(statement: str) -> list[Quantity]:
    """A rate written as a quoted string (`rate_limit='10/m'`, `'anon': '100/day'`): at most that many requests per
    time unit, about the key's words or else the words before it in its clause."""
    found: list[Quantity] = []
    for match in _RATE_STRING.finditer(statement):
        value = float(match.group("num"))
        per = match.group("per").lower()
        rate = _RATE_ALIASES.get(per, per)
        words = tuple(word for word in _key_words(match.group("key")) if word not in _LIMIT_KEY_WORDS)
        if not words:
            before = _CODE_SPAN.sub(" ", statement[_clause_start(statement, match.start()) : match.start()])
            words = tuple(word for word in _content(before.lower()) if word)
        found.append(
            Quantity(
                statement,
                match.group(0),
                "upper",
                float("-inf"),
                value,
                "request",
                rate,
                frozenset(words),
                words,
                names=proper_names(statement),
            )
        )
    return found


_BARE_FLAG = re.compile(r"`-(?P<flag>[cw])\s*(?P<num>\d+)`")
_WORKER_CONTEXT = re.compile(r"\bworkers?\b|工作进程|进程", re.I)
_WORKER_FLAGS = {"c": "value:concurrency", "w": "worker"}


def worker_flags(statement: str) -> list[Quantity]:
    """A short flag written alone in code in a statement about workers (prod worker 跑 `-c 16`): `-c` is the worker's
    concurrency and `-w` its worker count, as Celery, Sidekiq, Gunicorn and Puma read them."""
    if not _WORKER_CONTEXT.search(statement):
        return []
    found: list[Quantity] = []
    for match in _BARE_FLAG.finditer(statement):
        value = float(match.group("num"))
        unit = _WORKER_FLAGS[match.group("flag")]
        found.append(Quantity(statement, match.group(0), "exact", value, value, unit, None, frozenset(), ()))
    return found
