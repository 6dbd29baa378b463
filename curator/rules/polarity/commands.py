"""Commands in code spans read as the actions they perform (`git push origin main` pushes to main)."""

from __future__ import annotations

from curator import lazyre as re
from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem
from curator.rules.polarity.families import family

_SPAN = re.compile(r"`([^`\n]{3,120})`")
_WRAPPERS = frozenset("sudo env nohup time exec npx uvx pipx doas".split())
_ASSIGNMENT = re.compile(r"^[a-z_][\w]*=\S*$")
_WORD = re.compile(r"^[a-z][\w.-]*$")
_LONG_FLAG = re.compile(r"^--?(?P<name>[a-z][a-z-]{2,})(?:=(?P<value>\S+))?$")
_ARGUMENT = re.compile(r"^[\w./:@~-]+$")
_COMMAND_VERB_POSITIONS = 3
MAX_COMMAND_WORDS = 12
_BEFORE_GUARD = re.compile(
    r"(?:不|别|没|禁止|防止|阻止|避免|拦|拒|如果|假如|要是|万一|以免|\bnever|\bnot|n't|\bno|\bblock\w*|\bprevent\w*|\bstop\w*"
    r"|\breject\w*|\bdeny\w*|\btr(?:y|ies|ied)(?: to)?|\battempt\w*(?: to)?|\bavoid\w*|\binstead of|\brather than|\bif"
    r"|\bwhen|\bunless|\bwithout|\bwhether)\W*(?:\w+\W*)?$"
)
_AFTER_GUARD = re.compile(
    r"^\W*(?:(?:is|are|was|were|gets?|got)\s+(?:\w+\s+)?(?:rejected|blocked|denied|refused|forbidden|disabled|banned)"
    r"|fails?\b|errors?\b|会?(?:被拒|失败|报错|被拦))"
)


def _words(command: str) -> list[str] | None:
    """A command's program, subcommand, arguments and long flags as plain words ("kubectl apply -f prod/" →
    kubectl apply prod), or None when the span is no command line."""
    parts = command.split()
    wrappers: list[str] = []
    while parts and (parts[0] in _WRAPPERS or _ASSIGNMENT.match(parts[0])):
        wrappers += [parts[0]] if parts[0] in _WRAPPERS else []
        parts = parts[1:]
    if len(parts) < 2 or len(parts) > MAX_COMMAND_WORDS or not _WORD.match(parts[0]) or "." in parts[0]:
        return None
    words = [*wrappers, parts[0]]
    for part in parts[1:]:
        flag = _LONG_FLAG.match(part)
        if flag is not None:
            words.append(flag.group("name"))
            if flag.group("value"):
                words.extend(piece for piece in re.split(r"[/.:=,]+", flag.group("value")) if piece)
        elif not part.startswith("-") and _ARGUMENT.match(part):
            words.extend(piece for piece in re.split(r"[/:,]+|\.(?=[a-z])", part) if piece and piece not in (".", ".."))
    return words


def _acts(word: str, verbs: set[str], verb_families: set[str]) -> bool:
    """Whether a command word is a forbidden verb or one of its family."""
    meaning = concept(stem(word.split("-")[0]))
    return meaning in verbs or word in verbs or family(meaning) in verb_families


def command_practice(lowered: str, verbs: set[str], verb_families: set[str]) -> str | None:
    """The action a command in a clause's code span performs with a forbidden verb ("git push origin main"), or None
    when no span holds such a command or the clause negates, conditions, tries or blocks it."""
    for span in _SPAN.finditer(lowered):
        words = _words(span.group(1).strip())
        if words is None or not any(_acts(word, verbs, verb_families) for word in words[: _COMMAND_VERB_POSITIONS + 1]):
            continue
        if _BEFORE_GUARD.search(lowered[max(0, span.start() - 30) : span.start()]):
            continue
        if _AFTER_GUARD.match(lowered[span.end() :]):
            continue
        return " ".join(words)
    return None
