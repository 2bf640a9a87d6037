import { render } from "@react-email/components";
import { existsSync } from "node:fs";
import type { ReactElement } from "react";
import { LOGO_CID } from "./Layout";

/** An e-mail's HTML part, rendered at send time. */
export const renderEmail = (element: ReactElement) => render(element);

/** The logo as an inline attachment, from the built site's app icon (absent: the name stands alone). */
export function logoAttachment(file: string | undefined) {
  return file && existsSync(file)
    ? [
        {
          filename: "eastgate.png",
          path: file,
          cid: LOGO_CID,
          contentDisposition: "inline" as const,
        },
      ]
    : [];
}
