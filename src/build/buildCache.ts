import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
/** Generated images survive between builds here (git-ignored with node_modules). */
export const imageCacheDir = resolve(
  process.env.IMAGE_CACHE_DIR ?? join(root, "node_modules/.cache/eastgate-images"),
);

/** The built files' .br and .gz copies, under a hash of the bytes they compress. */
export const compressedCacheDir = join(root, "node_modules/.cache/eastgate-compressed");

/** A stable hash of everything a cached file is made from. */
export const hashOf = (...parts: (string | Buffer)[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
};

/**
 * The file made from `key`'s inputs: read from `dir`, or produced and stored there. Writes go
 * through a temporary name, so two builds side by side never read half a file.
 */
export async function cachedFile(
  dir: string,
  key: string,
  produce: () => Promise<Buffer>,
  ext: string,
): Promise<Buffer> {
  const file = join(dir, `${key.slice(0, 32)}.${ext}`);
  if (existsSync(file)) return readFileSync(file);
  const made = await produce();
  mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, made);
  renameSync(temp, file);
  return made;
}

/** The image made from `key`'s inputs, from the image cache or produced and stored there. */
export const cachedImage = (key: string, produce: () => Promise<Buffer>, ext = "png") =>
  cachedFile(imageCacheDir, key, produce, ext);
