"""Turn one claim into probes and a verdict with a one-line explanation."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz

from curator import lazyre as re
from curator.checks.batch import IdentifierSearch
from curator.checks.claim_parts import has_extension
from curator.checks.commands import split_command_line
from curator.checks.confine import Refused, confine
from curator.checks.declared import evaluate_expect
from curator.checks.hits import HitSort, sort_hits
from curator.checks.listing import NOISE_DIRS, ProjectFiles
from curator.checks.memoryscope import MemoryScope
from curator.checks.probes import ProbeRunner, finish, narrowed
from curator.checks.project import ProjectFacts, workspace_scripts
from curator.checks.results import CheckResult, Claim, ProbeResult, Verdict
from curator.checks.runtime_versions import VersionSource, runtime_versions
from curator.checks.toolcheck import ToolChecker
from curator.checks.versionspec import pin_agrees, satisfies

_COMPARATOR_WORDS = {"~": "about ", ">": "more than ", ">=": "at least ", "<": "fewer than ", "<=": "at most "}
_MODULE_PATH = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+")
_SCAFFOLDING = re.compile(
    r"index\.\w+|__init__\.py|mod\.rs|README(?:\.\w+)?|\.gitkeep|\.keep|\.DS_Store", re.IGNORECASE
)
LOCAL_ONLY = {
    *NOISE_DIRS,
    "out",
    "target",
    "coverage",
    ".next",
    ".nuxt",
    ".turbo",
    ".cache",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    "htmlcov",
    ".env",
    ".env.local",
}


@dataclass
class Checker:
    """Checks claims against one project with one probe runner (shared cache, shared facts)."""

    project: Path
    runner: ProbeRunner
    facts: ProjectFacts
    in_git: bool
    scope: MemoryScope
    memory_dirs: dict[str, str] = field(default_factory=dict)
    identifiers: IdentifierSearch | None = None
    _files: ProjectFiles | None = None
    tools: ToolChecker = field(init=False)

    def __post_init__(self) -> None:
        self.tools = ToolChecker(self.facts, self.runner, self.in_git, self._project_files)

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

    def check(self, claim: Claim) -> CheckResult:
        """The verdict for one claim; refusals and surprises become `unknown`, never an exception."""
        handler = getattr(self, f"_check_{claim.kind}", None)
        if handler is None:
            return CheckResult(claim, "unknown", f"no probe for {claim.kind} claims")
        try:
            return handler(claim)
        except Refused as reason:
            return CheckResult(claim, "unknown", f"refused: {reason}")
        except (OSError, ValueError) as error:
            return CheckResult(claim, "unknown", f"probe failed: {error}")

    def _result(
        self, claim: Claim, verdict: Verdict, explanation: str, probe: ProbeResult | None, observed: str | None = None
    ) -> CheckResult:
        if probe is not None and probe.timed_out:
            return CheckResult(claim, "unknown", f"{probe.argv[0]} timed out; {explanation}", probe, observed)
        return CheckResult(claim, verdict, explanation, probe, observed)

    def _check_url(self, claim: Claim) -> CheckResult:
        return CheckResult(claim, "unknown", "URLs are not fetched (curator stays offline); check it by hand")

    def _check_path(self, claim: Claim) -> CheckResult:
        written = claim.subject
        target = confine(self.project, written.replace("\\", "/"))
        probe = self.runner.run(["ls", "-d", "--", target.rel])
        if probe.exit_code == 0:
            return self._result(claim, "pass", f"{written} exists", probe, target.rel)
        memory_dir = self.memory_dirs.get(claim.entry_id)
        if memory_dir and not written.startswith("/"):
            beside = confine(self.project, written, base=memory_dir)
            if beside.rel != target.rel:
                near = self.runner.run(["ls", "-d", "--", beside.rel])
                if near.exit_code == 0:
                    return self._result(
                        claim, "pass", f"{written} exists next to the memory file, as {beside.rel}", near, beside.rel
                    )
        name = target.rel.strip("/")
        if name and not name.startswith(".."):
            matches, search = self._suffix_search(name, directory=written.endswith("/"))
            if matches:
                shown = ", ".join(matches[:3]) + (f" (+{len(matches) - 3} more)" if len(matches) > 3 else "")
                how = "found as" if len(matches) == 1 else f"{len(matches)} matches by suffix:"
                return self._result(claim, "pass", f"{written} {how} {shown}", search, matches[0])
        said = f"memory says {written} exists; ls finds no such path, and no file in the project ends with /{name}"
        if name.split("/", 1)[0] in LOCAL_ONLY:
            return self._result(
                claim,
                "unknown",
                f"{said}, but {name.split('/', 1)[0]} is usually a build output or "
                "local-only file that a checkout lacks",
                probe,
                None,
            )
        if not self._looks_like_project_path(written, target.rel):
            return self._result(
                claim,
                "unknown",
                f"{said} (it has no file extension and its first folder is not "
                "in the project, so it may not be a project path)",
                probe,
                None,
            )
        return self._result(claim, "fail", said, probe, None)

    def _looks_like_project_path(self, written: str, rel: str) -> bool:
        first = rel.split("/", 1)[0]
        return written.endswith("/") or has_extension(written) or (self.project / first).exists()

    def _suffix_search(self, name: str, *, directory: bool) -> tuple[list[str], ProbeResult]:
        glob = f"**/{name}/**" if directory else f"**/{name}"
        files = self._project_files()
        if files is not None and files.complete:
            lines = files.ending_with(name, directory=directory)
            if self.in_git and files.probe is not None:
                probe = narrowed(files.probe, lines)
            else:
                probe = finish(
                    ["find", ".", "-path", f"*/{name}" + ("/*" if directory else ""), "-not", "-path", "./.git/*"],
                    0,
                    "".join(f"./{line}\n" for line in lines),
                    time.monotonic(),
                    fallback_used=True,
                )
        else:
            probe = self.runner.run(["git", "ls-files", "-c", "-o", "--exclude-standard", "--", f":(glob){glob}"])
            lines = probe.lines()
        suffix = "/" + name
        matches = []
        for line in lines:
            rel = line.strip()
            hit = rel.rsplit(suffix + "/", 1)[0] + suffix if directory and suffix + "/" in "/" + rel else rel
            if ("/" + hit).endswith(suffix) and hit not in matches and not self._in_memory(hit):
                matches.append(hit)
        return matches, probe

    def _project_files(self) -> ProjectFiles | None:
        """Every file in the project, listed once per check pass (git's view, or a walk outside git)."""
        if self._files is None:
            self._files = ProjectFiles.gather(self.runner, in_git=self.in_git)
        return self._files

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

    def _in_memory(self, found: str) -> bool:
        return self.scope.contains(found)

    def _check_count(self, claim: Claim) -> CheckResult:
        directory = confine(self.project, claim.subject)
        want_dirs = claim.extra.get("counts") == "dirs"
        want_files = claim.extra.get("counts") == "files"
        probe = self.runner.run(["ls", "-1", *(["-p"] if want_dirs or want_files else []), "--", directory.rel])
        expected = int(claim.extra.get("number", 0))
        extension = claim.extra.get("extension")
        what = (
            "directories"
            if want_dirs
            else (f"{extension} files" if extension else ("files" if want_files else "entries"))
        )
        said = f"memory says {_COMPARATOR_WORDS.get(claim.comparator, '')}{expected} {what} under {claim.subject}"
        if not directory.absolute.is_dir():
            return self._result(claim, "fail", f"{said}; ls finds no such directory", probe, None)
        if probe.exit_code != 0:
            return self._result(claim, "unknown", f"{said}; ls could not list it ({probe.output.strip()[:80]})", probe)
        names = probe.lines()
        if want_dirs:
            names = [line for line in names if line.endswith("/")]
        elif want_files:
            names = [line for line in names if not line.endswith("/")]
        if claim.extra.get("extension"):
            names = [line for line in names if line.lower().endswith(claim.extra["extension"])]
        observed = len(names)
        agrees = _compare(observed, claim.comparator, expected)
        items = [name for name in names if not _SCAFFOLDING.fullmatch(name.rstrip("/"))]
        if not agrees and len(items) != observed and _compare(len(items), claim.comparator, expected):
            shown = f"{observed}, {len(items)} besides index, __init__, README and keep files"
            return self._result(claim, "pass", f"{said}; ls finds {shown}", probe, str(len(items)))
        return self._result(claim, "pass" if agrees else "fail", f"{said}; ls finds {observed}", probe, str(observed))

    def _check_script(self, claim: Claim) -> CheckResult:
        name, where = claim.subject, claim.category
        if where == "package.json":
            if self.facts.package_json is None:
                nested = self._workspace_script(name)
                if nested is not None:
                    return self._result(claim, "pass", f'"{name}" is a script of {nested[0]}', nested[1], name)
                return CheckResult(claim, "unknown", "the project has no readable package.json")
            probe = self.runner.run(["grep", "-n", "-F", "-e", f'"{name}":', "--", "package.json"])
            scripts = self.facts.scripts
            if name in scripts:
                return self._result(claim, "pass", f'package.json defines "{name}": "{scripts[name]}"', probe, name)
            elsewhere = self._workspace_script(name)
            if elsewhere is not None:
                return self._result(claim, "pass", f'"{name}" is a script of {elsewhere[0]}', elsewhere[1], name)
            return self._result(
                claim,
                "fail",
                f'memory says `{claim.text}`; package.json has no "{name}" script (has: {_listing(scripts)})',
                probe,
                None,
            )
        if where == "Makefile":
            if self.facts.makefile is None:
                return CheckResult(claim, "unknown", "the project has no Makefile")
            probe = self.runner.run(["grep", "-n", "-E", "-e", _target_regex(name), "--", self.facts.makefile])
            if name in self.facts.make_targets:
                return self._result(claim, "pass", f"{self.facts.makefile} defines target {name}", probe, name)
            if self.facts.make_includes:
                return self._result(
                    claim,
                    "unknown",
                    f"{self.facts.makefile} has no {name} target itself but includes other makefiles",
                    probe,
                )
            return self._result(
                claim,
                "fail",
                f"memory says `{claim.text}`; {self.facts.makefile} has no {name} "
                f"target (has: {_listing(self.facts.make_targets)})",
                probe,
                None,
            )
        if where == "justfile":
            if self.facts.justfile is None:
                return CheckResult(claim, "unknown", "the project has no justfile")
            probe = self.runner.run(["grep", "-n", "-E", "-e", f"^@?{_ere(name)}\\b", "--", self.facts.justfile])
            verdict: Verdict = "pass" if name in self.facts.just_recipes else "fail"
            text = (
                f"{self.facts.justfile} defines recipe {name}"
                if verdict == "pass"
                else f"memory says `{claim.text}`; {self.facts.justfile} has no {name} recipe"
            )
            return self._result(claim, verdict, text, probe, name if verdict == "pass" else None)
        scripts = self.facts.pyproject_scripts()
        if self.facts.pyproject is None or not scripts:
            return CheckResult(claim, "unknown", f"no pyproject.toml scripts table to check {name} against")
        probe = self.runner.run(["grep", "-n", "-F", "-e", name, "--", "pyproject.toml"])
        if name in scripts or re.search(rf"[\"'\s]{re.escape(name)}\s*[<>=~!\[\"',]", self.facts.pyproject_text):
            return self._result(claim, "pass", f"pyproject.toml defines {name}", probe, name)
        return self._result(
            claim,
            "fail",
            f"memory says `{claim.text}`; pyproject.toml has no script {name} (has: {_listing(scripts)})",
            probe,
            None,
        )

    def _workspace_script(self, name: str) -> tuple[str, ProbeResult] | None:
        if self.in_git:
            manifests = self.runner.run(["git", "ls-files", "--", ":(glob)**/package.json"]).lines()
        else:
            files = self._project_files()
            manifests = files.ending_with("package.json", directory=False) if files is not None else []
        owner = workspace_scripts(self.facts, manifests).get(name)
        if owner is None:
            return None
        return owner, self.runner.run(["grep", "-n", "-F", "-e", f'"{name}":', "--", owner])

    def _check_tool(self, claim: Claim) -> CheckResult:
        return self.tools.check(claim)

    def _check_version(self, claim: Claim) -> CheckResult:
        runtime = claim.category
        wanted = claim.expected.lstrip(">=^~")
        sources = runtime_versions(self.facts, runtime)
        if not sources:
            return CheckResult(
                claim,
                "unknown",
                f"the project pins no {runtime} version (.nvmrc, engines, packageManager, requires-python, .python-version, go.mod)",
            )
        pins = [source for source in sources if source.pin]
        chosen = pins or sources
        verdicts = []
        for source in chosen:
            if source.pin:
                verdicts.append((pin_agrees(wanted, claim.comparator, source.value), source))
            else:
                plain = ">=" if source.file == "go.mod" else "=="
                verdicts.append((satisfies(wanted, source.value, plain_means=plain), source))
        decided = [(agrees, source) for agrees, source in verdicts if agrees is not None]
        if not decided:
            return CheckResult(
                claim, "unknown", f"cannot read {chosen[0].file}'s {runtime} version {chosen[0].value!r}"
            )
        failing = [source for agrees, source in decided if not agrees]
        source = failing[0] if failing else decided[0][1]
        probe = self._version_probe(source)
        said = f"memory says {claim.text.strip()}"
        how = "pins" if source.pin else "requires"
        if failing:
            return self._result(claim, "fail", f"{said}; {source.file} {how} {source.value}", probe, source.value)
        return self._result(claim, "pass", f"{said}; {source.file} {how} {source.value}", probe, source.value)

    def _version_probe(self, source: VersionSource) -> ProbeResult:
        if source.pattern:
            return self.runner.run(["grep", "-n", "-E", "-e", source.pattern, "--", source.file])
        return self.runner.run(["cat", "--", source.file])

    def _check_declared(self, claim: Claim) -> CheckResult:
        tokens = split_command_line(claim.subject)
        probe = self.runner.run(tokens)
        verdict, explanation, observed = evaluate_expect(claim.expected, probe, claim.subject)
        return self._result(claim, verdict, explanation, probe, observed)


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


def _compare(observed: int, comparator: str, expected: int) -> bool:
    if comparator == "~":
        return abs(observed - expected) <= max(2, round(expected * 0.1))
    return {
        "==": observed == expected,
        ">": observed > expected,
        ">=": observed >= expected,
        "<": observed < expected,
        "<=": observed <= expected,
    }.get(comparator, observed == expected)


def _listing(names: Iterable[str] | None) -> str:
    items = sorted(names) if names else []
    if not items:
        return "none"
    return ", ".join(items[:8]) + (f", +{len(items) - 8} more" if len(items) > 8 else "")


def _ere(text: str) -> str:
    return re.sub(r"([.\[\]()*+?{}|^$\\])", r"\\\1", text)


def _target_regex(name: str) -> str:
    word = r"[A-Za-z0-9_./%-]+"
    return rf"^({word} +)*{_ere(name)}( +{word})* *::?([^=]|$)"
