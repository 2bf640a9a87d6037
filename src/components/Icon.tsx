import type { IconName } from "../content/types";

// 24x24 stroke icons, drawn for this site (lucide-like geometry, no package needed).
const paths: Record<IconName, string> = {
  graduation: "M2 9l10-5 10 5-10 5L2 9zm4 2.5V16c0 1.5 3 3 6 3s6-1.5 6-3v-4.5M22 9v6",
  scholarship: "M12 2l2.9 6 6.1.9-4.5 4.3 1.1 6.3L12 16.5 6.4 19.5l1.1-6.3L3 8.9 9.1 8z",
  visa: "M4 3h12l4 4v14H4zM8 12h8M8 16h5M14 3v5h6",
  home: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  wallet: "M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h12v3M16 13h2",
  plane: "M2 16l20-8-4 12-6-4-4 4v-6l10-6",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  phone: "M5 3h4l2 5-3 2a12 12 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z",
  whatsapp:
    "M4 20l1.3-4A8.5 8.5 0 1 1 8 18.8zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.8-2-1-1 1c-1.2-.5-2.2-1.5-2.7-2.7l1-1-1-2z",
  pin: "M12 22s7-6.5 7-12a7 7 0 0 0-14 0c0 5.5 7 12 7 12zm0-9a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-14v5l3 2",
  calendar: "M4 5h16v16H4zM4 10h16M8 3v4M16 3v4",
  globe:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18",
  book: "M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zm0 0v16M8 7h8",
  briefcase: "M3 7h18v13H3zM8 7V4h8v3M3 13h18",
  heart: "M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.5A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z",
  shield: "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zm-3 9l2 2 4-4",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  users:
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M22 21a7 7 0 0 0-4-6.3",
  chat: "M4 4h16v12H9l-5 4z",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm10 3l-5-5",
  check: "M4 12l5 5L20 6",
  linkedin:
    "M4 9h4v11H4zM6 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM11 9h4v2c.8-1.4 2.2-2.2 4-2 2 .2 3 1.8 3 4.5V20h-4v-6c0-1.5-.6-2.3-1.8-2.3S14 12.6 14 14v6h-3z",
  youtube: "M3 8c0-2 1-3 3-3h12c2 0 3 1 3 3v8c0 2-1 3-3 3H6c-2 0-3-1-3-3zm7 1v6l5-3z",
  instagram: "M4 4h16v16H4zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM17 7h.01",
  tiktok: "M14 3v12.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5",
  facebook:
    "M14 21v-8h3l.5-3.5H14V7.5c0-1 .5-1.5 1.5-1.5H18V3h-3c-3 0-4.5 1.8-4.5 4.5v2H8V13h2.5v8",
  x: "M4 4l16 16M20 4L4 20",
};

interface Props {
  name: IconName;
  /** Rendered size in px. */
  size?: number;
  className?: string;
}

/** A decorative icon; its meaning must be given by nearby text. */
export function Icon({ name, size = 24, className }: Props) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
