from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional


@dataclass(frozen=True)
class RateLimit:
    """The key's rate-limit state as of one response (X-RateLimit-* headers)."""

    limit: int
    remaining: int
    #: Seconds until the allowance is full again.
    reset: float

    @staticmethod
    def from_headers(headers: Mapping[str, str]) -> Optional["RateLimit"]:
        try:
            return RateLimit(
                limit=int(headers["x-ratelimit-limit"]),
                remaining=int(headers["x-ratelimit-remaining"]),
                reset=float(headers["x-ratelimit-reset"]),
            )
        except (KeyError, ValueError):
            return None
