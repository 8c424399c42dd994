-- ADR 092: the places a dispatcher set for one day and period of a zone by hand (null: the crews' weekly
-- plan). A later change of the plan leaves such a slot as it is.
ALTER TABLE "installation_slots" ADD COLUMN "day_places" integer;
