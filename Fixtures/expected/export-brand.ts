// Design tokens exported by `stylist export --format ts`.
export const tokens = {
  color: {
    brand: "#db3b3b",
    text: "#111111",
    link: "#db3b3b",
  },
  radius: 6,
  border: "1px solid #DB3B3B",
} as const;

export type Tokens = typeof tokens;

/** What each theme changes, with every other axis at its default. */
export const themes = {
  light: {},
  dark: {
    color: {
      brand: "#ff6b6b",
      text: "#eeeeee",
      link: "#ff6b6b",
    },
    border: "1px solid #FF6B6B",
  },
  regular: {},
  compact: {
    radius: 4,
  },
} as const;
