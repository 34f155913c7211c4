-- Emptying ratings, colours or product colours changes what catalogue pages show, as a row change does
-- (migration 0010 bumped the version on TRUNCATE only for products and blogs). Pages and reads kept per version
-- (decisions 0023 and 0030) then read afresh.
CREATE TRIGGER "ratings_truncated_catalogue_version" AFTER TRUNCATE ON "ratings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "colours_truncated_catalogue_version" AFTER TRUNCATE ON "colours" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "product_colours_truncated_catalogue_version" AFTER TRUNCATE ON "product_colours" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
