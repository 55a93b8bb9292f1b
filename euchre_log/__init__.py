"""euchre-log: record, check, replay and settle real-table Euchre games."""

__version__ = "0.1.0"


def compiled_solver() -> bool:
    """True when the open-hand solver runs compiled (``EUCHRE_LOG_COMPILE=1 pip install .``,
    see setup.py). Once the solver is imported, its loader says; before, its extension
    module beside its source does, which Python loads before a source file of the same
    name. Asked without importing the engine, so that ``--version`` stays instant."""
    import os
    import sys
    from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader

    loaded = sys.modules.get(f"{__name__}.engine.solver")
    if loaded is not None:
        return isinstance(loaded.__loader__, ExtensionFileLoader)
    folder = os.path.join(os.path.dirname(__file__), "engine")
    return any(os.path.exists(os.path.join(folder, "solver" + s)) for s in EXTENSION_SUFFIXES)
