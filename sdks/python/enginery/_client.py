from __future__ import annotations

import os
from typing import Optional

from ._base import Response, Transport
from ._rate_limit import RateLimit
from ._resources import Resources
from .webhooks import Webhooks

DEFAULT_BASE_URL = "http://localhost:8080"


class Enginery(Resources):
    """A client of the Enginery API.

    `api_key` defaults to $ENGINERY_API_KEY and `base_url` to $ENGINERY_URL (else
    http://localhost:8080). `timeout` is per attempt, in seconds; `max_retries`
    is how many more times a request is tried after a connection error, a 409
    idempotency conflict, a 429 or a 5xx (a POST keeps its Idempotency-Key).
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        *,
        base_url: Optional[str] = None,
        timeout: float = 30.0,
        max_retries: int = 2,
        webhook_tolerance: int = 300,
    ) -> None:
        key = api_key or os.environ.get("ENGINERY_API_KEY")
        if not key:
            raise ValueError("an API key is needed: Enginery(api_key='ek_live_...') or $ENGINERY_API_KEY")
        if max_retries < 0:
            raise ValueError("max_retries must be 0 or more")
        self._transport = Transport(
            api_key=key,
            base_url=base_url or os.environ.get("ENGINERY_URL") or DEFAULT_BASE_URL,
            timeout=timeout,
            max_retries=max_retries,
        )
        self.webhooks = Webhooks(webhook_tolerance)
        super().__init__(self._transport)

    def close(self) -> None:
        """Closes the kept-alive connection; the client opens a new one if used again."""
        self._transport.close()

    def __enter__(self) -> "Enginery":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def last_response(self) -> Optional[Response]:
        """Status, headers, request id and rate limit of the last answer this client received."""
        return self._transport.last_response

    @property
    def rate_limit(self) -> Optional[RateLimit]:
        """The key's rate-limit state as of the last answer."""
        last = self._transport.last_response
        return last.rate_limit if last else None
