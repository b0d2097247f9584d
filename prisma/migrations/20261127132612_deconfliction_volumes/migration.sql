-- A mission's lowest height (m AGL): with its maximum, the height band strategic deconfliction compares.
ALTER TABLE "Mission" ADD COLUMN "minHeightM" DOUBLE PRECISION;

-- The 4D volume of a request as filed (docs/airspace-manager.md "Strategic deconfliction"): the bounding box of its
-- areas, its height band and its time window, generated from the mission snapshot, under one GiST index. PGlite has
-- no PostGIS: box, numrange and tstzrange are core PostgreSQL types with core GiST operator classes.
CREATE FUNCTION aerogate_areas_box(areas jsonb) RETURNS box
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT box(point(min((p ->> 0)::float8), min((p ->> 1)::float8)), point(max((p ->> 0)::float8), max((p ->> 1)::float8)))
    FROM jsonb_array_elements(areas -> 'coordinates') polygon, jsonb_array_elements(polygon) ring, jsonb_array_elements(ring) p
$$;

-- The snapshot's times are ISO 8601 UTC strings ("…Z"): reading them does not depend on the session's time zone.
CREATE FUNCTION aerogate_snapshot_window(snapshot jsonb) RETURNS tstzrange
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT tstzrange((snapshot ->> 'startAt')::timestamptz, (snapshot ->> 'endAt')::timestamptz)
$$;

CREATE FUNCTION aerogate_snapshot_heights(snapshot jsonb) RETURNS numrange
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT numrange(coalesce((snapshot ->> 'minHeightM')::numeric, 0), (snapshot ->> 'maxHeightM')::numeric, '[]')
$$;

ALTER TABLE "Request"
  ADD COLUMN "volumeBox" box GENERATED ALWAYS AS (aerogate_areas_box("missionSnapshot" -> 'areas')) STORED,
  ADD COLUMN "volumeWindow" tstzrange GENERATED ALWAYS AS (aerogate_snapshot_window("missionSnapshot")) STORED,
  ADD COLUMN "volumeHeights" numrange GENERATED ALWAYS AS (aerogate_snapshot_heights("missionSnapshot")) STORED;

CREATE INDEX "Request_volume_idx" ON "Request" USING gist ("volumeBox", "volumeWindow", "volumeHeights");
