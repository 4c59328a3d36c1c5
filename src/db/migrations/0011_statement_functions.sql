-- Ids made inside a statement: the webhook deliveries and function runs that the statement inserting their
-- events also writes (webhooks/fanout.ts), so a write costs no round trip for its fan-out. The same format as
-- platform/ids.ts's newId (TypeID): the prefix, "_", and a UUIDv7 (48-bit Unix milliseconds, version 7,
-- random bits) as 26 Crockford base32 characters, most significant first (two zero bits, then the 128).
CREATE FUNCTION enginery_new_id(prefix text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  bytes bytea := uuid_send(gen_random_uuid());
  bits bit(130);
  suffix text := '';
BEGIN
  bytes := overlay(bytes PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6);
  bytes := set_byte(bytes, 6, (get_byte(bytes, 6) & 15) | 112);
  bits := B'00' || ('x' || encode(bytes, 'hex'))::bit(128);
  FOR i IN 0..25 LOOP
    suffix := suffix || substr('0123456789abcdefghjkmnpqrstvwxyz', substring(bits FROM i * 5 + 1 FOR 5)::int + 1, 1);
  END LOOP;
  RETURN prefix || '_' || suffix;
END $$;
--> statement-breakpoint
-- Fails the statement (and so its transaction) with SQLSTATE `code` unless `ok`: a check computed inside a
-- statement whose COMMIT is already on its way behind it (the outbox's idempotency claim, see outbox.ts),
-- where only an error can still turn that COMMIT into a rollback.
CREATE FUNCTION enginery_require(ok boolean, code text, message text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = code, MESSAGE = message;
  END IF;
  RETURN true;
END $$;
