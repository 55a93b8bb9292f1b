"""The package's layers hold: engine <- formats <- store <- recorder <- render <- cli.

A module imports only from its own layer or the ones below it, the engine imports nothing
but the standard library, and no two modules import each other, even through a chain or
an import inside a function. The imports are read from the source with ``ast``, so a lazy
import counts as much as one at the top of a file (only ``if TYPE_CHECKING:`` blocks,
which never run, are left out).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_log"
LAYERS = ("engine", "formats", "store", "recorder", "render", "cli")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, leaving out the bodies of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def imports_of(path: Path) -> set[str]:
    """The modules a file imports at run time, as absolute names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            out.add(target)
            # ``from . import cards`` imports the module ``cards`` of that package.
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                if (PACKAGE.parent / candidate.replace(".", "/")).with_suffix(".py").exists():
                    out.add(candidate)
    return out


def graph() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges[name] = {t for t in imports_of(path) if t in modules and t != name}
    return edges


def layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    wrong = []
    for source, targets in graph().items():
        mine = layer(source)
        for target in targets:
            theirs = layer(target)
            if mine is not None and theirs is not None and theirs > mine:
                wrong.append(f"{source} -> {target}")
    assert wrong == [], "imports against the layers: " + ", ".join(sorted(wrong))


def test_the_engine_uses_the_standard_library_only() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in (PACKAGE / "engine").rglob("*.py"):
        for target in imports_of(path):
            top = target.split(".")[0]
            assert top in stdlib or target.startswith("euchre_log.engine"), (
                f"{module_name(path)} imports {target}"
            )


HAND_PARTS: Final = (
    ("play machine", ("bidding", "play")),
    ("card knowledge", ("holdings",)),
    ("dispute judge", ("judge",)),
)
"""The three parts of a hand (issue 25), each using only the ones before it."""


def test_the_hand_s_three_parts_use_one_direction() -> None:
    """The play machine imports neither card knowledge nor the judge (even through
    another engine module), and card knowledge does not import the judge."""
    edges = graph()

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in edges[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    for n, (part, modules) in enumerate(HAND_PARTS):
        later = {f"euchre_log.engine.{m}" for _, ms in HAND_PARTS[n + 1 :] for m in ms}
        for module in modules:
            used = reach(f"euchre_log.engine.{module}") & (later | {"euchre_log.engine.hand"})
            assert used == set(), f"the {part} ({module}) uses {sorted(used)}"


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of imports, as the list of modules on it, or None."""
    WHITE, GREY, BLACK = 0, 1, 2
    colour = dict.fromkeys(edges, WHITE)
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = GREY
        path.append(node)
        for nxt in sorted(edges[node]):
            if colour[nxt] == GREY:
                return [*path[path.index(nxt) :], nxt]
            if colour[nxt] == WHITE:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        colour[node] = BLACK
        return None

    for start in sorted(edges):
        if colour[start] == WHITE:
            found = visit(start)
            if found:
                return found
    return None


def test_no_import_cycles() -> None:
    edges = graph()
    # A package's __init__ importing its own modules is not a cycle of design.
    for name in edges:
        edges[name] = {t for t in edges[name] if not name.startswith(t + ".") or t == "euchre_log"}
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


@pytest.mark.parametrize(
    ("edges", "cycle"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
        ({"a": {"b"}, "b": set(), "c": {"b"}}, None),
    ],
)
def test_the_cycle_finder_finds_cycles(edges: dict[str, set[str]], cycle: list[str] | None) -> None:
    assert find_cycle(edges) == cycle


def test_the_graph_sees_lazy_imports_and_skips_type_checking(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import hidden\n"
        "def f():\n    import lazy\n    from .sibling import thing\n",
        encoding="utf-8",
    )
    assert imports_of.__code__  # the real function is used below, on a real module
    found = imports_of(PACKAGE / "formats" / "report.py")
    assert "euchre_log.formats.load" in found  # imported inside check_path
    assert "euchre_log.engine.game" in found
