"""Decide whether a mention sits in negated context ("was removed", "no longer", "已删除", ~~struck~~)."""

from __future__ import annotations

from curator import lazyre as re

WINDOW = 240
_SENTENCE_END = re.compile(r"[。！？；;!?\n]|\.(?=\s|$)")
_CLAUSE_END = re.compile(r"[。！？；;!?\n,，]|\.(?=\s|$)")
_PRE_NEGATION = re.compile(
    r"(?:\bnot|\bnever|\bdon'?t|\bdoesn'?t|\bdo not|\bdoes not|\bno longer|\binstead of|\brather than|\bavoid"
    r"|\bstop(?:ped)? using|\bremoved?|\bdeleted?|\bdropped|\bdeprecated|\bretired|\breplaced|\brenamed"
    r"|(?:\bmigrat\w*|\bswitch\w*|\bmov\w*|\bchang\w*)\s+(?:away\s+)?from|\bold|\bformer|\blegacy|\bwithout|\bnor"
    r"|不要再?|别再?|不用|不再|而不是|代替|取代|替换掉?|替代|弃用|废弃|禁止|禁用|删除了?|删掉了?|移除了?|去掉了?|从|旧的?|原来的?)"
    r"\s*(?:use[sd]?|using|run|running|call|calling|invoke|type|用|使用|跑|运行|调用|the|a|an|file|function|script|directory|"
    r"folder|文件|函数|目录|脚本)?\s*[`*_]*\s*$",
    re.IGNORECASE,
)
_AUX = r"(?:was|were|has been|have been|had been|is|are|got|is now|are now|now|gets|will be)"
_FILLER = r"(?:(?:function|file|script|directory|folder|helper|method|class|module|constant|command|target|dir)\s+)?"
_POST_NEGATION = re.compile(
    r"^\s*[`*_]*\s*(?:\(|\)|,|，)?\s*"
    + _FILLER
    + r"(?:"
    + _AUX
    + r"\s+)?(?:been\s+)?(?:removed|deleted|dropped|deprecated|"
    r"gone|obsolete|retired|no longer|doesn'?t exist|does not exist|is dead|->|→|=>)"
    r"|^\s*[`*_]*\s*" + _FILLER + _AUX + r"\s+(?:been\s+)?(?:replaced|renamed|moved|superseded)"
    r"|^\s*[`*_]*\s*" + _FILLER + r"(?:replaced by|renamed to|moved to|superseded by)"
    r"|^\s*[`*_]*\s*(?:这个|该)?(?:目录|文件夹|文件|函数|方法|类|常量|脚本|命令|包|模块)?\s*(?:已经|已|被|也|都|现在|目前)?(?:被|经)?(?:删除|删掉|删了|移除|去掉|废弃|弃用|不再|改名|重命名|"
    r"替换|换成|迁移|下线|不存在|没有了|不用了|改成|改为|淘汰)",
    re.IGNORECASE,
)
_CLAUSE_NEGATION_AFTER = re.compile(
    r"^[^,.;:!?，。；：！？\n]{0,24}?(?:(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bwas )(?<!\bwere )(?<!\bbeing )(?<!\bget )(?<!\bgets )\bused to\b|\bno longer\b|\bnot anymore\b|\bis (?:not|un)supported\b|"
    r"\bisn'?t supported\b|不再|已不)",
    re.IGNORECASE,
)
_CLAUSE_NEGATION = re.compile(
    r"\bno longer\b|(?<!\bis )(?<!\bare )(?<!\bbe )(?<!\bwas )(?<!\bwere )(?<!\bbeing )(?<!\bget )(?<!\bgets )\bused to\b|\bformerly\b|\bpreviously\b|\bin the past\b|不再|以前|曾经|过去|原先",
    re.IGNORECASE,
)
_LIST_TAIL = re.compile(
    r"(?:`[^`]*`|\*\*[^*]*\*\*|[^\s,，、]+)\s*(?:,|，|、|/|\band\b|\bor\b|\bnor\b|&|和|或|及|与)\s*$", re.IGNORECASE
)
_CONTRAST = re.compile(
    r"\b(?:but|whereas|while|though|although|however|yet|now)\b|但是|但|而是|而(?!不是|非)|不过|现在|改用|换成",
    re.IGNORECASE,
)
_STRUCK = re.compile(r"~~[^~]{1,2000}?~~")


def struck_spans(text: str) -> list[tuple[int, int]]:
    return [match.span() for match in _STRUCK.finditer(text)]


def _bounds(text: str, start: int, end: int, pattern: re.Pattern[str]) -> tuple[int, int]:
    """The sentence (or clause) around text[start:end], looking at most WINDOW characters either way."""
    left = max(0, start - WINDOW)
    for match in pattern.finditer(text, left, start):
        left = match.end()
    found = pattern.search(text, end, end + WINDOW)
    return left, (found.start() if found else min(len(text), end + WINDOW))


def is_negated(text: str, start: int, end: int, struck: list[tuple[int, int]] | None = None) -> bool:
    """True when the mention text[start:end] is struck through or negated by nearby words."""
    if any(left <= start and end <= right for left, right in (struck or struck_spans(text))):
        return True
    sentence_start, sentence_end = _bounds(text, start, end, _SENTENCE_END)
    clause_start, _ = _bounds(text, start, end, _CLAUSE_END)
    for contrast in _CONTRAST.finditer(text, sentence_start, start):
        sentence_start = clause_start = max(clause_start, contrast.end())
    if _CLAUSE_NEGATION.search(text, clause_start, start):
        return True
    before = text[max(sentence_start, start - 80) : start].rstrip("`*_ ")
    for _ in range(6):
        if _PRE_NEGATION.search(before):
            return True
        trimmed = _LIST_TAIL.sub("", before)
        if trimmed == before:
            break
        before = trimmed
    after = text[end : min(sentence_end, end + 60)]
    return bool(_POST_NEGATION.search(after) or _CLAUSE_NEGATION_AFTER.search(after))


_DESTINATION = re.compile(
    r"(?:\b(?:copy|copying|cp|save)\b(?:[^.;!?\n。；]|\.(?!\s|$)){0,120}?"
    r"\b(?:to|into|as)|\b(?:create|creating|generate|generating|touch|write)"
    r"(?:\s+(?:a|an|the|your|own|new|local))*"
    r"|复制到|拷贝到|复制为|拷贝为|另存为|(?<!已)(?<!已经)(?:生成|创建|新建))\s*[`*_\"']*\s*$",
    re.IGNORECASE,
)


def is_destination(text: str, start: int, end: int) -> bool:
    """True when the path at text[start:end] is what an instruction creates ("copy `.env.example` to `.env`")."""
    sentence_start, _ = _bounds(text, start, end, _SENTENCE_END)
    return bool(_DESTINATION.search(text[max(sentence_start, start - 160) : start]))
