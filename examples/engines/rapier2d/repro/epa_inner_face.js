#!/usr/bin/env node
'use strict';
// parry's 2D EPA (src/query/epa/epa2.rs) returns the distance of a face of its expanding polygon
// — a lower bound of the depth, not the depth — when it decides it is stuck:
// |curr_dist − old_dist| < f32::EPSILON while the support point improved the upper bound
// (lines 501-504, the exit added by parry PR #245; old_dist starts at 0, line 475), or when a new
// face is nearer than the popped one (line 524). The 3D EPA has the same exits
// (../rapier3d/repro/epa_stops_at_first_face.js).
// Case (found/containment-0-strictly_inside-shrunk.json): a triangle strictly inside another;
// exact depth 0.19565594803123160 (minkowski's oracle).
// Exits 0 while rapier's depth is below half the exact one, 1 otherwise.
// Run: node repro/epa_inner_face.js
const R = require('@dimforge/rapier2d-compat');

// Placed as the adapter places shapes: vertices relative to their centroid, the centroid as the
// translation. (With both at the origin's frame the initial direction differs, line 55 of
// contact_support_map_support_map.rs, and this pair is answered right.)
const centroid = (pts) => [0, 1].map((k) => pts.reduce((s, p) => s + p[k], 0) / pts.length);
const placed = (pts) => {
  const c = centroid(pts);
  return { shape: new R.ConvexPolygon(Float32Array.from(pts.flatMap((p) => [p[0] - c[0], p[1] - c[1]])), true), at: { x: c[0], y: c[1] } };
};
const A = [[-8, -8], [-7, -8], [-6, -7]];
const B = [[-7.0625, -7.625], [-6.8125, -7.625], [-6.5625, -7.375]];
const EXACT = 0.1956559480312316;

R.init().then(() => {
  const a = placed(A);
  const b = placed(B);
  const k = a.shape.contactShape(a.at, 0, b.shape, b.at, 0, 0);
  const depth = k === null ? null : -k.distance;
  const symptom = depth !== null && depth < 0.5 * EXACT;
  console.log(JSON.stringify({ depth, exactDepth: EXACT, normal: k && k.normal1, symptom }));
  process.exit(symptom ? 0 : 1);
});
