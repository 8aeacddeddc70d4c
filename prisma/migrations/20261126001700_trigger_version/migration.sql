-- AlterTable
ALTER TABLE "triggers" ADD COLUMN     "version" BIGINT NOT NULL DEFAULT 1;

-- Intake keeps triggers it has read and stores an event only while the trigger row still has the
-- version the request was checked against (src/triggers/intake.ts). Every UPDATE bumps it, whoever
-- makes it: the API, a script, an operator's psql. (The row's xmin would mostly do, but it is
-- PostgreSQL's bookkeeping: 32 bits that wrap around, rewritten by a dump and restore. A counter
-- means what it says.)
CREATE FUNCTION "hookgate_bump_trigger_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER "triggers_bump_version" BEFORE UPDATE ON "triggers"
  FOR EACH ROW EXECUTE FUNCTION "hookgate_bump_trigger_version"();
