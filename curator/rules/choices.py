"""Exclusive choices and stances: which tool a statement asserts ("use pnpm") or rejects ("不要用 npm")."""

from __future__ import annotations

import re
from dataclasses import dataclass



@dataclass(frozen=True)
class ChoiceSet:
    """Members that cannot all be the answer to one job; `cue` must appear when the names are ambiguous."""

    job: str
    members: tuple[str, ...]
    cue: str | None = None


EXCLUSIVE_SETS: tuple[ChoiceSet, ...] = (
    ChoiceSet("JavaScript package manager", ("npm", "pnpm", "yarn", "bun")),
    ChoiceSet("Python package manager", ("pip", "uv", "poetry", "pipenv", "conda", "pdm")),
    ChoiceSet("JavaScript test runner", ("jest", "vitest", "mocha", "jasmine", "ava")),
    ChoiceSet("Python test runner", ("pytest", "unittest", "nose2")),
    ChoiceSet("JavaScript formatter", ("prettier", "biome", "dprint")),
    ChoiceSet("Python formatter", ("black", "yapf", "autopep8"), cue=r"format|格式化"),
    ChoiceSet("JavaScript linter", ("eslint", "biome", "oxlint")),
    ChoiceSet("bundler", ("webpack", "vite", "parcel", "rspack")),
    ChoiceSet("indentation", ("tabs", "spaces"), cue=r"indent|缩进"),
    ChoiceSet("quote style", ("single quotes", "double quotes")),
    ChoiceSet("end-to-end test tool", ("playwright", "cypress", "puppeteer")),
)

_COMMANDS = (
    r"install|add|remove|run|test|i|ci|exec|dlx|x|build|dev|start|publish|sync|lock|format|check|lint"
    r"|audit|update|upgrade|watch|--"
)
_FILLER = r"(?:[\s`'\"“”‘’(（,/、]|the|a|an|or|nor|and|only|just|always|run|running|use|using|call|calling|invoke|用|使用|跑|装|来|或|和|或者)*"
_NEGATIVE = re.compile(
    r"(?:\bnever|\bdon'?t|\bdo not|\bnot|\bno longer|\bavoid(?:ing)?|\bstop(?:ped)?(?: using)?|\binstead of|\brather than"
    r"|\bover|\b(?:migrat\w*|switch\w*|mov\w*|moving|came|coming) (?:away )?from|\bban(?:ned)?|不要|别|不用|不再|禁止|禁用|而不是|而非|代替|替代|取代|弃用|不能|不准|不许|换掉)"
    + _FILLER + "$"
)
_POSITIVE = re.compile(
    r"(?:\buse[sd]?|\busing|\bprefer(?:s|red)?|\bswitch(?:ed)? to|\bmigrat\w* to|\bmov(?:e|ed) to|\bgo with|\bwent with"
    r"|\b(?:migrat|switch|mov|chang|convert|port)\w*\b[^,.;，。；]{0,25}\bto|\bstick with|\bstandardi[sz]ed? on|\bwith|\bvia|\brun|\bruns|\bchose|\bchoose|\bpicked|\bis|\bare"
    r"|用|使用|改用|换成|换用|统一用|采用|选用|走|是|为|[:：])"
    + _FILLER + "$"
)
_NEGATIVE_RIGHT = re.compile(
    r"^[`'\"”’)）]?\s*(?:is |are |was |were |has been |have been )?(?:deprecated|banned|forbidden|not allowed|removed|gone"
    r"|no longer)|^\s*(?:已废弃|不再使用|被移除|已移除|禁用)"
)
_COMMAND_RIGHT = re.compile(r"^[`'\"]?\s+(?:" + _COMMANDS + r")\b")


@dataclass(frozen=True)
class Stance:
    """A statement's position on one member of a set: 'pos' (asserted) or 'neg' (rejected)."""

    set_index: int
    member: str
    polarity: str
    statement: str
    command: bool = False


def _member_pattern(choice_set: ChoiceSet) -> re.Pattern[str]:
    names = sorted(choice_set.members, key=len, reverse=True)
    alternatives = "|".join(re.escape(name).replace(r"\ ", r"[\s-]") for name in names)
    return re.compile(rf"(?<![\w\-./@])({alternatives})(?![\w\-/@])")


class ChoiceTable:
    """The built-in exclusive sets plus any from `.curator.toml`, compiled once."""

    def __init__(self, extra: list[list[str]] | None = None) -> None:
        sets = list(EXCLUSIVE_SETS)
        sets.extend(ChoiceSet(" / ".join(group), tuple(group)) for group in extra or [])
        self.sets = sets
        self._patterns = [_member_pattern(choice_set) for choice_set in sets]
        self._cues = [re.compile(choice_set.cue) if choice_set.cue else None for choice_set in sets]
        every_name = sorted({name for choice_set in sets for name in choice_set.members}, key=len, reverse=True)
        self._any = re.compile("|".join(re.escape(name).replace(r"\ ", r"[\s-]") for name in every_name))

    def stances(self, statement: str) -> list[Stance]:
        """Every asserted or rejected member of an exclusive set in one statement."""
        lowered = statement.lower()
        if not self._any.search(lowered):
            return []
        found: list[Stance] = []
        for set_index, pattern in enumerate(self._patterns):
            cue = self._cues[set_index]
            if cue is not None and not cue.search(lowered):
                continue
            for match in pattern.finditer(lowered):
                polarity = _polarity(lowered, match.start(), match.end())
                if polarity:
                    member = re.sub(r"[\s-]+", " ", match.group(1))
                    command = lowered[match.start() - 1 : match.start()] == "`" or bool(
                        _COMMAND_RIGHT.match(lowered[match.end() : match.end() + 30])
                    )
                    found.append(Stance(set_index, member, polarity, statement, command))
        return found


def _polarity(lowered: str, start: int, end: int) -> str | None:
    clause_start = max(lowered.rfind(mark, 0, start) for mark in (",", "，", ";", "；", "。", ". ", "、", "—"))
    left = lowered[max(clause_start + 1, start - 40) : start]
    right = lowered[end : end + 30]
    if _NEGATIVE.search(left) or _NEGATIVE_RIGHT.match(right):
        return "neg"
    if _POSITIVE.search(left) or _COMMAND_RIGHT.match(right):
        return "pos"
    return None
