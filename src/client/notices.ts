/**
 * The one fixed stack the toast and the language offer are placed in (styled `.notices`): at the
 * foot of the screen beside the quick-contact button's column, so they never cover it, its open
 * menu or each other.
 */
export function noticeArea(): HTMLElement {
  let area = document.querySelector<HTMLElement>("body > .notices");
  if (!area) {
    area = document.createElement("div");
    area.className = "notices";
    document.body.append(area);
  }
  return area;
}
