"""Families of verbs that name one action in EN and ZH ("ship" and "deploy", 改 and 编辑), so two stances compare by action."""

from __future__ import annotations

from functools import lru_cache

from curator.rules.facts.glossary import concept
from curator.rules.facts.subject import stem

ACTION_FAMILIES = """
edit modify alter tweak hand-edit editor 改 修改 改动 更改 手改 编辑
delete remove rm 删 删掉 删除 移除
erase wipe 擦 擦除 擦掉 抹掉
ship deploy release roll-out 上线 发版 部署
merge land 合并 合入
restart reboot bounce 重启
disable 关掉 关闭 停用 禁用
enable 打开 开启 启用
hardcode 写死
retry 重试
refund 退款 退回 退还
prepare 准备
click press tap 点 点击
squash squash-merge 压缩合并
compress gzip zip zstd 压缩
"""
"""One family a line: the words (English as written, stemmed on load; Chinese as segmented) that name one action."""


def _family_of() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in ACTION_FAMILIES.strip().splitlines():
        words = line.split()
        name = stem(words[0])
        for word in words:
            found.setdefault(stem(word) if word.isascii() else word, name)
    return found


_FAMILY_OF = _family_of()


@lru_cache(maxsize=50_000)
def family(word: str) -> str | None:
    """The action family a word (plain or stemmed English, or Chinese, or its concept) belongs to, or None."""
    return _FAMILY_OF.get(word) or _FAMILY_OF.get(stem(word) if word.isascii() else concept(word))


def families(words: set[str] | frozenset[str] | tuple[str, ...]) -> set[str]:
    """The action families of some words, as marker tokens that cannot be mistaken for a word ("=edit")."""
    return {"=" + name for word in words if (name := family(word)) is not None}
