"""Which linter the project's files show: ESLint, Biome or oxlint; Ruff, Flake8 or Pylint; golangci-lint."""

from __future__ import annotations

import re

from curator.checks.project import Evidence, ProjectFacts, _config_files, _dep, _py_mentions

_INI_SECTION = re.compile(r"^\[flake8\]", re.MULTILINE)


def evidence_of(facts: ProjectFacts, category: str, ecosystem: str) -> list[Evidence]:
    """Signs of which tool of `category` the project uses, linters included."""
    return linter_evidence(facts, ecosystem) if category == "linter" else facts.evidence(category, ecosystem)


def linter_evidence(facts: ProjectFacts, ecosystem: str) -> list[Evidence]:
    """Signs of the linter of one ecosystem: config files, config sections, hooks, scripts and dependencies."""
    if ecosystem == "js":
        return _js_linters(facts)
    if ecosystem == "python":
        return _py_linters(facts)
    if ecosystem == "go":
        return _config_files(facts, "golangci-lint", (".golangci.",))
    return []


def _js_linters(facts: ProjectFacts) -> list[Evidence]:
    found = _config_files(facts, "eslint", (".eslintrc", "eslint.config.")) + _dep(facts, "eslint")
    if isinstance((facts.package_json or {}).get("eslintConfig"), dict):
        found.append(Evidence("eslint", 'package.json "eslintConfig" key'))
    found += _config_files(facts, "biome", ("biome.json",)) + _dep(facts, "biome", "@biomejs/biome")
    found += _config_files(facts, "oxlint", (".oxlintrc",)) + _dep(facts, "oxlint")
    for name, command in sorted(facts.scripts.items()):
        for tool in ("eslint", "biome", "oxlint"):
            if re.search(rf"(?<![\w@/-]){tool}\b", str(command)):
                found.append(Evidence(tool, f'package.json "{name}": "{command}"'))
    return found


def _py_linters(facts: ProjectFacts) -> list[Evidence]:
    found = _py_mentions(facts, "ruff", "ruff") + _py_mentions(facts, "pylint", "pylint")
    found += [Evidence("ruff", name) for name in ("ruff.toml", ".ruff.toml") if name in facts.names]
    found += [Evidence("pylint", name) for name in (".pylintrc", "pylintrc") if name in facts.names]
    found += _py_mentions(facts, "flake8", "flake8")
    if ".flake8" in facts.names:
        found.append(Evidence("flake8", ".flake8"))
    for name in ("setup.cfg", "tox.ini"):
        if _INI_SECTION.search(facts.texts.get(name, "")):
            found.append(Evidence("flake8", f"[flake8] in {name}"))
    return found
