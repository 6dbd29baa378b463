"""Manifests below the project root (workspace packages, a `web/` frontend, nested go.mod or Cargo.toml), read once."""

from __future__ import annotations

import re
from dataclasses import dataclass

from curator.checks.confine import within
from curator.checks.linters import evidence_of
from curator.checks.listing import NOISE_DIRS, ProjectFiles
from curator.checks.project import Evidence, ProjectFacts, load_facts

MAX_PACKAGES = 50
MANIFEST_NAMES = frozenset({"package.json", "pyproject.toml", "go.mod", "Cargo.toml", "Pipfile", "setup.cfg"})
_SKIP_PARTS = frozenset({*NOISE_DIRS, "vendor", "third_party", "testdata", "fixtures", "examples"})
_REQUIREMENTS = re.compile(r"requirements[\w.\-]*\.txt")


@dataclass
class Package:
    """One folder below the root with a manifest of its own, and what its files say."""

    folder: str
    facts: ProjectFacts


def nested_packages(facts: ProjectFacts, files: ProjectFiles | None) -> list[Package]:
    """Folders below the root holding a manifest (at most MAX_PACKAGES, shallowest first), each read like the root."""
    if files is None:
        return []
    folders: set[str] = set()
    for rel in files.files:
        folder, _, name = rel.rpartition("/")
        if folder and (name in MANIFEST_NAMES or _REQUIREMENTS.fullmatch(name)):
            if not _SKIP_PARTS & set(folder.split("/")):
                folders.add(folder)
    packages = []
    for folder in sorted(folders, key=lambda rel: (rel.count("/"), rel))[:MAX_PACKAGES]:
        path = facts.root / folder
        if within(facts.root, path) and path.is_dir():
            packages.append(Package(folder, load_facts(path)))
    return packages


def evidence_everywhere(
    facts: ProjectFacts | None, packages: list[Package], category: str, ecosystem: str
) -> list[Evidence]:
    """Signs of a tool of `category` at the root (unless `facts` is None), then in each package (its folder named)."""
    found = list(evidence_of(facts, category, ecosystem)) if facts is not None else []
    for package in packages:
        found += [
            Evidence(item.tool, f"{package.folder}/{item.where}", item.strong)
            for item in evidence_of(package.facts, category, ecosystem)
        ]
    return found


_GENERIC_WORDS = frozenset("test tests unit e2e src lib libs app apps packages package docs all the and".split())


def named_packages(packages: list[Package], words: list[str]) -> list[Package]:
    """The packages a sentence names by folder or package name ("API tests use jest" names packages/api)."""
    wanted = set(words) - _GENERIC_WORDS
    named = []
    for package in packages:
        names = {package.folder.rsplit("/", 1)[-1].lower()}
        declared = (package.facts.package_json or {}).get("name")
        if isinstance(declared, str):
            names.add(declared.rsplit("/", 1)[-1].lower())
        if names & wanted:
            named.append(package)
    return named


def manifest_texts(facts: ProjectFacts, packages: list[Package]) -> dict[str, str]:
    """Every manifest and config text read, keyed by its project-relative path."""
    texts = dict(facts.texts)
    for package in packages:
        texts.update({f"{package.folder}/{rel}": text for rel, text in package.facts.texts.items()})
    return texts


def mentions(texts: dict[str, str], name: str) -> list[str]:
    """The manifests that name `name` as a word (a dependency, a hook, a script)."""
    word = re.compile(rf"(?<![\w@/.-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
    return [rel for rel, text in sorted(texts.items()) if word.search(text)]
