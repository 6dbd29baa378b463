"""Turn one claim into probes and a verdict with a one-line explanation."""

from __future__ import annotations

from collections.abc import Iterable

from curator import lazyre as re
from curator.checks.claim_parts import has_extension
from curator.checks.commands import split_command_line
from curator.checks.confine import Refused, confine
from curator.checks.declared import evaluate_expect
from curator.checks.identifier_checks import IdentifierChecks, _ere
from curator.checks.listing import NOISE_DIRS
from curator.checks.project import workspace_scripts
from curator.checks.results import CheckResult, Claim, ProbeResult, Verdict
from curator.checks.runtime_versions import VersionSource, runtime_versions
from curator.checks.versionspec import pin_agrees, satisfies

_COMPARATOR_WORDS = {"~": "about ", ">": "more than ", ">=": "at least ", "<": "fewer than ", "<=": "at most "}
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


class Checker(IdentifierChecks):
    """Every kind of claim to its verdict: paths, identifiers and flags, counts, scripts, tools, versions, declared checks."""

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


def _target_regex(name: str) -> str:
    word = r"[A-Za-z0-9_./%-]+"
    return rf"^({word} +)*{_ere(name)}( +{word})* *::?([^=]|$)"
