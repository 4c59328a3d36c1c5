"""Webhook signatures per Standard Webhooks (https://www.standardwebhooks.com).

The API signs `"<webhook-id>.<webhook-timestamp>.<body>"` with HMAC-SHA256,
keyed with the bytes after `whsec_` (base64), and sends
`webhook-signature: v1,<base64>`; during a secret rotation it sends one
signature per valid secret, space-separated.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
import uuid
from typing import Dict, Mapping, Optional, Sequence, Union, cast

from .errors import WebhookVerificationError
from .types import Event

#: How far a webhook's timestamp may be from now, in seconds, before it is refused (replays).
DEFAULT_TOLERANCE = 300

_PREFIX = "whsec_"


def _key(secret: str) -> bytes:
    encoded = secret[len(_PREFIX):] if secret.startswith(_PREFIX) else secret
    try:
        return base64.b64decode(encoded, validate=True)
    except ValueError as error:
        raise ValueError("a webhook secret is whsec_ followed by base64") from error


def _signature(key: bytes, msg_id: str, timestamp: int, payload: bytes) -> bytes:
    message = msg_id.encode() + b"." + str(timestamp).encode() + b"." + payload
    return base64.b64encode(hmac.new(key, message, hashlib.sha256).digest())


def _bytes(payload: Union[str, bytes]) -> bytes:
    return payload.encode("utf-8") if isinstance(payload, str) else payload


def _header(headers: Mapping[str, str], name: str) -> str:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    raise WebhookVerificationError(f"missing {name} header")


def verify(
    payload: Union[str, bytes],
    headers: Mapping[str, str],
    secret: Union[str, Sequence[str]],
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    now: Optional[float] = None,
) -> Event:
    """Checks a delivery and returns its event; raises WebhookVerificationError if it is not genuine.

    `payload` is the request body exactly as received (bytes or str, not re-encoded JSON).
    `secret` may be several secrets (yours during your own rotation); one matching signature suffices.
    """
    body = _bytes(payload)
    msg_id = _header(headers, "webhook-id")
    timestamp_text = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    try:
        timestamp = int(timestamp_text)
    except ValueError as error:
        raise WebhookVerificationError("webhook-timestamp is not a number") from error
    current = time.time() if now is None else now
    if abs(current - timestamp) > tolerance:
        raise WebhookVerificationError(f"webhook-timestamp is more than {tolerance} s away from now")
    secrets = [secret] if isinstance(secret, str) else list(secret)
    expected = [_signature(_key(s), msg_id, timestamp, body) for s in secrets]
    given = [part.split(",", 1)[1].encode() for part in signatures.split() if part.startswith("v1,")]
    # Every pair is compared (no early exit) in constant time.
    matched = False
    for candidate in given:
        for signature in expected:
            matched |= hmac.compare_digest(candidate, signature)
    if not matched:
        raise WebhookVerificationError("no signature matches")
    try:
        event = json.loads(body)
    except ValueError as error:
        raise WebhookVerificationError("the payload is not JSON") from error
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise WebhookVerificationError("the payload is not an event")
    return cast(Event, event)


def sign(
    payload: Union[str, bytes],
    secret: Union[str, Sequence[str]],
    *,
    msg_id: Optional[str] = None,
    timestamp: Optional[int] = None,
) -> Dict[str, str]:
    """The headers a delivery of `payload` would carry, signed with each secret: for your tests."""
    secrets = [secret] if isinstance(secret, str) else list(secret)
    msg_id = msg_id or f"msg_{uuid.uuid4().hex}"
    timestamp = int(time.time()) if timestamp is None else timestamp
    body = _bytes(payload)
    signatures = " ".join("v1," + _signature(_key(s), msg_id, timestamp, body).decode() for s in secrets)
    return {"webhook-id": msg_id, "webhook-timestamp": str(timestamp), "webhook-signature": signatures}


def generate_secret() -> str:
    """A new secret in the API's format, for tests."""
    return _PREFIX + base64.b64encode(uuid.uuid4().bytes + uuid.uuid4().bytes).decode()


class Webhooks:
    """`client.webhooks`: verify and sign, with the client's default tolerance."""

    def __init__(self, tolerance: int = DEFAULT_TOLERANCE) -> None:
        self.tolerance = tolerance

    def verify(self, payload: Union[str, bytes], headers: Mapping[str, str], secret: Union[str, Sequence[str]]) -> Event:
        return verify(payload, headers, secret, tolerance=self.tolerance)

    def sign(self, payload: Union[str, bytes], secret: Union[str, Sequence[str]], *, msg_id: Optional[str] = None, timestamp: Optional[int] = None) -> Dict[str, str]:
        return sign(payload, secret, msg_id=msg_id, timestamp=timestamp)
