#!/usr/bin/env node
'use strict';
// parry's ConvexPolygon::from_convex_polyline (src/shape/convex_polygon.rs:212-252; rapier's
// ConvexPolygon with skipConvexHullComputation = true) drops a vertex when the normals of its two
// edges have a dot product above 1 − sqrt(f32::EPSILON) (lines 216, 226-241): a turn of up to
// acos(1 − 2^-11.5) ≈ 0.0263 rad ≈ 1.5°. Its documentation (line 154) says it removes collinear
// vertices; a vertex where the boundary turns by 1.47° is not collinear, and dropping it moves
// the boundary.
// Case (found/convex-462-random_hull-shrunk.json): the point (−1, −1) and the polygon
// (−1.27,−4), (−0.48,−2.88), (−0.71,−2.87), (−1.27,−2.86), whose boundary turns at (−0.71,−2.87)
// by atan(0.01/0.23) − atan(0.01/0.56) = 0.0256 rad (1.47°): exact distance 1.8645241748150856
// (minkowski's oracle); without that vertex the distance is 1.86624 (computed below in double).
// Exits 0 while rapier's distance is the merged polygon's, 1 otherwise.
// Run: node repro/polyline_merges_turns.js
const R = require('@dimforge/rapier2d-compat');

const B = [[-1.27, -4.0], [-0.48, -2.88], [-0.71, -2.87], [-1.27, -2.86]]; // counter-clockwise
const P = [-1, -1];
const EXACT = 1.8645241748150856;

/// Distance from p to the segment uv, in double.
function toSegment(p, u, v) {
  const d = [v[0] - u[0], v[1] - u[1]];
  const t = Math.max(0, Math.min(1, ((p[0] - u[0]) * d[0] + (p[1] - u[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1])));
  return Math.hypot(p[0] - u[0] - t * d[0], p[1] - u[1] - t * d[1]);
}

R.init().then(() => {
  const polygon = new R.ConvexPolygon(Float32Array.from(B.flat()), true);
  const k = polygon.contactShape({ x: 0, y: 0 }, 0, new R.Ball(0), { x: P[0], y: P[1] }, 0, 100);
  // The nearest edge of the polygon without (−0.71, −2.87): (−0.48,−2.88)–(−1.27,−2.86).
  const merged = toSegment(P, B[1], B[3]);
  const symptom = k !== null && Math.abs(k.distance - EXACT) > 1e-3 && Math.abs(k.distance - merged) < 1e-5;
  console.log(JSON.stringify({ distance: k && k.distance, exact: EXACT, mergedPolygonDistance: merged, symptom }));
  process.exit(symptom ? 0 : 1);
});
