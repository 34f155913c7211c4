CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK (id = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Bumps the version once per transaction, at its commit (the triggers are deferred): the new number becomes
-- visible together with the change, and the row is locked last, after every product row the transaction
-- touched, so two orders taking stock cannot deadlock on it.
CREATE FUNCTION "bump_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kaveri.catalogue_bumped', true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('kaveri.catalogue_bumped', txid_current()::text, true);
  UPDATE "catalogue_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_colours_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_colours" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "colours_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "colours" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ratings_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "ratings" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "blogs_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "blogs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "products_truncated_catalogue_version" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "blogs_truncated_catalogue_version" AFTER TRUNCATE ON "blogs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
