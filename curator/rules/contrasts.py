"""Contrasting words for `duplicate`: two entries alike but for one side of a pair (before/after, client/server, 上传/下载)
say different things ("发布前先跑冒烟测试" vs "发布后先跑冒烟测试")."""

from __future__ import annotations

from curator import lazyre as re

_CJK = r"[\u4e00-\u9fff]"
_SIDES = (
    (
        r"\b(?:before|prior to)\b|之前|以前|(?:(?<="
        + _CJK
        + r")|(?<=\w ))(?<![提目当此从向往眼跟面以之])前(?![端台面期缀提天年])",
        r"\bafter(?:wards)?\b|之后|以后|(?:(?<="
        + _CJK
        + r")|(?<=\w ))(?<![然最之以随稍其落滞今往背前])后(?![端台面期缀续来果者])",
    ),
    (r"\bclient(?:s|-side)?\b|客户端", r"\bserver(?:s|-side)?\b|服务端|服务器端"),
    (r"\bfront-?ends?\b|前端", r"\bback-?ends?\b|后端"),
    (r"\buploads?\b|\buploading\b|上传", r"\bdownloads?\b|\bdownloading\b|下载"),
    (r"\benabl(?:e|es|ed|ing)\b|开启|启用", r"\bdisabl(?:e|es|ed|ing)\b|关闭|禁用|停用"),
    (r"\bencrypt(?:s|ed|ing|ion)?\b|加密", r"\bdecrypt(?:s|ed|ing|ion)?\b|解密"),
    (r"\bimport(?:s|ed|ing)?\b|导入", r"\bexport(?:s|ed|ing)?\b|导出"),
    (r"\binbound\b|\bingress\b|入站", r"\boutbound\b|\begress\b|出站"),
    (r"\bincreas(?:e|es|ed|ing)\b|调高|调大|加大|提高", r"\bdecreas(?:e|es|ed|ing)\b|调低|调小|减小|降低"),
    (r"\bpublic\b|公有|公开", r"\bprivate\b|私有"),
    (r"\binternal\b|内网", r"\bexternal\b|外网"),
    (r"\b(?:synchronous(?:ly)?|sync)\b|同步", r"\b(?:asynchronous(?:ly)?|async)\b|异步"),
    (r"\binputs?\b|输入", r"\boutputs?\b|输出"),
    (r"\bminimum\b|\blower bound\b|最小|下限", r"\bmaximum\b|\bupper bound\b|最大|上限"),
    (r"\bfirst\b|第一|最前", r"\blast\b|最后"),
    (r"\bwarm(?:s|ed|ing)?[ -]up\b|预热", r"\bdecay(?:s|ed|ing)?\b|衰减"),
    (r"\breads?\b|\breading\b|读取|只读", r"\bwrites?\b|\bwriting\b|写入"),
    (r"\bprimary\b|主库", r"\b(?:replicas?|secondary)\b|从库"),
    (r"\bhorizontal(?:ly)?\b|横向|水平", r"\bvertical(?:ly)?\b|纵向|垂直"),
    (r"\bsquash(?:-merge|es|ed|ing)?\b", r"\brebas(?:e|es|ed|ing)\b|变基"),
    (r"\bstaging\b|预发|测试环境", r"\bproduction\b|\bprod\b|生产|线上"),
)
_PATTERNS = [(re.compile(one, re.I), re.compile(other, re.I)) for one, other in _SIDES]
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_ORDER = 0


def contrasts(prose: str) -> dict[int, frozenset[int]]:
    """For each contrasting pair the entry uses, the sides of it (0, 1 or both) its words name, code spans left out."""
    text = _CODE_SPAN.sub(" ", prose)
    found: dict[int, frozenset[int]] = {}
    for index, (one, other) in enumerate(_PATTERNS):
        sides = frozenset(side for side, pattern in enumerate((one, other)) if pattern.search(text))
        if sides:
            found[index] = sides
    return found


def contrast_differs(left: dict[int, frozenset[int]], right: dict[int, frozenset[int]], *, order: bool = True) -> bool:
    """One entry names only one side of a pair and the other only the other side ("upload" against "download").

    Without `order`, before/after is left out: a paraphrase may tell the same sequence from its other end.
    """
    return any(
        len(sides) == 1 and len(right[index]) == 1 and sides != right[index]
        for index, sides in left.items()
        if index in right and (order or index != _ORDER)
    )
