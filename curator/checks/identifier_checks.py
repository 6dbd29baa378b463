"""Identifier and flag claims: a name searched as a whole word in the project's code (batched per pass), a module
path found by suffix, and the nearest identifier when the name is gone (a rename)."""

from __future__ import annotations

from rapidfuzz import fuzz

from curator import lazyre as re
from curator.checks.batch import IdentifierSearch
from curator.checks.checker_base import CheckerBase
from curator.checks.hits import HitSort, sort_hits
from curator.checks.listing import NOISE_DIRS
from curator.checks.results import CheckResult, Claim, ProbeResult

_MODULE_PATH = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+")


class IdentifierChecks(CheckerBase):
    """The identifier and flag checks of a Checker, and the batched search they share."""

    def prepare(self, claims: list[Claim]) -> None:
        """Search every identifier claim in one batched pass, and the words near the missing ones in one more."""
        if not self.in_git:
            return
        self.identifiers = IdentifierSearch(self.runner, self.scope)
        names = [claim.subject for claim in claims if claim.kind == "identifier"]
        self.identifiers.search(names + [spelling for name in names for spelling in flag_spellings(name)[1:]])
        missing = {
            name: _anchors(name)
            for name in set(names)
            if not name.startswith("-")
            and (result := self.identifiers.result(name)) is not None
            and result.exit_code == 1
        }
        self.identifiers.suggest(missing)

    def _identifier_probe(self, name: str) -> tuple[ProbeResult, str]:
        """Where `name` occurs as a whole word (batched when the pass searched it), and the tool that searched."""
        batched = self.identifiers.result(name) if self.identifiers is not None else None
        if batched is not None:
            tokens = ["git", "grep"]
        elif self.in_git:
            tokens = ["git", "grep", "-n", "-I", "-F", "-w", "--untracked", "-e", name, "--", ".", *self.scope.excludes]
        elif self.runner.have("rg"):
            tokens = ["rg", "-n", "-F", "-w", "-e", name, "--", "."]
        else:
            tokens = [
                "grep",
                "-r",
                "-n",
                "-I",
                "-F",
                "-w",
                *(f"--exclude-dir={d}" for d in (".git", *NOISE_DIRS)),
                "-e",
                name,
                "--",
                ".",
            ]
        probe = batched if batched is not None else self.runner.run(tokens)
        return probe, " ".join(tokens[:2]) if self.in_git else tokens[0]

    def _code_hits(self, probe: ProbeResult, name: str, *, strings_count: bool) -> HitSort:
        hits = [line for line in probe.lines() if not self._in_memory(line.split(":", 1)[0].removeprefix("./"))]
        return sort_hits(hits, name, strings_count=strings_count)

    def _check_identifier(self, claim: Claim) -> CheckResult:
        name = claim.subject
        if name.startswith("--"):
            return self._check_flag(claim)
        probe, tool = self._identifier_probe(name)
        is_call = "(" in claim.text
        found = self._code_hits(probe, name, strings_count=not is_call)
        if probe.exit_code == 0 and found.code:
            where = found.where(found.code[0])
            return self._result(
                claim,
                "pass",
                f"{tool} finds {name} in the project's code ({len(found.code)} lines, first {where})",
                probe,
                where,
            )
        if probe.exit_code in (0, 1):
            module = self._module_file(claim.text)
            if module is not None:
                return self._result(
                    claim, "pass", f"{claim.text} is a module: found as {module[0]}", module[1], module[0]
                )
            if found.prose and not found.literal:
                return self._result(
                    claim,
                    "unknown",
                    f"memory mentions {claim.text}; {tool} finds {name} only in docs, "
                    f"changelogs or other memory ({found.where(found.prose[0])}), not in code",
                    probe,
                )
            said = (
                f"memory mentions {claim.text}; {tool} finds no {name} anywhere in the project (memory files excluded)"
            )
            if found.literal:
                said = (
                    f"memory mentions {claim.text}; {tool} finds {name} only inside a string or URL "
                    f"({found.where(found.literal[0])}), never as code"
                )
            nearest = [] if name.startswith("-") else self._nearest_identifier(name)
            if nearest:
                shown = " or ".join(f"{found} at {where}" for found, where in nearest)
                return self._result(claim, "fail", f"{said}; closest is {shown}", probe, nearest[0][0])
            return self._result(claim, "fail", said, probe, "no match")
        return self._result(claim, "unknown", f"{tool} could not search ({probe.output.strip()[:120]})", probe)

    def _check_flag(self, claim: Claim) -> CheckResult:
        """A `--flag` passes when the code names it, or when a CLI library defines it by its bare name."""
        spellings = flag_spellings(claim.subject)
        searched = [(spelling, *self._identifier_probe(spelling)) for spelling in spellings]
        for spelling, probe, tool in searched:
            found = self._code_hits(probe, spelling, strings_count=True)
            code = (
                found.code
                if spelling.startswith(("-", '"', "'"))
                else [hit for hit in found.code if _declares(hit, spelling)]
            )
            if probe.exit_code == 0 and code:
                where = found.where(code[0])
                how = "" if spelling == claim.subject else " (an option defined by its bare name, as CLI libraries do)"
                return self._result(
                    claim, "pass", f"{tool} finds {spelling} in the project's code{how}, first {where}", probe, where
                )
        probe, tool = searched[0][1], searched[0][2]
        if any(item[1].exit_code not in (0, 1) for item in searched):
            return self._result(claim, "unknown", f"{tool} could not search ({probe.output.strip()[:120]})", probe)
        prose = self._code_hits(probe, claim.subject, strings_count=True).prose
        if prose:
            return self._result(
                claim,
                "unknown",
                f"memory mentions {claim.text}; {tool} finds it only in docs, changelogs or other memory "
                f"({HitSort.where(prose[0])}), not in code",
                probe,
            )
        shown = ", ".join(spelling for spelling, _, _ in searched[:-1]) + f" or {searched[-1][0]}"
        return self._result(
            claim,
            "fail",
            f"memory mentions {claim.text}; {tool} finds no {shown} in the project's code (memory files excluded)",
            probe,
            "no match",
        )

    def _module_file(self, text: str) -> tuple[str, ProbeResult] | None:
        """The file or package a dotted module path (`app.services.billing`) names, found by unique suffix."""
        dotted = text.split("(")[0]
        if not _MODULE_PATH.fullmatch(dotted):
            return None
        stem = dotted.replace(".", "/")
        for name, directory in ((f"{stem}.py", False), (stem, True)):
            matches, search = self._suffix_search(name, directory=directory)
            if len(matches) == 1:
                return matches[0], search
        return None

    def _nearest_identifier(self, name: str) -> list[tuple[str, str]]:
        """The project identifiers most like `name` (a renamed function; two when they tie), found with one more grep."""
        parts = [part for part in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name) if len(part) >= 3]
        if not parts or not self.in_git:
            return []
        searched = self.identifiers.near(_anchors(name)) if self.identifiers is not None else None
        if searched is not None:
            found_lines = searched
        else:
            anchors = "|".join(_ere(part) for part in _anchors(name))
            pattern = f"[A-Za-z0-9_]*({anchors})[A-Za-z0-9_]*"
            found_lines = self.runner.run(
                ["git", "grep", "-n", "-I", "-o", "-i", "-E", "-e", pattern, "--", ".", *self.scope.excludes]
            ).lines()
        scored: dict[str, tuple[float, str]] = {}
        wanted = name.replace("_", "").lower()
        wanted_parts = {part.lower() for part in parts}
        wanted_shape = _word_parts(name)
        for line in found_lines:
            pieces = line.split(":", 2)
            if len(pieces) < 3 or self._in_memory(pieces[0]) or pieces[2] == name:
                continue
            candidate = pieces[2]
            if len(candidate) < max(4, len(name) // 2):
                continue
            found_parts = {part.lower() for part in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", candidate)}
            ratio = fuzz.ratio(wanted, candidate.replace("_", "").lower())
            overlap = len(found_parts & wanted_parts) / len(wanted_parts)
            score = 0.5 * ratio + 50 * overlap + (0 if pieces[0].endswith((".md", ".txt", ".rst")) else 5)
            shape = _word_parts(candidate)
            if len(shape) == len(wanted_shape) > 1 and shape[-1] == wanted_shape[-1]:
                score += 8
            if (score >= 45 and overlap > 0 or ratio >= 75) and (
                candidate not in scored or score > scored[candidate][0]
            ):
                scored[candidate] = (score, f"{pieces[0]}:{pieces[1]}")
        ranked = sorted(scored.items(), key=lambda item: -item[1][0])
        return [(found, where) for found, (score, where) in ranked[:2] if score >= ranked[0][1][0] - 1]


def flag_spellings(name: str) -> list[str]:
    """How code defines `--name`: literally, by its bare name in quotes (cobra, urfave/cli, Go's flag, yargs, clap's
    `long = "..."`) or as a typed field or parameter (clap derive, typer)."""
    if not _FLAG_NAME.fullmatch(name):
        return [name] if name else []
    bare = name[2:]
    return [name, f'"{bare}"', f"'{bare}'", bare.replace("-", "_")]


_FLAG_NAME = re.compile(r"--[A-Za-z][\w-]*")


_TYPED = r"\s*:\s*(?!:)[A-Za-z&\[(]"


def _declares(hit: str, name: str) -> bool:
    """Whether a grep hit `path:line:text` declares `name` as a typed field or parameter (`batch_size: usize`)."""
    text = hit.split(":", 2)[-1]
    return re.search(rf"(?<![\w$.]){re.escape(name)}{_TYPED}", text) is not None


def _anchors(name: str) -> list[str]:
    """The longest word parts of an identifier (at most four), which a renamed version likely keeps."""
    parts = [part for part in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name) if len(part) >= 3]
    return sorted(set(parts), key=len, reverse=True)[:4]


def _word_parts(name: str) -> list[str]:
    return [part.lower() for part in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", name)]


def _ere(text: str) -> str:
    return re.sub(r"([.\[\]()*+?{}|^$\\])", r"\\\1", text)
