import { clsx, type ClassValue } from "clsx";
/**
 * Joins class names. Nothing is merged: a shared component's own look is a ui-* class in the
 * components layer (styles.css), so a utility passed in `className` wins by the cascade, and two
 * utilities of one kind on one element are a mistake the browser tests catch.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
