"""euchre-log: record, check, replay and settle real-table Euchre games."""

__version__ = "0.1.0"
