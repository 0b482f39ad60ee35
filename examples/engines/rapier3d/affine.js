'use strict';
// affine.js — the affine dimension of a 3D point set, decided exactly, for the adapter to pick
// rapier's shape kind (a ball for a point, a segment or capsule for collinear points, a triangle
// for three coplanar ones, a hull otherwise) without rounding ever changing the choice.
//
//   affineHull(points)  {dim, points, extremes}: dim 0..3; points = the distinct points (for
//                       dim 2, the vertices of their convex polygon in order); extremes = the two
//                       extreme points along the line when dim = 1.
//
// Exactness: every coordinate (a double) is written as an integer times a common power of two
// (BigInt), so the cross products and determinants below are exact; no tolerance is involved.

const { convexHull } = require('../js-common/hull.js');

/// The double x as [m, e] with x = m·2^e exactly, m a BigInt (IEEE 754 binary64 fields).
function exactParts(x) {
  if (x === 0) return [0n, 0];
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? -1n : 1n;
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exponent = -1074; // subnormal
  if (biased !== 0) {
    mantissa |= 1n << 52n;
    exponent = biased - 1075;
  }
  return [sign * mantissa, exponent];
}

const sub = (p, q) => [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
const cross = (u, v) => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
const dot = (u, v) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const isZero = (u) => u[0] === 0n && u[1] === 0n && u[2] === 0n;

function affineHull(points) {
  const seen = new Set();
  const distinct = [];
  for (const p of points) {
    const key = p.join(',');
    if (!seen.has(key)) {
      seen.add(key);
      distinct.push(p);
    }
  }
  const parts = distinct.map((p) => p.map(exactParts));
  const minExp = Math.min(...parts.flat().map((x) => x[1]));
  const ints = parts.map((p) => p.map(([m, e]) => m << BigInt(e - minExp)));
  if (distinct.length === 1) return { dim: 0, points: distinct };
  const o = ints[0];
  const u = sub(ints[1], o);
  let i2 = -1;
  let normal = null;
  for (let i = 2; i < ints.length && i2 < 0; i += 1) {
    const n = cross(u, sub(ints[i], o));
    if (!isZero(n)) [i2, normal] = [i, n];
  }
  if (i2 < 0) {
    // Collinear: the extremes along u.
    let [lo, hi] = [0, 0];
    const t = ints.map((p) => dot(sub(p, o), u));
    for (let i = 1; i < t.length; i += 1) {
      if (t[i] < t[lo]) lo = i;
      if (t[i] > t[hi]) hi = i;
    }
    return { dim: 1, points: distinct, extremes: [distinct[lo], distinct[hi]] };
  }
  const solid = ints.some((p) => dot(sub(p, o), normal) !== 0n);
  if (solid) return { dim: 3, points: distinct };
  // Coplanar: drop the axis of the normal's largest component (the projection is then an affine
  // bijection of the plane, so it keeps the polygon's vertices) and take the 2D hull exactly.
  const abs = normal.map((v) => (v < 0n ? -v : v));
  const drop = abs[0] >= abs[1] && abs[0] >= abs[2] ? 0 : abs[1] >= abs[2] ? 1 : 2;
  const keep = [0, 1, 2].filter((k) => k !== drop);
  const byKey = new Map(distinct.map((p) => [`${p[keep[0]]},${p[keep[1]]}`, p]));
  const hull = convexHull(distinct.map((p) => [p[keep[0]], p[keep[1]]])).map((q) => byKey.get(`${q[0]},${q[1]}`));
  return { dim: 2, points: hull };
}

module.exports = { affineHull };
