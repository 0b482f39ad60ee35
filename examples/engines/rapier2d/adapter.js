#!/usr/bin/env node
'use strict';
// adapter.js — Rapier 2D (npm "@dimforge/rapier2d-compat", pinned in package-lock.json; the
// WebAssembly build of rapier2d, whose geometric queries are parry2d's) behind the 2D
// `minkowski check --exec` protocol (docs/design.md, "The --exec protocol").
// Run it with `--precision float`: the wasm build computes in f32 (rapier's `Real`), and every
// coordinate the adapter passes in is rounded to f32 on the way in.
//
//   usage: node adapter.js [--skip-log FILE]
//     --skip-log FILE  at the end of input, appends one line per reason a case was skipped,
//                      with its count
//
// How each case shape becomes a rapier shape (the hull is ../js-common/hull.js's, exact):
//   hull of 1 point, radius r      Ball(r) translated to the point (r = 0: a point)
//   hull of 2 points, r = 0        Segment(p, q)
//   hull of 2 points, r > 0        Capsule(|q − p|/2, r) at the midpoint, rotated so that its
//                                  local y axis (rapier's capsule axis) runs along q − p
//   axis-aligned rectangle         Cuboid(half extents) at its centre (RoundCuboid with r > 0)
//   hull of 3+ points              ConvexPolygon(hull, skipConvexHullComputation = true), the
//                                  hull counter-clockwise as parry wants it
//                                  (RoundConvexPolygon(hull, r, true) with r > 0); skip when
//                                  rapier builds no shape (parry's from_convex_polyline answers
//                                  None when fewer than 3 vertices survive its collinearity merge)
// Every shape is placed as a rapier collider is: segments and polygons are given relative to the
// centroid of the hull's vertices, with that translation as the pose (balls, capsules and
// rectangles are centred by construction); see ../rapier3d/adapter.js for why.
//
// What is answered (parry's query module, through rapier's Shape API), as in ../rapier3d:
//   intersects            Shape.intersectsShape (parry `query::intersection_test`)
//   normal, depth,        Shape.contactShape with prediction 0 (parry `query::contact`): normal1
//   contacts              points out of A, towards B; depth = −distance; one contact midway
//                         between point1 and point2, with point_a = point1 and point_b = point2
//   distance, point_a,    Shape.contactShape with a prediction larger than any distance between
//   point_b               the shapes: distance, point1, point2

const RAPIER = require('@dimforge/rapier2d-compat');
const { serve, parseArgs, nonFiniteAsStrings } = require('../js-common/protocol.js');
const { convexHull } = require('../js-common/hull.js');

const options = parseArgs(process.argv.slice(2), 'rapier2d/adapter.js', []);

const vec = (p) => ({ x: p[0], y: p[1] });

/// The hull (counter-clockwise, from hull.js) as an axis-aligned rectangle {lo, hi}, or null.
function alignedRectangle(hull) {
  if (hull.length !== 4) return null;
  const lo = [0, 1].map((k) => Math.min(...hull.map((p) => p[k])));
  const hi = [0, 1].map((k) => Math.max(...hull.map((p) => p[k])));
  const corner = (p) => p.every((v, k) => v === lo[k] || v === hi[k]);
  return hull.every(corner) ? { lo, hi } : null;
}

/// {shape, pos, rot} for one case shape, or a string saying why rapier cannot take it.
function toShape(s) {
  const r = s.radius;
  const hull = convexHull(s.points);
  if (hull.length === 1) return { shape: new RAPIER.Ball(r), pos: vec(hull[0]), rot: 0 };
  const c = [0, 1].map((k) => hull.reduce((sum, p) => sum + p[k], 0) / hull.length);
  const local = (p) => [p[0] - c[0], p[1] - c[1]];
  if (hull.length === 2) {
    const [p, q] = hull;
    if (r === 0) return { shape: new RAPIER.Segment(vec(local(p)), vec(local(q))), pos: vec(c), rot: 0 };
    const d = [q[0] - p[0], q[1] - p[1]];
    const len = Math.hypot(d[0], d[1]);
    // A rotation by θ takes the y axis (0, 1) to (−sin θ, cos θ); that is d/|d| for this θ.
    const angle = Math.atan2(-d[0], d[1]);
    return { shape: new RAPIER.Capsule(len / 2, r), pos: vec([p[0] + d[0] / 2, p[1] + d[1] / 2]), rot: angle };
  }
  const box = alignedRectangle(hull);
  if (box !== null) {
    const half = [0, 1].map((k) => (box.hi[k] - box.lo[k]) / 2);
    const centre = [0, 1].map((k) => box.lo[k] + half[k]);
    const shape = r === 0 ? new RAPIER.Cuboid(...half) : new RAPIER.RoundCuboid(...half, r);
    return { shape, pos: vec(centre), rot: 0 };
  }
  const vertices = Float32Array.from(hull.flatMap(local));
  const shape = r === 0 ? new RAPIER.ConvexPolygon(vertices, true) : new RAPIER.RoundConvexPolygon(vertices, r, true);
  const raw = shape.intoRaw();
  if (raw === undefined || raw === null) return 'rapier built no convex polygon';
  raw.free();
  return { shape, pos: vec(c), rot: 0 };
}

/// A prediction distance that no distance between the two shapes exceeds (as in ../rapier3d).
function predictionFor(a, b) {
  const span = (s) => Math.max(...s.points.map((p) => Math.hypot(p[0] - s.points[0][0], p[1] - s.points[0][1]))) + s.radius;
  const d = Math.hypot(a.points[0][0] - b.points[0][0], a.points[0][1] - b.points[0][1]);
  return 2 * (d + span(a) + span(b)) + 1;
}

const xy = (v) => [v.x, v.y];

function rapierAnswer(c) {
  const a = toShape(c.a);
  const b = toShape(c.b);
  if (typeof a === 'string' || typeof b === 'string') return { skip: typeof a === 'string' ? a : b };
  const intersects = a.shape.intersectsShape(a.pos, a.rot, b.shape, b.pos, b.rot);
  if (intersects) {
    const k = a.shape.contactShape(a.pos, a.rot, b.shape, b.pos, b.rot, 0);
    if (k === null) return { intersects: true };
    const pa = xy(k.point1);
    const pb = xy(k.point2);
    const depth = -k.distance;
    return {
      intersects: true,
      normal: xy(k.normal1),
      depth,
      contacts: [{ point: [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2], depth, point_a: pa, point_b: pb }],
    };
  }
  const k = a.shape.contactShape(a.pos, a.rot, b.shape, b.pos, b.rot, predictionFor(c.a, c.b));
  if (k === null) return { intersects: false };
  return { intersects: false, distance: k.distance, point_a: xy(k.point1), point_b: xy(k.point2) };
}

/// A non-finite number from rapier is written as "NaN"/"Infinity" (a wrong answer, judged).
const answer = (c) => nonFiniteAsStrings(rapierAnswer(c));

RAPIER.init().then(() => serve(answer, 'rapier2d/adapter.js', options.skipLog, 2));
