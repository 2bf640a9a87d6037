import { booking, bookingCopy } from "../../content/booking";
import { dayTimes } from "../../lib/slots";
import { slotRules } from "../../lib/bookingRules";

interface Props {
  formId: string;
  /** The mode to show chosen. */
  mode?: string;
  /** Values to show when the server sends the form back. */
  date?: string;
  time?: string;
  /** Where the picker fetches free times (JavaScript only). */
  slotsUrl: string;
  error?: string;
}

/** Every start time the office offers on some day, "HH:MM" London time, in order. */
export function officeTimes() {
  const rules = slotRules();
  return [...new Set([1, 2, 3, 4, 5, 6, 7].flatMap((d) => dayTimes(rules, d)))].sort();
}

/**
 * How, when: the mode as radio buttons, then a date and a London time (works without
 * JavaScript; the server says when a time is not free). src/client/booking/ replaces the date
 * and time with the free times in the visitor's own zone.
 */
export function SlotFields({ formId, mode, date, time, slotsUrl, error }: Props) {
  const errorId = `${formId}-slot-error`;
  return (
    <>
      <fieldset className="booking-modes">
        <legend>{bookingCopy.modeLegend}</legend>
        {booking.modes.map((m, i) => (
          <label key={m.id} className="booking-mode">
            <input
              type="radio"
              name="mode"
              value={m.id}
              required
              defaultChecked={mode ? mode === m.id : i === 0}
            />
            <span className="booking-mode-name">{m.name}</span>
            <span className="booking-mode-description">{m.description}</span>
          </label>
        ))}
      </fieldset>
      <div className="booking-when" data-slot-picker={slotsUrl} data-form-id={formId}>
        <fieldset className="booking-plain">
          <legend>{bookingCopy.timeLegend}</legend>
          <p className="field-hint">{bookingCopy.noJsNote}</p>
          <div className="booking-plain-fields">
            <div className="field">
              <label htmlFor={`${formId}-date`}>{bookingCopy.dateLabel}</label>
              <input
                id={`${formId}-date`}
                type="date"
                name="date"
                required
                defaultValue={date}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
            <div className="field field-select">
              <label htmlFor={`${formId}-time`}>{bookingCopy.timeLabel}</label>
              <select id={`${formId}-time`} name="time" required defaultValue={time ?? ""}>
                <option value="" disabled>
                  {bookingCopy.timePrompt}
                </option>
                {officeTimes().map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
        <p className="field-error booking-slot-error" id={errorId} hidden={!error}>
          {error}
        </p>
      </div>
      <input type="hidden" name="zone" value={booking.zone} />
    </>
  );
}
