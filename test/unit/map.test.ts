import { test } from "node:test";
import assert from "node:assert/strict";
import { geoPath } from "d3-geo";
import { Window } from "happy-dom";
import { countries, projection, renderWorldMap, MAP_VIEWBOX } from "../../src/lib/worldMap";
import { mapLocations } from "../../src/content/home";

test("map: 176 countries, no Antarctica", () => {
  const list = countries();
  assert.equal(list.length, 176);
  assert.ok(!list.some((f) => f.id === "010"));
});

test("map: eight labelled pins, rounded coordinates, drawing inside the cropped viewBox", () => {
  const svg = renderWorldMap(mapLocations);
  const doc = new new Window().DOMParser().parseFromString(svg, "image/svg+xml");
  const pins = [...doc.querySelectorAll("g.pin")];
  assert.equal(pins.length, 8);
  assert.deepEqual(
    pins.map((p) => p.querySelector("title")?.textContent),
    [
      "Canada",
      "United States",
      "United Kingdom",
      "Spain",
      "United Arab Emirates",
      "Singapore",
      "Malaysia",
      "Australia",
    ],
  );
  const land = doc.querySelector("path")?.getAttribute("d") ?? "";
  assert.ok(land.length > 1000 && !/\d\.\d/.test(land), "land path coordinates are rounded");
  for (const pin of pins)
    assert.match(pin.getAttribute("transform") ?? "", /^translate\(-?\d+ -?\d+\)$/);
  const [[x0, y0], [x1, y1]] = geoPath(projection).bounds({
    type: "FeatureCollection",
    features: countries(),
  });
  const { x, y, width, height } = MAP_VIEWBOX;
  assert.ok(x0 >= x && y0 >= y && x1 <= x + width && y1 <= y + height, "land fits the viewBox");
});
