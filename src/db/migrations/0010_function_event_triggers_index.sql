-- Every write looks up its organization's functions with event triggers (webhooks/fanout.ts, riding in the
-- statement that inserts the events). By the primary key that reads every function of the organization and
-- filters; this index holds only the ones with triggers, so a write reads just those (none, usually).
CREATE INDEX "functions_org_event_triggers_idx" ON "functions" USING btree ("org_id") WHERE cardinality("event_triggers") > 0;
