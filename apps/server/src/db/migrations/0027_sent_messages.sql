CREATE TABLE "sent_messages" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sent_messages_created_idx" ON "sent_messages" USING btree ("created_at");