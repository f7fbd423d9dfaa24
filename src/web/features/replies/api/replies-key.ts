// The key every replies read lives under: the page's list and the bell's count are both read
// again after an Accept, a Dismiss or an Undo.
export const REPLIES_KEY = ["replies"] as const;
