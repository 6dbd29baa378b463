"""The alternatives a ban lists ("never run training or eval", "不要提交 keystore、证书或者密码"), each read as a ban alone."""

from __future__ import annotations

from curator import lazyre as re

_OR = re.compile(r"\s+(?:or|nor)\s+|\s*(?:或者|或是|或)\s*")
_LATIN_ITEM = re.compile(r"`[^`]{1,30}`|[a-z0-9][\w.+#-]*")
_CJK_ITEM = re.compile(r"[\u4e00-\u9fff]{1,4}?(?=[到在上里中的和给时前后把被用去来，,。.;；、\s]|$|[^\u4e00-\u9fff])")
_SEPARATOR = re.compile(r"(?:\s*[、，,]\s*)$")
MAX_ITEMS = 6


def _item_after(text: str) -> str:
    """The item that opens `text`: a word or code span, or a short run of Chinese characters up to a particle."""
    found = _LATIN_ITEM.match(text) or _CJK_ITEM.match(text)
    return found.group(0) if found else ""


def _item_before(text: str, width: int, cjk: bool) -> str:
    """The item that ends `text`: a word or code span, or the last `width` Chinese characters."""
    if cjk:
        run = re.search(r"[\u4e00-\u9fff]+$", text)
        return run.group(0)[-width:] if run else ""
    found = re.search(r"(?:`[^`]{1,30}`|[a-z0-9][\w.+#-]*)$", text)
    return found.group(0) if found else ""


def alternatives(core: str) -> list[tuple[str, str]]:
    """(list, item) for each item of the first list joined by or/或 in a clause ("跑训练或评测" → ("训练或评测", "训练"),
    ("训练或评测", "评测")), or nothing when the clause lists no alternatives."""
    joined = _OR.search(core)
    if joined is None or joined.start() == 0:
        return []
    last = _item_after(core[joined.end() :])
    if not last:
        return []
    cjk = bool(re.match(r"[\u4e00-\u9fff]", last))
    items, start, end = [last], joined.start(), joined.start()
    while len(items) < MAX_ITEMS:
        item = _item_before(core[:end], len(last), cjk)
        if not item:
            break
        items.insert(0, item)
        start = end - len(item)
        separator = _SEPARATOR.search(core[:start])
        if separator is None:
            break
        end = separator.start()
    if len(items) < 2:
        return []
    listed = core[start : joined.end() + len(last)]
    return [(listed, item) for item in items]
