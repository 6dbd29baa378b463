"""What the project's manifests, lockfiles and config files say: scripts, targets, tools and versions."""

from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from curator.checks.confine import within
from curator.checks.vocab import MONOREPO_TOOLS

MAX_MANIFEST_BYTES = 2 * 1024 * 1024
MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
JUSTFILES = ("justfile", "Justfile", ".justfile")
_MAKE_TARGET = re.compile(r"^([A-Za-z0-9_./%\-][A-Za-z0-9_./%\- ]*?)\s*::?(?!=)", re.MULTILINE)
_JUST_RECIPE = re.compile(r"^@?([A-Za-z0-9_\-]+)(?:\s+[^:=\n]*)?:(?!=)", re.MULTILINE)


@dataclass
class Evidence:
    """One tool the project shows signs of using, where that shows, and how strongly."""

    tool: str
    where: str
    strong: bool = True


@dataclass
class ProjectFacts:
    """Manifest facts read once per check pass (files only; nothing is run)."""

    root: Path
    names: set[str] = field(default_factory=set)
    package_json: dict[str, Any] | None = None
    pyproject: dict[str, Any] | None = None
    pyproject_text: str = ""
    makefile: str | None = None
    make_targets: set[str] = field(default_factory=set)
    make_includes: bool = False
    justfile: str | None = None
    just_recipes: set[str] = field(default_factory=set)
    texts: dict[str, str] = field(default_factory=dict)

    @property
    def scripts(self) -> dict[str, str]:
        scripts = (self.package_json or {}).get("scripts")
        return scripts if isinstance(scripts, dict) else {}

    def js_dependencies(self) -> set[str]:
        names: set[str] = set()
        for key in ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies"):
            table = (self.package_json or {}).get(key)
            if isinstance(table, dict):
                names.update(table)
        return names

    def pyproject_scripts(self) -> dict[str, str]:
        data = self.pyproject or {}
        found: dict[str, str] = {}
        tool = data.get("tool", {}) if isinstance(data.get("tool"), dict) else {}
        tables = [
            data.get("project", {}).get("scripts") if isinstance(data.get("project"), dict) else None,
            tool.get("poetry", {}).get("scripts") if isinstance(tool.get("poetry"), dict) else None,
            tool.get("pdm", {}).get("scripts") if isinstance(tool.get("pdm"), dict) else None,
            tool.get("rye", {}).get("scripts") if isinstance(tool.get("rye"), dict) else None,
        ]
        hatch_envs = tool.get("hatch", {}).get("envs", {}) if isinstance(tool.get("hatch"), dict) else {}
        if isinstance(hatch_envs, dict):
            tables += [env.get("scripts") for env in hatch_envs.values() if isinstance(env, dict)]
        for table in tables:
            if isinstance(table, dict):
                found.update({str(key): str(value) for key, value in table.items()})
        return found

    def evidence(self, category: str, ecosystem: str) -> list[Evidence]:
        """Signs of which tool of a category the project uses (package manager, test runner, formatter)."""
        finder = _EVIDENCE.get((category, ecosystem))
        return finder(self) if finder is not None else []

    def has_ecosystem(self, ecosystem: str) -> bool:
        if ecosystem == "js":
            return self.package_json is not None
        if ecosystem in ("go", "rust"):
            return ("go.mod" if ecosystem == "go" else "Cargo.toml") in self.names
        return (
            self.pyproject is not None
            or bool(self.names & {"setup.py", "setup.cfg", "Pipfile"})
            or any(_REQUIREMENTS.fullmatch(name) for name in self.names)
        )


_REQUIREMENTS = re.compile(r"requirements[\w.\-]*\.txt")


def _read_text(root: Path, rel: str) -> str | None:
    path = root / rel
    try:
        if not path.is_file() or not within(root, path) or path.stat().st_size > MAX_MANIFEST_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def load_facts(root: Path) -> ProjectFacts:
    """Read the project's root manifests; unreadable or malformed files simply contribute nothing."""
    facts = ProjectFacts(root=Path(root))
    try:
        facts.names = set(os.listdir(root))
    except OSError:
        return facts
    for rel in (
        "package.json",
        "pyproject.toml",
        ".pre-commit-config.yaml",
        "setup.cfg",
        "tox.ini",
        "pytest.ini",
        ".flake8",
        ".nvmrc",
        ".node-version",
        ".python-version",
        ".tool-versions",
        "runtime.txt",
        "go.mod",
        "Cargo.toml",
        "Pipfile",
        "Makefile",
        "rust-toolchain.toml",
        "rust-toolchain",
        ".ruby-version",
        "Gemfile",
    ):
        if rel in facts.names:
            text = _read_text(root, rel)
            if text is not None:
                facts.texts[rel] = text
    for rel in sorted(name for name in facts.names if _REQUIREMENTS.fullmatch(name))[:8]:
        text = _read_text(root, rel)
        if text is not None:
            facts.texts[rel] = text
    try:
        loaded = json.loads(facts.texts.get("package.json", "null"))
        facts.package_json = loaded if isinstance(loaded, dict) else None
    except ValueError:
        facts.package_json = None
    if "pyproject.toml" in facts.texts:
        facts.pyproject_text = facts.texts["pyproject.toml"]
        try:
            facts.pyproject = tomllib.loads(facts.pyproject_text)
        except tomllib.TOMLDecodeError:
            facts.pyproject = {}
    for name in MAKEFILES:
        if name in facts.names:
            text = _read_text(root, name)
            if text is not None:
                facts.makefile = name
                facts.make_targets = {target for line in _MAKE_TARGET.findall(text) for target in line.split()}
                facts.make_includes = re.search(r"^\s*-?include\s", text, re.MULTILINE) is not None
                break
    for name in JUSTFILES:
        if name in facts.names:
            text = _read_text(root, name)
            if text is not None:
                facts.justfile = name
                facts.just_recipes = set(_JUST_RECIPE.findall(text))
                break
    return facts


def workspace_scripts(facts: ProjectFacts, manifests: list[str], limit: int = 200) -> dict[str, str]:
    """Script name -> the package.json (other than the root one) that defines it, for monorepos."""
    found: dict[str, str] = {}
    for rel in manifests[:limit]:
        if rel == "package.json" or "node_modules/" in rel:
            continue
        try:
            loaded = json.loads(_read_text(facts.root, rel) or "null")
        except ValueError:
            continue
        scripts = loaded.get("scripts") if isinstance(loaded, dict) else None
        if isinstance(scripts, dict):
            for name in scripts:
                found.setdefault(str(name), rel)
    return found


def _config_files(facts: ProjectFacts, tool: str, prefixes: tuple[str, ...]) -> list[Evidence]:
    return [Evidence(tool, name) for name in sorted(facts.names) if name.startswith(prefixes)]


def _dep(facts: ProjectFacts, tool: str, package: str | None = None) -> list[Evidence]:
    if (package or tool) in facts.js_dependencies():
        return [Evidence(tool, f"package.json dependency {package or tool}")]
    return []


def _py_mentions(facts: ProjectFacts, tool: str, section: str) -> list[Evidence]:
    found = []
    tool_table = (facts.pyproject or {}).get("tool", {})
    if isinstance(tool_table, dict) and section in tool_table:
        found.append(Evidence(tool, f"[tool.{section}] in pyproject.toml"))
    elif re.search(rf"[\"'\s]{re.escape(tool)}\s*[<>=~!\[\"',]", facts.pyproject_text):
        found.append(Evidence(tool, "pyproject.toml dependency", strong=False))
    hook = facts.texts.get(".pre-commit-config.yaml", "")
    if re.search(rf"id:\s*{re.escape(tool)}(?:-format)?\s*$", hook, re.MULTILINE):
        found.append(Evidence(tool, ".pre-commit-config.yaml hook"))
    return found + _requirement(facts, tool)


def _requirement(facts: ProjectFacts, tool: str) -> list[Evidence]:
    """A requirements*.txt line that installs `tool` (weak evidence: installed is not necessarily used)."""
    line = re.compile(rf"^\s*{re.escape(tool)}\s*(?:[<>=~!\[;@]|$)", re.MULTILINE | re.IGNORECASE)
    return [
        Evidence(tool, f"{rel} lists {tool}", strong=False)
        for rel, text in sorted(facts.texts.items())
        if _REQUIREMENTS.fullmatch(rel) and line.search(text)
    ][:1]


def _js_package_managers(facts: ProjectFacts) -> list[Evidence]:
    found = []
    for name, tool in (
        ("pnpm-lock.yaml", "pnpm"),
        ("pnpm-workspace.yaml", "pnpm"),
        ("yarn.lock", "yarn"),
        ("package-lock.json", "npm"),
        ("npm-shrinkwrap.json", "npm"),
        ("bun.lockb", "bun"),
        ("bun.lock", "bun"),
    ):
        if name in facts.names:
            found.append(Evidence(tool, name))
    declared = (facts.package_json or {}).get("packageManager")
    if isinstance(declared, str) and "@" in declared:
        found.append(Evidence(declared.split("@")[0], f'package.json "packageManager": "{declared}"'))
    return found


def _py_package_managers(facts: ProjectFacts) -> list[Evidence]:
    found = [
        Evidence(tool, name)
        for name, tool in (
            ("uv.lock", "uv"),
            ("poetry.lock", "poetry"),
            ("Pipfile.lock", "pipenv"),
            ("Pipfile", "pipenv"),
            ("pdm.lock", "pdm"),
        )
        if name in facts.names
    ]
    tool_table = (facts.pyproject or {}).get("tool", {})
    for section in ("poetry", "pdm", "uv"):
        if isinstance(tool_table, dict) and section in tool_table:
            found.append(Evidence(section, f"[tool.{section}] in pyproject.toml"))
    found += [
        Evidence("pip", name, strong=False)
        for name in sorted(facts.names)
        if name.startswith("requirements") and name.endswith(".txt")
    ]
    return found


def _js_test_runners(facts: ProjectFacts) -> list[Evidence]:
    found = []
    for tool, prefixes in (
        ("jest", ("jest.config.",)),
        ("vitest", ("vitest.config.", "vitest.workspace.")),
        ("mocha", (".mocharc",)),
    ):
        found += _config_files(facts, tool, prefixes) + _dep(facts, tool)
    if isinstance((facts.package_json or {}).get("jest"), dict):
        found.append(Evidence("jest", 'package.json "jest" key'))
    test_script = facts.scripts.get("test", "")
    for tool in ("jest", "vitest", "mocha"):
        if re.search(rf"\b{tool}\b", str(test_script)):
            found.append(Evidence(tool, f'package.json "test": "{test_script}"'))
    return found


def _py_test_runners(facts: ProjectFacts) -> list[Evidence]:
    found = []
    if "pytest.ini" in facts.names or "conftest.py" in facts.names or (facts.root / "tests" / "conftest.py").is_file():
        found.append(Evidence("pytest", "pytest.ini" if "pytest.ini" in facts.names else "conftest.py"))
    tool_table = (facts.pyproject or {}).get("tool", {})
    if isinstance(tool_table, dict) and isinstance(tool_table.get("pytest"), dict):
        found.append(Evidence("pytest", "[tool.pytest.ini_options] in pyproject.toml"))
    if "[tool:pytest]" in facts.texts.get("setup.cfg", "") or "[pytest]" in facts.texts.get("tox.ini", ""):
        found.append(Evidence("pytest", "setup.cfg/tox.ini [pytest] section"))
    if re.search(r"[\"'\s]pytest\s*[<>=~!\[\"',]", facts.pyproject_text):
        found.append(Evidence("pytest", "pyproject.toml dependency", strong=False))
    return found + _requirement(facts, "pytest")


def _js_formatters(facts: ProjectFacts) -> list[Evidence]:
    found = _config_files(facts, "prettier", (".prettierrc", "prettier.config.")) + _dep(facts, "prettier")
    found += _config_files(facts, "biome", ("biome.json",)) + _dep(facts, "biome", "@biomejs/biome")
    if isinstance((facts.package_json or {}).get("prettier"), (dict, str)):
        found.append(Evidence("prettier", 'package.json "prettier" key'))
    return found


def _py_formatters(facts: ProjectFacts) -> list[Evidence]:
    found = _py_mentions(facts, "black", "black") + _py_mentions(facts, "yapf", "yapf")
    found += _py_mentions(facts, "autopep8", "autopep8")
    ruff = [item for item in _py_mentions(facts, "ruff", "ruff")]
    tool_table = (facts.pyproject or {}).get("tool", {})
    ruff_table = tool_table.get("ruff") if isinstance(tool_table, dict) else None
    format_configured = isinstance(ruff_table, dict) and "format" in ruff_table
    hooks = facts.texts.get(".pre-commit-config.yaml", "")
    if format_configured or "ruff-format" in hooks or "ruff format" in (facts.texts.get("Makefile") or ""):
        found.append(Evidence("ruff", "ruff format configured"))
    else:
        found += [Evidence("ruff", item.where, strong=False) for item in ruff]
    found += [Evidence("ruff", name, strong=False) for name in ("ruff.toml", ".ruff.toml") if name in facts.names]
    return found


def _monorepo_tools(facts: ProjectFacts) -> list[Evidence]:
    found = []
    for tool, (config, package) in MONOREPO_TOOLS.items():
        if config in facts.names:
            found.append(Evidence(tool, config))
        found += _dep(facts, tool, package)
    return found


_EVIDENCE = {
    ("monorepo tool", "js"): _monorepo_tools,
    ("package manager", "js"): _js_package_managers,
    ("package manager", "python"): _py_package_managers,
    ("test runner", "js"): _js_test_runners,
    ("test runner", "python"): _py_test_runners,
    ("formatter", "js"): _js_formatters,
    ("formatter", "python"): _py_formatters,
}
