"""Webhook verification per Standard Webhooks, on real deliveries from the server's dispatcher."""
from __future__ import annotations

import http.server
import json
import threading
import time
import unittest
from typing import Dict, List, Tuple

from enginery import WebhookVerificationError, webhooks

from .support import client, unique

Delivery = Tuple[Dict[str, str], bytes]


class Receiver:
    """A local endpoint that records what it is sent and answers 200."""

    def __init__(self) -> None:
        self.deliveries: List[Delivery] = []
        received = self.deliveries

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/hooks"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def wait_for(self, needle: str, timeout: float = 20.0) -> Delivery:
        deadline = time.time() + timeout
        while time.time() < deadline:
            for delivery in list(self.deliveries):
                if needle.encode() in delivery[1]:
                    return delivery
            time.sleep(0.05)
        raise AssertionError(f"no delivery mentioning {needle} within {timeout} s")

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


class RealDeliveries(unittest.TestCase):
    def test_verifies_deliveries_made_by_the_dispatcher_through_a_secret_rotation(self) -> None:
        c = client()
        receiver = Receiver()
        try:
            endpoint = c.webhook_endpoints.create(url=receiver.url, events=["invoice.*"], description=unique("sdk"))
            secret = endpoint["secret"]
            self.assertTrue(secret.startswith("whsec_"))
            invoice = c.invoices.create(client=unique("Hooked"), amount=5, currency="USD", due_date="2030-01-01")
            headers, body = receiver.wait_for(invoice["id"])
            event = c.webhooks.verify(body, headers, secret)
            self.assertEqual(event["type"], "invoice.created")
            self.assertEqual(event["data"]["object"]["id"], invoice["id"])
            self.assertEqual(event["id"], headers["webhook-id"])
            # The same delivery, as text, verifies too; altered, or with another secret, it does not.
            self.assertEqual(webhooks.verify(body.decode(), headers, secret)["id"], event["id"])
            with self.assertRaises(WebhookVerificationError):
                c.webhooks.verify(body.replace(b'"amount":5', b'"amount":6'), headers, secret)
            with self.assertRaises(WebhookVerificationError):
                c.webhooks.verify(body, headers, webhooks.generate_secret())

            # During a rotation both secrets sign: each one verifies, alone or among others.
            rotated = c.webhook_endpoints.rotate_secret(endpoint["id"], expires_in_hours=1)
            self.assertNotEqual(rotated["secret"], secret)
            c.invoices.finalize(invoice["id"])
            headers, body = receiver.wait_for('"invoice.finalized"')
            self.assertEqual(len(headers["webhook-signature"].split()), 2)
            for candidate in (secret, rotated["secret"], [webhooks.generate_secret(), rotated["secret"]]):
                self.assertEqual(c.webhooks.verify(body, headers, candidate)["type"], "invoice.finalized")

            deliveries = c.webhook_endpoints.list_deliveries(endpoint["id"])
            self.assertGreaterEqual(deliveries.meta["total"], 2)
            delivered = next(d for d in deliveries.auto_paging_iter() if d["event_id"] == event["id"])
            attempts = c.webhook_endpoints.list_attempts(endpoint["id"], delivered["id"])
            self.assertGreaterEqual(attempts.meta["total"], 1)
            resent = c.webhook_endpoints.resend_delivery(endpoint["id"], delivered["id"])
            self.assertEqual(resent["id"], delivered["id"])
            ping = c.webhook_endpoints.test(endpoint["id"])
            receiver.wait_for(ping["event_id"])
            self.assertEqual(c.webhook_endpoints.get(endpoint["id"])["url"], receiver.url)
            self.assertEqual(c.webhook_endpoints.update(endpoint["id"], description="renamed")["description"], "renamed")
            self.assertIn(endpoint["id"], [e["id"] for e in c.webhook_endpoints.list(per_page=100)])
            self.assertTrue(c.webhook_endpoints.delete(endpoint["id"])["deleted"])
        finally:
            receiver.close()


class Verification(unittest.TestCase):
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    payload = json.dumps({"id": "evt_1", "type": "invoice.paid", "data": {"object": {"id": "inv_1"}}})

    def test_sign_then_verify(self) -> None:
        headers = webhooks.sign(self.payload, self.secret, msg_id="evt_1")
        self.assertEqual(webhooks.verify(self.payload, headers, self.secret)["type"], "invoice.paid")

    def test_known_signature(self) -> None:
        # Standard Webhooks' published example: this id, timestamp, body and secret give this signature.
        body = '{"test": 2432232314}'
        headers = {"webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330", "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="}
        self.assertEqual(webhooks.sign(body, self.secret, msg_id=headers["webhook-id"], timestamp=1614265330), headers)
        # Genuine, but not one of our events (no type): refused as such, after the signature passed.
        with self.assertRaisesRegex(WebhookVerificationError, "not an event"):
            webhooks.verify(body, headers, self.secret, now=1614265330 + 10)

    def test_timestamps_outside_the_tolerance_are_refused(self) -> None:
        old = int(time.time()) - 600
        headers = webhooks.sign(self.payload, self.secret, timestamp=old)
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(self.payload, headers, self.secret)
        self.assertEqual(webhooks.verify(self.payload, headers, self.secret, tolerance=900)["type"], "invoice.paid")
        future = webhooks.sign(self.payload, self.secret, timestamp=int(time.time()) + 600)
        with self.assertRaises(WebhookVerificationError):
            webhooks.verify(self.payload, future, self.secret)

    def test_missing_or_malformed_headers_are_refused(self) -> None:
        headers = webhooks.sign(self.payload, self.secret)
        for broken in (
            {k: v for k, v in headers.items() if k != "webhook-signature"},
            {**headers, "webhook-timestamp": "soon"},
            {**headers, "webhook-signature": "v2," + headers["webhook-signature"][3:]},
        ):
            with self.assertRaises(WebhookVerificationError):
                webhooks.verify(self.payload, broken, self.secret)

    def test_header_names_are_case_insensitive(self) -> None:
        headers = {k.title(): v for k, v in webhooks.sign(self.payload, self.secret).items()}
        self.assertEqual(webhooks.verify(self.payload.encode(), headers, self.secret)["data"]["object"]["id"], "inv_1")
