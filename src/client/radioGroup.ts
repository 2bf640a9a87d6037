/**
 * A group of `role="radio"` buttons as the ARIA practices' radio group: one tab stop (the checked
 * radio, else the first that can be chosen); Down and Up move to the next and previous radio,
 * wrapping, and check it; Right and Left do the same in the reading direction (mirrored right to
 * left). A click, Space or Enter checks. Radios with `aria-disabled="true"` are read, not chosen.
 */
export function radioGroup(group: HTMLElement, onCheck: (radio: HTMLElement) => void) {
  const all = () => [...group.querySelectorAll<HTMLElement>("[role=radio]")];
  const choosable = () => all().filter((r) => r.getAttribute("aria-disabled") !== "true");

  const check = (radio: HTMLElement, focus: boolean) => {
    for (const r of all()) r.setAttribute("aria-checked", String(r === radio));
    settleTabStop(group);
    if (focus) radio.focus();
    onCheck(radio);
  };

  group.addEventListener("click", (event) => {
    const radio = (event.target as Element).closest<HTMLElement>("[role=radio]");
    if (radio && group.contains(radio) && radio.getAttribute("aria-disabled") !== "true")
      check(radio, false);
  });

  group.addEventListener("keydown", (event) => {
    const rtl = getComputedStyle(group).direction === "rtl";
    const steps: Record<string, number> = {
      ArrowDown: 1,
      ArrowUp: -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowLeft: rtl ? 1 : -1,
    };
    const step = steps[event.key];
    const list = choosable();
    if (!step || !list.length || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const from = list.indexOf(document.activeElement as HTMLElement);
    const at = from >= 0 ? from : Math.max(0, list.indexOf(checkedRadio(group) ?? list[0]));
    check(list[(at + step + list.length) % list.length], true);
  });
  settleTabStop(group);
}

export const checkedRadio = (group: HTMLElement) =>
  group.querySelector<HTMLElement>("[role=radio][aria-checked=true]");

/** The group's one tab stop: its checked radio, else the first that can be chosen. */
export function settleTabStop(group: HTMLElement) {
  const radios = [...group.querySelectorAll<HTMLElement>("[role=radio]")];
  const stop =
    checkedRadio(group) ?? radios.find((r) => r.getAttribute("aria-disabled") !== "true");
  for (const r of radios) r.tabIndex = r === stop ? 0 : -1;
}
