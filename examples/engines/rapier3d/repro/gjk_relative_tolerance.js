#!/usr/bin/env node
'use strict';
// parry's GJK (src/query/gjk/gjk.rs:413) stops once its upper and lower bounds on the distance
// are within eps_rel·upper, eps_rel = sqrt(eps_tol) = sqrt(10·f32::EPSILON) ≈ 1.09e-3
// (gjk.rs:141-144, 365-367): the distance it reports may exceed the exact one by about 1e-3 of
// itself, far beyond f32 rounding (the float model allows 8·2^-24·S). A documented tolerance.
// Case (found/3d-polytope-33-random_hull-shrunk.json): exact distance 3.2406265141298885.
// Exits 0 while rapier shows the symptom (error above 8·2^-24·S and within eps_rel of the
// distance), 1 otherwise.
// Run: node repro/gjk_relative_tolerance.js
const R = require('@dimforge/rapier3d-compat');

const ORIGIN = { x: 0, y: 0, z: 0 };
const IDENTITY = { x: 0, y: 0, z: 0, w: 1 };
const hull = (points) => new R.ConvexPolyhedron(Float32Array.from(points.flat()), null);
const A = [[-1.0, -0.46, -0.93], [-0.92, -1.0, -1.0], [-1.0, -1.0, -1.0]];
const B = [[-2.67, -3.5, -3.45], [-2.29, -3.16, -3.05], [-2.35, -3.26, -2.89]];
const EXACT = 3.2406265141298885;
const S = 3.5; // the largest absolute coordinate of the case
const FLOAT_ALLOWANCE = 8 * 2 ** -24 * S; // minkowski's float bound for the distance (k = 8)
const EPS_REL = Math.sqrt(10 * 2 ** -23); // gjk.rs:367 with f32::EPSILON = 2^-23

R.init().then(() => {
  const k = hull(A).contactShape(ORIGIN, IDENTITY, hull(B), ORIGIN, IDENTITY, 100);
  const error = k === null ? null : k.distance - EXACT;
  const symptom = error !== null && Math.abs(error) > FLOAT_ALLOWANCE && Math.abs(error) <= EPS_REL * EXACT;
  console.log(JSON.stringify({ distance: k && k.distance, exact: EXACT, error, floatAllowance: FLOAT_ALLOWANCE, epsRelBound: EPS_REL * EXACT, symptom }));
  process.exit(symptom ? 0 : 1);
});
