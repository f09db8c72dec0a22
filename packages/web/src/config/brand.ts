/** The product's name and fixed wording, kept in one place so a rebrand touches one file. */
export const brand = {
  name: 'Sealdrop',
  /** The top bar tagline, word for word. */
  tagline: 'Powered by the token',
  description: 'Private file sharing: encrypted in your browser, gone after 24 hours.',
} as const;
