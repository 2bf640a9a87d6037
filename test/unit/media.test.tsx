import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { processMedia } from "../../src/build/media";
import { AssetsContext, type Assets } from "../../src/components/Assets";
import { Picture } from "../../src/components/Picture";

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } });

async function folders(files: Record<string, Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), "eg-media-"));
  mkdirSync(join(dir, "static/uploads"), { recursive: true });
  for (const [name, data] of Object.entries(files))
    writeFileSync(join(dir, "static/uploads", name), data);
  return { dir, staticDir: join(dir, "static"), dist: join(dir, "dist") };
}

test("an uploaded photo becomes AVIF and WebP at each width up to its own, its size read from the file", async () => {
  const { dir, staticDir, dist } = await folders({
    "campus.jpg": await photo(2000, 1000).jpeg().toBuffer(),
    // Taken on a phone held upright: stored 300 x 200, EXIF orientation 6 (turned a quarter).
    "portrait.jpg": await photo(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
    "logo.svg": Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  try {
    const media = await processMedia(staticDir, dist);
    assert.deepEqual(Object.keys(media), ["/uploads/campus.jpg", "/uploads/portrait.jpg"]);
    const campus = media["/uploads/campus.jpg"];
    assert.deepEqual([campus.width, campus.height], [2000, 1000]);
    assert.equal(
      campus.avif,
      "/uploads/campus-480.avif 480w, /uploads/campus-960.avif 960w, /uploads/campus-1440.avif 1440w",
    );
    assert.equal(campus.fallback, "/uploads/campus-1440.webp");
    for (const [file, format, width] of [
      ["campus-480.avif", "heif", 480],
      ["campus-1440.webp", "webp", 1440],
    ] as const) {
      const meta = await sharp(join(dist, "uploads", file)).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], [format, width, width / 2]);
    }
    const portrait = media["/uploads/portrait.jpg"];
    assert.deepEqual([portrait.width, portrait.height], [200, 300], "upright, as it is seen");
    assert.equal(portrait.webp, "/uploads/portrait-200.webp 200w", "never enlarged");
    const meta = await sharp(join(dist, "uploads", "portrait-200.webp")).metadata();
    assert.deepEqual([meta.width, meta.height], [200, 300]);
    assert.ok(!existsSync(join(dist, "uploads", "logo-480.webp")), "an SVG is served as it is");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("two uploads that would share served names, or a file that is no image, stop the build naming them", async () => {
  const png = await photo(10, 10).png().toBuffer();
  const twins = await folders({ "visit.jpg": png, "visit.png": png });
  const broken = await folders({ "broken.jpg": Buffer.from("not an image") });
  try {
    await assert.rejects(
      processMedia(twins.staticDir, twins.dist),
      /static\/uploads\/visit\.png and visit\.jpg would be served under the same names.*rename one/,
    );
    await assert.rejects(
      processMedia(broken.staticDir, broken.dist),
      /static\/uploads\/broken\.jpg: not an image sharp can read/,
    );
  } finally {
    for (const { dir } of [twins, broken]) rmSync(dir, { recursive: true, force: true });
  }
});

test("a card shows an uploaded photo as <picture>: AVIF first, WebP in the <img>, its own size; other images stay plain", () => {
  const assets: Assets = {
    css: "/a.css",
    font: "/f.woff2",
    worldMap: "/m.svg",
    flags: {},
    media: {
      "/uploads/campus.jpg": {
        width: 2000,
        height: 1000,
        avif: "/uploads/campus-480.avif 480w, /uploads/campus-960.avif 960w",
        webp: "/uploads/campus-480.webp 480w, /uploads/campus-960.webp 960w",
        fallback: "/uploads/campus-960.webp",
      },
    },
  };
  const render = (src: string) =>
    renderToString(
      <AssetsContext.Provider value={assets}>
        <Picture image={{ src, alt: "The library at dusk", width: 400, height: 240 }} />
      </AssetsContext.Provider>,
    );
  assert.equal(
    render("/uploads/campus.jpg"),
    '<picture><source type="image/avif" srcSet="/uploads/campus-480.avif 480w, /uploads/campus-960.avif 960w" sizes="(min-width: 36em) 22em, 100vw"/><img src="/uploads/campus-960.webp" alt="The library at dusk" width="2000" height="1000" loading="lazy" decoding="async" sizes="(min-width: 36em) 22em, 100vw" srcSet="/uploads/campus-480.webp 480w, /uploads/campus-960.webp 960w"/></picture>',
  );
  assert.equal(
    render("/images/guides/uk-student-visa.svg"),
    '<img src="/images/guides/uk-student-visa.svg" alt="The library at dusk" width="400" height="240" loading="lazy" decoding="async"/>',
  );
});
