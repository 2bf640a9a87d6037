import { perLocale } from "../i18n/scope";
import { searchCopy } from "../content/search";
import { eventCopy } from "../content/eventPages";
import { PageHero } from "../components/PageHero";
import { SearchField } from "../components/SearchField";
import { localePath, pageLocale } from "../i18n/pageLocale";
import { SEARCH_PATH, resultsHtml, type ResultsCopy } from "../lib/siteSearch";
import { toScriptJson } from "../islands/Island";
import type { SearchResult } from "../search/engine";

const resultsCopy: ResultsCopy = perLocale(() => ({
  found: searchCopy.found,
  none: searchCopy.none,
  tooShort: searchCopy.tooShort,
  kinds: searchCopy.kinds,
  past: searchCopy.past,
  places: {
    onePlaceLeft: eventCopy.onePlaceLeft,
    placesLeft: eventCopy.placesLeft,
    full: eventCopy.full,
    closed: eventCopy.closed,
    cancelledShort: eventCopy.cancelledShort,
    pastShort: eventCopy.pastShort,
  },
}));

const sampleResult: SearchResult = {
  doc: { url: "/", kind: "event", title: "-", page: "-", text: "", when: "-", places: "-" },
  snippet: [
    { text: "-", marked: false },
    { text: "-", marked: true },
  ],
  past: false,
};

/**
 * /search: the form, and the results under it. Our server fills them in for `?q=` (without
 * JavaScript); the page's script lists them as the reader types. Built as it is (a copy of the
 * site with no server), the page says that search needs JavaScript there.
 */
export function SearchPage() {
  return (
    <>
      <PageHero title={searchCopy.title} lead={searchCopy.lead} />
      <div className="section">
        <div className="container search-page">
          <form
            className="search-form"
            role="search"
            action={localePath(pageLocale(), SEARCH_PATH)}
            method="get"
            data-search-form
          >
            <label htmlFor="search-page-input">{searchCopy.label}</label>
            <div className="search-field combobox">
              <SearchField id="search-page-input" />
              <button type="submit" className="button button-primary">
                {searchCopy.submit}
              </button>
            </div>
          </form>
          <p className="search-status" role="status" data-search-status></p>
          <div id="search-results" data-search-results></div>
          <p className="search-offline" data-search-offline>
            {searchCopy.needsScript}
          </p>
          {/* A result's markup, never shown: its styles come with the page's first CSS, so results
              our server writes in are styled from the first paint. */}
          <template
            dangerouslySetInnerHTML={{ __html: resultsHtml(resultsCopy, [sampleResult]) }}
          />
          <script
            type="application/json"
            data-search-copy
            dangerouslySetInnerHTML={{ __html: toScriptJson(resultsCopy) }}
          />
        </div>
      </div>
    </>
  );
}
