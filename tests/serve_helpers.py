"""A served table driven in-process, as the phones drive it: Starlette's TestClient on the
server's own ASGI application, one token per phone."""

from __future__ import annotations

import datetime
import warnings
from pathlib import Path
from typing import Any

from euchre_log.engine.cards import NORTH, Seat
from euchre_log.engine.rules import Rules
from euchre_log.recorder.reviews import Reviewed
from euchre_log.serve.app import build
from euchre_log.serve.table import Table
from euchre_log.store.access import open_store
from euchre_log.store.db import Store
from euchre_log.store.games import create_game

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette asks for httpx2, which it does not require
    from starlette.testclient import TestClient

PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cat", "W": "Dan"}


class Phones:
    """Five phones (the table's and each seat's) at one served game."""

    def __init__(
        self,
        db: Path | str,
        *,
        game: int | None = None,
        new: bool = True,
        dealer: Seat = NORTH,
        review: bool = False,
    ) -> None:
        self.store: Store = open_store(str(db))
        if game is None and new:
            today = datetime.date.today().isoformat()  # as ``new`` dates a game
            game = create_game(self.store, PLAYERS, Rules(), first_dealer=dealer, date=today)
        self.game = game
        self.reviewed: list[Reviewed] = []  # what ``serve --review`` would say, in order
        self.table = Table(
            self.store, game, review=review, on_reviewed=lambda _, done: self.reviewed.extend(done)
        )
        self.client = TestClient(build(self.table, ["testserver"]))
        self.client.__enter__()  # one event loop for every request, the server's lifespan run

    def close(self) -> None:
        self.client.__exit__(None, None, None)
        self.table.close()
        self.store.close()

    def auth(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.table.tokens[who]}"}

    def post(self, who: str, line: str, id: str | None = None) -> Any:
        """POST a line; the response (status and JSON) as httpx gives it."""
        body: dict[str, Any] = {"line": line}
        if id is not None:
            body["id"] = id
        return self.client.post("/api/lines", headers=self.auth(who), json=body)

    def ok(self, who: str, line: str, id: str | None = None) -> dict[str, Any]:
        """POST a line that must be accepted; its answer."""
        response = self.post(who, line, id)
        assert response.status_code == 200, (who, line, response.text)
        answer: dict[str, Any] = response.json()
        return answer

    def state(self, who: str) -> dict[str, Any]:
        response = self.client.get("/api/state", headers=self.auth(who))
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found
