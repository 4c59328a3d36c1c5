"""The HTTP half every resource method goes through: requests, retries, errors."""
from __future__ import annotations

import http.client
import json
import random
import socket
import ssl
import threading
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Tuple, TypeVar

from ._rate_limit import RateLimit
from .errors import APIConnectionError, ApiError, APITimeoutError, error_for
from .pagination import Page

__version__ = "0.1.0"

T = TypeVar("T")


class NotGiven:
    """Marks an argument left out (not sent), as opposed to None (sent as JSON null)."""

    _instance: Optional["NotGiven"] = None

    def __new__(cls) -> "NotGiven":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()


@dataclass(frozen=True)
class Response:
    """What the last answer said besides its body: status, headers (lower-case names), request id, rate limit."""

    status: int
    headers: Dict[str, str]
    request_id: Optional[str]
    rate_limit: Optional[RateLimit]


@dataclass(frozen=True)
class RawResponse:
    """An answer the OpenAPI document does not describe (an edge function's own response), as it came."""

    status: int
    headers: Dict[str, str]
    content: bytes = field(repr=False)

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return json.loads(self.content) if self.content else None


# Retried: the connection failed, the same idempotency key is still running, too many requests, server errors.
_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
_RETRY_CONFLICT_CODES = frozenset({"idempotency_key_in_progress"})
_MAX_RETRY_AFTER = 60.0


def _quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def _quote_path(value: str) -> str:
    """A sub-path (orders/42): each segment quoted, the slashes between them kept."""
    return urllib.parse.quote(value.lstrip("/"), safe="/")


def _query_string(query: Optional[Mapping[str, Any]]) -> str:
    if not query:
        return ""
    pairs = []
    for key, value in query.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        pairs.append((key, str(value)))
    return "?" + urllib.parse.urlencode(pairs) if pairs else ""


def _json_body(body: Any) -> Optional[bytes]:
    if isinstance(body, NotGiven):
        return None
    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if not isinstance(v, NotGiven)}
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


class Transport:
    """Sends one logical request, retrying it with backoff and jitter, and turns error answers into exceptions."""

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str,
        timeout: float,
        max_retries: int,
        initial_retry_delay: float = 0.5,
        max_retry_delay: float = 8.0,
        user_agent: str = f"enginery-python/{__version__}",
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        parsed = urllib.parse.urlsplit(base_url.rstrip("/"))
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ValueError(f"base_url must be an http(s) URL, got {base_url!r}")
        self.api_key = api_key
        self._scheme = parsed.scheme
        self._host = parsed.hostname
        self._port = parsed.port
        self._prefix = parsed.path
        self.timeout = timeout
        self.max_retries = max_retries
        self.initial_retry_delay = initial_retry_delay
        self.max_retry_delay = max_retry_delay
        self.user_agent = user_agent
        self._sleep = sleep
        self._local = threading.local()
        self._tls = ssl.create_default_context() if self._scheme == "https" else None
        #: The last answer's status, headers and rate limit (None before the first request).
        self.last_response: Optional[Response] = None

    def request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        status, headers, content = self.send(method, path, query=query, body=body, idempotency_key=idempotency_key)
        if status >= 400:
            raise self._error(status, headers, content)
        return json.loads(content) if content else None

    def raw(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
    ) -> RawResponse:
        status, headers, content = self.send(method, path, query=query, body=body, idempotency_key=idempotency_key)
        if status >= 400 and headers.get("content-type", "").startswith("application/problem+json"):
            raise self._error(status, headers, content)
        return RawResponse(status, headers, content)

    def send(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
    ) -> Tuple[int, Dict[str, str], bytes]:
        """One logical request: the same bytes and, for POST, the same Idempotency-Key on every attempt."""
        status, headers, content, _ = self._send(method, path, query=query, body=body, idempotency_key=idempotency_key)
        return status, headers, content

    def stream(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
    ) -> Iterator[Dict[str, Any]]:
        """A request answered with Server-Sent Events: each as {"event", "data"} (data parsed), in order.

        The request is sent (and retried) at once, so a problem before the stream begins is raised here; an
        `error` event (the operation failed after it began) is raised as the ApiError its problem names. A
        JSON answer instead (an idempotent replay of a finished stream) is its final event, `done`. The
        timeout bounds each wait for the next event.
        """
        status, headers, content, response = self._send(method, path, query=query, body=body, idempotency_key=idempotency_key, stream=True)
        if status >= 400:
            raise self._error(status, headers, content)
        if response is None:
            return iter([{"event": "done", "data": json.loads(content) if content else None}])
        return self._events(response, headers)

    def _events(self, response: http.client.HTTPResponse, headers: Mapping[str, str]) -> Iterator[Dict[str, Any]]:
        try:
            for event, data in _server_sent_events(response):
                parsed = json.loads(data)
                if event == "error":
                    problem = parsed if isinstance(parsed, dict) else {}
                    raise error_for(int(problem.get("status", 500)), problem, headers, RateLimit.from_headers(headers))
                yield {"event": event, "data": parsed}
        finally:
            # The stream's own connection (see _attempt): closed at its end, or when it is left early.
            response.close()

    def _send(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
        stream: bool = False,
    ) -> Tuple[int, Dict[str, str], bytes, Optional[http.client.HTTPResponse]]:
        payload = _json_body(body)
        headers = {
            "Authorization": f"Bearer {self.api_key}",
            "Accept": "text/event-stream, application/json" if stream else "application/json",
            "User-Agent": self.user_agent,
        }
        if payload is not None:
            headers["Content-Type"] = "application/json"
        if method == "POST":
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        target = self._prefix + path + _query_string(query)
        attempt = 0
        while True:
            try:
                status, response_headers, content, streaming = self._attempt(method, target, headers, payload, stream)
            except (OSError, http.client.HTTPException) as error:
                if attempt >= self.max_retries:
                    failure = APITimeoutError if isinstance(error, TimeoutError) else APIConnectionError
                    raise failure(f"{method} {path}: {error}") from error
                self._sleep(self._backoff(attempt, None))
                attempt += 1
                continue
            self.last_response = Response(status, response_headers, response_headers.get("x-request-id"), RateLimit.from_headers(response_headers))
            if attempt < self.max_retries and self._retryable(status, response_headers, content):
                self._sleep(self._backoff(attempt, response_headers.get("retry-after")))
                attempt += 1
                continue
            return status, response_headers, content, streaming

    def _attempt(
        self, method: str, target: str, headers: Mapping[str, str], payload: Optional[bytes], stream: bool = False
    ) -> Tuple[int, Dict[str, str], bytes, Optional[http.client.HTTPResponse]]:
        """One exchange, on this thread's kept-alive connection when it has one; an event stream's body is left to read."""
        for _ in range(2):
            connection, reused = self._connection()
            try:
                connection.request(method, target, body=payload, headers=dict(headers))
                response = connection.getresponse()
                response_headers = {k.lower(): v for k, v in response.getheaders()}
                if stream and 200 <= response.status < 300 and response_headers.get("content-type", "").startswith("text/event-stream"):
                    # The stream owns this connection until it ends: the thread's next request opens another,
                    # even if the stream is never read (a generator never started runs no cleanup).
                    self._local.connection = None
                    return response.status, response_headers, b"", response
                content = response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self._drop_connection()
                # The server closed a kept-alive connection before reading this request: once more on a new one.
                if reused:
                    continue
                raise
            except (socket.timeout, TimeoutError) as error:
                self._drop_connection()
                raise TimeoutError(f"no answer within {self.timeout} s") from error
            except BaseException:
                self._drop_connection()
                raise
            if response.will_close:
                self._drop_connection()
            return response.status, response_headers, content, None
        raise http.client.RemoteDisconnected("the server closed the connection twice")

    def _connection(self) -> Tuple[http.client.HTTPConnection, bool]:
        """This thread's connection (http.client connections are not shared between threads), and whether it was used before."""
        existing: Optional[http.client.HTTPConnection] = getattr(self._local, "connection", None)
        if existing is not None:
            return existing, True
        connection: http.client.HTTPConnection
        if self._scheme == "https":
            connection = http.client.HTTPSConnection(self._host, self._port, timeout=self.timeout, context=self._tls)
        else:
            connection = http.client.HTTPConnection(self._host, self._port, timeout=self.timeout)
        self._local.connection = connection
        return connection, False

    def _drop_connection(self) -> None:
        connection: Optional[http.client.HTTPConnection] = getattr(self._local, "connection", None)
        self._local.connection = None
        if connection is not None:
            connection.close()

    def close(self) -> None:
        """Closes this thread's kept-alive connection (others close when their threads end)."""
        self._drop_connection()

    def _retryable(self, status: int, headers: Mapping[str, str], content: bytes) -> bool:
        if status in _RETRY_STATUSES:
            return True
        if status == 409:
            return _problem(content).get("code") in _RETRY_CONFLICT_CODES
        return False

    def _backoff(self, attempt: int, retry_after: Optional[str]) -> float:
        """Exponential backoff with full jitter; a Retry-After the server sent is honoured (within reason)."""
        if retry_after is not None:
            try:
                return min(max(0.0, float(retry_after)), _MAX_RETRY_AFTER) + random.uniform(0, 0.1)
            except ValueError:
                pass
        ceiling = min(self.max_retry_delay, self.initial_retry_delay * (2 ** attempt))
        return random.uniform(ceiling / 2, ceiling)

    def _error(self, status: int, headers: Mapping[str, str], content: bytes) -> ApiError:
        body = _problem(content)
        if not body:
            body = {"detail": content.decode("utf-8", errors="replace")[:500] or f"HTTP {status}"}
        return error_for(status, body, headers, RateLimit.from_headers(headers))


def _server_sent_events(response: http.client.HTTPResponse) -> Iterator[Tuple[str, str]]:
    """(event, data) per event of a text/event-stream body: data lines joined, comments and ids skipped."""
    event = ""
    data: List[str] = []
    while True:
        raw = response.readline()
        if not raw:
            return
        line = raw.decode("utf-8").rstrip("\r\n")
        if line == "":
            if data:
                yield event or "message", "\n".join(data)
            event, data = "", []
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "event":
            event = value
        elif name == "data":
            data.append(value)


def _problem(content: bytes) -> Dict[str, Any]:
    try:
        parsed = json.loads(content)
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


class Resource:
    """Base of the generated resource classes."""

    def __init__(self, transport: Transport) -> None:
        self._transport = transport

    def _request(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
    ) -> Any:
        return self._transport.request(method, path, query=query, body=body, idempotency_key=idempotency_key)

    def _raw(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
    ) -> RawResponse:
        return self._transport.raw(method, path, query=query, body=body, idempotency_key=idempotency_key)

    def _stream(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Mapping[str, Any]] = None,
        body: Any = NOT_GIVEN,
        idempotency_key: Optional[str] = None,
    ) -> Iterator[Any]:
        return self._transport.stream(method, path, query=query, body=body, idempotency_key=idempotency_key)

    def _list(self, path: str, query: Optional[Mapping[str, Any]]) -> Page[Any]:
        params: Dict[str, Any] = dict(query or {})

        def fetch(page: int) -> Page[Any]:
            return Page(self._request("GET", path, query={**params, "page": page}), fetch)

        return Page(self._request("GET", path, query=params), fetch)


__all__ = ["NOT_GIVEN", "NotGiven", "RawResponse", "Resource", "Response", "Transport"]
