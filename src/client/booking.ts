/**
 * The slot picker: replaces the plain date and London-time fields with the free times in the
 * visitor's own time zone (London's beside each), on the booking form and the manage page's
 * move form. Without it both forms post a London date and time, and the server says if taken.
 */
import { bookingCopy } from "../content/booking";
import { fill } from "../lib/template";
import {
  bothZones,
  calendarDays,
  currentZoneName,
  dateLabel,
  dayOfMonth,
  monthName,
  isTimeZone,
  monthSpan,
  slotLabel,
  weekdayNames,
  zoneCity,
  zoneName,
  type CalendarDay,
  type Slot,
} from "../lib/slots";
import { slotRules } from "../lib/bookingRules";
import { checkedRadio, radioGroup, settleTabStop } from "./radioGroup";
import { showToast } from "./toast";
import { warmDates } from "./times";

const OFFICE_ZONE = "Europe/London";

/**
 * Once the times worker has loaded ICU's date data, which the whole process shares (./times.ts):
 * the picker's first date formatter then costs 0.2 ms on this thread, not 15.
 */
export async function startBooking() {
  await warmDates();
  for (const root of document.querySelectorAll<HTMLElement>("[data-slot-picker]")) {
    try {
      enhance(root);
    } catch (error) {
      // The plain fields still post.
      console.error(error);
    }
  }
}

interface Refusal {
  reason?: string;
  errors?: Record<string, string>;
  alternatives?: Slot[];
}

interface Booked {
  booking?: { start: string; zone: string; email: string; manage: string; ics: string };
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function enhance(root: HTMLElement) {
  const form = root.closest("form");
  const url = root.dataset.slotPicker;
  if (!form || !url) return;
  const id = root.dataset.formId ?? form.id;
  const plain = root.querySelector<HTMLElement>(".booking-plain");
  const error = root.querySelector<HTMLElement>(".booking-slot-error");
  const notice = form.querySelector<HTMLElement>(".booking-notice");
  const zoneInput = form.elements.namedItem("zone") as HTMLInputElement | null;
  const modes = () => form.querySelector<HTMLInputElement>("input[name=mode]:checked")?.value ?? "";

  // The plain fields step aside (and are not posted): the picker posts an instant.
  if (plain) {
    plain.hidden = true;
    for (const input of plain.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      "input, select",
    ))
      input.disabled = true;
  }
  const start = el("input", { type: "hidden", name: "start" });
  let zone = OFFICE_ZONE; // the browser's, once it is known (below)

  // Zone: a text field with every IANA zone as suggestions (type a city to find it).
  const zoneId = `${id}-zone-choice`;
  // Every IANA zone as a suggestion: some 430 options, made when the field is first used rather
  // than at start, where they were most of the picker's start-up time on a slow phone.
  const zones = el("datalist", { id: `${zoneId}-list` });
  const suggestZones = () => {
    if (zones.childElementCount) return;
    const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
    const names = new Set((supported ? supported("timeZone") : [OFFICE_ZONE]).map(currentZoneName));
    // Each labelled with its city in the page's language, which the browser also matches.
    zones.append(...[...names].map((z) => el("option", { value: z, label: zoneCity(z) })));
  };
  const zoneField = el("input", {
    id: zoneId,
    type: "text",
    value: zone,
    autocomplete: "off",
    spellcheck: false,
  });
  zoneField.setAttribute("list", zones.id);
  zoneField.addEventListener("focus", suggestZones);
  zoneField.addEventListener("pointerdown", suggestZones);
  zoneField.setAttribute("aria-describedby", `${zoneId}-hint ${zoneId}-name`);
  const zoneName_ = el("p", { className: "booking-zone-name", id: `${zoneId}-name` });
  const zoneBox = el(
    "div",
    { className: "field booking-zone" },
    el("label", { htmlFor: zoneId }, bookingCopy.zoneLabel),
    el("p", { className: "field-hint", id: `${zoneId}-hint` }, bookingCopy.zoneHint),
    zoneField,
    zones,
    zoneName_,
  );

  // The days as a calendar, Monday first, and the times as a grid: a radio group each.
  const dayLegendId = `${id}-day-legend`;
  const month = el("p", { className: "booking-month" });
  const weekdays = el(
    "div",
    { className: "booking-weekdays" },
    ...weekdayNames().map((name) => el("span", {}, name)),
  );
  weekdays.setAttribute("aria-hidden", "true");
  const dayList = el("div", { className: "booking-calendar" });
  dayList.setAttribute("role", "radiogroup");
  dayList.setAttribute("aria-labelledby", `${dayLegendId} ${id}-month`);
  month.id = `${id}-month`;
  // What the days' looks mean (each day's state is in its name for a screen reader).
  const key = el(
    "p",
    { className: "booking-calendar-key" },
    ...(["free", "full", "closed"] as const).map((state) =>
      el(
        "span",
        { className: `booking-key is-${state}` },
        el("span", { className: "booking-key-swatch" }),
        { free: bookingCopy.dayFree, full: bookingCopy.dayFull, closed: bookingCopy.dayClosed }[
          state
        ],
      ),
    ),
  );
  key.setAttribute("aria-hidden", "true");
  const days = el(
    "fieldset",
    { className: "booking-days" },
    el("legend", { id: dayLegendId }, bookingCopy.dayLegend),
    month,
    weekdays,
    dayList,
    key,
  );
  const timeLegendId = `${id}-time-legend`;
  const timeList = el("div", { className: "booking-time-grid" });
  timeList.setAttribute("role", "radiogroup");
  timeList.setAttribute("aria-labelledby", timeLegendId);
  const dayNote = el("p", { className: "field-hint booking-day-note" });
  const times = el(
    "fieldset",
    { className: "booking-times", hidden: true },
    el("legend", { id: timeLegendId }, bookingCopy.timeLegend),
    dayNote,
    timeList,
  );
  const status = el("p", { className: "booking-status" });
  status.setAttribute("role", "status");
  const picker = el("div", { className: "booking-picker" }, zoneBox, days, times, status, start);
  root.prepend(picker);

  let slots: Slot[] = [];
  let serverNow = Date.now();
  let calendar: CalendarDay[] = [];
  let request = 0;
  const rules = slotRules();

  const showZone = () => {
    zoneName_.textContent = fill(bookingCopy.zoneShown, { zone: zoneName(zone) });
    if (zoneInput) zoneInput.value = zone;
  };

  const choose = (slot: Slot | undefined) => {
    start.value = slot?.start ?? "";
    status.textContent = slot
      ? fill(bookingCopy.chosen, { when: bothZones(slot.start, zone, OFFICE_ZONE) })
      : "";
    if (slot && error) error.hidden = true;
  };

  radioGroup(dayList, (radio) => {
    const day = calendar.find((d) => d.date === radio.dataset.date);
    if (day) renderTimes(day.slots);
  });
  radioGroup(timeList, (radio) => choose(slots.find((s) => s.start === radio.dataset.start)));

  const radio = (className: string, checked: boolean, ...children: (Node | string)[]) => {
    const button = el("button", { type: "button", className }, ...children);
    button.setAttribute("role", "radio");
    button.setAttribute("aria-checked", String(checked));
    return button;
  };

  function dayCell(day: CalendarDay, checked: boolean, first: boolean) {
    const state =
      day.state === "free"
        ? fill(bookingCopy.freeCount, { count: day.slots.length })
        : day.state === "full"
          ? bookingCopy.dayFull
          : bookingCopy.dayClosed;
    const visible = el(
      "span",
      { className: "booking-day-number" },
      dayOfMonth(day.date),
      // A month's first day names it (the first cell's month is the calendar's caption).
      ...(!first && day.date.endsWith("-01")
        ? [el("span", { className: "booking-day-month" }, monthName(day.date))]
        : []),
    );
    visible.setAttribute("aria-hidden", "true");
    const cell = radio(
      `booking-day is-${day.state}`,
      checked,
      visible,
      el("span", { className: "visually-hidden" }, `${dateLabel(day.date)}, ${state}`),
    );
    cell.dataset.date = day.date;
    if (day.state !== "free") cell.setAttribute("aria-disabled", "true");
    return cell;
  }

  function renderDays(selectDate?: string, selectStart?: string) {
    calendar = calendarDays(rules, serverNow, zone, slots);
    const open = calendar.filter((d) => d.state === "free");
    if (!open.length) {
      days.hidden = true;
      times.hidden = true;
      status.textContent = bookingCopy.noTimes;
      return;
    }
    days.hidden = false;
    const first = open.find((d) => d.date === selectDate) ?? open[0];
    month.textContent = monthSpan(calendar[0].date, calendar[calendar.length - 1].date);
    const blanks = Array.from({ length: calendar[0].weekday - 1 }, () =>
      el("span", { className: "booking-day-blank" }),
    );
    dayList.replaceChildren(...blanks, ...calendar.map((d, i) => dayCell(d, d === first, i === 0)));
    settleTabStop(dayList);
    renderTimes(first.slots, selectStart);
  }

  function renderTimes(list: Slot[], selectStart?: string) {
    times.hidden = false;
    const local = slotLabel(list[0].start, zone);
    const crosses = list.some((s) => slotLabel(s.start, OFFICE_ZONE).date !== local.date);
    dayNote.textContent =
      zone === OFFICE_ZONE
        ? bookingCopy.londonOnly
        : crosses
          ? fill(bookingCopy.crossesMidnight, { zone: zoneName(zone) })
          : "";
    dayNote.hidden = !dayNote.textContent;
    timeList.replaceChildren(
      ...list.map((s) => {
        const here = slotLabel(s.start, zone);
        const london = slotLabel(s.start, OFFICE_ZONE);
        const beside =
          zone === OFFICE_ZONE
            ? ""
            : fill(bookingCopy.inLondon, {
                time: london.date !== here.date ? `${london.time} ${london.day}` : london.time,
              });
        const cell = radio(
          "booking-time",
          s.start === selectStart,
          el("span", { className: "booking-time-here" }, here.time),
          el(
            "span",
            { className: "booking-time-london" },
            ...(beside ? [el("span", { className: "visually-hidden" }, ", "), beside] : []),
          ),
        );
        cell.dataset.start = s.start;
        return cell;
      }),
    );
    settleTabStop(timeList);
    choose(list.find((s) => s.start === selectStart));
  }

  /** Fetch the free times; `fresh` after a refusal, past the few seconds a list may be cached. */
  async function load(then?: { date?: string; start?: string }, fresh = false) {
    const mine = ++request;
    status.textContent = bookingCopy.loading;
    days.hidden = false;
    try {
      const response = await fetch(`${url}?mode=${encodeURIComponent(modes())}`, {
        headers: { Accept: "application/json" },
        cache: fresh ? "no-cache" : "default",
      });
      if (!response.ok) throw new Error(String(response.status));
      const data = (await response.json()) as { slots: Slot[]; now?: string };
      if (mine !== request) return;
      slots = data.slots;
      serverNow = Date.parse(data.now ?? "") || Date.now();
      status.textContent = "";
      renderDays(then?.date, then?.start);
    } catch {
      if (mine !== request) return;
      const retry = el("button", { type: "button", className: "link-button" }, bookingCopy.retry);
      retry.addEventListener("click", () => void load());
      status.replaceChildren(`${bookingCopy.slotsFailed} `, retry);
    }
  }

  zoneField.addEventListener("change", () => {
    const value = zoneField.value.trim();
    if (!isTimeZone(value)) {
      zoneName_.textContent = fill(bookingCopy.unknownZone, { value });
      return;
    }
    zone = value;
    showZone();
    const chosen = start.value;
    renderDays(chosen ? slotLabel(chosen, zone).date : undefined, chosen || undefined);
  });
  form.addEventListener("change", (event) => {
    if ((event.target as HTMLInputElement).name === "mode") {
      choose(undefined);
      void load();
    }
  });

  // No time chosen: say so beside the picker before anything is sent.
  form.addEventListener(
    "submit",
    (event) => {
      if (start.value) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (error) {
        error.textContent = bookingCopy.pickSlot;
        error.hidden = false;
      }
      (
        timeList.querySelector<HTMLElement>("[tabindex='0']") ??
        checkedRadio(dayList) ??
        zoneField
      ).focus();
    },
    true,
  );

  form.addEventListener("booking:refused", (event) => {
    const data = (event as CustomEvent<Refusal>).detail ?? {};
    const message = data.errors?.start ?? data.errors?.form ?? bookingCopy.taken;
    if (notice) notice.textContent = message;
    showToast(message, { tone: "error" });
    const nearest = data.alternatives?.[0];
    choose(undefined);
    void load(nearest ? { date: slotLabel(nearest.start, zone).date } : undefined, true);
  });

  form.addEventListener("booking:booked", (event) => {
    const b = (event as CustomEvent<Booked>).detail?.booking;
    if (!b) return;
    const heading = el("h2", { tabIndex: -1 }, bookingCopy.confirmedTitle);
    const done = el(
      "div",
      { className: "booking-confirmed" },
      heading,
      el("p", { className: "lead" }, bothZones(b.start, b.zone, OFFICE_ZONE)),
      el("p", {}, fill(bookingCopy.confirmationSent, { email: b.email })),
      el(
        "p",
        { className: "enquiry-result-actions" },
        el(
          "a",
          { className: "button button-primary", href: b.ics, download: "consultation.ics" },
          bookingCopy.addToCalendar,
        ),
        el("a", { className: "button button-outline", href: b.manage }, bookingCopy.manage),
      ),
    );
    form.replaceWith(done);
    document.getElementById("booking-title")?.remove();
    heading.focus();
    showToast(bookingCopy.confirmedTitle, { tone: "success" });
  });

  // The browser's zone and its name open the browser's time-zone data, a long step on a slow
  // phone: a task of its own after the picker is drawn, so neither holds up a tap. Then the times.
  setTimeout(() => {
    const browserZone = currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (isTimeZone(browserZone)) zone = browserZone;
    zoneField.value = zone;
    void load();
    setTimeout(showZone, 0); // the zone's name in words: another long first step
  }, 0);
}
