/** Money as the tools show it: whole pounds with separators, other currencies rounded. */
import { moneyWords } from "../content/formats";
import { fill } from "./template";

export interface Range {
  min: number;
  max: number;
}

export interface Currency {
  code: string;
  symbol: string;
  /** Units of this currency to £1. */
  perPound: number;
}

/** 13347 -> "13,347". Written by hand: Intl output differs between Node and browsers' ICU. */
export function groupThousands(n: number) {
  const [whole, fraction] = Math.abs(n).toString().split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${n < 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

export const formatPounds = (n: number) => `£${groupThousands(Math.round(n))}`;

/** "£1,000" for a single figure, "£900 to £1,400" for a range. */
export const formatPoundRange = ({ min, max }: Range) =>
  min === max
    ? formatPounds(min)
    : fill(moneyWords.range, { min: formatPounds(min), max: formatPounds(max) });

/** Rounded to three significant figures: a converted amount is approximate, so it says no more. */
export function roughly(n: number) {
  if (n === 0) return 0;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.abs(n))) - 2);
  return Math.round(n / step) * step;
}

export const convert = (pounds: number, currency: Currency) => roughly(pounds * currency.perPound);

export const formatConverted = (pounds: number, currency: Currency) =>
  `${currency.symbol}${groupThousands(convert(pounds, currency))}`;

export const formatConvertedRange = ({ min, max }: Range, currency: Currency) =>
  min === max
    ? formatConverted(min, currency)
    : fill(moneyWords.range, {
        min: formatConverted(min, currency),
        max: formatConverted(max, currency),
      });

export const addRanges = (...ranges: Range[]): Range => ({
  min: ranges.reduce((sum, r) => sum + r.min, 0),
  max: ranges.reduce((sum, r) => sum + r.max, 0),
});

export const scaleRange = ({ min, max }: Range, factor: number): Range => ({
  min: min * factor,
  max: max * factor,
});

export const exactly = (n: number): Range => ({ min: n, max: n });
