"""The JSON Schemas of the file format and of every JSON output, generated from the models.

``schemas/`` holds the committed copies; a test fails when they drift from these.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .models import CheckReport, GameLog
from .outputs import (
    CopyOut,
    ExplainOut,
    ExportOut,
    GamesOut,
    ImportOut,
    NewGameOut,
    RecordLine,
    ReplayOut,
    ReviewOut,
    RulesOut,
    StatsOut,
    SummaryOut,
    VerifyOut,
)

BASE_URL = "https://euchre-log.invalid/schemas/"


def _schema(model: type[BaseModel], name: str, title: str) -> dict[str, Any]:
    schema = model.model_json_schema(mode="serialization" if name != "euchre-log" else "validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": BASE_URL + name + ".schema.json",
        **schema,
        "title": title,
    }


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema, by the name of its file in ``schemas/`` (without ``.schema.json``)."""
    return {
        "euchre-log": _schema(GameLog, "euchre-log", "euchre-log/1 game log"),
        "check-report": _schema(CheckReport, "check-report", "euchre-log-check/1 report"),
        "new": _schema(NewGameOut, "new", "euchre-log new --json"),
        "games": _schema(GamesOut, "games", "euchre-log games --json"),
        "summary": _schema(SummaryOut, "summary", "euchre-log summary --json"),
        "import": _schema(ImportOut, "import", "euchre-log import --json"),
        "record-line": _schema(RecordLine, "record-line", "one line of euchre-log record --json"),
        "stats": _schema(StatsOut, "stats", "euchre-log stats --json"),
        "rules": _schema(RulesOut, "rules", "euchre-log rules --json"),
        "replay": _schema(ReplayOut, "replay", "euchre-log replay --json"),
        "explain": _schema(ExplainOut, "explain", "euchre-log explain --json"),
        "review": _schema(ReviewOut, "review", "euchre-log-review/1: euchre-log review --json"),
        "verify": _schema(VerifyOut, "verify", "euchre-log verify --json"),
        "copy": _schema(CopyOut, "copy", "euchre-log copy --json"),
        "export": _schema(ExportOut, "export", "euchre-log export GAME -o FILE --json"),
    }
