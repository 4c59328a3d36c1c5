"""Exceptions: one class per kind of problem the API answers (RFC 9457 problem details)."""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Type, TypedDict, cast

from ._rate_limit import RateLimit


#: One invalid field of a request: where it is (body, query, path, header), its path, what is wrong.
FieldError = TypedDict("FieldError", {"in": str, "field": str, "message": str})


class EngineryError(Exception):
    """Base of every exception this library raises."""


class APIConnectionError(EngineryError):
    """The server could not be reached, or the connection broke, on every attempt."""


class APITimeoutError(APIConnectionError):
    """No answer came within the timeout, on every attempt."""


class WebhookVerificationError(EngineryError):
    """A webhook's signature, timestamp or payload is not valid."""


class ApiError(EngineryError):
    """An error answer from the API. Subclasses name the common kinds; this class is the rest."""

    def __init__(
        self,
        status: int,
        body: Dict[str, Any],
        headers: Mapping[str, str],
        rate_limit: Optional[RateLimit] = None,
    ) -> None:
        self.status = status
        self.body = body
        self.headers = dict(headers)
        self.code: Optional[str] = _str(body.get("code"))
        self.title: Optional[str] = _str(body.get("title"))
        self.detail: str = _str(body.get("detail")) or self.title or f"HTTP {status}"
        self.request_id: Optional[str] = _str(body.get("request_id")) or self.headers.get("x-request-id")
        self.rate_limit = rate_limit
        super().__init__(f"{status} {self.code or 'error'}: {self.detail}" + (f" (request {self.request_id})" if self.request_id else ""))


class ValidationError(ApiError):
    """400 validation_failed / invalid_json: `errors` names each invalid field."""

    @property
    def errors(self) -> List[FieldError]:
        errors = self.body.get("errors")
        return [cast(FieldError, e) for e in errors if isinstance(e, dict)] if isinstance(errors, list) else []


class AuthenticationError(ApiError):
    """401: the API key is missing, malformed, unknown, revoked or expired."""


class PermissionError(ApiError):  # noqa: A001 - the API's name for it; also exported as PermissionDeniedError
    """403: the key lacks a permission the request needs."""


PermissionDeniedError = PermissionError


class NotFoundError(ApiError):
    """404: no such object in this organization (or no such route)."""


class ConflictError(ApiError):
    """409: the object's state forbids the change, it already exists, or the same idempotency key is still running."""


class RateLimitError(ApiError):
    """429: the key spent its allowance; `retry_after` says in how many seconds to try again."""

    @property
    def retry_after(self) -> Optional[float]:
        return _seconds(self.headers.get("retry-after"))


def error_for(status: int, body: Dict[str, Any], headers: Mapping[str, str], rate_limit: Optional[RateLimit]) -> ApiError:
    """The exception for an error answer, chosen by its status."""
    return _BY_STATUS.get(status, ApiError)(status, body, headers, rate_limit)


_BY_STATUS: Dict[int, Type[ApiError]] = {
    400: ValidationError,
    401: AuthenticationError,
    403: PermissionError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


def _str(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


def _seconds(value: Optional[str]) -> Optional[float]:
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None
