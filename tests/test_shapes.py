"""The TypedDicts of ``formats.shapes`` and ``formats.results`` against the Pydantic models
that are the documents' schemas: the same keys, level by level, so the types mypy checks
and the contract the files and ``--json`` follow cannot drift apart; and real documents
have exactly those keys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from euchre_log.formats import models, outputs, results, shapes

from .conftest import SAMPLES, Cli

PAIRS: list[tuple[Any, type[BaseModel]]] = [
    (shapes.GameInfoDict, models.GameInfo),
    (shapes.HandDict, models.HandRecord),
    (shapes.LogDict, models.GameLog),
    (results.HandResultDict, models.HandResultModel),
    (results.FlagDict, models.FlagModel),
    (results.ProofDict, models.Proof),
    (shapes.StatsDict, outputs.StatsOut),
    (shapes.PlayerStatsDict, outputs.PlayerStats),
    (shapes.PartnershipStatsDict, outputs.PartnershipStats),
    (shapes.ReviewStatsDict, outputs.ReviewStats),
    (shapes.CallCountsDict, outputs.CallCounts),
    (shapes.StatsFiltersDict, outputs.StatsFilters),
    (shapes.ReviewCoverageDict, outputs.ReviewCoverage),
]


def keys(typed: Any) -> set[str]:
    return set(typed.__annotations__)


def required(typed: Any) -> set[str]:
    """The keys not marked ``NotRequired`` (read from the annotations' text: under
    ``from __future__ import annotations`` the runtime's own split is not reliable)."""
    return {k for k, v in typed.__annotations__.items() if "NotRequired[" not in str(v)}


@pytest.mark.parametrize("typed, model", PAIRS, ids=[t.__name__ for t, _ in PAIRS])
def test_a_typeddict_has_the_fields_of_its_model(typed: Any, model: type[BaseModel]) -> None:
    assert keys(typed) == set(model.model_fields)


def _same_keys(doc: Any, typed: Any, where: str) -> None:
    """Every key of ``doc`` is one of ``typed``'s, and every required one is there; nested
    documents checked against their own TypedDicts."""
    assert isinstance(doc, dict), where
    assert set(doc) <= keys(typed), (where, set(doc) - keys(typed))
    assert set(required(typed)) <= set(doc), (
        where,
        set(required(typed)) - set(doc),
    )


def test_a_stats_document_has_the_keys_of_its_typeddicts(cli: Cli) -> None:
    for name in ("family-game.json", "renege-dispute.json"):
        assert cli("import", str(SAMPLES / name)).exit_code == 0
    doc = json.loads(cli("stats", "--json").stdout)
    _same_keys(doc, shapes.StatsDict, "stats")
    _same_keys(doc["filters"], shapes.StatsFiltersDict, "filters")
    _same_keys(doc["review"], shapes.ReviewCoverageDict, "review")
    assert doc["players"] and doc["partnerships"]
    for p in doc["players"]:
        _same_keys(p, shapes.PlayerStatsDict, p["name"])
        _same_keys(p["review"], shapes.ReviewStatsDict, p["name"] + " review")
        for dim in ("by_round", "by_trump", "by_seat"):
            for counts in p[dim].values():
                _same_keys(counts, shapes.CallCountsDict, f"{p['name']} {dim}")
    for q in doc["partnerships"]:
        _same_keys(q, shapes.PartnershipStatsDict, " & ".join(q["players"]))


def test_an_exported_log_has_the_keys_of_its_typeddicts(cli: Cli, tmp_path: Path) -> None:
    assert cli("import", str(SAMPLES / "family-game.json")).exit_code == 0
    doc = json.loads(cli("export", "1").stdout)
    _same_keys(doc, shapes.LogDict, "log")
    _same_keys(doc["game"], shapes.GameInfoDict, "game")
    for n, hand in enumerate(doc["hands"], start=1):
        _same_keys(hand, shapes.HandDict, f"hand {n}")
        _same_keys(hand["result"], results.HandResultDict, f"hand {n} result")
        for flag in hand["result"]["flags"]:
            _same_keys(flag, results.FlagDict, f"hand {n} flag")
