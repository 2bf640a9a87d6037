/**
 * A visitor whose browser prefers a language we publish, reading a page in another, is offered
 * the same page in theirs: one line at the foot of the screen, in that language, with a link
 * and a dismiss button. Never a redirect. Once they dismiss it, or follow any language switcher
 * link, their choice is remembered and nothing is offered again.
 */
import { noticeArea } from "./notices";

const KEY = "eg-language-choice";

const primary = (tag: string) => tag.toLowerCase().split("-")[0];

/** Traditional Chinese readers are not offered the Simplified pages. */
const traditional = (tag: string) => /^zh-(hant|tw|hk|mo)\b/i.test(tag);

function remember(choice: string) {
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // Storage refused (private mode): the offer may come back, which is harmless.
  }
}

function remembered() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** The switcher link the browser's first known language leads to, if it is not this page's. */
export function offeredLink(
  preferences: readonly string[],
  pageLang: string,
  links: readonly HTMLAnchorElement[],
) {
  for (const tag of preferences) {
    if (primary(tag) === primary(pageLang)) return undefined;
    if (traditional(tag)) continue;
    const link = links.find((a) => primary(a.hreflang) === primary(tag));
    if (link) return link;
  }
  return undefined;
}

export function startLanguageOffer() {
  const links = [...document.querySelectorAll<HTMLAnchorElement>("a[hreflang][data-offer]")];
  for (const link of links) link.addEventListener("click", () => remember("chosen"));
  if (remembered()) return;
  const link = offeredLink(navigator.languages, document.documentElement.lang, links);
  if (!link) return;
  const offer = document.createElement("aside");
  offer.className = "language-offer";
  // Placed by the page's direction (in the notices beside the quick-contact button); its words
  // read in their own.
  offer.lang = link.lang;
  offer.setAttribute("aria-label", link.textContent ?? link.lang);
  const go = document.createElement("a");
  go.href = link.getAttribute("href") ?? link.href;
  go.hreflang = link.hreflang;
  go.dir = link.dir;
  go.textContent = link.dataset.offer ?? "";
  go.addEventListener("click", () => remember("chosen"));
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.className = "language-offer-dismiss";
  dismiss.dir = link.dir;
  dismiss.textContent = link.dataset.offerDismiss ?? "";
  dismiss.addEventListener("click", () => {
    remember("dismissed");
    offer.remove();
  });
  offer.append(go, dismiss);
  noticeArea().append(offer);
}
