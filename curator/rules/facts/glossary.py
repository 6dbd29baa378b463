"""A Chinese→English glossary of software and project words (facts/lexicon.py), so facts can be compared across languages.

Each Chinese word maps to the stemmed English token `subject_tokens` produces for its usual translation.
"""

from __future__ import annotations

from functools import lru_cache

from curator.rules.facts.lexicon import PAIRS
from curator.rules.facts.subject import stem

_PAIRS = PAIRS.replace("\n", "")
_MEASURE_PAIRS = """
保留期 retention|周期 interval|总线 bus|串口 uart|波特率 baud|锁 lock|过期时间 ttl|速率 rate|下限 minimum|配额 quota|
核心线程数 core|看门狗 watchdog|心跳 heartbeat|读超时 timeout|连接超时 timeout|采样率 sampl|阈值 threshold|
容量 capacity|堆 heap|调试 debug|固件 firmwar|打开 enable|开启 enable|启用 enable|关闭 disable|禁用 disable|自动 automat|
读 read|查库 database|推 push|推到 push|公开 public|开 enable|前 before|唯一 unique|返回 return|重复 repeat|
键 key|幂等 idempotent|完整 full|回答 reply|答复 reply|希望 want|
""".replace("\n", "")

GLOSSARY: dict[str, str] = {
    chinese: stem(english)
    for chinese, english in (pair.split() for pair in (_PAIRS + _MEASURE_PAIRS).split("|") if pair.strip())
}


@lru_cache(maxsize=200_000)
def concept(token: str) -> str:
    """The English token a Chinese word stands for (itself when unknown or already Latin)."""
    if token.isascii():
        return token
    found = GLOSSARY.get(token)
    if found is not None:
        return found
    if len(token) >= 2:
        for size in (3, 2, 1):
            for start in range(len(token) - size + 1):
                part = GLOSSARY.get(token[start : start + size])
                if part is not None:
                    return part
    return token


def concepts_of(tokens: frozenset[str]) -> frozenset[str]:
    """Each token as its English concept, so an English and a Chinese statement share keys."""
    return frozenset(concept(token) for token in tokens)
