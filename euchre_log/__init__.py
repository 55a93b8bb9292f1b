"""euchre-log: record, check, replay and settle real-table Euchre games."""

__version__ = "0.1.0"


def compiled_solver() -> bool:
    """True when the open-hand solver runs compiled (``EUCHRE_LOG_COMPILE=1 pip install .``,
    see setup.py): its extension module then sits beside its source, and Python loads an
    extension module before a source file of the same name. Asked without importing the
    engine, so that ``--version`` stays instant."""
    import os
    from importlib.machinery import EXTENSION_SUFFIXES

    folder = os.path.join(os.path.dirname(__file__), "engine")
    return any(os.path.exists(os.path.join(folder, "solver" + s)) for s in EXTENSION_SUFFIXES)
