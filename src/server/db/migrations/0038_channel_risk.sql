-- 0038_channel_risk.sql: the predictive detector's findings (issue 30, docs/predictive.md): a channel
-- heading for a fault opens a preventive order (fall_order.source = 'preventive'); what an engineer
-- dismissed as "not a problem" is remembered per channel as a widened baseline.
CREATE TABLE "fall_channel_baseline" (
	"detect_id" integer NOT NULL,
	"ch" smallint NOT NULL,
	"widen" double precision DEFAULT 1 NOT NULL,
	"dismissed_by" varchar(64) DEFAULT '' NOT NULL,
	"dismissed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE "fall_channel_risk" (
	"id" serial PRIMARY KEY NOT NULL,
	"detect_id" integer NOT NULL,
	"ch" smallint NOT NULL,
	"project_id" integer NOT NULL,
	"equipment_id" integer,
	"kind" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"reason_key" varchar(64) NOT NULL,
	"reason_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"projected_at" timestamp with time zone,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"order_id" integer,
	"dismissed_by" varchar(64) DEFAULT '' NOT NULL,
	"dismissed_at" timestamp with time zone
);
ALTER TABLE "fall_channel_baseline" ADD CONSTRAINT "fall_channel_baseline_detect_id_fkey" FOREIGN KEY ("detect_id") REFERENCES "public"."fall_detect"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "fall_channel_risk" ADD CONSTRAINT "fall_channel_risk_detect_id_fkey" FOREIGN KEY ("detect_id") REFERENCES "public"."fall_detect"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "fall_channel_risk" ADD CONSTRAINT "fall_channel_risk_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "public"."fall_project"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "fall_channel_risk" ADD CONSTRAINT "fall_channel_risk_equipment_id_fkey" FOREIGN KEY ("equipment_id") REFERENCES "public"."fall_eq_info"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "fall_channel_risk" ADD CONSTRAINT "fall_channel_risk_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "public"."fall_order"("id") ON DELETE set null ON UPDATE no action;
CREATE UNIQUE INDEX "fall_channel_baseline_pk" ON "fall_channel_baseline" USING btree ("detect_id","ch");
CREATE UNIQUE INDEX "fall_channel_risk_open_once" ON "fall_channel_risk" USING btree ("detect_id","ch") WHERE status = 'open';
CREATE INDEX "fall_channel_risk_project_idx" ON "fall_channel_risk" USING btree ("project_id","status");
