/**
 * Stylelint holds the sheets to logical properties and values (margin-inline-start, inset-inline-end,
 * text-align: start...), so that `dir="rtl"` lays every page out right to left without a mirrored
 * copy. Physical sizes (width, height) are the same in both directions and stay. A line that must
 * stay physical says why: `/* stylelint-disable-next-line logical-css/... -- reason *\/`.
 */
export default {
  plugins: ["stylelint-plugin-logical-css"],
  reportNeedlessDisables: true,
  reportDescriptionlessDisables: true,
  rules: {
    "logical-css/require-logical-properties": [
      true,
      { ignore: ["width", "height", "min-width", "min-height", "max-width", "max-height"] },
    ],
    "logical-css/require-logical-keywords": true,
  },
};
