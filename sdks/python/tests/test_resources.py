"""Every resource family, through the client only, against the real server."""
from __future__ import annotations

import time
import unittest

import enginery
from enginery import ConflictError, NotFoundError

from .support import base_url, client, unique


class IdentityAndKeys(unittest.TestCase):
    def test_me_and_rate_limit_state(self) -> None:
        c = client()
        me = c.me.get()
        self.assertEqual(me["object"], "me")
        api_key = me["api_key"]  # null when a signed-in dashboard member asks
        assert api_key is not None
        self.assertEqual(api_key["kind"], "full_access")
        self.assertIsNotNone(c.rate_limit)
        assert c.rate_limit is not None and c.last_response is not None
        self.assertGreater(c.rate_limit.limit, 0)
        self.assertLessEqual(c.rate_limit.remaining, c.rate_limit.limit)
        self.assertTrue(c.last_response.request_id)

    def test_api_keys(self) -> None:
        c = client()
        created = c.api_keys.create(kind="read_only", name=unique("dash"))
        self.assertTrue(created["secret"].startswith("ek_"))
        self.assertEqual(c.api_keys.get(created["id"])["kind"], "read_only")
        self.assertIn(created["id"], [k["id"] for k in c.api_keys.list(per_page=100).auto_paging_iter()])
        # The new key works, until it is revoked.
        new_key = enginery.Enginery(api_key=created["secret"], base_url=base_url()).me.get()["api_key"]
        assert new_key is not None
        self.assertEqual(new_key["id"], created["id"])
        self.assertEqual(c.api_keys.revoke(created["id"])["status"], "revoked")


class Finance(unittest.TestCase):
    def test_invoice_lifecycle(self) -> None:
        c = client()
        name = unique("Initech")
        invoice = c.invoices.create(client=name, amount=1250.5, currency="USD", due_date="2030-01-31", metadata={"po": "PO-778"})
        self.assertEqual(invoice["status"], "draft")
        self.assertTrue(invoice["id"].startswith("inv_"))
        self.assertEqual(c.invoices.get(invoice["id"])["metadata"], {"po": "PO-778"})
        updated = c.invoices.update(invoice["id"], description="Rollout", amount=1000)
        self.assertEqual((updated["description"], updated["amount"]), ("Rollout", 1000))
        # None is sent as JSON null (NOT_GIVEN would leave the field alone).
        self.assertIsNone(c.invoices.update(invoice["id"], description=None)["description"])
        self.assertEqual(c.invoices.finalize(invoice["id"])["status"], "open")
        partly = c.invoices.pay(invoice["id"], amount=250.5)
        self.assertEqual((partly["status"], partly["amount_due"]), ("open", 749.5))
        self.assertEqual(c.invoices.pay(invoice["id"], amount=749.5)["status"], "paid")
        self.assertEqual([i["id"] for i in c.invoices.list(client=name, status=["paid", "void"])], [invoice["id"]])
        self.assertEqual(c.invoices.list(client=name, status="draft").meta["total"], 0)

        other = c.invoices.create(client=name, amount=10, currency="EUR", due_date="2030-01-31", status="open")
        self.assertEqual(c.invoices.mark_uncollectible(other["id"])["status"], "uncollectible")
        self.assertEqual(c.invoices.void(other["id"])["status"], "void")
        draft = c.invoices.create(client=name, amount=10, currency="EUR", due_date="2030-01-31")
        self.assertEqual(c.invoices.delete(draft["id"]), {"id": draft["id"], "object": "invoice", "deleted": True})
        with self.assertRaises(NotFoundError):
            c.invoices.get(draft["id"])
        amounts = [i["amount"] for i in c.invoices.list(client=name, amount__gte=500)]
        self.assertEqual(amounts, [1000])


class Growth(unittest.TestCase):
    def test_accounts_contacts_dossier_enrichment(self) -> None:
        c = client()
        domain = f"{unique('acme')}.com"
        account = c.accounts.create(name="Acme", domain=f"https://www.{domain}/about", country="US")
        self.assertEqual(account["domain"], domain)
        contact = c.contacts.create(first_name="Ann", last_name="Lee", email=f"ann@eu.{domain}", tags=["champion"])
        self.assertEqual(contact["account_id"], account["id"])
        self.assertEqual(c.contacts.update(contact["id"], lifecycle_stage="qualified")["lifecycle_stage"], "qualified")
        self.assertEqual([x["id"] for x in c.contacts.list(account_id=account["id"], tags="champion")], [contact["id"]])
        with self.assertRaises(ConflictError) as duplicate:
            c.contacts.create(email=f"ann@eu.{domain}")
        self.assertEqual(duplicate.exception.body.get("existing_id"), contact["id"])

        enriched = c.accounts.enrich(account["id"])
        self.assertEqual(enriched["id"], account["id"])
        self.assertIn(enriched["enrichment"]["status"], ("pending", "completed", "succeeded", "enriched", "failed"))
        dossier = c.accounts.dossier(account["id"])
        self.assertEqual(dossier["account"]["id"], account["id"])
        self.assertEqual([x["id"] for x in dossier["contacts"]["data"]], [contact["id"]])
        self.assertEqual(c.accounts.update(account["id"], industry="Software")["industry"], "Software")
        self.assertIn(account["id"], [a["id"] for a in c.accounts.list(q="Acme", per_page=100).auto_paging_iter()])
        self.assertTrue(c.contacts.delete(contact["id"])["deleted"])
        self.assertTrue(c.accounts.delete(account["id"])["deleted"])

    def test_pipelines_and_deals(self) -> None:
        c = client()
        pipeline = c.pipelines.create(
            name=unique("Partners"),
            stages=[{"name": "Talking", "probability": 20}, {"name": "Signed", "kind": "won", "probability": 100}, {"name": "Gone", "kind": "lost"}],
        )
        self.assertEqual([s["kind"] for s in pipeline["stages"]], ["open", "won", "lost"])
        self.assertEqual(c.pipelines.get(pipeline["id"])["name"], pipeline["name"])
        self.assertIn(pipeline["id"], [p["id"] for p in c.pipelines.list(per_page=100)])
        deal = c.deals.create(name="Rollout", pipeline_id=pipeline["id"], amount=48000, currency="USD")
        self.assertEqual((deal["stage_id"], deal["status"]), (pipeline["stages"][0]["id"], "open"))
        won = c.deals.update(deal["id"], stage_id=pipeline["stages"][1]["id"])
        self.assertEqual(won["status"], "won")
        self.assertIsNotNone(won["closed_at"])
        self.assertEqual([d["id"] for d in c.deals.list(pipeline_id=pipeline["id"], status="won")], [deal["id"]])
        with self.assertRaises(ConflictError):
            c.pipelines.delete_stage(pipeline["id"], pipeline["stages"][1]["id"])
        self.assertTrue(c.deals.delete(deal["id"])["deleted"])
        self.assertEqual(len(c.pipelines.delete_stage(pipeline["id"], pipeline["stages"][2]["id"])["stages"]), 2)
        renamed = c.pipelines.update(pipeline["id"], name=pipeline["name"] + " 2")
        self.assertTrue(renamed["name"].endswith(" 2"))
        self.assertTrue(c.pipelines.delete(pipeline["id"])["deleted"])

    def test_sequences_enrollments_messages_replies(self) -> None:
        c = client()
        email = f"{unique('peter')}@initech.example"
        contact = c.contacts.create(first_name="Peter", email=email)
        sequence = c.sequences.create(
            name=unique("Intro"),
            status="active",
            steps=[{"type": "email", "delay_days": 0, "subject": "Hi {{first_name}}", "body": "How are you?"}, {"type": "wait", "delay_days": 2}],
        )
        self.assertEqual(sequence["status"], "active")
        enrollment = c.sequences.enroll_contact(sequence["id"], contact_id=contact["id"])
        self.assertEqual(enrollment["status"], "active")
        self.assertEqual(c.sequences.get_enrollment(sequence["id"], enrollment["id"])["contact_id"], contact["id"])
        self.assertEqual([e["id"] for e in c.sequences.list_enrollments(sequence["id"])], [enrollment["id"]])
        self.assertEqual(c.sequences.pause(sequence["id"])["status"], "paused")
        self.assertEqual(c.sequences.activate(sequence["id"])["status"], "active")
        reply = c.sequence_replies.record(email=email, body="Sounds good, call me Tuesday.")
        self.assertEqual(reply["object"], "sequence_reply")
        self.assertEqual(c.sequences.get_enrollment(sequence["id"], enrollment["id"])["status"], "replied")
        self.assertEqual(c.sequence_messages.list(contact_id=contact["id"]).meta["page"], 1)
        self.assertEqual(c.sequences.update(sequence["id"], name=sequence["name"] + "!")["name"], sequence["name"] + "!")
        second = c.contacts.create(email=f"{unique('sam')}@initech.example")
        enrolled = c.sequences.enroll_contact(sequence["id"], contact_id=second["id"])
        self.assertEqual(c.sequences.unenroll_contact(sequence["id"], enrolled["id"])["status"], "unenrolled")
        self.assertEqual(c.sequences.archive(sequence["id"])["status"], "archived")
        self.assertIn(sequence["id"], [s["id"] for s in c.sequences.list(status="archived", per_page=100)])


class Talent(unittest.TestCase):
    def test_jobs_and_candidates(self) -> None:
        c = client()
        job = c.jobs.create(title=unique("Engineer"), employment_type="full_time", location="Berlin")
        self.assertEqual(job["status"], "open")
        self.assertEqual(c.jobs.get(job["id"])["title"], job["title"])
        candidate = c.candidates.create(job_id=job["id"], first_name="Ada", last_name="L", email=f"{unique('ada')}@example.com", rating=5)
        self.assertEqual(candidate["stage"], "applied")
        self.assertEqual(c.candidates.update(candidate["id"], stage="screening")["stage"], "screening")
        history = c.candidates.get(candidate["id"])["history"]
        self.assertEqual([(h["from"], h["to"]) for h in history], [(None, "applied"), ("applied", "screening")])
        with self.assertRaises(ConflictError) as bad_move:
            c.candidates.update(candidate["id"], stage="hired")
        self.assertEqual(bad_move.exception.code, "invalid_state_transition")
        self.assertEqual([x["id"] for x in c.candidates.list(job_id=job["id"], rating__gte=4)], [candidate["id"]])
        self.assertEqual(c.jobs.update(job["id"], status="closed")["status"], "closed")
        self.assertIn(job["id"], [j["id"] for j in c.jobs.list(status="closed", per_page=100)])
        self.assertTrue(c.candidates.delete(candidate["id"])["deleted"])
        self.assertTrue(c.jobs.delete(job["id"])["deleted"])


class IntelligenceAndEvents(unittest.TestCase):
    def test_snapshots(self) -> None:
        c = client()
        snapshot = c.intelligence.create_snapshot()
        self.assertEqual(c.intelligence.latest_snapshot()["id"], snapshot["id"])
        self.assertEqual(c.intelligence.get_snapshot(snapshot["id"])["id"], snapshot["id"])
        self.assertIn(snapshot["id"], [s["id"] for s in c.intelligence.list_snapshots()])
        self.assertIn("finance", snapshot)

    def test_events_and_event_types(self) -> None:
        c = client()
        invoice = c.invoices.create(client=unique("Evented"), amount=5, currency="USD", due_date="2030-01-01")
        events = c.events.list(type="invoice.*", object_id=invoice["id"])
        self.assertEqual([e["type"] for e in events], ["invoice.created"])
        event = c.events.get(events[0]["id"])
        self.assertEqual(event["data"]["object"]["id"], invoice["id"])
        kinds = [k["name"] for k in c.event_types.list().auto_paging_iter()]
        self.assertIn("invoice.paid", kinds)


class Functions(unittest.TestCase):
    def test_deploy_invoke_and_logs(self) -> None:
        c = client()
        name = unique("overdue")
        source = (
            "export default { async fetch(request, ctx) {"
            " const body = request.method === 'POST' ? await request.json() : {};"
            " const page = await ctx.engines.finance.invoices.list({ per_page: 1 });"
            " console.log('hello');"
            " return Response.json({ echo: body, total: page.meta.total }); } }"
        )
        deployed = c.functions.deploy(name=name, source=source, env={"TEAM": "billing"})
        self.assertEqual(deployed["name"], name)
        answer = c.functions.invoke(name, body={"min": 1000})
        self.assertEqual(answer.status, 200)
        self.assertEqual(answer.json()["echo"], {"min": 1000})
        self.assertEqual(c.functions.invoke_get(name).json()["echo"], {})
        self.assertEqual(c.functions.get(name)["name"], name)
        c.functions.deploy_version(name, source=source.replace("hello", "hello again"))
        self.assertEqual([v["version"] for v in c.functions.list_versions(name)], [2, 1])
        self.assertEqual(c.functions.rollback(name, version=1)["name"], name)
        deadline = time.time() + 10
        while time.time() < deadline and c.functions.list_invocations(name).meta["total"] < 2:
            time.sleep(0.2)
        self.assertGreaterEqual(c.functions.list_invocations(name).meta["total"], 2)
        self.assertIn(name, [f["name"] for f in c.functions.list(per_page=100)])
        self.assertTrue(c.functions.delete(name)["deleted"])


if __name__ == "__main__":
    unittest.main()
