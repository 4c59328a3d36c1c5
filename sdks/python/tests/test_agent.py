"""The agent through the client: a reply, a streamed turn's typed events, enum filters and sub-path invocations."""
from __future__ import annotations

import unittest
from typing import List

from enginery import NotFoundError
from enginery.types import ChatWithAgentEvent

from .support import client, unique

QUESTION = "which invoices are overdue?"


class Agent(unittest.TestCase):
    def test_chat_answers_the_reply_object(self) -> None:
        reply = client().agent.chat(message=QUESTION)
        self.assertTrue(reply["conversation_id"].startswith("conv_"))
        self.assertEqual(reply["message"]["role"], "assistant")
        self.assertTrue(reply["message"]["content"])

    def test_stream_gives_the_events_in_order_ending_with_the_reply(self) -> None:
        c = client()
        events: List[ChatWithAgentEvent] = []
        text = ""
        completed: List[str] = []
        for event in c.agent.chat(message=QUESTION, stream=True):
            events.append(event)
            # Narrowing on event["event"] types event["data"].
            if event["event"] == "message.delta":
                text += event["data"]["delta"]
            elif event["event"] == "action.completed":
                completed.append(event["data"]["id"])
        names = [e["event"] for e in events]
        self.assertEqual(names[-1], "done")
        self.assertEqual(names.count("done"), 1)
        self.assertIn("action.started", names)
        self.assertLess(names.index("action.started"), names.index("action.completed"))
        self.assertLess(max(i for i, n in enumerate(names) if n == "action.completed"), names.index("message.delta"))
        final = events[-1]
        assert final["event"] == "done"
        reply = final["data"]
        self.assertEqual(text, reply["message"]["content"])
        self.assertEqual([a["id"] for a in reply["actions"] if a["status"] == "completed"], completed)
        # The connection is reusable after a whole stream.
        self.assertEqual(c.me.get()["object"], "me")

    def test_a_stream_left_early_or_never_read_does_not_spoil_the_connection(self) -> None:
        c = client()
        events = c.agent.chat(message=QUESTION, stream=True)
        first = next(iter(events))
        self.assertIn(first["event"], ("action.started", "message.delta"))
        self.assertEqual(c.me.get()["object"], "me")
        unread = c.agent.chat(message=QUESTION, stream=True)
        self.assertEqual(c.me.get()["object"], "me")
        self.assertEqual(next(iter(unread))["event"], first["event"])

    def test_a_problem_before_the_stream_begins_is_raised(self) -> None:
        with self.assertRaises(NotFoundError):
            client().agent.chat(message="hi", conversation_id="conv_01jd8z6q4m2c8v3t5y7w9x0a1b", stream=True)

    def test_a_replayed_stream_is_its_final_event(self) -> None:
        c = client()
        key = unique("stream")
        first = list(c.agent.chat(message=QUESTION, stream=True, idempotency_key=key))
        again = list(c.agent.chat(message=QUESTION, stream=True, idempotency_key=key))
        self.assertEqual(again, [first[-1]])


class Filters(unittest.TestCase):
    def test_enum_filters_take_one_value_or_several(self) -> None:
        c = client()
        tag = unique("Filters")
        made = c.invoices.create(client=tag, amount=10, currency="USD", due_date="2031-01-01", status="open")
        both = c.invoices.list(status=["open", "overdue"], q=tag)
        self.assertEqual([i["id"] for i in both], [made["id"]])
        self.assertEqual(list(c.invoices.list(status="draft", q=tag)), [])
        self.assertEqual(list(c.invoices.list(status__ne="open", q=tag)), [])


class Functions(unittest.TestCase):
    def test_invoke_at_a_sub_path_with_a_query(self) -> None:
        c = client()
        name = unique("subpath")
        source = "export default { async fetch(request) { const u = new URL(request.url); return { path: u.pathname, x: u.searchParams.get('x') } } }"
        c.functions.deploy(name=name, source=source)
        answer = c.functions.invoke_at_path_get(name, "orders/42", query={"x": "1"})
        self.assertEqual(answer.status, 200, answer.text)
        body = answer.json()
        self.assertTrue(body["path"].endswith("/orders/42"), body)
        self.assertEqual(body["x"], "1")


if __name__ == "__main__":
    unittest.main()
