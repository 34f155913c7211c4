CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_title" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);