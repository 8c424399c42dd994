CREATE TABLE "funnel_daily" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"city_code" text NOT NULL,
	"offer_id" text NOT NULL,
	"utm_source" text NOT NULL,
	"agent" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "funnel_daily_day_step_city_code_offer_id_utm_source_agent_pk" PRIMARY KEY("day","step","city_code","offer_id","utm_source","agent")
);
--> statement-breakpoint
CREATE TABLE "funnel_rolled_days" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "funnel_daily_step_day_idx" ON "funnel_daily" USING btree ("step","day");