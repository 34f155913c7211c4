import { MAX_COMPARE } from "~/lib/limits";

/** The compare list is kept in a cookie as up to four product ids, newest last. */

export function parseCompareList(value: unknown): number[] {
  if (typeof value !== "string") return [];
  const ids = value
    .split(".")
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)].slice(-MAX_COMPARE);
}

export function serialiseCompareList(ids: number[]): string {
  return ids.join(".");
}

export type CompareChange = { ids: number[]; outcome: "added" | "already" | "full" | "removed" };

export function addToCompare(ids: number[], id: number): CompareChange {
  if (ids.includes(id)) return { ids, outcome: "already" };
  if (ids.length >= MAX_COMPARE) return { ids, outcome: "full" };
  return { ids: [...ids, id], outcome: "added" };
}

export function removeFromCompare(ids: number[], id: number): CompareChange {
  return { ids: ids.filter((x) => x !== id), outcome: "removed" };
}
