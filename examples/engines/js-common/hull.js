'use strict';
// hull.js — the convex hull of a case's point set, counter-clockwise (y up), as the engines need
// it. A case gives a point *set* (docs/design.md, "Shape model": the shape is the hull of the
// points); every engine here wants the hull's vertices in order, so the adapters compute it first.
//
//   convexHull(points)  Andrew's monotone chain (A. M. Andrew, "Another efficient algorithm for
//                       convex hulls in two dimensions", Inf. Proc. Letters 9(5), 1979). Returns the
//                       hull vertices counter-clockwise starting at the lowest-x (then lowest-y)
//                       point, duplicates and collinear points dropped: 1 vertex for a point,
//                       2 for a segment, 3+ for a polygon.
//
// The orientation test is exact (orient2d below), so a hull vertex is dropped only when it is
// exactly collinear: the adapter never changes the shape it passes on, and a failure seen
// downstream belongs to the engine, not to rounding in this file.

/// The double x as an exact pair [m, e] with x = m * 2^e, m a BigInt.
function exactParts(x) {
  if (x === 0) return [0n, 0];
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent;
  if (biased === 0) {
    exponent = -1074; // subnormal
  } else {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  return [sign * mantissa, exponent];
}

/// Sign of the cross product (b − o) × (c − o), computed exactly: −1, 0 or +1.
function orient2d(o, b, c) {
  // Fast path: the floating-point value with a forward error bound (Shewchuk's ccwerrboundA,
  // "Adaptive precision floating-point arithmetic and fast robust geometric predicates", 1997).
  const detLeft = (b[0] - o[0]) * (c[1] - o[1]);
  const detRight = (b[1] - o[1]) * (c[0] - o[0]);
  const det = detLeft - detRight;
  const ccwErrBoundA = (3 + 16 * Number.EPSILON / 2) * (Number.EPSILON / 2);
  const bound = ccwErrBoundA * (Math.abs(detLeft) + Math.abs(detRight));
  // kUnderflowMargin covers products that fell into the subnormal range, where the relative
  // bound does not hold (each such product is off by at most 2^-1074).
  const kUnderflowMargin = 1e-300;
  if (Number.isFinite(det) && Math.abs(det) > bound + kUnderflowMargin) return det > 0 ? 1 : -1;
  // Exact path: all six coordinates as integers over a common power of two.
  const parts = [o[0], o[1], b[0], b[1], c[0], c[1]].map(exactParts);
  const minExp = Math.min(...parts.map((p) => p[1]));
  const [ox, oy, bx, by, cx, cy] = parts.map(([m, e]) => m << BigInt(e - minExp));
  const exact = (bx - ox) * (cy - oy) - (by - oy) * (cx - ox);
  return exact > 0n ? 1 : exact < 0n ? -1 : 0;
}

function convexHull(points) {
  const p = points.map((q) => [q[0], q[1]]);
  p.sort((u, v) => u[0] - v[0] || u[1] - v[1]);
  const unique = p.filter((q, i) => i === 0 || q[0] !== p[i - 1][0] || q[1] !== p[i - 1][1]);
  if (unique.length < 3) return unique;
  const lower = [];
  for (const q of unique) {
    while (lower.length >= 2 && orient2d(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper = [];
  for (let i = unique.length - 1; i >= 0; i -= 1) {
    const q = unique[i];
    while (upper.length >= 2 && orient2d(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  lower.pop();
  upper.pop();
  const hull = lower.concat(upper);
  // All points collinear: the chain collapses to the two extreme points.
  return hull.length === 2 && hull[0][0] === hull[1][0] && hull[0][1] === hull[1][1] ? [hull[0]] : hull;
}

module.exports = { convexHull, orient2d };
