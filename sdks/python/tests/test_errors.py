"""An exception per kind of problem, carrying status, code, detail and request id."""
from __future__ import annotations

import unittest
import uuid

from enginery import (
    ApiError,
    AuthenticationError,
    ConflictError,
    Enginery,
    NotFoundError,
    PermissionError,
    RateLimitError,
    ValidationError,
)

from .support import base_url, client, unique


class Errors(unittest.TestCase):
    def test_validation_error_names_each_field(self) -> None:
        with self.assertRaises(ValidationError) as caught:
            client().invoices.create(client="Initech", amount=-5, currency="usd", due_date="2030-01-01")
        error = caught.exception
        self.assertEqual((error.status, error.code), (400, "validation_failed"))
        self.assertEqual(sorted(e["field"] for e in error.errors), ["amount", "currency"])
        self.assertTrue(all(e["in"] == "body" for e in error.errors))
        self.assertTrue(error.request_id and error.request_id.startswith("req_"))
        self.assertIn("invalid", error.detail)

    def test_authentication_error(self) -> None:
        bad = Enginery(api_key="ek_live_not-a-real-key", base_url=base_url())
        with self.assertRaises(AuthenticationError) as caught:
            bad.me.get()
        self.assertEqual(caught.exception.status, 401)
        self.assertEqual(caught.exception.code, "invalid_api_key")

    def test_permission_error(self) -> None:
        with self.assertRaises(PermissionError) as caught:
            client("ENGINERY_TEST_READ_ONLY_KEY").invoices.create(client="X", amount=1, currency="USD", due_date="2030-01-01")
        self.assertEqual((caught.exception.status, caught.exception.code), (403, "insufficient_permission"))
        self.assertIsInstance(caught.exception, ApiError)
        # Reads still work with that key.
        read_only = client("ENGINERY_TEST_READ_ONLY_KEY").me.get()["api_key"]
        assert read_only is not None
        self.assertEqual(read_only["kind"], "read_only")

    def test_not_found_error(self) -> None:
        with self.assertRaises(NotFoundError) as caught:
            client().invoices.get("inv_01jd8z6q4m2c8v3t5y7w9x0a1b")
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))
        self.assertTrue(caught.exception.request_id)

    def test_conflict_error_is_not_retried(self) -> None:
        c = client(max_retries=3)
        invoice = c.invoices.create(client=unique("Twice"), amount=5, currency="USD", due_date="2030-01-01")
        c.invoices.finalize(invoice["id"])
        with self.assertRaises(ConflictError) as caught:
            c.invoices.finalize(invoice["id"])
        self.assertEqual((caught.exception.status, caught.exception.code), (409, "invalid_state_transition"))

    def test_other_problems_are_api_errors(self) -> None:
        c = client()
        key = str(uuid.uuid4())
        c.invoices.create(client=unique("Same"), amount=5, currency="USD", due_date="2030-01-01", idempotency_key=key)
        with self.assertRaises(ApiError) as caught:
            c.invoices.create(client=unique("Other"), amount=5, currency="USD", due_date="2030-01-01", idempotency_key=key)
        error = caught.exception
        self.assertIs(type(error), ApiError)
        self.assertEqual((error.status, error.code), (422, "idempotency_key_reused"))
        self.assertIn("422 idempotency_key_reused", str(error))

    def test_rate_limit_error(self) -> None:
        c = client("ENGINERY_TEST_FREE_KEY", max_retries=0)
        caught = None
        for _ in range(300):
            try:
                c.me.get()
            except RateLimitError as error:
                caught = error
                break
        assert caught is not None, "the free plan's allowance never ran out"
        self.assertEqual((caught.status, caught.code), (429, "rate_limited"))
        self.assertIsNotNone(caught.retry_after)
        assert caught.retry_after is not None and caught.rate_limit is not None
        self.assertGreater(caught.retry_after, 0)
        self.assertEqual(caught.rate_limit.remaining, 0)
        self.assertEqual(caught.rate_limit.limit, 100)
