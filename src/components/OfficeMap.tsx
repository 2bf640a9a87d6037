import { ui } from "../content/ui";
import { Ltr } from "./Ltr";
interface Props {
  /** What the map service searches for. */
  query: string;
  /** Address as read out. */
  address: string;
  /** Link to the map service, for visitors who prefer it. */
  openHref: string;
}

/**
 * A click-to-load facade: no request goes to the map service until the visitor asks.
 * src/client/officeMap.ts swaps in the frame; without JavaScript the link still works.
 */
export function OfficeMap({ query, address, openHref }: Props) {
  const embed = `https://www.google.com/maps?q=${encodeURIComponent(query)}&output=embed`;
  return (
    <div
      className="office-map"
      data-office-map
      data-embed={embed}
      data-frame-title={ui.map.frameTitle}
    >
      <div className="office-map-placeholder">
        <p>
          {ui.map.ourOffice}{" "}
          <strong>
            <Ltr>{address}</Ltr>
          </strong>
        </p>
        <p className="office-map-actions">
          <a className="button button-outline" href={openHref} rel="noopener" target="_blank">
            {ui.map.openInMaps}
            <span className="visually-hidden">{ui.common.opensInNewTab}</span>
          </a>
          {/* After the link, so un-hiding it moves nothing. */}
          <button type="button" className="button button-primary" data-office-map-load hidden>
            {ui.map.showHere}
          </button>
        </p>
        <p className="office-map-note">{ui.map.note}</p>
      </div>
    </div>
  );
}
