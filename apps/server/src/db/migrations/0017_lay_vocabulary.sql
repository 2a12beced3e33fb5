CREATE TABLE "mesh_lay_terms" (
	"normalized" text NOT NULL,
	"descriptor_ui" text NOT NULL,
	"descriptor_name" text NOT NULL,
	"term" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "mesh_lay_terms_normalized_descriptor_ui_pk" PRIMARY KEY("normalized","descriptor_ui")
);
--> statement-breakpoint
ALTER TABLE "mesh_terms" ADD COLUMN "lay_kind" text;--> statement-breakpoint
CREATE INDEX "mesh_lay_terms_descriptor_idx" ON "mesh_lay_terms" USING btree ("descriptor_ui");