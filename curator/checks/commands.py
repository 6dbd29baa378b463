"""Turn a command line into a safe argument list: allow-listed programs and options, confined paths."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path

from curator.checks.confine import Refused, confine


@dataclass(frozen=True)
class ProgramSpec:
    """Which options one allow-listed program (or git subcommand) accepts."""

    flags: str = ""
    valued: str = ""
    long_flags: frozenset[str] = frozenset()
    long_valued: frozenset[str] = frozenset()
    numeric_flag: bool = False
    takes_pattern: bool = False


def _spec(flags: str = "", valued: str = "", long_flags: str = "", long_valued: str = "", **kw: bool) -> ProgramSpec:
    return ProgramSpec(flags, valued, frozenset(long_flags.split()), frozenset(long_valued.split()), **kw)


PROGRAMS: dict[str, ProgramSpec] = {
    "ls": _spec("1aAdlhpFtrSR", "", "--all --almost-all --directory"),
    "grep": _spec(
        "rnliIcvwxFEHhso",
        "emABC",
        "--recursive --line-number --fixed-strings --word-regexp --ignore-case --count --files-with-matches",
        "--include --exclude --exclude-dir --max-count",
        takes_pattern=True,
    ),
    "rg": _spec(
        "nilwFcH",
        "emg",
        "--files --hidden --fixed-strings --count --line-number",
        "--glob --max-count",
        takes_pattern=True,
    ),
    "wc": _spec("lwcm"),
    "cat": _spec("n"),
    "head": _spec("", "nc", numeric_flag=True),
    "git ls-files": _spec("comd", "", "--cached --others --modified --deleted --exclude-standard --full-name"),
    "git grep": _spec("nilIcvwFEho", "e", "--untracked --count --files-with-matches --full-name", takes_pattern=True),
    "git log": _spec(
        "",
        "n",
        "--oneline --stat --name-only --name-status --follow --reverse --no-merges",
        "--format --pretty --since --until --after --before --author --grep --max-count",
        numeric_flag=True,
    ),
}
NUMERIC_VALUED = {"m", "A", "B", "C", "n", "c", "--max-count"}
ALLOWED = ("ls", "grep", "rg", "wc", "cat", "head", "git ls-files", "git grep", "git log")


@dataclass
class SafeCommand:
    """A validated command: the argv to run and the parts it was built from."""

    argv: list[str]
    program: str
    options: list[str] = field(default_factory=list)
    patterns: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)


def split_command_line(command_line: str) -> list[str]:
    """Split like a POSIX shell would quote, with no shell syntax: `;`, `|`, `$(...)` stay literal."""
    try:
        lexer = shlex.shlex(command_line, posix=True, punctuation_chars=False)
        lexer.whitespace_split = True
        lexer.commenters = ""
        return list(lexer)
    except ValueError as error:
        raise Refused(f"cannot parse {command_line!r}: {error}") from None


def build(tokens: list[str], project: Path) -> SafeCommand:
    """Validate `tokens` against the allow-list and return the canonical argv, or raise Refused."""
    if not tokens:
        raise Refused("empty command")
    program = tokens[0]
    rest = tokens[1:]
    if program == "git":
        if not rest or rest[0].startswith("-"):
            raise Refused("git takes no global options here; use git ls-files, git grep or git log")
        program = f"git {rest[0]}"
        rest = rest[1:]
    spec = PROGRAMS.get(program)
    if spec is None:
        raise Refused(f"{program!r} is not an allowed probe (allowed: {', '.join(ALLOWED)})")
    options, patterns, operands = _parse_options(program, spec, rest)
    if spec.takes_pattern and not patterns and "--files" not in options:
        if not operands:
            raise Refused(f"{program} needs a pattern")
        patterns.append(operands.pop(0))
    paths = [_confine_operand(program, operand, project) for operand in operands]
    if program == "grep" and {"-r", "--recursive"} & set(options) and "--exclude-dir=.git" not in options:
        options.append("--exclude-dir=.git")
    argv = program.split() + options
    for pattern in patterns:
        argv += ["-e", pattern]
    if paths or program.startswith("git"):
        argv.append("--")
    argv += paths
    return SafeCommand(argv=argv, program=program, options=options, patterns=patterns, paths=paths)


def parse_command_line(command_line: str, project: Path) -> SafeCommand:
    return build(split_command_line(command_line), project)


def _parse_options(program: str, spec: ProgramSpec, tokens: list[str]) -> tuple[list[str], list[str], list[str]]:
    options: list[str] = []
    patterns: list[str] = []
    operands: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if token == "--":
            operands += tokens[index:]
            break
        if token.startswith("--"):
            name, has_value, value = token.partition("=")
            if name in spec.long_flags and not has_value:
                options.append(name)
                continue
            if name in spec.long_valued:
                if not has_value:
                    if index >= len(tokens):
                        raise Refused(f"{program}: {name} needs a value")
                    value = tokens[index]
                    index += 1
                _check_value(program, name, value)
                options.append(f"{name}={value}")
                continue
            raise Refused(f"{program}: option {name} is not allowed")
        if token.startswith("-") and len(token) > 1:
            body = token[1:]
            if body.isdigit() and spec.numeric_flag:
                options.append(token)
                continue
            position = 0
            while position < len(body):
                letter = body[position]
                position += 1
                if letter in spec.valued:
                    value = body[position:]
                    if not value:
                        if index >= len(tokens):
                            raise Refused(f"{program}: -{letter} needs a value")
                        value = tokens[index]
                        index += 1
                    if letter == "e":
                        patterns.append(value)
                    else:
                        _check_value(program, letter, value)
                        options += [f"-{letter}", value]
                    break
                if letter not in spec.flags:
                    raise Refused(f"{program}: option -{letter} is not allowed")
                options.append(f"-{letter}")
            continue
        operands.append(token)
    return options, patterns, operands


def _confine_operand(program: str, operand: str, project: Path) -> str:
    """Confine one path operand; for git, only the `:(glob)`, `:(exclude)` and `:!` pathspec magic is kept."""
    if not program.startswith("git ") or not operand.startswith(":"):
        return confine(project, operand).rel
    for magic in (":(glob)", ":(exclude)", ":(exclude,glob)", ":(glob,exclude)", ":!"):
        if operand.startswith(magic):
            return magic + confine(project, operand[len(magic) :]).rel
    raise Refused(f"{program}: pathspec magic in {operand!r} is not allowed")


def _check_value(program: str, name: str, value: str) -> None:
    if name in NUMERIC_VALUED and not value.isdigit():
        raise Refused(f"{program}: {name} takes a number, not {value!r}")
    if "\x00" in value or "\n" in value:
        raise Refused(f"{program}: {name} value contains control characters")


BATCH_GREP_FLAGS = frozenset({"-n", "-I", "-F", "-E", "-w", "-o", "-i", "--untracked"})


def build_batch_grep(options: list[str], pathspecs: list[str], project: Path) -> SafeCommand:
    """`git grep OPTIONS -f - -- PATHSPECS`: one search for many patterns, read from stdin (never a file)."""
    unknown = [option for option in options if option not in BATCH_GREP_FLAGS]
    if unknown:
        raise Refused(f"git grep batch: option {unknown[0]} is not allowed")
    paths = [_confine_operand("git grep", operand, project) for operand in pathspecs]
    argv = ["git", "grep", *options, "-f", "-", "--", *paths]
    return SafeCommand(argv=argv, program="git grep", options=[*options, "-f", "-"], paths=paths)
