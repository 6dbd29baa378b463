"""Claims read from command lines (`pnpm test`, `make lint`, `uv run pytest`) and from count phrases."""

from __future__ import annotations

import shlex

from curator import lazyre as re
from curator.checks.results import Claim
from curator.checks.vocab import (
    COMMAND_WORDS,
    COUNT_EXT_HINTS,
    JS_MANAGERS,
    PM_BUILTINS,
    PM_TEST_ALIASES,
    PM_VALUED_OPTIONS,
    PY_MANAGERS,
    TOOLS,
)
from curator.model import Entry

RUNNER_WORDS = COMMAND_WORDS
PY_RUN_SKIP = {"python", "python3", "python -m", "-m", "sh", "bash"}


PACKAGE_SUBCOMMANDS = {
    "install",
    "i",
    "ci",
    "add",
    "remove",
    "rm",
    "uninstall",
    "un",
    "update",
    "up",
    "upgrade",
    "dlx",
    "create",
    "init",
    "publish",
    "link",
    "why",
    "info",
    "view",
    "outdated",
    "audit",
    "global",
}


def split_words(command: str) -> list[str]:
    """The command's words as a shell would split them (plain split when the quoting is broken)."""
    return _split(command)


def operands(args: list[str]) -> list[str]:
    """The arguments that are not options or an option's value."""
    kept, index = [], 0
    while index < len(args):
        word = args[index]
        if word.startswith("-"):
            index += 2 if (word in PM_VALUED_OPTIONS and "=" not in word) else 1
            continue
        kept.append(word)
        index += 1
    return kept


def _split(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:
        return command.split()


def _skip_options(words: list[str]) -> list[str]:
    rest, index = [], 0
    while index < len(words):
        word = words[index]
        if word.startswith("-"):
            index += 2 if (word in PM_VALUED_OPTIONS and "=" not in word) else 1
            continue
        rest = words[index:]
        break
    return rest


def command_claims(command: str, entry: Entry, span: tuple[int, int]) -> list[Claim]:
    """Script and tool claims made by one command written in backticks."""
    words = _split(command)
    if not words:
        return []
    claims: list[Claim] = []

    def tool(name: str, role: str | None = None) -> None:
        if name in TOOLS:
            category, ecosystem = TOOLS[name]
            category = role or category
            claims.append(
                Claim(
                    "tool",
                    command,
                    name,
                    name,
                    entry.id,
                    span,
                    source="command",
                    category=category,
                    extra={"ecosystem": ecosystem},
                )
            )

    def script(runner: str, name: str) -> None:
        claims.append(
            Claim("script", command, name, f"defined for {runner}", entry.id, span, source="command", category=runner)
        )

    program, args = words[0], words[1:]
    if program in JS_MANAGERS:
        if "-g" in args or "--global" in args or (args[:1] == ["global"]):
            return []
        rest = _skip_options(args)
        sub = rest[0] if rest else "install"
        if program == "npm" and sub not in PM_BUILTINS | set(PM_TEST_ALIASES) | {"run", "run-script"}:
            return []
        tool(program)
        if program == "npm" and sub in {"run", "run-script", *PM_TEST_ALIASES}:
            claims[-1].extra["runs_script"] = True
        if sub in ("run", "run-script") and len(rest) > 1:
            script("package.json", rest[1])
        elif sub in PM_TEST_ALIASES and not (program == "npm" and sub in ("stop", "restart")):
            script("package.json", PM_TEST_ALIASES[sub])
        elif sub in ("exec", "dlx", "x") and len(rest) > 1:
            tool(rest[1])
        elif sub not in PM_BUILTINS and program != "npm":
            if sub in TOOLS:
                tool(sub)
            elif re.fullmatch(r"[\w:.\-]+", sub):
                script("package.json", sub)
    elif program in ("npx", "pnpx", "bunx"):
        rest = _skip_options(args)
        if rest:
            tool(rest[0])
    elif program == "make":
        targets = [word for word in _skip_options(args) if "=" not in word and not word.startswith("-")]
        if targets:
            script("Makefile", targets[0])
    elif program == "just":
        rest = _skip_options(args)
        if rest:
            script("justfile", rest[0])
    elif program in PY_MANAGERS:
        tool(program)
        rest = _skip_options(args)
        if len(rest) > 1 and rest[0] == "run":
            target = rest[1]
            if target in TOOLS:
                tool(target)
            elif target not in PY_RUN_SKIP and re.fullmatch(r"[A-Za-z][\w\-]*", target):
                script("pyproject.toml", target)
    elif program in ("pip", "pip3"):
        if args[:1] == ["install"]:
            tool("pip")
    elif program in ("python", "python3"):
        if args[:1] == ["-m"] and len(args) > 1:
            tool(args[1])
    elif program == "ruff":
        if args[:1] == ["format"]:
            tool("ruff")
        elif args[:1] == ["check"]:
            tool("ruff", "linter")
    else:
        tool(program)
    return claims


_EN_COUNTS = {
    word: value
    for value, word in enumerate(
        "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
        "eighteen nineteen twenty".split(),
        start=2,
    )
}
_EN_COUNTS["dozen"] = _EN_COUNTS["a dozen"] = 12
_NUMBER = (
    r"(?<![A-Za-z0-9_.,])(?P<num>\d{1,3}(?:,\d{3})+|\d{1,6}|(?:"
    + "|".join(sorted(_EN_COUNTS, key=len, reverse=True))
    + r")\b|[两二三四五六七八九十][零一二两三四五六七八九十百]{0,3})(?![\d.,]\d)"
)
"""A count in digits, English words from two, or Chinese numerals from 二/两 (one and 一 too often mean "a")."""
_ANY_NUMBER = re.compile(r"\d|[两二三四五六七八九十]|\b(?:" + "|".join(_EN_COUNTS) + r")\b", re.IGNORECASE)
_QUAL_EN = (
    r"(?:(?P<qual>over|more than|at least|about|around|approximately|roughly|nearly|almost|under|fewer than|"
    r"less than|up to|at most|~|≈)\s*)?"
)
_NOUN_EN = (
    r"(?P<noun>(?:[\w.\-]+\s+){0,3}?(?:files?|posts?|entries|entry|items?|pages?|articles?|notes?|test files|"
    r"scripts?|images?|docs?|documents?|drafts?|modules?|components?|templates?|migrations?|fixtures?|"
    r"examples?|chapters?|photos?|memories|topics?|folders?|directories|subdirectories|packages|apps|services|plugins|"
    r"crates|workflows|handlers|routes|models|schemas|specs|snapshots|locales|icons|assets|workers|jobs|"
    r"controllers|views|layouts|stories|queries|configs|recipes|playbooks|charts|samples|datasets|reports|backups|"
    r"dumps|screenshots|videos|fonts|translations|themes))"
)
_DIR = (
    r"(?<![A-Za-z0-9_.\-/`*])(?P<dir>`[^`\n]+`|\*\*[^*\n]+\*\*"
    r"|(?:\./)?[A-Za-z0-9_\-]+(?:/[A-Za-z0-9_\-]+)+(?![\w/-]|\.\w)"
    r"|(?:\./)?[A-Za-z0-9_.\-]+(?:/[A-Za-z0-9_.\-]+)*/(?![\w-]|\.\w))"
)
"""A folder: in backticks or bold, ending in a slash, or a bare path of two or more dot-free segments (src/stores)."""
_QUAL_ZH = r"(?P<qual>约|大约|大概|超过|多于|至少|不到|少于|近|将近|最多)?"
_COUNT_PATTERNS = [
    re.compile(
        _QUAL_EN + _NUMBER + r"\s+" + _NOUN_EN + r"\s+(?:[\w\-]+\s+){0,3}?(?:under|in|inside|within|at|from)"
        r"\s+(?:the\s+)?" + _DIR,
        re.IGNORECASE,
    ),
    re.compile(
        _DIR + r"\s+(?:(?:directory|dir|folder)\s+)?(?:now\s+|still\s+|only\s+)?(?:has|have|contains|holds)"
        r"\s+(?:only\s+)?" + _QUAL_EN + _NUMBER + r"\s+" + _NOUN_EN,
        re.IGNORECASE,
    ),
    re.compile(
        _DIR
        + r"\s*(?:目录)?\s*(?:下面|下|里面|里|中|内)\s*[，,]?\s*(?:的)?\s*(?:还有|现有|共有|一共有|一共|共|有|剩下|还剩|剩)?\s*"
        + _QUAL_ZH
        + r"\s*"
        + _NUMBER
        + r"\s*(?:多)?\s*(?P<noun>篇|个|份|条|张|项|页|个文件|份文件)"
    ),
    re.compile(
        _DIR
        + r"\s*(?:目录)?\s*[，,]?\s*(?:还有|现有|共有|一共有|一共|共|有|剩下|还剩|剩)\s*"
        + _QUAL_ZH
        + r"\s*"
        + _NUMBER
        + r"\s*(?:多)?\s*(?P<noun>篇|个|份|条|张|项|页|个文件|份文件)"
    ),
    re.compile(
        r"(?:还有|共有|一共有|剩下|还剩|有)\s*"
        + _QUAL_ZH
        + r"\s*"
        + _NUMBER
        + r"\s*(?P<noun>篇|个|份|条|张|项|页|个文件|份文件)\S{0,8}?(?:在|位于)\s*"
        + _DIR
    ),
]
_NAMED_BY_DIR = [
    re.compile(
        _QUAL_EN + _NUMBER + r"\s+(?:[\w.\-]+\s+){0,2}?(?P<noun>[A-Za-z][a-z]+s)\s+(?:under|in|inside|within)"
        r"\s+(?:the\s+)?" + _DIR,
        re.IGNORECASE,
    ),
    re.compile(
        _DIR + r"\s+(?:(?:directory|dir|folder)\s+)?(?:now\s+|still\s+|only\s+)?(?:has|have|contains|holds)"
        r"\s+(?:only\s+)?" + _QUAL_EN + _NUMBER + r"\s+(?:[\w.\-]+\s+){0,2}?(?P<noun>[A-Za-z][a-z]+s)\b",
        re.IGNORECASE,
    ),
]
"""Counts of any plural noun that is the directory's own name ("3 Pinia stores in `src/stores/`")."""
_RATE = re.compile(r"\b(?:per|each|every|a day|a week|a month|a year)\b|每", re.IGNORECASE)
_COMPARATORS = {
    "over": ">",
    "more than": ">",
    "at least": ">=",
    "about": "~",
    "around": "~",
    "approximately": "~",
    "roughly": "~",
    "nearly": "~",
    "almost": "~",
    "under": "<",
    "fewer than": "<",
    "less than": "<",
    "up to": "<=",
    "at most": "<=",
    "~": "~",
    "≈": "~",
    "约": "~",
    "大约": "~",
    "大概": "~",
    "超过": ">",
    "多于": ">",
    "至少": ">=",
    "不到": "<",
    "少于": "<",
    "近": "~",
    "将近": "~",
    "最多": "<=",
}


_SMALLER_THAN_FILES = frozenset(
    "tests cases checks assertions lines functions methods classes endpoints errors warnings bugs issues todos "
    "commits tasks types queries constants enums fields columns keys".split()
)
"""Things a folder's files hold several of ("120 tests in tests/"), so their count is not the folder's."""


def _count_value(written: str) -> int | None:
    """The number a count is written as: 1,200, twelve, a dozen, 十二, 两."""
    plain = written.replace(",", "")
    if plain.isdigit():
        return int(plain)
    if written.lower() in _EN_COUNTS:
        return _EN_COUNTS[written.lower()]
    try:
        import cn2an

        value = cn2an.cn2an(written, "smart")
    except (ValueError, KeyError, AttributeError, TypeError):
        return None
    return int(value) if float(value).is_integer() and value > 0 else None


_SELECTING = re.compile(r"\b(?:the|these|those|its|our|their|my|your|both|all|just|only|first|last)\s+$", re.IGNORECASE)
_SELECTIVE_WORDS = re.compile(
    r"\b(?:main|key|important|core|relevant|changed|modified|touched|new|largest|biggest)\b", re.I
)


def _selective(masked: str, match: re.Match[str]) -> bool:
    """A number written as a word that picks some items rather than counting all ("the two main files in src/")."""
    if match.group("num")[0].isdigit():
        return False
    before = masked[max(0, match.start("num") - 12) : match.start("num")]
    return bool(_SELECTING.search(before) or _SELECTIVE_WORDS.search(match.group("noun") or ""))


def _names_directory(noun: str, directory: str) -> bool:
    """Whether the plural `noun` is the directory's last segment ("stores" for src/stores/, "hooks" for hooks)."""
    last = directory.rstrip("/").rsplit("/", 1)[-1].lower()
    noun = noun.lower()
    return noun not in _SMALLER_THAN_FILES and last in (noun, noun[:-1], noun[:-2] if noun.endswith("es") else noun)


def count_claims(masked: str, body: str, entry: Entry) -> list[Claim]:
    """Counts over a directory: "58 old posts under posts/short/", "posts/short/ 下还有 58 篇"."""
    claims: list[Claim] = []
    seen: set[tuple[int, int]] = set()
    if not _ANY_NUMBER.search(masked) or not re.search(r"/|`", masked):
        return claims
    for pattern in _COUNT_PATTERNS + _NAMED_BY_DIR:
        for match in pattern.finditer(masked):
            if _RATE.search(match.group(0)):
                continue
            directory = match.group("dir").strip("`*")
            if pattern in _NAMED_BY_DIR and not _names_directory(match.group("noun"), directory):
                continue
            if " " in directory or not re.search(r"[A-Za-z\u4e00-\u9fff]", directory) or "://" in directory:
                continue
            if match.span("num") in seen or _selective(masked, match):
                continue
            seen.add(match.span("num"))
            number = _count_value(match.group("num"))
            if number is None:
                continue
            qualifier = (match.group("qual") or "").lower()
            comparator = _COMPARATORS.get(qualifier, "==")
            noun = (match.group("noun") or "").lower()
            extension = next(
                (ext for hint, ext in COUNT_EXT_HINTS.items() if re.search(rf"(?:^|\W){hint}\b", noun)), ""
            )
            kind = (
                "dirs"
                if re.search(r"folders?|director|subdirector", noun)
                else ("files" if re.search(r"\bfiles?$", noun) or noun in ("个文件", "份文件") else "entries")
            )
            start, end = match.span()
            claims.append(
                Claim(
                    "count",
                    body[start:end],
                    directory.rstrip("/") + "/",
                    f"{comparator} {number}".replace("== ", ""),
                    entry.id,
                    (start, end),
                    source="prose",
                    comparator=comparator,
                    number_span=(match.start("num") - start, match.end("num") - start),
                    extra={"number": number, "extension": extension, "counts": kind},
                )
            )
    return claims
