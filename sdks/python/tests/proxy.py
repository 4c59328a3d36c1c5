"""A tiny HTTP proxy for the retry tests: it can lose an answer or make one up, connection by connection."""
from __future__ import annotations

import socket
import threading
import urllib.parse
from typing import Callable, List, Tuple


def read_message(sock: socket.socket) -> bytes:
    """One HTTP/1.1 message (head and a Content-Length body) from a socket."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def header(message: bytes, name: str) -> str:
    for line in message.split(b"\r\n\r\n")[0].split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == name.lower().encode():
            return value.strip().decode()
    return ""


# Answers the proxy makes up itself, without asking the server: status line and problem code.
MADE_UP = {
    "503": ("503 Service Unavailable", "service_unavailable"),
    "409-in-progress": ("409 Conflict", "idempotency_key_in_progress"),
    "409-conflict": ("409 Conflict", "conflict"),
}


class Proxy:
    """Forwards each connection's one request to `upstream`; `plan(n)` says what to do with the n-th (from 0):
    "pass" answers, "drop" forwards the request and closes the connection without the answer,
    a key of MADE_UP answers that itself without forwarding."""

    def __init__(self, upstream: str, plan: Callable[[int], str]) -> None:
        parsed = urllib.parse.urlsplit(upstream)
        self.upstream: Tuple[str, int] = (parsed.hostname or "127.0.0.1", parsed.port or 80)
        self.plan = plan
        self.requests: List[bytes] = []
        self._server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._server.getsockname()[1]}"
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._server.close()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            index = len(self.requests)
            with conn:
                request = read_message(conn)
                self.requests.append(request)
                action = self.plan(index)
                if action in MADE_UP:
                    status, code = MADE_UP[action]
                    body = ('{"type":"/problems/%s","title":"%s","status":%d,"detail":"try again","code":"%s","request_id":"req_proxy"}' % (code, status, int(status[:3]), code)).encode()
                    conn.sendall(
                        b"HTTP/1.1 " + status.encode() + b"\r\nRetry-After: 0\r\nContent-Type: application/problem+json\r\n"
                        + b"Content-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body
                    )
                    continue
                with socket.create_connection(self.upstream) as upstream:
                    upstream.sendall(request)
                    response = read_message(upstream)
                if action == "pass":
                    conn.sendall(response)
                # "drop": the server acted, the client never hears of it.
