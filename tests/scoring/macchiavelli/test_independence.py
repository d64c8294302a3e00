"""The Macchiavelli engine stands on its own: of ``scoring`` it imports only what every game
shares, never Tamalo's modules, and nothing that does I/O or draws at random by itself. Its
forecast (``scoring.macchiavelli.forecast``) may use numpy, and the shared shrinkage."""

import ast
from pathlib import Path

import scoring.macchiavelli

PACKAGE = Path(scoring.macchiavelli.__file__).parent
SHARED = {"scoring.errors", "scoring.ratings", "scoring.shrinkage"}
NUMPY = {"numpy", "numpy.typing"}
STANDARD = {
    "__future__",
    "collections",
    "collections.abc",
    "dataclasses",
    "enum",
    "fractions",
    "functools",
    "itertools",
    "math",
    "random",
    "re",
    "statistics",
    "typing",
}


def imported(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            modules.add(node.module)
    return modules


def test_only_shared_scoring_modules_and_the_standard_library() -> None:
    sources = sorted(PACKAGE.rglob("*.py"))
    assert len(sources) >= 10
    for source in sources:
        allowed = SHARED | STANDARD | (NUMPY if source.parent.name == "forecast" else set())
        for module in imported(source):
            own = module.startswith("scoring.macchiavelli")
            assert own or module in allowed, f"{source.name} imports {module}"


def test_randomness_only_comes_in_as_a_random_source() -> None:
    """``random`` is imported for its ``Random`` type: no module-level draw (``random.shuffle``
    and the like) anywhere."""
    for source in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{source.name}: random.{node.attr}"
