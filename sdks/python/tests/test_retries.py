"""Retries with backoff: lost answers, 5xx and 429, one Idempotency-Key per logical POST."""
from __future__ import annotations

import time
import unittest
from typing import List

import socket

from enginery import APIConnectionError, APITimeoutError, ConflictError, RateLimitError

from .proxy import Proxy, header
from .support import base_url, client, unique


class Retries(unittest.TestCase):
    def test_a_lost_answer_is_retried_with_the_same_idempotency_key_and_acts_once(self) -> None:
        proxy = Proxy(base_url(), lambda n: "drop" if n == 0 else "pass")
        try:
            c = client(base_url=proxy.url, max_retries=2)
            name = unique("Dropped")
            invoice = c.invoices.create(client=name, amount=42, currency="USD", due_date="2030-01-01")
            self.assertEqual(invoice["client"], name)
            self.assertEqual(len(proxy.requests), 2)
            keys = {header(r, "idempotency-key") for r in proxy.requests}
            self.assertEqual(len(keys), 1)
            self.assertTrue(keys.pop())
            # The retry got the first attempt's answer replayed; the invoice exists once.
            assert c.last_response is not None
            self.assertEqual(c.last_response.headers.get("idempotent-replayed"), "true")
            self.assertEqual(client().invoices.list(client=name).meta["total"], 1)
        finally:
            proxy.close()

    def test_connections_are_kept_alive_and_a_closed_one_is_replaced(self) -> None:
        with client() as c:
            c.me.get()
            first = c._transport._local.connection
            c.me.get()
            self.assertIs(c._transport._local.connection, first)
        # This proxy closes every connection after one answer: each next request finds it closed, and goes on a new one.
        proxy = Proxy(base_url(), lambda n: "pass")
        try:
            c = client(base_url=proxy.url, max_retries=0)
            for _ in range(3):
                self.assertEqual(c.me.get()["object"], "me")
            self.assertEqual(len(proxy.requests), 3)
        finally:
            proxy.close()

    def test_each_logical_post_has_its_own_key(self) -> None:
        proxy = Proxy(base_url(), lambda n: "pass")
        try:
            c = client(base_url=proxy.url)
            for _ in range(2):
                c.invoices.create(client=unique("Two"), amount=1, currency="USD", due_date="2030-01-01")
            self.assertEqual(len({header(r, "idempotency-key") for r in proxy.requests}), 2)
        finally:
            proxy.close()

    def test_without_retries_a_lost_answer_is_a_connection_error(self) -> None:
        proxy = Proxy(base_url(), lambda n: "drop")
        try:
            c = client(base_url=proxy.url, max_retries=0)
            name = unique("Lost")
            with self.assertRaises(APIConnectionError):
                c.invoices.create(client=name, amount=1, currency="USD", due_date="2030-01-01")
            self.assertEqual(len(proxy.requests), 1)
            self.assertEqual(client().invoices.list(client=name).meta["total"], 1)
        finally:
            proxy.close()

    def test_5xx_is_retried_with_backoff(self) -> None:
        proxy = Proxy(base_url(), lambda n: "503" if n < 2 else "pass")
        try:
            c = client(base_url=proxy.url, max_retries=2)
            slept: List[float] = []
            c._transport._sleep = slept.append
            name = unique("Flaky")
            c.invoices.create(client=name, amount=1, currency="USD", due_date="2030-01-01")
            self.assertEqual(len(proxy.requests), 3)
            self.assertEqual(len({header(r, "idempotency-key") for r in proxy.requests}), 1)
            # Retry-After: 0 from the 503s is honoured (plus a little jitter).
            self.assertEqual(len(slept), 2)
            self.assertTrue(all(0 <= s <= 0.1 for s in slept), slept)
        finally:
            proxy.close()

    def test_a_409_for_a_key_still_in_progress_is_retried_with_that_key(self) -> None:
        proxy = Proxy(base_url(), lambda n: "409-in-progress" if n == 0 else "pass")
        try:
            c = client(base_url=proxy.url, max_retries=2)
            c._transport._sleep = lambda seconds: None
            name = unique("Busy")
            c.invoices.create(client=name, amount=1, currency="USD", due_date="2030-01-01")
            self.assertEqual(len(proxy.requests), 2)
            self.assertEqual(len({header(r, "idempotency-key") for r in proxy.requests}), 1)
            self.assertEqual(client().invoices.list(client=name).meta["total"], 1)
        finally:
            proxy.close()

    def test_other_409s_are_not_retried(self) -> None:
        proxy = Proxy(base_url(), lambda n: "409-conflict")
        try:
            c = client(base_url=proxy.url, max_retries=3)
            with self.assertRaises(ConflictError) as caught:
                c.contacts.create(email=f"{unique('dup')}@example.com")
            self.assertEqual(caught.exception.code, "conflict")
            self.assertEqual(len(proxy.requests), 1)
        finally:
            proxy.close()

    def test_connection_errors_back_off_exponentially_with_jitter(self) -> None:
        c = client(base_url="http://127.0.0.1:9", max_retries=4)
        slept: List[float] = []
        c._transport._sleep = slept.append
        with self.assertRaises(APIConnectionError):
            c.me.get()
        self.assertEqual(len(slept), 4)
        for attempt, delay in enumerate(slept):
            ceiling = min(8.0, 0.5 * 2 ** attempt)
            self.assertGreaterEqual(delay, ceiling / 2)
            self.assertLessEqual(delay, ceiling)

    def test_a_server_that_never_answers_is_a_timeout(self) -> None:
        # Accepts connections (the kernel's backlog) but never reads or answers.
        silent = socket.create_server(("127.0.0.1", 0))
        try:
            c = client(base_url=f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.2, max_retries=1)
            c._transport._sleep = lambda seconds: None
            with self.assertRaises(APITimeoutError):
                c.me.get()
        finally:
            silent.close()

    def test_429_waits_for_retry_after_then_succeeds(self) -> None:
        impatient = client("ENGINERY_TEST_FREE_KEY", max_retries=0)
        retry_after = None
        for _ in range(300):
            try:
                impatient.me.get()
            except RateLimitError as error:
                retry_after = error.retry_after
                break
        assert retry_after is not None, "the free plan's allowance never ran out"
        patient = client("ENGINERY_TEST_FREE_KEY", max_retries=3)
        slept: List[float] = []

        def sleep(seconds: float) -> None:
            slept.append(seconds)
            time.sleep(seconds)

        patient._transport._sleep = sleep
        me = patient.me.get()
        self.assertEqual(me["object"], "me")
        # It waited as long as the server said (Retry-After), not its own backoff.
        self.assertGreaterEqual(len(slept), 1)
        self.assertGreaterEqual(slept[0], retry_after)
        self.assertLessEqual(slept[0], retry_after + 0.1)
