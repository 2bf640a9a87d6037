import { useAssets } from "./Assets";

/** A country's flag beside its name: decorative, so the name alone is read out. */
export function Flag({ code, className = "flag" }: { code: string; className?: string }) {
  const src = useAssets().flags[code];
  if (!src) throw new Error(`Flag: no flag was built for "${code}"`);
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={32}
      height={24}
      loading="lazy"
      decoding="async"
    />
  );
}
