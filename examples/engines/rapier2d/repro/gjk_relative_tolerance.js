#!/usr/bin/env node
'use strict';
// parry's GJK (src/query/gjk/gjk.rs:413) stops once its upper and lower bounds on the distance
// are within eps_rel·upper, eps_rel = sqrt(10·f32::EPSILON) ≈ 1.09e-3 (gjk.rs:141-144,
// 365-367): the reported distance may exceed the exact one by ~1e-3 of itself, far beyond f32
// rounding (the float model allows 8·2^-24·S). A documented tolerance.
// Case (found/convex-45-random_hull-shrunk.json): exact distance 1.3112359141823069.
// Exits 0 while the error is above 8·2^-24·S and within eps_rel of the distance, 1 otherwise.
// Run: node repro/gjk_relative_tolerance.js
const R = require('@dimforge/rapier2d-compat');

const ORIGIN = { x: 0, y: 0 };
const polygon = (points) => new R.ConvexPolygon(Float32Array.from(points.flat()), false);
const A = [[-0.75, -0.7], [-0.7, -0.79], [-1.0, -0.22], [-0.8, -0.61]];
const B = new R.Segment({ x: -2.53, y: -2.32 }, { x: -1.85, y: -1.42 }); // B's 2 distinct points
const EXACT = 1.3112359141823069;
const S = 2.53;
const FLOAT_ALLOWANCE = 8 * 2 ** -24 * S;
const EPS_REL = Math.sqrt(10 * 2 ** -23);

R.init().then(() => {
  const k = polygon(A).contactShape(ORIGIN, 0, B, ORIGIN, 0, 100);
  const error = k === null ? null : k.distance - EXACT;
  const symptom = error !== null && Math.abs(error) > FLOAT_ALLOWANCE && Math.abs(error) <= EPS_REL * EXACT;
  console.log(JSON.stringify({ distance: k && k.distance, exact: EXACT, error, floatAllowance: FLOAT_ALLOWANCE, symptom }));
  process.exit(symptom ? 0 : 1);
});
