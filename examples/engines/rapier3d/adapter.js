#!/usr/bin/env node
'use strict';
// adapter.js — Rapier 3D (npm "@dimforge/rapier3d-compat", pinned in package-lock.json; the
// WebAssembly build of rapier3d, whose geometric queries are parry3d's) behind the 3D
// `minkowski check --exec` protocol (docs/design.md, "The --exec protocol").
// Run it with `--dim 3 --precision float`: the wasm build computes in f32 (rapier's `Real`),
// every coordinate the adapter passes in is rounded to f32 on the way in.
//
//   usage: node adapter.js [--skip-log FILE]
//     --skip-log FILE  at the end of input, appends one line per reason a case was skipped,
//                      with its count
//
// How each case shape becomes a rapier shape (see README.md; the affine dimension of the point
// set is decided exactly, in BigInt arithmetic, so the choice never depends on rounding):
//   1 distinct point, radius r     Ball(r) translated to the point (r = 0: a point)
//   2+ collinear points, r = 0     Segment(p, q) between the two extreme points
//   2+ collinear points, r > 0     Capsule(|q − p|/2, r) at the midpoint, rotated so that its
//                                  local y axis (rapier's capsule axis) runs along q − p
//   3 points not collinear         Triangle(p, q, s), or RoundTriangle(.., r) when r > 0
//   4+ coplanar points             ConvexPolyhedron(points) as below: rapier has no flat polygon
//                                  shape in 3D, but its hull of coplanar points is a flat
//                                  polyhedron that the queries accept
//   the 8 corners of an            Cuboid(half extents) at the box's centre (RoundCuboid with r):
//   axis-aligned box               the shape a rapier user builds for a box
//   any other 3D point set         ConvexPolyhedron(points) (rapier computes the hull, parry's
//                                  `convex_hull`), RoundConvexPolyhedron(points, null, r) when
//                                  r > 0; skip when rapier returns no shape
// Every shape is placed as a rapier user places a collider: its vertices (segments, triangles,
// hulls) are given relative to the centroid of the case's distinct points, and the pose is that
// translation with the identity rotation (balls, capsules and boxes are centred by construction).
// The centring is computed in double (its rounding is of order 2^-53·S); rounding the local
// vertices and the translation to f32 moves each vertex by at most about 2^-24·(|local| +
// |translation|) <= 2·u_float·S.
// Why not world coordinates with the identity pose: parry's fallbacks take the shape's local
// origin as an interior point (contact_ball_convex_polyhedron.rs:47-52 takes the normal from
// the projected point's position vector when the ball's centre is on the surface), which holds
// for a collider built around its body's origin and not for one whose origin is far outside it.
//
// What is answered (parry's query module, through rapier's Shape API):
//   intersects            Shape.intersectsShape (parry `query::intersection_test`)
//   normal, depth,        Shape.contactShape with prediction 0 (parry `query::contact`): normal1
//   contacts              points out of A, towards B (the protocol's normal); depth = −distance;
//                         one contact, midway between point1 and point2, with point_a = point1
//                         and point_b = point2 (parry's contact gives one pair of points)
//   distance, point_a,    Shape.contactShape with a prediction larger than any distance between
//   point_b               the shapes (so it always answers): distance, point1, point2
// When intersectsShape and contactShape disagree, each field is given as rapier computed it
// (e.g. intersects true with no contact: only `intersects`), so the judge sees the disagreement.

const RAPIER = require('@dimforge/rapier3d-compat');
const { serve, parseArgs, nonFiniteAsStrings } = require('../js-common/protocol.js');
const { affineHull } = require('./affine.js');

const options = parseArgs(process.argv.slice(2), 'rapier3d/adapter.js', []);

const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };

const vec = (p) => ({ x: p[0], y: p[1], z: p[2] });
const flat = (points) => Float32Array.from(points.flat());

/// The mean of the points (in double).
function centroid(points) {
  return [0, 1, 2].map((k) => points.reduce((sum, p) => sum + p[k], 0) / points.length);
}

/// The unit quaternion rotating the y axis onto the unit vector d (shortest arc, in double).
function yTo(d) {
  // q = (cross(y, d), 1 + dot(y, d)) normalised. Its norm is 0 only for d = −y exactly, where
  // any half turn about an axis perpendicular to y will do: the one about x.
  const x = d[2];
  const z = -d[0];
  const w = 1 + d[1];
  const n = Math.hypot(x, w, z);
  if (n === 0) return { x: 1, y: 0, z: 0, w: 0 };
  return { x: x / n, y: 0, z: z / n, w: w / n };
}

/// The axis-aligned box whose 8 corners are exactly the distinct points, or null.
function alignedBox(points) {
  if (points.length !== 8) return null;
  const lo = [0, 1, 2].map((k) => Math.min(...points.map((p) => p[k])));
  const hi = [0, 1, 2].map((k) => Math.max(...points.map((p) => p[k])));
  if (lo.some((v, k) => !(v < hi[k]))) return null;
  const corners = new Set();
  for (const p of points) {
    if (!p.every((v, k) => v === lo[k] || v === hi[k])) return null;
    corners.add(p.map((v, k) => (v === lo[k] ? 0 : 1)).join(''));
  }
  return corners.size === 8 ? { lo, hi } : null;
}

/// {shape, pos, rot} for one case shape, or a string saying why rapier cannot take it.
function toShape(s) {
  const r = s.radius;
  const h = affineHull(s.points);
  if (h.dim === 0) return { shape: new RAPIER.Ball(r), pos: vec(h.points[0]), rot: IDENTITY };
  const c = centroid(h.points);
  const local = (p) => vec([p[0] - c[0], p[1] - c[1], p[2] - c[2]]);
  if (h.dim === 1) {
    const [p, q] = h.extremes;
    if (r === 0) return { shape: new RAPIER.Segment(local(p), local(q)), pos: vec(c), rot: IDENTITY };
    const d = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
    const len = Math.hypot(...d);
    const mid = [0, 1, 2].map((k) => p[k] + d[k] / 2);
    return { shape: new RAPIER.Capsule(len / 2, r), pos: vec(mid), rot: yTo(d.map((v) => v / len)) };
  }
  if (h.dim === 2 && h.points.length === 3) {
    const [p, q, t] = h.points.map(local);
    const shape = r === 0 ? new RAPIER.Triangle(p, q, t) : new RAPIER.RoundTriangle(p, q, t, r);
    return { shape, pos: vec(c), rot: IDENTITY };
  }
  const box = alignedBox(h.points);
  if (box !== null) {
    const half = [0, 1, 2].map((k) => (box.hi[k] - box.lo[k]) / 2);
    const centre = [0, 1, 2].map((k) => box.lo[k] + half[k]);
    const shape = r === 0 ? new RAPIER.Cuboid(...half) : new RAPIER.RoundCuboid(...half, r);
    return { shape, pos: vec(centre), rot: IDENTITY };
  }
  const points = flat(h.points.map((p) => [p[0] - c[0], p[1] - c[1], p[2] - c[2]]));
  const shape =
    r === 0 ? new RAPIER.ConvexPolyhedron(points, null) : new RAPIER.RoundConvexPolyhedron(points, null, r);
  // intoRaw runs rapier's hull (parry's convex_hull); it answers undefined when that fails.
  const raw = shape.intoRaw();
  if (raw === undefined || raw === null) return 'rapier built no convex hull';
  raw.free();
  return { shape, pos: vec(c), rot: IDENTITY };
}

/// A prediction distance that no distance between the two shapes exceeds: the distance between
/// any two points plus both diameters and radii, doubled for f32 rounding, plus 1.
function predictionFor(a, b) {
  const span = (s) => {
    let m = 0;
    for (const p of s.points) m = Math.max(m, Math.hypot(p[0] - s.points[0][0], p[1] - s.points[0][1], p[2] - s.points[0][2]));
    return m + s.radius;
  };
  const d = Math.hypot(...[0, 1, 2].map((k) => a.points[0][k] - b.points[0][k]));
  return 2 * (d + span(a) + span(b)) + 1;
}

const xyz = (v) => [v.x, v.y, v.z];

function rapierAnswer(c) {
  const a = toShape(c.a);
  const b = toShape(c.b);
  if (typeof a === 'string' || typeof b === 'string') return { skip: typeof a === 'string' ? a : b };
  const intersects = a.shape.intersectsShape(a.pos, a.rot, b.shape, b.pos, b.rot);
  if (intersects) {
    const k = a.shape.contactShape(a.pos, a.rot, b.shape, b.pos, b.rot, 0);
    if (k === null) return { intersects: true };
    const pa = xyz(k.point1);
    const pb = xyz(k.point2);
    const depth = -k.distance;
    return {
      intersects: true,
      normal: xyz(k.normal1),
      depth,
      contacts: [{ point: [0, 1, 2].map((i) => (pa[i] + pb[i]) / 2), depth, point_a: pa, point_b: pb }],
    };
  }
  const k = a.shape.contactShape(a.pos, a.rot, b.shape, b.pos, b.rot, predictionFor(c.a, c.b));
  if (k === null) return { intersects: false };
  return { intersects: false, distance: k.distance, point_a: xyz(k.point1), point_b: xyz(k.point2) };
}

/// A non-finite number from rapier is written as "NaN"/"Infinity" (a wrong answer, judged).
const answer = (c) => nonFiniteAsStrings(rapierAnswer(c));

RAPIER.init().then(() => serve(answer, 'rapier3d/adapter.js', options.skipLog, 3));
