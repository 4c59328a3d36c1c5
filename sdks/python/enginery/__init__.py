"""The Enginery API client: `from enginery import Enginery`."""
from . import types, webhooks
from ._base import NOT_GIVEN, NotGiven, RawResponse, Response, __version__
from ._client import Enginery
from ._rate_limit import RateLimit
from .errors import (
    APIConnectionError,
    ApiError,
    APITimeoutError,
    AuthenticationError,
    ConflictError,
    EngineryError,
    FieldError,
    NotFoundError,
    PermissionDeniedError,
    PermissionError,
    RateLimitError,
    ValidationError,
    WebhookVerificationError,
)
from .pagination import Page, PageMeta

__all__ = [
    "APIConnectionError",
    "ApiError",
    "APITimeoutError",
    "AuthenticationError",
    "ConflictError",
    "Enginery",
    "EngineryError",
    "FieldError",
    "NOT_GIVEN",
    "NotFoundError",
    "NotGiven",
    "Page",
    "PageMeta",
    "PermissionDeniedError",
    "PermissionError",
    "RateLimit",
    "RateLimitError",
    "RawResponse",
    "Response",
    "ValidationError",
    "WebhookVerificationError",
    "__version__",
    "types",
    "webhooks",
]
