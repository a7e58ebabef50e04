// An edge label set against its line ("yes" beside a decision's branch) has a letter or two
// touching the line: those letters join the line's ink, and near the decision they read as the
// line's head (more ink than a bare line, and a wide profile), so the branch is turned round.
// Heads are read before the text is, but once the free text has been read, the ink within a
// label's box (widened by a letter on each side, for the touching letters the block lacks) is
// known to be letters, not a head. A stroke whose ink near an end lies in such a box is read again
// without that ink.
import type { BBox } from '../types.js';
import type { Stroke } from './connectors.js';

/** A label's box widened to take in letters that touch the line (and so left the free text). */
export function labelReach(b: BBox, glyph: number): BBox {
  return [b[0] - glyph, b[1] - 0.25 * glyph, b[2] + glyph, b[3] + 0.25 * glyph];
}

/**
 * The stroke without its pixels inside any of `boxes`, with each contact's ink densities read
 * again (the head marks cleared for a new reading), and the nodes at whose ends such pixels lie
 * (within the density radius), when there are any; undefined when no label ink lies near an end
 * (the first reading stands). Only two-ended strokes: a shared stroke's split depends on all its ends.
 */
export function withoutLabelInk(stroke: Stroke, boxes: BBox[], width: number, scale: { stroke: number; glyph: number }): { stroke: Stroke; touched: number[] } | undefined {
  if (stroke.contacts.length !== 2 || boxes.length === 0) return undefined;
  const inBox = (x: number, y: number): boolean => boxes.some((b) => x >= b[0] && x < b[2] && y >= b[1] && y < b[3]);
  const radius = Math.max(3 * scale.stroke + 4, 1.1 * scale.glyph);
  const norm = radius * (scale.stroke + 1);
  const kept: number[] = [];
  const removedNear = stroke.contacts.map(() => 0);
  const keptNear = stroke.contacts.map(() => 0);
  for (const p of stroke.pixels) {
    const x = p % width;
    const y = (p - x) / width;
    const out = inBox(x, y);
    if (!out) kept.push(p);
    stroke.contacts.forEach((c, k) => {
      if ((x - c.x) ** 2 + (y - c.y) ** 2 > radius * radius) return;
      if (out) removedNear[k]!++;
      else keptNear[k]!++;
    });
  }
  // A few pixels are a letter's serif or anti-aliasing: a head needs more than a stroke's width.
  const touched = stroke.contacts.filter((_, k) => removedNear[k]! > 2 * (scale.stroke + 1)).map((c) => c.node);
  if (touched.length === 0) return undefined;
  const contacts = stroke.contacts.map((c, k) => {
    const next = { ...c, density: keptNear[k]! / norm, head: false };
    if (c.marginDensity !== undefined) next.marginDensity = Math.max(0, c.marginDensity - removedNear[k]! / norm);
    return next;
  });
  return { stroke: { pixels: kept, contacts }, touched };
}

/**
 * The edges of a stroke once label ink is known: the reading without it (`again`) replaces the
 * first only where the first put a head at an end that held label ink and the second puts the
 * one head at another end. Label ink by the tail's end does not reopen a head read elsewhere, and
 * a second reading that finds no head at all leaves the first.
 */
export function rereadEdges<E extends { source: number; target: number; directed: boolean }>(first: E[], again: E[], touched: number[]): E[] {
  const headAtLabel = first.some((e) => e.directed && touched.includes(e.target));
  if (!headAtLabel || again.length !== 1 || !again[0]!.directed || touched.includes(again[0]!.target)) return first;
  return again;
}
