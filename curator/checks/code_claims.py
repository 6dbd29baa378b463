"""Claims a code span makes: a tool, a command and the paths it names, a declaration, a path, a URL, a flag or an
identifier ("the `Settings` class")."""

from __future__ import annotations

from curator import lazyre as re
from curator.checks import commandclaims
from curator.checks.claim_parts import (
    _DOMAIN,
    _URL,
    _claim,
    _is_memory_link,
    _memory_names,
    _memory_stem,
    _path_claim,
    _pathlike,
    has_extension,
)
from curator.checks.results import Claim
from curator.checks.vocab import (
    EXTERNAL_COMMANDS,
    FILE_OPTIONS,
    NOT_FILE_OPTION_COMMANDS,
    NOT_IDENTIFIERS,
    TOOLS,
    WORDLIKE_COMMANDS,
)
from curator.model import Entry, Store

_IDENT = re.compile(r"^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*(?:\([^()]*\))?$")
_FLAG = re.compile(r"^--[A-Za-z][\w-]+$")


_DECL = re.compile(
    r"^(?:async\s+)?(?:def|class|function|fn|func|const|let|var|interface|type|struct|enum)\s+"
    r"([A-Za-z_$][\w$]*)\s*(?:\([^()]*\))?\s*(?:[:{=]|->.*)?\s*$"
)


_ANCHOR = re.compile(r"^(.+?)#[A-Za-z][\w\-]*$")
_LINE_SUFFIX = re.compile(r"(?:#L\d+(?:-L?\d+)?|:\d+(?:[-:]\d+)?)$")


def _classify_code(content: str, entry: Entry, span: tuple[int, int], store: Store | None) -> list[Claim]:
    stripped = content.strip()
    offset = span[0] + content.index(stripped) if stripped else span[0]
    inner = (offset, offset + len(stripped))
    if not stripped:
        return []
    if _URL.fullmatch(stripped):
        return [_claim("url", stripped, stripped, "not fetched", entry, inner, "code")]
    words = stripped.split()
    if words[0] in TOOLS and len(words) == 1:
        category, ecosystem = TOOLS[words[0]]
        return [
            _claim(
                "tool",
                stripped,
                words[0],
                words[0],
                entry,
                inner,
                "code",
                category=category,
                extra={"ecosystem": ecosystem},
            )
        ]
    if words[0] in commandclaims.RUNNER_WORDS:
        return (
            commandclaims.command_claims(stripped, entry, inner)
            + _argument_paths(stripped, entry, inner[0])
            + _option_paths(stripped, entry, inner[0])
        )
    if len(words) > 2 and re.fullmatch(r"[a-z][\w.-]*", words[0]):
        return _option_paths(stripped, entry, inner[0])
    declared = _DECL.match(stripped)
    if declared:
        name = declared.group(1)
        return [_claim("identifier", stripped, name, "defined", entry, inner, "code")]
    if len(words) != 1:
        return []
    path = _LINE_SUFFIX.sub("", stripped).rstrip("\\")
    anchored = _ANCHOR.match(path)
    if anchored and has_extension(anchored.group(1)):
        path = anchored.group(1)
    if _DOMAIN.match(path) and not ("/" not in path and has_extension(path)):
        return [_claim("url", stripped, path, "not fetched", entry, inner, "code")]
    if ("/" in path or "\\" in path or has_extension(path)) and _pathlike(path, strict=True):
        if _is_memory_link(path, entry, store) and store is not None and path in _memory_names(store)[0]:
            return []
        return [_path_claim(path, entry, inner, "code", stripped)]
    if _FLAG.match(stripped):
        return [_claim("identifier", stripped, stripped, "mentioned", entry, inner, "code")]
    if _IDENT.match(stripped) and _identifier_signal(stripped):
        name = re.split(r"\.|::|#", stripped.split("(")[0])[-1]
        if name.lower() in NOT_IDENTIFIERS or len(name) < 3 or _memory_stem(name, store):
            return []
        return [_claim("identifier", stripped, name, "defined", entry, inner, "code")]
    return []


def _argument_paths(command: str, entry: Entry, offset: int) -> list[Claim]:
    """Paths a command names as arguments (`pytest tests/unit`, `pip install -r requirements.txt`)."""
    words = commandclaims.split_words(command)
    operands = commandclaims.operands(words[1:])
    if operands and operands[0] in commandclaims.PACKAGE_SUBCOMMANDS:
        operands = [
            word for flag, word in zip(words, words[1:]) if flag in ("-r", "--requirement", "-c", "--constraint")
        ]
    claims, cursor = [], 0
    for word in operands:
        found = command.find(word, cursor)
        if found < 0:
            continue
        cursor = found + len(word)
        if ("/" in word or has_extension(word)) and _pathlike(word, strict=True) and not word.startswith("@"):
            claims.append(_path_claim(word, entry, (offset + found, offset + cursor), "command", word))
    return claims


def _option_paths(command: str, entry: Entry, offset: int) -> list[Claim]:
    """Files a command takes as an option's value (`docker compose -f deploy/compose.yml`, `--config=x.json`)."""
    words = commandclaims.split_words(command)
    if not words or words[0] in NOT_FILE_OPTION_COMMANDS:
        return []
    claims, cursor = [], 0
    for index, word in enumerate(words[1:], start=1):
        option, equals, inline = word.partition("=")
        if equals and option in FILE_OPTIONS and option.startswith("--"):
            value = inline
        elif word in FILE_OPTIONS and index + 1 < len(words):
            value = words[index + 1]
        else:
            continue
        found = command.find(value, cursor)
        if found < 0 or not has_extension(value) or not _pathlike(value, strict=True):
            continue
        cursor = found + len(value)
        claims.append(_path_claim(value, entry, (offset + found, offset + cursor), "command", value))
    return claims


_NEAR_COMMAND = re.compile(r"[A-Za-z][\w.-]*")


def _third_party_flag(masked: str, span: tuple[int, int]) -> bool:
    """A `--flag` whose sentence names another program (git, docker, pnpm, ...): an option of that program."""
    start = max(masked.rfind(mark, 0, span[0]) for mark in (".", "。", "\n", ";", "；")) + 1
    ends = [
        position for position in (masked.find(mark, span[1]) for mark in (". ", "。", "\n", ";", "；")) if position >= 0
    ]
    sentence = masked[start : min(ends) if ends else len(masked)]
    for word in _NEAR_COMMAND.finditer(sentence):
        name = word.group(0).lower()
        if name not in EXTERNAL_COMMANDS:
            continue
        if name not in WORDLIKE_COMMANDS or sentence[word.start() - 1 : word.start()] == "`":
            return True
        if _COMMAND_BEFORE.search(sentence, 0, word.start()):
            return True
    return False


_COMMAND_BEFORE = re.compile(r"\b(?:to|with|via|run|runs|running|pass|passes|of|for)\s+(?:the\s+)?$", re.IGNORECASE)


_KIND_BEFORE = re.compile(
    r"(?:\b(?:class|function|method|constant|const|type|struct|enum|interface|trait|component|hook)"
    r"|类|函数|方法|常量|接口|结构体)\s*$",
    re.IGNORECASE,
)
_KIND_AFTER = re.compile(
    r"^\s*(?:(?:class|function|method|constant|struct|enum|interface|trait|component|hook)\b"
    r"|类|函数|方法|常量|接口|结构体)",
    re.IGNORECASE,
)


def _cued_identifier(masked: str, match: re.Match[str], entry: Entry, store: Store | None) -> list[Claim]:
    """A bare name in backticks that the prose calls a class, function or constant ("the `Settings` class")."""
    name = match.group(2).strip()
    if not re.fullmatch(r"[A-Za-z_$][\w$]{2,}", name) or name.lower() in NOT_IDENTIFIERS or name in TOOLS:
        return []
    before = masked[max(0, match.start() - 24) : match.start()]
    after = masked[match.end() : match.end() + 24]
    if not (_KIND_BEFORE.search(before) or _KIND_AFTER.search(after)) or _memory_stem(name, store):
        return []
    start = match.start(2) + match.group(2).index(name)
    return [_claim("identifier", name, name, "defined", entry, (start, start + len(name)), "code")]


def _identifier_signal(text: str) -> bool:
    bare = text.split("(")[0]
    return (
        "(" in text
        or "_" in bare.strip("_")
        or re.search(r"[a-z][A-Z]", bare) is not None
        or re.search(r"\.|::|#", bare) is not None
        or re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+", bare) is not None
    )
