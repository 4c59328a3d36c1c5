"""examples/quickstart.py runs against the real server as written."""
from __future__ import annotations

import contextlib
import io
import os
import sys
import unittest
from unittest import mock

from enginery import webhooks

from .support import base_url, client, env

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))
import quickstart  # noqa: E402


class Quickstart(unittest.TestCase):
    def test_main_runs(self) -> None:
        output = io.StringIO()
        with mock.patch.dict(os.environ, {"ENGINERY_API_KEY": env("ENGINERY_TEST_KEY"), "ENGINERY_URL": base_url()}), contextlib.redirect_stdout(output):
            quickstart.main()
        self.assertIn("404 not_found req_", output.getvalue())

    def test_bill_and_overdue_total(self) -> None:
        invoice = quickstart.bill(client())
        self.assertEqual((invoice["status"], invoice["amount_due"]), ("open", 1000.0))
        self.assertIsInstance(quickstart.overdue_total(client()), float)

    def test_handle_webhook(self) -> None:
        secret = webhooks.generate_secret()
        body = b'{"type": "invoice.paid", "data": {"object": {"id": "inv_1"}}}'
        self.assertEqual(quickstart.handle_webhook(body, webhooks.sign(body, secret), secret), "invoice.paid inv_1")
