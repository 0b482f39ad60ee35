#!/usr/bin/env node
'use strict';
// parry runs its support-map queries on a round shape's whole surface: a capsule's support point
// is its segment's plus radius·dir (src/shape/capsule.rs:412-417; RoundShape likewise,
// src/shape/round_shape.rs:280-282), so GJK iterates on a curved boundary. Near contact it ends
// through the exits that carry no error bound (src/query/gjk/gjk.rs:387-392, 395-402, 420-427)
// with a simplex inscribed in the rounding. As in 3D (../rapier3d/repro/
// round_shape_curved_support.js).
// Case (found/cells-498-*), placed as the adapter places shapes (around centroids; the capsule's
// axis turned onto its segment): a trapezoid and a capsule 2^-13.4 = 9.1552734375e-5 apart
// (minkowski's oracle). Exits 0 while intersectsShape calls them intersecting, 1 otherwise.
// Run: node repro/round_shape_curved_support.js
const R = require('@dimforge/rapier2d-compat');

const A = [[-0.625, 0], [0.125, 0], [0.25, 0.5], [-0.75, 0.5]]; // counter-clockwise
const c = [0, 1].map((k) => A.reduce((s, p) => s + p[k], 0) / A.length);
const p = [-0.625, -0.109466552734375];
const q = [0.25, -0.109466552734375];

R.init().then(() => {
  const trapezoid = new R.ConvexPolygon(Float32Array.from(A.flatMap((v) => [v[0] - c[0], v[1] - c[1]])), true);
  const d = [q[0] - p[0], q[1] - p[1]];
  const capsule = new R.Capsule(Math.hypot(d[0], d[1]) / 2, 0.109375);
  const angle = Math.atan2(-d[0], d[1]); // takes the capsule's y axis onto d
  const mid = { x: p[0] + d[0] / 2, y: p[1] + d[1] / 2 };
  const hit = trapezoid.intersectsShape({ x: c[0], y: c[1] }, 0, capsule, mid, angle);
  const k = trapezoid.contactShape({ x: c[0], y: c[1] }, 0, capsule, mid, angle, 1);
  console.log(JSON.stringify({ intersectsShape: hit, contactDistance: k && k.distance, exact: 9.1552734375e-5, symptom: hit }));
  process.exit(hit ? 0 : 1);
});
