"""Text helpers shared by the drift rules: prose extraction, statements, tokens for EN and CJK."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from curator import lazyre as re
from curator.model import CJK_CHAR, Entry

CJK_RUN = re.compile(f"[{CJK_CHAR}]+")
IS_CJK = re.compile(f"[{CJK_CHAR}]")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
WORD = re.compile(r"[a-z][a-z0-9_]*(?:[-'][a-z0-9_]+)*|\d+(?:[.,]\d+)*")

_FENCE_LINE = re.compile(r"^(```|~~~)", re.M)
_LINK = re.compile(r"!?\[([^\[\]\n]*)\]\([^()\n]*\)")
_WIKILINK = re.compile(r"\[\[([^\[\]\n|]+)(?:\|[^\[\]\n]*)?\]\]")
_EMPHASIS = re.compile(r"(\*\*|__|~~)")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+", re.M)
_BLOCK_START = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#{1,6}\s|>|\||---|\*\*[^*\n]{1,40}:?\*\*:?)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"'(\[*]|[" + CJK_CHAR + "])|(?<=[。！？；;])")
_LIST_MARK = re.compile(r"^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
_FRONTMATTER = re.compile(r"\A---\s*\n.*?\n---\s*\n", re.S)

STOPWORDS = frozenset(
    """a an the and or but if then so of to in on at by for with from as is are was were be been being
    it its this that these those we you i he she they them our your my me us do does did done not no
    yes can could should would will shall may might must has have had there here when where which who
    what how all any each every some such than too very just also only into onto over under about
    after before again once up down out off more most other same own per via vs etc e g ie eg""".split()
)


MAX_PROSE_CHARS = 16_000


def prose(entry: Entry) -> str:
    """The entry's readable text: description and body, without frontmatter, code fences or markup.

    Only the first 16,000 characters are read, so one giant entry (already a bloat finding) cannot stall every rule.
    """
    body = (entry.body or _FRONTMATTER.sub("", entry.text[: MAX_PROSE_CHARS * 2]))[:MAX_PROSE_CHARS]
    parts = [entry.description, body] if entry.description and entry.description not in body else [body]
    return strip_markup("\n\n".join(part for part in parts if part))


def _strip_fences(text: str) -> str:
    """Replace each fenced block (a ``` or ~~~ line up to the next line opening with the same fence) by a newline.

    One pass over the fence lines; an unclosed fence is left as text.
    """
    fences = [(match.start(), match.group(1)) for match in _FENCE_LINE.finditer(text)]
    next_same: list[int | None] = [None] * len(fences)
    seen: dict[str, int] = {}
    for index in range(len(fences) - 1, -1, -1):
        next_same[index] = seen.get(fences[index][1])
        seen[fences[index][1]] = index
    pieces: list[str] = []
    cursor = 0
    index = 0
    while index < len(fences):
        start = fences[index][0]
        closer = next_same[index]
        if start < cursor or closer is None:
            index += 1
            continue
        line_end = text.find("\n", fences[closer][0])
        end = len(text) if line_end < 0 else line_end
        pieces += [text[cursor:start], "\n"]
        cursor = end
        index = closer + 1
    pieces.append(text[cursor:])
    return "".join(pieces)


def _strip_comments(text: str) -> str:
    """Replace each `<!-- … -->` by a space, scanning once (an unclosed comment is left as text)."""
    pieces: list[str] = []
    cursor = 0
    while True:
        start = text.find("<!--", cursor)
        if start < 0:
            break
        end = text.find("-->", start + 4)
        if end < 0:
            break
        pieces.append(text[cursor:start])
        pieces.append(" ")
        cursor = end + 3
    pieces.append(text[cursor:])
    return "".join(pieces)


def strip_markup(text: str) -> str:
    """Remove fenced code, HTML comments and markdown decoration, keeping inline code text."""
    text = _strip_fences(text)
    text = _strip_comments(text)
    text = _LINK.sub(r"\1", text)
    text = _WIKILINK.sub(r"\1", text)
    text = _EMPHASIS.sub("", text)
    return text


def statements(text: str) -> list[str]:
    """Split prose into statements: bullets and sentences, with hard-wrapped lines joined first."""
    blocks: list[str] = []
    for raw_line in text.splitlines():
        line = raw_line.rstrip()
        if not line.strip():
            blocks.append("")
            continue
        if blocks and blocks[-1] and not _BLOCK_START.match(line) and not _HEADING.match(blocks[-1]):
            joiner = "" if IS_CJK.search(blocks[-1][-1:]) and IS_CJK.search(line.lstrip()[:1]) else " "
            blocks[-1] = blocks[-1] + joiner + line.strip()
        else:
            blocks.append(line)
    result: list[str] = []
    for block in blocks:
        block = _HEADING.sub("", block).strip()
        block = _LIST_MARK.sub("", block)
        for sentence in _SENTENCE_END.split(block):
            sentence = sentence.strip()
            if len(sentence) >= 4:
                result.append(sentence)
    return result


def tokens(text: str, *, keep_stopwords: bool = False, keep_numbers: bool = False) -> list[str]:
    """Lower-cased word tokens for Latin text plus character bigrams for CJK runs, numbers masked."""
    lowered = text.lower()
    found: list[str] = []
    for word in WORD.findall(CJK_RUN.sub(" ", lowered)):
        if word[0].isdigit():
            found.append(word if keep_numbers else "#")
        elif keep_stopwords or (word not in STOPWORDS and len(word) > 1):
            found.append(_stem(word))
    for run in CJK_RUN.findall(lowered):
        if len(run) == 1:
            found.append(run)
        else:
            found.extend(run[index : index + 2] for index in range(len(run) - 1))
    return found


@lru_cache(maxsize=200_000)
def _stem(word: str) -> str:
    """A very light English stemmer: plural and -ing/-ed endings, enough to match word forms."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def snippet(text: str, limit: int = 120) -> str:
    """A one-line excerpt for messages."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


@dataclass(frozen=True)
class Dated:
    """An entry's best known date and where it came from."""

    iso: str | None
    label: str


def when(entry: Entry) -> Dated:
    """The moment an entry was last changed, for messages ('2026-10-02'), or unknown."""
    moment = entry.last_touched or entry.date or entry.created
    return Dated(moment.date().isoformat() if moment else None, moment.date().isoformat() if moment else "date unknown")
