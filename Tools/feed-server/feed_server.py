#!/usr/bin/env python3
"""A small WebSocket feed server for WebViewHost's demo and tests (127.0.0.1 only).

Usage: feed_server.py PORT [--rate N] [--tls-cert PEM --tls-key PEM] [--exit-with-stdin]
  PORT 0 picks a free port. With a certificate and key it serves wss:// instead of ws://.
  The port actually used is printed on stdout as the first line. The server runs until
  it is signalled (SIGTERM, SIGINT, Ctrl+C), also when started in the background with `&`.
  With --exit-with-stdin it also exits when its stdin closes, so a test harness that dies
  cannot leave it behind.

Paths:
  /echo   every text and binary frame is sent back unchanged.
  /stall  the TCP connection is accepted but the handshake never completes.
  /flap   the handshake completes and the connection is closed 100 ms later (code 1001).
  other   the feed: JSON messages below. Binary frames are echoed.

Feed messages from the client (JSON text):
  {"type":"subscribe","topic":T}      start streaming topic T ("prices", "news", "weather")
  {"type":"unsubscribe","topic":T}    stop streaming topic T
  {"type":"echo", ...}                sent back unchanged
  {"type":"whoami"}                   answers with the request path, headers and subprotocol
  {"type":"burst","count":N}          sends {"type":"burst","n":0..N-1} as fast as possible
  {"type":"silent"}                   this connection goes silent: no frames, no pongs
  {"type":"close","code":C,"reason":R} closes this connection cleanly with code C and reason R
  {"type":"drop","refuseMs":M}        aborts every connection now (no close frame) and
                                      answers new handshakes with 503 for M milliseconds
Streamed: {"type":"feed","topic":T,"seq":S,"time":UNIX_SECONDS,"data":{...}}, with a
sequence number per topic and connection, at --rate messages per second per topic.
"""

import argparse
import asyncio
import json
import os
import random
import signal
import ssl
import sys
import threading
import time
from http import HTTPStatus

from websockets.asyncio.server import serve

TOPICS = {
    "prices": lambda seq: {"symbol": random.choice(["ACME", "GLOBEX", "INITECH"]),
                           "price": round(100 + random.uniform(-5, 5), 2)},
    "news": lambda seq: {"headline": f"Headline number {seq}"},
    "weather": lambda seq: {"city": random.choice(["Oslo", "Lima", "Pune"]),
                            "tempC": round(random.uniform(-10, 35), 1)},
}


class FeedServer:
    def __init__(self, rate):
        self.rate = rate
        self.connections = set()
        self.refuse_until = 0.0

    async def process_request(self, connection, request):
        if request.path == "/stall":
            await asyncio.Event().wait()  # never answers; the client's timeout must fire
        if time.monotonic() < self.refuse_until:
            return connection.respond(HTTPStatus.SERVICE_UNAVAILABLE, "refusing for now\n")
        return None

    async def handle(self, ws):
        self.connections.add(ws)
        try:
            if ws.request.path == "/echo":
                async for frame in ws:
                    await ws.send(frame)
            elif ws.request.path == "/flap":
                await asyncio.sleep(0.1)
                await ws.close(1001, "flapping")
            else:
                await Session(self, ws).run()
        except Exception:
            pass  # a dropped peer ends its own session only
        finally:
            self.connections.discard(ws)

    def drop_all(self, refuse_ms):
        self.refuse_until = time.monotonic() + refuse_ms / 1000
        for ws in list(self.connections):
            ws.transport.abort()


class Session:
    """One feed connection: its subscriptions and their streaming tasks."""

    def __init__(self, server, ws):
        self.server = server
        self.ws = ws
        self.streams = {}
        self.silent = False

    async def run(self):
        try:
            async for frame in self.ws:
                if isinstance(frame, bytes):
                    await self.ws.send(frame)
                else:
                    await self.control(frame)
        finally:
            for task in self.streams.values():
                task.cancel()

    async def control(self, text):
        try:
            message = json.loads(text)
            kind = message.get("type")
        except (ValueError, AttributeError):
            await self.ws.send(json.dumps({"type": "error", "message": "not a JSON object"}))
            return
        if kind == "subscribe" and message.get("topic") in TOPICS:
            topic = message["topic"]
            if topic not in self.streams:
                self.streams[topic] = asyncio.create_task(self.stream(topic))
        elif kind == "unsubscribe":
            task = self.streams.pop(message.get("topic"), None)
            if task:
                task.cancel()
        elif kind == "echo":
            await self.ws.send(text)
        elif kind == "whoami":
            await self.ws.send(json.dumps({
                "type": "whoami", "path": self.ws.request.path,
                "headers": dict(self.ws.request.headers.raw_items()),
                "subprotocol": self.ws.subprotocol}))
        elif kind == "burst":
            for n in range(int(message.get("count", 0))):
                await self.ws.send(json.dumps({"type": "burst", "n": n}))
        elif kind == "silent":
            self.silent = True
            self.ws.transport.pause_reading()  # unread pings are never answered
        elif kind == "close":
            await self.ws.close(int(message.get("code", 1000)), str(message.get("reason", "")))
        elif kind == "drop":
            self.server.drop_all(int(message.get("refuseMs", 0)))
        else:
            await self.ws.send(json.dumps({"type": "error", "message": f"unknown message {kind!r}"}))

    async def stream(self, topic):
        seq = 0
        while True:
            if not self.silent:
                await self.ws.send(json.dumps({"type": "feed", "topic": topic, "seq": seq,
                                               "time": time.time(), "data": TOPICS[topic](seq)}))
                seq += 1
            await asyncio.sleep(1 / self.server.rate)


def select_subprotocol(connection, offered):
    """Accepts clients that offer no subprotocol; otherwise picks the first one known."""
    return next((p for p in offered if p in ("feed.v1", "echo.v1")), None)


def exit_when_stdin_closes():
    while sys.stdin.buffer.read(4096):
        pass
    os._exit(0)


def stop_on_signals(stopped):
    """SIGTERM and SIGINT end the server cleanly (exit status 0), also when the process
    that started it had them blocked or ignored (a background job, a test runner)."""
    loop = asyncio.get_running_loop()
    numbers = (signal.SIGTERM, signal.SIGINT)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, numbers)
    for number in numbers:
        loop.add_signal_handler(number, stopped.set)


async def main():
    parser = argparse.ArgumentParser(description="WebSocket feed server on 127.0.0.1")
    parser.add_argument("port", type=int, help="port to listen on; 0 picks a free one")
    parser.add_argument("--rate", type=float, default=5, help="messages per second per topic")
    parser.add_argument("--tls-cert", help="PEM certificate: serve wss:// instead of ws://")
    parser.add_argument("--tls-key", help="PEM private key for --tls-cert")
    parser.add_argument("--exit-with-stdin", action="store_true",
                        help="also exit when stdin closes (for test harnesses)")
    args = parser.parse_args()
    tls = None
    if args.tls_cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(args.tls_cert, args.tls_key)
    feed = FeedServer(args.rate)
    if args.exit_with_stdin:
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    stopped = asyncio.Event()
    stop_on_signals(stopped)
    async with serve(feed.handle, "127.0.0.1", args.port, process_request=feed.process_request,
                     select_subprotocol=select_subprotocol, compression=None, open_timeout=None,
                     ping_interval=None, max_size=None, ssl=tls) as server:
        port = server.sockets[0].getsockname()[1]
        print(port, flush=True)
        await stopped.wait()
    if args.exit_with_stdin:
        os._exit(0)  # the thread still reading stdin would block the interpreter's shutdown


if __name__ == "__main__":
    asyncio.run(main())
