import postcss, { type AtRule, type Rule } from "postcss";
import {
  AttributeAction,
  isTraversal,
  parse,
  SelectorType,
  stringify,
  type Selector,
} from "css-what";
import { compile } from "css-select";
import { parseDocument } from "htmlparser2";
import { isTag, type AnyNode, type Element } from "domhandler";
import { afterLoad } from "./afterLoad";
import { cspHash } from "./headers";

/**
 * States a visitor or a script gives an element after the HTML arrives: a rule that needs one of
 * them is kept if the rest of its selector matches, so nothing restyles when the state comes on
 * before the full sheet has loaded. Scripts name their state classes `is-*`, `js` and `nav-open`.
 */
const STATE_PSEUDOS = new Set([
  "hover",
  "focus",
  "focus-visible",
  "focus-within",
  "active",
  "visited",
  "target",
  "checked",
  "disabled",
  "enabled",
  "placeholder-shown",
  "valid",
  "invalid",
  "user-valid",
  "user-invalid",
  "open",
  "popover-open",
  "modal",
  // Legacy one-colon pseudo-elements: they style a part of an element that matches without them.
  "before",
  "after",
  "first-line",
  "first-letter",
]);
const STATE_ATTRIBUTES =
  /^(?:hidden|inert|open|data-tone|aria-(?:expanded|current|invalid|busy|disabled|pressed|selected))$/;
const isStateClass = (name: string) =>
  name === "js" || name === "nav-open" || name.startsWith("is-");

function isState(token: Selector): boolean {
  if (token.type === SelectorType.PseudoElement) return true;
  if (token.type === SelectorType.Attribute)
    return token.name === "class" && token.action === AttributeAction.Element
      ? isStateClass(token.value)
      : STATE_ATTRIBUTES.test(token.name);
  if (token.type === SelectorType.Pseudo) {
    if (STATE_PSEUDOS.has(token.name)) return true;
    // :not(a state) holds or not as the state changes: either way, the rest may match.
    if (token.name === "not" && Array.isArray(token.data))
      return token.data.some((s) => s.some((t) => isState(t) || hasNestedState(t)));
  }
  return false;
}

const hasNestedState = (token: Selector): boolean =>
  token.type === SelectorType.Pseudo &&
  Array.isArray(token.data) &&
  token.data.some((s) => s.some((t) => isState(t) || hasNestedState(t)));

const universal: Selector = { type: SelectorType.Universal, namespace: null };

/** The selector with every state left out: what the HTML as sent must match. */
function withoutStates(selector: Selector[]): Selector[] {
  const out: Selector[] = [];
  let compoundEmpty = true;
  for (const token of selector) {
    if (isTraversal(token)) {
      if (compoundEmpty) out.push(universal);
      out.push(token);
      compoundEmpty = true;
      continue;
    }
    if (isState(token)) continue;
    if (token.type === SelectorType.Pseudo && Array.isArray(token.data))
      out.push({ ...token, data: token.data.map(withoutStates) });
    else out.push(token);
    compoundEmpty = false;
  }
  if (compoundEmpty) out.push(universal);
  return out;
}

/** A page's elements, and the same indexed by tag, ".class" and "#id". */
interface PageIndex {
  all: Element[];
  by: Map<string, Element[]>;
}

type Matcher = (page: PageIndex) => boolean;

/** The tag, class or id the selector's last compound requires: only such elements can match. */
function keyOf(selector: Selector[]): string | undefined {
  let key: string | undefined;
  for (const token of selector) {
    if (isTraversal(token)) key = undefined;
    else if (token.type === SelectorType.Tag) key ??= token.name;
    else if (
      token.type === SelectorType.Attribute &&
      token.action === AttributeAction.Equals &&
      token.name === "id"
    )
      key = `#${token.value}`;
    else if (
      token.type === SelectorType.Attribute &&
      token.action === AttributeAction.Element &&
      token.name === "class"
    )
      key = `.${token.value}`;
  }
  return key;
}
const matchers = new Map<string, Matcher>();

/** A cached test of one selector against a document; a selector it cannot read is kept. */
function matcherFor(selector: string): Matcher {
  let matcher = matchers.get(selector);
  if (!matcher) {
    try {
      const loose = parse(selector).map(withoutStates);
      const test = compile<AnyNode, Element>(stringify(loose));
      const key = loose.length === 1 ? keyOf(loose[0]) : undefined;
      matcher = (page) => (key ? (page.by.get(key) ?? []) : page.all).some(test);
    } catch {
      matcher = () => true;
    }
    matchers.set(selector, matcher);
  }
  return matcher;
}

function indexPage(html: string): PageIndex {
  const page: PageIndex = { all: [], by: new Map() };
  const add = (key: string, element: Element) => {
    const list = page.by.get(key);
    if (list) list.push(element);
    else page.by.set(key, [element]);
  };
  const visit = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      page.all.push(node);
      add(node.name, node);
      if (node.attribs.id) add(`#${node.attribs.id}`, node);
      for (const c of new Set((node.attribs.class ?? "").split(/\s+/))) if (c) add(`.${c}`, node);
      visit(node.children);
    }
  };
  visit(parseDocument(html).children);
  return page;
}

const familyPatterns = new Map<string, RegExp>();

/** Whether a CSS value names `family`: quoted or bare, alone, in a list or in a `font`. */
function namesFamily(value: string, family: string) {
  let pattern = familyPatterns.get(family);
  if (!pattern) {
    const name = family.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    pattern = new RegExp(`(^|[\\s,"'/])${name}($|[\\s,"'])`);
    familyPatterns.set(family, pattern);
  }
  return pattern.test(value);
}

const inKeyframes = (rule: Rule) =>
  rule.parent?.type === "atrule" && /keyframes$/i.test((rule.parent as AtRule).name);

/**
 * A function giving the rules of `sheet` that can apply to a page's HTML: every rule with a
 * selector that matches an element (states aside), the @font-face rules those name, and the
 * keyframes those rules animate with. `sheetUrl` is where the sheet is served, so its relative
 * url()s still resolve once inlined. The sheet is parsed once and cloned per page.
 */
export function criticalCssFor(sheet: string, sheetUrl: string): (html: string) => string {
  const parsed = postcss.parse(sheet);
  parsed.walkDecls((decl) => {
    if (decl.value.includes("url("))
      decl.value = decl.value.replace(
        /url\((["']?)(?!data:|\/|https?:)([^"')]+)\1\)/g,
        (_, quote: string, url: string) =>
          `url(${quote}${new URL(url, `http://x${sheetUrl}`).pathname}${quote})`,
      );
  });
  return (html) => {
    const page = indexPage(html);
    const root = parsed.clone();
    root.walkRules((rule) => {
      if (inKeyframes(rule)) return;
      const used = rule.selectors.filter((s) => matcherFor(s)(page));
      if (used.length) rule.selectors = used;
      else rule.remove();
    });
    const animations = new Set<string>();
    root.walkDecls(/^animation(-name)?$/, (decl) => {
      for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
    });
    root.walkAtRules((at) => {
      if (/keyframes$/i.test(at.name) && !animations.has(at.params.trim())) at.remove();
    });
    // A face no kept declaration names (another language's local faces) is left out.
    const values: string[] = [];
    root.walkDecls(/^(font|font-family|--.*)$/, (decl) => {
      if ((decl.parent as AtRule | undefined)?.name !== "font-face") values.push(decl.value);
    });
    root.walkAtRules("font-face", (face) => {
      face.walkDecls("font-family", (decl) => {
        const family = decl.value.replace(/^["']|["']$/g, "");
        if (!values.some((value) => namesFamily(value, family))) face.remove();
      });
    });
    // Remove at-rules left empty, innermost first.
    let emptied = true;
    while (emptied) {
      emptied = false;
      root.walkAtRules((at) => {
        if (at.nodes && at.nodes.length === 0) {
          at.remove();
          emptied = true;
        }
      });
    }
    return root.toString();
  };
}

/** The CSP source that allows exactly this inline style. */
export const styleHash = cspHash;

/**
 * Put the rules the page uses inline before its render-blocking stylesheet link, and hold that
 * link back until the page has loaded (src/build/afterLoad.ts): the full sheet still reaches
 * every visitor, after first paint, or at once where scripts do not run.
 */
export function inlineCriticalCss(html: string, href: string, css: string): string {
  const link = `<link rel="stylesheet" href="${href}"/>`;
  if (/<\/style/i.test(css)) throw new Error("inlineCriticalCss: the CSS would end its <style>");
  return afterLoad(html, link).replace(
    `<noscript data-after-load>${link}`,
    `<style>${css}</style><noscript data-after-load>${link}`,
  );
}
