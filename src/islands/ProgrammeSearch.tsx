import { ui } from "../content/ui";
import { fill } from "../lib/template";
import { useEffect, useState } from "react";
import type { ProgrammeGroup } from "../content/types";
import { matchProgrammes } from "../lib/search";
import { slugify } from "../lib/slug";
import { Combobox } from "./Combobox";

export const HIGHLIGHT_MS = 1600;

export interface ProgrammeSearchProps {
  /** Category name, for labels. */
  category: string;
  groups: ProgrammeGroup[];
  emptyMessage: string;
}

const itemId = (title: string) => `programme-${slugify(title)}`;

/** A category's numbered programme list with a search that scrolls to and highlights a choice. */
export function ProgrammeSearch({ category, groups, emptyMessage }: ProgrammeSearchProps) {
  const [text, setText] = useState("");
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const titles = groups.flatMap((g) => g.programs);
  const matches = matchProgrammes(titles, text);

  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);

  // A page restored from the back/forward cache starts clean, as a new visit would.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setText("");
      setHighlighted(null);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const choose = (title: string) => {
    setText("");
    setHighlighted(title);
    const item = document.getElementById(itemId(title));
    if (!item) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // Measured rather than scrollIntoView: that would count the anchors' scroll-margin too.
    const box = item.getBoundingClientRect();
    const top = window.scrollY + box.top - (window.innerHeight - box.height) / 2;
    window.scrollTo({ top: Math.max(0, top), behavior: smooth ? "smooth" : "auto" });
    item.focus({ preventScroll: true });
  };

  // The list numbers run on across groups: each group starts after the ones before it.
  const starts = groups.map(
    (_, i) => 1 + groups.slice(0, i).reduce((n, g) => n + g.programs.length, 0),
  );
  return (
    <div className="programme-search">
      <Combobox
        id="programme-search"
        label={fill(ui.search.programmes, { category: category.toLowerCase() })}
        placeholder={ui.search.programmePlaceholder}
        value={text}
        onValueChange={setText}
        options={matches?.map((t) => ({ id: t, label: t })) ?? null}
        onChoose={(o) => choose(o.id)}
        emptyMessage={emptyMessage}
      />
      <div className="programme-list">
        {groups.map((group, i) => {
          const start = starts[i];
          return (
            <div className="programme-group" key={group.name || "all"}>
              {group.name && <h3 className="programme-group-title">{group.name}</h3>}
              <ol start={start} className="programme-items">
                {group.programs.map((title) => (
                  <li
                    key={title}
                    id={itemId(title)}
                    tabIndex={-1}
                    className={title === highlighted ? "programme is-highlighted" : "programme"}
                  >
                    {title}
                  </li>
                ))}
              </ol>
            </div>
          );
        })}
      </div>
    </div>
  );
}
