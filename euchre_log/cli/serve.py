"""``serve``: the phones at the table (SERVE.md). Starlette, uvicorn and segno are imported
here, inside the command, so that no other command pays for them at start-up."""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from .app import app, echo, fail
from .common import opened

if TYPE_CHECKING:
    import socket

    from ..recorder.recording import Recorder
    from ..recorder.reviews import Reviewed
    from ..serve.table import Table

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""SIGINT (Ctrl-C) and SIGTERM: either stops the server cleanly."""
SEAT_WORDS = {"T": "the table", "N": "North", "E": "East", "S": "South", "W": "West"}


@app.command()
def serve(
    ctx: typer.Context,
    game: Annotated[
        Optional[int],
        typer.Argument(
            metavar="GAME",
            help="The game to serve; the one in progress if left out (or, with none, a page "
            "on which the table's link starts one).",
        ),
    ] = None,
    host: Annotated[
        str,
        typer.Option("--host", metavar="ADDRESS", help="The address to listen on."),
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option("--port", metavar="PORT", help="The port to listen on; 0 takes a free one."),
    ] = 8000,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help="Listen on this machine's network addresses, so that phones on the same "
            "Wi-Fi can reach it (it warns that it does).",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Once listening, print one line of JSON (the address, the game, the tokens) "
            "and nothing else on standard output.",
        ),
    ] = False,
    new_links: Annotated[
        bool,
        typer.Option(
            "--new-links",
            help="Give the game new tokens, so that the links printed before no longer open it.",
        ),
    ] = False,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help="Review each hand as it ends, while the next is played, and keep it for "
            "review, replay and export (a few seconds of one core; stopping never waits).",
        ),
    ] = False,
) -> None:
    """Serve a game to the phones at the table: each seat records its own cards.

    Prints a link for the table and one for each seat, each with its own secret token,
    and shows each as a QR code to scan. A seat's phone taps the five cards it was dealt,
    then each card as it is laid; the table's link enters for any seat, as record does.
    Every accepted tap is stored at once, in the same record as record's; Ctrl-C stops
    the server and loses nothing.
    """

    from ..store.games import latest_open_game
    from ..store.read import NoSuchGame

    if not 0 <= port <= 65535:
        raise fail(f"there is no port {port}: ports are 0 (any free one) to 65535")
    with opened(ctx) as store:
        game_id = game if game is not None else latest_open_game(store)
        from ..serve.table import Table

        try:
            table = Table(
                store,
                game_id,
                new_links=new_links,
                review=review,
                on_reviewed=None if as_json else _say_reviewed,
            )
        except NoSuchGame as exc:
            raise fail(str(exc)) from None
        bind = "0.0.0.0" if lan and host == "127.0.0.1" else host
        try:
            sock = _listen(bind, port)
        except OSError as exc:
            raise fail(f"cannot listen on {bind} port {port}: {exc.strerror or exc}") from None
        real_port = sock.getsockname()[1]
        addresses = _addresses(bind)
        shown = addresses[0]
        url = f"http://{_url_host(shown)}:{real_port}/"
        if lan:
            echo(
                f"warning: --lan: every device on this network can reach this server at {url}; "
                "each link's token is what keeps a seat's cards its own, so show a seat's "
                "code only to its player",
                err=True,
            )
        if as_json:
            from ..formats.text import json_text

            tokens = {("table" if who == "T" else who): t for who, t in table.tokens.items()}
            game_id = table.recorder.game_id if table.recorder is not None else None
            sys.stdout.write(json_text({"url": url, "game": game_id, "tokens": tokens}) + "\n")
            sys.stdout.flush()
        else:
            _print_links(table, url)
        try:
            _run(table, sock, addresses)
        finally:
            table.close()
        _goodbye(table)


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host`` and ``port`` (0: any free port), bound before the
    links are printed so that they name the real port."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _addresses(bind: str) -> list[str]:
    """The addresses a phone may use to reach a server bound to ``bind``: the machine's
    own network address first when it listens on every one."""
    import socket

    if bind not in ("0.0.0.0", "::"):
        return [bind, "localhost", "127.0.0.1", "[::1]"]
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found:
                found.append(address)
    except OSError:
        pass
    found = [a for a in found if not a.startswith("127.")] or ["127.0.0.1"]
    return [*found, "localhost", "127.0.0.1", "[::1]"]


def _url_host(address: str) -> str:
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def _print_links(table: Table, url: str) -> None:
    """Each link, and its QR code drawn in the terminal."""
    import segno

    game = table.recorder.game_id if table.recorder is not None else None
    where = f"game {game}" if game is not None else "a new game (the table's link starts it)"
    echo(f"Serving {where} at {url}")
    echo("Each link holds its own secret: give each seat's only to its player.")
    players = table.recorder.stored.players if table.recorder is not None else {}
    for who, token in table.tokens.items():
        name = players.get(who)
        label = SEAT_WORDS[who] + (f" ({name})" if name else "")
        link = f"{url}#t={token}"
        echo("")
        echo(f"{label}: {link}")
        if sys.stdout.isatty():
            segno.make(link, error="l").terminal(out=sys.stdout, compact=True, border=2)
    echo("")
    echo("Ctrl-C stops the server; every accepted tap is stored already.")
    sys.stdout.flush()


def _run(table: Table, sock: socket.socket, addresses: list[str]) -> None:
    """Serve until Ctrl-C or SIGTERM: uvicorn's own handling of both stops it cleanly,
    once the event streams are told to end."""
    import uvicorn

    from ..serve.app import build

    hosts = [a.strip("[]") if a.startswith("[") else a for a in addresses]
    hosts += [f"[{a}]" for a in hosts if ":" in a]
    asgi = build(table, hosts)
    config = uvicorn.Config(
        asgi,
        log_config=None,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
        server_header=False,
        date_header=False,
        h11_max_incomplete_event_size=64 * 1024,
    )

    class Stopping(uvicorn.Server):
        """A uvicorn server that ends the event streams as soon as it is asked to stop:
        otherwise each phone's open stream would hold the shutdown back."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            # uvicorn's own raises the signal again once stopped, which would end the
            # command before it says where the game stands: a stop is a normal end here.

            kept = {sig: signal.signal(sig, self.handle_exit) for sig in STOP_SIGNALS}
            try:
                yield
            finally:
                for sig, handler in kept.items():
                    signal.signal(sig, handler)

        def handle_exit(self, sig: int, frame: Any) -> None:
            super().handle_exit(sig, frame)
            import asyncio

            with contextlib.suppress(RuntimeError):  # no loop running yet
                asyncio.get_running_loop().call_soon_threadsafe(asgi.hub.close)

    Stopping(config).run(sockets=[sock])


def _say_reviewed(recorder: Recorder, done: Sequence[Reviewed]) -> None:
    """Each hand reviewed as it ended (``--review``), said in the server's terminal as
    ``record --review`` says it."""
    from .console import console
    from .record import reviewed_texts

    for text in reviewed_texts(recorder, done):
        console().print(text)
    sys.stdout.flush()


def _goodbye(table: Table) -> None:
    recorder = table.recorder
    if recorder is None:
        echo("Stopped; no game was started.", err=True)
        return
    ns, ew = recorder.session.game.score
    echo(
        f"Stopped. Game {recorder.game_id} is saved: score NS {ns}, EW {ew}. "
        f"Serve it again with: euchre-log serve {recorder.game_id}",
        err=True,
    )
