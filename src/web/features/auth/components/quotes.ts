// Quotes about friendship and keeping in touch; one is shown at random on /auth.
export const RELATIONSHIP_QUOTES = [
  {
    text: "The most important thing in life is to learn how to give out love, and to let it come in.",
    author: "Morrie Schwartz",
  },
  {
    text: "Friendship is born at that moment when one person says to another: What! You too? I thought I was the only one.",
    author: "C. S. Lewis",
  },
  {
    text: "A friend is someone who knows all about you and still loves you.",
    author: "Elbert Hubbard",
  },
  {
    text: "Walking with a friend in the dark is better than walking alone in the light.",
    author: "Helen Keller",
  },
  {
    text: "We are all travelers in the wilderness of this world, and the best we can find in our travels is an honest friend.",
    author: "Robert Louis Stevenson",
  },
  {
    text: "Each friend represents a world in us, a world possibly not born until they arrive.",
    author: "Anaïs Nin",
  },
  { text: "The language of friendship is not words but meanings.", author: "Henry David Thoreau" },
  { text: "Keep your friendships in repair.", author: "Ralph Waldo Emerson" },
] as const;

export function pickQuote(random: () => number = Math.random) {
  return (
    RELATIONSHIP_QUOTES[Math.floor(random() * RELATIONSHIP_QUOTES.length)] ?? RELATIONSHIP_QUOTES[0]
  );
}

/**
 * The quote the page was prerendered with, so hydration keeps the markup it finds;
 * undefined when the page has none (rendered in the browser, or on the server).
 */
export function findShownQuote() {
  if (typeof document === "undefined") return undefined;
  const index = document.querySelector<HTMLElement>("figure[data-quote]")?.dataset.quote;
  return index === undefined ? undefined : RELATIONSHIP_QUOTES[Number(index)];
}
