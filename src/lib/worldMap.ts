import { geoEqualEarth, geoPath } from "d3-geo";
import { feature } from "topojson-client";
import type { Topology, GeometryCollection } from "topojson-specification";
import type { FeatureCollection, Geometry } from "geojson";
import world from "world-atlas/countries-110m.json" with { type: "json" };
import type { MapLocation } from "../content/types";

const ANTARCTICA_ID = "010";

/** The projection's full canvas is 800x600; the land lies between y 164 and 514 (x from -25), so we crop. */
export const MAP_VIEWBOX = { x: -26, y: 156, width: 800, height: 366 };
export const MAP_SIZE = { width: MAP_VIEWBOX.width, height: MAP_VIEWBOX.height };

export const projection = geoEqualEarth().translate([400, 300]).center([12, 20]).scale(150);

/** Countries of world-atlas 110m, Antarctica removed. */
export function countries() {
  const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
  const all = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
  return all.features.filter((f) => f.id !== ANTARCTICA_ID);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The network map as a standalone SVG file: countries, then a labelled pin per location. */
export function renderWorldMap(locations: MapLocation[]): string {
  const path = geoPath(projection).digits(0);
  const land = countries()
    .map((f) => path(f))
    .join("");
  const pins = locations.map((location) => {
    const point = projection(location.coordinates);
    if (!point) throw new Error(`Map location "${location.name}" cannot be projected`);
    const [x, y] = point.map(Math.round);
    return (
      `<g class="pin" transform="translate(${x} ${y})"><title>${escapeXml(location.name)}</title>` +
      `<path d="M0 0l-6-11a7 7 0 1 1 12 0z" fill="#e76f51" stroke="#fff" stroke-width="1.5"/>` +
      `<circle cy="-14" r="2.5" fill="#fff"/></g>`
    );
  });
  const { x, y, width, height } = MAP_VIEWBOX;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${width} ${height}" width="${width}" height="${height}">` +
    `<path d="${land}" fill="#cfe8ef" stroke="#fbf7f0" stroke-width="0.6"/>` +
    pins.join("") +
    `</svg>`
  );
}
