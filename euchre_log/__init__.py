"""euchre-log: record, check, replay and settle real-table Euchre games."""

from . import compiled

__version__ = "0.1.0"

compiled.install()  # before any module that may be compiled is imported
