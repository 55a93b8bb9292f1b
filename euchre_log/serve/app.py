"""``serve``'s HTTP layer (Starlette): the routes of SERVE.md, and the guards every request
passes (a known Host, a bounded body, a token), turning each refusal into a 4xx answer
with a sentence. What a line does and what a token may see is ``table``'s.

Routes: ``GET /`` (the page), ``GET /api/state``, ``POST /api/lines``, ``GET /api/events``
(server-sent events, read by the page with ``fetch`` so that the token stays in a header)
and ``POST /api/games`` (the table starts a game). Every answer is JSON but the page and
the event stream; a refusal is ``{"error": {"message": "..."}}``. No CORS header is ever
sent, so another site's page cannot read an answer, and the Host check keeps a name that
a rebinding attacker points at this machine from reaching it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import re
from collections.abc import AsyncIterator, Iterable
from importlib import resources
from typing import Any, Final

from pydantic import ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..formats.text import json_text
from .models import GameBody, LineBody, refusal
from .table import Refused, Table

MAX_BODY: Final = 64 * 1024
"""The largest request body taken: a line of the grammar's longest, in JSON, fits."""
POLL_SECONDS: Final = 0.25
"""How often the server looks whether another writer (``record``) moved the game on."""
PING_SECONDS: Final = 15.0
"""How often an idle event stream says it is alive, so that a dead one is noticed."""

HEADERS: Final = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def error(status: int, message: str) -> Response:
    """A refusal: the status and ``{"error": {"message": ...}}``."""
    return json_response({"error": {"message": message}}, status)


def json_response(data: Any, status: int = 200) -> Response:
    return Response(
        json_text(data), status, headers=HEADERS, media_type="application/json; charset=utf-8"
    )


class Hub:
    """The event streams listening, each a queue of versions; ``None`` ends a stream."""

    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[int | None]] = set()

    def publish(self, version: int) -> None:
        for queue in list(self.queues):
            queue.put_nowait(version)

    def close(self) -> None:
        for queue in list(self.queues):
            queue.put_nowait(None)


def page_html() -> tuple[bytes, str]:
    """The page (package data), and the Content-Security-Policy that lets its own inline
    script and style run, and nothing else: no other origin, no frame, no form."""
    text = resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8")
    hashes = []
    for tag in ("script", "style"):
        found = re.search(rf"<{tag}>(.*?)</{tag}>", text, re.S)
        assert found is not None, f"the page has no <{tag}>"
        digest = base64.b64encode(hashlib.sha256(found.group(1).encode()).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    policy = (
        f"default-src 'none'; script-src {hashes[0]}; style-src {hashes[1]}; "
        "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )
    return text.encode("utf-8"), policy


async def read_json(request: Request) -> dict[str, Any]:
    """The body as a JSON object, read no further than ``MAX_BODY``; ``Refused`` (4xx)
    for a body too long, not UTF-8, not JSON or not an object."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise Refused(413, f"the body is longer than {MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refused(413, f"the body is longer than {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(
            400, f"the body is not UTF-8 text (byte 0x{raw[exc.start]:02x} at {exc.start + 1})"
        ) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused(400, 'the body is not JSON: send {"line": "ah", "id": "..."}') from None
    if not isinstance(data, dict):
        raise Refused(422, "the body must be a JSON object")
    return data


def _text_ok(value: str, what: str) -> None:
    """Refuse text no store can keep: a lone surrogate (JSON may escape one) or NUL."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused(422, f"the {what} is not valid text (a lone surrogate)") from None
    if "\x00" in value:
        raise Refused(422, f"the {what} holds a NUL character")


def build(table: Table, hosts: Iterable[str]) -> Guard:
    """The server's ASGI application for ``table``, answering only requests whose Host is
    one of ``hosts`` (names, without the port)."""
    hub = Hub()
    page, policy = page_html()
    allowed = frozenset(h.lower() for h in hosts)

    def who(request: Request) -> str:
        return table.who(request.headers.get("authorization"))

    async def index(request: Request) -> Response:
        headers = {**HEADERS, "Content-Security-Policy": policy}
        return Response(page, headers=headers, media_type="text/html; charset=utf-8")

    async def state(request: Request) -> Response:
        holder = who(request)
        return json_response(await run_in_threadpool(table.state, holder))

    async def lines(request: Request) -> Response:
        holder = who(request)
        data = await read_json(request)
        try:
            body = LineBody.model_validate(data)
        except ValidationError as exc:
            raise Refused(422, refusal(exc)) from None
        _text_ok(body.line, "line")
        if body.id is not None:
            _text_ok(body.id, "id")
        answer = await run_in_threadpool(table.post, holder, body.line, body.id)
        hub.publish(table.version)
        return json_response(answer)

    async def games(request: Request) -> Response:
        holder = who(request)
        data = await read_json(request)
        try:
            body = GameBody.model_validate(data)
        except ValidationError as exc:
            raise Refused(422, refusal(exc)) from None
        for name in (body.players or {}).values():
            _text_ok(name, "name")
        fields = body.model_dump(exclude_none=True)
        answer = await run_in_threadpool(table.start, holder, fields)
        hub.publish(table.version)
        return json_response(answer)

    async def events(request: Request) -> Response:
        who(request)
        queue: asyncio.Queue[int | None] = asyncio.Queue()
        hub.queues.add(queue)

        def said(version: int) -> str:
            game = table.recorder.game_id if table.recorder is not None else None
            return f"event: state\ndata: {json.dumps({'version': version, 'game': game})}\n\n"

        async def stream() -> AsyncIterator[str]:
            try:
                yield said(table.version)
                while True:
                    try:
                        version = await asyncio.wait_for(queue.get(), PING_SECONDS)
                    except TimeoutError:
                        yield ": alive\n\n"
                        continue
                    while version is not None and not queue.empty():
                        version = queue.get_nowait()  # a burst of lines: the last is enough
                    if version is None:
                        return
                    yield said(version)
            finally:
                hub.queues.discard(queue)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={**HEADERS, "X-Accel-Buffering": "no"},
        )

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return error(exc.status, str(exc))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        words = {
            404: f"there is nothing at {request.url.path[:60]!r}: the page is /, the API /api/...",
            405: f"{request.method[:10]} is not taken at {request.url.path[:60]!r}",
        }
        return error(exc.status_code, words.get(exc.status_code, str(exc.detail)))

    async def crashed(request: Request, exc: Exception) -> Response:
        return error(500, "the server could not answer that (nothing was stored); try again")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async def poll() -> None:
            while True:
                await asyncio.sleep(POLL_SECONDS)
                with contextlib.suppress(Exception):  # a database busy for a moment
                    if await run_in_threadpool(table.refresh):
                        hub.publish(table.version)

        task = asyncio.create_task(poll())
        try:
            yield
        finally:
            hub.close()
            task.cancel()

    app = Starlette(
        routes=[
            Route("/", index, methods=["GET"]),
            Route("/api/state", state, methods=["GET"]),
            Route("/api/lines", lines, methods=["POST"]),
            Route("/api/games", games, methods=["POST"]),
            Route("/api/events", events, methods=["GET"]),
        ],
        exception_handlers={Refused: refused, HTTPException: http_error, Exception: crashed},
        lifespan=lifespan,
    )
    app.state.hub = hub
    return Guard(app, allowed, hub)


class Guard:
    """Every HTTP request passes here first: its Host must be one the server answers to
    (DNS rebinding points another name at this machine), and whatever happens below, the
    answer is a response, never a traceback."""

    def __init__(self, app: ASGIApp, hosts: frozenset[str], hub: Hub) -> None:
        self.app = app
        self.hosts = hosts
        self.hub = hub

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = ""
        for name, value in scope.get("headers", []):
            if name == b"host":
                host = value.decode("latin-1")
        if host_name(host) not in self.hosts:
            response = error(
                400,
                "this server answers only to its own address: open the link it printed",
            )
            await response(scope, receive, send)
            return
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except Exception:
            if not started:
                await error(500, "the server could not answer that (nothing was stored)")(
                    scope, receive, send
                )


def host_name(host: str) -> str:
    """A Host header's name without its port: ``127.0.0.1``, ``localhost``, ``[::1]``."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        return host[: end + 1] if end > 0 else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host
